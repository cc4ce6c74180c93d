/* cli_match.c - `tengen match`: two GTP engines, A and B, play a series of games refereed by
 * tengen's rules, in parallel if asked; the command line, the schedule (colours, openings), the
 * per-game lines, the SPRT and the summary. The engines' processes are in match_engine.c, one game
 * in match_game.c, the formulas in match_stats.c; docs/match.md describes it all for users. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/match_engine.h"
#include "cli/match_game.h"
#include "cli/match_stats.h"
#include "tengen/game.h"
#include "tengen/rng.h"
#include "tengen/rules.h"
#include "tengen/sgf.h"

#define MATCH_DEFAULT_GAMES 10
#define MATCH_DEFAULT_SIZE 9
#define MATCH_DEFAULT_RULES "chinese"
#define MATCH_MAX_OPENINGS 100000
#define MATCH_PATH_LEN 4096

/* ---- the option table ---- */

enum {
    O_BLACK,
    O_WHITE,
    O_GAMES,
    O_SIZE,
    O_KOMI,
    O_RULES,
    O_PARALLEL,
    O_SGF_DIR,
    O_LOG_DIR,
    O_OPENINGS,
    O_BALANCED,
    O_ALTERNATE,
    O_NO_ALTERNATE,
    O_MAX_MOVES,
    O_TIME,
    O_SPRT,
    O_SEED,
    O_SCORING,
    O_RESUME,
    O_HANDICAP,
    O_COUNT
};

static const char *const SCORING_CHOICES[] = {"agree", "referee", NULL};

static const cli_opt_t OPTS[O_COUNT] = {
    [O_BLACK] = {"black", CLI_OPT_TEXT, 1, 0, "CMD", NULL,
                 "engine A, a shell command; A plays black in game 1 (required)"},
    [O_WHITE] = {"white", CLI_OPT_TEXT, 1, 0, "CMD", NULL,
                 "engine B, a shell command; B plays white in game 1 (required)"},
    [O_GAMES] = {"games", CLI_OPT_INT, 1, 1000000, "N", NULL, "games to play (default 10)"},
    [O_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, "N", NULL,
                "board size (default 9)"},
    [O_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, "K", NULL, "komi (default: the preset's)"},
    [O_RULES] = {"rules", CLI_OPT_CHOICE, 0, 0, "PRESET", RULES_PRESET_NAMES,
                 "the referee's rules, also sent as kgs-rules (default chinese)"},
    [O_PARALLEL] = {"parallel", CLI_OPT_INT, 1, 64, "N", NULL,
                    "games at the same time, each with its own engine processes (default 1)"},
    [O_SGF_DIR] = {"sgf-dir", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                   "write every game as DIR/game-NNNN.sgf (DIR is created if missing)"},
    [O_LOG_DIR] = {"log-dir", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                   "append engines' stderr to DIR/A-K.log, DIR/B-K.log (default: the SGF dir; "
                   "without either it is discarded)"},
    [O_OPENINGS] = {"openings", CLI_OPT_TEXT, 1, 0, "FILE", NULL,
                    "openings, one per line as GTP vertices from black's first move; each is "
                    "played twice with colours swapped"},
    [O_BALANCED] = {"balanced", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                    "generated openings (one random move each off the edge), each played twice"},
    [O_ALTERNATE] = {"alternate", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                     "swap colours after every game (the default)"},
    [O_NO_ALTERNATE] = {"no-alternate", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                        "A plays black in every game"},
    [O_MAX_MOVES] = {"max-moves", CLI_OPT_INT, 1, 100000, "N", NULL,
                     "count the board after N moves (default 3 * size * size)"},
    [O_TIME] = {"time-per-move", CLI_OPT_NUMBER, 0.001, 86400, "S", NULL,
                "seconds per move, sent as time_settings 0 S 1; an engine silent for 5S+2 "
                "seconds loses on time (default: no limit)"},
    [O_SPRT] = {"sprt", CLI_OPT_TEXT, 1, 0, "E0,E1,A,B", NULL,
                "SPRT of Elo(A-B) = E0 against E1 with error rates A and B; stop when decided"},
    [O_SEED] = {"seed", CLI_OPT_INT, 0, 9007199254740991.0, "K", NULL,
                "seed of the --balanced openings (default 1)"},
    [O_SCORING] = {"scoring", CLI_OPT_CHOICE, 0, 0, "HOW", SCORING_CHOICES,
                   "after two passes: 'agree' takes both engines' final_score when they agree, "
                   "else the referee's count; 'referee' always counts (default agree)"},
    [O_RESUME] = {"resume", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                  "count the games already in --sgf-dir (written by a match with the same "
                  "engines, board, rules and openings) and play only the missing ones"},
    [O_HANDICAP] = {"handicap", CLI_OPT_INT, 2, 9, "N", NULL,
                    "N fixed handicap stones for black in every game (fixed_handicap); white "
                    "moves first (default: none; give the komi with --komi)"},
};

