/* http_util.c - small helpers of the web server: times, ids, error replies, and the JSON forms of
 * boards and point lists. Knows no HTTP library and no game beyond the board. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"

double web_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

char *web_time_text(time_t t, char *buf, size_t len)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    if (!strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) && len > 0) buf[0] = '\0';
    return buf;
}

/* Days from 1970-01-01 to a civil date (proleptic Gregorian), without the local time zone. */
static long days_from_civil(long y, long m, long d)
{
    y -= m <= 2;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const long yoe = y - era * 400;
    const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

bool web_time_parse(const char *text, time_t *out)
{
    int y, mo, d, h, mi, s;
    char z = 0;
    if (!text || strlen(text) != 20 ||
        sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &z) != 7 || z != 'Z')
        return false;
    if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
        s > 60 || h < 0 || mi < 0 || s < 0)
        return false;
    *out = (time_t)(days_from_civil(y, mo, d) * 86400L + h * 3600L + mi * 60L + s);
    return true;
}

bool web_is_valid_id(const char *id)
{
    size_t n = 0;
    for (; id[n]; n++) {
        const char c = id[n];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
        if (n >= WEB_ID_MAX) return false;
    }
    return n > 0;
}

void web_reply_json(web_reply_t *r, int status, cJSON *j)
{
    r->status = status;
    r->content_type = "application/json";
    free(r->body);
    r->body = j ? cJSON_PrintUnformatted(j) : NULL;
    if (j && !r->body) {
        /* Out of memory while printing: an answer that needs no allocation. */
        r->status = 500;
    }
    r->len = r->body ? strlen(r->body) : 0;
    cJSON_Delete(j);
}

void web_error(web_reply_t *r, int status, const char *reason, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cJSON *j = cJSON_CreateObject();
    if (j) {
        cJSON_AddStringToObject(j, "error", msg);
        cJSON_AddStringToObject(j, "reason", reason);
    }
    web_reply_json(r, status, j);
    r->status = status;
}

void web_reply_free(web_reply_t *r)
{
    free(r->body);
    r->body = NULL;
    r->len = 0;
}

const char *web_color_name(stone_t c)
{
    return c == STONE_BLACK ? "black" : c == STONE_WHITE ? "white" : "none";
}

const char *web_engine_name(engine_kind_t k)
{
    return k == ENGINE_AB ? "ab" : "mcts";
}

bool web_engine_parse(const char *name, engine_kind_t *out)
{
    if (name && !strcmp(name, "mcts"))
        *out = ENGINE_MCTS;
    else if (name && !strcmp(name, "ab"))
        *out = ENGINE_AB;
    else
        return false;
    return true;
}

double web_round(double x, int digits)
{
    if (!isfinite(x)) return 0;
    const double f = pow(10, digits);
    return round(x * f) / f;
}

cJSON *web_board_rows(const board_t *b)
{
    cJSON *rows = cJSON_CreateArray();
    char line[BOARD_MAX_SIZE + 1];
    for (int y = 0; rows && y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const stone_t c = board_at(b, board_point(b, x, y));
            line[x] = c == STONE_BLACK ? 'X' : c == STONE_WHITE ? 'O' : '.';
        }
        line[b->size] = '\0';
        cJSON_AddItemToArray(rows, cJSON_CreateString(line));
    }
    return rows;
}

cJSON *web_point_list(const board_t *b, const bool *mask)
{
    cJSON *list = cJSON_CreateArray();
    char v[8];
    /* Top row first, left to right, as the board rows. */
    for (int y = 0; list && y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            if (mask[p])
                cJSON_AddItemToArray(list, cJSON_CreateString(board_point_to_gtp(b, p, v)));
        }
    return list;
}

bool web_parse_dead_list(const board_t *b, const cJSON *list, bool *mask, char *err, size_t len)
{
    memset(mask, 0, BOARD_MAX_POINTS * sizeof *mask);
    if (!cJSON_IsArray(list)) {
        snprintf(err, len, "dead must be a list of points like [\"C3\", \"D4\"]");
        return false;
    }
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        const char *text = cJSON_GetStringValue(item);
        const int p = text && strlen(text) < 8 ? board_point_from_gtp(b, text) : POINT_NONE;
        if (p == POINT_NONE || p == POINT_PASS) {
            snprintf(err, len, "dead: %.20s%s is not a point of this board",
                     text ? text : "(not a text)", text && strlen(text) > 20 ? "..." : "");
            return false;
        }
        const stone_t c = board_at(b, p);
        if (c != STONE_BLACK && c != STONE_WHITE) {
            snprintf(err, len, "dead: %s holds no stone", text);
            return false;
        }
        int q = p;
        do {
            mask[q] = true;
            q = b->next[q];
        } while (q != p);
    }
    return true;
}

uint64_t web_random64(void)
{
    uint64_t v = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&v, sizeof v, 1, f) != 1) v = 0;
        fclose(f);
    }
    if (v == 0) {
        /* No /dev/urandom: the clock, mixed (ids are checked for collisions anyway). */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15u;
    }
    return v;
}

void web_wait_cond(pthread_cond_t *cond, pthread_mutex_t *lock, double seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    const long ns = until.tv_nsec + (long)(seconds * 1e9);
    until.tv_sec += ns / 1000000000L;
    until.tv_nsec = ns % 1000000000L;
    pthread_cond_timedwait(cond, lock, &until);
}
