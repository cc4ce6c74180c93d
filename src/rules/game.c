/* game.c - the history object above the board: rules, turn, moves, superko, passes, resignation,
 * handicap, end of game. The board never sees history; this module never looks inside strings
 * beyond the board's public queries. */
#include "tengen/game.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(BOARD_MAX_POINTS <= 1 << 12, "a setup undo record packs a point in 12 bits");

/* A multiset of 64-bit position keys with open addressing (linear probing). Deletion keeps a
 * zero count as a tombstone so probe chains stay intact; the table is rebuilt when it fills. */
typedef struct key_set {
    uint64_t *keys;
    uint32_t *counts;
    size_t cap;  /* power of two */
    size_t used; /* slots ever taken (live + tombstones) */
} key_set_t;

/* A setup entry costs memory in proportion to what it changes, never a board: its points and
 * stones as given (for game_setup_at), and for undo the points whose colour it changed with their
 * colour before, packed (point << 2 | colour). Undo puts those colours back and rebuilds the
 * board's strings from the stones. The arrays are shared by all entries, in history order. */
typedef struct setup_entry {
    size_t first;      /* its points in setup_points[] and setup_stones[] */
    int n;
    size_t undo_first; /* its records in setup_undo[] */
    int undo_n;
    int ko_point;      /* the ko before the setup (setup clears it) */
    stone_t ko_color;
} setup_entry_t;

struct game {
    board_t board;
    rules_t rules;
    stone_t to_move;
    int handicap;
    game_end_t end;
    stone_t winner;

    game_move_t *moves;
    int num_moves, cap_moves;
    setup_entry_t *setups;
    int num_setups, cap_setups;
    int *setup_points;                      /* every setup entry's points, in history order */
    stone_t *setup_stones;                  /* and their stones */
    size_t num_setup_points, cap_setup_points, cap_setup_stones;
    uint16_t *setup_undo; /* per changed point: point << 4 | colour after << 2 | colour before */
    size_t num_setup_undo, cap_setup_undo;

    uint64_t initial_key_hash; /* stone hash of the position before any entry */
    stone_t initial_to_move;
    key_set_t seen;            /* superko keys of every position in the history */
};

/* ---- key set ---- */

static uint64_t key_slot_hash(uint64_t k)
{
    return k ^ (k >> 29);
}

/* Rehash into a table with room for the live keys and one more at a load of at most a quarter:
 * tombstones go, so a history that is played and taken back again and again keeps the table in
 * proportion to the live keys. */
static bool key_set_grow(key_set_t *s)
{
    size_t live = 0;
    for (size_t i = 0; i < s->cap; i++) live += s->counts[i] != 0;
    size_t cap = 256;
    while (cap < 4 * (live + 1)) cap *= 2;
    key_set_t t = {calloc(cap, sizeof(uint64_t)), calloc(cap, sizeof(uint32_t)), cap, 0};
    if (!t.keys || !t.counts) {
        free(t.keys);
        free(t.counts);
        return false;
    }
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->counts[i]) continue;
        size_t j = key_slot_hash(s->keys[i]) & (cap - 1);
        while (t.counts[j]) j = (j + 1) & (cap - 1);
        t.keys[j] = s->keys[i];
        t.counts[j] = s->counts[i];
        t.used++;
    }
    free(s->keys);
    free(s->counts);
    *s = t;
    return true;
}

/* Slot holding k, or the cap if absent. */
static size_t key_set_find(const key_set_t *s, uint64_t k)
{
    if (!s->cap) return 0;
    size_t j = key_slot_hash(k) & (s->cap - 1);
    for (size_t n = 0; n < s->cap; n++, j = (j + 1) & (s->cap - 1)) {
        if (s->keys[j] == k && s->counts[j]) return j;
        if (!s->keys[j] && !s->counts[j]) return s->cap; /* never-used slot ends the chain */
    }
    return s->cap;
}

static bool key_set_contains(const key_set_t *s, uint64_t k)
{
    return s->cap && key_set_find(s, k) != s->cap;
}

/* Keys are never 0 in the table: 0 marks a never-used slot. */
static uint64_t nonzero(uint64_t k)
{
    return k ? k : 1;
}

