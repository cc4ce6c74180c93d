/* http_server.c - `tengen web`'s HTTP side over libmicrohttpd: the listening socket (default
 * port and the next free ones), request bodies with their size limit, the page's files (built
 * in or from --web-dir), the analysis event stream, and the life of the server from start to a
 * clean stop on SIGINT/SIGTERM.
 *
 * libmicrohttpd runs one thread per connection (bounded), so a request may block: a genmove
 * waits for the AI, an event stream waits for the next event. The JSON API itself is
 * http_api.c.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http/http_assets.h"
#include "http/http_internal.h"

#define WEB_MAX_CONNECTIONS 256
#define WEB_CONNECTION_TIMEOUT 300 /* seconds a connection may stay idle */
#define WEB_MAX_FILE (16u << 20)   /* --web-dir files, bytes */
#define WEB_STOP_WAIT 3.0          /* seconds to wait for searches at stop */

void web_config_default(web_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->host = "127.0.0.1";
    cfg->port = WEB_DEFAULT_PORT;
    cfg->queue = 32;
    cfg->memory_mb = 64;
    cfg->max_games = 1000;
    cfg->max_loaded = WEB_DEFAULT_MAX_LOADED;
    cfg->max_loaded_mb = WEB_DEFAULT_MAX_LOADED_MB;
}

/* ---- replies ---- */

static enum MHD_Result send_reply(struct MHD_Connection *c, web_reply_t *r)
{
    /* MHD frees the body (MHD_RESPMEM_MUST_FREE calls free()). */
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(r->len, r->body ? r->body : (void *)"",
                                        r->body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!resp) {
        web_reply_free(r);
        return MHD_NO;
    }
    r->body = NULL;
    if (r->content_type)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->content_type);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    if (r->location[0]) MHD_add_response_header(resp, MHD_HTTP_HEADER_LOCATION, r->location);
    if (r->allow) MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
    if (r->disposition[0])
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_DISPOSITION, r->disposition);
    const enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

int web_send_reply(struct MHD_Connection *c, web_reply_t *r)
{
    return send_reply(c, r);
}

int web_queue_event_stream(struct MHD_Connection *c,
                           ssize_t (*read)(void *stream, uint64_t pos, char *buf, size_t max),
                           void (*free_stream)(void *stream), void *stream)
{
    struct MHD_Response *resp =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, read, stream, free_stream);
    if (!resp) {
        free_stream(stream);
        return MHD_NO;
    }
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(resp, "X-Accel-Buffering", "no"); /* no proxy buffering */
    const enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *reason,
                                  const char *message)
{
    web_reply_t r;
    memset(&r, 0, sizeof r);
    web_error(&r, status, reason, "%s", message);
    return send_reply(c, &r);
}

/* ---- the page's files ---- */

