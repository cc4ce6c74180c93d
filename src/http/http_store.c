/* http_store.c - the data folder of the web server: one SGF file per game, written atomically
 * after every change, loaded at start; games from SGF trees (imports and files), with the
 * private root property TGWEB for what SGF has no property for (docs/web.md, Persistence).
 *
 * Owns file names, the folder lock and the TGWEB format. A file that does not load is reported
 * and left alone: nothing here ever deletes a file but DELETE's.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http/http_internal.h"

#define TGWEB_VERSION 1

/* A whole number field of TGWEB within 0..1e9, else 0. */
static double tg_number_raw(const cJSON *obj, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 1e9 ? floor(v->valuedouble)
                                                                             : 0;
}

/* mkdir -p. */
static bool make_dirs(const char *path)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) return false;
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (mkdir(buf, 0755) && errno != EEXIST) return false;
        *s = '/';
    }
    return !mkdir(buf, 0755) || errno == EEXIST;
}

bool web_store_open(web_t *w)
{
    const char *dir = w->cfg.data_dir;
    int n;
    if (dir) {
        n = snprintf(w->data_dir, sizeof w->data_dir, "%s", dir);
    } else {
        const char *xdg = getenv("XDG_DATA_HOME");
        const char *home = getenv("HOME");
        if (xdg && xdg[0] == '/') {
            n = snprintf(w->data_dir, sizeof w->data_dir, "%s/tengen/games", xdg);
        } else if (home && home[0]) {
            n = snprintf(w->data_dir, sizeof w->data_dir, "%s/.local/share/tengen/games", home);
        } else {
            fprintf(stderr, "tengen web: no HOME: give the data folder with --data DIR\n");
            return false;
        }
    }
    if (n >= (int)sizeof w->data_dir - 32) {
        fprintf(stderr, "tengen web: the data folder's name is too long\n");
        return false;
    }
    while (n > 1 && w->data_dir[n - 1] == '/')
        w->data_dir[--n] = '\0';
    struct stat st;
    if (!make_dirs(w->data_dir) || stat(w->data_dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "tengen web: cannot create the data folder %s: %s\n", w->data_dir,
                strerror(errno));
        return false;
    }
    char lock[PATH_MAX + 80];
    snprintf(lock, sizeof lock, "%s/.lock", w->data_dir);
    w->lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (w->lock_fd < 0) {
        fprintf(stderr, "tengen web: cannot write in the data folder %s: %s\n", w->data_dir,
                strerror(errno));
        return false;
    }
    if (flock(w->lock_fd, LOCK_EX | LOCK_NB)) {
        fprintf(stderr, "tengen web: the data folder %s is used by another tengen web\n",
                w->data_dir);
        close(w->lock_fd);
        w->lock_fd = -1;
        return false;
    }
    return true;
}

void web_store_close(web_t *w)
{
    if (w->lock_fd >= 0) close(w->lock_fd);
    w->lock_fd = -1;
}

/* ---- the file's record: players, game information, comments ---- */

/* The SGF properties kept as the state's "info", by the names it gives them. */
static const char *const INFO_PROPS[][2] = {
    {"BR", "black_rank"}, {"WR", "white_rank"}, {"RE", "result"},   {"DT", "date"},
    {"EV", "event"},      {"TM", "time"},       {"OT", "overtime"},
};
#define NUM_INFO ((int)(sizeof INFO_PROPS / sizeof INFO_PROPS[0]))

