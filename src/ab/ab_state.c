/* ab_state.c - the state both searches of src/ab/ walk: the board (copy-make, one per ply), the
 * superko keys of the game history and of the search path, the symmetric stone hashes and
 * table keys, the static analysis of a node, the end of the game, and the node and time limits.
 *
 * Owns: what a position down the search path is and how it changes. Knows nothing of windows,
 * proof numbers or tables.
 *
 * Superko: under positional or situational superko a move that recreates a position of the game
 * history or of the search path is illegal. The path keeps its position keys (a small counting
 * filter makes the common miss O(1)), and every ban lowers min_ref to the index of the position
 * it refers to, so a search can tell a result that depends on the path above it (graph history
 * interaction) and keep it out of its table. Under simple ko a repetition of the whole board
 * with the same player to move would be a cycle, which has no minimax value: the searches treat
 * it as situational superko (van der Werf et al. note that on the empty 5x5 board the result
 * does not depend on it).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab_internal.h"
#include "tengen/score.h"

/* The key the path keeps: the stones under positional superko, the stones and the player to
 * move under situational superko and simple ko. */
static uint64_t superko_key(const ab_state_t *s, uint64_t stone_hash, stone_t to_move)
{
    if (s->rules.ko == KO_POSITIONAL) return stone_hash;
    return stone_hash ^ board_zobrist_to_move(to_move);
}

static void path_push(ab_state_t *s, uint64_t key)
{
    s->path[s->path_len++] = key;
    s->filter[key & (AB_FILTER_SIZE - 1)]++;
}

static void path_pop(ab_state_t *s)
{
    uint64_t key = s->path[--s->path_len];
    s->filter[key & (AB_FILTER_SIZE - 1)]--;
}

/* The index of key on the path (the latest occurrence), or -1. */
static int path_find(const ab_state_t *s, uint64_t key)
{
    if (!s->filter[key & (AB_FILTER_SIZE - 1)]) return -1;
    for (int i = s->path_len - 1; i >= 0; i--)
        if (s->path[i] == key) return i;
    return -1;
}

/* Whether a move (not a pass) leading to the position with this path key repeats one; lowers
 * min_ref if so. */
static bool repeats(ab_state_t *s, uint64_t key)
{
    int j = path_find(s, key);
    if (j < 0) return false;
    if (j < s->min_ref) s->min_ref = j;
    return true;
}

bool ab_state_init(ab_state_t *s, const game_t *g, const ab_config_t *cfg)
{
    memset(s, 0, sizeof(*s));
    clock_gettime(CLOCK_MONOTONIC, &s->start);
    s->cpu_start = clock();
    s->boards = malloc((size_t)(AB_MAX_PLY + 1) * sizeof(board_t));
    if (!s->boards) return false;
    s->board = &s->boards[0];
    board_copy(s->board, game_board(g));
    s->rules = *game_rules(g);
    if (cfg->area_count) s->rules.scoring = SCORING_AREA;
    s->eval = cfg->eval ? cfg->eval : &AB_EVAL_AREA;
    s->benson = s->rules.capture_goal == 0 && s->rules.scoring == SCORING_AREA;
    s->statics = s->benson && ab_geom_init(&s->geom, s->board);
    s->max_nodes = cfg->max_nodes;
    s->max_seconds = cfg->max_seconds;
    int hist = game_move_count(g);
    s->path_cap = hist + AB_MAX_PLY + 2;
    s->path = malloc((size_t)s->path_cap * sizeof(uint64_t));
    s->sym = malloc(sizeof(*s->sym));
    s->strings = calloc(1, sizeof(*s->strings));
    if (!s->path || !s->sym || !s->strings) {
        ab_state_free(s);
        return false;
    }
    ab_symmetry_init(s->sym, s->board, cfg->symmetry);
    ab_symmetry_hashes(s->sym, s->board, s->sym_hash[0]);
    s->min_ref = s->path_cap;
    /* The superko history: the empty start, then the position after every entry. */
    path_push(s, superko_key(s, 0, STONE_BLACK));
    for (int i = 0; i < hist; i++) {
        const game_move_t *m = game_move_at(g, i);
        path_push(s, superko_key(s, m->key, stone_other(m->color)));
    }
    return true;
}

