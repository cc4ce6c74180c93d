/* dist_mpi.c - the distributed search over Open MPI (dist.h, docs/distributed.md).
 *
 * Owns: MPI's start and end, the sending of rank 0's messages to the others (their bytes are
 * dist_wire.c's), the sync of the searches. Must not know: GTP, the engine's decisions.
 *
 * Three communicators, so that the kinds of traffic never have to be ordered against each
 * other: `commands` carries rank 0's messages (MPI_Ibcast), `syncs` the statistics
 * (MPI_Iallreduce), `heartbeats` the word that rank 0 sends every other rank every second from a
 * thread of its own, whatever its other threads do (read GTP, search, serve the web). Every wait
 * is a loop of MPI_Test with a short sleep: an idle rank leaves the processor to the searching
 * ones, rank 0 can give up a rank that does not answer, and the other ranks, which hear rank 0's
 * heartbeats meanwhile (MPI_Iprobe), end the job when rank 0 has been silent too long. MPI runs
 * at MPI_THREAD_SERIALIZED: every call after dist_start holds the `calls` lock, so the heartbeat
 * thread never calls MPI at the same time as a searching or serving thread.
 *
 * The sync table: every rank writes its own counts of its top nodes into a fixed table of
 * DIST_SLOTS slots, chosen by the node's key (the hash of its move path from the root); the
 * Allreduce sums the tables; each rank subtracts what it sent, which leaves the others' counts.
 * A slot also sums a 32-bit check of the key and the number of ranks that wrote it, so a slot
 * where different nodes met (a collision) is recognised and ignored. Words are unsigned 32-bit:
 * sums wrap, which the check needs, and counts stay far below 2^31. The per-move score sums can
 * pass 2^32 (the squares do soon), and a sum of words cannot carry from one word to the next:
 * each is split into a low word of 16 bits and a high word of the bits above, so that the low
 * words of up to 65,536 ranks add up without overflowing.
 */
#include "tengen/dist.h"

#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dist/dist_wire.h"

#define DIST_SLOTS 4096         /* slots of the sync table (a power of two) */
/* Nodes shared: down to this many moves below the root. Sharing every depth (64) or ten levels
 * measured no better than three in matches of 2 ranks (docs/strength.md); the number of syncs a
 * search holds mattered more. */
#ifndef DIST_SHARE_DEPTH
#define DIST_SHARE_DEPTH 3
#endif
#define DIST_SHARE_MIN_VISITS 8 /* and with at least this many own visits (an expanded node) */
#define DIST_MIN_TIMEOUT 2.0    /* seconds rank 0 waits for the others at least */
#define DIST_TIMEOUT_SYNCS 20   /* ... or this many sync intervals */
#define DIST_RANK_SEED 0x9e3779b97f4a7c15ULL /* times the rank, mixed into a rank's seed */
#define DIST_HEARTBEAT_SECONDS 1             /* rank 0 tells the others it lives this often */
#define HEARTBEAT_TAG 1

/* The table's words: control, ownership, then the slots. */
enum {
    CTRL_STOP,     /* ranks that stop the search (rank 0: its time limit or stop flag) */
    CTRL_DONE,     /* ranks whose own limit is reached */
    CTRL_SAMPLES,  /* simulations in the ownership sums */
    CTRL_PLAYOUTS, /* playouts of the search so far */
    CTRL_WORDS,
};
enum { SLOT_CHECK, SLOT_WRITERS, SLOT_VISITS, SLOT_WINS2, SLOT_AMAF, SLOT_AMAF_WINS2, SLOT_WORDS };
#define OWNER_WORDS BOARD_MAX_POINTS
/* Per point (a first move of the simulations, 0 for a pass): the score sum and the sum of the
 * squares, each split in two words, and the count. */
enum { SCORE_SUM_LOW, SCORE_SUM_HIGH, SCORE_SQ_LOW, SCORE_SQ_HIGH, SCORE_COUNT, SCORE_WORDS };
#define SCORES_WORDS (BOARD_MAX_POINTS * SCORE_WORDS)
#define TABLE_WORDS (CTRL_WORDS + OWNER_WORDS + SCORES_WORDS + DIST_SLOTS * SLOT_WORDS)

