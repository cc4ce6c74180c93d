/* test_tactics.c - liberties after a move, self-atari and atari escapes, as diagrams with one
 * assertion each (read without playing; checked against board_play where it is cheap). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ascii_board.h"
#include "tengen/tactics.h"

static void eval(const char *diagram, stone_t c, const char *vertex, tactics_move_t *m)
{
    board_t b;
    ascii_board(&b, diagram, false);
    tactics_eval_move(&b, c, ascii_point(&b, vertex), m);
}

static bool self_atari(const char *diagram, stone_t c, const char *vertex)
{
    board_t b;
    ascii_board(&b, diagram, false);
    return tactics_is_self_atari(&b, c, ascii_point(&b, vertex));
}

static void test_eval_move(void **state)
{
    (void)state;
    tactics_move_t m;
    /* Black at B3 joins A3 and B2: a string of 3 stones with more than 3 liberties. */
    eval(". . . .\n"
         "X . . .\n"
         ". X . .\n"
         ". . . .\n",
         STONE_BLACK, "B3", &m);
    assert_int_equal(m.stones, 3);
    assert_int_equal(m.libs, 3); /* capped at 3 */
    assert_int_equal(m.captured, 0);
    /* White at D2 captures the two black stones. */
    eval(". . . .\n"
         ". O O .\n"
         "O X X .\n"
         ". O O .\n",
         STONE_WHITE, "D2", &m);
    assert_int_equal(m.captured, 2);
    assert_true(m.libs >= 2);
}

static void test_self_atari(void **state)
{
    (void)state;
    /* Black at C1 keeps two liberties; black at A2 (next diagram) keeps one: self-atari. */
    assert_false(self_atari(". . . . .\n"
                            ". . . . .\n"
                            ". . . . .\n"
                            "O . . . .\n"
                            ". O . . .\n",
                            STONE_BLACK, "C1"));
    assert_true(self_atari(". . . . .\n"
                           ". . . . .\n"
                           "O . . . .\n"
                           ". O . . .\n"
                           ". . O . .\n",
                           STONE_BLACK, "A2"));
    /* Capturing is never a self-atari: black A1 takes the white stone at B1. */
    assert_false(self_atari(". . . . .\n"
                            ". . . . .\n"
                            ". . . . .\n"
                            "O X . . .\n"
                            ". O X . .\n",
                            STONE_BLACK, "A1"));
}

static bool snapback(const char *diagram, stone_t c, const char *vertex)
{
    board_t b;
    ascii_board(&b, diagram, false);
    const bool answer = tactics_is_snapback(&b, c, ascii_point(&b, vertex));
    if (answer) {
        /* Play it out: the opponent takes at the one liberty, c takes back two stones or more. */
        const int p = ascii_point(&b, vertex);
        int lib = POINT_NONE;
        assert_int_equal(board_check_move(&b, c, p), MOVE_OK);
        assert_int_equal(board_play(&b, c, p, NULL), 0);
        board_chain_liberty_list(&b, p, &lib, 1);
        assert_int_equal(board_check_move(&b, stone_other(c), lib), MOVE_OK);
        assert_int_equal(board_play(&b, stone_other(c), lib, NULL), 1);
        assert_int_equal(board_liberties(&b, lib), 1);
        assert_int_equal(board_check_move(&b, c, p), MOVE_OK);
        assert_true(board_play(&b, c, p, NULL) >= 2);
    }
    return answer;
}

