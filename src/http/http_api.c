/* http_api.c - the JSON API of docs/web.md: routes, request validation, what each request may
 * do in each phase, and the replies. Independent of the HTTP library: http_server.c passes the
 * method, path, query and body and sends the reply back (the analysis stream is its own).
 *
 * Every request body is hostile: it is parsed by cJSON, every field is type- and range-checked,
 * and every failure is a reply with a status and a reason, never a crash.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http_internal.h"

/* ---- the list of games ---- */

web_game_t *web_find_game(web_t *w, const char *id)
{
    web_game_t *found = NULL;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < w->num_games && !found; i++)
        if (!strcmp(w->games[i]->id, id)) found = w->games[i];
    if (found) found->refs++;
    pthread_mutex_unlock(&w->lock);
    return found;
}

bool web_add_game(web_t *w, web_game_t *g, bool limited)
{
    bool ok = true;
    pthread_mutex_lock(&w->lock);
    if (limited && w->num_games >= w->cfg.max_games) ok = false;
    if (ok && w->num_games == w->cap_games) {
        const int cap = w->cap_games ? 2 * w->cap_games : 64;
        web_game_t **grown = realloc(w->games, (size_t)cap * sizeof *grown);
        if (grown) {
            w->games = grown;
            w->cap_games = cap;
        } else {
            ok = false;
        }
    }
    if (ok) {
        w->games[w->num_games++] = g;
        g->refs++;
    }
    pthread_mutex_unlock(&w->lock);
    return ok;
}

void web_busy_error(const web_t *w, web_reply_t *r)
{
    web_error(r, 503, "games busy",
              "The server holds as many games in memory as it may (%d games, %d MB) and every one "
              "is in use (the AI thinking, an analysis open, a request): try again in a moment.",
              w->cfg.max_loaded, w->cfg.max_loaded_mb);
}

bool web_reserve(web_t *w, web_game_t *g, size_t cost)
{
    const size_t max_bytes = (size_t)w->cfg.max_loaded_mb << 20;
    /* Each round unloads a game or finds the one chosen in use (then it counts as used now, so
     * the next round chooses another): a bound on the rounds ends a race that never settles. */
    pthread_mutex_lock(&w->lock);
    int rounds = 2 * w->num_games + 16;
    pthread_mutex_unlock(&w->lock);
    for (; rounds > 0; rounds--) {
        pthread_mutex_lock(&w->lock);
        /* A game alone is always let in, however large (its import was within the limits). */
        const bool fits = w->loaded_games == 0 || (w->loaded_games < w->cfg.max_loaded &&
                                                   w->loaded_bytes + cost <= max_bytes);
        if (fits) {
            w->loaded_games++;
            w->loaded_bytes += cost;
            g->loaded = true;
            g->cost = cost;
            pthread_mutex_unlock(&w->lock);
            return true;
        }
        web_game_t *oldest = NULL;
        for (int i = 0; i < w->num_games; i++) {
            web_game_t *c = w->games[i];
            if (c->loaded && c->users == 0 && (!oldest || c->last_used < oldest->last_used))
                oldest = c;
        }
        if (oldest) oldest->refs++;
        pthread_mutex_unlock(&w->lock);
        if (!oldest) return false;
        if (!web_game_unload(oldest)) {
            pthread_mutex_lock(&w->lock);
            oldest->last_used = ++w->use_clock;
            pthread_mutex_unlock(&w->lock);
        }
        web_game_unref(oldest);
    }
    return false;
}

web_game_t *web_acquire_game(web_t *w, const char *id, bool load, web_reply_t *r)
{
    web_game_t *g = NULL;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < w->num_games && !g; i++)
        if (!strcmp(w->games[i]->id, id)) g = w->games[i];
    if (g) {
        g->refs++;
        g->users++;
        g->last_used = ++w->use_clock;
    }
    pthread_mutex_unlock(&w->lock);
    if (!g) {
        web_error(r, 404, "not found", "No game %.64s.", id);
        return NULL;
    }
    if (!load) return g;
    /* Our use keeps it loaded from the moment it is: the check holds until the release. */
    pthread_mutex_lock(&g->lock);
    bool ready = g->engine != NULL;
    pthread_mutex_unlock(&g->lock);
    if (ready) return g;
    /* Read without any lock (the file is not written while the game is unloaded); a request
     * that loads the same game meanwhile wins, and this copy is dropped. */
    char err[256];
    web_game_t *fresh = web_store_read_game(w, g->id, err, sizeof err);
    const bool room = fresh && web_reserve(w, fresh, web_game_cost(fresh));
    pthread_mutex_lock(&g->lock);
    if (room && !g->engine && !g->deleted) web_game_adopt(g, fresh);
    ready = g->engine != NULL;
    const bool deleted = g->deleted;
    pthread_mutex_unlock(&g->lock);
    web_game_unref(fresh);
    if (ready) return g;
    if (deleted)
        web_error(r, 404, "not found", "No game %s: it was deleted.", g->id);
    else if (!fresh)
        web_error(r, 500, "load failed", "The game %s cannot be loaded from its file: %s", g->id,
                  err);
    else
        web_busy_error(w, r);
    web_release_game(g);
    return NULL;
}

void web_release_game(web_game_t *g)
{
    if (!g) return;
    pthread_mutex_lock(&g->web->lock);
    g->users--;
    pthread_mutex_unlock(&g->web->lock);
    web_game_unref(g);
}

/* Take the game out of the list; returns whether it was listed (the list's reference is
 * dropped by the caller). */
static bool remove_game(web_t *w, web_game_t *g)
{
    bool found = false;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < w->num_games; i++) {
        if (w->games[i] != g) continue;
        w->games[i] = w->games[--w->num_games];
        found = true;
        break;
    }
    pthread_mutex_unlock(&w->lock);
    return found;
}

static int game_count(web_t *w)
{
    pthread_mutex_lock(&w->lock);
    const int n = w->num_games;
    pthread_mutex_unlock(&w->lock);
    return n;
}

/* A fresh id: 12 hex characters, not listed and without a file. */
static void new_id(web_t *w, char *id)
{
    for (;;) {
        snprintf(id, WEB_NEW_ID_LEN + 1, "%012llx",
                 (unsigned long long)(web_random64() & 0xffffffffffffull));
        char path[PATH_MAX + 80];
        snprintf(path, sizeof path, "%s/%s.sgf", w->data_dir, id);
        web_game_t *g = web_find_game(w, id);
        const bool taken = g || access(path, F_OK) == 0;
        web_game_unref(g);
        if (!taken) return;
    }
}

/* ---- request bodies ---- */

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool web_parse_body(const char *body, size_t len, cJSON **out, web_reply_t *r)
{
    size_t i = 0;
    while (body && i < len && is_space(body[i]))
        i++;
    if (!body || i == len) {
        *out = cJSON_CreateObject();
        return true;
    }
    const char *end = NULL;
    *out = cJSON_ParseWithLengthOpts(body, len, &end, false);
    /* Nothing but white space may follow the object. */
    for (size_t k = end && *out ? (size_t)(end - body) : len; k < len && *out; k++)
        if (!is_space(body[k])) {
            cJSON_Delete(*out);
            *out = NULL;
        }
    if (!cJSON_IsObject(*out)) {
        cJSON_Delete(*out);
        *out = NULL;
        web_error(r, 400, "bad json", "The request body is not a JSON object.");
        return false;
    }
    return true;
}

