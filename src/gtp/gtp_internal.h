/* gtp_internal.h - what the files of the GTP module share: colour parsing and the registration of
 * the engine's commands. Not a public header. */
#ifndef TENGEN_GTP_INTERNAL_H
#define TENGEN_GTP_INTERNAL_H

#include <stdbool.h>
#include <stdio.h>

#include "gtp/gtp.h"

/* "b", "black", "w", "white" in any case. */
bool gtp_parse_color(const char *text, stone_t *out);
/* Add the engine's commands (genmove, reg_genmove, kgs-genmove_cleanup, final_status_list, the
 * analysis commands and the gogui views) to the table. */
void gtp_engine_register(gtp_t *gtp);

/* ---- answers written as they come (lz-analyze and friends) ----
 *
 * A streaming handler calls gtp_stream_begin, which writes "=id" and its line end at once and
 * returns the output stream; the handler then writes whole lines to it itself (flushing each).
 * When the handler returns, the loop ends the answer with the empty line, unless an analysis
 * started by the handler is still running: then the answer ends when the analysis is stopped
 * (gtp_analysis_stop), which the loop does as soon as the next input arrives. */
FILE *gtp_stream_begin(gtp_t *gtp);

/* The running analysis, owned by gtp_engine.c (NULL: none); gtp.c only stores the pointer. */
typedef struct gtp_analysis gtp_analysis_t;
gtp_analysis_t **gtp_analysis_slot(gtp_t *gtp);
/* Is an analysis running (its answer not yet ended)? */
bool gtp_analysis_running(gtp_t *gtp);
/* Stop the running analysis, if any: set its stop flag, join its thread and end its answer with
 * the empty line. Safe to call when none runs. */
void gtp_analysis_stop(gtp_t *gtp);

/* ---- pondering (ponder.h) ----
 * After genmove plays a move, when the settings ask for it, the engine searches on the
 * opponent's time; the loop stops it (silently) as soon as the next input arrives. */
void gtp_ponder_begin(gtp_t *gtp);

#endif
