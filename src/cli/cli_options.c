/* cli_options.c - the option table of the game front ends (`tengen gtp`, `tengen play`): parses
 * and validates the command line into a board size, a rules_t and (for `tengen gtp`) the engine
 * settings. Knows no protocol. */
#include "cli/cli_options.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_model.h"
#include "tengen/board.h"
#include "tengen/engine.h"

#define CLI_DEFAULT_RULES "chinese"

/* The game options first, then the engine options: commands that do not play parse only the
 * first OPT_ENGINE rows. */
enum {
    OPT_RULES,
    OPT_KO,
    OPT_SUICIDE,
    OPT_KOMI,
    OPT_SIZE,
    OPT_ENGINE,
    OPT_PLAYOUTS,
    OPT_TIME,
    OPT_SEED,
    OPT_RESIGN,
    OPT_MEMORY,
    OPT_PLAYOUT_POLICY,
    OPT_THREADS,
    OPT_PONDER,
    OPT_AB_EVAL,
    OPT_MODEL,
    OPT_MPI, /* `tengen gtp` only, from here on */
    OPT_MPI_SYNC,
    OPT_MPI_SILENCE,
    OPT_COUNT
};

static const char *const KO_CHOICES[] = {"simple", "positional", "situational", NULL};
static const char *const SUICIDE_CHOICES[] = {"forbid", "allow", NULL};
static const char *const ENGINE_CHOICES[] = {"mcts", "ab", NULL};
static const char *const NEVER_CHOICE[] = {"never", NULL};
static const char *const POLICY_CHOICES[] = {"tactical", "light", "learned", NULL};
const char *const CLI_AB_EVAL_CHOICES[] = {"phase", "area", "liberties", "influence", NULL};

const ab_eval_t *cli_ab_eval(int choice)
{
    static const ab_eval_t *const EVALS[] = {&AB_EVAL_PHASE, &AB_EVAL_AREA, &AB_EVAL_LIBERTIES,
                                             &AB_EVAL_INFLUENCE};
    return EVALS[choice];
}

static const cli_opt_t GAME_OPTS[OPT_COUNT] = {
    [OPT_RULES] = {"rules", CLI_OPT_CHOICE, 0, 0, NULL, RULES_PRESET_NAMES,
                   "rules preset (default " CLI_DEFAULT_RULES ")"},
    [OPT_KO] = {"ko", CLI_OPT_CHOICE, 0, 0, NULL, KO_CHOICES, "ko rule (default: the preset's)"},
    [OPT_SUICIDE] = {"suicide", CLI_OPT_CHOICE, 0, 0, NULL, SUICIDE_CHOICES,
                     "multi-stone suicide (default: the preset's)"},
    [OPT_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, NULL, NULL, "komi (default: the preset's)"},
    [OPT_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, NULL, NULL, "board size"},
    [OPT_ENGINE] = {"engine", CLI_OPT_CHOICE, 0, 0, NULL, ENGINE_CHOICES,
                    "move generator: mcts (default) or ab (alpha-beta; --playouts = nodes)"},
    [OPT_PLAYOUTS] = {"playouts", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                      "playouts per move (deterministic with --seed)"},
    [OPT_TIME] = {"time", CLI_OPT_NUMBER, 0.01, 1e6, NULL, NULL,
                  "seconds per move (without --playouts and --time: 5, or less by time_left)"},
    [OPT_SEED] = {"seed", CLI_OPT_INT, 0, 9007199254740991.0, NULL, NULL,
                  "random seed (default 1)"},
    [OPT_RESIGN] = {"resign", CLI_OPT_NUMBER, 0, 100, "X|never", NEVER_CHOICE,
                    "resign below this win rate in percent, held for 3 moves (default 10)"},
    [OPT_MEMORY] = {"memory", CLI_OPT_INT, 1, 65536, NULL, NULL,
                    "search tree memory in MB (default 256)"},
    [OPT_PLAYOUT_POLICY] = {"playout-policy", CLI_OPT_CHOICE, 0, 0, NULL, POLICY_CHOICES,
                            "playouts of the search (default tactical; learned: tactical with the "
                            "model's playout weights next to the last move)"},
    [OPT_THREADS] = {"threads", CLI_OPT_INT, 1, MCTS_MAX_THREADS, NULL, NULL,
                     "search threads (default 1; results reproducible with 1 only)"},
    [OPT_PONDER] = {"ponder", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                    "search on the opponent's time after each own move (default off)"},
    [OPT_AB_EVAL] = {"ab-eval", CLI_OPT_CHOICE, 0, 0, NULL, CLI_AB_EVAL_CHOICES, CLI_AB_EVAL_HELP},
    [OPT_MODEL] = {"model", CLI_OPT_TEXT, 1, 0, "FILE|none", NULL, CLI_MODEL_HELP},
    [OPT_MPI] = {"mpi", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                 "search with every process of the MPI job (mpirun -np N tengen gtp --mpi; "
                 "docs/distributed.md)"},
    [OPT_MPI_SYNC] = {"mpi-sync", CLI_OPT_INT, 1, 60000, "MS", NULL,
                      "with --mpi: milliseconds between two syncs of the search (default 100)"},
    [OPT_MPI_SILENCE] = {"mpi-silence", CLI_OPT_INT, 3, 86400, "S", NULL,
                         "with --mpi: seconds without a word from rank 0 (it sends one every "
                         "second) after which the other ranks end the job (default 10)"},
};

