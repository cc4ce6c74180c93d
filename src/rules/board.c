/* board.c - stones, strings with exact incremental liberties, captures, simple ko, Zobrist hash,
 * copy-make and LIFO undo. Knows nothing of turn order, superko or scoring (see game.c). */
#include "tengen/board.h"

#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Zobrist keys are computed, not stored: a splitmix64 finaliser of (colour, point) is as good a
 * key as a random table and leaves the module without any global state. */
static inline uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t board_zobrist(stone_t c, int p)
{
    return mix64(((uint64_t)c << 16) | (uint64_t)p);
}

uint64_t board_zobrist_to_move(stone_t c)
{
    return mix64(0x7e57ab1eULL + (uint64_t)c);
}

/* ---- neighbour counts ---- */

/* The change of neighbor_counts[] around a point that changes from empty to c (subtracted for the
 * way back): one empty neighbour fewer, one neighbour of colour c more. No field ever leaves 0..4
 * at an on-board point, so the word arithmetic never carries from one field into the next. */
static inline uint32_t counts_delta(stone_t c)
{
    return (1u << (4 * c)) - 1u;
}

/* Add delta to the counts of the four neighbours of p, and delta << 16 to its diagonal points';
 * add color_delta (the colour that p takes, negated when p becomes empty again) to the field of p
 * in the neighbor_colors[] of its eight neighbours (an empty field holds 0, so no carry). Border
 * points take part too (no branch) and hold meaningless values. */
static inline __attribute__((always_inline)) void counts_update(board_t *b, int p, uint32_t delta,
                                                                 int color_delta)
{
    /* Written as b->neighbor_counts[...], not through a pointer: the access path tells gcc that
     * these words are not b->empty_count or b->stride, which it would otherwise reload. */
    const int st = b->stride;
    const uint32_t diag = delta << 16;
    b->neighbor_counts[p - st] += delta;
    b->neighbor_counts[p - 1] += delta;
    b->neighbor_counts[p + 1] += delta;
    b->neighbor_counts[p + st] += delta;
    b->neighbor_counts[p - st - 1] += diag;
    b->neighbor_counts[p - st + 1] += diag;
    b->neighbor_counts[p + st - 1] += diag;
    b->neighbor_counts[p + st + 1] += diag;
    /* p is in the field of each neighbour q that names q's side towards p. */
    const unsigned k = (unsigned)color_delta;
    b->neighbor_colors[p - st - 1] = (uint16_t)(b->neighbor_colors[p - st - 1] + (k << 14));
    b->neighbor_colors[p - st] = (uint16_t)(b->neighbor_colors[p - st] + (k << 12));
    b->neighbor_colors[p - st + 1] = (uint16_t)(b->neighbor_colors[p - st + 1] + (k << 10));
    b->neighbor_colors[p - 1] = (uint16_t)(b->neighbor_colors[p - 1] + (k << 8));
    b->neighbor_colors[p + 1] = (uint16_t)(b->neighbor_colors[p + 1] + (k << 6));
    b->neighbor_colors[p + st - 1] = (uint16_t)(b->neighbor_colors[p + st - 1] + (k << 4));
    b->neighbor_colors[p + st] = (uint16_t)(b->neighbor_colors[p + st] + (k << 2));
    b->neighbor_colors[p + st + 1] = (uint16_t)(b->neighbor_colors[p + st + 1] + k);
}

/* Recompute neighbor_counts[] and neighbor_colors[] of every on-board point from color[]; border
 * points get 0.
 * The loop runs from the first on-board point to the last, so that every neighbour it reads is in
 * the array even for the border points it skips: gcc 12.2 at -O3 miscompiled the loop over all
 * points (whose guarded reads at p = 0 would fall before the array) into all zeros. */
static void counts_rebuild(board_t *b)
{
    const int st = b->stride;
    const int orth[4] = {-st, -1, 1, st}, diag[4] = {-st - 1, -st + 1, st - 1, st + 1};
    const int ring[8] = {-st - 1, -st, -st + 1, -1, 1, st - 1, st, st + 1};
    memset(b->neighbor_counts, 0, sizeof b->neighbor_counts);
    memset(b->neighbor_colors, 0, sizeof b->neighbor_colors);
    for (int p = st + 1; p < b->num_points - st - 1; p++) {
        uint32_t n = 0;
        unsigned key = 0;
        if (b->color[p] != STONE_BORDER) {
            for (int d = 0; d < 4; d++)
                n += (1u << (4 * b->color[p + orth[d]])) + (1u << (16 + 4 * b->color[p + diag[d]]));
            for (int i = 0; i < 8; i++)
                key |= (unsigned)b->color[p + ring[i]] << (2 * i);
        }
        b->neighbor_counts[p] = n;
        b->neighbor_colors[p] = (uint16_t)key;
    }
}

bool board_init(board_t *b, int size, bool suicide_allowed)
{
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) return false;
    memset(b, 0, sizeof(*b));
    b->size = size;
    b->stride = size + 2;
    b->num_points = b->stride * b->stride;
    b->suicide_allowed = suicide_allowed;
    b->ko_point = POINT_NONE;
    for (int p = 0; p < b->num_points; p++) b->color[p] = STONE_BORDER;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int p = board_point(b, x, y);
            b->color[p] = STONE_EMPTY;
            b->empty_index[p] = (uint16_t)b->empty_count;
            b->empties[b->empty_count++] = (uint16_t)p;
        }
    counts_rebuild(b);
    return true;
}

