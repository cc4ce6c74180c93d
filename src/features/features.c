/* features.c - the move features of the learned model (features.h): tactical facts read with
 * tactics.h, distances, the canonical 3x3 key and the spatial pattern hashes.
 *
 * Owns: what a move's features are. Must not know: weights, files, search.
 */
#include "tengen/features.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/tactics.h"

static const char *const group_names[FEAT_GROUPS] = {
    "pass", "capture", "escape", "atari", "self_atari", "dist_prev", "dist_prev2", "edge", "pat3",
    "spatial", "owner",
};

const char *feature_group_name(feature_group_t g)
{
    return (unsigned)g < FEAT_GROUPS ? group_names[g] : "?";
}

int feature_group_values(feature_group_t g)
{
    switch (g) {
    case FEAT_PASS: return 2;
    case FEAT_CAPTURE: return FEAT_CAPTURE_VALUES;
    case FEAT_ESCAPE: return FEAT_ESCAPE_VALUES;
    case FEAT_ATARI: return FEAT_ATARI_VALUES;
    case FEAT_SELF_ATARI: return FEAT_SELF_ATARI_VALUES;
    case FEAT_DIST_PREV:
    case FEAT_DIST_PREV2: return FEAT_DIST_VALUES;
    case FEAT_EDGE: return FEAT_EDGE_VALUES;
    case FEAT_PAT3: return FEAT_PAT3_KEYS;
    case FEAT_OWNER: return FEAT_OWNER_VALUES;
    default: return 0;
    }
}

/* ---- symmetries ---- */

/* The eight symmetries of the square as maps of an offset (dx, dy). */
static void transform(int k, int dx, int dy, int *ox, int *oy)
{
    if (k & 4) {
        const int t = dx;
        dx = dy;
        dy = t;
    }
    *ox = (k & 1) ? -dx : dx;
    *oy = (k & 2) ? -dy : dy;
}

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The points of the largest spatial pattern, ordered by gridcular distance, and for each the
 * Zobrist key of each colour under each symmetry, so that one pass over the points hashes all
 * eight images of the pattern at once. */
#define SPATIAL_MAX_POINTS 96
static struct {
    int count;
    int dx[SPATIAL_MAX_POINTS], dy[SPATIAL_MAX_POINTS];
    int size_end[SPATIAL_MAX_SIZE + 1]; /* points with distance <= s are [0, size_end[s]) */
    uint64_t key[SPATIAL_MAX_POINTS][4][8];
    /* pat3: where each of the 8 neighbours (board.h's order) and each of the 4 orthogonal atari
     * bits goes under each symmetry */
    uint8_t nb_to[8][8];
    uint8_t atari_to[8][4];
} tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static int gridcular(int dx, int dy)
{
    dx = abs(dx);
    dy = abs(dy);
    return dx + dy + (dx > dy ? dx : dy);
}

/* Index 0..7 of a neighbour offset in board.h's neighbor_colors order, -1 for (0, 0). */
static int neighbour_index(int dx, int dy)
{
    static const int order[3][3] = {{0, 1, 2}, {3, -1, 4}, {5, 6, 7}};
    return order[dy + 1][dx + 1];
}

static void build_tables(void)
{
    int n = 0;
    for (int d = 1; d <= SPATIAL_MAX_SIZE; d++) {
        for (int dy = -SPATIAL_MAX_SIZE; dy <= SPATIAL_MAX_SIZE; dy++)
            for (int dx = -SPATIAL_MAX_SIZE; dx <= SPATIAL_MAX_SIZE; dx++)
                if ((dx || dy) && gridcular(dx, dy) == d) {
                    tables.dx[n] = dx;
                    tables.dy[n] = dy;
                    n++;
                }
        tables.size_end[d] = n;
    }
    tables.count = n;
    for (int i = 0; i < n; i++)
        for (int col = 0; col < 4; col++)
            for (int k = 0; k < 8; k++) {
                int tx, ty;
                transform(k, tables.dx[i], tables.dy[i], &tx, &ty);
                tables.key[i][col][k] =
                    mix64(((uint64_t)(tx + 32) << 16) ^ ((uint64_t)(ty + 32) << 8) ^ (uint64_t)col);
            }
    static const int orth[4][2] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
    for (int k = 0; k < 8; k++) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                const int from = neighbour_index(dx, dy);
                if (from < 0) continue;
                int tx, ty;
                transform(k, dx, dy, &tx, &ty);
                tables.nb_to[k][from] = (uint8_t)neighbour_index(tx, ty);
            }
        for (int i = 0; i < 4; i++) {
            int tx, ty;
            transform(k, orth[i][0], orth[i][1], &tx, &ty);
            for (int j = 0; j < 4; j++)
                if (orth[j][0] == tx && orth[j][1] == ty) tables.atari_to[k][i] = (uint8_t)j;
        }
    }
}

