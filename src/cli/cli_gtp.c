/* cli_gtp.c - `tengen gtp`: parse the game and engine options and speak GTP v2 on stdin/stdout.
 * The protocol lives in src/gtp, the search behind src/engine; this file only builds them from
 * the command line. With --mpi, every process of the MPI job runs this, and rank 0 speaks GTP
 * (docs/distributed.md). */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gtp/gtp.h"
#include "tengen/dist.h"

int cli_gtp(int argc, char **argv)
{
    cli_game_options_t opts;
    engine_settings_t settings;
    cli_dist_options_t dist_opts;
    switch (cli_parse_gtp_options(argc, argv, "gtp",
                                  "Speak GTP v2 on stdin/stdout (docs/gtp.md lists the commands).",
                                  19, &opts, &settings, &dist_opts)) {
    case CLI_ARGS_HELP:
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    if (dist_opts.mpi && settings.kind != ENGINE_MCTS) {
        fprintf(stderr, "tengen gtp: --mpi searches with Monte Carlo tree search only\n");
        return 2;
    }
    dist_t *dist = NULL;
    if (dist_opts.mpi) {
        char err[256];
        dist = dist_start(dist_opts.sync_seconds, dist_opts.silence_seconds, err, sizeof err);
        if (!dist) {
            fprintf(stderr, "tengen gtp: --mpi: %s\n", err);
            return 2;
        }
    }
    gtp_t *gtp = gtp_new_with_settings(opts.size, &opts.rules, &settings);
    if (!gtp) {
        fprintf(stderr, "tengen gtp: out of memory\n");
        dist_finish(dist);
        return 1;
    }
    const int status =
        dist ? gtp_run_distributed(gtp, dist, stdin, stdout) : gtp_run(gtp, stdin, stdout);
    gtp_free(gtp);
    dist_finish(dist);
    return status;
}
