/* test_features.c - the move features of the learned model on ASCII boards: each tactical value
 * fires where it should and nowhere else, distances, edge and pass, the 3x3 keys, the spatial
 * hashes and the ownership bands; every feature is the same under the eight symmetries of the
 * board and under swapping the colours; the playout features agree with the full ones. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/features.h"
#include "tengen/tactics.h"

/* A position as the features see it: the board, the player to move and the last two moves. */
typedef struct position {
    board_t b;
    stone_t to_move;
    int last, last2;
} position_t;

/* A vertex, "pass", or NULL for POINT_NONE. */
static int vertex_or_none(const board_t *b, const char *vertex)
{
    return vertex ? ascii_point(b, vertex) : POINT_NONE;
}

/* The diagram with to_move to play; last and last2 name points (usually stones of the diagram)
 * taken as the last two moves, without playing them. */
static void position_set(position_t *pos, const char *diagram, stone_t to_move, const char *last,
                         const char *last2)
{
    ascii_board(&pos->b, diagram, false);
    pos->to_move = to_move;
    pos->last = vertex_or_none(&pos->b, last);
    pos->last2 = vertex_or_none(&pos->b, last2);
}

/* The player to move plays the vertex (or passes): captures and ko as in a game. */
static void position_play(position_t *pos, const char *vertex)
{
    const int p = ascii_point(&pos->b, vertex);
    assert_int_equal(board_check_move(&pos->b, pos->to_move, p), MOVE_OK);
    board_play(&pos->b, pos->to_move, p, NULL);
    pos->last2 = pos->last;
    pos->last = p;
    pos->to_move = stone_other(pos->to_move);
}

static void extract(const position_t *pos, int p, uint32_t value[FEAT_GROUPS],
                    uint64_t spatial[SPATIAL_SIZES])
{
    static feature_context_t ctx;
    feature_context_init(&ctx, &pos->b, pos->to_move, pos->last, pos->last2);
    feature_extract(&ctx, p, value, spatial);
}

static int compare_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* "C3=4 D5=2" with its entries in point order (top row first), for comparing as sets. */
static void canonical_spec(const board_t *b, const char *spec, char *out, size_t len)
{
    int entries[BOARD_MAX_POINTS][2], n = 0;
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", spec);
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        assert_non_null(eq);
        *eq = 0;
        entries[n][0] = ascii_point(b, tok);
        entries[n][1] = atoi(eq + 1);
        n++;
    }
    qsort(entries, (size_t)n, sizeof entries[0], compare_int);
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char v[8];
        used += (size_t)snprintf(out + used, len - used, "%s%s=%d", i ? " " : "",
                                 board_point_to_gtp(b, entries[i][0], v), entries[i][1]);
    }
}

/* The group's nonzero values at every legal move, as canonical_spec writes them. */
static void group_map(const position_t *pos, feature_group_t g, char *out, size_t len)
{
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_non_null(ctx);
    feature_context_init(ctx, &pos->b, pos->to_move, pos->last, pos->last2);
    size_t used = 0;
    out[0] = 0;
    for (int p = 0; p < pos->b.num_points; p++) {
        if (!board_is_on_board(&pos->b, p) || !board_is_legal(&pos->b, pos->to_move, p)) continue;
        uint32_t value[FEAT_GROUPS];
        feature_extract(ctx, p, value, NULL);
        if (!value[g]) continue;
        char v[8];
        used += (size_t)snprintf(out + used, len - used, "%s%s=%u", used ? " " : "",
                                 board_point_to_gtp(&pos->b, p, v), value[g]);
    }
    free(ctx);
}

/* The group fires at exactly the points of the spec, with its values. */
static void expect_group(const position_t *pos, feature_group_t g, const char *spec)
{
    char want[2048], got[2048];
    canonical_spec(&pos->b, spec, want, sizeof want);
    group_map(pos, g, got, sizeof got);
    if (strcmp(want, got)) print_error("group %s: want '%s'\n", feature_group_name(g), want);
    assert_string_equal(got, want);
}

static uint32_t value_at(const position_t *pos, const char *vertex, feature_group_t g)
{
    uint32_t value[FEAT_GROUPS];
    extract(pos, ascii_point(&pos->b, vertex), value, NULL);
    return value[g];
}

/* ---- captures ---- */

/* Black to move on 19x19: a ko to take at D7, a lone stone at B1, two stones at H1, a capture at
 * E14 that saves the black stone D15, and a lone stone at K9 (the last move's, when K10 is). */
static const char *captures19 = ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . O X . . . . . . . . . . . . . .\n"
                                ". . O X O X . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . X . . . . . . . . .\n"
                                ". . . . . . . . X O X . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . X O . . . . . . . . . . . . . . .\n"
                                ". X O . O . . . . . . . . . . . . . .\n"
                                ". . X O . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". . . . . . . . . . . . . . . . . . .\n"
                                ". X . . . . X X . . . . . . . . . . .\n"
                                "X O X . . X O O X . . . . . . . . . .\n"
                                ". . . . . . X . . . . . . . . . . . .\n";

static void test_capture(void **state)
{
    (void)state;
    position_t pos;
    position_set(&pos, captures19, STONE_BLACK, NULL, NULL);
    expect_group(&pos, FEAT_CAPTURE, "D7=3 B1=4 H1=5 E14=1 K9=4");
    /* K10 was the last move: taking it is LAST. */
    position_set(&pos, captures19, STONE_BLACK, "K10", NULL);
    expect_group(&pos, FEAT_CAPTURE, "D7=3 B1=4 H1=5 E14=1 K9=2");
    /* The ko stone was the last move: LAST comes before KO. */
    position_set(&pos, captures19, STONE_BLACK, "C7", NULL);
    expect_group(&pos, FEAT_CAPTURE, "D7=2 B1=4 H1=5 E14=1 K9=4");
    /* SAVES comes before LAST. */
    position_set(&pos, captures19, STONE_BLACK, "E15", NULL);
    expect_group(&pos, FEAT_CAPTURE, "D7=3 B1=4 H1=5 E14=1 K9=4");
    /* White's only capture is D15, which saves white's E15. */
    position_set(&pos, captures19, STONE_WHITE, NULL, NULL);
    expect_group(&pos, FEAT_CAPTURE, "D14=1");
}

