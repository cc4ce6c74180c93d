/* engine.c - the engine facade: the game, the searcher, the settings, and the decisions around
 * the search (time per move from the clock, pass, resign, cleanup, dead stones and seki for
 * counting, free handicap placement), and the analysis search that runs until another thread
 * stops it.
 *
 * Owns: game_t and mcts_t lifetimes, the per-move limits and the clock, the resign counters, the
 * ownership cache, and the choice of the move generator (MCTS, or alpha-beta for ENGINE_AB).
 * Must not know: protocol text (GTP, HTTP), option parsing, threads (the caller of
 * engine_analyze owns the worker and the stop flag).
 */
#include "tengen/engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/ab.h"
#include "tengen/influence.h"
#include "tengen/policy.h"
#include "tengen/rng.h"

/* ---- decision constants ---- */

/* Resign only after the win rate stayed below the threshold for this many own moves in a row... */
#define ENGINE_RESIGN_MOVES 3
/* ...and never before this fraction of the board's points have been played as moves. */
#define ENGINE_RESIGN_MIN_MOVES_PER_POINT 0.33
/* A string is dead when the mean ownership of its stones, seen from its own colour, is below
 * this: the opponent owned its points in at least 60% of the playouts (more, net of neutral). */
#define ENGINE_DEAD_OWNERSHIP (-0.2)
/* A string of at most ENGINE_SPHERE_MAX_STONES stones whose mean ownership from its own side is
 * below ENGINE_SPHERE_ALIVE_OWNERSHIP is not clearly alive: if it lies wholly in the opponent's
 * sphere of influence (influence.h) once lifted, it is dead. */
#define ENGINE_SPHERE_ALIVE_OWNERSHIP 0.6
#define ENGINE_SPHERE_MAX_STONES 3
/* Seki heuristic: a string that is neither dead nor pass-alive, with at most this many
 * liberties, sharing a liberty with a live opponent string that also has at most this many, where
 * the shared liberty stays neutral in the playouts (|ownership| below ENGINE_SEKI_NEUTRAL). */
#define ENGINE_SEKI_MAX_LIBS 3
#define ENGINE_SEKI_NEUTRAL 0.3
/* "Every point settled" (engine_genmove passes then if the count wins): every point is owned by
 * one side in at least this share of the playouts, net (|ownership| >= this), or is a dame: empty,
 * next to stones of both colours, and neutral (|ownership| below ENGINE_SEKI_NEUTRAL). */
#define ENGINE_SETTLED_OWNERSHIP 0.9
/* ENGINE_AB: log2 of the entries of its transposition table (16 bytes each), and the scale of
 * its heuristic values that maps them to a win rate (for reports and resignation): a value of
 * ENGINE_AB_WINRATE_SCALE (one liberty of the weakest string in Atari Go, or 50 points of
 * area) is a win rate of 73%. */
#define ENGINE_AB_TT_BITS 20
#define ENGINE_AB_WINRATE_SCALE 100.0
/* Every engine judges dead stones and seki by perfect play (ab_final_status, within its default
 * budget) on boards up to ENGINE_FINAL_EXACT_MAX_SIZE, and by the ownership and Benson when that
 * answers "unknown" or beyond. On 9x9 it answers on about three game ends in four and rarely
 * before (docs/solve.md), and an unknown costs seconds there; so above
 * ENGINE_FINAL_EXACT_ANYTIME_SIZE (where an unknown costs under a second) it is asked only at the
 * end of the game: after a pass, or during kgs-genmove_cleanup. */
#define ENGINE_FINAL_EXACT_MAX_SIZE 9
#define ENGINE_FINAL_EXACT_ANYTIME_SIZE 7
/* Perfect play is asked only when at least this share of the points is settled by the ownership
 * (mostly_settled): on an open board it would spend its whole budget for an "unknown". */
#define ENGINE_EXACT_MIN_SETTLED 0.75
/* Above ENGINE_FINAL_EXACT_ANYTIME_SIZE the prover's budget also follows the empty points its
 * static analysis leaves open (ab_final_open_points). At 98 9x9 game ends it answered 21 of 25
 * with up to 16 open, within 34,000 expansions; 12 of 46 with 17 to 32 open, 9 of them within
 * 21,500; none of 27 with more. Each "unknown" costs the whole budget, up to a second of a
 * player's wait after a pass (docs/benchmarks.md, "End of the game"). */
#define ENGINE_EXACT_FULL_OPEN 16
#define ENGINE_EXACT_MAX_OPEN 32
#define ENGINE_EXACT_SHORT_BUDGET 25000
/* A losing pass chosen by the search in an unsettled position is replaced by the most visited
 * real move if that has at least this many visits, or this share of the playouts in a smaller
 * search (engine_genmove): fewer say too little. */
#define ENGINE_MIN_REAL_MOVE_VISITS 100
#define ENGINE_MIN_REAL_MOVE_SHARE 0.1
/* Playouts of the search run only to find dead stones, when the settings give no playout limit. */
#define ENGINE_STATUS_PLAYOUTS 2000
/* Time per move with a clock (engine_time_plan). Main time is spread over an estimate of our
 * moves left: empty points / ENGINE_TIME_EMPTIES_PER_MOVE, at least ENGINE_TIME_MIN_MOVES (games
 * rarely fill more than half the empty points, and half of those moves are ours; the estimate
 * errs towards spending less). */
#define ENGINE_TIME_EMPTIES_PER_MOVE 2.0
#define ENGINE_TIME_MIN_MOVES 15
/* Never lose on time: every move loses ENGINE_TIME_LAG seconds to the controller, the pipe and
 * the scheduler (KGS adds its network), and this share of the main time left stays unused. */
#define ENGINE_TIME_LAG 0.5
#define ENGINE_TIME_RESERVE_SHARE 0.05
/* In overtime (a byo-yomi period, a Canadian period) this share of the period stays unused. */
#define ENGINE_TIME_PERIOD_MARGIN 0.1
/* While main time lasts under byo-yomi or Canadian time, a move also takes this share of what one
 * overtime move may use: main time then runs out a little sooner, into periods that are renewed. */
#define ENGINE_TIME_OVERTIME_SHARE 0.5
/* The target per move may be stretched to this many times itself (never more than
 * ENGINE_TIME_MAX_SHARE of the usable main time) when the two most visited moves are close: the
 * second has at least ENGINE_TIME_CLOSE_RATIO of the first's visits when the target is reached. */
#define ENGINE_TIME_HARD_FACTOR 3.0
#define ENGINE_TIME_MAX_SHARE 0.25
#define ENGINE_TIME_CLOSE_RATIO 0.7
/* Never plan less than this (seconds): a search needs some playouts to choose at all. */
#define ENGINE_TIME_FLOOR 0.05

