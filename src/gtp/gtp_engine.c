/* gtp_engine.c - the GTP commands that need the search: genmove, reg_genmove,
 * kgs-genmove_cleanup, final_status_list, the analysis commands of Leela Zero and KataGo
 * (lz-analyze, kata-analyze, lz-genmove_analyze, kata-genmove_analyze) and the gogui analyze
 * views. They call the engine facade (engine.h) and format its answers; a one-line summary of
 * every genmove search goes to stderr, which controllers show as the engine's log.
 *
 * lz-analyze and kata-analyze search in a worker thread (pthread) while the GTP loop waits for the
 * next input line, which stops the search through an atomic flag (engine_analyze). The worker
 * writes the info lines; the main thread writes nothing until it has joined the worker. Formats
 * follow Leela Zero and KataGo's GTP extensions (docs/gtp.md).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp/gtp_internal.h"
#include "tengen/engine.h"

/* Moves of a principal variation in an info line (after the move itself, Sabaki and Lizzie show
 * a dozen at most). */
#define GTP_ANALYZE_PV_MAX 20
/* The lower confidence bound of a win rate w over n visits: w - Z * sqrt(w (1 - w) / n). */
#define GTP_ANALYZE_LCB_Z 1.96

static void vertex_text(const board_t *b, int p, char *buf)
{
    if (p == POINT_RESIGN) {
        strcpy(buf, "resign");
        return;
    }
    board_point_to_gtp(b, p, buf);
}

static void log_move(const gtp_t *gtp, stone_t c, const engine_move_t *mv)
{
    if (!mv->searched) return;
    char v[8];
    vertex_text(game_board(gtp_game(gtp)), mv->point, v);
    fprintf(stderr, "tengen: %s %s, win rate %.3f, %ld playouts in %.2f s (%.0f/s)\n",
            c == STONE_BLACK ? "B" : "W", v, mv->winrate, mv->playouts, mv->seconds,
            mv->seconds > 0 ? mv->playouts / mv->seconds : 0.0);
}

static gtp_result_t genmove_common(gtp_t *gtp, int argc, char **argv, bool play, bool cleanup)
{
    stone_t c;
    if (argc < 2 || !gtp_parse_color(argv[1], &c)) return gtp_error(gtp, "invalid color");
    engine_move_t mv;
    engine_set_move_filter(gtp_engine(gtp), NULL);
    const int p = engine_genmove(gtp_engine(gtp), c, play, cleanup, &mv);
    log_move(gtp, c, &mv);
    char v[8];
    vertex_text(game_board(gtp_game(gtp)), p, v);
    gtp_printf(gtp, "%s", v);
    if (play && p != POINT_RESIGN) gtp_ponder_begin(gtp);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_genmove(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, true, false);
}

static gtp_result_t cmd_reg_genmove(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, false, false);
}

static gtp_result_t cmd_genmove_cleanup(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, true, true);
}

/* final_status_list alive|dead|seki: one string per line (GNU Go's layout), strings in the order
 * of their first stone from the top row, stones in the same order. */
static gtp_result_t cmd_final_status_list(gtp_t *gtp, int argc, char **argv)
{
    static const struct {
        const char *name;
        stone_status_t status;
    } WANTED[] = {{"alive", STATUS_ALIVE}, {"dead", STATUS_DEAD}, {"seki", STATUS_SEKI}};
    int k = -1;
    for (int i = 0; argc >= 2 && i < 3; i++)
        if (!strcmp(argv[1], WANTED[i].name)) k = i;
    if (k < 0) return gtp_error(gtp, "invalid status");
    stone_status_t status[BOARD_MAX_POINTS];
    engine_final_status(gtp_engine(gtp), status);
    const board_t *b = game_board(gtp_game(gtp));
    bool done[BOARD_MAX_POINTS] = {false};
    bool first_line = true;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t col = board_at(b, p);
            if ((col != STONE_BLACK && col != STONE_WHITE) || status[p] != WANTED[k].status ||
                done[board_chain_head(b, p)])
                continue;
            const int head = board_chain_head(b, p);
            done[head] = true;
            gtp_printf(gtp, "%s", first_line ? "" : "\n");
            first_line = false;
            bool first = true;
            for (int yy = y; yy < b->size; yy++) {
                for (int xx = 0; xx < b->size; xx++) {
                    const int q = board_point(b, xx, yy);
                    if (board_at(b, q) != col || board_chain_head(b, q) != head) continue;
                    char v[8];
                    gtp_printf(gtp, "%s%s", first ? "" : " ", board_point_to_gtp(b, q, v));
                    first = false;
                }
            }
        }
    }
    return GTP_SUCCESS;
}