/* ---- escapes ---- */

/* Black to move on 19x19: M7 in atari in a working ladder (extension N7, two liberties), R17 with
 * a safe extension at R16, B1 whose extension at A1 keeps one liberty. */
static const char *escapes19 = ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . O . .\n"
                               ". . . . . . . . . . . . . . . O X O .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . O O . . . . . .\n"
                               ". . . . . . . . . . O X . . . . . . .\n"
                               ". . . . . . . . . . . O . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". . . . . . . . . . . . . . . . . . .\n"
                               ". O . . . . . . . . . . . . . . . . .\n"
                               ". X O . . . . . . . . . . . . . . . .\n";

/* The 9x9 ladder of test_tactics: black B7 in atari, extension C7 to two liberties, chased to the
 * lower right unless the black stone at G3 stands in the way. */
static const char *ladder9 = ". . . . . . . . .\n"
                             ". O O . . . . . .\n"
                             "O X . . . . . . .\n"
                             ". O . . . . . . .\n"
                             ". . . . . . . . .\n"
                             ". . . . . . . . .\n"
                             ". . . . . . . . .\n"
                             ". . . . . . . . .\n"
                             ". . . . . . . . .\n";
static const char *broken_ladder9 = ". . . . . . . . .\n"
                                    ". O O . . . . . .\n"
                                    "O X . . . . . . .\n"
                                    ". O . . . . . . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . X . .\n"
                                    ". . . . . . . . .\n"
                                    ". . . . . . . . .\n";

static void test_escape(void **state)
{
    (void)state;
    position_t pos;
    /* No last move: every atari is old. */
    position_set(&pos, escapes19, STONE_BLACK, NULL, NULL);
    assert_true(tactics_ladder_caught(&pos.b, ascii_point(&pos.b, "M7")));
    expect_group(&pos, FEAT_ESCAPE, "N7=7 R16=5 A1=8");
    /* The last move touched one of the strings: that one is new. */
    position_set(&pos, escapes19, STONE_BLACK, "L7", NULL);
    expect_group(&pos, FEAT_ESCAPE, "N7=3 R16=5 A1=8");
    position_set(&pos, escapes19, STONE_BLACK, "R18", "M7");
    expect_group(&pos, FEAT_ESCAPE, "N7=7 R16=1 A1=8");
    position_set(&pos, escapes19, STONE_BLACK, "B2", NULL);
    expect_group(&pos, FEAT_ESCAPE, "N7=7 R16=5 A1=4");
    /* A last move elsewhere, or a pass, makes nothing new. */
    position_set(&pos, escapes19, STONE_BLACK, "K10", NULL);
    expect_group(&pos, FEAT_ESCAPE, "N7=7 R16=5 A1=8");
    position_set(&pos, escapes19, STONE_BLACK, "pass", NULL);
    expect_group(&pos, FEAT_ESCAPE, "N7=7 R16=5 A1=8");
    /* A breaker at R3 on the ladder's path: the two-liberty extension is free. */
    position_set(&pos, escapes19, STONE_BLACK, "M6", NULL);
    board_setup(&pos.b, ascii_point(&pos.b, "R3"), STONE_BLACK);
    assert_false(tactics_ladder_caught(&pos.b, ascii_point(&pos.b, "M7")));
    expect_group(&pos, FEAT_ESCAPE, "N7=2 R16=5 A1=8");
    /* White's strings are not black's to save. */
    position_set(&pos, escapes19, STONE_WHITE, NULL, NULL);
    expect_group(&pos, FEAT_ESCAPE, "");

    /* The same on 9x9, the atari just played and earlier. */
    position_set(&pos, ladder9, STONE_BLACK, "B6", NULL);
    expect_group(&pos, FEAT_ESCAPE, "C7=3");
    position_set(&pos, ladder9, STONE_BLACK, "E5", NULL);
    expect_group(&pos, FEAT_ESCAPE, "C7=7");
    position_set(&pos, broken_ladder9, STONE_BLACK, "B6", NULL);
    expect_group(&pos, FEAT_ESCAPE, "C7=2");
    position_set(&pos, broken_ladder9, STONE_BLACK, NULL, NULL);
    expect_group(&pos, FEAT_ESCAPE, "C7=6");
    /* The atari played for real. */
    position_set(&pos,
                 ". . . . . . . . .\n"
                 ". O O . . . . . .\n"
                 "O X . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n",
                 STONE_WHITE, NULL, NULL);
    position_play(&pos, "B6");
    expect_group(&pos, FEAT_ESCAPE, "C7=3");
}

/* Black A1 takes the white stone B2, but the three black stones keep one liberty (B2): the
 * extension is futile although it captures (the capture itself is FEAT_CAPTURE's). */
static void test_escape_by_capture(void **state)
{
    (void)state;
    position_t pos;
    position_set(&pos,
                 ". . . . .\n"
                 ". . . . .\n"
                 "O X . . .\n"
                 "X O X . .\n"
                 "X . O . .\n",
                 STONE_BLACK, NULL, NULL);
    expect_group(&pos, FEAT_ESCAPE, "B1=8");
    expect_group(&pos, FEAT_CAPTURE, "B1=1 A4=1");
}

/* ---- ataris ---- */