static const char *content_type(const char *path)
{
    static const struct {
        const char *ext, *type;
    } TYPES[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".json", "application/json"},
        {".webmanifest", "application/manifest+json"},
        {".txt", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"},
        {".map", "application/json"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (!strcmp(dot, TYPES[i].ext)) return TYPES[i].type;
    return "application/octet-stream";
}

/* A file name under web/: letters, digits, '.', '_', '-' and '/', no empty, "." or ".."
 * component. Everything else is not a file of the page. */
static bool is_safe_path(const char *path)
{
    if (!path[0] || strlen(path) > 200) return false;
    const char *seg = path;
    for (const char *s = path;; s++) {
        if (*s == '/' || *s == '\0') {
            const size_t n = (size_t)(s - seg);
            if (n == 0 || (n == 1 && seg[0] == '.') || (n == 2 && seg[0] == '.' && seg[1] == '.'))
                return false;
            if (!*s) return true;
            seg = s + 1;
            continue;
        }
        const char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-'))
            return false;
    }
}

static enum MHD_Result send_file_data(struct MHD_Connection *c, const char *path, void *data,
                                      size_t size, enum MHD_ResponseMemoryMode mode)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(size, data, mode);
    if (!resp) return MHD_NO;
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, content_type(path));
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    const enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result serve_page(web_t *w, struct MHD_Connection *c, const char *url,
                                  const char *method)
{
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) {
        web_reply_t r;
        memset(&r, 0, sizeof r);
        web_error(&r, 405, "method", "%s is not allowed here; use GET.", method);
        r.allow = "GET";
        return send_reply(c, &r);
    }
    /* A team game's link (/team/{id}) is its page. */
    const char *path = !strcmp(url, "/")                                     ? "index.html"
                       : !strncmp(url, "/team/", 6) || !strcmp(url, "/team") ? "team.html"
                                                                             : url + 1;
    if (!is_safe_path(path)) return send_error(c, 404, "not found", "No such page.");
    if (w->web_dir[0]) {
        char full[PATH_MAX + 256];
        snprintf(full, sizeof full, "%s/%s", w->web_dir, path);
        const int fd = open(full, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > (off_t)WEB_MAX_FILE) {
            if (fd >= 0) close(fd);
            return send_error(c, 404, "not found", "No such page.");
        }
        char *data = malloc((size_t)st.st_size + 1);
        size_t done = 0;
        while (data && done < (size_t)st.st_size) {
            const ssize_t k = read(fd, data + done, (size_t)st.st_size - done);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) break;
            done += (size_t)k;
        }
        close(fd);
        if (!data) return send_error(c, 500, "out of memory", "Out of memory.");
        return send_file_data(c, path, data, done, MHD_RESPMEM_MUST_FREE);
    }
    for (size_t i = 0; i < WEB_ASSET_COUNT; i++)
        if (!strcmp(WEB_ASSETS[i].path, path))
            return send_file_data(c, path, (void *)WEB_ASSETS[i].data, WEB_ASSETS[i].size,
                                  MHD_RESPMEM_PERSISTENT);
    return send_error(c, 404, "not found", "No such page.");
}

/* ---- the analysis stream (Server-Sent Events) ---- */

typedef struct stream {
    web_t *w;
    web_game_t *g;
    uint64_t state_seen, analysis_seen, review_seen;
    char *out;
    size_t out_len, out_pos;
    bool ended;
} stream_t;

static void stream_free(void *cls)
{
    stream_t *s = cls;
    free(s->out);
    web_release_game(s->g);
    free(s);
}

/* Set the next chunk to send: "event: NAME\ndata: DATA\n\n" (name NULL: DATA is sent as is). */
static void stream_set(stream_t *s, const char *name, const char *data)
{
    free(s->out);
    s->out = NULL;
    s->out_len = s->out_pos = 0;
    const size_t n = strlen(data) + (name ? strlen(name) + 20 : 1);
    s->out = malloc(n);
    if (!s->out) return;
    if (name)
        snprintf(s->out, n, "event: %s\ndata: %s\n\n", name, data);
    else
        snprintf(s->out, n, "%s", data);
    s->out_len = strlen(s->out);
}

