/* cli_audit.c - `tengen audit-ownership`: how good is the MCTS ownership estimate at the end of a
 * game? Self-play games of the MCTS engine; in each, the position before the final two passes is
 * judged twice: by the ownership of a search (in [-1, 1] per point, +1 black) and exactly, by
 * perfect play (ab_final_status: alive, dead or seki per string within a call budget, or
 * unknown). The numbers per game and in total, and an SGF of every position where the two
 * disagree by more than the threshold somewhere, with those points marked, drive improvements
 * of the evaluation.
 *
 * The exact owner of a point: a stone alive or in seki counts for its colour (area counting
 * counts seki stones, and so do the playouts behind the ownership), a dead stone for the opponent;
 * an empty point for the colour that has it in the area count at the end of the line of perfect
 * play (ab_final_t.pv), 0 if neither (a liberty shared in a seki, a dame no one can fill). The
 * owners add up to the exact result (a game whose sum differs says so). A dame that the line
 * fills belongs to whoever fills it there; when several are left, which side takes which is one
 * choice among equal ones, so the SGF comments name such points ("dame").
 *
 * Owns the option table, the comparison and the text and SGF it writes. Knows nothing of the
 * searchers' internals: it uses engine.h and ab.h only.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "tengen/ab.h"
#include "tengen/engine.h"
#include "tengen/game.h"
#include "tengen/rules.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

/* A game that has not ended by two passes after this many moves per point is not audited (the
 * engine passes once every point is settled, so this is not reached in practice). */
#define AUDIT_MAX_MOVES_PER_POINT 3
/* At most this many disagreeing points are listed by name in a game's line. */
#define AUDIT_LIST_POINTS 6

enum {
    AU_GAMES,
    AU_SIZE,
    AU_PLAYOUTS,
    AU_SEED,
    AU_KOMI,
    AU_THRESHOLD,
    AU_BUDGET,
    AU_SGF_DIR,
    AU_MEMORY,
    AU_COUNT
};

static const cli_opt_t AUDIT_OPTS[AU_COUNT] = {
    [AU_GAMES] = {"games", CLI_OPT_INT, 1, 1e6, NULL, NULL,
                  "number of self-play games (default 10)"},
    [AU_SIZE] = {"size", CLI_OPT_INT, BOARD_MIN_SIZE, BOARD_MAX_SIZE, NULL, NULL,
                 "board size (default 7; perfect play answers on small boards only)"},
    [AU_PLAYOUTS] = {"playouts", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                     "MCTS playouts per move and for the audited ownership (default 1000)"},
    [AU_SEED] = {"seed", CLI_OPT_INT, 0, 4294967295.0, NULL, NULL,
                 "random seed of the first game; game i uses seed + i (default 1)"},
    [AU_KOMI] = {"komi", CLI_OPT_NUMBER, -1000, 1000, NULL, NULL,
                 "komi (default 7; Chinese rules)"},
    [AU_THRESHOLD] = {"threshold", CLI_OPT_NUMBER, 0.01, 2, NULL, NULL,
                      "a point disagrees when |ownership - exact owner| exceeds this, or the "
                      "signs differ (default 0.6)"},
    [AU_BUDGET] = {"budget", CLI_OPT_INT, 1, 1e12, NULL, NULL,
                   "prover expansions of the exact judgement per position (default 50000)"},
    [AU_SGF_DIR] = {"sgf-dir", CLI_OPT_TEXT, 1, 0, "DIR", NULL,
                    "directory for the SGF of every disagreeing position, created if missing "
                    "(default audit-ownership)"},
    [AU_MEMORY] = {"memory", CLI_OPT_INT, 1, 65536, NULL, NULL,
                   "search tree memory in MB (default 256)"},
};

