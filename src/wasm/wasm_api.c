/* wasm_api.c - tengen in the browser: the functions the WebAssembly build exports to its Web
 * Worker (web/engine_worker.js). The worker speaks GTP to the engine in-process: one command line
 * in, the answer text out, through tengen's own GTP module, so the browser gets every command the
 * GTP front end has. The move model is a file the worker writes into the in-memory file system.
 *
 * The build has one thread and no shared memory, so a "stop" message cannot set a flag while a
 * search runs. Instead the search calls search_poll() (mcts_set_poll), which now and then returns to the
 * browser's event loop (emscripten_sleep under Asyncify); a stop message that arrived meanwhile
 * calls tengen_wasm_stop, and the search ends with the playouts it has, as "move now" does in the
 * native front ends (engine_stop_search).
 */
#include <emscripten.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gtp/gtp.h"
#include "tengen/board.h"
#include "tengen/engine.h"
#include "tengen/mcts.h"
#include "tengen/model.h"
#include "tengen/playout.h"
#include "tengen/rng.h"
#include "tengen/rules.h"

/* How long a search runs between two returns to the event loop: each return costs a few
 * milliseconds of timer delay, and a stop waits at most this long. */
#define YIELD_EVERY_SECONDS 0.1

static gtp_t *gtp;
static model_t *model;
static char error[512];
static char *answer; /* the last answer, owned here until the next command */
static bool running;   /* a command is being executed (possibly paused in poll) */
static bool stop_wanted;
static double last_yield;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The search's poll: let the worker read its messages now and then. A genmove runs several
 * searches (its own, then those that judge dead stones), each clearing the stop request when it
 * starts, so a stop is repeated at every poll until the command returns. */
static void search_poll(void)
{
    const double t = now_seconds();
    if (t - last_yield >= YIELD_EVERY_SECONDS) {
        emscripten_sleep(0);
        last_yield = now_seconds();
    }
    if (stop_wanted && gtp) engine_stop_search(gtp_engine(gtp));
}

EMSCRIPTEN_KEEPALIVE const char *tengen_wasm_error(void)
{
    return error;
}

/* Load the move model from a file of the in-memory file system (NULL or "": none). Takes effect
 * at the next tengen_wasm_start. Returns 1, or 0 with tengen_wasm_error() set. */
EMSCRIPTEN_KEEPALIVE int tengen_wasm_load_model(const char *path)
{
    if (running) {
        snprintf(error, sizeof error, "busy: a command is running");
        return 0;
    }
    model_t *m = NULL;
    if (path && *path) {
        m = model_load(path, error, sizeof error);
        if (!m) return 0;
    }
    /* The engine keeps a pointer to the model: drop the engine with the old one. */
    if (gtp) {
        gtp_free(gtp);
        gtp = NULL;
    }
    model_free(model);
    model = m;
    return 1;
}

/* (Re)create the engine: an empty 19x19 board under Chinese rules (GTP's boardsize, komi and
 * tengen-rules change them), the loaded model if any, and per move at most `playouts` playouts
 * and `seconds` seconds (0: no such limit; both 0: the engine's default time), in a node pool of
 * memory_mb MB (0: the engine's default). Returns 1, or 0 with tengen_wasm_error() set. */
EMSCRIPTEN_KEEPALIVE int tengen_wasm_start(double playouts, double seconds, int memory_mb)
{
    if (running) {
        snprintf(error, sizeof error, "busy: a command is running");
        return 0;
    }
    rules_t rules;
    if (!rules_preset(&rules, "chinese")) {
        snprintf(error, sizeof error, "no Chinese rules preset");
        return 0;
    }
    engine_settings_t s;
    engine_settings_default(&s);
    s.playouts = playouts > 0 ? (long)playouts : 0;
    s.seconds = seconds > 0 ? seconds : 0;
    if (memory_mb > 0) s.memory_mb = memory_mb;
    s.threads = 1;
    s.model = model;
    gtp_t *g = gtp_new_with_settings(19, &rules, &s);
    if (!g) {
        snprintf(error, sizeof error, "cannot create the engine (out of memory or bad settings)");
        return 0;
    }
    if (gtp) gtp_free(gtp);
    gtp = g;
    mcts_set_poll(search_poll);
    return 1;
}

/* Run one GTP command line and return its answer ("= ...\n\n" or "? ...\n\n"; "" for a line that
 * needs none). The text stays valid until the next call. Starts the engine with its defaults if
 * tengen_wasm_start was not called. */
EMSCRIPTEN_KEEPALIVE const char *tengen_wasm_gtp(const char *line)
{
    free(answer);
    answer = NULL;
    if (running) return "? busy: a command is running\n\n";
    if (!gtp && !tengen_wasm_start(0, 0, 0)) {
        static char failed[600];
        snprintf(failed, sizeof failed, "? %s\n\n", error);
        return failed;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) return "? out of memory\n\n";
    running = true;
    stop_wanted = false;
    last_yield = now_seconds();
    gtp_execute_line(gtp, line, strlen(line), out);
    running = false;
    stop_wanted = false;
    fclose(out);
    answer = text;
    return answer ? answer : "? out of memory\n\n";
}

/* "Move now": the command in progress ends its search at the next poll and answers with the
 * playouts done so far. Harmless when nothing runs. */
EMSCRIPTEN_KEEPALIVE void tengen_wasm_stop(void)
{
    if (running) stop_wanted = true;
}

/* Light playouts from the empty board of `size` for `seconds`, one thread, as
 * `tengen bench playouts` runs them: returns playouts per second (0 for a bad size). */
EMSCRIPTEN_KEEPALIVE double tengen_wasm_bench_light(int size, double seconds)
{
    board_t empty;
    if (!board_init(&empty, size, false)) return 0;
    rng_t rng;
    rng_seed(&rng, 1);
    long long playouts = 0;
    const double t0 = now_seconds();
    double elapsed = 0;
    do {
        for (int k = 0; k < 256; k++) {
            playout_result_t r;
            playout_light(&empty, STONE_BLACK, &rng, &r);
        }
        playouts += 256;
        elapsed = now_seconds() - t0;
    } while (elapsed < seconds);
    return elapsed > 0 ? (double)playouts / elapsed : 0;
}