/* Wait (blocking this connection's thread) for the next event of the game. */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream_t *s = cls;
    if (s->out_pos >= s->out_len) {
        if (s->ended) return MHD_CONTENT_READER_END_OF_STREAM;
        web_game_t *g = s->g;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += WEB_KEEPALIVE_SECONDS;
        pthread_mutex_lock(&g->lock);
        for (;;) {
            if (atomic_load(&s->w->stopping)) {
                s->ended = true;
                break;
            }
            /* The clocks as they are now: a clock that ran out ends the game on time (a state
             * event follows), even if nobody moves. */
            if (!g->deleted) web_game_clock_update(g, true);
            if (g->deleted) {
                char data[128];
                snprintf(data, sizeof data, "{\"id\":\"%s\"}", g->id);
                stream_set(s, "deleted", data);
                s->ended = true;
                break;
            }
            /* After the first state, a pending analysis goes first: it belongs to the search
             * that came before the state change (the AI's move). */
            const char *analysis = NULL;
            if (s->state_seen && (analysis = web_game_unsent_analysis(g, &s->analysis_seen))) {
                stream_set(s, "analysis", analysis);
                break;
            }
            if (g->state_seq != s->state_seen) {
                s->state_seen = g->state_seq;
                cJSON *state = web_game_state(g, false);
                char *text = state ? cJSON_PrintUnformatted(state) : NULL;
                cJSON_Delete(state);
                if (text) stream_set(s, "state", text);
                free(text);
                break;
            }
            if ((analysis = web_game_unsent_analysis(g, &s->analysis_seen))) {
                stream_set(s, "analysis", analysis);
                break;
            }
            /* A review's progress: its whole data, as the state's "review" (it is small). */
            if (g->review_seq != s->review_seen) {
                s->review_seen = g->review_seq;
                cJSON *review = g->engine ? web_review_json(g) : NULL;
                char *text = review ? cJSON_PrintUnformatted(review) : NULL;
                cJSON_Delete(review);
                if (text) stream_set(s, "review", text);
                free(text);
                break;
            }
            /* Wake up when the running clock runs out, if that comes before the keep-alive. */
            struct timespec wake = until;
            const double flag_in = web_game_clock_deadline(g) - web_now();
            const bool clock_first = flag_in < WEB_KEEPALIVE_SECONDS;
            if (clock_first) {
                clock_gettime(CLOCK_REALTIME, &wake);
                const double at = (double)wake.tv_nsec * 1e-9 + (flag_in > 0 ? flag_in : 0) + 0.01;
                wake.tv_sec += (time_t)at;
                wake.tv_nsec = (long)((at - floor(at)) * 1e9);
                if (wake.tv_sec > until.tv_sec ||
                    (wake.tv_sec == until.tv_sec && wake.tv_nsec > until.tv_nsec))
                    wake = until;
            }
            if (pthread_cond_timedwait(&g->changed, &g->lock, &wake) == ETIMEDOUT) {
                struct timespec now;
                clock_gettime(CLOCK_REALTIME, &now);
                if (clock_first && (now.tv_sec < until.tv_sec ||
                                    (now.tv_sec == until.tv_sec && now.tv_nsec < until.tv_nsec)))
                    continue; /* the clock: look again at the top */
                stream_set(s, NULL, ": keep-alive\n\n");
                break;
            }
        }
        pthread_mutex_unlock(&g->lock);
        if (s->out_pos >= s->out_len)
            return s->ended ? MHD_CONTENT_READER_END_OF_STREAM : MHD_CONTENT_READER_END_WITH_ERROR;
    }
    size_t n = s->out_len - s->out_pos;
    if (n > max) n = max;
    memcpy(buf, s->out + s->out_pos, n);
    s->out_pos += n;
    return (ssize_t)n;
}

static enum MHD_Result serve_stream(web_t *w, struct MHD_Connection *c, const char *id)
{
    if (!web_is_valid_id(id)) return send_error(c, 404, "not found", "No such game.");
    /* The stream's use keeps the game loaded while it is open. */
    web_reply_t r;
    memset(&r, 0, sizeof r);
    web_game_t *g = web_acquire_game(w, id, true, &r);
    if (!g) return send_reply(c, &r);
    stream_t *s = calloc(1, sizeof *s);
    if (!s) {
        web_release_game(g);
        return send_error(c, 500, "out of memory", "Out of memory.");
    }
    s->w = w;
    s->g = g;
    pthread_mutex_lock(&g->lock);
    /* The latest analysis only if it belongs to the search in progress. */
    s->analysis_seen = g->thinking ? g->previous_seq : g->analysis_seq;
    s->review_seen = g->review_seq; /* the first state has the review */
    pthread_mutex_unlock(&g->lock);
    return web_queue_event_stream(c, stream_read, stream_free, s);
}

/* ---- requests ---- */

typedef struct request {
    char *body;
    size_t len, cap;
    bool too_large;
} request_t;

/* libmicrohttpd's error log, without the messages of a client that went away (a tab closed or
 * reloaded while its event stream or an answer was being sent): those are expected and say
 * nothing about the server. Every other message is printed as libmicrohttpd would. */
static bool client_went_away(const char *msg)
{
    static const char *const gone[] = {
        "The socket is no longer available for sending",
        "The connection was forcibly closed by remote peer",
        "Connection was closed by remote side with incomplete request",
        "Failed to send data in request for",
    };
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
        if (strstr(msg, gone[i])) return true;
    return false;
}

