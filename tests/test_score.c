/* test_score.c - unit tests of counting (score.h): Tromp-Taylor, area and territory scoring with
 * dead stones and prisoners, seki under both scorings, the handicap bonus and result strings.
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
#include "tengen/rules.h"
#include "tengen/score.h"

static rules_t make_rules(scoring_rule_t scoring, double komi, bool seki_territory)
{
    rules_t r;
    memset(&r, 0, sizeof(r));
    snprintf(r.name, sizeof(r.name), "custom");
    r.scoring = scoring;
    r.komi = komi;
    r.seki_territory = seki_territory;
    r.handicap_comp = HANDICAP_COMP_NONE;
    return r;
}

/* Mark every stone of the strings at the given vertices ("C3 D4 ..." ) in flags. */
static void mark_strings(const board_t *b, bool *flags, const char *vertices)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", vertices);
    for (char *v = strtok(buf, " "); v; v = strtok(NULL, " ")) {
        int p = ascii_point(b, v);
        assert_true(board_at(b, p) == STONE_BLACK || board_at(b, p) == STONE_WHITE);
        for (int q = 0; q < b->num_points; q++)
            if (board_at(b, q) == board_at(b, p) && board_chain_head(b, q) == board_chain_head(b, p))
                flags[q] = true;
    }
}

/* Mark every stone of the string at point p in flags. */
static void mark_strings_at(const board_t *b, bool *flags, int p)
{
    for (int q = 0; q < b->num_points; q++)
        if (board_at(b, q) == board_at(b, p) && board_chain_head(b, q) == board_chain_head(b, p))
            flags[q] = true;
}

static void expect_result(double margin, const char *want)
{
    char buf[32];
    assert_string_equal(score_result_string(margin, buf, (int)sizeof(buf)), want);
}

/* ---- Tromp-Taylor ---- */

static void test_tromp_taylor_walls(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                "X X O . .\n"
                ". X O . .\n"
                "X X O O O\n"
                ". X O . .\n",
                false);
    rules_t r = make_rules(SCORING_AREA, 0.5, true);
    score_t s = score_tromp_taylor(&b, &r, 0);
    /* Black: 7 stones + A5, A3, A1. White: 7 stones + the 8 points on the right. */
    assert_int_equal(s.black_area, 10);
    assert_int_equal(s.white_area, 15);
    assert_int_equal(s.black_territory, 3);
    assert_int_equal(s.white_territory, 8);
    assert_int_equal(s.dame, 0);
    assert_true(s.black == 10.0 && s.white == 15.5 && s.margin == -5.5);
}

static void test_tromp_taylor_dame(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                "X . O\n"
                "X . O\n"
                "X . O\n",
                false);
    rules_t r = make_rules(SCORING_AREA, 0, true);
    score_t s = score_tromp_taylor(&b, &r, 0);
    /* The middle column reaches both colours: three dame, jigo. */
    assert_int_equal(s.dame, 3);
    assert_int_equal(s.black_area, 3);
    assert_int_equal(s.white_area, 3);
    assert_true(s.margin == 0.0);
}

static void test_tromp_taylor_empty_board(void **state)
{
    (void)state;
    board_t b;
    board_init(&b, 9, false);
    rules_t r = make_rules(SCORING_AREA, 7.5, true);
    score_t s = score_tromp_taylor(&b, &r, 0);
    /* Nothing reaches a stone: every point is dame, white has komi only. */
    assert_int_equal(s.dame, 81);
    assert_int_equal(s.black_area + s.white_area, 0);
    assert_true(s.margin == -7.5);
}

static void test_tromp_taylor_counts_dead_stones_as_alive(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                ". X O X .\n"
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n",
                false);
    rules_t r = make_rules(SCORING_AREA, 0, true);
    score_t s = score_tromp_taylor(&b, &r, 0);
    /* The black stone at D4 makes white's side reach black too: 9 dame, D4 counts for black. */
    assert_int_equal(s.black_area, 11);
    assert_int_equal(s.white_area, 5);
    assert_int_equal(s.dame, 9);
}

