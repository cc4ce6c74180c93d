/* test_board.c - unit tests of the board (board.h) written as ASCII diagrams: captures, snapback,
 * suicide, simple ko, liberties, merges, copy, play/undo round trips and GTP vertices.
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

#define BLACK STONE_BLACK
#define WHITE STONE_WHITE

static void expect_consistent(const board_t *b)
{
    char err[200];
    if (!board_check(b, err, (int)sizeof(err))) fail_msg("board_check: %s", err);
}

/* Play c at vertex (must be legal); returns the stones removed. */
static int play(board_t *b, stone_t c, const char *vertex)
{
    int p = strcmp(vertex, "pass") ? ascii_point(b, vertex) : POINT_PASS;
    assert_int_equal(board_check_move(b, c, p), MOVE_OK);
    int n = board_play(b, c, p, NULL);
    expect_consistent(b);
    return n;
}

static move_status_t check(const board_t *b, stone_t c, const char *vertex)
{
    return board_check_move(b, c, ascii_point(b, vertex));
}

/* The stones of b equal the diagram. */
static void expect_stones(const board_t *b, const char *diagram)
{
    board_t want;
    ascii_board(&want, diagram, b->suicide_allowed);
    assert_int_equal(want.size, b->size);
    for (int p = 0; p < b->num_points; p++)
        if (b->color[p] != want.color[p]) {
            char v[8];
            fail_msg("point %s: have %d, want %d", board_point_to_gtp(b, p, v), b->color[p],
                     want.color[p]);
        }
    assert_true(b->hash == want.hash);
}

/* Everything observable of two boards is the same (strings compared through board_check). */
static void expect_same_board(const board_t *a, const board_t *b)
{
    assert_int_equal(a->size, b->size);
    assert_true(a->hash == b->hash);
    assert_int_equal(a->ko_point, b->ko_point);
    if (a->ko_point != POINT_NONE) assert_int_equal(a->ko_color, b->ko_color);
    assert_int_equal(a->captures[1], b->captures[1]);
    assert_int_equal(a->captures[2], b->captures[2]);
    assert_int_equal(a->stones_on_board[1], b->stones_on_board[1]);
    assert_int_equal(a->stones_on_board[2], b->stones_on_board[2]);
    assert_int_equal(a->empty_count, b->empty_count);
    assert_memory_equal(a->color, b->color, (size_t)a->num_points);
    for (int p = 0; p < a->num_points; p++)
        if (a->color[p] == BLACK || a->color[p] == WHITE) {
            assert_int_equal(board_liberties(a, p), board_liberties(b, p));
            assert_int_equal(board_chain_size(a, p), board_chain_size(b, p));
        }
    expect_consistent(a);
    expect_consistent(b);
}

static int cmp_int(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

/* The liberties of the string at vertex are exactly the listed vertices (space separated). */
static void expect_liberties(const board_t *b, const char *vertex, const char *libs)
{
    int want[BOARD_MAX_POINTS], n = 0;
    char copy[256];
    snprintf(copy, sizeof(copy), "%s", libs);
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) want[n++] = ascii_point(b, t);
    int p = ascii_point(b, vertex);
    int have[BOARD_MAX_POINTS];
    int m = board_chain_liberty_list(b, p, have, BOARD_MAX_POINTS);
    assert_int_equal(board_liberties(b, p), n);
    assert_int_equal(m, n);
    qsort(want, (size_t)n, sizeof(int), cmp_int);
    qsort(have, (size_t)m, sizeof(int), cmp_int);
    assert_memory_equal(want, have, (size_t)n * sizeof(int));
}

/* ---- captures ---- */

static void test_capture_single(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". . . . .\n"
                    ". . X . .\n"
                    ". X O . .\n"
                    ". . X . .\n"
                    ". . . . .\n",
                false);
    expect_consistent(&b);
    assert_int_equal(play(&b, BLACK, "D3"), 1); /* black D3 captures C3 */
    expect_stones(&b, ". . . . .\n"
                      ". . X . .\n"
                      ". X . X .\n"
                      ". . X . .\n"
                      ". . . . .\n");
    assert_int_equal(b.captures[BLACK], 1);
    assert_int_equal(b.captures[WHITE], 0);
    assert_int_equal(b.stones_on_board[WHITE], 0);
    /* Not a ko: the capturing stone has three liberties. */
    assert_int_equal(b.ko_point, POINT_NONE);
    assert_int_equal(check(&b, WHITE, "C3"), MOVE_SUICIDE);
}