static inline void ensure_tables(void)
{
    pthread_once(&tables_once, build_tables);
}

/* Colour of a point relative to the mover: 0 empty, 1 own, 2 opponent, 3 off the board. */
static inline int relative_colour(const board_t *b, stone_t c, int x, int y)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size) return 3;
    const stone_t s = board_at(b, board_point(b, x, y));
    return s == STONE_EMPTY ? 0 : s == c ? 1 : 2;
}

void feature_spatial_begin(spatial_walk_t *w, const board_t *b, stone_t c, int p)
{
    ensure_tables();
    w->b = b;
    w->c = c;
    w->x0 = board_x(b, p);
    w->y0 = board_y(b, p);
    w->size = 0;
    w->next = 0;
    memset(w->h, 0, sizeof w->h);
}

uint64_t feature_spatial_next(spatial_walk_t *w)
{
    assert(w->size < SPATIAL_MAX_SIZE);
    const int s = w->size == 0 ? SPATIAL_MIN_SIZE : w->size + 1;
    /* The points of every size up to s are [0, size_end[s]): hash those not yet hashed. */
    for (; w->next < tables.size_end[s]; w->next++) {
        const int i = w->next;
        const int col = relative_colour(w->b, w->c, w->x0 + tables.dx[i], w->y0 + tables.dy[i]);
        const uint64_t *key = tables.key[i][col];
        for (int k = 0; k < 8; k++)
            w->h[k] ^= key[k];
    }
    w->size = s;
    uint64_t least = w->h[0];
    for (int k = 1; k < 8; k++)
        if (w->h[k] < least) least = w->h[k];
    return mix64(least + (uint64_t)s);
}

void feature_spatial_hashes(const board_t *b, stone_t c, int p, uint64_t out[SPATIAL_SIZES])
{
    spatial_walk_t w;
    feature_spatial_begin(&w, b, c, p);
    for (int i = 0; i < SPATIAL_SIZES; i++)
        out[i] = feature_spatial_next(&w);
}

/* The raw pat3 key of p: colours relative to c, atari bits of the orthogonal neighbours. */
uint32_t feature_pat3_raw(const board_t *b, stone_t c, int p)
{
    uint32_t k = board_neighbor_colors(b, p);
    if (c == STONE_WHITE) k = ((k & 0x5555u) << 1) | ((k & 0xAAAAu) >> 1);
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t s = board_at(b, q);
        if ((s == STONE_BLACK || s == STONE_WHITE) && board_liberties(b, q) == 1)
            k |= 1u << (16 + d);
    }
    return k;
}

static uint32_t pat3_transform(uint32_t key, int k)
{
    uint32_t out = 0;
    for (int i = 0; i < 8; i++)
        out |= ((key >> (2 * i)) & 3u) << (2 * tables.nb_to[k][i]);
    for (int i = 0; i < 4; i++)
        out |= ((key >> (16 + i)) & 1u) << (16 + tables.atari_to[k][i]);
    return out;
}

uint32_t feature_pat3_key(const board_t *b, stone_t c, int p)
{
    ensure_tables();
    const uint32_t raw = feature_pat3_raw(b, c, p);
    uint32_t least = raw;
    for (int k = 1; k < 8; k++) {
        const uint32_t t = pat3_transform(raw, k);
        if (t < least) least = t;
    }
    return least;
}