static void test_snapback(void **state)
{
    (void)state;
    /* Black's four stones have the liberties A1 and B1. White's throw-in at B1 is taken at A1,
     * and white retakes five stones at B1; the throw-in at A1 is taken at B1 and retaken at A1. */
    const char *throw_in = ". . . . .\n"
                           ". . . . .\n"
                           "O O O . .\n"
                           "X X X O .\n"
                           ". . X O .\n";
    assert_true(snapback(throw_in, STONE_WHITE, "B1"));
    assert_true(snapback(throw_in, STONE_WHITE, "A1"));
    /* With a third liberty at D2 the taker survives: no snapback. */
    assert_false(snapback(". . . . .\n"
                          ". . . . .\n"
                          "O O O . .\n"
                          "X X X . .\n"
                          ". . X O .\n",
                          STONE_WHITE, "B1"));
    /* A lone taker (black B1 joins no string) makes a ko, not a snapback. */
    assert_false(snapback(". . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n"
                          "X O . . .\n"
                          ". . O . .\n",
                          STONE_WHITE, "A1"));
    /* White B1 captures C1: no self-atari, no snapback. */
    assert_false(snapback(". . . . .\n"
                          ". . . . .\n"
                          "O O . . .\n"
                          "X X O . .\n"
                          ". . X O .\n",
                          STONE_WHITE, "B1"));
    /* Two empty neighbours: no self-atari. */
    assert_false(snapback(". . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n"
                          "X X . . .\n"
                          ". . . . .\n",
                          STONE_WHITE, "C1"));
}

static void test_atari_escapes(void **state)
{
    (void)state;
    board_t b;
    int out[8];
    /* The black stone at C3 is in atari; extending at C2 gives three liberties. */
    ascii_board(&b,
                ". . . . .\n"
                ". . O . .\n"
                ". O X O .\n"
                ". . . . .\n"
                ". . . . .\n",
                false);
    int n = tactics_atari_escapes(&b, ascii_point(&b, "C3"), out, 8);
    assert_int_equal(n, 1);
    assert_int_equal(out[0], ascii_point(&b, "C2"));
    /* Here extending at C2 leaves one liberty, but capturing the white stone at D3 (in atari,
     * at D2) saves. */
    ascii_board(&b,
                ". . . . .\n"
                ". . O X .\n"
                ". O X O X\n"
                ". O . . .\n"
                ". . O . .\n",
                false);
    n = tactics_atari_escapes(&b, ascii_point(&b, "C3"), out, 8);
    assert_int_equal(n, 1);
    assert_int_equal(out[0], ascii_point(&b, "D2"));
    /* A string not in atari has no escapes. */
    assert_int_equal(tactics_atari_escapes(&b, ascii_point(&b, "D4"), out, 8), 0);
}

/* The ladder: black B7 is in atari; extending at C7 leaves two liberties and White chases it
 * diagonally to the lower right edge, unless a black stone stands in the way. */
static const char *ladder_start = ". . . . . . . . .\n"
                                  ". O O . . . . . .\n"
                                  "O X . . . . . . .\n"
                                  ". O . . . . . . .\n"
                                  ". . . . . . . . .\n"
                                  ". . . . . . . . .\n"
                                  ". . . . . . . . .\n"
                                  ". . . . . . . . .\n"
                                  ". . . . . . . . .\n";
static const char *ladder_breaker = ". . . . . . . . .\n"
                                    ". O O . . . . . .\n"
                                    "O X . . . . . . .\n"
                                    ". O . . . . . . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . X . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . . . .\n";

static void test_ladder(void **state)
{
    (void)state;
    board_t b;
    int out[8];
    ascii_board(&b, ladder_start, false);
    const int q = ascii_point(&b, "B7");
    assert_true(tactics_ladder_caught(&b, q));
    assert_int_equal(tactics_atari_escapes(&b, q, out, 8), 0);
    ascii_board(&b, ladder_breaker, false);
    assert_false(tactics_ladder_caught(&b, q));
    assert_int_equal(tactics_atari_escapes(&b, q, out, 8), 1);
    assert_int_equal(out[0], ascii_point(&b, "C7"));
    /* A string not in atari is not caught. */
    assert_false(tactics_ladder_caught(&b, ascii_point(&b, "B8")));
}

