/* test_learn_records.c - the trainer's reading layer (learn/archive.h, learn/records.h): tar and
 * tar.gz archives built here with hand-written ustar headers, long names, the size cap, damaged
 * and hostile archives, and the positions of game records (last moves, passes, handicap, broken
 * files skipped, game order, stopping early). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "ascii_board.h"
#include "learn/archive.h"
#include "learn/records.h"

static char scratch[64];

static int setup_dir(void **state)
{
    (void)state;
    snprintf(scratch, sizeof scratch, "/tmp/tengen_learn_XXXXXX");
    return mkdtemp(scratch) == NULL ? -1 : 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *scratch_path(const char *name)
{
    static char paths[8][256];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 256, "%s/%s", scratch, name);
    return p;
}

/* A tar archive in memory. */
typedef struct tarbuf {
    unsigned char *data;
    size_t len, cap;
} tarbuf_t;

static void tar_append(tarbuf_t *t, const void *data, size_t len)
{
    if (t->len + len > t->cap) {
        t->cap = (t->len + len) * 2;
        t->data = realloc(t->data, t->cap);
        assert_non_null(t->data);
    }
    memcpy(t->data + t->len, data, len);
    t->len += len;
}

static void tar_pad(tarbuf_t *t)
{
    static const unsigned char zeros[512];
    tar_append(t, zeros, (512 - t->len % 512) % 512);
}

/* value in octal, zero-padded to width - 1 digits and a NUL. */
static void octal(unsigned char *field, int width, unsigned long value)
{
    field[width - 1] = '\0';
    for (int i = width - 2; i >= 0; i--, value >>= 3)
        field[i] = (unsigned char)('0' + (value & 7));
}

static void tar_entry(tarbuf_t *t, const char *name, char type, const void *data, size_t len)
{
    unsigned char h[512] = {0};
    strncpy((char *)h, name, 100);
    octal(h + 100, 8, 0644);
    octal(h + 108, 8, 0);
    octal(h + 116, 8, 0);
    octal(h + 124, 12, (unsigned long)len);
    octal(h + 136, 12, 0);
    h[156] = (unsigned char)type;
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memset(h + 148, ' ', 8);
    unsigned sum = 0;
    for (int i = 0; i < 512; i++)
        sum += h[i];
    octal(h + 148, 7, sum);
    tar_append(t, h, 512);
    if (len > 0) tar_append(t, data, len);
    tar_pad(t);
}

static void tar_file(tarbuf_t *t, const char *name, const char *text)
{
    if (strlen(name) >= 100) tar_entry(t, "././@LongLink", 'L', name, strlen(name) + 1);
    tar_entry(t, name, '0', text, strlen(text));
}

static void tar_end(tarbuf_t *t)
{
    static const unsigned char zeros[1024];
    tar_append(t, zeros, sizeof zeros);
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void write_gz(const char *path, const void *data, size_t len)
{
    gzFile gz = gzopen(path, "wb");
    assert_non_null(gz);
    if (len > 0) assert_int_equal(gzwrite(gz, data, (unsigned)len), (int)len);
    assert_int_equal(gzclose(gz), Z_OK);
}

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)n + 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return data;
}

#define LONG_NAME                                                                                  \
    "games/a-folder-name-long-enough-that-the-whole-path-does-not-fit-the-hundred-bytes-of-a-tar-" \
    "header/game1.sgf"

/* Four moves with a pass in the middle. */
static const char *const game1 = "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[];W[gg])";
/* Two handicap stones, white first; the main line goes on with W dd. */
static const char *const game2 = "(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg]KM[0.5];W[ee];B[ce]"
                                 "(;W[dd])(;W[aa]))";
/* Illegal: the second move is on an occupied point. */
static const char *const broken_move = "(;GM[1]FF[4]SZ[9];B[ee];W[ee])";
/* Does not parse. */
static const char *const broken_text = "(;GM[1]FF[4]SZ[9];B[ee";

static void build_tar(tarbuf_t *t)
{
    tar_entry(t, "games/", '5', NULL, 0);
    tar_file(t, LONG_NAME, game1);
    tar_file(t, "games/README.txt", "not a game");
    tar_file(t, "games/broken1.sgf", broken_move);
    tar_file(t, "games/game2.sgf", game2);
    tar_file(t, "games/broken2.sgf", broken_text);
    tar_end(t);
}