void ab_state_free(ab_state_t *s)
{
    free(s->boards);
    s->boards = s->board = NULL;
    free(s->path);
    free(s->sym);
    free(s->strings);
    s->path = NULL;
    s->sym = NULL;
    s->strings = NULL;
}

double ab_state_elapsed(const ab_state_t *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->start.tv_sec) + 1e-9 * (double)(now.tv_nsec - s->start.tv_nsec);
}

void ab_state_fill_stats(const ab_state_t *s, ab_result_t *r)
{
    r->nodes = s->nodes;
    r->seconds = ab_state_elapsed(s);
    r->cpu_seconds = (double)(clock() - s->cpu_start) / CLOCKS_PER_SEC;
    r->nodes_per_second = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
}

bool ab_state_limits_reached(const ab_state_t *s)
{
    return (s->max_nodes && s->nodes >= s->max_nodes) ||
           (s->max_seconds > 0 && ab_state_elapsed(s) >= s->max_seconds) ||
           (s->stop_request && atomic_load(s->stop_request));
}

uint64_t ab_state_begin_budget(ab_state_t *s, uint64_t budget)
{
    const uint64_t limit = s->max_nodes;
    if (!limit || s->nodes + budget < limit) s->max_nodes = s->nodes + budget;
    return limit;
}

void ab_state_end_budget(ab_state_t *s, uint64_t limit)
{
    s->max_nodes = limit;
    s->stop = ab_state_limits_reached(s);
}

static ab_poll_fn poll_fn;

void ab_set_poll(ab_poll_fn fn)
{
    poll_fn = fn;
}

void ab_state_count_node(ab_state_t *s)
{
    s->nodes++;
    if ((s->nodes & (AB_CHECK_EVERY - 1)) != 0) return;
    /* The poll may set the stop request that the check below reads. */
    if (poll_fn) poll_fn();
    if (ab_state_limits_reached(s)) s->stop = true;
}

/* Take out of the symmetric hashes h the stones of o that the move at p captured: the strings
 * next to p on the board before (b) that are gone after it. Rehashing the whole board instead
 * cost 6% of the prover's instructions at the end of a 9x9 game. */
static void hash_out_captures(const ab_state_t *s, const board_t *b, const board_t *after,
                              stone_t o, int p, uint64_t *h)
{
    int done[4], n = 0;
    for (int d = 0; d < 4; d++) {
        const int q = p + board_neighbor_offset(b, d);
        if (b->color[q] != o || after->color[q] != STONE_EMPTY) continue;
        bool seen = false;
        for (int i = 0; i < n; i++)
            seen = seen || done[i] == b->chain[q];
        if (seen) continue;
        done[n++] = b->chain[q];
        int r = q;
        do {
            for (int k = 0; k < s->sym->count; k++)
                h[k] ^= s->sym->zobrist[k][o][r];
            r = b->next[r];
        } while (r != q);
    }
}

bool ab_state_play(ab_state_t *s, stone_t c, int p, int ply)
{
    assert(s->board == &s->boards[ply] && ply < AB_MAX_PLY);
    board_t *next = &s->boards[ply + 1];
    board_copy(next, s->board);
    int captured = board_play(next, c, p, NULL);
    uint64_t sk = superko_key(s, next->hash, stone_other(c));
    if (p != POINT_PASS && repeats(s, sk)) return false;
    uint64_t *h = s->sym_hash[ply + 1];
    if (p == POINT_PASS)
        memcpy(h, s->sym_hash[ply], sizeof(s->sym_hash[ply]));
    else if (captured && next->color[p] != c) /* suicide */
        ab_symmetry_hashes(s->sym, next, h);
    else {
        for (int k = 0; k < s->sym->count; k++)
            h[k] = s->sym_hash[ply][k] ^ s->sym->zobrist[k][c][p];
        if (captured) hash_out_captures(s, s->board, next, stone_other(c), p, h);
    }
    path_push(s, sk);
    s->board = next;
    return true;
}

void ab_state_undo(ab_state_t *s)
{
    path_pop(s);
    s->board--;
}