/* Length of the valid UTF-8 character at s (at most n bytes), 0 if none. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80                             ? 1
                 : (s[0] & 0xe0) == 0xc0 && s[0] >= 0xc2 ? 2
                 : (s[0] & 0xf0) == 0xe0                 ? 3
                 : (s[0] & 0xf8) == 0xf0 && s[0] <= 0xf4 ? 4
                                                         : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    return len;
}

char *web_clean_text(const char *text, size_t max, bool multiline)
{
    const size_t n = strlen(text);
    char *out = malloc((n < max ? n : max) + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        const unsigned char *c = (const unsigned char *)text + i;
        size_t len = utf8_char(c, n - i);
        if (o + (len ? len : 1) > max) break;
        if (len == 0) {
            out[o++] = '?';
            i++;
            continue;
        }
        if (len == 1 && (c[0] < 0x20 || c[0] == 0x7f)) {
            if (c[0] != '\r') out[o++] = multiline && c[0] == '\n' ? '\n' : ' ';
        } else {
            memcpy(out + o, c, len);
            o += len;
        }
        i += len;
    }
    out[o] = '\0';
    return out;
}

/* Add a cleaned short text to obj (nothing when empty). */
static void add_clean(cJSON *obj, const char *name, const char *text)
{
    char *v = text ? web_clean_text(text, WEB_MAX_NAME_BYTES, false) : NULL;
    if (v && v[strspn(v, " ")]) cJSON_AddStringToObject(obj, name, v);
    free(v);
}

uint64_t web_store_import_hash(const sgf_node_t *root, const char *extra)
{
    char *text = sgf_write(root);
    if (!text) return 0;
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        h = (h ^ *c) * 0x100000001b3u;
    h = (h ^ 0xff) * 0x100000001b3u; /* no byte of the text: the two parts stay apart */
    for (const unsigned char *c = (const unsigned char *)extra; *c; c++)
        h = (h ^ *c) * 0x100000001b3u;
    free(text);
    return h ? h : 1;
}

/* The comments of the main line by move number: a node's comment goes to the moves played up to
 * and including it (0: the root and the setup before the first move; several nodes of one number
 * are joined). Moves beyond `moves` are not in the game. */
static cJSON *read_comments(const sgf_node_t *root, int moves)
{
    cJSON *j = cJSON_CreateObject();
    size_t left = WEB_MAX_COMMENT_BYTES;
    int n = 0;
    for (const sgf_node_t *node = root; j && node && left > 0; node = node->child) {
        if (sgf_get(node, "B") || sgf_get(node, "W")) n++;
        if (n > moves) break;
        const char *c = sgf_get(node, "C");
        char *text = c ? web_clean_text(c, left, true) : NULL;
        if (text && text[0]) {
            char key[16];
            snprintf(key, sizeof key, "%d", n);
            cJSON *had = cJSON_GetObjectItemCaseSensitive(j, key);
            if (had) {
                const size_t len = strlen(had->valuestring) + 2 + strlen(text) + 1;
                char *joined = malloc(len);
                if (joined) {
                    snprintf(joined, len, "%s\n\n%s", had->valuestring, text);
                    cJSON_ReplaceItemInObjectCaseSensitive(j, key, cJSON_CreateString(joined));
                    free(joined);
                    left -= left > strlen(text) + 2 ? strlen(text) + 2 : left;
                }
            } else {
                cJSON_AddStringToObject(j, key, text);
                left -= strlen(text);
            }
        }
        free(text);
    }
    return j;
}

/* The record of a game read from root (docs/web.md, "Import"), or NULL if there is nothing to
 * keep. tg: the file's TGWEB (tengen's own file: its players and info are there, since PB/PW
 * then name the human and tengen), or NULL. moves: the game's move count. */
