/* cli_bench.c - `tengen bench`: speed benchmarks with a behaviour signature.
 *
 * `tengen bench playouts` runs light playouts from the empty board, reports their speed, and
 * prints a signature (stones placed and black wins over the first SIGNATURE_PLAYOUTS playouts of
 * the seeded run) that changes only when playout behaviour changes: a functional commit quotes the
 * new signature, a pure speed-up keeps it. Owns its option table and the report text only.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "tengen/board.h"
#include "tengen/playout.h"
#include "tengen/rng.h"

/* The signature covers this many playouts from the start of the run, whatever its length. */
#define SIGNATURE_PLAYOUTS 1000
/* Read the clock once per this many playouts: cheap, and fine-grained next to a 0.01 s limit. */
#define CLOCK_EVERY 16

typedef enum bench_opt_type {
    OPT_INT,  /* a whole number in [min, max] */
    OPT_REAL, /* a decimal number in [min, max] */
} bench_opt_type_t;

typedef struct bench_opt {
    const char *name; /* without the leading "--" */
    bench_opt_type_t type;
    double min, max;
    const char *help;
} bench_opt_t;

enum { OPT_SIZE, OPT_SECONDS, OPT_SEED, OPT_KOMI, OPT_PLAYOUTS, OPT_COUNT };

static const bench_opt_t BENCH_OPTS[OPT_COUNT] = {
    [OPT_SIZE] = {"size", OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, "board size (default 9)"},
    [OPT_SECONDS] = {"seconds", OPT_REAL, 0.01, 86400,
                     "run for this long, and for at least 1000 playouts (default 5)"},
    [OPT_SEED] = {"seed", OPT_INT, 0, 4294967295.0, "random seed (default 1)"},
    [OPT_KOMI] = {"komi", OPT_REAL, -1000, 1000, "komi for the win rate (default 7.5)"},
    [OPT_PLAYOUTS] = {"playouts", OPT_INT, 1, 1e9, "run exactly this many playouts instead of --seconds"},
};

static void bench_usage(FILE *out)
{
    fprintf(out, "usage: tengen bench playouts [options]\n"
                 "Light playouts from the empty board (black first, Tromp-Taylor area count).\n"
                 "Prints playouts/s, moves/s, mean length, black's win rate and a signature\n"
                 "(stones placed, black wins) over the first %d playouts of the seeded run.\n"
                 "options:\n",
            SIGNATURE_PLAYOUTS);
    for (int i = 0; i < OPT_COUNT; i++) {
        const bench_opt_t *o = &BENCH_OPTS[i];
        char arg[48];
        snprintf(arg, sizeof(arg), "--%s %s", o->name, o->type == OPT_INT ? "N" : "X");
        fprintf(out, "  %-16s %s; %s %.10g..%.10g\n", arg, o->help,
                o->type == OPT_INT ? "whole number" : "number", o->min, o->max);
    }
    fprintf(out, "  %-16s show this help\n", "--help");
}

/* Parse the text of option o into *value. Returns false with a message on stderr if it is not a
 * number of the option's type within its range. */
