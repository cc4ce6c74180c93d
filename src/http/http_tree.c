/* http_tree.c - the game tree of a web game (docs/web.md, "The game tree"): the main line, which
 * is the game played against tengen, and the variations beside it, from an imported file or tried
 * by the player while studying; each node's other properties (comments, names, markup, game
 * information the server has no field for). The tree's API (GET, POST and DELETE of
 * /api/games/{id}/tree/...), and its part of the saved SGF.
 *
 * The main line mirrors the game's moves: one node per move after the root, whatever setup or PL
 * nodes the file had between them (their properties join the node of the move before). It is
 * brought in step with the game (tree_sync) after every change of the moves and before every
 * use, so play, genmove and undo need not know of it: moves taken back leave the main line as a
 * variation of the position they were played from, with what hangs from them, and a move played
 * that a variation holds makes that variation the main line. The comments of the main line are
 * the record's (g->record "comments"), not the nodes': a node takes its comment along when it
 * leaves the main line or joins it. Variations never change the game: they are replayed on a
 * copy of a position of the main line.
 *
 * Node ids never change and are never given twice: a new node takes the next number, and the
 * file keeps every node's id (XID) and the next number (XNI on the root), so that a page open on
 * a node still addresses it after the game was unloaded or the server restarted. A file without
 * them (an import) is numbered in preorder. Everything here runs under the game's lock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_internal.h"

typedef struct web_tnode {
    int id;
    int number; /* moves from the root to this node, this node's included */
    bool main;  /* on the main line: the root or a move of the game */
    sgf_node_t
        *props; /* its properties, in an unlinked SGF node (B/W of a main node: the game's) */
    struct web_tnode *parent, *child, *sibling; /* the main line is always the first child */
} web_tnode_t;

struct web_tree {
    web_tnode_t *root;
    int next_id;    /* the id of the next node made: above every id given so far */
    bool keep;      /* the next sync keeps the moves that left the main line (web_tree_keep) */
    int nodes;      /* all of them */
    int side_nodes; /* nodes off the main line (WEB_MAX_VARIATION_NODES) */
    size_t text;    /* bytes of the properties kept (cost) */
};

/* What the server writes itself on the main line (game, record, review, clocks, TGWEB):
 * the file's own values of these are not kept in the tree, so a round trip never doubles them. */
static const char *const ROOT_OWNED[] = {"GM", "FF", "CA", "AP",    "SZ",  "KM", "RU",
                                         "HA", "PB", "PW", "BR",    "WR",  "RE", "DT",
                                         "EV", "TM", "OT", "TGWEB", "XRP", NULL};
static const char *const MAIN_OWNED[] = {"B",   "W",   "AB",  "AW", "AE", "PL", "C",  "XWR",
                                         "XSL", "XBM", "XBV", "BL", "WL", "OB", "OW", NULL};
/* The ids of the nodes (XID, on each) and the next id (XNI, on the root): read into the nodes'
 * ids, written from them, never kept as properties. Unlike the lists above, a file that has them
 * has a tree to read (its ids may not be the preorder numbers of its main line). */
static const char *const TREE_OWNED[] = {"XID", "XNI", NULL};

static bool is_in(const char *const *list, const char *id)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], id)) return true;
    return false;
}

/* ---- nodes ---- */

static web_tnode_t *node_new(web_tree_t *t, web_tnode_t *parent, bool main)
{
    web_tnode_t *n = calloc(1, sizeof *n);
    if (!n) return NULL;
    n->props = calloc(1, sizeof *n->props);
    if (!n->props) {
        free(n);
        return NULL;
    }
    n->id = t->next_id++;
    n->main = main;
    t->nodes++;
    n->parent = parent;
    if (!parent) return n;
    if (main) {
        n->sibling = parent->child;
        parent->child = n;
    } else {
        web_tnode_t **tail = &parent->child;
        while (*tail)
            tail = &(*tail)->sibling;
        *tail = n;
        t->side_nodes++;
    }
    return n;
}

static size_t props_text(const sgf_node_t *props)
{
    size_t n = 0;
    for (const sgf_property_t *p = props->props; p; p = p->next)
        for (int i = 0; i < p->num_values; i++)
            n += strlen(p->values[i]) + 1;
    return n;
}

/* Free the subtree of n (n included), unlinked from its parent first; counts given back. */
static void subtree_free(web_tree_t *t, web_tnode_t *n)
{
    if (n->parent) {
        web_tnode_t **link = &n->parent->child;
        while (*link != n)
            link = &(*link)->sibling;
        *link = n->sibling;
    }
    /* A work list through the sibling links, as sgf_free does: any depth. */
    n->sibling = NULL;
    web_tnode_t *todo = n;
    while (todo) {
        web_tnode_t *x = todo;
        todo = x->sibling;
        if (x->child) {
            web_tnode_t *last = x->child;
            while (last->sibling)
                last = last->sibling;
            last->sibling = todo;
            todo = x->child;
        }
        if (!x->main) t->side_nodes--;
        t->nodes--;
        t->text -= props_text(x->props);
        sgf_free(x->props);
        free(x);
    }
}

void web_tree_free(web_tree_t *t)
{
    if (!t) return;
    if (t->root) subtree_free(t, t->root);
    free(t);
}

static web_tree_t *tree_new(void)
{
    web_tree_t *t = calloc(1, sizeof *t);
    if (t && !(t->root = node_new(t, NULL, true))) {
        free(t);
        return NULL;
    }
    return t;
}

/* The next node in preorder within the subtree of top, or NULL. */
static web_tnode_t *next_preorder(web_tnode_t *n, const web_tnode_t *top)
{
    if (n->child) return n->child;
    while (n != top && !n->sibling)
        n = n->parent;
    return n == top ? NULL : n->sibling;
}