void board_copy(board_t *dst, const board_t *src)
{
    size_t n = (size_t)src->num_points;
    memcpy(dst, src, offsetof(board_t, color));
    memcpy(dst->color, src->color, n * sizeof(src->color[0]));
    memcpy(dst->chain, src->chain, n * sizeof(src->chain[0]));
    memcpy(dst->next, src->next, n * sizeof(src->next[0]));
    memcpy(dst->libs, src->libs, n * sizeof(src->libs[0]));
    memcpy(dst->stones, src->stones, n * sizeof(src->stones[0]));
    memcpy(dst->lib_sum, src->lib_sum, n * sizeof(src->lib_sum[0]));
    memcpy(dst->empties, src->empties, (size_t)src->empty_count * sizeof(src->empties[0]));
    memcpy(dst->empty_index, src->empty_index, n * sizeof(src->empty_index[0]));
    memcpy(dst->neighbor_counts, src->neighbor_counts, n * sizeof(src->neighbor_counts[0]));
    memcpy(dst->neighbor_colors, src->neighbor_colors, n * sizeof(src->neighbor_colors[0]));
}

bool board_is_on_board(const board_t *b, int p)
{
    return p > 0 && p < b->num_points && b->color[p] != STONE_BORDER;
}

/* ---- empty list ---- */

static inline void empty_remove(board_t *b, int p)
{
    int i = b->empty_index[p];
    int last = b->empties[--b->empty_count];
    b->empties[i] = (uint16_t)last;
    b->empty_index[last] = (uint16_t)i;
}

static inline void empty_add(board_t *b, int p)
{
    b->empty_index[p] = (uint16_t)b->empty_count;
    b->empties[b->empty_count++] = (uint16_t)p;
}

/* ---- liberty bookkeeping ----
 * A liberty l of string h is counted once although up to four stones of h may touch it. The
 * convention used everywhere: l is "owned" by the first neighbour of l, in direction order, that
 * belongs to h. This dedupes without marking arrays. */

static inline bool is_first_neighbor_of(const board_t *b, int l, int s, int h)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    for (int d = 0; d < 4; d++) {
        int q = l + off[d];
        if (b->color[q] != STONE_EMPTY && b->color[q] != STONE_BORDER && b->chain[q] == h)
            return q == s;
    }
    return false;
}

/* Recount the liberties of the string with head h from its stones. */
static void chain_recount(board_t *b, int h)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    int libs = 0;
    uint32_t sum = 0;
    int s = h;
    do {
        for (int d = 0; d < 4; d++) {
            int l = s + off[d];
            if (b->color[l] == STONE_EMPTY && is_first_neighbor_of(b, l, s, h)) {
                libs++;
                sum += (uint32_t)l;
            }
        }
        s = b->next[s];
    } while (s != h);
    b->libs[h] = (uint16_t)libs;
    b->lib_sum[h] = sum;
}

int board_chain_liberty_list(const board_t *b, int p, int *out, int max)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    int h = b->chain[p], n = 0;
    /* libs[h] is exact: the walk stops once that many have been found (same list, same order). */
    if (max > b->libs[h]) max = b->libs[h];
    int s = h;
    do {
        for (int d = 0; d < 4 && n < max; d++) {
            int l = s + off[d];
            if (b->color[l] == STONE_EMPTY && is_first_neighbor_of(b, l, s, h)) out[n++] = l;
        }
        s = b->next[s];
    } while (s != h && n < max);
    return n;
}

/* Remove the string with head h from the board; neighbouring strings gain the freed liberties.
 * The next[] links are left as they were (undo rebuilds strings by flood fill). */
static int chain_remove(board_t *b, int h)
{
    const int st = b->stride;
    const stone_t c = (stone_t)b->color[h];
    const uint32_t delta = counts_delta(c);
    int n = 0;
    int s = h;
    do {
        b->color[s] = STONE_EMPTY;
        b->chain[s] = 0;
        b->hash ^= board_zobrist(c, s);
        empty_add(b, s);
        counts_update(b, s, -delta, -(int)c);
        n++;
        s = b->next[s];
    } while (s != h);
    /* Second pass: every removed point is now a liberty of each distinct enemy neighbour. Only
     * enemy stones can touch the removed string, and chain[] is 0 at every other neighbour now
     * (removed, empty or border). Branch-free, as in board_play: g is 0 (a border corner,
     * updated by zero) where a direction has no enemy string or repeats one. */
    s = h;
    do {
        const int g0 = b->chain[s - st];
        int g1 = b->chain[s - 1];
        int g2 = b->chain[s + 1];
        int g3 = b->chain[s + st];
        g1 &= -(int)(g1 != g0);
        g2 &= -(int)((g2 != g0) & (g2 != g1));
        g3 &= -(int)((g3 != g0) & (g3 != g1) & (g3 != g2));
        const int g[4] = {g0, g1, g2, g3};
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            const int real = g[d] != 0;
            b->libs[g[d]] = (uint16_t)(b->libs[g[d]] + real);
            b->lib_sum[g[d]] += (uint32_t)s & -(uint32_t)real;
        }
        s = b->next[s];
    } while (s != h);
    b->stones_on_board[c] -= n;
    return n;
}

/* Relabel the stones of `small` as `big`, splice the two circular lists and add the sizes. */
static inline void chain_join_lists(board_t *b, int big, int small)
{
    int s = small;
    do {
        b->chain[s] = (uint16_t)big;
        s = b->next[s];
    } while (s != small);
    const int t = b->next[big];
    b->next[big] = b->next[small];
    b->next[small] = (uint16_t)t;
    b->stones[big] = (uint16_t)(b->stones[big] + b->stones[small]);
}

