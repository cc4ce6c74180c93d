/* ponder.h - searching on the opponent's time. After its move a front end (GTP, the terminal game)
 * starts a ponder: the engine searches the new position for the opponent in a thread until the
 * front end hears from the opponent and stops it. The tree stays, so the next genmove starts from
 * the subtree of the move the opponent chose, with the visits pondering gave it.
 *
 * Layer: uses the engine's public API only (engine_analyze); knows no protocol.
 */
#ifndef TENGEN_PONDER_H
#define TENGEN_PONDER_H

#include "tengen/engine.h"

typedef struct ponder ponder_t;

/* Start pondering e's current position (the player to move is the opponent). Returns NULL, and
 * starts nothing, when there is nothing to ponder (the game is over, the engine is not MCTS) or no
 * thread could be made. Until ponder_stop, nothing else may use e or its game. */
ponder_t *ponder_start(engine_t *e);

/* Stop the search, wait for its thread and free p (NULL: nothing). Returns the playouts the ponder
 * searched. */
long ponder_stop(ponder_t *p);

#endif
