/* wasm_api.c - tengen in the browser: the functions the WebAssembly build exports to its Web
 * Worker (web/engine_worker.js). The worker speaks GTP to the engine in-process: one command line
 * in, the answer text out, through tengen's own GTP module, so the browser gets every command the
 * GTP front end has. The move model is a file the worker writes into the in-memory file system.
 *
 * The build has one thread and no shared memory, so a "stop" message cannot set a flag while a
 * search runs. Instead the search calls search_poll() (mcts_set_poll, ab_set_poll: the Monte Carlo
 * and the alpha-beta searches), which now and then returns
 * to the browser's event loop (emscripten_sleep under Asyncify); a stop message that arrived
 * meanwhile calls tengen_wasm_stop, and the search ends with the playouts it has, as "move now"
 * does in the native front ends (engine_stop_search). The same stop ends lz-analyze and
 * kata-analyze, which here search inside the command (gtp_set_analysis_inline); their info lines
 * can be read while the command runs (tengen_wasm_output), so the page shows the search as it goes.
 *
 * Two commands of the browser's own, which the web game needs and GTP has none for: tengen-count,
 * the count with the dead stones the player chose, and tengen-review, the search of one position
 * of "Analyse this game".
 */
#include <emscripten.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gtp/gtp.h"
#include "tengen/ab.h"
#include "tengen/board.h"
#include "tengen/engine.h"
#include "tengen/mcts.h"
#include "tengen/model.h"
#include "tengen/playout.h"
#include "tengen/rng.h"
#include "tengen/rules.h"
#include "tengen/score.h"

/* How long a search runs between two returns to the event loop: each return costs a few
 * milliseconds of timer delay, and a stop waits at most this long. */
#define YIELD_EVERY_SECONDS 0.1

static gtp_t *gtp;
static model_t *model;
static char error[512];
static char *answer;     /* the last answer, owned here until the next command */
static FILE *answer_out; /* the answer being written while a command runs */
static size_t answer_len;
static atomic_bool analysis_stop; /* ends the analysis commands (gtp_set_analysis_inline) */
static bool running;              /* a command is being executed (possibly paused in poll) */
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
    if (stop_wanted && gtp) {
        engine_stop_search(gtp_engine(gtp));
        atomic_store(&analysis_stop, true);
    }
}

/* tengen-count [VERTEX...]: the count of the position under the game's rules with the strings
 * of the listed stones dead (seki found as score_count finds it):
 * "MARGIN BLACK WHITE BLACK_AREA WHITE_AREA BLACK_TERRITORY WHITE_TERRITORY BLACK_PRISONERS
 * WHITE_PRISONERS DAME HANDICAP_BONUS", the points komi and the bonus included. */
static gtp_result_t cmd_count(gtp_t *g, int argc, char **argv)
{
    const game_t *game = gtp_game(g);
    const board_t *b = game_board(game);
    static bool dead[BOARD_MAX_POINTS];
    memset(dead, 0, sizeof dead);
    for (int i = 1; i < argc; i++) {
        const int p = board_point_from_gtp(b, argv[i]);
        if (p <= 0 || !board_is_on_board(b, p)) return gtp_error(g, "invalid vertex %s", argv[i]);
        if (board_at(b, p) == STONE_EMPTY) return gtp_error(g, "no stone at %s", argv[i]);
        const int head = board_chain_head(b, p);
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                const int q = board_point(b, x, y);
                if (board_at(b, q) != STONE_EMPTY && board_chain_head(b, q) == head) dead[q] = true;
            }
    }
    const rules_t *r = game_rules(game);
    const score_t s = score_count(b, r, game_handicap(game), dead, NULL);
    gtp_printf(g, "%g %g %g %d %d %d %d %d %d %d %d", s.margin, s.black, s.white, s.black_area,
               s.white_area, s.black_territory, s.white_territory, s.black_prisoners,
               s.white_prisoners, s.dame, rules_handicap_bonus(r, game_handicap(game)));
    return GTP_SUCCESS;
}