/* A field that is present and not null. */
static const cJSON *field(const cJSON *obj, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    return v && !cJSON_IsNull(v) ? v : NULL;
}

static bool number_field(const cJSON *obj, const char *name, double lo, double hi, bool whole,
                         bool *has, double *out, web_reply_t *r)
{
    const cJSON *v = field(obj, name);
    *has = v != NULL;
    if (!v) return true;
    const double x = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    if (!isfinite(x) || x < lo || x > hi || (whole && x != floor(x))) {
        web_error(r, 400, "bad field", "%s must be a %s from %g to %g.", name,
                  whole ? "whole number" : "number", lo, hi);
        return false;
    }
    *out = x;
    return true;
}

static bool color_field(const cJSON *obj, const char *name, bool *has, stone_t *out, web_reply_t *r)
{
    const cJSON *v = field(obj, name);
    *has = v != NULL;
    if (!v) return true;
    const char *s = cJSON_GetStringValue(v);
    if (s && !strcmp(s, "black"))
        *out = STONE_BLACK;
    else if (s && !strcmp(s, "white"))
        *out = STONE_WHITE;
    else {
        web_error(r, 400, "bad field", "%s must be \"black\" or \"white\".", name);
        return false;
    }
    return true;
}

/* The fields of a create or import request. */
static bool parse_options(const cJSON *obj, web_options_t *o, web_reply_t *r)
{
    memset(o, 0, sizeof *o);
    double x = 0;
    if (!number_field(obj, "size", WEB_MIN_SIZE, BOARD_MAX_SIZE, true, &o->has_size, &x, r))
        return false;
    o->size = (int)x;
    if (!number_field(obj, "komi", -WEB_MAX_KOMI, WEB_MAX_KOMI, false, &o->has_komi, &o->komi, r))
        return false;
    if (!number_field(obj, "handicap", 0, WEB_MAX_HANDICAP, true, &o->has_handicap, &x, r))
        return false;
    o->handicap = (int)x;
    if (o->has_handicap && o->handicap == 1) {
        web_error(r, 400, "bad field",
                  "handicap must be 0 or 2 to 9 (one stone is an even game with a small komi).");
        return false;
    }
    if (!number_field(obj, "playouts", 0, WEB_MAX_PLAYOUTS, true, &o->has_playouts, &x, r))
        return false;
    o->playouts = (long)x;
    if (!number_field(obj, "seconds", WEB_MIN_SECONDS, WEB_MAX_SECONDS, false, &o->has_seconds,
                      &o->seconds, r))
        return false;
    if (!number_field(obj, "threads", 1, WEB_MAX_GAME_THREADS, true, &o->has_threads, &x, r))
        return false;
    o->threads = (int)x;
    if (!number_field(obj, "resign", 0, 1, false, &o->has_resign, &o->resign, r)) return false;
    if (!color_field(obj, "human", &o->has_human, &o->human, r)) return false;
    const cJSON *engine = field(obj, "engine");
    o->has_engine = engine != NULL;
    if (engine && !web_engine_parse(cJSON_GetStringValue(engine), &o->engine)) {
        web_error(r, 400, "bad field",
                  "engine must be \"mcts\" (Monte Carlo) or \"ab\" (alpha-beta).");
        return false;
    }
    const cJSON *clock = field(obj, "clock");
    o->has_clock = clock != NULL;
    char err[256];
    if (clock && !web_clock_parse(clock, &o->clock, err, sizeof err)) {
        web_error(r, 400, "bad field", "%s", err);
        return false;
    }
    const cJSON *rules = field(obj, "rules");
    o->has_rules = rules != NULL;
    if (rules) {
        const char *name = cJSON_GetStringValue(rules);
        if (!name || strlen(name) > 40 || !rules_preset(&o->rules, name)) {
            web_error(r, 400, "bad field",
                      "rules must be one of chinese, japanese, korean, aga, new-zealand, "
                      "tromp-taylor, atari-go.");
            return false;
        }
    }
    return true;
}

/* ---- waiting for the AI ---- */

/* Queue the game's job. Under the game's lock; false after an error reply (429 when the pool is
 * full: nothing changed). */
static bool start_job(web_t *w, web_game_t *g, web_job_t job, web_reply_t *r)
{
    g->thinking = true;
    g->job_started = false;
    g->job = job;
    atomic_store(&g->move_now, false);
    atomic_store(&g->analyze_stop, false);
    if (!web_pool_submit(w->pool, g)) {
        g->thinking = false;
        g->job = WEB_JOB_NONE;
        int running, queued, threads, capacity;
        web_pool_counts(w->pool, &running, &queued, &threads, &capacity);
        web_error(r, 429, "busy",
                  "The server is busy: %d AI searches are running or waiting. Try again in a "
                  "moment.",
                  running + queued);
        return false;
    }
    web_game_notify(g);
    return true;
}

/* Queue the game's job and wait until it ran. Under the game's lock; false after an error reply
 * (429 when the pool is full: nothing changed; 503 when the server stops). */
static bool run_job(web_t *w, web_game_t *g, web_job_t job, web_reply_t *r)
{
    if (!start_job(w, g, job, r)) return false;
    while (g->thinking && !atomic_load(&w->stopping)) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&g->changed, &g->lock, &until);
    }
    if (g->thinking) {
        web_error(r, 503, "stopping", "The server is shutting down.");
        return false;
    }
    if (g->deleted) {
        web_error(r, 404, "not found", "The game was deleted while the AI was thinking.");
        return false;
    }
    return true;
}

typedef enum stop_mode {
    STOP_MOVE,   /* "move now": the AI plays its best move so far */
    STOP_RESIGN, /* the human resigns: as STOP_MOVE, and a job still queued is dropped */
    STOP_ALL,    /* the AI's work is thrown away (undo, delete): every search ends at once */
} stop_mode_t;

/* Make the AI's job end soon and wait until it has (http_internal.h, "Stopping the AI"), or
 * until the server stops. Under the lock, released while waiting. */
