/* http_team.c - team games: a group of people votes on each move of one colour against tengen.
 *
 * A team game is an ordinary web game (its id, file, AI and event stream) plus what this module
 * owns: the members (name, token, voter or spectator, presence), the open vote (proposals, one
 * vote per voter, a wall-clock deadline) and the results of the votes closed. Each team has a
 * thread that runs its game: it opens a vote on the team's turn, closes it at the deadline or
 * when every voter present has voted, plays the winner through the JSON API, writes the result
 * as the move's comment, and asks tengen for its move. The team's state is kept in
 * DATA/{id}.team.json, written at every change, and read back at start.
 *
 * Locks: a team's lock guards the team; it may be taken under a game's lock, never the reverse
 * (this module drops it before it calls the API or locks the game). The registry lock guards the
 * list of teams only. Teams are freed only when the server closes.
 *
 * It does not know HTTP connections: the event stream is http_team_stream.c.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "http/http_internal.h"

#define TEAM_MAX_MEMBERS 200 /* voters and spectators of one team (429 beyond) */
#define TEAM_MAX_TEAMS 100   /* team games being played, each with a thread (429 beyond) */
#define TEAM_NAME_CHARS 24   /* characters of a member's name, after trimming */
#define TEAM_NAME_BYTES (TEAM_NAME_CHARS * 4 + 1)
#define TEAM_TOKEN_HEX 32 /* hex characters of a member's token */
#define TEAM_PRESENCE_SECONDS                                                                      \
    5.0 /* a voter without an event stream counts this long after a request */
#define TEAM_MIN_VOTE_SECONDS 1.0
#define TEAM_MAX_VOTE_SECONDS 3600.0
#define TEAM_DEFAULT_VOTE_SECONDS 30.0
#define TEAM_DEFAULT_PLAYOUTS 2000
#define TEAM_MAX_PROPOSALS (BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1) /* every point and a pass */
#define TEAM_RETRY_SECONDS 1.0 /* after a busy server (429, 503) the thread tries again */

typedef struct team_member {
    char name[TEAM_NAME_BYTES];
    char token[TEAM_TOKEN_HEX + 1];
    bool voter;  /* else a spectator */
    bool left;   /* said goodbye: not present until its next request */
    int streams; /* event streams open */
    double seen; /* web_now() of its last request or stream end */
    int vote;    /* index of the proposal it votes for in the open vote, or -1 */
} team_member_t;

typedef struct team_proposal {
    int point;    /* a point or POINT_PASS */
    char move[8]; /* as GTP writes it: "D4", "pass" */
    int by;       /* the member who proposed it first */
} team_proposal_t;

typedef enum team_status {
    TEAM_VOTING, /* the team's turn: the vote is open */
    TEAM_TENGEN, /* tengen's turn (or the count) */
    TEAM_OVER,   /* the game ended, or was deleted */
} team_status_t;

struct web_team {
    char id[WEB_ID_MAX + 1];
    web_t *w;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* any change of the team (stream readers, the thread) */
    uint64_t seq;           /* +1 at every change */
    stone_t color;
    double vote_seconds;
    bool show_analysis; /* may voters see tengen's analysis? (spectators always do) */
    team_member_t members[TEAM_MAX_MEMBERS];
    int num_members;
    team_status_t status;
    /* The open vote (status TEAM_VOTING and voting): for the move after vote_moves moves. */
    bool voting;
    bool closing; /* the thread has counted it: votes are refused until the next one */
    int vote_moves;
    double deadline; /* wall-clock seconds (survives a restart) */
    team_proposal_t proposals[TEAM_MAX_PROPOSALS];
    int num_proposals;
    cJSON *results; /* array: one object per vote closed */
    pthread_t thread;
    bool has_thread;
};

struct web_teams {
    pthread_mutex_t lock;
    web_team_t **teams;
    int num, cap;
};

/* Set while this thread calls the game API for a team, so that web_team_refuses lets it through. */
static _Thread_local bool team_internal;

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- registry ---- */

web_team_t *web_team_find(web_t *w, const char *id)
{
    web_teams_t *ts = w->teams;
    web_team_t *found = NULL;
    if (!ts) return NULL;
    pthread_mutex_lock(&ts->lock);
    for (int i = 0; !found && i < ts->num; i++)
        if (!strcmp(ts->teams[i]->id, id)) found = ts->teams[i];
    pthread_mutex_unlock(&ts->lock);
    return found;
}

static bool add_team(web_t *w, web_team_t *t)
{
    web_teams_t *ts = w->teams;
    pthread_mutex_lock(&ts->lock);
    /* Games that ended keep their team (its page, its results) but no thread: not counted. */
    int playing = 0;
    for (int i = 0; i < ts->num; i++) {
        pthread_mutex_lock(&ts->teams[i]->lock);
        playing += ts->teams[i]->status != TEAM_OVER;
        pthread_mutex_unlock(&ts->teams[i]->lock);
    }
    bool ok = playing < TEAM_MAX_TEAMS;
    if (ok && ts->num == ts->cap) {
        const int cap = ts->cap ? 2 * ts->cap : 8;
        web_team_t **grown = realloc(ts->teams, (size_t)cap * sizeof *grown);
        ok = grown != NULL;
        if (ok) {
            ts->teams = grown;
            ts->cap = cap;
        }
    }
    if (ok) ts->teams[ts->num++] = t;
    pthread_mutex_unlock(&ts->lock);
    return ok;
}

static web_team_t *team_new(web_t *w, const char *id)
{
    web_team_t *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    snprintf(t->id, sizeof t->id, "%s", id);
    t->w = w;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    t->color = STONE_BLACK;
    t->vote_seconds = TEAM_DEFAULT_VOTE_SECONDS;
    t->status = TEAM_TENGEN;
    t->results = cJSON_CreateArray();
    if (!t->results) {
        free(t);
        return NULL;
    }
    return t;
}

