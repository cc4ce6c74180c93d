/* ab_static.c - static life and territory for the alpha-beta solver on boards up to 11x11, as
 * 128-bit masks: Benson's pass-alive strings, and the "safe" regions they enclose (regions where
 * the opponent can never make a living group), after van der Werf, van den Herik and Uiterwijk
 * (2003), who extended Benson's algorithm in the same spirit to solve small boards.
 *
 * Owns: the bit geometry of a small board and the analysis of one position. Knows nothing of
 * the search, turn order or scoring.
 *
 * Two widths: the analysis (ab_static_word.h) is compiled for 64-bit words, which boards up to
 * 8x8 use (the solver's 4x4 and 5x5 spend most of their time here, and 128-bit shifts cost
 * about a quarter more there), and for the 128-bit ab_bits_t of the larger boards.
 *
 * Safe regions. Let A be the pass-alive stones of colour c (Benson: they stay on the board
 * whatever happens). A region is a connected set of points not in A (empty points, opponent
 * stones and c's other stones). Its interior is the part that touches no stone of A. An eye of
 * an opponent group is an empty point all of whose neighbours are that group's stones, so it
 * can never touch A: every eye lies in the interior, and two eyes are two interior points that
 * are not neighbours. So when the interior is empty, one point, or two neighbouring points, the
 * opponent can never have two eyes there. Nor can it live in seki: c fills every liberty that
 * touches A without risk (the new stone joins a pass-alive string, which keeps a liberty in a
 * second vital region) and then takes the last one or two interior liberties, which captures.
 * So c can remove every opponent stone before the game ends and the whole region counts for c
 * under area scoring: it is safe, and so is every point of A. The same holds after any moves,
 * because A only grows and the interior only shrinks. (Superko could in principle forbid one
 * particular capturing move; like the paper, the solver accepts that risk.)
 */
#include <string.h>

#include "ab/ab_internal.h"

/* The connected parts of a set of points are pairwise not adjacent, so there are at most as many
 * as a checkerboard colour holds: the per-string and per-region index sets fit in 64 bits. */
#define AB_MAX_PARTS 64
_Static_assert((AB_BITS_MAX_POINTS + 1) / 2 <= AB_MAX_PARTS, "index sets of 64 bits");

bool ab_geom_init(ab_geom_t *g, const board_t *b)
{
    memset(g, 0, sizeof(*g));
    const int n = b->size;
    if (n > AB_BITS_MAX_SIZE) return false;
    g->n = n;
    g->full = ((ab_bits_t)1 << (n * n)) - 1; /* n * n < 128 */
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        g->bit[p] = -1;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int i = y * n + x, p = board_point(b, x, y);
            g->point[i] = (int16_t)p;
            g->bit[p] = (int8_t)i;
            if (x != 0) g->not_first_col |= (ab_bits_t)1 << i;
            if (x != n - 1) g->not_last_col |= (ab_bits_t)1 << i;
        }
    return true;
}

/* The index of the lowest point of m (not empty). */
static inline int bits_lowest(ab_bits_t m)
{
    const uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* The 64-bit copy (boards up to 8x8) and the 128-bit one. */
#define AB_WORD uint64_t
#define AB_WORD_FN(name) name##_64
#define AB_WORD_HALVES 0
#include "ab/ab_static_word.h"
#undef AB_WORD
#undef AB_WORD_FN
#undef AB_WORD_HALVES
#define AB_WORD ab_bits_t
#define AB_WORD_FN(name) name##_128
#define AB_WORD_HALVES 1
#include "ab/ab_static_word.h"
#undef AB_WORD
#undef AB_WORD_FN
#undef AB_WORD_HALVES

static bool is_narrow(const ab_geom_t *g)
{
    return g->n <= 8;
}

void ab_bits_from_board(const ab_geom_t *g, const board_t *b, ab_bits_t *black, ab_bits_t *white)
{
    if (is_narrow(g)) {
        uint64_t bl, wh;
        from_board_64(g, b, &bl, &wh);
        *black = bl;
        *white = wh;
        return;
    }
    from_board_128(g, b, black, white);
}

ab_bits_t ab_bits_neighbours(const ab_geom_t *g, ab_bits_t m)
{
    return is_narrow(g) ? neighbours_64(g, (uint64_t)m) : neighbours_128(g, m);
}

ab_bits_t ab_bits_flood(const ab_geom_t *g, ab_bits_t seed, ab_bits_t within)
{
    return is_narrow(g) ? flood_64(g, (uint64_t)seed, (uint64_t)within)
                        : flood_128(g, seed, within);
}

/* The small boards flood their parts as before: theirs are small. */
ab_bits_t ab_bits_part(const ab_geom_t *g, ab_parts_t *parts, ab_bits_t within, ab_bits_t point)
{
    return is_narrow(g) ? flood_64(g, (uint64_t)point, (uint64_t)within)
                        : part_128(g, parts, within, point);
}

void ab_static_analyse_with(const ab_geom_t *g, ab_parts_t *strings, ab_bits_t black,
                            ab_bits_t white, ab_static_t *out)
{
    if (is_narrow(g))
        analyse_64(g, NULL, (uint64_t)black, (uint64_t)white, out);
    else
        analyse_128(g, strings, black, white, out);
}

void ab_static_analyse(const ab_geom_t *g, ab_bits_t black, ab_bits_t white, ab_static_t *out)
{
    ab_static_analyse_with(g, NULL, black, white, out);
}
