/* board.h - the Go board: stones, strings with exact liberties, captures, simple ko, Zobrist hash.
 *
 * The board knows stones and strings only. It does not know whose turn it is, superko, scoring or
 * any rule set beyond "is suicide allowed"; those belong to the game object (game.h).
 *
 * Coordinates: a mailbox with a one-point border. The point of column x (0 = left, column A) and
 * row y (0 = top row) is (x + 1) + (y + 1) * stride with stride = size + 2. Border points hold
 * STONE_BORDER, so the four neighbours of any on-board point can be read without bounds checks.
 * Every function here is pure with respect to its arguments: no global mutable state.
 */
#ifndef TENGEN_BOARD_H
#define TENGEN_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BOARD_MIN_SIZE 2
#define BOARD_MAX_SIZE 25
#define BOARD_MAX_STRIDE (BOARD_MAX_SIZE + 2)
#define BOARD_MAX_POINTS (BOARD_MAX_STRIDE * BOARD_MAX_STRIDE)

/* Special move values; every real point is > 0. */
#define POINT_NONE 0
#define POINT_PASS (-1)
#define POINT_RESIGN (-2)

typedef enum stone {
    STONE_EMPTY = 0,
    STONE_BLACK = 1,
    STONE_WHITE = 2,
    STONE_BORDER = 3,
} stone_t;

/* Opponent of BLACK or WHITE. */
static inline stone_t stone_other(stone_t c)
{
    return (stone_t)(3 - c);
}

/* Outcome of checking a move on the board alone (no superko, no turn order). */
typedef enum move_status {
    MOVE_OK = 0,
    MOVE_OFF_BOARD,
    MOVE_OCCUPIED,
    MOVE_SUICIDE, /* forbidden suicide */
    MOVE_KO,      /* retakes a simple ko at once */
} move_status_t;

typedef struct board {
    int size;       /* 2..25 */
    int stride;     /* size + 2 */
    int num_points; /* stride * stride: the length of the per-point arrays in use */
    bool suicide_allowed; /* multi- and single-stone suicide remove the suicided string */

    uint64_t hash;           /* Zobrist hash of the stones only (not ko, not side to move) */
    int ko_point;            /* point ko_color may not play now, or POINT_NONE */
    stone_t ko_color;        /* the colour the ko ban applies to */
    int captures[3];         /* stones captured by BLACK ([1]) and WHITE ([2]), suicides excluded */
    int stones_on_board[3];  /* count of BLACK and WHITE stones */
    int empty_count;         /* number of empty on-board points, the length of empties[] */

    uint8_t color[BOARD_MAX_POINTS];     /* stone_t of every point, border included */
    uint16_t chain[BOARD_MAX_POINTS];    /* head point of the string a stone belongs to; 0 at
                                          * every point without a stone (empty or border), so
                                          * chain[q] == h (h a head) needs no colour test */
    uint16_t next[BOARD_MAX_POINTS];     /* circular list of the stones of each string */
    /* The fields below are valid at head points only (p == chain[p]). Point 0 (a border corner,
     * never a head) reads as a string with libs, stones and lib_sum 0. */
    uint16_t libs[BOARD_MAX_POINTS];     /* exact number of distinct liberties */
    uint16_t stones[BOARD_MAX_POINTS];   /* number of stones in the string */
    uint32_t lib_sum[BOARD_MAX_POINTS];  /* sum of the liberty points: the liberty when libs == 1 */
    uint16_t empties[BOARD_MAX_POINTS];  /* the empty points, in no particular order */
    uint16_t empty_index[BOARD_MAX_POINTS]; /* position of an empty point in empties[] */
    /* The colours around each on-board point, counted: bits 4c..4c+3 hold how many of its four
     * neighbours have colour c (a stone_t: empty, black, white, border), bits 16+4c..16+4c+3 how
     * many of its four diagonal points have. Kept up to date by every move, capture and undo, so
     * that eye and "has an empty neighbour" tests read one word. Meaningless at border points. */
    uint32_t neighbor_counts[BOARD_MAX_POINTS];
    /* The colours of the eight points around each on-board point, two bits (a stone_t) each, row
     * by row from the upper left: bits 0-1 up-left, 2-3 up, 4-5 up-right, 6-7 left, 8-9 right,
     * 10-11 down-left, 12-13 down, 14-15 down-right. The 3x3 pattern key (pattern3.h), kept up to
     * date like neighbor_counts[], so that a pattern test is one load. Meaningless at border
     * points. */
    uint16_t neighbor_colors[BOARD_MAX_POINTS];
} board_t;

/* What board_undo needs to take a move back: a few bytes, kept by the caller (LIFO). */
typedef struct board_undo {
    int16_t point;           /* the move played, or POINT_PASS */
    uint8_t color;           /* colour that played */
    uint8_t captured_dirs;   /* bit d: the neighbour in direction d was captured */
    uint8_t suicide;         /* the move removed its own string */
    uint8_t ko_color;        /* ko state before the move */
    int16_t ko_point;
    uint16_t captured;       /* number of stones captured (or suicided) */
} board_undo_t;

/* Initialise an empty board of size 2..BOARD_MAX_SIZE. Returns false (board untouched) on a bad size. */
bool board_init(board_t *b, int size, bool suicide_allowed);
/* Cheap copy for copy-make: copies only the part of the arrays this board size uses. */
void board_copy(board_t *dst, const board_t *src);

