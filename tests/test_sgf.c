/* test_sgf.c - SGF reading and writing (sgf.h): syntax, escapes, FF[3] identifiers, variation
 * trees, write/read round trips, encodings of real files (tests/fixtures/sgf/corpus), GNU Go
 * games (tests/fixtures/sgf/gnugo), hostile input, and the game conversion both ways.
 *
 * Tests run from the project root (CTest's working directory). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ascii_board.h"
#include "tengen/sgf.h"
#include "tengen/version.h"

#define FIXTURES "tests/fixtures/sgf/"

static sgf_node_t *parse_ok(const char *text)
{
    sgf_error_t err = {0};
    sgf_node_t *root = sgf_parse(text, strlen(text), &err);
    if (root == NULL)
        fail_msg("parse failed: %s\n%s", err.message, text);
    return root;
}

static sgf_node_t *read_ok(const char *path)
{
    sgf_error_t err = {0};
    sgf_node_t *root = sgf_read_file(path, &err);
    if (root == NULL)
        fail_msg("%s: %s", path, err.message);
    return root;
}

/* Pre-order successor inside the tree of root, using parent links (no recursion). */
static const sgf_node_t *next_node(const sgf_node_t *n, const sgf_node_t *root)
{
    if (n->child != NULL)
        return n->child;
    while (n != root && n->sibling == NULL)
        n = n->parent;
    return n == root ? NULL : n->sibling;
}

static bool nodes_equal(const sgf_node_t *a, const sgf_node_t *b)
{
    const sgf_property_t *pa = a->props, *pb = b->props;
    for (; pa != NULL && pb != NULL; pa = pa->next, pb = pb->next) {
        if (strcmp(pa->id, pb->id) != 0 || pa->num_values != pb->num_values)
            return false;
        for (int i = 0; i < pa->num_values; i++)
            if (strcmp(pa->values[i], pb->values[i]) != 0)
                return false;
    }
    return pa == NULL && pb == NULL;
}

/* Same shape (children and siblings), same properties and values in the same order. */
static bool trees_equal(const sgf_node_t *ra, const sgf_node_t *rb)
{
    const sgf_node_t *a = ra, *b = rb;
    while (a != NULL && b != NULL) {
        if (!nodes_equal(a, b) || (a->child == NULL) != (b->child == NULL) ||
            (a != ra && (a->sibling == NULL) != (b->sibling == NULL)))
            return false;
        a = next_node(a, ra);
        b = next_node(b, rb);
    }
    return a == NULL && b == NULL;
}

static int count_nodes(const sgf_node_t *root)
{
    int n = 0;
    for (const sgf_node_t *x = root; x != NULL; x = next_node(x, root))
        n++;
    return n;
}

/* write, read again, compare; returns the text written (caller frees). */
static char *expect_round_trip(const sgf_node_t *root)
{
    char *text = sgf_write(root);
    assert_non_null(text);
    sgf_node_t *again = parse_ok(text);
    if (!trees_equal(root, again))
        fail_msg("round trip changed the tree:\n%s", text);
    sgf_free(again);
    return text;
}

/* ---- syntax ---- */

static void test_parse_basic(void **state)
{
    (void)state;
    sgf_node_t *root = parse_ok("junk before (;FF[4]GM[1]SZ[9]\n;B[ee];W[ ]\n;B[tt]) (;GM[1])");
    assert_string_equal(sgf_get(root, "SZ"), "9");
    assert_null(sgf_get(root, "KM"));
    assert_int_equal(root->line, 1);
    assert_int_equal(root->column, 14);
    const sgf_node_t *b = root->child;
    assert_string_equal(sgf_get(b, "B"), "ee");
    assert_int_equal(b->line, 2);
    assert_string_equal(sgf_get(b->child, "W"), " ");
    assert_int_equal(b->child->line, 2);
    assert_int_equal(b->child->column, 7);
    assert_string_equal(sgf_get(b->child->child, "B"), "tt");
    assert_null(b->child->child->child);
    assert_int_equal(count_nodes(root), 4);
    sgf_free(root);
}

static void test_parse_values(void **state)
{
    (void)state;
    sgf_node_t *root = parse_ok("(;C[a\\]b\\\\c\\d]GC[soft\\\nbreak, soft\\\r\nCRLF, hard\nline]"
                                "AB[aa][bb]\n  [cc]LB[aa:one][bb:two]XX[])");
    assert_string_equal(sgf_get(root, "C"), "a]b\\cd");
    assert_string_equal(sgf_get(root, "GC"), "softbreak, softCRLF, hard\nline");
    const sgf_property_t *ab = root->props->next->next;
    assert_string_equal(ab->id, "AB");
    assert_int_equal(ab->num_values, 3);
    assert_string_equal(ab->values[2], "cc");
    assert_string_equal(sgf_get(root, "LB"), "aa:one");
    assert_string_equal(sgf_get(root, "XX"), "");
    free(expect_round_trip(root));
    sgf_free(root);
}

static void test_parse_ff3_identifiers(void **state)
{
    (void)state;
    sgf_node_t *root = parse_ok("(;GaMe[1]AddBlack[aa][bb]PlayerBlack[Honinbo]Size[9]\n"
                                ";Black[cc]Comment[x];White[dd])");
    assert_string_equal(sgf_get(root, "GM"), "1");
    assert_string_equal(sgf_get(root, "PB"), "Honinbo");
    assert_string_equal(sgf_get(root, "S"), "9");
    const sgf_property_t *ab = root->props->next;
    assert_string_equal(ab->id, "AB");
    assert_int_equal(ab->num_values, 2);
    assert_string_equal(sgf_get(root->child, "B"), "cc");
    assert_string_equal(sgf_get(root->child, "C"), "x");
    assert_string_equal(sgf_get(root->child->child, "W"), "dd");
    sgf_free(root);
}

