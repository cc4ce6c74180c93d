/* gtp.c - the GTP v2 engine: line preprocessing, the command table and the handlers that need
 * only the rules core. It owns the protocol text; the search is behind the engine facade
 * (engine.h), whose commands (genmove, final_status_list, ...) are in gtp_engine.c.
 *
 * Output conventions follow GNU Go 3.8 where the specification leaves room (error texts, the
 * order of vertex lists, the answer of loadsgf), because GUIs and test suites were written
 * against it.
 */
#include "gtp/gtp.h"
#include "gtp/gtp_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/ponder.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

#define GTP_MAX_COMMANDS 128
/* |komi| above this is surely a typing error; it would also make scores print oddly. */
#define GTP_MAX_KOMI 1000.0
/* Digits of a command id: more would not fit an int64 and no controller sends them. */
#define GTP_MAX_ID_DIGITS 18

/* Preprocessing of one input line as GTP v2 section 2.2 says, done byte by byte so a line of
 * any length is read in bounded memory. Runs of spaces are kept as one, which does not change
 * the meaning of any command and keeps very long blank lines from filling the buffer. */
typedef struct line_state {
    char buf[GTP_MAX_LINE];
    size_t len;
    bool in_comment;
    bool too_long;
} line_state_t;

struct gtp {
    engine_t *engine; /* owns the game */
    gtp_command_t commands[GTP_MAX_COMMANDS];
    int num_commands;
    void *user;

    /* The answer of the command being run; answer_oom makes the answer "? out of memory". */
    char *answer;
    size_t answer_len, answer_cap;
    bool answer_oom;

    line_state_t line;            /* the line being read */
    char *argv[GTP_MAX_ARGS + 1]; /* its words */

    /* The command being run: where its answer goes, its id, and whether its handler wrote the
     * answer itself (gtp_stream_begin). */
    FILE *out;
    char id[GTP_MAX_ID_DIGITS + 2];
    bool streamed;

    gtp_analysis_t *analysis; /* lz-analyze or kata-analyze in progress (gtp_engine.c) */
    ponder_t *ponder;         /* search on the opponent's time in progress (NULL: none) */
    /* The stop flag of analyses run inside their command (gtp_set_analysis_inline); NULL: they
     * run in a thread of their own. */
    const atomic_bool *inline_analysis_stop;
};

static void line_reset(line_state_t *ls)
{
    ls->len = 0;
    ls->in_comment = false;
    ls->too_long = false;
}

static void line_feed(line_state_t *ls, unsigned char ch)
{
    if (ls->in_comment) return;
    if (ch == '#') {
        ls->in_comment = true;
        return;
    }
    if (ch == '\t') ch = ' ';
    if (ch < 32 || ch == 127) return; /* control characters (CR included) are removed */
    if (ch == ' ' && (ls->len == 0 || ls->buf[ls->len - 1] == ' ')) return;
    if (ls->len + 1 >= sizeof ls->buf) {
        ls->too_long = true;
        return;
    }
    ls->buf[ls->len++] = (char)ch;
}

/* ---- answers ---- */

static void answer_reset(gtp_t *gtp)
{
    gtp->answer_len = 0;
    gtp->answer_oom = false;
    if (gtp->answer) gtp->answer[0] = 0;
}

static void answer_vprintf(gtp_t *gtp, const char *fmt, va_list ap)
{
    if (gtp->answer_oom) return;
    va_list ap2;
    va_copy(ap2, ap);
    int need = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (need < 0) return;
    size_t want = gtp->answer_len + (size_t)need + 1;
    if (want > gtp->answer_cap) {
        size_t cap = gtp->answer_cap ? gtp->answer_cap : 256;
        while (cap < want)
            cap *= 2;
        char *bigger = realloc(gtp->answer, cap);
        if (!bigger) {
            gtp->answer_oom = true;
            return;
        }
        gtp->answer = bigger;
        gtp->answer_cap = cap;
    }
    vsnprintf(gtp->answer + gtp->answer_len, (size_t)need + 1, fmt, ap);
    gtp->answer_len += (size_t)need;
}

void gtp_printf(gtp_t *gtp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    answer_vprintf(gtp, fmt, ap);
    va_end(ap);
}

gtp_result_t gtp_error(gtp_t *gtp, const char *fmt, ...)
{
    answer_reset(gtp);
    va_list ap;
    va_start(ap, fmt);
    answer_vprintf(gtp, fmt, ap);
    va_end(ap);
    return GTP_FAILURE;
}

/* Write "=id text\n\n" or "?id text\n\n". The text loses empty lines, trailing newlines and
 * control characters: an empty line would end the answer early for the controller. */
