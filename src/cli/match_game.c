/* match_game.c - one refereed game of `tengen match`. tengen's game object is the referee: an
 * engine's move is played there first and only then shown to the opponent, so an illegal move
 * ends the game before it can confuse the other engine. Results use the SGF RE forms, with +F for
 * a forfeit (illegal move, crash, garbage) and +T for a loss on time. */
#include "cli/match_game.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tengen/game.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

int match_vertex_parse(const board_t *b, const char *text)
{
    char low[8];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof low) return POINT_NONE;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)tolower((unsigned char)text[i]);
    if (!strcmp(low, "pass")) return POINT_PASS;
    char col = low[0];
    if (col < 'a' || col > 'z' || col == 'i') return POINT_NONE;
    int x = col - 'a' - (col > 'i');
    int row = 0;
    size_t i = 1;
    if (low[i] < '1' || low[i] > '9') return POINT_NONE;
    for (; low[i] >= '0' && low[i] <= '9'; i++)
        row = row * 10 + (low[i] - '0');
    if (low[i] != '\0' || x >= b->size || row < 1 || row > b->size) return POINT_NONE;
    return board_point(b, x, b->size - row);
}

char *match_vertex_text(const board_t *b, int p, char *buf)
{
    if (p == POINT_PASS) {
        snprintf(buf, 8, "pass");
        return buf;
    }
    int x = board_x(b, p), y = board_y(b, p);
    snprintf(buf, 8, "%c%d", 'A' + x + (x >= 8), b->size - y);
    return buf;
}

static const char *color_word(stone_t c)
{
    return c == STONE_BLACK ? "black" : "white";
}

/* Timeout of genmove: none without a time per move. */
static double genmove_timeout(const match_game_config_t *cfg)
{
    return cfg->time_per_move > 0 ? cfg->time_per_move * MATCH_TIMEOUT_FACTOR + MATCH_TIMEOUT_GRACE
                                  : 0;
}

/* KGS rule names for our presets; the others are sent by their own name (tengen knows them, other
 * engines may refuse, which is harmless). */
static const char *kgs_rules_name(const char *preset)
{
    if (!strcmp(preset, "new-zealand")) return "new_zealand";
    if (!strcmp(preset, "korean")) return "japanese";
    return preset;
}

/* The side that c's failure makes win: record the end and whether c must be restarted. */
static void lose(match_game_result_t *res, stone_t loser, match_end_t end, bool restart,
                 const char *fmt, const char *a, const char *b)
{
    res->winner = stone_other(loser);
    res->end = end;
    snprintf(res->result, sizeof res->result, "%c+%s", loser == STONE_BLACK ? 'W' : 'B',
             end == MATCH_END_TIME     ? "T"
             : end == MATCH_END_RESIGN ? "R"
                                       : "F");
    snprintf(res->detail, sizeof res->detail, fmt, color_word(loser), a, b);
    if (restart) {
        if (loser == STONE_BLACK)
            res->restart_black = true;
        else
            res->restart_white = true;
    }
}

/* A failed command of engine c: the end that it means and the message. */
static void lose_by_status(match_game_result_t *res, stone_t loser, match_gtp_status_t s,
                           const char *command)
{
    match_end_t end = s == MATCH_GTP_TIMEOUT ? MATCH_END_TIME : MATCH_END_FORFEIT;
    lose(res, loser, end, s != MATCH_GTP_FAILURE, "%s %s at '%s'", match_gtp_status_text(s),
         command);
}

/* Does an engine's answer to fixed_handicap name exactly the points the referee places? An engine
 * that put its stones elsewhere would play another game than the referee's. */
static bool same_handicap_points(const match_game_config_t *cfg, const char *answer)
{
    board_t b;
    board_init(&b, cfg->size, false);
    int want[BOARD_MAX_POINTS];
    const int n = game_fixed_handicap_points(cfg->size, cfg->handicap, want);
    bool seen[BOARD_MAX_POINTS] = {false};
    int count = 0;
    char word[16];
    for (const char *s = answer; *s;) {
        while (*s == ' ' || *s == '\t')
            s++;
        size_t len = strcspn(s, " \t");
        if (len == 0) break;
        if (len >= sizeof word) return false;
        memcpy(word, s, len);
        word[len] = '\0';
        s += len;
        const int p = match_vertex_parse(&b, word);
        if (p < 0 || seen[p]) return false;
        seen[p] = true;
        count++;
    }
    if (count != n) return false;
    for (int i = 0; i < n; i++)
        if (!seen[want[i]]) return false;
    return true;
}

