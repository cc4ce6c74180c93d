/* ab_eval.c - the evaluation strategies of the alpha-beta searcher (ab_eval_t plug-ins): area with
 * Benson bounds, liberty safety (the Atari Go heuristic), influence (the open board's frameworks),
 * and a chooser by phase and danger.
 *
 * Owns: static judgement of one position. Knows nothing of the search, windows or the table. All
 * values are for the player to move: half points for area, the AB_WIN scale for capture goals.
 */
#include <stdbool.h>
#include <string.h>

#include "tengen/ab.h"
#include "tengen/score.h"

/* Komi in half points, rounded to the nearest half point. */
static int komi_half_points(const rules_t *r)
{
    double k = r->komi * 2.0;
    return (int)(k >= 0 ? k + 0.5 : k - 0.5);
}

static int on_board_points(const board_t *b)
{
    return b->size * b->size;
}

/* Points that count for each colour whatever is played: the searcher's analysis when it has one,
 * else Benson's pass-alive stones and territory (which includes the opponent's stones inside it,
 * dead for good). */
static void safe_points(const ab_position_t *p, int *safe_black, int *safe_white)
{
    if (p->safe_known) {
        *safe_black = p->safe[STONE_BLACK];
        *safe_white = p->safe[STONE_WHITE];
        return;
    }
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(p->board, alive, territory);
    const board_t *b = p->board;
    int sb = 0, sw = 0;
    for (int q = 0; q < b->num_points; q++) {
        int c = b->color[q];
        if (c == STONE_BORDER) continue;
        if (territory[q] == STONE_BLACK || (alive[q] && c == STONE_BLACK))
            sb++;
        else if (territory[q] == STONE_WHITE || (alive[q] && c == STONE_WHITE))
            sw++;
    }
    *safe_black = sb;
    *safe_white = sw;
}

/* Area scoring: black's area is at least its safe points and at most everything but white's
 * safe points, so the margin lies in [2 sb - N, N - 2 sw] (minus komi). Pass-alive territory is
 * final under alternating play: the owner can always capture what is left inside it. */
static void area_bounds(const ab_position_t *p, int *lo, int *hi)
{
    if (p->rules->capture_goal > 0 || p->rules->scoring != SCORING_AREA) {
        *lo = -AB_INF;
        *hi = AB_INF;
        return;
    }
    int sb, sw;
    safe_points(p, &sb, &sw);
    int n = on_board_points(p->board), komi = komi_half_points(p->rules);
    int black_lo = 2 * (2 * sb - n) - komi, black_hi = 2 * (n - 2 * sw) - komi;
    if (p->to_move == STONE_BLACK) {
        *lo = black_lo;
        *hi = black_hi;
    } else {
        *lo = -black_hi;
        *hi = -black_lo;
    }
}

/* A quick area guess: stones, plus empty points whose neighbours are all one colour. */
static int area_evaluate(const ab_position_t *p)
{
    const board_t *b = p->board;
    int area[3] = {0, 0, 0};
    for (int q = 0; q < b->num_points; q++) {
        int c = b->color[q];
        if (c == STONE_BLACK || c == STONE_WHITE) {
            area[c]++;
        } else if (c == STONE_EMPTY) {
            int seen = 0;
            for (int d = 0; d < 4; d++) {
                int n = b->color[q + board_neighbor_offset(b, d)];
                if (n == STONE_BLACK || n == STONE_WHITE) seen |= n;
            }
            if (seen == STONE_BLACK || seen == STONE_WHITE) area[seen]++;
        }
    }
    int black = 2 * (area[STONE_BLACK] - area[STONE_WHITE]) - komi_half_points(p->rules);
    return p->to_move == STONE_BLACK ? black : -black;
}

/* Liberty safety: the weakest string decides Atari Go, so compare the weakest strings first,
 * then the total liberties. A player to move with an enemy string in atari captures at once;
 * the search sees that itself, this only orders quiet positions. */
static int liberties_evaluate(const ab_position_t *p)
{
    const board_t *b = p->board;
    int min_libs[3] = {0, 99, 99}, sum_libs[3] = {0, 0, 0};
    for (int q = 0; q < b->num_points; q++) {
        int c = b->color[q];
        if ((c != STONE_BLACK && c != STONE_WHITE) || b->chain[q] != q) continue;
        int l = b->libs[q];
        if (l < min_libs[c]) min_libs[c] = l;
        sum_libs[c] += l;
    }
    stone_t me = p->to_move, you = stone_other(me);
    int mine = min_libs[me] > 4 ? 4 : min_libs[me], yours = min_libs[you] > 4 ? 4 : min_libs[you];
    /* Then the area, which decides a game that ends by two passes (half a point per point). */
    return 100 * (mine - yours) + (sum_libs[me] - sum_libs[you]) + area_evaluate(p) / 4;
}