static bool key_set_add(key_set_t *s, uint64_t k)
{
    k = nonzero(k);
    size_t j = key_set_find(s, k);
    if (s->cap && j != s->cap) {
        s->counts[j]++;
        return true;
    }
    if ((s->used + 1) * 2 > s->cap && !key_set_grow(s)) return false;
    j = key_slot_hash(k) & (s->cap - 1);
    /* Reuse the first free or tombstone slot. */
    while (s->counts[j]) j = (j + 1) & (s->cap - 1);
    if (!s->keys[j]) s->used++;
    s->keys[j] = k;
    s->counts[j] = 1;
    return true;
}

static void key_set_remove(key_set_t *s, uint64_t k)
{
    size_t j = key_set_find(s, nonzero(k));
    if (s->cap && j != s->cap) s->counts[j]--;
}

static void key_set_clear(key_set_t *s)
{
    if (!s->cap) return;
    memset(s->keys, 0, s->cap * sizeof(uint64_t));
    memset(s->counts, 0, s->cap * sizeof(uint32_t));
    s->used = 0;
}

/* ---- keys ---- */

static uint64_t position_key(const rules_t *r, uint64_t stone_hash, stone_t to_move)
{
    if (r->ko == KO_SITUATIONAL) return nonzero(stone_hash ^ board_zobrist_to_move(to_move));
    return nonzero(stone_hash);
}

/* The stone hash after c plays p, computed without playing: the new stone, captured strings,
 * and (if suicide is allowed and happens) the removed own strings. */
static uint64_t hash_after_move(const board_t *b, stone_t c, int p)
{
    uint64_t h = b->hash ^ board_zobrist(c, p);
    stone_t o = stone_other(c);
    int seen_heads[4], num_seen = 0;
    bool captures = false, has_liberty = false;
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        stone_t col = board_at(b, q);
        if (col == STONE_EMPTY) has_liberty = true;
        if (col == c && board_liberties(b, q) > 1) has_liberty = true;
        if (col != o || board_liberties(b, q) != 1) continue;
        int head = board_chain_head(b, q);
        bool dup = false;
        for (int i = 0; i < num_seen; i++) dup |= seen_heads[i] == head;
        if (dup) continue;
        seen_heads[num_seen++] = head;
        captures = true;
        int s = head;
        do {
            h ^= board_zobrist(o, s);
            s = b->next[s];
        } while (s != head);
    }
    if (captures || has_liberty) return h;
    /* Suicide: the new stone and every own neighbour string (all in atari) disappear. */
    h ^= board_zobrist(c, p);
    num_seen = 0;
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        if (board_at(b, q) != c) continue;
        int head = board_chain_head(b, q);
        bool dup = false;
        for (int i = 0; i < num_seen; i++) dup |= seen_heads[i] == head;
        if (dup) continue;
        seen_heads[num_seen++] = head;
        int s = head;
        do {
            h ^= board_zobrist(c, s);
            s = b->next[s];
        } while (s != head);
    }
    return h;
}

static void rebuild_keys(game_t *g)
{
    key_set_clear(&g->seen);
    key_set_add(&g->seen, position_key(&g->rules, g->initial_key_hash, g->initial_to_move));
    for (int i = 0; i < g->num_moves; i++) {
        game_move_t *m = &g->moves[i];
        /* Entry keys are stored as the stone hash; the set holds keys of the current rule. */
        key_set_add(&g->seen, position_key(&g->rules, m->key, stone_other(m->color)));
    }
}

/* ---- life cycle ---- */

game_t *game_new(int size, const rules_t *rules)
{
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) return NULL;
    game_t *g = calloc(1, sizeof(*g));
    if (!g) return NULL;
    g->rules = *rules;
    if (!game_reset(g, size)) {
        game_free(g);
        return NULL;
    }
    return g;
}

static void free_history(game_t *g)
{
    g->num_setups = 0;
    g->num_setup_points = 0;
    g->num_setup_undo = 0;
    g->num_moves = 0;
}

void game_free(game_t *g)
{
    if (!g) return;
    free_history(g);
    free(g->moves);
    free(g->setups);
    free(g->setup_points);
    free(g->setup_stones);
    free(g->setup_undo);
    free(g->seen.keys);
    free(g->seen.counts);
    free(g);
}

