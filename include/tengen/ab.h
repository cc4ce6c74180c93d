/* ab.h - the exact searcher. For play: negamax alpha-beta with iterative deepening,
 * principal-variation search, a transposition table with lookups under the board's 8
 * symmetries, killer moves, the history heuristic and pluggable evaluations (Atari Go, area).
 * For exact results (solve mode): a prover that decides threshold tests by proof-number search
 * over the same moves, with Benson's algorithm and safe regions as static bounds (boards up to
 * 8x8), which solves small boards outright; and on top of it the status of every string by
 * perfect play near the end of a game (ab_final_status).
 *
 * Layer: uses the rules core only (board, game, rules, score/Benson). It reports through return
 * values and an optional per-iteration callback; it formats no protocol text.
 *
 * Values are in half points from the point of view of the player to move (so komi 5.5 is 11),
 * or, when a capture goal ends the game (Atari Go), +-(AB_WIN - plies to the end); with a capture
 * goal the count after two passes wins or loses the game the same way.
 */
#ifndef TENGEN_AB_H
#define TENGEN_AB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "tengen/board.h"
#include "tengen/game.h"
#include "tengen/rules.h"
#include "tengen/score.h"

#define AB_WIN 30000     /* a won game (capture goal reached), minus the plies it takes */
#define AB_WIN_MIN 29000 /* |value| >= this is a win or loss by the capture goal */
#define AB_INF 32000     /* beyond every value */
#define AB_MAX_PLY 250   /* deepest search path */

/* What an evaluation strategy sees: the position at a leaf of the search. */
typedef struct ab_position {
    const board_t *board;
    const rules_t *rules;
    stone_t to_move;
    int passes; /* consecutive passes just played (0 or 1) */
    /* When safe_known: the number of points that count for each colour at the end whatever is
     * played (its pass-alive stones and the safe regions they enclose), indexed by stone_t, as
     * the searcher found them (boards up to 8x8). Otherwise the strategy finds its own. */
    bool safe_known;
    int safe[3];
} ab_position_t;

/* An evaluation strategy (a plug-in point). Both values are for p->to_move, in the units above.
 * bounds: proven bounds on the minimax value (lo <= value <= hi); it may return the widest
 *   [-AB_INF, AB_INF] when it knows nothing. Exact (lo == hi) stops the search at once.
 * evaluate: a heuristic guess used at the horizon when the search is not solving (may be NULL
 *   for pure solvers: the bounds are used). */
typedef struct ab_eval {
    const char *name;
    void (*bounds)(const ab_position_t *p, int *lo, int *hi);
    int (*evaluate)(const ab_position_t *p);
} ab_eval_t;

/* The strategies. Area: Benson bounds under area scoring, heuristic = Tromp-Taylor-like count.
 * Liberties: the Atari Go heuristic (own weakest string's liberties minus the opponent's, then
 * all liberties, then a little area for a game that ends by passes), no bounds. Influence: Benson
 * bounds, heuristic = stones plus the empty points where one colour's influence (radiated from
 * the stones, halving at every step) clearly dominates. Phase: liberties while a capture goal is
 * set or a string is in atari, area otherwise. */
extern const ab_eval_t AB_EVAL_AREA;
extern const ab_eval_t AB_EVAL_LIBERTIES;
extern const ab_eval_t AB_EVAL_INFLUENCE;
extern const ab_eval_t AB_EVAL_PHASE;

typedef struct ab_result {
    int value;      /* best value found (exact when lo == hi and solve mode) */
    int lo, hi;     /* proven bounds on the value (solve mode); lo == hi: solved */
    bool exact;     /* the value is the minimax value (under the TT's GHI policy) */
    int best_move;  /* a point, POINT_PASS, or POINT_NONE if the root has no move */
    int depth;      /* alpha-beta: nominal depth of the last completed iteration; solve mode:
                       the deepest ply the prover reached */
    uint64_t nodes; /* positions visited (alpha-beta) or expanded (the prover), all iterations */
    double seconds; /* wall-clock time */
    double cpu_seconds;      /* processor time of this process meanwhile (not inflated by a loaded
                                machine; includes other threads of the process, if any) */
    double nodes_per_second; /* per wall-clock second */
    int pv[AB_MAX_PLY];      /* principal variation from the root, moves alternate from to_move */
    int pv_len;
    bool stopped; /* a node or time limit ended the search before it finished */
    bool dfpn_cycled; /* solve mode: df-pn re-expanded the same positions for a million
                         expansions (results that depend on the path, under superko), so the
                         alpha-beta prover (ab_prove.c) gave the result */
} ab_result_t;

/* Called after every completed iteration (may be NULL). */
typedef void (*ab_iteration_fn)(const ab_result_t *r, void *user);

/* What the prover keeps between searches (may be shared by several ab_search calls in turn, never
 * at once): its table of proven bounds and proof numbers, and its caches of static analyses.
 * Positions met again in a later search (siblings of a proof split into parts: cli_book.c) are
 * then known at once. Proven bounds do not depend on the root: as within one search, a result
 * whose proof met a superko ban above its node is not stored as proven. A search with other
 * rules, komi, board size, symmetry or local-regions setting than the last clears it first. */
typedef struct ab_memory ab_memory_t;
/* 2^tt_bits table entries (24 bytes each); NULL when out of memory. */
ab_memory_t *ab_memory_new(int tt_bits);
/* Free m and all it holds (NULL: nothing); no search may be using it. */
void ab_memory_free(ab_memory_t *m);