static void halt_job(web_t *w, web_game_t *g, stop_mode_t mode)
{
    /* An analysis or a review has no move to play: every mode throws it away. */
    const bool aside = g->job == WEB_JOB_ANALYZE || g->job == WEB_JOB_REVIEW;
    if (g->thinking && !g->job_started && (mode != STOP_MOVE || aside) &&
        web_pool_cancel(w->pool, g)) {
        /* Not started yet: nothing was searched, nothing to play (our reference is held). */
        g->thinking = false;
        g->job = WEB_JOB_NONE;
        web_game_notify(g);
    }
    while (g->thinking && !atomic_load(&w->stopping)) {
        atomic_store(&g->move_now, true);
        if (g->job == WEB_JOB_ANALYZE || g->job == WEB_JOB_REVIEW)
            atomic_store(&g->analyze_stop, true);
        /* The alpha-beta engine has no reports to carry the request: stop its search directly,
         * until its move is played (the judgement of the dead stones that may follow is not
         * cut short, as with MCTS). */
        const bool ab_searching = g->ai.engine == ENGINE_AB && g->job == WEB_JOB_GENMOVE &&
                                  web_game_move_count(g) == g->search_moves;
        const bool direct = mode == STOP_ALL || ab_searching;
        /* Searches clear the request when they start: ask again until the job has ended. */
        if (direct) engine_stop_search(g->engine);
        web_wait_cond(&g->changed, &g->lock, direct ? 0.01 : 0.5);
    }
}

/* halt_job for a request that changes the game next. Returns false after an error reply: 404 if
 * the game was deleted (before or meanwhile), 503 if the server stops first. */
static bool stop_ai(web_t *w, web_game_t *g, stop_mode_t mode, web_reply_t *r)
{
    if (!g->deleted) halt_job(w, g, mode);
    if (g->deleted) {
        web_error(r, 404, "not found", "No game %s: it was deleted.", g->id);
        return false;
    }
    if (g->thinking) {
        web_error(r, 503, "stopping", "The server is shutting down.");
        return false;
    }
    return true;
}

/* Is an analysis or a review (not the AI's move) searching or waiting for a search thread? Both
 * are ended by the requests that change the game. Under the lock. */
static bool is_analyzing(const web_game_t *g)
{
    return g->thinking && (g->job == WEB_JOB_ANALYZE || g->job == WEB_JOB_REVIEW);
}

/* Is a review searching or waiting for a search thread? Under the lock. */
static bool is_reviewing(const web_game_t *g)
{
    return g->thinking && g->job == WEB_JOB_REVIEW;
}

static void reviewing_error(web_reply_t *r)
{
    web_error(r, 409, "reviewing",
              "The game is being reviewed: wait for the review or cancel it (DELETE .../review).");
}

/* End an analysis in progress and wait for its job (http_internal.h), before a change of the
 * game; the caller checks the game again after, as others may have changed it meanwhile. False
 * after an error reply: 404 if the game was deleted, 503 if the server stops first. Under the
 * lock. */
static bool end_analysis(web_t *w, web_game_t *g, web_reply_t *r)
{
    /* Only the analysis: a genmove that another request started meanwhile is left alone. */
    while (is_analyzing(g) && !g->deleted && !atomic_load(&w->stopping)) {
        if (!g->job_started && web_pool_cancel(w->pool, g)) {
            g->thinking = false;
            g->job = WEB_JOB_NONE;
            web_game_notify(g);
            break;
        }
        atomic_store(&g->analyze_stop, true);
        web_wait_cond(&g->changed, &g->lock, 0.5);
    }
    if (g->deleted) {
        web_error(r, 404, "not found", "No game %s: it was deleted.", g->id);
        return false;
    }
    if (is_analyzing(g)) {
        web_error(r, 503, "stopping", "The server is shutting down.");
        return false;
    }
    return true;
}

/* ---- handlers ---- */

static void reply_state(web_reply_t *r, int status, const web_game_t *g)
{
    web_reply_json(r, status, web_game_state(g, false));
}

/* Save after a change; on failure a 500 reply, else the state. Under the lock. */
static void reply_changed(web_reply_t *r, web_game_t *g)
{
    char err[256];
    if (web_game_changed(g, err, sizeof err)) {
        reply_state(r, 200, g);
    } else {
        web_error(r, 500, "save failed", "The change was made but the game could not be saved: %s",
                  err);
    }
}

static void handle_status(web_t *w, web_reply_t *r)
{
    int running, queued, threads, capacity;
    web_pool_counts(w->pool, &running, &queued, &threads, &capacity);
    cJSON *j = cJSON_CreateObject();
    if (j) {
        cJSON_AddStringToObject(j, "version", WEB_VERSION);
        cJSON_AddNumberToObject(j, "games", game_count(w));
        cJSON_AddNumberToObject(j, "threads", threads);
        cJSON_AddNumberToObject(j, "searching", running);
        cJSON_AddNumberToObject(j, "queued", queued);
        cJSON_AddNumberToObject(j, "queue", capacity - threads);
        cJSON_AddNumberToObject(j, "max_games", w->cfg.max_games);
        pthread_mutex_lock(&w->lock);
        const int loaded = w->loaded_games;
        const size_t bytes = w->loaded_bytes;
        pthread_mutex_unlock(&w->lock);
        cJSON_AddNumberToObject(j, "loaded", loaded);
        cJSON_AddNumberToObject(j, "max_loaded", w->cfg.max_loaded);
        cJSON_AddNumberToObject(j, "loaded_mb", web_round((double)bytes / (1 << 20), 1));
        cJSON_AddNumberToObject(j, "max_loaded_mb", w->cfg.max_loaded_mb);
    }
    web_reply_json(r, 200, j);
}

typedef struct summary {
    time_t updated;
    cJSON *json;
} summary_t;

static int newest_first(const void *a, const void *b)
{
    const summary_t *x = a, *y = b;
    if (x->updated != y->updated) return x->updated < y->updated ? 1 : -1;
    return strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(x->json, "id")),
                  cJSON_GetStringValue(cJSON_GetObjectItem(y->json, "id")));
}

static void handle_list(web_t *w, web_reply_t *r)
{
    int n;
    web_game_t **games = web_games_snapshot(w, &n);
    summary_t *list = calloc((size_t)(n ? n : 1), sizeof *list);
    cJSON *j = cJSON_CreateObject();
    cJSON *arr = j ? cJSON_AddArrayToObject(j, "games") : NULL;
    int k = 0;
    for (int i = 0; games && i < n; i++) {
        web_game_t *g = games[i];
        pthread_mutex_lock(&g->lock);
        if (list && !g->deleted) {
            /* An unloaded game answers from its summary: listing loads nothing. */
            if (g->engine) web_game_clock_update(g, false); /* a loss on time, nothing started */
            list[k].updated = g->updated;
            list[k].json = g->engine ? web_game_state(g, true) : cJSON_Parse(g->summary);
            if (list[k].json) k++;
        }
        pthread_mutex_unlock(&g->lock);
        web_game_unref(g);
    }
    if (list && k > 0) qsort(list, (size_t)k, sizeof *list, newest_first);
    for (int i = 0; i < k; i++) {
        if (arr)
            cJSON_AddItemToArray(arr, list[i].json);
        else
            cJSON_Delete(list[i].json);
    }
    free(list);
    free(games);
    if (!games || !list || !arr) {
        cJSON_Delete(j);
        web_error(r, 500, "out of memory", "Out of memory.");
        return;
    }
    web_reply_json(r, 200, j);
}

/* The rest of a create, import or copy: judge the dead stones of a game that ends with two
 * passes, save, list and answer 201. Takes over the caller's reference of g. */
