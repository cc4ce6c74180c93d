/* http_clock.c - the web game's clocks (docs/web.md, "Clocks"): absolute time, Japanese
 * byo-yomi, Canadian overtime and Fischer increments; the arithmetic of one colour's clock, and
 * its use by a game: whose clock runs, the loss on time, what the engine is told before its
 * genmove, the state's "clock", TGWEB and the SGF properties TM, OT, BL, WL, OB, OW.
 *
 * Time is the server's monotonic clock (web_now). The human is charged from the start of their
 * turn until their request arrives, the AI for the time its genmove ran. tengen's own time per
 * move comes from the engine's time manager (engine_time_plan), told the clock as GTP's
 * kgs-time_settings and time_left would tell it. Locking: every web_game_clock_* function runs
 * under the game's lock.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"

/* ---- the arithmetic ---- */

static const char *const TYPE_NAMES[] = {"none", "absolute", "byoyomi", "canadian", "fischer"};

const char *web_clock_type_name(web_clock_type_t t)
{
    return t >= WEB_CLOCK_NONE && t <= WEB_CLOCK_FISCHER ? TYPE_NAMES[t] : "none";
}

/* The field `name` of the clock object within [lo, hi] (whole: a whole number); false with a
 * sentence in err when it is missing or anything else. */
static bool clock_number(const cJSON *j, const char *name, double lo, double hi, bool whole,
                         const char *what, double *out, char *err, size_t len)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);
    const double x = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    if (!isfinite(x) || x < lo || x > hi || (whole && x != floor(x))) {
        snprintf(err, len, "clock.%s must be %s from %g to %g%s.", name,
                 whole ? "a whole number" : "a number of seconds", lo, hi, what);
        return false;
    }
    *out = x;
    return true;
}

bool web_clock_parse(const cJSON *j, web_time_control_t *tc, char *err, size_t len)
{
    memset(tc, 0, sizeof *tc);
    if (!cJSON_IsObject(j)) {
        snprintf(err, len,
                 "clock must be an object such as {\"type\": \"byoyomi\", \"main\": 600, "
                 "\"periods\": 5, \"period\": 30}, or null for no clock.");
        return false;
    }
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "type"));
    int t = -1;
    for (int i = 0; type && i <= WEB_CLOCK_FISCHER; i++)
        if (!strcmp(type, TYPE_NAMES[i])) t = i;
    if (t < 0) {
        snprintf(err, len,
                 "clock.type must be \"none\", \"absolute\", \"byoyomi\", \"canadian\" or "
                 "\"fischer\".");
        return false;
    }
    tc->type = (web_clock_type_t)t;
    if (tc->type == WEB_CLOCK_NONE) return true;
    /* Without overtime or an increment the main time is the whole game: at least a second. */
    const bool overtime = tc->type == WEB_CLOCK_BYOYOMI || tc->type == WEB_CLOCK_CANADIAN;
    double x;
    if (!clock_number(j, "main", overtime ? 0 : 1, WEB_CLOCK_MAX_MAIN, false, " (main time)",
                      &tc->main, err, len))
        return false;
    switch (tc->type) {
    case WEB_CLOCK_BYOYOMI:
        if (!clock_number(j, "periods", 1, WEB_CLOCK_MAX_PERIODS, true, " (byo-yomi periods)", &x,
                          err, len))
            return false;
        tc->periods = (int)x;
        return clock_number(j, "period", WEB_CLOCK_MIN_PERIOD, WEB_CLOCK_MAX_PERIOD, false,
                            " (one byo-yomi period)", &tc->period, err, len);
    case WEB_CLOCK_CANADIAN:
        if (!clock_number(j, "stones", 1, WEB_CLOCK_MAX_STONES, true,
                          " (moves in each Canadian period)", &x, err, len))
            return false;
        tc->stones = (int)x;
        return clock_number(j, "period", WEB_CLOCK_MIN_PERIOD, WEB_CLOCK_MAX_PERIOD, false,
                            " (the Canadian period)", &tc->period, err, len);
    case WEB_CLOCK_FISCHER:
        return clock_number(j, "increment", 0, WEB_CLOCK_MAX_PERIOD, false,
                            " (added after every move)", &tc->increment, err, len);
    default:
        return true;
    }
}

