/* http_game.c - one game of the web server: its engine and settings, the phase (play, scoring,
 * over), the dead stones and the count, the per-move AI statistics, the state as JSON, the AI's
 * jobs (run by the pool's threads) and the analysis they publish.
 *
 * Owns the meaning of the state fields of docs/web.md. Knows no HTTP: the API (http_api.c)
 * decides what a request may do, this file does it. Locking is described in http_internal.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"
#include "tengen/score.h"

web_game_t *web_game_new(web_t *w, const char *id, int size, const rules_t *rules, stone_t human,
                         const web_ai_t *ai)
{
    web_game_t *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    snprintf(g->id, sizeof g->id, "%s", id);
    g->web = w;
    g->refs = 1;
    g->analyze_node = g->search_node = -1;
    g->human = human;
    g->ai = *ai;
    engine_settings_t s;
    engine_settings_default(&s);
    s.kind = ai->engine;
    s.playouts = ai->playouts;
    s.seconds = ai->seconds;
    s.threads = ai->threads;
    s.resign_threshold = ai->resign > 0 ? ai->resign : ENGINE_RESIGN_NEVER;
    s.memory_mb = w->cfg.memory_mb;
    s.model = w->cfg.model;
    s.seed = web_random64();
    g->engine = engine_new(size, rules, &s);
    if (!g->engine) {
        free(g);
        return NULL;
    }
    engine_set_dist(g->engine, w->cfg.dist);
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    atomic_init(&g->move_now, false);
    atomic_init(&g->analyze_stop, false);
    g->created = g->updated = time(NULL);
    g->state_seq = 1;
    return g;
}

void web_game_apply_ai(web_game_t *g)
{
    engine_settings_t s = *engine_settings(g->engine);
    s.kind = g->ai.engine;
    s.playouts = g->ai.playouts;
    s.seconds = g->ai.seconds;
    s.threads = g->ai.threads;
    s.resign_threshold = g->ai.resign > 0 ? g->ai.resign : ENGINE_RESIGN_NEVER;
    engine_set_settings(g->engine, &s);
}

void web_game_set_game(web_game_t *wg, game_t *g)
{
    engine_replace_game(wg->engine, g);
    wg->has_proposal = wg->counted = false;
    web_game_sync_moves(wg);
}

void web_game_free(web_game_t *g)
{
    if (!g) return;
    engine_free(g->engine);
    free(g->summary);
    free(g->ai_moves);
    web_clock_free(&g->clock);
    web_review_free(g);
    free(g->analysis);
    free(g->previous_analysis);
    cJSON_Delete(g->last_analysis);
    cJSON_Delete(g->record);
    web_tree_free(g->tree);
    cJSON_Delete(g->pending);
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->changed);
    free(g);
}

void web_game_ref(web_game_t *g)
{
    pthread_mutex_lock(&g->web->lock);
    g->refs++;
    pthread_mutex_unlock(&g->web->lock);
}

web_game_t **web_games_snapshot(web_t *w, int *n)
{
    pthread_mutex_lock(&w->lock);
    *n = w->num_games;
    web_game_t **games = malloc((size_t)(*n ? *n : 1) * sizeof *games);
    for (int i = 0; games && i < *n; i++) {
        games[i] = w->games[i];
        games[i]->refs++;
    }
    pthread_mutex_unlock(&w->lock);
    if (!games) *n = 0;
    return games;
}

void web_game_unref(web_game_t *g)
{
    if (!g) return;
    web_t *w = g->web;
    pthread_mutex_lock(&w->lock);
    const bool last = --g->refs == 0;
    if (last && g->loaded) {
        w->loaded_games--;
        w->loaded_bytes -= g->cost;
        g->loaded = false;
    }
    pthread_mutex_unlock(&w->lock);
    if (last) web_game_free(g);
}

size_t web_game_cost(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    const int entries = game_move_count(game);
    size_t points = 0;
    for (int i = 0; i < entries; i++) {
        const int *setup_points;
        const stone_t *stones;
        if (game_move_at(game, i)->setup_index >= 0)
            points += (size_t)game_setup_at(game, i, &setup_points, &stones);
    }
    /* The last analysis holds a number per point of its ownership, as cJSON nodes. */
    const int size = game_size(game);
    const size_t analysis =
        g->last_analysis ? (size_t)size * (size_t)size * WEB_COST_JSON_NUMBER : 0;
    /* The file's comments and names: their text and a cJSON node each. */
    size_t record = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(g->record, "comments")) record +=
        strlen(c->valuestring) + WEB_COST_JSON_NUMBER;
    if (g->record) record += 4 * WEB_MAX_NAME_BYTES;
    const size_t review = (size_t)g->review_len * sizeof *g->review;
    return WEB_COST_GAME + (size_t)entries * WEB_COST_ENTRY + points * WEB_COST_SETUP_POINT +
           analysis + record + review + web_tree_cost(g);
}

/* Count the game's new cost after a change (it grows with its history). Under the lock. */
static void update_cost(web_game_t *g)
{
    web_t *w = g->web;
    const size_t cost = web_game_cost(g);
    pthread_mutex_lock(&w->lock);
    if (g->loaded) {
        w->loaded_bytes = w->loaded_bytes - g->cost + cost;
        g->cost = cost;
    }
    pthread_mutex_unlock(&w->lock);
}

