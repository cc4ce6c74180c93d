/* cli_solve.c - `tengen solve`: the exact small-board solver. Solves the empty board (or an SGF
 * position, optionally after given moves) with the prover of src/ab/ (or, with --heuristic, a
 * depth-limited alpha-beta search) and prints the minimax result for black, its principal
 * variation and the search statistics.
 *
 * Owns: the option table of the subcommand (parsed by cli_args.c) and the text of its report. The
 * search is ab.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_options.h"
#include "tengen/ab.h"
#include "tengen/game.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

enum {
    OPT_SIZE,
    OPT_RULES,
    OPT_KO,
    OPT_KOMI,
    OPT_NODES,
    OPT_SECONDS,
    OPT_DEPTH,
    OPT_FROM,
    OPT_MOVES,
    OPT_EVAL,
    OPT_TT_BITS,
    OPT_NO_SYMMETRY,
    OPT_HEURISTIC,
    OPT_AT_LEAST,
    OPT_VERBOSE,
    OPT_METHOD,
    OPT_COUNT
};

/* The provers of --method, in the order of ab_prover_t. */
static const char *const METHOD_CHOICES[] = {"dfpn", "ab", NULL};

static const cli_opt_t SOLVE_OPTS[OPT_COUNT] = {
    [OPT_SIZE] = {"size", CLI_OPT_INT, 2, 19, NULL, NULL, "board size (default 3)"},
    [OPT_RULES] = {"rules", CLI_OPT_TEXT, 0, 0, "PRESET", NULL,
                   "rules preset (default chinese: area, positional superko, no suicide)"},
    [OPT_KO] = {"ko", CLI_OPT_TEXT, 0, 0, "RULE", NULL,
                "simple, positional or situational (default: preset)"},
    [OPT_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, NULL, NULL, "komi (default 0)"},
    [OPT_NODES] = {"nodes", CLI_OPT_INT, 0, 1e15, NULL, NULL, "node limit (default none)"},
    [OPT_SECONDS] = {"seconds", CLI_OPT_NUMBER, 0, 1e7, NULL, NULL, "time limit (default none)"},
    [OPT_DEPTH] = {"depth", CLI_OPT_INT, 0, AB_MAX_PLY - 10, NULL, NULL,
                   "with --heuristic: deepest iteration (default all)"},
    [OPT_FROM] = {"from", CLI_OPT_TEXT, 0, 0, "FILE", NULL,
                  "start from the end of this SGF file's main line"},
    [OPT_MOVES] = {"moves", CLI_OPT_TEXT, 0, 0, "LIST", NULL,
                   "then play these moves, comma-separated GTP vertices (e.g. C3,B2)"},
    [OPT_EVAL] = {"eval", CLI_OPT_CHOICE, 0, 0, NULL, CLI_AB_EVAL_CHOICES,
                  "evaluation: leaves of --heuristic, bounds above 8x8 (default area)"},
    [OPT_TT_BITS] = {"tt-bits", CLI_OPT_INT, 0, 30, NULL, NULL,
                     "log2 of the table entries (default 22: 96 MB for the prover)"},
    [OPT_NO_SYMMETRY] = {"no-symmetry", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                         "no symmetric table lookups"},
    [OPT_HEURISTIC] = {"heuristic", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                       "alpha-beta with heuristic leaves instead (needs --depth, --nodes or "
                       "--seconds)"},
    [OPT_AT_LEAST] = {"at-least", CLI_OPT_NUMBER, -1000, 1000, "POINTS", NULL,
                      "only test whether black's result is at least this (e.g. a published value)"},
    [OPT_VERBOSE] = {"verbose", CLI_OPT_FLAG, 0, 0, NULL, NULL, "print every test on stderr"},
    [OPT_METHOD] = {"method", CLI_OPT_CHOICE, 0, 0, NULL, METHOD_CHOICES,
                    "prover: dfpn (proof numbers, default) or ab (iterative-deepening alpha-beta, "
                    "boards up to 8x8)"},
};

static void usage(void)
{
    printf("usage: tengen solve [options]\n"
           "Solve a small board exactly (proof-number search over Benson's algorithm and safe\n"
           "regions; docs/solve.md) and print the result for black.\n"
           "options:\n");
    cli_args_usage(stdout, SOLVE_OPTS, OPT_COUNT);
}