static void finish_create(web_t *w, web_game_t *g, web_reply_t *r)
{
    /* Counted as loaded before anything runs on it, and in use until answered, so that it is
     * not unloaded between being listed and the answer. */
    g->users = 1;
    if (!web_reserve(w, g, web_game_cost(g))) {
        web_busy_error(w, r);
        web_game_unref(g);
        return;
    }
    pthread_mutex_lock(&g->lock);
    bool ok = true;
    if (web_game_phase(g) == WEB_PHASE_SCORING && !g->has_proposal)
        ok = run_job(w, g, WEB_JOB_STATUS, r); /* the job saves the game */
    web_game_clock_update(g, true);            /* the human's clock starts on their turn */
    char err[256];
    if (ok && !web_game_changed(g, err, sizeof err)) {
        web_error(r, 500, "save failed", "The game could not be saved: %s", err);
        ok = false;
    }
    pthread_mutex_unlock(&g->lock);
    if (ok && !web_add_game(w, g, true)) {
        web_store_remove(w, g->id);
        web_error(r, 429, "too many games",
                  "There are %d games, the most this server keeps: delete some first.",
                  w->cfg.max_games);
        ok = false;
    }
    if (ok) {
        pthread_mutex_lock(&g->lock);
        reply_state(r, 201, g);
        pthread_mutex_unlock(&g->lock);
        snprintf(r->location, sizeof r->location, "/api/games/%s", g->id);
    }
    web_release_game(g);
}

/* The 429 of a full server, before any work. */
static bool check_room(web_t *w, web_reply_t *r)
{
    if (game_count(w) < w->cfg.max_games) return true;
    web_error(r, 429, "too many games",
              "There are %d games, the most this server keeps: delete some first.",
              w->cfg.max_games);
    return false;
}

/* The listed game imported from an SGF of this hash, with a reference taken, or NULL. */
static web_game_t *find_import(web_t *w, uint64_t hash)
{
    web_game_t *found = NULL;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; hash && !found && i < w->num_games; i++) {
        if (w->games[i]->import_hash == hash) {
            found = w->games[i];
            found->refs++;
        }
    }
    pthread_mutex_unlock(&w->lock);
    return found;
}

/* An import of an SGF already imported: the state of that game, 200 with "existing": true. */
static bool reply_existing(web_t *w, uint64_t hash, web_reply_t *r)
{
    web_game_t *found = find_import(w, hash);
    if (!found) return false;
    char id[WEB_ID_MAX + 1];
    snprintf(id, sizeof id, "%s", found->id);
    web_game_unref(found);
    web_game_t *g = web_acquire_game(w, id, true, r);
    if (!g) return true;
    pthread_mutex_lock(&g->lock);
    cJSON *j = web_game_state(g, false);
    pthread_mutex_unlock(&g->lock);
    cJSON_AddBoolToObject(j, "existing", true);
    web_reply_json(r, 200, j);
    snprintf(r->location, sizeof r->location, "/api/games/%s", id);
    web_release_game(g);
    return true;
}

static void handle_create(web_t *w, const cJSON *body, web_reply_t *r)
{
    web_options_t o;
    if (!parse_options(body, &o, r)) return;
    const cJSON *sgf = field(body, "sgf");
    sgf_node_t *root = NULL;
    uint64_t hash = 0;
    sgf_error_t e;
    if (sgf) {
        const char *text = cJSON_GetStringValue(sgf);
        if (!text) {
            web_error(r, 400, "bad field", "sgf must be the text of an SGF file.");
            return;
        }
        const cJSON *again = field(body, "duplicate");
        if (again && !cJSON_IsBool(again)) {
            web_error(r, 400, "bad field", "duplicate must be true or false.");
            return;
        }
        root = sgf_parse_bytes(text, strlen(text), &e);
        /* The settings given are part of what was asked for: the same file with other ones
         * makes another game. */
        char given[640];
        const web_time_control_t *tc = &o.clock;
        snprintf(given, sizeof given,
                 "%d:%d %d:%.17g %d:%s %d:%d %d:%d %d:%ld %d:%.17g %d:%d %d:%.17g %d:%d "
                 "%d:%d:%.17g:%d:%.17g:%d:%.17g",
                 o.has_size, o.size, o.has_komi, o.komi, o.has_rules,
                 o.has_rules ? o.rules.name : "", o.has_handicap, o.handicap, o.has_human,
                 (int)o.human, o.has_playouts, o.playouts, o.has_seconds, o.seconds, o.has_threads,
                 o.threads, o.has_resign, o.resign, o.has_engine, (int)o.engine, o.has_clock,
                 (int)tc->type, tc->main, tc->periods, tc->period, tc->stones, tc->increment);
        hash = root ? web_store_import_hash(root, given) : 0;
        /* The same file again: the game made from it (even when full), unless a new one is
         * asked for. */
        if (!cJSON_IsTrue(again) && reply_existing(w, hash, r)) {
            sgf_free(root);
            return;
        }
    }
    if (!check_room(w, r)) {
        sgf_free(root);
        return;
    }
    char id[WEB_ID_MAX + 1];
    new_id(w, id);
    web_game_t *g = NULL;
    if (sgf) {
        char err[256];
        if (root && !web_tree_fits(root, err, sizeof err)) {
            sgf_free(root);
            web_error(r, 413, "too large", "%s", err);
            return;
        }
        if (!root)
            snprintf(err, sizeof err, "%s", e.message);
        else
            g = web_store_game_from_sgf(w, id, root, &o, NULL, err, sizeof err);
        sgf_free(root);
        if (g) g->import_hash = hash;
        if (!g) {
            web_error(r, 400, "bad sgf", "The SGF cannot be loaded: %s", err);
            return;
        }
        const int entries = game_move_count(engine_game(g->engine));
        if (entries > WEB_MAX_HISTORY) {
            web_game_unref(g);
            web_error(r, 413, "too large",
                      "The SGF's main line has %d moves and setup nodes; a game here holds at "
                      "most %d.",
                      entries, WEB_MAX_HISTORY);
            return;
        }
    } else {
        rules_t rules;
        if (o.has_rules)
            rules = o.rules;
        else
            rules_preset(&rules, "chinese");
        const int size = o.has_size ? o.size : WEB_DEFAULT_SIZE;
        const int handicap = o.has_handicap ? o.handicap : 0;
        int points[WEB_MAX_HANDICAP];
        if (handicap >= 2 && game_fixed_handicap_points(size, handicap, points) != handicap) {
            web_error(r, 400, "bad field",
                      "A handicap of %d stones is not possible on %dx%d (7x7 and even sizes: up "
                      "to 4; below 7x7: none).",
                      handicap, size, size);
            return;
        }
        rules.komi = o.has_komi ? o.komi : handicap >= 2 ? 0.5 : rules.komi;
        const web_ai_t ai = {o.has_engine ? o.engine : ENGINE_MCTS,
                             o.has_playouts ? o.playouts : WEB_DEFAULT_PLAYOUTS,
                             o.has_seconds ? o.seconds : WEB_DEFAULT_SECONDS,
                             o.has_threads ? o.threads : 1,
                             o.has_resign ? o.resign : WEB_DEFAULT_RESIGN};
        g = web_game_new(w, id, size, &rules, o.has_human ? o.human : STONE_BLACK, &ai);
        if (!g) {
            web_error(r, 500, "out of memory", "Out of memory: the game cannot be made.");
            return;
        }
        if (handicap >= 2) game_fixed_handicap(engine_game(g->engine), handicap, NULL);
        web_game_sync_moves(g);
        if (o.has_clock) web_game_clock_set(g, &o.clock);
    }
    finish_create(w, g, r);
}