void web_clock_fill(const web_time_control_t *tc, web_clock_side_t *s)
{
    s->main = tc->main;
    s->periods = tc->type == WEB_CLOCK_BYOYOMI ? tc->periods : 0;
    s->period = tc->type == WEB_CLOCK_BYOYOMI || tc->type == WEB_CLOCK_CANADIAN ? tc->period : 0;
    s->stones = tc->type == WEB_CLOCK_CANADIAN ? tc->stones : 0;
}

double web_clock_left(const web_time_control_t *tc, const web_clock_side_t *s)
{
    switch (tc->type) {
    case WEB_CLOCK_NONE:
        return INFINITY;
    case WEB_CLOCK_BYOYOMI:
        /* The current period (whole between turns) and the periods after it. */
        return s->periods > 0 ? s->main + s->period + (s->periods - 1) * tc->period : s->main;
    case WEB_CLOCK_CANADIAN:
        return s->main + s->period;
    default:
        return s->main;
    }
}

/* elapsed seconds into a turn from s: the clock then in *s (view: a byo-yomi period is shown
 * as what is left of it; else a move renews it). False when the time ran out (s all zero). */
static bool advance(const web_time_control_t *tc, web_clock_side_t *s, double elapsed, bool move,
                    bool view)
{
    if (tc->type == WEB_CLOCK_NONE) return true;
    if (!(elapsed > 0)) elapsed = 0;
    if (elapsed >= web_clock_left(tc, s)) {
        memset(s, 0, sizeof *s);
        return false;
    }
    if (elapsed < s->main) {
        s->main -= elapsed;
        if (move && tc->type == WEB_CLOCK_FISCHER) s->main += tc->increment;
        return true;
    }
    /* Main time is gone: the rest of the turn is overtime (byo-yomi or Canadian: the others ran
     * out above). */
    double over = elapsed - s->main;
    s->main = 0;
    if (tc->type == WEB_CLOCK_BYOYOMI) {
        /* The current period first (whole between turns), then whole periods. */
        if (over >= s->period) {
            over -= s->period;
            s->periods--;
            const int used = (int)floor(over / tc->period);
            s->periods -= used;
            over -= used * tc->period;
            s->period = tc->period;
        }
        s->period = view ? s->period - over : tc->period;
    } else {
        s->period -= over;
        if (move && --s->stones <= 0) {
            s->stones = tc->stones;
            s->period = tc->period;
        }
    }
    return true;
}

bool web_clock_charge(const web_time_control_t *tc, web_clock_side_t *s, double elapsed, bool move)
{
    return advance(tc, s, elapsed, move, false);
}

web_clock_side_t web_clock_view(const web_time_control_t *tc, const web_clock_side_t *s,
                                double elapsed)
{
    web_clock_side_t v = *s;
    advance(tc, &v, elapsed, false, true);
    return v;
}

void web_clock_engine(const web_time_control_t *tc, const web_clock_side_t *s, engine_clock_t *ec,
                      double *seconds, int *stones)
{
    static const engine_clock_kind_t KINDS[] = {ENGINE_CLOCK_NONE, ENGINE_CLOCK_ABSOLUTE,
                                                ENGINE_CLOCK_BYOYOMI, ENGINE_CLOCK_CANADIAN,
                                                ENGINE_CLOCK_FISCHER};
    memset(ec, 0, sizeof *ec);
    ec->kind = KINDS[tc->type];
    ec->main_time = tc->main;
    ec->period_time = tc->period;
    ec->stones = tc->type == WEB_CLOCK_BYOYOMI ? tc->periods : tc->stones;
    ec->increment = tc->increment;
    /* KGS's time_left: main time and 0, else the current period and the byo-yomi periods or
     * Canadian stones left. */
    const bool overtime =
        (tc->type == WEB_CLOCK_BYOYOMI || tc->type == WEB_CLOCK_CANADIAN) && s->main <= 0;
    *seconds = overtime ? s->period : s->main;
    *stones = !overtime ? 0 : tc->type == WEB_CLOCK_BYOYOMI ? s->periods : s->stones;
}

