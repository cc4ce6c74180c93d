/* ab_regions.h - safe regions found by a small local search (ab_regions.c): a region enclosed
 * by one colour's pass-alive stones where the opponent cannot keep a stone even when it moves
 * first. The prover and the end-of-game classifier use it on top of ab_static.c's geometric
 * rules. Not a public header; nothing outside src/ab/ includes it. */
#ifndef TENGEN_AB_REGIONS_H
#define TENGEN_AB_REGIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "ab/ab_internal.h"

/* Regions up to this many points are searched (the local game has at most 3^points states).
 * Larger ones mostly ran out of the budget on 5x5 and cost the prover half its speed there; 4x4
 * and the end-of-game positions of the tests need no more. */
#define AB_REGION_MAX_POINTS 10
/* Positions of the local game searched per region before it gives up (the region then stays
 * unknown: not safe). */
#define AB_REGION_BUDGET 3000
/* A region next to more pass-alive strings that depend on it than this is not searched. */
#define AB_REGION_MAX_GUARDS 8

/* A cache of local results, keyed by the region, the stones in it and where the pass-alive
 * strings that depend on it touch it (the local game depends on nothing else), so a region met
 * again in another position costs one lookup. */
typedef struct ab_regions ab_regions_t;

/* A cache of 2^bits results; NULL on no memory. */
ab_regions_t *ab_regions_new(int bits);
void ab_regions_free(ab_regions_t *rc);

/* The strings the regions' analysis found (ab_parts_t), for the static analysis of the same
 * positions to share. */
ab_parts_t *ab_regions_strings(ab_regions_t *rc);

/* Statistics: regions searched, found safe, given up (budget), answered from the cache. */
typedef struct ab_regions_stats {
    uint64_t searched, safe, gave_up, cached;
} ab_regions_stats_t;
ab_regions_stats_t ab_regions_stats(const ab_regions_t *rc);

/* Add to st (the analysis of ab_static_analyse for these stones) the regions of each colour c
 * that the local search proves safe: a connected part R of the points outside c's pass-alive
 * stones, with no opponent pass-alive stone, at most AB_REGION_MAX_POINTS points, not yet safe,
 * where c can capture every opponent stone and keep every point of R against any play of the
 * opponent, the opponent moving first (see ab_regions.c). st->safe[c] gains R, st->no_play[o]
 * its empty points, and st->no_play[c] too when R holds no opponent stone. */
void ab_regions_extend(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                       ab_static_t *st);

/* ab_static_analyse, then ab_regions_extend when rc is not NULL: the static analysis the prover
 * and the end-of-game classifier share. */
void ab_regions_analyse(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                        ab_static_t *st);

#endif