static void handle_delete(web_t *w, web_game_t *g, web_reply_t *r)
{
    const bool listed = remove_game(w, g);
    pthread_mutex_lock(&g->lock);
    const bool first = !g->deleted;
    g->deleted = true;
    const bool removed = web_store_remove(w, g->id);
    web_game_notify(g);
    /* Marked deleted first, so that a waiting genmove answers 404 whoever wakes first. */
    if (first) halt_job(w, g, STOP_ALL);
    pthread_mutex_unlock(&g->lock);
    if (listed) web_game_unref(g); /* the list's reference */
    if (!first) {
        web_error(r, 404, "not found", "No game %s.", g->id);
    } else if (!removed) {
        web_error(r, 500, "save failed", "The game was removed but its file could not be deleted.");
    } else {
        cJSON *j = cJSON_CreateObject();
        if (j) {
            cJSON_AddStringToObject(j, "id", g->id);
            cJSON_AddBoolToObject(j, "deleted", true);
        }
        web_reply_json(r, 200, j);
    }
}

/* May the game change now? 404 if it was deleted meanwhile, 409 while the AI thinks. Under the
 * lock. */
static bool check_idle(const web_game_t *g, web_reply_t *r)
{
    if (g->deleted) {
        web_error(r, 404, "not found", "No game %s: it was deleted.", g->id);
        return false;
    }
    if (!g->thinking || is_analyzing(g)) return true;
    web_error(r, 409, "ai thinking",
              "The AI is thinking: wait for its move, or ask for it at once (stop).");
    return false;
}

void web_illegal_move(web_reply_t *r, game_status_t s)
{
    switch (s) {
    case GAME_ILLEGAL_OCCUPIED:
        web_error(r, 409, "occupied", "That point is already occupied.");
        break;
    case GAME_ILLEGAL_SUICIDE:
        web_error(r, 409, "suicide",
                  "Suicide is not allowed: the stone would have no liberties and capture nothing.");
        break;
    case GAME_ILLEGAL_KO:
        web_error(r, 409, "ko", "Ko: you cannot retake the ko at once. Play elsewhere first.");
        break;
    case GAME_ILLEGAL_SUPERKO:
        web_error(r, 409, "superko", "Superko: that move would repeat an earlier position.");
        break;
    case GAME_ILLEGAL_GAME_OVER:
        web_error(r, 409, "game over", "The game is over.");
        break;
    default:
        web_error(r, 400, "bad move", "That is not a point of this board.");
        break;
    }
}

/* The player's request came after their time ran out: the game is over on time (saved). */
static void lost_on_time(web_game_t *g, web_reply_t *r)
{
    char err[256];
    web_game_changed(g, err, sizeof err);
    web_error(r, 409, "game over", "Your time ran out before that request: %s wins on time.",
              g->clock.flagged == STONE_BLACK ? "White" : "Black");
}

static void game_over_error(const web_game_t *g, web_reply_t *r)
{
    if (web_game_phase(g) == WEB_PHASE_SCORING)
        web_error(r, 409, "game over",
                  "The game has ended with two passes: count it (score) or take the passes back "
                  "(undo).");
    else
        web_error(r, 409, "game over", "The game is over.");
}

/* May the human play p (text: as sent) now? False after an error reply. Under the lock; only
 * reads the game, so an analysis may run meanwhile. */
static bool check_play(const web_game_t *g, const char *text, int p, web_reply_t *r)
{
    const game_t *game = engine_game(g->engine);
    game_status_t s;
    if (!check_idle(g, r)) {
    } else if (web_game_phase(g) != WEB_PHASE_PLAY) {
        game_over_error(g, r);
    } else if (p == POINT_NONE) {
        web_error(r, 400, "bad move", "\"%.20s\" is not a point of this %dx%d board nor \"pass\".",
                  text, game_size(game), game_size(game));
    } else if (game_to_move(game) != g->human) {
        web_error(r, 409, "not your turn", "It is not your turn: the AI (%s) is to move.",
                  web_color_name(game_to_move(game)));
    } else if ((s = game_check_move(game, g->human, p)) != GAME_OK) {
        web_illegal_move(r, s);
    } else {
        return true;
    }
    return false;
}

static void handle_play(web_t *w, web_game_t *g, const cJSON *body, web_reply_t *r)
{
    const cJSON *mv = field(body, "move");
    const char *text = cJSON_GetStringValue(mv);
    if (!text) {
        web_error(r, 400, "bad field", "move must be a point like \"D4\" or \"pass\".");
        return;
    }
    pthread_mutex_lock(&g->lock);
    game_t *game = engine_game(g->engine);
    const int p = strlen(text) < 8 ? board_point_from_gtp(game_board(game), text) : POINT_NONE;
    /* A move that is refused leaves an analysis running; one that is played ends it first. */
    if (!check_play(g, text, p, r) ||
        (is_analyzing(g) && !(end_analysis(w, g, r) && check_play(g, text, p, r)))) {
    } else {
        /* The player's turn is charged; a move that came after their time ran out loses. */
        web_clock_mark_t mark = {false, 0, -1};
        const bool in_time = web_game_clock_stop(g, true, &mark);
        const game_status_t s = in_time ? game_play(game, g->human, p) : GAME_OK;
        if (!in_time) {
            lost_on_time(g, r);
        } else if (s != GAME_OK) {
            web_illegal_move(r, s);
            web_game_clock_update(g, true); /* still their turn */
        } else {
            web_game_sync_moves(g);
            if (mark.valid) web_clock_set_mark(&g->clock, web_game_move_count(g) - 1, &mark);
            g->has_proposal = g->counted = false;
            if (game_end_reason(game) != GAME_END_PASSES) {
                reply_changed(r, g);
            } else if (run_job(w, g, WEB_JOB_STATUS, r)) {
                reply_state(r, 200, g);
            } else if (r->status == 429) {
                game_undo(game); /* busy: the pass is not made (its time stays charged) */
                web_game_sync_moves(g);
                web_game_clock_update(g, true);
            }
        }
    }
    pthread_mutex_unlock(&g->lock);
}

/* May the AI be asked to move now? False after an error reply. Under the lock. */
static bool check_genmove(const web_game_t *g, web_reply_t *r)
{
    if (!check_idle(g, r)) {
    } else if (web_game_phase(g) != WEB_PHASE_PLAY) {
        game_over_error(g, r);
    } else if (game_to_move(engine_game(g->engine)) == g->human) {
        web_error(r, 409, "not ai turn", "It is your turn (%s), not the AI's.",
                  web_color_name(g->human));
    } else {
        return true;
    }
    return false;
}

