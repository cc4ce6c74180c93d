/* tactics.c - liberties after a move, self-atari, atari escapes, read from the board without
 * playing; ladders, read by playing on a scratch copy. Owns nothing but these local readings;
 * must not know history, playouts or search. */
#include "tengen/tactics.h"

#include <stddef.h>

/* Moves a ladder is read for before it counts as escaped: a ladder across a 25x25 board takes
 * about twice the board's width. */
#define LADDER_MAX_MOVES 64
/* Moves played in one ladder read, both branches of every choice included, before it counts as
 * escaped: keeps the rare branching ladders from growing exponentially. */
#define LADDER_MAX_PLAYS 160

/* Add p to the small set libs[0..*n) if it is new; the set never grows past cap. */
static void lib_add(int *libs, int *n, int cap, int p)
{
    for (int i = 0; i < *n; i++)
        if (libs[i] == p) return;
    if (*n < cap) libs[(*n)++] = p;
}

/* What c at the empty point p would do (tactics_eval_move) if the point `taken` (POINT_NONE: none)
 * were not free: the ladder reader asks how many liberties an extension keeps once the attacker
 * has played next to it. Every point of a captured neighbour next to p counts as freed, so a
 * string touching p on two sides frees two. */
static void eval_move_without(const board_t *b, stone_t c, int p, int taken, tactics_move_t *out)
{
    const stone_t o = stone_other(c);
    int libs[3], nlibs = 0;
    int heads[4], nheads = 0; /* own and captured strings seen, to count each once */
    /* An own neighbour with this many liberties keeps three besides p and `taken`. */
    const int plenty = taken == POINT_NONE ? 4 : 5;
    out->stones = 1;
    out->captured = 0;
    /* The loops over the four directions are unrolled, here and below, so that
     * board_neighbor_offset(b, d) becomes a constant instead of a chain of branches on d. */
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (col == STONE_EMPTY) {
            if (q != taken) lib_add(libs, &nlibs, 3, q);
            continue;
        }
        if (col != c && col != o) continue;
        if (col == o && board_liberties(b, q) == 1) lib_add(libs, &nlibs, 3, q); /* freed */
        const int h = board_chain_head(b, q);
        bool seen = false;
        for (int i = 0; i < nheads; i++)
            seen |= heads[i] == h;
        if (seen) continue;
        heads[nheads++] = h;
        if (col == o) {
            if (board_liberties(b, q) == 1) out->captured += board_chain_size(b, q);
            continue;
        }
        out->stones += board_chain_size(b, q);
        if (board_liberties(b, q) >= plenty) {
            nlibs = 3;
            continue;
        }
        /* p is one of the string's liberties: with two, lib_sum gives the other one at once. */
        const int nown = board_liberties(b, q);
        if (nown <= 2) {
            const int other = nown == 2 ? (int)b->lib_sum[h] - p : p;
            if (other != p && other != taken) lib_add(libs, &nlibs, 3, other);
            continue;
        }
        int own[5];
        const int k = board_chain_liberty_list(b, q, own, 5);
        for (int i = 0; i < k; i++)
            if (own[i] != p && own[i] != taken) lib_add(libs, &nlibs, 3, own[i]);
    }
    out->libs = nlibs;
}

void tactics_eval_move(const board_t *b, stone_t c, int p, tactics_move_t *out)
{
    eval_move_without(b, c, p, POINT_NONE, out);
}

int tactics_self_atari_stones(const board_t *b, stone_t c, int p)
{
    /* Fast answers first: two empty neighbours (one load of the neighbour counts), an own
     * neighbour with three or more liberties, or a capture each settle it without listing
     * liberties. */
    if (board_neighbor_count(b, p, STONE_EMPTY) >= 2) return 0;
    const stone_t o = stone_other(c);
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (col == c) {
            if (board_liberties(b, q) >= 3) return 0;
        } else if (col == o && board_liberties(b, q) == 1) {
            return 0;
        }
    }
    tactics_move_t m;
    tactics_eval_move(b, c, p, &m);
    return m.libs <= 1 && m.captured == 0 ? m.stones : 0;
}

bool tactics_is_self_atari(const board_t *b, stone_t c, int p)
{
    return tactics_self_atari_stones(b, c, p) > 0;
}

