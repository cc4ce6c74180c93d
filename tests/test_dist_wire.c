/* test_dist_wire.c - rank 0's messages to the other ranks as bytes and back (src/dist/dist_wire.h),
 * without MPI: every kind of message through a round trip; a search's whole position (every rule
 * preset with other komi and settings, sizes 2 to 25, handicap, setup stones, moves and passes,
 * the player to move) set up again the same, and so is a loaded game; truncated, overlong and
 * corrupted messages refused with a reason (each payload in a buffer of its exact length, so that
 * the sanitizer build sees any read beyond it). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_board.h"
#include "dist/dist_wire.h"
#include "tengen/game.h"
#include "tengen/rng.h"
#include "tengen/rules.h"

/* The layout of a position in a payload (dist_wire.c), for the corruptions aimed at one field:
 * the rules (name, ko, suicide, scoring, komi, handicap bonus, seki, capture goal), the size, the
 * handicap, the number of entries, then the entries. */
enum {
    AT_KO = 24,
    AT_SUICIDE = 28,
    AT_SCORING = 32,
    AT_KOMI = 36,
    AT_BONUS = 44,
    AT_SEKI = 48,
    AT_GOAL = 52,
    AT_SIZE = 56,
    AT_HANDICAP = 60,
    AT_ENTRIES = 64,
    AT_FIRST_ENTRY = 68,
};

/* A game of the given size and rules: a handicap (fixed where GTP has one, else free, on sizes
 * of 3 and more) or setup stones of both colours and a removal, then random legal moves and
 * passes, the last player to move swapped now and then. */
static game_t *random_game(int size, const char *preset, rng_t *rng)
{
    rules_t r;
    assert_true(rules_preset(&r, preset));
    r.komi = (double)((int)rng_below(rng, 41) - 20) * 0.5;
    if (rng_below(rng, 2)) r.seki_territory = !r.seki_territory;
    game_t *g = game_new(size, &r);
    assert_non_null(g);
    const board_t *b = game_board(g);
    const int kind = (int)rng_below(rng, 3);
    if (kind == 0 && size >= 3) {
        int points[9];
        const int stones = 2 + (int)rng_below(rng, 3);
        if (!game_fixed_handicap(g, stones, points)) {
            const int free_points[2] = {board_point(b, 0, 0), board_point(b, size - 1, 1)};
            assert_true(game_free_handicap(g, free_points, 2));
        }
        assert_true(game_handicap(g) >= 2);
    } else if (kind == 1) {
        const int points[3] = {board_point(b, 0, 0), board_point(b, size - 1, size - 1),
                               board_point(b, 1, 0)};
        const stone_t stones[3] = {STONE_BLACK, STONE_WHITE, STONE_EMPTY};
        assert_true(game_setup(g, points, stones, 3));
    }
    const int moves = (int)rng_below(rng, (uint32_t)(size * size + 4));
    for (int i = 0; i < moves; i++) {
        const stone_t c = game_to_move(g);
        int p = POINT_PASS;
        if (rng_below(rng, 8)) {
            const int x = (int)rng_below(rng, (uint32_t)size),
                      y = (int)rng_below(rng, (uint32_t)size);
            p = board_point(b, x, y);
        }
        if (game_check_move(g, c, p) != GAME_OK) p = POINT_PASS;
        if (game_play(g, c, p) != GAME_OK) break; /* the game is over (Atari Go) */
    }
    if (rng_below(rng, 4) == 0) game_set_to_move(g, stone_other(game_to_move(g)));
    return g;
}

static void assert_same_rules(const rules_t *a, const rules_t *b)
{
    assert_string_equal(a->name, b->name);
    assert_int_equal(a->ko, b->ko);
    assert_int_equal(a->suicide_allowed, b->suicide_allowed);
    assert_int_equal(a->scoring, b->scoring);
    assert_true(a->komi == b->komi);
    assert_int_equal(a->handicap_comp, b->handicap_comp);
    assert_int_equal(a->seki_territory, b->seki_territory);
    assert_int_equal(a->capture_goal, b->capture_goal);
}