static web_tnode_t *find_node(const web_tree_t *t, long id)
{
    for (web_tnode_t *n = t->root; n; n = next_preorder(n, t->root))
        if (n->id == id) return n;
    return NULL;
}

/* The move of a node's properties: its colour (STONE_EMPTY: none) and point. */
static stone_t node_move(const web_tnode_t *n, const board_t *b, int *point)
{
    const char *black = sgf_get(n->props, "B"), *white = sgf_get(n->props, "W");
    if (!black && !white) return STONE_EMPTY;
    *point = sgf_point_parse(b, black ? black : white);
    return black ? STONE_BLACK : STONE_WHITE;
}

/* Add a copy of value, cleaned as text from a file, to props under id. */
static bool add_clean_value(web_tree_t *t, sgf_node_t *props, const char *id, const char *value)
{
    char *clean = web_clean_text(value, WEB_MAX_COMMENT_BYTES, true);
    const bool ok = clean && sgf_add(props, id, clean);
    if (ok) t->text += strlen(clean) + 1;
    free(clean);
    return ok;
}

/* Copy the properties of src not in `skip` (NULL: all) into props. */
static bool copy_props(web_tree_t *t, sgf_node_t *props, const sgf_node_t *src,
                       const char *const *skip, const char *const *skip2)
{
    for (const sgf_property_t *p = src->props; p; p = p->next) {
        if ((skip && is_in(skip, p->id)) || (skip2 && is_in(skip2, p->id)) ||
            is_in(TREE_OWNED, p->id))
            continue;
        for (int i = 0; i < p->num_values; i++)
            if (!add_clean_value(t, props, p->id, p->values[i])) return false;
    }
    return true;
}

/* ---- in step with the game ---- */

static void props_remove(web_tree_t *t, sgf_node_t *props, const char *id);

/* A main node leaves the main line: its comment, the record's, goes into its C. */
static void comment_to_node(web_tree_t *t, cJSON *record, web_tnode_t *n)
{
    char key[16];
    snprintf(key, sizeof key, "%d", n->number);
    cJSON *c = cJSON_DetachItemFromObjectCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(record, "comments"), key);
    if (cJSON_IsString(c) && c->valuestring[0]) {
        props_remove(t, n->props, "C");
        add_clean_value(t, n->props, "C", c->valuestring); /* out of memory: the comment is lost */
    }
    cJSON_Delete(c);
}

/* A node joins the main line: its C becomes the record's comment of its move. */
static void comment_to_record(web_tree_t *t, cJSON **record, web_tnode_t *n)
{
    const char *c = sgf_get(n->props, "C");
    if (!c) return;
    char key[16];
    snprintf(key, sizeof key, "%d", n->number);
    if (!*record) *record = cJSON_CreateObject();
    cJSON *comments = cJSON_GetObjectItemCaseSensitive(*record, "comments");
    if (*record && !comments) comments = cJSON_AddObjectToObject(*record, "comments");
    if (comments) {
        cJSON_DeleteItemFromObjectCaseSensitive(comments, key);
        if (c[0]) cJSON_AddStringToObject(comments, key, c);
    }
    props_remove(t, n->props, "C");
}

/* The nodes on the longest path down from top, top included. */
static int subtree_height(const web_tnode_t *top)
{
    int height = 0, depth = 1;
    const web_tnode_t *n = top;
    while (n) {
        if (depth > height) height = depth;
        if (n->child) {
            n = n->child;
            depth++;
            continue;
        }
        while (n != top && !n->sibling) {
            n = n->parent;
            depth--;
        }
        n = n == top ? NULL : n->sibling;
    }
    return height;
}

/* Main node n and the main line after it leave the main line. Kept (t->keep) they stay where
 * they hang, a variation of n's parent, with their comments, when the tree has room for them;
 * otherwise they are deleted with what hangs from them. */
static void leave_main_line(web_tree_t *t, cJSON *record, web_tnode_t *n)
{
    int mains = 0;
    for (const web_tnode_t *x = n; x; x = x->child && x->child->main ? x->child : NULL)
        mains++;
    if (!t->keep || t->side_nodes + mains > WEB_MAX_VARIATION_NODES ||
        subtree_height(n) > WEB_MAX_VARIATION_DEPTH) {
        subtree_free(t, n);
        return;
    }
    for (web_tnode_t *x = n, *next; x; x = next) {
        next = x->child && x->child->main ? x->child : NULL;
        comment_to_node(t, record, x);
        x->main = false;
    }
    t->side_nodes += mains;
}

static bool set_move(web_tree_t *t, web_tnode_t *n, const board_t *b, stone_t c, int point)
{
    char text[3];
    sgf_point_text(b, point, text);
    t->text += strlen(text) + 1;
    return sgf_add(n->props, c == STONE_BLACK ? "B" : "W", text);
}

/* Make the main line the game's moves: keep the nodes that match, cut the rest (with what hangs
 * from them), add nodes for the new moves. A variation of the same move becomes the main line.
 * False if out of memory (the tree is then shorter than the game). */
