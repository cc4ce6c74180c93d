/* engine.h - the engine facade: owns the game, the searcher and the settings, and makes the
 * decisions around the search (pass, resign, cleanup, dead stones, time per move). Front ends (GTP,
 * later HTTP) talk to this and never to the searcher directly.
 *
 * Nothing here formats protocol text: the search reports through a callback that the front end
 * sets (engine_set_report).
 */
#ifndef TENGEN_ENGINE_H
#define TENGEN_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tengen/ab.h"
#include "tengen/dist.h"
#include "tengen/game.h"
#include "tengen/mcts.h"
#include "tengen/model.h"
#include "tengen/rules.h"
#include "tengen/score.h"

typedef enum engine_kind {
    ENGINE_MCTS = 0, /* UCT with RAVE (mcts.h) */
    ENGINE_AB,       /* alpha-beta (ab.h) with the phase evaluation: liberties in Atari Go and
                        while a string is in atari, area otherwise; playouts is its node limit
                        per move. Dead stones and seki as ENGINE_MCTS judges them. Its genmove
                        reports every completed iteration (the best move, its principal
                        variation, Benson's owners as the ownership); engine_analyze and the
                        position's ownership are the MCTS's. */
} engine_kind_t;

#define ENGINE_DEFAULT_SECONDS 5.0 /* per move when neither playouts nor time is given */
#define ENGINE_RESIGN_NEVER (-1.0)
/* Dynamic komi of genmove in handicap games: white is given this many extra points per handicap
 * stone when the engine takes the handicap (black) or gives it (white), down to none after this
 * many moves per point of the board. */
#ifndef ENGINE_DYNKOMI_BLACK_PER_STONE
#define ENGINE_DYNKOMI_BLACK_PER_STONE 7.0
#endif
#ifndef ENGINE_DYNKOMI_WHITE_PER_STONE
#define ENGINE_DYNKOMI_WHITE_PER_STONE 7.0
#endif
#define ENGINE_DYNKOMI_MOVES_PER_POINT 0.55

