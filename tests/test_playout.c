/* test_playout.c - light playouts, the playout area count and the rng.
 *
 * Every playout here is stepped by hand with playout_light_choose so that each choice can be
 * checked against the board's own rules: the chosen point is legal (board_check_move) and not the
 * mover's true eye (board_is_true_eye); a pass happens only when no such point exists; board_check
 * after every move. Sizes 2..19, with and without suicide, from the empty board and from seeded
 * random middle-game positions. The area count is compared with a naive flood fill, and the bench
 * signature is checked for determinism (same seed, same numbers) and against its golden value. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/board.h"
#include "tengen/playout.h"
#include "tengen/rng.h"

/* The `tengen bench playouts` signature for the default run (9x9, seed 1, komi 7.5): stones placed
 * and black wins over the first 1000 playouts. A functional change to playouts or to the order of
 * the board's empties[] changes it; update it together with the commit message. */
#define GOLDEN_SIG_MOVES 107166
#define GOLDEN_SIG_WINS 385

static void expect_consistent(const board_t *b, const char *what, int step)
{
    char err[200];
    if (!board_check(b, err, (int)sizeof(err))) fail_msg("%s, step %d: board_check: %s", what, step, err);
}

/* Would c at p remove its own string? (Only possible where the board allows suicide.) */
static bool is_suicide(const board_t *b, stone_t c, int p)
{
    board_t t;
    board_copy(&t, b);
    board_play(&t, c, p, NULL);
    return t.color[p] == STONE_EMPTY;
}

/* The light policy's rule, from the board's own functions. */
static bool is_candidate(const board_t *b, stone_t c, int p)
{
    return board_check_move(b, c, p) == MOVE_OK && !board_is_true_eye(b, p, c) &&
           !is_suicide(b, c, p);
}

/* Naive Tromp-Taylor area by flood fill from every empty point: black minus white. */
static int naive_area(const board_t *b)
{
    int score = 0;
    uint8_t seen[BOARD_MAX_POINTS] = {0};
    for (int p = 0; p < b->num_points; p++) {
        if (b->color[p] == STONE_BLACK) score++;
        if (b->color[p] == STONE_WHITE) score--;
        if (b->color[p] != STONE_EMPTY || seen[p]) continue;
        int stack[BOARD_MAX_POINTS], top = 0, size = 0;
        bool black = false, white = false;
        stack[top++] = p;
        seen[p] = 1;
        while (top) {
            int s = stack[--top];
            size++;
            for (int d = 0; d < 4; d++) {
                int q = s + board_neighbor_offset(b, d);
                if (b->color[q] == STONE_BLACK) black = true;
                if (b->color[q] == STONE_WHITE) white = true;
                if (b->color[q] == STONE_EMPTY && !seen[q]) {
                    seen[q] = 1;
                    stack[top++] = q;
                }
            }
        }
        if (black && !white) score += size;
        if (white && !black) score -= size;
    }
    return score;
}

/* Step a playout by hand from b (changed) with every check; returns the stones placed. */
static int checked_playout(board_t *b, stone_t c, rng_t *rng, const char *what)
{
    const int cap = playout_default_max_moves(b);
    int moves = 0, passes = 0;
    expect_consistent(b, what, 0);
    while (moves < cap && passes < 2) {
        const int p = playout_light_choose(b, c, rng);
        if (p == POINT_PASS) {
            for (int i = 0; i < b->empty_count; i++)
                if (is_candidate(b, c, b->empties[i]))
                    fail_msg("%s, step %d: passed with a candidate at %d", what, moves, b->empties[i]);
            passes++;
        } else {
            if (!board_is_on_board(b, p) || !is_candidate(b, c, p))
                fail_msg("%s, step %d: chose %d, not a candidate", what, moves, p);
            passes = 0;
            moves++;
        }
        board_play(b, c, p, NULL);
        expect_consistent(b, what, moves);
        c = stone_other(c);
    }
    if (passes == 2) {
        /* At a two-pass end every empty point is a true eye or illegal for both players. */
        assert_int_equal(playout_area_score(b), naive_area(b));
    }
    return moves;
}