/* Liberty bookkeeping of a merge, stone by stone. The other neighbours of the four neighbours
 * u, l, r, d of a stone s are the four diagonal points of s and the four points two steps away, so
 * eight chain[] loads answer all four directions. chain[] is 0 at points without a stone, so "is
 * in string h" is one compare, no colour test. Written without data-dependent branches: whether a
 * neighbour is empty is a coin flip in a playout. The point two steps away is read only through
 * an empty neighbour (beyond which lies an on-board or border point); otherwise the neighbour
 * itself is read, and masked out. */
typedef struct around {
    int eu, el, er, ed;                  /* the neighbour is empty */
    int knw, kne, ksw, kse;              /* chain[] of the diagonal points */
    int ku2, kl2, kr2, kd2;              /* chain[] two steps away (or of the neighbour itself) */
} around_t;

static inline __attribute__((always_inline)) around_t around_load(const board_t *b, int s)
{
    const int st = b->stride;
    const uint16_t *chain = b->chain;
    const uint8_t *color = b->color;
    around_t a;
    a.eu = color[s - st] == STONE_EMPTY;
    a.el = color[s - 1] == STONE_EMPTY;
    a.er = color[s + 1] == STONE_EMPTY;
    a.ed = color[s + st] == STONE_EMPTY;
    a.knw = chain[s - st - 1];
    a.kne = chain[s - st + 1];
    a.ksw = chain[s + st - 1];
    a.kse = chain[s + st + 1];
    a.ku2 = chain[s - st - (st & -a.eu)];
    a.kl2 = chain[s - 1 - a.el];
    a.kr2 = chain[s + 1 + a.er];
    a.kd2 = chain[s + st + (st & -a.ed)];
    return a;
}

/* The empty neighbours of s (as a 4-bit mask, bit 0 up .. bit 3 down) that no stone of string h
 * touches. s itself is not in h. */
static inline __attribute__((always_inline)) unsigned around_fresh(const around_t *a, int h)
{
    const int nw = a->knw == h, ne = a->kne == h, sw = a->ksw == h, se = a->kse == h;
    return (unsigned)(a->eu & !((a->ku2 == h) | nw | ne)) |
           (unsigned)(a->el & !((a->kl2 == h) | nw | sw)) << 1 |
           (unsigned)(a->er & !((a->kr2 == h) | ne | se)) << 2 |
           (unsigned)(a->ed & !((a->kd2 == h) | sw | se)) << 3;
}

/* The liberties that string small counts at its stone s, as a mask like around_fresh: the empty
 * neighbours whose first neighbour in small, in direction order, is s (the convention of
 * is_first_neighbor_of). s is first for u unless u - st, u - 1 or u + 1 is in small; for l unless
 * l - st or l - 1 is; for r unless r - st is; for d always. */
static inline __attribute__((always_inline)) unsigned around_counted(const around_t *a, int small)
{
    const int nw = a->knw == small, ne = a->kne == small;
    return (unsigned)(a->eu & !((a->ku2 == small) | nw | ne)) |
           (unsigned)(a->el & !((a->kl2 == small) | nw)) << 1 | (unsigned)(a->er & !ne) << 2 |
           (unsigned)a->ed << 3;
}

/* Number of bits set in a 4-bit mask (a nibble table in a constant: x86-64 without -mpopcnt turns
 * __builtin_popcount into a library call). */
static inline int popcount4(unsigned mask)
{
    return (int)((0x4332322132212110ULL >> (mask * 4)) & 0xf);
}

/* Sum of the neighbours of s selected by a 4-bit mask. */
static inline uint32_t around_sum(int s, int st, unsigned mask)
{
    return ((uint32_t)(s - st) & -(uint32_t)(mask & 1)) +
           ((uint32_t)(s - 1) & -(uint32_t)((mask >> 1) & 1)) +
           ((uint32_t)(s + 1) & -(uint32_t)((mask >> 2) & 1)) +
           ((uint32_t)(s + st) & -(uint32_t)(mask >> 3));
}

/* Merge string `small` into string `big` (both heads, same colour, not yet sharing stones).
 * Liberties of small that big does not already have are added. libs[small] is exact, so the walk
 * over small's stones stops as soon as all of its liberties have been seen. */
static void chain_merge(board_t *b, int big, int small)
{
    const int st = b->stride;
    int missing = b->libs[small];
    int added = 0;
    uint32_t sum = 0;
    if (missing == 1) {
        /* A third of the strings merged in a playout are in atari (a fifth have no liberty left
         * at all): the liberty is lib_sum, new to big unless big touches it. */
        const int l = (int)b->lib_sum[small];
        const uint16_t *chain = b->chain;
        const int has = (chain[l - st] == big) | (chain[l - 1] == big) | (chain[l + 1] == big) |
                        (chain[l + st] == big);
        added = !has;
        sum = (uint32_t)l & -(uint32_t)added;
        missing = 0;
    }
    int s = small;
    while (missing > 0) {
        const around_t a = around_load(b, s);
        const unsigned counted = around_counted(&a, small);
        const unsigned fresh = counted & around_fresh(&a, big);
        missing -= popcount4(counted);
        added += popcount4(fresh);
        sum += around_sum(s, st, fresh);
        s = b->next[s];
        if (s == small) break;
    }
    b->libs[big] = (uint16_t)(b->libs[big] + added);
    b->lib_sum[big] += sum;
    chain_join_lists(b, big, small);
}

/* Add the new stone p (not in any string's list yet: libs[p] == lib_sum[p] == stones[p] == 0,
 * next[p] == p) to string big, which may be p itself (no other point has chain p then). */