static void test_atari(void **state)
{
    (void)state;
    position_t pos;
    /* White to move against black B7 (liberties B6, C7): B6 starts a working ladder, C7 does not;
     * with the breaker neither does. */
    position_set(&pos,
                 ". . . . . . . . .\n"
                 ". O O . . . . . .\n"
                 "O X . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n",
                 STONE_WHITE, NULL, NULL);
    expect_group(&pos, FEAT_ATARI, "B6=1 C7=3");
    board_setup(&pos.b, ascii_point(&pos.b, "G3"), STONE_BLACK);
    expect_group(&pos, FEAT_ATARI, "B6=3 C7=3");
    /* Black to move: only white A7 has two liberties (A8 is a self-atari, A6 lets it join). */
    pos.to_move = STONE_BLACK;
    expect_group(&pos, FEAT_ATARI, "A8=3 A6=3");

    /* White takes a ko at C4: with the ko on the board black's ataris of G7 are KO; after two
     * moves elsewhere the ko is gone and they are OTHER. */
    position_set(&pos,
                 ". . . . . . . . .\n"
                 ". . . . . . X . .\n"
                 ". . . . . X O . .\n"
                 ". . . . . . . . .\n"
                 ". O X . . . . . .\n"
                 "O X . X . . . . .\n"
                 ". O X . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n",
                 STONE_WHITE, NULL, NULL);
    expect_group(&pos, FEAT_ATARI, ""); /* white to move */
    position_play(&pos, "C4");
    assert_int_equal(pos.b.ko_point, ascii_point(&pos.b, "B4"));
    expect_group(&pos, FEAT_ATARI, "H7=2 G6=2");
    position_play(&pos, "A1");
    position_play(&pos, "E9");
    assert_int_equal(pos.b.ko_point, POINT_NONE);
    expect_group(&pos, FEAT_ATARI, "H7=3 G6=3");
}

/* ---- self-ataris ---- */

/* Black to move on 19x19: snapback throw-ins at A1 and B1, a lone stone at L19, two stones at
 * A11 or A9, three at T12 or T9. */
static const char *self_ataris19 = ". . . . . . . . . O . . . . . . . . .\n"
                                   ". . . . . . . . . . O . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . O\n"
                                   "O . . . . . . . . . . . . . . . . O .\n"
                                   ". O . . . . . . . . . . . . . . . O X\n"
                                   "X O . . . . . . . . . . . . . . . O X\n"
                                   ". O . . . . . . . . . . . . . . . O .\n"
                                   "O . . . . . . . . . . . . . . . . . O\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   ". . . . . . . . . . . . . . . . . . .\n"
                                   "X X X . . . . . . . . . . . . . . . .\n"
                                   "O O O X . . . . . . . . . . . . . . .\n"
                                   ". . O X . . . . . . . . . . . . . . .\n";

static void test_self_atari(void **state)
{
    (void)state;
    position_t pos;
    position_set(&pos, self_ataris19, STONE_BLACK, NULL, NULL);
    expect_group(&pos, FEAT_SELF_ATARI, "A1=1 B1=1 L19=2 A11=3 A9=3 T12=4 T9=4");
    /* A capture is never a self-atari: the ko of the capture test. */
    position_set(&pos, captures19, STONE_BLACK, NULL, NULL);
    assert_int_equal(value_at(&pos, "D7", FEAT_SELF_ATARI), 0);
    /* A lone taker makes a ko, not a snapback: white A1 here is ONE. */
    position_set(&pos,
                 ". . . . .\n"
                 ". . . . .\n"
                 ". . . . .\n"
                 "X O . . .\n"
                 ". . O . .\n",
                 STONE_WHITE, NULL, NULL);
    expect_group(&pos, FEAT_SELF_ATARI, "A1=2");
}

/* ---- distances, edge, pass ---- */

static int gridcular(int dx, int dy)
{
    dx = abs(dx);
    dy = abs(dy);
    return dx + dy + (dx > dy ? dx : dy);
}

static void check_distances(const position_t *pos)
{
    const board_t *b = &pos->b;
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_non_null(ctx);
    feature_context_init(ctx, b, pos->to_move, pos->last, pos->last2);
    const int prev[2] = {pos->last, pos->last2};
    for (int i = 0; i < b->empty_count; i++) {
        const int p = b->empties[i];
        if (!board_is_legal(b, pos->to_move, p)) continue;
        uint32_t value[FEAT_GROUPS];
        feature_extract(ctx, p, value, NULL);
        for (int k = 0; k < 2; k++) {
            uint32_t want = 0;
            if (prev[k] > 0) {
                const int d = gridcular(board_x(b, p) - board_x(b, prev[k]),
                                        board_y(b, p) - board_y(b, prev[k]));
                want = d > 16 ? 17 : (uint32_t)d;
            }
            assert_int_equal(value[k ? FEAT_DIST_PREV2 : FEAT_DIST_PREV], want);
        }
        const int x = board_x(b, p), y = board_y(b, p), n = b->size;
        int line = x;
        if (y < line) line = y;
        if (n - 1 - x < line) line = n - 1 - x;
        if (n - 1 - y < line) line = n - 1 - y;
        assert_int_equal(value[FEAT_EDGE], line >= 4 ? 5 : line + 1);
        assert_int_equal(value[FEAT_PASS], 0);
    }
    free(ctx);
}