const char *web_clock_overtime_text(const web_time_control_t *tc, char *buf, size_t len)
{
    switch (tc->type) {
    case WEB_CLOCK_BYOYOMI:
        snprintf(buf, len, "%dx%g byo-yomi", tc->periods, tc->period);
        return buf;
    case WEB_CLOCK_CANADIAN:
        snprintf(buf, len, "%d/%g Canadian", tc->stones, tc->period);
        return buf;
    case WEB_CLOCK_FISCHER:
        snprintf(buf, len, "Fischer %g s", tc->increment);
        return buf;
    default:
        return NULL;
    }
}

/* ---- a game's clocks ---- */

void web_game_clock_set(web_game_t *g, const web_time_control_t *tc)
{
    web_clock_t *c = &g->clock;
    c->tc = *tc;
    web_clock_fill(tc, &c->side[STONE_BLACK]);
    web_clock_fill(tc, &c->side[STONE_WHITE]);
    c->running = STONE_EMPTY;
    c->started = 0;
    c->flagged = STONE_EMPTY;
}

void web_game_clock_update(web_game_t *g, bool start)
{
    web_clock_t *c = &g->clock;
    if (c->tc.type == WEB_CLOCK_NONE || !g->engine || g->deleted) return;
    const game_t *game = engine_game(g->engine);
    if (c->running != STONE_EMPTY && web_game_phase(g) != WEB_PHASE_PLAY) {
        c->running = STONE_EMPTY; /* the game left play meanwhile: nothing runs */
        web_game_notify(g);
        return;
    }
    if (c->running != STONE_EMPTY) {
        const double elapsed = web_now() - c->started;
        if (elapsed < web_clock_left(&c->tc, &c->side[c->running])) return;
        memset(&c->side[c->running], 0, sizeof c->side[c->running]);
        c->flagged = c->running;
        c->running = STONE_EMPTY;
        /* The AI's search (it will not play) and an analysis of a position now over end. */
        if (g->thinking && g->job == WEB_JOB_GENMOVE) atomic_store(&g->move_now, true);
        if (g->thinking && g->job == WEB_JOB_ANALYZE) atomic_store(&g->analyze_stop, true);
        char err[256];
        web_game_changed(g, err, sizeof err);
        return;
    }
    if (start && web_game_phase(g) == WEB_PHASE_PLAY && game_to_move(game) == g->human) {
        c->running = g->human;
        c->started = web_now();
        web_game_notify(g);
    }
}

bool web_game_clock_stop(web_game_t *g, bool move, web_clock_mark_t *mark)
{
    web_clock_t *c = &g->clock;
    const stone_t who = c->running;
    if (c->tc.type == WEB_CLOCK_NONE || who == STONE_EMPTY) return true;
    const double elapsed = web_now() - c->started;
    const web_clock_side_t shown = web_clock_view(&c->tc, &c->side[who], elapsed);
    c->running = STONE_EMPTY;
    if (!web_clock_charge(&c->tc, &c->side[who], elapsed, move)) {
        c->flagged = who;
        return false;
    }
    /* Rounded as the file keeps them, so that a game loaded back shows the same. */
    c->side[who].main = web_round(c->side[who].main, 3);
    c->side[who].period = web_round(c->side[who].period, 3);
    if (mark) {
        const web_clock_side_t *s = &c->side[who];
        const bool overtime =
            s->main <= 0 && (c->tc.type == WEB_CLOCK_BYOYOMI || c->tc.type == WEB_CLOCK_CANADIAN);
        mark->valid = true;
        /* In byo-yomi: what was left of the period when the move came (it is whole again). */
        mark->seconds = !overtime                         ? s->main
                        : c->tc.type == WEB_CLOCK_BYOYOMI ? shown.period
                                                          : s->period;
        mark->overtime = !overtime ? -1 : c->tc.type == WEB_CLOCK_BYOYOMI ? s->periods : s->stones;
    }
    return true;
}

void web_game_clock_start_ai(web_game_t *g, stone_t c)
{
    web_clock_t *k = &g->clock;
    engine_clock_t ec;
    double seconds = 0;
    int stones = 0;
    web_clock_engine(&k->tc, &k->side[c], &ec, &seconds, &stones);
    engine_set_clock(g->engine, &ec);
    if (k->tc.type == WEB_CLOCK_NONE) return;
    engine_time_left(g->engine, c, seconds, stones);
    k->running = c;
    k->started = web_now();
    web_game_notify(g);
}

