/* ab_final_bench.c - how often and how fast ab_final_status (src/ab/ab_final.c) answers on
 * positions near the end of real games: for every SGF given, the positions BACK moves before the
 * final two passes (for each BACK of the list), judged with the budget; prints one line per
 * position and a summary (answered, unknown, median and worst seconds). docs/solve.md has the
 * numbers and the command that builds and runs it:
 *
 *   cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc tools/ab_final_bench.c \
 *      build/libtengen_search.a build/libtengen_sgf.a build/libtengen_playout.a \
 *      build/libtengen_rules.a -lm -lpthread -o build/ab_final_bench
 *   build/ab_final_bench [-budget N] [-back 0,2,4] [-show 1] GAME.sgf...
 *
 * -show 1 draws every answered position: X O stones, x o dead ones, # @ stones in seki.
 *
 * A measuring tool, not part of tengen: it reads files it is given and trusts them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tengen/ab.h"
#include "tengen/sgf.h"

#define MAX_POSITIONS 100000
#define MAX_BACKS 16

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The board with the statuses of f. */
static void draw(const board_t *b, const ab_final_t *f)
{
    for (int y = b->size - 1; y >= 0; y--) {
        printf("  ");
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y), c = b->color[p];
            const int k = f->status[p] == STATUS_DEAD ? 1 : f->status[p] == STATUS_SEKI ? 2 : 0;
            printf(" %c", c == STONE_BLACK ? "Xx#"[k] : c == STONE_WHITE ? "Oo@"[k] : '.');
        }
        printf("\n");
    }
}

/* The number of moves of the main line (passes included). */
static int main_line_moves(const sgf_node_t *root, const rules_t *rules)
{
    sgf_error_t err;
    game_t *g = sgf_to_game(root, rules, -1, &err);
    if (!g) return -1;
    int n = game_move_count(g);
    game_free(g);
    return n;
}

int main(int argc, char **argv)
{
    uint64_t budget = 0;
    int backs[MAX_BACKS] = {0}, nbacks = 1;
    int first_file = 1, show = 0;
    while (first_file + 1 < argc && argv[first_file][0] == '-') {
        if (strcmp(argv[first_file], "-budget") == 0) {
            budget = strtoull(argv[first_file + 1], NULL, 10);
        } else if (strcmp(argv[first_file], "-show") == 0) {
            show = atoi(argv[first_file + 1]);
        } else if (strcmp(argv[first_file], "-back") == 0) {
            nbacks = 0;
            for (char *s = argv[first_file + 1]; *s && nbacks < MAX_BACKS;) {
                backs[nbacks++] = (int)strtol(s, &s, 10);
                if (*s == ',') s++;
            }
        } else {
            break;
        }
        first_file += 2;
    }
    rules_t rules;
    rules_preset(&rules, "chinese");
    static double seconds[MAX_POSITIONS];
    int answered = 0, unknown = 0, dead_total = 0, seki_total = 0;
    ab_final_t *f = malloc(sizeof *f);
    if (!f) return 1;
    for (int i = first_file; i < argc; i++) {
        sgf_error_t err;
        sgf_node_t *root = sgf_read_file(argv[i], &err);
        if (!root) {
            fprintf(stderr, "%s: cannot read\n", argv[i]);
            continue;
        }
        const int n = main_line_moves(root, &rules);
        for (int k = 0; k < nbacks && n >= 2; k++) {
            const int limit = n - 2 - backs[k];
            if (limit < 0) continue;
            game_t *g = sgf_to_game(root, &rules, limit, &err);
            if (!g) continue;
            const double t0 = now_seconds();
            ab_final_status(g, budget, f);
            const double t = now_seconds() - t0;
            const board_t *b = game_board(g);
            int dead = 0, seki = 0;
            for (int p = 0; p < b->num_points; p++) {
                dead += f->known && f->status[p] == STATUS_DEAD;
                seki += f->known && f->status[p] == STATUS_SEKI;
            }
            printf("%s back %d (%d moves, %s to move): %s, %llu nodes, %.3f s", argv[i], backs[k],
                   limit, game_to_move(g) == STONE_BLACK ? "black" : "white",
                   f->known ? "answered" : "unknown", (unsigned long long)f->nodes, t);
            if (f->known)
                printf(", B%+.1f, %d dead stones, %d in seki", f->black_margin, dead, seki);
            printf("\n");
            if (show && f->known) draw(b, f);
            if (answered + unknown < MAX_POSITIONS) seconds[answered + unknown] = t;
            answered += f->known;
            unknown += !f->known;
            dead_total += dead;
            seki_total += seki;
            game_free(g);
        }
        sgf_free(root);
    }
    const int total = answered + unknown < MAX_POSITIONS ? answered + unknown : MAX_POSITIONS;
    qsort(seconds, (size_t)total, sizeof seconds[0], compare_doubles);
    printf("summary: %d positions, %d answered (%.0f%%), %d unknown; %d dead stones, %d in seki; "
           "seconds median %.3f, worst %.3f\n",
           total, answered, total ? 100.0 * answered / total : 0.0, unknown, dead_total,
           seki_total, total ? seconds[total / 2] : 0.0, total ? seconds[total - 1] : 0.0);
    free(f);
    return 0;
}
