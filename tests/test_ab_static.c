/* test_ab_static.c - the static analysis of the solver on boards up to 11x11 (ab_static.c):
 * Benson's pass-alive strings on bitboards against the rules core's benson_pass_alive, the safe
 * regions (an interior of at most two neighbouring points, or a dead group that only one move
 * captures), and the pruned moves. Diagrams top row first, X black, O white. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ab/ab_internal.h"
#include "ascii_board.h"
#include "tengen/score.h"

typedef struct analysed {
    board_t board;
    ab_geom_t geom;
    ab_static_t st;
} analysed_t;
/* Masks are 128 bits wide: cmocka's assertions take 64-bit integers, so mask tests compare with 0
 * first. */

static void analyse(analysed_t *a, const char *diagram)
{
    ascii_board(&a->board, diagram, false);
    assert_true(ab_geom_init(&a->geom, &a->board));
    ab_bits_t black, white;
    ab_bits_from_board(&a->geom, &a->board, &black, &white);
    ab_static_analyse(&a->geom, black, white, &a->st);
}

static ab_bits_t bit_at(const analysed_t *a, const char *vertex)
{
    return (ab_bits_t)1 << a->geom.bit[ascii_point(&a->board, vertex)];
}

static void test_both_sides_settled(void **state)
{
    (void)state;
    analysed_t a;
    /* Black's top with three eyes, white's bottom with five: every point is settled. */
    analyse(&a, ". X . X .\n"
                "X X X X X\n"
                "O O O O O\n"
                "O . O . O\n"
                ". O . O .\n");
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 10);
    assert_int_equal(ab_bits_count(a.st.safe[STONE_WHITE]), 15);
    assert_int_equal(ab_bits_count(a.st.alive[STONE_WHITE]), 10);
}

/* A black wall with five single eyes around a hole; `hole` is the 3x3 or larger area. */
static void test_hole_with_one_interior_point_is_safe(void **state)
{
    (void)state;
    analysed_t a;
    /* The hole B3-D5 has one point out of contact with the wall (C4): white can never make two
     * eyes there, even with stones inside already. */
    analyse(&a, "X X X X X .\n"
                "X O . . X X\n"
                "X . O . X .\n"
                "X . . . X X\n"
                "X X X X X .\n"
                ". X . X X X\n");
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 36);
    assert_true((a.st.safe[STONE_WHITE]) == 0);
    /* White's moves there change nothing; black keeps its own, to capture before the end. */
    assert_true((a.st.no_play[STONE_WHITE] & bit_at(&a, "D3")) != 0);
    assert_false((a.st.no_play[STONE_BLACK] & bit_at(&a, "D3")) != 0);
    /* Black's single eyes: no move for either side. */
    assert_true((a.st.no_play[STONE_BLACK] & bit_at(&a, "C1")) != 0);
    assert_true((a.st.no_play[STONE_WHITE] & bit_at(&a, "C1")) != 0);
}

static void test_empty_hole_is_pruned_for_both(void **state)
{
    (void)state;
    analysed_t a;
    analyse(&a, "X X X X X .\n"
                "X . . . X X\n"
                "X . . . X .\n"
                "X . . . X X\n"
                "X X X X X .\n"
                ". X . X X X\n");
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 36);
    assert_true((a.st.no_play[STONE_BLACK] & bit_at(&a, "C4")) != 0);
    assert_true((a.st.no_play[STONE_WHITE] & bit_at(&a, "C4")) != 0);
}

static void test_two_neighbouring_interior_points_are_safe(void **state)
{
    (void)state;
    analysed_t a;
    /* A 3x4 hole: its interior is C4 and D4, neighbours: one eye at most. */
    analyse(&a, "X X X X X X .\n"
                "X . . . . X X\n"
                "X . . . . X .\n"
                "X . . . . X X\n"
                "X X X X X X .\n"
                ". X . X . X X\n"
                "X X X X X X .\n");
    assert_true((a.st.safe[STONE_BLACK] & bit_at(&a, "C4")) != 0);
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 49);
}

static void test_big_hole_is_not_safe(void **state)
{
    (void)state;
    analysed_t a;
    /* A 4x4 hole: its interior C5, D5, C4, D4 holds two points that are not neighbours (two
     * potential eyes): white might live there, so only the wall and the eyes are safe. */
    analyse(&a, "X X X X X X X\n"
                "X . . . . X .\n"
                "X . . . . X X\n"
                "X . . . . X .\n"
                "X . . . . X X\n"
                "X X X X X X .\n"
                ". X . X . X X\n");
    assert_false((a.st.safe[STONE_BLACK] & bit_at(&a, "C4")) != 0);
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 49 - 16);
    assert_true((a.st.no_play[STONE_WHITE] & bit_at(&a, "C4")) == 0);
}

static void test_dead_group_captured_at_one_point(void **state)
{
    (void)state;
    analysed_t a;
    /* Black's five stones have one liberty (B2), where black cannot play (suicide); white's two
     * stones are pass-alive with the eyes A3 and B2. White takes everything when it likes. */
    analyse(&a, ". O X\n"
                "O . X\n"
                "X X X\n");
    assert_int_equal(ab_bits_count(a.st.safe[STONE_WHITE]), 9);
    assert_true((a.st.safe[STONE_BLACK]) == 0);
}

