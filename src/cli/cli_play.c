/* cli_play.c - `tengen play`: a game in the terminal against tengen's engine (engine.h), or for two
 * humans at one keyboard. A random mover (uniformly random legal moves; it is not an AI) can take
 * either colour for testing.
 *
 * Reads one command per line from stdin; every bad input gets a message and the game goes on; end
 * of input ends the program with status 0. Owns the text of the terminal game only: rules come from
 * game.h, the count from score.h, the file from sgf.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "tengen/engine.h"
#include "tengen/game.h"
#include "tengen/ponder.h"
#include "tengen/rng.h"
#include "tengen/score.h"
#include "tengen/sgf.h"

#define PLAY_MAX_LINE 1024 /* longer input lines are refused */

typedef struct play_session {
    engine_t *engine;     /* owns the game */
    game_t *game;         /* engine_game(engine) */
    bool random_mover[3]; /* [STONE_BLACK], [STONE_WHITE]: the random mover plays this colour */
    bool ai[3];           /* [STONE_BLACK], [STONE_WHITE]: the engine plays this colour */
    rng_t rng;
} play_session_t;

typedef enum play_next {
    PLAY_CONTINUE,
    PLAY_QUIT,
} play_next_t;

typedef play_next_t (*play_command_fn)(play_session_t *s, const char *arg);

typedef struct play_command {
    const char *name;
    const char *args; /* shown by help */
    play_command_fn run;
    const char *help;
} play_command_t;

static const char *color_name(stone_t c)
{
    return c == STONE_BLACK ? "Black" : "White";
}

/* The result as SGF writes it, or "" while the game goes on. */
static const char *result_text(const game_t *g, char *buf, int len)
{
    buf[0] = 0;
    switch (game_end_reason(g)) {
    case GAME_END_NONE:
        break;
    case GAME_END_RESIGN:
        snprintf(buf, (size_t)len, "%c+R", game_winner(g) == STONE_BLACK ? 'B' : 'W');
        break;
    case GAME_END_CAPTURE_GOAL:
        snprintf(buf, (size_t)len, "%c+%d captures", game_winner(g) == STONE_BLACK ? 'B' : 'W',
                 game_rules(g)->capture_goal);
        break;
    case GAME_END_PASSES: {
        score_t sc = score_tromp_taylor(game_board(g), game_rules(g), game_handicap(g));
        score_result_string(sc.margin, buf, len);
        break;
    }
    }
    return buf;
}

static void print_score(const game_t *g)
{
    score_t sc = score_tromp_taylor(game_board(g), game_rules(g), game_handicap(g));
    char result[32];
    printf("Tromp-Taylor count (every stone on the board counts as alive): Black %g, White %g "
           "(komi %g) -> %s\n",
           sc.black, sc.white, game_rules(g)->komi,
           score_result_string(sc.margin, result, (int)sizeof result));
}

static void print_position(const play_session_t *s)
{
    const game_t *g = s->game;
    const board_t *b = game_board(g);
    char text[4096];
    int last = game_last_move(g);
    board_format(b, text, (int)sizeof text, last);
    printf("\n%s", text);
    char v[8];
    printf("Move %d, last move %s. Captures: Black %d, White %d. Rules %s, komi %g.\n",
           game_move_count(g), last == POINT_NONE ? "-" : board_point_to_gtp(b, last, v),
           b->captures[STONE_BLACK], b->captures[STONE_WHITE], game_rules(g)->name,
           game_rules(g)->komi);
}

/* The random mover's move: a uniformly chosen legal move that does not fill its own true eye
 * (so games end), or pass. */
static int random_move(play_session_t *s, stone_t c)
{
    int moves[BOARD_MAX_POINTS];
    int n = game_legal_moves(s->game, c, moves);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!board_is_true_eye(game_board(s->game), moves[i], c)) moves[kept++] = moves[i];
    return kept ? moves[rng_below(&s->rng, (uint32_t)kept)] : POINT_PASS;
}

static void after_move(play_session_t *s)
{
    char result[48];
    if (game_is_over(s->game)) {
        if (game_end_reason(s->game) == GAME_END_PASSES) print_score(s->game);
        printf("Game over: %s. ('undo' takes a move back, 'save FILE' writes it, 'quit' ends)\n",
               result_text(s->game, result, (int)sizeof result));
    }
}

/* ---- commands ---- */

static play_next_t cmd_pass(play_session_t *s, const char *arg)
{
    (void)arg;
    stone_t c = game_to_move(s->game);
    if (game_play(s->game, c, POINT_PASS) != GAME_OK) {
        printf("The game is over; 'undo' first to go on.\n");
        return PLAY_CONTINUE;
    }
    printf("%s passes.\n", color_name(c));
    after_move(s);
    return PLAY_CONTINUE;
}