static void test_parse_variations(void **state)
{
    (void)state;
    sgf_node_t *root =
        parse_ok("(;SZ[9](;B[aa];W[bb])(;B[cc](;W[dd];B[ee])(;W[ff]))(;B[gg]))");
    const sgf_node_t *v1 = root->child, *v2 = v1->sibling, *v3 = v2->sibling;
    assert_string_equal(sgf_get(v1, "B"), "aa");
    assert_string_equal(sgf_get(v1->child, "W"), "bb");
    assert_string_equal(sgf_get(v2, "B"), "cc");
    assert_string_equal(sgf_get(v2->child, "W"), "dd");
    assert_string_equal(sgf_get(v2->child->child, "B"), "ee");
    assert_string_equal(sgf_get(v2->child->sibling, "W"), "ff");
    assert_string_equal(sgf_get(v3, "B"), "gg");
    assert_null(v3->sibling);
    assert_ptr_equal(v2->child->sibling->parent, v2);
    assert_int_equal(count_nodes(root), 8);
    char *text = expect_round_trip(root);
    assert_string_equal(text, "(;SZ[9]\n(;B[aa]\n;W[bb])\n(;B[cc]\n(;W[dd]\n;B[ee])\n(;W[ff]))"
                              "\n(;B[gg]))\n");
    free(text);
    sgf_free(root);
}

static void test_build_and_write(void **state)
{
    (void)state;
    sgf_node_t *root = parse_ok("(;GM[1])");
    assert_true(sgf_add(root, "C", "brackets ] and \\ backslash"));
    assert_true(sgf_add(root, "AB", "aa"));
    assert_true(sgf_add(root, "AB", "bb"));
    sgf_node_t *a = sgf_add_child(root), *b = sgf_add_child(root);
    assert_non_null(a);
    assert_true(sgf_add(a, "B", "cc"));
    assert_true(sgf_add(b, "B", "dd"));
    assert_ptr_equal(root->child, a);
    assert_ptr_equal(a->sibling, b);
    char *text = expect_round_trip(root);
    assert_non_null(strstr(text, "C[brackets \\] and \\\\ backslash]AB[aa][bb]"));
    free(text);
    sgf_free(root);
    sgf_free(NULL);
}

/* ---- hostile and malformed input ---- */

typedef struct bad_case {
    const char *text;
    int line, column;
    const char *message;
} bad_case_t;

static void test_malformed(void **state)
{
    (void)state;
    static const bad_case_t cases[] = {
        {"", 0, 0, "no game tree"},
        {"hello (world)", 0, 0, "no game tree"},
        {"(;GM[1]\n;B[aa]\n;W[bb]", 3, 7, "1 variation not closed"},
        {"(;GM[1](;B[aa]", 1, 15, "opened at line 1, column 8"},
        {"(;GM[1]\n;B[aa]\n;W[bb\n\n", 3, 3, "not closed with ']'"},
        {"(;B[aa]])", 1, 8, "unbalanced ']'"},
        {"(;B[aa](;W[bb])C[x])", 1, 16, "property after a variation"},
        {"(;B[aa]())", 1, 9, "empty variation"},
        {"(;B[aa]x[1])", 1, 8, "without upper-case letters"},
        {"(;B[aa]1)", 1, 8, "unexpected character '1'"},
        {"(;B[aa]C)", 1, 8, "has no value"},
        {"(;B[aa]\\)", 1, 8, "unexpected character '\\'"},
        {"(;B[aa]ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ[x])", 1, 8, "longer than"},
        {"(;C[\xc3\xa9t\xc3\xa9] \x01)", 1, 10, "unexpected byte 0x01"}, /* columns count characters */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sgf_error_t err = {0};
        sgf_node_t *root = sgf_parse(cases[i].text, strlen(cases[i].text), &err);
        if (root != NULL)
            fail_msg("case %zu parsed: %s", i, cases[i].text);
        if (err.line != cases[i].line || err.column != cases[i].column ||
            strstr(err.message, cases[i].message) == NULL)
            fail_msg("case %zu: got %d:%d \"%s\", want %d:%d \"%s\"", i, err.line, err.column,
                     err.message, cases[i].line, cases[i].column, cases[i].message);
        if (cases[i].line > 0) {
            char where[40];
            snprintf(where, sizeof where, "line %d, column %d: ", cases[i].line,
                     cases[i].column);
            assert_non_null(strstr(err.message, where));
        }
    }
    assert_null(sgf_parse(NULL, 0, NULL));
}

static char *repeat(const char *unit, int n, const char *tail)
{
    size_t u = strlen(unit), t = strlen(tail);
    char *s = malloc(u * (size_t)n + t + 1);
    assert_non_null(s);
    for (int i = 0; i < n; i++)
        memcpy(s + u * (size_t)i, unit, u);
    memcpy(s + u * (size_t)n, tail, t + 1);
    return s;
}

/* head, then unit n times, then ")"; the caller frees. */
static char *game_text(const char *head, const char *unit, int n)
{
    char *body = repeat(unit, n, ")");
    char *text = malloc(strlen(head) + strlen(body) + 1);
    assert_non_null(text);
    strcpy(text, head);
    strcat(text, body);
    free(body);
    return text;
}