static cJSON *read_record(const sgf_node_t *root, const cJSON *tg, int moves)
{
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON *players = cJSON_CreateObject();
    cJSON *info = cJSON_CreateObject();
    const cJSON *tg_players = cJSON_GetObjectItemCaseSensitive(tg, "players");
    const cJSON *tg_info = cJSON_GetObjectItemCaseSensitive(tg, "info");
    if (players) {
        add_clean(players, "black",
                  tg ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg_players, "black"))
                     : sgf_get(root, "PB"));
        add_clean(players, "white",
                  tg ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg_players, "white"))
                     : sgf_get(root, "PW"));
    }
    for (int i = 0; info && i < NUM_INFO; i++)
        add_clean(
            info, INFO_PROPS[i][1],
            tg ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg_info, INFO_PROPS[i][1]))
               : sgf_get(root, INFO_PROPS[i][0]));
    /* A name missing while the other is given: null, so the page knows it is unknown. */
    if (cJSON_GetArraySize(players) > 0) {
        if (!cJSON_HasObjectItem(players, "black")) cJSON_AddNullToObject(players, "black");
        if (!cJSON_HasObjectItem(players, "white")) cJSON_AddNullToObject(players, "white");
        cJSON_AddItemToObject(j, "players", players);
    } else {
        cJSON_Delete(players);
    }
    if (cJSON_GetArraySize(info) > 0)
        cJSON_AddItemToObject(j, "info", info);
    else
        cJSON_Delete(info);
    cJSON *comments = read_comments(root, moves);
    if (cJSON_GetArraySize(comments) > 0)
        cJSON_AddItemToObject(j, "comments", comments);
    else
        cJSON_Delete(comments);
    /* The variations are kept in the game's tree; a file may say how many an import dropped. */
    const int variations = tg ? (int)tg_number_raw(tg, "variations_dropped") : 0;
    if (variations > 0) cJSON_AddNumberToObject(j, "variations_dropped", variations);
    if (!j->child) {
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}

/* Write the record into a tree made by sgf_from_game: game information on the root, each
 * comment on the node of its move. */
static bool write_record(sgf_node_t *root, const cJSON *record)
{
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(record, "info");
    bool ok = true;
    for (int i = 0; ok && i < NUM_INFO; i++) {
        const char *v =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(info, INFO_PROPS[i][1]));
        if (v && !sgf_get(root, INFO_PROPS[i][0])) ok = sgf_add(root, INFO_PROPS[i][0], v);
    }
    const cJSON *comments = cJSON_GetObjectItemCaseSensitive(record, "comments");
    int n = 0;
    for (sgf_node_t *node = root; ok && node && comments; node = node->child) {
        if (sgf_get(node, "B") || sgf_get(node, "W"))
            n++;
        else if (node != root)
            continue; /* PL and setup nodes: the move's node has it */
        char key[16];
        snprintf(key, sizeof key, "%d", n);
        const char *c = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(comments, key));
        if (c) ok = sgf_add(node, "C", c);
    }
    return ok;
}

/* ---- writing ---- */

static cJSON *stats_json(const web_ai_stats_t *s)
{
    if (!s->valid) return cJSON_CreateNull();
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "winrate", web_round(s->winrate, 4));
    cJSON_AddNumberToObject(j, "playouts", (double)s->playouts);
    cJSON_AddNumberToObject(j, "seconds", web_round(s->seconds, 3));
    return j;
}

