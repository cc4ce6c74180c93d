/* test_http_api.c - the web server's JSON API (src/http) called directly, without HTTP: a game
 * created, played and counted through web_api_handle; hostile input (random bytes, truncated and
 * mutated JSON, odd paths and methods) never crashes it and always gets a JSON error with one of
 * the documented statuses; the data folder round trip (close, open again: same games, same
 * moves, the count and the last search kept); "move now" and undo and delete while the AI
 * searches (from another thread, as a second browser tab would); copies of the first moves; the
 * engine choice (alpha-beta) through a reload; a game review (kept, ended midway); the checks of
 * Host, Origin and Content-Type; the clocks (the arithmetic of every time control, the `clock`
 * field's validation, the engine's time plan from the clock, a loss on time noticed without a
 * move, and clocks through a reload); the game tree (through an unload and a restart, with stable
 * node ids, undo keeping variations, markup, the analysis and copy of a variation's position). Runs
 * under ASan+UBSan like every test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ascii_board.h"
#include "http/http_internal.h"
#include "tengen/rng.h"

static char data_dir[] = "/tmp/tengen-test-http-XXXXXX";

static web_t *open_server(void)
{
    web_config_t cfg;
    web_config_default(&cfg);
    cfg.data_dir = data_dir;
    cfg.threads = 1;
    cfg.queue = 4;
    cfg.memory_mb = 8;
    web_t *w = web_open(&cfg);
    assert_non_null(w);
    return w;
}

/* Call the API; returns the status, the reply's JSON in *out (caller frees; may be NULL). */
static int call(web_t *w, const char *method, const char *path, const char *body, cJSON **out)
{
    web_reply_t r;
    web_api_handle(w, method, path, NULL, body, body ? strlen(body) : 0, &r);
    cJSON *j = r.body ? cJSON_ParseWithLength(r.body, r.len) : NULL;
    const int status = r.status;
    web_reply_free(&r);
    if (out)
        *out = j;
    else
        cJSON_Delete(j);
    return status;
}

/* call() in another thread: a request that waits (genmove) while the test sends others. */
typedef struct background {
    web_t *w;
    char path[128];
    int status;
    cJSON *reply;
    pthread_t thread;
} background_t;

static void *background_main(void *arg)
{
    background_t *b = arg;
    b->status = call(b->w, "POST", b->path, NULL, &b->reply);
    return NULL;
}

static void background_start(background_t *b, web_t *w, const char *path)
{
    memset(b, 0, sizeof *b);
    b->w = w;
    snprintf(b->path, sizeof b->path, "%s", path);
    assert_int_equal(pthread_create(&b->thread, NULL, background_main, b), 0);
}

static int background_end(background_t *b)
{
    pthread_join(b->thread, NULL);
    cJSON_Delete(b->reply);
    b->reply = NULL;
    return b->status;
}

/* Until a pool thread runs the game's job (at most about 20 s). */
static void wait_started(web_t *w, const char *id)
{
    web_game_t *g = web_find_game(w, id);
    assert_non_null(g);
    bool started = false;
    for (int i = 0; i < 2000 && !started; i++) {
        pthread_mutex_lock(&g->lock);
        started = g->job_started;
        pthread_mutex_unlock(&g->lock);
        const struct timespec pause = {0, 10000000};
        if (!started) nanosleep(&pause, NULL);
    }
    web_game_unref(g);
    assert_true(started);
}

static const char *text_of(const cJSON *j, const char *name)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, name));
}

static double number_of(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);
    assert_true(cJSON_IsNumber(v));
    return v->valuedouble;
}

static void remove_data_dir(void)
{
    DIR *d = opendir(data_dir);
    if (!d) return;
    const struct dirent *e;
    char path[512];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", data_dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(data_dir);
}

static int setup(void **state)
{
    (void)state;
    strcpy(data_dir, "/tmp/tengen-test-http-XXXXXX");
    return mkdtemp(data_dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    remove_data_dir();
    return 0;
}

/* A game to the count: human stones, AI moves, passes, the proposal, a disputed count. */
static void test_game_to_count(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games", "{\"size\":5,\"komi\":0.5,\"playouts\":60}", &j),
                     201);
    char id[WEB_ID_MAX + 1], path[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    assert_string_equal(text_of(j, "phase"), "play");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/play", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"C3\"}", &j), 200);
    assert_string_equal(text_of(j, "to_move"), "white");
    cJSON_Delete(j);
    char gen[128];
    snprintf(gen, sizeof gen, "/api/games/%s/genmove", id);
    /* The human passes until the AI passes too (or resigns). */
    const char *phase = "play";
    for (int i = 0; i < 40 && !strcmp(phase, "play"); i++) {
        assert_int_equal(call(w, "POST", gen, NULL, &j), 200);
        phase = text_of(j, "phase");
        const bool playing = !strcmp(phase, "play");
        cJSON_Delete(j);
        if (!playing) {
            phase = "ended";
            break;
        }
        assert_int_equal(call(w, "POST", path, "{\"move\":\"pass\"}", &j), 200);
        phase = !strcmp(text_of(j, "phase"), "play") ? "play" : "ended";
        cJSON_Delete(j);
    }
    assert_string_equal(phase, "ended");
    char game[128], score[128];
    snprintf(game, sizeof game, "/api/games/%s", id);
    snprintf(score, sizeof score, "/api/games/%s/score", id);
    assert_int_equal(call(w, "GET", game, NULL, &j), 200);
    if (!strcmp(text_of(j, "phase"), "scoring")) {
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(j, "scoring");
        assert_true(cJSON_IsObject(sc));
        const double margin = number_of(sc, "margin");
        assert_true(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(sc, "proposed_dead")));
        cJSON_Delete(j);
        assert_int_equal(call(w, "POST", score, NULL, &j), 200);
        assert_string_equal(text_of(j, "phase"), "over");
        assert_true(number_of(cJSON_GetObjectItemCaseSensitive(j, "scoring"), "margin") == margin);
        cJSON_Delete(j);
        /* Nothing dead: a count of the stones as they stand. */
        assert_int_equal(call(w, "POST", score, "{\"dead\":[]}", &j), 200);
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(
                             cJSON_GetObjectItemCaseSensitive(j, "scoring"), "dead")),
                         0);
    }
    cJSON_Delete(j);
    assert_true(web_close(w));
}

/* Random bytes and mutated JSON to every route: always a reply with a documented status, and
 * every error is JSON with "error" and "reason". */