static void print_usage(void)
{
    printf("usage: tengen match --black CMD --white CMD [options]\n"
           "Play two GTP engines against each other, refereed by tengen's rules.\n"
           "options:\n");
    cli_args_usage(stdout, OPTS, O_COUNT);
    printf("See docs/match.md for the statistics.\n");
}

/* Returns 0 to go on, 1 after --help (exit 0), 2 on an error (a message was printed). */
static int parse_options(int argc, char **argv, cli_value_t *o)
{
    switch (cli_args_parse(argc, argv, 1, "match", OPTS, O_COUNT, o)) {
    case CLI_ARGS_HELP:
        print_usage();
        return 1;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    /* A value given twice is a mistake in a match's command line, not an override. */
    for (int k = 0; k < O_COUNT; k++) {
        if (OPTS[k].type != CLI_OPT_FLAG && o[k].count > 1) {
            fprintf(stderr, "tengen match: --%s given twice\n", OPTS[k].name);
            return 2;
        }
    }
    return 0;
}

/* ---- the match ---- */

typedef struct sprt {
    bool on;
    double elo0, elo1, alpha, beta;
    match_interval_t bounds;
} sprt_t;

typedef struct opening {
    int *points;
    int len;
} opening_t;

typedef struct tally {
    int games, a_wins, b_wins, draws, voids;
    int a_black_games, a_black_wins, a_white_wins, b_black_wins, b_white_wins;
    int black_wins, white_wins;
    int a_forfeits, b_forfeits; /* losses by illegal move, crash, garbage or time */
} tally_t;

typedef struct match {
    /* Settings: read-only once the workers run. */
    const char *cmd_a, *cmd_b;
    int games, parallel, size;
    rules_t rules;
    int max_moves;
    int handicap; /* fixed handicap stones, 0 for none */
    double time_per_move;
    bool engine_scores;
    bool alternate;
    opening_t *openings;
    int num_openings;
    const char *sgf_dir, *log_dir;
    sprt_t sprt;
    bool resume;
    size_t comment_len; /* room for game_comment() */
    bool *done;         /* [games]: counted from the SGF folder (--resume), not to be played */

    pthread_mutex_t lock; /* guards everything below and stdout */
    int next_game;
    bool stop;
    match_sprt_state_t decision;
    int decided_after;
    tally_t t;
    bool sgf_error;
    char name_a[MATCH_ENGINE_NAME_LEN], name_b[MATCH_ENGINE_NAME_LEN];
} match_t;

typedef struct worker {
    match_t *m;
    int slot;
    char log_a[MATCH_PATH_LEN], log_b[MATCH_PATH_LEN];
    match_engine_t a, b;
    pthread_t thread;
} worker_t;

static bool parse_sprt(const char *text, sprt_t *s)
{
    char *end = NULL;
    double v[4];
    const char *p = text;
    for (int i = 0; i < 4; i++) {
        errno = 0;
        v[i] = strtod(p, &end);
        if (end == p || errno || !isfinite(v[i])) return false;
        if (i < 3 && *end != ',') return false;
        p = end + 1;
    }
    if (*end) return false;
    if (!(v[0] < v[1]) || fabs(v[0]) > 2000 || fabs(v[1]) > 2000) return false;
    if (!(v[2] > 0 && v[2] < 0.5 && v[3] > 0 && v[3] < 0.5)) return false;
    s->on = true;
    s->elo0 = v[0];
    s->elo1 = v[1];
    s->alpha = v[2];
    s->beta = v[3];
    s->bounds = match_stats_sprt_bounds(s->alpha, s->beta);
    return true;
}

static void free_openings(match_t *m)
{
    for (int i = 0; i < m->num_openings; i++)
        free(m->openings[i].points);
    free(m->openings);
    m->openings = NULL;
    m->num_openings = 0;
}

/* A new game as the match's games start: the board, the rules and the handicap stones. */
static game_t *new_match_game(const match_t *m)
{
    game_t *g = game_new(m->size, &m->rules);
    if (g && m->handicap && !game_fixed_handicap(g, m->handicap, NULL)) {
        game_free(g);
        return NULL;
    }
    return g;
}

/* Add an opening (copied) after checking it on an empty board (with the handicap stones) under
 * the match's rules. Returns false with a message in err. */
static bool add_opening(match_t *m, const int *points, int len, char *err, size_t err_len)
{
    game_t *g = new_match_game(m);
    if (!g) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = true;
    for (int i = 0; i < len && ok; i++) {
        game_status_t s = game_play(g, game_to_move(g), points[i]);
        if (s != GAME_OK) {
            snprintf(err, err_len, "move %d is illegal (%s)", i + 1, game_status_text(s));
            ok = false;
        } else if (game_is_over(g)) {
            snprintf(err, err_len, "the game is over after move %d", i + 1);
            ok = false;
        }
    }
    game_free(g);
    if (!ok) return false;
    if (len >= m->max_moves) {
        snprintf(err, err_len, "%d moves reach the move limit %d", len, m->max_moves);
        return false;
    }
    if (m->num_openings >= MATCH_MAX_OPENINGS) {
        snprintf(err, err_len, "more than %d openings", MATCH_MAX_OPENINGS);
        return false;
    }
    opening_t *grown = realloc(m->openings, (size_t)(m->num_openings + 1) * sizeof *grown);
    int *copy = malloc((size_t)(len > 0 ? len : 1) * sizeof *copy);
    if (grown) m->openings = grown;
    if (!grown || !copy) {
        free(copy);
        snprintf(err, err_len, "out of memory");
        return false;
    }
    memcpy(copy, points, (size_t)len * sizeof *copy);
    m->openings[m->num_openings].points = copy;
    m->openings[m->num_openings].len = len;
    m->num_openings++;
    return true;
}

/* Read the openings file: one opening per line, GTP vertices separated by spaces, black first;
 * '#' starts a comment; empty lines are skipped. */
static bool read_openings(match_t *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tengen match: --openings: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    board_t board;
    board_init(&board, m->size, m->rules.suicide_allowed);
    char line[8192];
    int points[BOARD_MAX_POINTS];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            fprintf(stderr, "tengen match: %s:%d: line too long\n", path, lineno);
            ok = false;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        int len = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\r\n,;", &save); w && ok;
             w = strtok_r(NULL, " \t\r\n,;", &save)) {
            int p = match_vertex_parse(&board, w);
            if (p == POINT_NONE) {
                fprintf(stderr, "tengen match: %s:%d: '%s' is not a vertex of a %dx%d board\n",
                        path, lineno, w, m->size, m->size);
                ok = false;
            } else if (len >= BOARD_MAX_POINTS) {
                fprintf(stderr, "tengen match: %s:%d: opening too long\n", path, lineno);
                ok = false;
            } else {
                points[len++] = p;
            }
        }
        if (!ok || len == 0) continue;
        char err[160];
        if (!add_opening(m, points, len, err, sizeof err)) {
            fprintf(stderr, "tengen match: %s:%d: %s\n", path, lineno, err);
            ok = false;
        }
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "tengen match: --openings: error reading %s\n", path);
        ok = false;
    }
    fclose(f);
    if (ok && m->num_openings == 0) {
        fprintf(stderr, "tengen match: --openings: %s holds no opening\n", path);
        ok = false;
    }
    return ok;
}

