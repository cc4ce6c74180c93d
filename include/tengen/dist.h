/* dist.h - one search over several processes (machines) with MPI (docs/distributed.md).
 *
 * Every process (rank) runs its own engine and tree on the same game. Rank 0 speaks to the front
 * end and sends the others what they must do (dist_send): a GTP line to run silently, a search
 * to join, the end. A front end with many games (the web server) sends no lines: its searches
 * carry their position (dist_set_positions), which the others set up before they join. During a
 * search every rank adds up the top nodes' statistics of all the trees every few milliseconds (one
 * MPI_Allreduce over a fixed table of hashed slots), and each tree keeps the others' counts apart
 * from its own (mcts.h). Rank 0 never waits for the others without a time limit: a rank that does
 * not answer makes it search alone from then on, saying so on stderr. Nor do the others wait for
 * rank 0 for ever: rank 0 sends them a heartbeat every second from a thread of its own, and a
 * rank that hears nothing from it for 10 s takes it for dead and ends the job.
 *
 * Layer: above the searcher (mcts.h), below the engine, which starts and ends the shared searches.
 * It knows no protocol: a line is text. Built without MPI, dist_start always fails with a
 * message; nothing else may be called then.
 */
#ifndef TENGEN_DIST_H
#define TENGEN_DIST_H

#include <stdbool.h>
#include <stddef.h>

#include "tengen/board.h"
#include "tengen/game.h"
#include "tengen/mcts.h"

/* The default interval between two syncs of a search, in seconds (--mpi-sync, in ms). */
#define DIST_DEFAULT_SYNC_SECONDS 0.1
/* Seconds without a word from rank 0 (heartbeats come every second) after which another rank
 * takes it for dead or hung and ends the job: many heartbeats, so that a loaded machine does not
 * pass for a dead rank 0. */
#define DIST_DEFAULT_SILENCE_SECONDS 10.0

typedef struct dist dist_t;

typedef enum dist_msg_kind {
    DIST_MSG_LINE,   /* run this line silently (text) */
    DIST_MSG_SEARCH, /* join a search of the current position, or of game (color, playouts,
                        move_search, filter, game, threads) */
    DIST_MSG_PLAY,   /* rank 0 played this move (color, point: a point, POINT_PASS or
                        POINT_RESIGN) */
    DIST_MSG_GAME,   /* from now on the game the ranks keep in step is this one (game: rank 0's
                        after a loadsgf, which only rank 0 reads) */
    DIST_MSG_QUIT,   /* the session ends */
} dist_msg_kind_t;

typedef struct dist_msg {
    dist_msg_kind_t kind;
    stone_t color;    /* SEARCH: the player to move */
    long playouts;    /* SEARCH: the playout limit of the whole group; 0: none (time or stop) */
    bool move_search; /* SEARCH: a search for a move (dynamic komi), not an analysis */
    int point;        /* PLAY: the move */
    char *text;       /* LINE: the line, NUL-terminated (dist_receive allocates it; the caller
                         frees it) */
    mcts_move_filter_t *filter; /* SEARCH: the moves the search leaves out (allow/avoid), NULL
                                   for none (dist_receive allocates it; the caller frees it) */
    game_t *game; /* SEARCH: the position to search (size, rules, handicap, setup, moves,
                     player to move), NULL for the game the ranks keep in step; GAME: the new
                     game (never NULL when sent). dist_send only reads it; dist_receive makes
                     it (the caller frees it with game_free), or leaves it NULL after a message
                     on stderr if it cannot */
    int threads;  /* SEARCH with a game: search threads (0: the rank's own setting) */
} dist_msg_t;

/* Was this tengen built with MPI? */
bool dist_is_built(void);

/* Join the MPI job (MPI_Init) with sync_seconds between syncs; rank 0 starts its heartbeats, and
 * the other ranks end the job after silence_seconds without a word from it. NULL
 * after writing a message of at most err_len bytes to err when tengen was built without MPI, was
 * not started by mpirun (a job of one process), or MPI fails. */
dist_t *dist_start(double sync_seconds, double silence_seconds, char *err, size_t err_len);
/* Leave the job (MPI_Finalize) and free d. After rank 0 gave the others up, or another rank lost
 * rank 0, it ends the whole job instead (MPI_Abort): a rank that does not answer could not be
 * waited for. */
void dist_finish(dist_t *d);

int dist_rank(const dist_t *d);
int dist_size(const dist_t *d);
/* Rank 0 gave the others up (one did not answer in time): it searches alone. */
bool dist_is_alone(const dist_t *d);

/* Rank 0: send msg to every other rank. False when rank 0 is alone (or becomes so now: a rank did
 * not take it in time). */
bool dist_send(dist_t *d, const dist_msg_t *msg);
/* The other ranks: wait for rank 0's next message (polling, so an idle rank uses little processor
 * time). False if MPI fails, or after a message on stderr when rank 0 has been silent for 10 s
 * (no heartbeat: it is dead or hangs; a search of the group in progress ends then too). */
bool dist_receive(dist_t *d, dist_msg_t *msg);

/* The group's searches carry their position (true: the web server's), instead of searching the
 * game that rank 0's lines keep the same on every rank. Set on every rank before the first
 * message. */
void dist_set_positions(dist_t *d, bool positions);
bool dist_positions(const dist_t *d);

/* Rank 0 with several threads that search: one group search at a time. A thread holds the lock
 * from the SEARCH message it sends to dist_search_end (taken with dist_try_lock: a search that
 * finds the group busy runs alone), and while it sends any other message. */
void dist_lock(dist_t *d);
bool dist_try_lock(dist_t *d);
void dist_unlock(dist_t *d);

/* This rank's share of a playout limit of the whole group (0 stays 0: no limit): the shares add up
 * to total exactly when total is at least the number of ranks (every rank plays at least one). */
long dist_playout_share(const dist_t *d, long total);

/* Make m's next search a search of the group (mcts_set_sync), until dist_search_end. Every rank
 * must run the same number of group searches, in the same order. */
void dist_search_begin(dist_t *d, mcts_t *m);
/* After that search: removes the sync function and logs the root visits on stderr (rank 0 the
 * group's and its own, the others their own). */
void dist_search_end(dist_t *d, mcts_t *m);

#endif
