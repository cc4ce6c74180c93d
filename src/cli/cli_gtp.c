/* cli_gtp.c - `tengen gtp`: parse the game and engine options and speak GTP v2 on stdin/stdout.
 * The protocol lives in src/gtp, the search behind src/engine; this file only builds them from
 * the command line. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gtp/gtp.h"

int cli_gtp(int argc, char **argv)
{
    cli_game_options_t opts;
    engine_settings_t settings;
    switch (cli_parse_engine_options(
        argc, argv, "gtp", "Speak GTP v2 on stdin/stdout (docs/gtp.md lists the commands).", 19,
        &opts, &settings)) {
    case CLI_ARGS_HELP:
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    gtp_t *gtp = gtp_new_with_settings(opts.size, &opts.rules, &settings);
    if (!gtp) {
        fprintf(stderr, "tengen gtp: out of memory\n");
        return 1;
    }
    int status = gtp_run(gtp, stdin, stdout);
    gtp_free(gtp);
    return status;
}