/* The same position, reached by the same history. */
static void assert_same_game(const game_t *a, const game_t *b)
{
    assert_same_rules(game_rules(a), game_rules(b));
    assert_int_equal(game_size(a), game_size(b));
    assert_int_equal(game_handicap(a), game_handicap(b));
    assert_int_equal(game_to_move(a), game_to_move(b));
    assert_int_equal(game_move_count(a), game_move_count(b));
    for (int i = 0; i < game_move_count(a); i++) {
        const game_move_t *ma = game_move_at(a, i), *mb = game_move_at(b, i);
        assert_int_equal(ma->setup_index >= 0, mb->setup_index >= 0);
        if (ma->setup_index < 0) {
            assert_int_equal(ma->color, mb->color);
            assert_int_equal(ma->point, mb->point);
            continue;
        }
        const int *pa, *pb;
        const stone_t *sa, *sb;
        const int n = game_setup_at(a, i, &pa, &sa);
        assert_int_equal(game_setup_at(b, i, &pb, &sb), n);
        for (int j = 0; j < n; j++) {
            assert_int_equal(pa[j], pb[j]);
            assert_int_equal(sa[j], sb[j]);
        }
    }
    const board_t *ba = game_board(a), *bb = game_board(b);
    assert_true(ba->hash == bb->hash);
    assert_memory_equal(ba->color, bb->color, sizeof ba->color);
    assert_int_equal(ba->captures[STONE_BLACK], bb->captures[STONE_BLACK]);
    assert_int_equal(ba->captures[STONE_WHITE], bb->captures[STONE_WHITE]);
}

/* msg through the bytes: the header and a payload in a buffer of its exact length. */
typedef struct wire {
    dist_wire_header_t h;
    unsigned char *payload;
} wire_t;

static wire_t encode(const dist_msg_t *msg)
{
    wire_t w;
    char err[128] = "";
    assert_true(dist_wire_encode(msg, &w.h, &w.payload, err, sizeof err));
    assert_true(dist_wire_is_valid_header(&w.h));
    assert_int_equal(w.payload != NULL, w.h.payload_len > 0);
    return w;
}

/* Decode header h with the first len bytes of payload copied to a buffer of that length. */
static dist_wire_status_t decode_prefix(const dist_wire_header_t *h, const unsigned char *payload,
                                        size_t len, dist_msg_t *msg, char *err, size_t err_len)
{
    unsigned char *copy = len ? malloc(len) : NULL;
    if (len) {
        assert_non_null(copy);
        memcpy(copy, payload, len);
    }
    dist_wire_header_t cut = *h;
    cut.payload_len = (int64_t)len;
    err[0] = 0;
    const dist_wire_status_t st = dist_wire_decode(&cut, copy, msg, err, err_len);
    free(copy);
    return st;
}

static void free_msg(dist_msg_t *msg)
{
    free(msg->text);
    free(msg->filter);
    game_free(msg->game);
    memset(msg, 0, sizeof *msg);
}

/* Every preset and every size, with handicap or setup, moves and passes: the same search comes
 * out, position and all. */
