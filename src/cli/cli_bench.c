/* cli_bench.c - `tengen bench`: speed benchmarks with a behaviour signature.
 *
 * `tengen bench search` (also plain `tengen bench`) runs the tree search on a fixed set of
 * positions (built from the move lists below) with a fixed seed and playout count on one thread,
 * and prints a signature (tree nodes, playout moves, a hash of the root visit counts) and the
 * speed. `tengen bench playouts` runs light playouts from the empty board, reports their speed,
 * and prints a signature (stones placed and black wins over the first SIGNATURE_PLAYOUTS
 * playouts of the seeded run). A signature changes only when behaviour changes: a functional
 * commit quotes the new one, a pure speed-up keeps it. Owns its option table (parsed by
 * cli_args.c), the position set and the report text only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_model.h"
#include "tengen/board.h"
#include "tengen/game.h"
#include "tengen/mcts.h"
#include "tengen/playout.h"
#include "tengen/rng.h"
#include "tengen/rules.h"

/* The signature covers this many playouts from the start of the run, whatever its length. */
#define SIGNATURE_PLAYOUTS 1000
/* Read the clock once per this many playouts: cheap, and fine-grained next to a 0.01 s limit. */
#define CLOCK_EVERY 16
/* Playouts per position of the search bench, and its tree memory per position. */
#define BENCH_SEARCH_PLAYOUTS 5000
#define BENCH_SEARCH_MEMORY_MB 64

/* The search bench's positions: a board size and the moves from the empty board (GTP vertices,
 * black first, alternating), Chinese rules at komi 7. Changing this set changes the signature. */
typedef struct bench_position {
    const char *name;
    int size;
    const char *moves;
} bench_position_t;

static const bench_position_t BENCH_POSITIONS[] = {
    {"9x9 empty", 9, ""},
    {"9x9 opening", 9, "E5 C4 G4 C6 F7 D7 C3 B3 D3 B4 G6 E6 F6 D5 E4 D4 E3 C2 D2 B2"},
    {"9x9 fight", 9, "E5 E3 C4 D4 D5 C3 B4 G5 G4 F4 G3 F3 G6 H5 H4 F6 F5 E6 D6 E7 F7 D7 C6 G7"},
    {"9x9 endgame", 9,
     "E5 D3 C4 F4 F5 G5 D4 E3 C3 G6 F6 G7 F7 D2 C2 G3 B6 H4 E7 F8 E8 G8 C1 H6 "
     "D8 B3 B2 A3 E4 F3 C7 H7 F2 G2 E2 E1 F1 D1 B1 G1"},
    {"19x19 opening", 19,
     "Q16 D4 Q3 D16 R10 C10 F17 C14 F3 K16 O17 P17 O16 Q14 R6 N3 P4 C6 E3 D3 "
     "F4 K4 C12 E14 H17 N17 O18 L17"},
};
#define BENCH_NUM_POSITIONS ((int)(sizeof BENCH_POSITIONS / sizeof BENCH_POSITIONS[0]))

/* The benchmarks, as bits of BENCH_OPT_BENCHES. */
enum { BENCH_PLAYOUTS = 1, BENCH_SEARCH = 2 };

enum { OPT_SIZE, OPT_SECONDS, OPT_SEED, OPT_KOMI, OPT_PLAYOUTS, OPT_THREADS, OPT_MODEL, OPT_COUNT };

static const cli_opt_t BENCH_OPTS[OPT_COUNT] = {
    [OPT_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, NULL, NULL,
                  "playouts: board size (default 9)"},
    [OPT_SECONDS] = {"seconds", CLI_OPT_NUMBER, 0.01, 86400, NULL, NULL,
                     "playouts: run for this long, and for at least 1000 playouts (default 5)"},
    [OPT_SEED] = {"seed", CLI_OPT_INT, 0, 4294967295.0, NULL, NULL, "random seed (default 1)"},
    [OPT_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, NULL, NULL,
                  "playouts: komi for the win rate (default 7.5)"},
    [OPT_PLAYOUTS] = {"playouts", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                      "playouts: exactly this many instead of --seconds; search: per position "
                      "(default 5000)"},
    [OPT_THREADS] = {"threads", CLI_OPT_INT, 1, MCTS_MAX_THREADS, NULL, NULL,
                     "search: search threads (default 1; the signature is reproducible with 1 "
                     "only)"},
    [OPT_MODEL] = {"model", CLI_OPT_TEXT, 1, 0, "FILE|none", NULL, "search: " CLI_MODEL_HELP},
};

