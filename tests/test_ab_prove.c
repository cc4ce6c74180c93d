/* test_ab_prove.c - the alpha-beta prover (ab_prove.c, `tengen solve --method ab`) against the
 * df-pn prover: the same exact values on 2x2, 3x3 (and after each distinct first move) and late
 * 4x4 positions; the published values where they are known; the 5x5 proxy where black takes
 * everything; the table and symmetries on and off. (Positions of random games are not compared:
 * on 3x3 after B3 C3 A2 a first version of the prover answered B+4 against df-pn's B+3, through
 * the graph history interaction that both accept; docs/solve.md.) Vertices are GTP text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ascii_board.h"
#include "tengen/ab.h"
#include "tengen/game.h"
#include "tengen/rules.h"

static game_t *game_after(int n, const char *ko, const char *const *moves, int count)
{
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    rules.komi = 0;
    if (ko) assert_true(rules_parse_ko(ko, &rules.ko));
    game_t *g = game_new(n, &rules);
    assert_non_null(g);
    for (int i = 0; i < count; i++) {
        int p = ascii_point(game_board(g), moves[i]);
        assert_int_equal(game_play(g, game_to_move(g), p), GAME_OK);
    }
    return g;
}

static ab_result_t solve(const game_t *g, ab_prover_t prover, uint64_t max_nodes, int tt_bits,
                         bool symmetry)
{
    ab_config_t cfg = ab_config_default();
    cfg.prover = prover;
    cfg.max_nodes = max_nodes;
    cfg.tt_bits = tt_bits;
    cfg.symmetry = symmetry;
    ab_result_t r;
    assert_true(ab_search(g, &cfg, &r));
    return r;
}

/* Both provers solve g exactly to the same value; returns it (half points, player to move). */
static int both_agree(const game_t *g, uint64_t max_nodes)
{
    ab_result_t d = solve(g, AB_PROVER_DFPN, max_nodes, 20, true);
    ab_result_t a = solve(g, AB_PROVER_ALPHA_BETA, max_nodes, 20, true);
    assert_true(d.exact);
    assert_true(a.exact);
    assert_int_equal(a.value, d.value);
    assert_true(a.pv_len > 0);
    return a.value;
}

static void test_small_boards_published_values(void **state)
{
    (void)state;
    game_t *g = game_after(2, NULL, NULL, 0);
    assert_int_equal(both_agree(g, 1000000), 2); /* 2x2: B+1 */
    game_free(g);
    g = game_after(3, NULL, NULL, 0);
    assert_int_equal(both_agree(g, 1000000), 18); /* 3x3: B+9 */
    game_free(g);
    /* After each distinct first move (white to move, so white's values): the centre B+9, the
     * side B+3, the corner W+9. */
    static const char *const first[] = {"B2", "B1", "A1"};
    static const int black_margin[] = {9, 3, -9};
    for (int k = 0; k < 3; k++) {
        g = game_after(3, NULL, &first[k], 1);
        assert_int_equal(both_agree(g, 2000000), -2 * black_margin[k]);
        game_free(g);
    }
}

static void test_late_4x4_positions_agree(void **state)
{
    (void)state;
    /* The first moves of a principal variation of the 4x4 board (B+2), then each later start. */
    static const char *const line[] = {"B3", "C2", "C3", "B2", "A2", "D3", "B1", "D2"};
    for (int k = test_scale() > 1 ? 8 : 7; k <= 8; k++) {
        game_t *g = game_after(4, NULL, line, k);
        both_agree(g, 20000000);
        game_free(g);
    }
}

static void test_5x5_black_takes_everything(void **state)
{
    (void)state;
    /* 5x5 after the centre move is B+25. A late position of a line where black takes the whole
     * board (C3 and 10 moves; 12 under sanitizers): "black gets all 25 points" is proven. */
    static const char *const line[] = {"C3", "D3", "D2", "D4", "C4", "B2", "C2",
                                       "C5", "B4", "B5", "E2", "B1", "A2"};
    game_t *g = game_after(5, NULL, line, test_scale() > 1 ? 13 : 11);
    ab_config_t cfg = ab_config_default();
    cfg.prover = AB_PROVER_ALPHA_BETA;
    cfg.max_nodes = 3000000;
    cfg.single_test = true;
    cfg.test_value = 50;
    ab_result_t r;
    assert_true(ab_search(g, &cfg, &r));
    assert_true(r.exact);
    assert_int_equal(r.value, -50); /* white to move: black has every point */
    game_free(g);
}

static void test_table_and_symmetry_agree(void **state)
{
    (void)state;
    static const char *const after[] = {"B2", "A1", "B1"};
    for (int k = 1; k <= 3; k++) {
        game_t *g = game_after(3, NULL, after, k);
        ab_result_t a = solve(g, AB_PROVER_ALPHA_BETA, 0, 20, true);
        ab_result_t b = solve(g, AB_PROVER_ALPHA_BETA, 0, 20, false);
        ab_result_t c = solve(g, AB_PROVER_ALPHA_BETA, 0, 0, false);
        assert_true(a.exact && b.exact && c.exact);
        assert_int_equal(a.value, b.value);
        assert_int_equal(a.value, c.value);
        game_free(g);
    }
}

static void test_node_limit_stops(void **state)
{
    (void)state;
    game_t *g = game_after(4, NULL, NULL, 0);
    ab_result_t r = solve(g, AB_PROVER_ALPHA_BETA, 50000, 16, true);
    assert_true(r.stopped);
    assert_false(r.exact);
    assert_true(r.lo <= 4 && r.hi >= 4); /* the value (B+2) stays inside the bounds */
    assert_true(r.nodes < 60000);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_boards_published_values),
        cmocka_unit_test(test_late_4x4_positions_agree),
        cmocka_unit_test(test_5x5_black_takes_everything),
        cmocka_unit_test(test_table_and_symmetry_agree),
        cmocka_unit_test(test_node_limit_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
