/* test_ab_regions.c - the safe regions of the local search (src/ab/ab_regions.c): small regions
 * enclosed by pass-alive stones where the opponent cannot keep a stone even moving first, which
 * the geometric rules of ab_static.c leave open; regions where it can live are not claimed; a
 * region the enclosing string needs for its second eye; a wall that is not pass-alive but lives
 * by two small regions together, and one that dies in a square four; every claim checked against
 * the exact value the prover finds without the regions (random corner regions and random dense
 * 4x4 positions included); and the prover's values with the regions on and off on 2x2 to 4x4
 * and on 5x5 positions.
 *
 * Diagrams top row first, X black, O white. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ab/ab_internal.h"
#include "ab/ab_regions.h"
#include "ascii_board.h"
#include "tengen/ab.h"

/* The analysis of a diagram without and with the local regions. */
typedef struct analysed {
    board_t board;
    ab_geom_t geom;
    ab_static_t geometric, regions;
    ab_regions_stats_t stats;
} analysed_t;

static void analyse(analysed_t *a, const char *diagram)
{
    ascii_board(&a->board, diagram, false);
    assert_true(ab_geom_init(&a->geom, &a->board));
    ab_bits_t black, white;
    ab_bits_from_board(&a->geom, &a->board, &black, &white);
    ab_static_analyse(&a->geom, black, white, &a->geometric);
    ab_regions_t *rc = ab_regions_new(8);
    assert_non_null(rc);
    ab_regions_analyse(rc, &a->geom, black, white, &a->regions);
    a->stats = ab_regions_stats(rc);
    /* A second look is answered by the cache, the same way. */
    ab_static_t again;
    ab_regions_analyse(rc, &a->geom, black, white, &again);
    assert_true(again.safe[STONE_BLACK] == a->regions.safe[STONE_BLACK]);
    assert_true(again.safe[STONE_WHITE] == a->regions.safe[STONE_WHITE]);
    assert_true(ab_regions_stats(rc).searched == a->stats.searched);
    ab_regions_free(rc);
}

static int safe_count(const ab_static_t *st, stone_t c)
{
    return ab_bits_count(st->safe[c]);
}

/* Black's exact value (half points, komi 0, area) of the diagram with to_move to play, by the
 * prover with or without the local regions; fails the test if not exact within the budget. */
static int exact_value(const char *diagram, stone_t to_move, bool regions, uint64_t budget)
{
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    rules.komi = 0;
    game_t *g = ascii_game(diagram, &rules, to_move);
    ab_config_t cfg = ab_config_default();
    cfg.max_nodes = budget;
    cfg.tt_bits = 16;
    cfg.no_regions = !regions;
    ab_result_t r;
    assert_true(ab_search(g, &cfg, &r));
    game_free(g);
    assert_true(r.exact);
    return to_move == STONE_BLACK ? r.value : -r.value;
}

/* Black's value lies in the bounds the safe points of st give (n points, komi 0), with either
 * side to move, and the prover finds the same value with the regions on. */
static void assert_bounds_hold(const char *diagram, const ab_static_t *st, int n)
{
    for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
        const int v = exact_value(diagram, c, false, 500000);
        assert_true(v >= 2 * (2 * safe_count(st, STONE_BLACK) - n));
        assert_true(v <= 2 * (n - 2 * safe_count(st, STONE_WHITE)));
        assert_int_equal(exact_value(diagram, c, true, 500000), v);
    }
}

/* Are white's and black's moves at the vertex pruned by the analysis with the regions? */
static void assert_pruned(const analysed_t *a, const char *vertex, bool white, bool black)
{
    const ab_bits_t m = (ab_bits_t)1 << a->geom.bit[ascii_point(&a->board, vertex)];
    assert_int_equal((a->regions.no_play[STONE_WHITE] & m) != 0, white);
    assert_int_equal((a->regions.no_play[STONE_BLACK] & m) != 0, black);
}

