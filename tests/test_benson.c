/* test_benson.c - unit tests of Benson's unconditional life (benson_pass_alive in score.h).
 *
 * Every case is a diagram (top row first; X black, O white) followed by the assertion. Vertices
 * are GTP text, so on a 5x5 board "A5" is the top-left corner. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/board.h"
#include "tengen/score.h"

typedef struct benson_result {
    board_t board;
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
} benson_result_t;

static benson_result_t *run(const char *diagram)
{
    benson_result_t *r = malloc(sizeof(*r));
    assert_non_null(r);
    ascii_board(&r->board, diagram, false);
    benson_pass_alive(&r->board, r->alive, r->territory);
    return r;
}

static bool alive_at(const benson_result_t *r, const char *vertex)
{
    return r->alive[ascii_point(&r->board, vertex)];
}

static stone_t territory_at(const benson_result_t *r, const char *vertex)
{
    return r->territory[ascii_point(&r->board, vertex)];
}

static int count_alive(const benson_result_t *r)
{
    int n = 0;
    for (int p = 0; p < r->board.num_points; p++) n += r->alive[p];
    return n;
}

static int count_territory(const benson_result_t *r, stone_t c)
{
    int n = 0;
    for (int p = 0; p < r->board.num_points; p++) n += r->territory[p] == c;
    return n;
}

static void test_two_true_eyes_alive(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . X .\n"
                             "X X X X X\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* Three one-point eyes: the string is pass-alive. */
    assert_true(alive_at(r, "B5") && alive_at(r, "E4"));
    assert_int_equal(count_alive(r), 7);
    free(r);
}

static void test_eyes_are_territory_open_side_is_not(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . X .\n"
                             "X X X X X\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* The eyes are black's pass-alive territory; the open 15 points could hold a white group. */
    assert_int_equal(territory_at(r, "A5"), STONE_BLACK);
    assert_int_equal(territory_at(r, "C5"), STONE_BLACK);
    assert_int_equal(territory_at(r, "C2"), STONE_EMPTY);
    assert_int_equal(count_territory(r, STONE_BLACK), 3);
    free(r);
}

static void test_one_eye_not_alive(void **state)
{
    (void)state;
    benson_result_t *r = run(". . . . .\n"
                             ". X X X .\n"
                             ". X . X .\n"
                             ". X X X .\n"
                             ". . . . .\n");
    /* One eye and an outside that is not all liberties: not pass-alive. */
    assert_int_equal(count_alive(r), 0);
    assert_int_equal(count_territory(r, STONE_BLACK), 0);
    free(r);
}

static void test_false_eye_not_alive(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . X X\n"
                             "X X X O O\n"
                             "O O O . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* C5 is shared with D5-E5, whose only liberty it is: white takes D5-E5 at C5, so C5 is not an
     * eye and the black group on the left has one eye only. */
    assert_false(alive_at(r, "B5"));
    assert_false(alive_at(r, "D5"));
    assert_int_equal(territory_at(r, "C5"), STONE_EMPTY);
    free(r);
}

static void test_two_region_eye_is_vital(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . . X\n"
                             "X X X X X\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* The eye C5-D5 has two points, both liberties: it is vital, and pass-alive territory. */
    assert_true(alive_at(r, "B5"));
    assert_int_equal(territory_at(r, "D5"), STONE_BLACK);
    free(r);
}

static void test_strings_sharing_a_vital_region(void **state)
{
    (void)state;
    benson_result_t *r = run(". . . . .\n"
                             "X X X X X\n"
                             ". . . . .\n"
                             "X X X X X\n"
                             ". . . . .\n");
    /* The middle row is vital to both strings (every point is a liberty of each): with their own
     * edge row each string has two vital regions. The whole board is black's. */
    assert_int_equal(count_alive(r), 10);
    assert_int_equal(count_territory(r, STONE_BLACK), 15);
    free(r);
}

static void test_strings_sharing_two_eyes(void **state)
{
    (void)state;
    benson_result_t *r = run("X . X\n"
                             ". X .\n"
                             "X . X\n");
    /* Five one-stone strings; every empty point is a liberty of each string it touches. Each
     * corner has two vital regions, the centre four: all alive, all four points black's. */
    assert_int_equal(count_alive(r), 5);
    assert_int_equal(count_territory(r, STONE_BLACK), 4);
    free(r);
}

static void test_open_region_is_not_territory(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . O .\n"
                             "X X O O .\n"
                             ". X O . .\n"
                             "X X O . .\n"
                             ". X O . .\n");
    /* Black: eyes A5, A3, A1 are vital to the one black string: alive. White: one string with no
     * enclosed region, not alive. C5 is a liberty of black, but its region runs to the open right
     * side, where white could still live: not black's territory. */
    assert_true(alive_at(r, "B1"));
    assert_false(alive_at(r, "C1"));
    assert_int_equal(territory_at(r, "A3"), STONE_BLACK);
    assert_int_equal(territory_at(r, "C5"), STONE_EMPTY);
    free(r);
}

