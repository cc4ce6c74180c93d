/* cli_options.h - the game options shared by `tengen gtp` and `tengen play` (--rules, --ko,
 * --suicide, --komi, --size) and the engine options of both (--engine, --playouts,
 * --time, --seed, --resign, --memory, --playout-policy, --threads, --ponder, --ab-eval), and
 * `tengen gtp`'s --mpi, --mpi-sync and --mpi-silence, one table parsed by cli_args.h. */
#ifndef TENGEN_CLI_OPTIONS_H
#define TENGEN_CLI_OPTIONS_H

#include "cli/cli_args.h"
#include "tengen/engine.h"
#include "tengen/game.h"
#include "tengen/rules.h"

typedef struct cli_game_options {
    int size;      /* 2..25 */
    rules_t rules; /* the preset, then --ko, --suicide and --komi applied over it */
} cli_game_options_t;

/* Parse argv[1..argc-1] with cli_args_parse. `command` names the subcommand in messages, `about`
 * is the first help line, default_size the size without --size. The preset is applied first
 * whatever the order of the options, then --ko, --suicide and --komi over it. Returns
 * CLI_ARGS_HELP after printing the usage on stdout (exit 0), CLI_ARGS_ERROR after a message on
 * stderr (exit 2). */
cli_args_result_t cli_parse_game_options(int argc, char **argv, const char *command,
                                         const char *about, int default_size,
                                         cli_game_options_t *out);

/* --ab-eval (also in `tengen selfplay`, and `tengen solve --eval`): the names, NULL-terminated,
 * and the strategy of each. */
extern const char *const CLI_AB_EVAL_CHOICES[];
#define CLI_AB_EVAL_HELP                                                                           \
    "with --engine ab: its evaluation (default phase: liberties in danger, area otherwise)"
const ab_eval_t *cli_ab_eval(int choice);

/* The same plus the engine options, written to *engine (engine_settings_default first). */
cli_args_result_t cli_parse_engine_options(int argc, char **argv, const char *command,
                                           const char *about, int default_size,
                                           cli_game_options_t *out, engine_settings_t *engine);

/* `tengen gtp`'s options of the distributed search (docs/distributed.md). */
typedef struct cli_dist_options {
    bool mpi;            /* --mpi */
    double sync_seconds; /* --mpi-sync, in seconds */
    double silence_seconds; /* --mpi-silence */
} cli_dist_options_t;

/* The engine options plus --mpi, --mpi-sync and --mpi-silence (`tengen gtp`). */
cli_args_result_t cli_parse_gtp_options(int argc, char **argv, const char *command,
                                        const char *about, int default_size,
                                        cli_game_options_t *out, engine_settings_t *engine,
                                        cli_dist_options_t *dist);

/* Play "C3,D3,pass" (commas or spaces between the moves; "-" is no move) on g, each move for the
 * player to move. The points go to out[0..*len) when out is given, at most cap of them. False
 * after a message "tengen <command>: <where>: ..." if a vertex is bad, there are more than cap
 * moves, or a move is illegal (g then holds the moves before it). `tengen solve --moves` and the
 * positions of `tengen book`. */
bool cli_play_moves(game_t *g, const char *text, const char *command, const char *where, int *out,
                    int *len, int cap);

#endif
