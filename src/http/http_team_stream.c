/* http_team_stream.c - the event stream of a team game (GET /api/teams/{id}/events): the team's
 * state at every change (votes, members, results), the game's state, and tengen's analysis for
 * those who may see it (docs/web.md, "Team games").
 *
 * An open stream of a member's token counts that member as present in the vote; closing it (a tab
 * closed) starts the short grace after which the member no longer holds up a vote. So that a
 * closed connection is noticed soon, something is written at least every TEAM_STREAM_PING
 * seconds. It knows the team only through http_team.c's functions.
 */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"

#define TEAM_STREAM_POLL                                                                           \
    0.2                      /* seconds between looks at the game (its own condition is not ours)  \
                              */
#define TEAM_STREAM_PING 2.0 /* seconds without an event before a comment line is sent */

typedef struct team_stream {
    web_t *w;
    web_team_t *t;
    web_game_t *g; /* with a use: kept loaded while the stream is open */
    int member;    /* -1: someone who has not joined (a spectator) */
    bool analysis; /* may this reader see tengen's analysis? */
    bool started;
    uint64_t team_seen, state_seen, analysis_seen;
    double last_sent;
    char *out;
    size_t out_len, out_pos;
    bool ended;
} team_stream_t;

static void stream_free(void *cls)
{
    team_stream_t *s = cls;
    web_team_disconnect(s->t, s->member);
    web_release_game(s->g);
    free(s->out);
    free(s);
}

/* The next chunk: "event: NAME\ndata: TEXT\n\n", or TEXT as it is when name is NULL. */
static void stream_set(team_stream_t *s, const char *name, const char *text)
{
    free(s->out);
    s->out_pos = s->out_len = 0;
    const size_t n = strlen(text) + (name ? strlen(name) + 20 : 1);
    s->out = malloc(n);
    if (!s->out) return;
    if (name)
        snprintf(s->out, n, "event: %s\ndata: %s\n\n", name, text);
    else
        snprintf(s->out, n, "%s", text);
    s->out_len = strlen(s->out);
    s->last_sent = web_now();
}

/* The game's next event (state first, then analysis), if any; false when there is none. */
static bool next_game_event(team_stream_t *s)
{
    web_game_t *g = s->g;
    bool sent = false;
    pthread_mutex_lock(&g->lock);
    if (g->deleted) {
        char data[128];
        snprintf(data, sizeof data, "{\"id\":\"%s\"}", g->id);
        stream_set(s, "deleted", data);
        s->ended = sent = true;
    } else if (g->state_seq != s->state_seen) {
        s->state_seen = g->state_seq;
        cJSON *state = web_game_state(g, false);
        web_team_filter_game(state, s->analysis);
        char *text = state ? cJSON_PrintUnformatted(state) : NULL;
        cJSON_Delete(state);
        if (text) stream_set(s, "game", text);
        free(text);
        sent = text != NULL;
    } else if (s->analysis) {
        const char *analysis = web_game_unsent_analysis(g, &s->analysis_seen);
        if (analysis) stream_set(s, "analysis", analysis);
        sent = analysis != NULL;
    }
    pthread_mutex_unlock(&g->lock);
    return sent;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    team_stream_t *s = cls;
    while (s->out_pos >= s->out_len) {
        if (s->ended || atomic_load(&s->w->stopping)) return MHD_CONTENT_READER_END_OF_STREAM;
        /* The team's state first: a vote is what its readers wait for. */
        uint64_t seq = 0;
        if (!s->started || web_team_wait(s->t, s->team_seen, 0)) {
            char *text = web_team_state_text(s->t, s->member, &seq);
            s->team_seen = seq;
            s->started = true;
            if (text) stream_set(s, "team", text);
            free(text);
            if (text) break;
        }
        if (next_game_event(s)) break;
        if (web_now() - s->last_sent >= TEAM_STREAM_PING) {
            stream_set(s, NULL, ": keep-alive\n\n");
            break;
        }
        web_team_wait(s->t, s->team_seen, TEAM_STREAM_POLL);
    }
    if (!s->out) return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t n = s->out_len - s->out_pos;
    if (n > max) n = max;
    memcpy(buf, s->out + s->out_pos, n);
    s->out_pos += n;
    return (ssize_t)n;
}

int web_team_serve_stream(web_t *w, struct MHD_Connection *c, const char *id, const char *token)
{
    web_reply_t r;
    memset(&r, 0, sizeof r);
    web_team_t *t = web_is_valid_id(id) ? web_team_find(w, id) : NULL;
    if (!t) {
        web_error(&r, 404, "not found", "No team game %.64s.", id);
        return web_send_reply(c, &r);
    }
    web_game_t *g = web_acquire_game(w, id, true, &r);
    if (!g) return web_send_reply(c, &r);
    const int member = web_team_connect(t, token);
    if (member == -2) {
        web_release_game(g);
        web_error(&r, 403, "bad token",
                  "That token is not a member of this game: join first (POST .../join).");
        return web_send_reply(c, &r);
    }
    team_stream_t *s = calloc(1, sizeof *s);
    if (!s) {
        web_team_disconnect(t, member);
        web_release_game(g);
        web_error(&r, 500, "out of memory", "Out of memory.");
        return web_send_reply(c, &r);
    }
    s->w = w;
    s->t = t;
    s->g = g;
    s->member = member;
    s->analysis = web_team_sees_analysis(t, member);
    s->last_sent = web_now();
    s->state_seen = UINT64_MAX; /* the game's state goes out first */
    pthread_mutex_lock(&g->lock);
    s->analysis_seen = g->thinking ? g->previous_seq : g->analysis_seq;
    pthread_mutex_unlock(&g->lock);
    return web_queue_event_stream(c, stream_read, stream_free, s);
}
