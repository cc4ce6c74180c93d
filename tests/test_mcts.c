/* test_mcts.c - the tree search: visit counts add up, determinism with a seed, the memory limit,
 * tree reuse, ownership, the poll function, and small tactical positions solved at a stated
 * playout count.
 *
 * Positions are ASCII diagrams (top row first) followed by the expected answer. Playout counts are
 * divided by test_scale() only where the test does not depend on the search's strength. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/engine.h"
#include "tengen/mcts.h"

static mcts_t *new_search(long playouts, uint64_t seed)
{
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = playouts;
    cfg.seed = seed;
    cfg.memory_bytes = (size_t)16 << 20;
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    return m;
}

static game_t *diagram_game(const char *diagram, const char *rules_name, double komi,
                            stone_t to_move)
{
    rules_t r;
    assert_true(rules_preset(&r, rules_name));
    r.komi = komi;
    return ascii_game(diagram, &r, to_move);
}

/* Search a diagram with c to move and return the move as GTP text in buf. */
static const char *best_move(const char *diagram, const char *rules, double komi, stone_t c,
                             long playouts, char *buf)
{
    game_t *g = diagram_game(diagram, rules, komi, c);
    mcts_t *m = new_search(playouts, 7);
    const int p = mcts_search(m, g, c, NULL);
    board_point_to_gtp(game_board(g), p, buf);
    mcts_free(m);
    game_free(g);
    return buf;
}

static void test_visits_add_up(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    const long n = 2000 / test_scale();
    mcts_t *m = new_search(n, 1);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    long root, children;
    mcts_root_visits(m, &root, &children);
    /* Early stop may end the search before n playouts, never after. */
    assert_true(rep.playouts <= n && rep.playouts > 0);
    assert_int_equal(root, rep.playouts);
    assert_int_equal(children, root);
    assert_true(mcts_check_tree(m));
    long sum = 0;
    for (int i = 0; i < rep.num_moves; i++) {
        sum += rep.moves[i].visits;
        if (i > 0) assert_true(rep.moves[i].visits <= rep.moves[i - 1].visits);
    }
    assert_int_equal(sum, root);
    assert_int_equal(rep.num_moves, 82); /* 81 points and pass */
    const float *own = mcts_ownership(m);
    const board_t *b = game_board(g);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        assert_true(own[p] >= -1.0f && own[p] <= 1.0f);
        if (!board_is_on_board(b, p)) assert_true(own[p] == 0.0f);
    }
    mcts_free(m);
    game_free(g);
}

static void test_determinism(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    game_play(g, STONE_BLACK, board_point_from_gtp(game_board(g), "E5"));
    game_play(g, STONE_WHITE, board_point_from_gtp(game_board(g), "C4"));
    const long n = 1500 / test_scale();
    mcts_report_t a, b;
    mcts_t *m1 = new_search(n, 42), *m2 = new_search(n, 42);
    const int p1 = mcts_search(m1, g, STONE_BLACK, &a);
    const int p2 = mcts_search(m2, g, STONE_BLACK, &b);
    assert_int_equal(p1, p2);
    assert_int_equal(a.playouts, b.playouts);
    assert_int_equal(a.playout_moves, b.playout_moves);
    assert_int_equal(a.num_moves, b.num_moves);
    for (int i = 0; i < a.num_moves; i++) {
        assert_int_equal(a.moves[i].point, b.moves[i].point);
        assert_int_equal(a.moves[i].visits, b.moves[i].visits);
    }
    assert_memory_equal(mcts_ownership(m1), mcts_ownership(m2), BOARD_MAX_POINTS * sizeof(float));
    /* Another seed plays other playouts. */
    mcts_t *m3 = new_search(n, 43);
    mcts_report_t c;
    mcts_search(m3, g, STONE_BLACK, &c);
    assert_true(c.playout_moves != a.playout_moves);
    mcts_free(m1);
    mcts_free(m2);
    mcts_free(m3);
    game_free(g);
}

static void test_memory_limit(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = 3000 / test_scale();
    cfg.memory_bytes = 64 << 10; /* under two thousand nodes */
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    mcts_report_t rep;
    const int p = mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(p > 0);
    assert_true(rep.pool_full);
    assert_true(rep.nodes > 0 && rep.nodes < 2000);
    assert_true(mcts_check_tree(m));
    /* Too little memory for a tree at all is refused. */
    cfg.memory_bytes = 1000;
    assert_null(mcts_new(&cfg));
    mcts_free(m);
    game_free(g);
}

