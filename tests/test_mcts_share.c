/* test_mcts_share.c - the statistics a searcher shares with others searching the same position
 * (mcts.h, distributed search): exported counts imported by another tree add to its own without
 * being counted twice (and a tree of another position takes none), only the latest import's
 * counts (a node no longer reported has its own counts again), the sync function's calls
 * (searching, own limit reached, final), a group that ends a search early, and imported ownership.
 * Run under TSan with two threads. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/engine.h"
#include "tengen/mcts.h"

static mcts_t *new_search(long playouts, uint64_t seed, int threads)
{
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = playouts;
    cfg.seed = seed;
    cfg.threads = threads;
    cfg.memory_bytes = (size_t)16 << 20;
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    return m;
}

static game_t *empty_game(int size)
{
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    game_t *g = game_new(size, &r);
    assert_non_null(g);
    return g;
}

/* The exported shares of one searcher, looked up by key as another searcher imports them. */
typedef struct share_list {
    mcts_share_t items[4096];
    int len;
} share_list_t;

static void collect_share(const mcts_share_t *s, void *user)
{
    share_list_t *l = user;
    if (l->len < 4096) l->items[l->len++] = *s;
}

static bool find_share(uint64_t key, mcts_share_t *out, void *user)
{
    const share_list_t *l = user;
    for (int i = 0; i < l->len; i++)
        if (l->items[i].key == key) {
            *out = l->items[i];
            return true;
        }
    return false;
}

/* The visits of root move p with the shares added (0 if it is not a root move). */
static int root_move_visits(const mcts_t *m, int p)
{
    int pv[1], visits[1];
    return mcts_root_pv_visits(m, p, pv, visits, 1) ? visits[0] : 0;
}

static void test_imported_counts_add_once(void **state)
{
    (void)state;
    game_t *g = empty_game(9);
    const long n = 1000 / test_scale();
    mcts_t *a = new_search(n, 1, 1), *b = new_search(n, 2, 1);
    mcts_search(a, g, STONE_BLACK, NULL);
    mcts_search(b, g, STONE_BLACK, NULL);
    assert_int_equal(mcts_root_own_visits(a), n);
    assert_int_equal(mcts_root_own_visits(b), n);

    share_list_t *la = calloc(1, sizeof *la);
    assert_non_null(la);
    assert_true(mcts_export_shares(a, 2, 1, collect_share, la));
    assert_true(la->len > 1);
    assert_int_equal(la->items[0].depth, 0);
    assert_int_equal(la->items[0].visits, n);
    int own_b[BOARD_MAX_POINTS];
    const board_t *bd = game_board(g);
    for (int p = 0; p < bd->num_points; p++)
        own_b[p] = root_move_visits(b, p);

    /* Twice: an import replaces the others' counts, it does not add to them. */
    for (int round = 0; round < 2; round++) {
        assert_true(mcts_import_shares(b, 2, find_share, la));
        assert_int_equal(mcts_root_own_visits(b), n);
        assert_int_equal(mcts_root_total_visits(b), 2 * n);
        /* Every root move: B's own visits plus A's (A shared every move it visited). */
        for (int p = 0; p < bd->num_points; p++)
            assert_int_equal(root_move_visits(b, p), own_b[p] + root_move_visits(a, p));
    }
    assert_true(mcts_check_tree(b));

    /* A tree of another position takes nothing from A's. */
    mcts_t *c = new_search(n, 3, 1);
    assert_int_equal(game_play(g, STONE_BLACK, board_point(bd, 4, 4)), GAME_OK);
    mcts_search(c, g, STONE_WHITE, NULL);
    assert_true(mcts_import_shares(c, 2, find_share, la));
    assert_int_equal(mcts_root_total_visits(c), mcts_root_own_visits(c));
    mcts_free(c);
    free(la);
    mcts_free(a);
    mcts_free(b);
    game_free(g);
}

/* The shares of A without those of the nodes one move below the root (the root's and the deeper
 * nodes' kept, as when a collision hides only those). */
static void drop_depth_one(const share_list_t *from, share_list_t *to)
{
    to->len = 0;
    for (int i = 0; i < from->len; i++)
        if (from->items[i].depth != 1) to->items[to->len++] = from->items[i];
}

/* B's counts of every root move's principal variation (three moves) equal the ones in own. */
typedef struct pv_counts {
    int len[BOARD_MAX_POINTS];
    int pv[BOARD_MAX_POINTS][3], visits[BOARD_MAX_POINTS][3];
} pv_counts_t;