/* ---- area scoring with dead stones ---- */

static void test_area_dead_stone_is_opponent_area(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                ". X O X .\n"
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n",
                false);
    bool dead[BOARD_MAX_POINTS] = {false};
    mark_strings(&b, dead, "D4");
    rules_t r = make_rules(SCORING_AREA, 0.5, true);
    score_t s = score_count(&b, &r, 0, dead, NULL);
    /* D4 dead: its point and the 9 around it are white's; black keeps 5 stones + 5 points. */
    assert_int_equal(s.black_area, 10);
    assert_int_equal(s.white_area, 15);
    assert_int_equal(s.white_territory, 10);
    assert_int_equal(s.dame, 0);
    assert_true(s.margin == -5.5);
}

static void test_area_ignores_captures(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n",
                false);
    b.captures[STONE_BLACK] = 4; /* as if black had taken four stones during the game */
    rules_t r = make_rules(SCORING_AREA, 0, true);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* Area scoring: prisoners do not count, 10 - 15 as without them. */
    assert_true(s.margin == -5.0);
}

/* ---- territory scoring ---- */

static void test_territory_prisoners_and_dead(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                ". X O X .\n"
                ". X O . .\n"
                ". X O . .\n"
                ". X O . .\n",
                false);
    b.captures[STONE_BLACK] = 2; /* captured during the game */
    b.captures[STONE_WHITE] = 1;
    bool dead[BOARD_MAX_POINTS] = {false};
    mark_strings(&b, dead, "D4");
    rules_t r = make_rules(SCORING_TERRITORY, 6.5, false);
    score_t s = score_count(&b, &r, 0, dead, NULL);
    /* Black: 5 points + 2 prisoners = 7. White: 10 points (D4 included) + 1 capture + 1 dead
     * stone + 6.5 komi = 18.5. */
    assert_int_equal(s.black_territory, 5);
    assert_int_equal(s.white_territory, 10);
    assert_int_equal(s.black_prisoners, 2);
    assert_int_equal(s.white_prisoners, 2);
    assert_true(s.black == 7.0 && s.white == 18.5 && s.margin == -11.5);
}

static void test_territory_dame_between_walls(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X . O .\n"
                ". X . O .\n"
                ". X . O .\n"
                ". X . O .\n"
                ". X . O .\n",
                false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* Two living walls with one big eye each share the middle column: not a seki. */
    assert_int_equal(s.black_territory, 5);
    assert_int_equal(s.white_territory, 5);
    assert_int_equal(s.dame, 5);
}

/* ---- seki ---- */

/* Simple seki in the corner: the black stone A5 and the white string B6-B3-A3 share A6 and A4 and
 * have no other liberty. The rest of the board is black's. */
static const char SIMPLE_SEKI[] = ". O X . . .\n"
                                  "X O X . . .\n"
                                  ". O X . . .\n"
                                  "O O X . . .\n"
                                  "X X X . . .\n"
                                  ". . . . . .\n";

static void test_simple_seki_area(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, SIMPLE_SEKI, false);
    rules_t r = make_rules(SCORING_AREA, 0, true);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* Both sides count their stones in the seki: black 8 stones + 21 points, white 5 stones. */
    assert_int_equal(s.black_area, 29);
    assert_int_equal(s.white_area, 5);
    assert_int_equal(s.dame, 2);
}

static void test_simple_seki_territory(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, SIMPLE_SEKI, false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* The shared liberties are dame; black's own area (not touching the seki) stays territory. */
    assert_int_equal(s.black_territory, 21);
    assert_int_equal(s.white_territory, 0);
    assert_int_equal(s.dame, 2);
}

/* Seki with one eye each: black B7-C5 (eye A7) and white A4-B2 (eye A3) share A5 and have no
 * other liberty; black's wall below and white's wall on top are alive. */
