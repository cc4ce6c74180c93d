/* test_model.c - the learned move model: every gamma of both heads through a file and back, the
 * policy over a position's moves, and broken model files refused with a message naming the file
 * and line (never a crash). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ascii_board.h"
#include "tengen/model.h"

static char tmpdir[64];

static int setup_dir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/tengen-model-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void temp_path(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", tmpdir, name);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* The whole file as a NUL-terminated string; *len its length. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    const long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return text;
}

/* A gamma unlike its neighbours and not short in decimal, between e^-4 and e^4. */
static float odd_gamma(int h, int g, uint32_t v)
{
    return expf(4.0f * sinf(12.9898f * (float)v + 78.233f * (float)g + 3.7f * (float)h));
}

static uint64_t next_hash(uint64_t *seed)
{
    return (uint64_t)test_random(seed) << 33 ^ (uint64_t)test_random(seed) << 2 ^
           test_random(seed) >> 29;
}

#define PAT3_SET 64
#define SPATIAL_SET 300

/* A model with every group of both heads set: all values of the fixed groups, PAT3_SET random
 * canonical 3x3 keys, SPATIAL_SET hashes (0 and 1 among them). */
static model_t *full_model(uint32_t pat3_keys[PAT3_SET], uint64_t hashes[SPATIAL_SET])
{
    model_t *m = model_new();
    assert_non_null(m);
    model_set_description(m, "test model\n  indented line\n\nafter an empty line");
    for (int h = 0; h < MODEL_HEADS; h++)
        for (int g = 0; g < FEAT_GROUPS; g++) {
            if (g == FEAT_PAT3 || g == FEAT_SPATIAL) continue;
            for (int v = 1; v <= feature_group_values((feature_group_t)g); v++)
                assert_true(model_set_gamma(m, (model_head_t)h, (feature_group_t)g, (uint32_t)v,
                                            odd_gamma(h, g, (uint32_t)v)));
        }
    uint64_t seed = 11;
    int n = 0;
    while (n < PAT3_SET) {
        uint32_t images[8], key = FEAT_PAT3_KEYS;
        feature_pat3_images(test_random(&seed) & (FEAT_PAT3_KEYS - 1), images);
        for (int k = 0; k < 8; k++)
            if (images[k] < key) key = images[k];
        bool seen = false;
        for (int j = 0; j < n; j++)
            seen |= pat3_keys[j] == key;
        if (!seen) pat3_keys[n++] = key;
    }
    for (int h = 0; h < MODEL_HEADS; h++)
        for (int i = 0; i < PAT3_SET; i++)
            assert_true(model_set_gamma(m, (model_head_t)h, FEAT_PAT3, pat3_keys[i] + 1,
                                        odd_gamma(h, FEAT_PAT3, pat3_keys[i])));
    hashes[0] = 0;
    hashes[1] = 1;
    hashes[2] = UINT64_MAX;
    for (int i = 3; i < SPATIAL_SET; i++)
        hashes[i] = next_hash(&seed);
    for (int h = 0; h < MODEL_HEADS; h++)
        for (int i = 0; i < SPATIAL_SET; i++) {
            if (h == MODEL_PLAYOUT && i == 1) continue; /* 0 and 1 share a slot: keep one */
            assert_true(model_add_spatial(m, (model_head_t)h, hashes[i],
                                          odd_gamma(h, FEAT_SPATIAL, (uint32_t)i)));
        }
    return m;
}

/* Every gamma of a and b equal, every 3x3 key and the listed spatial hashes included. */
static void expect_same_model(const model_t *a, const model_t *b, const uint64_t *hashes, int n)
{
    assert_string_equal(model_description(a), model_description(b));
    for (int h = 0; h < MODEL_HEADS; h++) {
        const model_head_t hd = (model_head_t)h;
        for (int g = 0; g < FEAT_GROUPS; g++) {
            const feature_group_t fg = (feature_group_t)g;
            assert_int_equal(model_uses_group(a, hd, fg), model_uses_group(b, hd, fg));
            const uint32_t values = g == FEAT_SPATIAL ? 0 : (uint32_t)feature_group_values(fg);
            for (uint32_t v = 0; v <= values + 1; v++)
                if (model_get_gamma(a, hd, fg, v) != model_get_gamma(b, hd, fg, v))
                    fail_msg("head %d group %s value %u: %.9g != %.9g", h, feature_group_name(fg),
                             v, model_get_gamma(a, hd, fg, v), model_get_gamma(b, hd, fg, v));
        }
        assert_int_equal(model_spatial_count(a, hd), model_spatial_count(b, hd));
        for (int i = 0; i < n; i++)
            for (int size = 0; size < SPATIAL_SIZES; size++) {
                uint64_t spatial[SPATIAL_SIZES];
                for (int j = 0; j < SPATIAL_SIZES; j++)
                    spatial[j] = 0x5eed000000000000ULL + (uint64_t)j; /* in no dictionary */
                spatial[size] = hashes[i];
                int ia, ib;
                const float ga = model_spatial_gamma(a, hd, spatial, &ia);
                const float gb = model_spatial_gamma(b, hd, spatial, &ib);
                assert_true(ga == gb);
                assert_int_equal(ia, ib);
            }
    }
}