struct engine {
    engine_settings_t s;
    game_t *game;
    mcts_t *mcts;
    bool filtered;             /* engine_set_move_filter gave a filter */
    mcts_move_filter_t filter;
    int low_winrate[3];       /* consecutive own moves below the resign threshold, per colour */
    bool has_time_left[3];
    double time_left[3];      /* seconds */
    int stones_left[3];       /* stones left in the Canadian period, or byo-yomi periods left;
                                 0 = main time */
    engine_clock_t clock;
    /* The search in progress: the report callback of the front end (genmove only), the time plan
     * (seconds, 0 = none) and the flag that stops the search early. */
    mcts_report_fn report_fn;
    void *report_user;
    bool forwarding;          /* this search's reports go to report_fn */
    bool timed;               /* the report callback applies the time plan */
    bool extended;            /* the target was passed with the best moves close: up to hard */
    double soft, hard;
    atomic_bool time_stop;
    /* Ownership of the last search and the position it belongs to. */
    bool own_valid;
    uint64_t own_hash;
    int own_moves;
    stone_t own_to_move;
    double own_winrate;       /* of that search, for own_to_move */
    float own[BOARD_MAX_POINTS];
    /* The last judgement by perfect play and the position it belongs to (exact_key). */
    bool exact_valid;
    bool exact_known;         /* ab_final_status answered: exact_status holds */
    uint64_t exact_key[4];
    stone_status_t exact_status[BOARD_MAX_POINTS];
    double exact_margin; /* black's margin by perfect play, komi included */
    /* ENGINE_AB's genmove while it reports (ab_report): the principal variation of its last
     * iteration and the owners it is sure of, which the front end reads through
     * engine_search_pv and engine_search_ownership. */
    bool ab_reporting;
    int ab_pv[AB_MAX_PLY];
    int ab_pv_len;
    float ab_own[BOARD_MAX_POINTS];
    dist_t *dist; /* the group this engine searches with (engine_set_dist), or NULL */
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
    s->learned_playouts = false;
    s->threads = 1;
    s->ponder = false;
    s->ab_eval = NULL;
    s->model = NULL;
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
    cfg->learned_playouts = s->learned_playouts;
    cfg->threads = s->threads;
    cfg->model = s->model;
}

static bool settings_ok(const engine_settings_t *s)
{
    return (s->kind == ENGINE_MCTS || s->kind == ENGINE_AB) && s->playouts >= 0 &&
           s->seconds >= 0 && s->memory_mb >= 1 &&
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
    atomic_init(&e->time_stop, false);
    mcts_set_stop(e->mcts, &e->time_stop);
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

void engine_set_move_filter(engine_t *e, const mcts_move_filter_t *f)
{
    e->filtered = f != NULL;
    if (f) e->filter = *f;
}

void engine_set_report(engine_t *e, mcts_report_fn fn, void *user)
{
    e->report_fn = fn;
    e->report_user = user;
}

void engine_set_clock(engine_t *e, const engine_clock_t *clock)
{
    e->clock = *clock;
    const bool has_main = clock->main_time > 0;
    for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
        e->has_time_left[c] = clock->kind != ENGINE_CLOCK_NONE;
        e->time_left[c] = has_main ? clock->main_time : clock->period_time;
        e->stones_left[c] =
            has_main || clock->kind == ENGINE_CLOCK_ABSOLUTE || clock->kind == ENGINE_CLOCK_FISCHER
                ? 0
                : clock->stones;
    }
}

const engine_clock_t *engine_clock(const engine_t *e)
{
    return &e->clock;
}

/* Resigned or won by the Atari Go capture goal. Two passes end the game too, but play may resume
 * after them (game.h), so they do not stop a search. */
static bool is_decided(const game_t *g)
{
    const game_end_t end = game_end_reason(g);
    return end == GAME_END_RESIGN || end == GAME_END_CAPTURE_GOAL;
}

/* The clock's budget for c's next move (seconds): the target and the hard limit. False when c
 * has no clock. */
static bool clock_budget(const engine_t *e, stone_t c, double *soft, double *hard)
{
    if (!e->has_time_left[c]) return false;
    const engine_clock_t *k = &e->clock;
    const double left = e->time_left[c];
    const int stones = e->stones_left[c];
    double moves = game_board(e->game)->empty_count / ENGINE_TIME_EMPTIES_PER_MOVE;
    if (moves < ENGINE_TIME_MIN_MOVES) moves = ENGINE_TIME_MIN_MOVES;
    if (stones > 0 && k->kind == ENGINE_CLOCK_BYOYOMI) {
        /* In byo-yomi: the period is renewed after every move in time, so use all of it but
         * the margin. */
        *soft = *hard = left * (1 - ENGINE_TIME_PERIOD_MARGIN) - ENGINE_TIME_LAG;
    } else if (stones > 0) {
        /* Canadian overtime (or time_left without time_settings): `stones` moves in `left`. */
        *soft = *hard = (left * (1 - ENGINE_TIME_PERIOD_MARGIN) - stones * ENGINE_TIME_LAG) / stones;
    } else {
        const double usable = left * (1 - ENGINE_TIME_RESERVE_SHARE) - ENGINE_TIME_LAG;
        *soft = usable / moves;
        *hard = *soft * ENGINE_TIME_HARD_FACTOR;
        if (*hard > usable * ENGINE_TIME_MAX_SHARE) *hard = usable * ENGINE_TIME_MAX_SHARE;
        /* What one overtime move may use once main time is gone. */
        double overtime = 0;
        if (k->kind == ENGINE_CLOCK_BYOYOMI && k->stones > 0)
            overtime = k->period_time * (1 - ENGINE_TIME_PERIOD_MARGIN) - ENGINE_TIME_LAG;
        else if (k->kind == ENGINE_CLOCK_CANADIAN && k->stones > 0)
            overtime = (k->period_time * (1 - ENGINE_TIME_PERIOD_MARGIN) -
                        k->stones * ENGINE_TIME_LAG) / k->stones;
        if (overtime > 0) {
            *soft += overtime * ENGINE_TIME_OVERTIME_SHARE;
            *hard += overtime;
        }
        /* Fischer: every move gives the increment back, so a move may also spend it (less the
         * overtime margin), but never more than the usable time left now. */
        if (k->kind == ENGINE_CLOCK_FISCHER && k->increment > 0) {
            const double increment = k->increment * (1 - ENGINE_TIME_PERIOD_MARGIN);
            *soft += increment;
            *hard += increment;
            if (*hard > usable) *hard = usable;
            if (*soft > *hard) *soft = *hard;
        }
    }
    if (*soft < ENGINE_TIME_FLOOR) *soft = ENGINE_TIME_FLOOR;
    if (*hard < *soft) *hard = *soft;
    return true;
}