static bool tree_sync(web_tree_t *t, const game_t *game, cJSON **record)
{
    const board_t *b = game_board(game);
    const int count = game_move_count(game);
    web_tnode_t *at = t->root;
    for (int i = 0; i < count; i++) {
        const game_move_t *m = game_move_at(game, i);
        if (m->setup_index >= 0) continue;
        web_tnode_t *next = at->child && at->child->main ? at->child : NULL;
        int p = POINT_NONE;
        if (next && (node_move(next, b, &p) != m->color || p != m->point)) {
            leave_main_line(t, *record, next);
            next = NULL;
        }
        if (!next) {
            /* The player tried this move before playing it: that variation is the game now. */
            for (web_tnode_t *c = at->child; c; c = c->sibling) {
                if (node_move(c, b, &p) == m->color && p == m->point) {
                    web_tnode_t **link = &at->child;
                    while (*link != c)
                        link = &(*link)->sibling;
                    *link = c->sibling;
                    c->sibling = at->child;
                    at->child = c;
                    c->main = true;
                    t->side_nodes--;
                    comment_to_record(t, record, c);
                    next = c;
                    break;
                }
            }
        }
        if (!next) {
            next = node_new(t, at, true);
            if (!next || !set_move(t, next, b, m->color, m->point)) return false;
            next->number = at->number + 1;
        }
        at = next;
    }
    if (at->child && at->child->main) leave_main_line(t, *record, at->child);
    t->keep = false;
    return true;
}

/* The game's tree in step with its moves, made on first use; NULL if out of memory. */
static web_tree_t *game_tree(web_game_t *g)
{
    if (!g->tree) g->tree = tree_new();
    if (g->tree && !tree_sync(g->tree, engine_game(g->engine), &g->record)) return NULL;
    return g->tree;
}

void web_tree_sync(web_game_t *g)
{
    if (g->tree) tree_sync(g->tree, engine_game(g->engine), &g->record);
}

void web_tree_keep(web_game_t *g)
{
    web_tree_t *t = game_tree(g);
    if (t) t->keep = true;
}

/* ---- from a file ---- */

/* Ids read from a file stay below this, so that a game has room for a great many more nodes
 * before its ids would need more digits than a request may give. */
#define WEB_MAX_FILE_ID 100000000

/* The number a file gives a node under `id` (XID, XNI), or -1. */
static int file_number(const sgf_node_t *x, const char *id)
{
    const char *v = sgf_get(x, id);
    if (!v || !v[0] || strlen(v) > 9 || strspn(v, "0123456789") != strlen(v)) return -1;
    const int n = atoi(v);
    return n < WEB_MAX_FILE_ID ? n : -1;
}