static char *tgweb_text(const web_game_t *g)
{
    const board_t *b = game_board(engine_game(g->engine));
    const web_phase_t phase = web_game_phase(g);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    char buf[32];
    cJSON_AddNumberToObject(j, "version", TGWEB_VERSION);
    cJSON_AddStringToObject(j, "human", web_color_name(g->human));
    cJSON *ai = cJSON_AddObjectToObject(j, "ai");
    if (ai) {
        cJSON_AddStringToObject(ai, "engine", web_engine_name(g->ai.engine));
        cJSON_AddNumberToObject(ai, "playouts", (double)g->ai.playouts);
        cJSON_AddNumberToObject(ai, "seconds", g->ai.seconds);
        cJSON_AddNumberToObject(ai, "threads", g->ai.threads);
        cJSON_AddNumberToObject(ai, "resign", g->ai.resign);
    }
    cJSON_AddStringToObject(j, "phase",
                            phase == WEB_PHASE_PLAY      ? "play"
                            : phase == WEB_PHASE_SCORING ? "scoring"
                                                         : "over");
    if (g->has_proposal || g->counted) {
        cJSON_AddItemToObject(j, "dead", web_point_list(b, g->dead));
        cJSON_AddItemToObject(j, "proposed_dead", web_point_list(b, g->proposed_dead));
        cJSON_AddItemToObject(j, "seki", web_point_list(b, g->seki));
    }
    const int n = web_game_move_count(g);
    /* Where the game ends in the file: moves taken back are kept after it as a variation, which
     * an SGF reader would take for the main line (web_tree_from_sgf). */
    cJSON_AddNumberToObject(j, "moves", n);
    cJSON *moves = cJSON_AddArrayToObject(j, "ai_moves");
    for (int i = 0; moves && i < n; i++) {
        const web_ai_stats_t none = {false, 0, 0, 0};
        cJSON_AddItemToArray(moves, stats_json(i < g->ai_moves_cap ? &g->ai_moves[i] : &none));
    }
    cJSON_AddItemToObject(j, "ai_resign", stats_json(&g->ai_resign));
    cJSON *clock = web_clock_tgweb(&g->clock);
    if (clock) cJSON_AddItemToObject(j, "clock", clock);
    if (g->last_analysis) {
        cJSON *copy = cJSON_Duplicate(g->last_analysis, true);
        if (copy) cJSON_AddItemToObject(j, "analysis", copy);
    }
    cJSON_AddStringToObject(j, "created", web_time_text(g->created, buf, sizeof buf));
    cJSON_AddStringToObject(j, "updated", web_time_text(g->updated, buf, sizeof buf));
    /* The file's players and information (PB, PW, DT, RE of the file are the web game's own). */
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(g->record, "players");
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(g->record, "info");
    const cJSON *vars = cJSON_GetObjectItemCaseSensitive(g->record, "variations_dropped");
    if (players) cJSON_AddItemToObject(j, "players", cJSON_Duplicate(players, true));
    if (info) cJSON_AddItemToObject(j, "info", cJSON_Duplicate(info, true));
    if (vars) cJSON_AddItemToObject(j, "variations_dropped", cJSON_Duplicate(vars, true));
    if (g->import_hash) {
        snprintf(buf, sizeof buf, "%016llx", (unsigned long long)g->import_hash);
        cJSON_AddStringToObject(j, "import", buf);
    }
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return text;
}

char *web_store_sgf(const web_game_t *g)
{
    const game_t *game = engine_game(g->engine);
    const bool human_black = g->human == STONE_BLACK;
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(g->record, "players");
    const char *black = human_black ? "Human" : "tengen", *white = human_black ? "tengen" : "Human";
    if (players) {
        black = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "black"));
        white = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "white"));
    }
    sgf_node_t *root = sgf_from_game(game, black, white);
    if (!root) return NULL;
    char buf[64];
    struct tm tm;
    gmtime_r(&g->created, &tm);
    /* The game's own result first, then the file's (DT, RE and the rest). */
    const char *result = web_game_result(g, buf, sizeof buf);
    bool ok = !result || sgf_get(root, "RE") || sgf_add(root, "RE", result);
    ok = ok && web_clock_write_sgf(root, &g->clock);
    ok = ok && write_record(root, g->record) && web_review_write_sgf(root, g) &&
         web_tree_write_sgf(root, g);
    if (ok && !sgf_get(root, "DT"))
        ok = strftime(buf, sizeof buf, "%Y-%m-%d", &tm) && sgf_add(root, "DT", buf);
    char *tg = ok ? tgweb_text(g) : NULL;
    ok = tg && sgf_add(root, "TGWEB", tg);
    free(tg);
    char *text = ok ? sgf_write(root) : NULL;
    sgf_free(root);
    return text;
}

static void game_path(const web_t *w, const char *id, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s.sgf", w->data_dir, id);
}