static void test_capture_multi_string(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". X . X .\n"
                    "X O . O X\n"
                    ". X O X .\n"
                    ". . X . .\n"
                    ". . . . .\n",
                false);
    /* Black C4 takes the last liberty of three separate white stones at once. */
    assert_int_equal(play(&b, BLACK, "C4"), 3);
    expect_stones(&b, ". X . X .\n"
                      "X . X . X\n"
                      ". X . X .\n"
                      ". . X . .\n"
                      ". . . . .\n");
    assert_int_equal(b.captures[BLACK], 3);
    assert_int_equal(b.ko_point, POINT_NONE);
    expect_liberties(&b, "C4", "C5 B4 D4 C3");
}

static void test_capture_large_string(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, "O O O X .\n"
                    "O O O X .\n"
                    "O O . X .\n"
                    "X X X X .\n"
                    ". . . . .\n",
                false);
    /* Black C3 captures the eight white stones (one liberty only). */
    assert_int_equal(board_liberties(&b, ascii_point(&b, "A5")), 1);
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "A5")), ascii_point(&b, "C3"));
    assert_int_equal(play(&b, BLACK, "C3"), 8);
    expect_stones(&b, ". . . X .\n"
                      ". . . X .\n"
                      ". . X X .\n"
                      "X X X X .\n"
                      ". . . . .\n");
    expect_liberties(&b, "C3", "C5 E5 C4 E4 E3 B3 E2 D1 C1 B1 A3 A1");
}

static void test_snapback(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". . X O .\n"
                    "X X X O .\n"
                    "O O O O .\n"
                    ". . . . .\n"
                    ". . . . .\n",
                false);
    /* White throws in at B5 (self-atari), black takes it, white takes back five stones. */
    assert_int_equal(play(&b, WHITE, "B5"), 0);
    assert_int_equal(board_liberties(&b, ascii_point(&b, "B5")), 1);
    assert_int_equal(play(&b, BLACK, "A5"), 1);
    assert_int_equal(b.ko_point, POINT_NONE); /* the capturing stone joined a string: no ko */
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "A5")), ascii_point(&b, "B5"));
    assert_int_equal(play(&b, WHITE, "B5"), 5);
    expect_stones(&b, ". O . O .\n"
                      ". . . O .\n"
                      "O O O O .\n"
                      ". . . . .\n"
                      ". . . . .\n");
    assert_int_equal(b.captures[BLACK], 1);
    assert_int_equal(b.captures[WHITE], 5);
}

static void test_corner_and_edge_captures(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, "O . .\n"
                    "X . .\n"
                    ". . .\n",
                false);
    assert_int_equal(board_liberties(&b, ascii_point(&b, "A3")), 1);
    assert_int_equal(play(&b, BLACK, "B3"), 1); /* corner stone: two liberties only */
    expect_stones(&b, ". X .\n"
                      "X . .\n"
                      ". . .\n");

    ascii_board(&b, ". . . . .\n"
                    ". . . . .\n"
                    ". . . . .\n"
                    ". . . . .\n"
                    ". X O X .\n",
                false);
    assert_int_equal(play(&b, BLACK, "C2"), 1); /* edge stone: three liberties */
    expect_stones(&b, ". . . . .\n"
                      ". . . . .\n"
                      ". . . . .\n"
                      ". . X . .\n"
                      ". X . X .\n");

    /* A two-stone corner string. */
    ascii_board(&b, "O O .\n"
                    "X X .\n"
                    ". . .\n",
                false);
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "A3")), ascii_point(&b, "C3"));
    assert_int_equal(play(&b, BLACK, "C3"), 2);
    expect_stones(&b, ". . X\n"
                      "X X .\n"
                      ". . .\n");
    expect_liberties(&b, "A2", "A3 B3 C2 A1 B1");
}

static void test_capture_fills_last_liberty(void **state)
{
    (void)state;
    board_t b;
    /* White A3 has no empty neighbour but captures both black stones: legal without suicide. */
    ascii_board(&b, ". X O\n"
                    "X O .\n"
                    "O . .\n",
                false);
    assert_int_equal(check(&b, WHITE, "A3"), MOVE_OK);
    assert_int_equal(play(&b, WHITE, "A3"), 2);
    expect_stones(&b, "O . O\n"
                      ". O .\n"
                      "O . .\n");
    assert_int_equal(b.ko_point, POINT_NONE);
}

/* ---- suicide ---- */