static void test_hostile_input(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games", "{\"size\":9,\"playouts\":20}", &j), 201);
    char id[WEB_ID_MAX + 1];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    const char *paths[] = {"/api/games",
                           "/api/status",
                           "/api/games/%s",
                           "/api/games/%s/play",
                           "/api/games/%s/score",
                           "/api/games/%s/undo",
                           "/api/games/%s/resign",
                           "/api/games/%s/sgf",
                           "/api/games/%s/position",
                           "/api/games/%s/x",
                           "/api/games/%s/play/more",
                           "/api/",
                           "/api/games//play",
                           "/api/%s%s",
                           "/api/games/%s/genmove",
                           "/api/games/%s/stop",
                           "/api/games/%s/copy",
                           "/api/games/%s/tree",
                           "/api/games/%s/tree/0",
                           "/api/games/%s/tree/1",
                           "/api/games/%s/tree/0/x",
                           "/api/games/%s/tree/%s"};
    const char *methods[] = {"GET", "POST", "DELETE", "PUT", "HEAD", "OPTIONS"};
    const char *seeds[] = {"{\"move\":3}",
                           "{\"dead\":[\"D4\",\"E5\"]}",
                           "{\"size\":9,\"komi\":7.5,\"rules\":\"japanese\",\"handicap\":2}",
                           "{\"sgf\":\"(;SZ[9];B[dd];W[ee])\"}",
                           "{\"move\":\"pass\"}",
                           "{\"move\":\"C3\"}",
                           "{\"comment\":\"a note\"}"};
    const int num_seeds = (int)(sizeof seeds / sizeof seeds[0]);
    rng_t rng;
    rng_seed(&rng, 7);
    const int rounds = 3000 / test_scale();
    char body[256], path[256];
    int counts[6] = {0};
    for (int i = 0; i < rounds; i++) {
        const char *seed = seeds[rng_next(&rng) % (uint64_t)num_seeds];
        size_t n = strlen(seed);
        memcpy(body, seed, n + 1);
        switch (rng_next(&rng) % 4) {
        case 0: /* truncated */
            n = rng_next(&rng) % (n + 1);
            break;
        case 1: /* a few bytes changed, NUL and high bytes included */
            for (int k = 0; k < 3; k++)
                body[rng_next(&rng) % n] = (char)(rng_next(&rng) % 256);
            break;
        case 2: /* random bytes */
            n = rng_next(&rng) % 64;
            for (size_t k = 0; k < n; k++)
                body[k] = (char)(rng_next(&rng) % 256);
            break;
        default:
            break;
        }
        body[n] = '\0';
        snprintf(path, sizeof path, paths[rng_next(&rng) % (sizeof paths / sizeof paths[0])], id,
                 id);
        const char *method = methods[rng_next(&rng) % 6];
        web_reply_t r;
        web_api_handle(w, method, path, (rng_next(&rng) & 1) ? body : NULL, body, n, &r);
        const int s = r.status;
        assert_true(s == 200 || s == 201 || s == 400 || s == 404 || s == 405 || s == 409 ||
                    s == 429);
        if (s >= 400) {
            j = cJSON_ParseWithLength(r.body, r.len);
            assert_non_null(text_of(j, "error"));
            assert_non_null(text_of(j, "reason"));
            cJSON_Delete(j);
        }
        web_reply_free(&r);
        counts[s / 100]++;
    }
    /* Both kinds of answers were exercised. */
    assert_true(counts[2] > 0 && counts[4] > 0);
    assert_true(web_close(w));
}

/* The id of the first node of a tree answer with this move (vertex) on or off the main line;
 * -1 if none. */
static int node_with(const cJSON *tree, const char *move, bool main)
{
    const cJSON *n;
    cJSON_ArrayForEach(n, cJSON_GetObjectItemCaseSensitive(tree, "nodes"))
    {
        const char *m = text_of(n, "move");
        if (m && !strcmp(m, move) &&
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(n, "main")) == main)
            return (int)number_of(n, "id");
    }
    return -1;
}

static char *tree_text(web_t *w, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    cJSON *j;
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return text;
}

/* The game tree: an import's variations replayed and kept through an unload and a restart (the
 * same tree), a move tried and commented beside the game, a tried move played (the main line
 * then) and taken back, variations that do not replay or are too large refused. */
static void test_tree(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    const char *sgf = "{\"sgf\":\"(;SZ[9]GN[Tree];B[ee]C[one](;W[cc];B[gg])(;W[gg]C[v];B[cc]"
                      "(;W[dd])(;W[ff]N[here]))(;W[ec]))\",\"playouts\":20}";
    assert_int_equal(call(w, "POST", "/api/games", sgf, &j), 201);
    char id[WEB_ID_MAX + 1], path[160];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    char *before = tree_text(w, id);
    assert_non_null(strstr(before, "\"variation_nodes\":5"));
    /* Out of memory and back from its file: the same tree. */
    web_game_t *g = web_find_game(w, id);
    assert_true(web_game_unload(g));
    web_game_unref(g);
    char *after = tree_text(w, id);
    assert_string_equal(before, after);
    free(after);
    /* A move tried after W F4 (ff), with a comment: the game is left alone. */
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    const int ff = node_with(j, "F4", false), last = node_with(j, "G3", true);
    cJSON_Delete(j);
    assert_true(ff > 0 && last > 0);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, ff);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"c3\"}", &j), 201);
    const int tried = (int)number_of(j, "node");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, tried);
    assert_int_equal(call(w, "POST", path, "{\"comment\":\"tried\"}", NULL), 200);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_string_equal(text_of(j, "last_move"), "C3");
    assert_string_equal(text_of(j, "to_move"), "white");
    assert_string_equal(text_of(j, "comment"), "tried");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_int_equal((int)number_of(j, "move_number"), 3);
    cJSON_Delete(j);
    /* A restart keeps it, and the file's other properties. */
    assert_true(web_close(w));
    w = open_server();
    snprintf(path, sizeof path, "/api/games/%s/sgf", id);
    web_reply_t r;
    web_api_handle(w, "GET", path, NULL, NULL, 0, &r);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "GN[Tree]"));
    assert_non_null(strstr(r.body, "(;W[ff]N[here]XID["));
    assert_non_null(strstr(r.body, ";B[cg]C[tried]XID["));
    web_reply_free(&r);
    after = tree_text(w, id);
    assert_non_null(strstr(after, "\"move\":\"C3\",\"comment\":\"tried\""));
    assert_non_null(strstr(after, "\"variation_nodes\":6"));
    free(after);
    /* Tried at the game's last position, then played: the main line; an undo takes it back. */
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    const int end = node_with(j, "G3", true);
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, end);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"A1\"}", NULL), 201);
    snprintf(path, sizeof path, "/api/games/%s/play", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"A1\"}", NULL), 200);
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_true(node_with(j, "A1", true) > 0);
    assert_int_equal((int)number_of(j, "variation_nodes"), 6);
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/undo", id);
    assert_int_equal(call(w, "POST", path, NULL, NULL), 200);
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_int_equal(node_with(j, "A1", true), -1);
    assert_true(node_with(j, "A1", false) > 0);
    cJSON_Delete(j);
    free(before);
    /* Comments up to the text limit: a chain of passes tried, a long comment on each. */
    char *comment = malloc(WEB_MAX_COMMENT_BYTES + 32);
    assert_non_null(comment);
    int at = end, accepted = 0, status = 200;
    for (int i = 0; i < 20 && status == 200; i++) {
        snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, at);
        assert_int_equal(call(w, "POST", path, "{\"move\":\"pass\"}", &j), 201);
        at = (int)number_of(j, "node");
        cJSON_Delete(j);
        snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, at);
        const int len = sprintf(comment, "{\"comment\":\"");
        memset(comment + len, 'x', WEB_MAX_COMMENT_BYTES);
        strcpy(comment + len + WEB_MAX_COMMENT_BYTES, "\"}");
        status = call(w, "POST", path, comment, &j);
        if (status == 200) accepted++;
        cJSON_Delete(j);
    }
    assert_int_equal(status, 413);
    assert_int_equal(accepted, WEB_MAX_TREE_TEXT / WEB_MAX_COMMENT_BYTES - 1);
    free(comment);
    /* Refused imports. */
    assert_int_equal(
        call(w, "POST", "/api/games", "{\"sgf\":\"(;SZ[9];B[ee](;W[cc])(;W[ee]))\"}", &j), 400);
    assert_non_null(strstr(text_of(j, "error"), "a variation does not replay"));
    cJSON_Delete(j);
    char *wide = malloc(16 * (WEB_MAX_VARIATION_NODES + 2) + 64);
    assert_non_null(wide);
    size_t n = (size_t)sprintf(wide, "{\"sgf\":\"(;SZ[9];B[ee](;W[cc])");
    for (int i = 0; i <= WEB_MAX_VARIATION_NODES; i++)
        n += (size_t)sprintf(wide + n, "(;W[aa])");
    sprintf(wide + n, ")\"}");
    assert_int_equal(call(w, "POST", "/api/games", wide, &j), 413);
    assert_string_equal(text_of(j, "reason"), "too large");
    cJSON_Delete(j);
    free(wide);
    assert_true(web_close(w));
}

