/* test_cli_args.c - the shared option-table parser (cli_args.h): both --name forms, whole numbers
 * and numbers with their ranges, words instead of numbers, text, flags, choices, unknown and
 * stray arguments, missing values, --help, and the usage lines. Every error must return
 * CLI_ARGS_ERROR with one message "tengen test: ..." on stderr. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_args.h"

enum { T_SIZE, T_KOMI, T_NAME, T_DIR, T_QUIET, T_KO, T_RESIGN, T_COUNT };

static const char *const KO_WORDS[] = {"simple", "positional", "situational", NULL};
static const char *const NEVER_WORD[] = {"never", NULL};

static const cli_opt_t OPTS[T_COUNT] = {
    [T_SIZE] = {"size", CLI_OPT_INT, 2, 25, NULL, NULL, "board size"},
    [T_KOMI] = {"komi", CLI_OPT_NUMBER, -10, 10.5, NULL, NULL, "komi"},
    [T_NAME] = {"name", CLI_OPT_TEXT, 0, 0, NULL, NULL, "any text, empty too"},
    [T_DIR] = {"dir", CLI_OPT_TEXT, 1, 0, "DIR", NULL, "a directory"},
    [T_QUIET] = {"quiet", CLI_OPT_FLAG, 0, 0, NULL, NULL, "say less"},
    [T_KO] = {"ko", CLI_OPT_CHOICE, 0, 0, NULL, KO_WORDS, "ko rule"},
    [T_RESIGN] = {"resign", CLI_OPT_NUMBER, 0, 100, "X|never", NEVER_WORD, "resign threshold"},
};

static cli_value_t v[T_COUNT];
static char err[1024]; /* what the last parse wrote on stderr */

/* cli_args_parse over the first n rows of OPTS with stderr captured into err. */
static cli_args_result_t parse_argv(int argc, char **argv, int first, int n)
{
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(tmp), STDERR_FILENO) >= 0);
    const cli_args_result_t r = cli_args_parse(argc, argv, first, "test", OPTS, n, v);
    fflush(stderr);
    assert_true(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    rewind(tmp);
    const size_t len = fread(err, 1, sizeof err - 1, tmp);
    err[len] = '\0';
    fclose(tmp);
    return r;
}

/* Parse the NULL-terminated arguments after "tengen test" against all of OPTS. */
static cli_args_result_t parse(const char *first, ...)
{
    char *argv[32] = {"test"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a; a = va_arg(ap, const char *)) {
        assert_true(argc < 32);
        argv[argc++] = (char *)a;
    }
    va_end(ap);
    return parse_argv(argc, argv, 1, T_COUNT);
}

/* An error: CLI_ARGS_ERROR, one line "tengen test: ..." that contains `says`. */
static void assert_error(cli_args_result_t r, const char *says)
{
    assert_int_equal(r, CLI_ARGS_ERROR);
    assert_true(!strncmp(err, "tengen test: ", 13));
    assert_non_null(strstr(err, says));
    assert_non_null(strchr(err, '\n'));
    assert_true(strchr(err, '\n')[1] == '\0');
}

static void test_nothing_given(void **state)
{
    (void)state;
    assert_int_equal(parse(NULL), CLI_ARGS_OK);
    assert_string_equal(err, "");
    for (int k = 0; k < T_COUNT; k++) {
        assert_false(v[k].given);
        assert_int_equal(v[k].count, 0);
        assert_null(v[k].text);
        assert_int_equal(v[k].choice, -1);
    }
    assert_true(cli_args_number(&v[T_SIZE], 19) == 19);
    assert_string_equal(cli_args_text(&v[T_DIR], "out"), "out");
}

static void test_both_forms(void **state)
{
    (void)state;
    assert_int_equal(parse("--size", "13", "--komi=6.5", "--name=a=b", "--dir", "x y", NULL),
                     CLI_ARGS_OK);
    assert_true(v[T_SIZE].given);
    assert_true(v[T_SIZE].number == 13);
    assert_string_equal(v[T_SIZE].text, "13");
    assert_true(v[T_KOMI].number == 6.5);
    assert_string_equal(v[T_NAME].text, "a=b"); /* only the first '=' splits */
    assert_string_equal(v[T_DIR].text, "x y");
    assert_false(v[T_QUIET].given);
    /* The value after a space may start with "--" or be a negative number. */
    assert_int_equal(parse("--name", "--size", "--komi", "-3", NULL), CLI_ARGS_OK);
    assert_string_equal(v[T_NAME].text, "--size");
    assert_false(v[T_SIZE].given);
    assert_true(v[T_KOMI].number == -3);
    /* Given twice: the last counts, and count says so. */
    assert_int_equal(parse("--size", "9", "--size=19", NULL), CLI_ARGS_OK);
    assert_true(v[T_SIZE].number == 19);
    assert_int_equal(v[T_SIZE].count, 2);
}

