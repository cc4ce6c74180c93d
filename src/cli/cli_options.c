/* cli_options.c - the option table of the game front ends (`tengen gtp`, `tengen play`): parses
 * and validates the command line into a board size, a rules_t and (for `tengen gtp`) the engine
 * settings. Knows no protocol. */
#include "cli/cli_options.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/board.h"
#include "tengen/engine.h"

#define CLI_DEFAULT_RULES "chinese"

typedef enum cli_opt_type {
    CLI_OPT_INT,    /* a whole number in [min, max] */
    CLI_OPT_REAL,   /* a decimal number in [min, max] */
    CLI_OPT_CHOICE, /* one of the words in choices */
    CLI_OPT_REAL_OR_WORD, /* a decimal number in [min, max], or the one word choices[0] */
} cli_opt_type_t;

typedef struct cli_opt {
    const char *name; /* without the leading "--" */
    cli_opt_type_t type;
    double min, max;            /* numbers only */
    const char *const *choices; /* CLI_OPT_CHOICE only, NULL-terminated */
    const char *help;
    bool engine; /* an engine option: only for commands that play (tengen gtp) */
} cli_opt_t;

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
    OPT_COUNT
};

static const char *const KO_CHOICES[] = {"simple", "positional", "situational", NULL};
static const char *const SUICIDE_CHOICES[] = {"forbid", "allow", NULL};
static const char *const ENGINE_CHOICES[] = {"mcts", NULL};
static const char *const NEVER_CHOICE[] = {"never", NULL};
static const char *const POLICY_CHOICES[] = {"tactical", "light", NULL};

static const cli_opt_t GAME_OPTS[OPT_COUNT] = {
    [OPT_RULES] = {"rules", CLI_OPT_CHOICE, 0, 0, RULES_PRESET_NAMES,
                   "rules preset (default " CLI_DEFAULT_RULES ")", false},
    [OPT_KO] = {"ko", CLI_OPT_CHOICE, 0, 0, KO_CHOICES, "ko rule (default: the preset's)", false},
    [OPT_SUICIDE] = {"suicide", CLI_OPT_CHOICE, 0, 0, SUICIDE_CHOICES,
                     "multi-stone suicide (default: the preset's)", false},
    [OPT_KOMI] = {"komi", CLI_OPT_REAL, -1000, 1000, NULL, "komi (default: the preset's)", false},
    [OPT_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, NULL, "board size", false},
    [OPT_ENGINE] = {"engine", CLI_OPT_CHOICE, 0, 0, ENGINE_CHOICES, "move generator (default mcts)",
                    true},
    [OPT_PLAYOUTS] = {"playouts", CLI_OPT_INT, 1, 1e9, NULL,
                      "playouts per move (deterministic with --seed)", true},
    [OPT_TIME] = {"time", CLI_OPT_REAL, 0.01, 1e6, NULL,
                  "seconds per move (without --playouts and --time: 5, or less by time_left)",
                  true},
    [OPT_SEED] = {"seed", CLI_OPT_INT, 0, 9007199254740991.0, NULL, "random seed (default 1)",
                  true},
    [OPT_RESIGN] = {"resign", CLI_OPT_REAL_OR_WORD, 0, 100, NEVER_CHOICE,
                    "resign below this win rate in percent, held for 3 moves (default 10)", true},
    [OPT_MEMORY] = {"memory", CLI_OPT_INT, 1, 65536, NULL, "search tree memory in MB (default 256)",
                    true},
    [OPT_PLAYOUT_POLICY] = {"playout-policy", CLI_OPT_CHOICE, 0, 0, POLICY_CHOICES,
                            "playouts of the search (default tactical)", true},
    [OPT_THREADS] = {"threads", CLI_OPT_INT, 1, MCTS_MAX_THREADS, NULL,
                     "search threads (default 1; results reproducible with 1 only)", true},
};

static void print_usage(FILE *out, const char *command, const char *about, int default_size,
                        bool with_engine)
{
    fprintf(out, "usage: tengen %s [options]\n%s\noptions:\n", command, about);
    for (int i = 0; i < OPT_COUNT; i++) {
        const cli_opt_t *o = &GAME_OPTS[i];
        if (o->engine && !with_engine) continue;
        char arg[48];
        snprintf(arg, sizeof arg, "--%s %s", o->name,
                 o->type == CLI_OPT_INT            ? "N"
                 : o->type == CLI_OPT_REAL         ? "X"
                 : o->type == CLI_OPT_REAL_OR_WORD ? "X|never"
                                                   : "NAME");
        fprintf(out, "  %-24s %s", arg, o->help);
        if (i == OPT_SIZE) fprintf(out, " (default %d)", default_size);
        if (o->type == CLI_OPT_CHOICE) {
            fprintf(out, "; one of:");
            for (int k = 0; o->choices[k]; k++)
                fprintf(out, " %s", o->choices[k]);
        } else {
            fprintf(out, "; %s %g..%g", o->type == CLI_OPT_INT ? "whole number" : "number", o->min,
                    o->max);
        }
        fputc('\n', out);
    }
    fprintf(out, "  %-24s show this help\n", "--help");
}

