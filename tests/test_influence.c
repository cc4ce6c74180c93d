/* test_influence.c - Bouzy's dilation and erosion estimate: walls own their side, a lone stone
 * lifted from the opponent's side is inside the opponent's region, and the estimate is the same
 * under the board's symmetries with the colours swapped. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ascii_board.h"
#include "tengen/influence.h"

/* Black wall on column D, white wall on column E, a lone black stone at H5. */
static const char *const WALLS = ". . . X O . . . .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . X .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . . .\n"
                                 ". . . X O . . . .\n";

static void test_walls_and_lone_stone(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, WALLS, false);
    int8_t owner[BOARD_MAX_POINTS];
    const int h5 = ascii_point(&b, "H5");
    /* With the stone: it contests the right side, which is then no one's but for the stones. */
    influence_owner(&b, NULL, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, owner);
    assert_int_equal(owner[ascii_point(&b, "A1")], 1);
    assert_int_equal(owner[ascii_point(&b, "C9")], 1);
    assert_int_equal(owner[ascii_point(&b, "E1")], -1);
    assert_int_equal(owner[ascii_point(&b, "F1")], 0);
    assert_int_equal(owner[h5], 1);
    /* Lifted: its point is White's. */
    bool lifted[BOARD_MAX_POINTS] = {false};
    lifted[h5] = true;
    influence_owner(&b, lifted, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, owner);
    assert_int_equal(owner[h5], -1);
    assert_int_equal(owner[ascii_point(&b, "F1")], -1);
    assert_int_equal(owner[ascii_point(&b, "J9")], -1);
    assert_int_equal(owner[ascii_point(&b, "A5")], 1);
}

/* The empty board and a board with one stone of each colour far apart: nothing is owned on the
 * empty board; each lone stone owns its own point. */
static void test_empty_and_lone(void **state)
{
    (void)state;
    board_t b;
    board_init(&b, 9, false);
    int8_t owner[BOARD_MAX_POINTS];
    influence_owner(&b, NULL, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, owner);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++)
            assert_int_equal(owner[board_point(&b, x, y)], 0);
    board_setup(&b, ascii_point(&b, "C3"), STONE_BLACK);
    board_setup(&b, ascii_point(&b, "G7"), STONE_WHITE);
    influence_owner(&b, NULL, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, owner);
    assert_int_equal(owner[ascii_point(&b, "C3")], 1);
    assert_int_equal(owner[ascii_point(&b, "G7")], -1);
    assert_int_equal(owner[ascii_point(&b, "E5")], 0); /* as far from both */
}

/* Mirror the diagram left to right and swap the colours: every owner is mirrored and negated. */
static void test_symmetry(void **state)
{
    (void)state;
    char mirrored[sizeof ". . . X O . . . .\n" * 9];
    const char *src = WALLS;
    char *dst = mirrored;
    for (int row = 0; row < 9; row++) {
        for (int col = 0; col < 9; col++) {
            const char c = src[row * 18 + (8 - col) * 2];
            *dst++ = c == 'X' ? 'O' : c == 'O' ? 'X' : c;
            *dst++ = col < 8 ? ' ' : '\n';
        }
    }
    *dst = '\0';
    board_t a, m;
    ascii_board(&a, WALLS, false);
    ascii_board(&m, mirrored, false);
    int8_t oa[BOARD_MAX_POINTS], om[BOARD_MAX_POINTS];
    influence_owner(&a, NULL, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, oa);
    influence_owner(&m, NULL, INFLUENCE_DILATIONS, INFLUENCE_EROSIONS, om);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++)
            assert_int_equal(oa[board_point(&a, x, y)], -om[board_point(&m, 8 - x, y)]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walls_and_lone_stone),
        cmocka_unit_test(test_empty_and_lone),
        cmocka_unit_test(test_symmetry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
