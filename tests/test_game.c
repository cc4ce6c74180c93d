/* test_game.c - the game object (game.h): superko, suicide under each ko rule, passes,
 * resignation, undo, handicap, Atari Go and legal move lists. Positions are ASCII diagrams. */
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
#include "tengen/game.h"
#include "tengen/rules.h"

#define BLACK STONE_BLACK
#define WHITE STONE_WHITE

static rules_t make_rules(ko_rule_t ko, bool suicide)
{
    rules_t r;
    assert_true(rules_preset(&r, "chinese"));
    r.ko = ko;
    r.suicide_allowed = suicide;
    snprintf(r.name, sizeof(r.name), "custom");
    return r;
}

static void expect_consistent(const game_t *g)
{
    char err[200];
    if (!board_check(game_board(g), err, (int)sizeof(err))) fail_msg("board_check: %s", err);
}

static int vertex(const game_t *g, const char *v)
{
    return strcmp(v, "pass") ? ascii_point(game_board(g), v) : POINT_PASS;
}

/* Play a move and expect the status; game_check_move must agree with game_play. */
static void play_expect(game_t *g, stone_t c, const char *v, game_status_t want)
{
    int p = vertex(g, v);
    game_status_t checked = game_check_move(g, c, p);
    game_status_t played = game_play(g, c, p);
    if (played != want)
        fail_msg("%s %s: got '%s', want '%s'", c == BLACK ? "B" : "W", v,
                 game_status_text(played), game_status_text(want));
    assert_int_equal(checked, played);
    expect_consistent(g);
}

static void play_ok(game_t *g, stone_t c, const char *v)
{
    play_expect(g, c, v, GAME_OK);
}

/* Play moves alternately from the colour to move; all must be legal. */
static void play_seq(game_t *g, const char *moves)
{
    char copy[512];
    snprintf(copy, sizeof(copy), "%s", moves);
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) play_ok(g, game_to_move(g), t);
}

static void expect_stones(const game_t *g, const char *diagram)
{
    board_t want;
    const board_t *b = game_board(g);
    ascii_board(&want, diagram, b->suicide_allowed);
    assert_int_equal(want.size, b->size);
    assert_memory_equal(want.color, b->color, (size_t)b->num_points);
    assert_true(want.hash == b->hash);
}

/* ---- superko ---- */

/* Three kos on 9x9 (K1 top left, K2 top right, K3 bottom left). White plays J1 first so that the
 * cycle start is a position reached by a move. Then B takes K1 (C8), W takes K2 (G8), B takes K3
 * (C4), W retakes K1 (B8), B retakes K2 (H8); W retaking K3 (B4) recreates the position after
 * J1, with black to move again. */
static const char *TRIPLE_KO = ". X O . . . X O .\n"
                               "X O . O . X . X O\n"
                               ". X O . . . X O .\n"
                               ". . . . . . . . .\n"
                               ". X O . . . . . .\n"
                               "X O . O . . . . .\n"
                               ". X O . . . . . .\n"
                               ". . . . . . . . .\n"
                               ". . . . . . . . .\n";

static void test_triple_ko(void **state)
{
    (void)state;
    const ko_rule_t kos[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
    for (int k = 0; k < 3; k++) {
        rules_t r = make_rules(kos[k], false);
        game_t *g = ascii_game(TRIPLE_KO, &r, WHITE);
        play_seq(g, "J1 C8 G8 C4 B8 H8");
        uint64_t start_hash = 0;
        {
            /* The position after J1, for comparison. */
            game_t *h = ascii_game(TRIPLE_KO, &r, WHITE);
            play_ok(h, WHITE, "J1");
            start_hash = game_board(h)->hash;
            game_free(h);
        }
        if (kos[k] == KO_SIMPLE) {
            play_ok(g, WHITE, "B4");
            assert_true(game_board(g)->hash == start_hash);
            /* And the cycle can go round again. */
            play_seq(g, "C8 G8 C4 B8 H8 B4");
            assert_true(game_board(g)->hash == start_hash);
        } else {
            play_expect(g, WHITE, "B4", GAME_ILLEGAL_SUPERKO);
            int legal[BOARD_MAX_POINTS];
            int n = game_legal_moves(g, WHITE, legal);
            for (int i = 0; i < n; i++) assert_int_not_equal(legal[i], vertex(g, "B4"));
            assert_int_equal(game_to_move(g), WHITE);
        }
        game_free(g);
    }
}

/* Undo must take the superko keys back: after undoing the whole cycle, replaying it is legal. */
static void test_undo_restores_superko_history(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_POSITIONAL, false);
    game_t *g = ascii_game(TRIPLE_KO, &r, WHITE);
    play_ok(g, WHITE, "J1");
    int base = game_move_count(g);
    for (int round = 0; round < 3; round++) {
        play_seq(g, "C8 G8 C4 B8 H8");
        play_expect(g, WHITE, "B4", GAME_ILLEGAL_SUPERKO);
        for (int i = 0; i < 5; i++) assert_true(game_undo(g));
        assert_int_equal(game_move_count(g), base);
        assert_int_equal(game_to_move(g), BLACK);
        expect_consistent(g);
    }
    /* Undo J1 and the setup too. */
    assert_true(game_undo(g));
    assert_int_equal(game_to_move(g), WHITE);
    while (game_undo(g)) {
    }
    assert_int_equal(game_move_count(g), 0);
    assert_false(game_undo(g));
    assert_int_equal(game_board(g)->stones_on_board[BLACK], 0);
    game_free(g);
}

