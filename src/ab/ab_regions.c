/* ab_regions.c - safe regions by local search: a region enclosed by colour c's pass-alive stones
 * A, too big for ab_static.c's geometric rule (an interior of at most two neighbouring points),
 * where the opponent o still cannot keep a stone. The region is played out alone, o moving
 * first, as a small game whose outside is A.
 *
 * Owns: the local game and the cache of its results. Knows nothing of the global search.
 *
 * The local game on a region R (a connected part of the points outside A, so every neighbour of
 * R outside it is a stone of A):
 * - c's strings touching A join A and are never captured; every other string's liberties are
 *   its empty neighbours in R. Captures and suicide as usual otherwise;
 * - A stays uncapturable only while every string of A keeps a liberty in two of its vital
 *   regions (Benson). c's own moves in R could fill the liberties of a string that needs R as
 *   one of them, and the string would then hang on its other eye. So every string of A with a
 *   Benson vital region inside R is *guarded*: it (with the stones of c in R joined to it) must
 *   keep an empty point of R as a liberty. c may not play a move that takes a guarded string's
 *   last liberty in R, and a move of o there is an escape of o (a win for o), even when the
 *   local rules call it suicide: on the board it may capture the string. c also keeps one empty
 *   point of R;
 * - o capturing a stone of c is an escape too (o's kos and counter-attacks are not read). A
 *   region c loses so is tried again with sacrifices: o may then capture stones of c that are not
 *   joined to A, and only a capture that takes a ko (one stone, by a lone stone left with that
 *   point as its only liberty) is an escape, since the local game has no ko rule and on the
 *   board c could not take back at once. (The first try is kept because it is cheaper: with
 *   sacrifices some nine-point regions run out of the budget.);
 * - either side may pass (a move elsewhere on the board). Two passes in a row end the game, and
 *   c wins if no o stone is left in R. The nodes of o try every move of o, so a rest is only a
 *   win when o has no move that escapes either.
 * A position can come back only through captures; a line that long meets the depth limit, and
 * any limit gives the whole region up (a result is kept only when its search finished), so a
 * cycle never decides anything. If c wins with o to move, then whatever is played elsewhere c
 * answers o's moves in R locally, removes every o stone of R before the end (the game cannot
 * end while one is left: c does not pass then), and every point of R ends as c's: R counts for
 * c under area scoring, and A never loses a string on the way. The guarded liberties make the
 * answers of several regions compatible: a string of A keeps a liberty in each region it
 * depends on. (Superko could in principle forbid one particular capture by c, and o could use
 * moves in R as ko threats, which the solver does not play; like ab_static.c and the paper, it
 * accepts those risks.)
 *
 * The same local game, with every string of c around the region guarded, also finds groups of c
 * that live under alternating play without being pass-alive (find_living_groups below).
 *
 * The search is a depth-first AND-OR search over at most AB_REGION_BUDGET positions; beyond
 * that the region stays unknown. Results depend only on R, the stones in it and the guarded
 * strings' contact with R, so they are cached by those.
 */
#include "ab/ab_regions.h"

#include <stdlib.h>
#include <string.h>

#define LOCAL_MAX_DEPTH 64
#define LOCAL_MEMO_BITS 12 /* direct-mapped results of one region's search (2^16: no better) */
#define LOCAL_MEMO (1 << LOCAL_MEMO_BITS)

typedef uint16_t lmask_t; /* a set of the region's points (local indices) */
_Static_assert(AB_REGION_MAX_POINTS <= 15, "local masks of 16 bits, the top bit a flag (and "
                                          "three five-point chunks of neighbours)");
/* In a guard: the string has an eye outside R (see find_guards). */
#define GUARD_EYE_ELSEWHERE ((lmask_t)0x8000)

typedef struct local_region {
    int k;                             /* points */
    lmask_t all;                       /* every point */
    lmask_t edge;                      /* points next to A */
    lmask_t adj[AB_REGION_MAX_POINTS]; /* neighbours inside R */
    /* The neighbours inside R of any set of points, by five-point chunks: the floods of the
     * local game read them instead of looping over the points. */
    lmask_t adj_chunk[3][32];
    int guards;
    lmask_t guard[AB_REGION_MAX_GUARDS]; /* the points of R next to each guarded string */
    bool sacrifices;                     /* see region_key_t */
    /* Results: epoch << 40 | key << 1 | c wins. The epoch changes with every region searched,
     * which empties the memo without clearing it. */
    uint64_t memo[LOCAL_MEMO];
    uint64_t epoch;
    int nodes;
    bool gave_up;
} local_region_t;