static void test_search_round_trips(void **state)
{
    (void)state;
    rng_t rng;
    rng_seed(&rng, 7);
    mcts_move_filter_t filter;
    memset(&filter, 0, sizeof filter);
    filter.banned_until[STONE_BLACK][40] = 3;
    filter.banned_until[STONE_WHITE][BOARD_MAX_POINTS - 1] = 255;
    int games = 0, handicaps = 0, setups = 0, passes = 0;
    for (int k = 0; RULES_PRESET_NAMES[k]; k++)
        for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
            game_t *g = random_game(size, RULES_PRESET_NAMES[k], &rng);
            const dist_msg_t msg = {.kind = DIST_MSG_SEARCH,
                                    .color = stone_other(game_to_move(g)),
                                    .playouts = 1000 + size,
                                    .move_search = size % 2 == 0,
                                    .filter = size % 3 ? &filter : NULL,
                                    .game = g,
                                    .threads = size % 5};
            wire_t w = encode(&msg);
            dist_msg_t out;
            char err[160] = "";
            assert_int_equal(
                decode_prefix(&w.h, w.payload, (size_t)w.h.payload_len, &out, err, sizeof err),
                DIST_WIRE_OK);
            assert_int_equal(out.kind, DIST_MSG_SEARCH);
            assert_int_equal(out.color, msg.color);
            assert_int_equal(out.playouts, msg.playouts);
            assert_int_equal(out.move_search, msg.move_search);
            assert_int_equal(out.threads, msg.threads);
            assert_null(out.text);
            if (msg.filter) {
                assert_non_null(out.filter);
                assert_memory_equal(out.filter, &filter, sizeof filter);
            } else {
                assert_null(out.filter);
            }
            assert_non_null(out.game);
            assert_same_game(g, out.game);
            assert_true(board_check(game_board(out.game), err, (int)sizeof err));
            games++;
            handicaps += game_handicap(g) > 0;
            for (int i = 0; i < game_move_count(g); i++) {
                setups += game_move_at(g, i)->setup_index >= 0 && game_handicap(g) == 0;
                passes += game_move_at(g, i)->point == POINT_PASS;
            }
            free_msg(&out);
            free(w.payload);
            game_free(g);
        }
    assert_int_equal(games, 7 * (BOARD_MAX_SIZE - BOARD_MIN_SIZE + 1));
    assert_true(handicaps > 10 && setups > 10 && passes > 10);
}

/* The other kinds, and a search of the game the ranks keep in step (no position, no filter). */
static void test_other_messages_round_trip(void **state)
{
    (void)state;
    const dist_msg_t msgs[] = {
        {.kind = DIST_MSG_LINE, .text = "play b D4"},
        {.kind = DIST_MSG_LINE, .text = ""},
        {.kind = DIST_MSG_LINE},
        {.kind = DIST_MSG_PLAY, .color = STONE_WHITE, .point = 42},
        {.kind = DIST_MSG_PLAY, .color = STONE_BLACK, .point = POINT_PASS},
        {.kind = DIST_MSG_PLAY, .color = STONE_BLACK, .point = POINT_RESIGN},
        {.kind = DIST_MSG_SEARCH, .color = STONE_BLACK, .playouts = 0, .threads = 0},
        {.kind = DIST_MSG_SEARCH,
         .color = STONE_WHITE,
         .playouts = 123456789,
         .threads = 64,
         .move_search = true},
        {.kind = DIST_MSG_QUIT},
    };
    for (size_t i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
        wire_t w = encode(&msgs[i]);
        dist_msg_t out;
        char err[160];
        assert_int_equal(
            decode_prefix(&w.h, w.payload, (size_t)w.h.payload_len, &out, err, sizeof err),
            DIST_WIRE_OK);
        assert_int_equal(out.kind, msgs[i].kind);
        assert_int_equal(out.color, msgs[i].color);
        assert_int_equal(out.playouts, msgs[i].playouts);
        assert_int_equal(out.move_search, msgs[i].move_search);
        assert_int_equal(out.threads, msgs[i].threads);
        assert_null(out.filter);
        assert_null(out.game);
        if (msgs[i].kind == DIST_MSG_LINE) {
            assert_non_null(out.text);
            assert_string_equal(out.text, msgs[i].text ? msgs[i].text : "");
        } else {
            assert_null(out.text);
        }
        if (msgs[i].kind == DIST_MSG_PLAY) assert_int_equal(out.point, msgs[i].point);
        free_msg(&out);
        free(w.payload);
    }
}

