/* cli_web.c - `tengen web`: the options of the web game's server; the server itself is in
 * src/http (docs/web.md). With --mpi every process of the MPI job runs this: rank 0 serves the
 * games, the others join its searches (docs/distributed.md). */
#include <signal.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_model.h"
#include "http/http.h"
#include "tengen/dist.h"
#include "tengen/engine.h"

enum {
    WO_HOST,
    WO_PORT,
    WO_DATA,
    WO_THREADS,
    WO_QUEUE,
    WO_MEMORY,
    WO_MAX_GAMES,
    WO_MAX_LOADED,
    WO_MAX_LOADED_MB,
    WO_WEB_DIR,
    WO_MODEL,
    WO_MPI,
    WO_MPI_SYNC,
    WO_MPI_SILENCE,
    WO_COUNT
};

static const cli_opt_t WEB_OPTS[WO_COUNT] = {
    [WO_HOST] = {"host", CLI_OPT_TEXT, 1, 0, "ADDR", NULL,
                 "address to listen on (default 127.0.0.1: this computer only)"},
    [WO_PORT] = {"port", CLI_OPT_INT, 0, 65535, NULL, NULL,
                 "port (default 8750, or the next free one; 0: any free port)"},
    [WO_DATA] = {"data", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                 "folder of the saved games, created if missing (default "
                 "$XDG_DATA_HOME/tengen/games or ~/.local/share/tengen/games)"},
    [WO_THREADS] = {"threads", CLI_OPT_INT, 1, 256, NULL, NULL,
                    "AI searches at once (default: the number of CPUs)"},
    [WO_QUEUE] = {"queue", CLI_OPT_INT, 0, 100000, NULL, NULL,
                  "AI requests that may wait for a search thread; more get 429 (default 32)"},
    [WO_MEMORY] = {"memory", CLI_OPT_INT, 8, 65536, NULL, NULL,
                   "search tree memory per game in MB (default 64)"},
    [WO_MAX_GAMES] = {"max-games", CLI_OPT_INT, 1, 1000000, NULL, NULL,
                      "most games kept (default 1000)"},
    [WO_MAX_LOADED] = {"max-loaded", CLI_OPT_INT, 1, 1000000, NULL, NULL,
                       "most games held in memory; the others wait in their files (default 64)"},
    [WO_MAX_LOADED_MB] = {"max-loaded-mb", CLI_OPT_INT, 1, 1000000, NULL, NULL,
                          "most memory of the games held, in MB, search trees aside (default 64)"},
    [WO_WEB_DIR] = {"web-dir", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                    "serve the page from this folder instead of the built-in copy of web/"},
    [WO_MODEL] = {"model", CLI_OPT_TEXT, 1, 0, "FILE|none", NULL, CLI_MODEL_HELP},
    [WO_MPI] = {"mpi", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                "share the searches with every process of the MPI job (mpirun -np N tengen web "
                "--mpi; docs/distributed.md)"},
    [WO_MPI_SYNC] = {"mpi-sync", CLI_OPT_INT, 1, 60000, "MS", NULL,
                     "with --mpi: milliseconds between two syncs of a search (default 100)"},
    [WO_MPI_SILENCE] = {"mpi-silence", CLI_OPT_INT, 3, 86400, "S", NULL,
                        "with --mpi: seconds without a word from rank 0 (it sends one every "
                        "second) after which the other ranks end the job (default 10)"},
};

static void web_usage(void)
{
    printf("usage: tengen web [options]\n"
           "Play tengen in a browser: serves the game page and its JSON API (docs/web.md) until\n"
           "Ctrl-C. Every game is saved in the data folder after every move.\n"
           "options:\n");
    cli_args_usage(stdout, WEB_OPTS, WO_COUNT);
}

int cli_web(int argc, char **argv)
{
    cli_value_t v[WO_COUNT];
    switch (cli_args_parse(argc, argv, 1, "web", WEB_OPTS, WO_COUNT, v)) {
    case CLI_ARGS_HELP:
        web_usage();
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    web_config_t cfg;
    web_config_default(&cfg);
    cfg.host = cli_args_text(&v[WO_HOST], cfg.host);
    cfg.port_given = v[WO_PORT].given;
    cfg.port = (int)cli_args_number(&v[WO_PORT], cfg.port);
    cfg.data_dir = cli_args_text(&v[WO_DATA], NULL);
    cfg.web_dir = cli_args_text(&v[WO_WEB_DIR], NULL);
    cfg.threads = (int)cli_args_number(&v[WO_THREADS], 0);
    cfg.queue = (int)cli_args_number(&v[WO_QUEUE], cfg.queue);
    cfg.memory_mb = (int)cli_args_number(&v[WO_MEMORY], cfg.memory_mb);
    cfg.max_games = (int)cli_args_number(&v[WO_MAX_GAMES], cfg.max_games);
    cfg.max_loaded = (int)cli_args_number(&v[WO_MAX_LOADED], cfg.max_loaded);
    cfg.max_loaded_mb = (int)cli_args_number(&v[WO_MAX_LOADED_MB], cfg.max_loaded_mb);
    if (!cli_model_resolve(v[WO_MODEL].text, "web", &cfg.model)) return 2;
    for (int o = WO_MPI_SYNC; o <= WO_MPI_SILENCE; o++)
        if (v[o].given && !v[WO_MPI].given) {
            fprintf(stderr, "tengen web: --%s needs --mpi\n", WEB_OPTS[o].name);
            return 2;
        }
    if (!v[WO_MPI].given) return web_run(&cfg);
    /* SIGINT and SIGTERM, which mpirun passes to every rank, must not reach MPI's own threads
     * (made now) with their default action: rank 0's server waits for them (web_run), and the
     * other ranks live until rank 0 ends them (QUIT) after its clean stop. */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    char err[256];
    const double sync_ms = cli_args_number(&v[WO_MPI_SYNC], 1000 * DIST_DEFAULT_SYNC_SECONDS);
    dist_t *d = dist_start(sync_ms / 1000,
                           cli_args_number(&v[WO_MPI_SILENCE], DIST_DEFAULT_SILENCE_SECONDS), err,
                           sizeof err);
    if (!d) {
        fprintf(stderr, "tengen web: --mpi: %s\n", err);
        return 2;
    }
    dist_set_positions(d, true);
    int status;
    if (dist_rank(d) == 0) {
        cfg.dist = d;
        status = web_run(&cfg);
        /* After the server's searches: a search still running holds the group until it ends. */
        const dist_msg_t quit = {.kind = DIST_MSG_QUIT};
        dist_lock(d);
        dist_send(d, &quit);
        dist_unlock(d);
    } else {
        engine_settings_t s;
        engine_settings_default(&s);
        s.memory_mb = cfg.memory_mb;
        s.model = cfg.model;
        status = engine_follow_group(d, &s);
    }
    dist_finish(d);
    return status;
}