static void handle_genmove(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    if (!check_genmove(g, r) ||
        (is_analyzing(g) && !(end_analysis(w, g, r) && check_genmove(g, r)))) {
    } else if (run_job(w, g, WEB_JOB_GENMOVE, r)) {
        reply_state(r, 200, g);
    }
    pthread_mutex_unlock(&g->lock);
}

/* Is entry i a move of the human? */
static bool is_human_move(const web_game_t *g, int i)
{
    const game_move_t *m = game_move_at(engine_game(g->engine), i);
    return m && m->setup_index < 0 && m->color == g->human;
}

static bool is_ai_move(const web_game_t *g, int i)
{
    const game_move_t *m = game_move_at(engine_game(g->engine), i);
    return m && m->setup_index < 0 && m->color != g->human;
}

/* Take back the human's last move and the AI's moves after it; a resignation first (only it
 * when the human resigned). Returns whether anything changed. Under the lock. */
static bool undo_last_turn(web_game_t *g)
{
    game_t *game = engine_game(g->engine);
    if (game_end_reason(game) == GAME_END_RESIGN) {
        const bool human_resigned = game_winner(game) != g->human;
        game_undo(game);
        if (human_resigned) return true;
        (void)undo_last_turn(g);
        return true;
    }
    int i = game_move_count(game) - 1;
    while (is_ai_move(g, i))
        i--;
    if (!is_human_move(g, i)) return false;
    while (game_move_count(game) > i)
        game_undo(game);
    return true;
}

/* Has the human made a move (or resigned)? The AI's work is never thrown away for an undo that
 * would find nothing to take back. Under the lock. */
static bool has_human_turn(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    if (game_end_reason(game) == GAME_END_RESIGN) return true;
    for (int i = game_move_count(game) - 1; i >= 0; i--)
        if (is_human_move(g, i)) return true;
    return false;
}

/* A game lost on time cannot be taken back. Under the lock; false after an error reply. */
static bool check_not_lost_on_time(const web_game_t *g, web_reply_t *r)
{
    if (g->deleted || g->clock.flagged == STONE_EMPTY) return true;
    web_error(r, 409, "game over", "The game was lost on time: it cannot be taken back.");
    return false;
}

/* Clocks are not given back by an undo: the turn that ran until it is charged (no move: no
 * Fischer increment), then the human's turn starts again. */
static void handle_undo(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    if (!check_not_lost_on_time(g, r)) {
    } else if (!g->deleted && !has_human_turn(g)) {
        web_error(r, 409, "nothing to undo", "There is no move of yours to take back.");
    } else if (!stop_ai(w, g, STOP_ALL, r) || !check_not_lost_on_time(g, r)) {
    } else if (!web_game_clock_stop(g, false, NULL)) {
        lost_on_time(g, r);
    } else if ((web_tree_keep(g), undo_last_turn(g))) {
        /* The moves taken back stay in the game tree, a variation of the position now. */
        web_game_sync_moves(g);
        g->has_proposal = g->counted = false;
        web_game_clock_update(g, true);
        reply_changed(r, g);
    } else {
        web_tree_sync(g); /* nothing left the main line: the tree forgets web_tree_keep */
        web_game_clock_update(g, true);
        web_error(r, 409, "nothing to undo", "There is no move of yours to take back.");
    }
    pthread_mutex_unlock(&g->lock);
}

static void handle_resign(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    /* Refused before anything is stopped: a review analysis of a game that is over goes on. */
    if (!g->deleted && web_game_phase(g) == WEB_PHASE_OVER) {
        game_over_error(g, r);
    } else if (!stop_ai(w, g, STOP_RESIGN, r)) {
    } else if (web_game_phase(g) == WEB_PHASE_OVER) {
        game_over_error(g, r);
    } else {
        /* A resignation after the time ran out: the game was lost on time first. */
        if (web_game_clock_stop(g, false, NULL)) {
            game_resign(engine_game(g->engine), g->human);
            web_game_sync_moves(g);
        }
        reply_changed(r, g);
    }
    pthread_mutex_unlock(&g->lock);
}

/* May the game be counted now? False after an error reply. Under the lock. */
static bool check_score(const web_game_t *g, web_reply_t *r)
{
    const game_end_t end = game_end_reason(engine_game(g->engine));
    if (!check_idle(g, r)) {
    } else if (g->clock.flagged != STONE_EMPTY) {
        game_over_error(g, r);
    } else if (end == GAME_END_NONE) {
        web_error(r, 409, "still playing",
                  "The game is still being played: it is counted after two passes in a row.");
    } else if (end != GAME_END_PASSES) {
        game_over_error(g, r);
    } else {
        return true;
    }
    return false;
}

static void handle_score(web_t *w, web_game_t *g, const cJSON *body, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    const game_t *game = engine_game(g->engine);
    /* An analysis runs here only on a position of the past (review). */
    if (!check_score(g, r) || (is_analyzing(g) && !(end_analysis(w, g, r) && check_score(g, r)))) {
    } else {
        const cJSON *list = field(body, "dead");
        bool dead[BOARD_MAX_POINTS];
        char err[128];
        if (!list) {
            memcpy(dead, g->proposed_dead, sizeof dead); /* all false without a proposal */
        } else if (!web_parse_dead_list(game_board(game), list, dead, err, sizeof err)) {
            web_error(r, 400, "bad field", "%s", err);
            pthread_mutex_unlock(&g->lock);
            return;
        }
        memcpy(g->dead, dead, sizeof dead);
        g->counted = true;
        reply_changed(r, g);
    }
    pthread_mutex_unlock(&g->lock);
}

static void handle_stop(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    if (stop_ai(w, g, STOP_MOVE, r)) reply_state(r, 200, g);
    pthread_mutex_unlock(&g->lock);
}

/* May the position of n moves (count: the current one; n < 0: a variation's, in every phase) be
 * analysed now? False after an error reply. Under the lock. */
static bool check_analyze(const web_game_t *g, bool has_move, double n, web_reply_t *r)
{
    const int count = web_game_move_count(g);
    if (!check_idle(g, r)) {
    } else if (has_move && n < 0) {
        return true;
    } else if (has_move && n > count) {
        web_error(r, 400, "bad field", "move must be a whole number from 0 to %d.", count);
    } else if ((!has_move || n == count) && web_game_phase(g) != WEB_PHASE_PLAY) {
        /* A position of the past may be reviewed in every phase. */
        game_over_error(g, r);
    } else {
        return true;
    }
    return false;
}

/* The `node` field of analyze and copy: a node id of the game's tree, exclusive with `move`.
 * False after a 400 reply. */
static bool node_field(const cJSON *body, bool has_move, bool *has_node, double *node,
                       web_reply_t *r)
{
    if (!number_field(body, "node", 0, 999999999, true, has_node, node, r)) return false;
    if (has_move && *has_node) {
        web_error(r, 400, "bad field", "Give move or node, not both.");
        return false;
    }
    return true;
}