/* True if every liberty of the string at q is one of l1, l2. */
static bool liberties_within(const board_t *b, int q, int l1, int l2)
{
    int libs[2];
    if (board_liberties(b, q) > 2) return false;
    const int n = board_chain_liberty_list(b, q, libs, 2);
    for (int i = 0; i < n; i++)
        if (libs[i] != l1 && libs[i] != l2) return false;
    return true;
}

bool tactics_is_snapback(const board_t *b, stone_t c, int p)
{
    const stone_t o = stone_other(c);
    int lib = POINT_NONE;
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (col == STONE_EMPTY) {
            if (lib != POINT_NONE) return false; /* two liberties */
            lib = q;
        } else if (col == c || (col == o && board_liberties(b, q) == 1)) {
            return false; /* joins a string, or captures */
        }
    }
    if (lib == POINT_NONE) return false; /* suicide */
    /* The opponent takes at lib. Its string there must be left with p alone: lib has no other
     * empty neighbour, the strings it joins have no liberty beyond lib and p, and it captures no
     * other string of c (that would free more liberties). */
    bool joins = false;
    for (int d = 0; d < 4; d++) {
        const int q = lib + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (q == p || col == STONE_BORDER) continue;
        if (col == STONE_EMPTY) return false;
        if (col == o) {
            if (!liberties_within(b, q, lib, p)) return false;
            joins = true;
        } else if (board_liberties(b, q) == 1) {
            return false;
        }
    }
    return joins;
}

static bool extension_is_laddered(const board_t *b, stone_t c, int p);

int tactics_atari_escapes(const board_t *b, int q, int *out, int max)
{
    const int lib = board_atari_point(b, q);
    if (lib == POINT_NONE) return 0;
    const stone_t c = board_at(b, q), o = stone_other(c);
    int n = 0;
    /* Captures of opponent strings in atari that touch the string. */
    const int h = board_chain_head(b, q);
    int s = h;
    do {
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            if (n >= max) break;  /* not in the loop condition: gcc -O0 rejects the unroll pragma then */
            const int r = s + board_neighbor_offset(b, d);
            if (board_at(b, r) != o) continue;
            const int cap = board_atari_point(b, r);
            if (cap == POINT_NONE || board_check_move(b, c, cap) != MOVE_OK) continue;
            bool dup = false;
            for (int i = 0; i < n; i++)
                dup |= out[i] == cap;
            if (!dup) out[n++] = cap;
        }
        s = b->next[s];
    } while (s != h && n < max);
    if (n < max && board_check_move(b, c, lib) == MOVE_OK) {
        tactics_move_t m;
        tactics_eval_move(b, c, lib, &m);
        bool dup = false;
        for (int i = 0; i < n; i++)
            dup |= out[i] == lib;
        if (m.libs >= 2 && !dup && (m.libs >= 3 || !extension_is_laddered(b, c, lib))) out[n++] = lib;
    }
    return n;
}

/* Ladder reading plays on a scratch board without undo: the attacker's atari is chosen by a
 * cheap look-ahead (which atari leaves the extension only two liberties), so a ladder is one
 * line of play; only when both ataris qualify is the board copied to try the first. `plays`
 * bounds the board_play calls of one read, branches included. */
typedef struct ladder_read {
    int plays;
} ladder_read_t;

enum { LADDER_ESCAPED, LADDER_CAUGHT, LADDER_GOES_ON };

/* Liberties (capped at 3) that d's string gets by extending at e when the point `taken` is no
 * longer free. */
static int libs_after_extension(const board_t *b, stone_t d, int e, int taken)
{
    tactics_move_t m;
    eval_move_without(b, d, e, taken, &m);
    return m.libs;
}

/* Can the owner of the string at s capture a neighbouring string in atari? */
static bool can_capture_neighbour(const board_t *w, int s)
{
    const stone_t a = stone_other(board_at(w, s));
    const int h = board_chain_head(w, s);
    int t = h;
    do {
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            const int r = t + board_neighbor_offset(w, k);
            if (board_at(w, r) == a && board_liberties(w, r) == 1 &&
                board_check_move(w, board_at(w, s), board_atari_point(w, r)) == MOVE_OK)
                return true;
        }
        t = w->next[t];
    } while (t != h);
    return false;
}