static int compare_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The texts hold the same lines, in any order. */
static void expect_same_lines(const char *a, const char *b)
{
    char *copy[2] = {strdup(a), strdup(b)};
    char **lines[2];
    size_t n[2];
    for (int t = 0; t < 2; t++) {
        n[t] = 0;
        lines[t] = malloc(sizeof(char *) * (strlen(copy[t]) + 1));
        assert_non_null(lines[t]);
        for (char *s = strtok(copy[t], "\n"); s; s = strtok(NULL, "\n"))
            lines[t][n[t]++] = s;
        qsort(lines[t], n[t], sizeof(char *), compare_str);
    }
    assert_int_equal(n[0], n[1]);
    for (size_t i = 0; i < n[0]; i++)
        assert_string_equal(lines[0][i], lines[1][i]);
    for (int t = 0; t < 2; t++) {
        free(lines[t]);
        free(copy[t]);
    }
}

static void test_round_trip(void **state)
{
    (void)state;
    uint32_t keys[PAT3_SET];
    uint64_t hashes[SPATIAL_SET];
    model_t *m = full_model(keys, hashes);
    /* What was set reads back before any file. */
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_EDGE, 3) ==
                odd_gamma(MODEL_TREE, FEAT_EDGE, 3));
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_EDGE, 6) == 1.0f); /* out of range */
    for (int i = 0; i < PAT3_SET; i++) {
        /* Every image of a key has its gamma: the playouts look raw keys up. */
        uint32_t images[8];
        feature_pat3_images(keys[i], images);
        for (int k = 0; k < 8; k++)
            assert_true(model_get_gamma(m, MODEL_PLAYOUT, FEAT_PAT3, images[k] + 1) ==
                        odd_gamma(MODEL_PLAYOUT, FEAT_PAT3, keys[i]));
    }
    assert_int_equal(model_spatial_count(m, MODEL_TREE), SPATIAL_SET - 1);
    assert_int_equal(model_spatial_count(m, MODEL_PLAYOUT), SPATIAL_SET - 1);
    int index;
    uint64_t spatial[SPATIAL_SIZES];
    for (int j = 0; j < SPATIAL_SIZES; j++)
        spatial[j] = 0x5eed000000000000ULL + (uint64_t)j;
    spatial[0] = hashes[5];
    spatial[4] = hashes[6];
    assert_true(model_spatial_gamma(m, MODEL_TREE, spatial, &index) ==
                odd_gamma(MODEL_TREE, FEAT_SPATIAL, 6)); /* the largest size found */
    assert_int_equal(index, 4);

    char path[128], err[512];
    temp_path(path, sizeof path, "full.model");
    assert_true(model_save(m, path, err, sizeof err));
    model_t *back = model_load(path, err, sizeof err);
    if (!back) fail_msg("%s", err);
    expect_same_model(m, back, hashes, SPATIAL_SET);
    /* Saved again, the same lines (the spatial ones in another order perhaps). */
    char path2[128];
    temp_path(path2, sizeof path2, "again.model");
    assert_true(model_save(back, path2, err, sizeof err));
    size_t len1, len2;
    char *t1 = read_file(path, &len1), *t2 = read_file(path2, &len2);
    assert_int_equal(len1, len2);
    expect_same_lines(t1, t2);
    /* model_parse reads the same text. */
    model_t *parsed = model_parse(t1, len1, "text", err, sizeof err);
    assert_non_null(parsed);
    expect_same_model(m, parsed, hashes, SPATIAL_SET);
    free(t1);
    free(t2);
    model_free(parsed);
    model_free(back);
    model_free(m);
}

/* A group marked used with no values, a long description line and extreme gammas survive the file.
 */
