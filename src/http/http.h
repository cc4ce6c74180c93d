/* http.h - `tengen web`: the HTTP/JSON server of the web game (docs/web.md), a front end over the
 * engine facade like GTP. The command line (src/cli/cli_web.c) fills a web_config_t and calls
 * web_run; everything else (the daemon, the games, the AI threads, the data folder) is inside
 * src/http. */
#ifndef TENGEN_HTTP_H
#define TENGEN_HTTP_H

#include <stdbool.h>

#include "tengen/dist.h"
#include "tengen/model.h"

#define WEB_DEFAULT_PORT 8750
#define WEB_PORT_TRIES 20 /* without --port: 8750, then the next ports up to 8769 */
/* Games held in memory at once (engine, history); the others wait on disk, listed (docs/web.md). */
#define WEB_DEFAULT_MAX_LOADED 64
#define WEB_DEFAULT_MAX_LOADED_MB 64 /* their records' estimated memory, search trees aside */

typedef struct web_config {
    const char *host;     /* address to listen on ("127.0.0.1", "localhost", "::1", "0.0.0.0") */
    int port;             /* 0: any free port */
    bool port_given;      /* false: WEB_DEFAULT_PORT and the next free ones */
    const char *data_dir; /* NULL: $XDG_DATA_HOME/tengen/games or ~/.local/share/tengen/games */
    const char *web_dir;  /* NULL: the page built into the binary */
    int threads;          /* AI searches at once (0: the number of CPUs) */
    int queue;            /* AI requests that may wait beyond those */
    int memory_mb;        /* search tree memory per game */
    int max_games;        /* most games kept */
    int max_loaded;       /* most games held in memory; the least recently used idle one is
                             unloaded to make room */
    int max_loaded_mb;    /* most estimated memory of the loaded games' records, in MB */
    const model_t *model; /* the move model of every game's engine (not owned), or NULL */
    dist_t *dist;         /* rank 0 of an MPI job whose ranks share the searches (not owned; its
                             searches carry their positions: dist_set_positions), or NULL */
} web_config_t;

/* Defaults: 127.0.0.1, the default port, threads 0, queue 32, 64 MB, 1000 games, 64 of them and
 * 64 MB of records in memory. */
void web_config_default(web_config_t *cfg);

/* Load the games of the data folder, serve until SIGINT or SIGTERM, then stop cleanly. Prints
 * the address to open on stdout, problems on stderr. Returns the exit status (0, or 1 when the
 * server could not start). */
int web_run(const web_config_t *cfg);

#endif
