/* sgf_parse.c - SGF text to tree (FF[1]-FF[4] syntax).
 *
 * Owns the syntax only: game trees, nodes, property identifiers and bracketed values with their
 * escapes. It does not know what a property means (sgf_game.c does) nor about charsets
 * (sgf_read.c converts to UTF-8 before calling here).
 *
 * The input may be hostile: the parse is a single forward scan with an explicit, bounded stack of
 * open variations, and the node, value and byte counts are capped, so neither the C stack nor the
 * heap grows with anything but a bounded multiple of the input.
 */
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf_internal.h"

/* Longest property identifier kept (upper-case letters); FF[4] identifiers have at most two, but
 * private ones ("MULTIGOGM") are longer. Longer ones are an error. */
#define SGF_MAX_ID_LEN 32
/* Most distinct properties in one node. Real nodes have a few dozen; the cap keeps the duplicate
 * check (a list walk per property) from turning quadratic on hostile input. */
#define SGF_MAX_NODE_PROPS 100

typedef struct cursor {
    const char *text;
    size_t len, pos;
    int line, column;  /* of text[pos]; the column counts characters, not UTF-8 bytes */
} cursor_t;

/* An open '(' : where the variation resumes when it closes. */
typedef struct frame {
    sgf_node_t *parent;      /* node the variation's first node hangs under (NULL: top level) */
    sgf_node_t *last_child;  /* parent's last child when the '(' was read */
    sgf_node_t *first;       /* first node of this variation, once read */
    int line, column;        /* of the '(' */
} frame_t;

typedef struct parser {
    cursor_t cur;
    frame_t *frames;
    int depth, frames_cap;
    int nodes, values;
    sgf_error_t *err;
} parser_t;

static void advance(cursor_t *c)
{
    unsigned char ch = (unsigned char)c->text[c->pos++];
    /* "\r\n" and "\n\r" count as one line break, as does a lone '\r' or '\n'. */
    if (ch == '\n' || ch == '\r') {
        if (c->pos < c->len) {
            unsigned char next = (unsigned char)c->text[c->pos];
            if ((next == '\n' || next == '\r') && next != ch) {
                c->pos++;
            }
        }
        c->line++;
        c->column = 1;
    } else if ((ch & 0xC0) != 0x80) {
        c->column++;
    }
}

static bool at_end(const cursor_t *c)
{
    return c->pos >= c->len;
}

static int peek(const cursor_t *c)
{
    return (unsigned char)c->text[c->pos];
}

static bool is_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' ||
           ch == 0;
}

static bool is_letter(int ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
}

static void skip_space(cursor_t *c)
{
    while (!at_end(c) && is_space(peek(c)))
        advance(c);
}

static bool push_frame(parser_t *p, sgf_node_t *parent, sgf_node_t *last_child)
{
    if (p->depth >= SGF_MAX_DEPTH) {
        sgf_set_error(p->err, p->cur.line, p->cur.column,
                      "variations nested deeper than %d levels (SGF_MAX_DEPTH)", SGF_MAX_DEPTH);
        return false;
    }
    if (p->depth == p->frames_cap) {
        int cap = p->frames_cap == 0 ? 16 : p->frames_cap * 2;
        frame_t *frames = realloc(p->frames, (size_t)cap * sizeof *frames);
        if (frames == NULL) {
            sgf_set_error(p->err, p->cur.line, p->cur.column, "out of memory");
            return false;
        }
        p->frames = frames;
        p->frames_cap = cap;
    }
    frame_t *f = &p->frames[p->depth++];
    f->parent = parent;
    f->last_child = last_child;
    f->first = NULL;
    f->line = p->cur.line;
    f->column = p->cur.column;
    return true;
}

/* Read a property identifier at the cursor (a letter). Upper-case letters are kept and lower-case
 * ones dropped, which turns FF[3] long names ("AddBlack") into FF[4] ones ("AB"). */
static char *read_ident(parser_t *p)
{
    cursor_t *c = &p->cur;
    int line = c->line, column = c->column;
    char id[SGF_MAX_ID_LEN + 1];
    int n = 0;
    while (!at_end(c) && is_letter(peek(c))) {
        int ch = peek(c);
        if (ch >= 'A' && ch <= 'Z') {
            if (n == SGF_MAX_ID_LEN) {
                sgf_set_error(p->err, line, column, "property identifier longer than %d letters",
                              SGF_MAX_ID_LEN);
                return NULL;
            }
            id[n++] = (char)ch;
        }
        advance(c);
    }
    if (n == 0) {
        sgf_set_error(p->err, line, column, "property identifier without upper-case letters");
        return NULL;
    }
    id[n] = '\0';
    char *copy = malloc((size_t)n + 1);
    if (copy == NULL) {
        sgf_set_error(p->err, line, column, "out of memory");
        return NULL;
    }
    memcpy(copy, id, (size_t)n + 1);
    return copy;
}