static void test_distance(void **state)
{
    (void)state;
    position_t pos;
    char diagram[19 * 40];
    diagram[0] = 0;
    for (int y = 0; y < 19; y++)
        strcat(diagram, ". . . . . . . . . . . . . . . . . . .\n");
    position_set(&pos, diagram, STONE_BLACK, NULL, NULL);
    board_setup(&pos.b, ascii_point(&pos.b, "D4"), STONE_WHITE);
    board_setup(&pos.b, ascii_point(&pos.b, "Q16"), STONE_BLACK);
    pos.last = ascii_point(&pos.b, "D4");
    pos.last2 = ascii_point(&pos.b, "Q16");
    /* d = dx + dy + max(dx, dy): 2 beside, 3 diagonal, 4 two steps, ..., 16, then 17. */
    const struct {
        const char *vertex;
        uint32_t d;
    } cases[] = {{"E4", 2},  {"D5", 2},  {"C3", 3},  {"F4", 4},  {"D2", 4},  {"F5", 5},
                 {"F6", 6},  {"G4", 6},  {"G5", 7},  {"H4", 8},  {"H6", 10}, {"L4", 14},
                 {"M4", 16}, {"K8", 16}, {"H8", 12}, {"M5", 17}, {"N4", 17}, {"T19", 17}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(value_at(&pos, cases[i].vertex, FEAT_DIST_PREV), cases[i].d);
        /* Q16 is as far from the mirrored points. */
        const int p = ascii_point(&pos.b, cases[i].vertex);
        const int q = board_point(&pos.b, 18 - board_x(&pos.b, p), 18 - board_y(&pos.b, p));
        char v[8];
        if (board_at(&pos.b, q) == STONE_EMPTY)
            assert_int_equal(value_at(&pos, board_point_to_gtp(&pos.b, q, v), FEAT_DIST_PREV2),
                             cases[i].d);
    }
    check_distances(&pos);
    /* No previous move, or a pass: 0. */
    pos.last = POINT_NONE;
    pos.last2 = POINT_PASS;
    assert_int_equal(value_at(&pos, "E4", FEAT_DIST_PREV), 0);
    assert_int_equal(value_at(&pos, "E4", FEAT_DIST_PREV2), 0);
    check_distances(&pos);
    /* 9x9, a corner. */
    position_set(&pos, ladder9, STONE_BLACK, "A7", "B7");
    assert_int_equal(value_at(&pos, "A9", FEAT_DIST_PREV), 4);
    assert_int_equal(value_at(&pos, "J1", FEAT_DIST_PREV), 17);
    assert_int_equal(value_at(&pos, "C7", FEAT_DIST_PREV2), 2);
    check_distances(&pos);
}

static void test_edge(void **state)
{
    (void)state;
    position_t pos;
    position_set(&pos, ladder9, STONE_BLACK, NULL, NULL);
    const char *const v9[] = {"A1", "B2", "C3", "D4", "E5", "J9", "H8", "G7", "F6", "E1", "J5"};
    const uint32_t e9[] = {1, 2, 3, 4, 5, 1, 2, 3, 4, 1, 1};
    for (int i = 0; i < 11; i++)
        assert_int_equal(value_at(&pos, v9[i], FEAT_EDGE), e9[i]);
    check_distances(&pos);
    position_set(&pos, escapes19, STONE_BLACK, NULL, NULL);
    const char *const v19[] = {"A19", "T1", "K10", "D16", "E15", "Q4", "P5", "S10", "K2", "K5"};
    const uint32_t e19[] = {1, 1, 5, 4, 5, 4, 5, 2, 2, 5};
    for (int i = 0; i < 10; i++)
        assert_int_equal(value_at(&pos, v19[i], FEAT_EDGE), e19[i]);
    check_distances(&pos);
}

static void test_pass(void **state)
{
    (void)state;
    position_t pos;
    position_set(&pos, captures19, STONE_BLACK, "K10", NULL);
    uint32_t value[FEAT_GROUPS];
    uint64_t spatial[SPATIAL_SIZES];
    memset(spatial, 0xff, sizeof spatial);
    extract(&pos, POINT_PASS, value, spatial);
    for (int g = 0; g < FEAT_GROUPS; g++)
        assert_int_equal(value[g], g == FEAT_PASS ? 1 : 0);
    for (int i = 0; i < SPATIAL_SIZES; i++)
        assert_true(spatial[i] == 0);
    position_set(&pos, captures19, STONE_BLACK, NULL, NULL);
    extract(&pos, POINT_PASS, value, NULL);
    assert_int_equal(value[FEAT_PASS], 1);
    /* After the opponent's pass. */
    position_set(&pos, captures19, STONE_BLACK, "pass", "K11");
    extract(&pos, POINT_PASS, value, NULL);
    assert_int_equal(value[FEAT_PASS], 2);
    assert_int_equal(value[FEAT_DIST_PREV], 0);
    /* A pass two moves ago is not "after a pass". */
    position_set(&pos, captures19, STONE_BLACK, "K10", "pass");
    extract(&pos, POINT_PASS, value, NULL);
    assert_int_equal(value[FEAT_PASS], 1);
    /* No move is a pass. */
    position_set(&pos, captures19, STONE_BLACK, "pass", "pass");
    expect_group(&pos, FEAT_PASS, "");
}

/* ---- the 3x3 key ---- */

