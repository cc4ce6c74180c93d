/* test_stress.c - seeded random stress test of the board and the game object.
 *
 * At least 100,000 random moves (divided by test_scale()) on sizes 2..25 under every ko rule,
 * with and without suicide, with garbage input mixed in. At every step:
 *   - board_check() on the game's board;
 *   - board_check_move == MOVE_OK iff the move can be played on the board, and the game status
 *     maps from the board status (plus superko);
 *   - game_check_move == game_play for legal and illegal moves alike, and an illegal move or
 *     garbage changes nothing;
 *   - copy, board_play, board_check, board_undo on the copy gives back the same board;
 *   - superko against an independent oracle: a linear scan of the hashes of the history;
 *   - random game-level undos restore the earlier stones, hash and player to move. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ascii_board.h"
#include "tengen/board.h"
#include "tengen/game.h"
#include "tengen/rules.h"

#define MAX_HISTORY 700

static uint64_t rng_state;

static uint64_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

static int rnd_below(int n)
{
    return (int)(rnd() % (uint64_t)n);
}

static void expect_consistent(const board_t *b, long step)
{
    char err[200];
    if (!board_check(b, err, (int)sizeof(err))) fail_msg("step %ld: board_check: %s", step, err);
}

static void expect_same(const board_t *a, const board_t *b, long step, const char *what)
{
    if (a->hash != b->hash || memcmp(a->color, b->color, (size_t)a->num_points) ||
        a->ko_point != b->ko_point || (a->ko_point != POINT_NONE && a->ko_color != b->ko_color) ||
        a->captures[1] != b->captures[1] || a->captures[2] != b->captures[2] ||
        a->empty_count != b->empty_count)
        fail_msg("step %ld: %s: boards differ", step, what);
    for (int p = 0; p < a->num_points; p++)
        if ((a->color[p] == STONE_BLACK || a->color[p] == STONE_WHITE) &&
            (board_liberties(a, p) != board_liberties(b, p) ||
             board_chain_size(a, p) != board_chain_size(b, p)))
            fail_msg("step %ld: %s: strings differ at %d", step, what, p);
}

static game_status_t status_of(move_status_t s)
{
    switch (s) {
    case MOVE_OK:
        return GAME_OK;
    case MOVE_OFF_BOARD:
        return GAME_ILLEGAL_OFF_BOARD;
    case MOVE_OCCUPIED:
        return GAME_ILLEGAL_OCCUPIED;
    case MOVE_SUICIDE:
        return GAME_ILLEGAL_SUICIDE;
    case MOVE_KO:
        return GAME_ILLEGAL_KO;
    }
    return GAME_ILLEGAL_GAME_OVER;
}

/* The oracle's history: stone hash and player to move after every entry (0 = the start). */
typedef struct oracle {
    uint64_t hash[MAX_HISTORY + 1];
    stone_t to_move[MAX_HISTORY + 1];
    int n; /* entries in use: game_move_count + 1 */
} oracle_t;

static bool oracle_repeats(const oracle_t *o, ko_rule_t ko, uint64_t h, stone_t to_move)
{
    for (int i = 0; i < o->n; i++)
        if (o->hash[i] == h && (ko == KO_POSITIONAL || o->to_move[i] == to_move)) return true;
    return false;
}

/* A garbage move: off-board numbers, special values, border points, occupied points, bad
 * colours. Every one must be refused by both game_check_move and game_play, with no change. */