/* Read one value; the cursor is at '['. Escapes: '\' before a line break removes both (a soft
 * line break); '\' before any other character keeps that character. */
static char *read_value(parser_t *p)
{
    cursor_t *c = &p->cur;
    int line = c->line, column = c->column;
    advance(c); /* '[' */
    size_t start = c->pos, end = start;
    while (end < c->len && c->text[end] != ']') {
        end += c->text[end] == '\\' && end + 1 < c->len ? 2 : 1;
    }
    if (end >= c->len) {
        sgf_set_error(p->err, line, column, "property value not closed with ']'");
        return NULL;
    }
    char *value = malloc(end - start + 1);
    if (value == NULL) {
        sgf_set_error(p->err, line, column, "out of memory");
        return NULL;
    }
    size_t n = 0;
    while (c->pos < end) {
        char ch = c->text[c->pos];
        if (ch == '\\') {
            advance(c);
            char esc = c->text[c->pos];
            if (esc == '\n' || esc == '\r') {
                advance(c); /* swallows "\r\n" or "\n\r" as one break */
                continue;
            }
            value[n++] = esc;
            advance(c);
            continue;
        }
        value[n++] = ch;
        advance(c);
    }
    value[n] = '\0';
    advance(c); /* ']' */
    return value;
}

/* Read a property (identifier and its values) into node. */
static bool read_property(parser_t *p, sgf_node_t *node)
{
    int line = p->cur.line, column = p->cur.column;
    char *id = read_ident(p);
    if (id == NULL)
        return false;
    /* FF[4] forbids a property twice in a node; old files do it, so the values are merged. */
    sgf_property_t *prop = sgf_find(node, id);
    if (prop != NULL) {
        free(id);
    } else {
        int count = 0;
        for (const sgf_property_t *q = node->props; q != NULL; q = q->next)
            count++;
        if (count == SGF_MAX_NODE_PROPS) {
            free(id);
            sgf_set_error(p->err, line, column, "more than %d properties in one node",
                          SGF_MAX_NODE_PROPS);
            return false;
        }
        prop = sgf_property_append(node, id);
        if (prop == NULL) {
            sgf_set_error(p->err, line, column, "out of memory");
            return false;
        }
    }
    skip_space(&p->cur);
    if (at_end(&p->cur) || peek(&p->cur) != '[') {
        sgf_set_error(p->err, line, column, "property %s has no value", prop->id);
        return false;
    }
    while (!at_end(&p->cur) && peek(&p->cur) == '[') {
        if (++p->values > SGF_MAX_VALUES) {
            sgf_set_error(p->err, p->cur.line, p->cur.column,
                          "more than %d property values (SGF_MAX_VALUES)", SGF_MAX_VALUES);
            return false;
        }
        char *value = read_value(p);
        if (value == NULL)
            return false;
        if (!sgf_property_push(prop, value)) {
            sgf_set_error(p->err, line, column, "out of memory");
            return false;
        }
        skip_space(&p->cur);
    }
    return true;
}

/* True if the cursor is at a property: letters, white space, '['. */
static bool at_property(cursor_t look)
{
    if (at_end(&look) || !is_letter(peek(&look)))
        return false;
    while (!at_end(&look) && is_letter(peek(&look)))
        advance(&look);
    skip_space(&look);
    return !at_end(&look) && peek(&look) == '[';
}

/* Find the start of the first game tree: a '(' followed (after white space) by ';', or by a
 * property, as the Nihon Ki-in writes its root node without ';'. Text before it (mail headers,
 * junk) is skipped as FF[4] allows. */
static bool find_start(cursor_t *c)
{
    while (!at_end(c)) {
        if (peek(c) == '(') {
            cursor_t look = *c;
            advance(&look);
            skip_space(&look);
            if (!at_end(&look) && (peek(&look) == ';' || at_property(look)))
                return true;
        }
        advance(c);
    }
    return false;
}