static void test_deep_nesting(void **state)
{
    (void)state;
    /* 100000 levels: refused with a place, without recursion. */
    char *deep = repeat("(;B[aa]", 100000, "");
    sgf_error_t err = {0};
    assert_null(sgf_parse(deep, strlen(deep), &err));
    assert_non_null(strstr(err.message, "nested deeper than"));
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, SGF_MAX_DEPTH * 7 + 1);
    free(deep);

    /* Just under the limit: parsed, written, compared and freed iteratively. */
    int n = SGF_MAX_DEPTH - 1;
    char *open = repeat("(;B[aa]", n, "");
    char *close = repeat(")", n, "");
    size_t len = strlen(open) + strlen(close);
    char *ok = malloc(len + 1);
    assert_non_null(ok);
    strcpy(ok, open);
    strcat(ok, close);
    sgf_node_t *root = sgf_parse(ok, len, &err);
    assert_non_null(root);
    assert_int_equal(count_nodes(root), n);
    free(expect_round_trip(root));
    sgf_free(root);
    free(open);
    free(close);
    free(ok);

    /* A long main line. */
    char *line = repeat(";B[aa]", 200000 / test_scale(), ")");
    line[0] = '(';
    char *line2 = malloc(strlen(line) + 2);
    assert_non_null(line2);
    sprintf(line2, "(%s", line);
    line2[1] = ';';
    root = sgf_parse(line2, strlen(line2), &err);
    assert_non_null(root);
    free(expect_round_trip(root));
    sgf_free(root);
    free(line);
    free(line2);
}

static void test_too_many_nodes(void **state)
{
    (void)state;
    char *many = repeat(";", SGF_MAX_NODES + 5, ")");
    many[0] = '(';
    sgf_error_t err = {0};
    /* "(" then SGF_MAX_NODES + 4 ';' */
    assert_null(sgf_parse(many, strlen(many), &err));
    assert_non_null(strstr(err.message, "more than"));
    assert_int_equal(err.column, SGF_MAX_NODES + 2);
    free(many);
}

static void test_too_many_properties(void **state)
{
    (void)state;
    /* 101 distinct identifiers AA[] .. DW[] in one node. */
    char text[1024] = "(;";
    for (int i = 0; i <= 100; i++) {
        char id[8];
        snprintf(id, sizeof id, "%c%c[]", 'A' + i / 26, 'A' + i % 26);
        strcat(text, id);
    }
    strcat(text, ")");
    sgf_error_t err = {0};
    assert_null(sgf_parse(text, strlen(text), &err));
    assert_non_null(strstr(err.message, "more than 100 properties in one node"));
    assert_int_equal(err.column, 3 + 100 * 4);
    /* The same identifier again merges its values (old files do this). */
    sgf_node_t *root = parse_ok("(;AB[aa]C[x]AB[bb])");
    assert_int_equal(root->props->num_values, 2);
    assert_null(root->props->next->next);
    sgf_free(root);
}

static void test_huge_input(void **state)
{
    (void)state;
    /* 100 MB of zero bytes: never looked at (calloc pages stay untouched). */
    size_t big = 100u * 1024u * 1024u;
    char *data = calloc(big, 1);
    assert_non_null(data);
    sgf_error_t err = {0};
    assert_null(sgf_parse(data, big, &err));
    assert_non_null(strstr(err.message, "over the limit"));
    assert_null(sgf_parse_bytes(data, big, &err));
    assert_non_null(strstr(err.message, "over the limit"));
    free(data);

    /* A sparse 100 MB file is refused before it is read. */
    char path[] = "/tmp/tengen_sgf_hugeXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    assert_int_equal(fseek(f, (long)big - 1, SEEK_SET), 0);
    fputc(')', f);
    fclose(f);
    assert_null(sgf_read_file(path, &err));
    assert_non_null(strstr(err.message, "over the limit"));
    remove(path);

    assert_null(sgf_read_file(FIXTURES "no-such-file.sgf", &err));
    assert_non_null(strstr(err.message, "cannot open"));
}

/* Random bytes and random mutations of a real file never crash the parser (ASan run). */
static void test_fuzz(void **state)
{
    (void)state;
    static const char alphabet[] = "();[]\\:ABWCaxy \n\r\x01\xc3\xa9";
    const char *seed = "(;GM[1]SZ[9]AB[aa:cc]C[x\\]y](;B[dd];W[]C[z])(;B[ee]))";
    uint64_t s = 12345;
    int rounds = 20000 / test_scale();
    for (int r = 0; r < rounds; r++) {
        char buf[80];
        size_t n = strlen(seed);
        memcpy(buf, seed, n + 1);
        int edits = 1 + r % 4;
        for (int e = 0; e < edits; e++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            size_t at = (size_t)(s >> 33) % n;
            buf[at] = alphabet[(s >> 17) % (sizeof alphabet - 1)];
        }
        sgf_error_t err = {0};
        sgf_node_t *root = sgf_parse(buf, n, &err);
        if (root == NULL) {
            assert_true(err.message[0] != '\0');
            continue;
        }
        free(expect_round_trip(root));
        rules_t rules;
        rules_preset(&rules, "chinese");
        game_t *g = sgf_to_game(root, &rules, -1, &err);
        game_free(g);
        sgf_free(root);
    }
}

/* ---- encodings: the real files ---- */

typedef struct corpus_case {
    const char *file;
    int moves;              /* on the main line */
    const char *first[2];   /* first two moves, "B[pd]" */
    const char *last;       /* last move of the main line */
    const char *pb;         /* PB in UTF-8, or NULL not to check */
} corpus_case_t;