/* ---- analysis: lz-analyze, kata-analyze, lz-genmove_analyze, kata-genmove_analyze ---- */

typedef enum analyze_format {
    ANALYZE_LZ,   /* win rate, prior, lcb as integers 0..10000 */
    ANALYZE_KATA, /* floats 0..1, score estimates, ownership */
} analyze_format_t;

typedef struct analyze_args {
    analyze_format_t format;
    stone_t color;   /* the player to move in the analysis */
    double interval; /* seconds between info lines; 0 = no info lines */
    int min_moves;   /* list at least this many moves (0-visit ones if needed) */
    int max_moves;   /* list at most this many; 0 = no limit */
    bool ownership;  /* kata: append the ownership of every point */
    bool pv_visits;  /* kata: append the visits of every move of each pv */
    bool filtered;   /* allow/avoid gave a move filter */
    mcts_move_filter_t filter;
} analyze_args_t;

struct gtp_analysis {
    gtp_t *gtp;
    analyze_args_t args;
    FILE *out;
    pthread_t thread;
    bool running;      /* the worker thread exists and must be joined */
    atomic_bool stop;  /* set by the GTP loop on the next input */
    double last_print; /* search seconds of the last info line; negative before the first */
    char *line;        /* the info line being built (written with one fwrite) */
    size_t len, cap;
    bool oom;
};