/* A request's node (has_node) as a position to use: a node of the main line becomes its move
 * number (*has_move, *move), one off it is found in *at (its game with want_game). False after
 * a 404 or 500 reply. Under the lock. */
static bool find_node_position(web_game_t *g, bool has_node, double node, bool want_game,
                               web_tree_at_t *at, bool *has_move, double *move, web_reply_t *r)
{
    *at = (web_tree_at_t){false, 0, 0, NULL};
    if (!has_node || g->deleted) return true;
    char err[256];
    const int status = web_tree_locate(g, (long)node, want_game, at, err, sizeof err);
    if (status != 200) {
        web_error(r, status, status == 404 ? "not found" : "out of memory", "%s", err);
        return false;
    }
    if (at->main) {
        *has_move = true;
        *move = at->number;
    }
    return true;
}

/* Start an analysis (docs/web.md, "Analysis"); one in progress is ended first, so a second
 * request starts it again with its own settings. Answers at once. */
static void handle_analyze(web_t *w, web_game_t *g, const cJSON *body, web_reply_t *r)
{
    bool has_seconds = false, has_move = false, has_node = false;
    double seconds = WEB_ANALYZE_DEFAULT_SECONDS, move = 0, node = 0;
    if (!number_field(body, "seconds", WEB_MIN_SECONDS, WEB_ANALYZE_MAX_SECONDS, false,
                      &has_seconds, &seconds, r) ||
        !number_field(body, "move", 0, 1e9, true, &has_move, &move, r) ||
        !node_field(body, has_move, &has_node, &node, r))
        return;
    pthread_mutex_lock(&g->lock);
    web_tree_at_t at;
    /* A variation's position is searched like a position of the past, in every phase. */
    const bool found = find_node_position(g, has_node, node, false, &at, &has_move, &move, r);
    const bool side = has_node && !at.main;
    if (side) {
        has_move = true;
        move = -1;
    }
    if (!found) {
    } else if (!g->deleted && is_reviewing(g)) {
        reviewing_error(r);
    } else if (!check_analyze(g, has_move, move, r) ||
               (is_analyzing(g) &&
                !(end_analysis(w, g, r) && check_analyze(g, has_move, move, r)))) {
    } else {
        g->analyze_seconds = seconds;
        g->analyze_node = side ? (long)node : -1;
        g->analyze_moves = has_move && !side ? (int)move : web_game_move_count(g);
        if (start_job(w, g, WEB_JOB_ANALYZE, r)) reply_state(r, 200, g);
    }
    pthread_mutex_unlock(&g->lock);
}

/* End an analysis (DELETE .../analyze); without one, nothing changes (a review goes on). Answers
 * once it ended. */
static void handle_analyze_stop(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    if (is_reviewing(g) || end_analysis(w, g, r)) reply_state(r, 200, g);
    pthread_mutex_unlock(&g->lock);
}

/* May the game be reviewed now? False after an error reply. Under the lock. */
static bool check_review(const web_game_t *g, web_reply_t *r)
{
    if (!check_idle(g, r)) {
    } else if (is_reviewing(g)) {
        reviewing_error(r);
    } else if (web_game_move_count(g) == 0) {
        web_error(r, 409, "no moves", "The game has no moves to review yet.");
    } else {
        return true;
    }
    return false;
}

/* Review the game (docs/web.md, "Game review"): every position searched in turn, in every phase;
 * an analysis in progress is ended first. Answers at once. */
static void handle_review(web_t *w, web_game_t *g, const cJSON *body, web_reply_t *r)
{
    bool has_playouts = false;
    double playouts = WEB_REVIEW_DEFAULT_PLAYOUTS;
    if (!number_field(body, "playouts", WEB_REVIEW_MIN_PLAYOUTS, WEB_REVIEW_MAX_PLAYOUTS, true,
                      &has_playouts, &playouts, r))
        return;
    pthread_mutex_lock(&g->lock);
    if (!check_review(g, r) ||
        (is_analyzing(g) && !(end_analysis(w, g, r) && check_review(g, r)))) {
    } else if (start_job(w, g, WEB_JOB_REVIEW, r)) {
        /* The job cannot start before the lock is given back: it finds the review reset. */
        web_review_reset(g, (long)playouts);
        reply_state(r, 200, g);
    }
    pthread_mutex_unlock(&g->lock);
}

/* Cancel a review (DELETE .../review): what it found so far is kept and saved; without one,
 * nothing changes (an analysis goes on). Answers once it ended. */
static void handle_review_stop(web_t *w, web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    if (!is_reviewing(g) || end_analysis(w, g, r)) reply_state(r, 200, g);
    pthread_mutex_unlock(&g->lock);
}

static void handle_copy(web_t *w, web_game_t *src, const cJSON *body, web_reply_t *r)
{
    web_options_t o;
    bool has_move = false, has_node = false;
    double move = 0, node = 0;
    if (!parse_options(body, &o, r) ||
        !number_field(body, "move", 0, 1e9, true, &has_move, &move, r) ||
        !node_field(body, has_move, &has_node, &node, r) || !check_room(w, r))
        return;
    char id[WEB_ID_MAX + 1], err[256] = "";
    new_id(w, id);
    pthread_mutex_lock(&src->lock);
    const int count = web_game_move_count(src);
    web_game_t *g = NULL;
    web_tree_at_t at = {false, 0, 0, NULL};
    if (src->deleted) {
        web_error(r, 404, "not found", "No game %s: it was deleted.", src->id);
    } else if (!find_node_position(src, has_node, node, true, &at, &has_move, &move, r)) {
    } else if (has_move && move > count) {
        web_error(r, 400, "bad field", "move must be a whole number from 0 to %d.", count);
    } else {
        g = web_game_copy(w, src, id, has_move ? (int)move : count, at.game ? &at : NULL, &o, err,
                          sizeof err);
        if (!g) web_error(r, 500, "out of memory", "The copy cannot be made: %s", err);
    }
    game_free(at.game);
    pthread_mutex_unlock(&src->lock);
    if (g) finish_create(w, g, r);
}

static void handle_sgf(web_game_t *g, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    char *text = web_store_sgf(g);
    pthread_mutex_unlock(&g->lock);
    if (!text) {
        web_error(r, 500, "out of memory", "Out of memory writing the SGF.");
        return;
    }
    r->status = 200;
    r->body = text;
    r->len = strlen(text);
    r->content_type = "application/x-go-sgf; charset=utf-8";
    snprintf(r->disposition, sizeof r->disposition, "attachment; filename=\"tengen-%s.sgf\"",
             g->id);
}

static void handle_position(web_game_t *g, const char *query, web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    const int count = web_game_move_count(g);
    long n = -1;
    if (query && query[0] && strlen(query) <= 7 && strspn(query, "0123456789") == strlen(query))
        n = strtol(query, NULL, 10);
    if (n < 0 || n > count) {
        web_error(r, 400, "bad field", "move must be a whole number from 0 to %d.", count);
    } else {
        cJSON *j = web_game_position(g, (int)n);
        if (j)
            web_reply_json(r, 200, j);
        else
            web_error(r, 500, "out of memory", "Out of memory.");
    }
    pthread_mutex_unlock(&g->lock);
}