/* The prover of solve mode. */
typedef enum ab_prover {
    AB_PROVER_DFPN = 0,   /* depth-first proof-number search (ab_solve.c) */
    AB_PROVER_ALPHA_BETA, /* iterative-deepening null-window alpha-beta, as van der Werf et al.
                             (ab_prove.c); boards up to 8x8 under area scoring, df-pn elsewhere */
} ab_prover_t;

typedef struct ab_config {
    const ab_eval_t *eval; /* NULL: AB_EVAL_AREA */
    bool solve;            /* true: the exact value by the prover (proven bounds only); false:
                              heuristic alpha-beta by iterative deepening */
    int max_depth;         /* 0: up to AB_MAX_PLY - 10 */
    uint64_t max_nodes;    /* 0: no limit */
    double max_seconds;    /* 0: no limit */
    int tt_bits;        /* log2 of the table entries; 0: no table (the prover keeps 2^16 at least);
                           default 20 via ab_config_default */
    bool symmetry;      /* look positions up under the 8 symmetries of the board */
    stone_t to_move;    /* the player to search for; STONE_EMPTY: the game's player to move (another
                           colour searches as if the game's player had passed, without ending it) */
    bool endgame_order; /* the prover orders moves by the endgame priority Q (ab_solve.c)
                           instead of captures, escapes and centrality */
    bool area_count;    /* count by area whatever the game's scoring rule (ab_final_status) */
    bool single_test;   /* solve mode: only test "black's value >= test_value" (half points,
                           komi included) and report the bounds that gives */
    int test_value;
    ab_prover_t prover; /* solve mode: the method (default df-pn) */
    bool no_regions; /* solve mode: the geometric safe regions only, without the local search of
                        small regions (ab_regions.c); for comparing the two */
    /* "Move now" from another thread (may be NULL): once it reads true the search ends within
       about a thousand nodes, as at a limit (r->stopped). Alpha-beta heeds it only after its
       first iteration, so it always returns the best move of its last completed iteration; the
       prover heeds it at once (with the bounds proven so far). */
    const atomic_bool *stop_request;
    /* Solve mode, df-pn: keep the table and caches here across searches (NULL: a fresh table of
       2^tt_bits entries per search). */
    ab_memory_t *memory;
    ab_iteration_fn on_iteration;
    void *user;
} ab_config_t;

/* Defaults: area eval, solve mode, 2^20 table entries, symmetries on, no limits. */
ab_config_t ab_config_default(void);

/* A process-wide function that every alpha-beta search and proof calls every thousand nodes or
 * so, before it checks its limits (NULL, the default: none). The browser build, which has one
 * thread and no shared memory, returns to its event loop there so that a "stop" message can reach
 * engine_stop_search while the search runs (as mcts_set_poll for the Monte Carlo search); native
 * front ends leave it unset. */
typedef void (*ab_poll_fn)(void);
void ab_set_poll(ab_poll_fn fn);

/* Search the position of g (its board, player to move, passes and history for superko) with the
 * rules of g. The game is not changed. Returns false (r untouched) if the game is over or out of
 * memory; otherwise fills r. Reproducible: no randomness. */
bool ab_search(const game_t *g, const ab_config_t *cfg, ab_result_t *r);

/* ---- perfect play at the end of a game (ab_final.c) ---- */

#define AB_FINAL_BUDGET 50000 /* prover expansions of ab_final_status by default */

typedef struct ab_final {
    bool known; /* solved within the budget: the statuses and the count below hold */
    stone_status_t status[BOARD_MAX_POINTS]; /* of every stone (STATUS_ALIVE elsewhere) */
    double black_margin; /* black's area margin, komi included, with perfect play from here */
    uint64_t nodes;      /* prover expansions used */
    int pv[AB_MAX_PLY];  /* the line of perfect play the statuses come from */
    int pv_len;
} ab_final_t;

/* Classify every string of g's position (the player to move as the game says; after trailing
 * passes, the position before them with the player who passed first to move) by perfect play
 * from it, counted by area: the prover finds the exact result within `budget` expansions (0:
 * AB_FINAL_BUDGET) and a line that keeps it to the end (two passes, or until the static
 * analysis settles every point). A string is dead if it is captured on that line or ends
 * inside the opponent's safe points; otherwise in seki if at the end it is not pass-alive and
 * shares a liberty with a surviving opponent string that is not pass-alive either; alive
 * otherwise. out->known is false (statuses all STATUS_ALIVE, "unknown") when the budget runs
 * out, with a capture goal (Atari Go), or when the game is over by resignation. Returns false
 * only when out of memory. */
bool ab_final_status(const game_t *g, uint64_t budget, ab_final_t *out);
/* The same with `to_move` to play first (STONE_EMPTY: as above), as if the other side had just
 * passed without ending the game: what the opponent could do if one passed now. */
bool ab_final_status_for(const game_t *g, stone_t to_move, uint64_t budget, ab_final_t *out);
/* The empty points of g's board that the static analysis of ab_final_status (Benson, the safe
 * regions, the small regions proved safe) leaves open: a cheap measure of what is left to the
 * prover, which settles few but small open areas within its budget. */
int ab_final_open_points(const game_t *g);

#endif
