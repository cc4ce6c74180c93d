/* features.h - the move features of tengen's learned move model: what a candidate move does
 * (captures, ataris, escapes, self-ataris, distances to the last moves and to the edge) and what
 * it looks like (a 3x3 shape with the atari status of its neighbours, and hashed spatial patterns
 * of growing size, as Coulom's "Computing Elo Ratings of Move Patterns" and Pachi use them).
 *
 * A move is a "team" of features: for each group below it has at most one value (0: the group
 * does not apply). The model (model.h) gives every value of every group a strength; a move's
 * strength is the product over its groups.
 *
 * Colours are relative to the player to move: "own" stones are the mover's, so a model learns
 * one set of weights for both colours. Shapes are canonical under the eight symmetries of the
 * square, so a feature is the same wherever and however the board is turned.
 *
 * Depends on the rules core (board.h) and tactics (ladders); knows no game history beyond the
 * last two moves, no search, no files.
 */
#ifndef TENGEN_FEATURES_H
#define TENGEN_FEATURES_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"

typedef enum feature_group {
    FEAT_PASS,       /* 1 pass, 2 pass after the opponent's pass */
    FEAT_CAPTURE,    /* FEAT_CAPTURE_* */
    FEAT_ESCAPE,     /* FEAT_ESCAPE_* : extending an own string in atari */
    FEAT_ATARI,      /* FEAT_ATARI_* : putting an opponent string in atari */
    FEAT_SELF_ATARI, /* FEAT_SELF_ATARI_* */
    FEAT_DIST_PREV,  /* gridcular distance to the last move: 2..16, 17 beyond */
    FEAT_DIST_PREV2, /* the same to the move before it */
    FEAT_EDGE,       /* line from the edge: 1..4, 5 beyond */
    FEAT_PAT3,       /* canonical 3x3 shape with atari bits (feature_pat3_key), + 1 */
    FEAT_SPATIAL,    /* the largest spatial pattern in the model's dictionary: its index + 1 */
    FEAT_OWNER,      /* the mover's Monte Carlo ownership of the point, in FEAT_OWNER_VALUES bands */
    FEAT_GROUPS
} feature_group_t;

/* Values of FEAT_CAPTURE, most specific first (the first that applies is the value). */
enum {
    FEAT_CAPTURE_SAVES = 1,  /* the capture saves an own string in atari next to the captured one */
    FEAT_CAPTURE_LAST = 2,   /* captures the string of the last move */
    FEAT_CAPTURE_KO = 3,     /* takes a ko (one stone, the capturing stone left alone in atari) */
    FEAT_CAPTURE_ONE = 4,    /* any other capture of one stone */
    FEAT_CAPTURE_MANY = 5,   /* any other capture of two or more stones */
    FEAT_CAPTURE_VALUES = 5
};
/* Values of FEAT_ESCAPE: the string was put in atari by the last move (NEW) or earlier (OLD);
 * after the extension it has 3+ liberties (SAFE), 2 that no ladder takes (FREE), 2 that a ladder
 * takes (LADDER), or still 1 (FUTILE). */
enum {
    FEAT_ESCAPE_NEW_SAFE = 1,
    FEAT_ESCAPE_NEW_FREE,
    FEAT_ESCAPE_NEW_LADDER,
    FEAT_ESCAPE_NEW_FUTILE,
    FEAT_ESCAPE_OLD_SAFE,
    FEAT_ESCAPE_OLD_FREE,
    FEAT_ESCAPE_OLD_LADDER,
    FEAT_ESCAPE_OLD_FUTILE,
    FEAT_ESCAPE_VALUES = 8
};
/* Values of FEAT_ATARI: the atari starts a working ladder, or there is a ko on the board, or
 * neither. */
enum {
    FEAT_ATARI_LADDER = 1,
    FEAT_ATARI_KO = 2,
    FEAT_ATARI_OTHER = 3,
    FEAT_ATARI_VALUES = 3
};
/* Values of FEAT_SELF_ATARI: a snapback throw-in, or a self-atari of 1, 2, 3+ stones. */
enum {
    FEAT_SELF_ATARI_SNAPBACK = 1,
    FEAT_SELF_ATARI_ONE = 2,
    FEAT_SELF_ATARI_TWO = 3,
    FEAT_SELF_ATARI_MANY = 4,
    FEAT_SELF_ATARI_VALUES = 4
};
#define FEAT_DIST_VALUES 17
#define FEAT_EDGE_VALUES 5
/* FEAT_OWNER: the share of playouts that ended with the point the mover's, from 0 (value 1) to 1
 * (value FEAT_OWNER_VALUES) in equal bands (Coulom 2007's "Monte-Carlo owner"). The ownership
 * comes from FEAT_OWNER_PLAYOUTS playouts of the position (policy_ownership), in training and in
 * play alike, so the bands mean the same noise in both. */
