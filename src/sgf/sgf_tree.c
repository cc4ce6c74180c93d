/* sgf_tree.c - the SGF tree: nodes, properties, freeing, and the small accessors.
 *
 * Owns memory management of sgf_node_t and sgf_property_t. Knows nothing of Go or of the text
 * syntax. Freeing is iterative because a tree's depth comes from the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf_internal.h"

void sgf_set_error(sgf_error_t *err, int line, int column, const char *fmt, ...)
{
    if (err == NULL)
        return;
    err->line = line;
    err->column = column;
    int used = 0;
    if (line > 0) {
        used = snprintf(err->message, sizeof err->message, "line %d, column %d: ", line, column);
        if (used < 0 || (size_t)used >= sizeof err->message)
            used = 0;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + used, sizeof err->message - (size_t)used, fmt, ap);
    va_end(ap);
}

sgf_node_t *sgf_node_new(void)
{
    return calloc(1, sizeof(sgf_node_t));
}

static void property_free(sgf_property_t *prop)
{
    for (int i = 0; i < prop->num_values; i++)
        free(prop->values[i]);
    free(prop->values);
    free(prop->id);
    free(prop);
}

void sgf_free(sgf_node_t *root)
{
    if (root == NULL)
        return;
    /* A work list threaded through the sibling links: every node's children are spliced in front
     * of the rest, so no stack is needed and any depth is fine. */
    root->sibling = NULL;
    sgf_node_t *todo = root;
    while (todo != NULL) {
        sgf_node_t *node = todo;
        todo = node->sibling;
        if (node->child != NULL) {
            sgf_node_t *last = node->child;
            while (last->sibling != NULL)
                last = last->sibling;
            last->sibling = todo;
            todo = node->child;
        }
        sgf_property_t *prop = node->props;
        while (prop != NULL) {
            sgf_property_t *next = prop->next;
            property_free(prop);
            prop = next;
        }
        free(node);
    }
}

sgf_property_t *sgf_find(const sgf_node_t *node, const char *id)
{
    for (sgf_property_t *prop = node->props; prop != NULL; prop = prop->next)
        if (strcmp(prop->id, id) == 0)
            return prop;
    return NULL;
}

const char *sgf_get(const sgf_node_t *node, const char *id)
{
    const sgf_property_t *prop = sgf_find(node, id);
    return prop != NULL && prop->num_values > 0 ? prop->values[0] : NULL;
}

bool sgf_property_push(sgf_property_t *prop, char *value)
{
    /* Capacity is the next power of two at or above num_values, so no field is needed for it. */
    int n = prop->num_values;
    if (n == 0 || (n & (n - 1)) == 0) {
        size_t cap = n == 0 ? 1 : (size_t)n * 2;
        char **values = realloc(prop->values, cap * sizeof *values);
        if (values == NULL) {
            free(value);
            return false;
        }
        prop->values = values;
    }
    prop->values[n] = value;
    prop->num_values = n + 1;
    return true;
}

sgf_property_t *sgf_property_append(sgf_node_t *node, char *id)
{
    sgf_property_t *prop = calloc(1, sizeof *prop);
    if (prop == NULL) {
        free(id);
        return NULL;
    }
    prop->id = id;
    sgf_property_t **tail = &node->props;
    while (*tail != NULL)
        tail = &(*tail)->next;
    *tail = prop;
    return prop;
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy != NULL)
        memcpy(copy, s, n);
    return copy;
}

bool sgf_add(sgf_node_t *node, const char *id, const char *value)
{
    char *v = copy_string(value);
    if (v == NULL)
        return false;
    sgf_property_t *prop = sgf_find(node, id);
    if (prop == NULL) {
        char *id_copy = copy_string(id);
        if (id_copy == NULL) {
            free(v);
            return false;
        }
        prop = sgf_property_append(node, id_copy);
        if (prop == NULL) {
            free(v);
            return false;
        }
    }
    return sgf_property_push(prop, v);
}

sgf_node_t *sgf_add_child(sgf_node_t *parent)
{
    sgf_node_t *node = sgf_node_new();
    if (node == NULL)
        return NULL;
    node->parent = parent;
    sgf_node_t **tail = &parent->child;
    while (*tail != NULL)
        tail = &(*tail)->sibling;
    *tail = node;
    return node;
}