static play_next_t cmd_undo(play_session_t *s, const char *arg)
{
    (void)arg;
    if (game_end_reason(s->game) == GAME_END_RESIGN) {
        game_undo(s->game); /* takes back the resignation only */
        printf("Resignation taken back.\n");
        return PLAY_CONTINUE;
    }
    int n = game_move_count(s->game);
    if (n == 0 || game_move_at(s->game, n - 1)->setup_index >= 0 || !game_undo(s->game)) {
        printf("Nothing to undo.\n");
        return PLAY_CONTINUE;
    }
    /* Against the computer, take back its answer and the human's move together. */
    n = game_move_count(s->game);
    stone_t c = game_to_move(s->game);
    bool computer = s->random_mover[c] || s->ai[c];
    bool computer_other = s->random_mover[stone_other(c)] || s->ai[stone_other(c)];
    if (computer && !computer_other && n > 0 &&
        game_move_at(s->game, n - 1)->setup_index < 0)
        game_undo(s->game);
    printf("Undone.\n");
    return PLAY_CONTINUE;
}

static play_next_t cmd_resign(play_session_t *s, const char *arg)
{
    (void)arg;
    if (game_is_over(s->game) && game_end_reason(s->game) != GAME_END_PASSES) {
        printf("The game is already over.\n");
        return PLAY_CONTINUE;
    }
    stone_t c = game_to_move(s->game);
    game_resign(s->game, c);
    printf("%s resigns.\n", color_name(c));
    after_move(s);
    return PLAY_CONTINUE;
}

static play_next_t cmd_score(play_session_t *s, const char *arg)
{
    (void)arg;
    print_score(s->game);
    if (s->ai[STONE_BLACK] || s->ai[STONE_WHITE]) {
        /* The engine's count removes the stones its playouts find dead (a search runs). */
        score_t sc = engine_final_score(s->engine);
        char result[32];
        printf("tengen's estimate with dead stones removed: Black %g, White %g -> %s\n", sc.black,
               sc.white, score_result_string(sc.margin, result, (int)sizeof result));
    }
    return PLAY_CONTINUE;
}

static play_next_t cmd_hint(play_session_t *s, const char *arg)
{
    (void)arg;
    if (game_is_over(s->game) && game_end_reason(s->game) != GAME_END_PASSES) {
        printf("The game is over.\n");
        return PLAY_CONTINUE;
    }
    stone_t c = game_to_move(s->game);
    engine_move_t mv;
    int p = engine_genmove(s->engine, c, false, false, &mv);
    char v[8];
    printf("Hint for %s: %s (win rate %.0f%% after %ld playouts).\n", color_name(c),
           board_point_to_gtp(game_board(s->game), p, v), 100.0 * mv.winrate, mv.playouts);
    return PLAY_CONTINUE;
}

/* Parse "black", "white" (or b, w) into *c; "off"/"none" gives STONE_EMPTY. */
static bool parse_side(const char *arg, stone_t *c)
{
    if (!strcmp(arg, "black") || !strcmp(arg, "b")) *c = STONE_BLACK;
    else if (!strcmp(arg, "white") || !strcmp(arg, "w")) *c = STONE_WHITE;
    else if (!strcmp(arg, "off") || !strcmp(arg, "none")) *c = STONE_EMPTY;
    else return false;
    return true;
}

static play_next_t cmd_ai(play_session_t *s, const char *arg)
{
    stone_t c;
    if (!parse_side(arg, &c)) {
        printf("Usage: ai black|white|off\n");
        return PLAY_CONTINUE;
    }
    s->ai[STONE_BLACK] = s->ai[STONE_WHITE] = false;
    if (c == STONE_EMPTY) {
        printf("tengen does not play; you play both colours.\n");
        return PLAY_CONTINUE;
    }
    s->ai[c] = true;
    s->random_mover[c] = false;
    printf("tengen plays %s.\n", color_name(c));
    return PLAY_CONTINUE;
}

