/* ab_static.c - static life and territory for the alpha-beta solver on boards up to 8x8, as
 * 64-bit masks: Benson's pass-alive strings, and the "safe" regions they enclose (regions where
 * the opponent can never make a living group), after van der Werf, van den Herik and Uiterwijk
 * (2003), who extended Benson's algorithm in the same spirit to solve small boards.
 *
 * Owns: the bit geometry of a small board and the analysis of one position. Knows nothing of
 * the search, turn order or scoring.
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

bool ab_geom_init(ab_geom_t *g, const board_t *b)
{
    memset(g, 0, sizeof(*g));
    const int n = b->size;
    if (n > AB_BITS_MAX_SIZE) return false;
    g->n = n;
    g->full = n * n == 64 ? ~(ab_bits_t)0 : ((ab_bits_t)1 << (n * n)) - 1;
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

void ab_bits_from_board(const ab_geom_t *g, const board_t *b, ab_bits_t *black, ab_bits_t *white)
{
    ab_bits_t bl = 0, wh = 0;
    for (int i = 0; i < g->n * g->n; i++) {
        int c = b->color[g->point[i]];
        if (c == STONE_BLACK)
            bl |= (ab_bits_t)1 << i;
        else if (c == STONE_WHITE)
            wh |= (ab_bits_t)1 << i;
    }
    *black = bl;
    *white = wh;
}

ab_bits_t ab_bits_neighbours(const ab_geom_t *g, ab_bits_t m)
{
    ab_bits_t r =
        ((m << 1) & g->not_first_col) | ((m >> 1) & g->not_last_col) | (m << g->n) | (m >> g->n);
    return r & g->full;
}

ab_bits_t ab_bits_flood(const ab_geom_t *g, ab_bits_t seed, ab_bits_t within)
{
    ab_bits_t m = seed & within;
    for (;;) {
        ab_bits_t next = (m | ab_bits_neighbours(g, m)) & within;
        if (next == m) return m;
        m = next;
    }
}

/* Split set into its connected parts; returns how many (at most 64). */
static int components(const ab_geom_t *g, ab_bits_t set, ab_bits_t *out)
{
    int n = 0;
    while (set) {
        ab_bits_t part = ab_bits_flood(g, set & (~set + 1), set);
        out[n++] = part;
        set &= ~part;
    }
    return n;
}

/* Benson's algorithm for the stones `mine` with `empty` the empty points: the pass-alive ones.
 * A region (a connected part of the points that are not mine) is vital to a string when it has
 * an empty point and every empty point of it is a liberty of the string. Strings with fewer than
 * two vital regions left are removed, and so are the regions next to a removed string, until
 * nothing changes. */
static ab_bits_t benson(const ab_geom_t *g, ab_bits_t mine, ab_bits_t empty)
{
    ab_bits_t strings[64], regions[64];
    /* Most positions of a search have no pass-alive string: a region can only be vital when
     * every empty point of it touches a stone of mine, and a string needs two such regions. */
    int nr = components(g, g->full & ~mine, regions);
    if (nr < 2) return 0;
    ab_bits_t touching = ab_bits_neighbours(g, mine);
    int candidates = 0;
    for (int r = 0; r < nr; r++) {
        ab_bits_t e = regions[r] & empty;
        if (e && !(e & ~touching)) candidates++;
    }
    if (candidates < 2) return 0;
    int ns = components(g, mine, strings);
    uint64_t vital[64], adjacent[64]; /* per region: sets of string indices */
    ab_bits_t libs[64];
    for (int s = 0; s < ns; s++)
        libs[s] = ab_bits_neighbours(g, strings[s]) & empty;
    for (int r = 0; r < nr; r++) {
        ab_bits_t e = regions[r] & empty, around = ab_bits_neighbours(g, regions[r]);
        vital[r] = adjacent[r] = 0;
        for (int s = 0; s < ns; s++) {
            if (!(strings[s] & around)) continue;
            adjacent[r] |= (uint64_t)1 << s;
            if (e && !(e & ~libs[s])) vital[r] |= (uint64_t)1 << s;
        }
    }
    uint64_t alive_strings = ns == 64 ? ~(uint64_t)0 : ((uint64_t)1 << ns) - 1;
    uint64_t alive_regions = nr == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nr) - 1;
    for (;;) {
        int count[64] = {0};
        for (int r = 0; r < nr; r++) {
            if (!(alive_regions >> r & 1)) continue;
            for (uint64_t v = vital[r] & alive_strings; v; v &= v - 1)
                count[__builtin_ctzll(v)]++;
        }
        uint64_t keep = 0;
        for (int s = 0; s < ns; s++)
            if ((alive_strings >> s & 1) && count[s] >= 2) keep |= (uint64_t)1 << s;
        uint64_t regions_left = 0;
        for (int r = 0; r < nr; r++)
            if ((alive_regions >> r & 1) && !(adjacent[r] & ~keep))
                regions_left |= (uint64_t)1 << r;
        if (keep == alive_strings && regions_left == alive_regions) break;
        alive_strings = keep;
        alive_regions = regions_left;
    }
    ab_bits_t alive = 0;
    for (int s = 0; s < ns; s++)
        if (alive_strings >> s & 1) alive |= strings[s];
    return alive;
}