static void test_tree_reuse(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(7, &r);
    mcts_t *m = new_search(3000 / test_scale(), 3);
    mcts_report_t rep;
    const int p = mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(rep.reused_visits, 0);
    assert_int_equal(game_play(g, STONE_BLACK, p), GAME_OK);
    assert_true(rep.pv_len >= 2);
    assert_int_equal(game_play(g, STONE_WHITE, rep.pv[1]), GAME_OK);
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(rep.reused_visits > 0);
    assert_true(mcts_check_tree(m));
    long root, children;
    mcts_root_visits(m, &root, &children);
    assert_int_equal(root, rep.reused_visits + rep.playouts);
    /* Undo: the position does not continue the tree; a fresh tree. */
    game_undo(g);
    mcts_search(m, g, STONE_WHITE, &rep);
    assert_int_equal(rep.reused_visits, 0);
    mcts_free(m);
    game_free(g);
}

/* mcts_set_poll: the searching thread calls the function every MCTS_POLL_INTERVAL simulations,
 * and a stop set there (as the browser build's poll does) ends the search at once. */
static int poll_calls;
static atomic_bool poll_stop;

static void count_and_stop(void)
{
    if (++poll_calls == 3) atomic_store(&poll_stop, true);
}

static void test_poll_can_stop(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    mcts_t *m = new_search(1000000, 5);
    atomic_init(&poll_stop, false);
    poll_calls = 0;
    mcts_set_stop(m, &poll_stop);
    mcts_set_poll(count_and_stop);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    mcts_set_poll(NULL);
    assert_int_equal(poll_calls, 3);
    /* Two intervals ran between the first call (before any simulation) and the third. */
    assert_true(rep.playouts > 0 && rep.playouts <= 2 * 64);
    mcts_free(m);
    game_free(g);
}

/* Black to move captures the three white stones in atari: B5. (1000 playouts, seed 7.) */
static void test_finds_capture(void **state)
{
    (void)state;
    char v[8];
    assert_string_equal(best_move(". . . . . . .\n"
                                  ". . X X X . .\n"
                                  ". . O O O X .\n"
                                  ". . X X X . .\n"
                                  ". . . . . . .\n"
                                  ". . . O . . .\n"
                                  ". . . . . . .\n",
                                  "chinese", 0.5, STONE_BLACK, 1000, v),
                        "B5");
}

/* Black's three stones are in atari; extending at F5 gives them three liberties. (1000
 * playouts, seed 7.) */
static void test_saves_atari(void **state)
{
    (void)state;
    char v[8];
    assert_string_equal(best_move(". . . . . . .\n"
                                  ". . O O O . .\n"
                                  ". O X X X . .\n"
                                  ". . O O O . .\n"
                                  ". . . . . . .\n"
                                  ". X . . . X .\n"
                                  ". . . . . . .\n",
                                  "chinese", 0.5, STONE_BLACK, 1000, v),
                        "F5");
}

/* Atari Go: the first capture wins; black captures at once at C2. (300 playouts, seed 7.) */
static void test_atari_go_capture(void **state)
{
    (void)state;
    char v[8];
    assert_string_equal(best_move(". . . . .\n"
                                  ". . X . .\n"
                                  ". X O X .\n"
                                  ". . . O .\n"
                                  ". . . . .\n",
                                  "atari-go", 0, STONE_BLACK, 300, v),
                        "C2");
}

/* Ownership and dead stones: the white stone inside black's area is dead, black's wall alive. */
static void test_dead_stone(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    r.komi = 0.5;
    engine_settings_t s;
    engine_settings_default(&s);
    s.playouts = 2000 / test_scale();
    engine_t *e = engine_new(5, &r, &s);
    assert_non_null(e);
    game_t *g = ascii_game(". . X O .\n"
                           ". . X O .\n"
                           ". O X O .\n"
                           ". . X O .\n"
                           ". . X O .\n",
                           &r, STONE_BLACK);
    engine_replace_game(e, g);
    stone_status_t status[BOARD_MAX_POINTS];
    engine_final_status(e, status);
    const board_t *b = game_board(g);
    assert_int_equal(status[ascii_point(b, "B3")], STATUS_DEAD);
    assert_int_equal(status[ascii_point(b, "C3")], STATUS_ALIVE);
    assert_int_equal(status[ascii_point(b, "D3")], STATUS_ALIVE);
    const score_t sc = engine_final_score(e);
    assert_true(sc.margin == 15 - 10 - 0.5); /* black 15 with B3 dead, white 10, komi 0.5 */
    engine_free(e);
}

/* Stones whose area holds nothing of the opponent's are never dead, however few the playouts:
 * a lone stone on an empty board, as after "C3, pass, pass" on 5x5, counts as black's 25 points.
 * (A few playouts from white's side often lose the stone; the count once gave the game away.) */