/* The benchmarks that take each option. */
static const unsigned BENCH_OPT_BENCHES[OPT_COUNT] = {
    [OPT_SIZE] = BENCH_PLAYOUTS,
    [OPT_SECONDS] = BENCH_PLAYOUTS,
    [OPT_SEED] = BENCH_PLAYOUTS | BENCH_SEARCH,
    [OPT_KOMI] = BENCH_PLAYOUTS,
    [OPT_PLAYOUTS] = BENCH_PLAYOUTS | BENCH_SEARCH,
    [OPT_THREADS] = BENCH_SEARCH,
    [OPT_MODEL] = BENCH_SEARCH,
};

static void bench_usage(FILE *out)
{
    fprintf(out,
            "usage: tengen bench [search|playouts] [options]\n"
            "search (the default): the tree search on %d fixed positions (9x9 and 19x19,\n"
            "  Chinese rules, komi 7) with a fixed seed and playout count on one thread.\n"
            "  Prints per position and in total the playouts, tree nodes, playout moves,\n"
            "  playouts/s and a signature (nodes, playout moves, hash of the root visits).\n"
            "playouts: light playouts from the empty board (black first, Tromp-Taylor area\n"
            "  count). Prints playouts/s, moves/s, mean length, black's win rate and a\n"
            "  signature (stones placed, black wins) over the first %d playouts.\n"
            "options:\n",
            BENCH_NUM_POSITIONS, SIGNATURE_PLAYOUTS);
    cli_args_usage(out, BENCH_OPTS, OPT_COUNT);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_playouts(const double *values, bool fixed_count)
{
    const int size = (int)values[OPT_SIZE];
    const double seconds = values[OPT_SECONDS];
    const uint64_t seed = (uint64_t)values[OPT_SEED];
    const double komi = values[OPT_KOMI];
    const long long fixed = fixed_count ? (long long)values[OPT_PLAYOUTS] : 0;

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

/* Build the game of a bench position. Returns NULL (message on stderr) if the table is wrong. */
static game_t *bench_game(const bench_position_t *pos)
{
    rules_t rules;
    if (!rules_preset(&rules, "chinese")) return NULL;
    rules.komi = 7;
    game_t *g = game_new(pos->size, &rules);
    if (!g) return NULL;
    char vertex[8];
    const char *s = pos->moves;
    for (int n = 0;; n++) {
        while (*s == ' ')
            s++;
        if (!*s) break;
        size_t len = strcspn(s, " ");
        if (len >= sizeof vertex) len = sizeof vertex - 1;
        memcpy(vertex, s, len);
        vertex[len] = '\0';
        s += strcspn(s, " ");
        const stone_t c = n % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        const int p = board_point_from_gtp(game_board(g), vertex);
        if (p == POINT_NONE || game_play(g, c, p) != GAME_OK) {
            fprintf(stderr, "tengen bench: position '%s': move %d (%s) is not legal\n", pos->name,
                    n + 1, vertex);
            game_free(g);
            return NULL;
        }
    }
    return g;
}

/* FNV-1a step over the bytes of a 64-bit value. */
static uint64_t hash_mix(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 0x100000001b3ULL;
    }
    return h;
}

static int bench_search(const double *values, const model_t *model)
{
    const long playouts = (long)values[OPT_PLAYOUTS];
    const uint64_t seed = (uint64_t)values[OPT_SEED];
    const int threads = (int)values[OPT_THREADS];
    mcts_config_t cfg;
    mcts_config_default(&cfg);
    cfg.max_playouts = playouts;
    cfg.seed = seed;
    cfg.memory_bytes = (size_t)BENCH_SEARCH_MEMORY_MB << 20;
    cfg.reuse_tree = false;
    cfg.threads = threads;
    cfg.model = model;
    mcts_t *m = mcts_new(&cfg);
    if (!m) {
        fprintf(stderr, "tengen bench: cannot create the searcher (out of memory?)\n");
        return 1;
    }
    printf("bench search: %d positions, %ld playouts each, seed %llu, %d thread%s, tactical "
           "playouts, %s\n",
           BENCH_NUM_POSITIONS, playouts, (unsigned long long)seed, threads,
           threads == 1 ? "" : "s", model ? "model priors" : "no model");
    long total_playouts = 0, total_nodes = 0, total_moves = 0;
    double total_seconds = 0;
    uint64_t visits_hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < BENCH_NUM_POSITIONS; i++) {
        const bench_position_t *pos = &BENCH_POSITIONS[i];
        game_t *g = bench_game(pos);
        if (!g) {
            mcts_free(m);
            return 1;
        }
        mcts_clear(m);
        mcts_report_t rep;
        const stone_t c = game_to_move(g);
        const int best = mcts_search(m, g, c, &rep);
        /* rep.moves is sorted by visits, then win rate, then point: a fixed order. */
        for (int k = 0; k < rep.num_moves; k++) {
            visits_hash = hash_mix(visits_hash, (uint64_t)(int64_t)rep.moves[k].point);
            visits_hash = hash_mix(visits_hash, (uint64_t)rep.moves[k].visits);
        }
        char vertex[8];
        board_point_to_gtp(game_board(g), best, vertex);
        const double secs = rep.seconds > 0 ? rep.seconds : 1e-9;
        printf("%-14s %s to move: best %-4s playouts %6ld nodes %8ld playout moves %9ld "
               "%8.0f playouts/s\n",
               pos->name, c == STONE_BLACK ? "B" : "W", vertex, rep.playouts, rep.nodes,
               rep.playout_moves, (double)rep.playouts / secs);
        total_playouts += rep.playouts;
        total_nodes += rep.nodes;
        total_moves += rep.playout_moves;
        total_seconds += rep.seconds;
        game_free(g);
    }
    mcts_free(m);
    if (total_seconds <= 0) total_seconds = 1e-9;
    printf("playouts: %ld in %.3f s\n", total_playouts, total_seconds);
    printf("playouts/s: %.0f\n", (double)total_playouts / total_seconds);
    printf("signature: %ld nodes %ld playout moves %016llx visits\n", total_nodes, total_moves,
           (unsigned long long)visits_hash);
    return 0;
}

