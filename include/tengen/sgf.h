/* sgf.h - SGF FF[4] (and the FF[3] files programs still write): parse into a tree, write a tree,
 * and turn the main line into a game. Depends on the rules core only.
 *
 * Hostile input is bounded: the parser refuses files over SGF_MAX_BYTES, trees deeper or larger
 * than fixed limits, and reports the line and column of the first error.
 *
 * The bound on the whole path, for a file of n bytes read, turned into a game, and written back
 * (sgf_parse_bytes, sgf_to_game, sgf_from_game, sgf_write):
 *   memory: at most 80 bytes per input byte at the peak (the parsed tree and the game, then
 *           the game, the tree built from it and its text), plus 12 MB for setup points.
 *           Measured worst cases (heap, array capacities included): a tree of one-byte nodes
 *           ";" takes 47 bytes per byte; 4-byte passes ";B[]" 67 bytes per byte at the peak;
 *           the game itself (history and superko keys) at most 22, for 7-byte setup nodes
 *           ";AE[aa]", and as much again while such nodes, which change nothing, are written
 *           back (the game is replayed once to find a point that was empty). The game never
 *           holds a board per entry: a setup node costs its points, and undo keeps only the
 *           points whose colour changed.
 *   time:   O(n) with a constant of one board (at most 25x25): a setup node costs O(its points
 *           x string size + board points), a move O(string size). Measured: at most about 1
 *           microsecond per input byte in a release build (a 2.1 MB file of 300,000 setup nodes
 *           parses, converts and writes back in 1.7 s; it took 5 GB and 49 s before setup
 *           entries stopped keeping a board copy).
 * The limits that make the bound hold are enforced, each error naming its limit: SGF_MAX_BYTES,
 * SGF_MAX_DEPTH, SGF_MAX_NODES and SGF_MAX_VALUES in the parser, SGF_MAX_SETUP_POINTS in
 * sgf_to_game (rectangles such as "aa:yy" expand 7 bytes into 625 points). Failures are a NULL
 * result with sgf_error_t filled, never a crash or an abort, so that a caller reading many files
 * can skip a refused one and go on.
 */
#ifndef TENGEN_SGF_H
#define TENGEN_SGF_H

#include <stdbool.h>
#include <stddef.h>

#include "tengen/game.h"

#define SGF_MAX_BYTES (64u * 1024u * 1024u)
/* Further bounds on hostile input: variation nesting, nodes in a tree, property values in a tree.
 * The tree of a hostile file then takes at most about 150 MB (measured: 1M empty values; 1M
 * nodes take 47 MB). */
#define SGF_MAX_DEPTH 10000
#define SGF_MAX_NODES 1000000
#define SGF_MAX_VALUES 1000000
/* Setup points (AB/AW/AE, point lists expanded) in the main line of one game, summed over its
 * nodes: sgf_to_game refuses more. A rectangle "aa:yy" is 625 points in 7 bytes of text; a game
 * keeps 8 bytes per setup point and at most 2 per changed point, hence the 12 MB above. */
#define SGF_MAX_SETUP_POINTS 1000000

typedef struct sgf_property {
    char *id;             /* "B", "AB", "KM", ... (upper-case letters only, as FF[4]) */
    char **values;        /* unescaped raw values (soft line breaks removed) */
    int num_values;
    struct sgf_property *next;
} sgf_property_t;

typedef struct sgf_node {
    sgf_property_t *props;       /* in file order */
    struct sgf_node *parent;
    struct sgf_node *child;      /* first child: the main line continues here */
    struct sgf_node *sibling;    /* next variation at the same level */
    int line, column;            /* place of the node's ';' in the parsed text; 0 if built */
} sgf_node_t;

typedef struct sgf_error {
    int line, column;   /* 1-based place in the file; 0 if not about a place */
    char message[200];
} sgf_error_t;

/* Parse SGF text already in UTF-8 (or any ASCII-compatible encoding whose multibyte characters
 * never contain the bytes of "[]\\"), the first game tree of a collection. Property identifiers
 * keep their upper-case letters only (FF[3] "AddBlack" is "AB"); values are unescaped. Returns the
 * root or NULL with err filled (line and column of the first problem, also in the message). */
sgf_node_t *sgf_parse(const char *text, size_t len, sgf_error_t *err);
/* Parse raw file bytes: UTF-16 (BOM or NUL bytes) and the charset named by CA are converted to
 * UTF-8 first; a wrong or missing CA falls back to UTF-8 if the bytes are valid UTF-8, then
 * (without CA) Shift-JIS if that decodes to text with kana, else Latin-1. When the text was converted, the root's CA becomes "UTF-8" so that sgf_write output
 * is self-consistent. Error places refer to the converted text. */
sgf_node_t *sgf_parse_bytes(const char *data, size_t len, sgf_error_t *err);
/* Read a file with sgf_parse_bytes. Returns NULL with err filled (also for files over
 * SGF_MAX_BYTES, which are not read). */
sgf_node_t *sgf_read_file(const char *path, sgf_error_t *err);
/* Free a whole tree (iterative: any depth). NULL is allowed. */
void sgf_free(sgf_node_t *root);

/* First value of a property of a node, or NULL. */
const char *sgf_get(const sgf_node_t *node, const char *id);
/* Add a property value to a node (creating the property if needed). Returns false on no memory. */
bool sgf_add(sgf_node_t *node, const char *id, const char *value);
/* Append a new child (as the last variation) and return it, NULL on no memory. */
sgf_node_t *sgf_add_child(sgf_node_t *parent);

/* Write a tree as SGF text (escaping values); returns a malloc'ed string or NULL. */
char *sgf_write(const sgf_node_t *root);

/* Replay the main line of a tree into a fresh game: SZ, KM, HA, RU, AB/AW/AE, PL, B/W (pass as
 * "" or "tt" up to 19x19). Stops after move_limit moves (< 0: all). Returns NULL with err filled
 * (naming the node's place) on a bad size, an illegal move, more than SGF_MAX_SETUP_POINTS setup
 * points, or no memory. rules_default is used unless RU names a known preset. Memory and time as
 * stated at the top: linear in the tree's size. */
game_t *sgf_to_game(const sgf_node_t *root, const rules_t *rules_default, int move_limit,
                    sgf_error_t *err);
/* Apply one node of a variation to g, as sgf_to_game does to each node after the root: its
 * AB/AW/AE (removals first), PL, then its B or W move. Returns false with err filled (the node's
 * place) on a bad value or an illegal move; g may then hold the node's setup (undo the entries
 * added, counted by game_move_count). */
bool sgf_apply_node(game_t *g, const sgf_node_t *node, sgf_error_t *err);
/* Build a tree for a game's history (root properties, setup entries, moves, the result if over).
 * A setup entry is written as the change it made (AE, AB, AW of the points whose colour changed),
 * so that sgf_to_game, which applies a node's removals first, reads back the same position. */
sgf_node_t *sgf_from_game(const game_t *g, const char *black_name, const char *white_name);

/* SGF point text ("dd") for a board point, into buf of at least 3 bytes; "" for pass. */
char *sgf_point_text(const board_t *b, int p, char *buf);
/* Parse an SGF point for a board; POINT_PASS for "" (and "tt" when size <= 19); POINT_NONE if bad. */
int sgf_point_parse(const board_t *b, const char *text);

#endif
