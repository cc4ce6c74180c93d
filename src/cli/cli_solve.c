/* cli_solve.c - `tengen solve`: the exact small-board solver. Solves the empty board (or an SGF
 * position, optionally after given moves) with the alpha-beta searcher and prints the minimax
 * result for black, its principal variation and the search statistics.
 *
 * Owns: the option table of the subcommand and the text of its report. The search is ab.h.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tengen/ab.h"
#include "tengen/game.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

typedef enum solve_opt_type {
    SOLVE_OPT_INT,
    SOLVE_OPT_REAL,
    SOLVE_OPT_TEXT,
    SOLVE_OPT_FLAG,
} solve_opt_type_t;

typedef struct solve_opt {
    const char *name;
    solve_opt_type_t type;
    double min, max;
    const char *help;
} solve_opt_t;

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
    OPT_VERBOSE,
    OPT_COUNT
};

static const solve_opt_t SOLVE_OPTS[OPT_COUNT] = {
    [OPT_SIZE] = {"size", SOLVE_OPT_INT, 2, 19, "board size (default 3)"},
    [OPT_RULES] = {"rules", SOLVE_OPT_TEXT, 0, 0,
                   "rules preset (default chinese: area, positional superko, no suicide)"},
    [OPT_KO] = {"ko", SOLVE_OPT_TEXT, 0, 0, "simple, positional or situational (default: preset)"},
    [OPT_KOMI] = {"komi", SOLVE_OPT_REAL, -1000, 1000, "komi (default 0)"},
    [OPT_NODES] = {"nodes", SOLVE_OPT_INT, 0, 1e15, "node limit (default none)"},
    [OPT_SECONDS] = {"seconds", SOLVE_OPT_REAL, 0, 1e7, "time limit (default none)"},
    [OPT_DEPTH] = {"depth", SOLVE_OPT_INT, 0, AB_MAX_PLY - 10, "deepest iteration (default all)"},
    [OPT_FROM] = {"from", SOLVE_OPT_TEXT, 0, 0, "start from the end of this SGF file's main line"},
    [OPT_MOVES] = {"moves", SOLVE_OPT_TEXT, 0, 0,
                   "then play these moves, comma-separated GTP vertices (e.g. C3,B2)"},
    [OPT_EVAL] = {"eval", SOLVE_OPT_TEXT, 0, 0, "area, liberties or phase (default area)"},
    [OPT_TT_BITS] = {"tt-bits", SOLVE_OPT_INT, 0, 30, "log2 of the table entries, 0 = off (22)"},
    [OPT_NO_SYMMETRY] = {"no-symmetry", SOLVE_OPT_FLAG, 0, 0, "no symmetric table lookups"},
    [OPT_HEURISTIC] = {"heuristic", SOLVE_OPT_FLAG, 0, 0,
                       "heuristic leaves instead of proven bounds (needs --depth)"},
    [OPT_VERBOSE] = {"verbose", SOLVE_OPT_FLAG, 0, 0, "print every iteration on stderr"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: tengen solve [options]\n"
                 "Solve a small board exactly (alpha-beta) and print the result for black.\n"
                 "options:\n");
    for (int i = 0; i < OPT_COUNT; i++) {
        const solve_opt_t *o = &SOLVE_OPTS[i];
        char arg[48];
        snprintf(arg, sizeof arg, "--%s%s", o->name,
                 o->type == SOLVE_OPT_FLAG   ? ""
                 : o->type == SOLVE_OPT_TEXT ? " TEXT"
                                             : " N");
        fprintf(out, "  %-18s %s\n", arg, o->help);
    }
    fprintf(out, "  %-18s show this help\n", "--help");
}

typedef struct solve_args {
    bool given[OPT_COUNT];
    double number[OPT_COUNT];
    const char *text[OPT_COUNT];
} solve_args_t;

/* 0: ok, 1: help printed, 2: error printed. */
static int parse_args(int argc, char **argv, solve_args_t *a)
{
    memset(a, 0, sizeof(*a));
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout);
            return 1;
        }
        if (strncmp(arg, "--", 2) != 0) {
            fprintf(stderr, "tengen solve: unexpected argument '%s' (try --help)\n", arg);
            return 2;
        }
        const char *name = arg + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int k = 0;
        while (k < OPT_COUNT &&
               (strlen(SOLVE_OPTS[k].name) != len || strncmp(SOLVE_OPTS[k].name, name, len)))
            k++;
        if (k == OPT_COUNT) {
            fprintf(stderr, "tengen solve: unknown option '%s' (try --help)\n", arg);
            return 2;
        }
        const solve_opt_t *o = &SOLVE_OPTS[k];
        a->given[k] = true;
        if (o->type == SOLVE_OPT_FLAG) {
            if (eq) {
                fprintf(stderr, "tengen solve: --%s takes no value\n", o->name);
                return 2;
            }
            continue;
        }
        const char *value = eq ? eq + 1 : NULL;
        if (!value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tengen solve: --%s needs a value\n", o->name);
                return 2;
            }
            value = argv[++i];
        }
        a->text[k] = value;
        if (o->type == SOLVE_OPT_TEXT) continue;
        char *end = NULL;
        errno = 0;
        double v = strtod(value, &end);
        if (!*value || *end || errno == ERANGE || !isfinite(v) ||
            (o->type == SOLVE_OPT_INT && v != floor(v))) {
            fprintf(stderr, "tengen solve: --%s: '%s' is not a %s\n", o->name, value,
                    o->type == SOLVE_OPT_INT ? "whole number" : "number");
            return 2;
        }
        if (v < o->min || v > o->max) {
            fprintf(stderr, "tengen solve: --%s: %s is outside %g..%g\n", o->name, value, o->min,
                    o->max);
            return 2;
        }
        a->number[k] = v;
    }
    return 0;
}