/* Start (if needed) and set up one engine for a new game. Returns the status of the first
 * command that failed; *failed names it. */
static match_gtp_status_t setup_engine(const match_game_config_t *cfg, match_engine_t *e,
                                       char *failed, size_t failed_len)
{
    char err[256], cmd[128];
    if (!match_engine_is_running(e) &&
        !match_engine_start(e, MATCH_SETUP_TIMEOUT, err, sizeof err)) {
        snprintf(failed, failed_len, "start-up");
        return MATCH_GTP_DEAD;
    }
    char kgs[64], komi[64], tset[64], handicap[64];
    snprintf(cmd, sizeof cmd, "boardsize %d", cfg->size);
    snprintf(kgs, sizeof kgs, "kgs-rules %s", kgs_rules_name(cfg->rules.name));
    snprintf(komi, sizeof komi, "komi %.10g", cfg->rules.komi);
    snprintf(tset, sizeof tset, "time_settings 0 %d 1", (int)ceil(cfg->time_per_move));
    snprintf(handicap, sizeof handicap, "fixed_handicap %d", cfg->handicap);
    const struct {
        const char *text;
        bool send, must_succeed;
    } steps[] = {
        {cmd, true, true},
        {"clear_board", true, true},
        /* kgs-rules before komi: some engines take the rules' komi with the rules. */
        {kgs, e->knows_kgs_rules, false},
        {komi, true, true},
        {tset, cfg->time_per_move > 0 && e->knows_time_settings, false},
        {handicap, cfg->handicap > 0, true},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (!steps[i].send) continue;
        char answer[256];
        match_gtp_status_t s =
            match_engine_send(e, steps[i].text, MATCH_SETUP_TIMEOUT, answer, sizeof answer);
        if (s == MATCH_GTP_OK && steps[i].text == handicap && !same_handicap_points(cfg, answer))
            s = MATCH_GTP_FAILURE;
        if (s == MATCH_GTP_OK || (s == MATCH_GTP_FAILURE && !steps[i].must_succeed)) continue;
        snprintf(failed, failed_len, "%s", steps[i].text);
        return s;
    }
    return MATCH_GTP_OK;
}

/* Parse a final_score answer ("B+3.5", "W+R"-less forms, "0", "Draw") into a margin for black.
 * Returns false for anything else. */
static bool parse_final_score(const char *text, double *margin)
{
    while (*text == ' ')
        text++;
    if (!strcmp(text, "0") || !strcmp(text, "Draw") || !strcmp(text, "draw") ||
        !strcmp(text, "Jigo")) {
        *margin = 0;
        return true;
    }
    char c = (char)toupper((unsigned char)text[0]);
    if ((c != 'B' && c != 'W') || text[1] != '+') return false;
    char *end = NULL;
    errno = 0;
    double v = strtod(text + 2, &end);
    if (end == text + 2 || errno || !isfinite(v) || v < 0) return false;
    while (*end == ' ')
        end++;
    if (*end) return false;
    *margin = c == 'B' ? v : -v;
    return true;
}