bool game_reset(game_t *g, int size)
{
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) return false;
    free_history(g);
    board_init(&g->board, size, g->rules.suicide_allowed);
    g->to_move = g->initial_to_move = STONE_BLACK;
    g->handicap = 0;
    g->end = GAME_END_NONE;
    g->winner = STONE_EMPTY;
    g->initial_key_hash = g->board.hash;
    rebuild_keys(g);
    return true;
}

void game_set_rules(game_t *g, const rules_t *rules)
{
    g->rules = *rules;
    g->board.suicide_allowed = rules->suicide_allowed;
    rebuild_keys(g);
}

const rules_t *game_rules(const game_t *g)
{
    return &g->rules;
}

void game_set_komi(game_t *g, double komi)
{
    g->rules.komi = komi;
}

const board_t *game_board(const game_t *g)
{
    return &g->board;
}

int game_size(const game_t *g)
{
    return g->board.size;
}

stone_t game_to_move(const game_t *g)
{
    return g->to_move;
}

void game_set_to_move(game_t *g, stone_t c)
{
    if (c != STONE_BLACK && c != STONE_WHITE) return;
    g->to_move = c;
    if (g->num_moves == 0) {
        g->initial_to_move = c;
        rebuild_keys(g);
    } else if (g->moves[g->num_moves - 1].setup_index >= 0) {
        /* Setup then PL (or handicap then white): the setup position is one with c to move, and
         * situational superko must key it so. */
        game_move_t *m = &g->moves[g->num_moves - 1];
        if (m->color != stone_other(c)) {
            /* Only this entry's key changes: swap it rather than rebuild the set, so that a file
             * with PL in every setup node costs O(1) per node. */
            key_set_remove(&g->seen, position_key(&g->rules, m->key, stone_other(m->color)));
            m->color = stone_other(c);
            key_set_add(&g->seen, position_key(&g->rules, m->key, stone_other(m->color)));
        }
    }
}

/* ---- setup storage ---- */

/* A growing array of elements of `size` bytes with room for `more` after `used`: the array (moved
 * or not; *cap updated), or NULL with the old array and *cap untouched when out of memory. */
static void *reserve(void *array, size_t *cap, size_t used, size_t more, size_t size)
{
    if (array && used + more <= *cap) return array;
    size_t cap_new = *cap ? *cap : 64;
    while (cap_new < used + more) cap_new *= 2;
    void *grown = realloc(array, cap_new * size);
    if (grown) *cap = cap_new;
    return grown;
}

/* Take back setup entry e, the last in the history: the changed points get their colours back. */
static void setup_undo(game_t *g, const setup_entry_t *e)
{
    int points[BOARD_MAX_POINTS];
    stone_t stones[BOARD_MAX_POINTS];
    for (int i = 0; i < e->undo_n; i++) {
        const uint16_t r = g->setup_undo[e->undo_first + (size_t)i];
        points[i] = r >> 4;
        stones[i] = (stone_t)(r & 3);
    }
    board_restore_points(&g->board, points, stones, e->undo_n);
    g->board.ko_point = e->ko_point;
    g->board.ko_color = e->ko_color;
    g->num_setup_points = e->first;
    g->num_setup_undo = e->undo_first;
}

/* ---- moves ---- */

game_status_t game_check_move(const game_t *g, stone_t c, int p)
{
    if (c != STONE_BLACK && c != STONE_WHITE) return GAME_ILLEGAL_COLOR;
    if (g->end == GAME_END_RESIGN || g->end == GAME_END_CAPTURE_GOAL)
        return GAME_ILLEGAL_GAME_OVER;
    if (p == POINT_PASS) return GAME_OK;
    switch (board_check_move(&g->board, c, p)) {
    case MOVE_OK:
        break;
    case MOVE_OFF_BOARD:
        return GAME_ILLEGAL_OFF_BOARD;
    case MOVE_OCCUPIED:
        return GAME_ILLEGAL_OCCUPIED;
    case MOVE_SUICIDE:
        return GAME_ILLEGAL_SUICIDE;
    case MOVE_KO:
        return GAME_ILLEGAL_KO;
    }
    if (g->rules.ko != KO_SIMPLE) {
        uint64_t h = hash_after_move(&g->board, c, p);
        if (key_set_contains(&g->seen, position_key(&g->rules, h, stone_other(c))))
            return GAME_ILLEGAL_SUPERKO;
    }
    return GAME_OK;
}