void engine_time_plan(const engine_t *e, stone_t c, double *soft, double *hard)
{
    double cs, ch;
    const bool clocked = (c == STONE_BLACK || c == STONE_WHITE) && clock_budget(e, c, &cs, &ch);
    if (e->s.seconds > 0) {
        *soft = *hard = e->s.seconds;
        if (clocked && cs < *soft) *soft = cs;
        if (clocked && ch < *hard) *hard = ch;
    } else if (e->s.playouts > 0) {
        /* The playout limit decides; the clock only caps the time (no target, so the same input
         * gives the same move whenever the clock is not short). */
        *soft = *hard = clocked ? ch : 0;
    } else if (clocked) {
        *soft = cs;
        *hard = ch;
    } else {
        *soft = *hard = ENGINE_DEFAULT_SECONDS;
    }
}

/* Dynamic komi in handicap games, in the linear form of Pachi's: the engine judges its simulations
 * as if white had some points more komi per handicap stone, falling linearly to none after
 * ENGINE_DYNKOMI_MOVES_PER_POINT moves per point of the board. Taking a handicap, every simulation
 * looks won without it, and the search cannot tell good moves from slack ones; giving one, every
 * simulation looks lost, the search cannot tell the moves that keep a chance from the others, and
 * the engine resigns a game that its weaker opponent would still give back. The points per stone
 * do not grow on small boards: early moves are worth about a komi's points on every size. */
double engine_dynamic_komi(const engine_t *e, stone_t c)
{
    const game_t *g = e->game;
    const int h = game_handicap(g);
    if (h < 2) return 0;
    const int size = game_size(g);
    const double span = ENGINE_DYNKOMI_MOVES_PER_POINT * size * size;
    const double left = 1.0 - game_move_count(g) / span;
    const double per_stone =
        c == STONE_BLACK ? ENGINE_DYNKOMI_BLACK_PER_STONE : ENGINE_DYNKOMI_WHITE_PER_STONE;
    return left > 0 ? per_stone * h * left : 0;
}

/* The per-move limits for c: the playout limit of the settings and the time plan. */
static void limits_for_move(engine_t *e, stone_t c, mcts_config_t *cfg)
{
    mcts_config_from(&e->s, cfg);
    cfg->komi_offset = engine_dynamic_komi(e, c);
    engine_time_plan(e, c, &e->soft, &e->hard);
    cfg->max_seconds = e->hard;
    /* With a playout limit the time is only a cap, which mcts enforces by itself. */
    e->timed = e->hard > 0 && e->s.playouts <= 0;
}

engine_time_step_t engine_time_step(const mcts_report_t *r, double soft, double hard,
                                    bool extended)
{
    if (r->playouts <= 0 || !(r->seconds > 0)) return ENGINE_TIME_GO_ON;
    const int first = r->num_moves > 0 ? r->moves[0].visits : 0;
    const int second = r->num_moves > 1 ? r->moves[1].visits : 0;
    engine_time_step_t step = ENGINE_TIME_GO_ON;
    double deadline = extended ? hard : soft;
    if (r->seconds >= deadline) {
        if (extended || !(hard > soft) || second < first * ENGINE_TIME_CLOSE_RATIO)
            return ENGINE_TIME_STOP;
        step = ENGINE_TIME_EXTEND;
        deadline = hard;
    }
    /* The visits include the other searchers' shares: compare them with the group's rate. */
    const double rate = (double)(r->playouts + r->others_playouts) / r->seconds;
    return first - second > rate * (deadline - r->seconds) ? ENGINE_TIME_STOP : step;
}

/* Report callback of genmove's search: passes the report on to the front end and applies the time
 * plan (engine_time_step). */
static void on_report(const mcts_report_t *r, void *user)
{
    engine_t *e = user;
    if (e->forwarding && e->report_fn) e->report_fn(r, e->report_user);
    if (!e->timed) return;
    const engine_time_step_t step = engine_time_step(r, e->soft, e->hard, e->extended);
    if (step == ENGINE_TIME_EXTEND) e->extended = true;
    if (step == ENGINE_TIME_STOP) atomic_store(&e->time_stop, true);
}

/* On rank 0 of a group: tell the other ranks to join the search about to start (with the
 * configuration set in e->mcts, and the position when the group's searches carry it), and take
 * this rank's share of its playout limit. False (a search of this process alone) without a
 * group, on the other ranks, when rank 0 is alone, or while another engine's search has the
 * group (the web server's games: a search does not wait for an analysis that may run for
 * minutes). True: the group is this search's until group_search_end. */
static bool group_search_begin(engine_t *e, stone_t c, bool move_search)
{
    if (!e->dist || dist_rank(e->dist) != 0 || !dist_try_lock(e->dist)) return false;
    mcts_config_t cfg = *mcts_config(e->mcts);
    const bool positions = dist_positions(e->dist);
    const dist_msg_t msg = {.kind = DIST_MSG_SEARCH,
                            .color = c,
                            .playouts = cfg.max_playouts,
                            .move_search = move_search,
                            .filter = e->filtered ? &e->filter : NULL,
                            .game = positions ? e->game : NULL,
                            .threads = positions ? e->s.threads : 0};
    if (dist_is_alone(e->dist) || !dist_send(e->dist, &msg)) {
        dist_unlock(e->dist);
        return false;
    }
    cfg.max_playouts = dist_playout_share(e->dist, cfg.max_playouts);
    mcts_set_config(e->mcts, &cfg);
    dist_search_begin(e->dist, e->mcts);
    return true;
}

static void group_search_end(engine_t *e)
{
    dist_search_end(e->dist, e->mcts);
    dist_unlock(e->dist);
}

/* Keep the ownership and win rate of the search just ended, for the current position with c to
 * move (the dead-stone and pass decisions read them without searching again). */
static void keep_ownership(engine_t *e, stone_t c, const mcts_report_t *rep)
{
    memcpy(e->own, mcts_ownership(e->mcts), sizeof e->own);
    e->own_valid = rep->playouts > 0;
    e->own_hash = game_board(e->game)->hash;
    e->own_moves = game_move_count(e->game);
    e->own_to_move = c;
    e->own_winrate = rep->winrate;
}

/* Run a search and keep its ownership for this position. main: genmove's own search (reports go
 * to the front end, the time plan applies); the searches that only judge dead stones are not. */
static int search(engine_t *e, stone_t c, const mcts_config_t *cfg, bool main, mcts_report_t *rep)
{
    mcts_set_config(e->mcts, cfg);
    mcts_set_move_filter(e->mcts, main && e->filtered ? &e->filter : NULL);
    atomic_store(&e->time_stop, false);
    e->extended = false;
    e->forwarding = main;
    if (!main) e->timed = false;
    const bool report = main && (e->report_fn || e->timed);
    mcts_set_report(e->mcts, report ? on_report : NULL, e);
    const bool group = main && group_search_begin(e, c, true);
    const int best = mcts_search(e->mcts, e->game, c, rep);
    if (group) group_search_end(e);
    mcts_set_report(e->mcts, NULL, NULL);
    e->forwarding = e->timed = false;
    keep_ownership(e, c, rep);
    return best;
}

