/* ab_internal.h - what the files of the searcher share: the symmetry maps, the static analysis
 * of small boards, the search state (board, superko path, keys, limits) and the transposition
 * table of the alpha-beta search. Not a public header; nothing outside src/ab/ includes it. */
#ifndef TENGEN_AB_INTERNAL_H
#define TENGEN_AB_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "tengen/ab.h"
#include "tengen/board.h"
#include "tengen/game.h"

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

/* ---- static life and territory on boards up to 11x11 (ab_static.c) ---- */

#define AB_BITS_MAX_SIZE 11
#define AB_BITS_MAX_POINTS (AB_BITS_MAX_SIZE * AB_BITS_MAX_SIZE)
/* A set of points: bit y * n + x. 128 bits (a gcc and clang extension) hold 11x11; the shifts,
 * masks and comparisons of the searches work on it as on any unsigned integer. */
__extension__ typedef unsigned __int128 ab_bits_t;

/* The bit geometry of an n x n board. */
typedef struct ab_geom {
    int n;
    ab_bits_t full, not_first_col, not_last_col;
    int16_t point[AB_BITS_MAX_POINTS]; /* board point of each bit */
    int8_t bit[BOARD_MAX_POINTS];      /* bit of each on-board point, -1 elsewhere */
} ab_geom_t;

/* What stays true whatever is played (see ab_static.c). Indexed by stone_t. */
typedef struct ab_static {
    ab_bits_t alive[3];   /* pass-alive stones (Benson) */
    ab_bits_t safe[3];    /* points that count for this colour at the end: its pass-alive stones
                           * and the safe regions they enclose, opponent stones inside included */
    ab_bits_t no_play[3]; /* empty points where a move by this colour cannot change the result */
} ab_static_t;

/* Connected parts found recently (strings of stones, or the parts of the points without a
 * colour's stones), whatever the position: a connected part P of a set W is still a part of any
 * other set that holds P and none of P's neighbours, so a search whose positions differ by a few
 * stones finds most of its parts here instead of flooding them again (at the end of a game the
 * strings are long and the open parts large, and their floods were the prover's largest cost).
 * Zeroed, it is empty; it serves one board size (ab_bits_part). */
#define AB_PARTS_SLOTS 64
#define AB_PARTS_INDEXED 16 /* points of a part indexed (beyond the one it was asked for) */
typedef struct ab_parts {
    int n;         /* the board size of the parts kept (0: none yet) */
    unsigned next; /* the slot to fill next (round robin) */
    ab_bits_t part[AB_PARTS_SLOTS];
    ab_bits_t outside[AB_PARTS_SLOTS]; /* the neighbours of each part, not in it */
    uint8_t at[AB_BITS_MAX_POINTS];    /* the slot that last took a part through each point */
} ab_parts_t;

/* Fill g for board b; false (g unusable) if the board is larger than AB_BITS_MAX_SIZE. */
bool ab_geom_init(ab_geom_t *g, const board_t *b);
/* The stones of b as masks. */
void ab_bits_from_board(const ab_geom_t *g, const board_t *b, ab_bits_t *black, ab_bits_t *white);
/* The number of points of a 64-bit word (portable: no popcount instruction is assumed). */
static inline int ab_bits_count64(uint64_t m)
{
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
}
/* The number of points of m. */
static inline int ab_bits_count(ab_bits_t m)
{
    const uint64_t high = (uint64_t)(m >> 64);
    return ab_bits_count64((uint64_t)m) + (high ? ab_bits_count64(high) : 0);
}
/* Is bit i (0..127) of m set? (One 64-bit shift: cheaper than shifting all 128 bits.) */
static inline bool ab_bits_has(ab_bits_t m, int i)
{
    const uint64_t word = i < 64 ? (uint64_t)m : (uint64_t)(m >> 64);
    return word >> (i & 63) & 1;
}
/* The neighbours of the points of m (m itself not included unless a neighbour). */
ab_bits_t ab_bits_neighbours(const ab_geom_t *g, ab_bits_t m);
/* The connected part of `within` reached from seed. */
ab_bits_t ab_bits_flood(const ab_geom_t *g, ab_bits_t seed, ab_bits_t within);
/* The connected part of `within` through the point of the one-point set `point` (a point of
 * within): ab_bits_flood(g, point, within), from `parts` (NULL: none) when it has it, else
 * flooded and kept there. */
ab_bits_t ab_bits_part(const ab_geom_t *g, ab_parts_t *parts, ab_bits_t within, ab_bits_t point);
/* Benson and the safe regions of the position with these stones. */
void ab_static_analyse(const ab_geom_t *g, ab_bits_t black, ab_bits_t white, ab_static_t *out);
/* The same, finding strings through `strings` (NULL: none; see ab_parts_t). */
void ab_static_analyse_with(const ab_geom_t *g, ab_parts_t *strings, ab_bits_t black,
                            ab_bits_t white, ab_static_t *out);

/* ---- the search state (ab_state.c) ---- */

#define AB_FILTER_SIZE 4096 /* counting filter over the path keys (power of two) */
#define AB_CHECK_EVERY 1024 /* nodes between limit checks */

/* The position being searched and everything that follows it down the search path: the board
 * (LIFO play/undo), the superko keys of the game history and of the path, the symmetric stone
 * hashes of every ply, and the limits. Shared by the alpha-beta search and the prover. */