/* Count a finished game: the engines' agreed final_score or the referee's count. */
static void count_game(const match_game_config_t *cfg, const game_t *g, match_engine_t *black,
                       match_engine_t *white, bool by_move_limit, match_game_result_t *res)
{
    const board_t *b = game_board(g);
    const rules_t *r = game_rules(g);
    score_t s = r->scoring == SCORING_AREA ? score_tromp_taylor(b, r, game_handicap(g))
                                           : score_count(b, r, game_handicap(g), NULL, NULL);
    double margin = s.margin;
    const char *how = r->scoring == SCORING_AREA ? "referee's Tromp-Taylor count"
                                                 : "referee's territory count, all stones alive";
    char said[2][64] = {"", ""};
    if (cfg->engine_scores && !by_move_limit && black->knows_final_score &&
        white->knows_final_score) {
        double m[2];
        bool ok[2];
        match_engine_t *e[2] = {black, white};
        for (int i = 0; i < 2; i++) {
            match_gtp_status_t st = match_engine_send(e[i], "final_score", MATCH_SETUP_TIMEOUT,
                                                      said[i], sizeof said[i]);
            ok[i] = st == MATCH_GTP_OK && parse_final_score(said[i], &m[i]);
            if (st != MATCH_GTP_OK && st != MATCH_GTP_FAILURE) {
                if (i == 0)
                    res->restart_black = true;
                else
                    res->restart_white = true;
            }
        }
        if (ok[0] && ok[1] && fabs(m[0] - m[1]) < 1e-9) {
            margin = m[0];
            how = "both engines' final_score";
        } else if (ok[0] && ok[1] && m[0] * m[1] > 0) {
            /* They disagree on the margin (a dame, a dead-stone judgement) but not on the winner:
             * the winner stands, with the smaller of the two margins. The referee's count, which
             * keeps dead stones on the board, would give games to the side both call the loser. */
            margin = fabs(m[0]) < fabs(m[1]) ? m[0] : m[1];
            how = "both engines' final_score agree on the winner; the smaller margin";
        }
    }
    res->winner = margin > 0 ? STONE_BLACK : margin < 0 ? STONE_WHITE : STONE_EMPTY;
    res->end = by_move_limit ? MATCH_END_MAX_MOVES : MATCH_END_SCORE;
    score_result_string(margin, res->result, (int)sizeof res->result);
    if (said[0][0] || said[1][0])
        snprintf(res->detail, sizeof res->detail, "%s; %s (engines said %.40s / %.40s)",
                 by_move_limit ? "move limit reached" : "two passes", how, said[0], said[1]);
    else
        snprintf(res->detail, sizeof res->detail, "%s; %s",
                 by_move_limit ? "move limit reached" : "two passes", how);
}

static void write_sgf(const match_game_config_t *cfg, const game_t *g, const char *black_name,
                      const char *white_name, match_game_result_t *res)
{
    sgf_node_t *root = sgf_from_game(g, black_name, white_name);
    bool ok = root != NULL;
    if (ok && !sgf_get(root, "RE")) ok = sgf_add(root, "RE", res->result);
    if (ok && cfg->game_name) ok = sgf_add(root, "GN", cfg->game_name);
    if (ok && cfg->comment) ok = sgf_add(root, "GC", cfg->comment);
    char date[16];
    time_t t = time(NULL);
    struct tm tm;
    if (ok && localtime_r(&t, &tm) && strftime(date, sizeof date, "%Y-%m-%d", &tm))
        ok = sgf_add(root, "DT", date);
    sgf_node_t *last = root;
    while (last && last->child)
        last = last->child;
    if (ok) ok = sgf_add(last, "C", res->detail);
    char *text = ok ? sgf_write(root) : NULL;
    sgf_free(root);
    if (!text) {
        res->sgf_failed = true;
        snprintf(res->detail_sgf, sizeof res->detail_sgf, "out of memory");
        return;
    }
    /* Written whole under another name, then renamed: a match stopped while writing leaves no
     * half file for --resume to trust. */
    char part[4200];
    snprintf(part, sizeof part, "%.4000s.part", cfg->sgf_path);
    FILE *f = fopen(part, "w");
    if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0) {
        res->sgf_failed = true;
        snprintf(res->detail_sgf, sizeof res->detail_sgf, "%.120s: %s", part, strerror(errno));
    }
    if (f && fclose(f) != 0 && !res->sgf_failed) {
        res->sgf_failed = true;
        snprintf(res->detail_sgf, sizeof res->detail_sgf, "%.120s: %s", part, strerror(errno));
    }
    if (f && !res->sgf_failed && rename(part, cfg->sgf_path) != 0) {
        res->sgf_failed = true;
        snprintf(res->detail_sgf, sizeof res->detail_sgf, "%.120s: %s", cfg->sgf_path,
                 strerror(errno));
    }
    free(text);
}