static void print_usage(const char *command, const char *about, int default_size, int n)
{
    /* The table with the command's default size in the help of --size. */
    cli_opt_t opts[OPT_COUNT];
    char size_help[64];
    for (int i = 0; i < n; i++)
        opts[i] = GAME_OPTS[i];
    snprintf(size_help, sizeof size_help, "%s (default %d)", GAME_OPTS[OPT_SIZE].help,
             default_size);
    opts[OPT_SIZE].help = size_help;
    printf("usage: tengen %s [options]\n%s\noptions:\n", command, about);
    cli_args_usage(stdout, opts, n);
}

static cli_args_result_t parse_options(int argc, char **argv, const char *command,
                                       const char *about, int default_size, cli_game_options_t *out,
                                       engine_settings_t *engine, cli_dist_options_t *dist)
{
    const int n = dist ? OPT_COUNT : engine ? OPT_MPI : OPT_ENGINE;
    cli_value_t v[OPT_COUNT];
    const cli_args_result_t r = cli_args_parse(argc, argv, 1, command, GAME_OPTS, n, v);
    if (r == CLI_ARGS_HELP) print_usage(command, about, default_size, n);
    if (r != CLI_ARGS_OK) return r;

    const char *preset =
        v[OPT_RULES].given ? RULES_PRESET_NAMES[v[OPT_RULES].choice] : CLI_DEFAULT_RULES;
    if (!rules_preset(&out->rules, preset)) {
        fprintf(stderr, "tengen %s: unknown rules '%s'\n", command, preset);
        return CLI_ARGS_ERROR;
    }
    out->size = (int)cli_args_number(&v[OPT_SIZE], default_size);
    bool custom = false;
    if (v[OPT_KO].given) {
        static const ko_rule_t KO_RULES[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
        custom |= out->rules.ko != KO_RULES[v[OPT_KO].choice];
        out->rules.ko = KO_RULES[v[OPT_KO].choice];
    }
    if (v[OPT_SUICIDE].given) {
        bool allow = v[OPT_SUICIDE].choice == 1;
        custom |= out->rules.suicide_allowed != allow;
        out->rules.suicide_allowed = allow;
    }
    out->rules.komi = cli_args_number(&v[OPT_KOMI], out->rules.komi);
    /* A preset changed in anything but komi is no longer that preset. */
    if (custom) snprintf(out->rules.name, sizeof out->rules.name, "custom");
    if (engine) {
        engine_settings_default(engine);
        if (v[OPT_ENGINE].given) {
            static const engine_kind_t KINDS[] = {ENGINE_MCTS, ENGINE_AB};
            engine->kind = KINDS[v[OPT_ENGINE].choice];
        }
        engine->playouts = (long)cli_args_number(&v[OPT_PLAYOUTS], (double)engine->playouts);
        engine->seconds = cli_args_number(&v[OPT_TIME], engine->seconds);
        if (v[OPT_SEED].given) engine->seed = (uint64_t)v[OPT_SEED].number;
        if (v[OPT_RESIGN].given)
            engine->resign_threshold =
                v[OPT_RESIGN].choice >= 0 ? ENGINE_RESIGN_NEVER : v[OPT_RESIGN].number / 100.0;
        engine->memory_mb = (int)cli_args_number(&v[OPT_MEMORY], engine->memory_mb);
        if (v[OPT_PLAYOUT_POLICY].given) {
            engine->light_playouts = v[OPT_PLAYOUT_POLICY].choice == 1;
            engine->learned_playouts = v[OPT_PLAYOUT_POLICY].choice == 2;
        }
        engine->threads = (int)cli_args_number(&v[OPT_THREADS], engine->threads);
        engine->ponder = v[OPT_PONDER].given;
        if (v[OPT_AB_EVAL].given) engine->ab_eval = cli_ab_eval(v[OPT_AB_EVAL].choice);
        if (!cli_model_resolve(v[OPT_MODEL].text, command, &engine->model)) return CLI_ARGS_ERROR;
    }
    if (dist) {
        dist->mpi = v[OPT_MPI].given;
        dist->sync_seconds =
            cli_args_number(&v[OPT_MPI_SYNC], 1000 * DIST_DEFAULT_SYNC_SECONDS) / 1000;
        dist->silence_seconds = cli_args_number(&v[OPT_MPI_SILENCE], DIST_DEFAULT_SILENCE_SECONDS);
        for (int o = OPT_MPI_SYNC; o <= OPT_MPI_SILENCE; o++)
            if (v[o].given && !dist->mpi) {
                fprintf(stderr, "tengen %s: --%s needs --mpi\n", command, GAME_OPTS[o].name);
                return CLI_ARGS_ERROR;
            }
    }
    return CLI_ARGS_OK;
}

cli_args_result_t cli_parse_game_options(int argc, char **argv, const char *command,
                                         const char *about, int default_size,
                                         cli_game_options_t *out)
{
    return parse_options(argc, argv, command, about, default_size, out, NULL, NULL);
}

cli_args_result_t cli_parse_engine_options(int argc, char **argv, const char *command,
                                           const char *about, int default_size,
                                           cli_game_options_t *out, engine_settings_t *engine)
{
    return parse_options(argc, argv, command, about, default_size, out, engine, NULL);
}

cli_args_result_t cli_parse_gtp_options(int argc, char **argv, const char *command,
                                        const char *about, int default_size,
                                        cli_game_options_t *out, engine_settings_t *engine,
                                        cli_dist_options_t *dist)
{
    return parse_options(argc, argv, command, about, default_size, out, engine, dist);
}

bool cli_play_moves(game_t *g, const char *text, const char *command, const char *where, int *out,
                    int *len, int cap)
{
    char buf[4096];
    if (strlen(text) >= sizeof buf) {
        fprintf(stderr, "tengen %s: %s: the moves are too long\n", command, where);
        return false;
    }
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    if (len) *len = 0;
    if (!strcmp(buf, "-")) return true;
    for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
        const board_t *bd = game_board(g);
        int p = board_point_from_gtp(bd, tok);
        if (p == POINT_NONE) {
            fprintf(stderr, "tengen %s: %s: '%s' is not a vertex on a %dx%d board\n", command,
                    where, tok, bd->size, bd->size);
            return false;
        }
        if (out && n >= cap) {
            fprintf(stderr, "tengen %s: %s: more than %d moves\n", command, where, cap);
            return false;
        }
        game_status_t st = game_play(g, game_to_move(g), p);
        if (st != GAME_OK) {
            fprintf(stderr, "tengen %s: %s: move %d (%s) is illegal: %s\n", command, where, n + 1,
                    tok, game_status_text(st));
            return false;
        }
        if (out) out[n] = p;
        n++;
        if (len) *len = n;
    }
    return true;
}
