/* cli_learn.c - `tengen learn`: train the move model from game records, and `tengen learn eval`:
 * score a model on game records (docs/learn.md).
 *
 * Owns the option tables and the text printed; the work is in learn/train.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "learn/train.h"

enum { LO_OUT, LO_SEED, LO_VALIDATION, LO_SAMPLE, LO_POSITIONS, LO_MIN_COUNT, LO_ITERATIONS,
       LO_OWNER, LO_QUIET, LO_COUNT };

static const cli_opt_t LEARN_OPTS[LO_COUNT] = {
    [LO_OUT] = {"out", CLI_OPT_TEXT, 1, 0, "MODEL", NULL, "the model file to write (required)"},
    [LO_SEED] = {"seed", CLI_OPT_INT, 0, 4294967295.0, NULL, NULL,
                 "seed of the validation split and the sample (default 1)"},
    [LO_VALIDATION] = {"validation", CLI_OPT_NUMBER, 0, 50, "PERCENT", NULL,
                       "share of the games never trained on (default 2)"},
    [LO_SAMPLE] = {"sample", CLI_OPT_NUMBER, 1e-6, 1, NULL, NULL,
                   "share of the training positions the fit uses (default 0.08)"},
    [LO_POSITIONS] = {"positions", CLI_OPT_INT, 1, 1e8, NULL, NULL,
                      "at most this many training positions (default 600000; about 10 KB each "
                      "on 19x19)"},
    [LO_MIN_COUNT] = {"min-count", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                      "a spatial pattern enters the dictionary when played this often "
                      "(default 8)"},
    [LO_ITERATIONS] = {"iterations", CLI_OPT_INT, 1, 1000, NULL, NULL,
                       "MM iterations (default 24; the playout head takes at most 12)"},
    [LO_OWNER] = {"owner", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                  "add the Monte Carlo ownership feature (32 playouts a position: about "
                  "twice the training time)"},
    [LO_QUIET] = {"quiet", CLI_OPT_FLAG, 0, 0, NULL, NULL, "no progress on stderr"},
};

static const char *const SPLIT_CHOICES[] = {"all", "validation", "training", NULL};

enum { LE_MODEL, LE_SPLIT, LE_SEED, LE_VALIDATION, LE_SAMPLE, LE_POSITIONS, LE_QUIET, LE_COUNT };

static const cli_opt_t EVAL_OPTS[LE_COUNT] = {
    [LE_MODEL] = {"model", CLI_OPT_TEXT, 1, 0, "MODEL", NULL, "the model file (required)"},
    [LE_SPLIT] = {"split", CLI_OPT_CHOICE, 0, 0, NULL, SPLIT_CHOICES,
                  "which games: all (default), or the validation or training part of the "
                  "trainer's split (same --seed and --validation as the training)"},
    [LE_SEED] = {"seed", CLI_OPT_INT, 0, 4294967295.0, NULL, NULL,
                 "seed of the split and the sample (default 1)"},
    [LE_VALIDATION] = {"validation", CLI_OPT_NUMBER, 0, 50, "PERCENT", NULL,
                       "the split's validation share (default 2)"},
    [LE_SAMPLE] = {"sample", CLI_OPT_NUMBER, 1e-6, 1, NULL, NULL,
                   "share of the positions scored (default 1: all)"},
    [LE_POSITIONS] = {"positions", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                      "stop after this many positions (default: no limit)"},
    [LE_QUIET] = {"quiet", CLI_OPT_FLAG, 0, 0, NULL, NULL, "no progress on stderr"},
};

/* Split argv into options (with their values) and input files: an argument that is not an option
 * and not the value of the option before it is an input. */
static int split_args(int argc, char **argv, int first, const cli_opt_t *opts, int n,
                      char **options, const char **inputs, int *num_inputs)
{
    int k = 0;
    *num_inputs = 0;
    options[k++] = argv[0];
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] == '-') {
            options[k++] = argv[i];
            if (strchr(a, '=')) continue;
            bool flag = !strcmp(a, "--help");
            for (int j = 0; j < n; j++)
                if (!strcmp(a + 2, opts[j].name)) flag = opts[j].type == CLI_OPT_FLAG;
            if (!flag && i + 1 < argc) options[k++] = argv[++i];
        } else if (!strcmp(a, "-h")) {
            options[k++] = argv[i];
        } else {
            inputs[(*num_inputs)++] = a;
        }
    }
    return k;
}

static void learn_usage(FILE *out)
{
    fprintf(out, "usage: tengen learn --out MODEL [options] SGF-OR-TGZ...\n"
                 "       tengen learn eval --model MODEL [options] SGF-OR-TGZ...\n"
                 "Train tengen's move model (a Bradley-Terry model of move features fitted by\n"
                 "MM) from game records, or score a model on them: top-1, top-5 and the mean\n"
                 "log-likelihood of the moves played. Inputs are SGF files, tar or tar.gz\n"
                 "archives of SGF files. A stopped training resumes from MODEL.*.ckpt.\n"
                 "options of learn:\n");
    cli_args_usage(out, LEARN_OPTS, LO_COUNT);
    fprintf(out, "options of learn eval:\n");
    cli_args_usage(out, EVAL_OPTS, LE_COUNT);
}

