/* influence.h - who each point belongs to by the sphere of influence of the stones around it:
 * Bouzy's morphological estimate (Bouzy 2003, "Mathematical morphology applied to computer Go"),
 * the dilations and erosions of Zobrist's influence that GNU Go also uses for its territory
 * estimate. A lone stone deep in the opponent's sphere ends up inside the opponent's region once
 * it is lifted, which is how a player sees that it is dead without reading it out.
 *
 * Depends on the rules core (board.h) only.
 */
#ifndef TENGEN_INFLUENCE_H
#define TENGEN_INFLUENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"

/* The usual numbers of dilations and erosions ("5/21"): regions of territory on boards of every
 * size, with a lone stone eroded away where the other side's influence surrounds it. */
#define INFLUENCE_DILATIONS 5
#define INFLUENCE_EROSIONS 21

/* Estimate the owner of every on-board point of b into owner[] (BOARD_MAX_POINTS entries; +1
 * black, -1 white, 0 neither; off-board entries are left alone). Stones at points where lifted[]
 * is true (lifted may be NULL) count as empty points. */
void influence_owner(const board_t *b, const bool *lifted, int dilations, int erosions,
                     int8_t *owner);

#endif
