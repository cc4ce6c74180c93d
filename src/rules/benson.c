/* benson.c - Benson's algorithm (1976) for unconditional life ("pass-alive" strings) and the
 * pass-alive territory they enclose, for both colours.
 *
 * Owns: the static analysis of a position, nothing else. Does not know rules, turn order or
 * scoring; score.c and the search may use the result (pass-alive territory is final under any
 * rule set).
 *
 * For a colour c the board splits into c-strings and "regions": maximal connected sets of points
 * that are not c (empty points and opponent stones). A region is vital to a c-string when every
 * empty point of the region is a liberty of that string (Benson's "healthy"). Then, repeatedly:
 * remove every string with fewer than two vital regions still present, and remove every region
 * that touches a removed string, until nothing changes. The strings left are pass-alive: the
 * opponent cannot capture them even if c passes every turn.
 */
#include "tengen/score.h"

#include <stdint.h>
#include <string.h>

typedef struct benson_map {
    int16_t region[BOARD_MAX_POINTS]; /* region index of a non-c on-board point, else -1 */
    int16_t string[BOARD_MAX_POINTS]; /* string index of a c stone, else -1 */
    int n_regions, n_strings;
    /* Region-string adjacencies, grouped by region: pairs [pair_start[r], pair_start[r + 1]). */
    int16_t pair_string[4 * BOARD_MAX_POINTS];
    uint8_t pair_vital[4 * BOARD_MAX_POINTS];
    int pair_start[BOARD_MAX_POINTS + 1];
    int16_t internal[BOARD_MAX_POINTS]; /* empty points of the region touching no c stone */
    bool string_alive[BOARD_MAX_POINTS];
    bool region_alive[BOARD_MAX_POINTS];
} benson_map_t;

static void map_build(benson_map_t *m, const board_t *b, stone_t c)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    int16_t string_of_head[BOARD_MAX_POINTS];
    for (int p = 0; p < b->num_points; p++) {
        m->region[p] = m->string[p] = string_of_head[p] = -1;
    }
    m->n_strings = 0;
    for (int p = 0; p < b->num_points; p++) {
        if (b->color[p] != (int)c) continue;
        int h = board_chain_head(b, p);
        if (string_of_head[h] < 0) string_of_head[h] = (int16_t)m->n_strings++;
        m->string[p] = string_of_head[h];
    }

    int16_t stack[BOARD_MAX_POINTS];
    int adjacent[BOARD_MAX_POINTS]; /* per string: empty points of this region it touches */
    int16_t touched[BOARD_MAX_POINTS];
    for (int s = 0; s < m->n_strings; s++) adjacent[s] = -1;
    m->n_regions = 0;
    int n_pairs = 0;
    for (int p = 0; p < b->num_points; p++) {
        int col = b->color[p];
        if (col == STONE_BORDER || col == (int)c || m->region[p] >= 0) continue;
        int r = m->n_regions++;
        int top = 0, empties = 0, n_touched = 0, internal = 0;
        m->region[p] = (int16_t)r;
        stack[top++] = (int16_t)p;
        while (top) {
            int q = stack[--top];
            bool is_empty = b->color[q] == STONE_EMPTY;
            bool touches_c = false;
            int seen[4], n_seen = 0;
            for (int d = 0; d < 4; d++) {
                int n = q + off[d];
                int nc = b->color[n];
                if (nc == (int)c) {
                    touches_c = true;
                    int s = m->string[n];
                    bool dup = false;
                    for (int i = 0; i < n_seen; i++) dup = dup || seen[i] == s;
                    if (dup) continue;
                    seen[n_seen++] = s;
                    if (adjacent[s] < 0) {
                        adjacent[s] = 0;
                        touched[n_touched++] = (int16_t)s;
                    }
                    if (is_empty) adjacent[s]++;
                } else if (nc != STONE_BORDER && m->region[n] < 0) {
                    m->region[n] = (int16_t)r;
                    stack[top++] = (int16_t)n;
                }
            }
            if (is_empty) {
                empties++;
                if (!touches_c) internal++;
            }
        }
        m->pair_start[r] = n_pairs;
        m->internal[r] = (int16_t)internal;
        for (int i = 0; i < n_touched; i++) {
            int s = touched[i];
            m->pair_string[n_pairs] = (int16_t)s;
            /* A region without empty points cannot give a liberty, so it is never vital. */
            m->pair_vital[n_pairs++] = (uint8_t)(empties > 0 && adjacent[s] == empties);
            adjacent[s] = -1;
        }
    }
    m->pair_start[m->n_regions] = n_pairs;
}