static bool bench_parse_value(const bench_opt_t *o, const char *text, double *value)
{
    char *end = NULL;
    errno = 0;
    double v;
    if (o->type == OPT_INT) {
        long long n = strtoll(text, &end, 10);
        v = (double)n;
    } else {
        v = strtod(text, &end);
    }
    if (!*text || end == text || *end || errno == ERANGE || !isfinite(v)) {
        fprintf(stderr, "tengen bench: --%s needs %s, got '%s'\n", o->name,
                o->type == OPT_INT ? "a whole number" : "a number", text);
        return false;
    }
    if (v < o->min || v > o->max) {
        fprintf(stderr, "tengen bench: --%s must be in %.10g..%.10g, got '%s'\n", o->name, o->min,
                o->max, text);
        return false;
    }
    *value = v;
    return true;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_playouts(const double *values, const bool *given)
{
    const int size = (int)values[OPT_SIZE];
    const double seconds = values[OPT_SECONDS];
    const uint64_t seed = (uint64_t)values[OPT_SEED];
    const double komi = values[OPT_KOMI];
    const long long fixed = given[OPT_PLAYOUTS] ? (long long)values[OPT_PLAYOUTS] : 0;

    board_t empty;
    if (!board_init(&empty, size, false)) {
        fprintf(stderr, "tengen bench: bad board size %d\n", size);
        return 2;
    }
    rng_t rng;
    rng_seed(&rng, seed);

    long long playouts = 0, moves = 0, black_wins = 0, jigo = 0, capped = 0;
    long long sig_playouts = 0, sig_moves = 0, sig_wins = 0;
    const double t0 = now_seconds();
    double elapsed = 0;
    for (;;) {
        playout_result_t r;
        playout_light(&empty, STONE_BLACK, &rng, &r);
        playouts++;
        moves += r.moves;
        capped += r.capped;
        const double margin = r.score - komi;
        black_wins += margin > 0;
        jigo += margin == 0;
        if (playouts <= SIGNATURE_PLAYOUTS) {
            sig_playouts = playouts;
            sig_moves = moves;
            sig_wins = black_wins;
        }
        if (fixed) {
            if (playouts >= fixed) break;
        } else if (playouts % CLOCK_EVERY == 0 && playouts >= SIGNATURE_PLAYOUTS &&
                   now_seconds() - t0 >= seconds) {
            break;
        }
    }
    elapsed = now_seconds() - t0;
    if (elapsed <= 0) elapsed = 1e-9;

    printf("bench playouts: size %d, komi %g, seed %llu, light policy, one thread\n", size, komi,
           (unsigned long long)seed);
    printf("playouts: %lld in %.3f s\n", playouts, elapsed);
    printf("playouts/s: %.0f\n", (double)playouts / elapsed);
    printf("moves/s: %.0f\n", (double)moves / elapsed);
    printf("mean length: %.2f moves\n", (double)moves / (double)playouts);
    printf("black win rate: %.4f (jigo %.4f, capped %lld)\n", (double)black_wins / (double)playouts,
           (double)jigo / (double)playouts, capped);
    printf("signature: %lld moves %lld black wins (first %lld playouts)\n", sig_moves, sig_wins,
           sig_playouts);
    return 0;
}

int cli_bench(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        bench_usage(stdout);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "playouts")) {
        if (argc >= 2) fprintf(stderr, "tengen bench: unknown benchmark '%s'\n", argv[1]);
        bench_usage(stderr);
        return 2;
    }
    double values[OPT_COUNT] = {[OPT_SIZE] = 9, [OPT_SECONDS] = 5, [OPT_SEED] = 1,
                                [OPT_KOMI] = 7.5, [OPT_PLAYOUTS] = 0};
    bool given[OPT_COUNT] = {false};
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            bench_usage(stdout);
            return 0;
        }
        if (strncmp(arg, "--", 2)) {
            fprintf(stderr, "tengen bench: unexpected argument '%s' (see --help)\n", arg);
            return 2;
        }
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        const size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
        int k = -1;
        for (int j = 0; j < OPT_COUNT; j++)
            if (strlen(BENCH_OPTS[j].name) == name_len && !strncmp(BENCH_OPTS[j].name, name, name_len))
                k = j;
        if (k < 0) {
            fprintf(stderr, "tengen bench: unknown option '%s' (see --help)\n", arg);
            return 2;
        }
        const char *text = eq ? eq + 1 : NULL;
        if (!text) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tengen bench: --%s needs a value\n", BENCH_OPTS[k].name);
                return 2;
            }
            text = argv[++i];
        }
        if (!bench_parse_value(&BENCH_OPTS[k], text, &values[k])) return 2;
        given[k] = true;
    }
    if (given[OPT_SECONDS] && given[OPT_PLAYOUTS]) {
        fprintf(stderr, "tengen bench: give --seconds or --playouts, not both\n");
        return 2;
    }
    return bench_playouts(values, given);
}