bool web_game_unload(web_game_t *g)
{
    web_t *w = g->web;
    pthread_mutex_lock(&g->lock);
    bool idle = g->engine && !g->thinking && !g->deleted;
    /* A clock stops while its game is out of memory: its turn so far is charged and saved, and
     * it runs again from the next request for the game (web_game_clock_update). */
    if (idle && g->clock.running != STONE_EMPTY) {
        web_game_clock_stop(g, false, NULL);
        g->unsaved = true;
    }
    /* From now on its file is its state: a save that failed is tried again, or it stays. */
    if (idle && g->unsaved) {
        char err[256];
        g->unsaved = !web_store_save(g, err, sizeof err);
        idle = !g->unsaved;
    }
    cJSON *state = idle ? web_game_state(g, true) : NULL;
    char *summary = state ? cJSON_PrintUnformatted(state) : NULL;
    cJSON_Delete(state);
    idle = summary != NULL;
    if (idle) {
        /* A request or stream that took it since it was chosen keeps it (it would load it back
         * at once). */
        pthread_mutex_lock(&w->lock);
        idle = g->users == 0 && g->loaded;
        if (idle) {
            w->loaded_games--;
            w->loaded_bytes -= g->cost;
            g->loaded = false;
            g->cost = 0;
        }
        pthread_mutex_unlock(&w->lock);
    }
    if (idle) {
        engine_free(g->engine);
        g->engine = NULL;
        free(g->ai_moves);
        g->ai_moves = NULL;
        g->ai_moves_cap = 0;
        web_clock_free(&g->clock);
        web_review_free(g);
        free(g->analysis);
        g->analysis = NULL;
        free(g->previous_analysis);
        g->previous_analysis = NULL;
        cJSON_Delete(g->last_analysis);
        g->last_analysis = NULL;
        cJSON_Delete(g->record);
        g->record = NULL;
        web_tree_free(g->tree);
        g->tree = NULL;
        g->summary = summary;
    } else {
        free(summary);
    }
    pthread_mutex_unlock(&g->lock);
    return idle;
}

void web_game_adopt(web_game_t *g, web_game_t *fresh)
{
    web_t *w = g->web;
    g->engine = fresh->engine;
    fresh->engine = NULL;
    g->human = fresh->human;
    g->ai = fresh->ai;
    g->counted = fresh->counted;
    g->has_proposal = fresh->has_proposal;
    memcpy(g->proposed_dead, fresh->proposed_dead, sizeof g->proposed_dead);
    memcpy(g->seki, fresh->seki, sizeof g->seki);
    memcpy(g->dead, fresh->dead, sizeof g->dead);
    free(g->ai_moves);
    g->ai_moves = fresh->ai_moves;
    g->ai_moves_cap = fresh->ai_moves_cap;
    fresh->ai_moves = NULL;
    fresh->ai_moves_cap = 0;
    g->ai_resign = fresh->ai_resign;
    web_clock_take(&g->clock, &fresh->clock);
    web_review_take(g, fresh);
    web_tree_take(g, fresh);
    g->created = fresh->created;
    g->updated = fresh->updated;
    cJSON_Delete(g->last_analysis);
    g->last_analysis = fresh->last_analysis;
    fresh->last_analysis = NULL;
    cJSON_Delete(g->record);
    g->record = fresh->record;
    fresh->record = NULL;
    g->unsaved = false;
    free(g->summary);
    g->summary = NULL;
    pthread_mutex_lock(&w->lock);
    g->loaded = fresh->loaded;
    g->cost = fresh->cost;
    fresh->loaded = false;
    fresh->cost = 0;
    pthread_mutex_unlock(&w->lock);
}

web_phase_t web_game_phase(const web_game_t *g)
{
    if (g->clock.flagged != STONE_EMPTY) return WEB_PHASE_OVER; /* lost on time */
    switch (game_end_reason(engine_game(g->engine))) {
    case GAME_END_NONE:
        return WEB_PHASE_PLAY;
    case GAME_END_PASSES:
        return g->counted ? WEB_PHASE_OVER : WEB_PHASE_SCORING;
    default:
        return WEB_PHASE_OVER;
    }
}

int web_game_move_count(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    int n = 0;
    for (int i = 0; i < game_move_count(game); i++)
        n += game_move_at(game, i)->setup_index < 0;
    return n;
}

void web_game_sync_moves(web_game_t *g)
{
    /* First the tree: the comments of moves that leave the main line go with their nodes. */
    web_tree_sync(g);
    const int n = web_game_move_count(g);
    if (n > g->ai_moves_cap) {
        int cap = g->ai_moves_cap ? g->ai_moves_cap : 64;
        while (cap < n)
            cap *= 2;
        web_ai_stats_t *grown = realloc(g->ai_moves, (size_t)cap * sizeof *grown);
        if (!grown) {
            /* Out of memory: the statistics are lost, the game is not. */
            free(g->ai_moves);
            g->ai_moves = NULL;
            g->ai_moves_cap = 0;
            return;
        }
        memset(grown + g->ai_moves_cap, 0, (size_t)(cap - g->ai_moves_cap) * sizeof *grown);
        g->ai_moves = grown;
        g->ai_moves_cap = cap;
    }
    /* Entries past the end belong to moves taken back. */
    for (int i = n; i < g->ai_moves_cap; i++)
        g->ai_moves[i].valid = false;
    web_clock_sync_marks(&g->clock, n);
    const game_t *game = engine_game(g->engine);
    if (game_end_reason(game) != GAME_END_RESIGN || game_winner(game) != g->human)
        g->ai_resign.valid = false;
    /* The last search is kept while its position is still in the game (a prefix of it). */
    const cJSON *searched = cJSON_GetObjectItemCaseSensitive(g->last_analysis, "move_number");
    if (g->last_analysis && (!cJSON_IsNumber(searched) || searched->valuedouble > n)) {
        cJSON_Delete(g->last_analysis);
        g->last_analysis = NULL;
    }
    web_review_sync(g);
    /* A comment belongs to the move of the file: one taken back takes its comment with it. */
    cJSON *comments = cJSON_GetObjectItemCaseSensitive(g->record, "comments");
    cJSON *c = comments ? comments->child : NULL;
    while (c) {
        cJSON *next = c->next;
        if (atoi(c->string) > n) cJSON_Delete(cJSON_DetachItemViaPointer(comments, c));
        c = next;
    }
}