static int compare_ints(const void *a, const void *b)
{
    const int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The nodes read with the ids of their file (-1: none): kept if every node has one and no two
 * share it (the next id then above them all and the file's XNI), else all numbered in preorder. */
static void number_nodes(web_tree_t *t, const sgf_node_t *root)
{
    int *ids = malloc((size_t)t->nodes * sizeof *ids);
    bool kept = ids != NULL;
    int k = 0;
    for (web_tnode_t *n = t->root; n && kept; n = next_preorder(n, t->root)) {
        kept = n->id >= 0 && k < t->nodes;
        if (kept) ids[k++] = n->id;
    }
    if (kept) {
        qsort(ids, (size_t)k, sizeof *ids, compare_ints);
        for (int i = 1; i < k && kept; i++)
            kept = ids[i] != ids[i - 1];
    }
    if (kept) {
        const int next = file_number(root, "XNI");
        t->next_id = k > 0 && ids[k - 1] >= next ? ids[k - 1] + 1 : next;
    } else {
        t->next_id = 0;
        for (web_tnode_t *n = t->root; n; n = next_preorder(n, t->root))
            n->id = t->next_id++;
    }
    free(ids);
}

bool web_tree_fits(const sgf_node_t *root, char *err, size_t len)
{
    /* Every subtree that starts a variation is walked with an explicit stack of (node, length). */
    typedef struct {
        const sgf_node_t *node;
        int depth;
    } item_t;
    item_t *stack = malloc((WEB_MAX_VARIATION_NODES + 1) * sizeof *stack);
    if (!stack) {
        snprintf(err, len, "out of memory");
        return false;
    }
    int side = 0, deepest = 0;
    bool ok = true;
    for (const sgf_node_t *m = root; m && ok; m = m->child) {
        if (!m->child) break;
        for (const sgf_node_t *v = m->child->sibling; v && ok; v = v->sibling) {
            int top = 0;
            stack[top++] = (item_t){v, 1};
            while (top > 0 && ok) {
                const item_t it = stack[--top];
                side++;
                if (it.depth > deepest) deepest = it.depth;
                ok = side <= WEB_MAX_VARIATION_NODES && deepest <= WEB_MAX_VARIATION_DEPTH;
                for (const sgf_node_t *c = it.node->child; c && ok; c = c->sibling) {
                    ok = top < WEB_MAX_VARIATION_NODES;
                    if (ok) stack[top++] = (item_t){c, it.depth + 1};
                }
            }
        }
    }
    free(stack);
    if (!ok)
        snprintf(err, len,
                 "The SGF's variations are too large: a game here keeps at most %d nodes beside "
                 "its main line, and variations of at most %d nodes.",
                 WEB_MAX_VARIATION_NODES, WEB_MAX_VARIATION_DEPTH);
    return ok;
}

/* Copy the variation starting at src as the last child of parent (node and its subtree). */
static bool copy_variation(web_tree_t *t, web_tnode_t *parent, const sgf_node_t *src)
{
    typedef struct {
        const sgf_node_t *from;
        web_tnode_t *to_parent;
    } item_t;
    size_t cap = 64, top = 0;
    item_t *stack = malloc(cap * sizeof *stack);
    if (!stack) return false;
    stack[top++] = (item_t){src, parent};
    bool ok = true;
    while (top > 0 && ok) {
        const item_t it = stack[--top];
        web_tnode_t *n = node_new(t, it.to_parent, false);
        ok = n && copy_props(t, n->props, it.from, (const char *const[]){"TGWEB", NULL}, NULL);
        if (!ok) break;
        n->id = file_number(it.from, "XID");
        n->props->line = it.from->line;
        n->props->column = it.from->column;
        n->number = it.to_parent->number + (sgf_get(it.from, "B") || sgf_get(it.from, "W"));
        size_t kids = 0;
        for (const sgf_node_t *c = it.from->child; c; c = c->sibling)
            kids++;
        if (top + kids > cap) {
            while (top + kids > cap)
                cap *= 2;
            item_t *bigger = realloc(stack, cap * sizeof *stack);
            if (!bigger) {
                ok = false;
                break;
            }
            stack = bigger;
        }
        /* Last child first on the stack, so the children are made in their order. */
        size_t i = top + kids;
        for (const sgf_node_t *c = it.from->child; c; c = c->sibling)
            stack[--i] = (item_t){c, n};
        top += kids;
    }
    free(stack);
    return ok;
}

/* Replay every variation hanging from main node `at` on pos (the position of `at`), depth
 * first, undoing each node after its subtree: false with err filled at the first node that does
 * not replay. pos is as it was after. */
typedef struct replay_item {
    const web_tnode_t *node;
    int undo_to; /* -1: replay the node; else undo back to this many entries */
} replay_item_t;

typedef struct replay_stack {
    replay_item_t *items;
    size_t top, cap;
} replay_stack_t;

static bool replay_push(replay_stack_t *s, const web_tnode_t *node, int undo_to)
{
    if (s->top == s->cap) {
        const size_t cap = s->cap ? 2 * s->cap : 64;
        replay_item_t *bigger = realloc(s->items, cap * sizeof *bigger);
        if (!bigger) return false;
        s->items = bigger;
        s->cap = cap;
    }
    s->items[s->top++] = (replay_item_t){node, undo_to};
    return true;
}

static bool check_variations(const web_tnode_t *at, game_t *pos, char *err, size_t len)
{
    replay_stack_t s = {NULL, 0, 0};
    const int base = game_move_count(pos);
    bool ok = true;
    /* Pushed first to last, so the last is replayed first: the order does not matter here. */
    for (const web_tnode_t *v = at->child; v && ok; v = v->sibling)
        if (!v->main) ok = replay_push(&s, v, -1);
    while (s.top > 0 && ok) {
        const replay_item_t it = s.items[--s.top];
        if (it.undo_to >= 0) {
            while (game_move_count(pos) > it.undo_to)
                game_undo(pos);
            continue;
        }
        const int before = game_move_count(pos);
        sgf_error_t e;
        if (!sgf_apply_node(pos, it.node->props, &e)) {
            snprintf(err, len, "a variation does not replay: %s", e.message);
            free(s.items);
            while (game_move_count(pos) > base)
                game_undo(pos);
            return false;
        }
        ok = replay_push(&s, it.node, before);
        for (const web_tnode_t *c = it.node->child; c && ok; c = c->sibling)
            ok = replay_push(&s, c, -1);
    }
    if (!ok) snprintf(err, len, "out of memory");
    free(s.items);
    while (game_move_count(pos) > base)
        game_undo(pos);
    return ok;
}

/* Does the file hold anything its game does not: a variation, or a property the server does
 * not write itself? */
static bool has_more_than_moves(const sgf_node_t *root)
{
    for (const sgf_node_t *x = root; x; x = x->child) {
        if (x->child && x->child->sibling) return true;
        for (const sgf_property_t *p = x->props; p; p = p->next)
            if (!is_in(MAIN_OWNED, p->id) && (x != root || !is_in(ROOT_OWNED, p->id))) return true;
    }
    return false;
}

bool web_tree_from_sgf(const sgf_node_t *root, const game_t *game, web_tree_t **out, char *err,
                       size_t len)
{
    *out = NULL;
    /* A main line alone costs nothing: its tree is made from the game when it is asked for. */
    if (!has_more_than_moves(root)) return true;
    /* A main line too long for a game here is refused by the import (413) before it is used. */
    if (game_move_count(game) > WEB_MAX_HISTORY) return true;
    web_tree_t *t = tree_new();
    bool ok = t && copy_props(t, t->root->props, root, ROOT_OWNED, MAIN_OWNED);
    if (t) t->root->id = file_number(root, "XID");
    web_tnode_t *at = t ? t->root : NULL;
    /* The game may end before the file's main line does (moves taken back, saved as the first
     * variation of the game's last position): from there on every node is a variation. */
    int moves = 0, played = 0;
    for (int i = 0; i < game_move_count(game); i++)
        moves += game_move_at(game, i)->setup_index < 0;
    for (const sgf_node_t *x = root; x && ok; x = x->child) {
        const char *black = sgf_get(x, "B"), *white = sgf_get(x, "W");
        if (played == moves && x != root && (black || white)) {
            for (const sgf_node_t *v = x; v && ok; v = v->sibling)
                ok = copy_variation(t, at, v);
            break;
        }
        if (black || white) {
            played++;
            web_tnode_t *n = node_new(t, at, true);
            ok = n && add_clean_value(t, n->props, black ? "B" : "W", black ? black : white) &&
                 (x == root || copy_props(t, n->props, x, MAIN_OWNED, NULL));
            if (!ok) break;
            n->id = file_number(x, "XID");
            n->number = at->number + 1;
            at = n;
        } else if (x != root) {
            /* A setup or PL node of the main line: what it says beside them joins the move's. */
            ok = copy_props(t, at->props, x, MAIN_OWNED, NULL);
        }
        for (const sgf_node_t *v = x->child ? x->child->sibling : NULL; v && ok; v = v->sibling)
            ok = copy_variation(t, at, v);
    }
    if (ok && t->side_nodes > WEB_MAX_VARIATION_NODES) {
        web_tree_free(t);
        snprintf(err, len,
                 "The SGF's variations are too large: a game here keeps at most %d nodes "
                 "beside its main line.",
                 WEB_MAX_VARIATION_NODES);
        return false;
    }
    if (ok) number_nodes(t, root);
    cJSON *record = NULL; /* the file's main line is the game's: no comment moves */
    ok = ok && tree_sync(t, game, &record);
    cJSON_Delete(record);
    if (!ok) {
        web_tree_free(t);
        snprintf(err, len, "out of memory");
        return false;
    }
    /* Every variation must replay: on one copy of the main line, position by position. */
    game_t *pos = game_new(game_size(game), game_rules(game));
    ok = pos != NULL;
    if (!ok) snprintf(err, len, "out of memory");
    at = t->root;
    const int count = game_move_count(game);
    for (int i = 0; ok && i <= count; i++) {
        const game_move_t *m = i < count ? game_move_at(game, i) : NULL;
        if (m && m->setup_index >= 0) {
            const int *points;
            const stone_t *stones;
            const int k = game_setup_at(game, i, &points, &stones);
            ok = game_setup(pos, points, stones, k);
            if (!ok) snprintf(err, len, "out of memory");
            continue;
        }
        if (m) game_set_to_move(pos, m->to_move_before);
        ok = check_variations(at, pos, err, len);
        if (!ok || !m) break;
        ok = game_play(pos, m->color, m->point) == GAME_OK;
        if (!ok) snprintf(err, len, "the main line does not replay");
        at = at->child;
    }
    game_free(pos);
    if (!ok) {
        web_tree_free(t);
        return false;
    }
    *out = t;
    return true;
}

void web_tree_take(web_game_t *to, web_game_t *from)
{
    web_tree_free(to->tree);
    to->tree = from->tree;
    from->tree = NULL;
}

size_t web_tree_cost(const web_game_t *g)
{
    const web_tree_t *t = g->tree;
    if (!t) return 0;
    return (size_t)t->nodes * (sizeof(web_tnode_t) + sizeof(sgf_node_t) + WEB_COST_JSON_NUMBER) +
           2 * t->text;
}

/* ---- to a file ---- */

static bool add_id(sgf_node_t *n, const char *property, int id)
{
    char text[16];
    snprintf(text, sizeof text, "%d", id);
    return sgf_add(n, property, text);
}

/* Copy the variation at v (v and its subtree) as the last child of parent. */
static bool write_variation(sgf_node_t *parent, const web_tnode_t *v)
{
    typedef struct {
        const web_tnode_t *from;
        sgf_node_t *to_parent;
    } item_t;
    size_t cap = 64, top = 0;
    item_t *stack = malloc(cap * sizeof *stack);
    if (!stack) return false;
    stack[top++] = (item_t){v, parent};
    bool ok = true;
    while (top > 0 && ok) {
        const item_t it = stack[--top];
        sgf_node_t *n = sgf_add_child(it.to_parent);
        ok = n != NULL;
        for (const sgf_property_t *p = ok ? it.from->props->props : NULL; p && ok; p = p->next)
            for (int i = 0; i < p->num_values && ok; i++)
                ok = sgf_add(n, p->id, p->values[i]);
        ok = ok && add_id(n, "XID", it.from->id);
        size_t kids = 0;
        for (const web_tnode_t *c = it.from->child; c; c = c->sibling)
            kids++;
        if (ok && top + kids > cap) {
            while (top + kids > cap)
                cap *= 2;
            item_t *bigger = realloc(stack, cap * sizeof *stack);
            ok = bigger != NULL;
            if (ok) stack = bigger;
        }
        if (!ok) break;
        size_t i = top + kids;
        for (const web_tnode_t *c = it.from->child; c; c = c->sibling)
            stack[--i] = (item_t){c, n};
        top += kids;
    }
    free(stack);
    return ok;
}

bool web_tree_write_sgf(sgf_node_t *root, const web_game_t *g)
{
    /* In step with the game already: every change of the moves syncs it (web_tree_sync). */
    web_tree_t *t = g->tree;
    if (!t) return true;
    /* The written main line: a node per move, with setup and PL nodes between; a node's
     * properties go on its move's node, its variations after the last node of that move. */
    sgf_node_t *first = root, *last = root;
    const web_tnode_t *at = t->root;
    bool ok = true;
    while (at && ok) {
        /* last: the last node before the next move. */
        while (last->child && !sgf_get(last->child, "B") && !sgf_get(last->child, "W"))
            last = last->child;
        for (const sgf_property_t *p = at->props->props; p && ok; p = p->next) {
            if (!strcmp(p->id, "B") || !strcmp(p->id, "W")) continue;
            for (int i = 0; i < p->num_values && ok; i++)
                ok = sgf_add(first, p->id, p->values[i]);
        }
        ok = ok && add_id(first, "XID", at->id) &&
             (at != t->root || add_id(root, "XNI", t->next_id));
        for (const web_tnode_t *v = at->child; v && ok; v = v->sibling)
            if (!v->main) ok = write_variation(last, v);
        at = at->child && at->child->main ? at->child : NULL;
        if (at && !last->child) break; /* not the game's tree: nothing more to place */
        if (at) first = last = last->child;
    }
    return ok;
}

/* ---- JSON ---- */

static const char *node_comment(const web_game_t *g, const web_tnode_t *n)
{
    if (!n->main) return sgf_get(n->props, "C");
    char key[16];
    snprintf(key, sizeof key, "%d", n->number);
    const cJSON *comments = cJSON_GetObjectItemCaseSensitive(g->record, "comments");
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(comments, key));
}

/* The node's move as the API writes it: colour and vertex, or nulls. */
static void add_move(cJSON *j, const web_tnode_t *n, const board_t *b)
{
    int p = POINT_NONE;
    const stone_t c = node_move(n, b, &p);
    char v[8];
    if (c == STONE_EMPTY || p == POINT_NONE) {
        cJSON_AddNullToObject(j, "color");
        cJSON_AddNullToObject(j, "move");
    } else {
        cJSON_AddStringToObject(j, "color", web_color_name(c));
        cJSON_AddStringToObject(j, "move", board_point_to_gtp(b, p, v));
    }
}

/* The points of one value of a point-list property ("dd", or "aa:cc" for a rectangle) added to
 * list as vertices, each once (seen); a value that names no point of the board is skipped. */
static void add_markup_points(cJSON *list, const board_t *b, const char *value, bool *seen)
{
    char from[3] = "", to[3] = "";
    const size_t len = strlen(value);
    if (len == 2) {
        memcpy(from, value, 2);
        memcpy(to, value, 2);
    } else if (len == 5 && value[2] == ':') {
        memcpy(from, value, 2);
        memcpy(to, value + 3, 2);
    } else {
        return;
    }
    const int p = sgf_point_parse(b, from), q = sgf_point_parse(b, to);
    if (p <= POINT_NONE || q <= POINT_NONE) return;
    const int x0 = board_x(b, p), y0 = board_y(b, p), x1 = board_x(b, q), y1 = board_y(b, q);
    char v[8];
    for (int y = y0 < y1 ? y0 : y1; y <= (y0 < y1 ? y1 : y0); y++)
        for (int x = x0 < x1 ? x0 : x1; x <= (x0 < x1 ? x1 : x0); x++) {
            const int point = board_point(b, x, y);
            if (seen[point]) continue;
            seen[point] = true;
            cJSON_AddItemToArray(list, cJSON_CreateString(board_point_to_gtp(b, point, v)));
        }
}

/* The node's markup (TR, SQ, CR, MA, LB) as "markup", when it has any. */
static void add_markup(cJSON *j, const web_tnode_t *n, const board_t *b)
{
    static const char *const SHAPES[][2] = {
        {"TR", "triangle"}, {"SQ", "square"}, {"CR", "circle"}, {"MA", "cross"}};
    cJSON *markup = NULL;
    for (size_t k = 0; k < sizeof SHAPES / sizeof SHAPES[0]; k++) {
        bool seen[BOARD_MAX_POINTS] = {false};
        cJSON *list = NULL;
        for (const sgf_property_t *p = n->props->props; p; p = p->next) {
            if (strcmp(p->id, SHAPES[k][0])) continue;
            if (!list) list = cJSON_CreateArray();
            for (int i = 0; list && i < p->num_values; i++)
                add_markup_points(list, b, p->values[i], seen);
        }
        if (cJSON_GetArraySize(list) == 0) {
            cJSON_Delete(list);
            continue;
        }
        if (!markup) markup = cJSON_AddObjectToObject(j, "markup");
        cJSON_AddItemToObject(markup, SHAPES[k][1], list);
    }
    for (const sgf_property_t *p = n->props->props; p; p = p->next) {
        if (strcmp(p->id, "LB")) continue;
        for (int i = 0; i < p->num_values; i++) {
            const char *value = p->values[i];
            char at[3] = "", v[8];
            if (strlen(value) < 4 || value[2] != ':') continue;
            memcpy(at, value, 2);
            const int point = sgf_point_parse(b, at);
            if (point <= POINT_NONE) continue;
            if (!markup) markup = cJSON_AddObjectToObject(j, "markup");
            cJSON *labels = cJSON_GetObjectItemCaseSensitive(markup, "labels");
            if (!labels) labels = cJSON_AddArrayToObject(markup, "labels");
            cJSON *label = cJSON_CreateObject();
            cJSON_AddStringToObject(label, "at", board_point_to_gtp(b, point, v));
            cJSON_AddStringToObject(label, "text", value + 3);
            cJSON_AddItemToArray(labels, label);
        }
    }
}

static cJSON *tree_json(const web_game_t *g, const web_tree_t *t)
{
    const board_t *b = game_board(engine_game(g->engine));
    cJSON *j = cJSON_CreateObject();
    cJSON *nodes = cJSON_AddArrayToObject(j, "nodes");
    if (!nodes) {
        cJSON_Delete(j);
        return NULL;
    }
    for (web_tnode_t *n = t->root; n; n = next_preorder(n, t->root)) {
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(nodes, o)) {
            cJSON_Delete(o);
            cJSON_Delete(j);
            return NULL;
        }
        cJSON_AddNumberToObject(o, "id", n->id);
        if (n->parent)
            cJSON_AddNumberToObject(o, "parent", n->parent->id);
        else
            cJSON_AddNullToObject(o, "parent");
        cJSON_AddNumberToObject(o, "number", n->number);
        cJSON_AddBoolToObject(o, "main", n->main);
        add_move(o, n, b);
        const char *comment = node_comment(g, n), *name = sgf_get(n->props, "N");
        if (comment && comment[0]) cJSON_AddStringToObject(o, "comment", comment);
        if (name && name[0]) cJSON_AddStringToObject(o, "name", name);
        add_markup(o, n, b);
    }
    cJSON_AddNumberToObject(j, "variation_nodes", t->side_nodes);
    return j;
}