/* The tree of a game (GET), parsed. */
static cJSON *get_tree(web_t *w, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/tree", id);
    cJSON *j;
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    return j;
}

/* The node of a tree answer with this id. */
static const cJSON *tree_node(const cJSON *tree, int id)
{
    const cJSON *n;
    cJSON_ArrayForEach(n, cJSON_GetObjectItemCaseSensitive(tree, "nodes"))
    {
        if ((int)number_of(n, "id") == id) return n;
    }
    fail_msg("no node %d", id);
    return NULL;
}

/* The largest node id of a tree answer. */
static int largest_id(const cJSON *tree)
{
    int largest = -1;
    const cJSON *n;
    cJSON_ArrayForEach(n, cJSON_GetObjectItemCaseSensitive(tree, "nodes"))
    {
        if ((int)number_of(n, "id") > largest) largest = (int)number_of(n, "id");
    }
    return largest;
}

static char *last_analysis_text(web_t *w, const char *id);

/* Studying with the tree: node ids that stay through an unload and a restart (a deleted one is
 * never given again), moves taken back kept as a variation with their comment and played
 * again, markup, the analysis of a variation's position, and copies of a variation's position
 * and of a main-line position that keep the whole tree. */
static void test_tree_study(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    const char *sgf = "{\"sgf\":\"(;SZ[9];B[ee];W[cc];B[gg]C[gg comment](;W[gc])"
                      "(;W[dd]TR[aa][bb]SQ[cc:dd]LB[ee:A]))\",\"human\":\"black\","
                      "\"playouts\":20}";
    assert_int_equal(call(w, "POST", "/api/games", sgf, &j), 201);
    char id[WEB_ID_MAX + 1], path[160];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);

    /* Markup of the node shown, as vertices. */
    j = get_tree(w, id);
    const int dd = node_with(j, "D6", false);
    assert_true(dd > 0);
    char *markup = cJSON_PrintUnformatted(cJSON_GetObjectItem(tree_node(j, dd), "markup"));
    assert_string_equal(markup, "{\"triangle\":[\"A9\",\"B8\"],\"square\":[\"C7\",\"D7\","
                                "\"C6\",\"D6\"],\"labels\":[{\"at\":\"E5\",\"text\":\"A\"}]}");
    free(markup);
    cJSON_Delete(j);

    /* Ids: a deleted node's id is never given again, through an unload and a restart. */
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, dd);
    assert_int_equal(call(w, "DELETE", path, NULL, NULL), 200);
    j = get_tree(w, id);
    const int gg = node_with(j, "G3", true);
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, gg);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"D6\"}", &j), 201);
    const int dd2 = (int)number_of(j, "node");
    cJSON_Delete(j);
    assert_true(dd2 > dd);
    /* The main line's last node deleted out of the way: ids that preorder would not give. */
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, dd2);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"A1\"}", &j), 201);
    const int a1 = (int)number_of(j, "node");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, a1);
    assert_int_equal(call(w, "DELETE", path, NULL, NULL), 200);
    char *before = tree_text(w, id);
    web_game_t *g = web_find_game(w, id);
    assert_true(web_game_unload(g));
    web_game_unref(g);
    char *after = tree_text(w, id);
    assert_string_equal(before, after);
    free(after);
    assert_true(web_close(w));
    w = open_server();
    after = tree_text(w, id);
    assert_string_equal(before, after);
    free(after);
    free(before);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, dd2);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"B1\"}", &j), 201);
    assert_true((int)number_of(j, "node") > a1);
    const int b1 = (int)number_of(j, "node");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/tree/%d", id, b1);
    assert_int_equal(call(w, "DELETE", path, NULL, NULL), 200);

    /* An undo keeps the moves it takes back (B G3 with its comment, W G7) and the variation
     * after them: a variation of the position before them. */
    snprintf(path, sizeof path, "/api/games/%s/undo", id);
    assert_int_equal(call(w, "POST", path, NULL, &j), 200);
    assert_int_equal((int)number_of(j, "move_number"), 2);
    assert_null(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "comments"), "3"));
    cJSON_Delete(j);
    j = get_tree(w, id);
    assert_int_equal((int)number_of(j, "variation_nodes"), 3);
    assert_int_equal(node_with(j, "G3", false), gg);
    assert_string_equal(text_of(tree_node(j, gg), "comment"), "gg comment");
    const int gc = node_with(j, "G7", false);
    assert_true(gc > 0);
    assert_int_equal((int)number_of(tree_node(j, gc), "parent"), gg);
    assert_int_equal((int)number_of(tree_node(j, dd2), "parent"), gg);
    cJSON_Delete(j);
    /* Saved, they are the first variation of the game's last position, which an SGF reader
     * takes for the main line: the game still ends where it did, through an unload and a restart.
     */
    before = tree_text(w, id);
    g = web_find_game(w, id);
    assert_true(web_game_unload(g));
    web_game_unref(g);
    after = tree_text(w, id);
    assert_string_equal(before, after);
    free(after);
    assert_true(web_close(w));
    w = open_server();
    after = tree_text(w, id);
    assert_string_equal(before, after);
    free(after);
    free(before);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_int_equal((int)number_of(j, "move_number"), 2);
    cJSON_Delete(j);

    /* The analysis of a variation's position: its events name the node; the game's last
     * analysis is left alone. */
    snprintf(path, sizeof path, "/api/games/%s/analyze", id);
    char body[96];
    snprintf(body, sizeof body, "{\"node\":%d,\"seconds\":0.3}", gc);
    assert_int_equal(call(w, "POST", path, body, &j), 200);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "analyzing")));
    cJSON_Delete(j);
    g = web_find_game(w, id);
    bool analyzing = true;
    for (int i = 0; i < 3000 && analyzing; i++) {
        const struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&g->lock);
        analyzing = g->thinking;
        pthread_mutex_unlock(&g->lock);
    }
    assert_false(analyzing);
    pthread_mutex_lock(&g->lock);
    cJSON *event = cJSON_Parse(g->analysis);
    pthread_mutex_unlock(&g->lock);
    web_game_unref(g);
    assert_non_null(event);
    assert_int_equal((int)number_of(event, "node"), gc);
    assert_int_equal((int)number_of(event, "move_number"), 4);
    assert_string_equal(text_of(event, "to_move"), "black");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(event, "final")));
    assert_true(number_of(event, "playouts") > 0);
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(event, "candidates")) > 0);
    cJSON_Delete(event);
    assert_null(last_analysis_text(w, id));
    snprintf(body, sizeof body, "{\"node\":%d,\"move\":1}", gc);
    assert_int_equal(call(w, "POST", path, body, NULL), 400);
    assert_int_equal(call(w, "POST", path, "{\"node\":99999}", NULL), 404);
    assert_int_equal(call(w, "DELETE", path, NULL, NULL), 200);

    /* A copy of the variation's position: its moves are the copy's main line (B G3 keeps its
     * comment), the game's own continuation is kept as a variation; the source is unchanged. */
    snprintf(path, sizeof path, "/api/games/%s/copy", id);
    snprintf(body, sizeof body, "{\"node\":%d}", gc);
    assert_int_equal(call(w, "POST", path, body, &j), 201);
    char copy[WEB_ID_MAX + 1];
    snprintf(copy, sizeof copy, "%s", text_of(j, "id"));
    assert_int_equal((int)number_of(j, "move_number"), 4);
    assert_string_equal(text_of(j, "last_move"), "G7");
    assert_string_equal(text_of(cJSON_GetObjectItem(j, "comments"), "3"), "gg comment");
    cJSON_Delete(j);
    j = get_tree(w, copy);
    assert_int_equal(node_with(j, "G3", true), gg);
    assert_int_equal(node_with(j, "G7", true), gc);
    assert_int_equal(node_with(j, "D6", false), dd2);
    assert_int_equal((int)number_of(j, "variation_nodes"), 1);
    cJSON_Delete(j);
    snprintf(body, sizeof body, "{\"node\":%d,\"move\":1}", gc);
    assert_int_equal(call(w, "POST", path, body, NULL), 400);
    assert_int_equal(call(w, "POST", path, "{\"node\":99999}", NULL), 404);
    /* A copy of move 1: what follows is a variation of it. */
    assert_int_equal(call(w, "POST", path, "{\"move\":1}", &j), 201);
    snprintf(copy, sizeof copy, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    j = get_tree(w, copy);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(j, "nodes")), 6);
    assert_int_equal((int)number_of(j, "variation_nodes"), 4);
    assert_true(node_with(j, "C7", false) > 0);
    assert_true(largest_id(j) >= dd2);
    cJSON_Delete(j);

    /* Played again, B G3 is the main line once more, its comment the game's. */
    snprintf(path, sizeof path, "/api/games/%s/play", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"G3\"}", &j), 200);
    assert_string_equal(text_of(cJSON_GetObjectItem(j, "comments"), "3"), "gg comment");
    cJSON_Delete(j);
    j = get_tree(w, id);
    assert_int_equal(node_with(j, "G3", true), gg);
    assert_int_equal((int)number_of(j, "variation_nodes"), 2);
    cJSON_Delete(j);
    assert_true(web_close(w));
}