typedef struct seen {
    int files;
    char names[8][200];
    size_t lens[8];
    int stop_after;
} seen_t;

static bool count_file(const char *name, const char *data, size_t len, void *user)
{
    (void)data;
    seen_t *s = user;
    if (s->files < 8) {
        snprintf(s->names[s->files], sizeof s->names[0], "%s", name);
        s->lens[s->files] = len;
    }
    s->files++;
    return s->stop_after == 0 || s->files < s->stop_after;
}

static void test_archive_files(void **state)
{
    (void)state;
    tarbuf_t t = {0};
    build_tar(&t);
    const char *tgz = scratch_path("games.tgz"), *tar = scratch_path("games.tar");
    write_gz(tgz, t.data, t.len);
    write_bytes(tar, t.data, t.len);
    const char *const inputs[] = {tgz, tar};
    for (int i = 0; i < 2; i++) {
        seen_t s = {0};
        char err[300] = "";
        long n = archive_for_each_file(inputs[i], count_file, &s, err, sizeof err);
        if (n < 0) fail_msg("%s", err);
        assert_int_equal(n, 5);
        assert_int_equal(s.files, 5);
        assert_string_equal(s.names[0], LONG_NAME);
        assert_int_equal(s.lens[0], strlen(game1));
        assert_string_equal(s.names[1], "games/README.txt");
        assert_string_equal(s.names[3], "games/game2.sgf");
    }
    /* Stopping early. */
    seen_t s = {.stop_after = 2};
    char err[300];
    assert_int_equal(archive_for_each_file(tgz, count_file, &s, err, sizeof err), 2);
    /* A single file is visited whole under its own path. */
    const char *sgf = scratch_path("one.sgf");
    write_bytes(sgf, game1, strlen(game1));
    seen_t one = {0};
    assert_int_equal(archive_for_each_file(sgf, count_file, &one, err, sizeof err), 1);
    assert_string_equal(one.names[0], sgf);
    assert_int_equal(one.lens[0], strlen(game1));
    free(t.data);
}

static void expect_error(const char *path, const char *words)
{
    seen_t s = {0};
    char err[300] = "";
    long n = archive_for_each_file(path, count_file, &s, err, sizeof err);
    assert_int_equal(n, -1);
    if (strstr(err, path) == NULL || strstr(err, words) == NULL)
        fail_msg("error '%s' should name %s and say '%s'", err, path, words);
}

static void test_archive_errors(void **state)
{
    (void)state;
    tarbuf_t t = {0};
    build_tar(&t);
    const char *tgz = scratch_path("full.tgz");
    write_gz(tgz, t.data, t.len);
    size_t gz_len;
    unsigned char *gz = read_all(tgz, &gz_len);

    const char *cut = scratch_path("cut.tar.gz");
    write_bytes(cut, gz, gz_len / 2);
    expect_error(cut, "truncated");
    const char *cut_tar = scratch_path("cut.tar");
    write_bytes(cut_tar, t.data, 512 + 512 + 512 + 100); /* inside the long name's file */
    expect_error(cut_tar, "truncated");

    const char *plain = scratch_path("plain.tgz");
    write_bytes(plain, game1, strlen(game1));
    expect_error(plain, "not a gzip file");

    const char *bad_sum = scratch_path("bad_sum.tar");
    t.data[512 * 3 + 10] ^= 1; /* a name byte of the third header */
    write_bytes(bad_sum, t.data, t.len);
    expect_error(bad_sum, "checksum");
    t.data[512 * 3 + 10] ^= 1;

    const char *not_tar = scratch_path("text.tar");
    write_bytes(not_tar, "hello", 5);
    expect_error(not_tar, "truncated");
    expect_error(scratch_path("missing.tgz"), "cannot read");
    expect_error(scratch, "directory");

    const char *paths[] = {cut};
    record_stats_t stats;
    char err[300];
    assert_false(records_for_each_position(paths, 1, NULL, NULL, false, &stats, err, sizeof err));
    assert_non_null(strstr(err, "truncated"));
    free(gz);
    free(t.data);
}