static void read_pv_counts(const mcts_t *m, int num_points, pv_counts_t *out)
{
    for (int p = 0; p < num_points; p++)
        out->len[p] = mcts_root_pv_visits(m, p, out->pv[p], out->visits[p], 3);
}

static void assert_pv_counts_equal(const mcts_t *m, int num_points, const pv_counts_t *own)
{
    pv_counts_t now;
    read_pv_counts(m, num_points, &now);
    for (int p = 0; p < num_points; p++) {
        assert_int_equal(now.len[p], own->len[p]);
        for (int k = 0; k < own->len[p]; k++) {
            assert_int_equal(now.pv[p][k], own->pv[p][k]);
            assert_int_equal(now.visits[p][k], own->visits[p][k]);
        }
    }
}

/* Only the latest sync's shares count: a node that the others reported at one sync and no longer
 * report at the next (nor its parent, nor a node deeper than the import's depth) has its own
 * counts again, and so do the nodes below it. */
static void test_unreported_shares_cleared(void **state)
{
    (void)state;
    game_t *g = empty_game(9);
    const long n = 1000 / test_scale();
    mcts_t *a = new_search(n, 1, 1), *b = new_search(n, 2, 1);
    mcts_search(a, g, STONE_BLACK, NULL);
    mcts_search(b, g, STONE_BLACK, NULL);
    share_list_t *la = calloc(1, sizeof *la), *partial = calloc(1, sizeof *partial),
                 *none = calloc(1, sizeof *none);
    assert_non_null(la);
    assert_non_null(partial);
    assert_non_null(none);
    assert_true(mcts_export_shares(a, 2, 1, collect_share, la));
    drop_depth_one(la, partial);
    assert_true(partial->len > 1 && partial->len < la->len);
    const int num_points = game_board(g)->num_points;
    pv_counts_t *own = calloc(1, sizeof *own);
    assert_non_null(own);
    read_pv_counts(b, num_points, own);

    /* A sync that reports every node of A's, then one that reports the root and the nodes two
     * moves deep but none of the root's moves. */
    assert_true(mcts_import_shares(b, 2, find_share, la));
    assert_int_equal(mcts_root_total_visits(b), 2 * n);
    long added = 0;
    for (int p = 0; p < num_points; p++)
        added += root_move_visits(b, p) - (own->len[p] ? own->visits[p][0] : 0);
    assert_int_equal(added, n);
    assert_true(mcts_check_tree(b));
    assert_true(mcts_import_shares(b, 2, find_share, partial));
    assert_int_equal(mcts_root_total_visits(b), 2 * n);
    assert_pv_counts_equal(b, num_points, own);
    assert_true(mcts_check_tree(b));

    /* Every node again, then an import of the root alone: the nodes below it keep nothing. */
    assert_true(mcts_import_shares(b, 2, find_share, la));
    assert_int_equal(mcts_root_total_visits(b), 2 * n);
    assert_true(mcts_import_shares(b, 0, find_share, la));
    assert_int_equal(mcts_root_total_visits(b), 2 * n);
    assert_pv_counts_equal(b, num_points, own);
    assert_true(mcts_check_tree(b));

    /* Every node again, then a sync that reports nothing: B's counts are its own. */
    assert_true(mcts_import_shares(b, 2, find_share, la));
    assert_true(mcts_import_shares(b, 2, find_share, none));
    assert_int_equal(mcts_root_total_visits(b), mcts_root_own_visits(b));
    assert_pv_counts_equal(b, num_points, own);
    assert_true(mcts_check_tree(b));
    free(own);
    free(none);
    free(partial);
    free(la);
    mcts_free(a);
    mcts_free(b);
    game_free(g);
}

/* What the sync function saw, and when it lets the group end. */
typedef struct sync_log {
    int searching, done, stopped, final;
    int done_calls_to_end; /* return true at this many calls after the own limit */
    bool import_root;      /* while searching: import 100 visits won by the mover at the root */
    long end_at_visits;    /* while searching: end the group at this many own root visits */
    int32_t own_sum[BOARD_MAX_POINTS];
    long own_samples;
} sync_log_t;

static bool hundred_at_root(uint64_t key, mcts_share_t *out, void *user)
{
    (void)user;
    *out = (mcts_share_t){key, 0, 100, 200, 0, 0};
    return true;
}

