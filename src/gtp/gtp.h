/* gtp.h - a Go Text Protocol v2 engine over a game_t: the line parser, the command table and the
 * handlers of the commands over the engine facade (engine.h: the game, genmove, dead stones).
 *
 * The protocol text lives here and only here. Commands are rows of a table {name, handler}; the
 * engine's rows (gtp_engine.c) and later modules add theirs with gtp_add_command, which can also
 * replace a built-in row by name; gtp_user() is an opaque pointer for such modules. Handlers
 * write their answer with gtp_printf/gtp_error; the loop adds "=id " / "?id " and the closing
 * blank line, and removes empty lines inside an answer so no answer can end early.
 *
 * Input is hostile: every byte sequence is answered or ignored as the GTP v2 specification says
 * (control characters removed, HT as space, '#' comments, empty lines ignored, CR tolerated) and
 * lines longer than GTP_MAX_LINE get an error answer. Nothing read can crash the engine.
 */
#ifndef TENGEN_GTP_H
#define TENGEN_GTP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "tengen/dist.h"
#include "tengen/engine.h"
#include "tengen/game.h"
#include "tengen/rules.h"
#include "tengen/version.h"

#define GTP_MAX_LINE 8192 /* bytes of a command line kept after preprocessing */
#define GTP_MAX_ARGS 1024 /* words of a command line, the command name included */

#define GTP_ENGINE_NAME "tengen"
#define GTP_ENGINE_VERSION TENGEN_VERSION

typedef struct gtp gtp_t;

typedef enum gtp_result {
    GTP_SUCCESS = 0, /* "= answer" */
    GTP_FAILURE,     /* "? message" */
    GTP_QUIT,        /* "= answer", then the loop stops */
} gtp_result_t;

/* A command handler. argv[0] is the command name, argv[1..argc-1] its arguments (never NULL).
 * The handler writes the answer text (or the error message) with gtp_printf. */
typedef gtp_result_t (*gtp_handler_fn)(gtp_t *gtp, int argc, char **argv);

typedef struct gtp_command {
    const char *name;
    gtp_handler_fn handler;
} gtp_command_t;

/* Create an engine with an empty board of `size` (2..25) under `rules` and the default engine
 * settings (engine_settings_default). Returns NULL on a bad size or out of memory. */
gtp_t *gtp_new(int size, const rules_t *rules);
/* The same with the given engine settings; NULL also if they are unusable. */
gtp_t *gtp_new_with_settings(int size, const rules_t *rules, const engine_settings_t *settings);
void gtp_free(gtp_t *gtp);

/* Add a command row, or replace the handler of an existing row of that name. The name is not
 * copied (use a string literal). Returns false if the table is full. */
bool gtp_add_command(gtp_t *gtp, const char *name, gtp_handler_fn handler);
bool gtp_is_known_command(const gtp_t *gtp, const char *name);

/* Opaque pointer for the handlers added by other modules. */
void gtp_set_user(gtp_t *gtp, void *user);
void *gtp_user(const gtp_t *gtp);

/* lz-analyze and kata-analyze search on the caller's thread, inside the command, until *stop
 * becomes true (NULL, the default: in a thread of their own while the loop reads on). For a front
 * end without threads whose search returns to it now and then (the browser's, src/wasm/): the
 * answer then holds the info lines and ends with the info line of the whole search. */
void gtp_set_analysis_inline(gtp_t *gtp, const atomic_bool *stop);
const atomic_bool *gtp_analysis_inline(const gtp_t *gtp);

/* The game the commands act on (owned by gtp; loadsgf replaces it, so do not keep the pointer
 * across commands). */
game_t *gtp_game(const gtp_t *gtp);
/* The engine facade behind the commands (owns the game). */
engine_t *gtp_engine(const gtp_t *gtp);

/* Append to the answer of the command being run (printf format). Returns GTP_FAILURE so an error
 * path can `return gtp_error(gtp, "...")`. gtp_error replaces any text written so far. */
void gtp_printf(gtp_t *gtp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
gtp_result_t gtp_error(gtp_t *gtp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Run one raw input line (without its LF, any bytes, `len` of them) and write the answer, if
 * any, to out. Returns GTP_QUIT after quit, else GTP_SUCCESS or GTP_FAILURE (also GTP_SUCCESS for
 * lines that need no answer: empty lines and comments). */
gtp_result_t gtp_execute_line(gtp_t *gtp, const char *line, size_t len, FILE *out);

/* Read commands from in until quit or end of input, answering on out (flushed after every
 * answer). Returns 0; a read error ends the loop as end of input does. */
int gtp_run(gtp_t *gtp, FILE *in, FILE *out);

/* Stop what runs in the background (an lz-/kata-analyze, a ponder), as any input line does. */
void gtp_stop_background(gtp_t *gtp);

/* gtp_run for one rank of a distributed search (dist.h, docs/distributed.md). Rank 0 reads the
 * commands from in and answers on out as gtp_run does, and sends the other ranks the lines that
 * change the game and the game a loadsgf loaded (the searches join by themselves through the
 * engine); the other ranks run those lines silently, take those games and join the searches,
 * until quit or the end of rank 0's input. Returns 0, or 1 if the ranks could not talk. */
int gtp_run_distributed(gtp_t *gtp, dist_t *d, FILE *in, FILE *out);

#endif
