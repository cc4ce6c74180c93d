/* http_review.c - "Analyse this game": a job that searches every position of a game in turn for
 * a fixed number of playouts and keeps, per position, Black's win rate and score lead and the
 * best move with its visits; the state's "review" (with each move's points lost), and the
 * private SGF properties that keep it in the saved file and the download (docs/web.md, "Game
 * review").
 *
 * The job runs on a pool thread like an analysis (WEB_JOB_REVIEW, `thinking` set), so the game
 * does not change while it runs: every request that would change it ends the review first
 * (analyze_stop) and waits for the job. Its positions are searched by an engine of its own, made
 * and freed here, so the game's engine and search tree stay as they are.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"

static void review_clear(web_game_t *g)
{
    free(g->review);
    g->review = NULL;
    g->review_len = 0;
    g->review_playouts = 0;
}

/* Room for the positions 0..moves, the new ones not reviewed. False if out of memory. */
static bool review_grow(web_game_t *g, int moves)
{
    const int len = moves + 1;
    if (len <= g->review_len) return true;
    web_review_entry_t *grown = realloc(g->review, (size_t)len * sizeof *grown);
    if (!grown) return false;
    memset(grown + g->review_len, 0, (size_t)(len - g->review_len) * sizeof *grown);
    g->review = grown;
    g->review_len = len;
    return true;
}

bool web_review_reset(web_game_t *g, long playouts)
{
    review_clear(g);
    g->review_playouts = playouts;
    g->review_seq++;
    return review_grow(g, web_game_move_count(g));
}

void web_review_free(web_game_t *g)
{
    review_clear(g);
}

void web_review_sync(web_game_t *g)
{
    const int len = web_game_move_count(g) + 1;
    for (int k = len; k < g->review_len; k++)
        g->review[k].valid = false;
}

void web_review_take(web_game_t *to, web_game_t *from)
{
    review_clear(to);
    to->review = from->review;
    to->review_len = from->review_len;
    to->review_playouts = from->review_playouts;
    from->review = NULL;
    from->review_len = 0;
}

void web_review_copy(web_game_t *to, const web_game_t *from, int n)
{
    review_clear(to);
    if (from->review_len == 0 || !review_grow(to, n)) return;
    for (int k = 0; k <= n && k < from->review_len; k++)
        to->review[k] = from->review[k];
    to->review_playouts = from->review_playouts;
}

/* ---- the job ---- */

/* The search's reports (every MCTS_REPORT_INTERVAL playouts): a server that stops asks every
 * search to move now, which ends a review as it ends an analysis. */
static void on_review_report(const mcts_report_t *r, void *user)
{
    (void)r;
    web_game_t *g = user;
    if (atomic_load(&g->move_now) || atomic_load(&g->web->stopping))
        atomic_store(&g->analyze_stop, true);
}

static bool review_stopped(const web_game_t *g)
{
    return atomic_load(&g->analyze_stop) || atomic_load(&g->move_now) ||
           atomic_load(&g->web->stopping);
}

/* What the search of one position found, for c to move, as the review keeps it. */
static web_review_entry_t review_entry(const engine_t *e, stone_t c, const mcts_report_t *rep)
{
    const engine_evaluation_t v = engine_evaluation(e, c, rep);
    return (web_review_entry_t){true, web_round(v.winrate, 3), web_round(v.score_lead, 1), v.best,
                                v.visits};
}

void web_review_run(web_game_t *g)
{
    pthread_mutex_lock(&g->lock);
    const int total = web_game_move_count(g) + 1;
    const long playouts = g->review_playouts;
    const engine_settings_t settings = *engine_settings(g->engine);
    const game_t *game = engine_game(g->engine);
    const int size = game_size(game);
    const rules_t rules = *game_rules(game);
    pthread_mutex_unlock(&g->lock);

    engine_t *e = engine_new(size, &rules, &settings);
    for (int k = 0; e && k < total && !review_stopped(g); k++) {
        int played;
        stone_t c;
        pthread_mutex_lock(&g->lock);
        game_t *past = web_game_prefix(g, k, &played, &c);
        pthread_mutex_unlock(&g->lock);
        if (!past) break;          /* out of memory: what was reviewed is kept */
        game_set_to_move(past, c); /* as the game had it (two moves of one colour, PL) */
        engine_replace_game(e, past);
        mcts_report_t rep;
        engine_analyze_playouts(e, c, playouts, &g->analyze_stop, on_review_report, g, &rep);
        /* A search cut short is not kept: its position stays unreviewed. */
        if (review_stopped(g) || rep.playouts <= 0) continue;
        const web_review_entry_t x = review_entry(e, c, &rep);
        pthread_mutex_lock(&g->lock);
        if (k < g->review_len) {
            g->review[k] = x;
            g->review_seq++;
            pthread_cond_broadcast(&g->changed);
        }
        pthread_mutex_unlock(&g->lock);
    }
    engine_free(e);
}

/* ---- the state ---- */

