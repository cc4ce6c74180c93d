/* policy.h - the playout policy used by tree search: light random moves guided by a few tactics
 * (capture the last move's string in atari, escape own atari unless laddered, 3x3 patterns next
 * to the last move, reject most self-ataris), the
 * Atari Go end (first capture wins) and a mercy rule, recording the moves for AMAF, and the final
 * owner of every point.
 *
 * Like the light policy (playout.h) it works on a board_t in place with copy-make, respects simple
 * ko only, never plays suicide and never fills the mover's own true eye. Depends on rules (board),
 * tactics, the light policy and core (rng); knows no tree or game history.
 */
#ifndef TENGEN_POLICY_H
#define TENGEN_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"
#include "tengen/model.h"
#include "tengen/rng.h"

typedef struct policy_config {
    bool tactical;    /* false: plain light moves (playout_light_choose) */
    const uint8_t *patterns; /* the 3x3 pattern set (pattern3_table) tried next to the last move,
                                or NULL for none */
    int capture_goal; /* > 0 (Atari Go): stop when a side's capture count on the board reaches
                         this; that side wins */
    int mercy;        /* > 0: stop when one side has captured this many more stones than the other
                         since the playout began; that side wins. 0: off */
    int max_moves;    /* stones placed before the playout is cut off */
    const model_t *model; /* with a move model, the moves next to the last one are chosen by the
                             playout head's weights (model_playout_gamma) among those stronger
                             than a move in open space, instead of by the 3x3 patterns */
    float model_reference; /* the playout head's gamma of a move in open space */
} policy_config_t;

typedef struct policy_result {
    int moves;      /* stones placed (passes not counted) */
    int recorded;   /* entries written to the move record (passes included) */
    stone_t winner; /* STONE_BLACK/STONE_WHITE when the capture goal or the mercy rule decided,
                       STONE_EMPTY when the count (score against komi) decides */
    bool capped;    /* the move cap ended it */
} policy_result_t;

/* A default configuration for b: tactical with patterns, mercy at a fifth of the points,
 * 3 x points moves. */
void policy_config_default(policy_config_t *cfg, const board_t *b, int capture_goal);

/* The policy's move for c on b, given the previous move last (a point, POINT_PASS or POINT_NONE):
 * a legal point that is not c's true eye, or POINT_PASS. b is not changed. */
int policy_choose(const board_t *b, stone_t c, int last, rng_t *rng, const policy_config_t *cfg);

/* Play b out in place, c first, last the move before. Every move, passes included (as
 * POINT_PASS), is written to record[0..max_record) in order; colours alternate from c. Fills
 * *out. The caller counts the final board (policy_area_owner gives the score with the owners). */
void policy_playout(board_t *b, stone_t c, int last, rng_t *rng, const policy_config_t *cfg,
                    int16_t *record, int max_record, policy_result_t *out);

/* Tromp-Taylor owner of every on-board point of b: +1 black, -1 white, 0 neither (owner has
 * BOARD_MAX_POINTS entries; off-board entries are left alone). Returns black minus white area. */
int policy_area_owner(const board_t *b, int8_t *owner);

/* Black's mean Tromp-Taylor ownership of every point of b (in [-1, 1]; owner has
 * BOARD_MAX_POINTS entries, 0 off the board) over `playouts` tactical playouts from b, c to move
 * after the move last, with no mercy rule so that every point ends with an owner. The estimate
 * behind the move model's FEAT_OWNER. b is not changed. */
void policy_ownership(const board_t *b, stone_t c, int last, rng_t *rng, int playouts,
                      float *owner);

#endif