/* Check the text of option o. Numbers go to *number, choices to *choice (an index). */
static bool parse_value(const cli_opt_t *o, const char *command, const char *text, double *number,
                        int *choice)
{
    if (o->type == CLI_OPT_REAL_OR_WORD && !strcmp(text, o->choices[0])) {
        *choice = 1;
        return true;
    }
    if (o->type == CLI_OPT_CHOICE) {
        for (int k = 0; o->choices[k]; k++) {
            if (!strcmp(text, o->choices[k])) {
                *choice = k;
                return true;
            }
        }
        fprintf(stderr, "tengen %s: --%s: '%s' is not one of:", command, o->name, text);
        for (int k = 0; o->choices[k]; k++)
            fprintf(stderr, " %s", o->choices[k]);
        fputc('\n', stderr);
        return false;
    }
    char *end = NULL;
    errno = 0;
    double v = o->type == CLI_OPT_INT ? (double)strtoll(text, &end, 10) : strtod(text, &end);
    if (!*text || end == text || *end || errno == ERANGE || !isfinite(v)) {
        fprintf(stderr, "tengen %s: --%s: '%s' is not a %s\n", command, o->name, text,
                o->type == CLI_OPT_INT ? "whole number" : "number");
        return false;
    }
    if (v < o->min || v > o->max) {
        fprintf(stderr, "tengen %s: --%s: %s is outside %g..%g\n", command, o->name, text, o->min,
                o->max);
        return false;
    }
    *number = v;
    return true;
}

static cli_parse_result_t parse_options(int argc, char **argv, const char *command,
                                        const char *about, int default_size,
                                        cli_game_options_t *out, engine_settings_t *engine)
{
    bool given[OPT_COUNT] = {false};
    double number[OPT_COUNT] = {0};
    int choice[OPT_COUNT] = {0};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            print_usage(stdout, command, about, default_size, engine != NULL);
            return CLI_PARSE_HELP;
        }
        if (strncmp(arg, "--", 2) != 0) {
            fprintf(stderr, "tengen %s: unexpected argument '%s' (try --help)\n", command, arg);
            return CLI_PARSE_ERROR;
        }
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
        int k = 0;
        while (k < OPT_COUNT &&
               (strlen(GAME_OPTS[k].name) != name_len ||
                strncmp(GAME_OPTS[k].name, name, name_len) || (GAME_OPTS[k].engine && !engine)))
            k++;
        if (k == OPT_COUNT) {
            fprintf(stderr, "tengen %s: unknown option '%s' (try --help)\n", command, arg);
            return CLI_PARSE_ERROR;
        }
        const char *value = eq ? eq + 1 : NULL;
        if (!value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tengen %s: --%s needs a value\n", command, GAME_OPTS[k].name);
                return CLI_PARSE_ERROR;
            }
            value = argv[++i];
        }
        if (!parse_value(&GAME_OPTS[k], command, value, &number[k], &choice[k]))
            return CLI_PARSE_ERROR;
        given[k] = true;
    }

    const char *preset =
        given[OPT_RULES] ? RULES_PRESET_NAMES[choice[OPT_RULES]] : CLI_DEFAULT_RULES;
    if (!rules_preset(&out->rules, preset)) {
        fprintf(stderr, "tengen %s: unknown rules '%s'\n", command, preset);
        return CLI_PARSE_ERROR;
    }
    out->size = given[OPT_SIZE] ? (int)number[OPT_SIZE] : default_size;
    bool custom = false;
    if (given[OPT_KO]) {
        static const ko_rule_t KO_RULES[] = {KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL};
        custom |= out->rules.ko != KO_RULES[choice[OPT_KO]];
        out->rules.ko = KO_RULES[choice[OPT_KO]];
    }
    if (given[OPT_SUICIDE]) {
        bool allow = choice[OPT_SUICIDE] == 1;
        custom |= out->rules.suicide_allowed != allow;
        out->rules.suicide_allowed = allow;
    }
    if (given[OPT_KOMI]) out->rules.komi = number[OPT_KOMI];
    /* A preset changed in anything but komi is no longer that preset. */
    if (custom) snprintf(out->rules.name, sizeof out->rules.name, "custom");
    if (engine) {
        engine_settings_default(engine);
        if (given[OPT_PLAYOUTS]) engine->playouts = (long)number[OPT_PLAYOUTS];
        if (given[OPT_TIME]) engine->seconds = number[OPT_TIME];
        if (given[OPT_SEED]) engine->seed = (uint64_t)number[OPT_SEED];
        if (given[OPT_RESIGN])
            engine->resign_threshold =
                choice[OPT_RESIGN] ? ENGINE_RESIGN_NEVER : number[OPT_RESIGN] / 100.0;
        if (given[OPT_MEMORY]) engine->memory_mb = (int)number[OPT_MEMORY];
        if (given[OPT_PLAYOUT_POLICY]) engine->light_playouts = choice[OPT_PLAYOUT_POLICY] == 1;
        if (given[OPT_THREADS]) engine->threads = (int)number[OPT_THREADS];
    }
    return CLI_PARSE_OK;
}

cli_parse_result_t cli_parse_game_options(int argc, char **argv, const char *command,
                                          const char *about, int default_size,
                                          cli_game_options_t *out)
{
    return parse_options(argc, argv, command, about, default_size, out, NULL);
}

cli_parse_result_t cli_parse_engine_options(int argc, char **argv, const char *command,
                                            const char *about, int default_size,
                                            cli_game_options_t *out, engine_settings_t *engine)
{
    return parse_options(argc, argv, command, about, default_size, out, engine);
}