/* What a local result depends on: the region (global bits), the stones of each colour in it,
 * and the guarded strings' contact points (local masks, sorted). */
typedef struct region_key {
    ab_bits_t region, mine, theirs;
    lmask_t guard[AB_REGION_MAX_GUARDS];
    int guards;
    bool sacrifices; /* o may capture c's stones not joined to A (only a ko capture escapes) */
} region_key_t;

typedef struct cache_entry {
    region_key_t key;
    uint8_t used, safe;
} cache_entry_t;

struct ab_regions {
    cache_entry_t *e;
    uint64_t mask;
    ab_regions_stats_t stats;
    ab_parts_t strings;   /* strings found in recent positions */
    ab_parts_t open[3];   /* parts of the points without a colour's stones, likewise (by stone_t) */
    local_region_t local; /* the region being searched */
};

ab_regions_t *ab_regions_new(int bits)
{
    ab_regions_t *rc = calloc(1, sizeof(*rc));
    if (!rc) return NULL;
    rc->e = calloc((size_t)1 << bits, sizeof(cache_entry_t));
    if (!rc->e) {
        free(rc);
        return NULL;
    }
    rc->mask = ((uint64_t)1 << bits) - 1;
    return rc;
}

void ab_regions_free(ab_regions_t *rc)
{
    if (!rc) return;
    free(rc->e);
    free(rc);
}

ab_regions_stats_t ab_regions_stats(const ab_regions_t *rc)
{
    return rc->stats;
}

ab_parts_t *ab_regions_strings(ab_regions_t *rc)
{
    return &rc->strings;
}

/* ---- the local game ---- */

static lmask_t local_neighbours(const local_region_t *lr, lmask_t m)
{
    return lr->adj_chunk[0][m & 31] | lr->adj_chunk[1][(m >> 5) & 31] |
           lr->adj_chunk[2][(m >> 10) & 31];
}

static void fill_adj_chunks(local_region_t *lr)
{
    for (int chunk = 0; chunk < 3; chunk++)
        for (int m = 0; m < 32; m++) {
            lmask_t n = 0;
            for (int b = 0; b < 5; b++) {
                int q = chunk * 5 + b;
                if ((m >> b & 1) && q < lr->k) n |= lr->adj[q];
            }
            lr->adj_chunk[chunk][m] = n;
        }
}

static lmask_t local_flood(const local_region_t *lr, lmask_t seed, lmask_t within)
{
    lmask_t m = seed & within;
    for (;;) {
        lmask_t next = (lmask_t)((m | local_neighbours(lr, m)) & within);
        if (next == m) return m;
        m = next;
    }
}

/* The liberties among `empty` of guarded string i with the stones of c joined to it. */
static lmask_t guard_liberties(const local_region_t *lr, int i, lmask_t c, lmask_t empty)
{
    const lmask_t contact = lr->guard[i] & lr->all;
    const lmask_t joined = local_flood(lr, contact & c, c);
    return (contact | local_neighbours(lr, joined)) & empty;
}

/* Does every guarded string (those without an eye elsewhere only, if `eyeless`), with the
 * stones of c joined to it, keep a liberty among `empty`? */
static bool guards_hold(const local_region_t *lr, lmask_t c, lmask_t empty, bool eyeless)
{
    for (int i = 0; i < lr->guards; i++) {
        if (eyeless && (lr->guard[i] & GUARD_EYE_ELSEWHERE)) continue;
        if (!guard_liberties(lr, i, c, empty)) return false;
    }
    return true;
}

/* Play at local point q for the mover (stones `own`, opponent `other`; `own_is_c` says whether
 * the mover is c, whose strings touching A cannot be captured). Returns false if illegal. */
