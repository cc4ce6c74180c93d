/* influence.c - Bouzy's dilation and erosion estimate of the owner of each point (influence.h).
 *
 * Every stone starts at +-128. A dilation adds to a point that has no neighbour of the other sign
 * the number of neighbours of its own sign (a point at 0 takes the sign its neighbours agree on);
 * an erosion takes from a non-zero point the number of neighbours that are not of its sign,
 * stopping at 0. The sign of what is left is the owner.
 */
#include "tengen/influence.h"

#include <string.h>

/* One step over every on-board point, from `from` into `to`. */
static void dilate(const board_t *b, const int *from, int *to)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            int plus = 0, minus = 0;
            for (int d = 0; d < 4; d++) {
                const int q = p + board_neighbor_offset(b, d);
                if (board_at(b, q) == STONE_BORDER) continue;
                plus += from[q] > 0;
                minus += from[q] < 0;
            }
            int v = from[p];
            if (v >= 0 && minus == 0) v += plus;
            if (v <= 0 && plus == 0) v -= minus;
            to[p] = v;
        }
    }
}

static void erode(const board_t *b, const int *from, int *to)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            int v = from[p];
            if (v != 0) {
                int against = 0;
                for (int d = 0; d < 4; d++) {
                    const int q = p + board_neighbor_offset(b, d);
                    if (board_at(b, q) == STONE_BORDER) continue;
                    against += v > 0 ? from[q] <= 0 : from[q] >= 0;
                }
                v = v > 0 ? (v > against ? v - against : 0) : (-v > against ? v + against : 0);
            }
            to[p] = v;
        }
    }
}

void influence_owner(const board_t *b, const bool *lifted, int dilations, int erosions,
                     int8_t *owner)
{
    static const int stone_value = 128;
    int a[BOARD_MAX_POINTS], c[BOARD_MAX_POINTS];
    memset(a, 0, sizeof(int) * (size_t)b->num_points);
    memset(c, 0, sizeof(int) * (size_t)b->num_points);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t col = board_at(b, p);
            if (lifted && lifted[p]) continue;
            a[p] = col == STONE_BLACK ? stone_value : col == STONE_WHITE ? -stone_value : 0;
        }
    }
    int *cur = a, *next = c;
    for (int i = 0; i < dilations; i++) {
        dilate(b, cur, next);
        int *t = cur;
        cur = next;
        next = t;
    }
    for (int i = 0; i < erosions; i++) {
        erode(b, cur, next);
        int *t = cur;
        cur = next;
        next = t;
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            owner[p] = (int8_t)(cur[p] > 0 ? 1 : cur[p] < 0 ? -1 : 0);
        }
    }
}