static void test_pat3(void **state)
{
    (void)state;
    position_t pos;
    /* At C3: black up-left (B4), up (C4) and down-left (B2), white left (B3) in atari. */
    position_set(&pos,
                 ". . . . .\n"
                 ". X X . .\n"
                 "X O . . .\n"
                 ". X . . .\n"
                 ". . . . .\n",
                 STONE_BLACK, NULL, NULL);
    const int c3 = ascii_point(&pos.b, "C3");
    /* Two bits per neighbour (own 1, opponent 2, off the board 3), atari bits up, left, right,
     * down from bit 16. */
    const uint32_t raw = 0x1 | 0x1 << 2 | 0x2 << 6 | 0x1 << 10 | 1u << 17;
    assert_int_equal(feature_pat3_raw(&pos.b, STONE_BLACK, c3), raw);
    const uint32_t swapped = 0x2 | 0x2 << 2 | 0x1 << 6 | 0x2 << 10 | 1u << 17;
    assert_int_equal(feature_pat3_raw(&pos.b, STONE_WHITE, c3), swapped);
    /* The corner A1: off the board left and below, black B2 up-right. */
    const uint32_t corner = 0x3 << 0 | 0x1 << 4 | 0x3 << 6 | 0x3 << 10 | 0x3 << 12 | 0x3 << 14;
    assert_int_equal(feature_pat3_raw(&pos.b, STONE_BLACK, ascii_point(&pos.b, "A1")), corner);
    /* The canonical key is the least of the raw key's eight images, and the raw key is one of
     * them. */
    uint32_t images[8];
    feature_pat3_images(raw, images);
    bool found = false;
    uint32_t least = raw;
    for (int k = 0; k < 8; k++) {
        found |= images[k] == raw;
        if (images[k] < least) least = images[k];
        assert_true(images[k] < FEAT_PAT3_KEYS);
    }
    assert_true(found);
    assert_int_equal(feature_pat3_key(&pos.b, STONE_BLACK, c3), least);
    assert_int_equal(value_at(&pos, "C3", FEAT_PAT3), least + 1);
    /* The images of a key, turned again, stay in the same set. */
    for (int k = 0; k < 8; k++) {
        uint32_t again[8];
        feature_pat3_images(images[k], again);
        for (int j = 0; j < 8; j++) {
            bool in = false;
            for (int i = 0; i < 8; i++)
                in |= again[j] == images[i];
            assert_true(in);
        }
    }
    /* Every empty point of random positions: raw key among its images, key the least. */
    uint64_t seed = 7;
    for (int size = 9; size <= 19; size += 10) {
        board_t b;
        test_random_game(&b, size, false, &seed);
        for (int p = 0; p < b.num_points; p++) {
            if (!board_is_on_board(&b, p) || board_at(&b, p) != STONE_EMPTY) continue;
            for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
                const uint32_t r = feature_pat3_raw(&b, c, p);
                feature_pat3_images(r, images);
                found = false;
                least = r;
                for (int k = 0; k < 8; k++) {
                    found |= images[k] == r;
                    if (images[k] < least) least = images[k];
                }
                assert_true(found);
                assert_int_equal(feature_pat3_key(&b, c, p), least);
            }
        }
    }
}

/* ---- spatial patterns ---- */

static void spatial_at(const board_t *b, stone_t c, const char *vertex, uint64_t out[SPATIAL_SIZES])
{
    feature_spatial_hashes(b, c, ascii_point(b, vertex), out);
}

/* Sizes below s equal, s and above different. */
static void expect_differ_from(const uint64_t a[SPATIAL_SIZES], const uint64_t b[SPATIAL_SIZES],
                               int s)
{
    for (int i = 0; i < SPATIAL_SIZES; i++) {
        if (SPATIAL_MIN_SIZE + i < s)
            assert_true(a[i] == b[i]);
        else
            assert_true(a[i] != b[i]);
    }
}

static void test_spatial(void **state)
{
    (void)state;
    board_t b;
    char diagram[19 * 40];
    diagram[0] = 0;
    for (int y = 0; y < 19; y++)
        strcat(diagram, ". . . . . . . . . . . . . . . . . . .\n");
    ascii_board(&b, diagram, false);
    uint64_t empty[SPATIAL_SIZES], h[SPATIAL_SIZES], h2[SPATIAL_SIZES];
    spatial_at(&b, STONE_BLACK, "K10", empty);
    /* The size is part of every hash. */
    for (int i = 0; i < SPATIAL_SIZES; i++)
        for (int j = 0; j < i; j++)
            assert_true(empty[i] != empty[j]);
    /* The point itself is not part of the pattern. */
    board_setup(&b, ascii_point(&b, "K10"), STONE_WHITE);
    spatial_at(&b, STONE_BLACK, "K10", h);
    assert_memory_equal(h, empty, sizeof h);
    board_setup(&b, ascii_point(&b, "K10"), STONE_EMPTY);
    /* One stone at gridcular distance s from K10 changes sizes s and up only, by its colour; the
     * same stone turned by any symmetry gives the same hashes. */
    static const int offset[][2] = {{1, 1}, {2, 0}, {2, 1}, {2, 2}, {3, 1}, {3, 2}, {3, 3}, {4, 2}};
    const int k10 = ascii_point(&b, "K10");
    for (int s = SPATIAL_MIN_SIZE; s <= SPATIAL_MAX_SIZE; s++) {
        const int dx = offset[s - SPATIAL_MIN_SIZE][0], dy = offset[s - SPATIAL_MIN_SIZE][1];
        assert_int_equal(gridcular(dx, dy), s);
        uint64_t own[SPATIAL_SIZES], opp[SPATIAL_SIZES];
        for (int k = 0; k < 8; k++) {
            int tx = (k & 4) ? dy : dx, ty = (k & 4) ? dx : dy;
            if (k & 1) tx = -tx;
            if (k & 2) ty = -ty;
            const int q = board_point(&b, board_x(&b, k10) + tx, board_y(&b, k10) + ty);
            board_setup(&b, q, STONE_BLACK);
            feature_spatial_hashes(&b, STONE_BLACK, k10, h);
            feature_spatial_hashes(&b, STONE_WHITE, k10, h2);
            board_setup(&b, q, STONE_EMPTY);
            expect_differ_from(empty, h, s);
            expect_differ_from(h, h2, s);
            if (k == 0) {
                memcpy(own, h, sizeof own);
                memcpy(opp, h2, sizeof opp);
            }
            assert_memory_equal(h, own, sizeof h);
            assert_memory_equal(h2, opp, sizeof h2);
        }
    }
    /* Two stones: the pair beside each other differs from the pair apart at the size of the
     * farther stone; a mirror pair does not differ at all. */
    board_setup(&b, ascii_point(&b, "L10"), STONE_BLACK);
    board_setup(&b, ascii_point(&b, "L11"), STONE_WHITE);
    spatial_at(&b, STONE_BLACK, "K10", h);
    board_setup(&b, ascii_point(&b, "L11"), STONE_EMPTY);
    board_setup(&b, ascii_point(&b, "L9"), STONE_WHITE);
    spatial_at(&b, STONE_BLACK, "K10", h2);
    assert_memory_equal(h, h2, sizeof h); /* a reflection through row 10 */
    board_setup(&b, ascii_point(&b, "L9"), STONE_EMPTY);
    board_setup(&b, ascii_point(&b, "J11"), STONE_WHITE);
    spatial_at(&b, STONE_BLACK, "K10", h2);
    expect_differ_from(h, h2, 3); /* the white stone on the other side of the black one */
    /* Own and opponent are relative to the mover. */
    board_setup(&b, ascii_point(&b, "J11"), STONE_EMPTY);
    board_setup(&b, ascii_point(&b, "L10"), STONE_EMPTY);
    board_setup(&b, ascii_point(&b, "L10"), STONE_WHITE);
    board_setup(&b, ascii_point(&b, "L11"), STONE_BLACK);
    spatial_at(&b, STONE_WHITE, "K10", h2);
    assert_memory_equal(h, h2, sizeof h);

    /* The edge: on the fifth line only the size-10 pattern (K10's offset (-5, 0)) reaches past
     * the board; on the fourth line sizes 8 ((-4, 0)) and up do. */
    ascii_board(&b, diagram, false);
    spatial_at(&b, STONE_BLACK, "E10", h);
    expect_differ_from(empty, h, 10);
    spatial_at(&b, STONE_BLACK, "D10", h);
    expect_differ_from(empty, h, 8);
    /* The four corners and the points turned with them are alike. */
    spatial_at(&b, STONE_BLACK, "C3", h);
    expect_differ_from(empty, h, 6);
    const char *const corners[] = {"C17", "R3", "R17"};
    for (int i = 0; i < 3; i++) {
        spatial_at(&b, STONE_BLACK, corners[i], h2);
        assert_memory_equal(h, h2, sizeof h);
    }
    /* A 9x9 board's centre sees no edge up to size 10 ((4, 2) stays on the board; (5, 0) is off
     * it, but that is distance 10 too). */
    ascii_board(&b,
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n"
                ". . . . . . . . .\n",
                false);
    spatial_at(&b, STONE_BLACK, "E5", h);
    expect_differ_from(empty, h, 10);
}