static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (client_went_away(msg)) return;
    const size_t n = strlen(msg);
    fprintf(stderr, "%s%s", msg, n && msg[n - 1] == '\n' ? "" : "\n");
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)c, (void)toe;
    request_t *req = *con_cls;
    if (req) {
        free(req->body);
        free(req);
    }
    *con_cls = NULL;
}

/* "/api/games/{id}/analysis": writes the id. */
static bool is_stream_path(const char *url, char *id, size_t len)
{
    static const char PREFIX[] = "/api/games/", SUFFIX[] = "/analysis";
    size_t n = strlen(url);
    const size_t p = sizeof PREFIX - 1, s = sizeof SUFFIX - 1;
    if (n > 0 && url[n - 1] == '/') n--; /* one trailing slash, as the API allows */
    if (n < s || strncmp(url + n - s, SUFFIX, s)) return false;
    if (n <= p + s || strncmp(url, PREFIX, p)) return false;
    const size_t k = n - p - s;
    if (k >= len) return false;
    memcpy(id, url + p, k);
    id[k] = '\0';
    return strchr(id, '/') == NULL;
}

/* "/api/teams/{id}/events": writes the id. */
static bool is_team_stream_path(const char *url, char *id, size_t len)
{
    static const char PREFIX[] = "/api/teams/", SUFFIX[] = "/events";
    size_t n = strlen(url);
    const size_t p = sizeof PREFIX - 1, s = sizeof SUFFIX - 1;
    if (n > 0 && url[n - 1] == '/') n--;
    if (n <= p + s || strncmp(url, PREFIX, p) || strncmp(url + n - s, SUFFIX, s)) return false;
    const size_t k = n - p - s;
    if (k >= len) return false;
    memcpy(id, url + p, k);
    id[k] = '\0';
    return strchr(id, '/') == NULL;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    (void)version;
    web_t *w = cls;
    request_t *req = *con_cls;
    if (!req) {
        req = calloc(1, sizeof *req);
        if (!req) return MHD_NO;
        *con_cls = req;
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (length && strtod(length, NULL) > (double)WEB_MAX_BODY) {
            /* Refuse before reading the body (MHD then closes the connection). */
            req->too_large = true;
            return send_error(c, 413, "too large", "The request body is over 1 MiB.");
        }
        return MHD_YES;
    }
    if (*upload_size) {
        const size_t n = *upload_size;
        *upload_size = 0;
        if (req->too_large || req->len + n > WEB_MAX_BODY) {
            req->too_large = true;
            return MHD_YES;
        }
        if (req->len + n + 1 > req->cap) {
            size_t cap = req->cap ? req->cap : 1024;
            while (cap < req->len + n + 1)
                cap *= 2;
            char *grown = realloc(req->body, cap);
            if (!grown) return MHD_NO;
            req->body = grown;
            req->cap = cap;
        }
        memcpy(req->body + req->len, upload, n);
        req->len += n;
        req->body[req->len] = '\0';
        return MHD_YES;
    }
    if (req->too_large) return send_error(c, 413, "too large", "The request body is over 1 MiB.");
    web_reply_t r;
    memset(&r, 0, sizeof r);
    if (!web_guard_request(w, method, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host"),
                           MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"),
                           MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type"),
                           req->len, &r))
        return send_reply(c, &r);
    if (atomic_load(&w->stopping))
        return send_error(c, 503, "stopping", "The server is shutting down.");
    if (strncmp(url, "/api/", 5) && strcmp(url, "/api")) return serve_page(w, c, url, method);
    char id[WEB_ID_MAX + 2];
    if (!strncmp(url, "/api/teams", 10) && (url[10] == '\0' || url[10] == '/')) {
        const char *token = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
        if ((!strcmp(method, "GET") || !strcmp(method, "HEAD")) &&
            is_team_stream_path(url, id, sizeof id))
            return (enum MHD_Result)web_team_serve_stream(w, c, id, token);
        web_team_handle(w, method, url, token, req->body, req->len, &r);
        return send_reply(c, &r);
    }
    if ((!strcmp(method, "GET") || !strcmp(method, "HEAD")) && is_stream_path(url, id, sizeof id))
        return serve_stream(w, c, id);
    const char *move = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "move");
    web_api_handle(w, method, url, move, req->body, req->len, &r);
    return send_reply(c, &r);
}