/* Append an entry and its superko key. On failure (no memory) nothing has changed. */
static bool push_entry(game_t *g, const game_move_t *m)
{
    if (g->num_moves == g->cap_moves) {
        int cap = g->cap_moves ? g->cap_moves * 2 : 256;
        game_move_t *moves = realloc(g->moves, (size_t)cap * sizeof(*moves));
        if (!moves) return false;
        g->moves = moves;
        g->cap_moves = cap;
    }
    if (!key_set_add(&g->seen, position_key(&g->rules, m->key, stone_other(m->color))))
        return false;
    g->moves[g->num_moves++] = *m;
    return true;
}

/* End state derived from the history: trailing passes and the capture goal. */
static void update_end(game_t *g)
{
    if (g->end == GAME_END_RESIGN) return;
    g->end = GAME_END_NONE;
    g->winner = STONE_EMPTY;
    int goal = g->rules.capture_goal;
    if (goal > 0) {
        for (int c = STONE_BLACK; c <= STONE_WHITE; c++)
            if (g->board.captures[c] >= goal) {
                g->end = GAME_END_CAPTURE_GOAL;
                g->winner = (stone_t)c;
                return;
            }
    }
    /* Two trailing passes, looked at directly: counting them all would make a file of passes
     * quadratic. */
    const int n = g->num_moves;
    if (n >= 2 && g->moves[n - 1].point == POINT_PASS && g->moves[n - 2].point == POINT_PASS)
        g->end = GAME_END_PASSES;
}

game_status_t game_play(game_t *g, stone_t c, int p)
{
    game_status_t s = game_check_move(g, c, p);
    if (s != GAME_OK) return s;
    game_move_t m = {.point = p, .color = c, .setup_index = -1, .to_move_before = g->to_move};
    board_play(&g->board, c, p, &m.undo);
    m.key = g->board.hash;
    if (!push_entry(g, &m)) {
        /* Out of memory: leave the game as it was. */
        board_undo(&g->board, &m.undo);
        return GAME_ILLEGAL_GAME_OVER;
    }
    g->to_move = stone_other(c);
    update_end(g);
    return GAME_OK;
}

bool game_undo(game_t *g)
{
    /* A resignation is the last event of a resigned game: undo takes it back first. */
    if (g->end == GAME_END_RESIGN) {
        g->end = GAME_END_NONE;
        g->winner = STONE_EMPTY;
        update_end(g);
        return true;
    }
    if (g->num_moves == 0) return false;
    game_move_t *m = &g->moves[g->num_moves - 1];
    key_set_remove(&g->seen, position_key(&g->rules, m->key, stone_other(m->color)));
    if (m->setup_index >= 0) {
        setup_undo(g, &g->setups[m->setup_index]);
        g->num_setups--;
        assert(m->setup_index == g->num_setups);
    } else {
        board_undo(&g->board, &m->undo);
    }
    g->to_move = m->to_move_before;
    g->num_moves--;
    if (g->handicap && g->num_moves == 0) g->handicap = 0;
    update_end(g);
    return true;
}

int game_legal_moves(const game_t *g, stone_t c, int *out)
{
    int n = 0;
    const board_t *b = &g->board;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = board_point(b, x, y);
            if (game_check_move(g, c, p) == GAME_OK) out[n++] = p;
        }
    return n;
}

const char *game_status_text(game_status_t s)
{
    switch (s) {
    case GAME_OK:
        return "legal";
    case GAME_ILLEGAL_OFF_BOARD:
        return "off the board";
    case GAME_ILLEGAL_OCCUPIED:
        return "occupied";
    case GAME_ILLEGAL_SUICIDE:
        return "suicide";
    case GAME_ILLEGAL_KO:
        return "ko";
    case GAME_ILLEGAL_SUPERKO:
        return "superko";
    case GAME_ILLEGAL_GAME_OVER:
        return "game over";
    case GAME_ILLEGAL_COLOR:
        return "bad colour";
    }
    return "illegal";
}