static void line_append(gtp_analysis_t *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void line_append(gtp_analysis_t *a, const char *fmt, ...)
{
    if (a->oom) return;
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    const int need = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (need < 0) {
        va_end(ap);
        return;
    }
    const size_t want = a->len + (size_t)need + 1;
    if (want > a->cap) {
        size_t cap = a->cap ? a->cap : 1024;
        while (cap < want)
            cap *= 2;
        char *bigger = realloc(a->line, cap);
        if (!bigger) {
            a->oom = true;
            va_end(ap);
            return;
        }
        a->line = bigger;
        a->cap = cap;
    }
    vsnprintf(a->line + a->len, (size_t)need + 1, fmt, ap);
    a->len += (size_t)need;
    va_end(ap);
}

/* A float for an info line: fixed decimals, and never "-0.0000". */
static double tidy(double v, double unit)
{
    return fabs(v) < unit / 2 ? 0.0 : v;
}

static double lcb_of(double winrate, int visits)
{
    if (visits <= 0) return 0.0;
    const double lcb = winrate - GTP_ANALYZE_LCB_Z * sqrt(winrate * (1 - winrate) / visits);
    return lcb < 0 ? 0 : lcb > 1 ? 1 : lcb;
}

static long per_10000(double v)
{
    const long n = lround(v * 10000);
    return n < 0 ? 0 : n > 10000 ? 10000 : n;
}

/* Whether report move i comes before report move j among the unvisited moves that pad a line
 * to min_moves: the higher prior first, then the report's order. */
static bool pads_before(const mcts_report_t *r, int i, int j)
{
    if (r->moves[i].prior != r->moves[j].prior) return r->moves[i].prior > r->moves[j].prior;
    return i < j;
}

/* Write one info line for the report: every move with visits (most visited first), padded to
 * min_moves with unvisited moves (the most probable first, as Leela Zero and KataGo pad) and cut
 * at max_moves, then the ownership (kata, if asked). A move without visits is listed only when
 * min_moves asks for it. Nothing when there is nothing to say: an empty line would end the
 * answer. */
static void write_info_line(gtp_analysis_t *a, const mcts_report_t *r)
{
    const engine_t *e = gtp_engine(a->gtp);
    const board_t *b = game_board(gtp_game(a->gtp));
    const analyze_args_t *args = &a->args;
    /* The report is sorted by visits, so the visited moves come first; order[k] is the report
     * index of the k-th move listed. */
    int order[BOARD_MAX_POINTS + 1];
    const int max_order = (int)(sizeof order / sizeof order[0]);
    const int total = r->num_moves < max_order ? r->num_moves : max_order;
    int count = 0;
    while (count < total && r->moves[count].visits > 0) {
        order[count] = count;
        count++;
    }
    for (int i = count; i < total; i++)
        order[i] = i;
    if (count < args->min_moves) {
        const int want = args->min_moves < total ? args->min_moves : total;
        for (; count < want; count++) {
            int best = count;
            for (int j = count + 1; j < total; j++)
                if (pads_before(r, order[j], order[best])) best = j;
            const int t = order[count];
            order[count] = order[best];
            order[best] = t;
        }
    }
    if (args->max_moves > 0 && count > args->max_moves) count = args->max_moves;
    /* The priors (the model's probabilities, or without a model the prior win rates given to new
     * children) shown as a distribution, like a policy. */
    double prior_sum = 0;
    for (int i = 0; i < r->num_moves; i++)
        prior_sum += r->moves[i].prior;
    const float *own = engine_search_ownership(e);
    const double lead = engine_score_lead(e, own, args->color);
    a->len = 0;
    a->oom = false;
    for (int i = 0; i < count; i++) {
        const mcts_move_stats_t *m = &r->moves[order[i]];
        char v[8];
        const double prior = prior_sum > 0 ? m->prior / prior_sum : 0;
        const double lcb = lcb_of(m->winrate, m->visits);
        line_append(a, "%sinfo move %s visits %d", i ? " " : "", board_point_to_gtp(b, m->point, v),
                    m->visits);
        if (args->format == ANALYZE_LZ) {
            line_append(a, " winrate %ld prior %ld lcb %ld", per_10000(m->winrate),
                        per_10000(prior), per_10000(lcb));
        } else {
            /* The move's own mean score when its simulations give one, else the position's. */
            const double score =
                m->score_samples > 0 ? (args->color == STONE_BLACK ? m->score : -m->score) : lead;
            line_append(a,
                        " winrate %.6f scoreMean %.2f scoreStdev %.2f scoreLead %.2f prior %.6f"
                        " lcb %.6f",
                        m->winrate, tidy(score, 0.01), tidy(m->score_stdev, 0.01),
                        tidy(score, 0.01), prior, lcb);
        }
        line_append(a, " order %d pv", i);
        int pv[GTP_ANALYZE_PV_MAX], pv_visits[GTP_ANALYZE_PV_MAX];
        int n = engine_search_pv_visits(e, m->point, pv, pv_visits, GTP_ANALYZE_PV_MAX);
        if (n == 0) {
            pv[0] = m->point;
            pv_visits[n++] = m->visits;
        }
        for (int k = 0; k < n; k++)
            line_append(a, " %s", board_point_to_gtp(b, pv[k], v));
        if (args->format == ANALYZE_KATA && args->pv_visits) {
            line_append(a, " pvVisits");
            for (int k = 0; k < n; k++)
                line_append(a, " %d", pv_visits[k]);
        }
    }
    if (args->format == ANALYZE_KATA && args->ownership) {
        /* Rows from the top, from the analysed player's side (KataGo's layout). */
        const double sign = args->color == STONE_BLACK ? 1.0 : -1.0;
        line_append(a, "%sownership", count ? " " : "");
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++)
                line_append(a, " %.4f", tidy(sign * own[board_point(b, x, y)], 0.0001));
    }
    if (a->len == 0 || a->oom) return;
    line_append(a, "\n");
    if (a->oom) return;
    fwrite(a->line, 1, a->len, a->out);
    fflush(a->out);
}

/* Report callback (the searching thread): an info line at most every interval. */
static void analysis_report(const mcts_report_t *r, void *user)
{
    gtp_analysis_t *a = user;
    if (!(a->args.interval > 0) || atomic_load(&a->stop)) return;
    if (a->last_print >= 0 && r->seconds - a->last_print < a->args.interval) return;
    a->last_print = r->seconds;
    write_info_line(a, r);
}

/* "avoid|allow COLOR VERTEX,VERTEX,... UNTILDEPTH" (Leela Zero, KataGo): ban the listed points
 * (avoid) or every other point (allow) for that colour in the first UNTILDEPTH moves of the search.
 * "pass" may be listed; a pass is never banned. */
