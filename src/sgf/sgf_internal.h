/* sgf_internal.h - helpers shared by the SGF module's files; not part of the public API. */
#ifndef TENGEN_SGF_INTERNAL_H
#define TENGEN_SGF_INTERNAL_H

#include <stdarg.h>

#include "tengen/sgf.h"

/* Fill err (if not NULL) with a place and a printf-style message; the place (when line > 0) is
 * also written at the start of the message so that a front end can print the message alone. */
void sgf_set_error(sgf_error_t *err, int line, int column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A new node with no properties and no links; NULL on no memory. */
sgf_node_t *sgf_node_new(void);
/* Find a node's property by identifier, or NULL. */
sgf_property_t *sgf_find(const sgf_node_t *node, const char *id);
/* Append a value that the property takes ownership of (malloc'ed); false on no memory (value is
 * then freed). */
bool sgf_property_push(sgf_property_t *prop, char *value);
/* Append a new empty property to a node, taking ownership of id; NULL on no memory. */
sgf_property_t *sgf_property_append(sgf_node_t *node, char *id);

#endif