/* ---- the API ---- */

/* The game at node n: the main line's position, then the variation's nodes replayed. NULL with
 * err filled (out of memory, or a node that does not replay: never for a checked tree). */
static game_t *node_position(const web_game_t *g, const web_tnode_t *n, char *err, size_t len)
{
    const web_tnode_t *path[WEB_MAX_VARIATION_DEPTH + 1];
    int k = 0;
    const web_tnode_t *at = n;
    while (!at->main && k <= WEB_MAX_VARIATION_DEPTH) {
        path[k++] = at;
        at = at->parent;
    }
    int played;
    stone_t to_move;
    game_t *pos = web_game_prefix(g, at->number, &played, &to_move);
    if (!pos) {
        snprintf(err, len, "out of memory");
        return NULL;
    }
    game_set_to_move(pos, to_move);
    while (k > 0) {
        sgf_error_t e;
        if (!sgf_apply_node(pos, path[--k]->props, &e)) {
            snprintf(err, len, "%s", e.message);
            game_free(pos);
            return NULL;
        }
    }
    return pos;
}

static cJSON *node_json(const web_game_t *g, const web_tnode_t *n, const game_t *pos)
{
    const board_t *b = game_board(pos);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    cJSON_AddNumberToObject(j, "id", n->id);
    cJSON_AddBoolToObject(j, "main", n->main);
    cJSON_AddNumberToObject(j, "move_number", n->number);
    add_move(j, n, b);
    cJSON_AddStringToObject(j, "to_move", web_color_name(game_to_move(pos)));
    web_add_position(j, pos);
    const char *comment = node_comment(g, n);
    if (comment && comment[0])
        cJSON_AddStringToObject(j, "comment", comment);
    else
        cJSON_AddNullToObject(j, "comment");
    add_markup(j, n, b);
    return j;
}

