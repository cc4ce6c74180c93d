/* test_mcts_share.c - the statistics a searcher shares with others searching the same position
 * (mcts.h, distributed search): exported counts imported by another tree add to its own without
 * being counted twice (and a tree of another position takes none), the sync function's calls
 * (searching, own limit reached, final), a group that ends a search early, and imported ownership.
 * Run under TSan with two threads. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ascii_board.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_imported_counts_add_once),
        cmocka_unit_test(test_sync_waits_for_group),
        cmocka_unit_test(test_group_ends_search_early),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