/* ---- routing ---- */

static void method_error(web_reply_t *r, const char *method, const char *allow)
{
    web_error(r, 405, "method", "%s is not allowed here; use %s.", method, allow);
    r->allow = allow;
}

static bool is_get(const char *method)
{
    return !strcmp(method, "GET") || !strcmp(method, "HEAD");
}

/* The game tree's paths (http_tree.c): GET .../tree; GET, POST and DELETE .../tree/{node}. */
static void route_tree(web_t *w, const char *method, const char *id, const char *node,
                       const char *body, size_t len, web_reply_t *r)
{
    const bool post = !strcmp(method, "POST"), del = !strcmp(method, "DELETE");
    if (!is_get(method) && (!node || !(post || del))) {
        method_error(r, method, node ? "GET, POST, DELETE" : "GET");
        return;
    }
    cJSON *json = NULL;
    if (post && !web_parse_body(body, len, &json, r)) return;
    web_game_t *g = NULL;
    if (!web_is_valid_id(id))
        web_error(r, 404, "not found", "No game %.64s.", id);
    else
        g = web_acquire_game(w, id, true, r);
    if (g) {
        web_tree_handle(g, method, node, json, r);
        web_release_game(g);
    }
    cJSON_Delete(json);
}

void web_api_handle(web_t *w, const char *method, const char *path, const char *query_move,
                    const char *body, size_t len, web_reply_t *r)
{
    memset(r, 0, sizeof *r);
    /* Split "/api/a/b/c/d" (one trailing slash allowed): more than four parts are refused. */
    char buf[256];
    const size_t n = strlen(path);
    if (n < 5 || n >= sizeof buf || strncmp(path, "/api/", 5)) {
        web_error(r, 404, "not found", "No such path.");
        return;
    }
    memcpy(buf, path + 5, n - 4);
    size_t m = n - 5;
    if (m > 0 && buf[m - 1] == '/') buf[--m] = '\0';
    char *part[5] = {NULL, NULL, NULL, NULL, NULL};
    int parts = 0;
    for (char *s = buf; parts < 5;) {
        part[parts++] = s;
        char *slash = strchr(s, '/');
        if (!slash) break;
        *slash = '\0';
        s = slash + 1;
    }
    const bool post = !strcmp(method, "POST");
    if (parts == 1 && !strcmp(part[0], "status")) {
        if (is_get(method))
            handle_status(w, r);
        else
            method_error(r, method, "GET");
        return;
    }
    if ((parts == 3 || parts == 4) && !strcmp(part[0], "games") && !strcmp(part[2], "tree")) {
        route_tree(w, method, part[1], parts == 4 ? part[3] : NULL, body, len, r);
        return;
    }
    if (parts < 1 || parts > 3 || strcmp(part[0], "games")) {
        web_error(r, 404, "not found", "No such path.");
        return;
    }
    static const char *const POST_ACTIONS[] = {"play", "genmove", "undo",    "resign", "score",
                                               "stop", "copy",    "analyze", "review", NULL};
    static const char *const GET_ACTIONS[] = {"sgf", "position", "analysis", NULL};
    bool is_post_action = false, is_get_action = false;
    if (parts == 3) {
        for (int i = 0; POST_ACTIONS[i]; i++)
            is_post_action = is_post_action || !strcmp(part[2], POST_ACTIONS[i]);
        for (int i = 0; GET_ACTIONS[i]; i++)
            is_get_action = is_get_action || !strcmp(part[2], GET_ACTIONS[i]);
        if (!is_post_action && !is_get_action) {
            web_error(r, 404, "not found", "No such path.");
            return;
        }
    }
    /* The method first: a wrong method is 405 whatever the body or the game. */
    const bool analyze = parts == 3 && !strcmp(part[2], "analyze");
    const bool review = parts == 3 && !strcmp(part[2], "review");
    const char *allow = parts == 1          ? "GET, POST"
                        : parts == 2        ? "GET, DELETE"
                        : analyze || review ? "POST, DELETE"
                        : is_post_action    ? "POST"
                                            : "GET";
    const bool del = !strcmp(method, "DELETE");
    const bool allowed = parts == 1          ? is_get(method) || post
                         : parts == 2        ? is_get(method) || del
                         : analyze || review ? post || del
                         : is_post_action    ? post
                                             : is_get(method);
    if (!allowed) {
        method_error(r, method, allow);
        return;
    }
    cJSON *json = NULL;
    if (post && !web_parse_body(body, len, &json, r)) return;
    if (parts == 1) {
        if (post)
            handle_create(w, json, r);
        else
            handle_list(w, r);
        cJSON_Delete(json);
        return;
    }
    /* DELETE of a game needs only the file: an unloaded game is not loaded for it. */
    const bool deleting = parts == 2 && del;
    web_game_t *g = NULL;
    if (!web_is_valid_id(part[1]))
        web_error(r, 404, "not found", "No game %.64s.", part[1]);
    else if (parts == 3 && web_team_refuses(w, part[1], part[2], r))
        ; /* a team game's moves are voted */
    else
        g = web_acquire_game(w, part[1], !deleting, r);
    if (!g) {
        cJSON_Delete(json);
        return;
    }
    if (!deleting) {
        /* Every request sees the clocks as they are now (a loss on time, a clock to start). */
        pthread_mutex_lock(&g->lock);
        web_game_clock_update(g, true);
        pthread_mutex_unlock(&g->lock);
    }
    if (parts == 2) {
        if (deleting) {
            handle_delete(w, g, r);
        } else {
            pthread_mutex_lock(&g->lock);
            reply_state(r, 200, g);
            pthread_mutex_unlock(&g->lock);
        }
    } else if (!strcmp(part[2], "play")) {
        handle_play(w, g, json, r);
    } else if (!strcmp(part[2], "genmove")) {
        handle_genmove(w, g, r);
    } else if (!strcmp(part[2], "undo")) {
        handle_undo(w, g, r);
    } else if (!strcmp(part[2], "resign")) {
        handle_resign(w, g, r);
    } else if (!strcmp(part[2], "stop")) {
        handle_stop(w, g, r);
    } else if (!strcmp(part[2], "copy")) {
        handle_copy(w, g, json, r);
    } else if (analyze) {
        if (post)
            handle_analyze(w, g, json, r);
        else
            handle_analyze_stop(w, g, r);
    } else if (review) {
        if (post)
            handle_review(w, g, json, r);
        else
            handle_review_stop(w, g, r);
    } else if (!strcmp(part[2], "score")) {
        handle_score(w, g, json, r);
    } else if (!strcmp(part[2], "sgf")) {
        handle_sgf(g, r);
    } else if (!strcmp(part[2], "position")) {
        handle_position(g, query_move, r);
    } else {
        /* analysis: http_server.c streams it before the API is asked (HEAD lands here). */
        web_reply_json(r, 200, cJSON_CreateObject());
    }
    web_release_game(g);
    cJSON_Delete(json);
}