static void audit_usage(void)
{
    printf("usage: tengen audit-ownership [options]\n"
           "Plays self-play games of the MCTS engine (Chinese rules, no resignation) and\n"
           "audits each one at the position before its final two passes: the board after\n"
           "the last stone played, with the player who passed first to move. There the\n"
           "ownership of a fresh MCTS search (--playouts playouts, in [-1, 1] per point) is\n"
           "compared with the exact owner by perfect play (ab_final_status: alive, dead or\n"
           "seki per string, or unknown beyond --budget): a live or seki stone owns its\n"
           "point, a dead stone's point is the opponent's, an empty point is whose area it\n"
           "is at the end of the line of perfect play (0 if no one's: seki liberties).\n"
           "Prints per game and in total the positions answered and unknown, the mean\n"
           "absolute error per point and the error rate (points where the signs differ or\n"
           "|difference| > --threshold), and writes every position with such a point as an\n"
           "SGF with those points marked (MA).\n"
           "options:\n");
    cli_args_usage(stdout, AUDIT_OPTS, AU_COUNT);
}

/* The area owner of every point of b (+1 black, -1 white, 0 neutral), the stones marked in dead[]
 * counted as points of the region around them: a stone counts for its colour, a region of empty
 * points and dead stones for the one colour whose stones it reaches, if only one. */
static void area_owner(const board_t *b, const bool *dead, int *owner)
{
    memset(owner, 0, BOARD_MAX_POINTS * sizeof *owner);
    bool open[BOARD_MAX_POINTS] = {false}, seen[BOARD_MAX_POINTS] = {false};
    for (int p = 0; p < b->num_points; p++) {
        const stone_t c = board_at(b, p);
        open[p] = c == STONE_EMPTY || ((c == STONE_BLACK || c == STONE_WHITE) && dead[p]);
        if (!open[p] && c != STONE_BORDER) owner[p] = c == STONE_BLACK ? 1 : -1;
    }
    int stack[BOARD_MAX_POINTS], region[BOARD_MAX_POINTS];
    for (int p = 0; p < b->num_points; p++) {
        if (!open[p] || seen[p]) continue;
        int top = 0, n = 0;
        bool reaches[3] = {false, false, false};
        stack[top++] = p;
        seen[p] = true;
        while (top > 0) {
            const int q = stack[--top];
            region[n++] = q;
            for (int d = 0; d < 4; d++) {
                const int r = q + board_neighbor_offset(b, d);
                const stone_t c = board_at(b, r);
                if (c == STONE_BORDER) continue;
                if (!open[r]) {
                    reaches[c] = true;
                } else if (!seen[r]) {
                    seen[r] = true;
                    stack[top++] = r;
                }
            }
        }
        const int who = reaches[STONE_BLACK] == reaches[STONE_WHITE] ? 0
                        : reaches[STONE_BLACK]                       ? 1
                                                                     : -1;
        for (int i = 0; i < n; i++)
            owner[region[i]] = who;
    }
}

/* The exact owner of every point of g's position (+1 black, -1 white, 0 neutral) from the
 * perfect play of f: a stone by its status (alive or in seki: its colour; dead: the opponent), an
 * empty point by the area count at the end of f's line of perfect play (the dead stones of the
 * position still on the board counted as empty; 0 if it is still empty there and reaches both
 * colours, as a liberty shared in a seki). Returns the sum of the owners: black's exact area
 * margin without komi. */
static double exact_owner(const game_t *g, const ab_final_t *f, int *owner)
{
    const board_t *start = game_board(g);
    board_t end;
    board_copy(&end, start);
    stone_t mover = game_to_move(g);
    for (int i = 0; i < f->pv_len; i++) {
        if (board_check_move(&end, mover, f->pv[i]) != MOVE_OK) break; /* cannot happen */
        board_play(&end, mover, f->pv[i], NULL);
        mover = stone_other(mover);
    }
    bool dead[BOARD_MAX_POINTS] = {false};
    for (int p = 0; p < start->num_points; p++) {
        const stone_t c = board_at(start, p);
        dead[p] = (c == STONE_BLACK || c == STONE_WHITE) && f->status[p] == STATUS_DEAD &&
                  board_at(&end, p) == c;
    }
    area_owner(&end, dead, owner);
    double sum = 0;
    for (int p = 0; p < start->num_points; p++) {
        const stone_t c = board_at(start, p);
        if (c == STONE_BLACK || c == STONE_WHITE) {
            const int own = c == STONE_BLACK ? 1 : -1;
            owner[p] = f->status[p] == STATUS_DEAD ? -own : own;
        }
        if (c != STONE_BORDER) sum += owner[p];
    }
    return sum;
}

