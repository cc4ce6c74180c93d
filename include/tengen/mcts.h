/* mcts.h - Monte Carlo tree search (UCT with RAVE/AMAF and priors) over a game_t.
 *
 * All state lives in an mcts_t (no globals): the node pool (a preallocated arena bounded by a
 * memory limit; when it is full the tree stops growing and playouts go on from the leaves), the
 * random generator and the ownership of the last search. The tree of the previous search is kept:
 * when the next search starts from a position reached from the old root by moves the tree holds,
 * that subtree becomes the new root (tree reuse).
 *
 * Legality: root moves are checked with game_check_move (superko exact); deeper tree moves use the
 * board's simple ko plus a superko test of the position keys against the game's history and the
 * path from the root. Suicide and filling one's own true eye are never tree moves. Playouts
 * (policy.h) respect simple ko only.
 *
 * Determinism: with no time limit, the same position, history, configuration and tree give the
 * same result. The generator is reseeded at every search from the seed and the position.
 *
 * Search reports through a callback; nothing here formats text for a protocol.
 */
#ifndef TENGEN_MCTS_H
#define TENGEN_MCTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tengen/board.h"
#include "tengen/game.h"
#include "tengen/model.h"

/* Most search threads an mcts_t runs (mcts_config_t.threads). */
#define MCTS_MAX_THREADS 64

typedef struct mcts_config {
    long max_playouts;    /* playouts per search; 0 = no playout limit */
    double max_seconds;   /* wall-clock seconds per search; 0 = no time limit. At least one limit
                             must be set */
    uint64_t seed;        /* mixed with the position at every search */
    size_t memory_bytes;  /* node pool size */
    bool light_playouts;  /* true: uniform light playouts instead of the tactical policy */
    bool reuse_tree;      /* keep the subtree of the moves played between searches */
    bool root_passes;     /* count the game's passes before the root: after an opponent's pass a
                             pass in the tree ends the game (Tromp-Taylor count of the board as
                             it stands). false for searches that only estimate ownership, so
                             that the playouts settle dead stones instead of stopping */
    int threads;          /* search threads sharing one tree, 1..MCTS_MAX_THREADS (0 means 1).
                             With more than one the result is not reproducible */
    double komi_offset;   /* added to the komi when a simulation's winner is judged (dynamic
                             komi); scores are reported with the game's komi */
    const model_t *model; /* the learned move model for the priors (not owned; it must outlive
                             the searcher), or NULL for the hand-set priors */
    bool learned_playouts; /* with a model, the tactical playouts answer the last move by the
                              model's playout head instead of the 3x3 patterns */
} mcts_config_t;

/* Statistics of one root move. Win rates are for the player to move at the root. */
typedef struct mcts_move_stats {
    int point;        /* a point or POINT_PASS */
    int visits;       /* real playouts through this move */
    double winrate;   /* real wins / visits (0.5 with no visits) */
    double amaf_winrate;
    int amaf_visits;
    double prior;     /* prior win rate given at expansion */
    double score;      /* mean final score (black's area minus white's, minus komi and the
                          handicap bonus) of this search's simulations through the move */
    int score_samples; /* how many simulations that mean has (0: score is 0) */
    double score_stdev; /* the standard deviation of those final scores (0 below 2 samples) */
} mcts_move_stats_t;

/* A snapshot of the search for the report callback and the result. */
typedef struct mcts_report {
    long playouts;        /* playouts of this search */
    long others_playouts; /* the other searchers' playouts of this search as their last sync
                             reported them (mcts_import_playouts; 0 alone): the visits of moves[]
                             and the root include theirs, so a rate of the group's visits is
                             (playouts + others_playouts) / seconds */
    long reused_visits;   /* visits the root held from the previous search */
    double seconds;
    long nodes;           /* nodes in the pool */
    bool pool_full;       /* the tree stopped growing */
    int best;             /* most visited root move, or POINT_PASS when there is none */
    double winrate;       /* of best, for the player to move */
    long playout_moves;   /* stones placed in the playouts of this search */
    int num_moves;        /* root moves with stats in moves[], most visited first */
    const mcts_move_stats_t *moves;
    const int *pv;        /* principal variation from the root (most visited children) */
    int pv_len;
} mcts_report_t;

typedef void (*mcts_report_fn)(const mcts_report_t *report, void *user);