/* 7x7: black's string with the eyes A7 and C7 walls off the bottom-left corner; white's right
 * side is pass-alive. */
#define TOP_TWO_EYES                                                                               \
    ". X . X X O .\n"                                                                              \
    "X X X X X O O\n"                                                                              \
    "X X X X X O .\n"                                                                              \
    "X X X X X O O\n"

static void test_dead_stone_in_a_2x4_corner_is_safe(void **state)
{
    (void)state;
    /* A1 B1 C1 are out of contact with black's wall: three points in a row, too many for the
     * geometric rule. White's B1 cannot live there even moving first. */
    const char *d = TOP_TWO_EYES "X X X X X O O\n"
                                 ". . . . X O O\n"
                                 ". O . . X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.geometric, STONE_BLACK), 27);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 35);
    assert_int_equal(safe_count(&a.regions, STONE_WHITE), 14);
    assert_true(a.stats.searched == 1 && a.stats.safe == 1);
    /* White's moves there are pruned, black's are kept (it must capture B1). */
    assert_pruned(&a, "C1", true, false);
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_dead_stone_in_a_3x3_corner_is_safe(void **state)
{
    (void)state;
    /* Nine points, four of them out of contact (A1 B1 A2 B2): white's B2 cannot make two eyes
     * or a seki, even moving first. */
    const char *d = TOP_TWO_EYES ". . . X X O O\n"
                                 ". O . X X O O\n"
                                 ". . . X X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.geometric, STONE_BLACK), 26);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 35);
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_dead_stone_in_a_nine_point_area_is_safe(void **state)
{
    (void)state;
    /* White's nine points at the bottom right hold black's lone F2 (test_ab_final.c's
     * position, smaller): black cannot live there moving first, so every point there is
     * white's. */
    const char *d = ". X . X O . O\n"
                    "X X X X O O O\n"
                    ". X . X O . O\n"
                    "X X X X O O O\n"
                    "O O O O O . .\n"
                    ". O O O . X .\n"
                    "O O O . . . .\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.geometric, STONE_WHITE), 24);
    assert_int_equal(safe_count(&a.regions, STONE_WHITE), 33);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 16);
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_a_living_group_is_not_claimed(void **state)
{
    (void)state;
    /* White's corner group has room for two eyes with white to move (it makes B+5 of a board
     * that would be B+21 if the corner were black's): not safe. */
    const char *d = TOP_TWO_EYES ". O O X X O O\n"
                                 "O . . X X O O\n"
                                 ". O . X X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), safe_count(&a.geometric, STONE_BLACK));
    assert_int_equal(a.stats.safe, 0);
    assert_true(exact_value(d, STONE_WHITE, false, 500000) < 2 * (2 * 35 - 49));
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_a_region_the_wall_needs_for_an_eye(void **state)
{
    (void)state;
    /* Black's wall has one eye (A7) and lives by the corner: every empty point there is its
     * liberty, so the corner is one of its two vital regions. The local game keeps a liberty of
     * the wall in the corner at every move; capturing A1-C1 still works. */
    const char *d = ". X X X X O .\n"
                    "X X X X X O O\n"
                    "X X X X X O .\n"
                    "X X X X X O O\n"
                    "X X X X X O O\n"
                    ". . . . X O O\n"
                    "O O O . X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 35);
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_random_corner_regions_are_sound(void **state)
{
    (void)state;
    /* Random stones in a corner walled by a pass-alive black string with one or two eyes: every
     * region the local search claims is black's at the exact value without regions, whoever
     * moves, and the prover's values with and without the regions agree. */
    static const char *const templates[] = {
        ". X . X X O .\nX X X X X O O\nX X X X X O .\nX X X X X O O\nX X X X X O O\n"
        "? ? ? ? X O O\n? ? ? ? X O O\n",
        ". X X X X O .\nX X X X X O O\nX X X X X O .\nX X X X X O O\nX X X X X O O\n"
        "? ? ? ? X O O\n? ? ? ? X O O\n",
        ". X X X X O .\nX X X X X O O\nX X X X X O .\nX X X X X O O\n"
        "? ? ? X X O O\n? ? ? X X O O\n? ? ? X X O O\n",
        ". X . X X O .\nX X X X X O O\nX X X X X O .\nX X X X X O O\n"
        "? ? ? ? X O O\n? ? ? ? X O O\n? ? ? ? X O O\n",
    };
    uint64_t seed = 2026;
    const int trials = 240 / test_scale();
    int claimed = 0;
    for (int t = 0; t < trials; t++) {
        char d[256];
        strcpy(d, templates[t % 4]);
        for (char *p = d; *p; p++)
            if (*p == '?') {
                const uint32_t r = test_random(&seed) % 10;
                *p = r < 5 ? '.' : r < 8 ? 'O' : 'X';
            }
        analysed_t a;
        analyse(&a, d);
        bool legal = true; /* random stones may have no liberty */
        for (int p = 0; p < a.board.num_points; p++) {
            const int c = a.board.color[p];
            if ((c == STONE_BLACK || c == STONE_WHITE) && a.board.libs[a.board.chain[p]] == 0)
                legal = false;
        }
        if (!legal || safe_count(&a.regions, STONE_BLACK) == safe_count(&a.geometric, STONE_BLACK))
            continue;
        claimed++;
        assert_bounds_hold(d, &a.regions, 49);
    }
    assert_true(claimed >= trials / 8);
}

/* 7x7: black's wall has no eye of its own: every liberty it has is in the bottom-left corner,
 * so Benson never calls it pass-alive; white's right side is pass-alive. */
#define EYELESS_WALL                                                                               \
    "X X X X X O .\n"                                                                              \
    "X X X X X O O\n"                                                                              \
    "X X X X X O .\n"                                                                              \
    "X X X X X O O\n"

static void test_a_wall_lives_by_two_regions_together(void **state)
{
    (void)state;
    /* The wall's liberties are a two-point eye at the top and a square four in the corner:
     * neither region makes it pass-alive, neither alone gives it two eyes, but together white
     * moving first can take neither, so the wall and both regions are black's (the local game on
     * both at once, the wall keeping a liberty there at every move). */
    const char *d = ". . X X X O .\n"
                    "X X X X X O O\n"
                    "X X X X X O .\n"
                    "X X X X X O O\n"
                    "X X X X X O O\n"
                    ". . X X X O O\n"
                    ". . X X X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.geometric, STONE_BLACK), 0);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 35);
    assert_int_equal(safe_count(&a.regions, STONE_WHITE), 14);
    /* White's moves there are pruned, and black's own too (no white stone to capture). */
    assert_pruned(&a, "A1", true, true);
    assert_bounds_hold(d, &a.regions, 49);
}

static void test_square_four_is_not_claimed(void **state)
{
    (void)state;
    /* Four points in the corner make one eye at most: white kills the wall by playing inside,
     * so nothing of black's is claimed (the exact value, after the wall's capture, is out of
     * reach here). */
    const char *d = EYELESS_WALL "X X X X X O O\n"
                                 ". . X X X O O\n"
                                 ". . X X X O O\n";
    analysed_t a;
    analyse(&a, d);
    assert_int_equal(safe_count(&a.regions, STONE_BLACK), 0);
}

/* Random 4x4 positions with most points filled, black to move or white: the prover's value
 * is the same with the local regions (both kinds) and without, and the static claims bound it. */
static void test_random_small_positions_agree(void **state)
{
    (void)state;
    uint64_t seed = 11;
    const int trials = 120 / test_scale();
    int checked = 0, claimed = 0, living = 0;
    for (int t = 0; t < trials; t++) {
        const int n = 4;
        char d[128], *q = d;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                const uint32_t r = test_random(&seed) % 20;
                *q++ = r < 5 ? '.' : r < 13 ? 'X' : 'O';
                *q++ = x == n - 1 ? '\n' : ' ';
            }
        *q = 0;
        analysed_t a;
        analyse(&a, d);
        bool legal = true;
        for (int p = 0; p < a.board.num_points; p++) {
            const int c = a.board.color[p];
            if ((c == STONE_BLACK || c == STONE_WHITE) && a.board.libs[a.board.chain[p]] == 0)
                legal = false;
        }
        if (!legal) continue;
        checked++;
        if (ab_bits_count(a.regions.safe[STONE_BLACK] | a.regions.safe[STONE_WHITE]) >
            ab_bits_count(a.geometric.safe[STONE_BLACK] | a.geometric.safe[STONE_WHITE]))
            claimed++;
        /* Without pass-alive stones only the living-group search can claim anything. */
        for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++)
            if (!a.geometric.alive[c] && a.regions.safe[c]) living++;
        assert_bounds_hold(d, &a.regions, n * n);
    }
    assert_true(checked >= trials / 4);
    assert_true(claimed >= checked / 8);
    assert_true(living >= checked / 20);
}

/* Black's value of the n x n board after the moves (GTP vertices, comma-separated), solved with
 * the regions on or off. */
static ab_result_t solve_after(int n, const char *moves, bool regions, uint64_t budget)
{
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    rules.komi = 0;
    game_t *g = game_new(n, &rules);
    assert_non_null(g);
    char buf[128];
    strcpy(buf, moves);
    for (char *v = strtok(buf, ","); v; v = strtok(NULL, ",")) {
        const int p = ascii_point(game_board(g), v);
        assert_int_equal(game_play(g, game_to_move(g), p), GAME_OK);
    }
    ab_config_t cfg = ab_config_default();
    cfg.max_nodes = budget;
    cfg.tt_bits = 20;
    cfg.no_regions = !regions;
    ab_result_t r;
    assert_true(ab_search(g, &cfg, &r));
    game_free(g);
    return r;
}

static void test_solver_agrees_with_and_without_regions(void **state)
{
    (void)state;
    /* The empty 2x2, 3x3 and (at full scale) 4x4 boards, 4x4 after two moves, and 5x5 positions
     * from the centre opening that both solve within the budget. */
    static const struct {
        int n;
        const char *moves;
        int scale_max; /* the largest TENGEN_TEST_SCALE that runs it */
    } cases[] = {
        {2, "", 4},
        {3, "", 4},
        {4, "B2,C3", 4},
        {4, "", 1},
        {5, "C3,B3,C2,B2,D4,B4,C4,B1,D2", 1},
        {5, "C3,B3,C2,B2,D4,B4,C4,B1,D2,A2", 1},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (test_scale() > cases[i].scale_max) continue;
        const char *m = cases[i].moves;
        ab_result_t on = solve_after(cases[i].n, m, true, 3000000);
        ab_result_t off = solve_after(cases[i].n, m, false, 3000000);
        assert_true(on.exact && off.exact);
        assert_int_equal(on.value, off.value);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dead_stone_in_a_2x4_corner_is_safe),
        cmocka_unit_test(test_dead_stone_in_a_3x3_corner_is_safe),
        cmocka_unit_test(test_dead_stone_in_a_nine_point_area_is_safe),
        cmocka_unit_test(test_a_living_group_is_not_claimed),
        cmocka_unit_test(test_a_region_the_wall_needs_for_an_eye),
        cmocka_unit_test(test_random_corner_regions_are_sound),
        cmocka_unit_test(test_a_wall_lives_by_two_regions_together),
        cmocka_unit_test(test_square_four_is_not_claimed),
        cmocka_unit_test(test_random_small_positions_agree),
        cmocka_unit_test(test_solver_agrees_with_and_without_regions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