static inline __attribute__((always_inline)) void chain_merge_stone(board_t *b, int big, int p)
{
    const around_t a = around_load(b, p);
    const unsigned fresh = around_fresh(&a, big);
    b->libs[big] = (uint16_t)(b->libs[big] + popcount4(fresh));
    b->lib_sum[big] += around_sum(p, b->stride, fresh);
    b->chain[p] = (uint16_t)big;
    b->next[p] = b->next[big];
    b->next[big] = (uint16_t)p;
    b->stones[big]++;
}

/* board_check_move for a point known to be on the board; inlined into board_play's assert. */
static inline move_status_t check_on_board(const board_t *b, stone_t c, int p)
{
    if (b->color[p] != STONE_EMPTY) return MOVE_OCCUPIED;
    if (p == b->ko_point && c == b->ko_color) return MOVE_KO;
    const int off[4] = {-b->stride, -1, 1, b->stride};
    const stone_t o = stone_other(c);
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        const int q = p + off[d];
        const int col = b->color[q];
        if (col == STONE_EMPTY) return MOVE_OK;
        if (col == (int)c && b->libs[b->chain[q]] > 1) return MOVE_OK;
        if (col == (int)o && b->libs[b->chain[q]] == 1) return MOVE_OK;
    }
    return b->suicide_allowed ? MOVE_OK : MOVE_SUICIDE;
}

move_status_t board_check_move(const board_t *b, stone_t c, int p)
{
    if (p == POINT_PASS) return MOVE_OK;
    if (!board_is_on_board(b, p)) return MOVE_OFF_BOARD;
    return check_on_board(b, c, p);
}

/* The neighbouring string g (a head, or 0 for "no new string in this direction") loses the
 * liberty p. Written without data-dependent branches: in random playouts the colours around a
 * move are close to coin flips, and a mispredicted branch costs more than the arithmetic. Point 0
 * is a border corner, so g == 0 reads as a border string and its updates are by zero. */
static inline __attribute__((always_inline)) void play_take_liberty(board_t *b, unsigned g, int p)
{
    const int real = g != 0;
    b->libs[g] = (uint16_t)(b->libs[g] - real);
    b->lib_sum[g] -= (uint32_t)p & -(uint32_t)real;
}

/* Join the new stone p and the own strings g[d] for the directions d in own (two or more): the
 * stone goes into the largest string (the first in direction order on a tie), then the others are
 * merged into it, each walked once. Returns the head. Out of line: about one move in five merges
 * strings, and keeping the loops out of board_play leaves its common path fewer spills. */
__attribute__((noinline)) static int play_merge_own(board_t *b, unsigned own, const unsigned *g,
                                                    int p)
{
    int head = p, head_stones = 0;
    for (unsigned m = own; m; m &= m - 1) {
        const int h = (int)g[__builtin_ctz(m)];
        if (b->stones[h] > head_stones) {
            head = h;
            head_stones = b->stones[h];
        }
    }
    chain_merge_stone(b, head, p);
    for (unsigned m = own; m; m &= m - 1) {
        const int h = (int)g[__builtin_ctz(m)];
        if (h != head) chain_merge(b, head, h);
    }
    return head;
}

