/* sgf_game.c - between SGF trees and games: replay a main line into a game_t, build a tree from a
 * game's history, and SGF point text.
 *
 * Owns the meaning of the Go properties (SZ, KM, HA, RU, AB/AW/AE, PL, B/W, RE). Knows nothing of
 * the text syntax or charsets. Every value comes from a file, so each is range-checked and a
 * failure names the node's place.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf_internal.h"
#include "tengen/version.h"

/* Komi beyond this is not a real game; it also keeps printing and scoring sane. */
#define SGF_MAX_KOMI 1000.0
/* Most setup entries in one node: every point once (later values for a point replace earlier). */
#define SGF_MAX_SETUP (BOARD_MAX_SIZE * BOARD_MAX_SIZE)

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Trim white space around a value into buf (cut at len - 1); returns buf. */
static const char *trim(const char *text, char *buf, size_t len)
{
    while (is_space(*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && is_space(text[n - 1]))
        n--;
    if (n >= len)
        n = len - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return buf;
}

static int letter_value(char ch)
{
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 26;
    return -1;
}

/* Two letters to 0-based x, y (any size up to 52); false if not two letters. */
static bool parse_xy(const char *text, int *x, int *y)
{
    if (strlen(text) != 2)
        return false;
    *x = letter_value(text[0]);
    *y = letter_value(text[1]);
    return *x >= 0 && *y >= 0;
}

char *sgf_point_text(const board_t *b, int p, char *buf)
{
    if (p == POINT_PASS || !board_is_on_board(b, p)) {
        buf[0] = '\0';
        return buf;
    }
    int x = board_x(b, p), y = board_y(b, p);
    buf[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
    buf[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
    buf[2] = '\0';
    return buf;
}

int sgf_point_parse(const board_t *b, const char *text)
{
    char buf[8];
    trim(text, buf, sizeof buf);
    if (buf[0] == '\0')
        return POINT_PASS;
    if (b->size <= 19 && strcmp(buf, "tt") == 0)
        return POINT_PASS;
    int x, y;
    if (!parse_xy(buf, &x, &y) || x >= b->size || y >= b->size)
        return POINT_NONE;
    return board_point(b, x, y);
}

/* Parse a whole decimal integer in [min, max]; false otherwise (also on overflow). */
static bool parse_int(const char *text, long min, long max, long *out)
{
    char buf[32];
    trim(text, buf, sizeof buf);
    if (buf[0] == '\0' || strlen(text) > 64)
        return false;
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* Node context for error messages. */
static void node_error(sgf_error_t *err, const sgf_node_t *node, const char *fmt, const char *a,
                       const char *b)
{
    char msg[160];
    snprintf(msg, sizeof msg, fmt, a, b);
    sgf_set_error(err, node->line, node->column, "%s", msg);
}

/* Shorten a value from a file for an error message. */
static const char *quote(const char *value, char *buf, size_t len)
{
    size_t n = strlen(value);
    if (n < len) {
        memcpy(buf, value, n + 1);
    } else {
        memcpy(buf, value, len - 4);
        memcpy(buf + len - 4, "...", 4);
    }
    return buf;
}

static bool read_size(const sgf_node_t *root, int *size, sgf_error_t *err)
{
    const char *sz = sgf_get(root, "SZ");
    *size = 19;
    if (sz == NULL)
        return true;
    char q[40];
    const char *colon = strchr(sz, ':');
    long cols, rows;
    if (colon != NULL) {
        char first[32];
        size_t n = (size_t)(colon - sz) < sizeof first - 1 ? (size_t)(colon - sz) : sizeof first - 1;
        memcpy(first, sz, n);
        first[n] = '\0';
        if (!parse_int(first, 1, 52, &cols) || !parse_int(colon + 1, 1, 52, &rows)) {
            node_error(err, root, "bad board size SZ[%s]%s", quote(sz, q, sizeof q), "");
            return false;
        }
        if (cols != rows) {
            node_error(err, root, "rectangular board SZ[%s] is not supported%s",
                       quote(sz, q, sizeof q), "");
            return false;
        }
    } else if (!parse_int(sz, 1, 52, &cols)) {
        node_error(err, root, "bad board size SZ[%s]%s", quote(sz, q, sizeof q), "");
        return false;
    }
    if (cols < BOARD_MIN_SIZE || cols > BOARD_MAX_SIZE) {
        char range[32];
        snprintf(range, sizeof range, " (tengen plays %d..%d)", BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        node_error(err, root, "board size SZ[%s] is not supported%s", quote(sz, q, sizeof q),
                   range);
        return false;
    }
    *size = (int)cols;
    return true;
}

/* The tengen preset for an SGF RU value, or NULL. */
static const char *preset_for(const char *ru)
{
    static const struct {
        const char *sgf;
        const char *preset;
    } names[] = {
        {"chinese", "chinese"},          {"japanese", "japanese"}, {"aga", "aga"},
        {"nz", "new-zealand"},           {"new zealand", "new-zealand"},
        {"korean", "korean"},            {"tromp-taylor", "tromp-taylor"},
        {"tromp taylor", "tromp-taylor"}, {"tt", "tromp-taylor"},
    };
    char buf[32];
    trim(ru, buf, sizeof buf);
    for (char *c = buf; *c != '\0'; c++)
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(buf, names[i].sgf) == 0)
            return names[i].preset;
    rules_t probe;
    for (int i = 0; RULES_PRESET_NAMES[i] != NULL; i++)
        if (rules_preset(&probe, buf) && strcmp(probe.name, RULES_PRESET_NAMES[i]) == 0)
            return RULES_PRESET_NAMES[i];
    return NULL;
}

static bool read_rules(const sgf_node_t *root, const rules_t *rules_default, rules_t *rules,
                       sgf_error_t *err)
{
    if (rules_default != NULL)
        *rules = *rules_default;
    else
        rules_preset(rules, "chinese");
    const char *ru = sgf_get(root, "RU");
    const char *preset = ru != NULL ? preset_for(ru) : NULL;
    if (preset != NULL)
        rules_preset(rules, preset);
    const char *km = sgf_get(root, "KM");
    if (km != NULL) {
        char buf[40], q[40];
        trim(km, buf, sizeof buf);
        if (buf[0] == '\0')
            return true; /* KM[] : no komi given */
        for (char *c = buf; *c != '\0'; c++)
            if (*c == ',')
                *c = '.'; /* "6,5" from programs that follow a decimal-comma locale */
        char *end;
        double komi = strtod(buf, &end);
        if (*end != '\0' || strlen(km) > 32 || !isfinite(komi) || fabs(komi) > SGF_MAX_KOMI) {
            node_error(err, root, "bad komi KM[%s]%s", quote(km, q, sizeof q), "");
            return false;
        }
        rules->komi = komi;
    }
    return true;
}

/* The setup of one node: AB, AW, AE values (point lists "aa:cc" expanded), each point once with
 * the last value winning, in file order. */
typedef struct setup {
    int n;         /* entries in points[] and stones[], in the order they are applied */
    int requested; /* distinct points the node names (at most SGF_MAX_SETUP) */
    int points[2 * SGF_MAX_SETUP]; /* a stone that changes colour is removed first: twice */
    stone_t stones[2 * SGF_MAX_SETUP];
    int index[BOARD_MAX_POINTS]; /* position in points[] + 1, 0 if absent */
} setup_t;

static bool add_setup_point(setup_t *s, int p, stone_t c)
{
    if (s->index[p] != 0) {
        s->stones[s->index[p] - 1] = c;
        return true;
    }
    if (s->n == SGF_MAX_SETUP)
        return false;
    s->points[s->n] = p;
    s->stones[s->n] = c;
    s->index[p] = ++s->n;
    return true;
}

/* s->index[] must be all 0 on the first call (calloc); each call clears what the last one set,
 * so that a node costs in proportion to its points, not to the board. */
static bool read_setup(const sgf_node_t *node, const board_t *b, setup_t *s, sgf_error_t *err)
{
    static const struct {
        const char *id;
        stone_t stone;
    } kinds[] = {{"AB", STONE_BLACK}, {"AW", STONE_WHITE}, {"AE", STONE_EMPTY}};
    for (int i = 0; i < s->n; i++)
        s->index[s->points[i]] = 0;
    s->n = 0;
    for (int k = 0; k < 3; k++) {
        const sgf_property_t *prop = sgf_find(node, kinds[k].id);
        if (prop == NULL)
            continue;
        for (int i = 0; i < prop->num_values; i++) {
            char buf[16], q[40];
            const char *v = trim(prop->values[i], buf, sizeof buf);
            const char *colon = strchr(v, ':');
            int x0 = 0, y0 = 0, x1 = 0, y1 = 0; /* gcc -O2 cannot see parse_xy sets them */
            bool ok;
            if (colon != NULL) {
                char first[8];
                size_t n = (size_t)(colon - v);
                ok = n < sizeof first;
                if (ok) {
                    memcpy(first, v, n);
                    first[n] = '\0';
                    char second[16];
                    ok = parse_xy(trim(first, first, sizeof first), &x0, &y0) &&
                         parse_xy(trim(colon + 1, second, sizeof second), &x1, &y1);
                }
            } else {
                ok = parse_xy(v, &x0, &y0);
                x1 = x0, y1 = y0;
            }
            if (ok && (x0 > x1 || y0 > y1)) {
                /* FF[4] wants the upper-left corner first; accept any two opposite corners. */
                int t;
                if (x0 > x1)
                    t = x0, x0 = x1, x1 = t;
                if (y0 > y1)
                    t = y0, y0 = y1, y1 = t;
            }
            if (!ok || x1 >= b->size || y1 >= b->size) {
                node_error(err, node, ok ? "setup point %s[%s] is off the board"
                                         : "bad setup point %s[%s]",
                           kinds[k].id, quote(prop->values[i], q, sizeof q));
                return false;
            }
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++)
                    add_setup_point(s, board_point(b, x, y), kinds[k].stone);
        }
    }
    /* Removals first (AE, and the stones that change colour), then the stones put, in file order:
     * the strings of a position then never lose their last liberty on the way, so a written
     * change (sgf_from_game) reads back as it was, whatever the order of its points. */
    s->requested = s->n;
    int points[2 * SGF_MAX_SETUP], k = 0;
    stone_t stones[2 * SGF_MAX_SETUP];
    for (int i = 0; i < s->n; i++) {
        const stone_t now = board_at(b, s->points[i]);
        if (s->stones[i] == STONE_EMPTY || (now != STONE_EMPTY && now != s->stones[i])) {
            points[k] = s->points[i];
            stones[k++] = STONE_EMPTY;
        }
    }
    for (int i = 0; i < s->n; i++)
        if (s->stones[i] != STONE_EMPTY) {
            points[k] = s->points[i];
            stones[k++] = s->stones[i];
        }
    s->n = k;
    memcpy(s->points, points, (size_t)k * sizeof points[0]);
    memcpy(s->stones, stones, (size_t)k * sizeof stones[0]);
    return true;
}

/* Apply a node's AB/AW/AE and PL. The root's black stones become the handicap when HA says so.
 * *setup_points counts the setup points of the main line so far, against SGF_MAX_SETUP_POINTS. */
static bool apply_setup(game_t *g, const sgf_node_t *node, bool is_root, long handicap,
                        setup_t *s, long *setup_points, sgf_error_t *err)
{
    if (!read_setup(node, game_board(g), s, err))
        return false;
    *setup_points += s->requested;
    if (*setup_points > SGF_MAX_SETUP_POINTS) {
        sgf_set_error(err, node->line, node->column,
                      "too many setup stones: the main line sets more than %d points with "
                      "AB/AW/AE (SGF_MAX_SETUP_POINTS, the limit for one game)",
                      SGF_MAX_SETUP_POINTS);
        return false;
    }
    if (s->n > 0) {
        bool all_black = true;
        for (int i = 0; i < s->n; i++)
            all_black = all_black && s->stones[i] == STONE_BLACK;
        bool placed = is_root && handicap >= 2 && all_black && s->n == handicap &&
                      game_free_handicap(g, s->points, s->n);
        if (!placed && !game_setup(g, s->points, s->stones, s->n)) {
            node_error(err, node, "cannot apply the setup stones%s%s", "", "");
            return false;
        }
    }
    const char *pl = sgf_get(node, "PL");
    if (pl != NULL) {
        char buf[8], q[40];
        trim(pl, buf, sizeof buf);
        if (strcmp(buf, "B") == 0 || strcmp(buf, "b") == 0 || strcmp(buf, "1") == 0) {
            game_set_to_move(g, STONE_BLACK);
        } else if (strcmp(buf, "W") == 0 || strcmp(buf, "w") == 0 || strcmp(buf, "2") == 0) {
            game_set_to_move(g, STONE_WHITE);
        } else {
            node_error(err, node, "bad player to move PL[%s]%s", quote(pl, q, sizeof q), "");
            return false;
        }
    }
    return true;
}

/* The node's move, if any: returns false on a bad one (err filled); *color is STONE_EMPTY when
 * the node has no move. */
static bool read_move(const sgf_node_t *node, const board_t *b, stone_t *color, int *point,
                      sgf_error_t *err)
{
    const char *black = sgf_get(node, "B");
    const char *white = sgf_get(node, "W");
    *color = STONE_EMPTY;
    if (black == NULL && white == NULL)
        return true;
    if (black != NULL && white != NULL) {
        node_error(err, node, "node has both a black and a white move%s%s", "", "");
        return false;
    }
    *color = black != NULL ? STONE_BLACK : STONE_WHITE;
    const char *value = black != NULL ? black : white;
    const char *id = black != NULL ? "B" : "W";
    *point = sgf_point_parse(b, value);
    if (*point == POINT_NONE) {
        char buf[16], q[40];
        int x, y;
        bool letters = parse_xy(trim(value, buf, sizeof buf), &x, &y);
        node_error(err, node, letters ? "move %s[%s] is off the board" : "bad move %s[%s]", id,
                   quote(value, q, sizeof q));
        return false;
    }
    return true;
}

game_t *sgf_to_game(const sgf_node_t *root, const rules_t *rules_default, int move_limit,
                    sgf_error_t *err)
{
    if (root == NULL) {
        sgf_set_error(err, 0, 0, "no SGF tree");
        return NULL;
    }
    const char *gm = sgf_get(root, "GM");
    long game_type;
    if (gm != NULL && (!parse_int(gm, 0, 1000, &game_type) || game_type != 1)) {
        char q[40];
        node_error(err, root, "not a game of Go (GM[%s])%s", quote(gm, q, sizeof q), "");
        return NULL;
    }
    int size;
    rules_t rules;
    if (!read_size(root, &size, err) || !read_rules(root, rules_default, &rules, err))
        return NULL;
    long handicap = 0;
    const char *ha = sgf_get(root, "HA");
    if (ha != NULL) {
        char buf[8], q[40];
        if (trim(ha, buf, sizeof buf)[0] != '\0' &&
            !parse_int(ha, 0, (long)size * size - 1, &handicap)) {
            node_error(err, root, "bad handicap HA[%s]%s", quote(ha, q, sizeof q), "");
            return NULL;
        }
    }
    game_t *g = game_new(size, &rules);
    setup_t *setup = calloc(1, sizeof *setup);
    if (g == NULL || setup == NULL) {
        game_free(g);
        free(setup);
        sgf_set_error(err, 0, 0, "out of memory");
        return NULL;
    }
    int moves = 0;
    long setup_points = 0;
    bool ok = true;
    for (const sgf_node_t *node = root; node != NULL && ok; node = node->child) {
        stone_t color;
        int point = POINT_NONE;
        ok = read_move(node, game_board(g), &color, &point, err);
        if (!ok || (color != STONE_EMPTY && move_limit >= 0 && moves >= move_limit))
            break;
        ok = apply_setup(g, node, node == root, handicap, setup, &setup_points, err);
        if (!ok || color == STONE_EMPTY)
            continue;
        game_status_t status = game_play(g, color, point);
        moves++;
        if (status != GAME_OK) {
            char text[8], where[80];
            sgf_point_text(game_board(g), point, text);
            snprintf(where, sizeof where, "%s (move %d)", game_status_text(status), moves);
            char move[16];
            snprintf(move, sizeof move, "%s[%s]", color == STONE_BLACK ? "B" : "W", text);
            node_error(err, node, "illegal move %s: %s", move, where);
            ok = false;
        }
    }
    free(setup);
    if (!ok) {
        game_free(g);
        return NULL;
    }
    return g;
}

bool sgf_apply_node(game_t *g, const sgf_node_t *node, sgf_error_t *err)
{
    stone_t color;
    int point = POINT_NONE;
    if (!read_move(node, game_board(g), &color, &point, err)) return false;
    /* Most nodes of a variation are moves alone: no setup table is needed for them. */
    if (sgf_find(node, "AB") || sgf_find(node, "AW") || sgf_find(node, "AE") ||
        sgf_find(node, "PL")) {
        setup_t *setup = calloc(1, sizeof *setup);
        if (setup == NULL) {
            sgf_set_error(err, 0, 0, "out of memory");
            return false;
        }
        long setup_points = 0;
        const bool ok = apply_setup(g, node, false, 0, setup, &setup_points, err);
        free(setup);
        if (!ok) return false;
    }
    if (color == STONE_EMPTY) return true;
    const game_status_t status = game_play(g, color, point);
    if (status != GAME_OK) {
        char text[8], move[16];
        sgf_point_text(game_board(g), point, text);
        snprintf(move, sizeof move, "%s[%s]", color == STONE_BLACK ? "B" : "W", text);
        node_error(err, node, "illegal move %s: %s", move, game_status_text(status));
        return false;
    }
    return true;
}

/* The SGF RU value for a rules preset name. */
static const char *ru_for(const char *preset)
{
    static const struct {
        const char *preset;
        const char *sgf;
    } names[] = {
        {"chinese", "Chinese"}, {"japanese", "Japanese"}, {"korean", "Korean"},
        {"aga", "AGA"},         {"new-zealand", "NZ"},    {"tromp-taylor", "Tromp-Taylor"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(preset, names[i].preset) == 0)
            return names[i].sgf;
    return preset;
}

/* The game g as it stood before entry `upto`, replayed into *scratch (made on first use) from
 * entry *done on, so that a whole game costs one replay. Returns false out of memory. */
static bool replay_until(const game_t *g, int upto, game_t **scratch, int *done)
{
    if (*scratch == NULL) {
        *scratch = game_new(game_size(g), game_rules(g));
        if (*scratch == NULL) return false;
    }
    for (; *done < upto; (*done)++) {
        const game_move_t *m = game_move_at(g, *done);
        const int *points;
        const stone_t *stones;
        const int n = game_setup_at(g, *done, &points, &stones);
        const bool ok = m->setup_index >= 0 ? game_setup(*scratch, points, stones, n)
                                            : game_play(*scratch, m->color, m->point) == GAME_OK;
        if (!ok) return false;
    }
    return true;
}

/* Setup entry i of g as AE, AB and AW of what it changed, not of what it asked for: a request can
 * leave strings without liberties, and how those resolve depends on the order of its points, which
 * the properties do not keep. A change needs no order once its removals come first (read_setup).
 * An entry that changed nothing clears a point that was empty, so that it stays an entry. */
static bool add_setup_props(sgf_node_t *node, const game_t *g, int i, game_t **scratch, int *done)
{
    static const char *const ids[] = {"AE", "AB", "AW"};
    const board_t *b = game_board(g);
    int points[BOARD_MAX_POINTS];
    stone_t after[BOARD_MAX_POINTS];
    const int n = game_setup_change_at(g, i, points, after);
    char text[3];
    if (n == 0) {
        if (!replay_until(g, i, scratch, done)) return false;
        const board_t *before = game_board(*scratch);
        for (int p = 0; p < before->num_points; p++)
            if (board_at(before, p) == STONE_EMPTY)
                return sgf_add(node, "AE", sgf_point_text(b, p, text));
        return false; /* a position always has an empty point */
    }
    bool ok = true;
    for (int kind = 0; kind < 3; kind++)
        for (int k = 0; k < n && ok; k++)
            if (after[k] == (stone_t)kind)
                ok = sgf_add(node, ids[kind], sgf_point_text(b, points[k], text));
    return ok;
}

sgf_node_t *sgf_from_game(const game_t *g, const char *black_name, const char *white_name)
{
    sgf_node_t *root = sgf_node_new();
    if (root == NULL)
        return NULL;
    const board_t *b = game_board(g);
    const rules_t *rules = game_rules(g);
    char buf[64];
    bool ok = sgf_add(root, "GM", "1") && sgf_add(root, "FF", "4") &&
              sgf_add(root, "CA", "UTF-8") && sgf_add(root, "AP", "tengen:" TENGEN_VERSION);
    snprintf(buf, sizeof buf, "%d", game_size(g));
    ok = ok && sgf_add(root, "SZ", buf);
    snprintf(buf, sizeof buf, "%.10g", rules->komi);
    ok = ok && sgf_add(root, "KM", buf);
    ok = ok && sgf_add(root, "RU", ru_for(rules->name));
    if (game_handicap(g) > 0) {
        snprintf(buf, sizeof buf, "%d", game_handicap(g));
        ok = ok && sgf_add(root, "HA", buf);
    }
    if (black_name != NULL && black_name[0] != '\0')
        ok = ok && sgf_add(root, "PB", black_name);
    if (white_name != NULL && white_name[0] != '\0')
        ok = ok && sgf_add(root, "PW", white_name);
    game_end_t end = game_end_reason(g);
    if (game_is_over(g) && (end == GAME_END_RESIGN || end == GAME_END_CAPTURE_GOAL)) {
        stone_t winner = game_winner(g);
        if (winner == STONE_BLACK || winner == STONE_WHITE) {
            snprintf(buf, sizeof buf, "%s+%s", winner == STONE_BLACK ? "B" : "W",
                     end == GAME_END_RESIGN ? "R" : "");
            ok = ok && sgf_add(root, "RE", buf);
        }
    }
    int count = game_move_count(g);
    sgf_node_t *node = root;
    game_t *scratch = NULL; /* the game replayed, for setup entries that changed nothing */
    int replayed = 0;
    for (int i = 0; i < count && ok; i++) {
        const game_move_t *m = game_move_at(g, i);
        stone_t next_to_move =
            i + 1 < count ? game_move_at(g, i + 1)->to_move_before : game_to_move(g);
        if (m->setup_index >= 0) {
            /* The first setup before any move goes into the root, as handicap stones must;
             * unless white was to move before it (PL before the setup): then the root says so
             * and the setup follows in a node of its own, since a reader applies a node's setup
             * before its PL. */
            bool into_root = i == 0 && m->to_move_before == STONE_BLACK;
            if (i == 0 && !into_root)
                ok = sgf_add(root, "PL", "W");
            if (!into_root) {
                node = sgf_add_child(node);
                ok = node != NULL;
            }
            ok = ok && add_setup_props(node, g, i, &scratch, &replayed);
            /* PL only where a reader would not infer the player: after handicap stones white
             * moves, after other setup the player to move is unchanged. */
            bool handicap_entry = i == 0 && game_handicap(g) > 0;
            stone_t inferred = handicap_entry ? STONE_WHITE : m->to_move_before;
            if (ok && next_to_move != inferred)
                ok = sgf_add(node, "PL", next_to_move == STONE_BLACK ? "B" : "W");
            continue;
        }
        node = sgf_add_child(node);
        ok = node != NULL;
        if (ok) {
            char text[3];
            ok = sgf_add(node, m->color == STONE_BLACK ? "B" : "W",
                         sgf_point_text(b, m->point, text));
        }
        /* A player to move set after the move (PL in a node of its own): a node of its own
         * again, since a reader applies a node's PL before its move. */
        if (ok && next_to_move != stone_other(m->color)) {
            node = sgf_add_child(node);
            ok = node != NULL && sgf_add(node, "PL", next_to_move == STONE_BLACK ? "B" : "W");
        }
    }
    if (ok && count == 0 && game_to_move(g) != STONE_BLACK)
        ok = sgf_add(root, "PL", "W");
    game_free(scratch);
    if (!ok) {
        sgf_free(root);
        return NULL;
    }
    return root;
}