static bool count_positions(const record_position_t *pos, void *user)
{
    (void)pos;
    (*(long *)user)++;
    return true;
}

/* Damaged archives must fail cleanly or read on; never crash (ASan watches). */
static void test_archive_hostile(void **state)
{
    (void)state;
    tarbuf_t t = {0};
    build_tar(&t);
    const char *tgz = scratch_path("fuzz.tgz");
    write_gz(tgz, t.data, t.len);
    size_t gz_len;
    unsigned char *gz = read_all(tgz, &gz_len);
    const char *tar_path = scratch_path("fuzz.tar"), *gz_path = scratch_path("fuzz2.tgz");
    uint64_t seed = 12345;
    int rounds = 400 / test_scale();
    for (int round = 0; round < rounds; round++) {
        bool compressed = round % 2;
        size_t len = compressed ? gz_len : t.len;
        unsigned char *copy = malloc(len);
        assert_non_null(copy);
        memcpy(copy, compressed ? gz : t.data, len);
        int flips = 1 + (int)(test_random(&seed) % 8);
        for (int k = 0; k < flips; k++) {
            size_t at = test_random(&seed) % len;
            /* Often in the size fields, where damage hurts most. */
            if (!compressed && k % 2)
                at = (test_random(&seed) % (len / 512)) * 512 + 124 + test_random(&seed) % 12;
            copy[at] = (unsigned char)test_random(&seed);
        }
        if (!compressed) {
            /* Fix the checksum of a damaged header sometimes, so the damage gets past it. */
            size_t block = (test_random(&seed) % (len / 512)) * 512;
            if (round % 4 == 0) {
                memset(copy + block + 148, ' ', 8);
                unsigned sum = 0;
                for (int i = 0; i < 512; i++)
                    sum += copy[block + i];
                octal(copy + block + 148, 7, sum);
            }
        }
        size_t cut = round % 3 == 0 ? test_random(&seed) % (len + 1) : len;
        const char *path = compressed ? gz_path : tar_path;
        write_bytes(path, copy, cut);
        seen_t s = {0};
        char err[300];
        long n = archive_for_each_file(path, count_file, &s, err, sizeof err);
        assert_true(n >= -1 && n <= 16);
        long positions = 0;
        const char *paths[] = {path};
        records_for_each_position(paths, 1, count_positions, &positions, false, NULL, err,
                                  sizeof err);
        free(copy);
    }
    free(gz);
    free(t.data);
}

/* A file over the cap is skipped, not loaded; zeros compress to almost nothing. */
static void test_archive_size_cap(void **state)
{
    (void)state;
    tarbuf_t t = {0};
    size_t big = ARCHIVE_MAX_FILE_BYTES + 1;
    char *zeros = calloc(1, big);
    assert_non_null(zeros);
    tar_file(&t, "a.sgf", game1);
    tar_entry(&t, "big.sgf", '0', zeros, big);
    tar_file(&t, "b.sgf", game2);
    tar_end(&t);
    free(zeros);
    const char *tgz = scratch_path("big.tgz");
    write_gz(tgz, t.data, t.len);
    free(t.data);
    seen_t s = {0};
    long skipped = -1;
    char err[300];
    assert_int_equal(archive_for_each_file_counted(tgz, count_file, &s, &skipped, err, sizeof err),
                     2);
    assert_int_equal(skipped, 1);
    assert_string_equal(s.names[1], "b.sgf");
}

typedef struct collected {
    int n;
    record_position_t pos[16];
    int black_stones[16];
    bool stones_at_cc_gg[16];
    char names[16][200];
    int stop_after;
} collected_t;

static bool collect(const record_position_t *pos, void *user)
{
    collected_t *c = user;
    if (c->n < 16) {
        c->pos[c->n] = *pos;
        c->black_stones[c->n] = pos->board->stones_on_board[STONE_BLACK];
        const board_t *b = pos->board;
        c->stones_at_cc_gg[c->n] = b->size == 9 &&
                                   board_at(b, board_point(b, 2, 2)) == STONE_BLACK &&
                                   board_at(b, board_point(b, 6, 6)) == STONE_BLACK;
        snprintf(c->names[c->n], sizeof c->names[0], "%s", pos->game_name);
    }
    c->n++;
    return c->stop_after == 0 || c->n < c->stop_after;
}

