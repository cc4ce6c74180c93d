/* game.h - a game of Go: the board plus rules, turn order, move history, superko, passes,
 * resignation, handicap and the end of the game. The board (board.h) knows stones only; this object
 * owns everything that depends on history.
 *
 * Superko uses a multiset of position keys (open addressing), so a legality test is O(1) and
 * undo removes the key again. Memory is in proportion to the history: a few dozen bytes per
 * entry, plus the points of setup entries; undo restores the position exactly (stones, strings,
 * liberties, hash, captures, ko). Positional superko keys are the stone hash; situational keys add
 * the player to move.
 *
 * Single-stone suicide (only when rules.suicide_allowed): the stone is placed and removed, the
 * board is unchanged and the turn passes. Under positional superko it is therefore illegal (it
 * recreates the current position); under situational superko it is legal unless the same
 * position with the opponent to move occurred before; under simple ko it is legal. It never
 * counts as a pass for ending the game.
 */
#ifndef TENGEN_GAME_H
#define TENGEN_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"
#include "tengen/rules.h"

typedef enum game_status {
    GAME_OK = 0,
    GAME_ILLEGAL_OFF_BOARD,
    GAME_ILLEGAL_OCCUPIED,
    GAME_ILLEGAL_SUICIDE,
    GAME_ILLEGAL_KO,       /* simple ko */
    GAME_ILLEGAL_SUPERKO,  /* positional or situational superko */
    GAME_ILLEGAL_GAME_OVER,
    GAME_ILLEGAL_COLOR,    /* not BLACK or WHITE */
} game_status_t;

/* Why the game ended. */
typedef enum game_end {
    GAME_END_NONE = 0,
    GAME_END_PASSES,       /* two consecutive passes: count the board */
    GAME_END_RESIGN,       /* `winner` won by resignation */
    GAME_END_CAPTURE_GOAL, /* Atari Go: `winner` captured rules.capture_goal stones first */
} game_end_t;

typedef struct game_move {
    int point;          /* a point, POINT_PASS */
    stone_t color;
    board_undo_t undo;  /* what board_undo needs; unused for setup entries */
    uint64_t key;       /* superko key of the position after this move */
    int setup_index;    /* >= 0: a setup entry (point is POINT_NONE), its index among them */
    stone_t to_move_before; /* player to move before this entry */
} game_move_t;

typedef struct game game_t;

/* Create a game on an empty board. Returns NULL on a bad size or out of memory. */
game_t *game_new(int size, const rules_t *rules);
void game_free(game_t *g);
/* Clear to an empty board of the given size (rules kept). Returns false on a bad size. */
bool game_reset(game_t *g, int size);
/* Change the rules. Superko keys are recomputed from the history. */
void game_set_rules(game_t *g, const rules_t *rules);
const rules_t *game_rules(const game_t *g);
void game_set_komi(game_t *g, double komi);

const board_t *game_board(const game_t *g);
int game_size(const game_t *g);
/* The player to move: BLACK at the start (WHITE after handicap stones), then alternating; setup
 * via game_set_to_move (SGF PL) overrides. */
stone_t game_to_move(const game_t *g);
void game_set_to_move(game_t *g, stone_t c);

/* Check a move by c at p (point or POINT_PASS) without playing it. Either colour may move. After
 * two passes a move is still accepted and resumes the game; after resignation or the Atari Go
 * capture goal it is GAME_ILLEGAL_GAME_OVER. */
game_status_t game_check_move(const game_t *g, stone_t c, int p);
/* Play it if legal; returns the status. After the move the opponent of c is to move. */
game_status_t game_play(game_t *g, stone_t c, int p);
/* Take back the resignation if the game was resigned, else the last move or setup entry.
 * Returns false if there is nothing to undo. */
bool game_undo(game_t *g);
/* Write every legal non-pass move for c into out (capacity BOARD_MAX_POINTS); returns count. */
int game_legal_moves(const game_t *g, stone_t c, int *out);
/* Human-readable reason for a status ("occupied", "suicide", "ko", "superko", ...). */
const char *game_status_text(game_status_t s);

/* Setup stones (SGF AB/AW/AE, free handicap): adds an undoable history entry. stones[i] is put
 * at points[i] (STONE_EMPTY removes), in turn; strings left without liberties are removed, the
 * opponent's of the stone put first. The entry keeps the n points and stones and, for undo, the
 * points whose colour changed: O(n + changed points) memory, never a board copy. Time O(n *
 * string size + board points). Returns false (nothing changed) if a point is off the board or
 * out of memory. */
bool game_setup(game_t *g, const int *points, const stone_t *stones, int n);

/* Handicap. Fixed placement follows the GTP v2 specification (sizes 7..25, odd sizes up to 9
 * stones, even sizes up to 4; 7x7 up to 4). Both require an empty board with no moves played,
 * put black stones, record the handicap and give white the move. Return false (nothing changed)
 * if not possible. fixed: writes the points placed into out (may be NULL). */
bool game_fixed_handicap(game_t *g, int stones, int *out);
bool game_free_handicap(game_t *g, const int *points, int n);
/* The GTP fixed handicap points for a board size, without placing them; returns count or 0. */
int game_fixed_handicap_points(int size, int stones, int *out);
int game_handicap(const game_t *g);

/* History. */
int game_move_count(const game_t *g);                 /* entries, setup included */
/* The stones of setup entry i (game_move_at(g, i)->setup_index >= 0): returns how many, and points
 * and stones to the arrays as passed to game_setup. The arrays stay valid until the game's history
 * changes (a move, setup, undo or reset). */
int game_setup_at(const game_t *g, int i, const int **points, const stone_t **stones);
/* What setup entry i changed: the points whose colour it changed (in point order) and their
 * colours after it, into arrays of BOARD_MAX_POINTS; returns how many (0 for no change or no
 * setup entry). Putting exactly these on the board before it, removals first, gives the same
 * position whatever the order of the rest, since no string is left without a liberty. */
int game_setup_change_at(const game_t *g, int i, int *points, stone_t *after);
const game_move_t *game_move_at(const game_t *g, int i);
int game_last_move(const game_t *g);                  /* point of the last move, or POINT_NONE */
/* The move before the last one (the mover's own previous move), or POINT_NONE when there is none
 * or setup stones came between. */
int game_move_before_last(const game_t *g);
int game_consecutive_passes(const game_t *g);

/* End of game. */
void game_resign(game_t *g, stone_t loser);
bool game_is_over(const game_t *g);
game_end_t game_end_reason(const game_t *g);
stone_t game_winner(const game_t *g); /* for RESIGN and CAPTURE_GOAL; STONE_EMPTY otherwise */

#endif
