/* ab_internal.h - what the alpha-beta files share: the transposition table and the symmetry maps.
 * Not a public header; nothing outside src/ab/ includes it. */
#ifndef TENGEN_AB_INTERNAL_H
#define TENGEN_AB_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"

#define AB_SYMMETRIES 8

/* The 8 symmetries of a square board as point maps: map[s][p] is the image of on-board point p
 * under symmetry s (bit 0: transpose, bit 1: mirror x, bit 2: mirror y), inv[s] the inverse map.
 * zobrist[s][c][p] = board_zobrist(c, map[s][p]), so the stone hash of the transformed position
 * is the xor of zobrist[s] over the stones. Symmetry 0 is the identity and its hash is b->hash. */
typedef struct ab_symmetry {
    int count; /* 1 (symmetries off) or 8 */
    int16_t map[AB_SYMMETRIES][BOARD_MAX_POINTS];
    int16_t inv[AB_SYMMETRIES][BOARD_MAX_POINTS];
    uint64_t zobrist[AB_SYMMETRIES][3][BOARD_MAX_POINTS];
} ab_symmetry_t;

/* Fill the maps for board b (size and stride); count 8 with symmetries, else 1. */
void ab_symmetry_init(ab_symmetry_t *s, const board_t *b, bool symmetries);
/* The 8 (or 1) stone hashes of b under each symmetry, computed from the stones. */
void ab_symmetry_hashes(const ab_symmetry_t *s, const board_t *b, uint64_t *h);

/* One table entry for the player to move: the best move in canonical orientation. */
/* How the heuristic value h of an entry bounds the heuristic value (fail-soft searches). */
enum { AB_TT_EXACT = 0, AB_TT_LOWER = 1, AB_TT_UPPER = 2 };

typedef struct ab_tt_entry {
    uint64_t key;
    int16_t lo, hi; /* proven interval, valid at any depth */
    int16_t h;      /* heuristic value of a search `depth` plies deep, bound type h_type */
    int16_t move;   /* canonical point, POINT_PASS, or POINT_NONE */
    uint8_t depth;
    uint8_t h_type;
    uint8_t used;
} ab_tt_entry_t;

typedef struct ab_tt {
    ab_tt_entry_t *entries; /* 2-way buckets: slots i and i ^ 1 */
    uint64_t mask;
    uint64_t stores, hits;
} ab_tt_t;

/* Allocate 2^bits entries (bits 1..30). Returns false on no memory. */
bool ab_tt_init(ab_tt_t *t, int bits);
void ab_tt_free(ab_tt_t *t);
/* The entry for key, or NULL. */
const ab_tt_entry_t *ab_tt_probe(const ab_tt_t *t, uint64_t key);
/* Store (replacing the shallower entry of the bucket, or the same key). */
void ab_tt_store(ab_tt_t *t, uint64_t key, int lo, int hi, int h, int h_type, int move, int depth);

#endif