int board_play(board_t *b, stone_t c, int p, board_undo_t *undo)
{
    if (undo) {
        undo->point = (int16_t)p;
        undo->color = (uint8_t)c;
        undo->captured_dirs = 0;
        undo->suicide = 0;
        undo->ko_point = (int16_t)b->ko_point;
        undo->ko_color = (uint8_t)b->ko_color;
        undo->captured = 0;
    }
    /* board_check_move(b, c, p) == MOVE_OK, asserted in two halves that cost nothing: the point is
     * a free on-board point outside the ko ban now, and (below) the move either captured or left
     * its string a liberty, unless suicide is allowed. */
    assert(p == POINT_PASS || (board_is_on_board(b, p) && b->color[p] == STONE_EMPTY &&
                               !(p == b->ko_point && c == b->ko_color)));
    b->ko_point = POINT_NONE;
    if (p == POINT_PASS) return 0;
    const stone_t o = stone_other(c);
    const int st = b->stride;
    const int q0 = p - st, q1 = p - 1, q2 = p + 1, q3 = p + st;

    b->color[p] = (uint8_t)c;
    b->hash ^= board_zobrist(c, p);
    empty_remove(b, p);
    counts_update(b, p, counts_delta(c), (int)c);
    b->stones_on_board[c]++;

    /* The new stone, in no string's list yet: below it becomes a string of its own or joins the
     * largest neighbouring own string (chain_merge_stone expects these zeros). */
    b->chain[p] = (uint16_t)p;
    b->next[p] = (uint16_t)p;
    b->stones[p] = 0;
    b->libs[p] = 0;
    b->lib_sum[p] = 0;

    /* The distinct neighbouring strings, in direction order; 0 where a direction has no stone
     * (chain[] is 0 there) or repeats a string already seen (heads are unique across colours).
     * Unsigned, as the point indices below: gcc then needs no sign extension per array access. */
    const unsigned g0 = b->chain[q0];
    unsigned g1 = b->chain[q1];
    unsigned g2 = b->chain[q2];
    unsigned g3 = b->chain[q3];
    g1 &= -(unsigned)(g1 != g0);
    g2 &= -(unsigned)((g2 != g0) & (g2 != g1));
    g3 &= -(unsigned)((g3 != g0) & (g3 != g1) & (g3 != g2));

    /* Every distinct neighbouring string loses the liberty p. Then, as masks by direction (bit d
     * for direction d): the strings of c, and the opponent's strings left without a liberty. A
     * head's colour is its string's; color[0] is border, so a missing string is neither. The
     * masks are plain integers on purpose: per-direction flags kept in byte registers made gcc
     * spill them and stall on the reload. */
    play_take_liberty(b, g0, p);
    play_take_liberty(b, g1, p);
    play_take_liberty(b, g2, p);
    play_take_liberty(b, g3, p);
    const uint8_t *color = b->color;
    const uint16_t *libs = b->libs;
    const int k0 = color[g0], k1 = color[g1], k2 = color[g2], k3 = color[g3];
    const unsigned own = (unsigned)(k0 == (int)c) | (unsigned)(k1 == (int)c) << 1 |
                         (unsigned)(k2 == (int)c) << 2 | (unsigned)(k3 == (int)c) << 3;
    const unsigned dead = (unsigned)((k0 == (int)o) & (libs[g0] == 0)) |
                          (unsigned)((k1 == (int)o) & (libs[g1] == 0)) << 1 |
                          (unsigned)((k2 == (int)o) & (libs[g2] == 0)) << 2 |
                          (unsigned)((k3 == (int)o) & (libs[g3] == 0)) << 3;
    const unsigned g[4] = {g0, g1, g2, g3};

    /* Merge first: the stone into the largest own string (the first in direction order on a tie),
     * then the other own strings, each walked once. Captures afterwards credit the freed points to
     * the merged string, once each. */
    int head = p;
    if (own == 0) {
        /* A string of one: its liberties are its empty neighbours. */
        const uint32_t e0 = color[q0] == STONE_EMPTY, e1 = color[q1] == STONE_EMPTY,
                       e2 = color[q2] == STONE_EMPTY, e3 = color[q3] == STONE_EMPTY;
        b->libs[p] = (uint16_t)(e0 + e1 + e2 + e3);
        b->lib_sum[p] = (-e0 & (uint32_t)q0) + (-e1 & (uint32_t)q1) + (-e2 & (uint32_t)q2) +
                        (-e3 & (uint32_t)q3);
        b->stones[p] = 1;
    } else if ((own & (own - 1)) == 0) {
        head = (int)g[__builtin_ctz(own)];
        chain_merge_stone(b, head, p);
    } else {
        head = play_merge_own(b, own, g, p);
    }

    int captured = 0, capture_point = POINT_NONE;
    if (dead) {
        for (unsigned m = dead; m; m &= m - 1) {
            const int d = __builtin_ctz(m);
            captured += chain_remove(b, (int)g[d]);
            capture_point = p + board_neighbor_offset(b, d);
        }
        if (undo) undo->captured_dirs = (uint8_t)dead;
    }

    assert(captured || b->libs[head] > 0 || b->suicide_allowed);
    if (captured) {
        b->captures[c] += captured;
        if (captured == 1 && b->stones[head] == 1 && b->libs[head] == 1) {
            b->ko_point = capture_point;
            b->ko_color = o;
        }
    } else if (b->libs[head] == 0) {
        /* Suicide (only reaches here when allowed): the whole string goes. */
        assert(b->suicide_allowed);
        captured = chain_remove(b, head);
        if (undo) undo->suicide = 1;
    }
    if (undo) undo->captured = (uint16_t)captured;
    return captured;
}

/* ---- rebuilding strings (undo, setup, board_check) ---- */

/* Rebuild the membership of the string containing stone q by flood fill: chain, next, stones.
 * visited marks the stones done; returns the head. Liberties are recounted separately, after every
 * affected string has its membership, because the recount reads the chain ids of neighbours. */
static int chain_rebuild(board_t *b, int q, uint8_t *visited)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    uint16_t stack[BOARD_MAX_POINTS];
    int top = 0, n = 0, prev = q;
    uint8_t c = b->color[q];
    stack[top++] = (uint16_t)q;
    visited[q] = 1;
    while (top) {
        int s = stack[--top];
        b->chain[s] = (uint16_t)q;
        if (s != q) {
            b->next[prev] = (uint16_t)s;
            prev = s;
        }
        n++;
        for (int d = 0; d < 4; d++) {
            int r = s + off[d];
            if (b->color[r] == c && !visited[r]) {
                visited[r] = 1;
                stack[top++] = (uint16_t)r;
            }
        }
    }
    b->next[prev] = (uint16_t)q;
    b->stones[q] = (uint16_t)n;
    return q;
}

/* Fill the empty region containing p with colour c and mark the filled points in touched[]. Undo
 * uses it to restore a removed string: a string that lost its last liberty leaves behind exactly one
 * maximal empty region, and LIFO order guarantees the board is as it was right after the removal. */
static void region_fill(board_t *b, int p, stone_t c, uint8_t *touched)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    uint16_t stack[BOARD_MAX_POINTS];
    int top = 0;
    stack[top++] = (uint16_t)p;
    b->color[p] = (uint8_t)c;
    while (top) {
        int s = stack[--top];
        b->hash ^= board_zobrist(c, s);
        empty_remove(b, s);
        counts_update(b, s, counts_delta(c), (int)c);
        b->stones_on_board[c]++;
        touched[s] = 1;
        for (int d = 0; d < 4; d++) {
            int r = s + off[d];
            if (b->color[r] == STONE_EMPTY) {
                b->color[r] = (uint8_t)c;
                stack[top++] = (uint16_t)r;
            }
        }
    }
}

