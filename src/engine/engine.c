/* engine.c - the engine facade: the game, the searcher, the settings, and the decisions around
 * the search (time per move, pass, resign, cleanup, dead stones and seki for counting).
 *
 * Owns: game_t and mcts_t lifetimes, the per-move limits, the resign counters, the ownership
 * cache. Must not know: protocol text (GTP, HTTP), option parsing.
 */
#include "tengen/engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- decision constants ---- */

/* Resign only after the win rate stayed below the threshold for this many own moves in a row... */
#define ENGINE_RESIGN_MOVES 3
/* ...and never before this fraction of the board's points have been played as moves. */
#define ENGINE_RESIGN_MIN_MOVES_PER_POINT 0.33
/* A string is dead when the mean ownership of its stones, seen from its own colour, is below
 * this: the opponent owned its points in at least 60% of the playouts (more, net of neutral). */
#define ENGINE_DEAD_OWNERSHIP (-0.2)
/* Seki heuristic: a string that is neither dead nor pass-alive, with at most this many
 * liberties, sharing a liberty with a live opponent string that also has at most this many, where
 * the shared liberty stays neutral in the playouts (|ownership| below ENGINE_SEKI_NEUTRAL). */
#define ENGINE_SEKI_MAX_LIBS 3
#define ENGINE_SEKI_NEUTRAL 0.3
/* Playouts of the search run only to find dead stones, when the settings give no playout limit. */
#define ENGINE_STATUS_PLAYOUTS 2000
/* Time per move from GTP time_left: main time is spread over an estimate of the moves left
 * (empty points / ENGINE_TIME_EMPTIES_PER_MOVE, at least ENGINE_TIME_MIN_MOVES); in byo-yomi,
 * this share of the period per stone is used. Never below ENGINE_TIME_FLOOR seconds. */
#define ENGINE_TIME_EMPTIES_PER_MOVE 2.0
#define ENGINE_TIME_MIN_MOVES 15
#define ENGINE_TIME_BYOYOMI_SHARE 0.8
#define ENGINE_TIME_FLOOR 0.05

struct engine {
    engine_settings_t s;
    game_t *game;
    mcts_t *mcts;
    int low_winrate[3];       /* consecutive own moves below the resign threshold, per colour */
    bool has_time_left[3];
    double time_left[3];      /* seconds */
    int stones_left[3];       /* byo-yomi stones; 0 = main time */
    /* Ownership of the last search and the position it belongs to. */
    bool own_valid;
    uint64_t own_hash;
    int own_moves;
    stone_t own_to_move;
    float own[BOARD_MAX_POINTS];
};

void engine_settings_default(engine_settings_t *s)
{
    s->kind = ENGINE_MCTS;
    s->playouts = 0;
    s->seconds = 0;
    s->seed = 1;
    s->resign_threshold = 0.1;
    s->memory_mb = 256;
    s->light_playouts = false;
    s->threads = 1;
}

static void mcts_config_from(const engine_settings_t *s, mcts_config_t *cfg)
{
    mcts_config_default(cfg);
    cfg->max_playouts = s->playouts;
    cfg->max_seconds = s->seconds;
    if (s->playouts <= 0 && !(s->seconds > 0)) cfg->max_seconds = ENGINE_DEFAULT_SECONDS;
    cfg->seed = s->seed;
    cfg->memory_bytes = (size_t)s->memory_mb << 20;
    cfg->light_playouts = s->light_playouts;
    cfg->threads = s->threads;
}

static bool settings_ok(const engine_settings_t *s)
{
    return s->kind == ENGINE_MCTS && s->playouts >= 0 && s->seconds >= 0 && s->memory_mb >= 1 &&
           (s->resign_threshold == ENGINE_RESIGN_NEVER ||
            (s->resign_threshold >= 0 && s->resign_threshold <= 1));
}