static void try_garbage(game_t *g, long step)
{
    const board_t *b = game_board(g);
    int p;
    switch (rnd_below(8)) {
    case 0:
        p = POINT_NONE;
        break;
    case 1:
        p = POINT_RESIGN;
        break;
    case 2:
        p = (int)(rnd() >> 33) + b->num_points; /* huge */
        break;
    case 3:
        p = -2 - rnd_below(1 << 20);
        break;
    case 4: /* a border point */
        p = rnd_below(2) ? rnd_below(b->stride) : b->stride * rnd_below(b->stride);
        break;
    case 5: /* a point outside this board but inside a bigger one */
        p = b->num_points + rnd_below(BOARD_MAX_POINTS);
        break;
    default: { /* an occupied point, else an off-board one */
        p = -7;
        for (int tries = 0; tries < 8; tries++) {
            int q = board_point(b, rnd_below(b->size), rnd_below(b->size));
            if (board_at(b, q) == STONE_BLACK || board_at(b, q) == STONE_WHITE) {
                p = q;
                break;
            }
        }
    }
    }
    stone_t c = rnd_below(3) ? (stone_t)(1 + rnd_below(2)) : (stone_t)(rnd_below(2) ? 0 : 3 + rnd_below(100));
    if (c == STONE_BLACK || c == STONE_WHITE) {
        if (p == POINT_PASS) p = POINT_NONE;
    } else if (rnd_below(2)) {
        /* A bad colour on a good empty point. */
        if (b->empty_count) p = b->empties[rnd_below(b->empty_count)];
    }
    uint64_t h = b->hash;
    int moves = game_move_count(g);
    stone_t to_move = game_to_move(g);
    game_status_t s1 = game_check_move(g, c, p);
    game_status_t s2 = game_play(g, c, p);
    if (s1 == GAME_OK || s2 != s1) fail_msg("step %ld: garbage %d colour %d accepted", step, p, c);
    if (c != STONE_BLACK && c != STONE_WHITE) assert_int_equal(s1, GAME_ILLEGAL_COLOR);
    if (b->hash != h || game_move_count(g) != moves || game_to_move(g) != to_move)
        fail_msg("step %ld: garbage changed the game", step);
}