/* "Black wins by 3.5 points." for a counted margin. */
static void margin_text(double margin, char *buf, size_t len)
{
    if (margin == 0) {
        snprintf(buf, len, "Jigo: a draw.");
        return;
    }
    const double m = fabs(margin);
    snprintf(buf, len, "%s wins by %g point%s.", margin > 0 ? "Black" : "White", m,
             m == 1 ? "" : "s");
}

static score_t count_with(const web_game_t *g, const bool *dead)
{
    const game_t *game = engine_game(g->engine);
    return score_count(game_board(game), game_rules(game), game_handicap(game), dead, NULL);
}

const char *web_game_result(const web_game_t *g, char *buf, size_t len)
{
    const game_t *game = engine_game(g->engine);
    if (web_game_phase(g) != WEB_PHASE_OVER) return NULL;
    const game_end_t end = game_end_reason(game);
    const char *w = game_winner(game) == STONE_BLACK ? "B" : "W";
    if (g->clock.flagged != STONE_EMPTY)
        snprintf(buf, len, "%s+T", g->clock.flagged == STONE_BLACK ? "W" : "B");
    else if (end == GAME_END_RESIGN)
        snprintf(buf, len, "%s+R", w);
    else if (end == GAME_END_CAPTURE_GOAL)
        snprintf(buf, len, "%s+", w);
    else
        score_result_string(count_with(g, g->dead).margin, buf, (int)len);
    return buf;
}

static const char *result_text(const web_game_t *g, char *buf, size_t len)
{
    const game_t *game = engine_game(g->engine);
    if (web_game_phase(g) != WEB_PHASE_OVER) return NULL;
    const game_end_t end = game_end_reason(game);
    const char *w = game_winner(game) == STONE_BLACK ? "Black" : "White";
    if (g->clock.flagged != STONE_EMPTY)
        snprintf(buf, len, "%s wins on time.", g->clock.flagged == STONE_BLACK ? "White" : "Black");
    else if (end == GAME_END_RESIGN)
        snprintf(buf, len, "%s wins by resignation.", w);
    else if (end == GAME_END_CAPTURE_GOAL)
        snprintf(buf, len, "%s wins: first to capture (Atari Go).", w);
    else
        margin_text(count_with(g, g->dead).margin, buf, len);
    return buf;
}

/* Territory marks: after taking the dead stones off, an empty region that reaches only one
 * colour is that colour's ('B'/'W'); under territory scoring without territory in seki, a region
 * touching a seki string is nobody's. */
static cJSON *territory_rows(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    const board_t *b = game_board(game);
    const rules_t *r = game_rules(game);
    const bool no_seki_territory = r->scoring == SCORING_TERRITORY && !r->seki_territory;
    uint8_t color[BOARD_MAX_POINTS];
    char mark[BOARD_MAX_POINTS];
    for (int p = 0; p < b->num_points; p++) {
        const stone_t c = board_at(b, p);
        color[p] =
            (uint8_t)((c == STONE_BLACK || c == STONE_WHITE) && g->dead[p] ? STONE_EMPTY : c);
        mark[p] = 0;
    }
    int stack[BOARD_MAX_POINTS], region[BOARD_MAX_POINTS];
    for (int p = 0; p < b->num_points; p++) {
        if (color[p] != STONE_EMPTY || mark[p]) continue;
        int top = 0, n = 0, reach = 0;
        bool seki = false;
        stack[top++] = p;
        mark[p] = '.';
        while (top) {
            const int s = stack[--top];
            region[n++] = s;
            for (int d = 0; d < 4; d++) {
                const int q = s + board_neighbor_offset(b, d);
                if (color[q] == STONE_EMPTY && !mark[q]) {
                    mark[q] = '.';
                    stack[top++] = q;
                } else if (color[q] == STONE_BLACK || color[q] == STONE_WHITE) {
                    reach |= color[q];
                    seki = seki || g->seki[q];
                }
            }
        }
        const char owner = seki && no_seki_territory ? '.'
                           : reach == STONE_BLACK    ? 'B'
                           : reach == STONE_WHITE    ? 'W'
                                                     : '.';
        for (int i = 0; i < n; i++)
            mark[region[i]] = owner;
    }
    cJSON *rows = cJSON_CreateArray();
    char line[BOARD_MAX_SIZE + 1];
    for (int y = 0; rows && y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            line[x] = color[p] == STONE_EMPTY && mark[p] ? mark[p] : '.';
        }
        line[b->size] = '\0';
        cJSON_AddItemToArray(rows, cJSON_CreateString(line));
    }
    return rows;
}