bool web_store_save(const web_game_t *g, char *err, size_t len)
{
    char path[PATH_MAX + 80], tmp[PATH_MAX + 80];
    game_path(g->web, g->id, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s/.%s.sgf.tmp", g->web->data_dir, g->id);
    char *text = web_store_sgf(g);
    if (!text) {
        snprintf(err, len, "out of memory writing the SGF");
        return false;
    }
    const size_t n = strlen(text);
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    bool ok = fd >= 0;
    size_t done = 0;
    while (ok && done < n) {
        const ssize_t k = write(fd, text + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        ok = k > 0;
        if (ok) done += (size_t)k;
    }
    /* The data must be on disk before the rename makes it the game. */
    ok = ok && fsync(fd) == 0;
    if (fd >= 0 && close(fd)) ok = false;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(err, len, "cannot save %s: %s", path, strerror(errno));
        unlink(tmp);
    } else {
        /* And the rename itself. */
        const int dfd = open(g->web->data_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    free(text);
    return ok;
}

bool web_store_remove(const web_t *w, const char *id)
{
    char path[PATH_MAX + 80];
    game_path(w, id, path, sizeof path);
    return unlink(path) == 0 || errno == ENOENT;
}

/* ---- reading ---- */

static void read_stats(const cJSON *j, web_ai_stats_t *s)
{
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(j, "winrate");
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(j, "playouts");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "seconds");
    s->valid = cJSON_IsNumber(w) && w->valuedouble >= 0 && w->valuedouble <= 1;
    if (!s->valid) return;
    s->winrate = w->valuedouble;
    s->playouts = cJSON_IsNumber(p) && p->valuedouble >= 0 && p->valuedouble < 1e12
                      ? (long)p->valuedouble
                      : 0;
    s->seconds =
        cJSON_IsNumber(t) && t->valuedouble >= 0 && t->valuedouble < 1e6 ? t->valuedouble : 0;
}

/* A number field of TGWEB within [lo, hi], else fallback. */
static double tg_number(const cJSON *obj, const char *name, double lo, double hi, double fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble <= hi ? v->valuedouble
                                                                             : fallback;
}

/* The vertex of a point or "pass" of b, else false. */
static bool is_vertex(const board_t *b, const char *text)
{
    const int p = text && strlen(text) < 8 ? board_point_from_gtp(b, text) : POINT_NONE;
    return p != POINT_NONE;
}

/* The last analysis of TGWEB, checked field by field and rebuilt (NULL if anything is off: the
 * game loads without it). moves: the game's move count. */
static cJSON *read_analysis(const cJSON *a, const board_t *b, int moves)
{
    if (!cJSON_IsObject(a)) return NULL;
    const cJSON *mn = cJSON_GetObjectItemCaseSensitive(a, "move_number");
    const char *to_move = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "to_move"));
    const char *best = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "best"));
    const cJSON *own = cJSON_GetObjectItemCaseSensitive(a, "ownership");
    const double number = cJSON_IsNumber(mn) ? mn->valuedouble : -1;
    if (number < 0 || number > moves || number != floor(number) || !to_move ||
        (strcmp(to_move, "black") && strcmp(to_move, "white")) || !is_vertex(b, best) ||
        !cJSON_IsArray(own) || cJSON_GetArraySize(own) != b->size)
        return NULL;
    const cJSON *row;
    cJSON_ArrayForEach(row, own)
    {
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != b->size) return NULL;
        const cJSON *x;
        cJSON_ArrayForEach(x, row)
        {
            if (!cJSON_IsNumber(x) || !(fabs(x->valuedouble) <= 1)) return NULL;
        }
    }
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "move_number", number);
    cJSON_AddStringToObject(j, "to_move", to_move);
    cJSON_AddNumberToObject(j, "playouts", tg_number(a, "playouts", 0, 1e12, 0));
    cJSON_AddNumberToObject(j, "seconds", tg_number(a, "seconds", 0, 1e6, 0));
    cJSON_AddNumberToObject(j, "winrate", tg_number(a, "winrate", 0, 1, 0.5));
    cJSON_AddNumberToObject(j, "score_lead", tg_number(a, "score_lead", -1000, 1000, 0));
    char v[8];
    cJSON_AddStringToObject(j, "best", board_point_to_gtp(b, board_point_from_gtp(b, best), v));
    cJSON *copy = cJSON_Duplicate(own, true);
    if (!copy || !cJSON_AddItemToObject(j, "ownership", copy)) {
        cJSON_Delete(copy);
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}