/* Remove a property from props, giving its text back. */
static void props_remove(web_tree_t *t, sgf_node_t *props, const char *id)
{
    sgf_property_t **link = &props->props;
    while (*link && strcmp((*link)->id, id))
        link = &(*link)->next;
    sgf_property_t *p = *link;
    if (!p) return;
    *link = p->next;
    for (int i = 0; i < p->num_values; i++) {
        t->text -= strlen(p->values[i]) + 1;
        free(p->values[i]);
    }
    free(p->values);
    free(p->id);
    free(p);
}

/* The text a game's tree and comments hold, in bytes (against WEB_MAX_TREE_TEXT). */
static size_t text_held(const web_game_t *g, const web_tree_t *t)
{
    size_t n = t->text;
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(g->record, "comments"))
    {
        if (cJSON_IsString(c)) n += strlen(c->valuestring);
    }
    return n;
}

/* Set (or with "" remove) the comment of n. False if out of memory. */
static bool set_comment(web_game_t *g, web_tree_t *t, web_tnode_t *n, const char *text)
{
    if (!n->main) {
        props_remove(t, n->props, "C");
        return !text[0] || add_clean_value(t, n->props, "C", text);
    }
    char key[16];
    snprintf(key, sizeof key, "%d", n->number);
    if (!g->record && !(g->record = cJSON_CreateObject())) return false;
    cJSON *comments = cJSON_GetObjectItemCaseSensitive(g->record, "comments");
    if (!comments && !(comments = cJSON_AddObjectToObject(g->record, "comments"))) return false;
    cJSON_DeleteItemFromObjectCaseSensitive(comments, key);
    if (!text[0]) return true;
    char *clean = web_clean_text(text, WEB_MAX_COMMENT_BYTES, true);
    const bool ok = clean && cJSON_AddStringToObject(comments, key, clean);
    free(clean);
    return ok;
}