static const char EYE_SEKI[] = ". X X O . . .\n"
                               "X X X O . . .\n"
                               ". X X O O O O\n"
                               "O O O X X X X\n"
                               ". O X X . . .\n"
                               "O O X . . . .\n"
                               "X X X . . . .\n";

static void test_eye_seki_area(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI, false);
    rules_t r = make_rules(SCORING_AREA, 0, true);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* Area scoring: the eyes are area of their owners, A5 is dame. */
    assert_int_equal(s.black_area, 17 + 11 + 1);
    assert_int_equal(s.white_area, 12 + 6 + 1);
    assert_int_equal(s.dame, 1);
}

static void test_eye_seki_territory_no_eye_points(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI, false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* Japanese-style: the eyes of the seki strings are not territory. */
    assert_int_equal(s.black_territory, 11);
    assert_int_equal(s.white_territory, 6);
    assert_int_equal(s.dame, 3);
}

static void test_eye_seki_territory_when_rules_count_seki_eyes(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI, false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, true);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* seki_territory: the eyes count. */
    assert_int_equal(s.black_territory, 12);
    assert_int_equal(s.white_territory, 7);
    assert_int_equal(s.dame, 1);
}

static void test_eye_seki_given_by_caller(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI, false);
    bool seki[BOARD_MAX_POINTS] = {false};
    mark_strings(&b, seki, "B7");
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, seki);
    /* Only the black string is marked: only its eye loses its territory. */
    assert_int_equal(s.black_territory, 11);
    assert_int_equal(s.white_territory, 7);
}

static void test_no_seki_given_by_caller(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI, false);
    bool seki[BOARD_MAX_POINTS] = {false};
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, seki);
    /* An all-false seki[] overrides the detector: every eye is territory. */
    assert_int_equal(s.black_territory, 12);
    assert_int_equal(s.white_territory, 7);
}

/* One eye each and two shared liberties (A5, B5): a first fill is safe, so only the eye rule of
 * the heuristic finds this seki. */
static const char EYE_SEKI_TWO_SHARED[] = ". X X O . . .\n"
                                          "X X X O . . .\n"
                                          ". . X O O O O\n"
                                          "O O O X X X X\n"
                                          ". O X X . . .\n"
                                          "O O X . . . .\n"
                                          "X X X . . . .\n";

static void test_eye_seki_two_shared_liberties(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, EYE_SEKI_TWO_SHARED, false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    assert_int_equal(s.black_territory, 11);
    assert_int_equal(s.white_territory, 6);
    assert_int_equal(s.dame, 4);
}

/* Eye against no eye is not seki: the white string A4-B2 (eye A3) wins the race against the
 * eyeless black string A7-C5, whatever their two shared liberties A5 and B5. */
static void test_eye_against_no_eye_is_not_seki(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                "X X X O . . .\n"
                "X X X O . . .\n"
                ". . X O O O O\n"
                "O O O X X X X\n"
                ". O X X . . .\n"
                "O O X . . . .\n"
                "X X X . . . .\n",
                false);
    rules_t r = make_rules(SCORING_TERRITORY, 0, false);
    score_t s = score_count(&b, &r, 0, NULL, NULL);
    /* The detector must not call it seki: white's eye A3 stays territory. */
    assert_int_equal(s.white_territory, 6 + 1);
    assert_int_equal(s.dame, 2);
}

/* The white stone E1 shares F1 with black's big string (eye F6), and its other liberty D1 looks
 * like a one-point eye; but D1 also touches the white strings C1 and D2, so white can connect
 * out there. Not seki: nothing loses its territory. */