void feature_pat3_images(uint32_t key, uint32_t out[8])
{
    ensure_tables();
    for (int k = 0; k < 8; k++)
        out[k] = pat3_transform(key, k);
}

/* ---- the context: escapes and ataris, read once per position ---- */

/* True if the string at q touches the point p (p is next to one of its stones). */
static bool string_touches(const board_t *b, int q, int p)
{
    if (p <= 0) return false;
    const int h = board_chain_head(b, q);
    for (int d = 0; d < 4; d++)
        if (board_chain_head(b, p + board_neighbor_offset(b, d)) == h) return true;
    return false;
}

void feature_context_init(feature_context_t *ctx, const board_t *b, stone_t to_move, int last,
                          int last2)
{
    ensure_tables();
    ctx->b = b;
    ctx->to_move = to_move;
    ctx->last = last;
    ctx->last2 = last2;
    ctx->owner = NULL;
    memset(ctx->escape, 0, (size_t)b->num_points);
    memset(ctx->atari, 0, (size_t)b->num_points);
    const stone_t c = to_move;
    for (int i = 0; i < b->num_points; i++) {
        const stone_t col = board_at(b, i);
        if ((col != STONE_BLACK && col != STONE_WHITE) || board_chain_head(b, i) != i) continue;
        const int libs = board_liberties(b, i);
        if (col == c && libs == 1) {
            const int lib = board_atari_point(b, i);
            int esc[16];
            const int k = tactics_atari_escapes(b, i, esc, 16);
            bool good = false;
            for (int j = 0; j < k; j++)
                good |= esc[j] == lib;
            tactics_move_t t;
            tactics_eval_move(b, c, lib, &t);
            /* The escape list also holds captures at lib, whatever liberties they leave: only
             * a two-liberty extension needs it to tell FREE from LADDER. */
            int v = t.libs >= 3 ? 1 : t.libs == 2 ? (good ? 2 : 3) : 4;
            if (!string_touches(b, i, last)) v += 4;
            /* Several strings share a liberty: keep the more urgent (lower) value. */
            if (!ctx->escape[lib] || v < ctx->escape[lib]) ctx->escape[lib] = (uint8_t)v;
        } else if (col != c && libs == 2) {
            int l[2];
            board_chain_liberty_list(b, i, l, 2);
            for (int j = 0; j < 2; j++) {
                const int v = tactics_is_ladder_attack(b, c, l[j])    ? FEAT_ATARI_LADDER
                              : b->ko_point != POINT_NONE ? FEAT_ATARI_KO
                                                          : FEAT_ATARI_OTHER;
                if (!ctx->atari[l[j]] || v < ctx->atari[l[j]]) ctx->atari[l[j]] = (uint8_t)v;
            }
        }
    }
}

/* ---- one move ---- */

uint32_t feature_owner_value(float o, stone_t c)
{
    const float mine = (c == STONE_BLACK ? o : -o) * 0.5f + 0.5f; /* 0..1 */
    const int band = (int)(mine * FEAT_OWNER_VALUES);
    return (uint32_t)(band < 0 ? 1 : band >= FEAT_OWNER_VALUES ? FEAT_OWNER_VALUES : band + 1);
}

static int distance_value(const board_t *b, int p, int q)
{
    if (q <= 0) return 0;
    const int d = gridcular(board_x(b, p) - board_x(b, q), board_y(b, p) - board_y(b, q));
    return d > 16 ? 17 : d;
}