/* Coordinates. x, y are 0-based from the left and from the top. */
static inline int board_point(const board_t *b, int x, int y)
{
    return (x + 1) + (y + 1) * b->stride;
}
static inline int board_x(const board_t *b, int p)
{
    return p % b->stride - 1;
}
static inline int board_y(const board_t *b, int p)
{
    return p / b->stride - 1;
}
/* True if p is a point on the board (not the border, not a special value). */
bool board_is_on_board(const board_t *b, int p);

/* The four neighbours of p: p + board_neighbor_offset(b, d) for d in 0..3 (up, left, right, down). */
static inline int board_neighbor_offset(const board_t *b, int d)
{
    return d == 0 ? -b->stride : d == 1 ? -1 : d == 2 ? 1 : b->stride;
}

static inline stone_t board_at(const board_t *b, int p)
{
    return (stone_t)b->color[p];
}
/* O(1) string queries; p must hold a stone. */
static inline int board_chain_head(const board_t *b, int p)
{
    return b->chain[p];
}
static inline int board_liberties(const board_t *b, int p)
{
    return b->libs[b->chain[p]];
}
static inline int board_chain_size(const board_t *b, int p)
{
    return b->stones[b->chain[p]];
}
/* How many of the four neighbours (diagonal: the four diagonal points) of the on-board point p
 * have colour c (STONE_EMPTY .. STONE_BORDER). O(1). */
static inline int board_neighbor_count(const board_t *b, int p, stone_t c)
{
    return (int)(b->neighbor_counts[p] >> (4 * c)) & 15;
}
static inline int board_diagonal_count(const board_t *b, int p, stone_t c)
{
    return (int)(b->neighbor_counts[p] >> (16 + 4 * c)) & 15;
}
/* The colours of the eight points around the on-board point p (see neighbor_colors). O(1). */
static inline uint16_t board_neighbor_colors(const board_t *b, int p)
{
    return b->neighbor_colors[p];
}
/* The last liberty of the string at p if it is in atari, else POINT_NONE. */
static inline int board_atari_point(const board_t *b, int p)
{
    int h = b->chain[p];
    return b->libs[h] == 1 ? (int)b->lib_sum[h] : POINT_NONE;
}
/* Write up to max distinct liberties of the string at p into out; returns how many were written. */
int board_chain_liberty_list(const board_t *b, int p, int *out, int max);

/* Check a move by colour c at p (POINT_PASS is always MOVE_OK). */
move_status_t board_check_move(const board_t *b, stone_t c, int p);
static inline bool board_is_legal(const board_t *b, stone_t c, int p)
{
    return board_check_move(b, c, p) == MOVE_OK;
}
/* Play a legal move (checked with board_check_move first; asserts otherwise). If undo is not NULL
 * it receives what board_undo needs. Returns the number of stones removed (captured or suicided). */
int board_play(board_t *b, stone_t c, int p, board_undo_t *undo);
/* Take back the last move played with an undo record; strictly LIFO. Restores hash, ko, captures. */
void board_undo(board_t *b, const board_undo_t *undo);

/* Setup (SGF AB/AW/AE, handicap): put (or, with STONE_EMPTY, remove) a stone at p. Strings left
 * without liberties are removed afterwards, the opponent's of the stone put first, without
 * counting captures. Clears the ko. O(points): not for search. Returns false if p is not on the
 * board. */
bool board_setup(board_t *b, int p, stone_t c);
/* board_setup of points[i] with stones[i] for each i in turn, the strings around the points that
 * changed rebuilt once at the end: O(n * string size + points). Clears the ko when n > 0. Returns
 * false (board untouched) if a point is off the board or a stone is STONE_BORDER. */
bool board_setup_points(board_t *b, const int *points, const stone_t *stones, int n);
/* Put stones[i] at points[i] as they are, removing nothing, then bring strings, liberties, hash
 * and counts up to date around them (O(n + points)); captures and ko are left alone. For
 * restoring an earlier position (the game's undo of setup): the caller must leave every string a
 * liberty. Returns false (board untouched) on a point off the board or a STONE_BORDER stone. */
bool board_restore_points(board_t *b, const int *points, const stone_t *stones, int n);

/* True if p is an empty point whose neighbours are all c or border (an eye shape). */
bool board_is_eyelike(const board_t *b, int p, stone_t c);
/* True if p is eyelike for c and not a false eye (diagonal test: at most one enemy diagonal, none
 * on the edge). This is the playouts' "do not fill your own eye" test. */
bool board_is_true_eye(const board_t *b, int p, stone_t c);

/* Recompute strings, liberties, hash, counts and the empty list from the stones alone and compare.
 * Returns true if consistent; otherwise writes a description into err (if not NULL). */
bool board_check(const board_t *b, char *err, int err_len);

/* Zobrist key of a stone (for callers that hash positions further, e.g. side to move). */
uint64_t board_zobrist(stone_t c, int p);
/* Zobrist key for "c to move", used by situational superko. */
uint64_t board_zobrist_to_move(stone_t c);

/* GTP vertex text ("D4", "pass") for p, into buf of at least 8 bytes; returns buf. */
char *board_point_to_gtp(const board_t *b, int p, char *buf);
/* Parse a GTP vertex (case-insensitive, 'I' skipped, "pass"); returns the point, POINT_PASS, or
 * POINT_NONE if the text is not a vertex on this board. */
int board_point_from_gtp(const board_t *b, const char *text);

/* Print the board as ASCII rows (X black, O white, . empty) with coordinates into buf. */
int board_format(const board_t *b, char *buf, int len, int last_move);

#endif