static void test_opponent_stone_in_eye(void **state)
{
    (void)state;
    benson_result_t *r = run(". X O . X\n"
                             "X X X X X\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* The region C5-D5 holds a white stone and one empty point, a liberty of black: still vital.
     * Black is alive and the white stone is dead inside black's pass-alive territory. */
    assert_true(alive_at(r, "B5"));
    assert_false(alive_at(r, "C5"));
    assert_int_equal(territory_at(r, "C5"), STONE_BLACK);
    assert_int_equal(territory_at(r, "D5"), STONE_BLACK);
    free(r);
}

static void test_both_colours_alive(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . O .\n"
                             "X X . O O\n"
                             ". X . O .\n"
                             "X X . O O\n"
                             ". X . O .\n");
    /* Each side has three eyes; the dame column C belongs to neither. */
    assert_true(alive_at(r, "B3") && alive_at(r, "D3"));
    assert_int_equal(territory_at(r, "A5"), STONE_BLACK);
    assert_int_equal(territory_at(r, "E5"), STONE_WHITE);
    assert_int_equal(territory_at(r, "C3"), STONE_EMPTY);
    free(r);
}

static void test_empty_board(void **state)
{
    (void)state;
    benson_result_t *r = run(". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n");
    /* Nothing is alive, nothing is anyone's. */
    assert_int_equal(count_alive(r), 0);
    assert_int_equal(count_territory(r, STONE_BLACK) + count_territory(r, STONE_WHITE), 0);
    free(r);
}

static void test_2x2_single_stone(void **state)
{
    (void)state;
    benson_result_t *r = run("X .\n"
                             ". .\n");
    /* B1 is not a liberty of A2: the one region is not vital. */
    assert_int_equal(count_alive(r), 0);
    free(r);
}

static void test_2x2_two_stones_in_a_row(void **state)
{
    (void)state;
    benson_result_t *r = run("X X\n"
                             ". .\n");
    /* One vital region only. */
    assert_int_equal(count_alive(r), 0);
    free(r);
}

static void test_2x2_diagonal(void **state)
{
    (void)state;
    benson_result_t *r = run("X .\n"
                             ". X\n");
    /* Two one-stone strings sharing two one-point eyes: both alive, both points black's. */
    assert_int_equal(count_alive(r), 2);
    assert_int_equal(count_territory(r, STONE_BLACK), 2);
    free(r);
}

static void test_2x2_white_diagonal(void **state)
{
    (void)state;
    benson_result_t *r = run(". O\n"
                             "O .\n");
    /* The same for white. */
    assert_int_equal(count_alive(r), 2);
    assert_int_equal(count_territory(r, STONE_WHITE), 2);
    free(r);
}

static void test_3x3_one_eye_in_the_centre(void **state)
{
    (void)state;
    benson_result_t *r = run("X X X\n"
                             "X . X\n"
                             "X X X\n");
    /* Eight stones around one eye: white captures them all at B2. */
    assert_int_equal(count_alive(r), 0);
    free(r);
}

static void test_3x3_two_strings_three_shared_eyes(void **state)
{
    (void)state;
    benson_result_t *r = run("X X .\n"
                             "X . X\n"
                             ". X X\n");
    /* Strings A3-B3-A2 and C2-C1-B1 touch each of C3, B2 and A1, all one-point regions vital to
     * both: both alive, and every empty point is black's. */
    assert_int_equal(count_alive(r), 6);
    assert_int_equal(count_territory(r, STONE_BLACK), 3);
    free(r);
}

static void test_4x4_two_eyes_on_edge(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . X\n"
                             "X X X X\n"
                             ". . . .\n"
                             ". . . .\n");
    /* Eyes A4 and C4: alive; the lower half is not territory. */
    assert_int_equal(count_alive(r), 6);
    assert_int_equal(count_territory(r, STONE_BLACK), 2);
    free(r);
}

static void test_4x4_white_inside_black(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . .\n"
                             "X X X X\n"
                             "X O O X\n"
                             "X . X .\n");
    /* The big black string has A4, C4-D4, D1 and the region B2-C2-B1 (its one empty point B1
     * touches A1 and C1); the lone C1 shares the last two. All vital: black is alive and the white
     * pair, in atari, is dead in black's area. */
    assert_true(alive_at(r, "B3"));
    assert_false(alive_at(r, "B2"));
    assert_int_equal(territory_at(r, "B2"), STONE_BLACK);
    assert_int_equal(territory_at(r, "B1"), STONE_BLACK);
    free(r);
}

static void test_5x5_whole_board_white_ring(void **state)
{
    (void)state;
    benson_result_t *r = run("O O O O O\n"
                             "O . O . O\n"
                             "O O O O O\n"
                             "O . X . O\n"
                             "O O O O O\n");
    /* White: eyes B4 and D4 are vital; the region B2-C2-D2 holds a black stone and two
     * liberties of white: vital too. White is alive and the black stone is dead. */
    assert_int_equal(count_alive(r), 20);
    assert_false(alive_at(r, "C2"));
    assert_int_equal(count_territory(r, STONE_WHITE), 5);
    free(r);
}