/* --balanced: one opening per pair of games, a black and a white move (white first after
 * handicap stones) at random empty points off the first line (anywhere on boards below 5x5). Each
 * is played with both colour assignments, so an unbalanced opening favours A and B equally. */
static bool generate_openings(match_t *m, uint64_t seed)
{
    rng_t rng;
    rng_seed(&rng, seed);
    game_t *start = new_match_game(m);
    if (!start) {
        fprintf(stderr, "tengen match: out of memory\n");
        return false;
    }
    const board_t *board = game_board(start);
    int margin = m->size >= 5 ? 1 : 0;
    int span = m->size - 2 * margin;
    int pairs = (m->games + 1) / 2;
    for (int k = 0; k < pairs; k++) {
        int pts[2];
        do {
            for (int i = 0; i < 2; i++)
                pts[i] = board_point(board, margin + (int)rng_below(&rng, (uint32_t)span),
                                     margin + (int)rng_below(&rng, (uint32_t)span));
        } while (pts[0] == pts[1] || board_at(board, pts[0]) != STONE_EMPTY ||
                 board_at(board, pts[1]) != STONE_EMPTY);
        int len = m->max_moves > 2 ? 2 : 0;
        char err[160];
        if (!add_opening(m, pts, len, err, sizeof err)) {
            fprintf(stderr, "tengen match: --balanced: %s\n", err);
            game_free(start);
            return false;
        }
    }
    game_free(start);
    return true;
}