struct dist {
    int rank, size;
    MPI_Comm commands, syncs, heartbeats;
    double sync_seconds, timeout;
    bool alone;
    bool positions;            /* searches carry their position (dist_set_positions) */
    pthread_mutex_t searching; /* rank 0: one group search at a time (dist_lock) */
    pthread_mutex_t calls;     /* held around every MPI call after dist_start */

    /* Rank 0's heartbeats: the thread, its end, the send in flight to each rank. */
    pthread_t beater;
    bool beating;
    pthread_mutex_t beat_lock;
    pthread_cond_t beat_wake;
    bool beat_quit;
    MPI_Request *beats; /* size entries, MPI_REQUEST_NULL where none is in flight */
    int beat_word;

    /* The other ranks: when rank 0 was last heard (a heartbeat, a message, a sync), and whether
     * it has been silent too long: then every wait gives up at once and the job ends. */
    double heard;
    double silence; /* seconds of silence that end the job (dist_start's silence_seconds) */
    bool lost_rank0;

    /* The search in progress. */
    mcts_t *m;
    bool in_flight; /* a sync is under way */
    MPI_Request request;
    double started;   /* when it began */
    double last_end;  /* when the last one ended */
    bool group_ended; /* a sync said the search is over for everyone */
    uint32_t *sent, *sums;
    mcts_move_scores_t scores; /* scratch of a sync: this rank's, then the others' score sums */
    long syncs_done;
    double sync_seconds_spent; /* in filling, testing and reading syncs (the overhead; the waits
                                  for slower ranks at the end of a search are not counted) */
    long searches;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void pause_briefly(long nanoseconds)
{
    const struct timespec t = {0, nanoseconds};
    nanosleep(&t, NULL);
}

bool dist_is_built(void)
{
    return true;
}

/* MPI_Test under the calls lock. */
static int test_request(dist_t *d, MPI_Request *req, int *done)
{
    pthread_mutex_lock(&d->calls);
    const int rc = MPI_Test(req, done, MPI_STATUS_IGNORE);
    pthread_mutex_unlock(&d->calls);
    return rc;
}

/* ---- rank 0's heartbeats ---- */

/* A word to every other rank, but one that has not yet taken the last (stopped, dead): its
 * words would only pile up. */
static void send_heartbeats(dist_t *d)
{
    pthread_mutex_lock(&d->calls);
    for (int r = 1; r < d->size; r++) {
        int done = 1;
        if (d->beats[r] != MPI_REQUEST_NULL &&
            MPI_Test(&d->beats[r], &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            done = 0;
        if (done && MPI_Isend(&d->beat_word, 1, MPI_INT, r, HEARTBEAT_TAG, d->heartbeats,
                              &d->beats[r]) != MPI_SUCCESS)
            d->beats[r] = MPI_REQUEST_NULL;
    }
    pthread_mutex_unlock(&d->calls);
}

static void *beat(void *arg)
{
    dist_t *d = arg;
    pthread_mutex_lock(&d->beat_lock);
    while (!d->beat_quit) {
        pthread_mutex_unlock(&d->beat_lock);
        send_heartbeats(d);
        pthread_mutex_lock(&d->beat_lock);
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += DIST_HEARTBEAT_SECONDS;
        while (!d->beat_quit &&
               pthread_cond_timedwait(&d->beat_wake, &d->beat_lock, &until) != ETIMEDOUT) {
        }
    }
    pthread_mutex_unlock(&d->beat_lock);
    return NULL;
}

/* Rank 0: start the heartbeats. The thread takes no signal: they stay the other threads'. */
static bool start_heartbeats(dist_t *d)
{
    d->beats = malloc((size_t)d->size * sizeof *d->beats);
    if (!d->beats) return false;
    for (int r = 0; r < d->size; r++)
        d->beats[r] = MPI_REQUEST_NULL;
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&d->beat_wake, &attr);
    pthread_condattr_destroy(&attr);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    d->beating = pthread_create(&d->beater, NULL, beat, d) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return d->beating;
}

/* Rank 0: end the heartbeats before MPI ends. A word still on its way is cancelled. */
static void stop_heartbeats(dist_t *d)
{
    if (d->beating) {
        pthread_mutex_lock(&d->beat_lock);
        d->beat_quit = true;
        pthread_cond_signal(&d->beat_wake);
        pthread_mutex_unlock(&d->beat_lock);
        pthread_join(d->beater, NULL);
        d->beating = false;
    }
    for (int r = 0; d->beats && r < d->size; r++) {
        int done = 0;
        if (d->beats[r] == MPI_REQUEST_NULL ||
            (MPI_Test(&d->beats[r], &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && done))
            continue;
        MPI_Cancel(&d->beats[r]);
        MPI_Request_free(&d->beats[r]);
    }
}

/* The other ranks: take the heartbeats that have come. False once rank 0 has been silent for
 * d->silence seconds (said on stderr, once): from then on every wait gives up. */
static bool hears_rank0(dist_t *d)
{
    if (d->lost_rank0) return false;
    for (;;) {
        int come = 0, word = 0;
        pthread_mutex_lock(&d->calls);
        const bool took =
            MPI_Iprobe(0, HEARTBEAT_TAG, d->heartbeats, &come, MPI_STATUS_IGNORE) == MPI_SUCCESS &&
            come &&
            MPI_Recv(&word, 1, MPI_INT, 0, HEARTBEAT_TAG, d->heartbeats, MPI_STATUS_IGNORE) ==
                MPI_SUCCESS;
        pthread_mutex_unlock(&d->calls);
        if (!took) break;
        d->heard = now();
    }
    if (now() - d->heard <= d->silence) return true;
    d->lost_rank0 = true;
    fprintf(stderr,
            "tengen: mpi rank %d: nothing from rank 0 for %.0f s: it is dead or hangs; ending the "
            "job\n",
            d->rank, d->silence);
    return false;
}

dist_t *dist_start(double sync_seconds, double silence_seconds, char *err, size_t err_len)
{
    /* MPI_Init outside mpirun would make a job of one process (slowly): say what is wrong. */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMIX_RANK") && !getenv("PMI_RANK")) {
        snprintf(err, err_len, "not started by mpirun: mpirun -np N tengen gtp|web --mpi ...");
        return NULL;
    }
    int provided = 0;
    /* Rank 0's searches run in the analysis and ponder threads, never two at once with the
     * thread that reads GTP (it stops them first): serialized calls are enough. */
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        snprintf(err, err_len, "MPI could not start");
        return NULL;
    }
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED || size < 2) {
        snprintf(err, err_len,
                 size < 2 ? "--mpi needs two processes or more: start it with mpirun -np N"
                          : "this MPI library cannot be called from several threads");
        MPI_Finalize();
        return NULL;
    }
    dist_t *d = calloc(1, sizeof *d);
    uint32_t *sent = calloc(TABLE_WORDS, sizeof *sent), *sums = calloc(TABLE_WORDS, sizeof *sums);
    if (!d || !sent || !sums) {
        free(d);
        free(sent);
        free(sums);
        snprintf(err, err_len, "out of memory");
        MPI_Finalize();
        return NULL;
    }
    d->sent = sent;
    d->sums = sums;
    pthread_mutex_init(&d->searching, NULL);
    pthread_mutex_init(&d->calls, NULL);
    pthread_mutex_init(&d->beat_lock, NULL);
    d->size = size;
    MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &d->commands);
    MPI_Comm_dup(MPI_COMM_WORLD, &d->syncs);
    MPI_Comm_dup(MPI_COMM_WORLD, &d->heartbeats);
    /* A failing peer must give rank 0 an error to act on, not end the job. */
    MPI_Comm_set_errhandler(d->commands, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(d->syncs, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(d->heartbeats, MPI_ERRORS_RETURN);
    /* The first collective of a communicator sets up the connections between the ranks, which
     * can take seconds on a loaded machine: done here, at the start, it cannot pass for a rank
     * that does not answer during a search. */
    MPI_Allreduce(MPI_IN_PLACE, d->sums, TABLE_WORDS, MPI_UINT32_T, MPI_SUM, d->syncs);
    MPI_Barrier(d->commands);
    d->sync_seconds = sync_seconds;
    d->timeout = DIST_TIMEOUT_SYNCS * sync_seconds;
    if (d->timeout < DIST_MIN_TIMEOUT) d->timeout = DIST_MIN_TIMEOUT;
    d->silence = silence_seconds;
    d->heard = now();
    if (d->rank == 0 && !start_heartbeats(d)) {
        /* The others already wait for rank 0's messages: the job cannot go on. */
        fprintf(stderr, "tengen: mpi: cannot start the heartbeat thread\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return d;
}

void dist_finish(dist_t *d)
{
    if (!d) return;
    if (d->rank == 0) stop_heartbeats(d);
    if (d->alone || d->lost_rank0) {
        /* A rank that stopped answering cannot take a message, and MPI_Finalize could wait for
         * it for ever: end the whole job (rank 0's answers are out). */
        fflush(stdout);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, d->alone ? 0 : 1);
    }
    MPI_Comm_free(&d->commands);
    MPI_Comm_free(&d->syncs);
    MPI_Comm_free(&d->heartbeats);
    MPI_Finalize();
    pthread_mutex_destroy(&d->searching);
    pthread_mutex_destroy(&d->calls);
    if (d->rank == 0) pthread_cond_destroy(&d->beat_wake);
    pthread_mutex_destroy(&d->beat_lock);
    free(d->beats);
    free(d->sent);
    free(d->sums);
    free(d);
}

int dist_rank(const dist_t *d)
{
    return d->rank;
}

int dist_size(const dist_t *d)
{
    return d->size;
}

bool dist_is_alone(const dist_t *d)
{
    return d->alone;
}

void dist_set_positions(dist_t *d, bool positions)
{
    d->positions = positions;
}

bool dist_positions(const dist_t *d)
{
    return d->positions;
}

void dist_lock(dist_t *d)
{
    pthread_mutex_lock(&d->searching);
}

bool dist_try_lock(dist_t *d)
{
    return pthread_mutex_trylock(&d->searching) == 0;
}

void dist_unlock(dist_t *d)
{
    pthread_mutex_unlock(&d->searching);
}

static void go_alone(dist_t *d, const char *what)
{
    d->alone = true;
    d->in_flight = false;
    fprintf(stderr,
            "tengen: mpi: %s: the other ranks did not answer within %.1f s; searching alone from "
            "now on\n",
            what, d->timeout);
}

/* Wait for a request: rank 0 at most d->timeout seconds (false, alone, after it), the others for
 * as long as rank 0 is heard. False also if MPI reports an error. */
static bool wait_for(dist_t *d, MPI_Request *req, const char *what)
{
    const double t0 = now();
    for (;;) {
        int done = 0;
        if (test_request(d, req, &done) != MPI_SUCCESS) {
            if (d->rank == 0) go_alone(d, what);
            return false;
        }
        if (done) {
            d->heard = now();
            return true;
        }
        if (d->rank == 0 && now() - t0 > d->timeout) {
            go_alone(d, what);
            return false;
        }
        if (d->rank != 0 && !hears_rank0(d)) return false;
        pause_briefly(100000);
    }
}

/* ---- messages ---- */

/* Start rank 0's broadcast of len bytes at data on `commands`. */
static bool broadcast(dist_t *d, void *data, int64_t len, MPI_Request *req)
{
    pthread_mutex_lock(&d->calls);
    const int rc = MPI_Ibcast(data, (int)len, MPI_BYTE, 0, d->commands, req);
    pthread_mutex_unlock(&d->calls);
    return rc == MPI_SUCCESS;
}

bool dist_send(dist_t *d, const dist_msg_t *msg)
{
    if (d->alone || d->rank != 0) return false;
    dist_wire_header_t w;
    unsigned char *payload = NULL;
    char err[128];
    if (!dist_wire_encode(msg, &w, &payload, err, sizeof err)) {
        fprintf(stderr, "tengen: mpi: %s\n", err);
        return false;
    }
    MPI_Request req;
    bool sent = broadcast(d, &w, (int64_t)sizeof w, &req) && wait_for(d, &req, "sending a command");
    if (sent && w.payload_len > 0)
        sent = broadcast(d, payload, w.payload_len, &req) && wait_for(d, &req, "sending a command");
    free(payload);
    return sent;
}

bool dist_receive(dist_t *d, dist_msg_t *msg)
{
    memset(msg, 0, sizeof *msg);
    if (d->lost_rank0) return false;
    dist_wire_header_t w;
    MPI_Request req;
    /* Idle ranks sleep between tests: a blocking MPI_Bcast would spin on the processor. */
    if (!broadcast(d, &w, (int64_t)sizeof w, &req)) return false;
    for (int done = 0; !done;) {
        if (test_request(d, &req, &done) != MPI_SUCCESS) return false;
        if (!done && !hears_rank0(d)) return false;
        if (!done) pause_briefly(1000000);
    }
    d->heard = now();
    if (!dist_wire_is_valid_header(&w)) {
        fprintf(stderr, "tengen: mpi rank %d: a command from rank 0 is not one\n", d->rank);
        return false;
    }
    unsigned char *payload = NULL;
    if (w.payload_len > 0) {
        payload = malloc((size_t)w.payload_len);
        if (!payload) return false;
        if (!broadcast(d, payload, w.payload_len, &req) ||
            !wait_for(d, &req, "receiving a command")) {
            free(payload);
            return false;
        }
    }
    char err[160];
    const dist_wire_status_t status = dist_wire_decode(&w, payload, msg, err, sizeof err);
    free(payload);
    /* A rank whose position could not be set up still joins the search, or the group's syncs
     * would wait for it: its tree shares nothing with the others' then (another position's
     * keys). */
    if (status == DIST_WIRE_NO_GAME)
        fprintf(stderr, "tengen: mpi rank %d: rank 0's position could not be set up: %s\n", d->rank,
                err);
    else if (status == DIST_WIRE_BROKEN)
        fprintf(stderr, "tengen: mpi rank %d: a broken command from rank 0: %s\n", d->rank, err);
    return status != DIST_WIRE_BROKEN;
}

long dist_playout_share(const dist_t *d, long total)
{
    if (total <= 0) return 0;
    const long share = total / d->size + (d->rank < total % d->size ? 1 : 0);
    /* 0 would mean no limit: a rank plays at least one. */
    return share > 0 ? share : 1;
}

/* ---- the sync of a search ---- */

static uint32_t slot_of(uint64_t key)
{
    return (uint32_t)(key & (DIST_SLOTS - 1));
}

static uint32_t check_of(uint64_t key)
{
    return (uint32_t)(key >> 32);
}

static uint32_t *slot_words(uint32_t *table, uint32_t slot)
{
    return table + CTRL_WORDS + OWNER_WORDS + SCORES_WORDS + (size_t)slot * SLOT_WORDS;
}

static uint32_t *score_words(uint32_t *table, int point)
{
    return table + CTRL_WORDS + OWNER_WORDS + (size_t)point * SCORE_WORDS;
}

/* A 64-bit value as a low word of 16 bits and a high word of the next 32 (values of up to 2^47
 * in magnitude, far beyond any score sum). */
static void put_split(uint32_t *low, uint32_t *high, int64_t v)
{
    const uint64_t u = (uint64_t)v;
    *low = (uint32_t)(u & 0xffff);
    *high = (uint32_t)(u >> 16);
}

/* The others' value: the summed split words less this rank's, put together again modulo 2^48
 * and sign-extended. */
static int64_t others_split(const uint32_t *sum_low, const uint32_t *sum_high,
                            const uint32_t *mine_low, const uint32_t *mine_high)
{
    const uint64_t high = (uint32_t)(*sum_high - *mine_high), low = *sum_low - *mine_low;
    const uint64_t u = ((high << 16) + low) & (((uint64_t)1 << 48) - 1);
    return u >= (uint64_t)1 << 47 ? (int64_t)(u - ((uint64_t)1 << 48)) : (int64_t)u;
}

/* Write one node's own counts into the table to send; a slot already written by this rank (a
 * node met earlier, nearer the root) is kept. */
static void write_share(const mcts_share_t *s, void *user)
{
    uint32_t *w = slot_words(user, slot_of(s->key));
    if (w[SLOT_WRITERS]) return;
    w[SLOT_CHECK] = check_of(s->key);
    w[SLOT_WRITERS] = 1;
    w[SLOT_VISITS] = (uint32_t)s->visits;
    w[SLOT_WINS2] = (uint32_t)s->wins2;
    w[SLOT_AMAF] = (uint32_t)s->amaf_visits;
    w[SLOT_AMAF_WINS2] = (uint32_t)s->amaf_wins2;
}

/* The others' counts of a key: the sums less what this rank sent, if every other writer of the
 * slot wrote that key. */
static bool read_share(uint64_t key, mcts_share_t *out, void *user)
{
    const dist_t *d = user;
    const uint32_t slot = slot_of(key);
    const uint32_t *sum = slot_words(d->sums, slot), *mine = slot_words(d->sent, slot);
    const uint32_t writers = sum[SLOT_WRITERS] - mine[SLOT_WRITERS];
    if (writers == 0 || sum[SLOT_CHECK] - mine[SLOT_CHECK] != writers * check_of(key)) return false;
    out->key = key;
    out->visits = (int32_t)(sum[SLOT_VISITS] - mine[SLOT_VISITS]);
    out->wins2 = (int32_t)(sum[SLOT_WINS2] - mine[SLOT_WINS2]);
    out->amaf_visits = (int32_t)(sum[SLOT_AMAF] - mine[SLOT_AMAF]);
    out->amaf_wins2 = (int32_t)(sum[SLOT_AMAF_WINS2] - mine[SLOT_AMAF_WINS2]);
    return true;
}

/* Start a sync with this rank's table: its counts, its ownership and its flags. */
static void start_sync(dist_t *d, mcts_t *m, bool stop, bool done)
{
    const double t0 = now();
    memset(d->sent, 0, TABLE_WORDS * sizeof *d->sent);
    d->sent[CTRL_STOP] = stop;
    d->sent[CTRL_DONE] = done;
    int32_t owner[BOARD_MAX_POINTS];
    d->sent[CTRL_SAMPLES] = (uint32_t)mcts_export_ownership(m, owner);
    d->sent[CTRL_PLAYOUTS] = (uint32_t)mcts_search_playouts(m);
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        d->sent[CTRL_WORDS + p] = (uint32_t)owner[p];
    mcts_export_move_scores(m, &d->scores);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        uint32_t *w = score_words(d->sent, p);
        put_split(&w[SCORE_SUM_LOW], &w[SCORE_SUM_HIGH], d->scores.sum[p]);
        put_split(&w[SCORE_SQ_LOW], &w[SCORE_SQ_HIGH], d->scores.sq_sum[p]);
        w[SCORE_COUNT] = (uint32_t)d->scores.count[p];
    }
    mcts_export_shares(m, DIST_SHARE_DEPTH, DIST_SHARE_MIN_VISITS, write_share, d->sent);
    pthread_mutex_lock(&d->calls);
    const int rc =
        MPI_Iallreduce(d->sent, d->sums, TABLE_WORDS, MPI_UINT32_T, MPI_SUM, d->syncs, &d->request);
    pthread_mutex_unlock(&d->calls);
    if (rc != MPI_SUCCESS) {
        if (d->rank == 0) go_alone(d, "starting a sync");
        return;
    }
    d->in_flight = true;
    d->started = now();
    d->sync_seconds_spent += d->started - t0;
}

/* A sync has completed: take the others' counts and ownership, and whether the search is over. */
static void finish_sync(dist_t *d, mcts_t *m)
{
    const double t0 = now();
    d->in_flight = false;
    d->syncs_done++;
    mcts_import_shares(m, DIST_SHARE_DEPTH, read_share, d);
    int32_t owner[BOARD_MAX_POINTS];
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        owner[p] = (int32_t)(d->sums[CTRL_WORDS + p] - d->sent[CTRL_WORDS + p]);
    mcts_import_ownership(m, owner, (long)(d->sums[CTRL_SAMPLES] - d->sent[CTRL_SAMPLES]));
    mcts_import_playouts(m, (long)(d->sums[CTRL_PLAYOUTS] - d->sent[CTRL_PLAYOUTS]));
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        const uint32_t *sum = score_words(d->sums, p), *mine = score_words(d->sent, p);
        d->scores.sum[p] = others_split(&sum[SCORE_SUM_LOW], &sum[SCORE_SUM_HIGH],
                                        &mine[SCORE_SUM_LOW], &mine[SCORE_SUM_HIGH]);
        d->scores.sq_sum[p] = others_split(&sum[SCORE_SQ_LOW], &sum[SCORE_SQ_HIGH],
                                           &mine[SCORE_SQ_LOW], &mine[SCORE_SQ_HIGH]);
        d->scores.count[p] = (int32_t)(sum[SCORE_COUNT] - mine[SCORE_COUNT]);
    }
    mcts_import_move_scores(m, &d->scores);
    if (d->sums[CTRL_STOP] > 0 || d->sums[CTRL_DONE] >= (uint32_t)d->size) d->group_ended = true;
    d->last_end = now();
    d->sync_seconds_spent += d->last_end - t0;
}

