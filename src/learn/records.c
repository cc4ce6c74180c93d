/* records.c - game records to positions. sgf_to_game checks the record (size, setup, legality);
 * the positions are then replayed on a bare board from the game's history, which is cheaper than a
 * game object (no superko keys) and gives the same stones since every move was found legal. */
#include "learn/records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "learn/archive.h"
#include "tengen/game.h"
#include "tengen/rules.h"
#include "tengen/sgf.h"

typedef struct reading {
    const char *path; /* the input being read */
    record_position_fn fn;
    void *user;
    bool verbose;
    bool stopped;
    record_stats_t *stats;
    rules_t rules_default;
    board_t board;
} reading_t;

static bool is_sgf_name(const char *name)
{
    size_t n = strlen(name);
    return n >= 4 && strcasecmp(name + n - 4, ".sgf") == 0;
}

static void skip(reading_t *r, const char *name, const char *why)
{
    r->stats->skipped_files++;
    if (r->verbose) fprintf(stderr, "warning: skipped %s: %s\n", name, why);
}

/* Replay g's history on r->board, calling fn before every move. */
static void replay(reading_t *r, const game_t *g, const char *name)
{
    int entries = game_move_count(g);
    int total = 0;
    for (int i = 0; i < entries; i++)
        total += game_move_at(g, i)->setup_index < 0;
    board_t *b = &r->board;
    board_init(b, game_size(g), game_rules(g)->suicide_allowed);
    record_position_t pos = {.board = b,
                             .last = POINT_NONE,
                             .last2 = POINT_NONE,
                             .total_moves = total,
                             .game_index = r->stats->games,
                             .game_name = name};
    r->stats->games++;
    for (int i = 0; i < entries && !r->stopped; i++) {
        const game_move_t *m = game_move_at(g, i);
        if (m->setup_index >= 0) {
            const int *points;
            const stone_t *stones;
            int n = game_setup_at(g, i, &points, &stones);
            for (int k = 0; k < n; k++)
                board_setup(b, points[k], stones[k]);
            /* Moves before stones were changed mid-game say little about the new position. */
            pos.last = pos.last2 = POINT_NONE;
            continue;
        }
        pos.to_move = m->color;
        pos.played = m->point;
        r->stats->positions++;
        if (!r->fn(&pos, r->user)) r->stopped = true;
        board_play(b, m->color, m->point, NULL);
        pos.last2 = pos.last;
        pos.last = m->point;
        pos.move_number++;
    }
}

static bool on_file(const char *name, const char *data, size_t len, void *user)
{
    reading_t *r = user;
    /* Archives may hold other files (READMEs); an input given as a file is read whatever its
     * name. */
    if (!is_sgf_name(name) && strcmp(name, r->path) != 0) return true;
    r->stats->files++;
    sgf_error_t err;
    sgf_node_t *root = sgf_parse_bytes(data, len, &err);
    if (root == NULL) {
        skip(r, name, err.message);
        return true;
    }
    game_t *g = sgf_to_game(root, &r->rules_default, -1, &err);
    sgf_free(root);
    if (g == NULL) {
        skip(r, name, err.message);
        return true;
    }
    replay(r, g, name);
    game_free(g);
    return !r->stopped;
}

bool records_for_each_position(const char *const *paths, int num_paths, record_position_fn fn,
                               void *user, bool verbose, record_stats_t *stats, char *err,
                               int err_len)
{
    record_stats_t local;
    if (stats == NULL) stats = &local;
    memset(stats, 0, sizeof *stats);
    if (err != NULL && err_len > 0) err[0] = '\0';
    reading_t *r = calloc(1, sizeof *r); /* the board is large for a stack */
    if (r == NULL) {
        if (err != NULL && err_len > 0) snprintf(err, (size_t)err_len, "out of memory");
        return false;
    }
    r->fn = fn;
    r->user = user;
    r->verbose = verbose;
    r->stats = stats;
    rules_preset(&r->rules_default, "japanese");
    bool ok = true;
    for (int i = 0; i < num_paths && ok && !r->stopped; i++) {
        r->path = paths[i];
        long too_large = 0;
        long n = archive_for_each_file_counted(paths[i], on_file, r, &too_large, err, err_len);
        stats->skipped_files += too_large;
        if (too_large > 0 && verbose)
            fprintf(stderr, "warning: %s: %ld file%s over %u bytes skipped\n", paths[i], too_large,
                    too_large == 1 ? "" : "s", ARCHIVE_MAX_FILE_BYTES);
        ok = n >= 0;
    }
    free(r);
    return ok;
}
