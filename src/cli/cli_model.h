/* cli_model.h - the learned move model of the game front ends: --model FILE, --model none, or
 * the shipped model, found beside the binary (tengen.model) or in the source tree it was built
 * from (models/tengen.model). */
#ifndef TENGEN_CLI_MODEL_H
#define TENGEN_CLI_MODEL_H

#include <stdbool.h>

#include "tengen/model.h"

/* The help line of --model. */
#define CLI_MODEL_HELP                                                                             \
    "the move model (default: the shipped one, tengen.model beside the binary or "                \
    "models/tengen.model of the source tree); 'none' plays without"

/* Resolve the model for `command` from the text of --model (NULL when not given) into *out
 * (NULL for none). The model is loaded once per process and kept until it ends. False after a
 * message "tengen COMMAND: ..." on stderr when a file is missing, truncated or foreign; a
 * shipped model that is not found is only a warning. */
bool cli_model_resolve(const char *option, const char *command, const model_t **out);

#endif