static void answer_send(gtp_t *gtp, FILE *out, bool ok, const char *id)
{
    fputc(ok ? '=' : '?', out);
    fputs(id, out);
    fputc(' ', out);
    const char *text = gtp->answer_oom ? "out of memory" : gtp->answer ? gtp->answer : "";
    size_t len = gtp->answer_oom ? strlen(text) : gtp->answer_len;
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    char prev = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n' && prev == '\n') continue;
        if ((ch < 32 && ch != '\n' && ch != '\t') || ch == 127) continue;
        fputc(ch, out);
        prev = (char)ch;
    }
    fputs("\n\n", out);
    fflush(out);
}

FILE *gtp_stream_begin(gtp_t *gtp)
{
    fprintf(gtp->out, "=%s\n", gtp->id);
    fflush(gtp->out);
    gtp->streamed = true;
    return gtp->out;
}

gtp_analysis_t **gtp_analysis_slot(gtp_t *gtp)
{
    return &gtp->analysis;
}

void gtp_ponder_begin(gtp_t *gtp)
{
    if (!gtp->ponder && engine_settings(gtp->engine)->ponder)
        gtp->ponder = ponder_start(gtp->engine);
}

/* Input arrived: whatever runs in the background (an analysis, a ponder) stops first, since the
 * command may change the game. */
static void stop_background(gtp_t *gtp)
{
    gtp_analysis_stop(gtp);
    if (gtp->ponder) {
        const long playouts = ponder_stop(gtp->ponder);
        gtp->ponder = NULL;
        fprintf(stderr, "tengen: pondered %ld playouts\n", playouts);
    }
}

void gtp_stop_background(gtp_t *gtp)
{
    stop_background(gtp);
}

/* ---- argument parsing ---- */

/* ASCII case-insensitive equality (the locale must not change what a command means). */
static bool equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    return *a == *b;
}

static bool parse_int(const char *text, int min, int max, int *out)
{
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno == ERANGE || v < min || v > max) return false;
    *out = (int)v;
    return true;
}

/* True if text is an integer at all (to tell "not an integer" from "out of range"). */
static bool is_integer_text(const char *text)
{
    if (*text == '+' || *text == '-') text++;
    if (!*text) return false;
    for (; *text; text++)
        if (!isdigit((unsigned char)*text)) return false;
    return true;
}

bool gtp_parse_color(const char *text, stone_t *out)
{
    static const struct {
        const char *name;
        stone_t color;
    } colors[] = {
        {"b", STONE_BLACK}, {"black", STONE_BLACK}, {"w", STONE_WHITE}, {"white", STONE_WHITE}};
    for (size_t i = 0; i < sizeof colors / sizeof colors[0]; i++) {
        if (equal_nocase(text, colors[i].name)) {
            *out = colors[i].color;
            return true;
        }
    }
    return false;
}

static const char *color_name(stone_t c)
{
    return c == STONE_BLACK ? "black" : "white";
}

/* A vertex on the board or "pass"; POINT_NONE otherwise. */
static int parse_vertex(const gtp_t *gtp, const char *text)
{
    return board_point_from_gtp(game_board(gtp_game(gtp)), text);
}

/* Append the vertices of the points that pass `keep`, in GNU Go's order: rows from the top,
 * left to right in a row. */
static void print_points(gtp_t *gtp, bool (*keep)(const game_t *, int, stone_t), stone_t c)
{
    const board_t *b = game_board(gtp_game(gtp));
    bool first = true;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int p = board_point(b, x, y);
            if (!keep(gtp_game(gtp), p, c)) continue;
            char v[8];
            gtp_printf(gtp, "%s%s", first ? "" : " ", board_point_to_gtp(b, p, v));
            first = false;
        }
    }
}

static bool has_stone(const game_t *g, int p, stone_t c)
{
    return board_at(game_board(g), p) == c;
}

static bool is_legal_point(const game_t *g, int p, stone_t c)
{
    return game_check_move(g, c, p) == GAME_OK;
}

static bool board_is_empty(const game_t *g)
{
    const board_t *b = game_board(g);
    return game_move_count(g) == 0 && b->stones_on_board[STONE_BLACK] == 0 &&
           b->stones_on_board[STONE_WHITE] == 0;
}

/* ---- administrative commands ---- */

static gtp_result_t cmd_protocol_version(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    gtp_printf(gtp, "2");
    return GTP_SUCCESS;
}