/* Poll the sync in flight. True when it completed (false: still running, or rank 0 gave up). */
static bool poll_sync(dist_t *d, mcts_t *m)
{
    const double t0 = now();
    int done = 0;
    const int rc = test_request(d, &d->request, &done);
    d->sync_seconds_spent += now() - t0;
    if (rc != MPI_SUCCESS) {
        if (d->rank == 0) go_alone(d, "a sync failed");
        return false;
    }
    if (done) {
        d->heard = now();
        finish_sync(d, m);
        return true;
    }
    if (d->rank == 0 && now() - d->started > d->timeout) go_alone(d, "sync");
    /* Without rank 0 the sync never completes: the search ends without it. */
    if (d->rank != 0 && !hears_rank0(d)) d->in_flight = false;
    return false;
}

/* One step of the group's search (see mcts_sync_fn). Rank 0 stops the group when its time limit
 * or stop flag ends its search; every rank counts as done when its own limit is reached; another
 * rank that no longer hears rank 0 stops at once. */
static bool step(dist_t *d, mcts_t *m, mcts_sync_state_t st)
{
    const bool finished = st != MCTS_SYNC_SEARCHING;
    if (d->alone || d->lost_rank0) return true; /* alone: this search's own limits decide */
    if (d->in_flight) {
        poll_sync(d, m);
        if (d->lost_rank0) return true;
        if (d->alone) return finished;
        return d->group_ended;
    }
    if (finished || now() - d->last_end >= d->sync_seconds)
        start_sync(d, m, d->rank == 0 && st == MCTS_SYNC_STOPPED, finished);
    return false;
}