/* Sending two, returning one: B A5 throws in (two stones in atari), W C5 takes two, B B5 takes
 * one back: the stones are as before B A5, with white to move instead of black. */
static const char *STRO = ". X . X .\n"
                          "O O X X .\n"
                          ". . . . .\n"
                          ". . . . .\n"
                          ". . . . .\n";

static void test_sending_two_returning_one(void **state)
{
    (void)state;
    const ko_rule_t kos[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
    const game_status_t want[] = {GAME_OK, GAME_ILLEGAL_SUPERKO, GAME_OK};
    for (int k = 0; k < 3; k++) {
        rules_t r = make_rules(kos[k], false);
        game_t *g = ascii_game(STRO, &r, WHITE);
        play_ok(g, WHITE, "E1"); /* so the start is reached by a move, black to move */
        play_seq(g, "A5 C5");
        assert_int_equal(game_board(g)->captures[WHITE], 2);
        play_expect(g, BLACK, "B5", want[k]);
        if (want[k] == GAME_OK) {
            assert_int_equal(game_board(g)->captures[BLACK], 1);
            expect_stones(g, ". X . X .\n"
                             "O O X X .\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . O\n");
            assert_int_equal(game_to_move(g), WHITE);
        }
        game_free(g);
    }
}

/* Situational superko compares the side to move too: after the cycle and a white pass, the
 * stones and the side to move are as after E1, and black's throw-in would recreate the position
 * after the first A5 with white to move again: forbidden. */
static void test_situational_vs_positional_same_side(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SITUATIONAL, false);
    game_t *g = ascii_game(STRO, &r, WHITE);
    play_ok(g, WHITE, "E1");
    play_seq(g, "A5 C5 B5");   /* stones as after E1, white to move: legal */
    play_ok(g, WHITE, "pass"); /* same stones, black to move: a pass is never a superko */
    play_expect(g, BLACK, "A5", GAME_ILLEGAL_SUPERKO);
    play_ok(g, BLACK, "E2");
    play_ok(g, WHITE, "pass");
    play_ok(g, BLACK, "A5"); /* E2 makes it a new position */
    game_free(g);

    /* Positional superko forbids the cycle one move earlier, whoever is to move. */
    rules_t rp = make_rules(KO_POSITIONAL, false);
    g = ascii_game(STRO, &rp, WHITE);
    play_ok(g, WHITE, "E1");
    play_seq(g, "A5 C5");
    play_expect(g, BLACK, "B5", GAME_ILLEGAL_SUPERKO);
    int out[BOARD_MAX_POINTS];
    int n = game_legal_moves(g, BLACK, out);
    for (int i = 0; i < n; i++) assert_int_not_equal(out[i], vertex(g, "B5"));
    game_free(g);
}

/* ---- single-stone suicide under each ko rule (game.h) ---- */

/* White's suicide point A5, black's E5. */
static const char *SUICIDE = ". X . O .\n"
                             "X . . . O\n"
                             ". . . . .\n"
                             ". . . . .\n"
                             ". . . . .\n";