#define FEAT_OWNER_VALUES 8
#define FEAT_OWNER_PLAYOUTS 32
/* A pat3 key has 20 bits: the 16-bit colour key of board.h's neighbor_colors (own = black) and
 * one atari bit for each orthogonal neighbour (up, left, right, down). */
#define FEAT_PAT3_KEYS (1 << 20)

/* Number of values of a fixed-size group (not FEAT_SPATIAL, whose size is the dictionary's). */
int feature_group_values(feature_group_t g);
/* Short name of a group ("capture", "pat3", ...). */
const char *feature_group_name(feature_group_t g);

/* ---- spatial patterns ----
 * The points around a move, ordered by the gridcular distance d = dx + dy + max(dx, dy) (Pachi's
 * metric; d = 2 the four neighbours, 3 the diagonals, 4 two steps straight, ...). The pattern of
 * size s is the colours (empty, own, opponent, off the board) of every point with d <= s, hashed
 * by Zobrist keys and made canonical: the least hash over the eight symmetries. */
#define SPATIAL_MIN_SIZE 3
#define SPATIAL_MAX_SIZE 10
#define SPATIAL_SIZES (SPATIAL_MAX_SIZE - SPATIAL_MIN_SIZE + 1)

/* The canonical hashes of the spatial patterns of sizes SPATIAL_MIN_SIZE..SPATIAL_MAX_SIZE around
 * the on-board point p for the player c to move (p need not be empty: the point itself is not
 * part of the pattern). out[i] is size SPATIAL_MIN_SIZE + i. The size is mixed into each hash, so
 * hashes of different sizes never collide by construction. */
void feature_spatial_hashes(const board_t *b, stone_t c, int p, uint64_t out[SPATIAL_SIZES]);

/* The same hashes one size at a time, smallest first, for a caller that stops early: a pattern
 * can only have been played as often as the smaller ones inside it, so a dictionary of the
 * patterns played at least N times that lacks one size lacks every larger one. */
typedef struct spatial_walk {
    const board_t *b;
    stone_t c;
    int x0, y0;
    int size; /* the size of the hash last returned; 0 before the first */
    int next; /* the first point not yet hashed */
    uint64_t h[8]; /* the hash under each symmetry so far */
} spatial_walk_t;

void feature_spatial_begin(spatial_walk_t *w, const board_t *b, stone_t c, int p);
/* The canonical hash of the next size (SPATIAL_MIN_SIZE first); at most SPATIAL_SIZES calls. */
uint64_t feature_spatial_next(spatial_walk_t *w);

/* The canonical pat3 key of the empty point p for the player c to move, in 0..FEAT_PAT3_KEYS-1:
 * the least key over the eight symmetries. */
uint32_t feature_pat3_key(const board_t *b, stone_t c, int p);
/* The same key before it is made canonical (cheaper: no symmetry), and the eight images of a key
 * under the symmetries (a model turns its canonical keys into a table of raw keys with them). */
uint32_t feature_pat3_raw(const board_t *b, stone_t c, int p);
void feature_pat3_images(uint32_t key, uint32_t out[8]);

/* ---- a position's candidates ---- */

/* The context of a position: the board, the player to move and the last two moves (points,
 * POINT_PASS or POINT_NONE), and optionally the ownership of its points. */
typedef struct feature_context {
    const board_t *b;
    stone_t to_move;
    int last;  /* the opponent's last move */
    int last2; /* the mover's own move before it */
    /* Per point, precomputed once per position by feature_context_init: the FEAT_ESCAPE and
     * FEAT_ATARI values that depend on the strings around, not on the point alone. */
    uint8_t escape[BOARD_MAX_POINTS];
    uint8_t atari[BOARD_MAX_POINTS];
    /* Black's mean ownership of every point in [-1, 1] (+1 black's in every playout), or NULL
     * (the default): FEAT_OWNER is then 0. Set by the caller after feature_context_init. */
    const float *owner;
} feature_context_t;

void feature_context_init(feature_context_t *ctx, const board_t *b, stone_t to_move, int last,
                          int last2);

/* The FEAT_OWNER value of a point whose ownership for black is o (in [-1, 1]) for the mover c. */
uint32_t feature_owner_value(float o, stone_t c);

/* The features of one move of the context's player (a legal point or POINT_PASS). Writes every
 * group's value to value[] (0 where it does not apply); FEAT_SPATIAL is left 0 and the spatial
 * hashes are written to spatial[] (if not NULL) for a dictionary lookup. */
void feature_extract(const feature_context_t *ctx, int p, uint32_t value[FEAT_GROUPS],
                     uint64_t spatial[SPATIAL_SIZES]);

/* The cheap features the playouts use, for c at the empty point p, with no context: FEAT_PAT3 (the
 * raw key + 1, not canonical), FEAT_CAPTURE (ONE or MANY only) and FEAT_SELF_ATARI (ONE, TWO or
 * MANY: no snapback test); every other group 0. */
void feature_extract_playout(const board_t *b, stone_t c, int p, uint32_t value[FEAT_GROUPS]);

#endif