static void test_suicide_single_stone(void **state)
{
    (void)state;
    board_t b;
    const char *diagram = ". X . . .\n"
                          "X . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n";
    ascii_board(&b, diagram, false);
    assert_int_equal(check(&b, WHITE, "A5"), MOVE_SUICIDE);
    assert_int_equal(check(&b, BLACK, "A5"), MOVE_OK); /* filling one's own eye is fine */

    ascii_board(&b, diagram, true);
    uint64_t before = b.hash;
    assert_int_equal(check(&b, WHITE, "A5"), MOVE_OK);
    board_undo_t u;
    assert_int_equal(board_play(&b, WHITE, ascii_point(&b, "A5"), &u), 1);
    expect_consistent(&b);
    expect_stones(&b, diagram);
    assert_true(b.hash == before);
    assert_int_equal(b.captures[BLACK], 0); /* suicides are not captures */
    assert_int_equal(b.captures[WHITE], 0);
    assert_int_equal(b.ko_point, POINT_NONE);
    board_undo(&b, &u);
    expect_consistent(&b);
    expect_stones(&b, diagram);
}

static void test_suicide_multi_stone(void **state)
{
    (void)state;
    board_t b;
    const char *diagram = ". O X . .\n"
                          "X X . . .\n"
                          ". . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n";
    ascii_board(&b, diagram, false);
    assert_int_equal(check(&b, WHITE, "A5"), MOVE_SUICIDE);

    ascii_board(&b, diagram, true);
    board_t before;
    board_copy(&before, &b);
    board_undo_t u;
    assert_int_equal(board_play(&b, WHITE, ascii_point(&b, "A5"), &u), 2);
    expect_consistent(&b);
    expect_stones(&b, ". . X . .\n"
                      "X X . . .\n"
                      ". . . . .\n"
                      ". . . . .\n"
                      ". . . . .\n");
    assert_int_equal(b.captures[BLACK], 0);
    assert_int_equal(b.captures[WHITE], 0);
    assert_int_equal(b.stones_on_board[WHITE], 0);
    expect_liberties(&b, "A4", "A5 B5 A3 B3 C4");
    board_undo(&b, &u);
    expect_same_board(&b, &before);
}

static void test_suicide_large_string_on_full_board(void **state)
{
    (void)state;
    board_t b;
    /* Black fills the last point of a 3x3 board it almost owns: suicide of nine stones. */
    const char *diagram = "X X X\n"
                          "X . X\n"
                          "X X X\n";
    ascii_board(&b, diagram, false);
    assert_int_equal(check(&b, BLACK, "B2"), MOVE_SUICIDE);
    assert_int_equal(check(&b, WHITE, "B2"), MOVE_OK); /* white captures eight */
    ascii_board(&b, diagram, true);
    board_t before;
    board_copy(&before, &b);
    board_undo_t u;
    assert_int_equal(board_play(&b, BLACK, ascii_point(&b, "B2"), &u), 9);
    expect_consistent(&b);
    assert_int_equal(b.empty_count, 9);
    board_undo(&b, &u);
    expect_same_board(&b, &before);
    assert_int_equal(board_play(&b, WHITE, ascii_point(&b, "B2"), &u), 8);
    expect_consistent(&b);
    assert_int_equal(b.ko_point, POINT_NONE); /* eight stones: not a ko */
    board_undo(&b, &u);
    expect_same_board(&b, &before);
}

/* ---- ko ---- */

static void test_simple_ko_ban_and_release(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". . . . .\n"
                    ". X O . .\n"
                    "X O . O .\n"
                    ". X O . .\n"
                    ". . . . .\n",
                false);
    assert_int_equal(play(&b, BLACK, "C3"), 1);
    assert_int_equal(b.ko_point, ascii_point(&b, "B3"));
    assert_int_equal(b.ko_color, WHITE);
    assert_int_equal(check(&b, WHITE, "B3"), MOVE_KO);
    assert_int_equal(check(&b, BLACK, "B3"), MOVE_OK); /* the ban is for white only */
    /* A ko threat and its answer release the ban. */
    play(&b, WHITE, "E1");
    assert_int_equal(b.ko_point, POINT_NONE);
    play(&b, BLACK, "E2");
    assert_int_equal(check(&b, WHITE, "B3"), MOVE_OK);
    assert_int_equal(play(&b, WHITE, "B3"), 1);
    /* Now black is banned from retaking at C3. */
    assert_int_equal(b.ko_point, ascii_point(&b, "C3"));
    assert_int_equal(b.ko_color, BLACK);
    assert_int_equal(check(&b, BLACK, "C3"), MOVE_KO);
    /* A pass also ends the ban. */
    play(&b, BLACK, "pass");
    assert_int_equal(b.ko_point, POINT_NONE);
    assert_int_equal(check(&b, BLACK, "C3"), MOVE_OK);
}