/* ---- setup and handicap ---- */

bool game_setup(game_t *g, const int *points, const stone_t *stones, int n)
{
    for (int i = 0; i < n; i++)
        if (!board_is_on_board(&g->board, points[i]) || stones[i] == STONE_BORDER) return false;
    if (n < 0) return false;
    const int num_points = g->board.num_points;
    if (g->num_setups == g->cap_setups) {
        int cap = g->cap_setups ? g->cap_setups * 2 : 4;
        setup_entry_t *setups = realloc(g->setups, (size_t)cap * sizeof(*setups));
        if (!setups) return false;
        g->setups = setups;
        g->cap_setups = cap;
    }
    /* Room for the points (one at least, so that the arrays exist) and for an undo record per
     * point of the board: nothing can fail once the board has changed. */
    const size_t more = n > 0 ? (size_t)n : 1;
    int *pts = reserve(g->setup_points, &g->cap_setup_points, g->num_setup_points, more,
                       sizeof(int));
    if (!pts) return false;
    g->setup_points = pts;
    stone_t *sts = reserve(g->setup_stones, &g->cap_setup_stones, g->num_setup_points, more,
                           sizeof(stone_t));
    if (!sts) return false;
    g->setup_stones = sts;
    uint16_t *undo = reserve(g->setup_undo, &g->cap_setup_undo, g->num_setup_undo,
                             (size_t)num_points, sizeof(uint16_t));
    if (!undo) return false;
    g->setup_undo = undo;
    setup_entry_t *e = &g->setups[g->num_setups];
    e->first = g->num_setup_points;
    e->n = n;
    e->undo_first = g->num_setup_undo;
    e->undo_n = 0;
    e->ko_point = g->board.ko_point;
    e->ko_color = g->board.ko_color;
    if (n > 0) {
        memcpy(g->setup_points + e->first, points, (size_t)n * sizeof(int));
        memcpy(g->setup_stones + e->first, stones, (size_t)n * sizeof(stone_t));
    }

    uint8_t before[BOARD_MAX_POINTS];
    memcpy(before, g->board.color, (size_t)num_points);
    board_setup_points(&g->board, points, stones, n);
    for (int p = 0; p < num_points; p++)
        if (g->board.color[p] != before[p])
            g->setup_undo[e->undo_first + (size_t)e->undo_n++] =
                (uint16_t)(p << 4 | g->board.color[p] << 2 | before[p]);
    g->num_setup_points += (size_t)n;
    g->num_setup_undo += (size_t)e->undo_n;
    g->num_setups++;

    /* The entry's colour is the player who moved "before" the new position: the key of the
     * position after it is taken with the player to move unchanged. */
    game_move_t m = {.point = POINT_NONE, .color = stone_other(g->to_move),
                     .setup_index = g->num_setups - 1, .to_move_before = g->to_move};
    m.key = g->board.hash;
    if (!push_entry(g, &m)) {
        setup_undo(g, e);
        g->num_setups--;
        return false;
    }
    return true;
}

int game_setup_at(const game_t *g, int i, const int **points, const stone_t **stones)
{
    if (i < 0 || i >= g->num_moves || g->moves[i].setup_index < 0) return 0;
    const setup_entry_t *e = &g->setups[g->moves[i].setup_index];
    *points = g->setup_points + e->first;
    *stones = g->setup_stones + e->first;
    return e->n;
}

int game_setup_change_at(const game_t *g, int i, int *points, stone_t *after)
{
    if (i < 0 || i >= g->num_moves || g->moves[i].setup_index < 0) return 0;
    const setup_entry_t *e = &g->setups[g->moves[i].setup_index];
    for (int k = 0; k < e->undo_n; k++) {
        const uint16_t r = g->setup_undo[e->undo_first + (size_t)k];
        points[k] = r >> 4;
        after[k] = (stone_t)(r >> 2 & 3);
    }
    return e->undo_n;
}