/* Rebuild every string with a stone at or next to a point whose mark is 2 in touched[]. */
static void rebuild_around(board_t *b, const uint8_t *touched)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    uint8_t visited[BOARD_MAX_POINTS];
    uint16_t heads[BOARD_MAX_POINTS];
    int num_heads = 0;
    memset(visited, 0, (size_t)b->num_points);
    for (int p = 0; p < b->num_points; p++) {
        if (!touched[p]) continue;
        for (int d = -1; d < 4; d++) {
            int q = d < 0 ? p : p + off[d];
            if (q < 0 || q >= b->num_points) continue;
            if ((b->color[q] == STONE_BLACK || b->color[q] == STONE_WHITE) && !visited[q])
                heads[num_heads++] = (uint16_t)chain_rebuild(b, q, visited);
        }
    }
    for (int i = 0; i < num_heads; i++) chain_recount(b, heads[i]);
}

void board_undo(board_t *b, const board_undo_t *undo)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    b->ko_point = undo->ko_point;
    b->ko_color = (stone_t)undo->ko_color;
    int p = undo->point;
    if (p == POINT_PASS) return;
    stone_t c = (stone_t)undo->color, o = stone_other(c);
    /* Points whose strings (and neighbouring strings) need their data rebuilt. */
    uint8_t touched[BOARD_MAX_POINTS];
    memset(touched, 0, (size_t)b->num_points);

    if (undo->suicide) region_fill(b, p, c, touched); /* p itself is taken away below */
    for (int d = 0; d < 4; d++)
        if ((undo->captured_dirs >> d) & 1u && b->color[p + off[d]] == STONE_EMPTY)
            region_fill(b, p + off[d], o, touched);
    if (!undo->suicide) b->captures[c] -= undo->captured;

    b->color[p] = STONE_EMPTY;
    b->chain[p] = 0;
    b->hash ^= board_zobrist(c, p);
    empty_add(b, p);
    counts_update(b, p, -counts_delta(c), -(int)c);
    b->stones_on_board[c]--;
    touched[p] = 1;
    rebuild_around(b, touched);
}

/* Recompute everything derived from color[]: strings, liberties, hash, counts, empty list. */
static void board_rebuild(board_t *b)
{
    uint8_t visited[BOARD_MAX_POINTS];
    memset(visited, 0, (size_t)b->num_points);
    b->hash = 0;
    b->empty_count = 0;
    b->stones_on_board[STONE_BLACK] = b->stones_on_board[STONE_WHITE] = 0;
    for (int p = 0; p < b->num_points; p++) {
        int c = b->color[p];
        if (c != STONE_BLACK && c != STONE_WHITE) b->chain[p] = 0;
        if (c == STONE_EMPTY) {
            empty_add(b, p);
        } else if (c == STONE_BLACK || c == STONE_WHITE) {
            b->hash ^= board_zobrist((stone_t)c, p);
            b->stones_on_board[c]++;
        }
    }
    for (int p = 0; p < b->num_points; p++)
        if ((b->color[p] == STONE_BLACK || b->color[p] == STONE_WHITE) && !visited[p])
            chain_rebuild(b, p, visited);
    for (int p = 0; p < b->num_points; p++)
        if ((b->color[p] == STONE_BLACK || b->color[p] == STONE_WHITE) && b->chain[p] == p)
            chain_recount(b, p);
    counts_rebuild(b);
}

/* On the colours alone: does the string of stone q have an empty neighbour? Its stones are marked
 * with stamp in mark[] and written to stones[] (all of them when it has no liberty; the walk stops
 * at the first liberty otherwise); their count goes to *n. Strings are not up to date during a
 * setup, hence the flood fill. */
static bool colors_have_liberty(const board_t *b, int q, uint32_t *mark, uint32_t stamp,
                                uint16_t *stones, int *n)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    const uint8_t c = b->color[q];
    int count = 0;
    stones[count++] = (uint16_t)q;
    mark[q] = stamp;
    for (int i = 0; i < count; i++) {
        const int s = stones[i];
        for (int d = 0; d < 4; d++) {
            const int r = s + off[d];
            if (b->color[r] == STONE_EMPTY) {
                *n = count;
                return true;
            }
            if (b->color[r] == c && mark[r] != stamp) {
                mark[r] = stamp;
                stones[count++] = (uint16_t)r;
            }
        }
    }
    *n = count;
    return false;
}

/* A setup's change of colour at p, first seen: remember the colour before (once per point). */
static void setup_note(const board_t *b, int p, uint8_t *orig, uint16_t *changed, int *num_changed)
{
    if (orig[p] != 0xff) return;
    orig[p] = b->color[p];
    changed[(*num_changed)++] = (uint16_t)p;
}

/* Bring everything derived from color[] up to date after the points in changed[] took new colours
 * (orig[] holds the colours before): hash, empty list, counts, and the strings at and next to the
 * points that really changed. O(changed points + points + the strings touched). */
static void setup_finish(board_t *b, const uint8_t *orig, const uint16_t *changed, int num_changed)
{
    uint8_t touched[BOARD_MAX_POINTS];
    memset(touched, 0, (size_t)b->num_points);
    bool any = false;
    for (int i = 0; i < num_changed; i++) {
        const int p = changed[i];
        const stone_t was = (stone_t)orig[p], now = (stone_t)b->color[p];
        if (was == now) continue;
        if (was != STONE_EMPTY) {
            b->hash ^= board_zobrist(was, p);
            b->stones_on_board[was]--;
            counts_update(b, p, -counts_delta(was), -(int)was);
        } else {
            empty_remove(b, p);
        }
        if (now != STONE_EMPTY) {
            b->hash ^= board_zobrist(now, p);
            b->stones_on_board[now]++;
            counts_update(b, p, counts_delta(now), (int)now);
        } else {
            b->chain[p] = 0;
            empty_add(b, p);
        }
        touched[p] = 1;
        any = true;
    }
    if (any) rebuild_around(b, touched);
}

