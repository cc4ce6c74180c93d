/* match_game.h - one refereed game between two GTP engines for `tengen match`: set the engines up,
 * play the opening, ask for moves in turn, check every move with tengen's own game object, end on
 * two passes, resignation, an illegal move, a broken engine or the move limit, count, and write
 * the SGF. Owns no process (match_engine.h does) and knows nothing about statistics.
 */
#ifndef TENGEN_MATCH_GAME_H
#define TENGEN_MATCH_GAME_H

#include <stdbool.h>

#include "cli/match_engine.h"
#include "tengen/board.h"
#include "tengen/rules.h"

/* Seconds an engine gets for start-up and for every command but genmove. */
#define MATCH_SETUP_TIMEOUT 60.0
/* With a time per move of S seconds, genmove is given up after S * FACTOR + GRACE seconds:
 * generous, so that only a hung engine loses on time, not a slow one. */
#define MATCH_TIMEOUT_FACTOR 5.0
#define MATCH_TIMEOUT_GRACE 2.0

typedef struct match_game_config {
    int size;      /* board size, 2..25 */
    rules_t rules; /* the referee's rules, komi included */
    int max_moves; /* after this many moves (opening and passes included) the game is counted */
    int handicap;  /* fixed handicap stones placed before the opening (fixed_handicap); 0: none */
    double
        time_per_move; /* seconds per move (sent as time_settings 0 S 1); 0: no limit, no timeout */
    bool engine_scores; /* after two passes, take the engines' final_score when both agree */
    const int *opening; /* points played first, black first (POINT_PASS allowed); may be NULL */
    int opening_len;
    const char *sgf_path;  /* write the game here; NULL: no SGF */
    const char *game_name; /* SGF GN; may be NULL */
    const char *comment;   /* SGF GC (the match's engines, which --resume checks); may be NULL */
} match_game_config_t;

typedef enum match_end {
    MATCH_END_SCORE,     /* two passes, then counted */
    MATCH_END_MAX_MOVES, /* the move limit, then counted by the referee */
    MATCH_END_RESIGN,
    MATCH_END_CAPTURE_GOAL, /* Atari Go */
    MATCH_END_ILLEGAL,      /* the loser played an illegal move */
    MATCH_END_FORFEIT,      /* the loser crashed, answered garbage or refused a command */
    MATCH_END_TIME,         /* the loser did not answer in time */
    MATCH_END_VOID,         /* both engines failed before the first move: no result */
} match_end_t;

typedef struct match_game_result {
    stone_t winner; /* STONE_BLACK, STONE_WHITE, or STONE_EMPTY for a draw (or a void game) */
    match_end_t end;
    char result[32];    /* as SGF RE: "B+3.5", "W+R", "B+F" (forfeit), "W+T" (time), "0", "Void" */
    char detail[320];   /* what happened, one line, for the log and the SGF comment */
    int moves;          /* moves played, opening and passes included */
    bool restart_black; /* that engine is out of step or dead: stop it before its next game */
    bool restart_white;
    bool sgf_failed; /* the SGF file could not be written (detail_sgf says why) */
    char detail_sgf[200];
} match_game_result_t;

/* Play one game: black and white are started if they are not running. Never fails: whatever an
 * engine does ends in a result. */
void match_game_play(const match_game_config_t *cfg, match_engine_t *black, match_engine_t *white,
                     match_game_result_t *res);

/* Parse a GTP vertex ("C3", "c3", "pass"; no "I" column) for board b: a point, POINT_PASS, or
 * POINT_NONE if it is not a vertex of this board. */
int match_vertex_parse(const board_t *b, const char *text);
/* GTP text of a point or POINT_PASS into buf (at least 8 bytes). */
char *match_vertex_text(const board_t *b, int p, char *buf);

#endif