/* Influence, after Zobrist (1969): every stone radiates into the empty points around it, halving
 * at every step and stopped by stones; after INFLUENCE_STEPS steps an empty point counts for
 * the side whose influence there is at least INFLUENCE_MARGIN above the other's. On an open
 * board this sees the frameworks that the area count (stones and points enclosed by one
 * colour) cannot see until they are closed. */
#define INFLUENCE_STONE 64 /* a stone's own influence */
#define INFLUENCE_STEPS 4
#define INFLUENCE_MARGIN 8 /* an eighth of a stone: a point next to one stone is its */

static int influence_evaluate(const ab_position_t *p)
{
    const board_t *b = p->board;
    int field[BOARD_MAX_POINTS], next[BOARD_MAX_POINTS];
    for (int q = 0; q < b->num_points; q++) {
        const int c = b->color[q];
        field[q] = c == STONE_BLACK ? INFLUENCE_STONE : c == STONE_WHITE ? -INFLUENCE_STONE : 0;
    }
    for (int step = 0; step < INFLUENCE_STEPS; step++) {
        memcpy(next, field, (size_t)b->num_points * sizeof field[0]);
        for (int q = 0; q < b->num_points; q++) {
            if (b->color[q] != STONE_EMPTY) continue;
            int sum = 0;
            for (int d = 0; d < 4; d++) {
                const int n = q + board_neighbor_offset(b, d);
                if (b->color[n] != STONE_BORDER) sum += field[n];
            }
            /* Half the neighbours' influence, at most half a stone's: it halves at every step. */
            next[q] = sum / 2 > INFLUENCE_STONE / 2    ? INFLUENCE_STONE / 2
                      : sum / 2 < -INFLUENCE_STONE / 2 ? -INFLUENCE_STONE / 2
                                                        : sum / 2;
        }
        memcpy(field, next, (size_t)b->num_points * sizeof field[0]);
    }
    int area[3] = {0, 0, 0};
    for (int q = 0; q < b->num_points; q++) {
        const int c = b->color[q];
        if (c == STONE_BLACK || c == STONE_WHITE)
            area[c]++;
        else if (c == STONE_EMPTY && field[q] >= INFLUENCE_MARGIN)
            area[STONE_BLACK]++;
        else if (c == STONE_EMPTY && field[q] <= -INFLUENCE_MARGIN)
            area[STONE_WHITE]++;
    }
    const int black = 2 * (area[STONE_BLACK] - area[STONE_WHITE]) - komi_half_points(p->rules);
    return p->to_move == STONE_BLACK ? black : -black;
}

static void no_bounds(const ab_position_t *p, int *lo, int *hi)
{
    (void)p;
    *lo = -AB_INF;
    *hi = AB_INF;
}

/* Danger: a string in atari makes the tactical (liberty) view the right one. */
static bool has_atari(const board_t *b)
{
    for (int q = 0; q < b->num_points; q++) {
        int c = b->color[q];
        if ((c == STONE_BLACK || c == STONE_WHITE) && b->chain[q] == q && b->libs[q] == 1)
            return true;
    }
    return false;
}

/* The chooser: danger (a capture goal, or a string in atari) asks for the liberty view, anything
 * else for the area count. Influence on the open board (more than half of it empty) was tried
 * and played worse at equal nodes (docs/solve.md), so it is a strategy of its own only. */
static int phase_evaluate(const ab_position_t *p)
{
    if (p->rules->capture_goal > 0 || has_atari(p->board)) return liberties_evaluate(p);
    return area_evaluate(p);
}

const ab_eval_t AB_EVAL_AREA = {"area", area_bounds, area_evaluate};
const ab_eval_t AB_EVAL_LIBERTIES = {"liberties", no_bounds, liberties_evaluate};
const ab_eval_t AB_EVAL_INFLUENCE = {"influence", area_bounds, influence_evaluate};
const ab_eval_t AB_EVAL_PHASE = {"phase", area_bounds, phase_evaluate};