typedef struct mcts mcts_t;

/* Fill cfg with the defaults: 10,000 playouts, no time limit, seed 1, 256 MB, tactical playouts,
 * tree reuse, root passes counted. */
void mcts_config_default(mcts_config_t *cfg);

/* Create a searcher; the pool is allocated (not touched) now. Returns NULL if out of memory or
 * the configuration is unusable (no limit, pool below a few nodes). */
mcts_t *mcts_new(const mcts_config_t *cfg);
void mcts_free(mcts_t *m);
/* Change the configuration. A new memory size drops the tree and reallocates the pool (returns
 * false, searcher unchanged, if that fails). */
bool mcts_set_config(mcts_t *m, const mcts_config_t *cfg);
const mcts_config_t *mcts_config(const mcts_t *m);
/* Drop the tree (the next search starts fresh). */
void mcts_clear(mcts_t *m);

/* Moves the search must not consider (GTP allow/avoid): a move of colour c at point p is left out
 * of the tree at depths below banned_until[c][p] (depth 0: the moves at the root). Pass is never
 * banned. */
typedef struct mcts_move_filter {
    uint8_t banned_until[3][BOARD_MAX_POINTS];
} mcts_move_filter_t;

/* Use f (copied; NULL: no filter) from the next search on. A change drops the tree, which was
 * grown under the old filter. */
void mcts_set_move_filter(mcts_t *m, const mcts_move_filter_t *f);
/* Report callback, called every MCTS_REPORT_INTERVAL playouts and once at the end (fn NULL: none). */
void mcts_set_report(mcts_t *m, mcts_report_fn fn, void *user);

/* Stop flag polled at every playout (NULL: none): when another thread sets *stop, the search
 * ends after the playout in progress, as if a limit had been reached. The flag is not reset. */
void mcts_set_stop(mcts_t *m, const atomic_bool *stop);

/* A process-wide function that the caller's thread of every search calls every
 * MCTS_POLL_INTERVAL simulations (NULL, the default: none). The browser build, which has one
 * thread and no shared memory, returns to its event loop there so that a "stop" message can reach
 * engine_stop_search while a search runs; native front ends leave it unset. */
typedef void (*mcts_poll_fn)(void);
void mcts_set_poll(mcts_poll_fn fn);

/* ---- distributed search: statistics shared with other searchers ----
 * Several searchers (other processes, other machines) may search the same position, each with its
 * own tree, and exchange the counts of their top nodes now and then. A node is named by a key of
 * the root's position and its move path from the root, the same in every tree. Each node keeps the others' counts apart
 * from its own: an import replaces them, so nothing is counted twice; selection and the reports
 * add them. How the counts travel is the caller's business (src/dist/). */

#define MCTS_ROOT_SHARE_SEED 0x6a09e667f3bcc909ULL /* mixed into the key of the root */

/* A node's own counts (wins in half games), or the others' counts of a node on import. */
typedef struct mcts_share {
    uint64_t key; /* the root's position and player to move, then the move path, hashed */
    int depth;    /* moves from the root */
    int32_t visits, wins2, amaf_visits, amaf_wins2;
} mcts_share_t;

typedef enum mcts_sync_state {
    MCTS_SYNC_SEARCHING,     /* the search is running */
    MCTS_SYNC_PLAYOUTS_DONE, /* this searcher has played its playout limit */
    MCTS_SYNC_STOPPED,       /* its time limit or stop flag ended it */
    MCTS_SYNC_FINAL,         /* every thread has stopped: the last exchange (return ignored) */
} mcts_sync_state_t;

/* Called by the caller's thread of a search every MCTS_SYNC_POLL_INTERVAL simulations
 * (SEARCHING), then, once the search's own limits are reached, about every millisecond with the
 * reason until it returns true, then once with FINAL after the threads stopped. Returns true when
 * the group has ended the search (the search then ends at once). It may call the export and
 * import functions below. */
typedef bool (*mcts_sync_fn)(mcts_t *m, mcts_sync_state_t state, void *user);
/* The sync function of the following searches (NULL: none, the default). */
void mcts_set_sync(mcts_t *m, mcts_sync_fn fn, void *user);

typedef void (*mcts_share_fn)(const mcts_share_t *share, void *user);
/* Call fn with the own counts of the root and of every node down to max_depth whose own visits
 * are at least min_visits (and whose parent was reported), breadth-first: the root first. May
 * run during a search (from the sync function). False if out of memory (some nodes reported). */