static void team_free(web_team_t *t)
{
    cJSON_Delete(t->results);
    pthread_cond_destroy(&t->changed);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

/* ---- members ---- */

/* Is the member counted as present in the vote? Under the team's lock. */
static bool is_present(const team_member_t *m, double now)
{
    return !m->left && (m->streams > 0 || now - m->seen < TEAM_PRESENCE_SECONDS);
}

/* The member with this token, or -1. Under the lock. */
static int find_member(const web_team_t *t, const char *token)
{
    if (!token || strlen(token) != TEAM_TOKEN_HEX) return -1;
    for (int i = 0; i < t->num_members; i++)
        if (!strcmp(t->members[i].token, token)) return i;
    return -1;
}

/* Bytes of the UTF-8 character at s (n bytes left), 0 if it is not well formed. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80             ? 1
                 : (s[0] & 0xE0) == 0xC0 ? 2
                 : (s[0] & 0xF0) == 0xE0 ? 3
                 : (s[0] & 0xF8) == 0xF0 ? 4
                                         : 0;
    if (len == 0 || len > n || (len == 2 && s[0] < 0xC2)) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (len == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
    if (len == 4 &&
        ((s[0] == 0xF0 && s[1] < 0x90) || s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90)))
        return 0;
    return len;
}

/* A member's name from what was sent: trimmed, 1..TEAM_NAME_CHARS characters of UTF-8 without
 * control characters. False with the reason in err. The page shows names as text only. */
static bool clean_name(const char *text, char *out, char *err, size_t errlen)
{
    if (!text) {
        snprintf(err, errlen, "name must be a text of 1 to %d characters.", TEAM_NAME_CHARS);
        return false;
    }
    size_t start = 0, end = strlen(text);
    while (start < end && isspace((unsigned char)text[start]))
        start++;
    while (end > start && isspace((unsigned char)text[end - 1]))
        end--;
    int chars = 0;
    for (size_t i = start; i < end;) {
        const unsigned char *s = (const unsigned char *)text + i;
        const size_t len = utf8_length(s, end - i);
        if (len == 0 || (len == 1 && (s[0] < 0x20 || s[0] == 0x7F)) ||
            (len == 2 && s[0] == 0xC2 && s[1] < 0xA0)) {
            snprintf(err, errlen, "name must be UTF-8 text without control characters.");
            return false;
        }
        i += len;
        if (++chars > TEAM_NAME_CHARS) break;
    }
    if (chars < 1 || chars > TEAM_NAME_CHARS) {
        snprintf(err, errlen, "name must have 1 to %d characters (spaces around it are dropped).",
                 TEAM_NAME_CHARS);
        return false;
    }
    memcpy(out, text + start, end - start);
    out[end - start] = '\0';
    return true;
}

static bool same_name(const char *a, const char *b)
{
    return !strcasecmp(a, b);
}

/* ---- the vote ---- */

/* Votes for each proposal into counts (num_proposals entries). Under the lock. */
static int count_votes(const web_team_t *t, int *counts)
{
    int cast = 0;
    for (int k = 0; k < t->num_proposals; k++)
        counts[k] = 0;
    for (int i = 0; i < t->num_members; i++) {
        const int v = t->members[i].vote;
        if (t->members[i].voter && v >= 0 && v < t->num_proposals) {
            counts[v]++;
            cast++;
        }
    }
    return cast;
}

/* The winning proposal: the most votes, ties to the earliest proposed; -1 if nobody voted. */
static int winner(const web_team_t *t, const int *counts)
{
    int best = -1;
    for (int k = 0; k < t->num_proposals; k++)
        if (counts[k] > 0 && (best < 0 || counts[k] > counts[best])) best = k;
    return best;
}

/* Should the open vote close now: its time is up, or there are votes and every voter present
 * has voted (those away hold nothing up)? Under the lock. */
static bool vote_is_done(const web_team_t *t)
{
    if (wall_now() >= t->deadline) return true;
    const double now = web_now();
    int cast = 0, waiting = 0;
    for (int i = 0; i < t->num_members; i++) {
        const team_member_t *m = &t->members[i];
        if (!m->voter) continue;
        if (m->vote >= 0)
            cast++;
        else if (is_present(m, now))
            waiting++;
    }
    return cast > 0 && waiting == 0;
}

/* Open the vote for the move after `moves` moves. Under the lock. */
static void open_vote(web_team_t *t, int moves)
{
    t->voting = true;
    t->closing = false;
    t->vote_moves = moves;
    t->deadline = wall_now() + t->vote_seconds;
    t->num_proposals = 0;
    for (int i = 0; i < t->num_members; i++)
        t->members[i].vote = -1;
    t->status = TEAM_VOTING;
}

/* ---- state as JSON ---- */

static const char *status_name(team_status_t s)
{
    return s == TEAM_VOTING ? "voting" : s == TEAM_TENGEN ? "tengen" : "over";
}

/* May this member (-1: someone who has not joined) see tengen's analysis? Under the lock. */
static bool sees_analysis(const web_team_t *t, int member)
{
    return t->show_analysis || member < 0 || !t->members[member].voter;
}

/* The open vote's proposals with their votes and proposers. Under the lock. */
static cJSON *proposals_json(const web_team_t *t, const int *counts)
{
    cJSON *a = cJSON_CreateArray();
    for (int k = 0; a && k < t->num_proposals; k++) {
        cJSON *p = cJSON_CreateObject();
        if (!p) break;
        cJSON_AddStringToObject(p, "move", t->proposals[k].move);
        cJSON_AddNumberToObject(p, "votes", counts[k]);
        const int by = t->proposals[k].by;
        cJSON_AddStringToObject(p, "by", by >= 0 && by < t->num_members ? t->members[by].name : "");
        cJSON_AddItemToArray(a, p);
    }
    return a;
}

/* The team as `member` sees it (docs/web.md, "Team games"). Under the lock. */
static cJSON *team_json(const web_team_t *t, int member)
{
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    char link[WEB_ID_MAX + 8];
    snprintf(link, sizeof link, "/team/%s", t->id);
    cJSON_AddStringToObject(j, "id", t->id);
    cJSON_AddStringToObject(j, "link", link);
    cJSON_AddStringToObject(j, "team", web_color_name(t->color));
    cJSON_AddNumberToObject(j, "vote_seconds", t->vote_seconds);
    cJSON_AddBoolToObject(j, "show_analysis", t->show_analysis);
    cJSON_AddStringToObject(j, "status", status_name(t->status));
    /* Replies and the event stream reach a page in either order: this tells it which is newer. */
    cJSON_AddNumberToObject(j, "seq", (double)t->seq);
    const double now = web_now();
    int counts[TEAM_MAX_PROPOSALS];
    const int cast = count_votes(t, counts);
    if (t->status == TEAM_VOTING && t->voting) {
        cJSON *v = cJSON_AddObjectToObject(j, "vote");
        cJSON_AddNumberToObject(v, "move_number", t->vote_moves + 1);
        const double left = t->deadline - wall_now();
        cJSON_AddNumberToObject(v, "seconds_left", web_round(left > 0 ? left : 0, 1));
        cJSON_AddNumberToObject(v, "votes", cast);
        cJSON_AddBoolToObject(v, "closing", t->closing);
        cJSON_AddItemToObject(v, "proposals", proposals_json(t, counts));
    } else {
        cJSON_AddNullToObject(j, "vote");
    }
    cJSON *ms = cJSON_AddArrayToObject(j, "members");
    int present = 0;
    for (int i = 0; ms && i < t->num_members; i++) {
        const team_member_t *m = &t->members[i];
        cJSON *o = cJSON_CreateObject();
        if (!o) break;
        cJSON_AddStringToObject(o, "name", m->name);
        cJSON_AddStringToObject(o, "role", m->voter ? "voter" : "spectator");
        cJSON_AddBoolToObject(o, "present", is_present(m, now));
        cJSON_AddBoolToObject(o, "voted", m->voter && m->vote >= 0);
        if (m->voter && is_present(m, now)) present++;
        cJSON_AddItemToArray(ms, o);
    }
    cJSON_AddNumberToObject(j, "voters_present", present);
    cJSON_AddItemToObject(j, "results", cJSON_Duplicate(t->results, true));
    if (member >= 0) {
        const team_member_t *m = &t->members[member];
        cJSON *you = cJSON_AddObjectToObject(j, "you");
        cJSON_AddStringToObject(you, "name", m->name);
        cJSON_AddStringToObject(you, "role", m->voter ? "voter" : "spectator");
        if (m->vote >= 0 && m->vote < t->num_proposals)
            cJSON_AddStringToObject(you, "vote", t->proposals[m->vote].move);
        else
            cJSON_AddNullToObject(you, "vote");
    } else {
        cJSON_AddNullToObject(j, "you");
    }
    cJSON_AddBoolToObject(j, "analysis_visible", sees_analysis(t, member));
    return j;
}

char *web_team_state_text(web_team_t *t, int member, uint64_t *seq)
{
    pthread_mutex_lock(&t->lock);
    cJSON *j = team_json(t, member);
    if (seq) *seq = t->seq;
    pthread_mutex_unlock(&t->lock);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    return text;
}

void web_team_filter_game(cJSON *state, bool analysis)
{
    if (analysis || !state) return;
    /* What the search thought: tengen's win rates and candidates. */
    cJSON_DeleteItemFromObjectCaseSensitive(state, "last_analysis");
    cJSON_DeleteItemFromObjectCaseSensitive(state, "evaluations");
    cJSON_DeleteItemFromObjectCaseSensitive(state, "review");
    cJSON *ai_move = cJSON_GetObjectItemCaseSensitive(state, "ai_move");
    if (cJSON_IsObject(ai_move)) cJSON_DeleteItemFromObjectCaseSensitive(ai_move, "winrate");
}

/* ---- the team's file ---- */

static cJSON *team_file_json(const web_team_t *t)
{
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "version", 1);
    cJSON_AddStringToObject(j, "team", web_color_name(t->color));
    cJSON_AddNumberToObject(j, "vote_seconds", t->vote_seconds);
    cJSON_AddBoolToObject(j, "show_analysis", t->show_analysis);
    cJSON *ms = cJSON_AddArrayToObject(j, "members");
    for (int i = 0; ms && i < t->num_members; i++) {
        const team_member_t *m = &t->members[i];
        cJSON *o = cJSON_CreateObject();
        if (!o) break;
        cJSON_AddStringToObject(o, "name", m->name);
        cJSON_AddStringToObject(o, "token", m->token);
        cJSON_AddStringToObject(o, "role", m->voter ? "voter" : "spectator");
        cJSON_AddBoolToObject(o, "left", m->left);
        cJSON_AddNumberToObject(o, "vote", m->vote);
        cJSON_AddItemToArray(ms, o);
    }
    if (t->voting && t->status == TEAM_VOTING) {
        cJSON *v = cJSON_AddObjectToObject(j, "vote");
        cJSON_AddNumberToObject(v, "moves", t->vote_moves);
        cJSON_AddNumberToObject(v, "deadline", t->deadline);
        cJSON *ps = cJSON_AddArrayToObject(v, "proposals");
        for (int k = 0; ps && k < t->num_proposals; k++) {
            cJSON *p = cJSON_CreateObject();
            if (!p) break;
            cJSON_AddStringToObject(p, "move", t->proposals[k].move);
            cJSON_AddNumberToObject(p, "by", t->proposals[k].by);
            cJSON_AddItemToArray(ps, p);
        }
    }
    cJSON_AddItemToObject(j, "results", cJSON_Duplicate(t->results, true));
    return j;
}