cJSON *web_game_scoring(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    const board_t *b = game_board(game);
    const rules_t *r = game_rules(game);
    const score_t s = count_with(g, g->dead);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddItemToObject(j, "dead", web_point_list(b, g->dead));
    cJSON_AddItemToObject(j, "proposed_dead", web_point_list(b, g->proposed_dead));
    cJSON_AddItemToObject(j, "seki", web_point_list(b, g->seki));
    cJSON_AddItemToObject(j, "territory", territory_rows(g));
    cJSON_AddNumberToObject(j, "black", s.black);
    cJSON_AddNumberToObject(j, "white", s.white);
    cJSON_AddNumberToObject(j, "margin", s.margin);
    char buf[64];
    cJSON_AddStringToObject(j, "result", score_result_string(s.margin, buf, sizeof buf));
    margin_text(s.margin, buf, sizeof buf);
    cJSON_AddStringToObject(j, "text", buf);
    cJSON_AddStringToObject(j, "method", r->scoring == SCORING_AREA ? "area" : "territory");
    cJSON *d = cJSON_AddObjectToObject(j, "detail");
    if (d) {
        cJSON_AddNumberToObject(d, "black_area", s.black_area);
        cJSON_AddNumberToObject(d, "white_area", s.white_area);
        cJSON_AddNumberToObject(d, "black_territory", s.black_territory);
        cJSON_AddNumberToObject(d, "white_territory", s.white_territory);
        cJSON_AddNumberToObject(d, "black_prisoners", s.black_prisoners);
        cJSON_AddNumberToObject(d, "white_prisoners", s.white_prisoners);
        cJSON_AddNumberToObject(d, "dame", s.dame);
        cJSON_AddNumberToObject(d, "komi", r->komi);
        cJSON_AddNumberToObject(d, "handicap_bonus", rules_handicap_bonus(r, game_handicap(game)));
    }
    return j;
}

static cJSON *ai_stats_json(const web_ai_stats_t *s, const char *move)
{
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddStringToObject(j, "move", move);
    cJSON_AddNumberToObject(j, "winrate", web_round(s->winrate, 3));
    cJSON_AddNumberToObject(j, "playouts", (double)s->playouts);
    cJSON_AddNumberToObject(j, "seconds", web_round(s->seconds, 3));
    return j;
}

static const char *phase_name(web_phase_t p)
{
    return p == WEB_PHASE_PLAY ? "play" : p == WEB_PHASE_SCORING ? "scoring" : "over";
}

static const char *end_name(game_end_t e)
{
    return e == GAME_END_PASSES ? "passes" : e == GAME_END_RESIGN ? "resign" : "capture";
}

/* The record's field `name` (a copy) into j, or null (comments: {}). */
static void add_record_field(cJSON *j, const cJSON *record, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, name);
    cJSON *copy = v ? cJSON_Duplicate(v, true) : NULL;
    if (!copy) copy = !strcmp(name, "comments") ? cJSON_CreateObject() : cJSON_CreateNull();
    cJSON_AddItemToObject(j, name, copy);
}

static void add_record(cJSON *j, const cJSON *record, bool summary)
{
    add_record_field(j, record, "players");
    add_record_field(j, record, "info");
    if (!summary) add_record_field(j, record, "comments");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, "variations_dropped");
    cJSON_AddNumberToObject(j, "variations_dropped", cJSON_IsNumber(v) ? v->valuedouble : 0);
}