int cli_bench(int argc, char **argv)
{
    int first = 1;
    unsigned bench = BENCH_SEARCH;
    if (argc >= 2 && argv[1][0] != '-') {
        if (!strcmp(argv[1], "playouts")) {
            bench = BENCH_PLAYOUTS;
        } else if (strcmp(argv[1], "search")) {
            fprintf(stderr, "tengen bench: unknown benchmark '%s'\n", argv[1]);
            bench_usage(stderr);
            return 2;
        }
        first = 2;
    }
    cli_value_t v[OPT_COUNT];
    switch (cli_args_parse(argc, argv, first, "bench", BENCH_OPTS, OPT_COUNT, v)) {
    case CLI_ARGS_HELP:
        bench_usage(stdout);
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    for (int k = 0; k < OPT_COUNT; k++) {
        if (v[k].given && !(BENCH_OPT_BENCHES[k] & bench)) {
            fprintf(stderr, "tengen bench: --%s is not an option of bench %s (see --help)\n",
                    BENCH_OPTS[k].name, bench == BENCH_SEARCH ? "search" : "playouts");
            return 2;
        }
    }
    if (v[OPT_SECONDS].given && v[OPT_PLAYOUTS].given) {
        fprintf(stderr, "tengen bench: give --seconds or --playouts, not both\n");
        return 2;
    }
    const double values[OPT_COUNT] = {
        [OPT_SIZE] = cli_args_number(&v[OPT_SIZE], 9),
        [OPT_SECONDS] = cli_args_number(&v[OPT_SECONDS], 5),
        [OPT_SEED] = cli_args_number(&v[OPT_SEED], 1),
        [OPT_KOMI] = cli_args_number(&v[OPT_KOMI], 7.5),
        [OPT_PLAYOUTS] =
            cli_args_number(&v[OPT_PLAYOUTS], bench == BENCH_SEARCH ? BENCH_SEARCH_PLAYOUTS : 0),
        [OPT_THREADS] = cli_args_number(&v[OPT_THREADS], 1),
    };
    const model_t *model = NULL;
    if (bench == BENCH_SEARCH && !cli_model_resolve(v[OPT_MODEL].text, "bench", &model)) return 2;
    return bench == BENCH_SEARCH ? bench_search(values, model)
                                 : bench_playouts(values, v[OPT_PLAYOUTS].given);
}
