/* test_ab_final.c - perfect play at the end of a game (ab_final_status): seki positions, dead
 * shapes and positions that only look like seki, on ASCII boards whose outside is settled (the
 * walls have two or more eyes). Diagrams top row first, X black, O white. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ascii_board.h"
#include "tengen/ab.h"
#include "tengen/game.h"
#include "tengen/rules.h"

typedef struct judged {
    game_t *game;
    ab_final_t f;
} judged_t;

static void judge(judged_t *j, const char *diagram, stone_t to_move)
{
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    rules.komi = 0;
    j->game = ascii_game(diagram, &rules, to_move);
    assert_true(ab_final_status(j->game, 0, &j->f));
}

static stone_status_t status_at(const judged_t *j, const char *vertex)
{
    return j->f.status[ascii_point(game_board(j->game), vertex)];
}

static void test_simple_seki(void **state)
{
    (void)state;
    judged_t j;
    /* Black's C7-C6-C5-D5 and white's E7-E6-E5 share their only liberties D7 and D6, which
     * touch nothing else: whoever plays there puts its own string in atari. The walls live
     * with three eyes each. */
    judge(&j,
          ". O X . O X .\n"
          "O O X . O X X\n"
          ". O X X O X .\n"
          "O O O O X X X\n"
          "O . O O X . X\n"
          "O O O O X X X\n"
          "O O O O X X X\n",
          STONE_BLACK);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "C7"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "D5"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "E6"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "B7"), STATUS_ALIVE);
    assert_int_equal(status_at(&j, "F7"), STATUS_ALIVE);
    /* White: 19 wall stones, 3 eyes, 3 in seki; black: 15, 3 and 4; D7 and D6 neutral. */
    assert_true(j.f.black_margin == -3.0);
    game_free(j.game);
}

static void test_bent_three_in_the_corner(void **state)
{
    (void)state;
    judged_t j;
    const char *diagram = ". . X O O O .\n"
                          ". X X O O O O\n"
                          "X X O O O O O\n"
                          "O O O O O . O\n"
                          "O O O O O O O\n"
                          "O O O O O O O\n"
                          "O O O O O O .\n";
    /* White to move takes the vital point A7: black's five stones are dead. */
    judge(&j, diagram, STONE_WHITE);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "C7"), STATUS_DEAD);
    assert_int_equal(status_at(&j, "A5"), STATUS_DEAD);
    assert_int_equal(status_at(&j, "D7"), STATUS_ALIVE);
    assert_true(j.f.black_margin == -49.0);
    game_free(j.game);
    /* Black to move plays there itself and lives with two eyes: 5 stones and 3 points. */
    judge(&j, diagram, STONE_BLACK);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "C7"), STATUS_ALIVE);
    assert_true(j.f.black_margin == 8.0 - 41.0);
    game_free(j.game);
}

static void test_bulky_five_is_dead(void **state)
{
    (void)state;
    judged_t j;
    /* The eye space A7 B7 C7 A6 B6; white to move plays the vital point B7. */
    judge(&j,
          ". . . X O O .\n"
          ". . X X O O O\n"
          "X X X O O O O\n"
          "O O O O O . O\n"
          "O O O O O O O\n"
          "O O O O O O O\n"
          "O O O O O O .\n",
          STONE_WHITE);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "D7"), STATUS_DEAD);
    assert_int_equal(status_at(&j, "C5"), STATUS_DEAD);
    assert_true(j.f.black_margin == -49.0);
    game_free(j.game);
}

static void test_seki_with_eyes(void **state)
{
    (void)state;
    judged_t j;
    /* Black's five stones around the eye B8 and white's six around F8 share one liberty, D8:
     * whoever fills it is left with its eye alone and is captured there. */
    judge(&j,
          "X . X . O . O X\n"
          "X X X O O O O X\n"
          "O O O X X X X X\n"
          "O O O O X X X X\n"
          "O . O O X X . X\n"
          "O O O O X X X X\n"
          "O . O O X X . X\n"
          "O O O O X X X X\n",
          STONE_WHITE);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "A8"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "D7"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "A6"), STATUS_ALIVE);
    assert_int_equal(status_at(&j, "H8"), STATUS_ALIVE);
    /* White 21 + 2 eyes + 6 + its eye F8; black 25 + 2 eyes + 5 + B8; D8 neutral. */
    assert_true(j.f.black_margin == 33.0 - 30.0);
    game_free(j.game);
}