static void test_ko_in_corner(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". O X .\n"
                    "O X . .\n"
                    ". . . .\n"
                    ". . . .\n",
                false);
    assert_int_equal(play(&b, BLACK, "A4"), 1);
    expect_stones(&b, "X . X .\n"
                      "O X . .\n"
                      ". . . .\n"
                      ". . . .\n");
    assert_int_equal(b.ko_point, ascii_point(&b, "B4"));
    assert_int_equal(b.ko_color, WHITE);
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "A4")), ascii_point(&b, "B4"));
    assert_int_equal(check(&b, WHITE, "B4"), MOVE_KO);
}

static void test_not_ko_when_two_captured(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, "X O O . O\n"
                    ". X X O O\n"
                    ". . . . .\n"
                    ". . . . .\n"
                    ". . . . .\n",
                false);
    /* Black D5 takes two stones and is left with one liberty: not a ko. */
    assert_int_equal(play(&b, BLACK, "D5"), 2);
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "D5")), ascii_point(&b, "C5"));
    assert_int_equal(b.ko_point, POINT_NONE);
    assert_int_equal(play(&b, WHITE, "C5"), 1); /* white may take back one stone at once */
    assert_int_equal(b.ko_point, POINT_NONE);   /* C5 then has two liberties: no ko either */
    expect_stones(&b, "X . O . O\n"
                      ". X X O O\n"
                      ". . . . .\n"
                      ". . . . .\n"
                      ". . . . .\n");
}

/* ---- liberties and strings ---- */

static void test_liberties_and_atari(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". . . . .\n"
                    ". X X . .\n"
                    ". X O . .\n"
                    ". . . . .\n"
                    ". . . . .\n",
                false);
    expect_liberties(&b, "B4", "B5 C5 A4 D4 A3 B2");
    expect_liberties(&b, "C4", "B5 C5 A4 D4 A3 B2");
    expect_liberties(&b, "C3", "D3 C2");
    assert_int_equal(board_chain_size(&b, ascii_point(&b, "B3")), 3);
    assert_int_equal(board_chain_head(&b, ascii_point(&b, "B3")),
                     board_chain_head(&b, ascii_point(&b, "C4")));
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "C3")), POINT_NONE);
    play(&b, BLACK, "D3");
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "C3")), ascii_point(&b, "C2"));
    assert_int_equal(board_atari_point(&b, ascii_point(&b, "B4")), POINT_NONE);
    expect_liberties(&b, "D3", "D4 E3 D2");
    /* A truncated list writes at most max distinct liberties. */
    int out[3];
    int n = board_chain_liberty_list(&b, ascii_point(&b, "B4"), out, 3);
    assert_int_equal(n, 3);
    assert_true(out[0] != out[1] && out[1] != out[2] && out[0] != out[2]);
    for (int i = 0; i < n; i++) assert_int_equal(board_at(&b, out[i]), STONE_EMPTY);
    /* White extends out of atari. */
    play(&b, WHITE, "C2");
    expect_liberties(&b, "C3", "B2 D2 C1");
}

static void test_chain_merge_liberties(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". X . . .\n"
                    "X . . . .\n"
                    ". . . . .\n"
                    ". X . X .\n"
                    ". . . . .\n",
                false);
    /* B4 joins B5 and A4; A5 is a liberty of both and must count once. */
    play(&b, BLACK, "B4");
    expect_liberties(&b, "A4", "A5 C5 C4 A3 B3");
    assert_int_equal(board_chain_size(&b, ascii_point(&b, "B5")), 3);
    /* C2 joins B2 and D2: shared liberties C3 and C1 are the new stone's own. */
    play(&b, BLACK, "C2");
    expect_liberties(&b, "B2", "B3 C3 D3 A2 E2 B1 C1 D1");
    /* B3 joins both strings into one. */
    play(&b, BLACK, "B3");
    expect_liberties(&b, "B5", "A5 C5 C4 A3 C3 D3 A2 E2 B1 C1 D1");
    assert_int_equal(board_chain_size(&b, ascii_point(&b, "D2")), 7);
    /* A ring around one point: the inner liberty counts once though four stones touch it. */
    ascii_board(&b, ". X . . .\n"
                    "X . X . .\n"
                    ". X . . .\n"
                    ". . . . .\n"
                    ". . . . .\n",
                false);
    play(&b, BLACK, "A5");
    play(&b, BLACK, "C5");
    play(&b, BLACK, "A3");
    play(&b, BLACK, "C3");
    expect_liberties(&b, "A5", "B4 D5 D4 D3 A2 B2 C2");
    assert_int_equal(board_chain_size(&b, ascii_point(&b, "C3")), 8);
}