static bool defender_caught(board_t *w, int s, int moves, ladder_read_t *rd);

/* The string at s has two liberties and the attacker is to move: play the atari that can work
 * (trying the first of two on a copy). LADDER_GOES_ON when an atari was played on w. */
static int attack(board_t *w, int s, int moves, ladder_read_t *rd)
{
    const stone_t d = board_at(w, s), a = stone_other(d);
    int l[2], good[2], n = 0;
    board_chain_liberty_list(w, s, l, 2);
    for (int i = 0; i < 2; i++) {
        tactics_move_t m;
        if (board_check_move(w, a, l[i]) != MOVE_OK) continue;
        tactics_eval_move(w, a, l[i], &m);
        if (m.libs < 2) continue; /* the attacking stone would be taken at once */
        if (libs_after_extension(w, d, l[1 - i], l[i]) <= 2) good[n++] = l[i];
    }
    if (n == 0) return LADDER_ESCAPED;
    if (n == 2) {
        board_t x;
        board_copy(&x, w);
        board_play(&x, a, good[0], NULL);
        rd->plays++;
        if (board_liberties(&x, s) == 1 && defender_caught(&x, s, moves + 1, rd))
            return LADDER_CAUGHT;
    }
    board_play(w, a, good[n - 1], NULL);
    rd->plays++;
    return board_liberties(w, s) == 1 ? LADDER_GOES_ON : LADDER_ESCAPED;
}

/* The string at s is in atari and its owner to move: true if it cannot escape. */
static bool defender_caught(board_t *w, int s, int moves, ladder_read_t *rd)
{
    const stone_t d = board_at(w, s);
    for (;;) {
        if (can_capture_neighbour(w, s)) return false;
        const int lib = board_atari_point(w, s);
        if (board_check_move(w, d, lib) != MOVE_OK) return true;
        board_play(w, d, lib, NULL);
        rd->plays++;
        const int libs = board_liberties(w, s);
        if (libs <= 1) return true;
        if (libs >= 3 || moves >= LADDER_MAX_MOVES || rd->plays >= LADDER_MAX_PLAYS) return false;
        const int r = attack(w, s, moves + 1, rd);
        if (r != LADDER_GOES_ON) return r == LADDER_CAUGHT;
        moves += 2;
    }
}

/* After c extends at p (legal, leaving its string two liberties), can the opponent catch the
 * string in a ladder? */
static bool extension_is_laddered(const board_t *b, stone_t c, int p)
{
    board_t w;
    board_copy(&w, b);
    board_play(&w, c, p, NULL);
    if (board_liberties(&w, p) != 2) return board_liberties(&w, p) < 2;
    ladder_read_t rd = {1};
    const int r = attack(&w, p, 0, &rd);
    return r == LADDER_CAUGHT || (r == LADDER_GOES_ON && defender_caught(&w, p, 1, &rd));
}

bool tactics_ladder_caught(const board_t *b, int q)
{
    if (board_liberties(b, q) != 1) return false;
    board_t w;
    board_copy(&w, b);
    ladder_read_t rd = {0};
    return defender_caught(&w, q, 0, &rd);
}

bool tactics_is_ladder_attack(const board_t *b, stone_t c, int p)
{
    if (board_check_move(b, c, p) != MOVE_OK) return false;
    tactics_move_t m;
    tactics_eval_move(b, c, p, &m);
    if (m.libs < 2) return false; /* the attacking stone must not be taken at once */
    int victims[4], n = 0;
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        const int q = p + board_neighbor_offset(b, k);
        if (board_at(b, q) == stone_other(c) && board_liberties(b, q) == 2) {
            bool dup = false;
            for (int i = 0; i < n; i++)
                dup |= board_chain_head(b, victims[i]) == board_chain_head(b, q);
            if (!dup) victims[n++] = q;
        }
    }
    for (int i = 0; i < n; i++) {
        board_t w;
        board_copy(&w, b);
        board_play(&w, c, p, NULL);
        ladder_read_t rd = {1};
        if (board_liberties(&w, victims[i]) == 1 && defender_caught(&w, victims[i], 1, &rd))
            return true;
    }
    return false;
}

/* Largest eye space whose vital point tactics_nakade_point knows (the rabbity six). */
#define NAKADE_MAX_POINTS 6

