/* test_mcts_threads.c - the tree search with several threads: statistics add up, no virtual loss
 * is left behind, the playout limit is exact, the memory limit holds under contention, reports
 * and the PV can be read during a search, time limits end it, and simple tactics still work.
 *
 * These tests are what `make test-tsan` runs under ThreadSanitizer (with test_mcts). Results with
 * several threads are not reproducible, so nothing here compares two runs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ascii_board.h"
#include "tengen/engine.h"
#include "tengen/mcts.h"

static mcts_t *new_search(long playouts, int threads, size_t memory_bytes)
{
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = playouts;
    cfg.seed = 5;
    cfg.threads = threads;
    cfg.memory_bytes = memory_bytes;
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    return m;
}

static game_t *new_game(int size)
{
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    r.komi = 7;
    game_t *g = game_new(size, &r);
    assert_non_null(g);
    return g;
}

/* Root visits equal the playouts (plus the reused ones), every playout went through a child of
 * the root (all of the root's visits did in a fresh tree; a reused root had some before it was
 * expanded), every expanded node holds at least its children's visits and no virtual loss is
 * left. */
static void check_search(mcts_t *m, const mcts_report_t *rep, long limit)
{
    long root, children;
    mcts_root_visits(m, &root, &children);
    assert_true(rep->playouts > 0 && rep->playouts <= limit);
    assert_int_equal(root, rep->reused_visits + rep->playouts);
    if (rep->reused_visits == 0) assert_int_equal(children, root);
    assert_true(children >= rep->playouts && children <= root);
    assert_true(mcts_check_tree(m));
    long sum = 0;
    for (int i = 0; i < rep->num_moves; i++)
        sum += rep->moves[i].visits;
    assert_int_equal(sum, children);
}

static void test_visits_add_up(void **state)
{
    (void)state;
    static const int THREADS[] = {2, 4};
    for (int t = 0; t < 2; t++) {
        game_t *g = new_game(9);
        const long n = 3000 / test_scale();
        mcts_t *m = new_search(n, THREADS[t], (size_t)16 << 20);
        mcts_report_t rep;
        const int p = mcts_search(m, g, STONE_BLACK, &rep);
        assert_true(p > 0);
        check_search(m, &rep, n);
        assert_int_equal(rep.num_moves, 82);
        const float *own = mcts_ownership(m);
        for (int q = 0; q < BOARD_MAX_POINTS; q++)
            assert_true(own[q] >= -1.0f && own[q] <= 1.0f);
        mcts_free(m);
        game_free(g);
    }
}

/* The threads together play exactly the limit: each simulation is claimed before it starts, and
 * the search waits for the ones still running when the last is claimed. */
static void test_exact_limit(void **state)
{
    (void)state;
    for (int threads = 2; threads <= 3; threads++) {
        game_t *g = new_game(9);
        const long n = 800 / test_scale();
        mcts_t *m = new_search(n, threads, (size_t)16 << 20);
        mcts_report_t rep;
        mcts_search(m, g, STONE_BLACK, &rep);
        check_search(m, &rep, n);
        assert_int_equal(rep.playouts, n);
        mcts_free(m);
        game_free(g);
    }
}

/* A pool of under two thousand nodes fills while four threads expand nodes at once. */
static void test_memory_limit(void **state)
{
    (void)state;
    game_t *g = new_game(9);
    const long n = 4000 / test_scale();
    mcts_t *m = new_search(n, 4, 64 << 10);
    mcts_report_t rep;
    const int p = mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(p > 0);
    assert_true(rep.pool_full);
    assert_true(rep.nodes > 0 && rep.nodes < 2000);
    check_search(m, &rep, n);
    mcts_free(m);
    game_free(g);
}