/* Mark unopposed[p] for every stone p whose area, the points reachable from it through empty
 * points and stones of its own colour, touches no opponent stone: with nothing of the opponent's
 * around, it cannot be dead, however unsure the playouts are (a lone stone on an empty board). */
static void mark_unopposed(const board_t *b, bool *unopposed)
{
    memset(unopposed, 0, BOARD_MAX_POINTS * sizeof *unopposed);
    bool seen[BOARD_MAX_POINTS] = {false};
    int stack[BOARD_MAX_POINTS], area[BOARD_MAX_POINTS];
    for (stone_t col = STONE_BLACK; col <= STONE_WHITE; col++) {
        memset(seen, 0, sizeof seen);
        for (int start = 0; start < b->num_points; start++) {
            if (board_at(b, start) != col || seen[start]) continue;
            int top = 0, n = 0;
            bool opposed = false;
            stack[top++] = start;
            seen[start] = true;
            while (top > 0) {
                const int p = stack[--top];
                area[n++] = p;
                for (int d = 0; d < 4; d++) {
                    const int q = p + board_neighbor_offset(b, d);
                    const stone_t at = board_at(b, q);
                    if (at == stone_other(col)) opposed = true;
                    if ((at == col || at == STONE_EMPTY) && !seen[q]) {
                        seen[q] = true;
                        stack[top++] = q;
                    }
                }
            }
            for (int i = 0; i < n && !opposed; i++)
                if (board_at(b, area[i]) == col) unopposed[area[i]] = true;
        }
    }
}

/* Dead stones from the cached ownership and Benson; seki by the heuristic (may be NULL). */
static void classify(const engine_t *e, bool *dead, bool *seki)
{
    const board_t *b = game_board(e->game);
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(b, alive, territory);
    bool unopposed[BOARD_MAX_POINTS];
    mark_unopposed(b, unopposed);
    for (int p = 0; p < b->num_points; p++)
        alive[p] |= unopposed[p];
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
    /* Playouts are unsure of a lone stone in a wide area of the opponent (they let it live
     * there often), where a player sees at once that it is dead: lift every small string that
     * the ownership does not call clearly alive, and those that then lie wholly in the
     * opponent's sphere of influence are dead. (A larger group has an eye space of its own to
     * read; lifted, it would always look surrounded.) */
    bool lifted[BOARD_MAX_POINTS] = {false};
    bool any = false;
    for (int p = 0; p < b->num_points; p++) {
        const stone_t col = board_at(b, p);
        if ((col != STONE_BLACK && col != STONE_WHITE) || alive[p] || dead[p]) continue;
        lifted[p] = board_chain_size(b, p) <= ENGINE_SPHERE_MAX_STONES &&
                    mean[board_chain_head(b, p)] < ENGINE_SPHERE_ALIVE_OWNERSHIP;
        any |= lifted[p];
    }
    if (any) {
        int8_t sphere[BOARD_MAX_POINTS];
        influence_owner(b, lifted, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, sphere);
        bool outside[BOARD_MAX_POINTS] = {false}; /* by head: a stone not in the other's sphere */
        for (int p = 0; p < b->num_points; p++)
            if (lifted[p] && sphere[p] != (board_at(b, p) == STONE_BLACK ? -1 : 1))
                outside[board_chain_head(b, p)] = true;
        for (int p = 0; p < b->num_points; p++)
            if (lifted[p] && !outside[board_chain_head(b, p)]) dead[p] = true;
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

static bool exact_statuses(engine_t *e, bool at_end, stone_t to_move, stone_status_t *status,
                           double *black_margin);
static void ensure_ownership(engine_t *e, stone_t to_move);

/* The dead stones and (if seki is not NULL) the seki stones of a judgement. */
static void split_statuses(const stone_status_t *status, bool *dead, bool *seki)
{
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        dead[p] = status[p] == STATUS_DEAD;
        if (seki) seki[p] = status[p] == STATUS_SEKI;
    }
}

/* Does the cached ownership call at least ENGINE_EXACT_MIN_SETTLED of the points settled? Only
 * then is a pass asked of perfect play: an opponent's pass in an open position would make the
 * prover spend its whole budget (seconds on 9x9) for an "unknown". */
static bool mostly_settled(const engine_t *e)
{
    if (!e->own_valid) return false;
    const board_t *b = game_board(e->game);
    int settled = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            settled += fabs(e->own[board_point(b, x, y)]) >= ENGINE_SETTLED_OWNERSHIP;
    return settled >= ENGINE_EXACT_MIN_SETTLED * b->size * b->size;
}

/* Would c win if c passed now? After the opponent's pass the game would end: count the board
 * with the stones judged as final_score will judge them after c's pass, by perfect play when it
 * answers (ab_final_status takes the position before the passes, with the opponent, the first to
 * pass, to move), else by the ownership of a search with the opponent to move. Without that pass
 * the game goes on with the opponent to move, who may still invade, kill or make seki: the
 * result of perfect play from there when it answers, else the count with the ownership's dead
 * stones. */
static bool wins_count_now(engine_t *e, stone_t c, bool opponent_passed)
{
    bool dead[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
    stone_status_t status[BOARD_MAX_POINTS];
    double margin;
    ensure_ownership(e, stone_other(c));
    const bool exact =
        exact_statuses(e, true, opponent_passed ? STONE_EMPTY : stone_other(c), status, &margin);
    if (exact && !opponent_passed) return c == STONE_BLACK ? margin > 0 : margin < 0;
    /* The game goes on after our pass: if the opponent's own search, moving first, expects to
     * win, the board as it stands is not the result (an invasion that makes seki, a kill the
     * ownership has not caught up with). */
    if (!opponent_passed && e->own_winrate > 0.5) return false;
    if (exact)
        split_statuses(status, dead, seki);
    else
        classify(e, dead, NULL);
    const game_t *g = e->game;
    const score_t s =
        score_count(game_board(g), game_rules(g), game_handicap(g), dead, exact ? seki : NULL);
    return c == STONE_BLACK ? s.margin > 0 : s.margin < 0;
}

/* Does the opponent of c have stones on the board that are dead, by perfect play when it
 * answers at the end of the game (as final_status_list and final_score will judge them), else
 * by the cached ownership? (kgs-genmove_cleanup) */
static bool opponent_has_dead(engine_t *e, stone_t c)
{
    bool dead[BOARD_MAX_POINTS];
    stone_status_t status[BOARD_MAX_POINTS];
    if (exact_statuses(e, true, STONE_EMPTY, status, NULL))
        split_statuses(status, dead, NULL);
    else
        classify(e, dead, NULL);
    const board_t *b = game_board(e->game);
    for (int p = 0; p < b->num_points; p++)
        if (dead[p] && board_at(b, p) == stone_other(c)) return true;
    return false;
}

/* Is every point of the board settled by the cached ownership (ENGINE_SETTLED_OWNERSHIP), with no
 * string in atari? */
static bool position_settled(const engine_t *e)
{
    if (!e->own_valid) return false;
    const board_t *b = game_board(e->game);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t col = board_at(b, p);
            if (col != STONE_EMPTY && board_liberties(b, p) == 1) return false;
            const double own = fabs(e->own[p]);
            if (own >= ENGINE_SETTLED_OWNERSHIP) continue;
            if (col != STONE_EMPTY || own >= ENGINE_SEKI_NEUTRAL) return false;
            if (!board_neighbor_count(b, p, STONE_BLACK) || !board_neighbor_count(b, p, STONE_WHITE))
                return false; /* not a dame */
        }
    }
    return true;
}