static void test_5x5_seki_is_not_pass_alive(void **state)
{
    (void)state;
    benson_result_t *r = run(". O X . .\n"
                             "X O X . .\n"
                             ". O X . .\n"
                             "O O X . .\n"
                             "X X X . .\n");
    /* A seki (A5 and A3 shared) is not unconditional life for either side. */
    assert_false(alive_at(r, "B4"));
    assert_false(alive_at(r, "A4"));
    free(r);
}

static void test_territory_between_two_alive_strings(void **state)
{
    (void)state;
    benson_result_t *r = run(". X . X . X\n"
                             "X X X X X X\n"
                             ". . . . . .\n"
                             ". . . . . .\n"
                             "X X X X X X\n"
                             ". X . X . X\n");
    /* The middle rows are vital to neither string (each row touches one), yet every point touches
     * a pass-alive string, so white can never make an eye there: black's territory. */
    assert_int_equal(count_alive(r), 18);
    assert_int_equal(territory_at(r, "C3"), STONE_BLACK);
    assert_int_equal(count_territory(r, STONE_BLACK), 18);
    free(r);
}

/* A small seeded generator for the random tests (no global state). */
/* Pass-alive means: whatever the opponent plays, the string stays on the board and stays
 * pass-alive. Check that for every legal opponent reply, on random finished positions, and that
 * the territory is never the owner's stones nor a pass-alive stone. */
static void test_random_positions_pass_alive_is_stable(void **state)
{
    (void)state;
    uint64_t seed = 20240601;
    int games = 300 / test_scale() + 1, checked = 0;
    benson_result_t *before = malloc(sizeof(*before)), *after = malloc(sizeof(*after));
    assert_non_null(before);
    assert_non_null(after);
    for (int g = 0; g < games; g++) {
        int size = 2 + (int)(test_random(&seed) % 6);
        test_random_game(&before->board, size, test_random(&seed) % 2 == 0, &seed);
        const board_t *b = &before->board;
        benson_pass_alive(b, before->alive, before->territory);
        for (int p = 0; p < b->num_points; p++) {
            stone_t t = before->territory[p];
            if (t == STONE_EMPTY) continue;
            assert_true(board_at(b, p) != t);
            assert_false(before->alive[p]);
        }
        for (int p = 0; p < b->num_points; p++)
            if (before->alive[p]) assert_true(board_liberties(b, p) >= 2);
        for (stone_t owner = STONE_BLACK; owner <= STONE_WHITE; owner++) {
            stone_t opp = stone_other(owner);
            for (int m = 0; m < b->num_points; m++) {
                if (!board_is_on_board(b, m) || !board_is_legal(b, opp, m)) continue;
                board_copy(&after->board, b);
                board_play(&after->board, opp, m, NULL);
                benson_pass_alive(&after->board, after->alive, after->territory);
                for (int p = 0; p < b->num_points; p++) {
                    if (!before->alive[p] || board_at(b, p) != owner) continue;
                    assert_int_equal(board_at(&after->board, p), owner);
                    assert_true(after->alive[p]);
                }
                for (int p = 0; p < b->num_points; p++)
                    if (before->territory[p] == owner) assert_int_equal(after->territory[p], owner);
                checked++;
            }
        }
    }
    assert_true(checked > 0);
    free(before);
    free(after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_true_eyes_alive),
        cmocka_unit_test(test_eyes_are_territory_open_side_is_not),
        cmocka_unit_test(test_one_eye_not_alive),
        cmocka_unit_test(test_false_eye_not_alive),
        cmocka_unit_test(test_two_region_eye_is_vital),
        cmocka_unit_test(test_strings_sharing_a_vital_region),
        cmocka_unit_test(test_strings_sharing_two_eyes),
        cmocka_unit_test(test_open_region_is_not_territory),
        cmocka_unit_test(test_opponent_stone_in_eye),
        cmocka_unit_test(test_both_colours_alive),
        cmocka_unit_test(test_empty_board),
        cmocka_unit_test(test_2x2_single_stone),
        cmocka_unit_test(test_2x2_two_stones_in_a_row),
        cmocka_unit_test(test_2x2_diagonal),
        cmocka_unit_test(test_2x2_white_diagonal),
        cmocka_unit_test(test_3x3_one_eye_in_the_centre),
        cmocka_unit_test(test_3x3_two_strings_three_shared_eyes),
        cmocka_unit_test(test_4x4_two_eyes_on_edge),
        cmocka_unit_test(test_4x4_white_inside_black),
        cmocka_unit_test(test_5x5_whole_board_white_ring),
        cmocka_unit_test(test_5x5_seki_is_not_pass_alive),
        cmocka_unit_test(test_territory_between_two_alive_strings),
        cmocka_unit_test(test_random_positions_pass_alive_is_stable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