/* Apply what TGWEB says to a fresh game (only the valid parts: a hand-edited file loses at most
 * the settings, never the moves). */
static void apply_tgweb(web_game_t *wg, const cJSON *tg, const web_options_t *opts, bool keep_times)
{
    const game_t *game = engine_game(wg->engine);
    const board_t *b = game_board(game);
    const cJSON *ai = cJSON_GetObjectItemCaseSensitive(tg, "ai");
    /* A file without an engine (written before there was a choice) or with an unknown one: MCTS. */
    if (!opts->has_engine &&
        !web_engine_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ai, "engine")),
                          &wg->ai.engine))
        wg->ai.engine = ENGINE_MCTS;
    if (!opts->has_playouts)
        wg->ai.playouts =
            (long)tg_number(ai, "playouts", 0, WEB_MAX_PLAYOUTS, (double)wg->ai.playouts);
    if (!opts->has_seconds)
        wg->ai.seconds = tg_number(ai, "seconds", WEB_MIN_SECONDS, WEB_MAX_SECONDS, wg->ai.seconds);
    if (!opts->has_threads)
        wg->ai.threads = (int)tg_number(ai, "threads", 1, WEB_MAX_GAME_THREADS, wg->ai.threads);
    if (!opts->has_resign) wg->ai.resign = tg_number(ai, "resign", 0, 1, wg->ai.resign);
    if (game_end_reason(game) == GAME_END_PASSES) {
        char err[128];
        bool dead[BOARD_MAX_POINTS], proposed[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
        if (web_parse_dead_list(b, cJSON_GetObjectItemCaseSensitive(tg, "dead"), dead, err,
                                sizeof err) &&
            web_parse_dead_list(b, cJSON_GetObjectItemCaseSensitive(tg, "proposed_dead"), proposed,
                                err, sizeof err)) {
            if (!web_parse_dead_list(b, cJSON_GetObjectItemCaseSensitive(tg, "seki"), seki, err,
                                     sizeof err))
                memset(seki, 0, sizeof seki);
            memcpy(wg->dead, dead, sizeof dead);
            memcpy(wg->proposed_dead, proposed, sizeof proposed);
            memcpy(wg->seki, seki, sizeof seki);
            wg->has_proposal = true;
            const char *phase = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg, "phase"));
            wg->counted = phase && strcmp(phase, "over") == 0;
        }
    }
    web_game_sync_moves(wg);
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(tg, "ai_moves");
    const int n = web_game_move_count(wg);
    if (cJSON_IsArray(moves) && cJSON_GetArraySize(moves) == n && n <= wg->ai_moves_cap) {
        int i = 0;
        const cJSON *m;
        cJSON_ArrayForEach(m, moves) read_stats(m, &wg->ai_moves[i++]);
    }
    if (game_end_reason(game) == GAME_END_RESIGN && game_winner(game) == wg->human)
        read_stats(cJSON_GetObjectItemCaseSensitive(tg, "ai_resign"), &wg->ai_resign);
    wg->last_analysis = read_analysis(cJSON_GetObjectItemCaseSensitive(tg, "analysis"), b, n);
    if (keep_times) {
        time_t t;
        if (web_time_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg, "created")),
                           &t))
            wg->created = t;
        if (web_time_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg, "updated")),
                           &t))
            wg->updated = t;
    }
}

/* The loser named by an RE of a win by `how` (R: a resignation, "B+R", "W+Resign"; T: on time,
 * "B+T", "W+Time"), or STONE_EMPTY. */
static stone_t loser_by(const sgf_node_t *root, char how)
{
    const char *re = sgf_get(root, "RE");
    if (!re || (re[0] != 'B' && re[0] != 'W') || re[1] != '+' ||
        (re[2] != how && re[2] != how - 'A' + 'a'))
        return STONE_EMPTY;
    return re[0] == 'B' ? STONE_WHITE : STONE_BLACK;
}

/* An import's TM and OT (also of a file tengen wrote, whose clock an import does not bring back)
 * are kept as its information, like its DT or EV. */