double web_game_clock_deadline(const web_game_t *g)
{
    const web_clock_t *c = &g->clock;
    if (c->tc.type == WEB_CLOCK_NONE || c->running == STONE_EMPTY) return INFINITY;
    return c->started + web_clock_left(&c->tc, &c->side[c->running]);
}

/* The settings of a time control into j. */
static void add_settings(cJSON *j, const web_time_control_t *tc)
{
    cJSON_AddStringToObject(j, "type", web_clock_type_name(tc->type));
    cJSON_AddNumberToObject(j, "main", tc->main);
    if (tc->type == WEB_CLOCK_BYOYOMI) cJSON_AddNumberToObject(j, "periods", tc->periods);
    if (tc->type == WEB_CLOCK_CANADIAN) cJSON_AddNumberToObject(j, "stones", tc->stones);
    if (tc->type == WEB_CLOCK_BYOYOMI || tc->type == WEB_CLOCK_CANADIAN)
        cJSON_AddNumberToObject(j, "period", tc->period);
    if (tc->type == WEB_CLOCK_FISCHER) cJSON_AddNumberToObject(j, "increment", tc->increment);
}

/* One colour's clock as JSON; left: with the seconds left before the flag. */
static cJSON *side_json(const web_time_control_t *tc, const web_clock_side_t *s, bool left,
                        int digits)
{
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "main", web_round(s->main, digits));
    if (tc->type == WEB_CLOCK_BYOYOMI) cJSON_AddNumberToObject(j, "periods", s->periods);
    if (tc->type == WEB_CLOCK_CANADIAN) cJSON_AddNumberToObject(j, "stones", s->stones);
    if (tc->type == WEB_CLOCK_BYOYOMI || tc->type == WEB_CLOCK_CANADIAN)
        cJSON_AddNumberToObject(j, "period", web_round(s->period, digits));
    if (left) cJSON_AddNumberToObject(j, "left", web_round(web_clock_left(tc, s), digits));
    return j;
}

cJSON *web_game_clock_json(const web_game_t *g)
{
    const web_clock_t *c = &g->clock;
    if (c->tc.type == WEB_CLOCK_NONE) return cJSON_CreateNull();
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    add_settings(j, &c->tc);
    const double elapsed = c->running != STONE_EMPTY ? web_now() - c->started : 0;
    for (stone_t s = STONE_BLACK; s <= STONE_WHITE; s++) {
        const web_clock_side_t shown =
            s == c->running ? web_clock_view(&c->tc, &c->side[s], elapsed) : c->side[s];
        cJSON_AddItemToObject(j, web_color_name(s), side_json(&c->tc, &shown, true, 2));
    }
    if (c->running != STONE_EMPTY)
        cJSON_AddStringToObject(j, "running", web_color_name(c->running));
    else
        cJSON_AddNullToObject(j, "running");
    if (c->flagged != STONE_EMPTY)
        cJSON_AddStringToObject(j, "flagged", web_color_name(c->flagged));
    else
        cJSON_AddNullToObject(j, "flagged");
    return j;
}

/* ---- per-move marks ---- */

void web_clock_set_mark(web_clock_t *c, int i, const web_clock_mark_t *mark)
{
    if (i < 0) return;
    if (i >= c->marks_cap) {
        int cap = c->marks_cap ? c->marks_cap : 64;
        while (cap <= i)
            cap *= 2;
        web_clock_mark_t *grown = realloc(c->marks, (size_t)cap * sizeof *grown);
        if (!grown) return; /* out of memory: the mark is lost, nothing else */
        memset(grown + c->marks_cap, 0, (size_t)(cap - c->marks_cap) * sizeof *grown);
        c->marks = grown;
        c->marks_cap = cap;
    }
    c->marks[i] = *mark;
}

void web_clock_sync_marks(web_clock_t *c, int n)
{
    for (int i = n < 0 ? 0 : n; i < c->marks_cap; i++)
        c->marks[i].valid = false;
}

void web_clock_free(web_clock_t *c)
{
    free(c->marks);
    c->marks = NULL;
    c->marks_cap = 0;
}

void web_clock_take(web_clock_t *to, web_clock_t *from)
{
    web_clock_free(to);
    *to = *from;
    to->running = STONE_EMPTY;
    from->marks = NULL;
    from->marks_cap = 0;
}

/* ---- TGWEB ---- */

