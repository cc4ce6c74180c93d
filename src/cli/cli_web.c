/* cli_web.c - `tengen web`: the options of the web game's server; the server itself is in
 * src/http (docs/web.md). */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_model.h"
#include "http/http.h"

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
    return web_run(&cfg);
}