static void test_ranges(void **state)
{
    (void)state;
    assert_int_equal(parse("--size", "2", "--komi", "-10", NULL), CLI_ARGS_OK);
    assert_int_equal(parse("--size", "25", "--komi", "10.5", NULL), CLI_ARGS_OK);
    assert_true(v[T_SIZE].number == 25 && v[T_KOMI].number == 10.5);
    assert_error(parse("--size", "1", NULL), "--size: 1 is outside 2..25");
    assert_error(parse("--size=26", NULL), "outside 2..25");
    assert_error(parse("--komi", "10.6", NULL), "--komi: 10.6 is outside -10..10.5");
    assert_error(parse("--komi", "-11", NULL), "outside");
    assert_error(parse("--resign", "101", NULL), "outside 0..100");
}

static void test_not_numbers(void **state)
{
    (void)state;
    /* Whole numbers may be written as any integral number. */
    assert_int_equal(parse("--size", "9.0", NULL), CLI_ARGS_OK);
    assert_true(v[T_SIZE].number == 9);
    assert_int_equal(parse("--size", "1e1", NULL), CLI_ARGS_OK);
    assert_true(v[T_SIZE].number == 10);
    assert_error(parse("--size", "9.5", NULL), "--size: '9.5' is not a whole number");
    assert_error(parse("--size", "nine", NULL), "'nine' is not a whole number");
    assert_error(parse("--size", "9x", NULL), "not a whole number");
    assert_error(parse("--size", "", NULL), "not a whole number");
    assert_error(parse("--size=", NULL), "not a whole number");
    assert_error(parse("--komi", "7.5x", NULL), "--komi: '7.5x' is not a number");
    assert_error(parse("--komi", "inf", NULL), "not a number");
    assert_error(parse("--komi", "nan", NULL), "not a number");
    assert_error(parse("--komi", "1e999", NULL), "not a number");
    assert_error(parse("--komi", " ", NULL), "not a number");
}

static void test_words_for_numbers(void **state)
{
    (void)state;
    assert_int_equal(parse("--resign", "never", NULL), CLI_ARGS_OK);
    assert_true(v[T_RESIGN].given);
    assert_int_equal(v[T_RESIGN].choice, 0);
    assert_true(cli_args_number(&v[T_RESIGN], -1) == -1); /* a word is not a number */
    assert_int_equal(parse("--resign=25", NULL), CLI_ARGS_OK);
    assert_int_equal(v[T_RESIGN].choice, -1);
    assert_true(cli_args_number(&v[T_RESIGN], -1) == 25);
    assert_error(parse("--resign", "Never", NULL), "'Never' is not a number or never");
}

static void test_text(void **state)
{
    (void)state;
    assert_int_equal(parse("--name", "", NULL), CLI_ARGS_OK); /* min 0: empty is fine */
    assert_true(v[T_NAME].given);
    assert_string_equal(v[T_NAME].text, "");
    assert_error(parse("--dir", "", NULL), "--dir needs a non-empty value");
    assert_error(parse("--dir=", NULL), "--dir needs a non-empty value");
}

static void test_flags(void **state)
{
    (void)state;
    assert_int_equal(parse("--quiet", "--size", "5", "--quiet", NULL), CLI_ARGS_OK);
    assert_true(v[T_QUIET].given);
    assert_int_equal(v[T_QUIET].count, 2);
    assert_null(v[T_QUIET].text);
    assert_true(v[T_SIZE].number == 5);
    assert_error(parse("--quiet=yes", NULL), "--quiet takes no value");
    assert_error(parse("--quiet=", NULL), "--quiet takes no value");
}

static void test_choices(void **state)
{
    (void)state;
    assert_int_equal(parse("--ko", "simple", NULL), CLI_ARGS_OK);
    assert_int_equal(v[T_KO].choice, 0);
    assert_int_equal(parse("--ko=situational", NULL), CLI_ARGS_OK);
    assert_int_equal(v[T_KO].choice, 2);
    assert_string_equal(v[T_KO].text, "situational");
    assert_true(cli_args_number(&v[T_KO], 7) == 7);
    assert_error(parse("--ko", "superko", NULL),
                 "--ko: 'superko' is not one of: simple positional situational");
    assert_error(parse("--ko", "Simple", NULL), "is not one of");
    assert_error(parse("--ko", "", NULL), "is not one of");
}