static play_next_t cmd_save(play_session_t *s, const char *arg)
{
    if (!*arg) {
        printf("Usage: save FILE\n");
        return PLAY_CONTINUE;
    }
    sgf_node_t *root = sgf_from_game(s->game, NULL, NULL);
    char *text = root ? sgf_write(root) : NULL;
    sgf_free(root);
    if (!text) {
        printf("Out of memory.\n");
        return PLAY_CONTINUE;
    }
    FILE *f = fopen(arg, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    free(text);
    printf(ok ? "Saved to %s.\n" : "Cannot write %s.\n", arg);
    return PLAY_CONTINUE;
}

static play_next_t cmd_random(play_session_t *s, const char *arg)
{
    stone_t c;
    if (!parse_side(arg, &c)) {
        printf("Usage: random black|white|off\n");
        return PLAY_CONTINUE;
    }
    if (c == STONE_EMPTY) {
        s->random_mover[STONE_BLACK] = s->random_mover[STONE_WHITE] = false;
        printf("The random mover stops.\n");
        return PLAY_CONTINUE;
    }
    s->random_mover[c] = true;
    s->random_mover[stone_other(c)] = false;
    s->ai[c] = false;
    printf("The random mover (random legal moves, not an AI) plays %s.\n", color_name(c));
    return PLAY_CONTINUE;
}

static play_next_t cmd_quit(play_session_t *s, const char *arg)
{
    (void)s;
    (void)arg;
    return PLAY_QUIT;
}

static play_next_t cmd_help(play_session_t *s, const char *arg);

static const play_command_t PLAY_COMMANDS[] = {
    {"pass", "", cmd_pass, "pass"},
    {"undo", "", cmd_undo, "take back the last move"},
    {"resign", "", cmd_resign, "the player to move resigns"},
    {"score", "", cmd_score,
     "count the board now (Tromp-Taylor: all stones alive; with tengen playing, also its estimate)"},
    {"hint", "", cmd_hint, "ask tengen for a move for the player to move"},
    {"ai", "black|white|off", cmd_ai, "choose the colour tengen plays (or off: two humans)"},
    {"save", "FILE", cmd_save, "write the game as SGF"},
    {"random", "black|white|off", cmd_random,
     "let a random mover (not an AI) play a colour, for testing"},
    {"help", "", cmd_help, "show this list"},
    {"quit", "", cmd_quit, "leave (also end of input)"},
};

static play_next_t cmd_help(play_session_t *s, const char *arg)
{
    (void)s;
    (void)arg;
    printf("Type a point to play there (D4, q16; column letters skip I), or a command:\n");
    for (size_t i = 0; i < sizeof PLAY_COMMANDS / sizeof PLAY_COMMANDS[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "%s %s", PLAY_COMMANDS[i].name, PLAY_COMMANDS[i].args);
        printf("  %-22s %s\n", name, PLAY_COMMANDS[i].help);
    }
    return PLAY_CONTINUE;
}

/* ---- the loop ---- */

/* Play the point named by word for the player to move. Returns false (with a message) if it is
 * not a point or not legal. */
static bool play_point(play_session_t *s, const char *word)
{
    int p = board_point_from_gtp(game_board(s->game), word);
    if (p == POINT_NONE) {
        printf("'%s' is neither a point on this board nor a command; type 'help'.\n", word);
        return false;
    }
    stone_t c = game_to_move(s->game);
    game_status_t st = game_play(s->game, c, p);
    if (st != GAME_OK) {
        printf("Illegal move %s for %s: %s.\n", word, color_name(c), game_status_text(st));
        return false;
    }
    if (p == POINT_PASS) printf("%s passes.\n", color_name(c));
    after_move(s);
    return true;
}

/* Read one line into buf. Returns false at end of input. *too_long is set (and the rest of the
 * line skipped) when the line does not fit. */
static bool read_line(char *buf, int len, bool *too_long)
{
    *too_long = false;
    if (!fgets(buf, len, stdin)) return false;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') {
        buf[--n] = 0;
    } else if (!feof(stdin)) {
        *too_long = true;
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n') {
        }
    }
    return true;
}

/* Lower-case the line, turn tabs and control characters into spaces, trim it and split off the
 * first word; returns the rest (the argument) with its spaces trimmed. The file name of save keeps
 * its case: it is taken from the original line. */
static char *split_command(char *line, char **arg)
{
    for (char *q = line; *q; q++)
        if ((unsigned char)*q < 32 || *q == 127) *q = ' ';
    while (*line == ' ')
        line++;
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == ' ')
        line[--n] = 0;
    char *space = strchr(line, ' ');
    *arg = space ? space + 1 : line + n;
    if (space) *space = 0;
    while (**arg == ' ')
        (*arg)++;
    return line;
}

static bool equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = (char)(*a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a);
        char y = (char)(*b >= 'A' && *b <= 'Z' ? *b - 'A' + 'a' : *b);
        if (x != y) return false;
    }
    return *a == *b;
}