static bool make_dir(const char *path)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return true;
        errno = ENOTDIR;
    }
    fprintf(stderr, "tengen match: cannot create directory %s: %s\n", path, strerror(errno));
    return false;
}

static double score_of(const tally_t *t)
{
    return t->games > 0 ? (t->a_wins + 0.5 * t->draws) / t->games : 0.5;
}

/* Record one game (lock held) and print its line, and the SPRT line. */
static void record_game(match_t *m, int index, bool a_black, const match_game_result_t *res)
{
    tally_t *t = &m->t;
    const char *who;
    if (res->end == MATCH_END_VOID) {
        t->voids++;
        who = "void, not counted";
    } else {
        t->games++;
        if (a_black) t->a_black_games++;
        bool a_won = res->winner != STONE_EMPTY && (res->winner == STONE_BLACK) == a_black;
        bool forfeit = res->end == MATCH_END_ILLEGAL || res->end == MATCH_END_FORFEIT ||
                       res->end == MATCH_END_TIME;
        if (res->winner == STONE_EMPTY) {
            t->draws++;
            who = "draw";
        } else if (a_won) {
            t->a_wins++;
            *(a_black ? &t->a_black_wins : &t->a_white_wins) += 1;
            if (forfeit) t->b_forfeits++;
            who = "A wins";
        } else {
            t->b_wins++;
            *(a_black ? &t->b_white_wins : &t->b_black_wins) += 1;
            if (forfeit) t->a_forfeits++;
            who = "B wins";
        }
        if (res->winner == STONE_BLACK) t->black_wins++;
        if (res->winner == STONE_WHITE) t->white_wins++;
    }
    printf("game %d/%d: A %s, B %s: %s %s, %d moves (%s); A %d, B %d, draws %d\n", index + 1,
           m->games, a_black ? "black" : "white", a_black ? "white" : "black", res->result, who,
           res->moves, res->detail, t->a_wins, t->b_wins, t->draws);
    if (res->sgf_failed) {
        printf("game %d: SGF not written: %s\n", index + 1, res->detail_sgf);
        m->sgf_error = true;
    }
    if (m->sprt.on) {
        double llr =
            match_stats_sprt_llr(t->a_wins, t->draws, t->b_wins, m->sprt.elo0, m->sprt.elo1);
        printf("sprt: llr %.3f, bounds [%.3f, %.3f]\n", llr, m->sprt.bounds.low,
               m->sprt.bounds.high);
        match_sprt_state_t st = match_stats_sprt_state(llr, m->sprt.bounds);
        if (st != MATCH_SPRT_CONTINUE && m->decision == MATCH_SPRT_CONTINUE) {
            m->decision = st;
            m->decided_after = t->games;
            m->stop = true;
            printf("sprt: %s after %d games (llr %.3f %s %.3f)\n",
                   st == MATCH_SPRT_ACCEPT_H1 ? "H1 accepted" : "H0 accepted", t->games, llr,
                   st == MATCH_SPRT_ACCEPT_H1 ? ">=" : "<=",
                   st == MATCH_SPRT_ACCEPT_H1 ? m->sprt.bounds.high : m->sprt.bounds.low);
        }
    }
    fflush(stdout);
}

/* Does engine A play black in game index? With --alternate, in the odd games (index 0, 2, ...). */
static bool a_plays_black(const match_t *m, int index)
{
    return !m->alternate || index % 2 == 0;
}

/* The SGF comment (GC) of game index: its number and which engine command played which colour.
 * --resume counts a file only if it says exactly this. comment has room for m->comment_len. */