static void test_eye_shared_with_another_string_is_not_seki(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                "O O O O X .\n"
                ". X O X X X\n"
                ". O O O X X\n"
                "X O O X X X\n"
                "X O . O X X\n"
                "O O O . O .\n",
                false);
    rules_t with = make_rules(SCORING_TERRITORY, 0, true);
    rules_t without = make_rules(SCORING_TERRITORY, 0, false);
    score_t a = score_count(&b, &with, 0, NULL, NULL), s = score_count(&b, &without, 0, NULL, NULL);
    assert_int_equal(s.black_territory, a.black_territory);
    assert_int_equal(s.white_territory, a.white_territory);
}

/* ---- handicap ---- */

static const char HALF_BOARD[] = ". X O . .\n"
                                 ". X O . .\n"
                                 ". X O . .\n"
                                 ". X O . .\n"
                                 ". X O . .\n";

static void test_handicap_bonus_n(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, HALF_BOARD, false);
    rules_t r = make_rules(SCORING_AREA, 0.5, true);
    r.handicap_comp = HANDICAP_COMP_N;
    score_t s = score_count(&b, &r, 3, NULL, NULL);
    /* Chinese: white gets one point per handicap stone. 10 - (15 + 3 + 0.5). */
    assert_true(s.margin == -8.5);
}

static void test_handicap_bonus_n_minus_1(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, HALF_BOARD, false);
    rules_t r = make_rules(SCORING_AREA, 0.5, true);
    r.handicap_comp = HANDICAP_COMP_N_MINUS_1;
    score_t s = score_count(&b, &r, 3, NULL, NULL);
    /* AGA: N - 1. */
    assert_true(s.margin == -7.5);
}

static void test_handicap_bonus_none(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, HALF_BOARD, false);
    rules_t r = make_rules(SCORING_AREA, 0.5, true);
    score_t s = score_count(&b, &r, 3, NULL, NULL);
    /* No compensation. */
    assert_true(s.margin == -5.5);
}

static void test_handicap_bonus_not_under_territory(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, HALF_BOARD, false);
    rules_t r = make_rules(SCORING_TERRITORY, 0.5, false);
    r.handicap_comp = HANDICAP_COMP_N;
    score_t s = score_count(&b, &r, 3, NULL, NULL);
    /* Territory scoring never adds the bonus: 5 - (10 + 0.5). */
    assert_true(s.margin == -5.5);
}

static void test_handicap_bonus_tromp_taylor(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, HALF_BOARD, false);
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    score_t s = score_tromp_taylor(&b, &r, 4);
    /* Chinese preset: komi 7.5, 4 stones of handicap: 10 - (15 + 7.5 + 4). */
    assert_true(s.margin == -16.5);
}

/* ---- result strings ---- */

static void test_result_strings(void **state)
{
    (void)state;
    expect_result(3.5, "B+3.5");
    expect_result(-12, "W+12");
    expect_result(0, "0");
    expect_result(-0.5, "W+0.5");
    expect_result(7, "B+7");
    expect_result(-120.5, "W+120.5");
}

static void test_result_string_of_a_count(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                "X . O\n"
                "X . O\n"
                "X . O\n",
                false);
    rules_t r = make_rules(SCORING_AREA, 0, true);
    char buf[16];
    /* Jigo prints as SGF RE writes it. */
    assert_string_equal(score_result_string(score_tromp_taylor(&b, &r, 0).margin, buf, 16), "0");
}

static void test_result_string_truncates(void **state)
{
    (void)state;
    char buf[4];
    /* Never writes past len. */
    assert_string_equal(score_result_string(-120.5, buf, (int)sizeof(buf)), "W+1");
}

/* ---- random positions ---- */