static void team_path(const web_t *w, const char *id, const char *prefix, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s%s.team.json%s", w->data_dir, prefix, id, prefix[0] ? ".tmp" : "");
}

/* Write the team's file (a temporary file renamed over it). Under the lock; false with a message
 * on stderr: the team goes on in memory. */
static bool team_save(const web_team_t *t)
{
    cJSON *j = team_file_json(t);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    char path[PATH_MAX + 96], tmp[PATH_MAX + 96];
    team_path(t->w, t->id, "", path, sizeof path);
    team_path(t->w, t->id, ".", tmp, sizeof tmp);
    bool ok = text != NULL;
    FILE *f = ok ? fopen(tmp, "w") : NULL;
    ok = f && fputs(text, f) >= 0;
    if (f && fclose(f)) ok = false;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        fprintf(stderr, "tengen web: cannot save the team of game %s: %s\n", t->id,
                text ? strerror(errno) : "out of memory");
        if (f) unlink(tmp);
    }
    free(text);
    return ok;
}

/* A change: save, wake the stream readers and the thread. Under the lock. */
static void team_changed(web_team_t *t, bool save)
{
    if (save) team_save(t);
    t->seq++;
    pthread_cond_broadcast(&t->changed);
}

static bool parse_color(const char *s, stone_t *out)
{
    if (s && !strcmp(s, "black"))
        *out = STONE_BLACK;
    else if (s && !strcmp(s, "white"))
        *out = STONE_WHITE;
    else
        return false;
    return true;
}