static long run_games(long target_moves, uint64_t seed)
{
    rng_state = seed;
    long step = 0, played = 0, undos = 0, garbage = 0, illegal = 0, superko = 0;
    static oracle_t oracle;
    static board_t after[MAX_HISTORY + 1]; /* the board after each entry, for undo checks */
    const ko_rule_t kos[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
    while (played < target_moves) {
        int size = 2 + rnd_below(24);
        if (rnd_below(3) == 0) size = 2 + rnd_below(6); /* small boards cycle and capture more */
        rules_t r;
        rules_preset(&r, "chinese");
        r.ko = kos[rnd_below(3)];
        r.suicide_allowed = rnd_below(2);
        game_t *g = game_new(size, &r);
        assert_non_null(g);
        const board_t *b = game_board(g);
        oracle.n = 1;
        oracle.hash[0] = b->hash;
        oracle.to_move[0] = game_to_move(g);
        board_copy(&after[0], b);
        int length = 20 + rnd_below(size * size * 3);
        if (length > MAX_HISTORY - 10) length = MAX_HISTORY - 10;
        while (game_move_count(g) < length && played < target_moves) {
            step++;
            int action = rnd_below(100);
            if (action < 4) {
                try_garbage(g, step);
                garbage++;
                expect_consistent(b, step);
                continue;
            }
            if (action < 8 && game_move_count(g) > 0) {
                int k = 1 + rnd_below(rnd_below(4) ? 2 : 12);
                for (int i = 0; i < k && game_move_count(g) > 0; i++) {
                    assert_true(game_undo(g));
                    oracle.n--;
                    undos++;
                    expect_consistent(b, step);
                    expect_same(b, &after[oracle.n - 1], step, "game undo");
                    assert_int_equal(game_to_move(g), oracle.to_move[oracle.n - 1]);
                }
                continue;
            }
            /* A move: mostly an empty point, sometimes any point or a pass; mostly the player to
             * move, sometimes the other (the game accepts either). */
            stone_t c = rnd_below(10) ? game_to_move(g) : stone_other(game_to_move(g));
            int p;
            if (rnd_below(20) == 0 || b->empty_count == 0)
                p = POINT_PASS;
            else if (rnd_below(8) == 0)
                p = board_point(b, rnd_below(size), rnd_below(size));
            else
                p = b->empties[rnd_below(b->empty_count)];

            move_status_t bs = board_check_move(b, c, p);
            game_status_t want = status_of(bs);
            board_t copy;
            board_copy(&copy, b);
            if (bs == MOVE_OK) {
                /* Copy, play, check, undo, compare. */
                board_undo_t u;
                int removed = board_play(&copy, c, p, &u);
                assert_true(removed >= 0);
                expect_consistent(&copy, step);
                board_t played_copy;
                board_copy(&played_copy, &copy);
                board_undo(&copy, &u);
                expect_consistent(&copy, step);
                expect_same(&copy, b, step, "board play/undo");
                if (p != POINT_PASS && r.ko != KO_SIMPLE &&
                    oracle_repeats(&oracle, r.ko, played_copy.hash, stone_other(c))) {
                    want = GAME_ILLEGAL_SUPERKO;
                    superko++;
                }
                board_copy(&copy, &played_copy);
            } else {
                /* Occupied, ko, suicide: the board must really refuse it (the on-board occupied
                 * and suicide cases are cross-checked by the perft reference board). */
                assert_true(p != POINT_PASS);
            }
            uint64_t h = b->hash;
            game_status_t s1 = game_check_move(g, c, p);
            game_status_t s2 = game_play(g, c, p);
            if (s1 != want || s2 != want)
                fail_msg("step %ld: size %d ko %d suicide %d: move %d by %d: check %s play %s "
                         "want %s",
                         step, size, r.ko, r.suicide_allowed, p, c, game_status_text(s1),
                         game_status_text(s2), game_status_text(want));
            expect_consistent(b, step);
            if (want != GAME_OK) {
                illegal++;
                assert_true(b->hash == h);
                continue;
            }
            expect_same(b, &copy, step, "game play vs board play");
            assert_int_equal(game_to_move(g), stone_other(c));
            oracle.hash[oracle.n] = b->hash;
            oracle.to_move[oracle.n] = game_to_move(g);
            board_copy(&after[oracle.n], b);
            oracle.n++;
            assert_int_equal(oracle.n, game_move_count(g) + 1);
            played++;
        }
        /* Unwind the rest of the game by undo, checking every step. */
        while (game_move_count(g) > 0 && rnd_below(2)) {
            assert_true(game_undo(g));
            oracle.n--;
            expect_consistent(b, step);
            expect_same(b, &after[oracle.n - 1], step, "final undo");
        }
        game_free(g);
    }
    print_message("stress: %ld steps, %ld moves played, %ld illegal (%ld superko), %ld undos, "
                  "%ld garbage\n",
                  step, played, illegal, superko, undos, garbage);
    assert_true(superko > 0);
    return played;
}

static void test_stress_random_games(void **state)
{
    (void)state;
    long target = 100000 / test_scale();
    long played = run_games(target, 0x7e46e9ULL);
    assert_true(played >= target);
}

/* Small boards only: many captures, kos and superko cycles. */
static void test_stress_small_boards(void **state)
{
    (void)state;
    rng_state = 99;
    long played = 0, target = 20000 / test_scale();
    const ko_rule_t kos[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
    while (played < target) {
        int size = 2 + rnd_below(3);
        rules_t r;
        rules_preset(&r, "tromp-taylor");
        r.ko = kos[rnd_below(3)];
        r.suicide_allowed = rnd_below(2);
        game_t *g = game_new(size, &r);
        const board_t *b = game_board(g);
        for (int i = 0; i < 60; i++) {
            int legal[BOARD_MAX_POINTS];
            stone_t c = game_to_move(g);
            int n = game_legal_moves(g, c, legal);
            /* The list is exactly the points game_check_move accepts. */
            int m = 0;
            for (int p = 0; p < b->num_points; p++)
                if (board_is_on_board(b, p) && game_check_move(g, c, p) == GAME_OK) {
                    assert_true(m < n);
                    assert_int_equal(legal[m++], p);
                }
            assert_int_equal(m, n);
            int p = n == 0 || rnd_below(8) == 0 ? POINT_PASS : legal[rnd_below(n)];
            assert_int_equal(game_play(g, c, p), GAME_OK);
            expect_consistent(b, i);
            played++;
        }
        game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stress_random_games),
        cmocka_unit_test(test_stress_small_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