/* The last search's summary of a game, printed (NULL if none). */
static char *last_analysis_text(web_t *w, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    cJSON *j;
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(j, "last_analysis");
    char *text = cJSON_IsObject(a) ? cJSON_PrintUnformatted(a) : NULL;
    cJSON_Delete(j);
    return text;
}

/* The "created" and "updated" times of a game's state, as one string. */
static char *times_of(web_t *w, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    cJSON *j;
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    char *text = malloc(128);
    assert_non_null(text);
    snprintf(text, 128, "%s %s", text_of(j, "created"), text_of(j, "updated"));
    cJSON_Delete(j);
    return text;
}

/* Close and open again: the same games with the same moves, phases and times, and the last
 * search. */
static void test_reload(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games", "{\"size\":5,\"playouts\":50}", &j), 201);
    char searched[WEB_ID_MAX + 1], p[128];
    snprintf(searched, sizeof searched, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    assert_null(last_analysis_text(w, searched));
    snprintf(p, sizeof p, "/api/games/%s/play", searched);
    assert_int_equal(call(w, "POST", p, "{\"move\":\"C3\"}", NULL), 200);
    snprintf(p, sizeof p, "/api/games/%s/genmove", searched);
    assert_int_equal(call(w, "POST", p, NULL, NULL), 200);
    char *analysis = last_analysis_text(w, searched);
    assert_non_null(analysis);
    assert_non_null(strstr(analysis, "{\"move_number\":1,\"to_move\":\"white\","));
    assert_non_null(strstr(analysis, "\"ownership\":[["));
    /* The file's own time is only for a file without TGWEB times: a save that ends a second
     * later, or a copied folder, changes nothing (a game made and moved in one second once took
     * its file's time). */
    char *times = times_of(w, searched), file[256];
    snprintf(file, sizeof file, "%s/%s.sgf", data_dir, searched);
    const struct timespec later[2] = {{time(NULL) + 3600, 0}, {time(NULL) + 3600, 0}};
    assert_int_equal(utimensat(AT_FDCWD, file, later, 0), 0);
    const char *sgf = "{\"sgf\":\"(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])\",\"playouts\":50}";
    assert_int_equal(call(w, "POST", "/api/games", sgf, &j), 201);
    char id[WEB_ID_MAX + 1], path[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    assert_string_equal(text_of(j, "phase"), "scoring");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/score", id);
    assert_int_equal(call(w, "POST", path, "{\"dead\":[\"C3\"]}", &j), 200);
    assert_string_equal(text_of(j, "result"), "W+0.5");
    char *before = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(j, "moves"));
    cJSON_Delete(j);
    assert_true(web_close(w));

    w = open_server();
    char *reloaded = last_analysis_text(w, searched);
    assert_non_null(reloaded);
    char *times_after = times_of(w, searched);
    assert_string_equal(times, times_after);
    free(times);
    free(times_after);
    assert_string_equal(analysis, reloaded);
    free(analysis);
    free(reloaded);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    char *after = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(j, "moves"));
    assert_string_equal(before, after);
    assert_string_equal(text_of(j, "phase"), "over");
    assert_string_equal(text_of(j, "result"), "W+0.5");
    free(before);
    free(after);
    cJSON_Delete(j);
    assert_true(web_close(w));
}

/* The engine of a game as its engine settings say (not only the state's text). */
static engine_kind_t engine_of(web_t *w, const char *id)
{
    web_game_t *g = web_find_game(w, id);
    assert_non_null(g);
    pthread_mutex_lock(&g->lock);
    const engine_kind_t kind = engine_settings(g->engine)->kind;
    pthread_mutex_unlock(&g->lock);
    web_game_unref(g);
    return kind;
}

static const char *ai_engine(const cJSON *state)
{
    return text_of(cJSON_GetObjectItemCaseSensitive(state, "ai"), "engine");
}

/* "engine": "ab" reaches the engine, answers a move, and comes back from the data folder; other
 * values are refused; the default is MCTS. */