/* Read a team's file; NULL with a message on stderr when it is not one. */
static web_team_t *team_load(web_t *w, const char *id)
{
    char path[PATH_MAX + 96];
    team_path(w, id, "", path, sizeof path);
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    if (f) {
        fseek(f, 0, SEEK_END);
        const long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        text = n > 0 && n < (8L << 20) ? malloc((size_t)n + 1) : NULL;
        len = text ? fread(text, 1, (size_t)n, f) : 0;
        if (text) text[len] = '\0';
        fclose(f);
    }
    cJSON *j = text ? cJSON_ParseWithLength(text, len) : NULL;
    free(text);
    web_team_t *t = j ? team_new(w, id) : NULL;
    bool ok =
        t != NULL && parse_color(cJSON_GetStringValue(cJSON_GetObjectItem(j, "team")), &t->color);
    if (ok) {
        const cJSON *secs = cJSON_GetObjectItem(j, "vote_seconds");
        if (cJSON_IsNumber(secs) && secs->valuedouble >= TEAM_MIN_VOTE_SECONDS &&
            secs->valuedouble <= TEAM_MAX_VOTE_SECONDS)
            t->vote_seconds = secs->valuedouble;
        t->show_analysis = cJSON_IsTrue(cJSON_GetObjectItem(j, "show_analysis"));
        const double now = web_now();
        const cJSON *m;
        cJSON_ArrayForEach(m, cJSON_GetObjectItem(j, "members"))
        {
            if (t->num_members >= TEAM_MAX_MEMBERS) break;
            team_member_t *tm = &t->members[t->num_members];
            char err[128];
            const char *token = cJSON_GetStringValue(cJSON_GetObjectItem(m, "token"));
            const char *role = cJSON_GetStringValue(cJSON_GetObjectItem(m, "role"));
            if (!clean_name(cJSON_GetStringValue(cJSON_GetObjectItem(m, "name")), tm->name, err,
                            sizeof err) ||
                !token || strlen(token) != TEAM_TOKEN_HEX || !role)
                continue;
            snprintf(tm->token, sizeof tm->token, "%s", token);
            tm->voter = !strcmp(role, "voter");
            tm->left = cJSON_IsTrue(cJSON_GetObjectItem(m, "left"));
            /* Everyone gets the time of a reload to come back before counting as gone. */
            tm->seen = now;
            const cJSON *vote = cJSON_GetObjectItem(m, "vote");
            tm->vote = cJSON_IsNumber(vote) ? vote->valueint : -1;
            t->num_members++;
        }
        const cJSON *v = cJSON_GetObjectItem(j, "vote");
        const cJSON *moves = cJSON_GetObjectItem(v, "moves");
        const cJSON *deadline = cJSON_GetObjectItem(v, "deadline");
        if (cJSON_IsNumber(moves) && cJSON_IsNumber(deadline)) {
            t->voting = true;
            t->status = TEAM_VOTING;
            t->vote_moves = moves->valueint;
            t->deadline = deadline->valuedouble;
            const cJSON *p;
            cJSON_ArrayForEach(p, cJSON_GetObjectItem(v, "proposals"))
            {
                const char *move = cJSON_GetStringValue(cJSON_GetObjectItem(p, "move"));
                const cJSON *by = cJSON_GetObjectItem(p, "by");
                if (!move || strlen(move) >= 8 || !cJSON_IsNumber(by) ||
                    t->num_proposals >= TEAM_MAX_PROPOSALS)
                    break;
                team_proposal_t *tp = &t->proposals[t->num_proposals++];
                snprintf(tp->move, sizeof tp->move, "%s", move);
                tp->point = POINT_NONE; /* found again when the vote closes */
                tp->by = by->valueint;
            }
        }
        /* Votes for proposals that did not survive are dropped. */
        for (int i = 0; i < t->num_members; i++)
            if (t->members[i].vote >= t->num_proposals || !t->voting) t->members[i].vote = -1;
        const cJSON *results = cJSON_GetObjectItem(j, "results");
        if (cJSON_IsArray(results)) {
            cJSON_Delete(t->results);
            t->results = cJSON_Duplicate(results, true);
            if (!t->results) t->results = cJSON_CreateArray();
        }
        ok = t->results != NULL;
    }
    cJSON_Delete(j);
    if (!ok) {
        fprintf(stderr, "tengen web: skipped %s: not a team file\n", path);
        if (t) team_free(t);
        return NULL;
    }
    return t;
}

/* ---- the team's thread ---- */

/* Call the JSON API as the team; the status, and the answer's JSON into *answer if asked. */
static int call_api(web_t *w, const char *method, const char *path, const char *body,
                    cJSON **answer)
{
    web_reply_t r;
    team_internal = true;
    web_api_handle(w, method, path, NULL, body, body ? strlen(body) : 0, &r);
    team_internal = false;
    const int status = r.status;
    if (answer) *answer = r.body ? cJSON_ParseWithLength(r.body, r.len) : NULL;
    web_reply_free(&r);
    return status;
}

typedef struct game_view {
    web_phase_t phase;
    stone_t to_move;
    int moves;
} game_view_t;

/* Where the team's game stands: 1, 0 when it is gone (deleted), -1 when it cannot be loaded now. */
static int view_game(web_team_t *t, game_view_t *v)
{
    web_reply_t r;
    memset(&r, 0, sizeof r);
    web_game_t *g = web_acquire_game(t->w, t->id, true, &r);
    if (!g) {
        const int status = r.status;
        web_reply_free(&r);
        return status == 404 ? 0 : -1;
    }
    pthread_mutex_lock(&g->lock);
    const int gone = g->deleted;
    v->phase = web_game_phase(g);
    v->to_move = game_to_move(engine_game(g->engine));
    v->moves = web_game_move_count(g);
    pthread_mutex_unlock(&g->lock);
    web_release_game(g);
    return gone ? 0 : 1;
}

/* The result of the vote just closed as JSON and as the move's comment. Under the lock. */
static cJSON *result_json(const web_team_t *t, const int *counts, int best, int cast, char *comment,
                          size_t len)
{
    cJSON *res = cJSON_CreateObject();
    if (!res) return NULL;
    const char *move = best >= 0 ? t->proposals[best].move : "pass";
    cJSON_AddNumberToObject(res, "move_number", t->vote_moves + 1);
    cJSON_AddStringToObject(res, "move", move);
    cJSON_AddNumberToObject(res, "votes", best >= 0 ? counts[best] : 0);
    cJSON_AddNumberToObject(res, "cast", cast);
    cJSON_AddItemToObject(res, "proposals", proposals_json(t, counts));
    size_t n;
    if (best < 0)
        n = (size_t)snprintf(comment, len, "Team vote: no votes, the team passes.");
    else
        n = (size_t)snprintf(comment, len, "Team vote: %s with %d of %d vote%s.", move,
                             counts[best], cast, cast == 1 ? "" : "s");
    bool first = true;
    for (int k = 0; k < t->num_proposals && n < len; k++) {
        if (k == best) continue;
        n += (size_t)snprintf(comment + n, len - n, "%s%s (%d)", first ? " Also proposed: " : ", ",
                              t->proposals[k].move, counts[k]);
        first = false;
    }
    if (!first && n < len) snprintf(comment + n, len - n, ".");
    return res;
}