/* A seeded random position: n random legal non-eye moves. */
static void random_position(board_t *b, rng_t *rng, int n, stone_t *to_move)
{
    stone_t c = STONE_BLACK;
    for (int i = 0; i < n; i++) {
        int p = playout_light_choose(b, c, rng);
        board_play(b, c, p, NULL);
        c = stone_other(c);
    }
    *to_move = c;
}

static void test_playouts_follow_the_rules(void **state)
{
    (void)state;
    const int sizes[] = {2, 3, 4, 5, 7, 9, 13, 19};
    const int rounds = 40 / test_scale() + 1;
    char what[80];
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        for (int suicide = 0; suicide < 2; suicide++) {
            for (int r = 0; r < rounds; r++) {
                rng_t rng;
                rng_seed(&rng, (uint64_t)(1000 * sizes[k] + 100 * suicide + r));
                board_t b;
                assert_true(board_init(&b, sizes[k], suicide));
                stone_t c = STONE_BLACK;
                if (r % 2) random_position(&b, &rng, (int)rng_below(&rng, (uint32_t)(sizes[k] * sizes[k])), &c);
                snprintf(what, sizeof(what), "size %d suicide %d round %d", sizes[k], suicide, r);
                checked_playout(&b, c, &rng, what);
            }
        }
    }
}

/* The unchecked loop makes exactly the choices of the checked one. */
static void test_play_matches_stepping(void **state)
{
    (void)state;
    for (int size = 2; size <= 19; size += 3) {
        for (uint64_t seed = 1; seed <= 5; seed++) {
            rng_t r1, r2;
            rng_seed(&r1, seed);
            rng_seed(&r2, seed);
            board_t a, b;
            board_init(&a, size, false);
            board_init(&b, size, false);
            bool capped = true;
            int n1 = playout_light_play(&a, STONE_BLACK, &r1, playout_default_max_moves(&a), &capped);
            int n2 = checked_playout(&b, STONE_BLACK, &r2, "stepping");
            assert_int_equal(n1, n2);
            /* Only simple ko is respected, so on the smallest boards a playout may cycle to the cap. */
            if (size >= 5) assert_false(capped);
            assert_memory_equal(a.color, b.color, (size_t)a.num_points);
            assert_true(a.hash == b.hash);
        }
    }
}

/* The cap stops a playout and says so; the board stays consistent. */
static void test_cap(void **state)
{
    (void)state;
    rng_t rng;
    rng_seed(&rng, 7);
    board_t b;
    board_init(&b, 9, false);
    bool capped = false;
    assert_int_equal(playout_light_play(&b, STONE_BLACK, &rng, 10, &capped), 10);
    assert_true(capped);
    expect_consistent(&b, "cap", 10);
    assert_int_equal(b.stones_on_board[STONE_BLACK] + b.stones_on_board[STONE_WHITE], 10);
}

/* A ko ban at the start of a playout is respected by the first move. */
static void test_ko_respected(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                "X O . O .\n"
                ". X O . .\n"
                ". . . . .\n"
                ". . . . .\n",
                false);
    /* Black captures at C4 (x=2, y=1): white may not retake at B4 at once. */
    int capture = ascii_point(&b, "C4");
    assert_int_equal(board_check_move(&b, STONE_BLACK, capture), MOVE_OK);
    board_play(&b, STONE_BLACK, capture, NULL);
    int ko = ascii_point(&b, "B4");
    assert_int_equal(board_check_move(&b, STONE_WHITE, ko), MOVE_KO);
    for (uint64_t seed = 0; seed < 200; seed++) {
        rng_t rng;
        rng_seed(&rng, seed);
        assert_int_not_equal(playout_light_choose(&b, STONE_WHITE, &rng), ko);
    }
}