static const corpus_case_t CORPUS[] = {
    {"chinese.sgf", 2, {"B[pd]", "W[dp]"}, "W[dp]", "\xe5\x8f\xa4\xe5\x8a\x9b"},
    {"japanese.sgf", 2, {"B[pd]", "W[dp]"}, "W[dp]",
     "\xe4\xba\x95\xe5\xb1\xb1 \xe8\xa3\x95\xe5\xa4\xaa"},
    {"korean.sgf", 2, {"B[pd]", "W[dp]"}, "W[dp]", "\xec\x9d\xb4\xec\x84\xb8\xeb\x8f\x8c"},
    /* CA[MS_KANJI] but the bytes are UTF-8 (with replacement characters): kept as UTF-8. */
    {"japanese_bad.sgf", 2, {"B[pd]", "W[dp]"}, "W[dp]",
     "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdR \xef\xbf\xbdT\xef\xbf\xbd\xef\xbf\xbd"},
    /* No CA, Shift-JIS, root node without ';'. */
    {"nihon-kiin.sgf", 8, {"B[pd]", "W[dp]"}, "W[dd]", "\xe7\x94\xb3\xe7\x9c\x9e\xe3\x82\xbd"},
    /* No CA, GB2312: Latin-1 by the FF[4] default, the moves are what matter. */
    {"no-ca.sgf", 7, {"B[mc]", "W[nd]"}, "B[lf]", NULL},
    {"utf16le.sgf", 164, {"B[qd]", "W[dc]"}, "W[hf]", "Kitani Minoru"},
    {"complex.sgf", 186, {"B[qd]", "W[dd]"}, "W[fh]", NULL},
};

static void move_text(const sgf_node_t *node, char *buf, size_t len)
{
    const char *b = sgf_get(node, "B"), *w = sgf_get(node, "W");
    snprintf(buf, len, "%s[%s]", b != NULL ? "B" : "W", b != NULL ? b : w);
}

static void test_corpus(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CORPUS / sizeof CORPUS[0]; i++) {
        const corpus_case_t *c = &CORPUS[i];
        char path[200];
        snprintf(path, sizeof path, FIXTURES "corpus/%s", c->file);
        sgf_node_t *root = read_ok(path);
        int moves = 0;
        char text[16], last[16] = "";
        for (const sgf_node_t *n = root; n != NULL; n = n->child) {
            if (sgf_get(n, "B") == NULL && sgf_get(n, "W") == NULL)
                continue;
            move_text(n, text, sizeof text);
            if (moves < 2 && strcmp(text, c->first[moves]) != 0)
                fail_msg("%s: move %d is %s, want %s", c->file, moves + 1, text, c->first[moves]);
            memcpy(last, text, sizeof last);
            moves++;
        }
        if (moves != c->moves || strcmp(last, c->last) != 0)
            fail_msg("%s: %d moves ending %s, want %d ending %s", c->file, moves, last, c->moves,
                     c->last);
        if (c->pb != NULL && (sgf_get(root, "PB") == NULL || strcmp(sgf_get(root, "PB"), c->pb)))
            fail_msg("%s: PB is \"%s\"", c->file, sgf_get(root, "PB"));
        const char *ca = sgf_get(root, "CA");
        if (ca != NULL)
            assert_string_equal(ca, "UTF-8");
        /* And the game replays: every move legal. */
        sgf_error_t err = {0};
        rules_t rules;
        rules_preset(&rules, "japanese");
        game_t *g = sgf_to_game(root, &rules, -1, &err);
        if (g == NULL)
            fail_msg("%s: %s", c->file, err.message);
        game_free(g);
        free(expect_round_trip(root));
        sgf_free(root);
    }
}

static void test_complex_tree(void **state)
{
    (void)state;
    sgf_node_t *root = read_ok(FIXTURES "corpus/complex.sgf");
    int variations = 0;
    for (const sgf_node_t *n = root; n != NULL; n = next_node(n, root))
        variations += n->sibling != NULL;
    assert_true(variations > 10);
    assert_string_equal(sgf_get(root, "RU"), "chinese");
    assert_string_equal(sgf_get(root, "KM"), "7.5");
    char *text = expect_round_trip(root);
    free(text);
    sgf_free(root);
}

/* Encodings built here: BOM-less UTF-16BE, UTF-8 with a BOM, Latin-1 with a CA. */
static void test_encodings(void **state)
{
    (void)state;
    const char *ascii = "(;CA[UTF-16BE]PB[Go];B[aa])";
    size_t n = strlen(ascii);
    char utf16[64];
    for (size_t i = 0; i < n; i++) {
        utf16[2 * i] = 0;
        utf16[2 * i + 1] = ascii[i];
    }
    sgf_error_t err = {0};
    sgf_node_t *root = sgf_parse_bytes(utf16, 2 * n, &err);
    assert_non_null(root);
    assert_string_equal(sgf_get(root, "PB"), "Go");
    assert_string_equal(sgf_get(root->child, "B"), "aa");
    assert_string_equal(sgf_get(root, "CA"), "UTF-8");
    sgf_free(root);

    const char *bom = "\xef\xbb\xbf(;PB[\xc3\xa9])";
    root = sgf_parse_bytes(bom, strlen(bom), &err);
    assert_non_null(root);
    assert_int_equal(root->column, 2);
    assert_string_equal(sgf_get(root, "PB"), "\xc3\xa9");
    assert_null(sgf_get(root, "CA"));
    sgf_free(root);

    const char *latin1 = "(;CA[ISO-8859-1]PB[Andr\xe9])";
    root = sgf_parse_bytes(latin1, strlen(latin1), &err);
    assert_non_null(root);
    assert_string_equal(sgf_get(root, "PB"), "Andr\xc3\xa9");
    sgf_free(root);

    /* An unknown charset and bytes that are not UTF-8: Latin-1. */
    const char *unknown = "(;CA[NO-SUCH-CHARSET]PB[\xe9])";
    root = sgf_parse_bytes(unknown, strlen(unknown), &err);
    assert_non_null(root);
    assert_string_equal(sgf_get(root, "PB"), "\xc3\xa9");
    assert_string_equal(sgf_get(root, "CA"), "UTF-8");
    sgf_free(root);

    const char odd[] = {'(', 0};
    assert_null(sgf_parse_bytes(odd, 1, &err));
}

/* ---- GNU Go games ---- */