/* Tree reuse with threads: the kept subtree's visits carry over. */
static void test_tree_reuse(void **state)
{
    (void)state;
    game_t *g = new_game(7);
    const long n = 3000 / test_scale();
    mcts_t *m = new_search(n, 2, (size_t)16 << 20);
    mcts_report_t rep;
    const int p = mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(game_play(g, STONE_BLACK, p), GAME_OK);
    assert_true(rep.pv_len >= 2);
    assert_int_equal(game_play(g, STONE_WHITE, rep.pv[1]), GAME_OK);
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(rep.reused_visits > 0);
    check_search(m, &rep, n);
    mcts_free(m);
    game_free(g);
}

typedef struct report_log {
    mcts_t *m;
    int calls;
    int pv_ok;
} report_log_t;

/* Reads the tree while the other threads update it (what the analysis commands do). */
static void on_report(const mcts_report_t *r, void *user)
{
    report_log_t *log = user;
    log->calls++;
    int pv[16];
    if (r->num_moves > 0 && mcts_root_pv(log->m, r->moves[0].point, pv, 16) >= 1) log->pv_ok++;
    const float *own = mcts_ownership(log->m);
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        assert_true(own[p] >= -1.0f && own[p] <= 1.0f);
}

static void test_reports_during_search(void **state)
{
    (void)state;
    game_t *g = new_game(9);
    const long n = 4000 / test_scale();
    mcts_t *m = new_search(n, 2, (size_t)16 << 20);
    report_log_t log = {m, 0, 0};
    mcts_set_report(m, on_report, &log);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(log.calls >= 1);
    assert_int_equal(log.pv_ok, log.calls);
    check_search(m, &rep, n);
    mcts_free(m);
    game_free(g);
}

/* A time limit alone ends a threaded search, and so does the caller's stop flag. */
static void test_time_and_stop(void **state)
{
    (void)state;
    game_t *g = new_game(9);
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = 0;
    cfg.max_seconds = 0.2;
    cfg.threads = 2;
    cfg.memory_bytes = (size_t)16 << 20;
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(rep.playouts > 0);
    assert_true(rep.seconds < 5.0);
    assert_true(mcts_check_tree(m));
    atomic_bool stop = true;
    mcts_set_stop(m, &stop);
    mcts_clear(m);
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(rep.playouts, 0);
    mcts_free(m);
    game_free(g);
}

/* Black captures the three white stones in atari at B5, with four threads. */
static void test_finds_capture(void **state)
{
    (void)state;
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    r.komi = 0.5;
    game_t *g = ascii_game(". . . . . . .\n"
                           ". . X X X . .\n"
                           ". . O O O X .\n"
                           ". . X X X . .\n"
                           ". . . . . . .\n"
                           ". . . O . . .\n"
                           ". . . . . . .\n",
                           &r, STONE_BLACK);
    mcts_t *m = new_search(2000, 4, (size_t)16 << 20);
    char v[8];
    board_point_to_gtp(game_board(g), mcts_search(m, g, STONE_BLACK, NULL), v);
    assert_string_equal(v, "B5");
    mcts_free(m);
    game_free(g);
}

/* A few engine moves with two threads: legal moves, the tree reused between them, thread counts
 * out of range refused. */
static void test_engine_threads(void **state)
{
    (void)state;
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    engine_settings_t s;
    engine_settings_default(&s);
    assert_int_equal(s.threads, 1);
    s.playouts = 1000 / test_scale();
    s.threads = 2;
    s.memory_mb = 16;
    engine_t *e = engine_new(7, &r, &s);
    assert_non_null(e);
    for (int i = 0; i < 6; i++) {
        const stone_t c = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        engine_move_t mv;
        engine_genmove(e, c, true, false, &mv);
        assert_true(mv.searched);
        assert_true(mv.point != POINT_RESIGN);
    }
    s.threads = MCTS_MAX_THREADS + 1;
    assert_false(engine_set_settings(e, &s));
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_visits_add_up),         cmocka_unit_test(test_exact_limit),
        cmocka_unit_test(test_memory_limit),          cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_reports_during_search), cmocka_unit_test(test_time_and_stop),
        cmocka_unit_test(test_finds_capture),         cmocka_unit_test(test_engine_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
