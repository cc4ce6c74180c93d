/* cli_args.h - the one command-line parser of the subcommands: a table of options
 * {name, type, min, max, arg, choices, help} in, one cli_value_t per option out. It knows the
 * syntax ("--name value", "--name=value", flags, --help), checks every value against its table
 * row and prints the usage lines of a table; what an option means stays with its subcommand. */
#ifndef TENGEN_CLI_ARGS_H
#define TENGEN_CLI_ARGS_H

#include <stdbool.h>
#include <stdio.h>

typedef enum cli_opt_type {
    CLI_OPT_INT,    /* a whole number in [min, max] ("12", "1e6", "9.0"), or one of choices */
    CLI_OPT_NUMBER, /* a decimal number in [min, max], or one of choices */
    CLI_OPT_TEXT,   /* any text at least min characters long (min 1: not empty); max unused */
    CLI_OPT_FLAG,   /* no value; "--name=value" is an error */
    CLI_OPT_CHOICE, /* one of the words in choices (exact, case-sensitive) */
} cli_opt_type_t;

typedef struct cli_opt {
    const char *name; /* without the leading "--" */
    cli_opt_type_t type;
    double min, max; /* INT and NUMBER: the range, both ends included; TEXT: min is the length */
    const char *arg; /* the value's name in the usage ("DIR"); NULL: N, X, TEXT or NAME by type */
    /* CHOICE: the words, NULL-terminated. INT and NUMBER: words also taken instead of a number
     * ("never"), or NULL for none. */
    const char *const *choices;
    const char *help;
} cli_opt_t;

/* What the command line gave for one option. Everything but `given` and `count` is zero (text
 * NULL, choice -1) for an option not given; an option given twice keeps its last value. */
typedef struct cli_value {
    bool given;
    int count;        /* times given */
    double number;    /* INT and NUMBER given as a number */
    int choice;       /* CHOICE: index in choices; INT and NUMBER: the word's index, or -1 */
    const char *text; /* the value as typed (points into argv); NULL for a FLAG */
} cli_value_t;

typedef enum cli_args_result {
    CLI_ARGS_OK = 0,
    CLI_ARGS_HELP,  /* --help (or -h) came before any error: the caller prints its usage, exit 0 */
    CLI_ARGS_ERROR, /* a message "tengen COMMAND: ..." was printed on stderr: exit 2 */
} cli_args_result_t;

/* Parse argv[first..argc-1] against the n options of opts into values[0..n-1] (values[k]
 * belongs to opts[k]; all n are reset first). Each argument is "--name value", "--name=value",
 * "--flag", "--help" or "-h"; anything else, an unknown name, a missing value or a value outside
 * its row is an error. Arguments are read in order, so --help after a bad argument is an error.
 * `command` names the subcommand in messages ("tengen COMMAND: ..."). Prints nothing on stdout;
 * on CLI_ARGS_ERROR one line on stderr. Does not keep argv beyond values[].text. */
cli_args_result_t cli_args_parse(int argc, char *const *argv, int first, const char *command,
                                 const cli_opt_t *opts, int n, cli_value_t *values);

/* Print one line per option of opts[0..n-1] and a last line for --help on out: "--name ARG",
 * the help, then the choices or the range. The column fits the longest "--name ARG". */
void cli_args_usage(FILE *out, const cli_opt_t *opts, int n);

/* The number of an option given as a number, else fallback (not given, or given as a word). */
double cli_args_number(const cli_value_t *v, double fallback);

/* The text of an option if given, else fallback. */
const char *cli_args_text(const cli_value_t *v, const char *fallback);

#endif