static void test_one_eye_beats_no_eye(void **state)
{
    (void)state;
    /* It looks like the seki above, but white's string has no eye: black fills the shared
     * liberties (D7 joins its wall) and captures, whoever moves first. */
    const char *diagram = "X . X . O O O X\n"
                          "X X X . O O O X\n"
                          "O O O X X X X X\n"
                          "O O O O X X X X\n"
                          "O . O O X X . X\n"
                          "O O O O X X X X\n"
                          "O . O O X X . X\n"
                          "O O O O X X X X\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, diagram, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "E8"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "A8"), STATUS_ALIVE);
        assert_true(j.f.black_margin == 64.0 - 2 * 23.0);
        game_free(j.game);
    }
}

static void test_flower_six(void **state)
{
    (void)state;
    const char *diagram = "X X . X X O O .\n"
                          "X . . . X O O O\n"
                          "X X . . X O O O\n"
                          "O X X X X O O O\n"
                          "O O O O O O . O\n"
                          "O O O O O O O O\n"
                          "O O O O O O O O\n"
                          "O O O O O O O .\n";
    judged_t j;
    /* The eye space C8 B7 C7 D7 C6 D6 (rabbity six). Black to move takes the centre C7 and
     * lives: 14 stones and 5 points. */
    judge(&j, diagram, STONE_BLACK);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "A8"), STATUS_ALIVE);
    assert_true(j.f.black_margin == 2 * (14.0 + 5.0) - 64.0);
    game_free(j.game);
    /* White to move takes it and black is dead; proving that no black stone can live in the
     * 19 points left after the capture takes about 1.2 million expansions, beyond the default
     * budget: the answer is dead or unknown, never alive. */
    judge(&j, diagram, STONE_WHITE);
    assert_true(!j.f.known || status_at(&j, "A8") == STATUS_DEAD);
    if (j.f.known) assert_true(j.f.black_margin == -64.0);
    game_free(j.game);
}

static void test_dead_stones_after_two_passes(void **state)
{
    (void)state;
    /* Black's lone F2 inside white's area is dead, whoever moves. After two passes (black to
     * move, as after "pass pass" from white) black could end the game at once with F2 still
     * on the board; the judgement takes the passes back, so F2 is dead there too. */
    const char *diagram = ". X . X O . .\n"
                          "X X X X O . .\n"
                          ". X . X O . .\n"
                          "X X X X O O O\n"
                          "O O O O O . .\n"
                          ". O . . . X .\n"
                          "O O . . . . .\n";
    for (int passes = 0; passes <= 2; passes++) {
        judged_t j;
        rules_t rules;
        assert_true(rules_preset(&rules, "chinese"));
        rules.komi = 0;
        j.game = ascii_game(diagram, &rules, passes == 1 ? STONE_BLACK : STONE_WHITE);
        for (int k = 0; k < passes; k++)
            assert_int_equal(game_play(j.game, game_to_move(j.game), POINT_PASS), GAME_OK);
        assert_true(ab_final_status(j.game, 0, &j.f));
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "F2"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "D7"), STATUS_ALIVE);
        assert_int_equal(status_at(&j, "E7"), STATUS_ALIVE);
        /* Black: 12 stones and 4 eyes; white the other 33 points. */
        assert_true(j.f.black_margin == 16.0 - 33.0);
        game_free(j.game);
    }
}

static void test_budget_gives_unknown(void **state)
{
    (void)state;
    judged_t j;
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    /* An open 6x6 board is far from the end: 50 expansions prove nothing. */
    j.game = game_new(6, &rules);
    assert_true(ab_final_status(j.game, 50, &j.f));
    assert_false(j.f.known);
    game_free(j.game);
}

static void test_open_points(void **state)
{
    (void)state;
    rules_t rules;
    assert_true(rules_preset(&rules, "chinese"));
    /* Nothing is settled on an empty board. */
    game_t *g = game_new(6, &rules);
    assert_int_equal(ab_final_open_points(g), 36);
    game_free(g);
    /* Black's wall and White's wall live with two eyes each (A6 and A4, F6 and F4): their eyes
     * are settled, the twelve points between the walls are open. */
    g = ascii_game(". X . . O .\n"
                   "X X . . O O\n"
                   ". X . . O .\n"
                   "X X . . O O\n"
                   "X X . . O O\n"
                   "X X . . O O\n",
                   &rules, STONE_BLACK);
    assert_int_equal(ab_final_open_points(g), 12);
    game_free(g);
}

