/* http_pool.c - the AI's threads: a fixed number of threads take the games' jobs from one
 * first-come-first-served queue. Room is bounded (threads + queue jobs at once) so that a busy
 * server refuses at once (429) instead of making everyone wait; each game has at most one job at
 * a time (its `thinking` flag), so no game can fill the queue alone.
 *
 * Knows nothing of what a job does (web_game_run_job) nor of HTTP.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "http/http_internal.h"

struct web_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;   /* a job was queued, or stop */
    pthread_cond_t exited; /* a thread exited */
    web_game_t **queue;    /* ring buffer of capacity entries */
    int head, count, capacity;
    int running; /* jobs being run */
    int threads, alive;
    bool stop;
    pthread_t *ids;
};

static void *pool_main(void *arg)
{
    web_pool_t *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->count == 0)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->stop) break;
        web_game_t *g = p->queue[p->head];
        p->head = (p->head + 1) % p->capacity;
        p->count--;
        p->running++;
        pthread_mutex_unlock(&p->lock);
        web_game_run_job(g);
        web_game_unref(g);
        pthread_mutex_lock(&p->lock);
        p->running--;
    }
    /* Jobs still queued are dropped: their games are told (run_job sees `stopping`). */
    while (p->count > 0) {
        web_game_t *g = p->queue[p->head];
        p->head = (p->head + 1) % p->capacity;
        p->count--;
        pthread_mutex_unlock(&p->lock);
        web_game_run_job(g);
        web_game_unref(g);
        pthread_mutex_lock(&p->lock);
    }
    p->alive--;
    pthread_cond_broadcast(&p->exited);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

web_pool_t *web_pool_new(int threads, int queue)
{
    web_pool_t *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->capacity = threads + queue;
    p->queue = calloc((size_t)p->capacity, sizeof *p->queue);
    p->ids = calloc((size_t)threads, sizeof *p->ids);
    if (!p->queue || !p->ids) {
        free(p->queue);
        free(p->ids);
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->exited, NULL);
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&p->ids[i], NULL, pool_main, p)) break;
        p->threads++;
    }
    p->alive = p->threads;
    if (p->threads == 0) {
        web_pool_stop(p, 0);
        return NULL;
    }
    return p;
}

bool web_pool_submit(web_pool_t *p, web_game_t *g)
{
    pthread_mutex_lock(&p->lock);
    const bool room = !p->stop && p->count + p->running < p->capacity;
    if (room) {
        web_game_ref(g);
        p->queue[(p->head + p->count) % p->capacity] = g;
        p->count++;
        pthread_cond_signal(&p->work);
    }
    pthread_mutex_unlock(&p->lock);
    return room;
}

bool web_pool_cancel(web_pool_t *p, web_game_t *g)
{
    pthread_mutex_lock(&p->lock);
    int found = -1;
    for (int i = 0; i < p->count && found < 0; i++)
        if (p->queue[(p->head + i) % p->capacity] == g) found = i;
    /* Close the gap: the jobs behind it move up one place, in order. */
    for (int i = found; found >= 0 && i < p->count - 1; i++)
        p->queue[(p->head + i) % p->capacity] = p->queue[(p->head + i + 1) % p->capacity];
    if (found >= 0) p->count--;
    pthread_mutex_unlock(&p->lock);
    if (found >= 0) web_game_unref(g);
    return found >= 0;
}

void web_pool_counts(web_pool_t *p, int *running, int *queued, int *threads, int *capacity)
{
    pthread_mutex_lock(&p->lock);
    *running = p->running;
    *queued = p->count;
    *threads = p->threads;
    *capacity = p->capacity;
    pthread_mutex_unlock(&p->lock);
}

bool web_pool_stop(web_pool_t *p, double wait_seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)wait_seconds;
    until.tv_nsec += (long)((wait_seconds - (double)(time_t)wait_seconds) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    int rc = 0;
    while (p->alive > 0 && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&p->exited, &p->lock, &until);
    const bool all = p->alive == 0;
    pthread_mutex_unlock(&p->lock);
    if (!all) return false;
    for (int i = 0; i < p->threads; i++)
        pthread_join(p->ids[i], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->exited);
    free(p->queue);
    free(p->ids);
    free(p);
    return true;
}