cJSON *web_game_state(const web_game_t *g, bool summary)
{
    const game_t *game = engine_game(g->engine);
    const board_t *b = game_board(game);
    const rules_t *r = game_rules(game);
    const web_phase_t phase = web_game_phase(g);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    char buf[96], v[8];
    cJSON_AddStringToObject(j, "id", g->id);
    cJSON_AddNumberToObject(j, "size", b->size);
    cJSON_AddNumberToObject(j, "komi", r->komi);
    cJSON_AddStringToObject(j, "rules", r->name);
    cJSON_AddNumberToObject(j, "handicap", game_handicap(game));
    cJSON_AddStringToObject(j, "human", web_color_name(g->human));
    cJSON *ai = cJSON_AddObjectToObject(j, "ai");
    if (ai) {
        cJSON_AddStringToObject(ai, "color", web_color_name(stone_other(g->human)));
        cJSON_AddStringToObject(ai, "engine", web_engine_name(g->ai.engine));
        cJSON_AddNumberToObject(ai, "playouts", (double)g->ai.playouts);
        cJSON_AddNumberToObject(ai, "seconds", g->ai.seconds);
        cJSON_AddNumberToObject(ai, "threads", g->ai.threads);
        cJSON_AddNumberToObject(ai, "resign", g->ai.resign);
    }
    cJSON_AddStringToObject(j, "to_move", web_color_name(game_to_move(game)));
    cJSON_AddStringToObject(j, "phase", phase_name(phase));
    cJSON_AddNumberToObject(j, "move_number", web_game_move_count(g));

    cJSON *moves = summary ? NULL : cJSON_AddArrayToObject(j, "moves");
    cJSON *evals = summary ? NULL : cJSON_AddArrayToObject(j, "evaluations");
    cJSON *setup = summary ? NULL : cJSON_AddObjectToObject(j, "setup");
    cJSON *setup_black = setup ? cJSON_AddArrayToObject(setup, "black") : NULL;
    cJSON *setup_white = setup ? cJSON_AddArrayToObject(setup, "white") : NULL;
    int last = POINT_NONE, index = 0, setup_stones = 0;
    for (int i = 0; i < game_move_count(game); i++) {
        const game_move_t *m = game_move_at(game, i);
        if (m->setup_index >= 0) {
            if (index > 0) continue; /* only the setup before the first move */
            const int *points;
            const stone_t *stones;
            const int n = game_setup_at(game, i, &points, &stones);
            for (int k = 0; k < n; k++)
                setup_stones += stones[k] != STONE_EMPTY;
            for (int k = 0; k < n; k++) {
                cJSON *to = stones[k] == STONE_BLACK   ? setup_black
                            : stones[k] == STONE_WHITE ? setup_white
                                                       : NULL;
                if (to)
                    cJSON_AddItemToArray(to,
                                         cJSON_CreateString(board_point_to_gtp(b, points[k], v)));
            }
            continue;
        }
        last = m->point;
        if (moves)
            cJSON_AddItemToArray(moves, cJSON_CreateString(board_point_to_gtp(b, m->point, v)));
        if (evals) {
            const bool known = index < g->ai_moves_cap && g->ai_moves[index].valid;
            cJSON_AddItemToArray(
                evals, known ? cJSON_CreateNumber(web_round(g->ai_moves[index].winrate, 3))
                             : cJSON_CreateNull());
        }
        index++;
    }
    cJSON_AddNumberToObject(j, "setup_stones", setup_stones);
    add_record(j, g->record, summary);
    if (last == POINT_NONE)
        cJSON_AddNullToObject(j, "last_move");
    else
        cJSON_AddStringToObject(j, "last_move", board_point_to_gtp(b, last, v));
    if (!summary) cJSON_AddItemToObject(j, "board", web_board_rows(b));
    cJSON *caps = cJSON_AddObjectToObject(j, "captures");
    if (caps) {
        cJSON_AddNumberToObject(caps, "black", b->captures[STONE_BLACK]);
        cJSON_AddNumberToObject(caps, "white", b->captures[STONE_WHITE]);
    }
    cJSON *clock = web_game_clock_json(g);
    cJSON_AddItemToObject(j, "clock", clock ? clock : cJSON_CreateNull());
    const bool analyzing = g->thinking && g->job == WEB_JOB_ANALYZE;
    const bool reviewing = g->thinking && g->job == WEB_JOB_REVIEW;
    cJSON_AddBoolToObject(j, "ai_thinking", g->thinking && !analyzing && !reviewing);
    cJSON_AddBoolToObject(j, "analyzing", analyzing);
    cJSON_AddBoolToObject(j, "reviewing", reviewing);
    if (!summary) {
        cJSON *review = web_review_json(g);
        cJSON_AddItemToObject(j, "review", review ? review : cJSON_CreateNull());
        const int n = index;
        cJSON *am = NULL;
        if (g->ai_resign.valid)
            am = ai_stats_json(&g->ai_resign, "resign");
        else if (n > 0 && n - 1 < g->ai_moves_cap && g->ai_moves[n - 1].valid)
            am = ai_stats_json(&g->ai_moves[n - 1], board_point_to_gtp(b, last, v));
        cJSON_AddItemToObject(j, "ai_move", am ? am : cJSON_CreateNull());
        cJSON *la = g->last_analysis ? cJSON_Duplicate(g->last_analysis, true) : NULL;
        cJSON_AddItemToObject(j, "last_analysis", la ? la : cJSON_CreateNull());
        const bool has_scoring = game_end_reason(game) == GAME_END_PASSES;
        cJSON *sc = has_scoring ? web_game_scoring(g) : NULL;
        cJSON_AddItemToObject(j, "scoring", sc ? sc : cJSON_CreateNull());
    }
    const game_end_t end = game_end_reason(game);
    if (phase == WEB_PHASE_OVER)
        cJSON_AddStringToObject(j, "end", g->clock.flagged != STONE_EMPTY ? "time" : end_name(end));
    else
        cJSON_AddNullToObject(j, "end");
    const char *res = web_game_result(g, buf, sizeof buf);
    if (res)
        cJSON_AddStringToObject(j, "result", res);
    else
        cJSON_AddNullToObject(j, "result");
    const char *text = result_text(g, buf, sizeof buf);
    if (text)
        cJSON_AddStringToObject(j, "result_text", text);
    else
        cJSON_AddNullToObject(j, "result_text");
    cJSON_AddStringToObject(j, "created", web_time_text(g->created, buf, sizeof buf));
    cJSON_AddStringToObject(j, "updated", web_time_text(g->updated, buf, sizeof buf));
    return j;
}

void web_game_notify(web_game_t *g)
{
    g->state_seq++;
    pthread_cond_broadcast(&g->changed);
}

bool web_game_changed(web_game_t *g, char *err, size_t len)
{
    g->updated = time(NULL);
    bool ok = true;
    if (!g->deleted) {
        ok = web_store_save(g, err, len);
        if (!ok) fprintf(stderr, "tengen web: game %s: %s\n", g->id, err);
        g->unsaved = !ok;
    }
    update_cost(g);
    web_game_notify(g);
    return ok;
}

/* ---- the AI's jobs ---- */

static double black_winrate(stone_t mover, double winrate)
{
    return mover == STONE_BLACK ? winrate : 1 - winrate;
}