static void test_records(void **state)
{
    (void)state;
    tarbuf_t t = {0};
    build_tar(&t);
    const char *tgz = scratch_path("records.tgz");
    write_gz(tgz, t.data, t.len);
    free(t.data);
    const char *sgf = scratch_path("single.sgf");
    write_bytes(sgf, game2, strlen(game2));
    const char *paths[] = {tgz, sgf};
    collected_t c = {0};
    record_stats_t stats;
    char err[300] = "";
    if (!records_for_each_position(paths, 2, collect, &c, false, &stats, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(stats.files, 5); /* 4 SGFs in the archive and the single file */
    assert_int_equal(stats.games, 3);
    assert_int_equal(stats.skipped_files, 2);
    assert_int_equal(stats.positions, 10);
    assert_int_equal(c.n, 10);

    board_t b;
    board_init(&b, 9, false);
    const int ee = board_point(&b, 4, 4), cc = board_point(&b, 2, 2), gg = board_point(&b, 6, 6);
    const int ce = board_point(&b, 2, 4);
    /* game1: B ee, W cc, B pass, W gg. */
    const int played1[] = {ee, cc, POINT_PASS, gg};
    const int last1[] = {POINT_NONE, ee, cc, POINT_PASS};
    const int last2_1[] = {POINT_NONE, POINT_NONE, ee, cc};
    for (int i = 0; i < 4; i++) {
        const record_position_t *p = &c.pos[i];
        assert_int_equal(p->played, played1[i]);
        assert_int_equal(p->last, last1[i]);
        assert_int_equal(p->last2, last2_1[i]);
        assert_int_equal(p->move_number, i);
        assert_int_equal(p->total_moves, 4);
        assert_int_equal(p->game_index, 0);
        assert_int_equal(p->to_move, i % 2 ? STONE_WHITE : STONE_BLACK);
        assert_string_equal(c.names[i], LONG_NAME);
    }
    assert_int_equal(c.black_stones[0], 0);
    assert_int_equal(c.black_stones[3], 1);
    /* game2 (main line only), in the archive and then as a file: handicap stones before W ee. */
    for (int g = 0; g < 2; g++) {
        const record_position_t *p = &c.pos[4 + 3 * g];
        assert_int_equal(p->game_index, 1 + g);
        assert_int_equal(p->to_move, STONE_WHITE);
        assert_int_equal(p->played, ee);
        assert_int_equal(p->last, POINT_NONE);
        assert_int_equal(p->total_moves, 3);
        assert_true(c.stones_at_cc_gg[4 + 3 * g]);
        assert_int_equal(c.black_stones[4 + 3 * g], 2);
        assert_int_equal(p[1].to_move, STONE_BLACK);
        assert_int_equal(p[1].played, ce);
        assert_int_equal(p[1].last, ee);
        assert_int_equal(p[1].move_number, 1);
        assert_int_equal(p[2].played, board_point(&b, 3, 3)); /* W dd, not the variation */
        assert_int_equal(p[2].last2, ee);
    }
    assert_string_equal(c.names[4], "games/game2.sgf");
    assert_string_equal(c.names[7], sgf);

    /* Stopping early stops every input. */
    collected_t early = {.stop_after = 3};
    assert_true(
        records_for_each_position(paths, 2, collect, &early, false, &stats, err, sizeof err));
    assert_int_equal(early.n, 3);
    assert_int_equal(stats.positions, 3);
    /* A missing input is an error naming it. */
    const char *missing[] = {scratch_path("nothing.tgz")};
    assert_false(
        records_for_each_position(missing, 1, collect, &early, false, NULL, err, sizeof err));
    assert_non_null(strstr(err, missing[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_archive_files),   cmocka_unit_test(test_archive_errors),
        cmocka_unit_test(test_archive_hostile), cmocka_unit_test(test_archive_size_cap),
        cmocka_unit_test(test_records),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
