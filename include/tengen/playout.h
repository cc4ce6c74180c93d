/* playout.h - playout policies: play a position out to the end quickly and count it.
 *
 * The light policy plays uniformly chosen legal moves that do not fill the mover's own true eye
 * (board_is_true_eye), passes when no such move is left, and stops at two consecutive passes or at
 * a move cap. Playouts work on a board_t with copy-make (board_copy, then board_play without undo
 * records). Only simple ko is respected: positional or situational superko is ignored in playouts,
 * since a long cycle in a random playout is rare and the move cap ends it anyway. Suicide is never
 * played in a playout, even when the board allows it. The game's rules (superko, scoring method)
 * belong to game.c and score.c; playouts count with Tromp-Taylor area, which is what random
 * playouts that fill every non-eye point approximate under any rule set.
 *
 * Depends on rules (board) and core (rng) only.
 */
#ifndef TENGEN_PLAYOUT_H
#define TENGEN_PLAYOUT_H

#include <stdbool.h>

#include "tengen/board.h"
#include "tengen/rng.h"

/* Outcome of one playout. */
typedef struct playout_result {
    int moves;     /* stones placed in the playout (passes not counted) */
    int score;     /* Tromp-Taylor area of the final board: black minus white, komi not included */
    bool capped;   /* stopped by the move cap rather than by two passes */
} playout_result_t;

/* The default move cap for playouts on b: 3 x the number of points. */
int playout_default_max_moves(const board_t *b);

/* The rare half of playout_is_candidate: the empty point p has no empty neighbour; around is its
 * neighbor_counts[] word. */
bool playout_is_candidate_slow(const board_t *b, stone_t c, int p, uint32_t around);

/* Would c at the empty on-board point p be a light-policy candidate: legal (simple ko respected,
 * never suicide) and not a fill of c's true eye (board_is_true_eye)? board_check_move and
 * board_is_true_eye fused and ordered for the common case: a point with an empty neighbour is
 * always legal and never an eye, which decides most points with one load. */
static inline bool playout_is_candidate(const board_t *b, stone_t c, int p)
{
    const uint32_t around = b->neighbor_counts[p];
    if (around & (15u << (4 * STONE_EMPTY))) return true;
    return playout_is_candidate_slow(b, c, p, around);
}

/* The light policy's choice for c on b: a legal (simple ko respected, no suicide) move that does
 * not fill c's true eye, or POINT_PASS if there is none. The choice scans empties[] from a uniform
 * random start, so it is uniform over the candidates only up to the order of empties[] (a point
 * that follows a run of rejected points is somewhat more likely); this is the usual trade for
 * speed. Makes one rng_below call when the board has an empty point. b is not changed. */
int playout_light_choose(const board_t *b, stone_t c, rng_t *rng);

/* Play a light playout on b in place, c_to_move first, until two consecutive passes or max_moves
 * stones have been placed. Returns the number of stones placed; *capped (if not NULL) tells
 * whether the cap stopped it. b must be consistent (board_check); it is left at the final position. */
int playout_light_play(board_t *b, stone_t c_to_move, rng_t *rng, int max_moves, bool *capped);

/* Flood the empty region containing the empty point p: marks its points in seen[] (which must be 0
 * on them), writes them to members (capacity BOARD_MAX_POINTS), ORs 1 << colour of every stone
 * next to the region into *reach, and returns the region's size. */
int playout_region_reach(const board_t *b, int p, uint8_t *seen, uint16_t *members,
                         unsigned *reach);

/* Tromp-Taylor area of b: black stones and empty regions that reach only black, minus the same
 * for white. Regions reaching both colours or neither count for nobody. */
int playout_area_score(const board_t *b);

/* One complete playout from start (not changed): copy, play with the default cap, count. */
void playout_light(const board_t *start, stone_t c_to_move, rng_t *rng, playout_result_t *out);

#endif