/* The iteration proper: fills string_alive[] and region_alive[]. */
static void map_solve(benson_map_t *m)
{
    int vital[BOARD_MAX_POINTS];
    for (int s = 0; s < m->n_strings; s++) m->string_alive[s] = true;
    for (int r = 0; r < m->n_regions; r++) m->region_alive[r] = true;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int s = 0; s < m->n_strings; s++) vital[s] = 0;
        for (int r = 0; r < m->n_regions; r++) {
            if (!m->region_alive[r]) continue;
            for (int i = m->pair_start[r]; i < m->pair_start[r + 1]; i++)
                if (m->pair_vital[i]) vital[m->pair_string[i]]++;
        }
        for (int s = 0; s < m->n_strings; s++) {
            if (m->string_alive[s] && vital[s] < 2) {
                m->string_alive[s] = false;
                changed = true;
            }
        }
        for (int r = 0; r < m->n_regions; r++) {
            if (!m->region_alive[r]) continue;
            for (int i = m->pair_start[r]; i < m->pair_start[r + 1]; i++) {
                if (!m->string_alive[m->pair_string[i]]) {
                    m->region_alive[r] = false;
                    changed = true;
                    break;
                }
            }
        }
    }
}

void benson_pass_alive(const board_t *b, bool *alive, stone_t *territory)
{
    /* Two maps of ~20 KB each: kept on the stack, as the board itself is. */
    benson_map_t maps[2];
    for (int i = 0; i < BOARD_MAX_POINTS; i++) {
        alive[i] = false;
        territory[i] = STONE_EMPTY;
    }
    for (int k = 0; k < 2; k++) {
        benson_map_t *m = &maps[k];
        map_build(m, b, k == 0 ? STONE_BLACK : STONE_WHITE);
        map_solve(m);
        for (int p = 0; p < b->num_points; p++)
            if (m->string[p] >= 0 && m->string_alive[m->string[p]]) alive[p] = true;
    }
    /* Territory of c: a region that survived (so every c-string around it is pass-alive) with at
     * least one such string, no empty point out of contact with c, and no pass-alive opponent
     * stone inside. This includes every region vital to a pass-alive string (Benson's enclosed
     * regions) and also a region whose empty points are liberties of different pass-alive
     * strings. It is sound: the opponent can never make an eye there, since every empty point
     * touches an uncapturable c stone, so whatever it plays inside can be captured. Regions with
     * interior points (a wide open area) are left out even when walled in: the opponent might
     * live there. */
    for (int k = 0; k < 2; k++) {
        const benson_map_t *m = &maps[k];
        stone_t c = k == 0 ? STONE_BLACK : STONE_WHITE;
        bool ok[BOARD_MAX_POINTS];
        for (int r = 0; r < m->n_regions; r++)
            ok[r] = m->region_alive[r] && m->internal[r] == 0 &&
                    m->pair_start[r + 1] > m->pair_start[r];
        for (int p = 0; p < b->num_points; p++)
            if (m->region[p] >= 0 && b->color[p] != STONE_EMPTY && alive[p])
                ok[m->region[p]] = false;
        for (int p = 0; p < b->num_points; p++)
            if (m->region[p] >= 0 && ok[m->region[p]]) territory[p] = c;
    }
}