static void test_seki_with_a_shared_eye(void **state)
{
    (void)state;
    /* White's B7-B6-C6 and D7 are two strings that share one eye, C7, and have one more
     * liberty each, A7 and E7, which black's nine stones (no eye) share with them. Whoever
     * plays A7 or E7 is captured at the other; black cannot play C7; white filling it joins
     * its strings into a simple seki, which changes nothing. */
    const char *diagram = ". O . O . X O\n"
                          "X O O X X X O\n"
                          "X X X X O O O\n"
                          "O O O O O O O\n"
                          "O O O O O O O\n"
                          "O O . O O . O\n"
                          "O O O O O O O\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, diagram, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "B7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "C6"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "D7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "A6"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "F7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "G7"), STATUS_ALIVE);
        assert_int_equal(status_at(&j, "A1"), STATUS_ALIVE);
        /* Black: its 9 stones; white: 31 wall stones, 2 eyes, 4 in seki and C7; A7 and E7
         * neutral. */
        assert_true(j.f.black_margin == 9.0 - 38.0);
        game_free(j.game);
    }
}

static void test_shared_eye_in_the_corner_is_not_seki(void **state)
{
    (void)state;
    /* The same shape in the corner: white's B7 and A6 share the eye A7 and have one more
     * liberty each, C7 and A5, shared with black's seven stones. It looks like seki, but
     * white fills A7 and throws in at C7: if black captures the four stones at A5, the space
     * left (A7 B7 C7 A6) is bent four in the corner, which white kills; if not, white
     * captures at A5. Whoever moves first, black is dead. */
    const char *diagram = ". O . X O . O\n"
                          "O X X X O O O\n"
                          ". X O O O . O\n"
                          "X X O O O O O\n"
                          "O O O . O O O\n"
                          "O O O O O O O\n"
                          "O O O O O . O\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, diagram, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "D7"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "A4"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "B7"), STATUS_ALIVE);
        assert_int_equal(status_at(&j, "A6"), STATUS_ALIVE);
        assert_true(j.f.black_margin == -49.0);
        game_free(j.game);
    }
}

static void test_large_seki(void **state)
{
    (void)state;
    /* Three strings, 17 stones: black's eleven (A5-G5, C6-E6, D7) have no eye and share C7
     * with white's A6-B6-B7 (eye A7) and E7 with white's F7-F6-G6 (eye G7). Whoever plays a
     * shared liberty is captured: black at C7 by white at E7, white at C7 by black at A7. */
    const char *diagram = ". O . X . O .\n"
                          "O O X X X O O\n"
                          "X X X X X X X\n"
                          "O O O O O O O\n"
                          "O O O O O O O\n"
                          "O . O O O . O\n"
                          "O O O O O O O\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, diagram, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "A5"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "D7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "B7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "F7"), STATUS_SEKI);
        assert_int_equal(status_at(&j, "A4"), STATUS_ALIVE);
        /* Black 11; white 26 wall stones, 2 eyes, 6 in seki and their eyes A7 and G7; C7 and
         * E7 neutral. */
        assert_true(j.f.black_margin == 11.0 - 36.0);
        game_free(j.game);
    }
}

static void test_l_group_is_dead(void **state)
{
    (void)state;
    /* The L-group: B3-C3-D3-D2 around the 2 x 3 corner A1-C2, A3 and D1 open, no outside
     * liberty. "The L-group is dead", even with black to move. */
    const char *l_group = "O O O O O O O\n"
                          "O . O O O . O\n"
                          "O O O O O O O\n"
                          "O O O O O O O\n"
                          ". X X X O O O\n"
                          ". . . X O . O\n"
                          ". . . . O O O\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, l_group, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "B3"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "D2"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "E1"), STATUS_ALIVE);
        assert_true(j.f.black_margin == -49.0);
        game_free(j.game);
    }
    /* With a leg on the long side (A3), the L+1 group lives or dies by who moves first. */
    const char *l_plus_one = "O O O O O O O\n"
                             "O . O O O . O\n"
                             "O O O O O O O\n"
                             "O O O O O O O\n"
                             "X X X X O O O\n"
                             ". . . X O . O\n"
                             ". . . . O O O\n";
    judged_t j;
    judge(&j, l_plus_one, STONE_BLACK);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "A3"), STATUS_ALIVE);
    assert_int_equal(status_at(&j, "D2"), STATUS_ALIVE);
    /* B1, then A2 and C2 against white's placement at B2: 8 stones and 2 eyes. */
    assert_true(j.f.black_margin == 10.0 - 39.0);
    game_free(j.game);
    judge(&j, l_plus_one, STONE_WHITE);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "A3"), STATUS_DEAD);
    assert_int_equal(status_at(&j, "D2"), STATUS_DEAD);
    assert_true(j.f.black_margin == -49.0);
    game_free(j.game);
}

