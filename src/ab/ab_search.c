/* ab_search.c - negamax alpha-beta: iterative deepening, principal-variation search, the
 * transposition table under symmetries, killer moves, the history heuristic, Benson bounds.
 *
 * Owns: the search and its statistics. Uses the board's LIFO play/undo; never formats text.
 *
 * Values are intervals. Every search returns [lo, hi] with the position's value inside it when
 * the leaves are proven (solve mode: terminal scores, and Benson bounds at the horizon), so a
 * table entry stays a valid bound whatever depth produced it, and the root is solved when
 * lo == hi. In heuristic mode a horizon leaf returns [v, v] for the evaluation v, and the same
 * code is ordinary fail-soft alpha-beta.
 *
 * Superko and graph-history interaction (GHI). Under positional or situational superko a move
 * that recreates a position of the game history or of the current search path is illegal: the
 * path keeps its position keys (a small counting filter makes the common miss O(1)). Table
 * entries ignore the path: an entry stored from one path is used on another, with the known GHI
 * risk that a superko ban seen on one path does not hold on the other. The key does include the
 * stones, the simple-ko point, the player to move and whether the last move was a pass, which is
 * all that decides the value once the path is set aside. The tests compare the values with the
 * table on and off; the small-board results agree with the literature.
 *
 * Move pruning (solve and heuristic mode alike): no moves on points of pass-alive territory of
 * either colour. They cannot change the count of those points, which the bounds already fix.
 */
#include "tengen/ab.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ab/ab_internal.h"
#include "tengen/score.h"

#define AB_FILTER_SIZE 4096 /* counting filter over the path keys (power of two) */
#define AB_CHECK_EVERY 1024 /* nodes between limit checks */

typedef struct ab_ctx {
    board_t board;
    rules_t rules;
    const ab_eval_t *eval;
    bool solve;
    bool benson; /* area scoring without a capture goal: Benson gives bounds and pruning */

    /* Superko keys of the game history and of the search path. */
    uint64_t *path;
    int path_len, path_cap;
    uint8_t filter[AB_FILTER_SIZE];

    ab_symmetry_t *sym;
    uint64_t sym_hash[AB_MAX_PLY + 1][AB_SYMMETRIES];
    ab_tt_t tt;

    int killers[AB_MAX_PLY + 1][2];
    uint32_t history[3][BOARD_MAX_POINTS];
    int pv[AB_MAX_PLY + 1][AB_MAX_PLY + 1];
    int pv_len[AB_MAX_PLY + 1];

    /* The lowest path index a superko ban in the current subtree referred to (path_cap: none). */
    int min_ref;

    uint64_t nodes, max_nodes;
    double max_seconds;
    struct timespec start;
    bool stop;
    int proof_ply;           /* ply of the position prove() works on */
    bool heuristic_cuts;     /* table cut-offs on heuristic values (see prove) */
    uint64_t horizon_leaves; /* leaves cut by the depth limit */
} ab_ctx_t;

ab_config_t ab_config_default(void)
{
    ab_config_t c;
    memset(&c, 0, sizeof(c));
    c.eval = &AB_EVAL_AREA;
    c.solve = true;
    c.tt_bits = 20;
    c.symmetry = true;
    return c;
}

static double elapsed(const ab_ctx_t *x)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - x->start.tv_sec) + 1e-9 * (double)(now.tv_nsec - x->start.tv_nsec);
}

/* ---- superko path ---- */

static uint64_t superko_key(const ab_ctx_t *x, uint64_t stone_hash, stone_t to_move)
{
    if (x->rules.ko == KO_SITUATIONAL) return stone_hash ^ board_zobrist_to_move(to_move);
    return stone_hash;
}

static void path_push(ab_ctx_t *x, uint64_t key)
{
    assert(x->path_len < x->path_cap);
    x->path[x->path_len++] = key;
    x->filter[key & (AB_FILTER_SIZE - 1)]++;
}

