/* pattern3.h - 3x3 shape patterns around an empty point (the MoGo patterns of Gelly, Wang, Munos
 * and Teytaud, "Modification of UCT with Patterns in Monte-Carlo Go", 2006): hane, cuts and edge
 * moves that the playouts and the priors of tree search prefer to a random move.
 *
 * A point's neighbourhood is a 16-bit key, two bits (the stone_t) for each of its eight
 * neighbours. Whether a key matches is one bit of a 65,536-bit set built once from a short text
 * description of the patterns, expanded over the eight symmetries and both colours, so a match
 * costs one board read and one table lookup. The set is the one constant global of this
 * module; it is built on first use in a thread-safe way. Depends on the rules core only.
 */
#ifndef TENGEN_PATTERN3_H
#define TENGEN_PATTERN3_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"

/* The neighbourhood key of the on-board point p: the colours of its eight neighbours, row by row
 * from the upper left (the border reads as STONE_BORDER), two bits each. The board keeps it up to
 * date (board_neighbor_colors), so this is one load. */
static inline uint16_t pattern3_key(const board_t *b, int p)
{
    return board_neighbor_colors(b, p);
}

/* The set of matching keys (built on first call; thread-safe). */
const uint8_t *pattern3_table(void);

/* True if the empty point p of b matches one of the patterns (for either colour to move). */
static inline bool pattern3_match_in(const uint8_t *table, const board_t *b, int p)
{
    const uint16_t k = pattern3_key(b, p);
    return table[k >> 3] >> (k & 7) & 1;
}

bool pattern3_match(const board_t *b, int p);

/* Number of patterns in the description and of distinct keys in the set (for tests). */
int pattern3_count(void);
int pattern3_key_count(void);

#endif