static void game_comment(const match_t *m, int index, char *comment)
{
    const bool a_black = a_plays_black(m, index);
    snprintf(comment, m->comment_len, "tengen match game %d: black %s = %s; white %s = %s",
             index + 1, a_black ? "A" : "B", a_black ? m->cmd_a : m->cmd_b, a_black ? "B" : "A",
             a_black ? m->cmd_b : m->cmd_a);
}

/* --resume: is game index already in the SGF folder? 1 (its result in res), 0 (no file), or -1
 * (a message was printed): a file that cannot be read, or that another match wrote (other
 * engines, colours, board, komi, rules or opening), stops the match rather than be overwritten. */
static int read_finished_game(const match_t *m, int index, match_game_result_t *res)
{
    char path[MATCH_PATH_LEN + 32];
    snprintf(path, sizeof path, "%s/game-%04d.sgf", m->sgf_dir, index + 1);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) return 0;
    sgf_error_t err;
    sgf_node_t *root = sgf_read_file(path, &err);
    if (!root) {
        fprintf(stderr, "tengen match: --resume: %s: %s\n", path, err.message);
        return -1;
    }
    const char *why = NULL;
    char *want = malloc(m->comment_len);
    const char *gc = sgf_get(root, "GC"), *re = sgf_get(root, "RE");
    game_t *g = NULL;
    if (!want) {
        why = "out of memory";
    } else if (game_comment(m, index, want), !gc || strcmp(gc, want) != 0) {
        why = "written by another match (its GC names other engines or colours)";
    } else if (!re) {
        why = "it has no result (RE)";
    } else if (!(g = sgf_to_game(root, &m->rules, -1, &err))) {
        why = err.message;
    } else if (game_size(g) != m->size || game_rules(g)->komi != m->rules.komi ||
               strcmp(game_rules(g)->name, m->rules.name) != 0 ||
               game_handicap(g) != m->handicap) {
        why = "another board size, komi, rules or handicap";
    } else {
        const opening_t *o = m->num_openings ? &m->openings[(index / 2) % m->num_openings] : NULL;
        /* The file's handicap stones are a setup entry of its history: skip such entries. */
        int entry = 0;
        for (int i = 0; o && i < o->len && !why; i++, entry++) {
            while (entry < game_move_count(g) && game_move_at(g, entry)->setup_index >= 0)
                entry++;
            if (entry >= game_move_count(g) || game_move_at(g, entry)->point != o->points[i])
                why = "another opening";
        }
    }
    if (!why) {
        memset(res, 0, sizeof *res);
        snprintf(res->result, sizeof res->result, "%s", re);
        snprintf(res->detail, sizeof res->detail, "read from %.280s", path);
        res->moves = game_move_count(g);
        const char *plus = strchr(re, '+');
        if (!strcmp(re, "Void")) {
            res->end = MATCH_END_VOID;
        } else if (!strcmp(re, "0") || !strcmp(re, "Draw")) {
            res->winner = STONE_EMPTY;
        } else if ((re[0] == 'B' || re[0] == 'W') && plus == re + 1) {
            res->winner = re[0] == 'B' ? STONE_BLACK : STONE_WHITE;
            res->end = !strcmp(plus, "+F")   ? MATCH_END_FORFEIT
                       : !strcmp(plus, "+T") ? MATCH_END_TIME
                       : !strcmp(plus, "+R") ? MATCH_END_RESIGN
                                             : MATCH_END_SCORE;
        } else {
            why = "its result (RE) is not one a match writes";
        }
    }
    if (why) fprintf(stderr, "tengen match: --resume: %s: %s\n", path, why);
    if (g) game_free(g);
    free(want);
    sgf_free(root);
    return why ? -1 : 1;
}