static void test_round_trip_edges(void **state)
{
    (void)state;
    model_t *m = model_new();
    assert_non_null(m);
    model_use_group(m, MODEL_PLAYOUT, FEAT_PAT3);
    model_use_group(m, MODEL_TREE, FEAT_SPATIAL);
    model_use_group(m, MODEL_TREE, FEAT_DIST_PREV);
    char description[2000];
    memset(description, 'd', sizeof description - 1);
    description[sizeof description - 1] = 0;
    model_set_description(m, description);
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 1, 1e30f));
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 2, 1e-30f));
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 3, 0.1f));
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 4, 16777215.0f));
    /* Out of range values and gammas are refused. */
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 0, 2.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 6, 2.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_PAT3, FEAT_PAT3_KEYS + 1, 2.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_SPATIAL, 1, 2.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1, 0.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1, -1.0f));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1, NAN));
    assert_false(model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1, INFINITY));
    assert_false(
        model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1, 1e35f)); /* past the file's limit */
    assert_false(model_add_spatial(m, MODEL_TREE, 7, 0.0f));
    assert_false(model_add_spatial(m, MODEL_TREE, 7, 1e35f));
    assert_false(model_uses_group(m, MODEL_TREE, FEAT_CAPTURE));
    char path[128], err[512];
    temp_path(path, sizeof path, "edges.model");
    assert_true(model_save(m, path, err, sizeof err));
    model_t *back = model_load(path, err, sizeof err);
    if (!back) fail_msg("%s", err);
    expect_same_model(m, back, NULL, 0);
    assert_true(model_uses_group(back, MODEL_PLAYOUT, FEAT_PAT3));
    assert_true(model_uses_group(back, MODEL_TREE, FEAT_SPATIAL));
    assert_false(model_uses_group(back, MODEL_PLAYOUT, FEAT_SPATIAL));
    assert_int_equal(model_spatial_count(back, MODEL_TREE), 0);
    model_free(back);
    model_free(m);
    /* An empty model: two heads and nothing in them. */
    m = model_new();
    assert_true(model_save(m, path, err, sizeof err));
    back = model_load(path, err, sizeof err);
    assert_non_null(back);
    expect_same_model(m, back, NULL, 0);
    assert_string_equal(model_description(back), "");
    model_free(back);
    model_free(m);
    /* A file that cannot be written: the message names it. */
    temp_path(path, sizeof path, "no/such/dir/x.model");
    m = model_new();
    assert_false(model_save(m, path, err, sizeof err));
    assert_non_null(strstr(err, "no/such/dir/x.model"));
    model_free(m);
}

/* ---- the policy ---- */

/* Black to move: white has just taken the ko at C4 (black may not retake at B4); black H1 takes
 * the white stone H2. */
static void policy_board(board_t *b, int *last)
{
    ascii_board(b,
                ". . . . . . . . .\n"
                ". . . . . . X . .\n"
                ". . . . . X O . .\n"
                ". . . . . . . . .\n"
                ". O X . . . . . .\n"
                "O X . X . . . . .\n"
                ". O X . . . . X .\n"
                ". . . . . . X O X\n"
                ". . . . . . . . .\n",
                false);
    board_play(b, STONE_WHITE, ascii_point(b, "C4"), NULL);
    assert_int_equal(b->ko_point, ascii_point(b, "B4"));
    *last = ascii_point(b, "C4");
}

/* Probabilities sum to 1, sorted, every legal move and pass once, nothing else. */
static void check_policy(const board_t *b, stone_t c, const int *points, const float *probs, int n)
{
    int legal = 0;
    for (int i = 0; i < b->empty_count; i++)
        legal += board_is_legal(b, c, b->empties[i]);
    assert_int_equal(n, legal + 1);
    double sum = 0;
    bool seen[BOARD_MAX_POINTS] = {false}, pass = false;
    for (int i = 0; i < n; i++) {
        assert_true(probs[i] > 0 && probs[i] <= 1);
        sum += probs[i];
        if (i) assert_true(probs[i - 1] >= probs[i]);
        if (points[i] == POINT_PASS) {
            assert_false(pass);
            pass = true;
            continue;
        }
        assert_true(board_is_legal(b, c, points[i]));
        assert_false(seen[points[i]]);
        seen[points[i]] = true;
    }
    assert_true(pass);
    assert_true(fabs(sum - 1) < 1e-4);
}

