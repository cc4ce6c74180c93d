/* fuzz_http.c - libFuzzer target: the web game's JSON API (web_api_handle), without sockets. One
 * server (web_open on a scratch data folder) serves every input, as a long-running server does.
 *
 * An input is one request: its first byte picks the method (GET, POST, DELETE, PUT, PATCH), the
 * bytes up to the first LF are the path (under /api/ unless they start with '/'; "{id}" stands
 * for the id of the last game created, which an input cannot know), the rest is the body. Every answer must have a documented status (docs/web.md; never 5xx) and, when it says
 * JSON, a body that parses. A wrong answer aborts. Requests that wait for a search are skipped:
 * genmove, score, and imports whose game has a pass (two passes start the scoring phase,
 * where the AI judges the dead stones, about a second and much more under ASan); they test the
 * AI's time, not the parser. An analysis is ended right after the request that started it. The
 * games are deleted when more than a few are kept, so that the server's state stays small. */
#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http_internal.h"

#define FUZZ_HTTP_MAX_GAMES 4

static web_t *server;
static char last_id[WEB_ID_MAX + 1] = "none";
static char data_dir[] = "/tmp/tengen-fuzz-http-XXXXXX";

/* Stop the server and remove its data folder (saved games, the lock). */
static void close_server(void)
{
    if (server != NULL)
        web_close(server);
    server = NULL;
    DIR *d = opendir(data_dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char path[sizeof data_dir + 300];
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            snprintf(path, sizeof path, "%s/%s", data_dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    if (d != NULL)
        closedir(d);
    rmdir(data_dir);
}

static web_t *open_server(void)
{
    if (server != NULL)
        return server;
    if (mkdtemp(data_dir) == NULL)
        abort();
    web_config_t cfg;
    web_config_default(&cfg);
    cfg.data_dir = data_dir;
    cfg.threads = 1;
    cfg.queue = 2;
    cfg.memory_mb = 4;
    cfg.max_games = 16;
    server = web_open(&cfg);
    if (server == NULL)
        abort();
    atexit(close_server);
    return server;
}

static bool documented(int status)
{
    static const int ok[] = {200, 201, 400, 403, 404, 405, 409, 413, 415, 429};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (status == ok[i])
            return true;
    return false;
}

static int call(web_t *w, const char *method, const char *path, const char *body, size_t len,
                cJSON **json)
{
    web_reply_t r;
    web_api_handle(w, method, path, NULL, body, len, &r);
    if (!documented(r.status)) {
        fprintf(stderr, "fuzz_http: %s %s answered %d: %.*s\n", method, path, r.status,
                (int)(r.len < 300 ? r.len : 300), r.body ? r.body : "");
        abort();
    }
    const bool is_json = r.content_type == NULL || strstr(r.content_type, "json") != NULL;
    cJSON *j = is_json && r.body ? cJSON_ParseWithLength(r.body, r.len) : NULL;
    if (is_json && r.body && j == NULL) {
        fprintf(stderr, "fuzz_http: %s %s answered JSON that does not parse: %.*s\n", method,
                path, (int)(r.len < 300 ? r.len : 300), r.body);
        abort();
    }
    const int status = r.status;
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "id"));
    if (status == 201 && id != NULL && strlen(id) <= WEB_ID_MAX)
        strcpy(last_id, id);
    web_reply_free(&r);
    if (json)
        *json = j;
    else
        cJSON_Delete(j);
    return status;
}

/* Delete every game when more than FUZZ_HTTP_MAX_GAMES are kept. */
static void trim_games(web_t *w)
{
    cJSON *list = NULL;
    if (call(w, "GET", "/api/games", NULL, 0, &list) != 200)
        abort();
    const cJSON *games = cJSON_GetObjectItemCaseSensitive(list, "games");
    if (cJSON_GetArraySize(games) > FUZZ_HTTP_MAX_GAMES) {
        const cJSON *g;
        cJSON_ArrayForEach(g, games)
        {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(g, "id"));
            char path[128];
            if (id && snprintf(path, sizeof path, "/api/games/%s", id) < (int)sizeof path)
                call(w, "DELETE", path, NULL, 0, NULL);
        }
    }
    cJSON_Delete(list);
}

/* Does the body import an SGF whose game has a pass anywhere in its main line? (Two in a row
 * end the game, which the import may find before later moves.) */
static bool imports_a_pass(const char *body, size_t len)
{
    /* As the server parses it: up to len, NUL bytes included. */
    cJSON *j = cJSON_ParseWithLength(body, len);
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, "sgf"));
    bool pass = false;
    if (text != NULL) {
        sgf_error_t err;
        sgf_node_t *root = sgf_parse_bytes(text, strlen(text), &err);
        game_t *g = root ? sgf_to_game(root, NULL, -1, &err) : NULL;
        for (int i = 0; g != NULL && i < game_move_count(g) && !pass; i++) {
            const game_move_t *m = game_move_at(g, i);
            pass = m->setup_index < 0 && m->point == POINT_PASS;
        }
        game_free(g);
        sgf_free(root);
    }
    cJSON_Delete(j);
    return pass;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const methods[] = {"GET", "POST", "DELETE", "PUT", "PATCH"};
    if (size < 1)
        return 0;
    const char *method = methods[data[0] % 5];
    const char *text = (const char *)data + 1;
    size_t rest = size - 1;
    const char *nl = memchr(text, '\n', rest);
    size_t path_len = nl ? (size_t)(nl - text) : rest;
    if (path_len > 200)
        return 0;
    char raw[256], path[512];
    const bool absolute = path_len > 0 && text[0] == '/';
    snprintf(raw, sizeof raw, "%s%.*s", absolute ? "" : "/api/", (int)path_len, text);
    if (strlen(raw) != (absolute ? 0 : 5) + path_len)
        return 0; /* a NUL inside the path: not a path a server can receive */
    const char *token = strstr(raw, "{id}");
    if (token != NULL)
        snprintf(path, sizeof path, "%.*s%s%s", (int)(token - raw), raw, last_id, token + 4);
    else
        snprintf(path, sizeof path, "%s", raw);
    if (strstr(path, "genmove") || strstr(path, "score"))
        return 0;
    const char *body = nl ? nl + 1 : NULL;
    const size_t body_len = nl ? rest - path_len - 1 : 0;
    /* Bodies are NUL-terminated by the server (it reads them into a buffer of len + 1). */
    char *copy = malloc(body_len + 1);
    if (copy == NULL)
        abort();
    if (body_len)
        memcpy(copy, body, body_len);
    copy[body_len] = '\0';
    if (body && imports_a_pass(copy, body_len)) {
        free(copy);
        return 0;
    }
    web_t *w = open_server();
    call(w, method, path, body ? copy : NULL, body_len, NULL);
    free(copy);
    /* An analysis runs for a minute by default on the server's one search thread; end it at
     * once (which tests ending it), so that the next inputs do not queue behind it. */
    if (!strcmp(method, "POST") && strstr(path, "/analyze"))
        call(w, "DELETE", path, NULL, 0, NULL);
    trim_games(w);
    return 0;
}