static void test_single_stone_suicide_rules(void **state)
{
    (void)state;
    /* Suicide forbidden: illegal under every ko rule. */
    const ko_rule_t kos[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
    for (int k = 0; k < 3; k++) {
        rules_t r = make_rules(kos[k], false);
        game_t *g = ascii_game(SUICIDE, &r, WHITE);
        play_ok(g, WHITE, "C1");
        play_expect(g, BLACK, "E5", GAME_ILLEGAL_SUICIDE);
        game_free(g);
    }
    /* Simple ko: legal, the board is unchanged, the turn passes, it is no pass. */
    {
        rules_t r = make_rules(KO_SIMPLE, true);
        game_t *g = ascii_game(SUICIDE, &r, WHITE);
        play_ok(g, WHITE, "C1");
        uint64_t h = game_board(g)->hash;
        play_ok(g, BLACK, "E5");
        assert_true(game_board(g)->hash == h);
        assert_int_equal(game_to_move(g), WHITE);
        assert_int_equal(game_consecutive_passes(g), 0);
        play_ok(g, WHITE, "A5");
        assert_true(game_board(g)->hash == h);
        assert_false(game_is_over(g));
        assert_int_equal(game_consecutive_passes(g), 0);
        assert_int_equal(game_board(g)->captures[BLACK], 0);
        assert_int_equal(game_board(g)->captures[WHITE], 0);
        assert_int_equal(game_last_move(g), vertex(g, "A5"));
        assert_true(game_undo(g));
        assert_true(game_undo(g));
        assert_true(game_board(g)->hash == h);
        assert_int_equal(game_to_move(g), BLACK);
        game_free(g);
    }
    /* Positional: it recreates the current position, so it is illegal. */
    {
        rules_t r = make_rules(KO_POSITIONAL, true);
        game_t *g = ascii_game(SUICIDE, &r, WHITE);
        play_ok(g, WHITE, "C1");
        play_expect(g, BLACK, "E5", GAME_ILLEGAL_SUPERKO);
        play_expect(g, WHITE, "A5", GAME_ILLEGAL_SUPERKO);
        play_ok(g, BLACK, "B4");
        play_ok(g, WHITE, "D4");
        game_free(g);
    }
    /* Situational: legal once (the stones with the other side to move are new), then the
     * opponent's suicide would give the same stones with the same side to move: illegal. */
    {
        rules_t r = make_rules(KO_SITUATIONAL, true);
        game_t *g = ascii_game(SUICIDE, &r, WHITE);
        play_ok(g, WHITE, "C1");
        play_ok(g, BLACK, "E5");
        assert_int_equal(game_to_move(g), WHITE);
        play_expect(g, WHITE, "A5", GAME_ILLEGAL_SUPERKO);
        /* A pass is always legal and does give black the same stones to move again. */
        play_ok(g, WHITE, "pass");
        play_expect(g, BLACK, "E5", GAME_ILLEGAL_SUPERKO);
        game_free(g);
    }
}

/* The key of a setup position must use the player to move after setup: situational superko
 * must let white suicide where the position with black to move never occurred. */
static void test_situational_key_of_setup_and_handicap(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SITUATIONAL, true);
    /* Setup, then white to move: white's single-stone suicide gives the setup stones with black
     * to move, a situation that has not occurred. */
    game_t *g = ascii_game(SUICIDE, &r, WHITE);
    play_ok(g, WHITE, "A5");
    play_expect(g, BLACK, "E5", GAME_ILLEGAL_SUPERKO); /* back to white to move: occurred */
    game_free(g);
    /* The same with free handicap stones (white to move after them). */
    g = game_new(7, &r);
    int pts[2] = {vertex(g, "B7"), vertex(g, "A6")};
    assert_true(game_free_handicap(g, pts, 2));
    assert_int_equal(game_to_move(g), WHITE);
    play_ok(g, WHITE, "A7");
    game_free(g);
}

/* ---- passes, resignation, game end ---- */

/* The last two moves, as the move model reads them: setup stones in between end the history. */
static void test_last_two_moves(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(9, &r);
    const board_t *b = game_board(g);
    assert_int_equal(game_last_move(g), POINT_NONE);
    assert_int_equal(game_move_before_last(g), POINT_NONE);
    play_ok(g, BLACK, "E5");
    assert_int_equal(game_last_move(g), board_point_from_gtp(b, "E5"));
    assert_int_equal(game_move_before_last(g), POINT_NONE);
    play_ok(g, WHITE, "pass");
    assert_int_equal(game_last_move(g), POINT_PASS);
    assert_int_equal(game_move_before_last(g), board_point_from_gtp(b, "E5"));
    play_ok(g, BLACK, "C3");
    assert_int_equal(game_move_before_last(g), POINT_PASS);
    const int p = board_point_from_gtp(b, "G7");
    const stone_t s = STONE_WHITE;
    assert_true(game_setup(g, &p, &s, 1));
    assert_int_equal(game_move_before_last(g), POINT_NONE);
    game_free(g);
}

static void test_passes_end_game(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(9, &r);
    assert_int_equal(game_to_move(g), BLACK);
    play_ok(g, BLACK, "pass");
    assert_int_equal(game_consecutive_passes(g), 1);
    assert_false(game_is_over(g));
    assert_int_equal(game_to_move(g), WHITE);
    play_ok(g, WHITE, "E5");
    assert_int_equal(game_consecutive_passes(g), 0);
    play_ok(g, BLACK, "pass");
    play_ok(g, WHITE, "pass");
    assert_int_equal(game_consecutive_passes(g), 2);
    assert_true(game_is_over(g));
    assert_int_equal(game_end_reason(g), GAME_END_PASSES);
    assert_int_equal(game_winner(g), STONE_EMPTY);
    assert_int_equal(game_last_move(g), POINT_PASS);
    /* Undo of the second pass reopens the game. */
    assert_true(game_undo(g));
    assert_false(game_is_over(g));
    assert_int_equal(game_end_reason(g), GAME_END_NONE);
    assert_int_equal(game_to_move(g), WHITE);
    game_free(g);
}