static void test_policy(void **state)
{
    (void)state;
    board_t b;
    int last;
    policy_board(&b, &last);
    int points[BOARD_MAX_POINTS + 1];
    float probs[BOARD_MAX_POINTS + 1];
    /* No gammas: every move alike, in point order. */
    model_t *m = model_new();
    int n = model_policy(m, MODEL_TREE, &b, STONE_BLACK, last, POINT_NONE, NULL, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    for (int i = 0; i < n; i++)
        assert_true(fabsf(probs[i] - 1.0f / (float)n) < 1e-6f);
    for (int i = 1; i < n; i++)
        assert_true(points[i - 1] < points[i]);
    /* A strong capture comes first, the ko retake not at all. */
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_CAPTURE, FEAT_CAPTURE_ONE, 1000.0f));
    n = model_policy(m, MODEL_TREE, &b, STONE_BLACK, last, POINT_NONE, NULL, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    assert_int_equal(points[0], ascii_point(&b, "H1"));
    assert_true(fabsf(probs[0] - 1000.0f / (1000.0f + (float)(n - 1))) < 1e-5f);
    /* The other head does not see it. */
    n = model_policy(m, MODEL_PLAYOUT, &b, STONE_BLACK, last, POINT_NONE, NULL, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    assert_true(fabsf(probs[0] - probs[n - 1]) < 1e-7f);
    /* A stronger pass after a pass; gammas multiply (the capture is also on the first line). */
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_PASS, 2, 5000.0f));
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_EDGE, 1, 10.0f));
    n = model_policy(m, MODEL_TREE, &b, STONE_BLACK, POINT_PASS, POINT_NONE, NULL, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    assert_int_equal(points[0], ascii_point(&b, "H1"));
    assert_int_equal(points[1], POINT_PASS);
    assert_true(fabsf(probs[0] / probs[1] - 2.0f) < 1e-4f);
    /* White to move: the ko is white's to fill, any point legal. */
    n = model_policy(m, MODEL_TREE, &b, STONE_WHITE, ascii_point(&b, "H3"), last, NULL, points, probs);
    check_policy(&b, STONE_WHITE, points, probs, n);
    model_free(m);

    /* The owner group reads the ownership map, for the mover: a point wholly black's is black's
     * strongest move and white's weakest; without a map the group is silent. */
    m = model_new();
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_OWNER, FEAT_OWNER_VALUES, 50.0f));
    assert_true(model_set_gamma(m, MODEL_TREE, FEAT_OWNER, 1, 0.02f));
    float owner[BOARD_MAX_POINTS] = {0};
    const int e5 = ascii_point(&b, "E5");
    owner[e5] = 1.0f;
    n = model_policy(m, MODEL_TREE, &b, STONE_BLACK, last, POINT_NONE, owner, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    assert_int_equal(points[0], e5);
    assert_true(fabsf(probs[0] / probs[1] - 50.0f) < 1e-3f);
    n = model_policy(m, MODEL_TREE, &b, STONE_WHITE, POINT_NONE, POINT_NONE, owner, points, probs);
    check_policy(&b, STONE_WHITE, points, probs, n);
    assert_int_equal(points[n - 1], e5);
    n = model_policy(m, MODEL_TREE, &b, STONE_BLACK, last, POINT_NONE, NULL, points, probs);
    assert_true(fabsf(probs[0] - probs[n - 1]) < 1e-7f);
    model_free(m);

    /* The playout head: its gamma of a point is the product of pat3, capture and self-atari. */
    m = model_new();
    const int h1 = ascii_point(&b, "H1"), a9 = ascii_point(&b, "A9");
    const uint32_t key_h1 = feature_pat3_key(&b, STONE_BLACK, h1);
    const uint32_t key_a9 = feature_pat3_key(&b, STONE_BLACK, a9);
    assert_true(key_h1 != key_a9);
    assert_true(model_set_gamma(m, MODEL_PLAYOUT, FEAT_PAT3, key_h1 + 1, 3.0f));
    assert_true(model_set_gamma(m, MODEL_PLAYOUT, FEAT_PAT3, key_a9 + 1, 0.5f));
    assert_true(model_set_gamma(m, MODEL_PLAYOUT, FEAT_CAPTURE, FEAT_CAPTURE_ONE, 7.0f));
    assert_true(fabsf(model_playout_gamma(m, &b, STONE_BLACK, h1) - 21.0f) < 1e-5f);
    assert_true(fabsf(model_playout_gamma(m, &b, STONE_BLACK, a9) - 0.5f) < 1e-7f);
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_non_null(ctx);
    feature_context_init(ctx, &b, STONE_BLACK, last, POINT_NONE);
    assert_true(fabsf(model_move_gamma(m, MODEL_PLAYOUT, ctx, h1) - 21.0f) < 1e-5f);
    assert_true(model_move_gamma(m, MODEL_TREE, ctx, h1) == 1.0f);
    /* A spatial pattern of the tree head. */
    uint64_t spatial[SPATIAL_SIZES];
    feature_spatial_hashes(&b, STONE_BLACK, a9, spatial);
    assert_true(model_add_spatial(m, MODEL_TREE, spatial[2], 4.0f));
    assert_true(model_add_spatial(m, MODEL_TREE, spatial[0], 9.0f));
    /* Without the size between them the walk from the smallest stops at the gap (a trained
     * dictionary has none: a pattern is played at most as often as the smaller ones in it). */
    assert_true(model_move_gamma(m, MODEL_TREE, ctx, a9) == 9.0f);
    assert_true(model_add_spatial(m, MODEL_TREE, spatial[1], 2.0f));
    assert_true(model_move_gamma(m, MODEL_TREE, ctx, a9) == 4.0f); /* the largest pattern */
    free(ctx);
    n = model_policy(m, MODEL_PLAYOUT, &b, STONE_BLACK, last, POINT_NONE, NULL, points, probs);
    check_policy(&b, STONE_BLACK, points, probs, n);
    assert_int_equal(points[0], h1);
    /* The empty corners share A9's key; ties in point order. */
    assert_int_equal(points[n - 3], a9);
    assert_int_equal(points[n - 2], ascii_point(&b, "J9"));
    assert_int_equal(points[n - 1], ascii_point(&b, "A1"));
    assert_true(probs[n - 4] > probs[n - 3]);
    model_free(m);
}

