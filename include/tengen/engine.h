/* engine.h - the engine facade: owns the game, the searcher and the settings, and makes the
 * decisions around the search (pass, resign, cleanup, dead stones, time per move). Front ends (GTP,
 * later HTTP) talk to this and never to the searcher directly.
 *
 * Nothing here formats protocol text: the search reports through a callback that the front end
 * sets (engine_set_report).
 */
#ifndef TENGEN_ENGINE_H
#define TENGEN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tengen/game.h"
#include "tengen/mcts.h"
#include "tengen/rules.h"
#include "tengen/score.h"

typedef enum engine_kind {
    ENGINE_MCTS = 0, /* UCT with RAVE (mcts.h) */
} engine_kind_t;

#define ENGINE_DEFAULT_SECONDS 5.0 /* per move when neither playouts nor time is given */
#define ENGINE_RESIGN_NEVER (-1.0)

typedef struct engine_settings {
    engine_kind_t kind;
    long playouts;           /* per move; 0 = no playout limit */
    double seconds;          /* per move; 0 = no time limit (if playouts is 0 too: the default
                                ENGINE_DEFAULT_SECONDS, shortened by time_left) */
    uint64_t seed;
    double resign_threshold; /* resign when the win rate stays below this (0..1) for several
                                moves; ENGINE_RESIGN_NEVER to never resign */
    int memory_mb;           /* node pool, MB */
    bool light_playouts;     /* uniform light playouts (for comparisons) */
    int threads;             /* search threads (mcts_config_t.threads; 0 = 1) */
} engine_settings_t;

/* What genmove decided and why. */
typedef struct engine_move {
    int point;        /* a point, POINT_PASS or POINT_RESIGN */
    double winrate;   /* the search's win rate for the mover (0.5 if no search ran) */
    long playouts;
    double seconds;
    bool searched;
} engine_move_t;

typedef struct engine engine_t;

/* Defaults: MCTS, no limits given (ENGINE_DEFAULT_SECONDS per move), seed 1, resign at 10%,
 * 256 MB. */
void engine_settings_default(engine_settings_t *s);

/* Create an engine with an empty board. Returns NULL on a bad size, bad settings or out of memory. */
engine_t *engine_new(int size, const rules_t *rules, const engine_settings_t *s);
void engine_free(engine_t *e);
/* Replace the settings; returns false (settings unchanged) if they are unusable. */
bool engine_set_settings(engine_t *e, const engine_settings_t *s);
const engine_settings_t *engine_settings(const engine_t *e);

/* The game. The front end plays, undoes, resets it directly; the engine notices changes itself
 * (the tree is kept only when the new position continues the old one). */
game_t *engine_game(const engine_t *e);
/* Replace the game (e.g. after loadsgf); the engine takes ownership of g and frees the old one. */
void engine_replace_game(engine_t *e, game_t *g);

/* Time left for a colour, as GTP time_left gives it (seconds, stones in the byo-yomi period; 0
 * stones = main time). Used for the time per move when no per-move limit is set. */
void engine_time_left(engine_t *e, stone_t c, double seconds, int stones);

/* Search callback for progress reports (NULL: none). */
void engine_set_report(engine_t *e, mcts_report_fn fn, void *user);

/* Choose a move for c and, if play is true, play it (a resignation is recorded with
 * game_resign). cleanup (kgs-genmove_cleanup): never pass while the opponent has stones that the
 * playouts say are dead, and never resign. Fills *out (may be NULL); returns the point. */
int engine_genmove(engine_t *e, stone_t c, bool play, bool cleanup, engine_move_t *out);

/* Status of every stone (status[p] for p with a stone; BOARD_MAX_POINTS entries): dead stones
 * from the ownership of a search of the current position, pass-alive strings (Benson) always
 * alive, seki by a heuristic (docs/engine.md). Runs a search unless one for this exact position
 * is cached. */
void engine_final_status(engine_t *e, stone_status_t *status);

/* The count of the current position under the game's rules with the dead stones of
 * engine_final_status removed. */
score_t engine_final_score(engine_t *e);

#endif
