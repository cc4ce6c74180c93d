/* fuzz_sgf.c - libFuzzer target: SGF bytes to tree to game to text, the path of loadsgf, the web
 * import and the trainer. The input is a file's bytes (any encoding, sgf_parse_bytes).
 *
 * Beyond "no crash, no sanitizer report, no leak" it checks what must hold for any input: a tree
 * that parses writes back as text that parses to the same number of nodes; a game converted from
 * it writes back (sgf_from_game) as SGF that converts again to the same position; every entry of
 * the game undoes, back to an empty board. A broken check aborts, so libFuzzer keeps the input. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/sgf.h"

static int count_nodes(const sgf_node_t *root)
{
    int n = 0;
    const sgf_node_t *x = root;
    while (x != NULL) {
        n++;
        if (x->child != NULL) {
            x = x->child;
            continue;
        }
        while (x != root && x->sibling == NULL)
            x = x->parent;
        x = x == root ? NULL : x->sibling;
    }
    return n;
}

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_sgf: %s\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sgf_error_t err;
    sgf_node_t *root = sgf_parse_bytes((const char *)data, size, &err);
    if (root == NULL)
        return 0;
    char *text = sgf_write(root);
    check(text != NULL, "a parsed tree does not write");
    sgf_node_t *again = sgf_parse(text, strlen(text), &err);
    check(again != NULL, "written text does not parse");
    check(count_nodes(again) == count_nodes(root), "written text has other nodes");
    sgf_free(again);
    free(text);

    rules_t rules;
    rules_preset(&rules, "chinese");
    game_t *g = sgf_to_game(root, &rules, -1, &err);
    sgf_free(root);
    if (g == NULL)
        return 0;
    sgf_node_t *back = sgf_from_game(g, "Black", "White");
    check(back != NULL, "a game does not build a tree");
    char *back_text = sgf_write(back);
    sgf_free(back);
    check(back_text != NULL, "a game's tree does not write");
    sgf_node_t *reread = sgf_parse(back_text, strlen(back_text), &err);
    check(reread != NULL, "a game's text does not parse");
    game_t *g2 = sgf_to_game(reread, &rules, -1, &err);
    sgf_free(reread);
    if (g2 == NULL)
        fprintf(stderr, "fuzz_sgf: %s\n%s\n", err.message, back_text);
    check(g2 != NULL, "a game's text does not convert");
    check(game_board(g2)->hash == game_board(g)->hash, "a game's text gives another position");
    check(game_to_move(g2) == game_to_move(g), "a game's text gives another player to move");
    free(back_text);
    game_free(g2);

    while (game_undo(g)) {
    }
    const board_t *b = game_board(g);
    check(b->stones_on_board[STONE_BLACK] == 0 && b->stones_on_board[STONE_WHITE] == 0,
          "undoing every entry leaves stones");
    check(board_check(b, NULL, 0), "undoing every entry leaves an inconsistent board");
    game_free(g);
    return 0;
}