/* ---- start and stop ---- */

static bool is_loopback(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
        return (ntohl(in->sin_addr.s_addr) >> 24) == 127;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
        return IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr);
    }
    return false;
}

/* Listen on host:port, or on the first free port of WEB_PORT_TRIES from the default. Returns the
 * socket (and the port and family), or -1 after a message. */
static int open_listener(const web_config_t *cfg, int *port_out, int *family, bool *loopback)
{
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    const char *host = !strcmp(cfg->host, "localhost") ? "127.0.0.1" : cfg->host;
    const int rc = getaddrinfo(host, NULL, &hints, &res);
    if (rc || !res) {
        fprintf(stderr, "tengen web: cannot use the address %s: %s\n", cfg->host, gai_strerror(rc));
        return -1;
    }
    const int tries = cfg->port_given ? 1 : WEB_PORT_TRIES;
    int fd = -1, err = 0;
    for (int t = 0; t < tries && fd < 0; t++) {
        const int port = cfg->port + t;
        fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            err = errno;
            break;
        }
        const int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        struct sockaddr_storage addr;
        memcpy(&addr, res->ai_addr, res->ai_addrlen);
        if (res->ai_family == AF_INET6)
            ((struct sockaddr_in6 *)&addr)->sin6_port = htons((uint16_t)port);
        else
            ((struct sockaddr_in *)&addr)->sin_port = htons((uint16_t)port);
        if (bind(fd, (struct sockaddr *)&addr, res->ai_addrlen) || listen(fd, 64)) {
            err = errno;
            close(fd);
            fd = -1;
        }
    }
    if (fd >= 0) {
        struct sockaddr_storage bound;
        socklen_t len = sizeof bound;
        getsockname(fd, (struct sockaddr *)&bound, &len);
        *port_out = bound.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&bound)->sin6_port)
                                                : ntohs(((struct sockaddr_in *)&bound)->sin_port);
        *family = res->ai_family;
        *loopback = is_loopback(res->ai_addr);
    } else if (tries > 1) {
        fprintf(stderr, "tengen web: ports %d to %d are all taken (%s); give one with --port N\n",
                cfg->port, cfg->port + tries - 1, strerror(err));
    } else {
        fprintf(stderr, "tengen web: cannot listen on %s port %d: %s\n", cfg->host, cfg->port,
                strerror(err));
    }
    freeaddrinfo(res);
    return fd;
}

/* Wake everyone waiting on a game (requests waiting for the AI, event streams) and, when the
 * server stops, make the searches end soon. The games are collected first: a game lock is never
 * taken under the list's lock. */
static void wake_all(web_t *w)
{
    int n;
    web_game_t **games = web_games_snapshot(w, &n);
    for (int i = 0; games && i < n; i++) {
        pthread_mutex_lock(&games[i]->lock);
        /* A search in progress ends at its next report: the pool can then stop in time. */
        if (atomic_load(&w->stopping)) atomic_store(&games[i]->move_now, true);
        pthread_cond_broadcast(&games[i]->changed);
        pthread_mutex_unlock(&games[i]->lock);
        web_game_unref(games[i]);
    }
    free(games);
}

web_t *web_open(const web_config_t *cfg)
{
    web_t *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->cfg = *cfg;
    w->lock_fd = -1;
    pthread_mutex_init(&w->lock, NULL);
    atomic_init(&w->stopping, false);
    if (cfg->web_dir) {
        struct stat st;
        if (stat(cfg->web_dir, &st) || !S_ISDIR(st.st_mode) ||
            snprintf(w->web_dir, sizeof w->web_dir, "%s", cfg->web_dir) >= (int)sizeof w->web_dir) {
            fprintf(stderr, "tengen web: --web-dir %s is not a folder\n", cfg->web_dir);
            free(w);
            return NULL;
        }
    }
    if (!web_store_open(w)) {
        free(w);
        return NULL;
    }
    if (w->cfg.threads <= 0) {
        const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        w->cfg.threads = cpus > 0 ? (int)cpus : 1;
    }
    w->pool = web_pool_new(w->cfg.threads, w->cfg.queue);
    if (!w->pool) {
        fprintf(stderr, "tengen web: cannot start the AI threads\n");
        web_store_close(w);
        free(w);
        return NULL;
    }
    web_store_load_all(w);
    if (!web_teams_open(w)) fprintf(stderr, "tengen web: out of memory: no team games\n");
    return w;
}

