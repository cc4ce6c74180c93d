/* dist_none.c - dist.h in a build without MPI: dist_start explains that --mpi needs a build with
 * Open MPI; the rest is never reached (there is no dist_t to call it with). */
#include "tengen/dist.h"

#include <assert.h>
#include <stdio.h>

bool dist_is_built(void)
{
    return false;
}

dist_t *dist_start(double sync_seconds, double silence_seconds, char *err, size_t err_len)
{
    (void)sync_seconds;
    (void)silence_seconds;
    snprintf(err, err_len,
             "this tengen was built without MPI: install Open MPI (Debian: libopenmpi-dev "
             "openmpi-bin) and build again");
    return NULL;
}

void dist_finish(dist_t *d)
{
    assert(!d);
    (void)d;
}

int dist_rank(const dist_t *d)
{
    (void)d;
    return 0;
}

int dist_size(const dist_t *d)
{
    (void)d;
    return 1;
}

bool dist_is_alone(const dist_t *d)
{
    (void)d;
    return true;
}

bool dist_send(dist_t *d, const dist_msg_t *msg)
{
    (void)d;
    (void)msg;
    return false;
}

bool dist_receive(dist_t *d, dist_msg_t *msg)
{
    (void)d;
    (void)msg;
    return false;
}

void dist_set_positions(dist_t *d, bool positions)
{
    (void)d;
    (void)positions;
}

bool dist_positions(const dist_t *d)
{
    (void)d;
    return false;
}

void dist_lock(dist_t *d)
{
    (void)d;
}

bool dist_try_lock(dist_t *d)
{
    (void)d;
    return false;
}

void dist_unlock(dist_t *d)
{
    (void)d;
}

long dist_playout_share(const dist_t *d, long total)
{
    (void)d;
    return total;
}

void dist_search_begin(dist_t *d, mcts_t *m)
{
    (void)d;
    (void)m;
}

void dist_search_end(dist_t *d, mcts_t *m)
{
    (void)d;
    (void)m;
}
