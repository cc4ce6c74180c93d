/* ascii_board.c - ASCII diagrams to boards and games, for the unit tests. */
#include "ascii_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Collect the cells of the diagram; returns the size (rows) and fills cells row-major. */
static int parse_diagram(const char *diagram, char *cells)
{
    int rows = 0, cols = -1, n = 0, row_len = 0;
    bool in_comment = false;
    for (const char *s = diagram;; s++) {
        char ch = *s;
        if (ch == '\n' || ch == 0) {
            if (row_len) {
                if (cols >= 0 && row_len != cols) {
                    fprintf(stderr, "ascii_board: ragged diagram\n");
                    abort();
                }
                cols = row_len;
                rows++;
            }
            row_len = 0;
            in_comment = false;
            if (!ch) break;
            continue;
        }
        if (in_comment) continue;
        if (ch == '|') {
            in_comment = true;
        } else if (ch == '.' || ch == 'X' || ch == 'O' || ch == '+') {
            cells[n++] = ch;
            row_len++;
        }
    }
    if (rows != cols || rows < BOARD_MIN_SIZE || rows > BOARD_MAX_SIZE) {
        fprintf(stderr, "ascii_board: diagram is %dx%d, not a square board\n", rows, cols);
        abort();
    }
    return rows;
}

void ascii_board(board_t *b, const char *diagram, bool suicide_allowed)
{
    char cells[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int size = parse_diagram(diagram, cells);
    board_init(b, size, suicide_allowed);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char ch = cells[y * size + x];
            if (ch == 'X' || ch == 'O')
                board_setup(b, board_point(b, x, y), ch == 'X' ? STONE_BLACK : STONE_WHITE);
        }
}

game_t *ascii_game(const char *diagram, const rules_t *rules, stone_t to_move)
{
    char cells[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int size = parse_diagram(diagram, cells);
    game_t *g = game_new(size, rules);
    if (!g) abort();
    int points[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    stone_t stones[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int n = 0;
    const board_t *b = game_board(g);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char ch = cells[y * size + x];
            if (ch == 'X' || ch == 'O') {
                points[n] = board_point(b, x, y);
                stones[n++] = ch == 'X' ? STONE_BLACK : STONE_WHITE;
            }
        }
    if (n && !game_setup(g, points, stones, n)) abort();
    game_set_to_move(g, to_move);
    return g;
}

int ascii_point(const board_t *b, const char *vertex)
{
    int p = board_point_from_gtp(b, vertex);
    if (p == POINT_NONE) {
        fprintf(stderr, "ascii_point: bad vertex %s\n", vertex);
        abort();
    }
    return p;
}

int test_scale(void)
{
    const char *s = getenv("TENGEN_TEST_SCALE");
    int k = s ? atoi(s) : 1;
    return k < 1 ? 1 : k;
}

uint32_t test_random(uint64_t *seed)
{
    *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*seed >> 33);
}

void test_random_game(board_t *b, int size, bool suicide_allowed, uint64_t *seed)
{
    board_init(b, size, suicide_allowed);
    stone_t c = STONE_BLACK;
    int passes = 0;
    for (int move = 0; move < 4 * size * size && passes < 2; move++, c = stone_other(c)) {
        int candidates[BOARD_MAX_POINTS], n = 0;
        for (int i = 0; i < b->empty_count; i++) {
            int p = b->empties[i];
            if (board_is_legal(b, c, p) && !board_is_true_eye(b, p, c)) candidates[n++] = p;
        }
        if (!n) {
            passes++;
            continue;
        }
        passes = 0;
        board_play(b, c, candidates[test_random(seed) % (uint32_t)n], NULL);
    }
}