static void test_resignation(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(9, &r);
    play_ok(g, BLACK, "E5");
    game_resign(g, WHITE);
    assert_true(game_is_over(g));
    assert_int_equal(game_end_reason(g), GAME_END_RESIGN);
    assert_int_equal(game_winner(g), BLACK);
    play_expect(g, WHITE, "D4", GAME_ILLEGAL_GAME_OVER);
    play_expect(g, WHITE, "pass", GAME_ILLEGAL_GAME_OVER);
    int legal[BOARD_MAX_POINTS];
    assert_int_equal(game_legal_moves(g, WHITE, legal), 0);
    /* Undo takes back the resignation first, then the moves. */
    assert_true(game_undo(g));
    assert_false(game_is_over(g));
    assert_int_equal(game_move_count(g), 1);
    assert_true(game_undo(g));
    assert_int_equal(game_move_count(g), 0);
    game_free(g);

    g = game_new(9, &r);
    game_resign(g, BLACK);
    assert_int_equal(game_winner(g), WHITE);
    game_resign(g, STONE_BORDER); /* ignored: not a player */
    assert_int_equal(game_winner(g), WHITE);
    assert_true(game_reset(g, 9));
    assert_false(game_is_over(g));
    game_free(g);
}

static void test_garbage_moves(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_POSITIONAL, false);
    game_t *g = game_new(5, &r);
    const board_t *b = game_board(g);
    assert_int_equal(game_play(g, BLACK, POINT_NONE), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, BLACK, POINT_RESIGN), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, BLACK, 1), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, BLACK, b->num_points), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, BLACK, 100000), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, BLACK, -77), GAME_ILLEGAL_OFF_BOARD);
    assert_int_equal(game_play(g, STONE_EMPTY, vertex(g, "C3")), GAME_ILLEGAL_COLOR);
    assert_int_equal(game_play(g, STONE_BORDER, vertex(g, "C3")), GAME_ILLEGAL_COLOR);
    assert_int_equal(game_play(g, (stone_t)77, vertex(g, "C3")), GAME_ILLEGAL_COLOR);
    assert_int_equal(game_move_count(g), 0);
    play_ok(g, BLACK, "C3");
    play_expect(g, WHITE, "C3", GAME_ILLEGAL_OCCUPIED);
    assert_int_equal(game_to_move(g), WHITE);
    assert_int_equal(game_move_count(g), 1);
    assert_null(game_move_at(g, 5));
    assert_null(game_move_at(g, -1));
    assert_non_null(game_move_at(g, 0));
    assert_int_equal(game_move_at(g, 0)->point, vertex(g, "C3"));
    assert_null(game_new(1, &r));
    assert_null(game_new(26, &r));
    assert_false(game_reset(g, 30));
    assert_int_equal(game_size(g), 5);
    game_free(g);
}

/* ---- handicap ---- */

/* The GTP v2 fixed handicap table, as GNU Go 3.8 also places it. */
static void expect_handicap(int size, int stones, const char *want)
{
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(size, &r);
    int out[9];
    int n = game_fixed_handicap_points(size, stones, out);
    int placed[9];
    if (!want) {
        assert_int_equal(n, 0);
        assert_false(game_fixed_handicap(g, stones, placed));
        assert_int_equal(game_move_count(g), 0);
        assert_int_equal(game_board(g)->stones_on_board[BLACK], 0);
        game_free(g);
        return;
    }
    assert_int_equal(n, stones);
    assert_true(game_fixed_handicap(g, stones, placed));
    assert_memory_equal(out, placed, (size_t)n * sizeof(int));
    /* Same set as the table (order free). */
    char copy[128];
    snprintf(copy, sizeof(copy), "%s", want);
    int count = 0;
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
        int p = vertex(g, t);
        bool found = false;
        for (int i = 0; i < n; i++) found |= out[i] == p;
        if (!found) fail_msg("%dx%d handicap %d: %s missing", size, stones, stones, t);
        assert_int_equal(board_at(game_board(g), p), BLACK);
        count++;
    }
    assert_int_equal(count, n);
    assert_int_equal(game_board(g)->stones_on_board[BLACK], n);
    assert_int_equal(game_handicap(g), n);
    assert_int_equal(game_to_move(g), WHITE);
    /* Not twice. */
    assert_false(game_fixed_handicap(g, stones, NULL));
    game_free(g);
}