static bool local_play(const local_region_t *lr, bool own_is_c, int q, lmask_t *own, lmask_t *other)
{
    const lmask_t bit = (lmask_t)(1u << q);
    lmask_t mine = *own | bit, theirs = *other;
    lmask_t empty = lr->all & ~(mine | theirs);
    for (lmask_t nb = lr->adj[q] & theirs; nb; nb &= (lmask_t)(nb - 1)) {
        lmask_t str = local_flood(lr, (lmask_t)(nb & (lmask_t)-nb), theirs);
        if (!own_is_c && (str & lr->edge)) continue; /* c's string joined to A */
        if (!(local_neighbours(lr, str) & empty)) {
            theirs &= (lmask_t)~str;
            empty |= str;
        }
    }
    lmask_t str = local_flood(lr, bit, mine);
    bool permanent = own_is_c && (str & lr->edge);
    if (!permanent && !(local_neighbours(lr, str) & empty)) return false; /* suicide */
    if (own_is_c && (!empty || !guards_hold(lr, mine, empty, false))) return false;
    *own = mine;
    *other = theirs;
    return true;
}

static bool c_wins(local_region_t *lr, lmask_t c, lmask_t o, bool c_to_move, int passes, int depth);

/* The points of `empty` whose filling by o would leave a guarded string (those without an eye
 * elsewhere only, if `eyeless`) without a liberty: the last liberty of each string that has one;
 * every empty point if a string has none already. */
static lmask_t guard_breakers(const local_region_t *lr, lmask_t c, lmask_t empty, bool eyeless)
{
    lmask_t breakers = 0;
    for (int i = 0; i < lr->guards; i++) {
        if (eyeless && (lr->guard[i] & GUARD_EYE_ELSEWHERE)) continue;
        const lmask_t libs = guard_liberties(lr, i, c, empty);
        if (!libs) return empty;
        if (!(libs & (libs - 1))) breakers |= libs;
    }
    return breakers;
}

/* Did o's stone at q, capturing the stones `lost` of c, take a ko: one stone taken by a lone stone
 * whose only liberty is then the point it took? c could not take back at once on the board, so
 * the local game, which has no ko rule, calls it an escape. */
static bool is_ko_capture(const local_region_t *lr, int q, lmask_t lost, lmask_t o_after,
                          lmask_t c_after)
{
    const lmask_t bit = (lmask_t)(1u << q);
    if (lost & (lost - 1)) return false;
    if (local_flood(lr, bit, o_after) != bit) return false;
    const lmask_t empty = lr->all & ~(o_after | c_after);
    return (lr->adj[q] & empty) == lost;
}

/* o to move: c wins if every move of o (its pass included) loses for o. */
static bool o_node(local_region_t *lr, lmask_t c, lmask_t o, int passes, int depth)
{
    const lmask_t empty = lr->all & ~(c | o);
    /* Taking the last liberty in R of a guarded string without an eye elsewhere may capture it
     * on the board, whatever the local rules say; and a stone of o that stays on any guarded
     * string's last liberty leaves it one eye. */
    const lmask_t capture_risk = guard_breakers(lr, c, empty, true);
    if (capture_risk) return false;
    const lmask_t one_eye = guard_breakers(lr, c, empty, false);
    for (lmask_t m = empty; m; m &= (lmask_t)(m - 1)) {
        int q = __builtin_ctz(m);
        lmask_t nc = c, no = o;
        if (!local_play(lr, false, q, &no, &nc)) continue;
        if (one_eye >> q & 1) return false;
        if (nc != c && (!lr->sacrifices || is_ko_capture(lr, q, c & ~nc, no, nc))) return false;
        if (!c_wins(lr, nc, no, true, 0, depth + 1)) return false;
    }
    if (passes >= 1) return o == 0; /* the rest: no o stone may be left */
    return c_wins(lr, c, o, true, passes + 1, depth + 1);
}