/* The shipped model's gamma of every legal move of random positions is the product of its
 * groups' gammas and the gamma of the largest spatial pattern found among all sizes: the walk
 * that stops at the first size missing finds the same one. */
static void test_shipped_model_spatial(void **state)
{
    (void)state;
    char err[256];
    model_t *m = model_load("models/tengen.model", err, sizeof err);
    if (!m) fail_msg("%s", err);
    assert_true(model_spatial_count(m, MODEL_TREE) > 1000);
    feature_context_t *ctx = malloc(sizeof *ctx);
    assert_non_null(ctx);
    uint64_t seed = 12345;
    long moves_checked = 0, spatial_found = 0;
    for (int game = 0; game < 24 / test_scale() + 2; game++) {
        const int size = game % 2 ? 19 : 9;
        board_t b;
        board_init(&b, size, false);
        stone_t c = STONE_BLACK;
        int last = POINT_NONE, last2 = POINT_NONE;
        const int length = (int)(test_random(&seed) % (uint32_t)(size * size / 2));
        for (int k = 0; k < length; k++) {
            const int p = b.empties[test_random(&seed) % (uint32_t)b.empty_count];
            if (board_check_move(&b, c, p) != MOVE_OK || board_is_true_eye(&b, p, c)) continue;
            board_play(&b, c, p, NULL);
            last2 = last;
            last = p;
            c = stone_other(c);
        }
        feature_context_init(ctx, &b, c, last, last2);
        for (int i = 0; i < b.empty_count; i++) {
            const int p = b.empties[i];
            if (board_check_move(&b, c, p) != MOVE_OK) continue;
            uint32_t value[FEAT_GROUPS];
            uint64_t spatial[SPATIAL_SIZES];
            feature_extract(ctx, p, value, spatial);
            float want = 1.0f;
            for (int g = 0; g < FEAT_GROUPS; g++)
                if (g != FEAT_SPATIAL && value[g] && model_uses_group(m, MODEL_TREE, g))
                    want *= model_get_gamma(m, MODEL_TREE, (feature_group_t)g, value[g]);
            int size_index;
            want *= model_spatial_gamma(m, MODEL_TREE, spatial, &size_index);
            spatial_found += size_index >= 0;
            assert_true(model_move_gamma(m, MODEL_TREE, ctx, p) == want);
            moves_checked++;
        }
    }
    assert_true(moves_checked > 1000);
    assert_true(spatial_found > moves_checked / 2);
    free(ctx);
    model_free(m);
}

/* ---- broken files ---- */

/* model_parse refuses the text; the message names the file and holds `want`. */
static void expect_refused(const char *text, size_t len, const char *want)
{
    char err[512] = "";
    model_t *m = model_parse(text, len, "bad.model", err, sizeof err);
    if (m) fail_msg("accepted: %.*s", (int)(len < 200 ? len : 200), text);
    assert_non_null(strstr(err, "bad.model"));
    if (want && !strstr(err, want)) fail_msg("'%s' does not say '%s'", err, want);
}

static void expect_text_refused(const char *text, const char *want)
{
    expect_refused(text, strlen(text), want);
}