/* A new node under node (after last_child) at the cursor's place; the frame records it. */
static sgf_node_t *new_node(parser_t *p, sgf_node_t *node, sgf_node_t *last_child)
{
    if (++p->nodes > SGF_MAX_NODES) {
        sgf_set_error(p->err, p->cur.line, p->cur.column, "more than %d nodes (SGF_MAX_NODES)",
                      SGF_MAX_NODES);
        return NULL;
    }
    sgf_node_t *n = sgf_node_new();
    if (n == NULL) {
        sgf_set_error(p->err, p->cur.line, p->cur.column, "out of memory");
        return NULL;
    }
    n->line = p->cur.line;
    n->column = p->cur.column;
    n->parent = node;
    if (node != NULL) {
        if (last_child == NULL)
            node->child = n;
        else
            last_child->sibling = n;
    }
    frame_t *f = &p->frames[p->depth - 1];
    if (f->first == NULL)
        f->first = n;
    return n;
}

static sgf_node_t *parse(parser_t *p)
{
    cursor_t *c = &p->cur;
    if (!find_start(c)) {
        sgf_set_error(p->err, 0, 0, "no game tree: expected \"(;\"");
        return NULL;
    }
    sgf_node_t *root = NULL;
    sgf_node_t *node = NULL;       /* current node: a ';' hangs the next node under it */
    sgf_node_t *last_child = NULL; /* node's last child, so appending a variation is O(1) */
    for (;;) {
        skip_space(c);
        if (at_end(c)) {
            frame_t *f = &p->frames[p->depth - 1];
            sgf_set_error(p->err, c->line, c->column,
                          "unexpected end of file: %d variation%s not closed, the innermost "
                          "opened at line %d, column %d",
                          p->depth, p->depth == 1 ? "" : "s", f->line, f->column);
            break;
        }
        int ch = peek(c);
        if (ch == '(') {
            if (p->depth > 0 && node == NULL)
                goto unexpected;
            if (!push_frame(p, node, last_child))
                break;
            advance(c);
        } else if (ch == ')') {
            if (p->depth == 0)
                goto unexpected;
            frame_t *f = &p->frames[p->depth - 1];
            if (f->first == NULL) {
                sgf_set_error(p->err, c->line, c->column, "empty variation (no node after '(')");
                break;
            }
            p->depth--;
            advance(c);
            if (p->depth == 0)
                return root; /* the first game tree is complete; later ones are ignored */
            /* The variation's first node was appended last, so it is the parent's last child. */
            node = f->parent;
            last_child = f->first;
        } else if (ch == ';') {
            if (p->depth == 0)
                goto unexpected;
            sgf_node_t *n = new_node(p, node, last_child);
            if (n == NULL)
                break;
            if (node == NULL)
                root = n;
            node = n;
            last_child = NULL;
            advance(c);
        } else if (is_letter(ch)) {
            if (root == NULL) {
                /* "(TE[...]" : a root node without its ';' (Nihon Ki-in files). */
                node = root = new_node(p, NULL, NULL);
                if (root == NULL)
                    break;
            } else if (p->frames[p->depth - 1].first == NULL) {
                sgf_set_error(p->err, c->line, c->column, "property outside a node (missing ';')");
                break;
            }
            if (last_child != NULL) {
                sgf_set_error(p->err, c->line, c->column,
                              "property after a variation (missing ';')");
                break;
            }
            if (!read_property(p, node))
                break;
        } else {
            goto unexpected;
        }
        continue;
    unexpected:
        if (ch == ']')
            sgf_set_error(p->err, c->line, c->column, "unbalanced ']' outside a property value");
        else if (ch >= 0x21 && ch < 0x7F)
            sgf_set_error(p->err, c->line, c->column, "unexpected character '%c'", ch);
        else
            sgf_set_error(p->err, c->line, c->column, "unexpected byte 0x%02X", (unsigned)ch);
        break;
    }
    sgf_free(root);
    return NULL;
}

sgf_node_t *sgf_parse(const char *text, size_t len, sgf_error_t *err)
{
    if (len > SGF_MAX_BYTES) {
        sgf_set_error(err, 0, 0,
                      "SGF text of %zu bytes is over the limit of %u bytes (SGF_MAX_BYTES)", len,
                      SGF_MAX_BYTES);
        return NULL;
    }
    if (text == NULL) {
        sgf_set_error(err, 0, 0, "no SGF text");
        return NULL;
    }
    parser_t p = {.cur = {.text = text, .len = len, .pos = 0, .line = 1, .column = 1}, .err = err};
    sgf_node_t *root = parse(&p);
    free(p.frames);
    return root;
}