/* c to move: c wins if one of its moves (or its pass) wins. Moves next to o's stones first. */
static bool c_node(local_region_t *lr, lmask_t c, lmask_t o, int passes, int depth)
{
    if (o == 0) { /* nothing to capture: pass (a rest if o passed too, else o's turn) */
        if (passes >= 1) return true;
        if (c_wins(lr, c, o, false, passes + 1, depth + 1)) return true;
    }
    const lmask_t empty = lr->all & ~(c | o);
    const lmask_t near = local_neighbours(lr, o) & empty;
    const lmask_t order[2] = {near, (lmask_t)(empty & ~near)};
    for (int pass = 0; pass < 2; pass++)
        for (lmask_t m = order[pass]; m; m &= (lmask_t)(m - 1)) {
            int q = __builtin_ctz(m);
            lmask_t nc = c, no = o;
            if (!local_play(lr, true, q, &nc, &no)) continue;
            if (c_wins(lr, nc, no, false, 0, depth + 1)) return true;
            if (lr->gave_up) return false;
        }
    if (o != 0 && passes == 0) return c_wins(lr, c, o, false, 1, depth + 1);
    return false; /* a rest with o stones left, or nothing works */
}

static bool c_wins(local_region_t *lr, lmask_t c, lmask_t o, bool c_to_move, int passes, int depth)
{
    if (lr->gave_up) return false;
    const uint64_t key =
        ((uint64_t)c | (uint64_t)o << 16 | (uint64_t)c_to_move << 32 | (uint64_t)passes << 33) + 1;
    uint64_t *slot = &lr->memo[(key * 0x9e3779b97f4a7c15ULL) >> (64 - LOCAL_MEMO_BITS)];
    const uint64_t tagged = lr->epoch << 40 | key << 1;
    if ((*slot & ~(uint64_t)1) == tagged) return *slot & 1;
    if (++lr->nodes > AB_REGION_BUDGET || depth >= LOCAL_MAX_DEPTH) {
        lr->gave_up = true;
        return false;
    }
    bool win = c_to_move ? c_node(lr, c, o, passes, depth) : o_node(lr, c, o, passes, depth);
    if (!lr->gave_up) *slot = tagged | (uint64_t)win;
    return win;
}

/* ---- regions of a position ---- */

/* The local game of the region of key: true if c wins with o to move. *gave_up is set when the
 * budget ran out first. */
static bool region_is_safe(local_region_t *lr, const ab_geom_t *g, const region_key_t *key,
                           bool *gave_up)
{
    /* A new epoch (24 bits above the 40 of the tag; a wrap-around clears the memo). */
    lr->epoch = (lr->epoch + 1) & 0xffffff;
    if (lr->epoch == 0) {
        memset(lr->memo, 0, sizeof(lr->memo));
        lr->epoch = 1;
    }
    lr->k = 0;
    lr->edge = 0;
    memset(lr->adj, 0, sizeof(lr->adj));
    lr->nodes = 0;
    lr->gave_up = false;
    int index[AB_BITS_MAX_POINTS];
    const int points = g->n * g->n;
    ab_bits_t bits[AB_REGION_MAX_POINTS];
    for (int i = 0; i < points; i++) {
        index[i] = -1;
        if (!ab_bits_has(key->region, i)) continue;
        index[i] = lr->k;
        bits[lr->k++] = (ab_bits_t)1 << i;
    }
    lr->all = (lmask_t)((1u << lr->k) - 1);
    lmask_t c = 0, o = 0;
    for (int j = 0; j < lr->k; j++) {
        ab_bits_t nb = ab_bits_neighbours(g, bits[j]);
        if (nb & ~key->region) lr->edge |= (lmask_t)(1u << j);
        for (int i = 0; i < points; i++)
            if (ab_bits_has(nb & key->region, i)) lr->adj[j] |= (lmask_t)(1u << index[i]);
        if (bits[j] & key->mine) c |= (lmask_t)(1u << j);
        if (bits[j] & key->theirs) o |= (lmask_t)(1u << j);
    }
    fill_adj_chunks(lr);
    lr->guards = key->guards;
    lr->sacrifices = key->sacrifices;
    memcpy(lr->guard, key->guard, sizeof(lr->guard));
    bool safe = c_wins(lr, c, o, false, 0, 0);
    *gave_up = lr->gave_up;
    return safe && !lr->gave_up;
}