cJSON *web_review_json(const web_game_t *g)
{
    const bool running = g->thinking && g->job == WEB_JOB_REVIEW;
    if (g->review_len == 0 && !running) return cJSON_CreateNull();
    const game_t *game = engine_game(g->engine);
    const board_t *b = game_board(game);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    const int moves = web_game_move_count(g);
    cJSON_AddBoolToObject(j, "running", running);
    cJSON_AddNumberToObject(j, "playouts", (double)g->review_playouts);
    cJSON *list = cJSON_AddArrayToObject(j, "positions");
    int done = 0, k = 0;
    const web_review_entry_t *before = NULL;
    /* Position k follows move k: its mover is the colour of the k-th move of the history. */
    for (int i = -1; list && i < game_move_count(game); i++) {
        stone_t mover = STONE_EMPTY;
        if (i >= 0) {
            const game_move_t *m = game_move_at(game, i);
            if (m->setup_index >= 0) continue;
            mover = m->color;
        }
        const web_review_entry_t *x =
            k < g->review_len && g->review[k].valid ? &g->review[k] : NULL;
        cJSON *p = x ? cJSON_CreateObject() : cJSON_CreateNull();
        if (x && p) {
            char v[8];
            done++;
            cJSON_AddNumberToObject(p, "winrate", x->winrate);
            cJSON_AddNumberToObject(p, "score_lead", x->score_lead);
            cJSON_AddStringToObject(p, "best", board_point_to_gtp(b, x->best, v));
            cJSON_AddNumberToObject(p, "visits", (double)x->visits);
            if (mover != STONE_EMPTY) cJSON_AddStringToObject(p, "color", web_color_name(mover));
            if (before) {
                /* What the move cost its player: the drop of the mover's lead and win rate. */
                const double sign = mover == STONE_BLACK ? 1 : -1;
                cJSON_AddNumberToObject(p, "points_lost",
                                        web_round(sign * (before->score_lead - x->score_lead), 1));
                cJSON_AddNumberToObject(p, "winrate_lost",
                                        web_round(sign * (before->winrate - x->winrate), 3));
            }
        }
        cJSON_AddItemToArray(list, p);
        before = x;
        k++;
    }
    cJSON_AddNumberToObject(j, "done", done);
    cJSON_AddNumberToObject(j, "total", moves + 1);
    return j;
}

/* ---- the file ---- */

bool web_review_write_sgf(sgf_node_t *root, const web_game_t *g)
{
    if (g->review_len == 0) return true;
    const board_t *b = game_board(engine_game(g->engine));
    char buf[64];
    bool ok = true;
    if (g->review_playouts > 0) {
        snprintf(buf, sizeof buf, "%ld", g->review_playouts);
        ok = sgf_add(root, "XRP", buf);
    }
    int k = 0;
    for (sgf_node_t *node = root; ok && node; node = node->child) {
        if (sgf_get(node, "B") || sgf_get(node, "W"))
            k++;
        else if (node != root)
            continue; /* PL and setup nodes: the move's node has it */
        if (k >= g->review_len || !g->review[k].valid) continue;
        const web_review_entry_t *x = &g->review[k];
        snprintf(buf, sizeof buf, "%.3f", x->winrate);
        ok = sgf_add(node, "XWR", buf);
        snprintf(buf, sizeof buf, "%.1f", x->score_lead);
        ok = ok && sgf_add(node, "XSL", buf);
        ok = ok && sgf_add(node, "XBM", sgf_point_text(b, x->best, buf));
        snprintf(buf, sizeof buf, "%ld", x->visits);
        ok = ok && sgf_add(node, "XBV", buf);
    }
    return ok;
}

/* A number of a property within [lo, hi]; false if absent or anything else. */
static bool read_number(const sgf_node_t *node, const char *id, double lo, double hi, double *out)
{
    const char *text = sgf_get(node, id);
    if (!text || !text[0]) return false;
    char *end;
    const double v = strtod(text, &end);
    if (*end || !(v >= lo && v <= hi)) return false;
    *out = v;
    return true;
}

void web_review_read_sgf(web_game_t *g, const sgf_node_t *root)
{
    review_clear(g);
    const board_t *b = game_board(engine_game(g->engine));
    const int moves = web_game_move_count(g);
    int k = 0;
    for (const sgf_node_t *node = root; node; node = node->child) {
        if (sgf_get(node, "B") || sgf_get(node, "W"))
            k++;
        else if (node != root)
            continue;
        if (k > moves) break;
        double winrate, lead, visits;
        const char *best = sgf_get(node, "XBM");
        const int p = best ? sgf_point_parse(b, best) : POINT_NONE;
        /* Only a whole entry is kept: a file edited by hand loses a position, never the game. */
        if (p == POINT_NONE || !read_number(node, "XWR", 0, 1, &winrate) ||
            !read_number(node, "XSL", -1000, 1000, &lead) ||
            !read_number(node, "XBV", 0, 1e12, &visits) || !review_grow(g, moves))
            continue;
        g->review[k] = (web_review_entry_t){true, web_round(winrate, 3), web_round(lead, 1), p,
                                            (long)floor(visits)};
    }
    double playouts;
    if (g->review_len > 0 && read_number(root, "XRP", 0, WEB_REVIEW_MAX_PLAYOUTS, &playouts))
        g->review_playouts = (long)floor(playouts);
}