bool board_setup_points(board_t *b, const int *points, const stone_t *stones, int n)
{
    for (int i = 0; i < n; i++)
        if (!board_is_on_board(b, points[i]) || stones[i] == STONE_BORDER) return false;
    if (n == 0) return true;
    const int off[4] = {-b->stride, -1, 1, b->stride};
    uint32_t mark[BOARD_MAX_POINTS];
    uint16_t flood[BOARD_MAX_POINTS], changed[BOARD_MAX_POINTS];
    uint8_t orig[BOARD_MAX_POINTS];
    uint32_t stamp = 0;
    int num_changed = 0;
    memset(mark, 0, (size_t)b->num_points * sizeof mark[0]);
    memset(orig, 0xff, (size_t)b->num_points);
    b->ko_point = POINT_NONE;
    /* Each point in turn on the colours alone, as a move would: strings left without liberties
     * are removed, the opponent's first, then the string of the stone put. The board before is a
     * position, so no other string can have lost its last liberty. The rest of the board follows
     * once at the end, around the points whose colour changed: a node of N points costs
     * O(N * string size + points), and a node that changes little costs little. */
    for (int i = 0; i < n; i++) {
        const int p = points[i];
        const stone_t c = stones[i];
        if (b->color[p] == c) continue;
        if (stamp > UINT32_MAX - 8) {
            memset(mark, 0, (size_t)b->num_points * sizeof mark[0]);
            stamp = 0;
        }
        setup_note(b, p, orig, changed, &num_changed);
        b->color[p] = (uint8_t)c;
        if (c == STONE_EMPTY) continue; /* a removed stone takes no liberty away */
        const uint32_t first = ++stamp;
        for (int d = 0; d <= 4; d++) {
            const int q = d < 4 ? p + off[d] : p;
            const stone_t want = d < 4 ? stone_other(c) : c;
            int count;
            if (b->color[q] != want || mark[q] >= first) continue;
            if (colors_have_liberty(b, q, mark, ++stamp, flood, &count)) continue;
            for (int k = 0; k < count; k++) {
                setup_note(b, flood[k], orig, changed, &num_changed);
                b->color[flood[k]] = STONE_EMPTY;
            }
        }
    }
    setup_finish(b, orig, changed, num_changed);
    return true;
}

bool board_setup(board_t *b, int p, stone_t c)
{
    return board_setup_points(b, &p, &c, 1);
}

bool board_restore_points(board_t *b, const int *points, const stone_t *stones, int n)
{
    for (int i = 0; i < n; i++)
        if (!board_is_on_board(b, points[i]) || stones[i] == STONE_BORDER) return false;
    uint16_t changed[BOARD_MAX_POINTS];
    uint8_t orig[BOARD_MAX_POINTS];
    int num_changed = 0;
    memset(orig, 0xff, (size_t)b->num_points);
    for (int i = 0; i < n; i++) {
        setup_note(b, points[i], orig, changed, &num_changed);
        b->color[points[i]] = (uint8_t)stones[i];
    }
    setup_finish(b, orig, changed, num_changed);
    return true;
}

bool board_is_eyelike(const board_t *b, int p, stone_t c)
{
    if (b->color[p] != STONE_EMPTY) return false;
    const int border = c == STONE_BORDER ? 0 : board_neighbor_count(b, p, STONE_BORDER);
    return board_neighbor_count(b, p, c) + border == 4;
}

bool board_is_true_eye(const board_t *b, int p, stone_t c)
{
    if (!board_is_eyelike(b, p, c)) return false;
    const int enemy = board_diagonal_count(b, p, stone_other(c));
    return board_diagonal_count(b, p, STONE_BORDER) ? enemy == 0 : enemy <= 1;
}

