/* ponder.c - searching on the opponent's time (ponder.h): one thread running engine_analyze until
 * a stop flag is set. */
#include "tengen/ponder.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "tengen/game.h"

struct ponder {
    engine_t *engine;
    stone_t color;
    atomic_bool stop;
    pthread_t thread;
    mcts_report_t report;
};

static void *ponder_main(void *arg)
{
    ponder_t *p = arg;
    engine_analyze(p->engine, p->color, &p->stop, NULL, NULL, &p->report);
    return NULL;
}

ponder_t *ponder_start(engine_t *e)
{
    const game_t *g = engine_game(e);
    if (engine_settings(e)->kind != ENGINE_MCTS || game_is_over(g)) return NULL;
    ponder_t *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->engine = e;
    p->color = game_to_move(g);
    atomic_init(&p->stop, false);
    if (pthread_create(&p->thread, NULL, ponder_main, p) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

long ponder_stop(ponder_t *p)
{
    if (!p) return 0;
    atomic_store(&p->stop, true);
    pthread_join(p->thread, NULL);
    const long playouts = p->report.playouts;
    free(p);
    return playouts;
}