/* The shape of a connected set of n points (1..NAKADE_MAX_POINTS) as an eye space, from the
 * number of neighbours each point has inside it. *vital is the vital point, the one with the most
 * (two in the straight or bent three, three in the pyramid four and the bulky five, four in the
 * crossed five and the rabbity six), or POINT_NONE for the other shapes, which make two eyes
 * whoever plays first (the other fours, fives and sixes) or never do (one or two points). Returns
 * whether the space makes one eye at most when the opponent plays first: three points or fewer,
 * the square four, or a shape with a vital point. */
static bool eye_space_shape(const board_t *b, const int *pts, int n, int *vital)
{
    int degree[NAKADE_MAX_POINTS], count[5] = {0};
    for (int i = 0; i < n; i++) {
        degree[i] = 0;
        for (int j = 0; j < n; j++) {
            const int d = pts[i] - pts[j];
            degree[i] += d == 1 || d == -1 || d == b->stride || d == -b->stride;
        }
        count[degree[i]]++;
    }
    int want = 0;
    switch (n) {
    case 3: want = 2; break;
    case 4: want = count[3] == 1 ? 3 : 0; break;
    case 5: want = count[4] == 1 ? 4 : count[3] == 1 && count[1] == 1 ? 3 : 0; break;
    case 6: want = count[4] == 1 && count[2] == 3 ? 4 : 0; break;
    default: break;
    }
    *vital = POINT_NONE;
    for (int i = 0; want && i < n; i++)
        if (degree[i] == want) {
            *vital = pts[i];
            break;
        }
    return n <= 3 || (n == 4 && count[2] == 4) || *vital != POINT_NONE;
}

int tactics_nakade_point(const board_t *b, int e)
{
    if (board_at(b, e) != STONE_EMPTY) return POINT_NONE;
    int region[NAKADE_MAX_POINTS], n = 1;
    region[0] = e;
    unsigned around = 0; /* the colours next to the region, as bits */
    const unsigned both = 1u << STONE_BLACK | 1u << STONE_WHITE;
    for (int i = 0; i < n; i++) {
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            const int q = region[i] + board_neighbor_offset(b, k);
            const stone_t col = board_at(b, q);
            if (col != STONE_EMPTY) {
                around |= 1u << col;
                continue;
            }
            bool seen = false;
            for (int j = 0; j < n; j++)
                seen |= region[j] == q;
            if (seen) continue;
            if (n == NAKADE_MAX_POINTS) return POINT_NONE;
            region[n++] = q;
        }
        if ((around & both) == both) return POINT_NONE;
    }
    if (n < 3 || (around & both) == 0) return POINT_NONE;
    int vital;
    eye_space_shape(b, region, n, &vital);
    return vital;
}

bool tactics_is_nakade_sacrifice(const board_t *b, stone_t c, int p)
{
    /* The string the move makes: p and the own strings next to it. */
    int pts[NAKADE_MAX_POINTS], n = 0, heads[4], nh = 0;
    pts[n++] = p;
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        if (board_at(b, q) != c) continue;
        const int h = board_chain_head(b, q);
        bool seen = false;
        for (int i = 0; i < nh; i++)
            seen |= heads[i] == h;
        if (seen) continue;
        heads[nh++] = h;
        if (n + board_chain_size(b, h) > NAKADE_MAX_POINTS) return false;
        int s = h;
        do {
            pts[n++] = s;
            s = b->next[s];
        } while (s != h);
    }
    /* An opponent string next to p with two liberties, p and one the new string touches (its
     * only liberty, the move being a self-atari): the move puts it in atari from the inside. */
    const stone_t o = stone_other(c);
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        if (board_at(b, q) != o || board_liberties(b, q) != 2) continue;
        int libs[2];
        board_chain_liberty_list(b, q, libs, 2);
        const int last = libs[0] == p ? libs[1] : libs[0];
        bool touches = false;
        for (int k = 0; k < 4; k++) {
            const int r = last + board_neighbor_offset(b, k);
            if (r == p) touches = true;
            for (int i = 0; i < nh; i++)
                touches |= board_at(b, r) == c && board_chain_head(b, r) == heads[i];
        }
        if (!touches) continue;
        int vital;
        return eye_space_shape(b, pts, n, &vital);
    }
    return false;
}