static void test_engine_choice(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    const char *create = "{\"size\":7,\"rules\":\"atari-go\",\"engine\":\"ab\",\"playouts\":2000}";
    assert_int_equal(call(w, "POST", "/api/games", create, &j), 201);
    char id[WEB_ID_MAX + 1], path[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    assert_string_equal(ai_engine(j), "ab");
    cJSON_Delete(j);
    assert_int_equal(engine_of(w, id), ENGINE_AB);
    snprintf(path, sizeof path, "/api/games/%s/play", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"D4\"}", NULL), 200);
    snprintf(path, sizeof path, "/api/games/%s/genmove", id);
    assert_int_equal(call(w, "POST", path, NULL, &j), 200);
    assert_int_equal((int)number_of(j, "move_number"), 2);
    /* Its iterations were reported: the summary of the last one names the move it played, the
     * positions it searched, and the owners Benson settles (none yet: all 0). */
    const cJSON *ai_move = cJSON_GetObjectItemCaseSensitive(j, "ai_move");
    char played[8];
    snprintf(played, sizeof played, "%s", text_of(ai_move, "move"));
    const double nodes = number_of(ai_move, "playouts");
    cJSON_Delete(j);
    char *summary = last_analysis_text(w, id);
    assert_non_null(summary);
    cJSON *a = cJSON_Parse(summary);
    free(summary);
    assert_string_equal(text_of(a, "best"), played);
    assert_string_equal(text_of(a, "to_move"), "white");
    assert_true(number_of(a, "playouts") > 0 && number_of(a, "playouts") <= nodes);
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(a, "ownership");
    assert_int_equal(cJSON_GetArraySize(rows), 7);
    for (int y = 0; y < 7; y++) {
        const cJSON *row = cJSON_GetArrayItem(rows, y);
        assert_int_equal(cJSON_GetArraySize(row), 7);
        for (int x = 0; x < 7; x++)
            assert_true(cJSON_GetArrayItem(row, x)->valuedouble == 0);
    }
    cJSON_Delete(a);
    assert_int_equal(call(w, "POST", "/api/games", "{\"size\":5}", &j), 201);
    char plain[WEB_ID_MAX + 1];
    snprintf(plain, sizeof plain, "%s", text_of(j, "id"));
    assert_string_equal(ai_engine(j), "mcts");
    cJSON_Delete(j);
    static const char *const BAD[] = {"{\"engine\":\"alphabeta\"}", "{\"engine\":\"\"}",
                                      "{\"engine\":true}", "{\"engine\":{}}"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        assert_int_equal(call(w, "POST", "/api/games", BAD[i], NULL), 400);
    assert_true(web_close(w));

    w = open_server();
    assert_int_equal(engine_of(w, id), ENGINE_AB);
    assert_int_equal(engine_of(w, plain), ENGINE_MCTS);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_string_equal(ai_engine(j), "ab");
    assert_int_equal((int)number_of(j, "move_number"), 2);
    cJSON_Delete(j);
    assert_true(web_close(w));
}

/* Play one of a few points (the AI may have taken any of them). */
static void play_somewhere(web_t *w, const char *path)
{
    static const char *const MOVES[] = {"{\"move\":\"D4\"}", "{\"move\":\"F6\"}",
                                        "{\"move\":\"C3\"}"};
    int status = 0;
    for (size_t i = 0; i < 3 && status != 200; i++)
        status = call(w, "POST", path, MOVES[i], NULL);
    assert_int_equal(status, 200);
}

/* "Move now" stops a long search early with a move; undo and delete while the AI searches
 * stop it too and answer at once. */
static void test_move_now(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(
        call(w, "POST", "/api/games", "{\"size\":9,\"playouts\":1000000,\"seconds\":120}", &j),
        201);
    char id[WEB_ID_MAX + 1], play[128], gen[128], stop[128], undo[128], game[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    snprintf(play, sizeof play, "/api/games/%s/play", id);
    snprintf(gen, sizeof gen, "/api/games/%s/genmove", id);
    snprintf(stop, sizeof stop, "/api/games/%s/stop", id);
    snprintf(undo, sizeof undo, "/api/games/%s/undo", id);
    snprintf(game, sizeof game, "/api/games/%s", id);
    assert_int_equal(call(w, "POST", play, "{\"move\":\"E5\"}", NULL), 200);

    background_t b;
    background_start(&b, w, gen);
    wait_started(w, id);
    assert_int_equal(call(w, "POST", stop, NULL, &j), 200);
    assert_true(number_of(j, "move_number") == 2);
    assert_false(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "ai_thinking")));
    const cJSON *mv = cJSON_GetObjectItemCaseSensitive(j, "ai_move");
    const double playouts = number_of(mv, "playouts"), seconds = number_of(mv, "seconds");
    assert_true(playouts > 0 && playouts < 1000000);
    assert_true(seconds < 60);
    cJSON_Delete(j);
    assert_int_equal(background_end(&b), 200);
    /* Nothing to stop: the state as it is. */
    assert_int_equal(call(w, "POST", stop, NULL, &j), 200);
    assert_true(number_of(j, "move_number") == 2);
    cJSON_Delete(j);

    /* Undo while the AI searches: the human's move and the AI's are taken back. */
    play_somewhere(w, play);
    background_start(&b, w, gen);
    wait_started(w, id);
    assert_int_equal(call(w, "POST", undo, NULL, &j), 200);
    assert_true(number_of(j, "move_number") == 2);
    assert_string_equal(text_of(j, "to_move"), "black");
    cJSON_Delete(j);
    assert_int_equal(background_end(&b), 200);

    /* Delete while the AI searches: the waiting genmove learns it. */
    play_somewhere(w, play);
    background_start(&b, w, gen);
    wait_started(w, id);
    assert_int_equal(call(w, "DELETE", game, NULL, NULL), 200);
    assert_int_equal(background_end(&b), 404);
    assert_int_equal(call(w, "GET", game, NULL, NULL), 404);
    assert_true(web_close(w));
}

/* "Move now" stops the alpha-beta engine too (it has no reports to carry the request): its
 * search of at most 1,000,000 nodes or 120 s ends early with a move. */
static void test_move_now_alpha_beta(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"size\":7,\"engine\":\"ab\",\"playouts\":1000000,"
                          "\"seconds\":120}",
                          &j),
                     201);
    char id[WEB_ID_MAX + 1], play[128], gen[128], stop[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    snprintf(play, sizeof play, "/api/games/%s/play", id);
    snprintf(gen, sizeof gen, "/api/games/%s/genmove", id);
    snprintf(stop, sizeof stop, "/api/games/%s/stop", id);
    assert_int_equal(call(w, "POST", play, "{\"move\":\"D4\"}", NULL), 200);

    background_t b;
    background_start(&b, w, gen);
    wait_started(w, id);
    assert_int_equal(call(w, "POST", stop, NULL, &j), 200);
    assert_true(number_of(j, "move_number") == 2);
    assert_false(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "ai_thinking")));
    const cJSON *mv = cJSON_GetObjectItemCaseSensitive(j, "ai_move");
    const double nodes = number_of(mv, "playouts"), seconds = number_of(mv, "seconds");
    assert_true(nodes > 0 && nodes < 1000000);
    assert_true(seconds < 60);
    cJSON_Delete(j);
    assert_int_equal(background_end(&b), 200);
    assert_true(web_close(w));
}

/* A copy of the first moves of a game whose colours do not alternate. */
static void test_copy(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"sgf\":\"(;GM[1]SZ[9];B[ee];B[cc];W[gg])\",\"human\":\"black\"}", &j),
                     201);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/copy", text_of(j, "id"));
    cJSON_Delete(j);
    assert_int_equal(call(w, "POST", path, "{\"move\":2}", &j), 201);
    char *moves = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(j, "moves"));
    assert_string_equal(moves, "[\"E5\",\"C7\"]");
    free(moves);
    assert_string_equal(text_of(j, "to_move"), "white");
    assert_string_equal(text_of(j, "human"), "black");
    cJSON_Delete(j);
    assert_int_equal(call(w, "POST", path, NULL, &j), 201);
    assert_true(number_of(j, "move_number") == 3);
    cJSON_Delete(j);
    assert_int_equal(call(w, "POST", path, "{\"move\":4}", NULL), 400);
    assert_int_equal(call(w, "POST", "/api/games/none/copy", NULL, NULL), 404);
    assert_true(web_close(w));
}

/* The state's review of a game, as JSON text (caller frees), once no review runs (at most about
 * 60 s). */
static char *review_when_done(web_t *w, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    for (int i = 0; i < 6000; i++) {
        cJSON *j;
        assert_int_equal(call(w, "GET", path, NULL, &j), 200);
        const bool running = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "reviewing"));
        char *text = running ? NULL : cJSON_PrintUnformatted(cJSON_GetObjectItem(j, "review"));
        cJSON_Delete(j);
        if (text) return text;
        const struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
    fail_msg("the review of %s did not end", id);
    return NULL;
}

/* A game review: every position, the points lost, kept by a copy and through a reload; ended by
 * an undo, a delete and the server's close midway (ASan: nothing leaks, nothing races). */