static uint64_t cache_index(const ab_regions_t *rc, const region_key_t *key)
{
    /* Fold the masks (up to 128 bits) into 64 and mix. */
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    const ab_bits_t parts[3] = {key->region, key->mine, key->theirs};
    for (int i = 0; i < 3; i++) {
        uint64_t lo = (uint64_t)parts[i];
        uint64_t hi = (uint64_t)(parts[i] >> 32 >> 32);
        h = (h ^ lo) * 0xff51afd7ed558ccdULL;
        h = (h ^ hi ^ (h >> 29)) * 0xc4ceb9fe1a85ec53ULL;
    }
    for (int i = 0; i < key->guards; i++)
        h = (h ^ key->guard[i] ^ (h >> 31)) * 0xff51afd7ed558ccdULL;
    h = (h ^ (uint64_t)key->sacrifices ^ (h >> 29)) * 0xc4ceb9fe1a85ec53ULL;
    return (h ^ (h >> 31)) & rc->mask;
}

static bool same_key(const region_key_t *a, const region_key_t *b)
{
    if (a->region != b->region || a->mine != b->mine || a->theirs != b->theirs ||
        a->guards != b->guards || a->sacrifices != b->sacrifices)
        return false;
    for (int i = 0; i < a->guards; i++)
        if (a->guard[i] != b->guard[i]) return false;
    return true;
}

static bool cached_region_is_safe(ab_regions_t *rc, const ab_geom_t *g, const region_key_t *key)
{
    cache_entry_t *e = &rc->e[cache_index(rc, key)];
    if (e->used && same_key(&e->key, key)) {
        rc->stats.cached++;
        return e->safe;
    }
    bool gave_up;
    bool safe = region_is_safe(&rc->local, g, key, &gave_up);
    rc->stats.searched++;
    rc->stats.safe += safe;
    rc->stats.gave_up += gave_up;
    e->key = *key;
    e->used = 1;
    e->safe = safe;
    return safe;
}

/* The local mask of the points of r in m. */
static lmask_t local_mask(ab_bits_t r, ab_bits_t m)
{
    lmask_t out = 0;
    int j = 0;
    for (ab_bits_t rest = r; rest; rest &= rest - 1, j++)
        if (m & rest & (~rest + 1)) out |= (lmask_t)(1u << j);
    return out;
}

/* Does the string str (of c, stones `mine`) have an eye outside r: a connected part of the points
 * without c's stones, outside r, holding no opponent stone, whose empty points (one at least)
 * are all its liberties? c never plays there (the solver prunes c's moves in its territory) and
 * the opponent cannot take its last point while str has a liberty in r. */
static bool has_eye_elsewhere(const ab_geom_t *g, ab_bits_t str, ab_bits_t r, ab_bits_t mine,
                              ab_bits_t theirs, ab_bits_t empty)
{
    const ab_bits_t libs = ab_bits_neighbours(g, str) & empty;
    for (ab_bits_t rest = libs & ~r; rest;) {
        const ab_bits_t v = ab_bits_flood(g, rest & (~rest + 1), g->full & ~mine);
        rest &= ~v;
        if (!(v & theirs) && !(v & empty & ~libs)) return true;
    }
    return false;
}

/* Add the guard m to key->guard, kept sorted and without repeats; false if there are too many. */
static bool add_guard(region_key_t *key, lmask_t m)
{
    int i = 0;
    while (i < key->guards && key->guard[i] < m)
        i++;
    if (i < key->guards && key->guard[i] == m) return true;
    if (key->guards == AB_REGION_MAX_GUARDS) return false;
    memmove(&key->guard[i + 1], &key->guard[i], (size_t)(key->guards - i) * sizeof(lmask_t));
    key->guard[i] = m;
    key->guards++;
    return true;
}

/* The guarded strings of region r of c (pass-alive stones `alive`, all stones `mine`): those
 * with a Benson vital region inside r (a connected part of r's points without c's stones, with
 * an empty point, whose every empty point is a liberty of the string). Fills key->guard with
 * their contact points (and GUARD_EYE_ELSEWHERE), sorted and without repeats; false if there
 * are too many. */