static gtp_result_t cmd_name(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    gtp_printf(gtp, GTP_ENGINE_NAME);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_version(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    gtp_printf(gtp, GTP_ENGINE_VERSION);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_known_command(gtp_t *gtp, int argc, char **argv)
{
    gtp_printf(gtp, argc >= 2 && gtp_is_known_command(gtp, argv[1]) ? "true" : "false");
    return GTP_SUCCESS;
}

static gtp_result_t cmd_list_commands(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < gtp->num_commands; i++)
        gtp_printf(gtp, "%s%s", i ? "\n" : "", gtp->commands[i].name);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_quit(gtp_t *gtp, int argc, char **argv)
{
    (void)gtp;
    (void)argc;
    (void)argv;
    return GTP_QUIT;
}

/* ---- setup ---- */

static gtp_result_t cmd_boardsize(gtp_t *gtp, int argc, char **argv)
{
    if (argc < 2 || !is_integer_text(argv[1])) return gtp_error(gtp, "boardsize not an integer");
    int size;
    if (!parse_int(argv[1], BOARD_MIN_SIZE, BOARD_MAX_SIZE, &size))
        return gtp_error(gtp, "unacceptable size");
    if (!game_reset(gtp_game(gtp), size)) return gtp_error(gtp, "unacceptable size");
    return GTP_SUCCESS;
}

static gtp_result_t cmd_clear_board(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    game_reset(gtp_game(gtp), game_size(gtp_game(gtp)));
    return GTP_SUCCESS;
}

static gtp_result_t cmd_komi(gtp_t *gtp, int argc, char **argv)
{
    char *end;
    double komi = argc >= 2 ? strtod(argv[1], &end) : 0.0;
    if (argc < 2 || end == argv[1] || *end || !isfinite(komi))
        return gtp_error(gtp, "komi not a float");
    if (fabs(komi) > GTP_MAX_KOMI) return gtp_error(gtp, "komi out of range");
    game_set_komi(gtp_game(gtp), komi);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_fixed_handicap(gtp_t *gtp, int argc, char **argv)
{
    if (argc < 2 || !is_integer_text(argv[1])) return gtp_error(gtp, "handicap not an integer");
    if (!board_is_empty(gtp_game(gtp))) return gtp_error(gtp, "board not empty");
    int n, points[BOARD_MAX_POINTS];
    if (!parse_int(argv[1], 2, BOARD_MAX_POINTS, &n) ||
        game_fixed_handicap_points(game_size(gtp_game(gtp)), n, points) != n)
        return gtp_error(gtp, "invalid handicap");
    if (!game_fixed_handicap(gtp_game(gtp), n, points)) return gtp_error(gtp, "invalid handicap");
    print_points(gtp, has_stone, STONE_BLACK);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_set_free_handicap(gtp_t *gtp, int argc, char **argv)
{
    if (!board_is_empty(gtp_game(gtp))) return gtp_error(gtp, "board not empty");
    const board_t *b = game_board(gtp_game(gtp));
    int n = argc - 1;
    if (n < 2 || n >= b->size * b->size) return gtp_error(gtp, "invalid number of stones");
    int points[BOARD_MAX_POINTS];
    bool seen[BOARD_MAX_POINTS] = {false};
    for (int i = 0; i < n; i++) {
        int p = parse_vertex(gtp, argv[i + 1]);
        if (p <= 0) return gtp_error(gtp, "bad vertex list");
        if (seen[p]) return gtp_error(gtp, "repeated vertex %s", argv[i + 1]);
        seen[p] = true;
        points[i] = p;
    }
    if (!game_free_handicap(gtp_game(gtp), points, n)) return gtp_error(gtp, "bad vertex list");
    return GTP_SUCCESS;
}

/* place_free_handicap N: the engine chooses the points (engine_free_handicap_points) and answers
 * them in list_stones order. */
static gtp_result_t cmd_place_free_handicap(gtp_t *gtp, int argc, char **argv)
{
    if (argc < 2 || !is_integer_text(argv[1])) return gtp_error(gtp, "handicap not an integer");
    if (!board_is_empty(gtp_game(gtp))) return gtp_error(gtp, "board not empty");
    const int size = game_size(gtp_game(gtp));
    int n, points[BOARD_MAX_POINTS];
    if (!parse_int(argv[1], 2, size * size - 1, &n) ||
        engine_free_handicap_points(gtp->engine, n, points) != n)
        return gtp_error(gtp, "invalid number of stones");
    if (!game_free_handicap(gtp_game(gtp), points, n))
        return gtp_error(gtp, "invalid number of stones");
    print_points(gtp, has_stone, STONE_BLACK);
    return GTP_SUCCESS;
}

/* ---- playing ---- */

static gtp_result_t cmd_play(gtp_t *gtp, int argc, char **argv)
{
    stone_t c;
    int p = argc >= 3 ? parse_vertex(gtp, argv[2]) : POINT_NONE;
    if (argc < 3 || !gtp_parse_color(argv[1], &c) || p == POINT_NONE)
        return gtp_error(gtp, "invalid color or coordinate");
    if (game_play(gtp_game(gtp), c, p) != GAME_OK) return gtp_error(gtp, "illegal move");
    return GTP_SUCCESS;
}

static gtp_result_t cmd_undo(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    int n = game_move_count(gtp_game(gtp));
    /* Setup entries (handicap, SGF AB/AW) are not moves: GTP undo takes back moves only. */
    if (n == 0 || game_move_at(gtp_game(gtp), n - 1)->setup_index >= 0 || !game_undo(gtp_game(gtp)))
        return gtp_error(gtp, "cannot undo");
    return GTP_SUCCESS;
}

static gtp_result_t cmd_showboard(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const board_t *b = game_board(gtp_game(gtp));
    char text[4096];
    board_format(b, text, (int)sizeof text, game_last_move(gtp_game(gtp)));
    gtp_printf(gtp, "\n%s", text);
    gtp_printf(gtp, "captured by black (X): %d, by white (O): %d; komi %g; %s to move",
               b->captures[STONE_BLACK], b->captures[STONE_WHITE], game_rules(gtp_game(gtp))->komi,
               color_name(game_to_move(gtp_game(gtp))));
    return GTP_SUCCESS;
}

static gtp_result_t cmd_final_score(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const game_t *g = gtp_game(gtp);
    if (game_end_reason(g) == GAME_END_RESIGN) {
        gtp_printf(gtp, "%c+R", game_winner(g) == STONE_BLACK ? 'B' : 'W');
        return GTP_SUCCESS;
    }
    if (game_end_reason(g) == GAME_END_CAPTURE_GOAL) {
        /* Atari Go has no score: the winner, as the SGF writer records it (RE[B+]). */
        gtp_printf(gtp, "%c+", game_winner(g) == STONE_BLACK ? 'B' : 'W');
        return GTP_SUCCESS;
    }
    /* After two passes the engine takes the dead stones off (ownership and Benson) and counts
     * under the game's rules; before the end of the game nothing has been agreed dead, and the
     * answer is the plain Tromp-Taylor count of the stones on the board. */
    score_t s = game_consecutive_passes(g) >= 2
                    ? engine_final_score(gtp->engine)
                    : score_tromp_taylor(game_board(g), game_rules(g), game_handicap(g));
    char text[32];
    gtp_printf(gtp, "%s", score_result_string(s.margin, text, (int)sizeof text));
    return GTP_SUCCESS;
}

/* ---- queries (as GNU Go 3.8 defines them) ---- */

static gtp_result_t cmd_list_stones(gtp_t *gtp, int argc, char **argv)
{
    stone_t c;
    if (argc < 2 || !gtp_parse_color(argv[1], &c)) return gtp_error(gtp, "invalid color");
    print_points(gtp, has_stone, c);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_is_legal(gtp_t *gtp, int argc, char **argv)
{
    stone_t c;
    int p = argc >= 3 ? parse_vertex(gtp, argv[2]) : POINT_NONE;
    if (argc < 3 || !gtp_parse_color(argv[1], &c) || p == POINT_NONE)
        return gtp_error(gtp, "invalid color or coordinate");
    gtp_printf(gtp, "%d", game_check_move(gtp_game(gtp), c, p) == GAME_OK);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_all_legal(gtp_t *gtp, int argc, char **argv)
{
    stone_t c;
    if (argc < 2 || !gtp_parse_color(argv[1], &c)) return gtp_error(gtp, "invalid color");
    print_points(gtp, is_legal_point, c);
    return GTP_SUCCESS;
}

/* ---- SGF ---- */

static gtp_result_t cmd_loadsgf(gtp_t *gtp, int argc, char **argv)
{
    if (argc < 2) return gtp_error(gtp, "missing filename");
    int move_number = 0;
    /* GNU Go: "loadsgf FILE N" stops before move N, so N - 1 moves are played. */
    if (argc >= 3 && !parse_int(argv[2], 1, INT32_MAX, &move_number))
        return gtp_error(gtp, "move number not a positive integer");
    sgf_error_t err;
    sgf_node_t *root = sgf_read_file(argv[1], &err);
    if (!root) return gtp_error(gtp, "cannot load '%s': %s", argv[1], err.message);
    game_t *loaded = sgf_to_game(root, game_rules(gtp_game(gtp)), move_number - 1, &err);
    sgf_free(root);
    if (!loaded) return gtp_error(gtp, "cannot load '%s': %s", argv[1], err.message);
    engine_replace_game(gtp->engine, loaded);
    gtp_printf(gtp, "%s", color_name(game_to_move(loaded)));
    return GTP_SUCCESS;
}

static gtp_result_t cmd_printsgf(gtp_t *gtp, int argc, char **argv)
{
    sgf_node_t *root = sgf_from_game(gtp_game(gtp), NULL, NULL);
    char *text = root ? sgf_write(root) : NULL;
    sgf_free(root);
    if (!text) return gtp_error(gtp, "out of memory");
    gtp_result_t result = GTP_SUCCESS;
    if (argc >= 2) {
        FILE *f = fopen(argv[1], "w");
        bool ok = f && fputs(text, f) >= 0;
        if (f && fclose(f) != 0) ok = false;
        if (!ok) result = gtp_error(gtp, "cannot write '%s'", argv[1]);
    } else {
        gtp_printf(gtp, "%s", text);
    }
    free(text);
    return result;
}

/* ---- rules ---- */

/* Replace the rules, keeping the komi: controllers send komi separately, and a rules change in
 * the middle of a session must not undo it. */
static void set_rules_keep_komi(gtp_t *gtp, rules_t *r)
{
    r->komi = game_rules(gtp_game(gtp))->komi;
    game_set_rules(gtp_game(gtp), r);
}

static gtp_result_t cmd_kgs_rules(gtp_t *gtp, int argc, char **argv)
{
    rules_t r;
    if (argc < 2 || !rules_preset(&r, argv[1])) return gtp_error(gtp, "unknown rules");
    set_rules_keep_komi(gtp, &r);
    return GTP_SUCCESS;
}

/* KataGo's rule names that are another name for one of our presets. */
static const struct {
    const char *katago;
    const char *preset;
} KATAGO_ALIASES[] = {
    {"chinese-ogs", "chinese"},
    {"chinese-kgs", "chinese"},
    {"bga", "aga"},
    {"french", "aga"},
};

/* If text starts with prefix (ignoring case), skip it and return true. */
static bool skip_prefix(const char **text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)(*text)[i]) != tolower((unsigned char)prefix[i])) return false;
    *text += n;
    return true;
}

/* KataGo's short rule strings: key-value pairs written together, e.g.
 * "koPOSITIONALscoreAREAtaxNONEsui1whbNfpok1" or "koSIMPLEscoreTERRITORYtaxSEKIsui0". Fields not
 * given keep the Tromp-Taylor value. Group tax and the button are not supported. Returns false
 * with a reason in why on a string we cannot honour. */
static bool parse_katago_rules(const char *text, rules_t *r, bool *has_komi, const char **why)
{
    *has_komi = false;
    rules_preset(r, "tromp-taylor");
    snprintf(r->name, sizeof r->name, "custom");
    *why = "unknown rules";
    if (!*text) return false;
    while (*text) {
        if (skip_prefix(&text, "komi")) {
            char *end;
            double komi = strtod(text, &end);
            if (end == text || !isfinite(komi) || fabs(komi) > GTP_MAX_KOMI) return false;
            r->komi = komi;
            *has_komi = true;
            text = end;
        } else if (skip_prefix(&text, "ko")) {
            if (skip_prefix(&text, "SIMPLE"))
                r->ko = KO_SIMPLE;
            else if (skip_prefix(&text, "POSITIONAL"))
                r->ko = KO_POSITIONAL;
            else if (skip_prefix(&text, "SITUATIONAL"))
                r->ko = KO_SITUATIONAL;
            else
                return false;
        } else if (skip_prefix(&text, "score")) {
            if (skip_prefix(&text, "AREA"))
                r->scoring = SCORING_AREA;
            else if (skip_prefix(&text, "TERRITORY"))
                r->scoring = SCORING_TERRITORY;
            else
                return false;
        } else if (skip_prefix(&text, "tax")) {
            if (skip_prefix(&text, "NONE"))
                r->seki_territory = true;
            else if (skip_prefix(&text, "SEKI"))
                r->seki_territory = false;
            else if (skip_prefix(&text, "ALL"))
                return *why = "group tax not supported", false;
            else
                return false;
        } else if (skip_prefix(&text, "sui")) {
            if (skip_prefix(&text, "1"))
                r->suicide_allowed = true;
            else if (skip_prefix(&text, "0"))
                r->suicide_allowed = false;
            else
                return false;
        } else if (skip_prefix(&text, "button")) {
            if (skip_prefix(&text, "1")) return *why = "button go not supported", false;
            if (!skip_prefix(&text, "0")) return false;
        } else if (skip_prefix(&text, "whb")) {
            if (skip_prefix(&text, "N-1"))
                r->handicap_comp = HANDICAP_COMP_N_MINUS_1;
            else if (skip_prefix(&text, "N"))
                r->handicap_comp = HANDICAP_COMP_N;
            else if (skip_prefix(&text, "0"))
                r->handicap_comp = HANDICAP_COMP_NONE;
            else
                return false;
        } else if (skip_prefix(&text, "fpok")) {
            /* Friendly passing only matters to a cleanup phase, which GTP play does not have. */
            if (!skip_prefix(&text, "1") && !skip_prefix(&text, "0")) return false;
        } else {
            return false;
        }
    }
    return true;
}

static gtp_result_t cmd_kata_set_rules(gtp_t *gtp, int argc, char **argv)
{
    if (argc < 2) return gtp_error(gtp, "unknown rules");
    rules_t r;
    const char *name = argv[1];
    for (size_t i = 0; i < sizeof KATAGO_ALIASES / sizeof KATAGO_ALIASES[0]; i++)
        if (equal_nocase(name, KATAGO_ALIASES[i].katago)) name = KATAGO_ALIASES[i].preset;
    if (rules_preset(&r, name)) {
        set_rules_keep_komi(gtp, &r);
        return GTP_SUCCESS;
    }
    const char *why;
    bool has_komi;
    if (!parse_katago_rules(argv[1], &r, &has_komi, &why)) return gtp_error(gtp, "%s", why);
    /* An explicit komi in the rule string wins over the current one. */
    if (has_komi)
        game_set_rules(gtp_game(gtp), &r);
    else
        set_rules_keep_komi(gtp, &r);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_kata_get_rules(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const rules_t *r = game_rules(gtp_game(gtp));
    static const char *const KO[] = {"SIMPLE", "POSITIONAL", "SITUATIONAL"};
    static const char *const WHB[] = {"0", "N", "N-1"};
    gtp_printf(gtp,
               "{\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"%s\",\"komi\":%g,"
               "\"scoring\":\"%s\",\"suicide\":%s,\"tax\":\"%s\",\"whiteHandicapBonus\":\"%s\"}",
               KO[r->ko], r->komi, r->scoring == SCORING_AREA ? "AREA" : "TERRITORY",
               r->suicide_allowed ? "true" : "false", r->seki_territory ? "NONE" : "SEKI",
               WHB[r->handicap_comp]);
    return GTP_SUCCESS;
}

/* ---- time: the engine plans the time of every move from the clock (docs/engine.md) ---- */

/* A time in seconds: a non-negative finite number, at most a year. */
static bool parse_seconds(const char *text, double *out)
{
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    if (end == text || *end || errno == ERANGE || !isfinite(v) || v < 0 || v > 366 * 86400.0)
        return false;
    *out = v;
    return true;
}

static gtp_result_t cmd_time_settings(gtp_t *gtp, int argc, char **argv)
{
    int main_time, byo_time, byo_stones;
    if (argc < 4 || !parse_int(argv[1], 0, INT32_MAX, &main_time) ||
        !parse_int(argv[2], 0, INT32_MAX, &byo_time) ||
        !parse_int(argv[3], 0, INT32_MAX, &byo_stones))
        return gtp_error(gtp, "syntax error");
    /* GTP v2 section 4.2: byo-yomi time 0 is absolute time; byo-yomi time with 0 stones means no
     * time limit; otherwise Canadian overtime. With no time at all there is no clock. */
    engine_clock_t clock = {ENGINE_CLOCK_CANADIAN, main_time, byo_time, byo_stones, 0};
    if (byo_time == 0)
        clock.kind = main_time > 0 ? ENGINE_CLOCK_ABSOLUTE : ENGINE_CLOCK_NONE;
    else if (byo_stones == 0)
        clock.kind = ENGINE_CLOCK_NONE;
    engine_set_clock(gtp->engine, &clock);
    return GTP_SUCCESS;
}

/* kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN PERIOD
 * STONES. Under byoyomi, time_left's last number is then the periods left (KGS's convention). */
static gtp_result_t cmd_kgs_time_settings(gtp_t *gtp, int argc, char **argv)
{
    static const struct {
        const char *name;
        engine_clock_kind_t kind;
        int args;
    } SYSTEMS[] = {{"none", ENGINE_CLOCK_NONE, 0},
                   {"absolute", ENGINE_CLOCK_ABSOLUTE, 1},
                   {"byoyomi", ENGINE_CLOCK_BYOYOMI, 3},
                   {"canadian", ENGINE_CLOCK_CANADIAN, 3}};
    int k = -1;
    for (int i = 0; argc >= 2 && i < 4; i++)
        if (equal_nocase(argv[1], SYSTEMS[i].name)) k = i;
    if (k < 0) return gtp_error(gtp, "unknown time system");
    engine_clock_t clock = {SYSTEMS[k].kind, 0, 0, 0, 0};
    if (argc < 2 + SYSTEMS[k].args) return gtp_error(gtp, "syntax error");
    if (SYSTEMS[k].args >= 1 && !parse_seconds(argv[2], &clock.main_time))
        return gtp_error(gtp, "syntax error");
    if (SYSTEMS[k].args == 3 &&
        (!parse_seconds(argv[3], &clock.period_time) ||
         !parse_int(argv[4], 0, INT32_MAX, &clock.stones)))
        return gtp_error(gtp, "syntax error");
    /* A system without its overtime is absolute time; with no time at all, there is no clock. */
    if (SYSTEMS[k].args == 3 && (clock.period_time == 0 || clock.stones == 0))
        clock.kind = ENGINE_CLOCK_ABSOLUTE;
    if (clock.kind == ENGINE_CLOCK_ABSOLUTE && clock.main_time == 0) clock.kind = ENGINE_CLOCK_NONE;
    engine_set_clock(gtp->engine, &clock);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_time_left(gtp_t *gtp, int argc, char **argv)
{
    stone_t c;
    int seconds, stones;
    if (argc < 4 || !gtp_parse_color(argv[1], &c) || !parse_int(argv[2], 0, INT32_MAX, &seconds) ||
        !parse_int(argv[3], 0, INT32_MAX, &stones))
        return gtp_error(gtp, "syntax error");
    engine_time_left(gtp->engine, c, seconds, stones);
    return GTP_SUCCESS;
}

/* kgs-game_over: the game has ended on the server; nothing needs to be kept. */
static gtp_result_t cmd_kgs_game_over(gtp_t *gtp, int argc, char **argv)
{
    (void)gtp;
    (void)argc;
    (void)argv;
    return GTP_SUCCESS;
}

/* ---- the table ---- */

static const gtp_command_t BUILTIN_COMMANDS[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"known_command", cmd_known_command},
    {"list_commands", cmd_list_commands},
    {"quit", cmd_quit},
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"play", cmd_play},
    {"undo", cmd_undo},
    {"showboard", cmd_showboard},
    {"fixed_handicap", cmd_fixed_handicap},
    {"set_free_handicap", cmd_set_free_handicap},
    {"place_free_handicap", cmd_place_free_handicap},
    {"loadsgf", cmd_loadsgf},
    {"printsgf", cmd_printsgf},
    {"final_score", cmd_final_score},
    {"list_stones", cmd_list_stones},
    {"is_legal", cmd_is_legal},
    {"all_legal", cmd_all_legal},
    {"kgs-rules", cmd_kgs_rules},
    {"kata-set-rules", cmd_kata_set_rules},
    {"kata-get-rules", cmd_kata_get_rules},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"kgs-time_settings", cmd_kgs_time_settings},
    {"kgs-game_over", cmd_kgs_game_over},
};

gtp_t *gtp_new(int size, const rules_t *rules)
{
    engine_settings_t s;
    engine_settings_default(&s);
    return gtp_new_with_settings(size, rules, &s);
}

gtp_t *gtp_new_with_settings(int size, const rules_t *rules, const engine_settings_t *settings)
{
    gtp_t *gtp = calloc(1, sizeof *gtp);
    if (!gtp) return NULL;
    gtp->engine = engine_new(size, rules, settings);
    if (!gtp->engine) {
        free(gtp);
        return NULL;
    }
    for (size_t i = 0; i < sizeof BUILTIN_COMMANDS / sizeof BUILTIN_COMMANDS[0]; i++)
        gtp->commands[gtp->num_commands++] = BUILTIN_COMMANDS[i];
    gtp_engine_register(gtp);
    return gtp;
}

void gtp_free(gtp_t *gtp)
{
    if (!gtp) return;
    stop_background(gtp);
    engine_free(gtp->engine);
    free(gtp->answer);
    free(gtp);
}

static const gtp_command_t *find_command(const gtp_t *gtp, const char *name)
{
    for (int i = 0; i < gtp->num_commands; i++)
        if (!strcmp(gtp->commands[i].name, name)) return &gtp->commands[i];
    return NULL;
}

bool gtp_add_command(gtp_t *gtp, const char *name, gtp_handler_fn handler)
{
    gtp_command_t *row = (gtp_command_t *)find_command(gtp, name);
    if (row) {
        row->handler = handler;
        return true;
    }
    if (gtp->num_commands == GTP_MAX_COMMANDS) return false;
    gtp->commands[gtp->num_commands++] = (gtp_command_t){name, handler};
    return true;
}

bool gtp_is_known_command(const gtp_t *gtp, const char *name)
{
    return find_command(gtp, name) != NULL;
}

void gtp_set_user(gtp_t *gtp, void *user)
{
    gtp->user = user;
}

void *gtp_user(const gtp_t *gtp)
{
    return gtp->user;
}

void gtp_set_analysis_inline(gtp_t *gtp, const atomic_bool *stop)
{
    gtp->inline_analysis_stop = stop;
}

const atomic_bool *gtp_analysis_inline(const gtp_t *gtp)
{
    return gtp->inline_analysis_stop;
}

game_t *gtp_game(const gtp_t *gtp)
{
    return engine_game(gtp->engine);
}

engine_t *gtp_engine(const gtp_t *gtp)
{
    return gtp->engine;
}

/* ---- the loop ---- */

static bool is_id(const char *word)
{
    size_t n = strlen(word);
    if (n == 0 || n > GTP_MAX_ID_DIGITS) return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)word[i])) return false;
    return true;
}