/* A value for the player to move as text for black: "B+9", "W+2", "0", "B wins (capture in 3)". */
static void value_text(int v, stone_t to_move, char *buf, int len)
{
    int black = to_move == STONE_BLACK ? v : -v;
    if (black >= AB_INF || black <= -AB_INF) {
        snprintf(buf, (size_t)len, "%s", black > 0 ? "+inf" : "-inf");
        return;
    }
    if (black >= AB_WIN_MIN || black <= -AB_WIN_MIN) {
        int plies = AB_WIN - (black > 0 ? black : -black);
        snprintf(buf, (size_t)len, "%c wins by capture (game ends in %d plies)",
                 black > 0 ? 'B' : 'W', plies);
        return;
    }
    score_result_string(black / 2.0, buf, len);
}

static void on_iteration(const ab_result_t *r, void *user)
{
    const game_t *g = user;
    char lo[64], hi[64];
    stone_t c = game_to_move(g);
    value_text(c == STONE_BLACK ? r->lo : r->hi, c, lo, sizeof lo);
    value_text(c == STONE_BLACK ? r->hi : r->lo, c, hi, sizeof hi);
    fprintf(stderr, "depth %3d  black's value in [%s, %s]  nodes %llu  %.2f s (cpu %.2f s)\n",
            r->depth, lo, hi, (unsigned long long)r->nodes, r->seconds, r->cpu_seconds);
}

static game_t *make_game(const cli_value_t *a)
{
    rules_t rules;
    const char *preset = a[OPT_RULES].given ? a[OPT_RULES].text : "chinese";
    if (!rules_preset(&rules, preset)) {
        fprintf(stderr, "tengen solve: --rules: unknown preset '%s'\n", preset);
        return NULL;
    }
    rules.komi = a[OPT_KOMI].given ? a[OPT_KOMI].number : 0.0;
    if (a[OPT_KO].given && !rules_parse_ko(a[OPT_KO].text, &rules.ko)) {
        fprintf(stderr, "tengen solve: --ko: '%s' is not simple, positional or situational\n",
                a[OPT_KO].text);
        return NULL;
    }
    game_t *g = NULL;
    if (a[OPT_FROM].given) {
        sgf_error_t err;
        sgf_node_t *root = sgf_read_file(a[OPT_FROM].text, &err);
        if (!root) {
            fprintf(stderr, "tengen solve: %s: %s\n", a[OPT_FROM].text, err.message);
            return NULL;
        }
        g = sgf_to_game(root, &rules, -1, &err);
        sgf_free(root);
        if (!g) {
            fprintf(stderr, "tengen solve: %s: %s\n", a[OPT_FROM].text, err.message);
            return NULL;
        }
        if (game_size(g) > 19) {
            fprintf(stderr, "tengen solve: %s: board too large\n", a[OPT_FROM].text);
            game_free(g);
            return NULL;
        }
        /* The command line's rules win over the file's RU where given. */
        rules_t gr = *game_rules(g);
        if (a[OPT_RULES].given) gr = rules;
        if (a[OPT_KOMI].given || a[OPT_RULES].given) gr.komi = rules.komi;
        if (a[OPT_KO].given) gr.ko = rules.ko;
        game_set_rules(g, &gr);
    } else {
        int size = a[OPT_SIZE].given ? (int)a[OPT_SIZE].number : 3;
        g = game_new(size, &rules);
        if (!g) {
            fprintf(stderr, "tengen solve: out of memory\n");
            return NULL;
        }
    }
    if (a[OPT_MOVES].given &&
        !cli_play_moves(g, a[OPT_MOVES].text, "solve", "--moves", NULL, NULL, 0)) {
        game_free(g);
        return NULL;
    }
    if (game_is_over(g) && game_end_reason(g) != GAME_END_PASSES) {
        fprintf(stderr, "tengen solve: the game is over\n");
        game_free(g);
        return NULL;
    }
    return g;
}