static int sign(double x)
{
    return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* Does the ownership own at a point disagree with the exact owner? */
static bool disagrees(double own, int exact, double threshold)
{
    return fabs(own - exact) > threshold || (exact != 0 && sign(own) != exact);
}

/* The comparison of one position. */
typedef struct audit_numbers {
    int points, errors;
    double abs_error; /* sum over the points */
    double max_diff;
    int max_point;
} audit_numbers_t;

static void compare(const board_t *b, const float *own, const int *exact, double threshold,
                    bool *bad, audit_numbers_t *out)
{
    memset(out, 0, sizeof *out);
    memset(bad, 0, BOARD_MAX_POINTS * sizeof *bad);
    out->max_point = POINT_NONE;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const double diff = fabs(own[p] - exact[p]);
            out->points++;
            out->abs_error += diff;
            if (diff > out->max_diff) {
                out->max_diff = diff;
                out->max_point = p;
            }
            bad[p] = disagrees(own[p], exact[p], threshold);
            out->errors += bad[p];
        }
    }
}

/* What a stone's or point's exact owner is, in words, for the SGF comment. */
static const char *owner_words(const board_t *b, const ab_final_t *f, int p, int exact)
{
    const stone_t c = board_at(b, p);
    if (c == STONE_BLACK || c == STONE_WHITE) {
        const bool black = c == STONE_BLACK;
        switch (f->status[p]) {
        case STATUS_DEAD:
            return black ? "dead black stone" : "dead white stone";
        case STATUS_SEKI:
            return black ? "black stone in seki" : "white stone in seki";
        default:
            return black ? "live black stone" : "live white stone";
        }
    }
    bool next_to[3] = {false, false, false};
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        const stone_t n = board_at(b, q);
        if ((n == STONE_BLACK || n == STONE_WHITE) && f->status[q] != STATUS_DEAD)
            next_to[n] = true;
    }
    if (next_to[STONE_BLACK] && next_to[STONE_WHITE])
        return exact > 0   ? "dame, black fills it on the perfect line"
               : exact < 0 ? "dame, white fills it on the perfect line"
                           : "dame, left empty";
    return exact > 0 ? "black's area" : exact < 0 ? "white's area" : "neutral";
}

/* Append printf text to buf (len bytes, used so far *at); silently truncated. */
static void append(char *buf, size_t len, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
    if (*at >= len) return;
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(buf + *at, len - *at, fmt, ap);
    va_end(ap);
    if (n > 0) *at = *at + (size_t)n < len ? *at + (size_t)n : len;
}

/* Write the audited position of g (its moves up to there) with the disagreeing points marked
 * (MA) and a comment with the numbers on its last node. False with a message on stderr. */
static bool write_position(const game_t *g, const ab_final_t *f, const float *own, const int *exact,
                           const bool *bad, const audit_numbers_t *n, const char *header,
                           const char *path)
{
    const board_t *b = game_board(g);
    sgf_node_t *root = sgf_from_game(g, "tengen", "tengen");
    sgf_node_t *last = root;
    while (last && last->child)
        last = last->child;
    bool ok = root != NULL;
    char text[8192], pt[8], v[8];
    size_t at = 0;
    append(text, sizeof text, &at, "%s\nMarked: the %d point%s where the ownership disagrees:\n",
           header, n->errors, n->errors == 1 ? "" : "s");
    for (int y = 0; ok && y < b->size; y++) {
        for (int x = 0; ok && x < b->size; x++) {
            const int p = board_point(b, x, y);
            if (!bad[p]) continue;
            ok = sgf_add(last, "MA", sgf_point_text(b, p, pt));
            append(text, sizeof text, &at, "%s: ownership %+.2f, exact %+d (%s)\n",
                   board_point_to_gtp(b, p, v), own[p], exact[p], owner_words(b, f, p, exact[p]));
        }
    }
    if (ok) ok = sgf_add(last, "C", text);
    char *sgf = ok ? sgf_write(root) : NULL;
    sgf_free(root);
    if (!sgf) {
        fprintf(stderr, "tengen audit-ownership: %s: out of memory\n", path);
        return false;
    }
    FILE *file = fopen(path, "w");
    ok = file && fputs(sgf, file) >= 0 && fputc('\n', file) != EOF;
    if (file && fclose(file) != 0) ok = false;
    if (!ok) fprintf(stderr, "tengen audit-ownership: %s: %s\n", path, strerror(errno));
    free(sgf);
    return ok;
}