static bool parse_move_filter(gtp_t *gtp, const char *kind, const char *color, char *vertices,
                              const char *depth, analyze_args_t *a, const char **why)
{
    const board_t *b = game_board(gtp_game(gtp));
    stone_t c;
    char *end;
    errno = 0;
    const long until = strtol(depth, &end, 10);
    if (!gtp_parse_color(color, &c) || end == depth || *end || errno || until < 1)
        return *why = "syntax: allow|avoid COLOR VERTEX,... UNTILDEPTH", false;
    bool listed[BOARD_MAX_POINTS] = {false};
    for (char *save = NULL, *v = strtok_r(vertices, ",", &save); v;
         v = strtok_r(NULL, ",", &save)) {
        const int p = board_point_from_gtp(b, v);
        if (p == POINT_PASS) continue;
        if (p <= 0) return *why = "invalid vertex in allow/avoid", false;
        listed[p] = true;
    }
    const uint8_t d = until > 255 ? 255 : (uint8_t)until;
    const bool allow = !strcmp(kind, "allow");
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            uint8_t *banned = &a->filter.banned_until[c][p];
            if (listed[p] != allow && *banned < d) *banned = d;
        }
    a->filtered = true;
    return true;
}

/* [color] [interval] then key-value pairs: interval N (centiseconds), minmoves N, maxmoves N,
 * ownership true|false (kata), other KataGo flags with true|false (ignored), and the move filters
 * allow/avoid COLOR VERTICES UNTILDEPTH (allow at most once, not with avoid, as KataGo). */
static bool parse_analyze_args(gtp_t *gtp, int argc, char **argv, analyze_format_t format,
                               analyze_args_t *a, const char **why)
{
    memset(a, 0, sizeof *a);
    a->format = format;
    a->color = game_to_move(gtp_game(gtp));
    int allows = 0, avoids = 0;
    *why = "cannot parse analyze arguments";
    int i = 1;
    stone_t c;
    if (i < argc && gtp_parse_color(argv[i], &c)) {
        a->color = c;
        i++;
    }
    char *end;
    double centis;
    if (i < argc) {
        errno = 0;
        centis = strtod(argv[i], &end);
        if (end != argv[i] && !*end && errno == 0 && isfinite(centis) && centis >= 0) {
            a->interval = centis / 100;
            i++;
        }
    }
    for (; i < argc; i += 2) {
        const char *key = argv[i];
        if (!strcmp(key, "allow") || !strcmp(key, "avoid")) {
            if (i + 3 >= argc)
                return *why = "syntax: allow|avoid COLOR VERTEX,... UNTILDEPTH", false;
            const bool allow = !strcmp(key, "allow");
            if (allow && allows++ > 0) return *why = "allow may be given only once", false;
            avoids += !allow;
            if (allows && avoids) return *why = "allow and avoid cannot be combined", false;
            if (!parse_move_filter(gtp, key, argv[i + 1], argv[i + 2], argv[i + 3], a, why))
                return false;
            i += 2;
            continue;
        }
        if (i + 1 >= argc) return false;
        const char *value = argv[i + 1];
        const bool is_bool = !strcmp(value, "true") || !strcmp(value, "false");
        errno = 0;
        const double number = strtod(value, &end);
        const bool is_number =
            end != value && !*end && errno == 0 && isfinite(number) && number >= 0 && number <= 1e9;
        if (!strcmp(key, "interval") && is_number) {
            a->interval = number / 100;
        } else if (!strcmp(key, "minmoves") && is_number) {
            a->min_moves = (int)number;
        } else if (!strcmp(key, "maxmoves") && is_number) {
            a->max_moves = (int)number;
        } else if (!strcmp(key, "ownership") && is_bool && format == ANALYZE_KATA) {
            a->ownership = !strcmp(value, "true");
        } else if (!strcmp(key, "pvVisits") && is_bool && format == ANALYZE_KATA) {
            a->pv_visits = !strcmp(value, "true");
        } else if (!is_bool || !strcmp(key, "ownership") || !strcmp(key, "pvVisits")) {
            return false;
        }
    }
    return true;
}

static void *analysis_main(void *arg)
{
    gtp_analysis_t *a = arg;
    engine_analyze(gtp_engine(a->gtp), a->args.color, &a->stop, analysis_report, a, NULL);
    return NULL;
}

bool gtp_analysis_running(gtp_t *gtp)
{
    const gtp_analysis_t *a = *gtp_analysis_slot(gtp);
    return a && a->running;
}

void gtp_analysis_stop(gtp_t *gtp)
{
    gtp_analysis_t **slot = gtp_analysis_slot(gtp);
    gtp_analysis_t *a = *slot;
    if (!a) return;
    atomic_store(&a->stop, true);
    if (a->running) {
        pthread_join(a->thread, NULL);
        fputc('\n', a->out);
        fflush(a->out);
    }
    free(a->line);
    free(a);
    *slot = NULL;
}