/* Write the vote's comment on move `number` of the game (its record's comments, which the SGF
 * keeps as C on that move). */
static void comment_move(web_team_t *t, int number, const char *comment)
{
    web_reply_t r;
    memset(&r, 0, sizeof r);
    web_game_t *g = web_acquire_game(t->w, t->id, true, &r);
    web_reply_free(&r);
    if (!g) return;
    pthread_mutex_lock(&g->lock);
    if (!g->deleted && web_game_move_count(g) >= number) {
        if (!g->record) g->record = cJSON_CreateObject();
        cJSON *comments = cJSON_GetObjectItemCaseSensitive(g->record, "comments");
        if (!comments && g->record) comments = cJSON_AddObjectToObject(g->record, "comments");
        char key[16];
        snprintf(key, sizeof key, "%d", number);
        if (comments) {
            cJSON_DeleteItemFromObjectCaseSensitive(comments, key);
            cJSON_AddStringToObject(comments, key, comment);
        }
        char err[256];
        if (!web_game_changed(g, err, sizeof err))
            fprintf(stderr, "tengen web: team game %s: %s\n", t->id, err);
    }
    pthread_mutex_unlock(&g->lock);
    web_release_game(g);
}

/* Count the open vote and play its winner. Called with the lock held and the vote done; returns
 * with the lock held. */
static void close_vote(web_team_t *t)
{
    t->closing = true;
    int counts[TEAM_MAX_PROPOSALS];
    const int cast = count_votes(t, counts);
    const int best = winner(t, counts);
    char comment[2048];
    cJSON *res = result_json(t, counts, best, cast, comment, sizeof comment);
    char body[64], path[WEB_ID_MAX + 32];
    snprintf(body, sizeof body, "{\"move\":\"%s\"}", best >= 0 ? t->proposals[best].move : "pass");
    snprintf(path, sizeof path, "/api/games/%s/play", t->id);
    const int number = t->vote_moves + 1;
    team_changed(t, false);
    pthread_mutex_unlock(&t->lock);
    int status = call_api(t->w, "POST", path, body, NULL);
    if (status != 200 && best >= 0) {
        /* Cannot happen while the position stays as it was; the team passes rather than stall. */
        fprintf(stderr, "tengen web: team game %s: %s refused (%d), the team passes\n", t->id, body,
                status);
        status = call_api(t->w, "POST", path, "{\"move\":\"pass\"}", NULL);
    }
    if (status == 200) comment_move(t, number, comment);
    pthread_mutex_lock(&t->lock);
    if (status == 200 && res) {
        cJSON_AddItemToArray(t->results, res);
        res = NULL;
    }
    cJSON_Delete(res);
    if (status == 200 || status == 404) {
        t->voting = false;
        t->num_proposals = 0;
        for (int i = 0; i < t->num_members; i++)
            t->members[i].vote = -1;
        t->status = TEAM_TENGEN;
    }
    t->closing = false;
    team_changed(t, true);
}

static bool stopping(const web_team_t *t)
{
    return atomic_load(&t->w->stopping);
}

/* Sleep a moment without the lock held (a busy server). */
static void pause_unlocked(web_team_t *t)
{
    pthread_mutex_lock(&t->lock);
    if (!stopping(t)) web_wait_cond(&t->changed, &t->lock, TEAM_RETRY_SECONDS);
    pthread_mutex_unlock(&t->lock);
}

static void set_status(web_team_t *t, team_status_t s)
{
    pthread_mutex_lock(&t->lock);
    if (t->status != s || (s != TEAM_VOTING && t->voting)) {
        t->status = s;
        if (s != TEAM_VOTING) t->voting = false;
        team_changed(t, true);
    }
    pthread_mutex_unlock(&t->lock);
}

static bool has_voter(const web_team_t *t)
{
    for (int i = 0; i < t->num_members; i++)
        if (t->members[i].voter) return true;
    return false;
}

/* The team's turn without voters yet: "voting" with no vote open. Under the lock. */
static void set_waiting(web_team_t *t)
{
    if (t->status != TEAM_VOTING) {
        t->status = TEAM_VOTING;
        t->voting = false;
        team_changed(t, true);
    }
}

static void *team_main(void *arg)
{
    web_team_t *t = arg;
    char path[WEB_ID_MAX + 32];
    while (!stopping(t)) {
        game_view_t v;
        const int seen = view_game(t, &v);
        if (seen < 0) {
            pause_unlocked(t);
            continue;
        }
        if (seen == 0 || v.phase == WEB_PHASE_OVER) {
            set_status(t, TEAM_OVER);
            if (seen == 0) {
                /* The game was deleted: its team goes with it. */
                char file[PATH_MAX + 96];
                team_path(t->w, t->id, "", file, sizeof file);
                unlink(file);
            }
            break;
        }
        if (v.phase == WEB_PHASE_SCORING) {
            /* The team accepts tengen's count of the dead stones. */
            set_status(t, TEAM_TENGEN);
            snprintf(path, sizeof path, "/api/games/%s/score", t->id);
            if (call_api(t->w, "POST", path, "{}", NULL) != 200) pause_unlocked(t);
            continue;
        }
        if (v.to_move != t->color) {
            set_status(t, TEAM_TENGEN);
            snprintf(path, sizeof path, "/api/games/%s/genmove", t->id);
            if (call_api(t->w, "POST", path, "{}", NULL) != 200) pause_unlocked(t);
            continue;
        }
        pthread_mutex_lock(&t->lock);
        if (!has_voter(t)) {
            /* The first vote's clock starts when someone can vote. */
            set_waiting(t);
            web_wait_cond(&t->changed, &t->lock, TEAM_RETRY_SECONDS);
            pthread_mutex_unlock(&t->lock);
            continue;
        }
        if (!t->voting || t->vote_moves != v.moves) {
            open_vote(t, v.moves);
            team_changed(t, true);
        }
        while (!stopping(t) && !vote_is_done(t)) {
            const double left = t->deadline - wall_now();
            /* Presence changes with time alone: look again at least twice a second. */
            web_wait_cond(&t->changed, &t->lock, left < 0.5 ? (left > 0.01 ? left : 0.01) : 0.5);
        }
        if (!stopping(t)) close_vote(t);
        pthread_mutex_unlock(&t->lock);
    }
    return NULL;
}