typedef struct audit_total {
    int games, answered, unknown, not_ended, disagreeing, sgf_failed;
    int miscounted; /* answered positions whose exact owners do not add up to the exact result */
    long points, errors;
    double abs_error;
} audit_total_t;

typedef struct audit_config {
    int size;
    rules_t rules;
    engine_settings_t engine;
    double threshold;
    uint64_t budget;
    const char *sgf_dir;
} audit_config_t;

/* Play game `index` (0-based), audit it, print its line and add it to *t. False when out of
 * memory. */
static bool audit_game(const audit_config_t *cfg, int index, audit_total_t *t)
{
    engine_settings_t s = cfg->engine;
    s.seed += (uint64_t)index;
    engine_t *e = engine_new(cfg->size, &cfg->rules, &s);
    ab_final_t *f = malloc(sizeof *f);
    if (!e || !f) {
        engine_free(e);
        free(f);
        return false;
    }
    game_t *g = engine_game(e);
    const int max_moves = AUDIT_MAX_MOVES_PER_POINT * cfg->size * cfg->size;
    int moves = 0;
    while (!game_is_over(g) && moves < max_moves) {
        engine_genmove(e, game_to_move(g), true, false, NULL);
        moves++;
    }
    t->games++;
    printf("game %d: %d moves", index + 1, moves);
    if (game_end_reason(g) != GAME_END_PASSES || game_consecutive_passes(g) < 2) {
        /* Cannot happen without resignation, but for the move limit. */
        t->not_ended++;
        printf(", not ended by two passes: not audited\n");
        engine_free(e);
        free(f);
        return true;
    }
    /* The audited position: before the two final passes. */
    game_undo(g);
    game_undo(g);
    const stone_t to_move = game_to_move(g);
    const board_t *b = game_board(g);
    const int played = moves - 2;
    printf("; after %d, %s to move: ", played, to_move == STONE_BLACK ? "black" : "white");
    if (!ab_final_status(g, cfg->budget, f)) {
        engine_free(e);
        free(f);
        return false;
    }
    if (!f->known) {
        t->unknown++;
        printf("exact unknown (%llu nodes)\n", (unsigned long long)f->nodes);
        engine_free(e);
        free(f);
        return true;
    }
    t->answered++;
    int exact[BOARD_MAX_POINTS];
    const double exact_area = exact_owner(g, f, exact);
    const float *own = engine_position_ownership(e, to_move, NULL);
    bool bad[BOARD_MAX_POINTS];
    audit_numbers_t n;
    compare(b, own, exact, cfg->threshold, bad, &n);
    t->points += n.points;
    t->errors += n.errors;
    t->abs_error += n.abs_error;
    char result[32], v[8];
    score_result_string(f->black_margin, result, (int)sizeof result);
    int dead = 0, seki = 0;
    for (int p = 0; p < b->num_points; p++) {
        const stone_t c = board_at(b, p);
        if (c != STONE_BLACK && c != STONE_WHITE) continue;
        dead += f->status[p] == STATUS_DEAD;
        seki += f->status[p] == STATUS_SEKI;
    }
    /* The owners must add up to the exact result. */
    char check[64] = "";
    if (fabs(exact_area - cfg->rules.komi - f->black_margin) > 1e-6) {
        t->miscounted++;
        snprintf(check, sizeof check, " [the owners count %+g]", exact_area - cfg->rules.komi);
    }
    char header[512], where[16] = "";
    if (n.max_point != POINT_NONE)
        snprintf(where, sizeof where, " at %s", board_point_to_gtp(b, n.max_point, v));
    snprintf(header, sizeof header,
             "exact %s%s (dead stones %d, in seki %d; %llu nodes); %d points: mean abs error %.3f, "
             "%d errors (%.1f%%), max difference %.2f%s",
             result, check, dead, seki, (unsigned long long)f->nodes, n.points,
             n.abs_error / n.points, n.errors, 100.0 * n.errors / n.points, n.max_diff, where);
    printf("%s", header);
    for (int y = 0, listed = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            if (!bad[p]) continue;
            if (listed < AUDIT_LIST_POINTS)
                printf("%s%s %+.2f/%+d", listed ? ", " : ": ", board_point_to_gtp(b, p, v), own[p],
                       exact[p]);
            else if (listed == AUDIT_LIST_POINTS)
                printf(", ...");
            listed++;
        }
    }
    if (n.errors > 0) {
        t->disagreeing++;
        char path[4096], comment[1024];
        snprintf(path, sizeof path, "%s/audit-%04d.sgf", cfg->sgf_dir, index + 1);
        snprintf(comment, sizeof comment,
                 "tengen audit-ownership, game %d (seed %llu): the position after %d moves, %s to "
                 "move, before the final passes. Ownership of a %ld-playout search against perfect "
                 "play: %s (threshold %g).",
                 index + 1, (unsigned long long)s.seed, played,
                 to_move == STONE_BLACK ? "black" : "white", s.playouts, header, cfg->threshold);
        if (write_position(g, f, own, exact, bad, &n, comment, path))
            printf("; SGF %s", path);
        else
            t->sgf_failed++;
    }
    printf("\n");
    fflush(stdout);
    engine_free(e);
    free(f);
    return true;
}