cJSON *web_clock_tgweb(const web_clock_t *c)
{
    if (c->tc.type == WEB_CLOCK_NONE) return NULL;
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    add_settings(j, &c->tc);
    for (stone_t s = STONE_BLACK; s <= STONE_WHITE; s++)
        cJSON_AddItemToObject(j, web_color_name(s), side_json(&c->tc, &c->side[s], false, 3));
    return j;
}

/* A number field of a saved clock within [lo, hi]. */
static bool saved_number(const cJSON *j, const char *name, double lo, double hi, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi)) return false;
    *out = v->valuedouble;
    return true;
}

/* One colour's saved clock, checked against the time control; false if anything is off. (A
 * colour that lost on time saved all zero.) */
static bool read_side(const web_time_control_t *tc, const cJSON *j, web_clock_side_t *s)
{
    web_clock_fill(tc, s);
    double x;
    /* Fischer increments may carry main time beyond its start. */
    if (!saved_number(j, "main", 0, tc->main + 1e7 * (tc->type == WEB_CLOCK_FISCHER), &x))
        return false;
    s->main = x;
    if (tc->type == WEB_CLOCK_BYOYOMI) {
        if (!saved_number(j, "periods", 0, tc->periods, &x) || x != floor(x)) return false;
        s->periods = (int)x;
    }
    if (tc->type == WEB_CLOCK_CANADIAN) {
        if (!saved_number(j, "stones", 0, tc->stones, &x) || x != floor(x)) return false;
        s->stones = (int)x;
        if (!saved_number(j, "period", 0, tc->period, &x)) return false;
        s->period = x;
    }
    return true;
}

void web_clock_read_tgweb(web_clock_t *c, const cJSON *j)
{
    web_time_control_t tc;
    char err[256];
    if (!j || !web_clock_parse(j, &tc, err, sizeof err)) return;
    c->tc = tc;
    for (stone_t s = STONE_BLACK; s <= STONE_WHITE; s++)
        if (!read_side(&tc, cJSON_GetObjectItemCaseSensitive(j, web_color_name(s)), &c->side[s]))
            web_clock_fill(&tc, &c->side[s]);
    c->running = STONE_EMPTY;
}

/* ---- SGF ---- */

bool web_clock_write_sgf(sgf_node_t *root, const web_clock_t *c)
{
    char buf[64];
    bool ok = true;
    if (c->tc.type != WEB_CLOCK_NONE) {
        snprintf(buf, sizeof buf, "%g", c->tc.main);
        ok = sgf_add(root, "TM", buf);
        const char *ot = web_clock_overtime_text(&c->tc, buf, sizeof buf);
        if (ok && ot) ok = sgf_add(root, "OT", ot);
    }
    int i = 0;
    for (sgf_node_t *node = root; ok && node && c->marks; node = node->child) {
        const bool black = sgf_get(node, "B") != NULL;
        if (!black && !sgf_get(node, "W")) continue;
        const web_clock_mark_t *m = i < c->marks_cap ? &c->marks[i] : NULL;
        i++;
        if (!m || !m->valid) continue;
        snprintf(buf, sizeof buf, "%.2f", m->seconds);
        ok = sgf_add(node, black ? "BL" : "WL", buf);
        if (ok && m->overtime >= 0) {
            snprintf(buf, sizeof buf, "%d", m->overtime);
            ok = sgf_add(node, black ? "OB" : "OW", buf);
        }
    }
    return ok;
}

void web_clock_read_sgf(web_clock_t *c, const sgf_node_t *root, int moves)
{
    web_clock_sync_marks(c, 0);
    int i = 0;
    for (const sgf_node_t *node = root; node && i < moves; node = node->child) {
        const bool black = sgf_get(node, "B") != NULL;
        if (!black && !sgf_get(node, "W")) continue;
        const char *left = sgf_get(node, black ? "BL" : "WL");
        const char *over = sgf_get(node, black ? "OB" : "OW");
        char *end = NULL;
        const double seconds = left ? strtod(left, &end) : NAN;
        if (left && end != left && !*end && seconds >= 0 && seconds <= 1e9) {
            web_clock_mark_t m = {true, seconds, -1};
            const long n = over ? strtol(over, &end, 10) : -1;
            if (over && end != over && !*end && n >= 0 && n <= 1000000) m.overtime = (int)n;
            web_clock_set_mark(c, i, &m);
        }
        i++;
    }
}