static const char *const GNUGO[] = {"gnugo_9x9_a.sgf", "gnugo_9x9_b.sgf", "gnugo_9x9_c.sgf",
                                    "gnugo_13x13.sgf"};

static void test_gnugo_games(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof GNUGO / sizeof GNUGO[0]; i++) {
        char path[200];
        snprintf(path, sizeof path, FIXTURES "gnugo/%s", GNUGO[i]);
        sgf_node_t *root = read_ok(path);
        free(expect_round_trip(root));
        sgf_error_t err = {0};
        game_t *g = sgf_to_game(root, NULL, -1, &err);
        if (g == NULL)
            fail_msg("%s: %s", GNUGO[i], err.message);
        int moves = 0;
        for (const sgf_node_t *n = root; n != NULL; n = n->child)
            moves += sgf_get(n, "B") != NULL || sgf_get(n, "W") != NULL;
        assert_int_equal(game_move_count(g), moves);
        assert_string_equal(game_rules(g)->name, "japanese");
        assert_true(game_rules(g)->komi == 5.5);

        /* Game to tree and back: the same moves. */
        sgf_node_t *tree = sgf_from_game(g, "GNU Go", "GNU Go");
        assert_non_null(tree);
        char *text = expect_round_trip(tree);
        sgf_node_t *again = parse_ok(text);
        game_t *g2 = sgf_to_game(again, NULL, -1, &err);
        assert_non_null(g2);
        assert_int_equal(game_move_count(g2), game_move_count(g));
        for (int k = 0; k < game_move_count(g); k++) {
            assert_int_equal(game_move_at(g2, k)->point, game_move_at(g, k)->point);
            assert_int_equal(game_move_at(g2, k)->color, game_move_at(g, k)->color);
        }
        assert_int_equal(game_board(g2)->hash, game_board(g)->hash);
        game_free(g2);
        sgf_free(again);
        free(text);
        sgf_free(tree);
        game_free(g);
        sgf_free(root);
    }
}

/* ---- the game conversion ---- */

static game_t *game_ok(const char *text, int limit)
{
    sgf_node_t *root = parse_ok(text);
    sgf_error_t err = {0};
    rules_t rules;
    rules_preset(&rules, "chinese");
    game_t *g = sgf_to_game(root, &rules, limit, &err);
    if (g == NULL)
        fail_msg("sgf_to_game: %s\n%s", err.message, text);
    sgf_free(root);
    return g;
}

static void expect_game_error(const char *text, int line, int column, const char *message)
{
    sgf_node_t *root = parse_ok(text);
    sgf_error_t err = {0};
    game_t *g = sgf_to_game(root, NULL, -1, &err);
    if (g != NULL)
        fail_msg("accepted: %s", text);
    if (err.line != line || err.column != column || strstr(err.message, message) == NULL)
        fail_msg("%s\ngot %d:%d \"%s\", want %d:%d \"%s\"", text, err.line, err.column,
                 err.message, line, column, message);
    sgf_free(root);
}

static void test_to_game_basic(void **state)
{
    (void)state;
    game_t *g = game_ok("(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[];B[tt];W[cc])", -1);
    const board_t *b = game_board(g);
    assert_int_equal(game_size(g), 9);
    assert_true(game_rules(g)->komi == 6.5);
    assert_string_equal(game_rules(g)->name, "japanese");
    assert_int_equal(game_move_count(g), 4);
    assert_int_equal(game_move_at(g, 0)->point, ascii_point(b, "E5"));
    assert_int_equal(game_move_at(g, 1)->point, POINT_PASS);
    assert_int_equal(game_move_at(g, 2)->point, POINT_PASS);
    assert_int_equal(board_at(b, ascii_point(b, "C7")), STONE_WHITE);
    game_free(g);

    g = game_ok("(;SZ[9];B[ee];W[cc];B[dd])", 2);
    assert_int_equal(game_move_count(g), 2);
    game_free(g);

    /* "tt" is a point on boards larger than 19. */
    g = game_ok("(;SZ[21];B[tt])", -1);
    assert_int_equal(game_move_at(g, 0)->point, board_point(game_board(g), 19, 19));
    game_free(g);

    g = game_ok("(;SZ[19:19]KM[]HA[]RU[Something else])", -1);
    assert_int_equal(game_size(g), 19);
    assert_string_equal(game_rules(g)->name, "chinese");
    game_free(g);

    static const struct {
        const char *ru, *name;
    } rules[] = {{"Chinese", "chinese"}, {"AGA", "aga"},         {"NZ", "new-zealand"},
                 {"New Zealand", "new-zealand"}, {"Korean", "korean"},
                 {"Tromp-Taylor", "tromp-taylor"}, {"TT", "tromp-taylor"},
                 {" japanese ", "japanese"}};
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "(;SZ[9]RU[%s])", rules[i].ru);
        g = game_ok(text, -1);
        assert_string_equal(game_rules(g)->name, rules[i].name);
        game_free(g);
    }
}

