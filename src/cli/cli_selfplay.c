/* cli_selfplay.c - `tengen selfplay`: games of tengen's engine (MCTS, or alpha-beta with
 * --engine ab) against itself, one SGF file per game, for tuning and tests.
 *
 * One engine plays both colours (its tree is reused from move to move across colours). A game
 * ends by resignation (the engine's resign rule), by two passes, by the capture goal (Atari Go),
 * or at a move limit; the result of a counted game is the engine's final score (dead stones
 * removed as GTP final_score does). Each game is seeded from --seed plus its index, so with one
 * thread the same command plays the same games. Owns the option table (parsed by cli_args.c) and
 * the text it prints only.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_model.h"
#include "cli/cli_options.h"
#include "tengen/engine.h"
#include "tengen/game.h"
#include "tengen/rules.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

/* A game is counted as it stands after this many moves per point (never reached in practice:
 * the engine passes once every point is settled). */
#define SELFPLAY_MAX_MOVES_PER_POINT 3

enum {
    SP_GAMES,
    SP_SIZE,
    SP_RULES,
    SP_ENGINE,
    SP_PLAYOUTS,
    SP_SEED,
    SP_OUT,
    SP_THREADS,
    SP_KOMI,
    SP_RESIGN,
    SP_MEMORY,
    SP_AB_EVAL,
    SP_MODEL,
    SP_COUNT
};

#define SELFPLAY_DEFAULT_RULES "chinese"
#define SELFPLAY_DEFAULT_KOMI 7.0 /* with the default rules; other presets keep their own */

static const char *const NEVER_CHOICE[] = {"never", NULL};
static const char *const ENGINE_CHOICES[] = {"mcts", "ab", NULL};

static const cli_opt_t SELFPLAY_OPTS[SP_COUNT] = {
    [SP_GAMES] = {"games", CLI_OPT_INT, 1, 1e6, NULL, NULL, "number of games (default 1)"},
    [SP_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, NULL, NULL,
                 "board size (default 9)"},
    [SP_RULES] = {"rules", CLI_OPT_CHOICE, 0, 0, NULL, RULES_PRESET_NAMES,
                  "rules preset (default " SELFPLAY_DEFAULT_RULES ")"},
    [SP_ENGINE] = {"engine", CLI_OPT_CHOICE, 0, 0, NULL, ENGINE_CHOICES,
                   "move generator: mcts (default) or ab (alpha-beta, meant for Atari Go and "
                   "small boards; --playouts = nodes)"},
    [SP_PLAYOUTS] = {"playouts", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                     "playouts per move (default 1000; nodes per move with --engine ab)"},
    [SP_SEED] =
        {"seed", CLI_OPT_INT, 0, 4294967295.0, NULL, NULL,
         "random seed of the first game; game i uses seed + i (default 1; alpha-beta has no "
         "randomness: its games are all the same)"},
    [SP_OUT] = {"out", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                "directory for the SGF files, created if missing (default selfplay)"},
    [SP_THREADS] = {"threads", CLI_OPT_INT, 1, MCTS_MAX_THREADS, NULL, NULL,
                    "search threads (default 1; games reproducible with 1 only)"},
    [SP_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, NULL, NULL,
                 "komi (default 7 with the default rules, else the preset's)"},
    [SP_RESIGN] = {"resign", CLI_OPT_NUMBER, -1, 100, "X|never", NEVER_CHOICE,
                   "resign below this win rate in percent, held for 3 moves (default 10); "
                   "'never' (or -1) plays every game out"},
    [SP_MEMORY] = {"memory", CLI_OPT_INT, 1, 65536, NULL, NULL,
                   "search tree memory in MB (default 256)"},
    [SP_AB_EVAL] = {"ab-eval", CLI_OPT_CHOICE, 0, 0, NULL, CLI_AB_EVAL_CHOICES, CLI_AB_EVAL_HELP},
    [SP_MODEL] = {"model", CLI_OPT_TEXT, 1, 0, "FILE|none", NULL, CLI_MODEL_HELP},
};

static void selfplay_usage(void)
{
    printf("usage: tengen selfplay [options]\n"
           "Games of tengen against itself (Chinese rules unless --rules), one SGF file per\n"
           "game with the result (RE) from resignation, the capture goal (Atari Go) or the\n"
           "engine's final score with dead stones removed. Prints a line per game and the\n"
           "wins by colour.\n"
           "options:\n");
    cli_args_usage(stdout, SELFPLAY_OPTS, SP_COUNT);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Write g with its result to path. Returns false with a message on stderr. */
static bool write_game(const game_t *g, const char *result, const char *name, const char *path)
{
    sgf_node_t *root = sgf_from_game(g, "tengen", "tengen");
    bool ok = root != NULL;
    if (ok && !sgf_get(root, "RE")) ok = sgf_add(root, "RE", result);
    if (ok) ok = sgf_add(root, "GN", name);
    char *text = ok ? sgf_write(root) : NULL;
    sgf_free(root);
    if (!text) {
        fprintf(stderr, "tengen selfplay: %s: out of memory\n", path);
        return false;
    }
    FILE *f = fopen(path, "w");
    ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) fprintf(stderr, "tengen selfplay: %s: %s\n", path, strerror(errno));
    free(text);
    return ok;
}

typedef struct selfplay_result {
    stone_t winner; /* STONE_EMPTY: jigo */
    char result[32];
    const char *how;
    int moves;
    bool written; /* the SGF file */
} selfplay_result_t;

/* Play one game to the end and write it to path. Returns false if the engine could not be
 * created. */