int cli_audit_ownership(int argc, char **argv)
{
    cli_value_t v[AU_COUNT];
    switch (cli_args_parse(argc, argv, 1, "audit-ownership", AUDIT_OPTS, AU_COUNT, v)) {
    case CLI_ARGS_HELP:
        audit_usage();
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    audit_config_t cfg;
    cfg.size = (int)cli_args_number(&v[AU_SIZE], 7);
    if (!rules_preset(&cfg.rules, "chinese")) return 1;
    cfg.rules.komi = cli_args_number(&v[AU_KOMI], 7);
    engine_settings_default(&cfg.engine);
    cfg.engine.playouts = (long)cli_args_number(&v[AU_PLAYOUTS], 1000);
    cfg.engine.seed = (uint64_t)cli_args_number(&v[AU_SEED], 1);
    cfg.engine.resign_threshold = ENGINE_RESIGN_NEVER;
    cfg.engine.memory_mb = (int)cli_args_number(&v[AU_MEMORY], cfg.engine.memory_mb);
    cfg.threshold = cli_args_number(&v[AU_THRESHOLD], 0.6);
    cfg.budget = (uint64_t)cli_args_number(&v[AU_BUDGET], AB_FINAL_BUDGET);
    cfg.sgf_dir = cli_args_text(&v[AU_SGF_DIR], "audit-ownership");
    const int games = (int)cli_args_number(&v[AU_GAMES], 10);
    if (mkdir(cfg.sgf_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "tengen audit-ownership: cannot create %s: %s\n", cfg.sgf_dir,
                strerror(errno));
        return 1;
    }
    printf("audit-ownership: %d game%s, %dx%d, komi %g, %ld playouts per move, seed %llu, "
           "budget %llu, threshold %g, SGF in %s\n",
           games, games == 1 ? "" : "s", cfg.size, cfg.size, cfg.rules.komi, cfg.engine.playouts,
           (unsigned long long)cfg.engine.seed, (unsigned long long)cfg.budget, cfg.threshold,
           cfg.sgf_dir);
    fflush(stdout);
    audit_total_t t = {0};
    for (int i = 0; i < games; i++) {
        if (!audit_game(&cfg, i, &t)) {
            fprintf(stderr, "tengen audit-ownership: out of memory\n");
            return 1;
        }
    }
    printf("summary: %d games: %d answered, %d unknown, %d not ended by passes; ", t.games,
           t.answered, t.unknown, t.not_ended);
    if (t.points > 0)
        printf("%ld points: mean abs error %.3f, error rate %.2f%% (%ld points); %d disagreeing "
               "positions\n",
               t.points, t.abs_error / (double)t.points,
               100.0 * (double)t.errors / (double)t.points, t.errors, t.disagreeing);
    else
        printf("no position answered\n");
    if (t.miscounted)
        printf("warning: in %d position%s the exact owners do not add up to the exact result\n",
               t.miscounted, t.miscounted == 1 ? "" : "s");
    return t.sgf_failed ? 1 : 0;
}