static void test_board_copy_independent(void **state)
{
    (void)state;
    board_t a, c;
    ascii_board(&a, ". . . . .\n"
                    ". X O . .\n"
                    "X O . O .\n"
                    ". X O . .\n"
                    ". . . . .\n",
                false);
    board_t snapshot;
    board_copy(&snapshot, &a);
    /* Copy into a board that held a bigger, different position. */
    board_init(&c, 19, true);
    board_setup(&c, board_point(&c, 3, 3), BLACK);
    board_copy(&c, &a);
    expect_same_board(&c, &a);
    play(&c, BLACK, "C3"); /* ko capture on the copy */
    expect_same_board(&a, &snapshot);
    assert_true(a.hash != c.hash);
    assert_int_equal(a.ko_point, POINT_NONE);
    assert_int_equal(board_at(&a, ascii_point(&a, "B3")), WHITE);
    play(&a, WHITE, "E5");
    assert_int_equal(board_at(&c, ascii_point(&c, "E5")), STONE_EMPTY);
    assert_int_equal(board_at(&c, ascii_point(&c, "B3")), STONE_EMPTY);
    assert_int_equal(c.ko_point, ascii_point(&c, "B3"));
    expect_consistent(&c);
    /* Copy-make over many moves: a copy taken before every move is untouched by it. */
    board_t big;
    board_init(&big, 25, false);
    for (int i = 0; i < 200; i++) {
        board_t before;
        board_copy(&before, &big);
        int p = big.empties[(i * 7919) % big.empty_count];
        stone_t col = i % 2 ? WHITE : BLACK;
        if (board_check_move(&big, col, p) != MOVE_OK) continue;
        board_t work;
        board_copy(&work, &big);
        board_play(&work, col, p, NULL);
        expect_same_board(&big, &before);
        board_copy(&big, &work);
        expect_consistent(&big);
    }
}

/* ---- play/undo round trips ---- */

/* Play the moves (vertex list, alternating from `first`), checking after every step, then undo
 * them all, comparing with the snapshot taken before each move. */
static void roundtrip(const char *diagram, bool suicide, stone_t first, const char *moves)
{
    board_t b;
    ascii_board(&b, diagram, suicide);
    board_t snaps[64];
    board_undo_t undos[64];
    int n = 0;
    char copy[512];
    snprintf(copy, sizeof(copy), "%s", moves);
    stone_t c = first;
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
        int p = strcmp(t, "pass") ? ascii_point(&b, t) : POINT_PASS;
        if (board_check_move(&b, c, p) != MOVE_OK) fail_msg("move %d (%s) is illegal", n + 1, t);
        board_copy(&snaps[n], &b);
        board_play(&b, c, p, &undos[n]);
        expect_consistent(&b);
        /* One step back and forth right away. */
        board_undo(&b, &undos[n]);
        expect_same_board(&b, &snaps[n]);
        board_play(&b, c, p, &undos[n]);
        expect_consistent(&b);
        n++;
        c = stone_other(c);
    }
    while (n > 0) {
        n--;
        board_undo(&b, &undos[n]);
        expect_same_board(&b, &snaps[n]);
    }
}

static void test_play_undo_roundtrips(void **state)
{
    (void)state;
    /* Ko fight with threats, passes and a final connection. */
    roundtrip(". . . . .\n"
              ". X O . .\n"
              "X O . O .\n"
              ". X O . .\n"
              ". . . . .\n",
              false, BLACK, "C3 E1 E2 B3 pass E5 C3 D5 B3 pass A1");
    /* Snapback: throw-in, capture, recapture of five. */
    roundtrip(". . X O .\n"
              "X X X O .\n"
              "O O O O .\n"
              ". . . . .\n"
              ". . . . .\n",
              false, WHITE, "B5 A5 B5 A5 E1");
    /* Suicides, single and multi, then a capture that restores a region in several parts. */
    roundtrip(". O X . .\n"
              "X X . . .\n"
              ". . . . .\n"
              ". . . . .\n"
              ". . . . O\n",
              true, WHITE, "A5 E5 A5 D1 B5 E2 A5 pass");
    /* Multi-string capture. */
    roundtrip(". X . X .\n"
              "X O . O X\n"
              ". X O X .\n"
              ". . X . .\n"
              ". . . . .\n",
              false, BLACK, "C4 E1 B4 pass");
    /* A 2x2 board played full and emptied. */
    roundtrip(". .\n"
              ". .\n",
              true, BLACK, "A1 B2 A2 B1 A1 A2 A1 B2 B1 A2 pass A1 B1");
}