static void test_dead_group_needing_two_captures_is_left_to_search(void **state)
{
    (void)state;
    analysed_t a;
    /* White's string has one liberty at C2, where it cannot play; black lives with eyes at A4
     * and C2. After the capture the space would have two points out of contact with black (D3
     * and D1, not neighbours): the rule does not call it safe and leaves it to the search. */
    analyse(&a, ". X X O\n"
                "X X O O\n"
                "X X . O\n"
                "X O O O\n");
    assert_true((a.st.alive[STONE_BLACK] & bit_at(&a, "A1")) != 0);
    assert_int_equal(ab_bits_count(a.st.safe[STONE_BLACK]), 8);
}

static void test_benson_agrees_with_rules_core(void **state)
{
    (void)state;
    /* Random positions of every small size: the pass-alive stones are the same as the rules
     * core's Benson, and every point it calls pass-alive territory without opponent stones is
     * safe here too. */
    uint64_t seed = 12345;
    int positions = 0;
    for (int size = 2; size <= AB_BITS_MAX_SIZE; size++) {
        for (int game = 0; game < 200 / test_scale() + 1; game++) {
            board_t b;
            test_random_game(&b, size, false, &seed);
            ab_geom_t g;
            assert_true(ab_geom_init(&g, &b));
            ab_bits_t black, white;
            ab_bits_from_board(&g, &b, &black, &white);
            ab_static_t st;
            ab_static_analyse(&g, black, white, &st);
            bool alive[BOARD_MAX_POINTS];
            stone_t territory[BOARD_MAX_POINTS];
            benson_pass_alive(&b, alive, territory);
            for (int i = 0; i < size * size; i++) {
                int p = g.point[i];
                ab_bits_t m = (ab_bits_t)1 << i;
                bool mine = ((st.alive[STONE_BLACK] | st.alive[STONE_WHITE]) & m) != 0;
                assert_int_equal(mine, alive[p]);
                assert_false(((st.safe[STONE_BLACK] & st.safe[STONE_WHITE]) & m) != 0);
                /* Benson's territory without opponent stones (every empty point touches the
                 * owner's pass-alive stones) has no interior: safe here too. */
                stone_t owner = territory[p];
                if (owner == STONE_EMPTY) continue;
                ab_bits_t region = ab_bits_flood(&g, m, g.full & ~st.alive[owner]);
                ab_bits_t theirs = owner == STONE_BLACK ? white : black;
                if (!(region & theirs)) assert_true((st.safe[owner] & m) != 0);
            }
            positions++;
        }
    }
    assert_true(positions > 0);
}

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void test_flood_agrees_with_point_by_point(void **state)
{
    (void)state;
    /* Random seeds and sets of every width and size, dense and sparse: the floods (by words, and
     * by 64-bit halves beyond 8x8) reach what a breadth-first search over the points reaches. */
    uint64_t x = 88172645463325252ULL;
    for (int size = 2; size <= AB_BITS_MAX_SIZE; size++) {
        board_t b;
        assert_true(board_init(&b, size, false));
        ab_geom_t g;
        assert_true(ab_geom_init(&g, &b));
        for (int round = 0; round < 2000; round++) {
            ab_bits_t within = 0, seed = 0;
            for (int i = 0; i < size * size; i++) {
                const uint64_t r = next_random(&x);
                if ((int)(r % 8) < 3 + round % 5) within |= (ab_bits_t)1 << i;
                if ((r >> 40) % 16 == 0) seed |= (ab_bits_t)1 << i;
            }
            if (!seed) seed = (ab_bits_t)1 << (next_random(&x) % (uint64_t)(size * size));
            ab_bits_t want = seed & within;
            for (bool grew = true; grew;) {
                grew = false;
                for (int i = 0; i < size * size; i++) {
                    if (!ab_bits_has(within, i) || ab_bits_has(want, i)) continue;
                    const int cx = i % size, cy = i / size;
                    const bool near = (cx > 0 && ab_bits_has(want, i - 1)) ||
                                      (cx < size - 1 && ab_bits_has(want, i + 1)) ||
                                      (cy > 0 && ab_bits_has(want, i - size)) ||
                                      (cy < size - 1 && ab_bits_has(want, i + size));
                    if (near) {
                        want |= (ab_bits_t)1 << i;
                        grew = true;
                    }
                }
            }
            assert_true(ab_bits_flood(&g, seed, within) == want);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_both_sides_settled),
        cmocka_unit_test(test_hole_with_one_interior_point_is_safe),
        cmocka_unit_test(test_empty_hole_is_pruned_for_both),
        cmocka_unit_test(test_two_neighbouring_interior_points_are_safe),
        cmocka_unit_test(test_big_hole_is_not_safe),
        cmocka_unit_test(test_dead_group_captured_at_one_point),
        cmocka_unit_test(test_dead_group_needing_two_captures_is_left_to_search),
        cmocka_unit_test(test_benson_agrees_with_rules_core),
        cmocka_unit_test(test_flood_agrees_with_point_by_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