static void test_review(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"sgf\":\"(;GM[1]SZ[5]KM[0.5];B[cc];W[bb];B[dd];W[bd])\","
                          "\"human\":\"black\"}",
                          &j),
                     201);
    char id[WEB_ID_MAX + 1], path[128];
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/review", id);
    assert_int_equal(call(w, "POST", path, "{\"playouts\":5}", NULL), 400);
    assert_int_equal(call(w, "POST", path, "{\"playouts\":50}", &j), 200);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "reviewing")));
    cJSON_Delete(j);
    char *review = review_when_done(w, id);
    j = cJSON_Parse(review);
    assert_true(number_of(j, "done") == 5 && number_of(j, "total") == 5);
    const cJSON *positions = cJSON_GetObjectItemCaseSensitive(j, "positions");
    assert_int_equal(cJSON_GetArraySize(positions), 5);
    const cJSON *second = cJSON_GetArrayItem(positions, 1);
    assert_string_equal(text_of(second, "color"), "black");
    number_of(second, "points_lost");
    cJSON_Delete(j);
    /* A copy of the first two moves keeps their three positions. */
    snprintf(path, sizeof path, "/api/games/%s/copy", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":2}", &j), 201);
    const cJSON *copied = cJSON_GetObjectItemCaseSensitive(j, "review");
    assert_true(number_of(copied, "done") == 3 && number_of(copied, "total") == 3);
    cJSON_Delete(j);
    assert_true(web_close(w));

    w = open_server();
    char *reloaded = review_when_done(w, id);
    assert_string_equal(review, reloaded);
    free(review);
    free(reloaded);
    /* An undo ends a slow review and takes its positions back with the moves. */
    snprintf(path, sizeof path, "/api/games/%s/review", id);
    assert_int_equal(call(w, "POST", path, "{\"playouts\":100000}", NULL), 200);
    wait_started(w, id);
    assert_int_equal(call(w, "POST", path, NULL, NULL), 409);
    snprintf(path, sizeof path, "/api/games/%s/undo", id);
    assert_int_equal(call(w, "POST", path, NULL, &j), 200);
    assert_false(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "reviewing")));
    assert_true(number_of(j, "move_number") == 2);
    assert_int_equal(
        cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "review"), "positions")), 3);
    cJSON_Delete(j);
    /* A delete ends one; so does the server's close. */
    snprintf(path, sizeof path, "/api/games/%s/review", id);
    assert_int_equal(call(w, "POST", path, "{\"playouts\":100000}", NULL), 200);
    wait_started(w, id);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "DELETE", path, NULL, NULL), 200);
    assert_int_equal(
        call(w, "POST", "/api/games", "{\"sgf\":\"(;GM[1]SZ[9];B[ee];W[cc];B[gg])\"}", &j), 201);
    snprintf(path, sizeof path, "/api/games/%s/review", text_of(j, "id"));
    cJSON_Delete(j);
    assert_int_equal(call(w, "POST", path, "{\"playouts\":100000}", NULL), 200);
    assert_true(web_close(w));
}