static void test_roundtrip_long_random(void **state)
{
    (void)state;
    /* Deterministic pseudo-random games on several sizes with a full undo stack. */
    uint64_t seed = 12345;
    const int sizes[] = {2, 3, 5, 9, 19, 25};
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        for (int suicide = 0; suicide < 2; suicide++) {
            board_t b;
            board_init(&b, sizes[s], suicide);
            static board_t snaps[300];
            board_undo_t undos[300];
            int n = 0;
            stone_t c = BLACK;
            while (n < 300) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                int p = (seed >> 33) % 16 == 0 || b.empty_count == 0
                            ? POINT_PASS
                            : b.empties[(seed >> 20) % (uint64_t)b.empty_count];
                if (board_check_move(&b, c, p) != MOVE_OK) p = POINT_PASS;
                board_copy(&snaps[n], &b);
                board_play(&b, c, p, &undos[n]);
                expect_consistent(&b);
                n++;
                c = stone_other(c);
            }
            while (n > 0) {
                n--;
                board_undo(&b, &undos[n]);
                expect_same_board(&b, &snaps[n]);
            }
        }
    }
}

/* ---- GTP vertices ---- */

static void test_gtp_vertices(void **state)
{
    (void)state;
    board_t b;
    char buf[8];
    board_init(&b, 19, false);
    assert_int_equal(board_point_from_gtp(&b, "A1"), board_point(&b, 0, 18));
    assert_int_equal(board_point_from_gtp(&b, "a19"), board_point(&b, 0, 0));
    assert_int_equal(board_point_from_gtp(&b, "T19"), board_point(&b, 18, 0));
    assert_int_equal(board_point_from_gtp(&b, "H8"), board_point(&b, 7, 11));
    assert_int_equal(board_point_from_gtp(&b, "J8"), board_point(&b, 8, 11)); /* I skipped */
    assert_int_equal(board_point_from_gtp(&b, "K10"), board_point(&b, 9, 9));
    assert_int_equal(board_point_from_gtp(&b, "I8"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "i8"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "U1"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A20"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A0"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A01"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A-1"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "1"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, ""), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A1 "), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "A100000000000"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "resign"), POINT_NONE);
    assert_int_equal(board_point_from_gtp(&b, "pass"), POINT_PASS);
    assert_int_equal(board_point_from_gtp(&b, "PASS"), POINT_PASS);
    assert_string_equal(board_point_to_gtp(&b, POINT_PASS, buf), "pass");
    assert_string_equal(board_point_to_gtp(&b, board_point(&b, 8, 0), buf), "J19");
    assert_string_equal(board_point_to_gtp(&b, board_point(&b, 7, 18), buf), "H1");

    board_init(&b, 25, false);
    assert_int_equal(board_point_from_gtp(&b, "Z25"), board_point(&b, 24, 0));
    assert_int_equal(board_point_from_gtp(&b, "z1"), board_point(&b, 24, 24));
    assert_int_equal(board_point_from_gtp(&b, "A26"), POINT_NONE);
    assert_string_equal(board_point_to_gtp(&b, board_point(&b, 24, 0), buf), "Z25");
    assert_string_equal(board_point_to_gtp(&b, board_point(&b, 8, 24), buf), "J1");

    /* Every point of every size round-trips. */
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        board_init(&b, size, false);
        int seen = 0;
        for (int p = -3; p < b.num_points + 3; p++) {
            if (!board_is_on_board(&b, p)) continue;
            seen++;
            board_point_to_gtp(&b, p, buf);
            assert_true(strlen(buf) >= 2 && strlen(buf) <= 3);
            assert_true(buf[0] != 'I');
            assert_int_equal(board_point_from_gtp(&b, buf), p);
        }
        assert_int_equal(seen, size * size);
        char text[16];
        snprintf(text, sizeof(text), "A%d", size + 1);
        assert_int_equal(board_point_from_gtp(&b, text), POINT_NONE);
    }
}