static void test_missing_and_foreign(void **state)
{
    (void)state;
    char path[128], err[512];
    temp_path(path, sizeof path, "missing.model");
    assert_null(model_load(path, err, sizeof err));
    assert_non_null(strstr(err, path));
    /* A directory. */
    assert_null(model_load(tmpdir, err, sizeof err));
    assert_non_null(strstr(err, tmpdir));
    /* Empty. */
    temp_path(path, sizeof path, "empty.model");
    write_file(path, "", 0);
    assert_null(model_load(path, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "not a tengen model"));
    /* Only comments. */
    expect_text_refused("# a comment\n#\n", "not a tengen model");
    /* An SGF. */
    temp_path(path, sizeof path, "game.sgf");
    const char *sgf = "(;FF[4]GM[1]SZ[19]KM[6.5]\n;B[pd];W[dp])\n";
    write_file(path, sgf, strlen(sgf));
    assert_null(model_load(path, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "line 1"));
    /* Other versions and headers. */
    expect_text_refused("tengen-model 2\nhead tree\nend\n", "line 1: model format 2");
    expect_text_refused("tengen-model 0\nend\n", "line 1");
    expect_text_refused("tengen-model -1\nend\n", "line 1");
    expect_text_refused("tengen-model 1 beta\nend\n", "line 1");
    expect_text_refused("tengen-model\nend\n", "line 1");
    expect_text_refused("tengen-modelx 1\nend\n", "line 1");
    expect_text_refused("head tree\ntengen-model 1\nend\n", "line 1");
    expect_text_refused("# comment first\n\ntengen-model 7\nend\n", "line 3");
    /* The least valid file, with CRLF lines. */
    char err2[256];
    model_t *m = model_parse("tengen-model 1\r\nend\r\n", 21, "crlf", err2, sizeof err2);
    assert_non_null(m);
    model_free(m);
}

/* The text of a small valid model, every group of both heads but the tree's pat3 and the playout
 * spatial dictionary: a parse past a 3x3 entry fills a 4 MB table, so they come last and are few.
 * *end_at is where "end" begins. */
static char *valid_text(size_t *len, size_t *end_at)
{
    model_t *m = model_new();
    model_set_description(m, "for cutting");
    for (int h = 0; h < MODEL_HEADS; h++)
        for (int g = 0; g < FEAT_GROUPS; g++) {
            if (g == FEAT_SPATIAL && h == MODEL_TREE)
                for (uint64_t i = 0; i < 3; i++)
                    assert_true(model_add_spatial(m, MODEL_TREE, 0x1234567890abcdefULL * (i + 1),
                                                  odd_gamma(h, g, (uint32_t)i)));
            else if (g == FEAT_PAT3 && h == MODEL_PLAYOUT)
                assert_true(model_set_gamma(m, MODEL_PLAYOUT, FEAT_PAT3, 4098, odd_gamma(h, g, 0)));
            else if (g != FEAT_PAT3 && g != FEAT_SPATIAL)
                assert_true(
                    model_set_gamma(m, (model_head_t)h, (feature_group_t)g, 1, odd_gamma(h, g, 1)));
        }
    char path[128], err[256];
    temp_path(path, sizeof path, "valid.model");
    assert_true(model_save(m, path, err, sizeof err));
    model_free(m);
    char *text = read_file(path, len);
    assert_true(*len < 4000);
    const char *e = strstr(text, "\nend\n");
    assert_non_null(e);
    *end_at = (size_t)(e + 1 - text);
    assert_int_equal(*end_at + 4, *len);
    return text;
}

static void test_truncated(void **state)
{
    (void)state;
    size_t len, end_at;
    char *text = valid_text(&len, &end_at);
    /* Every cut: refused with a line number unless "end" is whole. */
    for (size_t cut = 0; cut <= len; cut++) {
        /* A buffer of exactly the cut's length, so that ASan sees any read past it. */
        char *copy = malloc(cut ? cut : 1);
        assert_non_null(copy);
        memcpy(copy, text, cut);
        char err[512] = "";
        model_t *m = model_parse(copy, cut, "cut.model", err, sizeof err);
        free(copy);
        if (cut >= end_at + 3) {
            if (!m) fail_msg("cut at %zu of %zu refused: %s", cut, len, err);
            model_free(m);
        } else {
            if (m) fail_msg("cut at %zu of %zu accepted", cut, len);
            assert_non_null(strstr(err, "cut.model: line "));
        }
    }
    /* Through files too, at a few cuts. */
    const size_t cuts[] = {5, len / 3, len / 2, end_at - 1, end_at + 2};
    for (int i = 0; i < 5; i++) {
        char path[128], err[512];
        temp_path(path, sizeof path, "cut.model");
        write_file(path, text, cuts[i]);
        assert_null(model_load(path, err, sizeof err));
        assert_non_null(strstr(err, path));
    }
    free(text);
}