static void *worker_run(void *arg)
{
    worker_t *w = arg;
    match_t *m = w->m;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        while (m->next_game < m->games && m->done[m->next_game])
            m->next_game++;
        int index = m->stop || m->next_game >= m->games ? -1 : m->next_game++;
        pthread_mutex_unlock(&m->lock);
        if (index < 0) break;
        const bool a_black = a_plays_black(m, index);
        char sgf_path[MATCH_PATH_LEN + 32], game_name[32];
        snprintf(game_name, sizeof game_name, "game %d", index + 1);
        match_game_config_t cfg = {
            .size = m->size,
            .rules = m->rules,
            .max_moves = m->max_moves,
            .handicap = m->handicap,
            .time_per_move = m->time_per_move,
            .engine_scores = m->engine_scores,
            .game_name = game_name,
        };
        if (m->num_openings > 0) {
            const opening_t *o = &m->openings[(index / 2) % m->num_openings];
            cfg.opening = o->points;
            cfg.opening_len = o->len;
        }
        if (m->sgf_dir) {
            snprintf(sgf_path, sizeof sgf_path, "%s/game-%04d.sgf", m->sgf_dir, index + 1);
            cfg.sgf_path = sgf_path;
        }
        char *comment = malloc(m->comment_len);
        if (comment) game_comment(m, index, comment);
        cfg.comment = comment;
        match_engine_t *black = a_black ? &w->a : &w->b;
        match_engine_t *white = a_black ? &w->b : &w->a;
        match_game_result_t res;
        match_game_play(&cfg, black, white, &res);
        free(comment);
        if (res.restart_black) match_engine_stop(black);
        if (res.restart_white) match_engine_stop(white);
        pthread_mutex_lock(&m->lock);
        record_game(m, index, a_black, &res);
        pthread_mutex_unlock(&m->lock);
    }
    match_engine_stop(&w->a);
    match_engine_stop(&w->b);
    return NULL;
}

static void print_percent_interval(const char *what, match_interval_t iv)
{
    printf("%s [%.1f%%, %.1f%%]", what, 100 * iv.low, 100 * iv.high);
}

static void print_summary(const match_t *m)
{
    const tally_t *t = &m->t;
    double s = score_of(t);
    double points = t->a_wins + 0.5 * t->draws;
    match_interval_t w = match_stats_wilson(points, t->games, MATCH_STATS_Z95);
    match_interval_t e = match_stats_elo_interval(points, t->games, MATCH_STATS_Z95);
    double elo = match_stats_elo(s);
    printf("\nA: %s\nB: %s\n", m->name_a, m->name_b);
    printf("games %d (A black in %d)%s", t->games, t->a_black_games, t->voids ? "" : "\n");
    if (t->voids) printf(", %d void (both engines failed; not counted)\n", t->voids);
    printf("A won %d (%d as black, %d as white), B won %d (%d as black, %d as white), draws %d\n",
           t->a_wins, t->a_black_wins, t->a_white_wins, t->b_wins, t->b_black_wins, t->b_white_wins,
           t->draws);
    printf("black won %d, white won %d; lost by forfeit or time: A %d, B %d\n", t->black_wins,
           t->white_wins, t->a_forfeits, t->b_forfeits);
    if (t->games > 0) {
        printf("A's score %.1f%%, ", 100 * s);
        print_percent_interval("95% interval", w);
        printf(" (Wilson score interval)\n");
        printf("Elo A-B %+.1f, 95%% interval [%+.1f, %+.1f] (logistic Elo of the score and of the "
               "interval's ends)\n",
               elo, e.low, e.high);
    }
    const char *sprt = "";
    if (m->sprt.on) {
        double llr =
            match_stats_sprt_llr(t->a_wins, t->draws, t->b_wins, m->sprt.elo0, m->sprt.elo1);
        sprt = m->decision == MATCH_SPRT_ACCEPT_H1   ? " sprt=H1"
               : m->decision == MATCH_SPRT_ACCEPT_H0 ? " sprt=H0"
                                                     : " sprt=undecided";
        printf("sprt: elo0 %g, elo1 %g, alpha %g, beta %g: llr %.3f, bounds [%.3f, %.3f]: ",
               m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta, llr, m->sprt.bounds.low,
               m->sprt.bounds.high);
        if (m->decision == MATCH_SPRT_CONTINUE)
            printf("no decision yet\n");
        else
            printf("%s after %d games%s\n",
                   m->decision == MATCH_SPRT_ACCEPT_H1 ? "H1 accepted (A is elo1 stronger)"
                                                       : "H0 accepted (A is not elo1 stronger)",
                   m->decided_after,
                   t->games > m->decided_after ? " (later games were already running)" : "");
    }
    printf("summary: games=%d a_wins=%d b_wins=%d draws=%d a_score=%.4f ci95=[%.4f,%.4f] "
           "elo=%+.1f elo95=[%+.1f,%+.1f]%s\n",
           t->games, t->a_wins, t->b_wins, t->draws, s, w.low, w.high, elo, e.low, e.high, sprt);
}