typedef struct ab_state {
    board_t *board;  /* the current position: boards[ply] (copy-make: a move fills the next) */
    board_t *boards; /* AB_MAX_PLY + 1 boards */
    rules_t rules;
    const ab_eval_t *eval;
    bool benson;  /* area scoring without a capture goal: static bounds and pruning apply */
    bool statics; /* benson and a board up to AB_BITS_MAX_SIZE: ab_static.c gives safe points */
    ab_geom_t geom;

    uint64_t *path; /* superko keys: the game history, then one per ply of the search path */
    int path_len, path_cap;
    uint8_t filter[AB_FILTER_SIZE];
    /* The lowest path index a superko ban referred to since the caller last reset it
     * (path_cap: none). A result that saw a ban below its own index depends on the path. */
    int min_ref;

    ab_symmetry_t *sym;
    uint64_t sym_hash[AB_MAX_PLY + 1][AB_SYMMETRIES];
    ab_parts_t *strings; /* for the static analyses of ab_state_analyse (NULL: none) */

    uint64_t nodes, max_nodes;
    double max_seconds;
    struct timespec start;
    clock_t cpu_start;
    const atomic_bool *stop_request; /* checked with the limits (ab_search.c arms it) */
    bool stop;
} ab_state_t;

/* Set up s for the position of g (history included) with the limits and evaluation of cfg.
 * Returns false (s freed) on no memory. */
bool ab_state_init(ab_state_t *s, const game_t *g, const ab_config_t *cfg);
void ab_state_free(ab_state_t *s);
double ab_state_elapsed(const ab_state_t *s);
/* Fill the statistics of r: nodes, wall and processor seconds, nodes per second. */
void ab_state_fill_stats(const ab_state_t *s, ab_result_t *r);
/* Has the node limit, the time limit or a stop request been reached? */
bool ab_state_limits_reached(const ab_state_t *s);
/* A part of the search limited to `budget` more nodes (and the caller's limits): begin lowers
 * the node limit and returns the caller's, which end restores; a stop that only the budget
 * caused is lifted. */
uint64_t ab_state_begin_budget(ab_state_t *s, uint64_t budget);
void ab_state_end_budget(ab_state_t *s, uint64_t limit);
/* Count a node; every AB_CHECK_EVERY nodes check the limits (sets s->stop). */
void ab_state_count_node(ab_state_t *s);
/* Play p (a point or POINT_PASS, legal on the board) for c at ply (s->board is boards[ply]):
 * board ply + 1, its hashes, the path. Returns false (nothing changed; min_ref lowered) if it
 * repeats a position of the history or the path: forbidden by superko, and under simple ko
 * (where a cycle has no minimax value) treated as situational superko. */
bool ab_state_play(ab_state_t *s, stone_t c, int p, int ply);
/* Take the last ab_state_play back. */
void ab_state_undo(ab_state_t *s);
/* The table key of the position at ply (the least of its symmetric keys, with the ko point, the
 * player to move and the pass state) and the symmetry that gives it in *sym_out. */
uint64_t ab_state_key(const ab_state_t *s, int ply, stone_t to_move, int passes, int *sym_out);
/* The position as the evaluation sees it, the static safe points when they apply, and the points
 * where c's moves are pruned (a mask of ab_geom_t bits; 0 when no analysis). */
void ab_state_analyse(const ab_state_t *s, stone_t c, int passes, ab_position_t *pos,
                      ab_bits_t *no_play);
/* True if c's legal move at p captures. */
bool ab_state_captures(const ab_state_t *s, stone_t c, int p);
/* For c's legal move p at ply that captures nothing, without playing it: false as
 * ab_state_play would be, else the table key of the position after it and its symmetry, as
 * ab_state_key would give them. */
bool ab_state_quiet_key(ab_state_t *s, stone_t c, int p, int ply, uint64_t *key, int *sym_out);
/* The game-ending value of c's move p just played (capture goal reached, or a second pass), for
 * c, in *v; false if the game goes on. ply is the ply p was played at. */
bool ab_state_game_end(const ab_state_t *s, stone_t c, int p, int passes, int ply, int *v);
/* True if the move at p is pruned by the mask of ab_state_analyse. */
static inline bool ab_state_pruned(const ab_state_t *s, ab_bits_t no_play, int p)
{
    return s->statics && ab_bits_has(no_play, s->geom.bit[p]);
}
/* Static move priority for c at p: captures, escapes from atari, then central points. */
int ab_state_static_score(const ab_state_t *s, stone_t c, int p);

/* ---- the prover (ab_solve.c) ---- */

/* Solve the position of s for c to move after `passes` passes: fills value, lo, hi, exact, pv,
 * best_move and depth (the longest path) of r. guess is black's value as a heuristic sees it:
 * the first threshold tested. */
void ab_solve(ab_state_t *s, stone_t c, int passes, const ab_config_t *cfg, int guess,
              ab_result_t *r);

/* ---- the alpha-beta prover (ab_prove.c) ---- */

/* True if ab_prove can solve the position of s (area scoring on a board up to 8x8). */
bool ab_prove_applies(const ab_state_t *s);
/* As ab_solve, by iterative-deepening null-window alpha-beta (the method of van der Werf et al.
 * 2003) instead of df-pn; r->depth is the depth of the last iteration. */
void ab_prove(ab_state_t *s, stone_t c, int passes, const ab_config_t *cfg, int guess,
              ab_result_t *r);

/* ---- the transposition table (ab_tt.c) ---- */

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