static bool find_guards(const ab_geom_t *g, ab_bits_t r, ab_bits_t alive, ab_bits_t mine,
                        ab_bits_t theirs, ab_bits_t empty, region_key_t *key)
{
    key->guards = 0;
    ab_bits_t around = ab_bits_neighbours(g, r) & alive;
    while (around) {
        const ab_bits_t str = ab_bits_flood(g, around & (~around + 1), alive);
        around &= ~str;
        const ab_bits_t libs = ab_bits_neighbours(g, str) & r;
        bool guarded = false;
        for (ab_bits_t rest = r & ~mine; rest && !guarded;) {
            const ab_bits_t v = ab_bits_flood(g, rest & (~rest + 1), rest);
            rest &= ~v;
            guarded = (v & empty) && !(v & empty & ~libs);
        }
        if (!guarded) continue;
        const lmask_t m =
            (lmask_t)(local_mask(r, libs) |
                      (has_eye_elsewhere(g, str, r, mine, theirs, empty) ? GUARD_EYE_ELSEWHERE
                                                                         : 0));
        if (!add_guard(key, m)) return false;
    }
    return true;
}

/* ---- groups that live by local search ---- */

#define LIVING_MAX_REGIONS 16 /* candidate regions of one colour looked at */
/* Points of the regions searched for a living group. Ten cost more in searches that give up than
 * they saved on the 5x5 proxies (docs/solve.md). */
#define LIVING_MAX_POINTS 8

/* The key of the local game on u (a union of connected parts of the points without c's stones,
 * `mine`) in which every string of c next to u is guarded strictly: it must keep a liberty in u
 * at every move, whatever eyes it has elsewhere. False if there are too many strings. */
static bool living_key(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t u, ab_bits_t mine,
                       ab_bits_t theirs, region_key_t *key)
{
    memset(key, 0, sizeof(*key));
    key->region = u;
    key->theirs = u & theirs; /* u holds no stone of c */
    key->sacrifices = true;
    for (ab_bits_t around = ab_bits_neighbours(g, u) & mine; around;) {
        const ab_bits_t str = ab_bits_part(g, &rc->strings, mine, around & (~around + 1));
        around &= ~str;
        const ab_bits_t contact = ab_bits_neighbours(g, str) & u;
        /* With one liberty in u the string falls to o's first move there. */
        const ab_bits_t libs = contact & ~theirs;
        if (!(libs & (libs - 1))) return false;
        if (!add_guard(key, local_mask(u, contact))) return false;
    }
    return true;
}

/* Claim u and the strings around it for c when c wins the strictly guarded local game on u with
 * o moving first. */
static bool claim_living(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t u, ab_bits_t mine,
                         ab_bits_t theirs, ab_bits_t empty, int c, ab_static_t *st)
{
    region_key_t key;
    if (!living_key(rc, g, u, mine, theirs, &key) || !cached_region_is_safe(rc, g, &key))
        return false;
    st->safe[c] |= u | ab_bits_flood(g, ab_bits_neighbours(g, u) & mine, mine);
    st->no_play[3 - c] |= u & empty;
    if (!(u & theirs)) st->no_play[c] |= u & empty;
    return true;
}

/* Strings of c that live under alternating play without being pass-alive: Benson needs two
 * regions whose every empty point is a liberty, so a string around a corner of four points, or
 * around two regions that each need an answer, is not pass-alive however dead an invader is.
 * Here u is one region (a connected part of the points without c's stones: empty points and
 * stones of o) or two that share a string, at most AB_REGION_MAX_POINTS points, and the local
 * game of ab_regions.c is played on u with every string of c next to u guarded: each must keep
 * a liberty in u after every move of either side (o taking the last one is an escape even where
 * the local rules call it suicide). If c wins with o to move, c answers every move of o in u
 * inside u by that strategy and then no string next to u can ever be captured (each keeps a
 * liberty in u, which o's moves elsewhere do not touch), and c removes every stone of o from u
 * before the end: u and those strings count for c under area scoring. Two claims of c on
 * different u never conflict: o's move is in one of them and c answers there. Moves of o in u
 * are pruned like those in any safe region; they only force c's answer (the risk of o using them
 * as ko threats is the one ab_static.c and the paper accept). */