int cli_solve(int argc, char **argv)
{
    cli_value_t a[OPT_COUNT];
    switch (cli_args_parse(argc, argv, 1, "solve", SOLVE_OPTS, OPT_COUNT, a)) {
    case CLI_ARGS_HELP:
        usage();
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    ab_config_t cfg = ab_config_default();
    cfg.tt_bits = a[OPT_TT_BITS].given ? (int)a[OPT_TT_BITS].number : 22;
    cfg.symmetry = !a[OPT_NO_SYMMETRY].given;
    cfg.max_nodes = a[OPT_NODES].given ? (uint64_t)a[OPT_NODES].number : 0;
    cfg.max_seconds = a[OPT_SECONDS].given ? a[OPT_SECONDS].number : 0;
    cfg.max_depth = a[OPT_DEPTH].given ? (int)a[OPT_DEPTH].number : 0;
    cfg.solve = !a[OPT_HEURISTIC].given;
    if (a[OPT_HEURISTIC].given && !cfg.max_depth && !cfg.max_nodes && !cfg.max_seconds) {
        fprintf(stderr, "tengen solve: --heuristic needs --depth, --nodes or --seconds\n");
        return 2;
    }
    if (a[OPT_EVAL].given) cfg.eval = cli_ab_eval(a[OPT_EVAL].choice);
    if (a[OPT_METHOD].given)
        cfg.prover = a[OPT_METHOD].choice == 1 ? AB_PROVER_ALPHA_BETA : AB_PROVER_DFPN;
    game_t *g = make_game(a);
    if (!g) return 2;
    if (a[OPT_AT_LEAST].given) {
        double t2 = a[OPT_AT_LEAST].number * 2;
        cfg.single_test = true;
        cfg.test_value = (int)(t2 >= 0 ? t2 + 0.5 : t2 - 0.5);
    }
    if (a[OPT_VERBOSE].given) {
        cfg.on_iteration = on_iteration;
        cfg.user = g;
    }
    ab_result_t r;
    if (!ab_search(g, &cfg, &r)) {
        fprintf(stderr, "tengen solve: cannot search (out of memory?)\n");
        game_free(g);
        return 1;
    }
    const rules_t *rules = game_rules(g);
    stone_t c = game_to_move(g);
    char komi[32], lo[64], hi[64];
    score_result_string(rules->komi, komi, sizeof komi);
    printf("board %dx%d, rules %s (ko %s, suicide %s, %s scoring), komi %g, %s to move\n",
           game_size(g), game_size(g), rules->name, rules_ko_name(rules->ko),
           rules->suicide_allowed ? "allowed" : "forbidden",
           rules->scoring == SCORING_AREA ? "area" : "territory", rules->komi,
           c == STONE_BLACK ? "black" : "white");
    value_text(c == STONE_BLACK ? r.lo : r.hi, c, lo, sizeof lo);
    value_text(c == STONE_BLACK ? r.hi : r.lo, c, hi, sizeof hi);
    if (r.exact)
        printf("result: %s (exact)\n", lo);
    else if (cfg.solve && r.lo <= -AB_INF && r.hi >= AB_INF)
        printf("result: unknown (the limit came before the first bound)\n");
    else if (cfg.solve)
        printf("result: between %s and %s for black (bounded%s)\n", lo, hi,
               r.stopped ? ", limit reached" : "");
    else {
        value_text(r.value, c, lo, sizeof lo);
        printf("result: %s (heuristic, depth %d)\n", lo, r.depth);
    }
    printf("pv:");
    stone_t mover = c;
    for (int i = 0; i < r.pv_len; i++) {
        char v[8];
        printf(" %c %s", mover == STONE_BLACK ? 'B' : 'W',
               board_point_to_gtp(game_board(g), r.pv[i], v));
        mover = stone_other(mover);
    }
    printf("\n");
    if (r.dfpn_cycled)
        printf("prover: df-pn went round in circles (results that depend on the path), so the "
               "alpha-beta prover answered\n");
    printf("depth %d, nodes %llu, time %.3f s, cpu %.3f s, nodes/s %.0f (per cpu second %.0f)\n",
           r.depth, (unsigned long long)r.nodes, r.seconds, r.cpu_seconds, r.nodes_per_second,
           r.cpu_seconds > 0 ? (double)r.nodes / r.cpu_seconds : 0.0);
    game_free(g);
    return 0;
}