static int capture_value(const feature_context_t *ctx, int p, const tactics_move_t *t)
{
    const board_t *b = ctx->b;
    const stone_t c = ctx->to_move, o = stone_other(c);
    bool saves = false, last = false;
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        if (board_at(b, q) != o || board_liberties(b, q) != 1) continue;
        const int h = board_chain_head(b, q);
        if (ctx->last > 0 && board_at(b, ctx->last) == o && board_chain_head(b, ctx->last) == h)
            last = true;
        /* Does an own string in atari touch the captured one? */
        int s = h;
        do {
            for (int e = 0; e < 4 && !saves; e++) {
                const int r = s + board_neighbor_offset(b, e);
                saves = board_at(b, r) == c && board_liberties(b, r) == 1;
            }
            s = b->next[s];
        } while (s != h && !saves);
    }
    if (saves) return FEAT_CAPTURE_SAVES;
    if (last) return FEAT_CAPTURE_LAST;
    if (t->captured == 1 && t->stones == 1 && t->libs == 1) return FEAT_CAPTURE_KO;
    return t->captured == 1 ? FEAT_CAPTURE_ONE : FEAT_CAPTURE_MANY;
}

void feature_extract(const feature_context_t *ctx, int p, uint32_t value[FEAT_GROUPS],
                     uint64_t spatial[SPATIAL_SIZES])
{
    memset(value, 0, sizeof(uint32_t) * FEAT_GROUPS);
    if (p == POINT_PASS) {
        value[FEAT_PASS] = ctx->last == POINT_PASS ? 2 : 1;
        if (spatial) memset(spatial, 0, sizeof(uint64_t) * SPATIAL_SIZES);
        return;
    }
    const board_t *b = ctx->b;
    const stone_t c = ctx->to_move;
    tactics_move_t t;
    tactics_eval_move(b, c, p, &t);
    if (t.captured > 0) {
        value[FEAT_CAPTURE] = (uint32_t)capture_value(ctx, p, &t);
    } else if (t.libs <= 1) {
        if (t.stones == 1 && tactics_is_snapback(b, c, p))
            value[FEAT_SELF_ATARI] = FEAT_SELF_ATARI_SNAPBACK;
        else
            value[FEAT_SELF_ATARI] = t.stones == 1   ? FEAT_SELF_ATARI_ONE
                                     : t.stones == 2 ? FEAT_SELF_ATARI_TWO
                                                     : FEAT_SELF_ATARI_MANY;
    }
    value[FEAT_ESCAPE] = ctx->escape[p];
    value[FEAT_ATARI] = ctx->atari[p];
    value[FEAT_DIST_PREV] = (uint32_t)distance_value(b, p, ctx->last);
    value[FEAT_DIST_PREV2] = (uint32_t)distance_value(b, p, ctx->last2);
    const int x = board_x(b, p), y = board_y(b, p);
    int line = x < y ? x : y;
    if (b->size - 1 - x < line) line = b->size - 1 - x;
    if (b->size - 1 - y < line) line = b->size - 1 - y;
    value[FEAT_EDGE] = (uint32_t)(line >= 4 ? 5 : line + 1);
    value[FEAT_PAT3] = feature_pat3_key(b, c, p) + 1;
    if (ctx->owner) value[FEAT_OWNER] = feature_owner_value(ctx->owner[p], c);
    if (spatial) feature_spatial_hashes(b, c, p, spatial);
}

void feature_extract_playout(const board_t *b, stone_t c, int p, uint32_t value[FEAT_GROUPS])
{
    memset(value, 0, sizeof(uint32_t) * FEAT_GROUPS);
    const uint32_t raw = feature_pat3_raw(b, c, p);
    value[FEAT_PAT3] = raw + 1;
    /* Without a neighbour in atari nothing is captured, and with two empty neighbours the move
     * keeps two liberties: the common case needs no tactics. */
    if (!(raw >> 16) && board_neighbor_count(b, p, STONE_EMPTY) >= 2) return;
    tactics_move_t t;
    tactics_eval_move(b, c, p, &t);
    if (t.captured > 0)
        value[FEAT_CAPTURE] = t.captured == 1 ? FEAT_CAPTURE_ONE : FEAT_CAPTURE_MANY;
    else if (t.libs <= 1)
        value[FEAT_SELF_ATARI] = t.stones == 1   ? FEAT_SELF_ATARI_ONE
                                 : t.stones == 2 ? FEAT_SELF_ATARI_TWO
                                                 : FEAT_SELF_ATARI_MANY;
}