/* A handicap game with setup stones and a few moves and passes, in a search with a filter. */
static game_t *sample_game(void)
{
    rules_t r;
    assert_true(rules_preset(&r, "japanese"));
    game_t *g = game_new(9, &r);
    assert_non_null(g);
    assert_true(game_fixed_handicap(g, 2, NULL));
    const board_t *b = game_board(g);
    const int points[2] = {board_point(b, 4, 4), board_point(b, 0, 8)};
    const stone_t stones[2] = {STONE_WHITE, STONE_BLACK};
    assert_true(game_setup(g, points, stones, 2));
    assert_int_equal(game_play(g, STONE_WHITE, board_point(b, 2, 3)), GAME_OK);
    assert_int_equal(game_play(g, STONE_BLACK, POINT_PASS), GAME_OK);
    assert_int_equal(game_play(g, STONE_WHITE, board_point(b, 5, 5)), GAME_OK);
    return g;
}

/* A loaded game (GAME) comes out the same; a GAME without its game is not sent, and a GAME
 * header without the game part, or with the filter, is refused. */
static void test_game_round_trips(void **state)
{
    (void)state;
    game_t *g = sample_game();
    const dist_msg_t msg = {.kind = DIST_MSG_GAME, .game = g};
    wire_t w = encode(&msg);
    assert_int_equal(w.h.parts, DIST_WIRE_GAME);
    dist_msg_t out;
    char err[160] = "";
    assert_int_equal(decode_prefix(&w.h, w.payload, (size_t)w.h.payload_len, &out, err, sizeof err),
                     DIST_WIRE_OK);
    assert_int_equal(out.kind, DIST_MSG_GAME);
    assert_null(out.text);
    assert_null(out.filter);
    assert_non_null(out.game);
    assert_same_game(g, out.game);
    free_msg(&out);
    /* Cut inside the game: the rank keeps its own game, with a reason. */
    assert_int_equal(
        decode_prefix(&w.h, w.payload, (size_t)w.h.payload_len - 1, &out, err, sizeof err),
        DIST_WIRE_NO_GAME);
    assert_true(strlen(err) > 0);
    assert_null(out.game);
    free_msg(&out);
    dist_wire_header_t bad = w.h;
    bad.parts = 0;
    assert_false(dist_wire_is_valid_header(&bad));
    bad.parts = DIST_WIRE_FILTER | DIST_WIRE_GAME;
    assert_false(dist_wire_is_valid_header(&bad));
    assert_int_equal(dist_wire_decode(&bad, w.payload, &out, err, sizeof err), DIST_WIRE_BROKEN);
    const dist_msg_t empty = {.kind = DIST_MSG_GAME};
    dist_wire_header_t h;
    unsigned char *payload = NULL;
    err[0] = 0;
    assert_false(dist_wire_encode(&empty, &h, &payload, err, sizeof err));
    assert_true(strlen(err) > 0);
    assert_null(payload);
    free(w.payload);
    game_free(g);
}

/* Every truncation of a search's payload is refused with a reason: inside the filter the message
 * is broken, inside the position the position is (the rank still joins the search); so is a
 * payload with bytes to spare. */
static void test_truncated_refused(void **state)
{
    (void)state;
    game_t *g = sample_game();
    mcts_move_filter_t filter;
    memset(&filter, 1, sizeof filter);
    const dist_msg_t msg = {
        .kind = DIST_MSG_SEARCH, .color = STONE_BLACK, .filter = &filter, .game = g};
    wire_t w = encode(&msg);
    const size_t len = (size_t)w.h.payload_len;
    for (size_t k = 0; k < len; k++) {
        dist_msg_t out;
        char err[160];
        const dist_wire_status_t st = decode_prefix(&w.h, w.payload, k, &out, err, sizeof err);
        assert_int_equal(st, k < sizeof filter ? DIST_WIRE_BROKEN : DIST_WIRE_NO_GAME);
        assert_true(strlen(err) > 0);
        assert_null(out.game);
        if (st == DIST_WIRE_BROKEN) assert_null(out.filter);
        free_msg(&out);
    }
    /* One byte more. */
    unsigned char *longer = malloc(len + 1);
    assert_non_null(longer);
    memcpy(longer, w.payload, len);
    longer[len] = 0;
    dist_msg_t out;
    char err[160];
    assert_int_equal(decode_prefix(&w.h, longer, len + 1, &out, err, sizeof err),
                     DIST_WIRE_NO_GAME);
    assert_non_null(strstr(err, "after the position"));
    free_msg(&out);
    /* A search with neither part, or a line, has no bytes to spare either way. */
    const dist_msg_t bare = {.kind = DIST_MSG_SEARCH, .color = STONE_WHITE};
    wire_t wb = encode(&bare);
    assert_int_equal(decode_prefix(&wb.h, longer, 3, &out, err, sizeof err), DIST_WIRE_BROKEN);
    free(longer);
    free(w.payload);
    game_free(g);
}