static bool start_thread(web_team_t *t)
{
    t->has_thread = pthread_create(&t->thread, NULL, team_main, t) == 0;
    if (!t->has_thread) fprintf(stderr, "tengen web: cannot start team game %s\n", t->id);
    return t->has_thread;
}

/* ---- open and close ---- */

bool web_teams_open(web_t *w)
{
    web_teams_t *ts = calloc(1, sizeof *ts);
    if (!ts) return false;
    pthread_mutex_init(&ts->lock, NULL);
    w->teams = ts;
    DIR *dir = opendir(w->data_dir);
    if (!dir) return true;
    const struct dirent *ent;
    static const char SUFFIX[] = ".team.json";
    const size_t s = sizeof SUFFIX - 1;
    int loaded = 0;
    while ((ent = readdir(dir))) {
        const size_t len = strlen(ent->d_name);
        if (ent->d_name[0] == '.' || len <= s || strcmp(ent->d_name + len - s, SUFFIX)) continue;
        char id[WEB_ID_MAX + 1];
        if (len - s > WEB_ID_MAX) continue;
        snprintf(id, sizeof id, "%.*s", (int)(len - s), ent->d_name);
        web_game_t *g = web_is_valid_id(id) ? web_find_game(w, id) : NULL;
        if (!g) {
            fprintf(stderr, "tengen web: skipped %s/%s: no game %s\n", w->data_dir, ent->d_name,
                    id);
            continue;
        }
        web_game_unref(g);
        web_team_t *t = team_load(w, id);
        if (!t) continue;
        if (!add_team(w, t)) {
            team_free(t);
            continue;
        }
        start_thread(t);
        loaded++;
    }
    closedir(dir);
    if (loaded) {
        printf("tengen web: %d team game%s\n", loaded, loaded == 1 ? "" : "s");
        fflush(stdout);
    }
    return true;
}

void web_teams_close(web_t *w)
{
    web_teams_t *ts = w->teams;
    if (!ts) return;
    pthread_mutex_lock(&ts->lock);
    const int n = ts->num;
    pthread_mutex_unlock(&ts->lock);
    for (int i = 0; i < n; i++) {
        web_team_t *t = ts->teams[i];
        pthread_mutex_lock(&t->lock);
        pthread_cond_broadcast(&t->changed);
        pthread_mutex_unlock(&t->lock);
    }
    for (int i = 0; i < n; i++) {
        if (ts->teams[i]->has_thread) pthread_join(ts->teams[i]->thread, NULL);
        team_free(ts->teams[i]);
    }
    free(ts->teams);
    pthread_mutex_destroy(&ts->lock);
    free(ts);
    w->teams = NULL;
}

/* ---- streams ---- */

int web_team_connect(web_team_t *t, const char *token)
{
    pthread_mutex_lock(&t->lock);
    const int m = token && token[0] ? find_member(t, token) : -1;
    if (m >= 0) {
        t->members[m].streams++;
        t->members[m].left = false;
        t->members[m].seen = web_now();
        team_changed(t, false);
    }
    pthread_mutex_unlock(&t->lock);
    return token && token[0] && m < 0 ? -2 : m;
}

void web_team_disconnect(web_team_t *t, int member)
{
    if (member < 0) return;
    pthread_mutex_lock(&t->lock);
    t->members[member].streams--;
    t->members[member].seen = web_now();
    team_changed(t, false);
    pthread_mutex_unlock(&t->lock);
}

bool web_team_sees_analysis(web_team_t *t, int member)
{
    pthread_mutex_lock(&t->lock);
    const bool sees = sees_analysis(t, member);
    pthread_mutex_unlock(&t->lock);
    return sees;
}

bool web_team_wait(web_team_t *t, uint64_t seen, double seconds)
{
    pthread_mutex_lock(&t->lock);
    if (t->seq == seen && !atomic_load(&t->w->stopping))
        web_wait_cond(&t->changed, &t->lock, seconds);
    const bool changed = t->seq != seen;
    pthread_mutex_unlock(&t->lock);
    return changed;
}

/* ---- the API ---- */

bool web_team_refuses(web_t *w, const char *id, const char *action, web_reply_t *r)
{
    static const char *const TEAM_ACTIONS[] = {"play", "genmove", "undo", "resign", "score", NULL};
    if (team_internal || !action) return false;
    bool changes = false;
    for (int i = 0; TEAM_ACTIONS[i]; i++)
        changes = changes || !strcmp(action, TEAM_ACTIONS[i]);
    if (!changes || !web_team_find(w, id)) return false;
    web_error(r, 409, "team game",
              "This is a team game: its moves are chosen by vote (POST /api/teams/%s/vote).", id);
    return true;
}

static const cJSON *field(const cJSON *obj, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsNull(v) ? NULL : v;
}

static void reply_team(web_reply_t *r, int status, web_team_t *t, int member)
{
    pthread_mutex_lock(&t->lock);
    cJSON *j = team_json(t, member);
    pthread_mutex_unlock(&t->lock);
    web_reply_json(r, status, j);
}