/* The win rate shown for an alpha-beta value (for the player to move): a proven win 1, a proven
 * loss 0, the heuristic values in between on a logistic scale. */
static double ab_winrate(int value)
{
    if (value >= AB_WIN_MIN) return 1.0;
    if (value <= -AB_WIN_MIN) return 0.0;
    return 1.0 / (1.0 + exp(-value / ENGINE_AB_WINRATE_SCALE));
}

/* ENGINE_AB's completed iterations as search reports for the front end (as the MCTS reports its
 * progress): the best move with its win rate and principal variation, the positions searched as
 * playouts. */
static void ab_report(const ab_result_t *r, void *user)
{
    engine_t *e = user;
    if (r->best_move == POINT_NONE) return;
    e->ab_pv_len = r->pv_len > 0 ? r->pv_len : 1;
    if (r->pv_len > 0)
        memcpy(e->ab_pv, r->pv, (size_t)r->pv_len * sizeof r->pv[0]);
    else
        e->ab_pv[0] = r->best_move;
    e->ab_reporting = true;
    mcts_move_stats_t best;
    memset(&best, 0, sizeof best);
    best.point = r->best_move;
    best.visits = r->nodes < INT32_MAX ? (int)r->nodes : INT32_MAX;
    best.winrate = ab_winrate(r->value);
    best.amaf_winrate = 0.5;
    mcts_report_t rep;
    memset(&rep, 0, sizeof rep);
    rep.playouts = (long)r->nodes;
    rep.seconds = r->seconds;
    rep.best = r->best_move;
    rep.winrate = best.winrate;
    rep.num_moves = 1;
    rep.moves = &best;
    rep.pv = e->ab_pv;
    rep.pv_len = e->ab_pv_len;
    e->report_fn(&rep, e->report_user);
}

/* The owners an alpha-beta search is sure of: Benson's pass-alive stones and territory (+1
 * black, -1 white), 0 elsewhere. */
static void ab_ownership(const game_t *g, float *own)
{
    const board_t *b = game_board(g);
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(b, alive, territory);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        const stone_t c = p < b->num_points ? board_at(b, p) : STONE_BORDER;
        stone_t owner = territory[p];
        if (alive[p] && (c == STONE_BLACK || c == STONE_WHITE)) owner = c;
        own[p] = owner == STONE_BLACK ? 1.0f : owner == STONE_WHITE ? -1.0f : 0.0f;
    }
}

/* ENGINE_AB's move for c: iterative deepening to the time plan or
 * the node limit (settings' playouts). Fills the move, its win rate and the statistics of mv. A
 * proven loss in the capture game sets *lost. */
static void ab_genmove(engine_t *e, stone_t c, engine_move_t *mv, bool *lost)
{
    ab_config_t cfg = ab_config_default();
    if (e->report_fn) {
        ab_ownership(e->game, e->ab_own);
        cfg.on_iteration = ab_report;
        cfg.user = e;
    }
    cfg.solve = false;
    cfg.eval = e->s.ab_eval ? e->s.ab_eval : &AB_EVAL_PHASE;
    cfg.tt_bits = ENGINE_AB_TT_BITS;
    engine_time_plan(e, c, &e->soft, &e->hard);
    cfg.max_seconds = e->soft;
    cfg.max_nodes = e->s.playouts > 0 ? (uint64_t)e->s.playouts : 0;
    cfg.to_move = c;
    atomic_store(&e->time_stop, false);
    cfg.stop_request = &e->time_stop; /* engine_stop_search: the last iteration's move */
    ab_result_t r;
    *lost = false;
    mv->searched = true;
    const bool searched = ab_search(e->game, &cfg, &r);
    e->ab_reporting = false;
    if (!searched || r.best_move == POINT_NONE) {
        mv->point = POINT_PASS; /* out of memory, or stopped before the first iteration */
        return;
    }
    mv->point = r.best_move;
    mv->playouts = (long)r.nodes;
    mv->seconds = r.seconds;
    mv->winrate = ab_winrate(r.value);
    *lost = r.value <= -AB_WIN_MIN;
}

/* The most visited move of the report other than a pass, if it has at least min_visits visits;
 * POINT_NONE if not. */
static int most_visited_real_move(const mcts_report_t *rep, int min_visits)
{
    for (int i = 0; i < rep->num_moves; i++) {
        const mcts_move_stats_t *m = &rep->moves[i];
        if (m->point != POINT_PASS) return m->visits >= min_visits ? m->point : POINT_NONE;
    }
    return POINT_NONE;
}

static double winrate_of(const mcts_report_t *rep, int point)
{
    for (int i = 0; i < rep->num_moves; i++)
        if (rep->moves[i].point == point) return rep->moves[i].winrate;
    return 0.5;
}