static void test_bad_values(void **state)
{
    (void)state;
    char text[512];
    /* Bad gammas. */
    const char *const gammas[] = {"0",     "-1",   "-0",    "nan",  "NAN", "inf", "-inf", "abc",
                                  "1e999", "1e31", "1e-50", "1.5x", "0x",  "1,5", "+",    "."};
    for (size_t i = 0; i < sizeof gammas / sizeof gammas[0]; i++) {
        snprintf(text, sizeof text,
                 "tengen-model 1\nhead tree\ngroup capture 2\n1 2.5\n2 %s\nend\n", gammas[i]);
        expect_text_refused(text, "line 5: bad gamma");
    }
    /* Good ones in odd spellings. */
    const char *odd = "tengen-model 1\nhead tree\ngroup capture 3\n1 1e3\n2 .5\n3 +7\nend\n";
    model_t *m = model_parse(odd, strlen(odd), "ok", text, sizeof text);
    assert_non_null(m);
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1) == 1000.0f);
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_CAPTURE, 2) == 0.5f);
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_CAPTURE, 3) == 7.0f);
    model_free(m);
    /* A value line is exactly two words, spaces or tabs around them. */
    const char *spaced = "tengen-model 1\nhead tree\ngroup capture 1\n\t1 \t 2.5 \nend\n";
    m = model_parse(spaced, strlen(spaced), "ok", text, sizeof text);
    assert_non_null(m);
    assert_true(model_get_gamma(m, MODEL_TREE, FEAT_CAPTURE, 1) == 2.5f);
    model_free(m);
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1\n1 2.5 3\nend\n",
                        "line 4: expected 'value gamma'");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1\n1\nend\n",
                        "line 4: expected 'value gamma'");
    /* Values out of range for their group, or not numbers. */
    const char *const values[][2] = {
        {"capture", "0"},   {"capture", "6"},    {"capture", "-1"},
        {"pass", "3"},      {"edge", "6"},       {"dist_prev", "18"},
        {"escape", "9"},    {"self_atari", "5"}, {"atari", "4"},
        {"pat3", "100000"}, {"pat3", "-1"},      {"pat3", "fffffffff"},
        {"capture", "x"},   {"capture", "1x"},   {"capture", "1.0"},
        {"spatial", "xyz"}, {"spatial", "1g"},   {"spatial", "10000000000000000"},
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        snprintf(text, sizeof text, "tengen-model 1\nhead playout\ngroup %s 1\n%s 2\nend\n",
                 values[i][0], values[i][1]);
        expect_text_refused(text, "line 4: ");
    }
    /* Unknown groups and heads, a group outside a head, lines that are not a model's. */
    expect_text_refused("tengen-model 1\nhead tree\ngroup bogus 1\n1 2\nend\n",
                        "line 3: unknown feature group 'bogus'");
    expect_text_refused("tengen-model 1\nhead tree\ngroup Capture 0\nend\n", "line 3");
    expect_text_refused("tengen-model 1\nhead leaf\nend\n", "line 2: unknown head 'leaf'");
    expect_text_refused("tengen-model 1\nhead\nend\n", "line 2");
    expect_text_refused("tengen-model 1\nhead tree playout\nend\n", "line 2");
    expect_text_refused("tengen-model 1\ngroup capture 0\nend\n", "line 2: group before any head");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture\nend\n", "line 3");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1 2\n1 2\nend\n", "line 3");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1\n1 2 3\nend\n", "line 4");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1\n1\nend\n", "line 4");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 2\n1 2\nend\n", "line 5");
    expect_text_refused("tengen-model 1\nhead tree\nend of it\n", "line 3");
    expect_text_refused("tengen-model 1\nhead tree\n end\n", "line 3");
    expect_text_refused("tengen-model 1\nhead tree\n", "no 'end'");
}