/* The analysis event of a search report (docs/web.md). Called on the pool thread. */
static cJSON *analysis_json(const web_game_t *g, const mcts_report_t *r)
{
    const engine_t *e = g->search_engine;
    const board_t *b = game_board(engine_game(e));
    const stone_t c = g->search_color;
    char v[8];
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "move_number", g->search_moves);
    if (g->search_node >= 0) cJSON_AddNumberToObject(j, "node", (double)g->search_node);
    cJSON_AddStringToObject(j, "to_move", web_color_name(c));
    cJSON_AddNumberToObject(j, "playouts", (double)r->playouts);
    cJSON_AddNumberToObject(j, "seconds", web_round(r->seconds, 3));
    cJSON_AddBoolToObject(j, "final", false);
    cJSON_AddNumberToObject(j, "winrate", web_round(black_winrate(c, r->winrate), 3));
    const float *own = engine_search_ownership(e);
    const double lead = engine_score_lead(e, own, STONE_BLACK);
    cJSON_AddNumberToObject(j, "score_lead", web_round(lead, 1));
    cJSON_AddStringToObject(j, "best", board_point_to_gtp(b, r->best, v));
    cJSON *cands = cJSON_AddArrayToObject(j, "candidates");
    for (int i = 0; cands && i < r->num_moves && i < WEB_ANALYSIS_CANDIDATES; i++) {
        const mcts_move_stats_t *m = &r->moves[i];
        if (m->visits <= 0) break;
        cJSON *cand = cJSON_CreateObject();
        if (!cand) break;
        cJSON_AddStringToObject(cand, "move", board_point_to_gtp(b, m->point, v));
        cJSON_AddNumberToObject(cand, "visits", m->visits);
        cJSON_AddNumberToObject(cand, "winrate", web_round(black_winrate(c, m->winrate), 3));
        /* The move's own mean score (Black's) when its simulations give one, else the
         * position's, as the GTP analysis reports it. */
        cJSON_AddNumberToObject(cand, "score_lead",
                                web_round(m->score_samples > 0 ? m->score : lead, 1));
        cJSON_AddNumberToObject(cand, "prior", web_round(m->prior, 3));
        int pv[WEB_ANALYSIS_PV];
        const int n = engine_search_pv(e, m->point, pv, WEB_ANALYSIS_PV);
        cJSON *list = cJSON_AddArrayToObject(cand, "pv");
        for (int k = 0; list && k < n; k++)
            cJSON_AddItemToArray(list, cJSON_CreateString(board_point_to_gtp(b, pv[k], v)));
        cJSON_AddItemToArray(cands, cand);
    }
    cJSON *rows = cJSON_AddArrayToObject(j, "ownership");
    for (int y = 0; rows && y < b->size; y++) {
        cJSON *row = cJSON_CreateArray();
        for (int x = 0; row && x < b->size; x++)
            cJSON_AddItemToArray(row, cJSON_CreateNumber(web_round(own[board_point(b, x, y)], 2)));
        cJSON_AddItemToArray(rows, row);
    }
    return j;
}

cJSON *web_analysis_summary(const cJSON *analysis)
{
    static const char *const FIELDS[] = {"move_number", "to_move",    "playouts", "seconds",
                                         "winrate",     "score_lead", "best",     "ownership"};
    cJSON *j = cJSON_CreateObject();
    for (size_t i = 0; j && i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(analysis, FIELDS[i]);
        cJSON *copy = v ? cJSON_Duplicate(v, true) : NULL;
        if (!copy || !cJSON_AddItemToObject(j, FIELDS[i], copy)) {
            cJSON_Delete(copy);
            cJSON_Delete(j);
            return NULL;
        }
    }
    return j;
}

/* Publish the latest report as the game's analysis. The final one (the search's last report,
 * possibly published already as not final) is then dropped, and its summary kept as the game's
 * last analysis unless it searched a position of the past (review). */
static void publish_analysis(web_game_t *g, bool final)
{
    if (!g->pending) return;
    cJSON_ReplaceItemInObject(g->pending, "final", cJSON_CreateBool(final));
    char *text = cJSON_PrintUnformatted(g->pending);
    cJSON *summary = NULL;
    if (final && g->search_engine == g->engine) summary = web_analysis_summary(g->pending);
    if (final) {
        cJSON_Delete(g->pending);
        g->pending = NULL;
    }
    pthread_mutex_lock(&g->lock);
    if (summary) {
        cJSON_Delete(g->last_analysis);
        g->last_analysis = summary;
    }
    if (text) {
        free(g->analysis);
        g->analysis = text;
        g->analysis_seq++;
        g->analysis_time = web_now();
        pthread_cond_broadcast(&g->changed);
    }
    pthread_mutex_unlock(&g->lock);
}

const char *web_game_unsent_analysis(const web_game_t *g, uint64_t *seen)
{
    if (g->previous_analysis && g->previous_seq > *seen) {
        *seen = g->previous_seq;
        return g->previous_analysis;
    }
    if (g->analysis && g->analysis_seq != *seen) {
        *seen = g->analysis_seq;
        return g->analysis;
    }
    return NULL;
}

/* The engine's report callback, on the pool thread: keep the latest report, publish it at most
 * every WEB_ANALYSIS_INTERVAL (the search's last report is published again, final, when it
 * returns). */
static void on_report(const mcts_report_t *r, void *user)
{
    web_game_t *g = user;
    /* "Move now": asked again at every report, as the search cleared it when it started. */
    if (atomic_load(&g->move_now)) engine_stop_search(g->engine);
    cJSON_Delete(g->pending);
    g->pending = analysis_json(g, r);
    if (web_now() - g->analysis_time >= WEB_ANALYSIS_INTERVAL) publish_analysis(g, false);
}

