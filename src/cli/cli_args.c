/* cli_args.c - the option-table parser shared by every subcommand (see cli_args.h). Owns the
 * command-line syntax and the error messages about it; knows no subcommand. */
#include "cli/cli_args.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* %.16g: exact for every whole number up to 2^53 (the largest seeds) and short for 0.01. */
#define CLI_NUM "%.16g"

static const char *arg_name(const cli_opt_t *o)
{
    if (o->arg) return o->arg;
    switch (o->type) {
    case CLI_OPT_INT:
        return "N";
    case CLI_OPT_NUMBER:
        return "X";
    case CLI_OPT_TEXT:
        return "TEXT";
    case CLI_OPT_CHOICE:
        return "NAME";
    case CLI_OPT_FLAG:
        break;
    }
    return NULL;
}

static int find_word(const char *const *words, const char *text)
{
    for (int k = 0; words && words[k]; k++)
        if (!strcmp(text, words[k])) return k;
    return -1;
}

static void print_words(FILE *out, const char *const *words, const char *sep)
{
    for (int k = 0; words && words[k]; k++)
        fprintf(out, "%s%s", k ? sep : "", words[k]);
}

/* Check text against o and store it in *v. Returns false with a message on stderr. */
static bool parse_value(const cli_opt_t *o, const char *command, const char *text, cli_value_t *v)
{
    v->text = text;
    v->choice = find_word(o->choices, text);
    v->number = 0;
    if (o->type == CLI_OPT_TEXT) {
        if ((double)strlen(text) >= o->min) return true;
        if (o->min <= 1)
            fprintf(stderr, "tengen %s: --%s needs a non-empty value\n", command, o->name);
        else
            fprintf(stderr, "tengen %s: --%s needs at least " CLI_NUM " characters\n", command,
                    o->name, o->min);
        return false;
    }
    if (o->type == CLI_OPT_CHOICE || v->choice >= 0) {
        if (v->choice >= 0) return true;
        fprintf(stderr, "tengen %s: --%s: '%s' is not one of: ", command, o->name, text);
        print_words(stderr, o->choices, " ");
        fputc('\n', stderr);
        return false;
    }
    /* strtod for whole numbers too, so "1e6" is a whole number. */
    const bool whole = o->type == CLI_OPT_INT;
    char *end = NULL;
    errno = 0;
    const double x = strtod(text, &end);
    if (!*text || end == text || *end || errno == ERANGE || !isfinite(x) ||
        (whole && x != floor(x))) {
        fprintf(stderr, "tengen %s: --%s: '%s' is not a %s", command, o->name, text,
                whole ? "whole number" : "number");
        if (o->choices) {
            fprintf(stderr, " or ");
            print_words(stderr, o->choices, " or ");
        }
        fputc('\n', stderr);
        return false;
    }
    if (x < o->min || x > o->max) {
        fprintf(stderr, "tengen %s: --%s: %s is outside " CLI_NUM ".." CLI_NUM "\n", command,
                o->name, text, o->min, o->max);
        return false;
    }
    v->number = x;
    return true;
}

cli_args_result_t cli_args_parse(int argc, char *const *argv, int first, const char *command,
                                 const cli_opt_t *opts, int n, cli_value_t *values)
{
    for (int k = 0; k < n; k++)
        values[k] = (cli_value_t){.choice = -1};
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) return CLI_ARGS_HELP;
        if (strncmp(arg, "--", 2) != 0) {
            fprintf(stderr, "tengen %s: unexpected argument '%s' (try --help)\n", command, arg);
            return CLI_ARGS_ERROR;
        }
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        const size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int k = 0;
        while (k < n && (strlen(opts[k].name) != len || strncmp(opts[k].name, name, len)))
            k++;
        if (k == n) {
            fprintf(stderr, "tengen %s: unknown option '%s' (try --help)\n", command, arg);
            return CLI_ARGS_ERROR;
        }
        const cli_opt_t *o = &opts[k];
        cli_value_t *v = &values[k];
        if (o->type == CLI_OPT_FLAG) {
            if (eq) {
                fprintf(stderr, "tengen %s: --%s takes no value\n", command, o->name);
                return CLI_ARGS_ERROR;
            }
        } else {
            const char *text = eq ? eq + 1 : NULL;
            if (!text) {
                if (i + 1 >= argc) {
                    fprintf(stderr, "tengen %s: --%s needs a value\n", command, o->name);
                    return CLI_ARGS_ERROR;
                }
                text = argv[++i];
            }
            if (!parse_value(o, command, text, v)) return CLI_ARGS_ERROR;
        }
        v->given = true;
        v->count++;
    }
    return CLI_ARGS_OK;
}

void cli_args_usage(FILE *out, const cli_opt_t *opts, int n)
{
    int width = (int)strlen("--help");
    for (int k = 0; k < n; k++) {
        const char *a = arg_name(&opts[k]);
        const int w = (int)(strlen(opts[k].name) + 2 + (a ? strlen(a) + 1 : 0));
        if (w > width) width = w;
    }
    for (int k = 0; k < n; k++) {
        const cli_opt_t *o = &opts[k];
        const char *a = arg_name(o);
        const int w = (int)(strlen(o->name) + 2 + (a ? strlen(a) + 1 : 0));
        fprintf(out, "  --%s%s%s%*s  %s", o->name, a ? " " : "", a ? a : "", width - w, "",
                o->help);
        if (o->type == CLI_OPT_CHOICE) {
            fprintf(out, "; one of: ");
            print_words(out, o->choices, " ");
        } else if (o->type == CLI_OPT_INT || o->type == CLI_OPT_NUMBER) {
            fprintf(out, "; %s " CLI_NUM ".." CLI_NUM,
                    o->type == CLI_OPT_INT ? "whole number" : "number", o->min, o->max);
            if (o->choices) {
                fprintf(out, " or ");
                print_words(out, o->choices, " or ");
            }
        }
        fputc('\n', out);
    }
    fprintf(out, "  %-*s  show this help\n", width, "--help");
}

double cli_args_number(const cli_value_t *v, double fallback)
{
    return v->given && v->choice < 0 ? v->number : fallback;
}

const char *cli_args_text(const cli_value_t *v, const char *fallback)
{
    return v->given ? v->text : fallback;
}
