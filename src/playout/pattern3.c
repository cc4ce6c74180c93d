/* pattern3.c - the 3x3 pattern set (pattern3.h): a text description expanded once into a bit set
 * of neighbourhood keys. Owns only the patterns; must not know playouts or search. */
#include "tengen/pattern3.h"

#include <pthread.h>
#include <string.h>

/* Each pattern is the 3x3 neighbourhood of the move (the centre, always empty), top row first:
 *   X, O  a stone of one colour, of the other colour (both colour assignments are matched)
 *   x, o  anything but X (empty, O or the edge), anything but O
 *   .     empty      #  off the board      ?  anything
 * Every pattern also matches in its eight rotations and reflections. These are the shapes of
 * MoGo's playouts (Gelly et al. 2006), which Pachi and michi use too. */
static const char *const patterns[] = {
    /* hane: a move at the head or the side of two stones in contact */
    "XOX"
    "..."
    "???", /* the enclosing hane */
    "XO."
    "..."
    "?.?", /* hane that cannot be cut at once */
    "XO?"
    "X.."
    "x.?", /* magari: turning around the opponent's stone */
    ".O."
    "X.."
    "...", /* katatsuke: attaching diagonally to one's own stone */
    /* cuts */
    "XO?"
    "O.o"
    "?o?", /* cutting a diagonal that nothing protects */
    "XO?"
    "O.X"
    "???", /* cutting a diagonal that is peeped at */
    "?X?"
    "O.O"
    "ooo", /* cutting through a one-point jump */
    "OX?"
    "o.O"
    "???", /* cutting a knight's move */
    /* on the edge of the board */
    "X.?"
    "O.?"
    "##?", /* chasing along the first line */
    "OX?"
    "X.O"
    "###", /* blocking a cut on the side */
    "?X?"
    "x.O"
    "###", /* blocking a connection along the side */
    "?XO"
    "x.x"
    "###", /* sagari: descending to the edge */
    "?OX"
    "X.O"
    "###", /* cutting on the side */
};

#define NUM_PATTERNS ((int)(sizeof patterns / sizeof patterns[0]))

static uint8_t table[65536 / 8];
static int key_count;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

/* The stones a pattern character allows, as a bit set over stone_t values. */
static unsigned allowed(char ch)
{
    const unsigned e = 1u << STONE_EMPTY, x = 1u << STONE_BLACK, o = 1u << STONE_WHITE,
                   edge = 1u << STONE_BORDER;
    switch (ch) {
    case 'X': return x;
    case 'O': return o;
    case 'x': return e | o | edge;
    case 'o': return e | x | edge;
    case '.': return e;
    case '#': return edge;
    default: return e | x | o | edge; /* '?' */
    }
}

/* Add every key whose neighbours 0..7 (pattern3_key's order) are allowed by sets[]. */
static void add_keys(const unsigned *sets, int i, unsigned key)
{
    if (i == 8) {
        if (!(table[key >> 3] >> (key & 7) & 1)) key_count++;
        table[key >> 3] |= (uint8_t)(1u << (key & 7));
        return;
    }
    for (unsigned s = 0; s < 4; s++)
        if (sets[i] >> s & 1) add_keys(sets, i + 1, key | s << (2 * i));
}

static void add_pattern(const char *grid)
{
    unsigned sets[8];
    int n = 0;
    for (int cell = 0; cell < 9; cell++)
        if (cell != 4) sets[n++] = allowed(grid[cell]);
    add_keys(sets, 0, 0);
}

static void build_table(void)
{
    for (int i = 0; i < NUM_PATTERNS; i++) {
        char grid[9];
        memcpy(grid, patterns[i], 9);
        for (int swap = 0; swap < 2; swap++) {
            for (int flip = 0; flip < 2; flip++) {
                for (int rot = 0; rot < 4; rot++) {
                    add_pattern(grid);
                    char r[9]; /* rotate a quarter turn: new (x, y) = old (y, 2 - x) */
                    for (int y = 0; y < 3; y++)
                        for (int x = 0; x < 3; x++)
                            r[y * 3 + x] = grid[(2 - x) * 3 + y];
                    memcpy(grid, r, 9);
                }
                for (int y = 0; y < 3; y++) { /* mirror left to right */
                    const char t = grid[y * 3];
                    grid[y * 3] = grid[y * 3 + 2];
                    grid[y * 3 + 2] = t;
                }
            }
            for (int cell = 0; cell < 9; cell++) { /* the other colour assignment */
                const char ch = grid[cell];
                grid[cell] = ch == 'X' ? 'O' : ch == 'O' ? 'X' : ch == 'x' ? 'o' : ch == 'o' ? 'x' : ch;
            }
        }
    }
}

const uint8_t *pattern3_table(void)
{
    pthread_once(&table_once, build_table);
    return table;
}

bool pattern3_match(const board_t *b, int p)
{
    return pattern3_match_in(pattern3_table(), b, p);
}

int pattern3_count(void)
{
    return NUM_PATTERNS;
}

int pattern3_key_count(void)
{
    pattern3_table();
    return key_count;
}