/* Reply the tree, with "node": the node the request made or found (-1: none). */
static void reply_tree(web_reply_t *r, int status, const web_game_t *g, const web_tree_t *t,
                       int node)
{
    cJSON *j = tree_json(g, t);
    if (!j) {
        web_error(r, 500, "out of memory", "Out of memory.");
        return;
    }
    if (node >= 0) cJSON_AddNumberToObject(j, "node", node);
    web_reply_json(r, status, j);
}

/* Save a change; false after the 500 reply. */
static bool save_change(web_game_t *g, web_reply_t *r)
{
    char err[256];
    if (web_game_changed(g, err, sizeof err)) return true;
    web_error(r, 500, "save failed", "The change was made but the game could not be saved: %s",
              err);
    return false;
}

/* POST .../tree/{node} {"move": V}: the child of n with that move (the player to move there
 * plays it), made if new. */
static void add_child(web_game_t *g, web_tree_t *t, web_tnode_t *n, const char *vertex,
                      web_reply_t *r)
{
    char err[256];
    game_t *pos = node_position(g, n, err, sizeof err);
    if (!pos) {
        web_error(r, 500, "out of memory", "The position cannot be made: %s", err);
        return;
    }
    const board_t *b = game_board(pos);
    const int p = strlen(vertex) < 8 ? board_point_from_gtp(b, vertex) : POINT_NONE;
    const stone_t c = game_to_move(pos);
    if (p == POINT_NONE) {
        game_free(pos);
        web_error(r, 400, "bad move", "move must be a vertex of this board or \"pass\".");
        return;
    }
    for (web_tnode_t *child = n->child; child; child = child->sibling) {
        int q = POINT_NONE;
        if (node_move(child, b, &q) == c && q == p) {
            game_free(pos);
            reply_tree(r, 200, g, t, child->id);
            return;
        }
    }
    int depth = 1;
    for (const web_tnode_t *x = n; !x->main; x = x->parent)
        depth++;
    /* The point's text needs the board: pos is freed only once the node holds it. */
    const game_status_t s = game_play(pos, c, p);
    web_tnode_t *child = NULL;
    if (s != GAME_OK) {
        web_illegal_move(r, s);
    } else if (depth > WEB_MAX_VARIATION_DEPTH || t->side_nodes >= WEB_MAX_VARIATION_NODES) {
        web_error(r, 413, "too large",
                  "The tree is full: a game keeps at most %d nodes beside its main line, and "
                  "variations of at most %d nodes.",
                  WEB_MAX_VARIATION_NODES, WEB_MAX_VARIATION_DEPTH);
    } else if (!(child = node_new(t, n, false)) || !set_move(t, child, b, c, p)) {
        if (child) subtree_free(t, child);
        child = NULL;
        web_error(r, 500, "out of memory", "Out of memory.");
    }
    game_free(pos);
    if (!child) return;
    child->number = n->number + 1;
    if (save_change(g, r)) reply_tree(r, 201, g, t, child->id);
}