bool board_check(const board_t *b, char *err, int err_len)
{
    board_t *t = NULL;
    board_t local;
    t = &local;
    char dummy[8];
    if (!err) {
        err = dummy;
        err_len = (int)sizeof(dummy);
    }
    if (b->size < BOARD_MIN_SIZE || b->size > BOARD_MAX_SIZE || b->stride != b->size + 2 ||
        b->num_points != b->stride * b->stride) {
        snprintf(err, (size_t)err_len, "bad geometry");
        return false;
    }
    board_init(t, b->size, b->suicide_allowed);
    for (int p = 0; p < b->num_points; p++) {
        bool on = board_is_on_board(t, p);
        if (!on && b->color[p] != STONE_BORDER) {
            snprintf(err, (size_t)err_len, "border point %d is not border", p);
            return false;
        }
        if (on && b->color[p] > STONE_WHITE) {
            snprintf(err, (size_t)err_len, "on-board point %d holds colour %d", p, b->color[p]);
            return false;
        }
        t->color[p] = b->color[p];
    }
    board_rebuild(t);
    if (t->hash != b->hash) {
        snprintf(err, (size_t)err_len, "hash mismatch");
        return false;
    }
    if (t->empty_count != b->empty_count ||
        t->stones_on_board[1] != b->stones_on_board[1] ||
        t->stones_on_board[2] != b->stones_on_board[2]) {
        snprintf(err, (size_t)err_len, "counts mismatch");
        return false;
    }
    if (b->libs[0] || b->stones[0] || b->lib_sum[0]) {
        snprintf(err, (size_t)err_len, "point 0 does not read as an empty string");
        return false;
    }
    for (int p = 0; p < b->num_points; p++) {
        if (b->color[p] != STONE_BORDER && b->neighbor_counts[p] != t->neighbor_counts[p]) {
            snprintf(err, (size_t)err_len, "neighbour counts of point %d are %#x, not %#x", p,
                     (unsigned)b->neighbor_counts[p], (unsigned)t->neighbor_counts[p]);
            return false;
        }
        if (b->color[p] != STONE_BORDER && b->neighbor_colors[p] != t->neighbor_colors[p]) {
            snprintf(err, (size_t)err_len, "neighbour colours of point %d are %#x, not %#x", p,
                     (unsigned)b->neighbor_colors[p], (unsigned)t->neighbor_colors[p]);
            return false;
        }
    }
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empties[i];
        if (p <= 0 || p >= b->num_points || b->color[p] != STONE_EMPTY || b->empty_index[p] != i) {
            snprintf(err, (size_t)err_len, "empty list broken at %d", i);
            return false;
        }
    }
    for (int p = 0; p < b->num_points; p++) {
        if (b->color[p] != STONE_BLACK && b->color[p] != STONE_WHITE) {
            if (b->chain[p] != 0) {
                snprintf(err, (size_t)err_len, "point %d holds no stone but chain %d", p, b->chain[p]);
                return false;
            }
            continue;
        }
        int h = b->chain[p], th = t->chain[p];
        if (h <= 0 || h >= b->num_points || b->color[h] != b->color[p] || b->chain[h] != h) {
            snprintf(err, (size_t)err_len, "point %d has a bad head %d", p, h);
            return false;
        }
        /* Same partition: the heads differ, so compare via the stones counted in each. */
        if (t->chain[h] != th) {
            snprintf(err, (size_t)err_len, "point %d is not in the string of %d", p, h);
            return false;
        }
        if (b->libs[h] != t->libs[th] || b->stones[h] != t->stones[th] ||
            b->lib_sum[h] != t->lib_sum[th]) {
            snprintf(err, (size_t)err_len, "string at %d: libs %d/%d stones %d/%d", p, b->libs[h],
                     t->libs[th], b->stones[h], t->stones[th]);
            return false;
        }
        if (p == h) {
            int n = 0, s = h;
            do {
                if (b->chain[s] != h || ++n > b->stones[h]) break;
                s = b->next[s];
            } while (s != h);
            if (n != b->stones[h] || s != h) {
                snprintf(err, (size_t)err_len, "stone list of string %d broken", h);
                return false;
            }
        }
    }
    if (b->ko_point != POINT_NONE &&
        (!board_is_on_board(b, b->ko_point) || b->color[b->ko_point] != STONE_EMPTY)) {
        snprintf(err, (size_t)err_len, "ko point %d is not an empty point", b->ko_point);
        return false;
    }
    return true;
}

/* ---- text ---- */

static const char COLUMN_LETTERS[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

char *board_point_to_gtp(const board_t *b, int p, char *buf)
{
    if (p == POINT_PASS) {
        snprintf(buf, 8, "pass");
    } else if (p == POINT_RESIGN) {
        snprintf(buf, 8, "resign");
    } else if (!board_is_on_board(b, p)) {
        snprintf(buf, 8, "?");
    } else {
        snprintf(buf, 8, "%c%d", COLUMN_LETTERS[board_x(b, p)], b->size - board_y(b, p));
    }
    return buf;
}

int board_point_from_gtp(const board_t *b, const char *text)
{
    char lower[8];
    int n = 0;
    while (text[n] && n < 7) {
        char ch = text[n];
        lower[n++] = (char)(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    }
    if (text[n]) return POINT_NONE;
    lower[n] = 0;
    if (!strcmp(lower, "pass")) return POINT_PASS;
    if (n < 2 || lower[0] < 'a' || lower[0] > 'z' || lower[0] == 'i') return POINT_NONE;
    int x = lower[0] - 'a' - (lower[0] > 'i' ? 1 : 0);
    int row = 0;
    for (int i = 1; i < n; i++) {
        if (lower[i] < '0' || lower[i] > '9') return POINT_NONE;
        row = row * 10 + (lower[i] - '0');
        if (row > BOARD_MAX_SIZE) return POINT_NONE;
    }
    if (lower[1] == '0' || x >= b->size || row < 1 || row > b->size) return POINT_NONE;
    return board_point(b, x, b->size - row);
}

/* snprintf at buf + *n that never overflows and keeps counting the would-be length. */
static void append_text(char *buf, int len, int *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + (*n < len ? *n : len), *n < len ? (size_t)(len - *n) : 0, fmt, ap);
    va_end(ap);
    if (w > 0) *n += w;
}

int board_format(const board_t *b, char *buf, int len, int last_move)
{
    int n = 0;
    if (len > 0) buf[0] = 0;
    append_text(buf, len, &n, "   ");
    for (int x = 0; x < b->size; x++) append_text(buf, len, &n, " %c", COLUMN_LETTERS[x]);
    append_text(buf, len, &n, "\n");
    for (int y = 0; y < b->size; y++) {
        append_text(buf, len, &n, "%2d ", b->size - y);
        for (int x = 0; x < b->size; x++) {
            int p = board_point(b, x, y);
            char ch = b->color[p] == STONE_BLACK ? 'X' : b->color[p] == STONE_WHITE ? 'O' : '.';
            /* The last move is shown in parentheses, as GNU Go does. */
            char left = p == last_move ? '(' : (x > 0 && p - 1 == last_move) ? ')' : ' ';
            append_text(buf, len, &n, "%c%c", left, ch);
        }
        int last_in_row = board_point(b, b->size - 1, y);
        append_text(buf, len, &n, "%c%2d\n", last_in_row == last_move ? ')' : ' ', b->size - y);
    }
    append_text(buf, len, &n, "   ");
    for (int x = 0; x < b->size; x++) append_text(buf, len, &n, " %c", COLUMN_LETTERS[x]);
    append_text(buf, len, &n, "\n");
    return n;
}