uint64_t ab_state_key(const ab_state_t *s, int ply, stone_t to_move, int passes, int *sym_out)
{
    const board_t *b = s->board;
    uint64_t extra = board_zobrist_to_move(to_move) ^ (passes ? 0x5bd1e9955bd1e995ULL : 0);
    uint64_t best = 0;
    int best_s = 0;
    for (int k = 0; k < s->sym->count; k++) {
        uint64_t key = s->sym_hash[ply][k];
        if (b->ko_point != POINT_NONE)
            key ^= board_zobrist(b->ko_color, s->sym->map[k][b->ko_point]) * 31;
        if (k == 0 || key < best) {
            best = key;
            best_s = k;
        }
    }
    *sym_out = best_s;
    return best ^ extra;
}

void ab_state_analyse(const ab_state_t *s, stone_t c, int passes, ab_position_t *pos,
                      ab_bits_t *no_play)
{
    memset(pos, 0, sizeof(*pos));
    pos->board = s->board;
    pos->rules = &s->rules;
    pos->to_move = c;
    pos->passes = passes;
    *no_play = 0;
    if (!s->statics) return;
    ab_bits_t black, white;
    ab_static_t st;
    ab_bits_from_board(&s->geom, s->board, &black, &white);
    ab_static_analyse_with(&s->geom, s->strings, black, white, &st);
    pos->safe_known = true;
    pos->safe[STONE_BLACK] = ab_bits_count(st.safe[STONE_BLACK]);
    pos->safe[STONE_WHITE] = ab_bits_count(st.safe[STONE_WHITE]);
    *no_play = st.no_play[c];
}

bool ab_state_captures(const ab_state_t *s, stone_t c, int p)
{
    const board_t *b = s->board;
    const int o = stone_other(c);
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        if (b->color[q] == o && b->libs[b->chain[q]] == 1) return true;
    }
    return false;
}

bool ab_state_quiet_key(ab_state_t *s, stone_t c, int p, int ply, uint64_t *key, int *sym_out)
{
    const stone_t o = stone_other(c);
    if (repeats(s, superko_key(s, s->board->hash ^ board_zobrist(c, p), o))) return false;
    /* As ab_state_key at ply + 1: no ko point after a move that captures, no pass. */
    uint64_t best = 0;
    int best_s = 0;
    for (int k = 0; k < s->sym->count; k++) {
        uint64_t h = s->sym_hash[ply][k] ^ s->sym->zobrist[k][c][p];
        if (k == 0 || h < best) {
            best = h;
            best_s = k;
        }
    }
    *sym_out = best_s;
    *key = best ^ board_zobrist_to_move(o);
    return true;
}

/* Area count of a finished game for the player to move, half points. Capture goals end games
 * elsewhere; other scoring rules are counted by area too (the solver's rules). */
static int final_score(const ab_state_t *s, stone_t to_move)
{
    score_t sc = score_tromp_taylor(s->board, &s->rules, 0);
    double m2 = sc.margin * 2.0;
    int v = (int)(m2 >= 0 ? m2 + 0.5 : m2 - 0.5);
    return to_move == STONE_BLACK ? v : -v;
}

bool ab_state_game_end(const ab_state_t *s, stone_t c, int p, int passes, int ply, int *v)
{
    if (s->rules.capture_goal > 0 && s->board->captures[c] >= s->rules.capture_goal) {
        *v = AB_WIN - (ply + 1);
        return true;
    }
    if (p == POINT_PASS && passes >= 1) {
        *v = -final_score(s, stone_other(c));
        /* With a capture goal the count after two passes decides the game like a capture. */
        if (s->rules.capture_goal > 0 && *v != 0)
            *v = *v > 0 ? AB_WIN - (ply + 1) : -(AB_WIN - (ply + 1));
        return true;
    }
    return false;
}

static int centrality(const board_t *b, int p)
{
    int n = b->size, x = board_x(b, p), y = board_y(b, p);
    int dx = 2 * x - (n - 1), dy = 2 * y - (n - 1);
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return 2 * n - dx - dy;
}

int ab_state_static_score(const ab_state_t *s, stone_t c, int p)
{
    const board_t *b = s->board;
    int score = centrality(b, p);
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        int col = b->color[q];
        if (col != STONE_BLACK && col != STONE_WHITE) continue;
        int libs = b->libs[b->chain[q]];
        if (libs == 1)
            score += col == (int)c ? 200 : 400 + 10 * b->stones[b->chain[q]];
        else if (libs == 2 && col != (int)c)
            score += 20;
    }
    return score;
}