static bool sync_fn(mcts_t *m, mcts_sync_state_t st, void *user)
{
    dist_t *d = user;
    bool ended;
    if (st != MCTS_SYNC_FINAL) {
        ended = step(d, m, st);
        /* Alone, a search goes on to its own limits: SEARCHING must not end it. */
        if (d->alone) ended = st != MCTS_SYNC_SEARCHING;
    } else {
        /* A search that ended without the group (a decided game on this rank) first ends it
         * the usual way: every rank must run the same syncs. */
        const bool stop = d->rank == 0;
        while (!d->alone && !d->lost_rank0 && !d->group_ended) {
            if (!step(d, m, stop ? MCTS_SYNC_STOPPED : MCTS_SYNC_PLAYOUTS_DONE))
                pause_briefly(200000);
        }
        /* The closing sync: every thread of every rank has stopped, so the sums are final. */
        if (!d->alone && !d->lost_rank0) {
            start_sync(d, m, false, true);
            while (d->in_flight && !poll_sync(d, m) && !d->alone)
                pause_briefly(100000);
        }
        ended = true;
    }
    return ended;
}

void dist_search_begin(dist_t *d, mcts_t *m)
{
    /* The ranks run the same options, the seed included: without a seed of its own, every rank
     * would play the very simulations of the others until their trees' counts part. Rank 0 keeps
     * its seed, so that its search stays the one of a process alone until the first sync. */
    if (d->rank > 0) {
        mcts_config_t cfg = *mcts_config(m);
        cfg.seed ^= DIST_RANK_SEED * (uint64_t)d->rank;
        mcts_set_config(m, &cfg);
    }
    d->m = m;
    d->in_flight = false;
    d->group_ended = false;
    d->syncs_done = 0;
    d->sync_seconds_spent = 0;
    d->last_end = now();
    d->searches++;
    mcts_set_sync(m, sync_fn, d);
}

void dist_search_end(dist_t *d, mcts_t *m)
{
    mcts_set_sync(m, NULL, NULL);
    d->m = NULL;
    if (d->rank == 0)
        fprintf(stderr,
                "tengen: mpi: search %ld: %d ranks%s, root visits %ld (own %ld), %ld syncs, "
                "%.3f s in syncs\n",
                d->searches, d->size, d->alone ? " (alone)" : "", mcts_root_total_visits(m),
                mcts_root_own_visits(m), d->syncs_done, d->sync_seconds_spent);
    else
        fprintf(stderr, "tengen: mpi rank %d: search %ld: own root visits %ld\n", d->rank,
                d->searches, mcts_root_own_visits(m));
}