/* ---- Monte Carlo ownership ---- */

/* An ownership spread over [-1, 1] by point, for the owner group. */
static void spread_owner(const board_t *b, float *owner)
{
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        owner[p] = p < b->num_points ? (float)(p * 37 % 21 - 10) / 10.0f : 0.0f;
}

static void test_owner(void **state)
{
    (void)state;
    /* Eight equal bands of the mover's share, from the opponent's point to the mover's. */
    assert_int_equal(feature_owner_value(-1.0f, STONE_BLACK), 1);
    assert_int_equal(feature_owner_value(-0.76f, STONE_BLACK), 1);
    assert_int_equal(feature_owner_value(-0.74f, STONE_BLACK), 2);
    assert_int_equal(feature_owner_value(-0.01f, STONE_BLACK), 4);
    assert_int_equal(feature_owner_value(0.0f, STONE_BLACK), 5);
    assert_int_equal(feature_owner_value(0.74f, STONE_BLACK), 7);
    assert_int_equal(feature_owner_value(0.76f, STONE_BLACK), 8);
    assert_int_equal(feature_owner_value(1.0f, STONE_BLACK), FEAT_OWNER_VALUES);
    for (int i = -10; i <= 10; i++) {
        const float o = (float)i / 10.0f;
        assert_int_equal(feature_owner_value(o, STONE_WHITE),
                         feature_owner_value(-o, STONE_BLACK));
    }
    assert_int_equal(feature_group_values(FEAT_OWNER), FEAT_OWNER_VALUES);
    assert_string_equal(feature_group_name(FEAT_OWNER), "owner");

    /* In a position: every legal point gets its band from the map, pass none, and nothing
     * without a map. */
    position_t *pos = malloc(sizeof *pos);
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_true(pos && ctx);
    position_set(pos,
                 ". . . . .\n"
                 ". X . . .\n"
                 ". . . O .\n"
                 ". . . . .\n"
                 ". . . . .\n",
                 STONE_BLACK, "D3", "B4");
    static float owner[BOARD_MAX_POINTS];
    spread_owner(&pos->b, owner);
    for (int side = 0; side < 2; side++) {
        const stone_t c = side ? STONE_WHITE : STONE_BLACK;
        feature_context_init(ctx, &pos->b, c, pos->last, pos->last2);
        uint32_t v[FEAT_GROUPS];
        for (int p = 0; p < pos->b.num_points; p++) {
            if (!board_is_on_board(&pos->b, p) || board_at(&pos->b, p) != STONE_EMPTY) continue;
            ctx->owner = NULL;
            feature_extract(ctx, p, v, NULL);
            assert_int_equal(v[FEAT_OWNER], 0);
            ctx->owner = owner;
            feature_extract(ctx, p, v, NULL);
            assert_int_equal(v[FEAT_OWNER], feature_owner_value(owner[p], c));
        }
        feature_extract(ctx, POINT_PASS, v, NULL);
        assert_int_equal(v[FEAT_OWNER], 0);
    }
    /* The map's extremes give the extreme bands: C3 wholly black's, E1 wholly white's. */
    owner[ascii_point(&pos->b, "C3")] = 1.0f;
    owner[ascii_point(&pos->b, "E1")] = -1.0f;
    feature_context_init(ctx, &pos->b, STONE_WHITE, pos->last, pos->last2);
    ctx->owner = owner;
    uint32_t v[FEAT_GROUPS];
    feature_extract(ctx, ascii_point(&pos->b, "C3"), v, NULL);
    assert_int_equal(v[FEAT_OWNER], 1);
    feature_extract(ctx, ascii_point(&pos->b, "E1"), v, NULL);
    assert_int_equal(v[FEAT_OWNER], FEAT_OWNER_VALUES);
    free(ctx);
    free(pos);
}