static void test_to_game_setup(void **state)
{
    (void)state;
    /* Compressed point lists, AE in a later node, PL. */
    game_t *g = game_ok("(;SZ[9]AB[aa:cc]AW[ii][hh:gg]PL[W]\n;AE[bb]AB[ee]PL[B]\n;B[ff])", -1);
    const board_t *b = game_board(g);
    assert_int_equal(b->stones_on_board[STONE_BLACK], 8 + 1 + 1);
    assert_int_equal(b->stones_on_board[STONE_WHITE], 5);
    assert_int_equal(board_at(b, board_point(b, 1, 1)), STONE_EMPTY);
    assert_int_equal(board_at(b, board_point(b, 6, 6)), STONE_WHITE);
    assert_int_equal(game_move_count(g), 3);
    assert_int_equal(game_handicap(g), 0);
    game_free(g);

    g = game_ok("(;SZ[9]PL[W])", -1);
    assert_int_equal(game_to_move(g), STONE_WHITE);
    game_free(g);

    /* Handicap: AB in the root matching HA. */
    g = game_ok("(;SZ[9]HA[2]AB[cg][gc];W[ee])", -1);
    assert_int_equal(game_handicap(g), 2);
    assert_int_equal(game_move_at(g, 1)->color, STONE_WHITE);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    game_free(g);
    g = game_ok("(;SZ[9]HA[2]AB[cg][gc])", -1);
    assert_int_equal(game_to_move(g), STONE_WHITE);
    game_free(g);

    /* HA does not match: plain setup. */
    g = game_ok("(;SZ[9]HA[3]AB[cg][gc])", -1);
    assert_int_equal(game_handicap(g), 0);
    assert_int_equal(game_board(g)->stones_on_board[STONE_BLACK], 2);
    game_free(g);
}

static void test_to_game_errors(void **state)
{
    (void)state;
    expect_game_error("(;SZ[19:13])", 1, 2, "rectangular board SZ[19:13]");
    expect_game_error("(;SZ[99999999999999999999999])", 1, 2, "bad board size");
    expect_game_error("(;SZ[26])", 1, 2, "not supported");
    expect_game_error("(;SZ[1])", 1, 2, "not supported");
    expect_game_error("(;SZ[-5])", 1, 2, "bad board size");
    expect_game_error("(;SZ[nine])", 1, 2, "bad board size");
    expect_game_error("(;KM[1e400])", 1, 2, "bad komi");
    expect_game_error("(;KM[99999])", 1, 2, "bad komi");
    expect_game_error("(;KM[six])", 1, 2, "bad komi");
    expect_game_error("(;HA[99999999999999999999])", 1, 2, "bad handicap");
    expect_game_error("(;SZ[9]HA[81])", 1, 2, "bad handicap");
    expect_game_error("(;GM[2])", 1, 2, "not a game of Go");
    expect_game_error("(;SZ[9]\n;AB[jj])", 2, 1, "setup point AB[jj] is off the board");
    expect_game_error("(;SZ[9]\n;AB[aa:zz])", 2, 1, "off the board");
    expect_game_error("(;SZ[9]AW[a])", 1, 2, "bad setup point AW[a]");
    expect_game_error("(;SZ[9];B[ee]\n  ;W[jj])", 2, 3, "move W[jj] is off the board");
    expect_game_error("(;SZ[9];B[e])", 1, 8, "bad move B[e]");
    expect_game_error("(;SZ[9];B[ee]W[dd])", 1, 8, "both");
    expect_game_error("(;SZ[9];B[ee]\n;W[ee])", 2, 1, "illegal move W[ee]: occupied (move 2)");
    expect_game_error("(;SZ[9]PL[X])", 1, 2, "bad player");
    /* Suicide under Chinese rules. */
    expect_game_error("(;SZ[9]RU[Chinese]AB[ba][ab];W[aa])", 1, 29, "illegal move W[aa]: suicide");
    /* An illegal move off the main line does not matter. */
    game_t *g = game_ok("(;SZ[9];B[ee](;W[ff])(;W[ee]))", -1);
    game_free(g);
}

/* ---- hostile input: the cost of the whole path (sgf.h states the bound) ---- */

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* Bytes to tree to game to text, and every entry undone, as a loader or a trainer does, in a child
 * process whose address space is limited to sgf.h's bound: 80 bytes per input byte, plus 12 MB
 * for setup points and 64 MB for the process itself. (Not under ASan, whose shadow memory needs
 * terabytes of address space; the run still checks the answers there.) Returns the child's exit
 * status: 0 when the game has want_entries entries, 1 on any failure (the error on stderr). */
static int run_bounded(const char *text, int want_entries)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        size_t len = strlen(text);
        if (!UNDER_ASAN) {
            rlim_t limit = (rlim_t)len * 80 + ((rlim_t)(12 + 64) << 20);
            struct rlimit rl = {limit, limit};
            if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(1);
        }
        sgf_error_t err = {0};
        sgf_node_t *root = sgf_parse_bytes(text, len, &err);
        game_t *g = root ? sgf_to_game(root, NULL, -1, &err) : NULL;
        sgf_free(root);
        if (g == NULL) {
            fprintf(stderr, "refused: %s\n", err.message);
            _exit(1);
        }
        sgf_node_t *back = sgf_from_game(g, NULL, NULL);
        char *written = back ? sgf_write(back) : NULL;
        sgf_free(back);
        int entries = game_move_count(g), undone = 0;
        while (game_undo(g))
            undone++;
        const bool ok = written != NULL && entries == want_entries && undone == entries;
        if (!ok)
            fprintf(stderr, "%d entries (want %d), %d undone, %s\n", entries, want_entries, undone,
                    written ? "written" : "not written");
        free(written);
        game_free(g);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* N setup nodes that each remove a stone from an empty point: each once kept a board copy of
 * 16.8 KB (300,000 nodes took 5 GB). Now they load within the bound, and fast. */
static void test_setup_nodes_bounded(void **state)
{
    (void)state;
    const int sizes[] = {20000, 100000, 300000};
    for (int i = 0; i < 3; i++) {
        char *text = game_text("(;", ";AE[aa]", sizes[i]);
        if (run_bounded(text, sizes[i]) != 0)
            fail_msg("%d setup nodes: not loaded within the bound", sizes[i]);
        free(text);
    }
    /* Setup that changes the board in every node, with PL in each (once a rebuild of the whole
     * superko set per node), and passes (once a count of all trailing passes per move). */
    const int pairs = 50000 / test_scale();
    char *toggle = game_text("(;SZ[25]", ";AB[aa]PL[W];AE[aa]PL[B]", pairs);
    if (run_bounded(toggle, 2 * pairs) != 0)
        fail_msg("setup toggled with PL: not loaded within the bound");
    free(toggle);
    char *passes = game_text("(;", ";B[];W[]", 2 * pairs);
    if (run_bounded(passes, 4 * pairs) != 0)
        fail_msg("passes: not loaded within the bound");
    free(passes);
}