/* The checks of http_guard.c, header by header. */
static void test_guard(void **state)
{
    (void)state;
    web_t w;
    memset(&w, 0, sizeof w);
    w.loopback = true;
    w.port = 8750;
    snprintf(w.host_name, sizeof w.host_name, "127.0.0.2");
    static const struct {
        const char *method, *host, *origin, *type;
        size_t len;
        int status; /* 0: served */
    } CASES[] = {
        {"GET", "127.0.0.1:8750", NULL, NULL, 0, 0},
        {"GET", "localhost:8750", NULL, NULL, 0, 0},
        {"GET", "LOCALHOST", NULL, NULL, 0, 0},
        {"GET", "[::1]:8750", NULL, NULL, 0, 0},
        {"GET", "127.0.0.2:8750", NULL, NULL, 0, 0},
        {"GET", NULL, NULL, NULL, 0, 0},
        {"GET", "evil.example:8750", NULL, NULL, 0, 403},
        {"GET", "127.0.0.1:8751", NULL, NULL, 0, 403},
        {"GET", "127.0.0.1:", NULL, NULL, 0, 403},
        {"GET", "127.0.0.1:99999999", NULL, NULL, 0, 403},
        {"GET", "[::1", NULL, NULL, 0, 403},
        {"GET", "[::1]x", NULL, NULL, 0, 403},
        {"GET", "", NULL, NULL, 0, 403},
        {"GET", ":8750", NULL, NULL, 0, 403},
        {"GET", "127.0.0.1:8750", "http://evil.example", NULL, 0, 0},
        {"POST", "127.0.0.1:8750", "http://127.0.0.1:8750", "application/json", 2, 0},
        {"POST", "127.0.0.1:8750", "https://127.0.0.1:8750", "application/json", 2, 0},
        {"POST", "127.0.0.1:8750", "http://evil.example", "application/json", 2, 403},
        {"POST", "127.0.0.1:8750", "null", "application/json", 2, 403},
        {"POST", NULL, "http://127.0.0.1:8750", "application/json", 2, 403},
        {"DELETE", "127.0.0.1:8750", "http://localhost:8750", NULL, 0, 403},
        {"POST", "127.0.0.1:8750", NULL, NULL, 0, 0},
        {"POST", "127.0.0.1:8750", NULL, NULL, 2, 415},
        {"POST", "127.0.0.1:8750", NULL, "text/plain", 2, 415},
        {"POST", "127.0.0.1:8750", NULL, "application/x-www-form-urlencoded", 2, 415},
        {"POST", "127.0.0.1:8750", NULL, "application/jsonx", 2, 415},
        {"POST", "127.0.0.1:8750", NULL, " Application/JSON ; charset=utf-8", 2, 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        web_reply_t r;
        memset(&r, 0, sizeof r);
        const bool ok = web_guard_request(&w, CASES[i].method, CASES[i].host, CASES[i].origin,
                                          CASES[i].type, CASES[i].len, &r);
        if (ok != (CASES[i].status == 0) || (!ok && r.status != CASES[i].status))
            fail_msg("case %zu (%s Host %s Origin %s type %s): %s", i, CASES[i].method,
                     CASES[i].host ? CASES[i].host : "-", CASES[i].origin ? CASES[i].origin : "-",
                     CASES[i].type ? CASES[i].type : "-", r.body ? r.body : "served");
        web_reply_free(&r);
    }
    /* Listening on every address: any Host, the other checks stay. */
    w.loopback = false;
    web_reply_t r;
    memset(&r, 0, sizeof r);
    assert_true(web_guard_request(&w, "GET", "192.168.1.5:8750", NULL, NULL, 0, &r));
    assert_false(
        web_guard_request(&w, "POST", "192.168.1.5:8750", "http://evil.example", NULL, 0, &r));
    assert_int_equal(r.status, 403);
    web_reply_free(&r);
}

/* ---- clocks ---- */

static web_time_control_t time_control(const char *json)
{
    cJSON *j = cJSON_Parse(json);
    web_time_control_t tc;
    char err[256];
    if (!web_clock_parse(j, &tc, err, sizeof err)) fail_msg("%s: %s", json, err);
    cJSON_Delete(j);
    return tc;
}

/* A stream slower than the searches: the search before's final report still goes out before the
 * next search's reports, once; a stream opened during the next search skips it. */
static void test_unsent_analysis(void **state)
{
    (void)state;
    web_game_t g;
    memset(&g, 0, sizeof g);
    char first_report[] = "first, report", first_final[] = "first, final";
    char second_report[] = "second, report";
    g.analysis = first_report;
    g.analysis_seq = 1;
    uint64_t slow = 0;
    assert_string_equal(web_game_unsent_analysis(&g, &slow), first_report);
    assert_null(web_game_unsent_analysis(&g, &slow));
    /* The first search ends; the second one starts and reports before the slow stream reads. */
    g.analysis = first_final;
    g.analysis_seq = 2;
    g.previous_analysis = g.analysis;
    g.previous_seq = g.analysis_seq;
    g.analysis = second_report;
    g.analysis_seq = 3;
    uint64_t opened_during_second = g.previous_seq;
    assert_string_equal(web_game_unsent_analysis(&g, &slow), first_final);
    assert_string_equal(web_game_unsent_analysis(&g, &slow), second_report);
    assert_null(web_game_unsent_analysis(&g, &slow));
    assert_string_equal(web_game_unsent_analysis(&g, &opened_during_second), second_report);
    assert_null(web_game_unsent_analysis(&g, &opened_during_second));
    /* A stream that had sent the final already goes on with the second search. */
    uint64_t prompt = 2;
    assert_string_equal(web_game_unsent_analysis(&g, &prompt), second_report);
}

/* The arithmetic of one clock under each time control: charges, views, the flag. */
static void test_clock_arithmetic(void **state)
{
    (void)state;
    web_clock_side_t s, v;
    /* Absolute: main time only; a move at the last moment loses. */
    web_time_control_t tc = time_control("{\"type\":\"absolute\",\"main\":10}");
    web_clock_fill(&tc, &s);
    assert_true(web_clock_charge(&tc, &s, 4, true));
    assert_float_equal(s.main, 6, 1e-9);
    assert_float_equal(web_clock_left(&tc, &s), 6, 1e-9);
    assert_false(web_clock_charge(&tc, &s, 6, true));
    assert_float_equal(s.main, 0, 0);
    /* Byo-yomi 5 s + 3 x 2 s: main first, then a period per overrun; a move in time keeps one. */
    tc = time_control("{\"type\":\"byoyomi\",\"main\":5,\"periods\":3,\"period\":2}");
    web_clock_fill(&tc, &s);
    assert_float_equal(web_clock_left(&tc, &s), 11, 1e-9);
    v = web_clock_view(&tc, &s, 6.5);
    assert_float_equal(v.main, 0, 0);
    assert_int_equal(v.periods, 3);
    assert_float_equal(v.period, 0.5, 1e-9);
    v = web_clock_view(&tc, &s, 7.5); /* the first period used up */
    assert_int_equal(v.periods, 2);
    assert_float_equal(v.period, 1.5, 1e-9);
    assert_true(web_clock_charge(&tc, &s, 6.5, true)); /* in the first period: all 3 kept */
    assert_int_equal(s.periods, 3);
    assert_float_equal(s.period, 2, 0);
    assert_true(web_clock_charge(&tc, &s, 3.9, true)); /* one period overrun */
    assert_int_equal(s.periods, 2);
    assert_true(web_clock_charge(&tc, &s, 1.99, true));
    assert_int_equal(s.periods, 2);
    assert_false(web_clock_charge(&tc, &s, 4, true)); /* both periods gone */
    assert_int_equal(s.periods, 0);
    /* No main time: straight into byo-yomi. */
    tc = time_control("{\"type\":\"byoyomi\",\"main\":0,\"periods\":1,\"period\":30}");
    web_clock_fill(&tc, &s);
    assert_true(web_clock_charge(&tc, &s, 29, true));
    assert_float_equal(web_clock_left(&tc, &s), 30, 1e-9);
    /* Canadian 1 s + 2 moves in 10 s: the period runs down over its moves, then starts again. */
    tc = time_control("{\"type\":\"canadian\",\"main\":1,\"stones\":2,\"period\":10}");
    web_clock_fill(&tc, &s);
    assert_true(web_clock_charge(&tc, &s, 4, true)); /* 3 s of the period, one move */
    assert_float_equal(s.main, 0, 0);
    assert_float_equal(s.period, 7, 1e-9);
    assert_int_equal(s.stones, 1);
    assert_true(web_clock_charge(&tc, &s, 5, true)); /* the period's last move: a new period */
    assert_float_equal(s.period, 10, 0);
    assert_int_equal(s.stones, 2);
    assert_true(web_clock_charge(&tc, &s, 2, false)); /* an undo: charged, no move counted */
    assert_int_equal(s.stones, 2);
    assert_false(web_clock_charge(&tc, &s, 8, true));
    /* Fischer 3 s + 2 s: the increment after every move, not after an undo. */
    tc = time_control("{\"type\":\"fischer\",\"main\":3,\"increment\":2}");
    web_clock_fill(&tc, &s);
    assert_true(web_clock_charge(&tc, &s, 1, true));
    assert_float_equal(s.main, 4, 1e-9);
    assert_true(web_clock_charge(&tc, &s, 1, false));
    assert_float_equal(s.main, 3, 1e-9);
    v = web_clock_view(&tc, &s, 1);
    assert_float_equal(v.main, 2, 1e-9);
    assert_false(web_clock_charge(&tc, &s, 3.5, true));
    /* What the engine is told, as KGS's time_left: main time, then the period and periods. */
    tc = time_control("{\"type\":\"byoyomi\",\"main\":5,\"periods\":3,\"period\":2}");
    web_clock_fill(&tc, &s);
    engine_clock_t ec;
    double seconds;
    int stones;
    web_clock_engine(&tc, &s, &ec, &seconds, &stones);
    assert_int_equal(ec.kind, ENGINE_CLOCK_BYOYOMI);
    assert_int_equal(ec.stones, 3);
    assert_float_equal(seconds, 5, 0);
    assert_int_equal(stones, 0);
    assert_true(web_clock_charge(&tc, &s, 7, true));
    web_clock_engine(&tc, &s, &ec, &seconds, &stones);
    assert_float_equal(seconds, 2, 0);
    assert_int_equal(stones, 2);
    char buf[64];
    assert_string_equal(web_clock_overtime_text(&tc, buf, sizeof buf), "3x2 byo-yomi");
    /* Refused time controls: every field named. */
    static const char *const BAD[] = {
        "5",
        "[]",
        "{}",
        "{\"type\":\"hourglass\"}",
        "{\"type\":\"absolute\"}",
        "{\"type\":\"absolute\",\"main\":0}",
        "{\"type\":\"absolute\",\"main\":\"60\"}",
        "{\"type\":\"absolute\",\"main\":1e9}",
        "{\"type\":\"byoyomi\",\"main\":60,\"period\":30}",
        "{\"type\":\"byoyomi\",\"main\":60,\"periods\":1.5,\"period\":30}",
        "{\"type\":\"byoyomi\",\"main\":60,\"periods\":5,\"period\":0}",
        "{\"type\":\"canadian\",\"main\":60,\"stones\":0,\"period\":300}",
        "{\"type\":\"fischer\",\"main\":60}",
        "{\"type\":\"fischer\",\"main\":60,\"increment\":-1}",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        cJSON *j = cJSON_Parse(BAD[i]);
        char err[256] = "";
        web_time_control_t bad;
        if (web_clock_parse(j, &bad, err, sizeof err)) fail_msg("accepted %s", BAD[i]);
        assert_non_null(strstr(err, "clock"));
        cJSON_Delete(j);
    }
}

/* The game `id`, locked (unlock_game gives it back). */
static web_game_t *locked_game(web_t *w, const char *id)
{
    web_game_t *g = web_find_game(w, id);
    assert_non_null(g);
    pthread_mutex_lock(&g->lock);
    return g;
}

static void unlock_game(web_game_t *g)
{
    pthread_mutex_unlock(&g->lock);
    web_game_unref(g);
}

static const cJSON *clock_side(const cJSON *state, const char *color)
{
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(state, "clock"),
                                            color);
}