static void path_pop(ab_ctx_t *x)
{
    uint64_t key = x->path[--x->path_len];
    x->filter[key & (AB_FILTER_SIZE - 1)]--;
}

/* The index of key on the path (the latest occurrence), or -1. */
static int path_find(const ab_ctx_t *x, uint64_t key)
{
    if (!x->filter[key & (AB_FILTER_SIZE - 1)]) return -1;
    for (int i = x->path_len - 1; i >= 0; i--)
        if (x->path[i] == key) return i;
    return -1;
}

/* ---- keys ---- */

/* The table key of the position at ply: the least of the symmetric keys, and the symmetry that
 * gives it (moves are stored in that orientation). */
static uint64_t table_key(const ab_ctx_t *x, int ply, stone_t to_move, int passes, int *sym_out)
{
    const board_t *b = &x->board;
    uint64_t extra = board_zobrist_to_move(to_move) ^ (passes ? 0x5bd1e9955bd1e995ULL : 0);
    uint64_t best = 0;
    int best_s = 0;
    for (int s = 0; s < x->sym->count; s++) {
        uint64_t k = x->sym_hash[ply][s];
        if (b->ko_point != POINT_NONE)
            k ^= board_zobrist(b->ko_color, x->sym->map[s][b->ko_point]) * 31;
        if (s == 0 || k < best) {
            best = k;
            best_s = s;
        }
    }
    *sym_out = best_s;
    return best ^ extra;
}

/* ---- values ---- */

/* Win values count plies from the root; the table stores them counted from the node. */
static int value_to_tt(int v, int ply)
{
    if (v >= AB_WIN_MIN && v < AB_INF) return v + ply;
    if (v <= -AB_WIN_MIN && v > -AB_INF) return v - ply;
    return v;
}

static int value_from_tt(int v, int ply)
{
    if (v >= AB_WIN_MIN && v < AB_INF) return v - ply;
    if (v <= -AB_WIN_MIN && v > -AB_INF) return v + ply;
    return v;
}

/* Area count of a finished game (two passes) for the player to move, half points. Captures
 * goals end games elsewhere; other scoring rules are counted by area too (the solver's rules). */
static int final_score(const ab_ctx_t *x, stone_t to_move)
{
    score_t s = score_tromp_taylor(&x->board, &x->rules, 0);
    double m2 = s.margin * 2.0;
    int v = (int)(m2 >= 0 ? m2 + 0.5 : m2 - 0.5);
    return to_move == STONE_BLACK ? v : -v;
}

/* ---- move ordering ---- */

typedef struct scored_move {
    int point;
    int64_t score;
} scored_move_t;

static int centrality(const board_t *b, int p)
{
    int n = b->size, x = board_x(b, p), y = board_y(b, p);
    int dx = 2 * x - (n - 1), dy = 2 * y - (n - 1);
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return 2 * n - dx - dy;
}

/* Static priority: captures and escapes from atari first, then central points. */
static int64_t static_score(const board_t *b, stone_t c, int p)
{
    int64_t s = centrality(b, p);
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        int col = b->color[q];
        if (col != STONE_BLACK && col != STONE_WHITE) continue;
        int libs = b->libs[b->chain[q]];
        if (libs == 1)
            s += col == (int)c ? 200 : 400 + 10 * b->stones[b->chain[q]];
        else if (libs == 2 && col != (int)c)
            s += 20;
    }
    return s;
}

static int generate(ab_ctx_t *x, stone_t c, int ply, int tt_move, const stone_t *territory,
                    scored_move_t *out)
{
    const board_t *b = &x->board;
    int n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empties[i];
        if (territory && territory[p] != STONE_EMPTY) continue;
        if (board_check_move(b, c, p) != MOVE_OK) continue;
        int64_t s = (int64_t)x->history[c][p] * 16 + static_score(b, c, p);
        if (p == x->killers[ply][0])
            s += (int64_t)1 << 40;
        else if (p == x->killers[ply][1])
            s += (int64_t)1 << 39;
        if (p == tt_move) s += (int64_t)1 << 50;
        out[n++] = (scored_move_t){p, s};
    }
    int64_t ps = (int64_t)x->history[c][0] * 16 - 1000;
    if (tt_move == POINT_PASS) ps += (int64_t)1 << 50;
    out[n++] = (scored_move_t){POINT_PASS, ps};
    /* Insertion sort, best first: lists are short and mostly sorted by the history. */
    for (int i = 1; i < n; i++) {
        scored_move_t m = out[i];
        int j = i - 1;
        while (j >= 0 && out[j].score < m.score) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = m;
    }
    return n;
}

