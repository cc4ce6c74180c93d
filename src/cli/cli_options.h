/* cli_options.h - the game options shared by `tengen gtp` and `tengen play` (--rules, --ko,
 * --suicide, --komi, --size) and the engine options of `tengen gtp` (--engine, --playouts,
 * --time, --seed, --resign, --memory, --playout-policy), parsed from one table of
 * {name, type, min, max, help}. */
#ifndef TENGEN_CLI_OPTIONS_H
#define TENGEN_CLI_OPTIONS_H

#include <stdio.h>

#include "tengen/engine.h"
#include "tengen/rules.h"

typedef struct cli_game_options {
    int size;      /* 2..25 */
    rules_t rules; /* the preset, then --ko, --suicide and --komi applied over it */
} cli_game_options_t;

typedef enum cli_parse_result {
    CLI_PARSE_OK = 0,
    CLI_PARSE_HELP,  /* --help was given and the help printed on stdout: exit 0 */
    CLI_PARSE_ERROR, /* a message was printed on stderr: exit 2 */
} cli_parse_result_t;

/* Parse argv[1..argc-1] ("--name value" or "--name=value"). `command` names the subcommand in
 * messages, `about` is the first help line, default_size the size without --size. The preset is
 * applied first whatever the order of the options. */
cli_parse_result_t cli_parse_game_options(int argc, char **argv, const char *command,
                                          const char *about, int default_size,
                                          cli_game_options_t *out);

/* The same plus the engine options, written to *engine (engine_settings_default first). */
cli_parse_result_t cli_parse_engine_options(int argc, char **argv, const char *command,
                                            const char *about, int default_size,
                                            cli_game_options_t *out, engine_settings_t *engine);

#endif