engine_t *engine_new(int size, const rules_t *rules, const engine_settings_t *s)
{
    if (!settings_ok(s)) return NULL;
    engine_t *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->s = *s;
    mcts_config_t cfg;
    mcts_config_from(s, &cfg);
    e->game = game_new(size, rules);
    e->mcts = e->game ? mcts_new(&cfg) : NULL;
    if (!e->mcts) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(engine_t *e)
{
    if (!e) return;
    game_free(e->game);
    mcts_free(e->mcts);
    free(e);
}

bool engine_set_settings(engine_t *e, const engine_settings_t *s)
{
    if (!settings_ok(s)) return false;
    mcts_config_t cfg;
    mcts_config_from(s, &cfg);
    if (!mcts_set_config(e->mcts, &cfg)) return false;
    e->s = *s;
    e->own_valid = false;
    return true;
}

const engine_settings_t *engine_settings(const engine_t *e)
{
    return &e->s;
}

game_t *engine_game(const engine_t *e)
{
    return e->game;
}

void engine_replace_game(engine_t *e, game_t *g)
{
    game_free(e->game);
    e->game = g;
    e->own_valid = false;
    memset(e->low_winrate, 0, sizeof e->low_winrate);
    mcts_clear(e->mcts);
}

void engine_time_left(engine_t *e, stone_t c, double seconds, int stones)
{
    if (c != STONE_BLACK && c != STONE_WHITE) return;
    e->has_time_left[c] = true;
    e->time_left[c] = seconds;
    e->stones_left[c] = stones;
}

void engine_set_report(engine_t *e, mcts_report_fn fn, void *user)
{
    mcts_set_report(e->mcts, fn, user);
}

/* Resigned or won by the Atari Go capture goal. Two passes end the game too, but play may resume
 * after them (game.h), so they do not stop a search. */
static bool is_decided(const game_t *g)
{
    const game_end_t end = game_end_reason(g);
    return end == GAME_END_RESIGN || end == GAME_END_CAPTURE_GOAL;
}

/* The per-move limits for c: the settings, or the default time shortened by the clock. */
static void limits_for_move(const engine_t *e, stone_t c, mcts_config_t *cfg)
{
    mcts_config_from(&e->s, cfg);
    if (e->s.playouts > 0 || e->s.seconds > 0 || !e->has_time_left[c]) return;
    double t = ENGINE_DEFAULT_SECONDS;
    if (e->stones_left[c] > 0) {
        t = e->time_left[c] / e->stones_left[c] * ENGINE_TIME_BYOYOMI_SHARE;
    } else if (e->time_left[c] > 0) {
        double moves = game_board(e->game)->empty_count / ENGINE_TIME_EMPTIES_PER_MOVE;
        if (moves < ENGINE_TIME_MIN_MOVES) moves = ENGINE_TIME_MIN_MOVES;
        t = e->time_left[c] / moves;
    }
    if (t > ENGINE_DEFAULT_SECONDS) t = ENGINE_DEFAULT_SECONDS;
    if (t < ENGINE_TIME_FLOOR) t = ENGINE_TIME_FLOOR;
    cfg->max_seconds = t;
}

/* Run a search and keep its ownership for this position. */
static int search(engine_t *e, stone_t c, const mcts_config_t *cfg, mcts_report_t *rep)
{
    mcts_set_config(e->mcts, cfg);
    const int best = mcts_search(e->mcts, e->game, c, rep);
    memcpy(e->own, mcts_ownership(e->mcts), sizeof e->own);
    e->own_valid = rep->playouts > 0;
    e->own_hash = game_board(e->game)->hash;
    e->own_moves = game_move_count(e->game);
    e->own_to_move = c;
    return best;
}

/* Dead stones from the cached ownership and Benson; seki by the heuristic (may be NULL). */
static void classify(const engine_t *e, bool *dead, bool *seki)
{
    const board_t *b = game_board(e->game);
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(b, alive, territory);
    memset(dead, 0, BOARD_MAX_POINTS * sizeof *dead);
    if (seki) memset(seki, 0, BOARD_MAX_POINTS * sizeof *seki);
    /* Per string: mean ownership from its own colour's side. */
    double mean[BOARD_MAX_POINTS] = {0};
    for (int p = 0; p < b->num_points; p++) {
        const stone_t col = board_at(b, p);
        if ((col != STONE_BLACK && col != STONE_WHITE) || board_chain_head(b, p) != p) continue;
        double sum = 0;
        int q = p;
        do {
            sum += e->own_valid ? e->own[q] : 0.0;
            q = b->next[q];
        } while (q != p);
        mean[p] = (col == STONE_BLACK ? 1 : -1) * sum / board_chain_size(b, p);
    }
    for (int p = 0; p < b->num_points; p++) {
        const stone_t col = board_at(b, p);
        if (col != STONE_BLACK && col != STONE_WHITE) continue;
        if (alive[p]) continue;
        dead[p] = territory[p] == stone_other(col) ||
                  mean[board_chain_head(b, p)] < ENGINE_DEAD_OWNERSHIP;
    }
    if (!seki) return;
    for (int p = 0; p < b->num_points; p++) {
        const stone_t col = board_at(b, p);
        if ((col != STONE_BLACK && col != STONE_WHITE) || dead[p] || alive[p]) continue;
        if (board_liberties(b, p) > ENGINE_SEKI_MAX_LIBS) continue;
        int libs[ENGINE_SEKI_MAX_LIBS];
        const int n = board_chain_liberty_list(b, p, libs, ENGINE_SEKI_MAX_LIBS);
        for (int i = 0; i < n && !seki[p]; i++) {
            if (e->own_valid && fabs(e->own[libs[i]]) >= ENGINE_SEKI_NEUTRAL) continue;
            for (int d = 0; d < 4; d++) {
                const int q = libs[i] + board_neighbor_offset(b, d);
                if (board_at(b, q) == stone_other(col) && !dead[q] && !alive[q] &&
                    board_liberties(b, q) <= ENGINE_SEKI_MAX_LIBS)
                    seki[p] = true;
            }
        }
    }
}

/* Would c win the count of the current position with the dead stones of the ownership? */
static bool wins_count_now(const engine_t *e, stone_t c)
{
    bool dead[BOARD_MAX_POINTS];
    classify(e, dead, NULL);
    const game_t *g = e->game;
    const score_t s = score_count(game_board(g), game_rules(g), game_handicap(g), dead, NULL);
    return c == STONE_BLACK ? s.margin > 0 : s.margin < 0;
}

/* Does the opponent of c have stones on the board that the ownership calls dead? */
static bool opponent_has_dead(const engine_t *e, stone_t c)
{
    bool dead[BOARD_MAX_POINTS];
    classify(e, dead, NULL);
    const board_t *b = game_board(e->game);
    for (int p = 0; p < b->num_points; p++)
        if (dead[p] && board_at(b, p) == stone_other(c)) return true;
    return false;
}

static void ensure_ownership(engine_t *e, stone_t to_move);

int engine_genmove(engine_t *e, stone_t c, bool play, bool cleanup, engine_move_t *out)
{
    game_t *g = e->game;
    engine_move_t mv = {POINT_PASS, 0.5, 0, 0, false};
    if (!is_decided(g)) {
        mcts_config_t cfg;
        limits_for_move(e, c, &cfg);
        mcts_report_t rep;
        mv.point = search(e, c, &cfg, &rep);
        mv.searched = true;
        mv.winrate = rep.winrate;
        mv.playouts = rep.playouts;
        mv.seconds = rep.seconds;

        const int n = game_move_count(g);
        const game_move_t *last = n > 0 ? game_move_at(g, n - 1) : NULL;
        const bool opponent_passed =
            last && last->setup_index < 0 && last->point == POINT_PASS && last->color != c;
        if (!cleanup && opponent_passed && mv.point != POINT_PASS) {
            /* Judge the dead stones as final_score will after our pass: with the opponent to
             * move. The genmove search had us to move, which makes unsettled fights look won. */
            ensure_ownership(e, stone_other(c));
            if (wins_count_now(e, c)) mv.point = POINT_PASS;
        }
        if (cleanup && mv.point == POINT_PASS && opponent_has_dead(e, c)) {
            /* Play the most visited real move instead: the dead stones must be taken off. */
            for (int i = 0; i < rep.num_moves; i++) {
                if (rep.moves[i].point != POINT_PASS) {
                    mv.point = rep.moves[i].point;
                    break;
                }
            }
        }
        if (!cleanup && e->s.resign_threshold != ENGINE_RESIGN_NEVER && rep.playouts > 0) {
            e->low_winrate[c] = mv.winrate < e->s.resign_threshold ? e->low_winrate[c] + 1 : 0;
            const board_t *b = game_board(g);
            const double min_moves = ENGINE_RESIGN_MIN_MOVES_PER_POINT * b->size * b->size;
            if (e->low_winrate[c] >= ENGINE_RESIGN_MOVES && n >= min_moves)
                mv.point = POINT_RESIGN;
        }
    }
    if (play) {
        if (mv.point == POINT_RESIGN) {
            game_resign(g, c);
        } else if (game_play(g, c, mv.point) != GAME_OK) {
            mv.point = POINT_PASS;
            game_play(g, c, POINT_PASS);
        }
    }
    if (out) *out = mv;
    return mv.point;
}

/* Make sure the cached ownership belongs to the current position with to_move to play. */
static void ensure_ownership(engine_t *e, stone_t to_move)
{
    const game_t *g = e->game;
    if (e->own_valid && e->own_hash == game_board(g)->hash &&
        e->own_moves == game_move_count(g) && e->own_to_move == to_move)
        return;
    mcts_config_t cfg;
    mcts_config_from(&e->s, &cfg);
    if (e->s.playouts <= 0) {
        cfg.max_playouts = ENGINE_STATUS_PLAYOUTS;
        cfg.max_seconds = 0;
    }
    /* The game may have ended by two passes; the playouts must still settle the dead stones. Its
     * tree is scored differently at the root, so it is neither reused nor kept. */
    cfg.root_passes = false;
    cfg.reuse_tree = false;
    mcts_report_t rep;
    search(e, to_move, &cfg, &rep);
    mcts_clear(e->mcts);
}

void engine_final_status(engine_t *e, stone_status_t *status)
{
    ensure_ownership(e, game_to_move(e->game));
    bool dead[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
    classify(e, dead, seki);
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        status[p] = dead[p] ? STATUS_DEAD : seki[p] ? STATUS_SEKI : STATUS_ALIVE;
}

score_t engine_final_score(engine_t *e)
{
    ensure_ownership(e, game_to_move(e->game));
    bool dead[BOARD_MAX_POINTS];
    classify(e, dead, NULL);
    const game_t *g = e->game;
    return score_count(game_board(g), game_rules(g), game_handicap(g), dead, NULL);
}