/* A value for the player to move as text for black: "B+9", "W+2", "0", "B wins (capture in 3)". */
static void value_text(int v, stone_t to_move, char *buf, int len)
{
    int black = to_move == STONE_BLACK ? v : -v;
    if (black >= AB_WIN_MIN || black <= -AB_WIN_MIN) {
        int plies = AB_WIN - (black > 0 ? black : -black);
        snprintf(buf, (size_t)len, "%c wins by capture (game ends in %d plies)",
                 black > 0 ? 'B' : 'W', plies);
        return;
    }
    if (black >= AB_INF || black <= -AB_INF) {
        snprintf(buf, (size_t)len, "%s", black > 0 ? "+inf" : "-inf");
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
    fprintf(stderr, "depth %3d  black's value in [%s, %s]  nodes %llu  %.2f s\n", r->depth, lo, hi,
            (unsigned long long)r->nodes, r->seconds);
}

/* Play the comma-separated moves of text on g, alternating from the player to move. */
static bool play_moves(game_t *g, const char *text)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
        int p = board_point_from_gtp(game_board(g), tok);
        if (p == POINT_NONE) {
            fprintf(stderr, "tengen solve: --moves: '%s' is not a vertex on this board\n", tok);
            return false;
        }
        game_status_t s = game_play(g, game_to_move(g), p);
        if (s != GAME_OK) {
            fprintf(stderr, "tengen solve: --moves: %s is illegal (%s)\n", tok,
                    game_status_text(s));
            return false;
        }
    }
    return true;
}

static game_t *make_game(const solve_args_t *a)
{
    rules_t rules;
    const char *preset = a->given[OPT_RULES] ? a->text[OPT_RULES] : "chinese";
    if (!rules_preset(&rules, preset)) {
        fprintf(stderr, "tengen solve: --rules: unknown preset '%s'\n", preset);
        return NULL;
    }
    rules.komi = a->given[OPT_KOMI] ? a->number[OPT_KOMI] : 0.0;
    if (a->given[OPT_KO] && !rules_parse_ko(a->text[OPT_KO], &rules.ko)) {
        fprintf(stderr, "tengen solve: --ko: '%s' is not simple, positional or situational\n",
                a->text[OPT_KO]);
        return NULL;
    }
    game_t *g = NULL;
    if (a->given[OPT_FROM]) {
        sgf_error_t err;
        sgf_node_t *root = sgf_read_file(a->text[OPT_FROM], &err);
        if (!root) {
            fprintf(stderr, "tengen solve: %s: %s\n", a->text[OPT_FROM], err.message);
            return NULL;
        }
        g = sgf_to_game(root, &rules, -1, &err);
        sgf_free(root);
        if (!g) {
            fprintf(stderr, "tengen solve: %s: %s\n", a->text[OPT_FROM], err.message);
            return NULL;
        }
        if (game_size(g) > 19) {
            fprintf(stderr, "tengen solve: %s: board too large\n", a->text[OPT_FROM]);
            game_free(g);
            return NULL;
        }
        /* The command line's rules win over the file's RU where given. */
        rules_t gr = *game_rules(g);
        if (a->given[OPT_RULES]) gr = rules;
        if (a->given[OPT_KOMI] || a->given[OPT_RULES]) gr.komi = rules.komi;
        if (a->given[OPT_KO]) gr.ko = rules.ko;
        game_set_rules(g, &gr);
    } else {
        int size = a->given[OPT_SIZE] ? (int)a->number[OPT_SIZE] : 3;
        g = game_new(size, &rules);
        if (!g) {
            fprintf(stderr, "tengen solve: out of memory\n");
            return NULL;
        }
    }
    if (a->given[OPT_MOVES] && !play_moves(g, a->text[OPT_MOVES])) {
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
    solve_args_t a;
    int pr = parse_args(argc, argv, &a);
    if (pr) return pr == 1 ? 0 : 2;
    ab_config_t cfg = ab_config_default();
    cfg.tt_bits = a.given[OPT_TT_BITS] ? (int)a.number[OPT_TT_BITS] : 22;
    cfg.symmetry = !a.given[OPT_NO_SYMMETRY];
    cfg.max_nodes = a.given[OPT_NODES] ? (uint64_t)a.number[OPT_NODES] : 0;
    cfg.max_seconds = a.given[OPT_SECONDS] ? a.number[OPT_SECONDS] : 0;
    cfg.max_depth = a.given[OPT_DEPTH] ? (int)a.number[OPT_DEPTH] : 0;
    cfg.solve = !a.given[OPT_HEURISTIC];
    if (a.given[OPT_HEURISTIC] && !cfg.max_depth && !cfg.max_nodes && !cfg.max_seconds) {
        fprintf(stderr, "tengen solve: --heuristic needs --depth, --nodes or --seconds\n");
        return 2;
    }
    if (a.given[OPT_EVAL]) {
        const char *e = a.text[OPT_EVAL];
        if (!strcmp(e, "area"))
            cfg.eval = &AB_EVAL_AREA;
        else if (!strcmp(e, "liberties"))
            cfg.eval = &AB_EVAL_LIBERTIES;
        else if (!strcmp(e, "phase"))
            cfg.eval = &AB_EVAL_PHASE;
        else {
            fprintf(stderr, "tengen solve: --eval: '%s' is not area, liberties or phase\n", e);
            return 2;
        }
    }
    game_t *g = make_game(&a);
    if (!g) return 2;
    if (a.given[OPT_VERBOSE]) {
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
    printf("depth %d, nodes %llu, time %.3f s, nodes/s %.0f\n", r.depth,
           (unsigned long long)r.nodes, r.seconds, r.nodes_per_second);
    game_free(g);
    return 0;
}