static bool record_sync(mcts_t *m, mcts_sync_state_t st, void *user)
{
    sync_log_t *log = user;
    switch (st) {
    case MCTS_SYNC_SEARCHING:
        log->searching++;
        /* While the other thread selects with the root's counts. */
        if (log->import_root) assert_true(mcts_import_shares(m, 0, hundred_at_root, NULL));
        return log->end_at_visits > 0 && mcts_root_own_visits(m) >= log->end_at_visits;
    case MCTS_SYNC_PLAYOUTS_DONE:
        return ++log->done >= log->done_calls_to_end;
    case MCTS_SYNC_STOPPED:
        return ++log->stopped >= log->done_calls_to_end;
    case MCTS_SYNC_FINAL:
        log->final++;
        log->own_samples = mcts_export_ownership(m, log->own_sum);
        /* As many simulations again from elsewhere, every one owned by black everywhere. */
        int32_t others[BOARD_MAX_POINTS];
        for (int p = 0; p < BOARD_MAX_POINTS; p++)
            others[p] = (int32_t)log->own_samples;
        mcts_import_ownership(m, others, log->own_samples);
        return true;
    }
    return true;
}

static void test_sync_waits_for_group(void **state)
{
    (void)state;
    game_t *g = empty_game(9);
    const long n = 600 / test_scale();
    mcts_t *m = new_search(n, 3, 2);
    sync_log_t log = {.done_calls_to_end = 3, .import_root = true};
    mcts_set_sync(m, record_sync, &log);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(rep.playouts, n);
    assert_int_equal(mcts_root_own_visits(m), n);
    assert_int_equal(mcts_root_total_visits(m), n + 100);
    assert_true(log.searching >= 1);
    assert_int_equal(log.done, 3);
    assert_int_equal(log.stopped, 0);
    assert_int_equal(log.final, 1);
    assert_int_equal(log.own_samples, n);
    /* The ownership mixes the own simulations with as many all-black ones. */
    const float *own = mcts_ownership(m);
    const board_t *b = game_board(g);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const float expect = (float)(log.own_sum[p] + n) / (float)(2 * n);
            assert_float_equal(own[p], expect, 1e-6);
            assert_true(own[p] >= 0);
        }
    assert_true(mcts_check_tree(m));
    mcts_free(m);
    game_free(g);
}

static void test_group_ends_search_early(void **state)
{
    (void)state;
    game_t *g = empty_game(9);
    mcts_t *m = new_search(100000, 4, 2);
    sync_log_t log = {.done_calls_to_end = 1, .end_at_visits = 200};
    mcts_set_sync(m, record_sync, &log);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(rep.playouts >= 200);
    assert_true(rep.playouts < 100000);
    assert_int_equal(log.done + log.stopped, 0);
    assert_int_equal(log.final, 1);
    /* Without the function the next search plays its limit again. */
    mcts_set_sync(m, NULL, NULL);
    mcts_config_t cfg = *mcts_config(m);
    cfg.max_playouts = 300;
    assert_true(mcts_set_config(m, &cfg));
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(rep.playouts, 300);
    assert_true(mcts_check_tree(m));
    mcts_free(m);
    game_free(g);
}

/* Another searcher of the same position, as a sync brings it in: its shares, its playouts and
 * its per-move scores, imported at every call; this searcher's own scores kept at the end. */
typedef struct other_searcher {
    share_list_t *shares;
    long playouts;
    mcts_move_scores_t scores, own_scores;
} other_searcher_t;

static bool import_other(mcts_t *m, mcts_sync_state_t st, void *user)
{
    other_searcher_t *o = user;
    if (st == MCTS_SYNC_FINAL) mcts_export_move_scores(m, &o->own_scores);
    assert_true(mcts_import_shares(m, 2, find_share, o->shares));
    mcts_import_playouts(m, o->playouts);
    mcts_import_move_scores(m, &o->scores);
    return st != MCTS_SYNC_SEARCHING;
}

/* Two searchers of the empty 9x9 board as two ranks of a group: A searched alone, then B with
 * A's counts, playouts and scores imported at every sync (the tests' state, made by
 * setup_search_with_other and freed by teardown_search_with_other). */
typedef struct search_with_other {
    game_t *g;
    long n; /* the playouts of each search */
    other_searcher_t o;
    mcts_t *a, *b;
    mcts_report_t rep; /* B's search */
} search_with_other_t;