int game_fixed_handicap_points(int size, int stones, int *out)
{
    /* GTP v2 section 4.1.1: boards 7x7 and up; odd sizes up to 9 stones, even sizes and 7x7 up
     * to 4. Lines: the 4th from the edge on 13x13 and up, the 3rd below. */
    if (size < 7 || size > BOARD_MAX_SIZE || stones < 2) return 0;
    int max = (size % 2 == 0 || size == 7) ? 4 : 9;
    if (stones > max) return 0;
    int low = size >= 13 ? 3 : 2, high = size - 1 - low, mid = size / 2;
    /* (column, row from the bottom) in the order the spec lists them: the corners D4 Q16 D16 Q4,
     * then the side points D10 Q10 (6+), K4 K16 (8+), and the centre K10 for odd counts. */
    const int corners[4][2] = {{low, low}, {high, high}, {low, high}, {high, low}};
    int xy[9][2];
    int n = 0;
    for (int i = 0; i < 4 && i < stones; i++, n++) {
        xy[n][0] = corners[i][0];
        xy[n][1] = corners[i][1];
    }
    if (stones >= 6) {
        xy[n][0] = low, xy[n][1] = mid, n++;
        xy[n][0] = high, xy[n][1] = mid, n++;
    }
    if (stones >= 8) {
        xy[n][0] = mid, xy[n][1] = low, n++;
        xy[n][0] = mid, xy[n][1] = high, n++;
    }
    if (stones >= 5 && stones % 2 == 1) {
        xy[n][0] = mid, xy[n][1] = mid, n++;
    }
    board_t b;
    board_init(&b, size, false);
    for (int i = 0; i < n; i++) out[i] = board_point(&b, xy[i][0], size - 1 - xy[i][1]);
    return n;
}

static bool place_handicap(game_t *g, const int *points, int n)
{
    if (g->num_moves || g->board.stones_on_board[STONE_BLACK] ||
        g->board.stones_on_board[STONE_WHITE] || n < 2)
        return false;
    stone_t stones[BOARD_MAX_POINTS];
    for (int i = 0; i < n; i++) {
        if (!board_is_on_board(&g->board, points[i])) return false;
        for (int j = 0; j < i; j++)
            if (points[j] == points[i]) return false;
        stones[i] = STONE_BLACK;
    }
    if (n >= g->board.size * g->board.size) return false;
    if (!game_setup(g, points, stones, n)) return false;
    g->handicap = n;
    game_set_to_move(g, STONE_WHITE);
    return true;
}

bool game_fixed_handicap(game_t *g, int stones, int *out)
{
    int points[9];
    int n = game_fixed_handicap_points(g->board.size, stones, points);
    if (!n || !place_handicap(g, points, n)) return false;
    if (out) memcpy(out, points, (size_t)n * sizeof(int));
    return true;
}

bool game_free_handicap(game_t *g, const int *points, int n)
{
    return place_handicap(g, points, n);
}

int game_handicap(const game_t *g)
{
    return g->handicap;
}

/* ---- history and end ---- */

int game_move_count(const game_t *g)
{
    return g->num_moves;
}

const game_move_t *game_move_at(const game_t *g, int i)
{
    return i >= 0 && i < g->num_moves ? &g->moves[i] : NULL;
}

int game_last_move(const game_t *g)
{
    for (int i = g->num_moves - 1; i >= 0; i--)
        if (g->moves[i].setup_index < 0) return g->moves[i].point;
    return POINT_NONE;
}

int game_move_before_last(const game_t *g)
{
    bool seen_last = false;
    for (int i = g->num_moves - 1; i >= 0; i--) {
        if (g->moves[i].setup_index >= 0) return POINT_NONE;
        if (seen_last) return g->moves[i].point;
        seen_last = true;
    }
    return POINT_NONE;
}

int game_consecutive_passes(const game_t *g)
{
    int n = 0;
    for (int i = g->num_moves - 1; i >= 0 && g->moves[i].point == POINT_PASS; i--) n++;
    return n;
}

void game_resign(game_t *g, stone_t loser)
{
    if (loser != STONE_BLACK && loser != STONE_WHITE) return;
    g->end = GAME_END_RESIGN;
    g->winner = stone_other(loser);
}

bool game_is_over(const game_t *g)
{
    return g->end != GAME_END_NONE;
}

game_end_t game_end_reason(const game_t *g)
{
    return g->end;
}

stone_t game_winner(const game_t *g)
{
    return g->winner;
}