static void test_init_and_off_board(void **state)
{
    (void)state;
    board_t b;
    assert_false(board_init(&b, 1, false));
    assert_false(board_init(&b, 26, false));
    assert_false(board_init(&b, 0, false));
    assert_false(board_init(&b, -5, false));
    assert_true(board_init(&b, 2, false));
    expect_consistent(&b);
    assert_int_equal(board_check_move(&b, BLACK, POINT_PASS), MOVE_OK);
    assert_int_equal(board_check_move(&b, BLACK, POINT_NONE), MOVE_OFF_BOARD);
    assert_int_equal(board_check_move(&b, BLACK, POINT_RESIGN), MOVE_OFF_BOARD);
    assert_int_equal(board_check_move(&b, BLACK, 0), MOVE_OFF_BOARD);
    assert_int_equal(board_check_move(&b, BLACK, 1), MOVE_OFF_BOARD); /* top border */
    assert_int_equal(board_check_move(&b, BLACK, b.num_points), MOVE_OFF_BOARD);
    assert_int_equal(board_check_move(&b, BLACK, 1 << 30), MOVE_OFF_BOARD);
    assert_int_equal(board_check_move(&b, BLACK, -1000), MOVE_OFF_BOARD);
    assert_false(board_setup(&b, 0, BLACK));
    assert_false(board_setup(&b, b.num_points + 5, BLACK));
    assert_int_equal(b.empty_count, 4);
    /* 2x2: a stone in the corner, then the diagonal, then the last points. */
    play(&b, BLACK, "A1");
    assert_int_equal(check(&b, BLACK, "A1"), MOVE_OCCUPIED);
    play(&b, WHITE, "B2");
    play(&b, BLACK, "A2");
    assert_int_equal(play(&b, WHITE, "B1"), 2); /* captures A1-A2 */
    assert_int_equal(b.empty_count, 2);
}

static void test_eyes(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". X . X .\n"
                    "X X X . X\n"
                    ". X O X .\n"
                    "X O . . .\n"
                    ". . . . .\n",
                false);
    assert_true(board_is_eyelike(&b, ascii_point(&b, "A5"), BLACK));
    assert_true(board_is_true_eye(&b, ascii_point(&b, "A5"), BLACK));
    assert_true(board_is_eyelike(&b, ascii_point(&b, "C5"), BLACK));
    assert_true(board_is_true_eye(&b, ascii_point(&b, "C5"), BLACK));
    assert_false(board_is_eyelike(&b, ascii_point(&b, "A5"), WHITE));
    /* A3: eyelike, edge point with an enemy diagonal (B2): false eye. */
    assert_true(board_is_eyelike(&b, ascii_point(&b, "A3"), BLACK));
    assert_false(board_is_true_eye(&b, ascii_point(&b, "A3"), BLACK));
    /* D4: centre point, one enemy diagonal (C3): still a true eye. */
    assert_true(board_is_eyelike(&b, ascii_point(&b, "D4"), BLACK));
    assert_true(board_is_true_eye(&b, ascii_point(&b, "D4"), BLACK));
    assert_false(board_is_eyelike(&b, ascii_point(&b, "B5"), BLACK)); /* occupied */
}

/* The counts kept by the board equal a count of the diagram, after setup, moves and a capture. */
static void expect_counts_match_colors(const board_t *b)
{
    const int orth[4] = {-b->stride, -1, 1, b->stride};
    const int diag[4] = {-b->stride - 1, -b->stride + 1, b->stride - 1, b->stride + 1};
    for (int p = 0; p < b->num_points; p++) {
        if (!board_is_on_board(b, p)) continue;
        for (int c = STONE_EMPTY; c <= STONE_BORDER; c++) {
            int n = 0, nd = 0;
            for (int d = 0; d < 4; d++) {
                n += b->color[p + orth[d]] == c;
                nd += b->color[p + diag[d]] == c;
            }
            assert_int_equal(board_neighbor_count(b, p, (stone_t)c), n);
            assert_int_equal(board_diagonal_count(b, p, (stone_t)c), nd);
        }
    }
}