/* tengen-review PLAYOUTS: the search of the position for the player to move that a game review
 * makes (docs/web.md, "Game review"): PLAYOUTS playouts, or fewer after a stop, then
 * "WINRATE SCORE_LEAD BEST VISITS PLAYOUTS": Black's win rate and score lead, the most visited
 * move and its visits (engine_evaluation), and the playouts made (0: nothing to keep). */
static gtp_result_t cmd_review(gtp_t *g, int argc, char **argv)
{
    char *end = NULL;
    const long playouts = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end || playouts < 1 || playouts > 1000000)
        return gtp_error(g, "syntax: tengen-review PLAYOUTS (1 to 1000000)");
    engine_t *e = gtp_engine(g);
    const game_t *game = gtp_game(g);
    const stone_t c = game_to_move(game);
    mcts_report_t rep;
    engine_analyze_playouts(e, c, playouts, &analysis_stop, NULL, NULL, &rep);
    const engine_evaluation_t v = engine_evaluation(e, c, &rep);
    char best[8];
    board_point_to_gtp(game_board(game), v.best, best);
    gtp_printf(g, "%.4f %.2f %s %ld %ld", v.winrate, v.score_lead, best, v.visits,
               rep.playouts > 0 ? rep.playouts : 0);
    return GTP_SUCCESS;
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
 * (alpha_beta: positions) and `seconds` seconds (0: no such limit; both 0: the engine's default
 * time), in a node pool of memory_mb MB (0: the engine's default); the player is the Monte Carlo
 * search, or the alpha-beta search when alpha_beta is not 0; `seed` seeds the search's random
 * numbers (below 1: the engine's default), so that several workers searching the same position
 * (web/engine_pool.js) explore it differently. Returns 1, or 0 with tengen_wasm_error() set. */
EMSCRIPTEN_KEEPALIVE int tengen_wasm_start(double playouts, double seconds, int memory_mb,
                                           int alpha_beta, double seed)
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
    s.kind = alpha_beta ? ENGINE_AB : ENGINE_MCTS;
    if (seed >= 1 && seed <= 9007199254740992.0) s.seed = (uint64_t)seed;
    gtp_t *g = gtp_new_with_settings(19, &rules, &s);
    if (!g) {
        snprintf(error, sizeof error, "cannot create the engine (out of memory or bad settings)");
        return 0;
    }
    if (!gtp_add_command(g, "tengen-count", cmd_count) ||
        !gtp_add_command(g, "tengen-review", cmd_review)) {
        gtp_free(g);
        snprintf(error, sizeof error, "the GTP command table is full");
        return 0;
    }
    gtp_set_analysis_inline(g, &analysis_stop);
    if (gtp) gtp_free(gtp);
    gtp = g;
    mcts_set_poll(search_poll);
    ab_set_poll(search_poll);
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
    if (!gtp && !tengen_wasm_start(0, 0, 0, 0, 0)) {
        static char failed[600];
        snprintf(failed, sizeof failed, "? %s\n\n", error);
        return failed;
    }
    answer_len = 0;
    answer_out = open_memstream(&answer, &answer_len);
    if (!answer_out) return "? out of memory\n\n";
    running = true;
    stop_wanted = false;
    atomic_store(&analysis_stop, false);
    last_yield = now_seconds();
    gtp_execute_line(gtp, line, strlen(line), answer_out);
    running = false;
    stop_wanted = false;
    fclose(answer_out);
    answer_out = NULL;
    return answer ? answer : "? out of memory\n\n";
}

/* While a command runs (paused in a poll): its answer written so far from byte `from` on ("" when
 * there is nothing new or nothing runs). Streaming commands write whole lines, so the worker
 * passes on the info lines of an analysis as they come. */
EMSCRIPTEN_KEEPALIVE const char *tengen_wasm_output(int from)
{
    if (!running || !answer_out || fflush(answer_out) != 0 || !answer) return "";
    if (from < 0 || (size_t)from >= answer_len) return "";
    return answer + from;
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