/* The area count on hand-made positions: one-point eyes, a shared (dame) region, a big region. */
static void test_area_score(void **state)
{
    (void)state;
    board_t b;
    ascii_board(&b,
                ". X O . .\n"
                "X X O O .\n"
                ". X O . O\n"
                "X X O O .\n"
                ". X . O .\n",
                false);
    /* black: 7 stones + a5, a3, a1 = 10; white: 8 stones + d5, e5, e4, d3, e2, e1 = 14; c1 dame. */
    assert_int_equal(playout_area_score(&b), naive_area(&b));
    assert_int_equal(playout_area_score(&b), 10 - 14);
    board_init(&b, 9, false);
    assert_int_equal(playout_area_score(&b), 0);
    board_play(&b, STONE_WHITE, board_point(&b, 4, 4), NULL);
    assert_int_equal(playout_area_score(&b), -81);
}

/* Random final positions: the fast count equals the naive flood fill. */
static void test_area_score_random(void **state)
{
    (void)state;
    const int rounds = 300 / test_scale() + 1;
    for (int r = 0; r < rounds; r++) {
        rng_t rng;
        rng_seed(&rng, (uint64_t)r);
        board_t b;
        board_init(&b, 2 + r % 18, false);
        /* Stop early now and then so that big regions and dame appear too. */
        int cap = r % 3 ? playout_default_max_moves(&b) : (int)rng_below(&rng, 30);
        playout_light_play(&b, STONE_BLACK, &rng, cap, NULL);
        assert_int_equal(playout_area_score(&b), naive_area(&b));
    }
}

/* The bench signature: stones placed and black wins (komi 7.5) over the first 1000 playouts from
 * the empty 9x9 board with seed 1, exactly as `tengen bench playouts` computes it. */
static void signature(uint64_t seed, long long *moves, long long *wins)
{
    board_t empty;
    board_init(&empty, 9, false);
    rng_t rng;
    rng_seed(&rng, seed);
    *moves = *wins = 0;
    for (int i = 0; i < 1000; i++) {
        playout_result_t r;
        playout_light(&empty, STONE_BLACK, &rng, &r);
        *moves += r.moves;
        *wins += r.score - 7.5 > 0;
    }
}

static void test_signature_deterministic(void **state)
{
    (void)state;
    long long m1, w1, m2, w2, m3, w3;
    signature(1, &m1, &w1);
    signature(1, &m2, &w2);
    signature(2, &m3, &w3);
    assert_int_equal(m1, m2);
    assert_int_equal(w1, w2);
    assert_true(m1 != m3 || w1 != w3);
    if (m1 != GOLDEN_SIG_MOVES || w1 != GOLDEN_SIG_WINS)
        fail_msg("bench signature is %lld moves %lld black wins, golden %d %d: a functional change "
                 "must update GOLDEN_SIG_* and quote the new signature",
                 m1, w1, GOLDEN_SIG_MOVES, GOLDEN_SIG_WINS);
}

static void test_rng(void **state)
{
    (void)state;
    rng_t a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    int counts[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint64_t x = rng_next(&a);
        assert_true(x == rng_next(&b));
        uint32_t k = rng_below(&a, 7);
        assert_true(k < 7);
        counts[k]++;
        rng_below(&b, 7);
        double d = rng_double(&a);
        assert_true(d >= 0 && d < 1);
        rng_double(&b);
    }
    for (int k = 0; k < 7; k++) assert_in_range(counts[k], 9400, 10600);
    assert_int_equal(rng_below(&a, 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playouts_follow_the_rules),
        cmocka_unit_test(test_play_matches_stepping),
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_ko_respected),
        cmocka_unit_test(test_area_score),
        cmocka_unit_test(test_area_score_random),
        cmocka_unit_test(test_signature_deterministic),
        cmocka_unit_test(test_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
