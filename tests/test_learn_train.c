/* test_learn_train.c - the move model's trainer (learn/train.h): games sampled here from a model
 * with known gammas, written as SGF files, and the trainer fitting them back; a training stopped
 * after some iterations resuming from its checkpoint (and a checkpoint of other data or settings
 * ignored); errors naming the missing file; the evaluation's counts by phase against the
 * probabilities the games were sampled with. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ascii_board.h"
#include "learn/train.h"
#include "tengen/game.h"
#include "tengen/model.h"
#include "tengen/rng.h"
#include "tengen/sgf.h"

#define SIZE 9
#define MOVES 50  /* moves per game at most; a game also ends at two passes */
#define GAMES 240 /* at TENGEN_TEST_SCALE 1 */

/* The true model: the line from the edge and the distance to the last move; every other group
 * (and every distance not listed) has gamma 1. */
static const float edge_gamma[FEAT_EDGE_VALUES + 1] = {0, 0.2f, 0.6f, 1.5f, 1.2f, 1.0f};
static const float dist_gamma[FEAT_DIST_VALUES + 1] = {
    [2] = 4.0f, [3] = 2.5f, [4] = 1.8f, [5] = 1.3f, [6] = 1.1f, [7] = 0.8f, [8] = 0.7f};

static char scratch[64];

/* The synthetic games, and what sampling them gave: for each phase of learn_eval (moves 1-30,
 * 31-80, ...) and for all, the positions and the expected top-1 and log-likelihood of the played
 * moves under the true model (learn_eval's definition: ties with the played move share a hit). */
static struct synthetic {
    int games;
    char paths[GAMES][96];
    const char *inputs[GAMES];
    long positions[LEARN_PHASES + 1];
    double top1[LEARN_PHASES + 1], loglik[LEARN_PHASES + 1];
    long edge_played[FEAT_EDGE_VALUES + 1], dist_played[FEAT_DIST_VALUES + 1];
} syn;

static const char *scratch_path(const char *name)
{
    static char paths[8][128];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 128, "%s/%s", scratch, name);
    return p;
}