/* An analysis's reports: as genmove's; its time cap ends it, and so does a server that stops
 * (which asks every search to move now). */
static void on_analyze_report(const mcts_report_t *r, void *user)
{
    web_game_t *g = user;
    if (r->seconds >= g->analyze_seconds || atomic_load(&g->move_now))
        atomic_store(&g->analyze_stop, true);
    on_report(r, user);
}

game_t *web_game_prefix(const web_game_t *g, int n, int *played, stone_t *to_move)
{
    const game_t *game = engine_game(g->engine);
    game_t *replay = game_new(game_size(game), game_rules(game));
    if (!replay) return NULL;
    *played = 0;
    *to_move = game_to_move(game);
    for (int i = 0; i < game_move_count(game); i++) {
        const game_move_t *m = game_move_at(game, i);
        if (m->setup_index >= 0) {
            const int *points;
            const stone_t *stones;
            const int k = game_setup_at(game, i, &points, &stones);
            const bool handicap = i == 0 && game_handicap(game) > 0;
            if (!(handicap && game_free_handicap(replay, points, k)))
                game_setup(replay, points, stones, k);
            continue;
        }
        if (*played == n) {
            *to_move = m->to_move_before;
            break;
        }
        game_play(replay, m->color, m->point);
        (*played)++;
    }
    return replay;
}

/* Search the position of g->analyze_moves moves for c until stopped or its time cap (the pool
 * thread, no lock). past: that position when it is not the current one (review), searched by an
 * engine of its own so that the game's engine and its tree stay as they are; taken over. */
static void analyze(web_game_t *g, stone_t c, game_t *past)
{
    engine_t *e = g->engine;
    if (past) {
        game_set_to_move(past, c); /* as the game had it (two moves of one colour, PL) */
        e = engine_new(game_size(past), game_rules(past), engine_settings(g->engine));
        if (!e) {
            game_free(past);
            return;
        }
        engine_set_dist(e, g->web->cfg.dist);
        engine_replace_game(e, past);
    }
    g->search_engine = e;
    engine_analyze(e, c, &g->analyze_stop, on_analyze_report, g, NULL);
    publish_analysis(g, true);
    g->search_engine = g->engine;
    if (past) engine_free(e);
}

/* Judge the dead stones of the current position (the pool thread, no lock: the game cannot
 * change while thinking). */
static void judge_dead_stones(web_game_t *g)
{
    stone_status_t status[BOARD_MAX_POINTS];
    engine_final_status(g->engine, status);
    pthread_mutex_lock(&g->lock);
    const board_t *b = game_board(engine_game(g->engine));
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        const stone_t c = p < b->num_points ? board_at(b, p) : STONE_BORDER;
        const bool stone = c == STONE_BLACK || c == STONE_WHITE;
        g->proposed_dead[p] = stone && status[p] == STATUS_DEAD;
        g->seki[p] = stone && status[p] == STATUS_SEKI;
        g->dead[p] = g->proposed_dead[p];
    }
    g->has_proposal = true;
    pthread_mutex_unlock(&g->lock);
}

void web_game_run_job(web_game_t *g)
{
    pthread_mutex_lock(&g->lock);
    game_t *game = engine_game(g->engine);
    web_job_t job = g->job;
    if (g->deleted || atomic_load(&g->web->stopping) || job == WEB_JOB_NONE) {
        g->thinking = false;
        g->job = WEB_JOB_NONE;
        web_game_notify(g);
        pthread_mutex_unlock(&g->lock);
        return;
    }
    g->job_started = true;
    stone_t c = game_to_move(game);
    g->search_moves = web_game_move_count(g);
    g->search_node = -1;
    g->search_engine = g->engine;
    game_t *past = NULL;
    if (job == WEB_JOB_ANALYZE && g->analyze_node >= 0) {
        /* A variation's position: gone if the node was deleted meanwhile. */
        web_tree_at_t at;
        char err[256];
        if (web_tree_locate(g, g->analyze_node, true, &at, err, sizeof err) == 200 && at.game) {
            past = at.game;
            g->search_moves = at.number;
            g->search_node = g->analyze_node;
            c = game_to_move(past);
        } else {
            game_free(at.game);
            job = WEB_JOB_NONE;
        }
    } else if (job == WEB_JOB_ANALYZE && g->analyze_moves < g->search_moves) {
        past = web_game_prefix(g, g->analyze_moves, &g->search_moves, &c);
        if (!past) job = WEB_JOB_NONE; /* out of memory: nothing is searched */
    }
    g->search_color = c;
    free(g->previous_analysis);
    g->previous_analysis = g->analysis;
    g->previous_seq = g->analysis_seq;
    g->analysis = NULL;
    g->analysis_time = 0;
    /* The AI's clock runs while it searches, and the engine plans its time from it. */
    if (job == WEB_JOB_GENMOVE) web_game_clock_start_ai(g, c);
    pthread_mutex_unlock(&g->lock);

    bool judge = job == WEB_JOB_STATUS;
    const bool review = past != NULL;
    if (job == WEB_JOB_ANALYZE) analyze(g, c, past);
    if (job == WEB_JOB_REVIEW) web_review_run(g);
    if (job == WEB_JOB_GENMOVE) {
        engine_set_report(g->engine, on_report, g);
        engine_move_t mv;
        engine_genmove(g->engine, c, false, false, &mv);
        engine_set_report(g->engine, NULL, NULL);
        publish_analysis(g, true);
        pthread_mutex_lock(&g->lock);
        /* Its genmove is charged. A clock that ran out (here, or noticed by a request meanwhile)
         * has lost the game on time: the move is not played. */
        web_clock_mark_t mark = {false, 0, -1};
        web_game_clock_stop(g, true, &mark);
        if (!g->deleted && g->clock.flagged == STONE_EMPTY) {
            /* Rounded as the file keeps them, so that a game loaded back answers the same. */
            const web_ai_stats_t stats = {
                true, web_round(mv.searched ? black_winrate(c, mv.winrate) : 0.5, 4), mv.playouts,
                web_round(mv.seconds, 3)};
            if (mv.point == POINT_RESIGN) {
                game_resign(game, c);
                web_game_sync_moves(g);
                g->ai_resign = stats;
            } else {
                if (game_play(game, c, mv.point) != GAME_OK) game_play(game, c, POINT_PASS);
                web_game_sync_moves(g);
                const int n = web_game_move_count(g);
                if (n > 0 && n <= g->ai_moves_cap) g->ai_moves[n - 1] = stats;
                if (mark.valid) web_clock_set_mark(&g->clock, n - 1, &mark);
            }
            g->has_proposal = g->counted = false;
            judge = game_end_reason(game) == GAME_END_PASSES;
        } else {
            judge = false;
        }
        pthread_mutex_unlock(&g->lock);
    }
    if (judge) judge_dead_stones(g);

    pthread_mutex_lock(&g->lock);
    g->thinking = g->job_started = false;
    g->job = WEB_JOB_NONE;
    web_game_clock_update(g, true); /* the human's turn starts */
    char err[256];
    if (review)
        web_game_notify(g); /* a review changes nothing to save */
    else
        web_game_changed(g, err, sizeof err);
    pthread_mutex_unlock(&g->lock);
}

