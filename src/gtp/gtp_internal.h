/* gtp_internal.h - what the files of the GTP module share: colour parsing and the registration of
 * the engine's commands. Not a public header. */
#ifndef TENGEN_GTP_INTERNAL_H
#define TENGEN_GTP_INTERNAL_H

#include <stdbool.h>

#include "gtp/gtp.h"

/* "b", "black", "w", "white" in any case. */
bool gtp_parse_color(const char *text, stone_t *out);
/* Add the engine's commands (genmove, reg_genmove, kgs-genmove_cleanup, final_status_list) to
 * the table. */
void gtp_engine_register(gtp_t *gtp);

#endif