static void keep_time_info(web_game_t *wg, const sgf_node_t *root)
{
    for (int i = 0; i < NUM_INFO; i++) {
        const char *v = sgf_get(root, INFO_PROPS[i][0]);
        if (!v || !v[strspn(v, " ")] ||
            (strcmp(INFO_PROPS[i][0], "TM") && strcmp(INFO_PROPS[i][0], "OT")))
            continue;
        if (!wg->record) wg->record = cJSON_CreateObject();
        cJSON *info = cJSON_GetObjectItemCaseSensitive(wg->record, "info");
        if (!info) info = cJSON_AddObjectToObject(wg->record, "info");
        if (info && !cJSON_HasObjectItem(info, INFO_PROPS[i][1]))
            add_clean(info, INFO_PROPS[i][1], v);
    }
}

web_game_t *web_store_game_from_sgf(web_t *w, const char *id, const sgf_node_t *root,
                                    const web_options_t *opts, const time_t *file_time, char *err,
                                    size_t errlen)
{
    const bool keep_times = file_time != NULL;
    rules_t rules;
    if (opts->has_rules)
        rules = opts->rules;
    else
        rules_preset(&rules, "chinese");
    cJSON *tg = NULL;
    const char *tg_text = sgf_get(root, "TGWEB");
    if (tg_text) tg = cJSON_Parse(tg_text);
    if (tg && !cJSON_IsObject(tg)) {
        cJSON_Delete(tg);
        tg = NULL;
    }
    /* The game's moves: the file's main line, or as many as TGWEB says (the rest were taken
     * back and are a variation of the game tree). */
    const cJSON *tg_moves = cJSON_GetObjectItemCaseSensitive(tg, "moves");
    const double limit = cJSON_IsNumber(tg_moves) ? tg_moves->valuedouble : -1;
    sgf_error_t e;
    game_t *game = sgf_to_game(root, &rules, limit >= 0 && limit <= INT_MAX ? (int)limit : -1, &e);
    if (!game) {
        snprintf(err, errlen, "%s", e.message);
        cJSON_Delete(tg);
        return NULL;
    }
    const stone_t loser = loser_by(root, 'R');
    if (loser != STONE_EMPTY && !game_is_over(game)) game_resign(game, loser);

    stone_t human = game_to_move(game);
    const char *tg_human = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg, "human"));
    if (opts->has_human)
        human = opts->human;
    else if (tg_human && !strcmp(tg_human, "black"))
        human = STONE_BLACK;
    else if (tg_human && !strcmp(tg_human, "white"))
        human = STONE_WHITE;
    web_ai_t ai = {opts->has_engine ? opts->engine : ENGINE_MCTS,
                   opts->has_playouts ? opts->playouts : WEB_DEFAULT_PLAYOUTS,
                   opts->has_seconds ? opts->seconds : WEB_DEFAULT_SECONDS,
                   opts->has_threads ? opts->threads : 1,
                   opts->has_resign ? opts->resign : WEB_DEFAULT_RESIGN};
    web_game_t *wg = web_game_new(w, id, game_size(game), game_rules(game), human, &ai);
    if (!wg) {
        game_free(game);
        cJSON_Delete(tg);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    web_game_set_game(wg, game);
    if (file_time) wg->created = wg->updated = *file_time; /* unless TGWEB gives them */
    if (tg) {
        apply_tgweb(wg, tg, opts, keep_times);
        web_game_apply_ai(wg);
    }
    /* The clocks: the request's (both full), else a file of the data folder brings its own back
     * (none running); an import's TM and OT are only its information. */
    if (opts->has_clock)
        web_game_clock_set(wg, &opts->clock);
    else if (keep_times && tg)
        web_clock_read_tgweb(&wg->clock, cJSON_GetObjectItemCaseSensitive(tg, "clock"));
    const stone_t late = loser_by(root, 'T');
    if (late != STONE_EMPTY && !game_is_over(engine_game(wg->engine))) wg->clock.flagged = late;
    web_clock_read_sgf(&wg->clock, root, web_game_move_count(wg));
    wg->record = read_record(root, tg, web_game_move_count(wg));
    if (!keep_times) keep_time_info(wg, root);
    char tree_err[256];
    const bool tree_ok =
        web_tree_from_sgf(root, engine_game(wg->engine), &wg->tree, tree_err, sizeof tree_err);
    if (!tree_ok && !keep_times) {
        snprintf(err, errlen, "%s", tree_err);
        cJSON_Delete(tg);
        web_game_unref(wg);
        return NULL;
    }
    /* A saved game whose variations no longer replay (edited by hand) keeps its main line. */
    if (!tree_ok) fprintf(stderr, "tengen web: game %s: variations left out: %s\n", id, tree_err);
    web_review_read_sgf(wg, root);
    const char *hash = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tg, "import"));
    unsigned long long h;
    char end;
    if (keep_times && hash && strlen(hash) == 16 && sscanf(hash, "%16llx%c", &h, &end) == 1)
        wg->import_hash = h;
    cJSON_Delete(tg);
    return wg;
}