void web_add_position(cJSON *j, const game_t *game)
{
    const board_t *b = game_board(game);
    char v[8];
    const int last = game_last_move(game);
    if (last == POINT_NONE)
        cJSON_AddNullToObject(j, "last_move");
    else
        cJSON_AddStringToObject(j, "last_move", board_point_to_gtp(b, last, v));
    cJSON_AddItemToObject(j, "board", web_board_rows(b));
    cJSON *caps = cJSON_AddObjectToObject(j, "captures");
    if (caps) {
        cJSON_AddNumberToObject(caps, "black", b->captures[STONE_BLACK]);
        cJSON_AddNumberToObject(caps, "white", b->captures[STONE_WHITE]);
    }
}

cJSON *web_game_position(const web_game_t *g, int n)
{
    int played;
    stone_t to_move;
    game_t *replay = web_game_prefix(g, n, &played, &to_move);
    if (!replay) return NULL;
    cJSON *j = cJSON_CreateObject();
    if (j) {
        cJSON_AddNumberToObject(j, "move_number", played);
        cJSON_AddStringToObject(j, "to_move", web_color_name(to_move));
        web_add_position(j, replay);
    }
    game_free(replay);
    return j;
}

web_game_t *web_game_copy(web_t *w, web_game_t *src, const char *id, int n,
                          const web_tree_at_t *node, const web_options_t *opts, char *err,
                          size_t len)
{
    /* Through an SGF tree, as a saved game comes back: setup, PL, handicap and rules replay the
     * same way, and the replay stops before move n + 1 (the setup before it included, as in
     * web_game_position). sgf_to_game reads no RE: a resignation is not copied. A variation's
     * position is its game, replayed whole; it shares the main line's first moves. */
    const game_t *from = node && node->game ? node->game : engine_game(src->engine);
    const int shared = node && node->game ? node->shared : n;
    if (node && node->game) n = -1;
    sgf_node_t *root = sgf_from_game(from, "Human", "tengen");
    sgf_error_t e;
    game_t *game = root ? sgf_to_game(root, game_rules(from), n, &e) : NULL;
    if (!root)
        snprintf(err, len, "out of memory");
    else if (!game)
        snprintf(err, len, "%s", e.message);
    sgf_free(root);
    if (!game) return NULL;
    web_ai_t ai = src->ai;
    if (opts->has_engine) ai.engine = opts->engine;
    if (opts->has_playouts) ai.playouts = opts->playouts;
    if (opts->has_seconds) ai.seconds = opts->seconds;
    if (opts->has_threads) ai.threads = opts->threads;
    if (opts->has_resign) ai.resign = opts->resign;
    web_game_t *g = web_game_new(w, id, game_size(game), game_rules(game),
                                 opts->has_human ? opts->human : src->human, &ai);
    if (!g) {
        game_free(game);
        snprintf(err, len, "out of memory");
        return NULL;
    }
    web_game_set_game(g, game);
    /* The time control given, else the game's, with both clocks full. */
    web_game_clock_set(g, opts->has_clock ? &opts->clock : &src->clock.tc);
    const int count = web_game_move_count(g), kept = shared < count ? shared : count;
    for (int i = 0; i < kept && i < g->ai_moves_cap && i < src->ai_moves_cap; i++)
        g->ai_moves[i] = src->ai_moves[i];
    web_review_copy(g, src, kept);
    /* The players' names and the comments stay with their moves: those of the main line's moves
     * after the copy's go to their nodes as the tree is copied. */
    if (src->record) g->record = cJSON_Duplicate(src->record, true);
    if (!web_tree_copy(g, src)) {
        web_game_unref(g);
        snprintf(err, len, "out of memory");
        return NULL;
    }
    web_game_sync_moves(g);
    return g;
}