static void test_ladder_attack(void **state)
{
    (void)state;
    board_t b;
    /* Black B7 has two liberties, B6 and C7. White B6 starts a working ladder; White C7 is a
     * plain atari that Black escapes from at B6. */
    ascii_board(&b,
                ". . . . . . . . .\n"
                ". O O . . . . . .\n"
                "O X . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n",
                false);
    assert_true(tactics_is_ladder_attack(&b, STONE_WHITE, ascii_point(&b, "B6")));
    assert_false(tactics_is_ladder_attack(&b, STONE_WHITE, ascii_point(&b, "C7")));
    /* Far from any string: no atari at all. */
    assert_false(tactics_is_ladder_attack(&b, STONE_WHITE, ascii_point(&b, "G3")));
    /* With a breaker on the diagonal the same atari fails. */
    ascii_board(&b,
                ". . . . . . . . .\n"
                ". O O . . . . . .\n"
                "O X . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . X . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n",
                false);
    assert_false(tactics_is_ladder_attack(&b, STONE_WHITE, ascii_point(&b, "B6")));
}

/* A defender in atari next to an attacker stone in atari escapes by capturing it. */
static void test_ladder_capture_escape(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". . . . . . . . .\n"
                "O O O . . . . . .\n"
                "O X . . . . . . .\n"
                "X O X . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n",
                false);
    assert_false(tactics_ladder_caught(&b, ascii_point(&b, "B7")));
    int out[8];
    /* Both the capture at B5 and the extension at C7 (the capture stays available) save it. */
    assert_int_equal(tactics_atari_escapes(&b, ascii_point(&b, "B7"), out, 8), 2);
    assert_int_equal(out[0], ascii_point(&b, "B5"));
    assert_int_equal(out[1], ascii_point(&b, "C7"));
}

/* Nakade: the middle of a straight three, the corner of a bent three; nothing for a four, for a
 * space that touches both colours, or for a stone-filled point. */
static void test_nakade(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". . . . . .\n"
                "X X X X X .\n"
                "X . . . X .\n"
                "X X X X X .\n"
                ". . O O . .\n"
                ". O . . . .\n",
                false);
    for (const char *v = "BCD"; *v; v++) {
        char vertex[3] = {*v, '4', 0};
        assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, vertex)), ascii_point(&b, "C4"));
    }
    assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, "A6")), POINT_NONE); /* large */
    assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, "B5")), POINT_NONE); /* a stone */
    /* The bent three in the corner: A1 B1 A2, vital point A1. */
    ascii_board(&b,
                ". . . . .\n"
                ". . . . .\n"
                "O O . . .\n"
                ". O . . .\n"
                ". . O . .\n",
                false);
    assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, "B1")), ascii_point(&b, "A1"));
    /* The same space with one black stone next to it: not an eye space of one colour. */
    ascii_board(&b,
                ". . . . .\n"
                ". . . . .\n"
                "O O . . .\n"
                ". O . . .\n"
                ". . X . .\n",
                false);
    assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, "B1")), POINT_NONE);
    /* Four in a row is not a three. */
    ascii_board(&b,
                "X X X X X X\n"
                "X . . . . X\n"
                "X X X X X X\n"
                ". . . . . .\n"
                ". . . . . .\n"
                ". . . . . .\n",
                false);
    assert_int_equal(tactics_nakade_point(&b, ascii_point(&b, "C5")), POINT_NONE);
}

/* An eye space given as cells (x, y) with the index of its vital point, or -1 for none. */
typedef struct {
    const char *name;
    int cells;
    int x[7], y[7];
    int vital;
} eye_shape_t;

/* Every shape of four to six points (and one of seven) under the eight symmetries, surrounded by
 * either colour, in the middle of the board and against the corner: from every point of the space
 * tactics_nakade_point names the vital point or nothing, and with one stone of the other colour
 * next to the space, nothing. */