static void test_garbage(void **state)
{
    (void)state;
    size_t len, end_at;
    char *text = valid_text(&len, &end_at);
    uint64_t seed = 99;
    char buf[4096];
    /* Random bytes, with and without a valid header. */
    for (int i = 0; i < 200; i++) {
        size_t n = test_random(&seed) % 300;
        size_t at = 0;
        if (i % 2) {
            memcpy(buf, "tengen-model 1\n", 15);
            at = 15;
        }
        for (size_t j = 0; j < n; j++) {
            buf[at + j] = (char)(test_random(&seed) & 0xff);
            if (i % 4 == 1 && buf[at + j] == '\n') buf[at + j] = 'n'; /* one long garbage line */
        }
        /* Made a comment, a garbage line would be skipped: keep it a line to refuse. */
        if (n && buf[at] == '#') buf[at] = '!';
        char err[512] = "";
        model_t *m = model_parse(buf, at + n, "junk", err, sizeof err);
        if (m) fail_msg("random text %d accepted", i);
        assert_non_null(strstr(err, "junk"));
    }
    /* One line of a valid file replaced by garbage (NUL bytes included): refused at that line. */
    int line = 1;
    for (size_t at = 0; at < end_at; line++) {
        const char *nl = memchr(text + at, '\n', len - at);
        const size_t next = (size_t)(nl - text) + 1;
        if (text[at] != '#') {
            size_t n = 0;
            memcpy(buf, text, at);
            const size_t glen = 1 + test_random(&seed) % 40;
            for (size_t j = 0; j < glen; j++) {
                char ch = (char)(test_random(&seed) & 0xff);
                if (ch == '\n' || (j == 0 && (ch == '#' || ch == '\r'))) ch = 0;
                buf[at + n++] = ch;
            }
            memcpy(buf + at + n, text + next - 1, len - next + 1);
            char want[32];
            snprintf(want, sizeof want, "line %d", line);
            expect_refused(buf, at + n + len - next + 1, want);
        }
        at = next;
    }
    /* A NUL inside the end line. */
    static const char nul_end[] = "tengen-model 1\nhead tree\nend\0junk\n";
    expect_refused(nul_end, sizeof nul_end - 1, "line 3");
    static const char nul_header[] = "tengen-model 1\0\nend\n";
    expect_refused(nul_header, sizeof nul_header - 1, "line 1");
    free(text);
}

static void test_overlong_and_huge(void **state)
{
    (void)state;
    const size_t n = 100000;
    char *text = malloc(n + 2000);
    assert_non_null(text);
    /* An overlong line where a group line belongs, and one inside a group. */
    int at = sprintf(text, "tengen-model 1\nhead tree\n");
    memset(text + at, '7', n);
    strcpy(text + at + n, "\nend\n");
    expect_text_refused(text, "line 3");
    at = sprintf(text, "tengen-model 1\nhead tree\ngroup capture 1\n1 ");
    memset(text + at, '7', n);
    strcpy(text + at + n, "\nend\n");
    expect_text_refused(text, "line 4");
    /* An overlong header. */
    at = sprintf(text, "tengen-model 1");
    memset(text + at, ' ', n);
    strcpy(text + at + n, "\nend\n");
    expect_text_refused(text, "line 1");
    /* An overlong comment is still a comment. */
    at = sprintf(text, "tengen-model 1\n#");
    memset(text + at, 'c', n);
    strcpy(text + at + n, "\nhead tree\n#");
    memset(text + at + n + 12, 'c', 1000);
    strcpy(text + at + n + 1012, "\nend\n");
    char err[256];
    model_t *m = model_parse(text, strlen(text), "long", err, sizeof err);
    if (!m) fail_msg("%s", err);
    assert_int_equal(strlen(model_description(m)), n);
    model_free(m);
    free(text);
    /* Huge counts: refused at once, or at the first line that is not an entry, without
     * allocating for them. */
    expect_text_refused("tengen-model 1\nhead tree\ngroup spatial 99999999999999999999\nend\n",
                        "line 3");
    expect_text_refused("tengen-model 1\nhead tree\ngroup spatial 9223372036854775807\nend\n",
                        "line 3: bad count");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture -5\nend\n", "line 3: bad count");
    expect_text_refused("tengen-model 1\nhead tree\ngroup spatial 8388609\nend\n",
                        "line 3: bad count");
    expect_text_refused("tengen-model 1\nhead tree\ngroup spatial 8388608\n1 2\nend\n", "line 5");
    expect_text_refused("tengen-model 1\nhead tree\ngroup pat3 8000000\n", "line 3");
    expect_text_refused("tengen-model 1\nhead tree\ngroup capture 1000\n1 2\n2 2\n", "truncated");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip), cmocka_unit_test(test_round_trip_edges),
        cmocka_unit_test(test_policy),     cmocka_unit_test(test_shipped_model_spatial),
        cmocka_unit_test(test_missing_and_foreign),
        cmocka_unit_test(test_truncated),  cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_garbage),    cmocka_unit_test(test_overlong_and_huge),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