/* A copy of payload (len bytes) with the int32 at `at` replaced. */
static unsigned char *with_i32(const unsigned char *payload, size_t len, size_t at, int32_t v)
{
    unsigned char *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, payload, len);
    memcpy(copy + at, &v, sizeof v);
    return copy;
}

/* The position's payload with one field replaced: refused, the reason containing `why`. */
static void assert_field_refused(const wire_t *w, size_t at, int32_t v, const char *why)
{
    const size_t len = (size_t)w->h.payload_len;
    unsigned char *bad = with_i32(w->payload, len, at, v);
    dist_msg_t out;
    char err[160];
    assert_int_equal(decode_prefix(&w->h, bad, len, &out, err, sizeof err), DIST_WIRE_NO_GAME);
    if (!strstr(err, why))
        fail_msg("field at %zu = %ld: \"%s\", not \"%s\"", at, (long)v, err, why);
    assert_null(out.game);
    free_msg(&out);
    free(bad);
}

/* Corrupt headers and positions are refused with a reason; random corruption never crashes, and
 * what it lets through is a consistent board. */
static void test_corrupt_refused(void **state)
{
    (void)state;
    /* Headers. */
    const dist_wire_header_t good = {.kind = DIST_MSG_PLAY, .color = STONE_BLACK, .point = 40};
    dist_wire_header_t bad[12];
    for (int i = 0; i < 12; i++)
        bad[i] = good;
    bad[0].kind = -1;
    bad[1].kind = DIST_MSG_QUIT + 1;
    bad[2].color = 3;
    bad[3].color = -1;
    bad[4].threads = MCTS_MAX_THREADS + 1;
    bad[5].threads = -1;
    bad[6].playouts = -1;
    bad[7].payload_len = -1;
    bad[8].payload_len = 1;        /* a PLAY has none */
    bad[9].parts = DIST_WIRE_GAME; /* only a SEARCH or a GAME has parts */
    bad[10].kind = DIST_MSG_SEARCH;
    bad[10].parts = 4;
    bad[11].kind = DIST_MSG_LINE;
    bad[11].payload_len = DIST_WIRE_MAX_PAYLOAD + 1;
    assert_true(dist_wire_is_valid_header(&good));
    const unsigned char byte = 'x';
    for (int i = 0; i < 12; i++) {
        assert_false(dist_wire_is_valid_header(&bad[i]));
        dist_msg_t out;
        char err[160] = "";
        assert_int_equal(dist_wire_decode(&bad[i], &byte, &out, err, sizeof err), DIST_WIRE_BROKEN);
        assert_true(strlen(err) > 0);
        assert_null(out.text);
    }

    /* Fields of a position. */
    game_t *g = sample_game();
    const dist_msg_t msg = {.kind = DIST_MSG_SEARCH, .color = STONE_BLACK, .game = g};
    wire_t w = encode(&msg);
    assert_field_refused(&w, AT_KO, 3, "ko rule");
    assert_field_refused(&w, AT_SUICIDE, 2, "suicide");
    assert_field_refused(&w, AT_SCORING, -1, "scoring");
    assert_field_refused(&w, AT_BONUS, 3, "handicap bonus");
    assert_field_refused(&w, AT_SEKI, 255, "seki");
    assert_field_refused(&w, AT_GOAL, -1, "capture goal");
    assert_field_refused(&w, AT_SIZE, 1, "board size");
    assert_field_refused(&w, AT_SIZE, 26, "board size");
    assert_field_refused(&w, AT_HANDICAP, -2, "handicap");
    assert_field_refused(&w, AT_HANDICAP, 3, "handicap 3 without its stones");
    assert_field_refused(&w, AT_ENTRIES, -1, "number of entries");
    assert_field_refused(&w, AT_ENTRIES, INT32_MAX, "ends inside");
    /* The first entry: setup (1), its count (2, the handicap), a point and a colour each. */
    assert_field_refused(&w, AT_FIRST_ENTRY, 2, "kind");
    assert_field_refused(&w, AT_FIRST_ENTRY + 4, INT32_MAX, "ends inside");
    assert_field_refused(&w, AT_FIRST_ENTRY + 4, -5, "count");
    assert_field_refused(&w, AT_FIRST_ENTRY + 4, 1, "handicap refused");
    assert_field_refused(&w, AT_FIRST_ENTRY + 8, 0, "handicap refused");
    assert_field_refused(&w, AT_FIRST_ENTRY + 8, BOARD_MAX_POINTS, "handicap refused");
    /* The second setup (white E5, black A1) after the handicap's 2 stones: off the board, a
     * border colour. */
    const size_t second = AT_FIRST_ENTRY + 8 + 2 * 8;
    assert_field_refused(&w, second + 8, -3, "setup refused");
    assert_field_refused(&w, second + 12, STONE_BORDER, "colour");
    /* The first move (white C4): a colour out of range, an occupied point, off the board. */
    const size_t move = second + 8 + 2 * 8;
    assert_field_refused(&w, move, 3, "kind");
    assert_field_refused(&w, move + 4, STONE_EMPTY, "colour");
    assert_field_refused(&w, move + 8, board_point(game_board(g), 4, 4), "illegal move");
    assert_field_refused(&w, move + 8, 0, "illegal move");
    assert_field_refused(&w, move + 8, POINT_RESIGN, "illegal move");
    assert_field_refused(&w, (size_t)w.h.payload_len - 4, STONE_EMPTY, "player to move");
    /* Komi: not a number, infinite, out of range. */
    const double komis[] = {NAN, INFINITY, -INFINITY, 1000.5, -1e300};
    for (size_t i = 0; i < sizeof komis / sizeof komis[0]; i++) {
        unsigned char *copy = malloc((size_t)w.h.payload_len);
        assert_non_null(copy);
        memcpy(copy, w.payload, (size_t)w.h.payload_len);
        memcpy(copy + AT_KOMI, &komis[i], sizeof komis[i]);
        dist_msg_t out;
        char err[160];
        assert_int_equal(decode_prefix(&w.h, copy, (size_t)w.h.payload_len, &out, err, sizeof err),
                         DIST_WIRE_NO_GAME);
        assert_non_null(strstr(err, "komi"));
        free(copy);
    }

    /* Every byte set to a few values: never a crash, and a board that holds together when the
     * position is taken. */
    const unsigned char values[] = {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff};
    const size_t len = (size_t)w.h.payload_len;
    unsigned char *copy = malloc(len);
    assert_non_null(copy);
    int taken = 0, refused = 0;
    for (size_t at = 0; at < len; at++)
        for (size_t v = 0; v < sizeof values; v++) {
            memcpy(copy, w.payload, len);
            copy[at] = values[v];
            dist_msg_t out;
            char err[160];
            const dist_wire_status_t st = decode_prefix(&w.h, copy, len, &out, err, sizeof err);
            if (st == DIST_WIRE_OK) {
                assert_non_null(out.game);
                assert_true(board_check(game_board(out.game), err, (int)sizeof err));
                taken++;
            } else {
                assert_int_equal(st, DIST_WIRE_NO_GAME);
                assert_true(strlen(err) > 0);
                refused++;
            }
            free_msg(&out);
        }
    assert_true(taken > 0 && refused > 0);
    free(copy);
    free(w.payload);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_round_trips), cmocka_unit_test(test_other_messages_round_trip),
        cmocka_unit_test(test_game_round_trips),   cmocka_unit_test(test_truncated_refused),
        cmocka_unit_test(test_corrupt_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