static void test_unopposed_stones_live(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    r.komi = 0.5;
    for (int seed = 1; seed <= 8; seed++) {
        engine_settings_t s;
        engine_settings_default(&s);
        s.playouts = 3;
        s.seed = (uint64_t)seed;
        engine_t *e = engine_new(5, &r, &s);
        assert_non_null(e);
        game_t *g = ascii_game(". . . . .\n"
                               ". . . . .\n"
                               ". . X . .\n"
                               ". . . . .\n"
                               ". . . . .\n",
                               &r, STONE_WHITE);
        engine_replace_game(e, g);
        stone_status_t status[BOARD_MAX_POINTS];
        engine_final_status(e, status);
        assert_int_equal(status[ascii_point(game_board(g), "C3")], STATUS_ALIVE);
        assert_true(engine_final_score(e).margin == 25 - 0.5);
        engine_free(e);
    }
}

/* What the alpha-beta engine's reports let a front end read while it searches. */
typedef struct ab_seen {
    engine_t *e;
    int reports, best, pv_first, pv_len;
    long playouts;
    float own[BOARD_MAX_POINTS];
} ab_seen_t;

static void record_ab_report(const mcts_report_t *r, void *user)
{
    ab_seen_t *seen = user;
    int pv[32];
    seen->reports++;
    seen->best = r->best;
    seen->playouts = r->playouts;
    seen->pv_len = engine_search_pv(seen->e, r->best, pv, 32);
    seen->pv_first = seen->pv_len > 0 ? pv[0] : POINT_NONE;
    memcpy(seen->own, engine_search_ownership(seen->e), sizeof seen->own);
}

/* The alpha-beta engine reports its iterations like the MCTS its progress: the best move with
 * its principal variation, the positions searched, and as ownership what Benson's algorithm
 * settles (black's wall with three eyes and its eyes, nothing else). */
static void test_alpha_beta_reports(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    engine_settings_t s;
    engine_settings_default(&s);
    s.kind = ENGINE_AB;
    s.playouts = 20000; /* nodes */
    engine_t *e = engine_new(5, &r, &s);
    assert_non_null(e);
    game_t *g = ascii_game(". X . X .\n"
                           "X X X X X\n"
                           ". . . . .\n"
                           ". . . . .\n"
                           ". . . . .\n",
                           &r, STONE_WHITE);
    engine_replace_game(e, g);
    ab_seen_t seen = {.e = e, .best = POINT_NONE};
    engine_set_report(e, record_ab_report, &seen);
    engine_move_t mv;
    const int p = engine_genmove(e, STONE_WHITE, false, false, &mv);
    engine_set_report(e, NULL, NULL);
    assert_true(seen.reports > 0);
    assert_int_equal(seen.best, p);
    assert_int_equal(seen.pv_first, p);
    assert_true(seen.playouts > 0 && seen.playouts <= mv.playouts);
    const board_t *b = game_board(g);
    assert_true(seen.own[ascii_point(b, "A5")] == 1.0f);
    assert_true(seen.own[ascii_point(b, "C4")] == 1.0f);
    assert_true(seen.own[ascii_point(b, "C2")] == 0.0f);
    assert_true(seen.own[ascii_point(b, "E1")] == 0.0f);
    engine_free(e);
}

/* An evaluation plug-in that counts its calls and otherwise is the area strategy. */
static long plugin_calls;

static int counting_evaluate(const ab_position_t *p)
{
    plugin_calls++;
    return AB_EVAL_AREA.evaluate(p);
}

static void area_bounds_of(const ab_position_t *p, int *lo, int *hi)
{
    AB_EVAL_AREA.bounds(p, lo, hi);
}

/* The alpha-beta engine searches with the strategy of its settings (tengen gtp --ab-eval). */
static void test_alpha_beta_evaluation_plugin(void **state)
{
    (void)state;
    static const ab_eval_t counting = {"counting area", area_bounds_of, counting_evaluate};
    rules_t r;
    rules_preset(&r, "chinese");
    engine_settings_t s;
    engine_settings_default(&s);
    assert_null(s.ab_eval); /* the phase chooser */
    s.kind = ENGINE_AB;
    s.playouts = 5000; /* nodes */
    s.ab_eval = &counting;
    engine_t *e = engine_new(5, &r, &s);
    assert_non_null(e);
    plugin_calls = 0;
    engine_move_t mv;
    engine_genmove(e, STONE_BLACK, false, false, &mv);
    assert_true(mv.searched);
    assert_true(plugin_calls > 0);
    engine_free(e);
}

/* The komi offset (dynamic komi) moves the judged result: on an empty 9x9 board black wins far
 * more simulations with 40 points less komi than with 40 more (not all: the mercy rule decides
 * some playouts whatever the komi). */