/* Settings from the options; returns 0 or 2 (message printed). */
static int configure(match_t *m, const cli_value_t *o)
{
    if (!o[O_BLACK].given || !o[O_WHITE].given) {
        fprintf(stderr, "tengen match: --black and --white are required (try --help)\n");
        return 2;
    }
    m->cmd_a = o[O_BLACK].text;
    m->cmd_b = o[O_WHITE].text;
    m->games = o[O_GAMES].given ? (int)o[O_GAMES].number : MATCH_DEFAULT_GAMES;
    m->size = o[O_SIZE].given ? (int)o[O_SIZE].number : MATCH_DEFAULT_SIZE;
    m->parallel = o[O_PARALLEL].given ? (int)o[O_PARALLEL].number : 1;
    if (m->parallel > m->games) m->parallel = m->games;
    const char *preset =
        o[O_RULES].given ? RULES_PRESET_NAMES[o[O_RULES].choice] : MATCH_DEFAULT_RULES;
    if (!rules_preset(&m->rules, preset)) {
        fprintf(stderr, "tengen match: unknown rules '%s'\n", preset);
        return 2;
    }
    if (o[O_KOMI].given) m->rules.komi = o[O_KOMI].number;
    m->handicap = o[O_HANDICAP].given ? (int)o[O_HANDICAP].number : 0;
    int handicap_points[BOARD_MAX_POINTS];
    if (m->handicap && !game_fixed_handicap_points(m->size, m->handicap, handicap_points)) {
        fprintf(stderr, "tengen match: --handicap: %d stones have no fixed places on %dx%d\n",
                m->handicap, m->size, m->size);
        return 2;
    }
    m->max_moves = o[O_MAX_MOVES].given ? (int)o[O_MAX_MOVES].number : 3 * m->size * m->size;
    m->time_per_move = o[O_TIME].given ? o[O_TIME].number : 0;
    m->engine_scores = !o[O_SCORING].given || o[O_SCORING].choice == 0;
    if (o[O_ALTERNATE].given && o[O_NO_ALTERNATE].given) {
        fprintf(stderr, "tengen match: --alternate and --no-alternate contradict each other\n");
        return 2;
    }
    m->alternate = !o[O_NO_ALTERNATE].given;
    if (o[O_OPENINGS].given && o[O_BALANCED].given) {
        fprintf(stderr, "tengen match: give --openings or --balanced, not both\n");
        return 2;
    }
    if ((o[O_OPENINGS].given || o[O_BALANCED].given) && !m->alternate) {
        fprintf(stderr, "tengen match: openings are played with colours swapped; "
                        "--no-alternate cannot be used with them\n");
        return 2;
    }
    if (o[O_SPRT].given && !parse_sprt(o[O_SPRT].text, &m->sprt)) {
        fprintf(stderr,
                "tengen match: --sprt: '%s' is not elo0,elo1,alpha,beta with elo0 < elo1 "
                "and 0 < alpha, beta < 0.5 (for example 0,10,0.05,0.05)\n",
                o[O_SPRT].text);
        return 2;
    }
    if (o[O_SEED].given && !o[O_BALANCED].given) {
        fprintf(stderr, "tengen match: --seed is only used with --balanced\n");
        return 2;
    }
    m->sgf_dir = o[O_SGF_DIR].given ? o[O_SGF_DIR].text : NULL;
    m->resume = o[O_RESUME].given;
    if (m->resume && !m->sgf_dir) {
        fprintf(stderr, "tengen match: --resume reads the games of --sgf-dir; give both\n");
        return 2;
    }
    m->comment_len = strlen(m->cmd_a) + strlen(m->cmd_b) + 96;
    m->done = calloc((size_t)m->games, sizeof *m->done);
    if (!m->done) {
        fprintf(stderr, "tengen match: out of memory\n");
        return 2;
    }
    m->log_dir = o[O_LOG_DIR].given ? o[O_LOG_DIR].text : m->sgf_dir;
    if (o[O_OPENINGS].given && !read_openings(m, o[O_OPENINGS].text)) return 2;
    if (o[O_BALANCED].given &&
        !generate_openings(m, o[O_SEED].given ? (uint64_t)o[O_SEED].number : 1))
        return 2;
    return 0;
}