static int setup_search_with_other(void **state)
{
    search_with_other_t *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->g = empty_game(9);
    s->n = 1000 / test_scale();
    s->a = new_search(s->n, 5, 1);
    s->b = new_search(s->n, 6, 1);
    mcts_search(s->a, s->g, STONE_BLACK, NULL);
    s->o.shares = calloc(1, sizeof *s->o.shares);
    assert_non_null(s->o.shares);
    assert_true(mcts_export_shares(s->a, 2, 1, collect_share, s->o.shares));
    s->o.playouts = mcts_search_playouts(s->a);
    assert_int_equal(s->o.playouts, s->n);
    mcts_export_move_scores(s->a, &s->o.scores);
    mcts_set_sync(s->b, import_other, &s->o);
    mcts_search(s->b, s->g, STONE_BLACK, &s->rep);
    *state = s;
    return 0;
}

static int teardown_search_with_other(void **state)
{
    search_with_other_t *s = *state;
    free(s->o.shares);
    mcts_free(s->a);
    mcts_free(s->b);
    game_free(s->g);
    free(s);
    return 0;
}

/* The time plan's early stop on a report with another searcher's shares: the visits of the two
 * best moves are the group's, and so is the rate they grow at. With the time left, the group
 * adds 1.5 times the lead (go on) where this searcher alone would add 0.75 times it (a stop
 * that let the others' playouts count in the lead but not in the rate); with less time, 0.8
 * times the lead (stop). */
static void test_time_step_with_shares(void **state)
{
    const search_with_other_t *w = *state;
    const long n = w->n;
    mcts_report_t rep = w->rep;
    assert_int_equal(rep.playouts, n);
    assert_int_equal(rep.others_playouts, n);
    assert_true(rep.num_moves >= 2);
    /* The moves' visits are the group's: A's and B's simulations, each through one root move. */
    long visits = 0;
    for (int i = 0; i < rep.num_moves; i++) {
        assert_true(rep.moves[i].visits >= root_move_visits(w->a, rep.moves[i].point));
        visits += rep.moves[i].visits;
    }
    assert_int_equal(visits, 2 * n);
    const double lead = rep.moves[0].visits - rep.moves[1].visits;
    assert_true(lead > 0);
    rep.seconds = 1.0; /* own rate n per second, the group's 2n */
    double left = 0.75 * lead / (double)n;
    assert_int_equal(engine_time_step(&rep, 1.0 + left, 1.0 + left, false), ENGINE_TIME_GO_ON);
    mcts_report_t alone = rep;
    alone.others_playouts = 0;
    assert_int_equal(engine_time_step(&alone, 1.0 + left, 1.0 + left, false), ENGINE_TIME_STOP);
    left = 0.4 * lead / (double)n;
    assert_int_equal(engine_time_step(&rep, 1.0 + left, 1.0 + left, false), ENGINE_TIME_STOP);
    /* At the hard limit the search stops whatever the visits. */
    assert_int_equal(engine_time_step(&rep, 0.5, 1.0, true), ENGINE_TIME_STOP);
}

/* The per-move scores of a report add the other searcher's sums to the own ones. */
static void test_imported_move_scores(void **state)
{
    const search_with_other_t *w = *state;
    const mcts_report_t rep = w->rep;
    const other_searcher_t *o = &w->o;
    const double komi = game_rules(w->g)->komi;
    long samples = 0;
    for (int i = 0; i < rep.num_moves; i++) {
        const mcts_move_stats_t *s = &rep.moves[i];
        const int k = s->point > 0 ? s->point : 0;
        const int32_t count = o->own_scores.count[k] + o->scores.count[k];
        assert_int_equal(s->score_samples, count);
        samples += count;
        if (count == 0) continue;
        const double sum = (double)(o->own_scores.sum[k] + o->scores.sum[k]);
        assert_float_equal(s->score, sum / count - komi, 1e-6);
        if (count > 1) {
            const double mean = sum / count,
                         sq = (double)(o->own_scores.sq_sum[k] + o->scores.sq_sum[k]) / count;
            assert_float_equal(s->score_stdev, sqrt(sq > mean * mean ? sq - mean * mean : 0), 1e-6);
        }
    }
    /* Every simulation of both searchers has a first move. */
    assert_int_equal(samples, 2 * w->n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_imported_counts_add_once),
        cmocka_unit_test(test_unreported_shares_cleared),
        cmocka_unit_test(test_sync_waits_for_group),
        cmocka_unit_test(test_group_ends_search_early),
        cmocka_unit_test_setup_teardown(test_time_step_with_shares, setup_search_with_other,
                                        teardown_search_with_other),
        cmocka_unit_test_setup_teardown(test_imported_move_scores, setup_search_with_other,
                                        teardown_search_with_other),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