static model_t *true_model(void)
{
    model_t *m = model_new();
    assert_non_null(m);
    for (uint32_t v = 1; v <= FEAT_EDGE_VALUES; v++)
        assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, v, edge_gamma[v]));
    for (uint32_t v = 1; v <= FEAT_DIST_VALUES; v++)
        if (dist_gamma[v] > 0)
            assert_true(model_set_gamma(m, MODEL_TREE, FEAT_DIST_PREV, v, dist_gamma[v]));
    return m;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    const long n = ftell(f);
    assert_true(n >= 0);
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    char *data = malloc((size_t)n + 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    data[n] = '\0';
    *len = (size_t)n;
    return data;
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

static int phase_of(int move_number)
{
    return move_number < 30 ? 0 : move_number < 80 ? 1 : move_number < 150 ? 2 : 3;
}

/* One game sampled from the tree head of m: at each move a legal move (pass included) drawn with
 * model_policy's probabilities, until `moves` moves or two passes. The statistics go into syn when
 * count is set. Returns the game (the caller frees it). */
static game_t *sample_game(const model_t *m, uint64_t seed, int moves, bool count)
{
    rules_t rules;
    assert_true(rules_preset(&rules, "japanese"));
    game_t *g = game_new(SIZE, &rules);
    assert_non_null(g);
    rng_t r;
    rng_seed(&r, seed);
    int points[BOARD_MAX_POINTS + 1];
    float probs[BOARD_MAX_POINTS + 1];
    int last = POINT_NONE, last2 = POINT_NONE;
    for (int k = 0; k < moves && !game_is_over(g); k++) {
        const board_t *b = game_board(g);
        const stone_t c = game_to_move(g);
        const int n = model_policy(m, MODEL_TREE, b, c, last, last2, NULL, points, probs);
        assert_true(n >= 1);
        double total = 0;
        for (int i = 0; i < n; i++)
            total += probs[i];
        const double u = rng_double(&r) * total;
        int pick = n - 1;
        double acc = 0;
        for (int i = 0; i < n; i++) {
            acc += probs[i];
            if (u < acc) {
                pick = i;
                break;
            }
        }
        const int p = points[pick];
        if (count) {
            int above = 0, ties = 0;
            for (int i = 0; i < n; i++) {
                if (probs[i] > probs[pick])
                    above++;
                else if (probs[i] == probs[pick])
                    ties++;
            }
            const double lp = log(probs[pick] > 1e-30f ? probs[pick] : 1e-30);
            const int slots[2] = {phase_of(k), LEARN_PHASES};
            for (int s = 0; s < 2; s++) {
                syn.positions[slots[s]]++;
                syn.top1[slots[s]] += above == 0 ? 1.0 / ties : 0;
                syn.loglik[slots[s]] += lp;
            }
            if (p != POINT_PASS) {
                feature_context_t *ctx = malloc(sizeof *ctx);
                assert_non_null(ctx);
                uint32_t value[FEAT_GROUPS];
                feature_context_init(ctx, b, c, last, last2);
                feature_extract(ctx, p, value, NULL);
                syn.edge_played[value[FEAT_EDGE]]++;
                syn.dist_played[value[FEAT_DIST_PREV]]++;
                free(ctx);
            }
        }
        assert_int_equal(game_play(g, c, p), GAME_OK);
        last2 = last;
        last = p;
    }
    return g;
}

static void write_game(const game_t *g, const char *path)
{
    sgf_node_t *root = sgf_from_game(g, "sampler", "sampler");
    assert_non_null(root);
    char *text = sgf_write(root);
    assert_non_null(text);
    write_text(path, text);
    free(text);
    sgf_free(root);
}

static int setup(void **state)
{
    (void)state;
    snprintf(scratch, sizeof scratch, "/tmp/tengen_train_XXXXXX");
    if (mkdtemp(scratch) == NULL) return -1;
    model_t *m = true_model();
    syn.games = GAMES / test_scale();
    for (int i = 0; i < syn.games; i++) {
        game_t *g = sample_game(m, 1000 + (uint64_t)i, MOVES, true);
        snprintf(syn.paths[i], sizeof syn.paths[i], "%s/game%03d.sgf", scratch, i);
        write_game(g, syn.paths[i]);
        game_free(g);
        syn.inputs[i] = syn.paths[i];
    }
    for (int s = 0; s <= LEARN_PHASES; s++) {
        if (!syn.positions[s]) continue;
        syn.top1[s] /= (double)syn.positions[s];
        syn.loglik[s] /= (double)syn.positions[s];
    }
    model_free(m);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    return system(cmd) == 0 ? 0 : -1;
}

/* The trainer's settings of these tests: the tree head with the two groups of the true model, no
 * playout head, every position, no validation games. */
static learn_config_t config(const char *const *inputs, int num_inputs, const char *out,
                             int iterations)
{
    learn_config_t cfg;
    learn_config_default(&cfg);
    cfg.inputs = inputs;
    cfg.num_inputs = num_inputs;
    cfg.out = out;
    for (int g = 0; g < FEAT_GROUPS; g++)
        cfg.tree_groups[g] = g == FEAT_EDGE || g == FEAT_DIST_PREV;
    cfg.playout_head = false;
    cfg.sample = 1;
    cfg.validation_percent = 0;
    cfg.iterations = iterations;
    return cfg;
}

static void train_ok(const learn_config_t *cfg)
{
    char err[512] = "";
    if (!learn_train(cfg, err, sizeof err)) fail_msg("learn_train: %s", err);
}

/* Run learn_train (verbose) with stderr going to a file; returns what it printed (the caller
 * frees it) and the error message in err. */
static char *train_captured(const learn_config_t *cfg, bool expect_ok, char *err, int err_len)
{
    learn_config_t verbose = *cfg;
    verbose.verbose = true;
    const char *log_path = scratch_path("stderr.txt");
    fflush(stderr);
    const int saved = dup(2);
    const int fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(saved >= 0 && fd >= 0);
    assert_true(dup2(fd, 2) >= 0);
    close(fd);
    err[0] = '\0';
    const bool ok = learn_train(&verbose, err, err_len);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    if (ok != expect_ok) fail_msg("learn_train %s: %s", ok ? "succeeded" : "failed", err);
    size_t len;
    char *text = read_all(log_path, &len);
    return text;
}

static model_t *load(const char *path)
{
    char err[512] = "";
    model_t *m = model_load(path, err, sizeof err);
    if (!m) fail_msg("model_load: %s", err);
    return m;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- recovery of the true gammas ---- */

/* The gammas of values lo..hi of a group over their geometric mean: each group's scale is free
 * (the data fix only ratios of strengths), so the fit and the truth are compared after the same
 * normalisation. */
static void normalise(const float *gamma, int lo, int hi, double *out)
{
    double s = 0;
    for (int v = lo; v <= hi; v++)
        s += log(gamma[v]);
    const double mean = s / (hi - lo + 1);
    for (int v = lo; v <= hi; v++)
        out[v] = exp(log(gamma[v]) - mean);
}

/* Compare the fitted gammas of values lo..hi of group g with the true ones. A gamma estimated
 * from n played moves has a relative standard error of about 1/sqrt(n) (1.0 to 1.5 times that,
 * measured over many seeds of this data set); 5/sqrt(n) is more than three of them. Values
 * played fewer than 100 times are not checked; the others are. Returns how many were. */
static int check_group(const model_t *m, feature_group_t g, const float *truth, int lo, int hi,
                       const long *played)
{
    float got[FEAT_DIST_VALUES + 1] = {0}, want[FEAT_DIST_VALUES + 1] = {0};
    double got_n[FEAT_DIST_VALUES + 1], want_n[FEAT_DIST_VALUES + 1];
    for (int v = lo; v <= hi; v++) {
        got[v] = model_get_gamma(m, MODEL_TREE, g, (uint32_t)v);
        want[v] = truth[v] > 0 ? truth[v] : 1;
    }
    normalise(got, lo, hi, got_n);
    normalise(want, lo, hi, want_n);
    int checked = 0;
    for (int v = lo; v <= hi; v++) {
        if (played[v] < 100) continue;
        const double tol = 5 / sqrt((double)played[v]);
        const double rel = got_n[v] / want_n[v] - 1;
        if (fabs(rel) > tol)
            fail_msg("%s %d: true %.3f, fitted %.3f (%+.1f%%, tolerance %.1f%% for %ld moves)",
                     feature_group_name(g), v, want_n[v], got_n[v], 100 * rel, 100 * tol,
                     played[v]);
        checked++;
    }
    return checked;
}

static void test_recovers_gammas(void **state)
{
    (void)state;
    const char *out = scratch_path("fit.model");
    learn_config_t cfg = config(syn.inputs, syn.games, out, 30);
    train_ok(&cfg);
    assert_false(exists(scratch_path("fit.model.tree.ckpt")));
    model_t *m = load(out);
    for (int g = 0; g < FEAT_GROUPS; g++) {
        assert_int_equal(model_uses_group(m, MODEL_TREE, g), g == FEAT_EDGE || g == FEAT_DIST_PREV);
        assert_false(model_uses_group(m, MODEL_PLAYOUT, g));
    }
    assert_int_equal(model_spatial_count(m, MODEL_TREE), 0);

    const int edges = check_group(m, FEAT_EDGE, edge_gamma, 1, FEAT_EDGE_VALUES, syn.edge_played);
    const int dists =
        check_group(m, FEAT_DIST_PREV, dist_gamma, 2, FEAT_DIST_VALUES, syn.dist_played);
    /* Every value whose true gamma is not 1 is common enough to be checked at full scale. */
    if (test_scale() == 1) {
        assert_true(edges >= 4);
        assert_true(dists >= FEAT_DIST_VALUES - 1 - 2);
        for (int v = 2; v <= 8; v++)
            assert_true(syn.dist_played[v] >= 100);
    }
    /* The order of the true gammas, where they differ by a third or more. */
    const float e1 = model_get_gamma(m, MODEL_TREE, FEAT_EDGE, 1);
    const float e2 = model_get_gamma(m, MODEL_TREE, FEAT_EDGE, 2);
    const float e3 = model_get_gamma(m, MODEL_TREE, FEAT_EDGE, 3);
    assert_true(e1 < e2 && e2 < e3);
    const float d2 = model_get_gamma(m, MODEL_TREE, FEAT_DIST_PREV, 2);
    const float d3 = model_get_gamma(m, MODEL_TREE, FEAT_DIST_PREV, 3);
    const float d4 = model_get_gamma(m, MODEL_TREE, FEAT_DIST_PREV, 4);
    const float d8 = model_get_gamma(m, MODEL_TREE, FEAT_DIST_PREV, 8);
    assert_true(d2 > d3 && d3 > d4 && d4 > d8);
    /* Distance 1 never occurs: its gamma stays at the prior's 1. */
    assert_float_equal(model_get_gamma(m, MODEL_TREE, FEAT_DIST_PREV, 1), 1.0f, 1e-6f);
    model_free(m);
}

/* ---- resuming from a checkpoint ---- */

static bool same_gammas(const model_t *a, const model_t *b)
{
    const feature_group_t groups[2] = {FEAT_EDGE, FEAT_DIST_PREV};
    for (int k = 0; k < 2; k++)
        for (int v = 1; v <= feature_group_values(groups[k]); v++)
            if (model_get_gamma(a, MODEL_TREE, groups[k], (uint32_t)v) !=
                model_get_gamma(b, MODEL_TREE, groups[k], (uint32_t)v))
                return false;
    return true;
}

static bool same_model_files(const char *a, const char *b)
{
    model_t *ma = load(a), *mb = load(b);
    const bool same = same_gammas(ma, mb);
    model_free(ma);
    model_free(mb);
    return same;
}

/* Train cfg with the checkpoint file ckpt (bytes) put in place first; returns whether the run
 * said it resumed. The checkpoint is gone afterwards. */
static bool train_from_checkpoint(const learn_config_t *cfg, const char *ckpt, size_t len)
{
    char path[256], err[512];
    snprintf(path, sizeof path, "%s.tree.ckpt", cfg->out);
    write_bytes(path, ckpt, len);
    char *log = train_captured(cfg, true, err, sizeof err);
    const bool resumed = strstr(log, "resuming after iteration") != NULL;
    free(log);
    assert_false(exists(path));
    return resumed;
}

static void test_resume(void **state)
{
    (void)state;
    const int n = 40 / test_scale() + 1;
    const char *const *inputs = syn.inputs;

    /* Uninterrupted runs of 2 and 4 iterations: the iterations 3 and 4 change the gammas. */
    learn_config_t cfg = config(inputs, n, scratch_path("four.model"), 4);
    train_ok(&cfg);
    cfg = config(inputs, n, scratch_path("two.model"), 2);
    train_ok(&cfg);
    assert_false(same_model_files(scratch_path("four.model"), scratch_path("two.model")));

    /* A run of 2 iterations that cannot write its model (a folder in the way) fails, naming the
     * file, after its last iteration: its checkpoint stays, as after a stop. */
    const char *stopped = scratch_path("stopped.model");
    assert_int_equal(mkdir(stopped, 0755), 0);
    char err[512];
    cfg = config(inputs, n, stopped, 2);
    char *log = train_captured(&cfg, false, err, sizeof err);
    free(log);
    assert_non_null(strstr(err, "stopped.model"));
    const char *ckpt_path = scratch_path("stopped.model.tree.ckpt");
    assert_true(exists(ckpt_path));
    size_t ckpt_len;
    char *ckpt = read_all(ckpt_path, &ckpt_len);
    assert_int_equal(strncmp(ckpt, "tengen-learn-checkpoint 1 ", 26), 0);
    assert_int_equal(rmdir(stopped), 0);

    /* The same training asked for 4 iterations resumes after the second and writes what the
     * uninterrupted run wrote (the checkpoint keeps the doubles exactly), then removes the
     * checkpoint. */
    cfg = config(inputs, n, stopped, 4);
    log = train_captured(&cfg, true, err, sizeof err);
    if (!strstr(log, "resuming after iteration 2 of 4")) fail_msg("did not resume:\n%s", log);
    free(log);
    assert_false(exists(ckpt_path));
    assert_true(same_model_files(stopped, scratch_path("four.model")));

    /* A checkpoint of other settings is ignored: another group (more features), another sample
     * (fewer positions). */
    cfg = config(inputs, n, scratch_path("groups.model"), 4);
    cfg.tree_groups[FEAT_DIST_PREV2] = true;
    assert_false(train_from_checkpoint(&cfg, ckpt, ckpt_len));
    cfg = config(inputs, n, scratch_path("sample.model"), 4);
    cfg.sample = 0.5;
    assert_false(train_from_checkpoint(&cfg, ckpt, ckpt_len));

    /* A damaged checkpoint (cut in its gammas) is ignored: the run starts afresh. */
    cfg = config(inputs, n, scratch_path("cut.model"), 4);
    assert_false(train_from_checkpoint(&cfg, ckpt, ckpt_len - 5));
    assert_true(same_model_files(scratch_path("cut.model"), scratch_path("four.model")));

    /* A checkpoint of other games is ignored, even games with the same positions, candidates and
     * features: the same games but the last, whose last move is another. */
    model_t *m = true_model();
    game_t *g = sample_game(m, 1000 + (uint64_t)(n - 1), MOVES, false);
    const game_move_t *last = game_move_at(g, game_move_count(g) - 1);
    const int played = last->point;
    assert_true(game_undo(g));
    int legal[BOARD_MAX_POINTS];
    const int count = game_legal_moves(g, game_to_move(g), legal);
    assert_true(count >= 2);
    const int other = legal[0] != played ? legal[0] : legal[1];
    assert_int_equal(game_play(g, game_to_move(g), other), GAME_OK);
    write_game(g, scratch_path("variant.sgf"));
    game_free(g);
    model_free(m);
    const char *variant[GAMES];
    for (int i = 0; i < n - 1; i++)
        variant[i] = inputs[i];
    variant[n - 1] = scratch_path("variant.sgf");
    cfg = config(variant, n, scratch_path("variant-fresh.model"), 4);
    train_ok(&cfg);
    assert_false(same_model_files(scratch_path("variant-fresh.model"), scratch_path("four.model")));
    cfg = config(variant, n, scratch_path("variant.model"), 4);
    assert_false(train_from_checkpoint(&cfg, ckpt, ckpt_len));
    assert_true(
        same_model_files(scratch_path("variant.model"), scratch_path("variant-fresh.model")));
    free(ckpt);
}

/* ---- errors and the evaluation ---- */

static void test_errors(void **state)
{
    (void)state;
    char err[512] = "";
    const char *const missing[] = {scratch_path("no-such-game.sgf")};
    learn_config_t cfg = config(missing, 1, scratch_path("missing.model"), 2);
    assert_false(learn_train(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "no-such-game.sgf"));
    assert_false(exists(scratch_path("missing.model")));

    learn_eval_config_t ecfg = {.model = scratch_path("no-such.model"),
                                .inputs = syn.inputs,
                                .num_inputs = 1,
                                .split = LEARN_SPLIT_ALL,
                                .sample = 1};
    learn_eval_result_t r;
    err[0] = '\0';
    assert_false(learn_eval(&ecfg, &r, err, sizeof err));
    assert_non_null(strstr(err, "no-such.model"));

    /* A model that is not one: the message names it too. */
    write_text(scratch_path("foreign.model"), "not a model\n");
    ecfg.model = scratch_path("foreign.model");
    err[0] = '\0';
    assert_false(learn_eval(&ecfg, &r, err, sizeof err));
    assert_non_null(strstr(err, "foreign.model"));

    /* A good model and a missing input: the input is named. */
    model_t *m = true_model();
    assert_true(model_save(m, scratch_path("true.model"), err, sizeof err));
    model_free(m);
    ecfg.model = scratch_path("true.model");
    ecfg.inputs = missing;
    err[0] = '\0';
    assert_false(learn_eval(&ecfg, &r, err, sizeof err));
    assert_non_null(strstr(err, "no-such-game.sgf"));
}

static void test_eval(void **state)
{
    (void)state;
    char err[512] = "";
    model_t *m = true_model();
    const char *path = scratch_path("true.model");
    assert_true(model_save(m, path, err, sizeof err));
    model_free(m);
    learn_eval_config_t ecfg = {.model = path,
                                .inputs = syn.inputs,
                                .num_inputs = syn.games,
                                .split = LEARN_SPLIT_ALL,
                                .seed = 1,
                                .validation_percent = 2,
                                .sample = 1};
    learn_eval_result_t r;
    if (!learn_eval(&ecfg, &r, err, sizeof err)) fail_msg("learn_eval: %s", err);
    /* Every position is scored, in its phase: the games have at most 50 moves. */
    long sum = 0;
    for (int s = 0; s < LEARN_PHASES; s++)
        sum += r.positions[s];
    assert_int_equal(sum, r.positions[LEARN_PHASES]);
    for (int s = 0; s <= LEARN_PHASES; s++) {
        assert_int_equal(r.positions[s], syn.positions[s]);
        if (!r.positions[s]) continue;
        /* The model the games were sampled from, on the same positions: the expected top-1 and
         * log-likelihood recorded while sampling, up to float rounding. */
        assert_float_equal(r.top1[s], syn.top1[s], 1e-9);
        assert_float_equal(r.loglik[s], syn.loglik[s], 1e-6);
        assert_true(r.top5[s] >= r.top1[s] && r.top5[s] <= 1);
    }
    assert_true(r.positions[0] > 0 && r.positions[1] > 0);
    assert_int_equal(r.positions[2], 0);
    assert_int_equal(r.positions[3], 0);
    /* A sane range: far above a uniform choice among ~60 moves, far below certainty. */
    assert_true(r.top1[LEARN_PHASES] > 0.04 && r.top1[LEARN_PHASES] < 0.5);
    assert_true(r.top5[LEARN_PHASES] > r.top1[LEARN_PHASES]);
    assert_true(r.loglik[LEARN_PHASES] < -1 && r.loglik[LEARN_PHASES] > -log(82.0));

    /* The split: validation and training games share the positions out. */
    learn_eval_result_t v, t;
    ecfg.validation_percent = 50;
    ecfg.split = LEARN_SPLIT_VALIDATION;
    assert_true(learn_eval(&ecfg, &v, err, sizeof err));
    ecfg.split = LEARN_SPLIT_TRAINING;
    assert_true(learn_eval(&ecfg, &t, err, sizeof err));
    assert_true(v.positions[LEARN_PHASES] > 0 && t.positions[LEARN_PHASES] > 0);
    assert_int_equal(v.positions[LEARN_PHASES] + t.positions[LEARN_PHASES],
                     r.positions[LEARN_PHASES]);
    /* A cap on the positions scored. */
    ecfg.split = LEARN_SPLIT_ALL;
    ecfg.max_positions = 100;
    assert_true(learn_eval(&ecfg, &v, err, sizeof err));
    assert_int_equal(v.positions[LEARN_PHASES], 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovers_gammas),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_eval),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