/* A server whose search outlived web_close: kept reachable (leak checkers) until exit. */
static web_t *web_left_running;

bool web_close(web_t *w)
{
    atomic_store(&w->stopping, true);
    wake_all(w);
    web_teams_close(w); /* their threads wait on the games: before the pool stops */
    if (!web_pool_stop(w->pool, WEB_STOP_WAIT)) {
        /* A search still runs on one of the games: leave everything allocated (and reachable
         * from here) for it; every game was saved before its search started. */
        web_left_running = w;
        fprintf(stderr, "tengen web: a search was still running; its game was saved before it\n");
        return false;
    }
    pthread_mutex_lock(&w->lock);
    const int n = w->num_games;
    w->num_games = 0;
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < n; i++) {
        /* A clock stops with the server: its turn so far is charged and saved, and it runs again
         * from the next request for the game (as for a game taken out of memory). */
        web_game_t *g = w->games[i];
        pthread_mutex_lock(&g->lock);
        if (g->engine && g->clock.running != STONE_EMPTY) {
            web_game_clock_stop(g, false, NULL);
            char err[256];
            web_game_changed(g, err, sizeof err);
        }
        pthread_mutex_unlock(&g->lock);
        web_game_unref(g);
    }
    free(w->games);
    web_store_close(w);
    pthread_mutex_destroy(&w->lock);
    free(w);
    return true;
}

int web_run(const web_config_t *cfg)
{
    /* Signals go to sigwait below only: every thread made from here on inherits the mask. */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);
    web_t *w = web_open(cfg);
    if (!w) return 1;
    int port = 0, family = AF_INET;
    bool loopback = true;
    const int fd = open_listener(cfg, &port, &family, &loopback);
    struct MHD_Daemon *d = NULL;
    w->loopback = loopback;
    w->port = port;
    snprintf(w->host_name, sizeof w->host_name, strchr(cfg->host, ':') ? "[%s]" : "%s", cfg->host);
    if (fd >= 0) {
        const unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                               MHD_USE_ERROR_LOG | (family == AF_INET6 ? MHD_USE_IPv6 : 0);
        d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, w,
                             MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
                             (unsigned)WEB_MAX_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT,
                             (unsigned)WEB_CONNECTION_TIMEOUT, MHD_OPTION_NOTIFY_COMPLETED,
                             on_completed, w, MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, NULL,
                             MHD_OPTION_END);
        if (!d) {
            fprintf(stderr, "tengen web: cannot start the HTTP server\n");
            close(fd);
        }
    }
    int status = 1;
    if (d) {
        const bool wildcard = !strcmp(cfg->host, "0.0.0.0") || !strcmp(cfg->host, "::");
        char host[INET6_ADDRSTRLEN + 2];
        snprintf(host, sizeof host, family == AF_INET6 ? "[%s]" : "%s",
                 loopback || wildcard ? (family == AF_INET6 ? "::1" : "127.0.0.1") : cfg->host);
        if (!loopback)
            fprintf(stderr,
                    "tengen web: warning: listening on %s, not only on this computer: "
                    "anyone who can reach it can play and delete games\n",
                    cfg->host);
        printf("tengen web: %d AI thread%s, data in %s\n", w->cfg.threads,
               w->cfg.threads == 1 ? "" : "s", w->data_dir);
        printf("tengen web: open http://%s:%d/ in a browser (Ctrl-C stops)\n", host, port);
        fflush(stdout);
        int sig = 0;
        sigwait(&sigs, &sig);
        printf("tengen web: stopping\n");
        fflush(stdout);
        status = 0;
    }
    atomic_store(&w->stopping, true);
    wake_all(w);
    if (d) MHD_stop_daemon(d); /* closes the listening socket too */
    web_close(w);
    return status;
}