/* If the engine or the random mover has the move, it plays once (each side has one colour). */
static void run_computer(play_session_t *s)
{
    stone_t c = game_to_move(s->game);
    if (game_is_over(s->game) || (!s->random_mover[c] && !s->ai[c])) return;
    char v[8];
    if (s->ai[c]) {
        printf("tengen (%s) is thinking...\n", color_name(c));
        fflush(stdout);
        engine_move_t mv;
        int p = engine_genmove(s->engine, c, true, false, &mv);
        if (p == POINT_RESIGN)
            printf("tengen (%s) resigns.\n", color_name(c));
        else
            printf("tengen (%s) plays %s (win rate %.0f%%, %ld playouts, %.1f s).\n",
                   color_name(c), board_point_to_gtp(game_board(s->game), p, v),
                   100.0 * mv.winrate, mv.playouts, mv.seconds);
        after_move(s);
        return;
    }
    int p = random_move(s, c);
    if (game_play(s->game, c, p) != GAME_OK) return;
    printf("Random mover (%s) plays %s.\n", color_name(c),
           board_point_to_gtp(game_board(s->game), p, v));
    after_move(s);
}

/* Take "--ai SIDE" (or --ai=SIDE) out of argv, which the shared option table does not know.
 * Returns false with a message on a bad value. */
static bool take_ai_option(int *argc, char **argv, stone_t *side)
{
    int kept = 0;
    bool ok = true;
    for (int i = 0; i < *argc; i++) {
        const char *value = NULL;
        if (!strcmp(argv[i], "--ai") && i + 1 < *argc) value = argv[++i];
        else if (!strncmp(argv[i], "--ai=", 5)) value = argv[i] + 5;
        if (!value) {
            argv[kept++] = argv[i];
        } else if (!parse_side(value, side)) {
            fprintf(stderr, "tengen play: --ai takes black, white or off, not '%s'\n", value);
            ok = false;
        }
    }
    *argc = kept;
    return ok;
}

int cli_play(int argc, char **argv)
{
    cli_game_options_t opts;
    engine_settings_t settings;
    stone_t ai_side = STONE_WHITE;
    if (!take_ai_option(&argc, argv, &ai_side)) return 2;
    switch (cli_parse_engine_options(argc, argv, "play",
                                     "Play Go in the terminal against tengen (--ai black|white|off "
                                     "chooses its colour, default white; off: two humans).",
                                     9, &opts, &settings)) {
    case CLI_ARGS_HELP:
        printf("  --ai black|white|off  the colour tengen plays (default white)\n");
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    play_session_t s = {.engine = engine_new(opts.size, &opts.rules, &settings)};
    if (!s.engine) {
        fprintf(stderr, "tengen play: cannot create the engine (out of memory?)\n");
        return 1;
    }
    s.game = engine_game(s.engine);
    if (ai_side != STONE_EMPTY) s.ai[ai_side] = true;
    rng_seed(&s.rng, (uint64_t)time(NULL));
    printf("tengen %dx%d, rules %s, komi %g. %s Type 'help' for the commands.\n", opts.size,
           opts.size, opts.rules.name, opts.rules.komi,
           ai_side == STONE_EMPTY ? "Two humans play."
                                  : ai_side == STONE_WHITE ? "You play Black, tengen White."
                                                           : "tengen plays Black, you White.");

    char line[PLAY_MAX_LINE];
    bool show = true;
    run_computer(&s); /* tengen may have the first move */
    for (;;) {
        if (show) print_position(&s);
        show = true;
        if (game_is_over(s.game))
            printf("(game over) > ");
        else
            printf("%s (%c) to move > ", color_name(game_to_move(s.game)),
                   game_to_move(s.game) == STONE_BLACK ? 'X' : 'O');
        fflush(stdout);
        /* While a human thinks against tengen, tengen may search on that time. */
        const stone_t human = game_to_move(s.game);
        ponder_t *ponder = settings.ponder && !s.ai[human] && s.ai[stone_other(human)]
                               ? ponder_start(s.engine)
                               : NULL;
        bool too_long;
        const bool got_line = read_line(line, (int)sizeof line, &too_long);
        ponder_stop(ponder);
        if (!got_line) {
            printf("\n");
            break;
        }
        if (too_long) {
            printf("That line is too long.\n");
            show = false;
            continue;
        }
        char *arg;
        char *word = split_command(line, &arg);
        if (!*word) {
            show = false;
            continue;
        }
        const play_command_t *cmd = NULL;
        for (size_t i = 0; i < sizeof PLAY_COMMANDS / sizeof PLAY_COMMANDS[0]; i++)
            if (equal_nocase(word, PLAY_COMMANDS[i].name)) cmd = &PLAY_COMMANDS[i];
        if (cmd) {
            if (cmd->run(&s, arg) == PLAY_QUIT) break;
            show = cmd->run != cmd_help && cmd->run != cmd_score && cmd->run != cmd_save;
        } else if (*arg) {
            printf("Unknown command '%s'; type 'help'.\n", word);
            show = false;
            continue;
        } else if (!play_point(&s, word)) {
            show = false;
            continue;
        }
        run_computer(&s);
    }
    engine_free(s.engine);
    return 0;
}