static void test_komi_offset(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    double winrate[2];
    for (int k = 0; k < 2; k++) {
        mcts_config_t cfg;
        mcts_config_default(&cfg);
        cfg.max_playouts = 1000 / test_scale();
        cfg.memory_bytes = (size_t)16 << 20;
        cfg.komi_offset = k == 0 ? -40 : 40;
        mcts_t *m = mcts_new(&cfg);
        assert_non_null(m);
        mcts_report_t rep;
        mcts_search(m, g, STONE_BLACK, &rep);
        winrate[k] = rep.winrate;
        mcts_free(m);
    }
    assert_true(winrate[0] > 0.65);
    assert_true(winrate[1] < 0.45);
    assert_true(winrate[0] - winrate[1] > 0.3);
    game_free(g);
}

/* A tree is reused only by a search that judges with about the same komi offset: the statistics
 * of a genmove with a large dynamic komi are not an analysis's (offset 0). */
static void test_komi_offset_reuse(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    game_t *g = game_new(9, &r);
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = 500 / test_scale();
    cfg.memory_bytes = (size_t)16 << 20;
    cfg.komi_offset = 20;
    mcts_t *m = mcts_new(&cfg);
    assert_non_null(m);
    mcts_report_t rep;
    mcts_search(m, g, STONE_BLACK, &rep);
    cfg.komi_offset = 19.5; /* a move later: within the drift, the tree is kept */
    mcts_set_config(m, &cfg);
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_true(rep.reused_visits > 0);
    cfg.komi_offset = 0; /* an analysis: another game's statistics */
    mcts_set_config(m, &cfg);
    mcts_search(m, g, STONE_BLACK, &rep);
    assert_int_equal(rep.reused_visits, 0);
    mcts_free(m);
    game_free(g);
}

/* Dynamic komi: none in even games; in a handicap game white gets the points per stone of the
 * colour the engine plays, falling linearly with the moves played to none after
 * ENGINE_DYNKOMI_MOVES_PER_POINT moves per point. */
static void test_dynamic_komi(void **state)
{
    (void)state;
    rules_t r;
    rules_preset(&r, "chinese");
    r.komi = 0.5;
    engine_settings_t s;
    engine_settings_default(&s);
    engine_t *e = engine_new(19, &r, &s);
    assert_non_null(e);
    assert_true(engine_dynamic_komi(e, STONE_BLACK) == 0);
    assert_true(engine_dynamic_komi(e, STONE_WHITE) == 0);
    game_t *g = engine_game(e);
    assert_true(game_fixed_handicap(g, 4, NULL));
    const double span = ENGINE_DYNKOMI_MOVES_PER_POINT * 19 * 19;
    const double per_stone[3] = {0, ENGINE_DYNKOMI_BLACK_PER_STONE,
                                 ENGINE_DYNKOMI_WHITE_PER_STONE};
    double before[3] = {0, 0, 0};
    for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
        before[c] = engine_dynamic_komi(e, c);
        const double want = per_stone[c] * 4 * (1 - game_move_count(g) / span);
        assert_true(fabs(before[c] - want) < 1e-9);
        assert_true(before[c] > 0.95 * per_stone[c] * 4);
    }
    /* Fill the board row by row, legal moves only, until the span is over. */
    const board_t *b = game_board(g);
    int halfway_checked = 0;
    for (int p = 0; p < b->num_points && game_move_count(g) <= span + 1; p++) {
        if (board_at(b, p) != STONE_EMPTY) continue;
        if (game_play(g, game_to_move(g), p) != GAME_OK) continue;
        if (game_move_count(g) == (int)(span / 2)) {
            for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
                const double k = engine_dynamic_komi(e, c);
                assert_true(fabs(k - per_stone[c] * 4 * (1 - game_move_count(g) / span)) < 1e-9);
                assert_true(k < before[c] || per_stone[c] == 0);
            }
            halfway_checked = 1;
        }
    }
    assert_true(halfway_checked);
    assert_true(game_move_count(g) > span);
    assert_true(engine_dynamic_komi(e, STONE_BLACK) == 0);
    assert_true(engine_dynamic_komi(e, STONE_WHITE) == 0);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_visits_add_up),    cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_komi_offset),
        cmocka_unit_test(test_dynamic_komi),
        cmocka_unit_test(test_komi_offset_reuse),
        cmocka_unit_test(test_memory_limit),     cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_finds_capture),    cmocka_unit_test(test_saves_atari),
        cmocka_unit_test(test_atari_go_capture), cmocka_unit_test(test_dead_stone),
        cmocka_unit_test(test_unopposed_stones_live),
        cmocka_unit_test(test_alpha_beta_reports),
        cmocka_unit_test(test_alpha_beta_evaluation_plugin),
        cmocka_unit_test(test_poll_can_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