static void note_good_move(ab_ctx_t *x, stone_t c, int ply, int p, int depth)
{
    int idx = p == POINT_PASS ? 0 : p;
    x->history[c][idx] += (uint32_t)(depth * depth + 1);
    if (x->history[c][idx] > (1u << 28))
        for (int k = 0; k < BOARD_MAX_POINTS; k++) {
            x->history[STONE_BLACK][k] >>= 1;
            x->history[STONE_WHITE][k] >>= 1;
        }
    if (p != POINT_PASS && x->killers[ply][0] != p) {
        x->killers[ply][1] = x->killers[ply][0];
        x->killers[ply][0] = p;
    }
}

/* ---- the search ---- */

static void check_limits(ab_ctx_t *x)
{
    if (x->max_nodes && x->nodes >= x->max_nodes) x->stop = true;
    if (x->max_seconds > 0 && elapsed(x) >= x->max_seconds) x->stop = true;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A search result: the proven interval [lo, hi] and the heuristic value h (fail-soft with
 * respect to the window, always inside [lo, hi]). */
typedef struct ab_val {
    int lo, hi, h;
} ab_val_t;

static ab_val_t val_make(int lo, int hi, int h)
{
    if (hi < lo) hi = lo; /* only with a GHI clash */
    ab_val_t v = {lo, hi, clamp(h, lo, hi)};
    return v;
}

/* Play p for c at ply: the board, the symmetric hashes of ply + 1 and the superko path. Returns
 * false (nothing changed) if superko forbids it. */
static bool make_move(ab_ctx_t *x, stone_t c, int p, int ply, board_undo_t *undo)
{
    int captured = board_play(&x->board, c, p, undo);
    uint64_t sk = superko_key(x, x->board.hash, stone_other(c));
    if (x->rules.ko != KO_SIMPLE && p != POINT_PASS) {
        int j = path_find(x, sk);
        if (j >= 0) {
            if (j < x->min_ref) x->min_ref = j;
            board_undo(&x->board, undo);
            return false;
        }
    }
    uint64_t *h = x->sym_hash[ply + 1];
    if (p == POINT_PASS)
        memcpy(h, x->sym_hash[ply], sizeof(x->sym_hash[ply]));
    else if (captured)
        ab_symmetry_hashes(x->sym, &x->board, h);
    else
        for (int s = 0; s < x->sym->count; s++)
            h[s] = x->sym_hash[ply][s] ^ x->sym->zobrist[s][c][p];
    path_push(x, sk);
    return true;
}

static void unmake_move(ab_ctx_t *x, const board_undo_t *undo)
{
    path_pop(x);
    board_undo(&x->board, undo);
}

/* The value of a position reached by c's move that ends the game at once (capture goal or a
 * second pass), for c; false if the game goes on. */
static bool game_end_value(ab_ctx_t *x, stone_t c, int p, int passes, int ply, int *v)
{
    if (x->rules.capture_goal > 0 && x->board.captures[c] >= x->rules.capture_goal) {
        *v = AB_WIN - (ply + 1);
        return true;
    }
    if (p == POINT_PASS && passes >= 1) {
        *v = -final_score(x, stone_other(c));
        return true;
    }
    return false;
}

/* Search the position at ply (board in x, sym_hash[ply] set, its superko key last on the path)
 * with c to move after `passes` consecutive passes, window (alpha, beta). */
static ab_val_t search(ab_ctx_t *x, stone_t c, int passes, int depth, int alpha, int beta, int ply)
{
    x->nodes++;
    x->pv_len[ply] = 0;
    if ((x->nodes & (AB_CHECK_EVERY - 1)) == 0) check_limits(x);
    if (x->stop) return (ab_val_t){-AB_INF, AB_INF, 0};

    /* Proven bounds of the strategy, with Benson's analysis shared when the rules allow it. */
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    ab_position_t pos = {&x->board, &x->rules, c, passes, NULL, NULL};
    if (x->benson) {
        benson_pass_alive(&x->board, alive, territory);
        pos.alive = alive;
        pos.territory = territory;
    }
    int blo, bhi;
    x->eval->bounds(&pos, &blo, &bhi);
    if (x->rules.capture_goal > 0) {
        /* Win distance: no win before the next move, no loss before the opponent's. */
        if (bhi > AB_WIN - (ply + 1)) bhi = AB_WIN - (ply + 1);
        if (blo < -(AB_WIN - (ply + 2))) blo = -(AB_WIN - (ply + 2));
    }
    if (blo >= bhi || blo >= beta) return val_make(blo, bhi, blo);
    if (bhi <= alpha) return val_make(blo, bhi, bhi);

    int sym = 0;
    uint64_t key = x->tt.entries ? table_key(x, ply, c, passes, &sym) : 0;
    int tt_move = POINT_NONE;
    const ab_tt_entry_t *e = x->tt.entries ? ab_tt_probe(&x->tt, key) : NULL;
    if (e) {
        tt_move = e->move > 0 ? x->sym->inv[sym][e->move] : e->move;
        /* Proven intervals hold at any depth. */
        int tlo = value_from_tt(e->lo, ply), thi = value_from_tt(e->hi, ply);
        if (tlo > blo) blo = tlo;
        if (thi < bhi) bhi = thi;
        if (bhi < blo) bhi = blo;
        if (blo >= bhi || blo >= beta) return val_make(blo, bhi, blo);
        if (bhi <= alpha) return val_make(blo, bhi, bhi);
        /* The heuristic value only as deep as asked, and as the bound it was stored as. Never at
         * the root of a proof: its entry from an earlier, deeper proof would answer every
         * shallower iteration without a search, and the proof would not progress. */
        if (x->heuristic_cuts && ply != x->proof_ply && e->depth >= depth) {
            int th = value_from_tt(e->h, ply);
            if ((e->h_type == AB_TT_EXACT) || (e->h_type == AB_TT_LOWER && th >= beta) ||
                (e->h_type == AB_TT_UPPER && th <= alpha)) {
                x->tt.hits++;
                return val_make(blo, bhi, th);
            }
        }
    }

    if (depth <= 0 || ply >= AB_MAX_PLY - 1) {
        x->horizon_leaves++;
        int h = x->eval->evaluate ? x->eval->evaluate(&pos) : (blo + bhi) / 2;
        return val_make(blo, bhi, h);
    }

    /* GHI: the result depends on the path above when a superko ban in the subtree referred to a
     * position before this one (this node's key is the last on the path). Such results are not
     * stored. */
    const int my_index = x->path_len - 1;
    const int outer_ref = x->min_ref;
    x->min_ref = x->path_cap;

    scored_move_t moves[BOARD_MAX_POINTS + 1];
    int n = generate(x, c, ply, tt_move, x->benson ? territory : NULL, moves);
    int best_lo = -AB_INF, best_hi = -AB_INF, best_h = -AB_INF, best_move = POINT_NONE;
    int a = alpha;
    bool searched_any = false;
    const stone_t o = stone_other(c);
    for (int i = 0; i < n; i++) {
        int p = moves[i].point;
        board_undo_t undo;
        if (!make_move(x, c, p, ply, &undo)) continue;
        ab_val_t m;
        int end;
        bool ended = game_end_value(x, c, p, passes, ply, &end);
        if (ended) {
            m = (ab_val_t){end, end, end};
        } else {
            int child_passes = p == POINT_PASS ? passes + 1 : 0;
            ab_val_t cv;
            if (!searched_any) {
                cv = search(x, o, child_passes, depth - 1, -beta, -a, ply + 1);
            } else {
                cv = search(x, o, child_passes, depth - 1, -a - 1, -a, ply + 1);
                if (-cv.h > a && -cv.h < beta && !x->stop)
                    cv = search(x, o, child_passes, depth - 1, -beta, -a, ply + 1);
            }
            m = (ab_val_t){-cv.hi, -cv.lo, -cv.h};
        }
        unmake_move(x, &undo);
        if (x->stop) break;
        searched_any = true;
        if (m.hi > best_hi) best_hi = m.hi;
        if (m.lo > best_lo) best_lo = m.lo;
        if (m.h > best_h || best_move == POINT_NONE) {
            if (m.h > best_h) best_h = m.h;
            best_move = p;
            x->pv[ply][0] = p;
            int cl = ended ? 0 : x->pv_len[ply + 1];
            memcpy(&x->pv[ply][1], x->pv[ply + 1], (size_t)cl * sizeof(int));
            x->pv_len[ply] = cl + 1;
        }
        if (best_h > a) a = best_h;
        if (best_h >= beta) {
            best_hi = AB_INF; /* the moves not searched may be better */
            break;
        }
    }
    const bool path_dependent = x->min_ref < my_index;
    if (outer_ref < x->min_ref) x->min_ref = outer_ref;
    if (x->stop) return (ab_val_t){-AB_INF, AB_INF, 0};
    assert(searched_any); /* a pass is always legal */
    if (best_h > alpha) note_good_move(x, c, ply, best_move, depth);
    ab_val_t r = val_make(clamp(best_lo, blo, bhi), clamp(best_hi, blo, bhi), best_h);
    if (x->tt.entries && !path_dependent) {
        int stored_move = best_move > 0 ? x->sym->map[sym][best_move] : best_move;
        int type = r.h >= beta ? AB_TT_LOWER : r.h <= alpha ? AB_TT_UPPER : AB_TT_EXACT;
        ab_tt_store(&x->tt, key, value_to_tt(r.lo, ply), value_to_tt(r.hi, ply),
                    value_to_tt(r.h, ply), type, stored_move, depth);
    }
    return r;
}

/* ---- drivers ---- */

static void fill_stats(const ab_ctx_t *x, ab_result_t *r)
{
    r->nodes = x->nodes;
    r->seconds = elapsed(x);
    r->nodes_per_second = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
}

/* Heuristic mode: iterative deepening with the full window; stops early when proven. */
static void deepen_root(ab_ctx_t *x, stone_t c, int passes, int max_depth, const ab_config_t *cfg,
                        ab_result_t *r)
{
    for (int depth = 1; depth <= max_depth; depth++) {
        ab_val_t v = search(x, c, passes, depth, -AB_INF, AB_INF, 0);
        if (x->stop) break;
        r->depth = depth;
        r->lo = v.lo;
        r->hi = v.hi;
        r->value = v.h;
        /* Proven: the exact value, or a win or loss by the capture goal (the first iteration
         * that proves one finds the shortest within its depth). */
        r->exact = v.lo == v.hi || v.lo >= AB_WIN_MIN || v.hi <= -AB_WIN_MIN;
        r->pv_len = x->pv_len[0];
        memcpy(r->pv, x->pv[0], (size_t)r->pv_len * sizeof(int));
        r->best_move = r->pv_len ? r->pv[0] : POINT_NONE;
        fill_stats(x, r);
        if (cfg->on_iteration) cfg->on_iteration(r, cfg->user);
        if (r->exact) break;
    }
}

/* Prove whether the value of the position at ply is >= t (window t - 1, t) by iterative
 * deepening; narrows [*lo, *hi] with every proven interval and leaves the last heuristic value
 * in *h. Returns the depth reached. */
static int prove(ab_ctx_t *x, stone_t c, int passes, int ply, int t, int max_depth, int *lo,
                 int *hi, int *h)
{
    int depth = 0;
    x->heuristic_cuts = true;
    while (*lo < t && *hi >= t && depth < max_depth && !x->stop) {
        depth++;
        x->proof_ply = ply;
        uint64_t leaves = x->horizon_leaves;
        ab_val_t v = search(x, c, passes, depth, t - 1, t, ply);
        /* An iteration that reached no horizon leaf was closed by terminal positions, bounds
         * and table cut-offs alone: a deeper one would be the same. If the proof is still open,
         * heuristic cut-offs at transpositions stand in for the expansions that would prove it
         * (tiny boards, where positions recur at many plies with different superko
         * histories): the rest of this proof goes without them. */
        if (x->horizon_leaves == leaves && v.lo < t && v.hi >= t) x->heuristic_cuts = false;
        if (x->stop) break;
        if (v.lo > *lo) *lo = v.lo;
        if (v.hi < *hi) *hi = v.hi;
        *h = v.h;
    }
    x->heuristic_cuts = true;
    return depth;
}

/* The principal variation of a solved root of value v: at every position the first move (in
 * search order) proven to keep the value, until the game ends or the bounds settle the count. */
static void solved_pv(ab_ctx_t *x, stone_t c, int passes, int v, int max_depth, ab_result_t *r)
{
    board_undo_t undos[AB_MAX_PLY];
    bool pushed[AB_MAX_PLY];
    int n = 0;
    stone_t mover = c;
    while (n < AB_MAX_PLY - 20 && !x->stop) {
        int ply = n;
        bool alive[BOARD_MAX_POINTS];
        stone_t territory[BOARD_MAX_POINTS];
        if (x->benson) benson_pass_alive(&x->board, alive, territory);
        ab_position_t pos = {&x->board, &x->rules, mover, passes, alive, territory};
        int blo, bhi;
        x->eval->bounds(&pos, &blo, &bhi);
        if (blo == bhi) break; /* settled: the count is fixed, no move is needed */
        scored_move_t moves[BOARD_MAX_POINTS + 1];
        int m = generate(x, mover, ply, POINT_NONE, x->benson ? territory : NULL, moves);
        int chosen = POINT_NONE;
        bool ended = false;
        for (int i = 0; i < m && chosen == POINT_NONE; i++) {
            int p = moves[i].point;
            board_undo_t u;
            if (!make_move(x, mover, p, ply, &u)) continue;
            int end;
            bool keeps;
            ended = game_end_value(x, mover, p, passes, ply, &end);
            if (ended) {
                keeps = end >= v;
            } else {
                /* The child is worth at most -v to the opponent: test child >= -v + 1. */
                int clo = -AB_INF, chi = AB_INF, ch = 0;
                int cp = p == POINT_PASS ? passes + 1 : 0;
                prove(x, stone_other(mover), cp, ply + 1, -v + 1, max_depth, &clo, &chi, &ch);
                keeps = chi <= -v;
            }
            if (keeps) {
                chosen = p;
                undos[n] = u;
                pushed[n] = true;
                r->pv[n++] = p;
                passes = p == POINT_PASS ? passes + 1 : 0;
            } else {
                unmake_move(x, &u);
            }
        }
        if (chosen == POINT_NONE || ended) break; /* no move: only under a GHI clash or a limit */
        v = -v;
        mover = stone_other(mover);
    }
    r->pv_len = n;
    for (int i = n - 1; i >= 0; i--)
        if (pushed[i]) unmake_move(x, &undos[i]);
    r->best_move = n ? r->pv[0] : POINT_NONE;
}

/* Solve mode: the value by a sequence of null-window proofs ("value >= t?"), MTD(f) style: the
 * next threshold is the last heuristic value, kept inside the proven interval. Proven intervals in
 * the table carry over from one test to the next. */
static void solve_root(ab_ctx_t *x, stone_t c, int passes, int max_depth, const ab_config_t *cfg,
                       ab_result_t *r)
{
    int lo = -AB_INF, hi = AB_INF;
    ab_val_t v0 = search(x, c, passes, 0, -AB_INF, AB_INF, 0); /* the static bounds */
    lo = v0.lo;
    hi = v0.hi;
    int guess = v0.h;
    while (lo < hi && !x->stop) {
        int t = guess;
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        int d = prove(x, c, passes, 0, t, max_depth, &lo, &hi, &guess);
        if (d > r->depth) r->depth = d;
        if (guess >= t && lo < t) guess = t; /* undecided: keep testing t */
        if (lo >= t && guess <= lo) guess = lo + 1;
        if (hi < t && guess >= t) guess = t - 1;
        r->lo = lo;
        r->hi = hi;
        r->value = lo;
        fill_stats(x, r);
        if (cfg->on_iteration) cfg->on_iteration(r, cfg->user);
        if (lo < t && hi >= t) break; /* undecided at the deepest depth */
    }
    r->lo = lo;
    r->hi = hi;
    r->value = lo;
    r->exact = lo == hi && !x->stop;
    if (r->exact) solved_pv(x, c, passes, lo, max_depth, r);
    fill_stats(x, r);
}

/* ---- entry ---- */

static void ctx_free(ab_ctx_t *x)
{
    if (!x) return;
    ab_tt_free(&x->tt);
    free(x->path);
    free(x->sym);
    free(x);
}

bool ab_search(const game_t *g, const ab_config_t *cfg_in, ab_result_t *r)
{
    if (game_is_over(g) && game_end_reason(g) != GAME_END_PASSES) return false;
    ab_config_t cfg = cfg_in ? *cfg_in : ab_config_default();
    ab_ctx_t *x = calloc(1, sizeof(*x));
    if (!x) return false;
    clock_gettime(CLOCK_MONOTONIC, &x->start);
    board_copy(&x->board, game_board(g));
    x->rules = *game_rules(g);
    x->eval = cfg.eval ? cfg.eval : &AB_EVAL_AREA;
    x->solve = cfg.solve;
    x->benson = x->rules.capture_goal == 0 && x->rules.scoring == SCORING_AREA;
    x->max_nodes = cfg.max_nodes;
    x->max_seconds = cfg.max_seconds;
    x->sym = malloc(sizeof(*x->sym));
    int hist = game_move_count(g);
    x->path_cap = hist + AB_MAX_PLY + 2;
    x->path = malloc((size_t)x->path_cap * sizeof(uint64_t));
    if (!x->sym || !x->path || (cfg.tt_bits > 0 && !ab_tt_init(&x->tt, cfg.tt_bits))) {
        ctx_free(x);
        return false;
    }
    ab_symmetry_init(x->sym, &x->board, cfg.symmetry);
    ab_symmetry_hashes(x->sym, &x->board, x->sym_hash[0]);
    x->min_ref = x->path_cap;

    /* The superko history: the empty start, then the position after every entry. */
    path_push(x, superko_key(x, 0, STONE_BLACK));
    for (int i = 0; i < hist; i++) {
        const game_move_t *m = game_move_at(g, i);
        path_push(x, superko_key(x, m->key, stone_other(m->color)));
    }
    stone_t to_move = game_to_move(g);
    int passes = game_consecutive_passes(g);
    if (passes > 1) passes = 1; /* a finished game is searched as if the last pass resumed it */

    int max_depth = cfg.max_depth > 0 ? cfg.max_depth : AB_MAX_PLY - 10;
    if (max_depth > AB_MAX_PLY - 10) max_depth = AB_MAX_PLY - 10;
    memset(r, 0, sizeof(*r));
    r->lo = -AB_INF;
    r->hi = AB_INF;
    r->best_move = POINT_NONE;
    if (x->solve)
        solve_root(x, to_move, passes, max_depth, &cfg, r);
    else
        deepen_root(x, to_move, passes, max_depth, &cfg, r);
    r->stopped = x->stop;
    r->nodes = x->nodes;
    r->seconds = elapsed(x);
    r->nodes_per_second = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
    ctx_free(x);
    return true;
}