static void test_unknown_and_stray(void **state)
{
    (void)state;
    assert_error(parse("--bogus", NULL), "unknown option '--bogus'");
    assert_error(parse("--bogus=1", NULL), "unknown option '--bogus=1'");
    assert_error(parse("--siz", "9", NULL), "unknown option '--siz'"); /* no prefixes */
    assert_error(parse("--sizes", "9", NULL), "unknown option");
    assert_error(parse("--", NULL), "unknown option '--'");
    assert_error(parse("--SIZE", "9", NULL), "unknown option");
    assert_error(parse("chinese", NULL), "unexpected argument 'chinese'");
    assert_error(parse("-s", "9", NULL), "unexpected argument '-s'");
    assert_error(parse("--size", "9", "extra", NULL), "unexpected argument 'extra'");
}

static void test_missing_values(void **state)
{
    (void)state;
    assert_error(parse("--size", NULL), "--size needs a value");
    assert_error(parse("--komi", NULL), "--komi needs a value");
    assert_error(parse("--quiet", "--name", NULL), "--name needs a value");
    assert_error(parse("--ko", NULL), "--ko needs a value");
}

static void test_help(void **state)
{
    (void)state;
    assert_int_equal(parse("--help", NULL), CLI_ARGS_HELP);
    assert_int_equal(parse("-h", NULL), CLI_ARGS_HELP);
    assert_int_equal(parse("--size", "9", "--help", "--bogus", NULL), CLI_ARGS_HELP);
    assert_string_equal(err, ""); /* the caller prints the usage */
    /* Read in order: an error before --help wins. */
    assert_error(parse("--bogus", "--help", NULL), "unknown option");
    assert_error(parse("--size", "99", "--help", NULL), "outside");
    /* --help as the value of an option is that value. */
    assert_int_equal(parse("--name", "--help", NULL), CLI_ARGS_OK);
    assert_string_equal(v[T_NAME].text, "--help");

    /* Only argv[first..] is read. */
    char *argv[] = {"test", "playouts", "--size", "7"};
    assert_int_equal(parse_argv(4, argv, 2, T_COUNT), CLI_ARGS_OK);
    assert_true(v[T_SIZE].number == 7);
    /* Only the first n rows are options. */
    assert_int_equal(parse_argv(4, argv, 2, 1), CLI_ARGS_OK);
    char *argv2[] = {"test", "--komi", "1"};
    assert_error(parse_argv(3, argv2, 1, 1), "unknown option '--komi'");
}

static void test_usage(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    cli_args_usage(f, OPTS, T_COUNT);
    rewind(f);
    char text[4096];
    const size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = '\0';
    fclose(f);
    /* A line per option and one for --help, each with the help text. */
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, T_COUNT + 1);
    for (int k = 0; k < T_COUNT; k++) {
        char name[64];
        snprintf(name, sizeof name, "  --%s ", OPTS[k].name);
        assert_non_null(strstr(text, name));
        assert_non_null(strstr(text, OPTS[k].help));
    }
    assert_non_null(strstr(text, "  --size N "));
    assert_non_null(strstr(text, "whole number 2..25"));
    assert_non_null(strstr(text, "number -10..10.5"));
    assert_non_null(strstr(text, "  --dir DIR "));
    assert_non_null(strstr(text, "  --name TEXT "));
    assert_non_null(strstr(text, "  --ko NAME "));
    assert_non_null(strstr(text, "one of: simple positional situational"));
    assert_non_null(strstr(text, "  --resign X|never "));
    assert_non_null(strstr(text, "number 0..100 or never"));
    assert_non_null(strstr(text, "  --help "));
    assert_non_null(strstr(text, "show this help"));
    /* The help texts start in one column. */
    const char *size = strstr(text, "  --size"), *quiet = strstr(text, "  --quiet");
    assert_int_equal(strstr(size, "board size") - size, strstr(quiet, "say less") - quiet);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nothing_given),
        cmocka_unit_test(test_both_forms),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_not_numbers),
        cmocka_unit_test(test_words_for_numbers),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_flags),
        cmocka_unit_test(test_choices),
        cmocka_unit_test(test_unknown_and_stray),
        cmocka_unit_test(test_missing_values),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
