/* ab_tt.c - the transposition table and the symmetry maps of the alpha-beta searcher.
 *
 * Owns: table memory and replacement, point maps of the 8 board symmetries and their Zobrist
 * keys. Knows nothing of search windows or evaluation. */
#include "ab/ab_internal.h"

#include <stdlib.h>
#include <string.h>

void ab_symmetry_init(ab_symmetry_t *s, const board_t *b, bool symmetries)
{
    memset(s, 0, sizeof(*s));
    s->count = symmetries ? AB_SYMMETRIES : 1;
    const int n = b->size;
    for (int k = 0; k < AB_SYMMETRIES; k++) {
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int tx = x, ty = y;
                if (k & 1) {
                    tx = y;
                    ty = x;
                }
                if (k & 2) tx = n - 1 - tx;
                if (k & 4) ty = n - 1 - ty;
                int p = board_point(b, x, y), q = board_point(b, tx, ty);
                s->map[k][p] = (int16_t)q;
                s->inv[k][q] = (int16_t)p;
            }
        for (int p = 0; p < b->num_points; p++) {
            if (b->color[p] == STONE_BORDER) continue;
            for (int c = STONE_BLACK; c <= STONE_WHITE; c++)
                s->zobrist[k][c][p] = board_zobrist((stone_t)c, s->map[k][p]);
        }
    }
}

void ab_symmetry_hashes(const ab_symmetry_t *s, const board_t *b, uint64_t *h)
{
    for (int k = 0; k < s->count; k++)
        h[k] = 0;
    for (int p = 0; p < b->num_points; p++) {
        int c = b->color[p];
        if (c != STONE_BLACK && c != STONE_WHITE) continue;
        for (int k = 0; k < s->count; k++)
            h[k] ^= s->zobrist[k][c][p];
    }
}

bool ab_tt_init(ab_tt_t *t, int bits)
{
    memset(t, 0, sizeof(*t));
    if (bits < 1 || bits > 30) return false;
    uint64_t n = (uint64_t)1 << bits;
    t->entries = calloc((size_t)n, sizeof(ab_tt_entry_t));
    if (!t->entries) return false;
    t->mask = n - 1;
    return true;
}

void ab_tt_free(ab_tt_t *t)
{
    free(t->entries);
    memset(t, 0, sizeof(*t));
}

/* The bucket index from the high bits: the low bits of Zobrist xors are as good, but the high
 * bits keep the index independent of the key check below when the table is small. */
static inline uint64_t bucket(const ab_tt_t *t, uint64_t key)
{
    return ((key >> 20) ^ key) & t->mask & ~(uint64_t)1;
}

const ab_tt_entry_t *ab_tt_probe(const ab_tt_t *t, uint64_t key)
{
    if (!t->entries) return NULL;
    const ab_tt_entry_t *e = &t->entries[bucket(t, key)];
    if (e[0].used && e[0].key == key) return &e[0];
    if (e[1].used && e[1].key == key) return &e[1];
    return NULL;
}

void ab_tt_store(ab_tt_t *t, uint64_t key, int lo, int hi, int h, int h_type, int move, int depth)
{
    if (!t->entries) return;
    ab_tt_entry_t *e = &t->entries[bucket(t, key)];
    ab_tt_entry_t *slot;
    if (e[0].used && e[0].key == key)
        slot = &e[0];
    else if (e[1].used && e[1].key == key)
        slot = &e[1];
    else if (!e[0].used)
        slot = &e[0];
    else if (!e[1].used)
        slot = &e[1];
    else {
        /* Keep the deeper entry; a solved one (lo == hi) counts as deepest. */
        int d0 = e[0].lo == e[0].hi ? 255 : e[0].depth;
        int d1 = e[1].lo == e[1].hi ? 255 : e[1].depth;
        slot = d0 <= d1 ? &e[0] : &e[1];
    }
    if (depth > 254) depth = 254;
    if (depth < 0) depth = 0;
    slot->key = key;
    slot->lo = (int16_t)lo;
    slot->hi = (int16_t)hi;
    slot->h = (int16_t)h;
    slot->h_type = (uint8_t)h_type;
    slot->move = (int16_t)move;
    slot->depth = (uint8_t)depth;
    slot->used = 1;
    t->stores++;
}
