/* tactics.c - liberties after a move, self-atari, atari escapes, read from the board without
 * playing. Owns nothing but these local readings; must not know history, playouts or search. */
#include "tengen/tactics.h"

/* Add p to the small set libs[0..*n) if it is new; the set never grows past cap. */
static void lib_add(int *libs, int *n, int cap, int p)
{
    for (int i = 0; i < *n; i++)
        if (libs[i] == p) return;
    if (*n < cap) libs[(*n)++] = p;
}

void tactics_eval_move(const board_t *b, stone_t c, int p, tactics_move_t *out)
{
    const stone_t o = stone_other(c);
    int libs[3], nlibs = 0;
    int heads[4], nheads = 0; /* own and captured strings seen, to count each once */
    out->stones = 1;
    out->captured = 0;
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (col == STONE_EMPTY) {
            lib_add(libs, &nlibs, 3, q);
            continue;
        }
        if (col != c && col != o) continue;
        const int h = board_chain_head(b, q);
        bool seen = false;
        for (int i = 0; i < nheads; i++)
            seen |= heads[i] == h;
        if (seen) continue;
        heads[nheads++] = h;
        if (col == o) {
            /* A captured neighbour frees at least the point next to p. */
            if (board_liberties(b, q) == 1) {
                out->captured += board_chain_size(b, q);
                lib_add(libs, &nlibs, 3, q);
            }
            continue;
        }
        out->stones += board_chain_size(b, q);
        /* A string with four or more liberties keeps at least three besides p: no need to list. */
        if (board_liberties(b, q) >= 4) {
            nlibs = 3;
            continue;
        }
        int own[4];
        const int k = board_chain_liberty_list(b, q, own, 4);
        for (int i = 0; i < k; i++)
            if (own[i] != p) lib_add(libs, &nlibs, 3, own[i]);
    }
    out->libs = nlibs;
}

bool tactics_is_self_atari(const board_t *b, stone_t c, int p)
{
    /* Fast answers first: two empty neighbours, an own neighbour with three or more liberties, or
     * a capture each settle it without listing liberties. */
    const stone_t o = stone_other(c);
    int empty = 0;
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t col = board_at(b, q);
        if (col == STONE_EMPTY) {
            if (++empty >= 2) return false;
        } else if (col == c) {
            if (board_liberties(b, q) >= 3) return false;
        } else if (col == o && board_liberties(b, q) == 1) {
            return false;
        }
    }
    tactics_move_t m;
    tactics_eval_move(b, c, p, &m);
    return m.libs <= 1 && m.captured == 0;
}

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
        for (int d = 0; d < 4 && n < max; d++) {
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
        if (m.libs >= 2 && !dup) out[n++] = lib;
    }
    return n;
}