static void test_false_eye_is_not_seki(void **state)
{
    (void)state;
    /* It looks like the seki with eyes, but white's eye F8 is false: G8-H8 are cut off by
     * black's G7, so black captures them at F8 and then white's four stones at D8, whoever
     * moves first (white filling F8 or D8 only hastens it). */
    const char *diagram = "X . X . O . O O\n"
                          "X X X O O O X X\n"
                          "O O O X X X X X\n"
                          "O O O O X X X X\n"
                          "O . O O X X . X\n"
                          "O O O O X X X X\n"
                          "O . O O X X . X\n"
                          "O O O O X X X X\n";
    for (int k = 0; k < 2; k++) {
        judged_t j;
        judge(&j, diagram, k == 0 ? STONE_BLACK : STONE_WHITE);
        assert_true(j.f.known);
        assert_int_equal(status_at(&j, "E8"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "G8"), STATUS_DEAD);
        assert_int_equal(status_at(&j, "A8"), STATUS_ALIVE);
        assert_int_equal(status_at(&j, "A6"), STATUS_ALIVE);
        /* White keeps its 23 points at the bottom left; black the other 41. */
        assert_true(j.f.black_margin == 41.0 - 23.0);
        game_free(j.game);
    }
}

static void test_seki_with_an_outside_liberty(void **state)
{
    (void)state;
    /* The simple seki, but black's string has a third liberty, C4, that only it has: black to
     * move fills D6 (or D7), white cannot fill C4 and D7 both, and black captures E7-E6-E5.
     * White to move fills C4 itself and it is the simple seki again. */
    const char *diagram = ". O X . O X .\n"
                          "O O X . O X X\n"
                          ". O X X O X .\n"
                          "O O . O X X X\n"
                          "O . O O X . X\n"
                          "O O O O X X X\n"
                          "O O O O X X X\n";
    judged_t j;
    judge(&j, diagram, STONE_BLACK);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "E6"), STATUS_DEAD);
    assert_int_equal(status_at(&j, "C7"), STATUS_ALIVE);
    assert_int_equal(status_at(&j, "D5"), STATUS_ALIVE);
    /* White: 19 wall stones (C4 included) and 3 eyes; black the other 27 points. */
    assert_true(j.f.black_margin == 27.0 - 22.0);
    game_free(j.game);
    judge(&j, diagram, STONE_WHITE);
    assert_true(j.f.known);
    assert_int_equal(status_at(&j, "C7"), STATUS_SEKI);
    assert_int_equal(status_at(&j, "E6"), STATUS_SEKI);
    assert_true(j.f.black_margin == -3.0);
    game_free(j.game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_seki),
        cmocka_unit_test(test_bent_three_in_the_corner),
        cmocka_unit_test(test_bulky_five_is_dead),
        cmocka_unit_test(test_seki_with_eyes),
        cmocka_unit_test(test_one_eye_beats_no_eye),
        cmocka_unit_test(test_flower_six),
        cmocka_unit_test(test_dead_stones_after_two_passes),
        cmocka_unit_test(test_budget_gives_unknown),
        cmocka_unit_test(test_seki_with_a_shared_eye),
        cmocka_unit_test(test_shared_eye_in_the_corner_is_not_seki),
        cmocka_unit_test(test_large_seki),
        cmocka_unit_test(test_l_group_is_dead),
        cmocka_unit_test(test_false_eye_is_not_seki),
        cmocka_unit_test(test_seki_with_an_outside_liberty),
        cmocka_unit_test(test_open_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