/* A game written and read back is the same game: the same position and the same entries. */
static void expect_game_round_trip(const game_t *g)
{
    sgf_node_t *tree = sgf_from_game(g, NULL, NULL);
    assert_non_null(tree);
    char *text = sgf_write(tree);
    sgf_free(tree);
    assert_non_null(text);
    game_t *again = game_ok(text, -1);
    if (game_board(again)->hash != game_board(g)->hash)
        fail_msg("another position read back from:\n%s", text);
    assert_int_equal(game_move_count(again), game_move_count(g));
    assert_int_equal(game_to_move(again), game_to_move(g));
    game_free(again);
    free(text);
}

/* Setup is written as what it changed. A request that leaves strings without liberties resolves
 * by the order of its points, which AB, AW and AE do not keep: a column of white stones through
 * black ones (the white stones come second and take the black ones' last liberties) once read
 * back as another position. */
static void test_setup_written_as_change(void **state)
{
    (void)state;
    game_t *g = game_ok("(;SZ[9]AB[ia:ci]AW[da:di]PL[W];AE[bb:cc];W[bb];B[cc])", -1);
    expect_game_round_trip(g);
    game_free(g);
    /* Stones that change colour are removed before any stone is put: put first, the white stone
     * at ax found its neighbours all black and went. */
    g = game_ok("(;SZ[25];AB[aa:yx];AB[ay];AW[bx][ax])", -1);
    const board_t *b25 = game_board(g);
    assert_int_equal(board_at(b25, board_point(b25, 0, 23)), STONE_WHITE);
    expect_game_round_trip(g);
    game_free(g);
    /* A setup node that changes nothing stays an entry of its own. */
    g = game_ok("(;SZ[5]AB[cc];AB[cc];B[dd];AE[ee])", -1);
    assert_int_equal(game_move_count(g), 4);
    expect_game_round_trip(g);
    game_free(g);
    /* Removals come first: the white stone keeps the liberty that AE frees. */
    g = game_ok("(;SZ[5]AB[ba][ab];AW[aa]AE[ba])", -1);
    const board_t *b = game_board(g);
    assert_int_equal(board_at(b, board_point(b, 0, 0)), STONE_WHITE);
    assert_int_equal(board_at(b, board_point(b, 1, 0)), STONE_EMPTY);
    expect_game_round_trip(g);
    game_free(g);
}

/* Rectangles expand a few bytes into many points: the main line's sum is refused beyond
 * SGF_MAX_SETUP_POINTS, with a NULL game and the limit named (a trainer skips such a file). */
static void test_setup_points_limit(void **state)
{
    (void)state;
    const int nodes = SGF_MAX_SETUP_POINTS / 625 + 1;
    char *text = game_text("(;SZ[25]", ";AB[aa:yy]", nodes);
    sgf_error_t err = {0};
    sgf_node_t *root = sgf_parse_bytes(text, strlen(text), &err);
    assert_non_null(root);
    assert_null(sgf_to_game(root, NULL, -1, &err));
    assert_non_null(strstr(err.message, "SGF_MAX_SETUP_POINTS"));
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 9 + 10 * (nodes - 1)); /* the last node's ';' */
    sgf_free(root);
    free(text);
    /* Under the limit is fine: most of a 25x25 board put and taken away again. */
    text = game_text("(;SZ[25]", ";AB[aa:yx];AE[aa:yy]", 50);
    game_t *g = game_ok(text, -1);
    assert_int_equal(game_move_count(g), 100);
    assert_int_equal(game_board(g)->stones_on_board[STONE_BLACK], 0);
    game_free(g);
    free(text);
}

/* sgf_apply_node replays the variations of a file on its main line's position, node by node:
 * moves, setup (removals first) and PL, and refuses a node that does not replay. */
static void test_apply_node(void **state)
{
    (void)state;
    sgf_node_t *root = parse_ok("(;SZ[5];B[cc](;W[bb])(;W[dd];B[cc])(;AE[cc]AW[aa]PL[W];W[cc])"
                                "(;W[ff])(;B[]W[aa]))");
    game_t *g = game_ok("(;SZ[5];B[cc])", -1);
    const sgf_node_t *main = root->child;
    const sgf_node_t *plain = main->child, *occupied = plain->sibling,
                     *setup = occupied->sibling, *off = setup->sibling, *both = off->sibling;
    sgf_error_t err = {0};
    const int base = game_move_count(g);
    /* A move: played for the colour it names. */
    assert_true(sgf_apply_node(g, plain, &err));
    assert_int_equal(board_at(game_board(g), board_point(game_board(g), 1, 1)), STONE_WHITE);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    while (game_move_count(g) > base)
        game_undo(g);
    /* A move on a stone: refused with its place; the variation's first node still replays. */
    assert_true(sgf_apply_node(g, occupied, &err));
    assert_false(sgf_apply_node(g, occupied->child, &err));
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.message, "illegal move B[cc]: occupied"));
    while (game_move_count(g) > base)
        game_undo(g);
    /* Setup: the centre stone removed, a white one put, White to move, then White's move there. */
    assert_true(sgf_apply_node(g, setup, &err));
    assert_int_equal(game_to_move(g), STONE_WHITE);
    assert_true(sgf_apply_node(g, setup->child, &err));
    assert_int_equal(game_move_count(g), base + 2);
    assert_int_equal(board_at(game_board(g), board_point(game_board(g), 2, 2)), STONE_WHITE);
    assert_int_equal(board_at(game_board(g), board_point(game_board(g), 0, 0)), STONE_WHITE);
    while (game_move_count(g) > base)
        game_undo(g);
    assert_int_equal(board_at(game_board(g), board_point(game_board(g), 2, 2)), STONE_BLACK);
    /* Off the board, and a node with both colours: refused, the game as it was. */
    assert_false(sgf_apply_node(g, off, &err));
    assert_non_null(strstr(err.message, "move W[ff] is off the board"));
    assert_false(sgf_apply_node(g, both, &err));
    assert_non_null(strstr(err.message, "both a black and a white move"));
    assert_int_equal(game_move_count(g), base);
    game_free(g);
    sgf_free(root);
}