/* ---- invariance ---- */

/* Symmetry k of the board (bit 2: swap x and y, bit 0: mirror x, bit 1: mirror y). */
static int transform_point(const board_t *b, int k, int p)
{
    if (p <= 0) return p;
    int x = board_x(b, p), y = board_y(b, p);
    if (k & 4) {
        const int t = x;
        x = y;
        y = t;
    }
    if (k & 1) x = b->size - 1 - x;
    if (k & 2) y = b->size - 1 - y;
    return board_point(b, x, y);
}

static void position_transform(const position_t *src, int k, bool swap, position_t *dst)
{
    const board_t *b = &src->b;
    board_init(&dst->b, b->size, b->suicide_allowed);
    int points[BOARD_MAX_POINTS];
    stone_t stones[BOARD_MAX_POINTS];
    int n = 0;
    for (int p = 0; p < b->num_points; p++) {
        const stone_t s = board_at(b, p);
        if (s != STONE_BLACK && s != STONE_WHITE) continue;
        points[n] = transform_point(b, k, p);
        stones[n++] = swap ? stone_other(s) : s;
    }
    assert_true(board_setup_points(&dst->b, points, stones, n));
    /* Setup clears the ko; the features read it, so carry it over. */
    dst->b.ko_point = transform_point(b, k, b->ko_point);
    dst->b.ko_color = b->ko_point != POINT_NONE && swap ? stone_other(b->ko_color) : b->ko_color;
    dst->to_move = swap ? stone_other(src->to_move) : src->to_move;
    dst->last = transform_point(b, k, src->last);
    dst->last2 = transform_point(b, k, src->last2);
}

/* Every feature of every move (pass included) is the same in the 16 images of the position, the
 * ownership turned with the board and negated with the colours. */
static void check_invariance(const position_t *pos)
{
    feature_context_t *ctx = malloc(sizeof *ctx), *tctx = malloc(sizeof *tctx);
    position_t *t = malloc(sizeof *t);
    assert_true(ctx && tctx && t);
    static float owner[BOARD_MAX_POINTS], towner[BOARD_MAX_POINTS];
    spread_owner(&pos->b, owner);
    feature_context_init(ctx, &pos->b, pos->to_move, pos->last, pos->last2);
    ctx->owner = owner;
    for (int k = 0; k < 8; k++)
        for (int swap = 0; swap < 2; swap++) {
            position_transform(pos, k, swap, t);
            feature_context_init(tctx, &t->b, t->to_move, t->last, t->last2);
            memset(towner, 0, sizeof towner);
            for (int p = 0; p < pos->b.num_points; p++)
                if (board_is_on_board(&pos->b, p))
                    towner[transform_point(&pos->b, k, p)] = swap ? -owner[p] : owner[p];
            tctx->owner = towner;
            for (int p = -1; p < pos->b.num_points; p++) {
                const int q = transform_point(&pos->b, k, p);
                if (p >= 0 && !board_is_on_board(&pos->b, p)) continue;
                const bool legal = board_is_legal(&pos->b, pos->to_move, p);
                assert_int_equal(board_is_legal(&t->b, t->to_move, q), legal);
                if (!legal) continue;
                uint32_t v[FEAT_GROUPS], tv[FEAT_GROUPS];
                uint64_t s[SPATIAL_SIZES], ts[SPATIAL_SIZES];
                feature_extract(ctx, p, v, s);
                feature_extract(tctx, q, tv, ts);
                for (int g = 0; g < FEAT_GROUPS; g++)
                    if (v[g] != tv[g]) {
                        char a[8], c[8];
                        fail_msg("symmetry %d swap %d: %s at %s is %u, at %s %u", k, swap,
                                 feature_group_name((feature_group_t)g),
                                 board_point_to_gtp(&pos->b, p, a), v[g],
                                 board_point_to_gtp(&t->b, q, c), tv[g]);
                    }
                assert_memory_equal(s, ts, sizeof s);
            }
        }
    free(ctx);
    free(tctx);
    free(t);
}

/* A random game of `moves` moves (no own true eyes filled) with its last two moves. */
static void random_position(position_t *pos, int size, int moves, uint64_t *seed)
{
    board_init(&pos->b, size, false);
    pos->to_move = STONE_BLACK;
    pos->last = pos->last2 = POINT_NONE;
    for (int m = 0; m < moves; m++) {
        int candidates[BOARD_MAX_POINTS], n = 0;
        for (int i = 0; i < pos->b.empty_count; i++) {
            const int p = pos->b.empties[i];
            if (board_is_legal(&pos->b, pos->to_move, p) &&
                !board_is_true_eye(&pos->b, p, pos->to_move))
                candidates[n++] = p;
        }
        const int p = n ? candidates[test_random(seed) % (uint32_t)n] : POINT_PASS;
        board_play(&pos->b, pos->to_move, p, NULL);
        pos->last2 = pos->last;
        pos->last = p;
        pos->to_move = stone_other(pos->to_move);
    }
}

