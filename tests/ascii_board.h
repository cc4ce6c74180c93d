/* ascii_board.h - test helper: boards written as ASCII diagrams.
 *
 * A diagram is rows of '.', 'X' (black), 'O' (white), separated by spaces or not, top row first;
 * blank lines and anything after '|' are ignored. Example (3x3):
 *     ". X ."
 *     "X O X"
 *     ". X ."
 */
#ifndef TENGEN_TEST_ASCII_BOARD_H
#define TENGEN_TEST_ASCII_BOARD_H

#include "tengen/board.h"
#include "tengen/game.h"

/* Set up b from the diagram (size from the number of rows). Aborts the test on a bad diagram. */
void ascii_board(board_t *b, const char *diagram, bool suicide_allowed);
/* Create a game with the given rules holding the diagram as setup stones; to_move is set. */
game_t *ascii_game(const char *diagram, const rules_t *rules, stone_t to_move);
/* Point of a GTP vertex ("C3") on b; aborts on a bad vertex. */
int ascii_point(const board_t *b, const char *vertex);
/* Test scale: TENGEN_TEST_SCALE divides long loops (sanitizer runs set it); at least 1. */
int test_scale(void);
/* A seeded LCG for tests: advances *seed, returns 31 high bits. */
uint32_t test_random(uint64_t *seed);
/* Fill b with a random game from the empty board: legal moves that do not fill the mover's own
 * true eyes, until neither side has one (or 4 x points moves). */
void test_random_game(board_t *b, int size, bool suicide_allowed, uint64_t *seed);

#endif
