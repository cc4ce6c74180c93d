/* test_http_api.c - the web server's JSON API (src/http) called directly, without HTTP: a game
 * created, played and counted through web_api_handle; hostile input (random bytes, truncated and
 * mutated JSON, odd paths and methods) never crashes it and always gets a JSON error with one of
 * the documented statuses; the data folder round trip (close, open again: same games, same
 * moves, the count kept). Runs under ASan+UBSan like every test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
                           "/api/games/%s/genmove"};
    const char *methods[] = {"GET", "POST", "DELETE", "PUT", "HEAD", "OPTIONS"};
    const char *seeds[] = {"{\"move\":\"D4\"}", "{\"dead\":[\"D4\",\"E5\"]}",
                           "{\"size\":9,\"komi\":7.5,\"rules\":\"japanese\",\"handicap\":2}",
                           "{\"sgf\":\"(;SZ[9];B[dd];W[ee])\"}", "{\"move\":\"pass\"}"};
    rng_t rng;
    rng_seed(&rng, 7);
    const int rounds = 3000 / test_scale();
    char body[256], path[256];
    int counts[6] = {0};
    for (int i = 0; i < rounds; i++) {
        const char *seed = seeds[rng_next(&rng) % 5];
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

/* Close and open again: the same games with the same moves and phases. */
static void test_reload(void **state)
{
    (void)state;
    web_t *w = open_server();
    cJSON *j;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_game_to_count, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hostile_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reload, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