static void test_point_text(void **state)
{
    (void)state;
    board_t b;
    board_init(&b, 19, false);
    char buf[3];
    assert_string_equal(sgf_point_text(&b, board_point(&b, 3, 15), buf), "dp");
    assert_string_equal(sgf_point_text(&b, POINT_PASS, buf), "");
    assert_int_equal(sgf_point_parse(&b, "dp"), board_point(&b, 3, 15));
    assert_int_equal(sgf_point_parse(&b, " dp\n"), board_point(&b, 3, 15));
    assert_int_equal(sgf_point_parse(&b, ""), POINT_PASS);
    assert_int_equal(sgf_point_parse(&b, "tt"), POINT_PASS);
    assert_int_equal(sgf_point_parse(&b, "ta"), POINT_NONE);
    assert_int_equal(sgf_point_parse(&b, "d"), POINT_NONE);
    assert_int_equal(sgf_point_parse(&b, "dpp"), POINT_NONE);
    assert_int_equal(sgf_point_parse(&b, "Dp"), POINT_NONE);
}

static void test_from_game(void **state)
{
    (void)state;
    rules_t rules;
    rules_preset(&rules, "aga");
    game_t *g = game_new(9, &rules);
    assert_non_null(g);
    int pts[2] = {board_point(game_board(g), 2, 6), board_point(game_board(g), 6, 2)};
    assert_true(game_free_handicap(g, pts, 2));
    assert_int_equal(game_play(g, STONE_WHITE, board_point(game_board(g), 4, 4)), GAME_OK);
    int more[2] = {board_point(game_board(g), 0, 0), board_point(game_board(g), 4, 4)};
    stone_t st[2] = {STONE_WHITE, STONE_EMPTY};
    assert_true(game_setup(g, more, st, 2));
    game_set_to_move(g, STONE_WHITE);
    assert_int_equal(game_play(g, STONE_WHITE, POINT_PASS), GAME_OK);
    game_resign(g, STONE_BLACK);

    sgf_node_t *tree = sgf_from_game(g, "Black ]name", NULL);
    assert_non_null(tree);
    char *text = expect_round_trip(tree);
    assert_string_equal(text, "(;GM[1]FF[4]CA[UTF-8]AP[tengen:" TENGEN_VERSION
                              "]SZ[9]KM[7.5]RU[AGA]HA[2]"
                              "PB[Black \\]name]RE[W+R]AB[gc][cg]\n;W[ee]\n;AE[ee]AW[aa]PL[W]\n;W[])\n");
    free(text);
    sgf_free(tree);
    game_free(g);

    /* The player to move set after a move (PL in a node of its own) comes back. */
    g = game_new(9, &rules);
    assert_non_null(g);
    assert_int_equal(game_play(g, STONE_BLACK, board_point(game_board(g), 4, 4)), GAME_OK);
    game_set_to_move(g, STONE_BLACK);
    tree = sgf_from_game(g, NULL, NULL);
    assert_non_null(tree);
    text = expect_round_trip(tree);
    assert_non_null(strstr(text, ";B[ee]\n;PL[B])"));
    game_t *back = game_ok(text, -1);
    assert_int_equal(game_to_move(back), STONE_BLACK);
    assert_int_equal(game_move_count(back), 1);
    game_free(back);
    free(text);
    sgf_free(tree);
    game_free(g);

    /* White to move before the first setup: PL in the root, the setup in a node of its own. */
    g = game_ok("(;SZ[5];PL[W];AE[aa])", -1);
    assert_int_equal(game_move_at(g, 0)->to_move_before, STONE_WHITE);
    tree = sgf_from_game(g, NULL, NULL);
    assert_non_null(tree);
    text = expect_round_trip(tree);
    assert_non_null(strstr(text, "PL[W]\n;AE[aa])"));
    back = game_ok(text, -1);
    assert_int_equal(game_to_move(back), STONE_WHITE);
    assert_int_equal(game_move_at(back, 0)->to_move_before, STONE_WHITE);
    game_free(back);
    free(text);
    sgf_free(tree);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_basic),
        cmocka_unit_test(test_parse_values),
        cmocka_unit_test(test_parse_ff3_identifiers),
        cmocka_unit_test(test_parse_variations),
        cmocka_unit_test(test_build_and_write),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_too_many_nodes),
        cmocka_unit_test(test_too_many_properties),
        cmocka_unit_test(test_huge_input),
        cmocka_unit_test(test_fuzz),
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_complex_tree),
        cmocka_unit_test(test_encodings),
        cmocka_unit_test(test_gnugo_games),
        cmocka_unit_test(test_to_game_basic),
        cmocka_unit_test(test_to_game_setup),
        cmocka_unit_test(test_to_game_errors),
        cmocka_unit_test(test_setup_nodes_bounded),
        cmocka_unit_test(test_setup_written_as_change),
        cmocka_unit_test(test_setup_points_limit),
        cmocka_unit_test(test_apply_node),
        cmocka_unit_test(test_point_text),
        cmocka_unit_test(test_from_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