static int run_match(match_t *m)
{
    if ((m->sgf_dir && !make_dir(m->sgf_dir)) || (m->log_dir && !make_dir(m->log_dir))) return 1;
    match_game_result_t *finished = NULL;
    int left = m->games;
    if (m->resume) {
        finished = calloc((size_t)m->games, sizeof *finished);
        if (!finished) {
            fprintf(stderr, "tengen match: out of memory\n");
            return 1;
        }
        for (int i = 0; i < m->games; i++) {
            const int r = read_finished_game(m, i, &finished[i]);
            if (r < 0) {
                free(finished);
                return 1;
            }
            m->done[i] = r > 0;
            left -= r;
        }
    }
    worker_t *workers = calloc((size_t)m->parallel, sizeof *workers);
    if (!workers) {
        fprintf(stderr, "tengen match: out of memory\n");
        free(finished);
        return 1;
    }
    for (int i = 0; i < m->parallel; i++) {
        worker_t *w = &workers[i];
        w->m = m;
        w->slot = i;
        if (m->log_dir) {
            snprintf(w->log_a, sizeof w->log_a, "%.4000s/A-%d.log", m->log_dir, i + 1);
            snprintf(w->log_b, sizeof w->log_b, "%.4000s/B-%d.log", m->log_dir, i + 1);
        }
        match_engine_init(&w->a, m->cmd_a, m->log_dir ? w->log_a : NULL);
        match_engine_init(&w->b, m->cmd_b, m->log_dir ? w->log_b : NULL);
    }
    /* Start the first pair here, so that a wrong command is one clear error, not N forfeits. */
    char err[512];
    int status = 0;
    if (!match_engine_start(&workers[0].a, MATCH_SETUP_TIMEOUT, err, sizeof err) ||
        !match_engine_start(&workers[0].b, MATCH_SETUP_TIMEOUT, err, sizeof err)) {
        fprintf(stderr, "tengen match: %s\n", err);
        match_engine_stop(&workers[0].a);
        free(workers);
        free(finished);
        return 1;
    }
    snprintf(m->name_a, sizeof m->name_a, "%s", workers[0].a.name);
    snprintf(m->name_b, sizeof m->name_b, "%s", workers[0].b.name);
    printf("match: A = %s (%s)\nmatch: B = %s (%s)\n", m->name_a, m->cmd_a, m->name_b, m->cmd_b);
    printf("match: %d games, %dx%d, rules %s, komi %g, ", m->games, m->size, m->size,
           m->rules.name, m->rules.komi);
    if (m->handicap) printf("handicap %d, ", m->handicap);
    printf("move limit %d, %s colours, %s%d in parallel", m->max_moves,
           m->alternate ? "alternating" : "fixed", m->num_openings ? "openings, " : "",
           m->parallel);
    if (m->time_per_move > 0) printf(", %g s per move", m->time_per_move);
    if (m->sprt.on)
        printf(", sprt elo0 %g elo1 %g alpha %g beta %g", m->sprt.elo0, m->sprt.elo1, m->sprt.alpha,
               m->sprt.beta);
    printf("\n");
    if (m->resume)
        printf("match: %d games read from %s, %d to play\n", m->games - left, m->sgf_dir, left);
    for (int i = 0; i < m->games && finished; i++) {
        if (!m->done[i]) continue;
        pthread_mutex_lock(&m->lock);
        record_game(m, i, a_plays_black(m, i), &finished[i]);
        pthread_mutex_unlock(&m->lock);
    }
    free(finished);
    fflush(stdout);

    int started = 0;
    for (int i = 1; i < m->parallel; i++) {
        if (pthread_create(&workers[i].thread, NULL, worker_run, &workers[i]) != 0) break;
        started = i;
    }
    worker_run(&workers[0]);
    for (int i = 1; i <= started; i++)
        pthread_join(workers[i].thread, NULL);
    print_summary(m);
    if (m->sgf_error) status = 1;
    free(workers);
    return status;
}

int cli_match(int argc, char **argv)
{
    cli_value_t o[O_COUNT];
    int r = parse_options(argc, argv, o);
    if (r == 1) return 0;
    if (r != 0) return 2;
    match_t m;
    memset(&m, 0, sizeof m);
    r = configure(&m, o);
    if (r != 0) {
        free_openings(&m);
        free(m.done);
        return r;
    }
    /* A dead engine's pipe must be an error from write(), not the end of tengen. */
    signal(SIGPIPE, SIG_IGN);
    match_engine_kill_all_on_signal();
    pthread_mutex_init(&m.lock, NULL);
    r = run_match(&m);
    pthread_mutex_destroy(&m.lock);
    free_openings(&m);
    free(m.done);
    return r;
}