static void handle_create(web_t *w, const cJSON *body, web_reply_t *r)
{
    stone_t color = STONE_BLACK;
    const cJSON *team = field(body, "team");
    if (team && !parse_color(cJSON_GetStringValue(team), &color)) {
        web_error(r, 400, "bad field", "team must be \"black\" or \"white\".");
        return;
    }
    double seconds = TEAM_DEFAULT_VOTE_SECONDS;
    const cJSON *secs = field(body, "vote_seconds");
    if (secs) {
        if (!cJSON_IsNumber(secs) || !(secs->valuedouble >= TEAM_MIN_VOTE_SECONDS) ||
            secs->valuedouble > TEAM_MAX_VOTE_SECONDS) {
            web_error(r, 400, "bad field", "vote_seconds must be a number from %g to %g.",
                      TEAM_MIN_VOTE_SECONDS, TEAM_MAX_VOTE_SECONDS);
            return;
        }
        seconds = secs->valuedouble;
    }
    const cJSON *show = field(body, "show_analysis");
    if (show && !cJSON_IsBool(show)) {
        web_error(r, 400, "bad field", "show_analysis must be true or false.");
        return;
    }
    /* The game itself: made by the games API, which checks its fields. */
    cJSON *game = cJSON_CreateObject();
    static const char *const PASSED[] = {"size", "rules", "komi", "playouts", "seconds", NULL};
    for (int i = 0; game && PASSED[i]; i++) {
        const cJSON *v = field(body, PASSED[i]);
        if (v) cJSON_AddItemToObject(game, PASSED[i], cJSON_Duplicate(v, true));
    }
    if (game && !field(body, "playouts"))
        cJSON_AddNumberToObject(game, "playouts", TEAM_DEFAULT_PLAYOUTS);
    if (game) cJSON_AddStringToObject(game, "human", web_color_name(color));
    char *text = game ? cJSON_PrintUnformatted(game) : NULL;
    cJSON_Delete(game);
    if (!text) {
        web_error(r, 500, "out of memory", "Out of memory.");
        return;
    }
    web_reply_t made;
    team_internal = true;
    web_api_handle(w, "POST", "/api/games", NULL, text, strlen(text), &made);
    team_internal = false;
    free(text);
    if (made.status != 201) {
        *r = made; /* the games API's error, as it is */
        return;
    }
    cJSON *state = cJSON_ParseWithLength(made.body, made.len);
    web_reply_free(&made);
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(state, "id"));
    web_team_t *t = id ? team_new(w, id) : NULL;
    cJSON_Delete(state);
    if (!t) {
        web_error(r, 500, "out of memory", "Out of memory.");
        return;
    }
    t->color = color;
    t->vote_seconds = seconds;
    t->show_analysis = cJSON_IsTrue(show);
    pthread_mutex_lock(&t->lock);
    const bool saved = team_save(t);
    pthread_mutex_unlock(&t->lock);
    if (!saved || !add_team(w, t)) {
        char path[PATH_MAX + 96];
        team_path(w, t->id, "", path, sizeof path);
        unlink(path);
        if (saved)
            web_error(r, 429, "too many teams", "This server plays at most %d team games at once.",
                      TEAM_MAX_TEAMS);
        else
            web_error(r, 500, "save failed", "The team could not be saved.");
        char game_path[WEB_ID_MAX + 16];
        snprintf(game_path, sizeof game_path, "/api/games/%s", t->id);
        call_api(w, "DELETE", game_path, NULL, NULL);
        team_free(t);
        return;
    }
    start_thread(t);
    reply_team(r, 201, t, -1);
    snprintf(r->location, sizeof r->location, "/api/teams/%s", t->id);
}

static void handle_join(web_team_t *t, const cJSON *body, web_reply_t *r)
{
    char name[TEAM_NAME_BYTES], err[160];
    if (!clean_name(cJSON_GetStringValue(field(body, "name")), name, err, sizeof err)) {
        web_error(r, 400, "bad name", "%s", err);
        return;
    }
    const char *role = cJSON_GetStringValue(field(body, "role"));
    if (field(body, "role") && (!role || (strcmp(role, "voter") && strcmp(role, "spectator")))) {
        web_error(r, 400, "bad field", "role must be \"voter\" or \"spectator\".");
        return;
    }
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->num_members; i++) {
        if (same_name(t->members[i].name, name)) {
            pthread_mutex_unlock(&t->lock);
            web_error(r, 409, "name taken",
                      "Someone in this game is already called that: choose another name.");
            return;
        }
    }
    if (t->num_members >= TEAM_MAX_MEMBERS) {
        pthread_mutex_unlock(&t->lock);
        web_error(r, 429, "team full", "This game has %d members, the most it takes.",
                  TEAM_MAX_MEMBERS);
        return;
    }
    const int k = t->num_members++;
    team_member_t *m = &t->members[k];
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    snprintf(m->token, sizeof m->token, "%016llx%016llx", (unsigned long long)web_random64(),
             (unsigned long long)web_random64());
    m->voter = !role || !strcmp(role, "voter");
    m->seen = web_now();
    m->vote = -1;
    team_changed(t, true);
    cJSON *j = team_json(t, k);
    if (j) cJSON_AddStringToObject(j, "token", m->token);
    pthread_mutex_unlock(&t->lock);
    web_reply_json(r, 201, j);
}

/* The member of the request's token, marked as seen; -1 after an error reply (403). */
static int member_of(web_team_t *t, const char *token, web_reply_t *r)
{
    pthread_mutex_lock(&t->lock);
    const int m = find_member(t, token);
    if (m >= 0) {
        const bool was_away = !is_present(&t->members[m], web_now());
        t->members[m].seen = web_now();
        t->members[m].left = false;
        if (was_away) team_changed(t, false);
    }
    pthread_mutex_unlock(&t->lock);
    if (m < 0)
        web_error(r, 403, "bad token",
                  "That token is not a member of this game: join first (POST .../join).");
    return m;
}

/* Check a proposal against the game: its point, its GTP text and the move count of the position
 * into *point, move and *moves. False after an error reply. */
static bool check_move(web_team_t *t, const char *text, int *point, char *move, int *moves,
                       web_reply_t *r)
{
    web_game_t *g = web_acquire_game(t->w, t->id, true, r);
    if (!g) return false;
    pthread_mutex_lock(&g->lock);
    const game_t *game = engine_game(g->engine);
    const board_t *b = game_board(game);
    const int p = strlen(text) < 8 ? board_point_from_gtp(b, text) : POINT_NONE;
    game_status_t s = GAME_OK;
    bool ok = false;
    if (g->deleted || web_game_phase(g) != WEB_PHASE_PLAY) {
        web_error(r, 409, "game over", "The game is over.");
    } else if (game_to_move(game) != t->color) {
        web_error(r, 409, "not voting", "It is tengen's turn: the next vote opens after its move.");
    } else if (p == POINT_NONE) {
        web_error(r, 400, "bad move", "\"%.20s\" is not a point of this %dx%d board nor \"pass\".",
                  text, b->size, b->size);
    } else if ((s = game_check_move(game, t->color, p)) != GAME_OK) {
        web_illegal_move(r, s);
    } else {
        *point = p;
        board_point_to_gtp(b, p, move);
        *moves = web_game_move_count(g);
        ok = true;
    }
    pthread_mutex_unlock(&g->lock);
    web_release_game(g);
    return ok;
}