static void test_invariance(void **state)
{
    (void)state;
    position_t *pos = malloc(sizeof *pos);
    assert_non_null(pos);
    const char *const diagrams[] = {captures19, escapes19, self_ataris19, ladder9, broken_ladder9};
    const char *const lasts[] = {"K10", "L7", "B2", "B6", "A7"};
    for (int i = 0; i < 5; i++) {
        position_set(pos, diagrams[i], STONE_BLACK, lasts[i], NULL);
        check_invariance(pos);
        pos->to_move = STONE_WHITE;
        check_invariance(pos);
    }
    /* A ko on the board. */
    position_set(pos,
                 ". . . . . . . . .\n"
                 ". . . . . . X . .\n"
                 ". . . . . X O . .\n"
                 ". . . . . . . . .\n"
                 ". O X . . . . . .\n"
                 "O X . X . . . . .\n"
                 ". O X . . . . . .\n"
                 ". . . . . . . . .\n"
                 ". . . . . . . . .\n",
                 STONE_BLACK, "G5", NULL);
    position_play(pos, "A1");
    position_play(pos, "C4");
    assert_true(pos->b.ko_point != POINT_NONE);
    check_invariance(pos);
    /* Random middle games, 9x9 and 19x19. */
    uint64_t seed = 42;
    const int games = 12 / test_scale() + 1;
    for (int i = 0; i < games; i++) {
        random_position(pos, 9, 30 + 4 * i, &seed);
        check_invariance(pos);
    }
    for (int i = 0; i < 2; i++) {
        random_position(pos, 19, 120 + 80 * i, &seed);
        check_invariance(pos);
    }
    free(pos);
}

/* ---- the playout features ---- */

static void check_playout_agrees(const position_t *pos)
{
    const board_t *b = &pos->b;
    const stone_t c = pos->to_move;
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_non_null(ctx);
    feature_context_init(ctx, b, c, pos->last, pos->last2);
    for (int i = 0; i < b->empty_count; i++) {
        const int p = b->empties[i];
        if (!board_is_legal(b, c, p)) continue;
        uint32_t full[FEAT_GROUPS], cheap[FEAT_GROUPS];
        feature_extract(ctx, p, full, NULL);
        feature_extract_playout(b, c, p, cheap);
        for (int g = 0; g < FEAT_GROUPS; g++)
            if (g != FEAT_PAT3 && g != FEAT_CAPTURE && g != FEAT_SELF_ATARI)
                assert_int_equal(cheap[g], 0);
        /* pat3: the raw key, whose canonical form is the full feature. */
        assert_int_equal(cheap[FEAT_PAT3], feature_pat3_raw(b, c, p) + 1);
        uint32_t images[8], least = cheap[FEAT_PAT3] - 1;
        feature_pat3_images(cheap[FEAT_PAT3] - 1, images);
        for (int k = 0; k < 8; k++)
            if (images[k] < least) least = images[k];
        assert_int_equal(full[FEAT_PAT3], least + 1);
        /* capture: the same where the full value is ONE or MANY, else by the stones taken. */
        tactics_move_t t;
        tactics_eval_move(b, c, p, &t);
        assert_int_equal(!!cheap[FEAT_CAPTURE], !!full[FEAT_CAPTURE]);
        if (full[FEAT_CAPTURE] == FEAT_CAPTURE_ONE || full[FEAT_CAPTURE] == FEAT_CAPTURE_MANY)
            assert_int_equal(cheap[FEAT_CAPTURE], full[FEAT_CAPTURE]);
        else if (full[FEAT_CAPTURE])
            assert_int_equal(cheap[FEAT_CAPTURE],
                             t.captured == 1 ? FEAT_CAPTURE_ONE : FEAT_CAPTURE_MANY);
        /* self-atari: the same, a snapback counted as one stone. */
        assert_int_equal(cheap[FEAT_SELF_ATARI], full[FEAT_SELF_ATARI] == FEAT_SELF_ATARI_SNAPBACK
                                                     ? (uint32_t)FEAT_SELF_ATARI_ONE
                                                     : full[FEAT_SELF_ATARI]);
    }
    free(ctx);
}

static void test_playout_features(void **state)
{
    (void)state;
    position_t *pos = malloc(sizeof *pos);
    assert_non_null(pos);
    const char *const diagrams[] = {captures19, escapes19, self_ataris19, ladder9};
    for (int i = 0; i < 4; i++)
        for (stone_t c = STONE_BLACK; c <= STONE_WHITE; c++) {
            position_set(pos, diagrams[i], c, i == 0 ? "C7" : NULL, NULL);
            check_playout_agrees(pos);
        }
    uint64_t seed = 3;
    for (int i = 0; i < 20; i++) {
        random_position(pos, i % 2 ? 19 : 9, i % 2 ? 250 : 50, &seed);
        check_playout_agrees(pos);
    }
    free(pos);
}

static void test_group_table(void **state)
{
    (void)state;
    assert_int_equal(feature_group_values(FEAT_PASS), 2);
    assert_int_equal(feature_group_values(FEAT_CAPTURE), FEAT_CAPTURE_VALUES);
    assert_int_equal(feature_group_values(FEAT_DIST_PREV2), FEAT_DIST_VALUES);
    assert_int_equal(feature_group_values(FEAT_PAT3), FEAT_PAT3_KEYS);
    assert_int_equal(feature_group_values(FEAT_SPATIAL), 0);
    assert_string_equal(feature_group_name(FEAT_SELF_ATARI), "self_atari");
    assert_string_equal(feature_group_name(FEAT_GROUPS), "?");
    for (int g = 0; g < FEAT_GROUPS; g++)
        for (int h = 0; h < g; h++)
            assert_true(strcmp(feature_group_name((feature_group_t)g),
                               feature_group_name((feature_group_t)h)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_table),
        cmocka_unit_test(test_capture),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_escape_by_capture),
        cmocka_unit_test(test_atari),
        cmocka_unit_test(test_self_atari),
        cmocka_unit_test(test_distance),
        cmocka_unit_test(test_edge),
        cmocka_unit_test(test_pass),
        cmocka_unit_test(test_pat3),
        cmocka_unit_test(test_spatial),
        cmocka_unit_test(test_owner),
        cmocka_unit_test(test_invariance),
        cmocka_unit_test(test_playout_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