/* lz-analyze, kata-analyze: "=" at once, then info lines from the worker until the next input. */
static gtp_result_t analyze_common(gtp_t *gtp, int argc, char **argv, analyze_format_t format)
{
    analyze_args_t args;
    const char *why;
    if (!parse_analyze_args(gtp, argc, argv, format, &args, &why)) return gtp_error(gtp, "%s", why);
    gtp_analysis_stop(gtp);
    gtp_analysis_t *a = calloc(1, sizeof *a);
    if (!a) return gtp_error(gtp, "out of memory");
    a->gtp = gtp;
    a->args = args;
    a->last_print = -1;
    atomic_init(&a->stop, false);
    engine_set_move_filter(gtp_engine(gtp), args.filtered ? &args.filter : NULL);
    a->out = gtp_stream_begin(gtp);
    const atomic_bool *inline_stop = gtp_analysis_inline(gtp);
    if (inline_stop) {
        /* The last info line sums up the whole search, however the interval fell. */
        mcts_report_t last;
        engine_analyze(gtp_engine(gtp), a->args.color, inline_stop, analysis_report, a, &last);
        if (last.playouts > 0) write_info_line(a, &last);
        free(a->line);
        free(a);
        return GTP_SUCCESS;
    }
    *gtp_analysis_slot(gtp) = a;
    /* Without a thread the answer just ends (the loop writes the empty line). */
    a->running = pthread_create(&a->thread, NULL, analysis_main, a) == 0;
    if (!a->running) gtp_analysis_stop(gtp);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_lz_analyze(gtp_t *gtp, int argc, char **argv)
{
    return analyze_common(gtp, argc, argv, ANALYZE_LZ);
}

static gtp_result_t cmd_kata_analyze(gtp_t *gtp, int argc, char **argv)
{
    return analyze_common(gtp, argc, argv, ANALYZE_KATA);
}

/* lz-genmove_analyze, kata-genmove_analyze: genmove with info lines while it searches, then
 * "play MOVE"; an ordinary synchronous command (input does not interrupt it). */
static gtp_result_t genmove_analyze_common(gtp_t *gtp, int argc, char **argv,
                                           analyze_format_t format)
{
    gtp_analysis_t a = {0};
    const char *why;
    if (!parse_analyze_args(gtp, argc, argv, format, &a.args, &why))
        return gtp_error(gtp, "%s", why);
    a.gtp = gtp;
    a.last_print = -1;
    atomic_init(&a.stop, false);
    a.out = gtp_stream_begin(gtp);
    engine_t *e = gtp_engine(gtp);
    engine_set_move_filter(e, a.args.filtered ? &a.args.filter : NULL);
    engine_set_report(e, analysis_report, &a);
    engine_move_t mv;
    const int p = engine_genmove(e, a.args.color, true, false, &mv);
    engine_set_report(e, NULL, NULL);
    free(a.line);
    log_move(gtp, a.args.color, &mv);
    char v[8];
    vertex_text(game_board(gtp_game(gtp)), p, v);
    fprintf(a.out, "play %s\n", v);
    fflush(a.out);
    if (p != POINT_RESIGN) gtp_ponder_begin(gtp);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_lz_genmove_analyze(gtp_t *gtp, int argc, char **argv)
{
    return genmove_analyze_common(gtp, argc, argv, ANALYZE_LZ);
}

static gtp_result_t cmd_kata_genmove_analyze(gtp_t *gtp, int argc, char **argv)
{
    return genmove_analyze_common(gtp, argc, argv, ANALYZE_KATA);
}

/* ---- gogui analyze views ---- */

static gtp_result_t cmd_gogui_analyze_commands(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    gtp_printf(gtp, "dboard/Ownership/tengen-ownership\n"
                    "gfx/Ownership and dead stones/tengen-ownership_gfx\n"
                    "string/Win rate and score/tengen-winrate");
    return GTP_SUCCESS;
}

/* tengen-ownership: the expected owner of every point (+1 black, -1 white), rows from the top, as
 * gogui's dboard type wants it. */
static gtp_result_t cmd_ownership(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const game_t *g = gtp_game(gtp);
    const float *own = engine_position_ownership(gtp_engine(gtp), game_to_move(g), NULL);
    const board_t *b = game_board(g);
    for (int y = 0; y < b->size; y++) {
        if (y) gtp_printf(gtp, "\n");
        for (int x = 0; x < b->size; x++)
            gtp_printf(gtp, "%s%.2f", x ? " " : "", tidy(own[board_point(b, x, y)], 0.01));
    }
    return GTP_SUCCESS;
}

/* tengen-ownership_gfx: the ownership as gogui gfx INFLUENCE, the dead stones marked, and the
 * score estimate in the status line. */
static gtp_result_t cmd_ownership_gfx(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    engine_t *e = gtp_engine(gtp);
    const game_t *g = gtp_game(gtp);
    const float *own = engine_position_ownership(e, game_to_move(g), NULL);
    const board_t *b = game_board(g);
    char v[8];
    gtp_printf(gtp, "INFLUENCE");
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            gtp_printf(gtp, " %s %.2f", board_point_to_gtp(b, p, v), tidy(own[p], 0.01));
        }
    const double lead = engine_score_lead(e, own, STONE_BLACK);
    stone_status_t status[BOARD_MAX_POINTS];
    engine_final_status(e, status);
    bool any = false;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t c = board_at(b, p);
            if ((c != STONE_BLACK && c != STONE_WHITE) || status[p] != STATUS_DEAD) continue;
            gtp_printf(gtp, "%s %s", any ? "" : "\nMARK", board_point_to_gtp(b, p, v));
            any = true;
        }
    gtp_printf(gtp, "\nTEXT score estimate %c+%.1f", lead >= 0 ? 'B' : 'W', fabs(lead));
    return GTP_SUCCESS;
}