static void handle_vote(web_team_t *t, const cJSON *body, web_reply_t *r)
{
    const char *token = cJSON_GetStringValue(field(body, "token"));
    const char *text = cJSON_GetStringValue(field(body, "move"));
    const int m = member_of(t, token, r);
    if (m < 0) return;
    if (!text) {
        web_error(r, 400, "bad field", "move must be a point like \"D4\" or \"pass\".");
        return;
    }
    pthread_mutex_lock(&t->lock);
    const bool voter = t->members[m].voter;
    pthread_mutex_unlock(&t->lock);
    if (!voter) {
        web_error(r, 403, "spectator", "Spectators watch: only voters vote.");
        return;
    }
    int point, moves;
    char move[8];
    if (!check_move(t, text, &point, move, &moves, r)) return;
    pthread_mutex_lock(&t->lock);
    if (t->status != TEAM_VOTING || !t->voting || t->closing || t->vote_moves != moves) {
        pthread_mutex_unlock(&t->lock);
        web_error(r, 409, "not voting", "No vote is open now: the last one has just closed.");
        return;
    }
    int k = 0;
    while (k < t->num_proposals && strcmp(t->proposals[k].move, move))
        k++;
    if (k == t->num_proposals) {
        t->proposals[k].point = point;
        snprintf(t->proposals[k].move, sizeof t->proposals[k].move, "%s", move);
        t->proposals[k].by = m;
        t->num_proposals++;
    }
    t->members[m].vote = k;
    team_changed(t, true);
    pthread_mutex_unlock(&t->lock);
    reply_team(r, 200, t, m);
}

static void handle_leave(web_team_t *t, const cJSON *body, web_reply_t *r)
{
    const int m = member_of(t, cJSON_GetStringValue(field(body, "token")), r);
    if (m < 0) return;
    pthread_mutex_lock(&t->lock);
    t->members[m].left = true;
    team_changed(t, true);
    pthread_mutex_unlock(&t->lock);
    reply_team(r, 200, t, m);
}

static void handle_list(web_t *w, web_reply_t *r)
{
    web_teams_t *ts = w->teams;
    cJSON *j = cJSON_CreateObject();
    cJSON *a = j ? cJSON_AddArrayToObject(j, "teams") : NULL;
    pthread_mutex_lock(&ts->lock);
    const int n = ts->num;
    pthread_mutex_unlock(&ts->lock);
    for (int i = 0; a && i < n; i++) {
        web_team_t *t = ts->teams[i];
        pthread_mutex_lock(&t->lock);
        cJSON *o = cJSON_CreateObject();
        if (o) {
            int voters = 0;
            for (int k = 0; k < t->num_members; k++)
                voters += t->members[k].voter;
            cJSON_AddStringToObject(o, "id", t->id);
            cJSON_AddStringToObject(o, "team", web_color_name(t->color));
            cJSON_AddStringToObject(o, "status", status_name(t->status));
            cJSON_AddNumberToObject(o, "voters", voters);
            cJSON_AddItemToArray(a, o);
        }
        pthread_mutex_unlock(&t->lock);
    }
    web_reply_json(r, 200, j);
}

void web_team_handle(web_t *w, const char *method, const char *path, const char *token,
                     const char *body, size_t len, web_reply_t *r)
{
    memset(r, 0, sizeof *r);
    /* "/api/teams", "/api/teams/{id}", "/api/teams/{id}/{action}" (one trailing slash allowed). */
    char buf[256];
    const size_t n = strlen(path);
    if (n < 10 || n >= sizeof buf || strncmp(path, "/api/teams", 10) ||
        (path[10] && path[10] != '/')) {
        web_error(r, 404, "not found", "No such path.");
        return;
    }
    memcpy(buf, path + 10, n - 9);
    size_t m = n - 10;
    if (m > 0 && buf[m - 1] == '/') buf[--m] = '\0';
    char *id = buf[0] == '/' ? buf + 1 : NULL;
    char *action = id ? strchr(id, '/') : NULL;
    if (action) *action++ = '\0';
    if (action && strchr(action, '/')) {
        web_error(r, 404, "not found", "No such path.");
        return;
    }
    const bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    const bool post = !strcmp(method, "POST");
    const bool known =
        !action || !strcmp(action, "join") || !strcmp(action, "vote") || !strcmp(action, "leave");
    if (!known) {
        web_error(r, 404, "not found", "No such path.");
        return;
    }
    const char *allow = !id ? "GET, POST" : !action ? "GET" : "POST";
    if (!(!id ? get || post : !action ? get : post)) {
        web_error(r, 405, "method", "%s is not allowed here; use %s.", method, allow);
        r->allow = allow;
        return;
    }
    cJSON *json = NULL;
    if (post && !web_parse_body(body, len, &json, r)) return;
    if (!id) {
        if (post)
            handle_create(w, json, r);
        else
            handle_list(w, r);
        cJSON_Delete(json);
        return;
    }
    web_team_t *t = web_is_valid_id(id) ? web_team_find(w, id) : NULL;
    if (!t) {
        web_error(r, 404, "not found", "No team game %.64s.", id);
    } else if (!action) {
        int member = -1;
        if (token && token[0] && (member = member_of(t, token, r)) < 0) {
        } else {
            reply_team(r, 200, t, member);
            /* The game too, as this member may see it. */
            web_reply_t gr;
            memset(&gr, 0, sizeof gr);
            web_game_t *g = web_acquire_game(w, t->id, true, &gr);
            web_reply_free(&gr);
            cJSON *j = r->body ? cJSON_ParseWithLength(r->body, r->len) : NULL;
            if (g && j) {
                pthread_mutex_lock(&g->lock);
                cJSON *state = web_game_state(g, false);
                pthread_mutex_unlock(&g->lock);
                web_team_filter_game(state, web_team_sees_analysis(t, member));
                cJSON_AddItemToObject(j, "game", state);
                web_reply_free(r);
                web_reply_json(r, 200, j);
                j = NULL;
            }
            cJSON_Delete(j);
            if (g) web_release_game(g);
        }
    } else if (!strcmp(action, "join")) {
        handle_join(t, json, r);
    } else if (!strcmp(action, "vote")) {
        handle_vote(t, json, r);
    } else {
        handle_leave(t, json, r);
    }
    cJSON_Delete(json);
}