web_game_t *web_store_read_game(web_t *w, const char *id, char *err, size_t len)
{
    char path[PATH_MAX + 80];
    game_path(w, id, path, sizeof path);
    struct stat st;
    const time_t file_time = stat(path, &st) ? time(NULL) : st.st_mtime;
    sgf_error_t e;
    sgf_node_t *root = sgf_read_file(path, &e);
    const web_options_t none = {0};
    web_game_t *g = NULL;
    if (!root)
        snprintf(err, len, "%s", e.message);
    else
        g = web_store_game_from_sgf(w, id, root, &none, &file_time, err, len);
    sgf_free(root);
    return g;
}

/* Games sorted by id, so that the list has a stable order before the API sorts it by time. */
static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void web_store_load_all(web_t *w)
{
    DIR *dir = opendir(w->data_dir);
    if (!dir) {
        fprintf(stderr, "tengen web: cannot read %s: %s\n", w->data_dir, strerror(errno));
        return;
    }
    char **names = NULL;
    int n = 0, cap = 0;
    const struct dirent *ent;
    while ((ent = readdir(dir))) {
        const size_t len = strlen(ent->d_name);
        if (ent->d_name[0] == '.' || len < 5 || strcmp(ent->d_name + len - 4, ".sgf")) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(names, (size_t)cap * sizeof *grown);
            if (!grown) break;
            names = grown;
        }
        names[n] = strdup(ent->d_name);
        if (names[n]) n++;
    }
    closedir(dir);
    if (n > 0) qsort(names, (size_t)n, sizeof *names, compare_names);
    int loaded = 0, skipped = 0;
    for (int i = 0; i < n; i++) {
        char id[WEB_ID_MAX + 8], path[PATH_MAX + 300], err[256];
        snprintf(id, sizeof id, "%.*s", (int)(strlen(names[i]) - 4), names[i]);
        snprintf(path, sizeof path, "%s/%s", w->data_dir, names[i]);
        web_game_t *g = NULL;
        if (!web_is_valid_id(id))
            snprintf(err, sizeof err, "the name is not a game id (letters, digits, _ and -)");
        else
            g = web_store_read_game(w, id, err, sizeof err);
        if (g) {
            /* Every game is read once (a file that does not load is reported now), but only the
             * last ones read stay in memory: nothing is in use yet, so room is always made. */
            if (web_reserve(w, g, web_game_cost(g)) && web_add_game(w, g, false)) loaded++;
            web_game_unref(g);
        } else {
            fprintf(stderr, "tengen web: skipped %s (left as it is): %s\n", path, err);
            skipped++;
        }
        free(names[i]);
    }
    free(names);
    printf("tengen web: %d game%s loaded from %s%s\n", loaded, loaded == 1 ? "" : "s", w->data_dir,
           skipped ? " (some files skipped, see above)" : "");
    fflush(stdout);
}