bool mcts_export_shares(mcts_t *m, int max_depth, int min_visits, mcts_share_fn fn, void *user);

/* Return true and fill *others with the others' counts of the node of that key, if known. */
typedef bool (*mcts_share_lookup_fn)(uint64_t key, mcts_share_t *others, void *user);
/* For the root and, below every node found, its children down to max_depth: the others' counts
 * of each node that lookup knows replace the ones held. Every other node (one that lookup does
 * not know now, the nodes below it, and nodes deeper than max_depth) loses the counts an earlier
 * import gave it: only this import's counts are added. False if out of memory (then nodes below
 * some of the ones found may keep earlier counts until the next import). */
bool mcts_import_shares(mcts_t *m, int max_depth, mcts_share_lookup_fn lookup, void *user);

/* The ownership sums (+1 black, -1 white per simulation and point, BOARD_MAX_POINTS entries) of
 * this searcher's simulations in the current search so far, into sum; returns their number. */
long mcts_export_ownership(const mcts_t *m, int32_t *sum);
/* The others' ownership sums and simulations for the current search, added to mcts_ownership
 * (replacing the ones given before; the next search starts with none). */
void mcts_import_ownership(mcts_t *m, const int32_t *sum, long samples);

/* This searcher's playouts of the current search so far. */
long mcts_search_playouts(const mcts_t *m);
/* The others' playouts of the current search (mcts_report_t.others_playouts; replacing the number
 * given before; the next search starts with 0). */
void mcts_import_playouts(mcts_t *m, long playouts);

/* Final area scores of a search's simulations by their first move (the reports' score, its
 * spread and samples), indexed by the point, 0 for a pass. */
typedef struct mcts_move_scores {
    int64_t sum[BOARD_MAX_POINTS];
    int64_t sq_sum[BOARD_MAX_POINTS]; /* of the squares */
    int32_t count[BOARD_MAX_POINTS];
} mcts_move_scores_t;
/* This searcher's score sums of the current search so far, into out. */
void mcts_export_move_scores(const mcts_t *m, mcts_move_scores_t *out);
/* The others' score sums for the current search, added to the reports' per-move scores (replacing
 * the ones given before; the next search starts with none). */
void mcts_import_move_scores(mcts_t *m, const mcts_move_scores_t *others);

/* Real visits of the root: this searcher's own, and with the others' shares added. */
long mcts_root_own_visits(const mcts_t *m);
long mcts_root_total_visits(const mcts_t *m);

/* Search the position of g with c to move (c need not be game_to_move(g)). Returns the most
 * visited root move (a point or POINT_PASS; POINT_PASS also when the game is over) and fills *out
 * (if not NULL); out->moves and out->pv point into m and stay valid until the next call on m. */
int mcts_search(mcts_t *m, const game_t *g, stone_t c, mcts_report_t *out);

/* Ownership from the playouts of the last search: per point, the mean Tromp-Taylor owner at the
 * end of the playouts (+1 black, -1 white), in [-1, 1]; BOARD_MAX_POINTS entries, 0 off the board
 * and before any search; during a search (from the report callback), the mean so far.
 * Simulations that end in the tree by two passes are not counted: they score the board as it
 * stands and say nothing about which stones would die. */
const float *mcts_ownership(const mcts_t *m);

/* The principal variation that starts with the root move `point` of the last search (that move,
 * then the most visited children): writes at most max points to pv and returns how many. 0 if
 * point is not a root move. May be called from the report callback. */
int mcts_root_pv(const mcts_t *m, int point, int *pv, int max);
/* The same, with the real visits of every move of the variation in visits[] (as many entries). */
int mcts_root_pv_visits(const mcts_t *m, int point, int *pv, int *visits, int max);

/* Visit statistics for tests: total real visits of the root and the sum of its children's. */
void mcts_root_visits(const mcts_t *m, long *root, long *children_sum);
/* Check the tree's invariants (every expanded node has at least as many visits as its children
 * together; children blocks inside the pool; no virtual loss left after a search; the others'
 * counts held only by nodes marked as holding them, whose parents are marked too). Returns true
 * if they hold. */
bool mcts_check_tree(const mcts_t *m);

#endif