static void find_living_groups(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t black,
                               ab_bits_t white, ab_static_t *st)
{
    const ab_bits_t empty = g->full & ~(black | white);
    for (int c = STONE_BLACK; c <= STONE_WHITE; c++) {
        const int o = 3 - c;
        const ab_bits_t mine = c == STONE_BLACK ? black : white;
        const ab_bits_t theirs = c == STONE_BLACK ? white : black;
        if (!mine) continue;
        ab_bits_t region[LIVING_MAX_REGIONS], strings[LIVING_MAX_REGIONS];
        int nr = 0;
        /* A part without c's stones lies wholly inside a safe region of either colour or
         * outside them all (the safe regions are unions of such parts and stones). The parts
         * that touch a safe point are left out by one flood from those points (rather than one
         * per part: most of the board). */
        const ab_bits_t not_mine = g->full & ~mine, safe = st->safe[c] | st->safe[o];
        for (ab_bits_t rest = not_mine & ~ab_bits_flood(g, not_mine & safe, not_mine);
             rest && nr < LIVING_MAX_REGIONS;) {
            /* rest is a union of parts of not_mine: r is the part of not_mine, and the large
             * open parts are the same in most positions of the search. */
            const ab_bits_t r = ab_bits_part(g, &rc->open[c], not_mine, rest & (~rest + 1));
            rest &= ~r;
            if (!(r & empty) || ab_bits_count(r) > LIVING_MAX_POINTS) continue;
            region[nr] = r;
            strings[nr] = 0;
            for (ab_bits_t t = ab_bits_neighbours(g, r) & mine; t;) {
                strings[nr] |= ab_bits_part(g, &rc->strings, mine, t & (~t + 1));
                t &= ~strings[nr];
            }
            nr++;
        }
        bool claimed[LIVING_MAX_REGIONS] = {false};
        for (int i = 0; i < nr; i++)
            claimed[i] = claim_living(rc, g, region[i], mine, theirs, empty, c, st);
        for (int i = 0; i < nr; i++)
            for (int j = i + 1; j < nr; j++) {
                if (claimed[i] && claimed[j]) continue;
                if (!(strings[i] & strings[j])) continue;
                const ab_bits_t u = region[i] | region[j];
                if (ab_bits_count(u) > LIVING_MAX_POINTS) continue;
                if (claim_living(rc, g, u, mine, theirs, empty, c, st))
                    claimed[i] = claimed[j] = true;
            }
    }
}

void ab_regions_extend(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                       ab_static_t *st)
{
    const ab_bits_t empty = g->full & ~(black | white);
    for (int c = STONE_BLACK; c <= STONE_WHITE; c++) {
        const int o = 3 - c;
        const ab_bits_t alive = st->alive[c];
        if (!alive) continue;
        const ab_bits_t mine = c == STONE_BLACK ? black : white;
        const ab_bits_t theirs = c == STONE_BLACK ? white : black;
        /* The parts that touch a safe point or a pass-alive stone of o go at once, by one
         * flood from those points (a part found safe below is another part: it changes
         * nothing for the rest). */
        const ab_bits_t outside = g->full & ~alive;
        const ab_bits_t taken = st->safe[c] | st->safe[o] | st->alive[o];
        ab_bits_t rest = outside & ~ab_bits_flood(g, outside & taken, outside);
        while (rest) {
            ab_bits_t r = ab_bits_flood(g, rest & (~rest + 1), rest);
            rest &= ~r;
            if (!(r & empty)) continue;
            if (ab_bits_count(r) > AB_REGION_MAX_POINTS) continue;
            region_key_t key;
            memset(&key, 0, sizeof(key));
            key.region = r;
            key.mine = r & mine;
            key.theirs = r & theirs;
            if (!find_guards(g, r, alive, mine, theirs, empty, &key)) continue;
            /* First with o's captures of c's stones as escapes (the cheaper game); if c loses,
             * or the search gives up, again with c's sacrifices allowed. */
            if (!cached_region_is_safe(rc, g, &key)) {
                key.sacrifices = true;
                if (!cached_region_is_safe(rc, g, &key)) continue;
            }
            st->safe[c] |= r;
            st->no_play[o] |= r & empty;
            if (!(r & theirs)) st->no_play[c] |= r & empty;
        }
    }
    find_living_groups(rc, g, black, white, st);
}

void ab_regions_analyse(ab_regions_t *rc, const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                        ab_static_t *st)
{
    ab_static_analyse(g, black, white, st);
    if (rc) ab_regions_extend(rc, g, black, white, st);
}
