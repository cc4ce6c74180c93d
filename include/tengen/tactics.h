/* tactics.h - small local tactics on a board_t: liberties a move would leave, self-atari, captures
 * and atari escapes. Used by the playout policies (policy.h) and by the priors of tree search.
 *
 * Everything here reads the board only (no copy, no play): a few neighbour and liberty lookups, so
 * the functions are cheap enough to call for every candidate move of a playout. Depends on the
 * rules core (board.h) only; knows no history, superko or search.
 */
#ifndef TENGEN_TACTICS_H
#define TENGEN_TACTICS_H

#include <stdbool.h>

#include "tengen/board.h"

/* What a move by c at the empty point p would do, computed without playing it. */
typedef struct tactics_move {
    int libs;     /* liberties of the string holding p after the move, capped at 3 */
    int stones;   /* stones of that string after the move (p plus the own strings it joins) */
    int captured; /* opponent stones the move captures */
} tactics_move_t;

/* Fill *out for c at the empty point p (board_check_move need not have been called; a suicide
 * gives libs 0 and captured 0). */
void tactics_eval_move(const board_t *b, stone_t c, int p, tactics_move_t *out);

/* True if c at the empty point p leaves its own string in atari (or without liberties) without
 * capturing anything: a self-atari. */
bool tactics_is_self_atari(const board_t *b, stone_t c, int p);

/* Moves that save the string at q (a stone of any colour, in atari): capturing an adjacent
 * opponent string in atari, or extending at the last liberty when that leaves at least two
 * liberties. Writes up to max distinct points into out; returns how many. Ladders are not read:
 * an extension to exactly two liberties may still die. */
int tactics_atari_escapes(const board_t *b, int q, int *out, int max);

#endif