/* Run one preprocessed line (the buffer is split into words in place). */
static gtp_result_t execute(gtp_t *gtp, FILE *out)
{
    line_state_t *ls = &gtp->line;
    while (ls->len > 0 && ls->buf[ls->len - 1] == ' ')
        ls->len--;
    ls->buf[ls->len] = 0;
    if (ls->len == 0 && !ls->too_long) return GTP_SUCCESS; /* empty lines get no answer */

    /* Preprocessing left single spaces between words and none at either end. */
    char **argv = gtp->argv;
    int argc = 0;
    bool too_many = false;
    for (char *word = ls->buf; word;) {
        char *space = strchr(word, ' ');
        if (space) *space = 0;
        if (argc == GTP_MAX_ARGS) {
            too_many = true;
            break;
        }
        argv[argc++] = word;
        word = space ? space + 1 : NULL;
    }
    argv[argc] = NULL;
    /* The id is echoed as a number, as GNU Go does ("007" answers "=7"). */
    char *id = gtp->id;
    id[0] = 0;
    int first = 0;
    if (argc > 0 && is_id(argv[0])) {
        snprintf(id, sizeof gtp->id, "%llu", strtoull(argv[0], NULL, 10));
        first = 1;
    }
    answer_reset(gtp);
    gtp->out = out;
    gtp->streamed = false;
    gtp_result_t result;
    const gtp_command_t *cmd = argc > first ? find_command(gtp, argv[first]) : NULL;
    if (ls->too_long)
        result = gtp_error(gtp, "line too long");
    else if (too_many)
        result = gtp_error(gtp, "too many arguments");
    else if (argc == first)
        result = gtp_error(gtp, "missing command");
    else if (!cmd)
        result = gtp_error(gtp, "unknown command");
    else
        result = cmd->handler(gtp, argc - first, argv + first);
    if (!gtp->streamed) {
        answer_send(gtp, out, result != GTP_FAILURE, id);
    } else if (!gtp_analysis_running(gtp)) {
        fputc('\n', out);
        fflush(out);
    }
    return result;
}