static void handle_node(web_game_t *g, web_tree_t *t, const char *method, web_tnode_t *n,
                        const cJSON *body, web_reply_t *r)
{
    char err[256];
    if (!strcmp(method, "GET") || !strcmp(method, "HEAD")) {
        game_t *pos = node_position(g, n, err, sizeof err);
        cJSON *j = pos ? node_json(g, n, pos) : NULL;
        game_free(pos);
        if (j)
            web_reply_json(r, 200, j);
        else
            web_error(r, 500, "out of memory", "The position cannot be made.");
        return;
    }
    if (!strcmp(method, "DELETE")) {
        if (n->main) {
            web_error(r, 409, "main line",
                      "That node is on the main line, the game itself: only variations can be "
                      "deleted.");
            return;
        }
        const int parent = n->parent->id;
        subtree_free(t, n);
        if (save_change(g, r)) reply_tree(r, 200, g, t, parent);
        return;
    }
    const cJSON *move = cJSON_GetObjectItemCaseSensitive(body, "move");
    const cJSON *comment = cJSON_GetObjectItemCaseSensitive(body, "comment");
    if ((move != NULL) == (comment != NULL)) {
        web_error(r, 400, "bad field", "Give either move (a vertex or \"pass\") or comment.");
    } else if (move && !cJSON_IsString(move)) {
        web_error(r, 400, "bad field", "move must be a vertex of this board or \"pass\".");
    } else if (move) {
        add_child(g, t, n, move->valuestring, r);
    } else if (!cJSON_IsString(comment) || strlen(comment->valuestring) > WEB_MAX_COMMENT_BYTES) {
        web_error(r, 400, "bad field", "comment must be a text of at most %d bytes.",
                  WEB_MAX_COMMENT_BYTES);
    } else if (text_held(g, t) + strlen(comment->valuestring) > WEB_MAX_TREE_TEXT) {
        web_error(r, 413, "too large",
                  "The game's comments and variations hold at most %d bytes of text: shorten or "
                  "delete some first.",
                  WEB_MAX_TREE_TEXT);
    } else if (!set_comment(g, t, n, comment->valuestring)) {
        web_error(r, 500, "out of memory", "Out of memory.");
    } else if (save_change(g, r)) {
        reply_tree(r, 200, g, t, n->id);
    }
}

void web_tree_handle(web_game_t *g, const char *method, const char *node, const cJSON *body,
                     web_reply_t *r)
{
    pthread_mutex_lock(&g->lock);
    web_tree_t *t = g->deleted ? NULL : game_tree(g);
    long id = -1;
    if (node && node[0] && strlen(node) <= 9 && strspn(node, "0123456789") == strlen(node))
        id = strtol(node, NULL, 10);
    web_tnode_t *n = t && node ? find_node(t, id) : NULL;
    if (g->deleted)
        web_error(r, 404, "not found", "No game %s: it was deleted.", g->id);
    else if (!t)
        web_error(r, 500, "out of memory", "Out of memory.");
    else if (!node)
        reply_tree(r, 200, g, t, -1);
    else if (!n)
        web_error(r, 404, "not found", "No node %.20s in this game's tree.", node);
    else
        handle_node(g, t, method, n, body, r);
    pthread_mutex_unlock(&g->lock);
}

int web_tree_locate(web_game_t *g, long id, bool want_game, web_tree_at_t *at, char *err,
                    size_t len)
{
    *at = (web_tree_at_t){false, 0, 0, NULL};
    web_tree_t *t = game_tree(g);
    if (!t) {
        snprintf(err, len, "out of memory");
        return 500;
    }
    const web_tnode_t *n = find_node(t, id);
    if (!n) {
        snprintf(err, len, "No node %ld in this game's tree.", id);
        return 404;
    }
    at->main = n->main;
    at->number = n->number;
    const web_tnode_t *branch = n;
    while (!branch->main)
        branch = branch->parent;
    at->shared = branch->number;
    if (n->main || !want_game) return 200;
    at->game = node_position(g, n, err, len);
    return at->game ? 200 : 500;
}

bool web_tree_copy(web_game_t *to, web_game_t *from)
{
    const web_tree_t *src = game_tree(from);
    web_tree_t *t = src ? calloc(1, sizeof *t) : NULL;
    if (!t) return false;
    typedef struct {
        const web_tnode_t *from;
        web_tnode_t *to_parent;
    } item_t;
    item_t *stack = malloc((size_t)src->nodes * sizeof *stack);
    size_t top = 0;
    bool ok = stack != NULL;
    if (ok) stack[top++] = (item_t){src->root, NULL};
    while (top > 0 && ok) {
        const item_t it = stack[--top];
        web_tnode_t *n = node_new(t, it.to_parent, it.from->main);
        ok = n && copy_props(t, n->props, it.from->props, NULL, NULL);
        if (!n) break;
        if (!it.to_parent) t->root = n;
        n->id = it.from->id;
        n->number = it.from->number;
        /* Last child first on the stack, so the children are made in their order. */
        size_t kids = 0;
        for (const web_tnode_t *c = it.from->child; c; c = c->sibling)
            kids++;
        size_t i = top + kids;
        for (const web_tnode_t *c = it.from->child; c; c = c->sibling)
            stack[--i] = (item_t){c, n};
        top += kids;
    }
    free(stack);
    if (!t->root) {
        web_tree_free(t);
        return false;
    }
    t->next_id = src->next_id;
    t->keep = true;
    web_tree_free(to->tree);
    to->tree = t;
    return ok && tree_sync(t, engine_game(to->engine), &to->record);
}