/* tengen-winrate: the win rate of the player to move and the score estimate, one line. */
static gtp_result_t cmd_winrate(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    engine_t *e = gtp_engine(gtp);
    const game_t *g = gtp_game(gtp);
    const stone_t c = game_to_move(g);
    double winrate;
    const float *own = engine_position_ownership(e, c, &winrate);
    const double lead = engine_score_lead(e, own, STONE_BLACK);
    gtp_printf(gtp, "%s to move, win rate %.1f%%, score estimate %c+%.1f",
               c == STONE_BLACK ? "black" : "white", 100 * winrate, lead >= 0 ? 'B' : 'W',
               fabs(lead));
    return GTP_SUCCESS;
}

/* tengen-policy [N]: the move model's N most probable moves (default 10) for the player to move,
 * most probable first, as "vertex probability" pairs. */
static gtp_result_t cmd_policy(gtp_t *gtp, int argc, char **argv)
{
    int n = 10;
    if (argc >= 2) {
        char *end;
        errno = 0;
        const long v = strtol(argv[1], &end, 10);
        if (*end || end == argv[1] || errno || v < 1 || v > BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1)
            return gtp_error(gtp, "N must be a number from 1 to %d",
                             BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1);
        n = (int)v;
    }
    const game_t *g = gtp_game(gtp);
    int points[BOARD_MAX_POINTS + 1];
    float probs[BOARD_MAX_POINTS + 1];
    const int k = engine_policy(gtp_engine(gtp), game_to_move(g), points, probs);
    if (k == 0) return gtp_error(gtp, "no move model loaded");
    for (int i = 0; i < n && i < k; i++) {
        char v[8];
        vertex_text(game_board(g), points[i], v);
        gtp_printf(gtp, "%s%s %.3f", i ? " " : "", v, probs[i]);
    }
    return GTP_SUCCESS;
}

void gtp_engine_register(gtp_t *gtp)
{
    gtp_add_command(gtp, "genmove", cmd_genmove);
    gtp_add_command(gtp, "reg_genmove", cmd_reg_genmove);
    gtp_add_command(gtp, "kgs-genmove_cleanup", cmd_genmove_cleanup);
    gtp_add_command(gtp, "final_status_list", cmd_final_status_list);
    gtp_add_command(gtp, "lz-analyze", cmd_lz_analyze);
    gtp_add_command(gtp, "kata-analyze", cmd_kata_analyze);
    gtp_add_command(gtp, "lz-genmove_analyze", cmd_lz_genmove_analyze);
    gtp_add_command(gtp, "kata-genmove_analyze", cmd_kata_genmove_analyze);
    gtp_add_command(gtp, "gogui-analyze_commands", cmd_gogui_analyze_commands);
    gtp_add_command(gtp, "tengen-ownership", cmd_ownership);
    gtp_add_command(gtp, "tengen-ownership_gfx", cmd_ownership_gfx);
    gtp_add_command(gtp, "tengen-winrate", cmd_winrate);
    gtp_add_command(gtp, "tengen-policy", cmd_policy);
}