static void test_nakade_larger_shapes(void **state)
{
    (void)state;
    static const eye_shape_t shapes[] = {
        {"pyramid four", 4, {0, 1, 2, 1}, {0, 0, 0, 1}, 1},
        {"bulky five", 5, {0, 1, 0, 1, 2}, {0, 0, 1, 1, 1}, 3},
        {"crossed five", 5, {1, 0, 1, 2, 1}, {0, 1, 1, 1, 2}, 2},
        {"rabbity six", 6, {1, 0, 1, 2, 1, 2}, {0, 1, 1, 1, 2, 2}, 2},
        {"square four", 4, {0, 1, 0, 1}, {0, 0, 1, 1}, -1},
        {"bent four", 4, {0, 0, 0, 1}, {0, 1, 2, 2}, -1},
        {"zigzag four", 4, {0, 1, 1, 2}, {0, 0, 1, 1}, -1},
        {"straight five", 5, {0, 1, 2, 3, 4}, {0, 0, 0, 0, 0}, -1},
        {"T five", 5, {0, 1, 2, 1, 1}, {0, 0, 0, 1, 2}, -1},
        {"U five", 5, {0, 0, 1, 2, 2}, {0, 1, 1, 1, 0}, -1},
        {"bulky six", 6, {0, 1, 2, 0, 1, 2}, {0, 0, 0, 1, 1, 1}, -1},
        {"cross with a tail", 6, {1, 0, 1, 2, 1, 1}, {0, 1, 1, 1, 2, 3}, -1},
        {"rabbity six and one", 7, {1, 0, 1, 2, 1, 2, 3}, {0, 1, 1, 1, 2, 2, 2}, -1},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const eye_shape_t *sh = &shapes[s];
        for (int sym = 0; sym < 8; sym++) {
            for (int corner = 0; corner < 2; corner++) {
                for (int colour = 0; colour < 2; colour++) {
                    for (int intruder = 0; intruder < 2; intruder++) {
                        /* Cells turned by the symmetry, then moved to start at 0 (corner) or 2. */
                        int x[7], y[7], minx = 99, miny = 99;
                        for (int i = 0; i < sh->cells; i++) {
                            int a = sh->x[i], c = sh->y[i];
                            if (sym & 1) a = -a;
                            if (sym & 2) c = -c;
                            if (sym & 4) { const int t = a; a = c; c = t; }
                            x[i] = a;
                            y[i] = c;
                            minx = a < minx ? a : minx;
                            miny = c < miny ? c : miny;
                        }
                        const int off = corner ? 0 : 2;
                        /* The diagram: nine rows of ". " pairs, the last one ".\n". */
                        char text[9 * 18 + 1];
                        for (int r = 0; r < 9; r++)
                            for (int q = 0; q < 9; q++) {
                                text[r * 18 + 2 * q] = '.';
                                text[r * 18 + 2 * q + 1] = q == 8 ? '\n' : ' ';
                            }
                        text[9 * 18] = 0;
#define AT(px, py) text[(py) * 18 + 2 * (px)]
                        const char own = colour ? 'O' : 'X', other = colour ? 'X' : 'O';
                        /* The owner's wall: every point within one step (eight ways) of the space. */
                        for (int i = 0; i < sh->cells; i++) {
                            x[i] += off - minx;
                            y[i] += off - miny;
                            for (int dy = -1; dy <= 1; dy++)
                                for (int dx = -1; dx <= 1; dx++) {
                                    const int wx = x[i] + dx, wy = y[i] + dy;
                                    if (wx >= 0 && wx < 9 && wy >= 0 && wy < 9) AT(wx, wy) = own;
                                }
                        }
                        for (int i = 0; i < sh->cells; i++) AT(x[i], y[i]) = '.';
                        if (intruder) {
                            /* The first wall stone next to the space becomes the other colour. */
                            bool placed = false;
                            for (int i = 0; i < sh->cells && !placed; i++)
                                for (int k = 0; k < 4 && !placed; k++) {
                                    const int wx = x[i] + (k == 0) - (k == 1);
                                    const int wy = y[i] + (k == 2) - (k == 3);
                                    if (wx >= 0 && wx < 9 && wy >= 0 && wy < 9 && AT(wx, wy) == own) {
                                        AT(wx, wy) = other;
                                        placed = true;
                                    }
                                }
                            assert_true(placed);
                        }
                        board_t b;
                        ascii_board(&b, text, false);
#undef AT
                        const int want =
                            sh->vital < 0 || intruder ? POINT_NONE
                                                      : board_point(&b, x[sh->vital], y[sh->vital]);
                        for (int i = 0; i < sh->cells; i++) {
                            const int got = tactics_nakade_point(&b, board_point(&b, x[i], y[i]));
                            if (got != want)
                                fail_msg("%s, symmetry %d, corner %d, colour %d, intruder %d, cell %d: "
                                         "%d, want %d", sh->name, sym, corner, colour, intruder, i, got,
                                         want);
                        }
                    }
                }
            }
        }
    }
}