static bool play_game(int size, const rules_t *rules, const engine_settings_t *s, const char *name,
                      const char *path, selfplay_result_t *res)
{
    engine_t *e = engine_new(size, rules, s);
    if (!e) return false;
    game_t *g = engine_game(e);
    const int max_moves = SELFPLAY_MAX_MOVES_PER_POINT * size * size;
    res->moves = 0;
    while (!game_is_over(g) && res->moves < max_moves) {
        engine_genmove(e, game_to_move(g), true, false, NULL);
        res->moves++;
    }
    const game_end_t end = game_end_reason(g);
    if (end == GAME_END_RESIGN || end == GAME_END_CAPTURE_GOAL) {
        const bool resigned = end == GAME_END_RESIGN;
        res->winner = game_winner(g);
        snprintf(res->result, sizeof res->result, "%s+%s", res->winner == STONE_BLACK ? "B" : "W",
                 resigned ? "R" : "");
        res->how = resigned ? "resignation" : "capture";
    } else {
        const score_t sc = engine_final_score(e);
        res->winner = sc.margin > 0 ? STONE_BLACK : sc.margin < 0 ? STONE_WHITE : STONE_EMPTY;
        score_result_string(sc.margin, res->result, (int)sizeof res->result);
        res->how = game_is_over(g) ? "two passes" : "move limit";
    }
    res->written = write_game(g, res->result, name, path);
    engine_free(e);
    return true;
}

int cli_selfplay(int argc, char **argv)
{
    cli_value_t v[SP_COUNT];
    switch (cli_args_parse(argc, argv, 1, "selfplay", SELFPLAY_OPTS, SP_COUNT, v)) {
    case CLI_ARGS_HELP:
        selfplay_usage();
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    const double values[SP_COUNT] = {
        [SP_GAMES] = cli_args_number(&v[SP_GAMES], 1),
        [SP_SIZE] = cli_args_number(&v[SP_SIZE], 9),
        [SP_PLAYOUTS] = cli_args_number(&v[SP_PLAYOUTS], 1000),
        [SP_SEED] = cli_args_number(&v[SP_SEED], 1),
        [SP_THREADS] = cli_args_number(&v[SP_THREADS], 1),
        [SP_KOMI] = cli_args_number(&v[SP_KOMI], 0), /* the preset's: below */
        /* "never" is -1 */
        [SP_RESIGN] = cli_args_number(&v[SP_RESIGN], v[SP_RESIGN].given ? -1 : 10),
    };
    const char *out_dir = cli_args_text(&v[SP_OUT], "selfplay");

    const int games = (int)values[SP_GAMES], size = (int)values[SP_SIZE];
    rules_t rules;
    const char *preset =
        v[SP_RULES].given ? RULES_PRESET_NAMES[v[SP_RULES].choice] : SELFPLAY_DEFAULT_RULES;
    if (!rules_preset(&rules, preset)) return 1;
    if (v[SP_KOMI].given)
        rules.komi = values[SP_KOMI];
    else if (!v[SP_RULES].given)
        rules.komi = SELFPLAY_DEFAULT_KOMI;
    engine_settings_t s;
    engine_settings_default(&s);
    s.kind = v[SP_ENGINE].given && v[SP_ENGINE].choice == 1 ? ENGINE_AB : ENGINE_MCTS;
    s.playouts = (long)values[SP_PLAYOUTS];
    s.threads = (int)values[SP_THREADS];
    s.memory_mb = (int)cli_args_number(&v[SP_MEMORY], s.memory_mb);
    if (v[SP_AB_EVAL].given) s.ab_eval = cli_ab_eval(v[SP_AB_EVAL].choice);
    if (!cli_model_resolve(v[SP_MODEL].text, "selfplay", &s.model)) return 2;
    s.resign_threshold = values[SP_RESIGN] < 0 ? ENGINE_RESIGN_NEVER : values[SP_RESIGN] / 100.0;
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "tengen selfplay: cannot create %s: %s\n", out_dir, strerror(errno));
        return 1;
    }
    printf("selfplay: %d game%s, %dx%d, %s rules, komi %g, engine %s, %ld %s per move, "
           "%d thread%s, seed %.0f, SGF in %s\n",
           games, games == 1 ? "" : "s", size, size, rules.name, rules.komi,
           s.kind == ENGINE_AB ? "ab" : "mcts", s.playouts,
           s.kind == ENGINE_AB ? "nodes" : "playouts", s.threads, s.threads == 1 ? "" : "s",
           values[SP_SEED], out_dir);
    fflush(stdout);
    int wins[3] = {0, 0, 0}; /* by stone_t: jigo, black, white */
    int failed = 0;
    for (int i = 0; i < games; i++) {
        s.seed = (uint64_t)values[SP_SEED] + (uint64_t)i;
        const double t0 = now_seconds();
        char path[4096], name[64];
        snprintf(path, sizeof path, "%s/selfplay-%04d.sgf", out_dir, i + 1);
        snprintf(name, sizeof name, "tengen selfplay %d (seed %llu)", i + 1,
                 (unsigned long long)s.seed);
        selfplay_result_t res;
        if (!play_game(size, &rules, &s, name, path, &res)) {
            fprintf(stderr, "tengen selfplay: cannot create the engine (out of memory?)\n");
            return 1;
        }
        const bool written = res.written;
        failed += !written;
        wins[res.winner == STONE_BLACK ? 1 : res.winner == STONE_WHITE ? 2 : 0]++;
        printf("game %d: %s by %s after %d moves, %.1f s%s%s\n", i + 1, res.result, res.how,
               res.moves, now_seconds() - t0, written ? ", " : " (SGF not written)",
               written ? path : "");
        fflush(stdout);
    }
    printf("summary: %d games: black %d wins, white %d wins, jigo %d (black %.1f%%)\n", games,
           wins[1], wins[2], wins[0], 100.0 * (wins[1] + 0.5 * wins[0]) / games);
    return failed ? 1 : 0;
}
