/* tactics.h - small local tactics on a board_t: liberties a move would leave, self-atari, captures
 * and atari escapes. Used by the playout policies (policy.h) and by the priors of tree search.
 *
 * The local readings look at the board only (no copy, no play): a few neighbour and liberty
 * lookups, cheap enough for every candidate move of a playout. Ladders are read by playing on a
 * scratch copy of the board (board_play/board_undo), so they are kept to strings in atari or about
 * to be. Depends on the rules core (board.h) only; knows no history, superko or search.
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
/* The same test, answering with the size of the string left in atari: 0 if c at p is not a
 * self-atari, else the stones of the string holding p after the move (tactics_move_t.stones). */
int tactics_self_atari_stones(const board_t *b, stone_t c, int p);

/* A snapback throw-in: c at the empty point p is a lone stone in atari that captures nothing, and
 * if the opponent takes it at its liberty, the taking string (two stones or more, captures nothing
 * else) has p as its only liberty, so c recaptures it. Such a self-atari is often the best move. */
bool tactics_is_snapback(const board_t *b, stone_t c, int p);

/* Moves that save the string at q (a stone of any colour, in atari): capturing an adjacent
 * opponent string in atari, or extending at the last liberty when that leaves three or more
 * liberties, or two that the opponent cannot take in a ladder. Writes up to max distinct points
 * into out; returns how many. */
int tactics_atari_escapes(const board_t *b, int q, int *out, int max);

/* Ladders. The defender escapes by capturing a neighbouring string in atari (counted as an escape
 * whatever follows) or by extending to three liberties; the attacker answers an extension to two
 * by either atari; a ladder longer than a few dozen moves counts as escaped. */

/* The string at q is in atari and its owner is to move: true if it cannot escape. False if q is
 * not in atari. */
bool tactics_ladder_caught(const board_t *b, int q);

/* True if c at the empty point p puts a neighbouring opponent string in atari that then cannot
 * escape, while the stone at p keeps two liberties or more. */
bool tactics_is_ladder_attack(const board_t *b, stone_t c, int p);

/* Nakade: if the empty point e lies in an empty region of three to six points whose only
 * neighbouring stones are of one colour, and the region is a shape with a vital point (the
 * straight or bent three, the pyramid four, the bulky five, the crossed five, the rabbity six),
 * that point, where the owner makes two eyes and the opponent kills. POINT_NONE otherwise. */
int tactics_nakade_point(const board_t *b, int e);

/* A sacrifice that kills: c at the empty point p, a self-atari of the string it makes (p and the
 * own strings next to it, six stones at most), also puts an opponent string next to p in atari at
 * the same last liberty, and the string's points, once taken, leave an eye space that makes one
 * eye at most when c plays first (three points or fewer, the square four, or a shape with a vital
 * point). The opponent must take the stones, and then c kills with the vital point: how a group
 * with one big eye is killed from the inside. Call it only for a self-atari (tactics_self_atari_stones
 * 2 to 6). */
bool tactics_is_nakade_sacrifice(const board_t *b, stone_t c, int p);

#endif