typedef struct engine_settings {
    engine_kind_t kind;
    long playouts;           /* per move; 0 = no playout limit (ENGINE_AB: nodes per move) */
    double seconds;          /* per move; 0 = no time limit (if playouts is 0 too: the default
                                ENGINE_DEFAULT_SECONDS, shortened by time_left) */
    uint64_t seed;
    double resign_threshold; /* resign when the win rate stays below this (0..1) for several
                                moves; ENGINE_RESIGN_NEVER to never resign */
    int memory_mb;           /* node pool, MB */
    bool light_playouts;     /* uniform light playouts (for comparisons) */
    bool learned_playouts;   /* tactical playouts guided by the model (mcts_config_t) */
    int threads;             /* search threads (mcts_config_t.threads; 0 = 1) */
    bool ponder;             /* front ends that wait for the opponent (gtp, play) search on its
                                time after their own moves (ponder.h); off by default */
    const ab_eval_t *ab_eval; /* ENGINE_AB's evaluation strategy (NULL: AB_EVAL_PHASE) */
    const model_t *model;    /* the learned move model of the MCTS (mcts_config_t.model; not
                                owned, must outlive the engine), NULL for none */
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
/* The points of komi white is given on top of the game's in genmove's search for c now: dynamic
 * komi in handicap games (ENGINE_DYNKOMI_*), 0 in even games. */
double engine_dynamic_komi(const engine_t *e, stone_t c);

/* The game. The front end plays, undoes, resets it directly; the engine notices changes itself
 * (the tree is kept only when the new position continues the old one). */
game_t *engine_game(const engine_t *e);
/* Replace the game (e.g. after loadsgf); the engine takes ownership of g and frees the old one. */
void engine_replace_game(engine_t *e, game_t *g);

/* Time left for a colour, as GTP time_left gives it: seconds, and the stones left in the
 * Canadian period or the byo-yomi periods left (0 = main time). The next move's time is planned
 * from it and the clock (engine_set_clock, engine_time_plan). */
void engine_time_left(engine_t *e, stone_t c, double seconds, int stones);

/* Moves genmove and engine_analyze must not consider (GTP allow/avoid), until set again; NULL:
 * none. Copied. The searches that only judge dead stones ignore it. */
void engine_set_move_filter(engine_t *e, const mcts_move_filter_t *f);

/* Search callback for progress reports of genmove's search (NULL: none). The extra searches
 * that only judge dead stones do not report. */
void engine_set_report(engine_t *e, mcts_report_fn fn, void *user);

/* ---- clocks (GTP time_settings, kgs-time_settings, time_left; the web game's clocks) ---- */

typedef enum engine_clock_kind {
    ENGINE_CLOCK_NONE = 0, /* no time limit (the per-move defaults of the settings apply) */
    ENGINE_CLOCK_ABSOLUTE, /* main time only */
    ENGINE_CLOCK_CANADIAN, /* main time, then periods of period_time for `stones` moves each */
    ENGINE_CLOCK_BYOYOMI,  /* main time, then `stones` periods of period_time, one per move */
    ENGINE_CLOCK_FISCHER,  /* main time, and `increment` seconds more after every move */
} engine_clock_kind_t;

typedef struct engine_clock {
    engine_clock_kind_t kind;
    double main_time;   /* seconds */
    double period_time; /* seconds: a Canadian period or one byo-yomi period */
    int stones;         /* Canadian: moves per period; byo-yomi: number of periods */
    double increment;   /* Fischer: seconds added after every move */
} engine_clock_t;

/* Set the clock of both colours (both start full: main time, or the first period if there is no
 * main time). time_left then corrects them; its `stones` is the stones left in the Canadian
 * period, or the byo-yomi periods left (KGS's convention), 0 while in main time. A settings
 * per-move limit (--time) is kept as an upper bound; a playout limit (--playouts) still applies,
 * the clock only caps its time. */
void engine_set_clock(engine_t *e, const engine_clock_t *clock);
const engine_clock_t *engine_clock(const engine_t *e);

/* The time genmove would plan for c now (seconds): the target (`soft`, the search stops there
 * unless the two best moves are close) and the hard limit. Both 0 when the search has no time
 * limit (playouts only). For tests and logs. */
void engine_time_plan(const engine_t *e, stone_t c, double *soft, double *hard);

typedef enum engine_time_step {
    ENGINE_TIME_GO_ON,  /* search on */
    ENGINE_TIME_EXTEND, /* the target is reached with the two best moves close: on to hard */
    ENGINE_TIME_STOP,   /* stop now */
} engine_time_step_t;
/* The time plan's decision on a report of genmove's timed search (soft and hard from
 * engine_time_plan; extended: an earlier report said EXTEND). Before the deadline it stops when
 * the second most visited move cannot catch up with the first in the time left: the visits are
 * the reports' (with the other searchers' shares in a distributed search), so the rate they grow
 * at is the group's, own and others' playouts (r->others_playouts) per second. */
engine_time_step_t engine_time_step(const mcts_report_t *r, double soft, double hard,
                                    bool extended);

/* ---- analysis (GTP lz-analyze, kata-analyze and the gogui views) ---- */

/* Search the current position for c without playing, until *stop becomes true (set by another
 * thread) or ENGINE_ANALYZE_MAX_PLAYOUTS, reporting to fn (NULL: none) from the searching thread.
 * Meant to run in a worker thread while the caller waits for input: nothing else may use e until
 * it returns. The tree is kept, so a following genmove reuses it. Fills *out (may be NULL). */
void engine_analyze(engine_t *e, stone_t c, const atomic_bool *stop, mcts_report_fn fn, void *user,
                    mcts_report_t *out);
/* engine_analyze that also ends after `playouts` playouts (at most ENGINE_ANALYZE_MAX_PLAYOUTS):
 * the reports come every MCTS_REPORT_INTERVAL playouts, too coarse to stop a short search by
 * counting there (a game review searches every position for a few hundred playouts). */
void engine_analyze_playouts(engine_t *e, stone_t c, long playouts, const atomic_bool *stop,
                             mcts_report_fn fn, void *user, mcts_report_t *out);

/* The principal variation of the search (in progress, from a report callback, or the last one)
 * that starts with the root move `point`; at most max points, returns the length. During
 * ENGINE_AB's genmove (from its reports): its last iteration's, for its best move only. */
int engine_search_pv(const engine_t *e, int point, int *pv, int max);
/* The same, with the visits of every move of the variation in visits[]. */
int engine_search_pv_visits(const engine_t *e, int point, int *pv, int *visits, int max);

/* Ownership of the search in progress (from a report callback) or of the last search: +1 black,
 * -1 white, BOARD_MAX_POINTS entries. During ENGINE_AB's genmove (from its reports): the points
 * Benson's algorithm settles, 0 elsewhere. */
const float *engine_search_ownership(const engine_t *e);

/* Expected score lead of c from an ownership array: the expected area difference minus komi (and
 * the handicap bonus under area scoring). An estimate under every rule set. */
double engine_score_lead(const engine_t *e, const float *ownership, stone_t c);

/* A position's value as a game review keeps it, from the last search (engine_analyze_playouts
 * with c to move, whose report is rep): Black's win rate; Black's score lead, which is the most
 * visited move's mean final score when its simulations give one (the position's value under best
 * play), else the estimate from the search's ownership; the most visited move (rep->best when
 * the report lists none) and its visits. */
typedef struct engine_evaluation {
    double winrate;    /* Black's, 0..1 */
    double score_lead; /* Black's, in points */
    int best;          /* a point or POINT_PASS */
    long visits;       /* of best */
} engine_evaluation_t;
engine_evaluation_t engine_evaluation(const engine_t *e, stone_t c, const mcts_report_t *rep);

/* Ownership and win rate of the current position with to_move to play, from a search (the
 * --playouts limit, or the dead-stone playouts) unless one for this position is cached. The
 * win rate is for to_move; the array has BOARD_MAX_POINTS entries, +1 black. */
const float *engine_position_ownership(engine_t *e, stone_t to_move, double *winrate);

#define ENGINE_ANALYZE_MAX_PLAYOUTS 10000000L /* analysis ends here (float win counts stay exact) */

/* The move model's probabilities of every legal move for c in the current position (pass
 * included), most probable first, into points[] and probs[] (BOARD_MAX_POINTS + 1 long each).
 * Returns how many; 0 when the engine has no model (engine_settings_t.model). */
int engine_policy(const engine_t *e, stone_t c, int *points, float *probs);

/* ---- handicap ---- */

/* Points for n free handicap stones chosen by the engine (GTP place_free_handicap): the fixed
 * handicap points where the size has them, then points far from the stones placed so far, off
 * the first line while there is room. n is 2..size*size-1; returns n, or 0 if n is out of range. */
int engine_free_handicap_points(const engine_t *e, int n, int *points);

/* Choose a move for c and, if play is true, play it (a resignation is recorded with
 * game_resign). cleanup (kgs-genmove_cleanup): never pass while the opponent has stones that are
 * dead (judged as engine_final_status does, by perfect play when it answers), and never resign.
 * Fills *out (may be NULL); returns the point. */
int engine_genmove(engine_t *e, stone_t c, bool play, bool cleanup, engine_move_t *out);

/* Status of every stone (status[p] for p with a stone; BOARD_MAX_POINTS entries): by perfect
 * play (ab_final_status) on boards up to 9x9 when it answers within its budget (beyond 7x7 only
 * after a pass: at the end of the game); otherwise dead stones from the ownership of a search of
 * the current position, pass-alive strings (Benson) always alive, seki by a heuristic
 * (docs/engine.md, docs/solve.md). Runs a search unless one for this exact position is cached. */
void engine_final_status(engine_t *e, stone_status_t *status);

/* The count of the current position under the game's rules with the dead stones of
 * engine_final_status removed. */
score_t engine_final_score(engine_t *e);

/* ---- stopping from another thread ---- */

/* "Move now": make the search in progress (genmove's, or one that judges dead stones) end at once;
 * genmove then decides with the playouts done so far. Safe to call from any thread while another
 * runs genmove, and harmless when nothing searches. Every search clears the request when it
 * starts, so a caller racing with the start of one (or with the several searches of a genmove)
 * calls it again until genmove has returned. engine_analyze has its own stop flag. */
void engine_stop_search(engine_t *e);

/* ---- one search over several processes (dist.h) ---- */

/* Search as one rank of d's group (NULL: alone, the default). On rank 0, genmove's search and
 * engine_analyze's are the group's: each tells the other ranks to join it (with their shares of
 * the playout limit), and genmove tells them the move it played. Searches that only judge dead
 * stones or a pass stay local. d is not owned. */
void engine_set_dist(engine_t *e, dist_t *d);
/* The other ranks: join rank 0's search of the current position with c to move (a SEARCH
 * message: the group's playout limit, 0 for none; move_search: genmove's, with its dynamic komi;
 * filter: rank 0's allow/avoid, NULL for none) until the group ends it. The tree is kept, as after
 * any search. Fills *out (may be NULL) with this rank's report. */
void engine_join_search(engine_t *e, stone_t c, long playouts, bool move_search,
                        const mcts_move_filter_t *filter, mcts_report_t *out);
/* The other ranks of a group whose searches carry their position (dist_set_positions: the web
 * server's): wait for rank 0's messages and join each search on its position, with an engine
 * of settings s (threads as each search asks), until rank 0 ends the session. A position that
 * continues the last one (the same setup and rules, the last one's moves followed by new ones)
 * is reached by playing the new moves, which keeps the tree (a line on stderr says how many
 * root visits it kept); any other is set up afresh. Returns 0, or 1 after a message on stderr
 * when rank 0 was lost or memory ran out. */
int engine_follow_group(dist_t *d, const engine_settings_t *s);

#endif
