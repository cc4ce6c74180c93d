/* light.c - the light playout policy: uniform random legal moves that never fill the mover's own
 * true eye, copy-make on a board_t, and a fast Tromp-Taylor area count for the final position.
 *
 * Owns: move choice and the playout loop. Must not know: game history, superko (ignored here, see
 * playout.h), scoring rules beyond area (score.c), search.
 */
#include "tengen/playout.h"

#include <string.h>

int playout_default_max_moves(const board_t *b)
{
    return 3 * b->size * b->size;
}

/* Kept out of line so that playout_is_candidate stays small enough to inline into the scan
 * without spilling registers. The ko point never has an empty neighbour (a capture of one stone
 * just emptied it, surrounded by the capturer), so the ko test belongs here. */
__attribute__((noinline)) bool playout_is_candidate_slow(const board_t *b, stone_t c, int p,
                                                         uint32_t around)
{
    if (p == b->ko_point && c == b->ko_color) return false;
    const uint8_t *col = b->color;
    const uint16_t *chain = b->chain;
    const uint32_t *lib_sum = b->lib_sum;
    const int s = b->stride;
    const int o = (int)stone_other(c), me = (int)c;
    const int q0 = p - s, q1 = p - 1, q2 = p + 1, q3 = p + s;
    /* Branch-free: the shape (own eye shape, the opponent's, mixed) is close to a coin flip in a
     * playout, and computing every test costs less than a mispredicted branch. Every neighbour is
     * c, the opponent or border.
     * Legal: a neighbour is an own string with two liberties or more (it keeps one), or an enemy
     * string with exactly one (it is captured). p is a liberty of every neighbouring string, so
     * "exactly one" is "the sum of its liberties is p", and a neighbour makes the move legal when
     * it is own xor in atari. A border neighbour is neither: its chain[] is 0 and lib_sum[0] is 0,
     * never p. */
    const uint32_t up = (uint32_t)p;
    const int legal = ((col[q0] == me) ^ (lib_sum[chain[q0]] == up)) |
                      ((col[q1] == me) ^ (lib_sum[chain[q1]] == up)) |
                      ((col[q2] == me) ^ (lib_sum[chain[q2]] == up)) |
                      ((col[q3] == me) ^ (lib_sum[chain[q3]] == up));
    /* c's true eye: no enemy neighbour, and the diagonal test of board_is_true_eye (at most one
     * enemy diagonal, none if one is off the board). With weights 2 for an enemy diagonal and 1
     * for a border one, that is a total of at most 3 (no border: 0 or 2; edge: 2; corner: 3). */
    const unsigned enemy_neighbors = (around >> (4 * o)) & 15;
    const unsigned w = 2 * ((around >> (16 + 4 * o)) & 15) + (around >> (16 + 4 * STONE_BORDER));
    const int eye = (enemy_neighbors == 0) & (w <= 3);
    return legal & !eye;
}

int playout_light_choose(const board_t *b, stone_t c, rng_t *rng)
{
    const int n = b->empty_count;
    if (n == 0) return POINT_PASS;
    const int start = (int)rng_below(rng, (uint32_t)n);
    const uint16_t *empties = b->empties;
    int i = start;
    for (int k = 0; k < n; k++) {
        const int p = empties[i];
        if (playout_is_candidate(b, c, p)) return p;
        if (++i == n) i = 0;
    }
    return POINT_PASS;
}

int playout_light_play(board_t *b, stone_t c_to_move, rng_t *rng, int max_moves, bool *capped)
{
    stone_t c = c_to_move;
    int moves = 0, passes = 0;
    while (moves < max_moves) {
        const int p = playout_light_choose(b, c, rng);
        if (p == POINT_PASS) {
            if (++passes == 2) break;
        } else {
            passes = 0;
            moves++;
        }
        /* A pass goes through board_play too: it lifts the ko ban. */
        board_play(b, c, p, NULL);
        c = stone_other(c);
    }
    if (capped) *capped = passes < 2;
    return moves;
}

int playout_region_reach(const board_t *b, int p, uint8_t *seen, uint16_t *members,
                         unsigned *reach)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    /* Every point is queued once, so the queue is the member list. */
    int head = 0, tail = 0;
    members[tail++] = (uint16_t)p;
    seen[p] = 1;
    while (head < tail) {
        const int s = members[head++];
        for (int d = 0; d < 4; d++) {
            const int q = s + off[d];
            const int col = b->color[q];
            if (col == STONE_EMPTY) {
                if (!seen[q]) {
                    seen[q] = 1;
                    members[tail++] = (uint16_t)q;
                }
            } else {
                *reach |= 1u << col;
            }
        }
    }
    return tail;
}

int playout_area_score(const board_t *b)
{
    /* At the end of a playout nearly every empty point is a one-point eye, decided by its four
     * neighbours; only larger regions need a flood fill, and the marks are cleared lazily. */
    const uint8_t *col = b->color;
    const int s = b->stride;
    int score = b->stones_on_board[STONE_BLACK] - b->stones_on_board[STONE_WHITE];
    uint8_t seen[BOARD_MAX_POINTS];
    uint16_t members[BOARD_MAX_POINTS];
    bool seen_clear = false;
    for (int i = 0; i < b->empty_count; i++) {
        const int p = b->empties[i];
        const unsigned around =
            (1u << col[p - s]) | (1u << col[p - 1]) | (1u << col[p + 1]) | (1u << col[p + s]);
        int size = 1;
        unsigned reach = around;
        if (around & (1u << STONE_EMPTY)) {
            if (!seen_clear) {
                memset(seen, 0, (size_t)b->num_points);
                seen_clear = true;
            }
            if (seen[p]) continue;
            reach = 0;
            size = playout_region_reach(b, p, seen, members, &reach);
        }
        const bool black = reach & (1u << STONE_BLACK), white = reach & (1u << STONE_WHITE);
        if (black && !white) score += size;
        else if (white && !black) score -= size;
    }
    return score;
}

void playout_light(const board_t *start, stone_t c_to_move, rng_t *rng, playout_result_t *out)
{
    board_t b;
    board_copy(&b, start);
    out->moves = playout_light_play(&b, c_to_move, rng, playout_default_max_moves(&b), &out->capped);
    out->score = playout_area_score(&b);
}
