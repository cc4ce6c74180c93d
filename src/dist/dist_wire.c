/* dist_wire.c - rank 0's messages as bytes and back (dist_wire.h).
 *
 * Owns: the layout of a message (header, payload) and of a search's position in it, and the
 * checks of every field on the way in. Must not know: MPI, the engine, what a line says.
 *
 * A position is sent as its history, replayed on the other side as the game was built: the rules
 * field by field (the raw struct could carry a bool or an enum out of range), the size, the
 * handicap, every history entry (a move: 0, colour, point; a setup: 1, count, then a point and a
 * colour each; the handicap stones are the first setup, placed as a free handicap) and the player
 * to move. Replaying the moves checks them: an illegal move refuses the position.
 */
#include "dist/dist_wire.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/game.h"
#include "tengen/mcts.h"
#include "tengen/rules.h"

#define DIST_WIRE_MAX_KOMI 1000.0 /* as GTP's komi command and SGF's KM take */

enum { ENTRY_MOVE = 0, ENTRY_SETUP = 1 };

/* ---- writing ---- */

/* A payload being written. */
typedef struct bytes {
    unsigned char *data;
    size_t len, cap;
    bool failed; /* out of memory, or longer than DIST_WIRE_MAX_PAYLOAD */
} bytes_t;

static void put(bytes_t *b, const void *p, size_t n)
{
    /* Nothing to copy (an empty line): no memcpy to a payload not yet allocated. */
    if (b->failed || n == 0) return;
    if (n > (size_t)DIST_WIRE_MAX_PAYLOAD - b->len) {
        b->failed = true;
        return;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *data = realloc(b->data, cap);
        if (!data) {
            b->failed = true;
            return;
        }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void put_i32(bytes_t *b, int32_t v)
{
    put(b, &v, sizeof v);
}

static void put_rules(bytes_t *b, const rules_t *r)
{
    put(b, r->name, sizeof r->name);
    put_i32(b, (int32_t)r->ko);
    put_i32(b, r->suicide_allowed);
    put_i32(b, (int32_t)r->scoring);
    put(b, &r->komi, sizeof r->komi);
    put_i32(b, (int32_t)r->handicap_comp);
    put_i32(b, r->seki_territory);
    put_i32(b, r->capture_goal);
}

static void put_game(bytes_t *b, const game_t *g)
{
    put_rules(b, game_rules(g));
    put_i32(b, game_size(g));
    put_i32(b, game_handicap(g));
    const int n = game_move_count(g);
    put_i32(b, n);
    for (int i = 0; i < n; i++) {
        const game_move_t *m = game_move_at(g, i);
        if (m->setup_index >= 0) {
            const int *points;
            const stone_t *stones;
            const int k = game_setup_at(g, i, &points, &stones);
            put_i32(b, ENTRY_SETUP);
            put_i32(b, k);
            for (int j = 0; j < k; j++) {
                put_i32(b, points[j]);
                put_i32(b, (int32_t)stones[j]);
            }
        } else {
            put_i32(b, ENTRY_MOVE);
            put_i32(b, (int32_t)m->color);
            put_i32(b, m->point);
        }
    }
    put_i32(b, (int32_t)game_to_move(g));
}

bool dist_wire_encode(const dist_msg_t *msg, dist_wire_header_t *header, unsigned char **payload,
                      char *err, size_t err_len)
{
    bytes_t b = {0};
    int32_t parts = 0;
    if (msg->kind == DIST_MSG_LINE && msg->text) {
        put(&b, msg->text, strlen(msg->text));
    } else if (msg->kind == DIST_MSG_GAME) {
        if (!msg->game) {
            snprintf(err, err_len, "a game message without its game");
            return false;
        }
        parts = DIST_WIRE_GAME;
        put_game(&b, msg->game);
    } else if (msg->kind == DIST_MSG_SEARCH) {
        if (msg->filter) {
            parts |= DIST_WIRE_FILTER;
            put(&b, msg->filter, sizeof *msg->filter);
        }
        if (msg->game) {
            parts |= DIST_WIRE_GAME;
            put_game(&b, msg->game);
        }
    }
    if (b.failed) {
        free(b.data);
        snprintf(err, err_len, "out of memory for a command, or a command too long");
        return false;
    }
    *header = (dist_wire_header_t){(int32_t)msg->kind, (int32_t)msg->color, msg->move_search,
                                   msg->point,         msg->threads,        parts,
                                   msg->playouts,      (int64_t)b.len};
    *payload = b.data;
    return true;
}

/* ---- reading ---- */

/* A payload being read. The first failure is kept: why the bytes are refused. */
typedef struct reader {
    const unsigned char *at, *end;
    char *err;
    size_t err_len;
    bool failed;
} reader_t;

static bool refuse(reader_t *r, const char *fmt, ...)
{
    if (!r->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->err_len, fmt, ap);
        va_end(ap);
        r->failed = true;
    }
    return false;
}

static bool take(reader_t *r, void *out, size_t n, const char *what)
{
    if ((size_t)(r->end - r->at) < n) return refuse(r, "the message ends inside %s", what);
    memcpy(out, r->at, n);
    r->at += n;
    return true;
}

static bool take_i32(reader_t *r, int32_t *v, const char *what)
{
    return take(r, v, sizeof *v, what);
}

/* An int32 in [lo, hi], or a refusal naming it. */
static bool take_in(reader_t *r, int32_t *v, int32_t lo, int32_t hi, const char *what)
{
    if (!take_i32(r, v, what)) return false;
    return (*v >= lo && *v <= hi) || refuse(r, "%s %ld out of range", what, (long)*v);
}

static bool take_rules(reader_t *r, rules_t *out)
{
    rules_t rules = {0};
    int32_t ko = 0, suicide = 0, scoring = 0, comp = 0, seki = 0, goal = 0;
    if (!take(r, rules.name, sizeof rules.name, "the rules") ||
        !take_in(r, &ko, KO_SIMPLE, KO_SITUATIONAL, "the ko rule") ||
        !take_in(r, &suicide, 0, 1, "the suicide rule") ||
        !take_in(r, &scoring, SCORING_AREA, SCORING_TERRITORY, "the scoring rule") ||
        !take(r, &rules.komi, sizeof rules.komi, "the rules") ||
        !take_in(r, &comp, HANDICAP_COMP_NONE, HANDICAP_COMP_N_MINUS_1, "the handicap bonus") ||
        !take_in(r, &seki, 0, 1, "the seki rule") ||
        !take_in(r, &goal, 0, INT32_MAX, "the capture goal"))
        return false;
    if (!isfinite(rules.komi) || fabs(rules.komi) > DIST_WIRE_MAX_KOMI)
        return refuse(r, "komi out of range");
    rules.name[sizeof rules.name - 1] = 0;
    rules.ko = (ko_rule_t)ko;
    rules.suicide_allowed = suicide;
    rules.scoring = (scoring_rule_t)scoring;
    rules.handicap_comp = (handicap_comp_t)comp;
    rules.seki_territory = seki;
    rules.capture_goal = goal;
    *out = rules;
    return true;
}

/* Setup entry i of g: its count, then a point and a colour each. */
static bool take_setup(reader_t *r, game_t *g, int32_t i, bool is_handicap)
{
    int32_t n = 0;
    /* Eight bytes a stone: a count beyond what is left is a short message, not an allocation. */
    if (!take_in(r, &n, 0, INT32_MAX, "a setup's count")) return false;
    if ((size_t)n > (size_t)(r->end - r->at) / 8)
        return refuse(r, "the message ends inside setup entry %ld", (long)i);
    int *points = malloc(((size_t)n + 1) * sizeof *points);
    stone_t *stones = malloc(((size_t)n + 1) * sizeof *stones);
    bool ok = points && stones;
    if (!ok) refuse(r, "out of memory");
    for (int32_t j = 0; ok && j < n; j++) {
        int32_t p = 0, c = 0;
        ok = take_i32(r, &p, "a setup stone") &&
             take_in(r, &c, STONE_EMPTY, STONE_WHITE, "a setup stone's colour");
        points[j] = p;
        stones[j] = (stone_t)c;
    }
    /* Free handicap stones keep the game's handicap; any other setup is one of SGF's. */
    if (ok) {
        ok = is_handicap ? game_free_handicap(g, points, n) : game_setup(g, points, stones, n);
        if (!ok) refuse(r, "entry %ld: %s refused", (long)i, is_handicap ? "handicap" : "setup");
    }
    free(points);
    free(stones);
    return ok;
}

/* The game that put_game wrote, or NULL after a refusal. */
static game_t *take_game(reader_t *r)
{
    rules_t rules;
    int32_t size = 0, handicap = 0, n = 0;
    if (!take_rules(r, &rules) ||
        !take_in(r, &size, BOARD_MIN_SIZE, BOARD_MAX_SIZE, "the board size") ||
        !take_in(r, &handicap, 0, BOARD_MAX_POINTS, "the handicap") ||
        !take_in(r, &n, 0, INT32_MAX, "the number of entries"))
        return NULL;
    game_t *g = game_new(size, &rules);
    if (!g) {
        refuse(r, "out of memory");
        return NULL;
    }
    bool ok = true;
    for (int32_t i = 0; ok && i < n; i++) {
        int32_t kind = 0, c = 0, p = 0;
        ok = take_in(r, &kind, ENTRY_MOVE, ENTRY_SETUP, "an entry's kind");
        if (ok && kind == ENTRY_SETUP) {
            ok = take_setup(r, g, i, i == 0 && handicap > 0);
        } else if (ok) {
            ok = take_in(r, &c, STONE_BLACK, STONE_WHITE, "a move's colour") &&
                 take_i32(r, &p, "a move");
            if (ok && game_play(g, (stone_t)c, p) != GAME_OK)
                ok = refuse(r, "entry %ld: illegal move %ld", (long)i, (long)p);
        }
    }
    int32_t to_move = 0;
    if (ok && game_handicap(g) != handicap)
        ok = refuse(r, "handicap %ld without its stones", (long)handicap);
    if (ok && take_in(r, &to_move, STONE_BLACK, STONE_WHITE, "the player to move")) {
        game_set_to_move(g, (stone_t)to_move);
        return g;
    }
    game_free(g);
    return NULL;
}

bool dist_wire_is_valid_header(const dist_wire_header_t *h)
{
    const bool has_payload =
        h->kind == DIST_MSG_LINE || h->kind == DIST_MSG_SEARCH || h->kind == DIST_MSG_GAME;
    /* A SEARCH has any parts, a GAME exactly its game, the others none. */
    const bool parts_fit = h->kind == DIST_MSG_SEARCH
                               ? !(h->parts & ~(DIST_WIRE_FILTER | DIST_WIRE_GAME))
                           : h->kind == DIST_MSG_GAME ? h->parts == DIST_WIRE_GAME
                                                      : h->parts == 0;
    return h->kind >= DIST_MSG_LINE && h->kind <= DIST_MSG_QUIT && h->color >= STONE_EMPTY &&
           h->color <= STONE_WHITE && h->threads >= 0 && h->threads <= MCTS_MAX_THREADS &&
           h->playouts >= 0 && h->payload_len >= 0 && h->payload_len <= DIST_WIRE_MAX_PAYLOAD &&
           parts_fit && (has_payload || h->payload_len == 0);
}

/* A SEARCH or GAME message's parts: false for a broken message; a position that cannot be set
 * up leaves msg->game NULL with the reason in r. */
static bool take_search_parts(reader_t *r, int32_t parts, dist_msg_t *msg)
{
    if (parts & DIST_WIRE_FILTER) {
        msg->filter = malloc(sizeof *msg->filter);
        if (!msg->filter) return refuse(r, "out of memory");
        if (!take(r, msg->filter, sizeof *msg->filter, "the move filter")) return false;
    }
    if (parts & DIST_WIRE_GAME) {
        msg->game = take_game(r);
        if (msg->game && r->at != r->end) {
            game_free(msg->game);
            msg->game = NULL;
            refuse(r, "%ld bytes after the position", (long)(r->end - r->at));
        }
        return true;
    }
    return r->at == r->end || refuse(r, "%ld bytes after the message", (long)(r->end - r->at));
}

dist_wire_status_t dist_wire_decode(const dist_wire_header_t *h, const unsigned char *payload,
                                    dist_msg_t *msg, char *err, size_t err_len)
{
    memset(msg, 0, sizeof *msg);
    if (!dist_wire_is_valid_header(h) || (h->payload_len > 0 && !payload)) {
        snprintf(err, err_len, "not a message (header out of range)");
        return DIST_WIRE_BROKEN;
    }
    msg->kind = (dist_msg_kind_t)h->kind;
    msg->color = (stone_t)h->color;
    msg->playouts = (long)h->playouts;
    msg->move_search = h->move_search != 0;
    msg->point = h->point;
    msg->threads = h->threads;
    if (msg->kind == DIST_MSG_LINE) {
        /* The text gets its NUL. */
        msg->text = malloc((size_t)h->payload_len + 1);
        if (!msg->text) {
            snprintf(err, err_len, "out of memory");
            return DIST_WIRE_BROKEN;
        }
        if (h->payload_len > 0) memcpy(msg->text, payload, (size_t)h->payload_len);
        msg->text[h->payload_len] = 0;
        return DIST_WIRE_OK;
    }
    if (msg->kind != DIST_MSG_SEARCH && msg->kind != DIST_MSG_GAME) return DIST_WIRE_OK;
    /* No arithmetic on a NULL payload (an empty one). */
    static const unsigned char empty[1];
    const unsigned char *at = h->payload_len > 0 ? payload : empty;
    reader_t r = {at, at + h->payload_len, err, err_len, false};
    if (!take_search_parts(&r, h->parts, msg)) {
        free(msg->filter);
        game_free(msg->game);
        memset(msg, 0, sizeof *msg);
        return DIST_WIRE_BROKEN;
    }
    return (h->parts & DIST_WIRE_GAME) && !msg->game ? DIST_WIRE_NO_GAME : DIST_WIRE_OK;
}