/* At most two points, and neighbours if two. */
static bool is_small_clique(const ab_geom_t *g, ab_bits_t m)
{
    if ((m & (m - 1)) == 0) return true; /* zero or one point */
    ab_bits_t first = m & (~m + 1), rest = m & ~first;
    if (rest & (rest - 1)) return false; /* three or more */
    return (ab_bits_neighbours(g, first) & rest) != 0;
}

/* A region r of c (pass-alive stones `alive`) whose only empty point e touches them, where the
 * opponent cannot play e (it would be suicide: every opponent string around e has no other
 * liberty) and all the opponent's stones of r are strings around e: c captures them all with e
 * when it likes, and the opponent cannot move in r before. Afterwards e is c's and pass-alive
 * too, and the rule above applies to what was captured. */
static bool is_capturable_at_one_point(const ab_geom_t *g, ab_bits_t r, ab_bits_t alive,
                                       ab_bits_t opponent, ab_bits_t empty)
{
    ab_bits_t e = r & empty;
    if (!e || (e & (e - 1)) || !(ab_bits_neighbours(g, alive) & e)) return false;
    ab_bits_t theirs = r & opponent;
    if (!theirs || (r & ~theirs & ~e)) return false; /* only e and opponent stones in r */
    /* Every opponent string in r touches e and has no other liberty: then the strings of r
     * minus e each touch e (r minus e is the opponent stones, and r is connected through e or
     * directly), so it is enough that no opponent stone of r has an empty neighbour besides e,
     * which holds because e is the only empty point of r and r's other neighbours are alive. */
    ab_bits_t around_e = ab_bits_flood(g, ab_bits_neighbours(g, e) & theirs, theirs);
    if (around_e != theirs) return false;
    ab_bits_t after = alive | e;
    return is_small_clique(g, theirs & ~ab_bits_neighbours(g, after));
}

/* The safe regions of colour c (its pass-alive stones `alive`), given the opponent's stones and
 * pass-alive stones (which a safe region may not contain) and the empty points. */
static ab_bits_t safe_regions(const ab_geom_t *g, ab_bits_t alive, ab_bits_t opponent,
                              ab_bits_t opponent_alive, ab_bits_t empty)
{
    if (!alive) return 0;
    ab_bits_t touching = ab_bits_neighbours(g, alive), parts[64], safe = 0;
    int n = components(g, g->full & ~alive, parts);
    for (int i = 0; i < n; i++) {
        ab_bits_t r = parts[i];
        if (r & opponent_alive) continue;
        if (is_small_clique(g, r & ~touching) ||
            is_capturable_at_one_point(g, r, alive, opponent, empty))
            safe |= r;
    }
    return safe;
}

void ab_static_analyse(const ab_geom_t *g, ab_bits_t black, ab_bits_t white, ab_static_t *out)
{
    ab_bits_t empty = g->full & ~(black | white);
    memset(out, 0, sizeof(*out));
    out->alive[STONE_BLACK] = benson(g, black, empty);
    out->alive[STONE_WHITE] = benson(g, white, empty);
    for (int c = STONE_BLACK; c <= STONE_WHITE; c++) {
        int o = 3 - c;
        ab_bits_t opponent_stones = c == STONE_BLACK ? white : black;
        ab_bits_t regions = safe_regions(g, out->alive[c], opponent_stones, out->alive[o], empty);
        out->safe[c] = out->alive[c] | regions;
        /* Moves that cannot change anything: the opponent's inside c's safe regions (its stones
         * there are dead whatever it does and threaten nothing that c must answer), and c's own
         * inside safe regions that hold no opponent stone (filling one's own territory). c keeps
         * its moves in a safe region with opponent stones: it must capture them before the end. */
        out->no_play[o] |= regions & empty;
        ab_bits_t parts[64];
        int n = components(g, regions, parts);
        for (int i = 0; i < n; i++)
            if (!(parts[i] & opponent_stones)) out->no_play[c] |= parts[i] & empty;
    }
}