/* A game with clocks through the API: the engine plans from its clock, its genmove is charged,
 * the human's clock runs out without any move and the game is lost on time (W+T, in the SGF
 * too), nothing takes it back, and a reload keeps it all. */
static void test_clock_game(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
    char id[WEB_ID_MAX + 1], path[128];
    /* The engine is told the clock: byo-yomi 0 + 1 x 2 s, no playout limit: 2 s less 10% and
     * the lag, as GTP's kgs-time_settings would plan it. */
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"size\":5,\"human\":\"white\",\"playouts\":0,"
                          "\"clock\":{\"type\":\"byoyomi\",\"main\":0,\"periods\":1,\"period\":2}}",
                          &j),
                     201);
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "type"), "byoyomi");
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(j, "clock"), "running"))); /* the AI's turn: none */
    cJSON_Delete(j);
    web_game_t *g = locked_game(w, id);
    web_game_clock_start_ai(g, STONE_BLACK);
    double soft, hard;
    engine_time_plan(g->engine, STONE_BLACK, &soft, &hard);
    assert_float_equal(soft, 1.3, 1e-9);
    assert_float_equal(hard, 1.3, 1e-9);
    assert_true(web_game_clock_stop(g, false, NULL));
    unlock_game(g);

    /* Fischer 30 s + 5 s: tengen's genmove is charged and earns the increment; then the human's
     * clock runs. */
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"size\":5,\"human\":\"white\",\"playouts\":50,"
                          "\"clock\":{\"type\":\"fischer\",\"main\":30,\"increment\":5}}",
                          &j),
                     201);
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/genmove", id);
    assert_int_equal(call(w, "POST", path, NULL, &j), 200);
    const double ai_seconds = number_of(cJSON_GetObjectItemCaseSensitive(j, "ai_move"), "seconds");
    const double black = number_of(clock_side(j, "black"), "main");
    assert_true(black > 34 - ai_seconds - 0.1 && black <= 35 - ai_seconds + 0.01);
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "running"), "white");
    cJSON_Delete(j);

    /* Absolute 60 s for the human: their clock runs from the start; moved back by 61 s, the next
     * request finds it run out: White wins on time, and nothing is played or taken back. */
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"size\":5,\"playouts\":50,"
                          "\"clock\":{\"type\":\"absolute\",\"main\":60}}",
                          &j),
                     201);
    snprintf(id, sizeof id, "%s", text_of(j, "id"));
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "running"), "black");
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s/play", id);
    assert_int_equal(call(w, "POST", path, "{\"move\":\"C3\"}", NULL), 200);
    snprintf(path, sizeof path, "/api/games/%s/genmove", id);
    assert_int_equal(call(w, "POST", path, NULL, NULL), 200);
    g = locked_game(w, id);
    assert_int_equal(g->clock.running, STONE_BLACK);
    assert_true(g->clock.marks && g->clock.marks[0].valid && g->clock.marks[1].valid);
    g->clock.started -= 61;
    unlock_game(g);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_string_equal(text_of(j, "phase"), "over");
    assert_string_equal(text_of(j, "end"), "time");
    assert_string_equal(text_of(j, "result"), "W+T");
    assert_string_equal(text_of(j, "result_text"), "White wins on time.");
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "flagged"), "black");
    assert_float_equal(number_of(clock_side(j, "black"), "left"), 0, 0);
    cJSON_Delete(j);
    static const char *const REFUSED[] = {"play", "undo", "genmove", "score"};
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
        snprintf(path, sizeof path, "/api/games/%s/%s", id, REFUSED[i]);
        assert_int_equal(call(w, "POST", path, "{\"move\":\"D4\"}", &j), 409);
        assert_string_equal(text_of(j, "reason"), "game over");
        cJSON_Delete(j);
    }
    snprintf(path, sizeof path, "/api/games/%s/sgf", id);
    web_reply_t r;
    web_api_handle(w, "GET", path, NULL, NULL, 0, &r);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "RE[W+T]"));
    assert_non_null(strstr(r.body, "TM[60]"));
    assert_non_null(strstr(r.body, ";B[cc]BL["));
    assert_non_null(strstr(r.body, "WL["));
    web_reply_free(&r);

    /* A running clock stops with the server, charged; it comes back as it was. */
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"size\":5,\"clock\":{\"type\":\"byoyomi\",\"main\":100,"
                          "\"periods\":3,\"period\":10}}",
                          &j),
                     201);
    char running[WEB_ID_MAX + 1];
    snprintf(running, sizeof running, "%s", text_of(j, "id"));
    cJSON_Delete(j);
    g = locked_game(w, running);
    g->clock.started -= 30.5;
    unlock_game(g);
    assert_true(web_close(w));
    w = open_server();
    g = locked_game(w, running);
    assert_int_equal(g->clock.running, STONE_EMPTY); /* until a request comes */
    /* 30.5 s and the time to the stop charged (much less than a second, even under ASan). */
    assert_true(g->clock.side[STONE_BLACK].main <= 69.5 && g->clock.side[STONE_BLACK].main > 68.5);
    assert_int_equal(g->clock.side[STONE_BLACK].periods, 3);
    unlock_game(g);
    assert_int_equal(call(w, "GET", "/api/games", NULL, NULL), 200); /* listing starts nothing */
    g = locked_game(w, running);
    assert_int_equal(g->clock.running, STONE_EMPTY);
    unlock_game(g);
    snprintf(path, sizeof path, "/api/games/%s", running);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "running"), "black");
    assert_true(number_of(clock_side(j, "black"), "main") <= 69.5);
    cJSON_Delete(j);
    snprintf(path, sizeof path, "/api/games/%s", id);
    assert_int_equal(call(w, "GET", path, NULL, &j), 200);
    assert_string_equal(text_of(j, "result"), "W+T");
    assert_string_equal(text_of(cJSON_GetObjectItemCaseSensitive(j, "clock"), "flagged"), "black");
    cJSON_Delete(j);
    /* An import keeps a file's RE on time, and its TM and OT as information only. */
    assert_int_equal(call(w, "POST", "/api/games",
                          "{\"sgf\":\"(;GM[1]SZ[5]TM[300]OT[3x30 byo-yomi]RE[B+Time];B[cc])\"}",
                          &j),
                     201);
    assert_string_equal(text_of(j, "result"), "B+T");
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(j, "clock")));
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(j, "info");
    assert_string_equal(text_of(info, "time"), "300");
    assert_string_equal(text_of(info, "overtime"), "3x30 byo-yomi");
    cJSON_Delete(j);
    assert_true(web_close(w));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_game_to_count, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hostile_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reload, setup, teardown),
        cmocka_unit_test_setup_teardown(test_move_now, setup, teardown),
        cmocka_unit_test_setup_teardown(test_move_now_alpha_beta, setup, teardown),
        cmocka_unit_test_setup_teardown(test_copy, setup, teardown),
        cmocka_unit_test_setup_teardown(test_review, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tree, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tree_study, setup, teardown),
        cmocka_unit_test_setup_teardown(test_engine_choice, setup, teardown),
        cmocka_unit_test(test_guard),
        cmocka_unit_test(test_unsent_analysis),
        cmocka_unit_test(test_clock_arithmetic),
        cmocka_unit_test_setup_teardown(test_clock_game, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