/* Lower-case a genmove answer in place and trim spaces. */
static char *trim_lower(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    for (char *p = s; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return s;
}

/* Play the game proper once both engines are set up; fills res. */
static void play_moves(const match_game_config_t *cfg, game_t *g, match_engine_t *engines[3],
                       match_game_result_t *res)
{
    const board_t *b = game_board(g);
    char cmd[64], answer[64], vertex[8];
    for (int i = 0; i < cfg->opening_len; i++) {
        stone_t c = game_to_move(g);
        int p = cfg->opening[i];
        /* The openings were checked on an empty board of this size and rules beforehand. */
        if (game_play(g, c, p) != GAME_OK) break;
        snprintf(cmd, sizeof cmd, "play %s %s", color_word(c), match_vertex_text(b, p, vertex));
        for (stone_t e = STONE_BLACK; e <= STONE_WHITE; e++) {
            match_gtp_status_t s = match_engine_send(engines[e], cmd, MATCH_SETUP_TIMEOUT, NULL, 0);
            if (s != MATCH_GTP_OK) {
                lose_by_status(res, e, s, cmd);
                return;
            }
        }
    }
    double timeout = genmove_timeout(cfg);
    for (;;) {
        if (game_is_over(g)) break;
        if (game_move_count(g) >= cfg->max_moves) {
            count_game(cfg, g, engines[STONE_BLACK], engines[STONE_WHITE], true, res);
            return;
        }
        stone_t c = game_to_move(g);
        snprintf(cmd, sizeof cmd, "genmove %s", color_word(c));
        match_gtp_status_t s = match_engine_send(engines[c], cmd, timeout, answer, sizeof answer);
        if (s != MATCH_GTP_OK) {
            lose_by_status(res, c, s, cmd);
            return;
        }
        char *move = trim_lower(answer);
        if (!strcmp(move, "resign")) {
            lose(res, c, MATCH_END_RESIGN, false, "%s resigned%s%s", "", "");
            return;
        }
        int p = match_vertex_parse(b, move);
        if (p == POINT_NONE) {
            lose(res, c, MATCH_END_FORFEIT, true, "%s answered '%.40s' to '%s', not a move", move,
                 cmd);
            return;
        }
        game_status_t gs = game_play(g, c, p);
        if (gs != GAME_OK) {
            lose(res, c, MATCH_END_ILLEGAL, false, "%s played %s: illegal (%s)",
                 match_vertex_text(b, p, vertex), game_status_text(gs));
            return;
        }
        stone_t o = stone_other(c);
        snprintf(cmd, sizeof cmd, "play %s %s", color_word(c), match_vertex_text(b, p, vertex));
        s = match_engine_send(engines[o], cmd, MATCH_SETUP_TIMEOUT, answer, sizeof answer);
        if (s != MATCH_GTP_OK) {
            lose_by_status(res, o, s, cmd);
            return;
        }
    }
    if (game_end_reason(g) == GAME_END_CAPTURE_GOAL) {
        res->winner = game_winner(g);
        res->end = MATCH_END_CAPTURE_GOAL;
        snprintf(res->result, sizeof res->result, "%c+", res->winner == STONE_BLACK ? 'B' : 'W');
        snprintf(res->detail, sizeof res->detail, "%s reached the capture goal",
                 color_word(res->winner));
        return;
    }
    count_game(cfg, g, engines[STONE_BLACK], engines[STONE_WHITE], false, res);
}

void match_game_play(const match_game_config_t *cfg, match_engine_t *black, match_engine_t *white,
                     match_game_result_t *res)
{
    memset(res, 0, sizeof *res);
    res->winner = STONE_EMPTY;
    res->end = MATCH_END_VOID;
    snprintf(res->result, sizeof res->result, "Void");
    match_engine_t *engines[3] = {NULL, black, white};

    char failed[2][64];
    match_gtp_status_t s[2];
    for (int i = 0; i < 2; i++)
        s[i] = setup_engine(cfg, engines[STONE_BLACK + i], failed[i], sizeof failed[i]);
    if (s[0] != MATCH_GTP_OK && s[1] != MATCH_GTP_OK) {
        snprintf(res->detail, sizeof res->detail, "both engines failed to set up (%s / %s)",
                 match_gtp_status_text(s[0]), match_gtp_status_text(s[1]));
        res->restart_black = res->restart_white = true;
        return;
    }
    for (int i = 0; i < 2; i++) {
        if (s[i] != MATCH_GTP_OK) {
            lose_by_status(res, (stone_t)(STONE_BLACK + i), s[i], failed[i]);
            return;
        }
    }

    game_t *g = game_new(cfg->size, &cfg->rules);
    if (g && cfg->handicap && !game_fixed_handicap(g, cfg->handicap, NULL)) {
        game_free(g);
        g = NULL;
    }
    if (!g) {
        snprintf(res->detail, sizeof res->detail, "out of memory");
        return;
    }
    play_moves(cfg, g, engines, res);
    res->moves = game_move_count(g);
    if (cfg->sgf_path) write_sgf(cfg, g, black->name, white->name, res);
    game_free(g);
}
