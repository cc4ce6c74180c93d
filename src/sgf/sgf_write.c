/* sgf_write.c - tree to SGF text.
 *
 * Owns the output syntax: one node per line, variations in parentheses, ']' and '\\' escaped in
 * values. Iterative with an explicit stack, because a tree's depth may come from a hostile file.
 */
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf_internal.h"

typedef struct out {
    char *buf;
    size_t len, cap;
    bool failed;
} out_t;

static void put(out_t *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap == 0 ? 4096 : o->cap;
        while (o->len + n + 1 > cap)
            cap *= 2;
        char *buf = realloc(o->buf, cap);
        if (buf == NULL) {
            o->failed = true;
            return;
        }
        o->buf = buf;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

static void put_str(out_t *o, const char *s)
{
    put(o, s, strlen(s));
}

static void put_value(out_t *o, const char *v)
{
    put(o, "[", 1);
    for (;;) {
        size_t run = strcspn(v, "]\\");
        put(o, v, run);
        v += run;
        if (*v == '\0')
            break;
        put(o, "\\", 1);
        put(o, v, 1);
        v++;
    }
    put(o, "]", 1);
}

static void put_node(out_t *o, const sgf_node_t *node)
{
    put(o, ";", 1);
    for (const sgf_property_t *prop = node->props; prop != NULL; prop = prop->next) {
        /* A property without values cannot be written; it would not parse back. */
        if (prop->num_values == 0)
            continue;
        put_str(o, prop->id);
        for (int i = 0; i < prop->num_values; i++)
            put_value(o, prop->values[i]);
    }
}

/* A stack entry: a subtree to write in parentheses, or (node == NULL) a ')' to close. */
typedef struct item {
    const sgf_node_t *node;
} item_t;

char *sgf_write(const sgf_node_t *root)
{
    if (root == NULL)
        return NULL;
    out_t o = {0};
    size_t cap = 64, top = 0;
    item_t *stack = malloc(cap * sizeof *stack);
    if (stack == NULL)
        return NULL;
    stack[top++].node = root;
    bool first = true;
    while (top > 0 && !o.failed) {
        const sgf_node_t *node = stack[--top].node;
        if (node == NULL) {
            put(&o, ")", 1);
            continue;
        }
        put_str(&o, first ? "(" : "\n(");
        first = false;
        stack[top++].node = NULL; /* room is left: the entry just popped */
        for (;;) {
            put_node(&o, node);
            const sgf_node_t *child = node->child;
            if (child == NULL)
                break;
            if (child->sibling == NULL) {
                put(&o, "\n", 1);
                node = child;
                continue;
            }
            /* Variations: push them last first, so the first child (the main line) comes out
             * first. */
            size_t n = 0;
            for (const sgf_node_t *c = child; c != NULL; c = c->sibling)
                n++;
            if (top + n > cap) {
                while (top + n > cap)
                    cap *= 2;
                item_t *bigger = realloc(stack, cap * sizeof *stack);
                if (bigger == NULL) {
                    o.failed = true;
                    break;
                }
                stack = bigger;
            }
            size_t i = top + n;
            for (const sgf_node_t *c = child; c != NULL; c = c->sibling)
                stack[--i].node = c;
            top += n;
            break;
        }
    }
    free(stack);
    if (o.failed) {
        free(o.buf);
        return NULL;
    }
    put(&o, "\n", 1);
    if (o.failed) {
        free(o.buf);
        return NULL;
    }
    return o.buf;
}
