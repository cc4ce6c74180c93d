/* test_pattern3.c - the 3x3 patterns: each family matches in every rotation, reflection and colour,
 * and plain shapes do not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ascii_board.h"
#include "tengen/pattern3.h"

static bool matches(const char *diagram, const char *vertex)
{
    board_t b;
    ascii_board(&b, diagram, false);
    return pattern3_match(&b, ascii_point(&b, vertex));
}

/* The set holds every pattern expanded: far fewer than all 65,536 keys, and not none. */
static void test_table(void **state)
{
    (void)state;
    assert_int_equal(pattern3_count(), 13);
    assert_true(pattern3_key_count() > 100);
    /* Most keys of the set are impossible neighbourhoods (edges in the middle) that "?" allows. */
    assert_true(pattern3_key_count() < 65536 / 3);
}

/* The enclosing hane at E4 (under the white stone between two black ones), turned four ways and
 * with the colours swapped. */
static void test_hane_symmetries(void **state)
{
    (void)state;
    const char *down = ". . . . . . .\n"
                       ". . . . . . .\n"
                       ". . X O X . .\n"
                       ". . . . . . .\n"
                       ". . . . . . .\n"
                       ". . . . . . .\n"
                       ". . . . . . .\n";
    assert_true(matches(down, "D4"));
    assert_true(matches(down, "D6")); /* the hane from the other side */
    assert_false(matches(down, "A4"));
    const char *side = ". . . . . . .\n"
                       ". . . X . . .\n"
                       ". . . O . . .\n"
                       ". . . X . . .\n"
                       ". . . . . . .\n"
                       ". . . . . . .\n"
                       ". . . . . . .\n";
    assert_true(matches(side, "E5"));
    assert_true(matches(side, "C5"));
    const char *swapped = ". . . . . . .\n"
                          ". . . . . . .\n"
                          ". . O X O . .\n"
                          ". . . . . . .\n"
                          ". . . . . . .\n"
                          ". . . . . . .\n"
                          ". . . . . . .\n";
    assert_true(matches(swapped, "D4"));
}

/* A lone stone, an empty board and a solid wall are no pattern. */
static void test_no_match(void **state)
{
    (void)state;
    const char *lone = ". . . . .\n"
                       ". . . . .\n"
                       ". . X . .\n"
                       ". . . . .\n"
                       ". . . . .\n";
    assert_false(matches(lone, "C4"));
    assert_false(matches(lone, "D4"));
    assert_false(matches(lone, "A1"));
    const char *wall = ". . . . .\n"
                       "X X X . .\n"
                       ". . . . .\n"
                       ". . . . .\n"
                       ". . . . .\n";
    assert_false(matches(wall, "B3"));
}

/* Cuts: the unprotected diagonal cut, and the cut through a one-point jump. */
static void test_cuts(void **state)
{
    (void)state;
    const char *diagonal = ". . . . .\n"
                           ". X O . .\n"
                           ". O . . .\n"
                           ". . . . .\n"
                           ". . . . .\n";
    assert_true(matches(diagonal, "C3"));
    const char *jump = ". . . . .\n"
                       ". . X . .\n"
                       ". O . O .\n"
                       ". . . . .\n"
                       ". . . . .\n";
    assert_true(matches(jump, "C3"));
}

/* On the edge: the sagari (descent) from a stone on the second line next to an opponent's. */
static void test_edge(void **state)
{
    (void)state;
    const char *sagari = ". . . . .\n"
                         ". . . . .\n"
                         ". . . . .\n"
                         ". . X O .\n"
                         ". . . . .\n";
    assert_true(matches(sagari, "C1"));
    /* The same two stones away from the edge: next to the black stone on its far side, no
     * pattern. */
    const char *centre = ". . . . . . .\n"
                         ". . . . . . .\n"
                         ". . X O . . .\n"
                         ". . . . . . .\n"
                         ". . . . . . .\n"
                         ". . . . . . .\n"
                         ". . . . . . .\n";
    assert_false(matches(centre, "B5"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_hane_symmetries),
        cmocka_unit_test(test_no_match),
        cmocka_unit_test(test_cuts),
        cmocka_unit_test(test_edge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