gtp_result_t gtp_execute_line(gtp_t *gtp, const char *line, size_t len, FILE *out)
{
    stop_background(gtp);
    line_reset(&gtp->line);
    for (size_t i = 0; i < len; i++) {
        /* An LF inside the text ends the command: the rest would be another line. */
        if (line[i] == '\n') break;
        line_feed(&gtp->line, (unsigned char)line[i]);
    }
    return execute(gtp, out);
}

int gtp_run(gtp_t *gtp, FILE *in, FILE *out)
{
    line_state_t *ls = &gtp->line;
    line_reset(ls);
    for (;;) {
        int ch = getc(in);
        /* Any input, even an empty line or the end of input, stops an analysis (lz-analyze,
         * kata-analyze), ending its answer, or a ponder before the next command is run. */
        if (gtp_analysis_running(gtp) || gtp->ponder) stop_background(gtp);
        if (ch == EOF) {
            /* A last line without LF is still a command. */
            if (ls->len > 0 || ls->too_long) execute(gtp, out);
            break;
        }
        if (ch != '\n') {
            line_feed(ls, (unsigned char)ch);
            continue;
        }
        gtp_result_t result = execute(gtp, out);
        line_reset(ls);
        if (result == GTP_QUIT) break;
    }
    return 0;
}