int engine_genmove(engine_t *e, stone_t c, bool play, bool cleanup, engine_move_t *out)
{
    game_t *g = e->game;
    engine_move_t mv = {POINT_PASS, 0.5, 0, 0, false};
    if (!is_decided(g) && e->s.kind == ENGINE_AB) {
        bool lost;
        ab_genmove(e, c, &mv, &lost);
        /* Resign a proven loss; the rest of the decisions (pass, cleanup) need the MCTS's
         * ownership and are the MCTS engine's. */
        if (lost && !cleanup && e->s.resign_threshold != ENGINE_RESIGN_NEVER)
            mv.point = POINT_RESIGN;
    } else if (!is_decided(g)) {
        mcts_config_t cfg;
        limits_for_move(e, c, &cfg);
        mcts_report_t rep;
        mv.point = search(e, c, &cfg, true, &rep);
        mv.searched = true;
        mv.winrate = rep.winrate;
        mv.playouts = rep.playouts;
        mv.seconds = rep.seconds;

        const int n = game_move_count(g);
        const game_move_t *last = n > 0 ? game_move_at(g, n - 1) : NULL;
        const bool opponent_passed =
            last && last->setup_index < 0 && last->point == POINT_PASS && last->color != c;
        if (!cleanup && mv.point != POINT_PASS && (opponent_passed || position_settled(e))) {
            /* After the opponent's pass, or when every point is settled: pass if the count with
             * the dead stones removed wins. Judge them as final_score will after our pass, with
             * the opponent to move: the genmove search had us to move, which makes unsettled
             * fights look won. */
            if (wins_count_now(e, c, opponent_passed)) mv.point = POINT_PASS;
        }
        /* A pass the search chose is replaced by the most visited real move when it gives the
         * game away:
         * - expected to lose, with points still open: it concedes the game if the opponent
         *   passes back, and a real move is hardly ever worse while points are open (when only
         *   own eyes are left to fill, the position is settled). It happens after a surprise:
         *   visits reused from the previous search, gathered while the pass looked good, keep
         *   it ahead (game 59 of a 9x9 match against GNU Go: a pass at 28% in the middle of a
         *   fight, the best real move at 25%);
         * - expected to win, but losing the count with the dead stones removed: the search
         *   scores two passes by the board as it stands, every stone alive, and an own group
         *   dead inside the opponent's area, which the tree's pass lines never had to capture,
         *   counts there. */
        if (!cleanup && mv.point == POINT_PASS &&
            (mv.winrate < 0.5 ? !position_settled(e) : !wins_count_now(e, c, opponent_passed))) {
            const double share = ENGINE_MIN_REAL_MOVE_SHARE * (double)rep.playouts;
            const int instead = most_visited_real_move(
                &rep, share < ENGINE_MIN_REAL_MOVE_VISITS ? (int)ceil(share)
                                                           : ENGINE_MIN_REAL_MOVE_VISITS);
            if (instead != POINT_NONE) {
                mv.point = instead;
                mv.winrate = winrate_of(&rep, instead);
            }
        }
        if (cleanup && mv.point == POINT_PASS && opponent_has_dead(e, c)) {
            /* Play the most visited real move instead: the dead stones must be taken off. */
            const int instead = most_visited_real_move(&rep, 0);
            if (instead != POINT_NONE) mv.point = instead;
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
        /* The other ranks did not choose: they play rank 0's move (unless they follow no game:
         * the next search brings its position). */
        if (e->dist && dist_rank(e->dist) == 0 && !dist_positions(e->dist)) {
            const dist_msg_t msg = {.kind = DIST_MSG_PLAY, .color = c, .point = mv.point};
            dist_lock(e->dist);
            dist_send(e->dist, &msg);
            dist_unlock(e->dist);
        }
    }
    if (out) *out = mv;
    return mv.point;
}

/* Does the cached ownership belong to the current position (with either player to move)? */
static bool ownership_current(const engine_t *e)
{
    const game_t *g = e->game;
    return e->own_valid && e->own_hash == game_board(g)->hash &&
           e->own_moves == game_move_count(g);
}

/* Make sure the cached ownership belongs to the current position with to_move to play. */
static void ensure_ownership(engine_t *e, stone_t to_move)
{
    if (ownership_current(e) && e->own_to_move == to_move) return;
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
    search(e, to_move, &cfg, false, &rep);
    mcts_clear(e->mcts);
}

/* Does the judgement by perfect play agree with Benson, which is sure of what it says? Pass-alive
 * strings are alive, and stones in the opponent's pass-alive territory dead. (A disagreement
 * would be a bug of the classifier: the heuristic judges then.) */
static bool agrees_with_benson(const game_t *g, const stone_status_t *status)
{
    const board_t *b = game_board(g);
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(b, alive, territory);
    for (int p = 0; p < b->num_points; p++) {
        const stone_t col = board_at(b, p);
        if (col != STONE_BLACK && col != STONE_WHITE) continue;
        if (alive[p] && status[p] != STATUS_ALIVE) return false;
        if (territory[p] == stone_other(col) && status[p] != STATUS_DEAD) return false;
    }
    return true;
}

/* The statuses of the current position by perfect play into status[], if known: on boards up to
 * ENGINE_FINAL_EXACT_MAX_SIZE, at the end of the game (a pass, or at_end) beyond
 * ENGINE_FINAL_EXACT_ANYTIME_SIZE. With to_move first (STONE_EMPTY: as ab_final_status judges
 * the game); black's margin by perfect play into *black_margin if not NULL. Cached for the
 * position and to_move. */
static bool exact_statuses(engine_t *e, bool at_end, stone_t to_move, stone_status_t *status,
                           double *black_margin)
{
    const game_t *g = e->game;
    const int size = game_size(g);
    if (size > ENGINE_FINAL_EXACT_MAX_SIZE) return false;
    if (size > ENGINE_FINAL_EXACT_ANYTIME_SIZE && !at_end && game_consecutive_passes(g) == 0)
        return false;
    const rules_t *r = game_rules(g);
    /* After trailing passes the prover judges the position before them, with the first to pass
     * to move unless to_move says otherwise: the key names that problem, so that the answer found
     * for the genmove after the opponent's pass serves final_status_list after our own. */
    const int passes = game_consecutive_passes(g);
    const int before_passes = game_move_count(g) - passes;
    const stone_t first =
        to_move != STONE_EMPTY ? to_move
        : passes > 0           ? game_move_at(g, before_passes)->color
                               : game_to_move(g);
    const uint64_t key[4] = {game_board(g)->hash, (uint64_t)before_passes, (uint64_t)first,
                             (uint64_t)r->ko | (uint64_t)r->suicide_allowed << 8 |
                                 (uint64_t)r->capture_goal << 16};
    if (!e->exact_valid || memcmp(key, e->exact_key, sizeof key) != 0) {
        /* The prover answers on a settled board in a fraction of a second and spends its whole
         * budget (seconds) for an "unknown" on an open one, e.g. after an early pass: ask the
         * ownership first. */
        if (!ownership_current(e)) ensure_ownership(e, game_to_move(g));
        /* Up to ENGINE_FINAL_EXACT_ANYTIME_SIZE an unknown is cheap: at the end of the game the
         * prover is asked even where the ownership is unsure, as it is of a group that lives or
         * dies by who plays first (the ownership would call it dead half the time). */
        const bool cheap_end = size <= ENGINE_FINAL_EXACT_ANYTIME_SIZE && (at_end || passes > 0);
        if (!cheap_end && !mostly_settled(e)) return false;
        uint64_t budget = 0; /* AB_FINAL_BUDGET */
        const int open = size > ENGINE_FINAL_EXACT_ANYTIME_SIZE ? ab_final_open_points(g) : 0;
        if (open > ENGINE_EXACT_FULL_OPEN) budget = ENGINE_EXACT_SHORT_BUDGET;
        e->exact_known = false;
        /* Too open for the prover: "unknown", kept for the position like the prover's answers
         * (the open points depend on the board alone). */
        if (open <= ENGINE_EXACT_MAX_OPEN) {
            ab_final_t *f = malloc(sizeof(*f));
            if (!f) return false;
            e->exact_known = ab_final_status_for(g, to_move, budget, f) && f->known &&
                             agrees_with_benson(g, f->status);
            memcpy(e->exact_status, f->status, sizeof e->exact_status);
            e->exact_margin = f->black_margin;
            free(f);
        }
        memcpy(e->exact_key, key, sizeof key);
        e->exact_valid = true;
    }
    if (e->exact_known) {
        memcpy(status, e->exact_status, sizeof e->exact_status);
        if (black_margin) *black_margin = e->exact_margin;
    }
    return e->exact_known;
}

/* By perfect play when exact_statuses answers, else dead stones from the ownership and Benson,
 * seki by the heuristic. */
void engine_final_status(engine_t *e, stone_status_t *status)
{
    if (exact_statuses(e, false, STONE_EMPTY, status, NULL)) return;
    ensure_ownership(e, game_to_move(e->game));
    bool dead[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
    classify(e, dead, seki);
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        status[p] = dead[p] ? STATUS_DEAD : seki[p] ? STATUS_SEKI : STATUS_ALIVE;
}

score_t engine_final_score(engine_t *e)
{
    const game_t *g = e->game;
    stone_status_t status[BOARD_MAX_POINTS];
    bool dead[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
    if (exact_statuses(e, false, STONE_EMPTY, status, NULL)) {
        split_statuses(status, dead, seki);
        return score_count(game_board(g), game_rules(g), game_handicap(g), dead, seki);
    }
    ensure_ownership(e, game_to_move(e->game));
    classify(e, dead, NULL);
    return score_count(game_board(g), game_rules(g), game_handicap(g), dead, NULL);
}

/* ---- analysis ---- */

void engine_analyze(engine_t *e, stone_t c, const atomic_bool *stop, mcts_report_fn fn, void *user,
                    mcts_report_t *out)
{
    engine_analyze_playouts(e, c, ENGINE_ANALYZE_MAX_PLAYOUTS, stop, fn, user, out);
}

void engine_analyze_playouts(engine_t *e, stone_t c, long playouts, const atomic_bool *stop,
                             mcts_report_fn fn, void *user, mcts_report_t *out)
{
    mcts_config_t cfg;
    mcts_config_from(&e->s, &cfg);
    cfg.max_playouts = playouts > 0 && playouts < ENGINE_ANALYZE_MAX_PLAYOUTS
                           ? playouts
                           : ENGINE_ANALYZE_MAX_PLAYOUTS;
    cfg.max_seconds = 0;
    mcts_set_config(e->mcts, &cfg);
    mcts_set_move_filter(e->mcts, e->filtered ? &e->filter : NULL);
    mcts_set_stop(e->mcts, stop);
    mcts_set_report(e->mcts, fn, user);
    mcts_report_t rep;
    const bool group = group_search_begin(e, c, false);
    mcts_search(e->mcts, e->game, c, &rep);
    if (group) group_search_end(e);
    mcts_set_report(e->mcts, NULL, NULL);
    mcts_set_stop(e->mcts, &e->time_stop);
    keep_ownership(e, c, &rep);
    if (out) *out = rep;
}

/* The alpha-beta search's principal variation from its report if it starts with point (visits
 * may be NULL; the positions searched are reported for the first move only). */
static int ab_search_pv(const engine_t *e, int point, int *pv, int *visits, int max)
{
    if (e->ab_pv_len == 0 || e->ab_pv[0] != point) return 0;
    const int n = e->ab_pv_len < max ? e->ab_pv_len : max;
    memcpy(pv, e->ab_pv, (size_t)n * sizeof pv[0]);
    for (int i = 0; visits && i < n; i++)
        visits[i] = 0;
    return n;
}

int engine_search_pv(const engine_t *e, int point, int *pv, int max)
{
    if (e->ab_reporting) return ab_search_pv(e, point, pv, NULL, max);
    return mcts_root_pv(e->mcts, point, pv, max);
}

int engine_search_pv_visits(const engine_t *e, int point, int *pv, int *visits, int max)
{
    if (e->ab_reporting) return ab_search_pv(e, point, pv, visits, max);
    return mcts_root_pv_visits(e->mcts, point, pv, visits, max);
}

const float *engine_search_ownership(const engine_t *e)
{
    if (e->ab_reporting) return e->ab_own;
    return mcts_ownership(e->mcts);
}

double engine_score_lead(const engine_t *e, const float *ownership, stone_t c)
{
    const game_t *g = e->game;
    const board_t *b = game_board(g);
    const rules_t *r = game_rules(g);
    double area = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            area += ownership[board_point(b, x, y)];
    const double komi =
        r->komi + (r->scoring == SCORING_AREA ? rules_handicap_bonus(r, game_handicap(g)) : 0);
    return c == STONE_BLACK ? area - komi : komi - area;
}

engine_evaluation_t engine_evaluation(const engine_t *e, stone_t c, const mcts_report_t *rep)
{
    engine_evaluation_t v = {c == STONE_BLACK ? rep->winrate : 1 - rep->winrate, 0, rep->best, 0};
    v.score_lead = engine_score_lead(e, engine_search_ownership(e), STONE_BLACK);
    if (rep->num_moves > 0) {
        v.best = rep->moves[0].point;
        v.visits = rep->moves[0].visits;
        if (rep->moves[0].score_samples > 0) v.score_lead = rep->moves[0].score;
    }
    return v;
}

const float *engine_position_ownership(engine_t *e, stone_t to_move, double *winrate)
{
    ensure_ownership(e, to_move);
    if (winrate) *winrate = e->own_valid ? e->own_winrate : 0.5;
    return e->own;
}

/* ---- handicap ---- */

/* Preference of a point for a free handicap stone by its line (0 = the edge): the third and fourth
 * lines first, the first line only when nothing else is left. */
static int handicap_line_bonus(int line)
{
    return line == 0 ? -1000 : line == 1 ? 0 : line <= 3 ? 2 : 1;
}

int engine_free_handicap_points(const engine_t *e, int n, int *points)
{
    const board_t *b = game_board(e->game);
    const int size = b->size;
    if (n < 2 || n >= size * size) return 0;
    /* The fixed points first (the GTP specification allows an engine to use them). */
    int k = n < 9 ? n : 9;
    while (k >= 2 && game_fixed_handicap_points(size, k, points) != k)
        k--;
    if (k < 2) k = 0;
    /* Then, one at a time, the free point farthest (Manhattan) from the stones placed so far. */
    int dist[BOARD_MAX_POINTS];
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        dist[p] = 4 * size;
    for (int i = 0; i < n; i++) {
        if (i == k) {
            int best = -1, best_score = 0;
            for (int y = 0; y < size; y++) {
                for (int x = 0; x < size; x++) {
                    const int p = board_point(b, x, y);
                    if (dist[p] == 0) continue;
                    int line = x < y ? x : y;
                    if (size - 1 - x < line) line = size - 1 - x;
                    if (size - 1 - y < line) line = size - 1 - y;
                    const int score = 8 * dist[p] + handicap_line_bonus(line);
                    if (best < 0 || score > best_score) {
                        best = p;
                        best_score = score;
                    }
                }
            }
            points[k++] = best;
        }
        const int q = points[i];
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                const int p = board_point(b, x, y);
                const int d = abs(x - board_x(b, q)) + abs(y - board_y(b, q));
                if (d < dist[p]) dist[p] = d;
            }
        }
    }
    return n;
}

/* ---- one search over several processes ---- */

void engine_set_dist(engine_t *e, dist_t *d)
{
    e->dist = d;
}

void engine_join_search(engine_t *e, stone_t c, long playouts, bool move_search,
                        const mcts_move_filter_t *filter, mcts_report_t *out)
{
    mcts_config_t cfg;
    mcts_config_from(&e->s, &cfg);
    /* Rank 0's limits end the search; without a playout limit this one only caps it. */
    cfg.max_playouts = playouts > 0 ? dist_playout_share(e->dist, playouts)
                                    : ENGINE_ANALYZE_MAX_PLAYOUTS;
    cfg.max_seconds = 0;
    if (move_search) cfg.komi_offset = engine_dynamic_komi(e, c);
    mcts_set_config(e->mcts, &cfg);
    mcts_set_move_filter(e->mcts, filter);
    atomic_store(&e->time_stop, false);
    mcts_set_report(e->mcts, NULL, NULL);
    dist_search_begin(e->dist, e->mcts);
    mcts_report_t rep;
    mcts_search(e->mcts, e->game, c, &rep);
    dist_search_end(e->dist, e->mcts);
    keep_ownership(e, c, &rep);
    if (out) *out = rep;
}

/* Does g continue old: the same size, rules and handicap, old's entries the first of g's (the
 * position keys, points and colours alike), and only moves after them? */
static bool continues_game(const game_t *old, const game_t *g)
{
    const int n = game_move_count(old);
    if (game_size(g) != game_size(old) || game_handicap(g) != game_handicap(old) ||
        !rules_equal(game_rules(g), game_rules(old)) || game_move_count(g) < n)
        return false;
    for (int i = 0; i < game_move_count(g); i++) {
        const game_move_t *b = game_move_at(g, i);
        if (i >= n) {
            if (b->setup_index >= 0) return false;
            continue;
        }
        const game_move_t *a = game_move_at(old, i);
        if (a->key != b->key || a->point != b->point || a->color != b->color ||
            (a->setup_index >= 0) != (b->setup_index >= 0))
            return false;
    }
    return true;
}

/* Make g (taken over) e's game. When it continues e's game, only its new moves are played, so
 * that the next search reuses the tree as one process does between its moves: returns how many.
 * Otherwise the game is replaced and the tree dropped: returns -1. */
static int take_position(engine_t *e, game_t *g)
{
    if (continues_game(e->game, g)) {
        const int from = game_move_count(e->game), to = game_move_count(g);
        bool played = true;
        for (int i = from; i < to && played; i++) {
            const game_move_t *m = game_move_at(g, i);
            played = game_play(e->game, m->color, m->point) == GAME_OK;
        }
        if (played) {
            game_set_to_move(e->game, game_to_move(g));
            game_free(g);
            return to - from;
        }
    }
    engine_replace_game(e, g);
    return -1;
}

int engine_follow_group(dist_t *d, const engine_settings_t *s)
{
    engine_t *e = NULL;
    int status = 0;
    for (;;) {
        dist_msg_t msg;
        if (!dist_receive(d, &msg)) {
            fprintf(stderr, "tengen: mpi rank %d: lost rank 0\n", dist_rank(d));
            status = 1;
            break;
        }
        if (msg.kind == DIST_MSG_QUIT) break;
        if (msg.kind != DIST_MSG_SEARCH) {
            /* Lines, games and moves are for ranks that keep a game in step. */
            free(msg.text);
            game_free(msg.game);
            continue;
        }
        engine_settings_t es = *s;
        if (msg.threads > 0) es.threads = msg.threads;
        /* The engine's first game is no position of rank 0's: nothing to continue. */
        const bool has_position = e != NULL;
        if (!e) {
            /* A position that could not be set up is searched on an empty board: this rank
             * must still take part in the group's syncs. */
            rules_t chinese;
            rules_preset(&chinese, "chinese");
            e = engine_new(msg.game ? game_size(msg.game) : 19,
                           msg.game ? game_rules(msg.game) : &chinese, &es);
        }
        if (!e || !engine_set_settings(e, &es)) {
            fprintf(stderr, "tengen: mpi rank %d: out of memory\n", dist_rank(d));
            game_free(msg.game);
            free(msg.filter);
            status = 1;
            break;
        }
        int played = -1;
        if (msg.game && has_position)
            played = take_position(e, msg.game);
        else if (msg.game)
            engine_replace_game(e, msg.game);
        engine_set_dist(e, d);
        mcts_report_t rep;
        engine_join_search(e, msg.color, msg.playouts, msg.move_search, msg.filter, &rep);
        free(msg.filter);
        if (played >= 0)
            fprintf(stderr,
                    "tengen: mpi rank %d: the position continues the last one (%d new move%s): "
                    "tree kept, %ld root visits reused\n",
                    dist_rank(d), played, played == 1 ? "" : "s", rep.reused_visits);
    }
    engine_free(e);
    return status;
}

/* ---- stopping from another thread ---- */

void engine_stop_search(engine_t *e)
{
    atomic_store(&e->time_stop, true);
}

int engine_policy(const engine_t *e, stone_t c, int *points, float *probs)
{
    const model_t *model = e->s.model;
    if (!model) return 0;
    const game_t *g = e->game;
    const board_t *b = game_board(g);
    float owner[BOARD_MAX_POINTS];
    const bool with_owner = model_uses_group(model, MODEL_TREE, FEAT_OWNER);
    if (with_owner) {
        /* Seeded by the position, so the same position always gets the same answer. */
        rng_t rng;
        rng_seed(&rng, b->hash ^ ((uint64_t)c << 62));
        policy_ownership(b, c, game_last_move(g), &rng, FEAT_OWNER_PLAYOUTS, owner);
    }
    return model_policy(model, MODEL_TREE, b, c, game_last_move(g), game_move_before_last(g),
                        with_owner ? owner : NULL, points, probs);
}
