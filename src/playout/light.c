/* light.c - the light playout policy: uniform random legal moves that never fill the mover's own
 * true eye, copy-make on a board_t, and a fast Tromp-Taylor area count for the final position.
 *
 * Owns: move choice and the playout loop. Must not know: game history, superko (ignored here, see
 * playout.h), scoring rules beyond area (score.c), search.
 */
#include "tengen/playout.h"

#include <assert.h>
#include <string.h>

int playout_default_max_moves(const board_t *b)
{
    return 3 * b->size * b->size;
}

/* Would c at the empty point p be a light-policy candidate: legal and not a fill of c's true eye?
 * This is board_check_move + board_is_true_eye fused and ordered for the common case: a point with
 * an empty neighbour is always legal and never an eye, which decides most points in a few loads.
 * The ko point never has an empty neighbour (it was just emptied by a capture surrounded by the
 * capturer), so the ko test can wait for the slow path. */
static inline bool light_is_candidate(const board_t *b, stone_t c, int p)
{
    const uint8_t *col = b->color;
    const int s = b->stride;
    const int n0 = col[p - s], n1 = col[p - 1], n2 = col[p + 1], n3 = col[p + s];
    const unsigned seen = (1u << n0) | (1u << n1) | (1u << n2) | (1u << n3);
    if (seen & (1u << STONE_EMPTY)) return true;
    if (p == b->ko_point && c == b->ko_color) return false;
    const stone_t o = stone_other(c);
    if (!(seen & (1u << o))) {
        /* Eye shape for c (every neighbour is c or border): the diagonal test of board_is_true_eye. */
        const int d0 = col[p - s - 1], d1 = col[p - s + 1], d2 = col[p + s - 1], d3 = col[p + s + 1];
        const int enemy = (d0 == (int)o) + (d1 == (int)o) + (d2 == (int)o) + (d3 == (int)o);
        const int border = (d0 == STONE_BORDER) + (d1 == STONE_BORDER) + (d2 == STONE_BORDER) +
                           (d3 == STONE_BORDER);
        if (border ? enemy == 0 : enemy <= 1) return false;
    }
    /* No liberty of its own: legal only if it joins a string with a spare liberty or captures. */
    const uint16_t *chain = b->chain;
    const uint16_t *libs = b->libs;
    if (n0 == (int)c ? libs[chain[p - s]] > 1 : n0 == (int)o && libs[chain[p - s]] == 1) return true;
    if (n1 == (int)c ? libs[chain[p - 1]] > 1 : n1 == (int)o && libs[chain[p - 1]] == 1) return true;
    if (n2 == (int)c ? libs[chain[p + 1]] > 1 : n2 == (int)o && libs[chain[p + 1]] == 1) return true;
    if (n3 == (int)c ? libs[chain[p + s]] > 1 : n3 == (int)o && libs[chain[p + s]] == 1) return true;
    return false;
}

int playout_light_choose(const board_t *b, stone_t c, rng_t *rng)
{
    const int n = b->empty_count;
    if (n == 0) return POINT_PASS;
    const int start = (int)rng_below(rng, (uint32_t)n);
    const uint16_t *empties = b->empties;
    for (int i = start; i < n; i++)
        if (light_is_candidate(b, c, empties[i])) return empties[i];
    for (int i = 0; i < start; i++)
        if (light_is_candidate(b, c, empties[i])) return empties[i];
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

/* Flood the empty region at p, marking it in seen[]; returns its size and which colours it reaches
 * (bit 1 black, bit 2 white). */
static int region_reach(const board_t *b, int p, uint8_t *seen, unsigned *reach)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    uint16_t stack[BOARD_MAX_POINTS];
    int top = 0, size = 0;
    stack[top++] = (uint16_t)p;
    seen[p] = 1;
    while (top) {
        const int s = stack[--top];
        size++;
        for (int d = 0; d < 4; d++) {
            const int q = s + off[d];
            const int col = b->color[q];
            if (col == STONE_EMPTY) {
                if (!seen[q]) {
                    seen[q] = 1;
                    stack[top++] = (uint16_t)q;
                }
            } else {
                *reach |= 1u << col;
            }
        }
    }
    return size;
}

int playout_area_score(const board_t *b)
{
    /* At the end of a playout nearly every empty point is a one-point eye, decided by its four
     * neighbours; only larger regions need a flood fill, and the marks are cleared lazily. */
    const uint8_t *col = b->color;
    const int s = b->stride;
    int score = b->stones_on_board[STONE_BLACK] - b->stones_on_board[STONE_WHITE];
    uint8_t seen[BOARD_MAX_POINTS];
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
            size = region_reach(b, p, seen, &reach);
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