static void test_fixed_handicap(void **state)
{
    (void)state;
    expect_handicap(19, 2, "D4 Q16");
    expect_handicap(19, 3, "D4 Q16 D16");
    expect_handicap(19, 4, "D4 Q16 D16 Q4");
    expect_handicap(19, 5, "D4 Q16 D16 Q4 K10");
    expect_handicap(19, 6, "D4 Q16 D16 Q4 D10 Q10");
    expect_handicap(19, 7, "D4 Q16 D16 Q4 D10 Q10 K10");
    expect_handicap(19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16");
    expect_handicap(19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    expect_handicap(19, 10, NULL);
    expect_handicap(19, 1, NULL);
    expect_handicap(19, 0, NULL);
    expect_handicap(19, -3, NULL);
    expect_handicap(13, 2, "D4 K10");
    expect_handicap(13, 5, "D4 K10 D10 K4 G7");
    expect_handicap(13, 8, "D4 K10 D10 K4 D7 K7 G4 G10");
    expect_handicap(13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7");
    expect_handicap(9, 2, "C3 G7");
    expect_handicap(9, 3, "C3 G7 C7");
    expect_handicap(9, 4, "C3 G7 C7 G3");
    expect_handicap(9, 5, "C3 G7 C7 G3 E5");
    expect_handicap(9, 6, "C3 G7 C7 G3 C5 G5");
    expect_handicap(9, 7, "C3 G7 C7 G3 C5 G5 E5");
    expect_handicap(9, 8, "C3 G7 C7 G3 C5 G5 E3 E7");
    expect_handicap(9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5");
    expect_handicap(7, 4, "C3 E5 C5 E3");
    expect_handicap(7, 5, NULL);
    expect_handicap(8, 4, "C3 F6 C6 F3");
    expect_handicap(8, 5, NULL);
    expect_handicap(10, 4, "C3 H8 C8 H3");
    expect_handicap(10, 5, NULL);
    expect_handicap(11, 9, "C3 J9 C9 J3 C6 J6 F3 F9 F6");
    expect_handicap(12, 4, "C3 K10 C10 K3");
    expect_handicap(12, 6, NULL);
    expect_handicap(14, 4, "D4 L11 D11 L4");
    expect_handicap(25, 9, "D4 W22 D22 W4 D13 W13 N4 N22 N13");
    expect_handicap(6, 2, NULL);
    expect_handicap(5, 2, NULL);
    expect_handicap(2, 2, NULL);
}

static void test_handicap_refused_on_nonempty_board(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(9, &r);
    play_ok(g, BLACK, "A1");
    assert_false(game_fixed_handicap(g, 2, NULL));
    int pts[2] = {vertex(g, "C3"), vertex(g, "G7")};
    assert_false(game_free_handicap(g, pts, 2));
    assert_int_equal(game_handicap(g), 0);
    /* After a pass only: still moves played. */
    assert_true(game_undo(g));
    play_ok(g, BLACK, "pass");
    assert_false(game_fixed_handicap(g, 2, NULL));
    assert_true(game_undo(g));
    assert_true(game_fixed_handicap(g, 2, NULL));
    assert_int_equal(game_handicap(g), 2);
    /* Undo of the handicap entry empties the board and clears the handicap. */
    assert_true(game_undo(g));
    assert_int_equal(game_handicap(g), 0);
    assert_int_equal(game_board(g)->stones_on_board[BLACK], 0);
    assert_int_equal(game_to_move(g), BLACK);
    game_free(g);
}

static void test_free_handicap(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(9, &r);
    int pts[3] = {vertex(g, "A1"), vertex(g, "E5"), vertex(g, "J9")};
    int bad[3] = {vertex(g, "A1"), vertex(g, "A1"), vertex(g, "J9")};
    int off[2] = {vertex(g, "A1"), 0};
    assert_false(game_free_handicap(g, bad, 3));
    assert_false(game_free_handicap(g, off, 2));
    assert_int_equal(game_move_count(g), 0);
    assert_true(game_free_handicap(g, pts, 3));
    assert_int_equal(game_handicap(g), 3);
    assert_int_equal(game_to_move(g), WHITE);
    expect_stones(g, ". . . . . . . . X\n"
                     ". . . . . . . . .\n"
                     ". . . . . . . . .\n"
                     ". . . . . . . . .\n"
                     ". . . . X . . . .\n"
                     ". . . . . . . . .\n"
                     ". . . . . . . . .\n"
                     ". . . . . . . . .\n"
                     "X . . . . . . . .\n");
    assert_false(game_free_handicap(g, pts, 3));
    play_ok(g, WHITE, "C3");
    game_free(g);
}

/* ---- Atari Go ---- */

static void test_atari_go(void **state)
{
    (void)state;
    rules_t r;
    assert_true(rules_preset(&r, "atari-go"));
    assert_int_equal(r.capture_goal, 1);
    assert_false(r.suicide_allowed);
    assert_true(rules_preset(&r, "Atari_Go"));
    game_t *g = ascii_game(". . . . .\n"
                           ". . X . .\n"
                           ". X O . .\n"
                           ". . X . .\n"
                           ". . . . .\n",
                           &r, BLACK);
    /* A move with no liberties that captures nothing is illegal. */
    play_ok(g, BLACK, "A5");
    play_ok(g, WHITE, "B5");
    play_ok(g, BLACK, "E1");
    play_expect(g, WHITE, "A4", GAME_OK); /* white A4 captures A5: white wins */
    assert_true(game_is_over(g));
    assert_int_equal(game_end_reason(g), GAME_END_CAPTURE_GOAL);
    assert_int_equal(game_winner(g), WHITE);
    play_expect(g, BLACK, "D3", GAME_ILLEGAL_GAME_OVER);
    assert_true(game_undo(g));
    assert_false(game_is_over(g));
    assert_int_equal(game_winner(g), STONE_EMPTY);
    play_ok(g, WHITE, "pass");
    play_ok(g, BLACK, "D3"); /* black captures C3 */
    assert_int_equal(game_end_reason(g), GAME_END_CAPTURE_GOAL);
    assert_int_equal(game_winner(g), BLACK);
    game_free(g);

    /* Suicide illegal, capture with the last liberty legal. */
    g = ascii_game(". X . . .\n"
                   "X . . . .\n"
                   ". . . . .\n"
                   ". . . . .\n"
                   ". . . . .\n",
                   &r, WHITE);
    play_expect(g, WHITE, "A5", GAME_ILLEGAL_SUICIDE);
    game_free(g);
    g = ascii_game(". X O\n"
                   "X O .\n"
                   "O . .\n",
                   &r, WHITE);
    play_ok(g, WHITE, "A3");
    assert_int_equal(game_winner(g), WHITE);
    game_free(g);

    /* capture_goal 3: the game goes on until someone has taken three. */
    r.capture_goal = 3;
    g = ascii_game(". . . . . . .\n"
                   ". . X . . . .\n"
                   ". X O . . . .\n"
                   ". . X . O . .\n"
                   ". . . O X O .\n"
                   "X . . . . . .\n"
                   "O O X . . . .\n",
                   &r, BLACK);
    play_ok(g, BLACK, "D5"); /* takes one */
    assert_false(game_is_over(g));
    play_ok(g, WHITE, "E2"); /* takes one */
    assert_false(game_is_over(g));
    assert_int_equal(game_board(g)->captures[BLACK], 1);
    assert_int_equal(game_board(g)->captures[WHITE], 1);
    play_ok(g, BLACK, "B2"); /* takes two: three in all */
    assert_true(game_is_over(g));
    assert_int_equal(game_end_reason(g), GAME_END_CAPTURE_GOAL);
    assert_int_equal(game_winner(g), BLACK);
    game_free(g);
}

/* ---- legal move lists ---- */

static void expect_legal_list(const game_t *g, stone_t c)
{
    int out[BOARD_MAX_POINTS];
    int n = game_legal_moves(g, c, out);
    const board_t *b = game_board(g);
    int m = 0;
    for (int p = 0; p < b->num_points; p++) {
        if (!board_is_on_board(b, p)) continue;
        if (game_check_move(g, c, p) == GAME_OK) {
            assert_true(m < n);
            assert_int_equal(out[m], p); /* in point order, top-left first */
            m++;
        }
    }
    assert_int_equal(m, n);
}

static void test_legal_moves(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = game_new(5, &r);
    int out[BOARD_MAX_POINTS];
    assert_int_equal(game_legal_moves(g, BLACK, out), 25);
    expect_legal_list(g, BLACK);
    game_free(g);

    /* Forbidden suicide removes a point from the list. */
    g = ascii_game(SUICIDE, &r, BLACK);
    assert_int_equal(game_legal_moves(g, BLACK, out), 20); /* not E5 */
    assert_int_equal(game_legal_moves(g, WHITE, out), 20); /* not A5 */
    expect_legal_list(g, WHITE);
    expect_legal_list(g, BLACK);
    game_free(g);

    /* So does the ko ban. */
    g = ascii_game(". . . . .\n"
                   ". X O . .\n"
                   "X O . O .\n"
                   ". X O . .\n"
                   ". . . . .\n",
                   &r, BLACK);
    play_ok(g, BLACK, "C3");
    int n = game_legal_moves(g, WHITE, out);
    for (int i = 0; i < n; i++) assert_int_not_equal(out[i], vertex(g, "B3"));
    assert_int_equal(n, 25 - 7 - 1);
    expect_legal_list(g, WHITE);
    game_free(g);
}

/* Rules changes recompute keys: a history played under simple ko, then switched to positional. */
static void test_set_rules_recomputes_keys(void **state)
{
    (void)state;
    rules_t simple = make_rules(KO_SIMPLE, false), pos = make_rules(KO_POSITIONAL, false);
    game_t *g = ascii_game(TRIPLE_KO, &simple, WHITE);
    play_seq(g, "J1 C8 G8 C4 B8 H8");
    game_set_rules(g, &pos);
    assert_int_equal(game_rules(g)->ko, KO_POSITIONAL);
    play_expect(g, WHITE, "B4", GAME_ILLEGAL_SUPERKO);
    game_set_rules(g, &simple);
    play_ok(g, WHITE, "B4");
    game_free(g);
}

/* Changing the suicide rule mid-game must survive undoing a setup entry (made under the old
 * rule). */
static void test_set_rules_then_undo_setup(void **state)
{
    (void)state;
    rules_t forbid = make_rules(KO_SIMPLE, false), allow = make_rules(KO_SIMPLE, true);
    game_t *g = ascii_game(SUICIDE, &forbid, WHITE);
    play_expect(g, WHITE, "A5", GAME_ILLEGAL_SUICIDE);
    game_set_rules(g, &allow);
    play_ok(g, WHITE, "A5");
    assert_true(game_undo(g)); /* the suicide */
    assert_true(game_undo(g)); /* the setup */
    assert_int_equal(game_board(g)->stones_on_board[BLACK], 0);
    assert_int_equal(game_board(g)->suicide_allowed, game_rules(g)->suicide_allowed);
    play_ok(g, BLACK, "B5");
    play_ok(g, BLACK, "A4");
    play_ok(g, WHITE, "A5"); /* suicide, allowed by the current rules */
    game_free(g);
}

/* ---- setup against a reference, and exact undo ---- */

static uint64_t setup_rng = 0x9e3779b97f4a7c15ULL;

static unsigned setup_random(unsigned n)
{
    setup_rng ^= setup_rng >> 12;
    setup_rng ^= setup_rng << 25;
    setup_rng ^= setup_rng >> 27;
    return (unsigned)((setup_rng * 2685821657736338717ULL) >> 33) % n;
}

/* Reference setup on the colours alone, written independently of board.c: does the string at q
 * have an empty neighbour (flood fill), and remove it if not. */
static bool naive_has_liberty(const uint8_t *color, int stride, int q, uint8_t *seen)
{
    const int off[4] = {-stride, -1, 1, stride};
    if (seen[q]) return false;
    seen[q] = 1;
    for (int d = 0; d < 4; d++) {
        int r = q + off[d];
        if (color[r] == STONE_EMPTY) return true;
        if (color[r] == color[q] && naive_has_liberty(color, stride, r, seen)) return true;
    }
    return false;
}

static void naive_remove_if_dead(uint8_t *color, int stride, int num_points, int q)
{
    uint8_t seen[BOARD_MAX_POINTS] = {0};
    if (naive_has_liberty(color, stride, q, seen)) return;
    for (int p = 0; p < num_points; p++)
        if (seen[p]) color[p] = STONE_EMPTY;
}

static void naive_setup(uint8_t *color, int stride, int num_points, int p, stone_t c)
{
    const int off[4] = {-stride, -1, 1, stride};
    color[p] = (uint8_t)c;
    if (c == STONE_EMPTY) return;
    for (int d = 0; d < 4; d++)
        if (color[p + off[d]] == stone_other(c))
            naive_remove_if_dead(color, stride, num_points, p + off[d]);
    if (color[p] == c) naive_remove_if_dead(color, stride, num_points, p);
}

/* Random setup entries (stones of both colours and removals, with captures) mixed with random
 * moves on small boards: each setup gives the reference's stones and a consistent board, and
 * undoing everything gives back every earlier position exactly (stones, hash, captures, ko,
 * consistency). */
static void test_setup_random_reference_and_undo(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    const int trials = 60 / test_scale() + 1;
    for (int t = 0; t < trials; t++) {
        const int size = 2 + (int)setup_random(8);
        game_t *g = game_new(size, &r);
        assert_non_null(g);
        enum { STEPS = 120 };
        board_t *saved = malloc(STEPS * sizeof *saved);
        assert_non_null(saved);
        int steps = 0;
        for (int i = 0; i < STEPS; i++) {
            const board_t *b = game_board(g);
            board_copy(&saved[steps], b);
            if (setup_random(3) == 0) {
                int moves[BOARD_MAX_POINTS];
                int n = game_legal_moves(g, game_to_move(g), moves);
                if (n == 0 ||
                    game_play(g, game_to_move(g), moves[setup_random((unsigned)n)]) != GAME_OK)
                    continue;
            } else {
                int points[16];
                stone_t stones[16];
                const int n = (int)setup_random(16);
                uint8_t want[BOARD_MAX_POINTS];
                memcpy(want, b->color, (size_t)b->num_points);
                for (int k = 0; k < n; k++) {
                    points[k] = board_point(b, (int)setup_random((unsigned)size),
                                            (int)setup_random((unsigned)size));
                    stones[k] = (stone_t)setup_random(3);
                    naive_setup(want, b->stride, b->num_points, points[k], stones[k]);
                }
                assert_true(game_setup(g, points, stones, n));
                assert_memory_equal(want, game_board(g)->color, (size_t)b->num_points);
                const int *got_points;
                const stone_t *got_stones;
                const int last = game_move_count(g) - 1;
                assert_int_equal(game_setup_at(g, last, &got_points, &got_stones), n);
                if (n > 0) {
                    assert_memory_equal(got_points, points, (size_t)n * sizeof(int));
                    assert_memory_equal(got_stones, stones, (size_t)n * sizeof(stone_t));
                }
            }
            expect_consistent(g);
            steps++;
        }
        while (steps > 0) {
            assert_true(game_undo(g));
            const board_t *b = game_board(g), *want = &saved[--steps];
            expect_consistent(g);
            assert_memory_equal(want->color, b->color, (size_t)b->num_points);
            assert_true(want->hash == b->hash);
            assert_int_equal(want->captures[BLACK], b->captures[BLACK]);
            assert_int_equal(want->captures[WHITE], b->captures[WHITE]);
            assert_int_equal(want->ko_point, b->ko_point);
            if (want->ko_point != POINT_NONE) assert_int_equal(want->ko_color, b->ko_color);
        }
        assert_false(game_undo(g));
        free(saved);
        game_free(g);
    }
}

/* Setup entries that change nothing, then one that does: each costs its points, not a board,
 * and undo still finds the ko of before. */
static void test_setup_keeps_ko_for_undo(void **state)
{
    (void)state;
    rules_t r = make_rules(KO_SIMPLE, false);
    game_t *g = ascii_game(". X O . .\n"
                           "X O . O .\n"
                           ". X O . .\n"
                           ". . . . .\n"
                           ". . . . .\n",
                           &r, BLACK);
    play_ok(g, BLACK, "C4"); /* takes the ko: white may not retake at B4 at once */
    play_expect(g, WHITE, "B4", GAME_ILLEGAL_KO);
    const int p = vertex(g, "E1");
    const stone_t empty = STONE_EMPTY;
    for (int i = 0; i < 1000; i++) assert_true(game_setup(g, &p, &empty, 1));
    play_ok(g, WHITE, "B4"); /* setup clears the ko */
    assert_true(game_undo(g));
    for (int i = 0; i < 1000; i++) assert_true(game_undo(g));
    play_expect(g, WHITE, "B4", GAME_ILLEGAL_KO);
    game_free(g);
}

/* rules_equal: every field that changes play or counting tells rules apart; the name does not. */
static void test_rules_equal(void **state)
{
    (void)state;
    rules_t a, b;
    assert_true(rules_preset(&a, "japanese"));
    b = a;
    assert_true(rules_equal(&a, &b));
    snprintf(b.name, sizeof b.name, "custom");
    assert_true(rules_equal(&a, &b));
    for (int field = 0; field < 7; field++) {
        b = a;
        if (field == 0) b.ko = b.ko == KO_SIMPLE ? KO_POSITIONAL : KO_SIMPLE;
        if (field == 1) b.suicide_allowed = !b.suicide_allowed;
        if (field == 2) b.scoring = b.scoring == SCORING_AREA ? SCORING_TERRITORY : SCORING_AREA;
        if (field == 3) b.komi += 1;
        if (field == 4)
            b.handicap_comp =
                b.handicap_comp == HANDICAP_COMP_NONE ? HANDICAP_COMP_N : HANDICAP_COMP_NONE;
        if (field == 5) b.seki_territory = !b.seki_territory;
        if (field == 6) b.capture_goal = 1;
        if (rules_equal(&a, &b)) fail_msg("field %d not compared", field);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triple_ko),
        cmocka_unit_test(test_undo_restores_superko_history),
        cmocka_unit_test(test_sending_two_returning_one),
        cmocka_unit_test(test_situational_vs_positional_same_side),
        cmocka_unit_test(test_single_stone_suicide_rules),
        cmocka_unit_test(test_situational_key_of_setup_and_handicap),
        cmocka_unit_test(test_passes_end_game),
        cmocka_unit_test(test_resignation),
        cmocka_unit_test(test_garbage_moves),
        cmocka_unit_test(test_fixed_handicap),
        cmocka_unit_test(test_handicap_refused_on_nonempty_board),
        cmocka_unit_test(test_free_handicap),
        cmocka_unit_test(test_atari_go),
        cmocka_unit_test(test_legal_moves),
        cmocka_unit_test(test_set_rules_recomputes_keys),
        cmocka_unit_test(test_set_rules_then_undo_setup),
        cmocka_unit_test(test_rules_equal),
        cmocka_unit_test(test_setup_random_reference_and_undo),
        cmocka_unit_test(test_setup_keeps_ko_for_undo),
        cmocka_unit_test(test_last_two_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