static int learn_eval_command(int argc, char **argv)
{
    char **options = calloc((size_t)argc + 1, sizeof(char *));
    const char **inputs = calloc((size_t)argc + 1, sizeof(char *));
    int num_inputs = 0, status = 2;
    if (!options || !inputs) goto done;
    const int k = split_args(argc, argv, 1, EVAL_OPTS, LE_COUNT, options, inputs, &num_inputs);
    cli_value_t v[LE_COUNT];
    const cli_args_result_t r = cli_args_parse(k, options, 1, "learn eval", EVAL_OPTS, LE_COUNT, v);
    if (r == CLI_ARGS_HELP) {
        learn_usage(stdout);
        status = 0;
        goto done;
    }
    if (r != CLI_ARGS_OK) goto done;
    if (!v[LE_MODEL].given || num_inputs == 0) {
        fprintf(stderr, "tengen learn eval: %s\n",
                !v[LE_MODEL].given ? "--model MODEL is required" : "no game records given");
        goto done;
    }
    learn_eval_config_t cfg = {
        .model = v[LE_MODEL].text,
        .inputs = inputs,
        .num_inputs = num_inputs,
        .split = v[LE_SPLIT].given ? (learn_split_t)v[LE_SPLIT].choice : LEARN_SPLIT_ALL,
        .seed = (uint64_t)cli_args_number(&v[LE_SEED], 1),
        .validation_percent = cli_args_number(&v[LE_VALIDATION], 2),
        .sample = cli_args_number(&v[LE_SAMPLE], 1),
        .max_positions = (long)cli_args_number(&v[LE_POSITIONS], 0),
        .verbose = !v[LE_QUIET].given,
    };
    learn_eval_result_t res;
    char err[512];
    if (!learn_eval(&cfg, &res, err, sizeof err)) {
        fprintf(stderr, "tengen learn eval: %s\n", err);
        status = 1;
        goto done;
    }
    printf("%-14s %10s %8s %8s %10s\n", "phase", "positions", "top-1", "top-5", "log-lik");
    for (int p = 0; p <= LEARN_PHASES; p++)
        printf("%-14s %10ld %7.2f%% %7.2f%% %10.4f\n", learn_phase_name(p), res.positions[p],
               100 * res.top1[p], 100 * res.top5[p], res.loglik[p]);
    status = res.positions[LEARN_PHASES] ? 0 : 1;
    if (!res.positions[LEARN_PHASES]) fprintf(stderr, "tengen learn eval: no positions scored\n");
done:
    free(options);
    free(inputs);
    return status;
}

int cli_learn(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "eval")) return learn_eval_command(argc - 1, argv + 1);
    char **options = calloc((size_t)argc + 1, sizeof(char *));
    const char **inputs = calloc((size_t)argc + 1, sizeof(char *));
    int num_inputs = 0, status = 2;
    if (!options || !inputs) goto done;
    const int k = split_args(argc, argv, 1, LEARN_OPTS, LO_COUNT, options, inputs, &num_inputs);
    cli_value_t v[LO_COUNT];
    const cli_args_result_t r = cli_args_parse(k, options, 1, "learn", LEARN_OPTS, LO_COUNT, v);
    if (r == CLI_ARGS_HELP) {
        learn_usage(stdout);
        status = 0;
        goto done;
    }
    if (r != CLI_ARGS_OK) goto done;
    if (!v[LO_OUT].given || num_inputs == 0) {
        fprintf(stderr, "tengen learn: %s\n",
                !v[LO_OUT].given ? "--out MODEL is required" : "no game records given");
        goto done;
    }
    learn_config_t cfg;
    learn_config_default(&cfg);
    cfg.inputs = inputs;
    cfg.num_inputs = num_inputs;
    cfg.out = v[LO_OUT].text;
    cfg.seed = (uint64_t)cli_args_number(&v[LO_SEED], (double)cfg.seed);
    cfg.validation_percent = cli_args_number(&v[LO_VALIDATION], cfg.validation_percent);
    cfg.sample = cli_args_number(&v[LO_SAMPLE], cfg.sample);
    cfg.max_positions = (long)cli_args_number(&v[LO_POSITIONS], (double)cfg.max_positions);
    cfg.min_count = (int)cli_args_number(&v[LO_MIN_COUNT], cfg.min_count);
    cfg.iterations = (int)cli_args_number(&v[LO_ITERATIONS], cfg.iterations);
    cfg.verbose = !v[LO_QUIET].given;
    cfg.tree_groups[FEAT_OWNER] = v[LO_OWNER].given;
    char err[512];
    if (!learn_train(&cfg, err, sizeof err)) {
        fprintf(stderr, "tengen learn: %s\n", err);
        status = 1;
        goto done;
    }
    status = 0;
done:
    free(options);
    free(inputs);
    return status;
}