static void test_random_counts_add_up(void **state)
{
    (void)state;
    uint64_t seed = 77;
    int games = 400 / test_scale() + 1;
    for (int g = 0; g < games; g++) {
        board_t b;
        int size = 2 + (int)(test_random(&seed) % 12);
        test_random_game(&b, size, false, &seed);
        int points = size * size;
        bool dead[BOARD_MAX_POINTS] = {false};
        for (int p = 0; p < b.num_points; p++)
            if ((board_at(&b, p) == STONE_BLACK || board_at(&b, p) == STONE_WHITE) &&
                test_random(&seed) % 8 == 0)
                mark_strings_at(&b, dead, p);
        int n_dead = 0;
        for (int p = 0; p < b.num_points; p++) n_dead += dead[p];

        rules_t area = make_rules(SCORING_AREA, 7.5, true);
        score_t tt = score_tromp_taylor(&b, &area, 0);
        score_t plain = score_count(&b, &area, 0, NULL, NULL);
        /* Every point is black's, white's or dame; TT is area counting with nothing dead. */
        assert_int_equal(tt.black_area + tt.white_area + tt.dame, points);
        assert_int_equal(tt.black_territory + tt.white_territory + tt.dame, b.empty_count);
        assert_true(tt.margin == plain.margin && tt.dame == plain.dame);

        score_t with_dead = score_count(&b, &area, 0, dead, NULL);
        assert_int_equal(with_dead.black_area + with_dead.white_area + with_dead.dame, points);
        assert_int_equal(with_dead.black_territory + with_dead.white_territory + with_dead.dame,
                         b.empty_count + n_dead);

        rules_t terr = make_rules(SCORING_TERRITORY, 6.5, true);
        score_t counted = score_count(&b, &terr, 0, dead, NULL);
        /* With seki eyes counted, territory is the same as under area scoring. */
        assert_int_equal(counted.black_territory, with_dead.black_territory);
        assert_int_equal(counted.white_territory, with_dead.white_territory);
        assert_int_equal(counted.black_prisoners + counted.white_prisoners,
                         b.captures[STONE_BLACK] + b.captures[STONE_WHITE] + n_dead);

        terr.seki_territory = false;
        score_t no_seki = score_count(&b, &terr, 0, dead, NULL);
        /* Seki can only take territory away, and the points it takes become dame. */
        assert_true(no_seki.black_territory <= counted.black_territory);
        assert_true(no_seki.white_territory <= counted.white_territory);
        assert_int_equal(no_seki.black_territory + no_seki.white_territory + no_seki.dame,
                         b.empty_count + n_dead);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tromp_taylor_walls),
        cmocka_unit_test(test_tromp_taylor_dame),
        cmocka_unit_test(test_tromp_taylor_empty_board),
        cmocka_unit_test(test_tromp_taylor_counts_dead_stones_as_alive),
        cmocka_unit_test(test_area_dead_stone_is_opponent_area),
        cmocka_unit_test(test_area_ignores_captures),
        cmocka_unit_test(test_territory_prisoners_and_dead),
        cmocka_unit_test(test_territory_dame_between_walls),
        cmocka_unit_test(test_simple_seki_area),
        cmocka_unit_test(test_simple_seki_territory),
        cmocka_unit_test(test_eye_seki_area),
        cmocka_unit_test(test_eye_seki_territory_no_eye_points),
        cmocka_unit_test(test_eye_seki_territory_when_rules_count_seki_eyes),
        cmocka_unit_test(test_eye_seki_given_by_caller),
        cmocka_unit_test(test_no_seki_given_by_caller),
        cmocka_unit_test(test_eye_seki_two_shared_liberties),
        cmocka_unit_test(test_eye_against_no_eye_is_not_seki),
        cmocka_unit_test(test_eye_shared_with_another_string_is_not_seki),
        cmocka_unit_test(test_handicap_bonus_n),
        cmocka_unit_test(test_handicap_bonus_n_minus_1),
        cmocka_unit_test(test_handicap_bonus_none),
        cmocka_unit_test(test_handicap_bonus_not_under_territory),
        cmocka_unit_test(test_handicap_bonus_tromp_taylor),
        cmocka_unit_test(test_result_strings),
        cmocka_unit_test(test_result_string_of_a_count),
        cmocka_unit_test(test_result_string_truncates),
        cmocka_unit_test(test_random_counts_add_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