static void test_neighbor_counts(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b, ". X . . .\n"
                    "X O X . .\n"
                    ". . . . .\n"
                    ". . . . .\n"
                    ". . . . .\n",
                false);
    expect_counts_match_colors(&b);
    /* A5: two black neighbours, two border; diagonals B4 white, three border. */
    const int a5 = ascii_point(&b, "A5");
    assert_int_equal(board_neighbor_count(&b, a5, BLACK), 2);
    assert_int_equal(board_neighbor_count(&b, a5, STONE_BORDER), 2);
    assert_int_equal(board_diagonal_count(&b, a5, WHITE), 1);
    assert_int_equal(board_diagonal_count(&b, a5, STONE_BORDER), 3);
    board_undo_t u;
    const int b3 = ascii_point(&b, "B3");
    board_play(&b, BLACK, b3, &u); /* captures B4 */
    expect_consistent(&b);
    expect_counts_match_colors(&b);
    assert_int_equal(board_neighbor_count(&b, ascii_point(&b, "B4"), BLACK), 4);
    assert_int_equal(board_diagonal_count(&b, a5, WHITE), 0);
    board_undo(&b, &u);
    expect_consistent(&b);
    expect_counts_match_colors(&b);
    assert_true(board_setup(&b, ascii_point(&b, "E1"), WHITE));
    expect_counts_match_colors(&b);
    assert_int_equal(board_diagonal_count(&b, ascii_point(&b, "D2"), WHITE), 1);
}

/* The eye tests written out from the colours, as the rules define them. */
static bool naive_is_eyelike(const board_t *b, int p, stone_t c)
{
    if (b->color[p] != STONE_EMPTY) return false;
    for (int d = 0; d < 4; d++) {
        const int n = b->color[p + board_neighbor_offset(b, d)];
        if (n != (int)c && n != STONE_BORDER) return false;
    }
    return true;
}

static bool naive_is_true_eye(const board_t *b, int p, stone_t c)
{
    if (!naive_is_eyelike(b, p, c)) return false;
    const int diag[4] = {-b->stride - 1, -b->stride + 1, b->stride - 1, b->stride + 1};
    int enemy = 0, border = 0;
    for (int d = 0; d < 4; d++) {
        enemy += b->color[p + diag[d]] == (int)stone_other(c);
        border += b->color[p + diag[d]] == STONE_BORDER;
    }
    return border ? enemy == 0 : enemy <= 1;
}

/* board_is_eyelike and board_is_true_eye (read from the neighbour counts) agree with the
 * definitions at every point of random games that fill the board, eyes and captures included. */
static void test_eyes_match_definition(void **state)
{
    (void)state;
    uint64_t seed = 777;
    const int sizes[] = {2, 3, 5, 9};
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        board_t b;
        board_init(&b, sizes[s], false);
        stone_t c = BLACK;
        for (int move = 0; move < 400; move++) {
            for (int p = 0; p < b.num_points; p++) {
                if (!board_is_on_board(&b, p)) continue;
                for (stone_t e = BLACK; e <= WHITE; e = (stone_t)(e + 1)) {
                    assert_int_equal(board_is_eyelike(&b, p, e), naive_is_eyelike(&b, p, e));
                    assert_int_equal(board_is_true_eye(&b, p, e), naive_is_true_eye(&b, p, e));
                }
            }
            /* A random legal move that does not fill the mover's own true eye, as playouts play. */
            int p = POINT_PASS;
            if (b.empty_count > 0) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                const int start = (int)((seed >> 33) % (uint64_t)b.empty_count);
                for (int k = 0; k < b.empty_count && p == POINT_PASS; k++) {
                    const int q = b.empties[(start + k) % b.empty_count];
                    if (board_is_legal(&b, c, q) && !board_is_true_eye(&b, q, c)) p = q;
                }
            }
            board_play(&b, c, p, NULL);
            c = stone_other(c);
        }
        expect_consistent(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture_single),
        cmocka_unit_test(test_capture_multi_string),
        cmocka_unit_test(test_capture_large_string),
        cmocka_unit_test(test_snapback),
        cmocka_unit_test(test_corner_and_edge_captures),
        cmocka_unit_test(test_capture_fills_last_liberty),
        cmocka_unit_test(test_suicide_single_stone),
        cmocka_unit_test(test_suicide_multi_stone),
        cmocka_unit_test(test_suicide_large_string_on_full_board),
        cmocka_unit_test(test_simple_ko_ban_and_release),
        cmocka_unit_test(test_ko_in_corner),
        cmocka_unit_test(test_not_ko_when_two_captured),
        cmocka_unit_test(test_liberties_and_atari),
        cmocka_unit_test(test_chain_merge_liberties),
        cmocka_unit_test(test_board_copy_independent),
        cmocka_unit_test(test_play_undo_roundtrips),
        cmocka_unit_test(test_roundtrip_long_random),
        cmocka_unit_test(test_gtp_vertices),
        cmocka_unit_test(test_init_and_off_board),
        cmocka_unit_test(test_eyes),
        cmocka_unit_test(test_neighbor_counts),
        cmocka_unit_test(test_eyes_match_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