/* Sacrifices that kill from the inside: a self-atari that also puts the surrounding string in
 * atari at the same liberty, and leaves a dead eye space once taken. */
static void test_nakade_sacrifice(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". . . . . . .\n"
                "O O O O O O O\n"
                "O X X X X X O\n"
                "O X . O X X O\n"
                "O X O O . X O\n"
                "O X X X X X O\n"
                "O O O O O O O\n",
                false);
    /* E3 makes the pyramid four C3 D3 E3 D4, C4 the square four: both dead once taken. */
    assert_int_equal(tactics_self_atari_stones(&b, STONE_WHITE, ascii_point(&b, "E3")), 4);
    assert_true(tactics_is_nakade_sacrifice(&b, STONE_WHITE, ascii_point(&b, "E3")));
    assert_true(tactics_is_nakade_sacrifice(&b, STONE_WHITE, ascii_point(&b, "C4")));
    /* With a liberty outside, black is not put in atari: no sacrifice. */
    ascii_board(&b,
                ". . . . . . .\n"
                "O O O O O O O\n"
                "O X X X X X O\n"
                ". X . O X X O\n"
                "O X O O . X O\n"
                "O X X X X X O\n"
                "O O O O O O O\n",
                false);
    assert_false(tactics_is_nakade_sacrifice(&b, STONE_WHITE, ascii_point(&b, "E3")));
    /* The straight four left once taken makes two eyes: no sacrifice. */
    ascii_board(&b,
                ". . . . . . .\n"
                ". . . . . . .\n"
                ". . . . . . .\n"
                "O O O O O O O\n"
                "X X X X X X X\n"
                "X . O O O . X\n"
                "X X X X X X X\n",
                false);
    assert_int_equal(tactics_self_atari_stones(&b, STONE_WHITE, ascii_point(&b, "B2")), 4);
    assert_false(tactics_is_nakade_sacrifice(&b, STONE_WHITE, ascii_point(&b, "B2")));
    /* Three stones in a row, taken, leave a straight three: the sacrifice kills. */
    ascii_board(&b,
                ". . . . . . .\n"
                ". . . . . . .\n"
                ". . . . . . .\n"
                "O O O O O O O\n"
                "X X X X X X X\n"
                "X X . O O . X\n"
                "X X X X X X X\n",
                false);
    assert_int_equal(tactics_self_atari_stones(&b, STONE_WHITE, ascii_point(&b, "C2")), 3);
    assert_true(tactics_is_nakade_sacrifice(&b, STONE_WHITE, ascii_point(&b, "C2")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_move),
        cmocka_unit_test(test_self_atari),
        cmocka_unit_test(test_snapback),
        cmocka_unit_test(test_atari_escapes),
        cmocka_unit_test(test_ladder),
        cmocka_unit_test(test_ladder_attack),
        cmocka_unit_test(test_ladder_capture_escape),
        cmocka_unit_test(test_nakade),
        cmocka_unit_test(test_nakade_larger_shapes),
        cmocka_unit_test(test_nakade_sacrifice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
