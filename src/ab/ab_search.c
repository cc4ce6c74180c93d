/* ab_search.c - negamax alpha-beta for play: iterative deepening, principal-variation search, the
 * transposition table under symmetries, killer moves, the history heuristic, and the proven
 * bounds of the evaluation (Benson and safe regions under area scoring, capture-goal wins).
 * Solve mode hands the position to the prover (ab_solve.c).
 *
 * Owns: the heuristic search and its statistics. Walks the shared state (ab_state.c); never
 * formats text.
 *
 * Values are intervals. Every search returns [lo, hi] with the position's value inside it (leaves:
 * terminal scores and the evaluation's proven bounds), plus the heuristic value h that drives the
 * cut-offs, so a table entry stays a valid bound whatever depth produced it, and the root is
 * settled when lo == hi or a capture-goal win is proven.
 *
 * Table and graph history interaction: entries ignore the path, except that a result whose
 * subtree met a superko ban referring to a position above the node is path-dependent and is not
 * stored. The tests compare the values with the table and symmetries on and off.
 *
 * Move pruning: no moves where the static analysis says they cannot change the result (the
 * safe regions of ab_static.c).
 */
#include "tengen/ab.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab_internal.h"

typedef struct ab_ctx {
    ab_state_t s;
    ab_tt_t tt;
    int killers[AB_MAX_PLY + 1][2];
    uint32_t history[3][BOARD_MAX_POINTS];
    int pv[AB_MAX_PLY + 1][AB_MAX_PLY + 1];
    int pv_len[AB_MAX_PLY + 1];
    const atomic_bool *stop_request; /* the caller's; armed in x->s once a move is known */
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

/* ---- move ordering ---- */

typedef struct scored_move {
    int point;
    int64_t score;
} scored_move_t;

static int generate(ab_ctx_t *x, stone_t c, int ply, int tt_move, ab_bits_t no_play,
                    scored_move_t *out)
{
    const board_t *b = x->s.board;
    int n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empties[i];
        if (ab_state_pruned(&x->s, no_play, p)) continue;
        if (board_check_move(b, c, p) != MOVE_OK) continue;
        int64_t s = (int64_t)x->history[c][p] * 16 + ab_state_static_score(&x->s, c, p);
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

/* Search the position at ply (board in x->s, sym_hash[ply] set, its superko key last on the
 * path) with c to move after `passes` consecutive passes, window (alpha, beta). */
static ab_val_t search(ab_ctx_t *x, stone_t c, int passes, int depth, int alpha, int beta, int ply)
{
    ab_state_t *st = &x->s;
    ab_state_count_node(st);
    x->pv_len[ply] = 0;
    if (st->stop) return (ab_val_t){-AB_INF, AB_INF, 0};

    ab_position_t pos;
    ab_bits_t no_play;
    ab_state_analyse(st, c, passes, &pos, &no_play);
    int blo, bhi;
    st->eval->bounds(&pos, &blo, &bhi);
    if (st->rules.capture_goal > 0) {
        /* Win distance: no win before the next move, no loss before the opponent's. */
        if (bhi > AB_WIN - (ply + 1)) bhi = AB_WIN - (ply + 1);
        if (blo < -(AB_WIN - (ply + 2))) blo = -(AB_WIN - (ply + 2));
    }
    if (blo >= bhi || blo >= beta) return val_make(blo, bhi, blo);
    if (bhi <= alpha) return val_make(blo, bhi, bhi);

    int sym = 0;
    uint64_t key = x->tt.entries ? ab_state_key(st, ply, c, passes, &sym) : 0;
    int tt_move = POINT_NONE;
    const ab_tt_entry_t *e = x->tt.entries ? ab_tt_probe(&x->tt, key) : NULL;
    if (e) {
        tt_move = e->move > 0 ? st->sym->inv[sym][e->move] : e->move;
        /* Proven intervals hold at any depth. */
        int tlo = value_from_tt(e->lo, ply), thi = value_from_tt(e->hi, ply);
        if (tlo > blo) blo = tlo;
        if (thi < bhi) bhi = thi;
        if (bhi < blo) bhi = blo;
        if (blo >= bhi || blo >= beta) return val_make(blo, bhi, blo);
        if (bhi <= alpha) return val_make(blo, bhi, bhi);
        /* The heuristic value only as deep as asked, and as the bound it was stored as; never
         * at the root, which must produce a move. */
        if (ply > 0 && e->depth >= depth) {
            int th = value_from_tt(e->h, ply);
            if ((e->h_type == AB_TT_EXACT) || (e->h_type == AB_TT_LOWER && th >= beta) ||
                (e->h_type == AB_TT_UPPER && th <= alpha)) {
                x->tt.hits++;
                return val_make(blo, bhi, th);
            }
        }
    }

    if (depth <= 0 || ply >= AB_MAX_PLY - 1) {
        int h = st->eval->evaluate ? st->eval->evaluate(&pos) : (blo + bhi) / 2;
        return val_make(blo, bhi, h);
    }

    /* GHI: the result depends on the path above when a superko ban in the subtree referred to a
     * position before this one (this node's key is the last on the path). */
    const int my_index = st->path_len - 1;
    const int outer_ref = st->min_ref;
    st->min_ref = st->path_cap;

    scored_move_t moves[BOARD_MAX_POINTS + 1];
    int n = generate(x, c, ply, tt_move, no_play, moves);
    int best_lo = -AB_INF, best_hi = -AB_INF, best_h = -AB_INF, best_move = POINT_NONE;
    int a = alpha;
    bool searched_any = false;
    const stone_t o = stone_other(c);
    for (int i = 0; i < n; i++) {
        int p = moves[i].point;
        if (!ab_state_play(st, c, p, ply)) continue; /* a repetition */
        ab_val_t m;
        int end;
        bool ended = ab_state_game_end(st, c, p, passes, ply, &end);
        if (ended) {
            m = (ab_val_t){end, end, end};
        } else {
            int child_passes = p == POINT_PASS ? passes + 1 : 0;
            ab_val_t cv;
            if (!searched_any) {
                cv = search(x, o, child_passes, depth - 1, -beta, -a, ply + 1);
            } else {
                cv = search(x, o, child_passes, depth - 1, -a - 1, -a, ply + 1);
                if (-cv.h > a && -cv.h < beta && !st->stop)
                    cv = search(x, o, child_passes, depth - 1, -beta, -a, ply + 1);
            }
            m = (ab_val_t){-cv.hi, -cv.lo, -cv.h};
        }
        ab_state_undo(st);
        if (st->stop) break;
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
    const bool path_dependent = st->min_ref < my_index;
    if (outer_ref < st->min_ref) st->min_ref = outer_ref;
    if (st->stop) return (ab_val_t){-AB_INF, AB_INF, 0};
    assert(searched_any); /* a pass is always legal */
    if (best_h > alpha) note_good_move(x, c, ply, best_move, depth);
    ab_val_t r = val_make(clamp(best_lo, blo, bhi), clamp(best_hi, blo, bhi), best_h);
    if (x->tt.entries && !path_dependent) {
        int stored_move = best_move > 0 ? st->sym->map[sym][best_move] : best_move;
        int type = r.h >= beta ? AB_TT_LOWER : r.h <= alpha ? AB_TT_UPPER : AB_TT_EXACT;
        ab_tt_store(&x->tt, key, value_to_tt(r.lo, ply), value_to_tt(r.hi, ply),
                    value_to_tt(r.h, ply), type, stored_move, depth);
    }
    return r;
}

/* Iterative deepening with the full window; stops early when the value is proven. */
static void deepen_root(ab_ctx_t *x, stone_t c, int passes, int max_depth, const ab_config_t *cfg,
                        ab_result_t *r)
{
    for (int depth = 1; depth <= max_depth; depth++) {
        ab_val_t v = search(x, c, passes, depth, -AB_INF, AB_INF, 0);
        if (x->s.stop) break;
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
        ab_state_fill_stats(&x->s, r);
        if (cfg->on_iteration) cfg->on_iteration(r, cfg->user);
        if (r->exact) break;
        /* A move is known now: "move now" may end the search. */
        x->s.stop_request = x->stop_request;
        if (x->stop_request && atomic_load(x->stop_request)) {
            x->s.stop = true;
            break;
        }
    }
}

/* ---- entry ---- */

/* The prover's first threshold comes from a short heuristic search: iterative deepening with
 * the area evaluation, at most this many nodes and as many plies as the board has points. */
#define AB_GUESS_NODES 20000
#define AB_GUESS_TT_BITS 16

/* Black's value as a short heuristic search sees it (half points). Counts its nodes; the
 * caller's limits still apply. */
static int heuristic_guess(ab_ctx_t *x, stone_t c, int passes)
{
    ab_state_t *st = &x->s;
    if (!ab_tt_init(&x->tt, AB_GUESS_TT_BITS)) return 0;
    const uint64_t user_max = ab_state_begin_budget(st, AB_GUESS_NODES);
    ab_config_t quiet = ab_config_default();
    ab_result_t g;
    memset(&g, 0, sizeof(g));
    const int points = st->board->size * st->board->size;
    deepen_root(x, c, passes, points < AB_MAX_PLY - 10 ? points : AB_MAX_PLY - 10, &quiet, &g);
    /* Only the user's limits stop the prover. */
    ab_state_end_budget(st, user_max);
    ab_tt_free(&x->tt);
    return c == STONE_BLACK ? g.value : -g.value;
}

bool ab_search(const game_t *g, const ab_config_t *cfg_in, ab_result_t *r)
{
    if (game_is_over(g) && game_end_reason(g) != GAME_END_PASSES) return false;
    ab_config_t cfg = cfg_in ? *cfg_in : ab_config_default();
    ab_ctx_t *x = calloc(1, sizeof(*x));
    if (!x) return false;
    if (!ab_state_init(&x->s, g, &cfg)) {
        free(x);
        return false;
    }
    if (!cfg.solve && cfg.tt_bits > 0 && !ab_tt_init(&x->tt, cfg.tt_bits)) {
        ab_state_free(&x->s);
        free(x);
        return false;
    }
    stone_t to_move = game_to_move(g);
    int passes = game_consecutive_passes(g);
    if (passes > 1) passes = 1; /* a finished game is searched as if the last pass resumed it */
    if (cfg.to_move == STONE_BLACK || cfg.to_move == STONE_WHITE) {
        if (cfg.to_move != to_move) passes = 0;
        to_move = cfg.to_move;
    }

    int max_depth = cfg.max_depth > 0 ? cfg.max_depth : AB_MAX_PLY - 10;
    if (max_depth > AB_MAX_PLY - 10) max_depth = AB_MAX_PLY - 10;
    memset(r, 0, sizeof(*r));
    r->lo = -AB_INF;
    r->hi = AB_INF;
    r->best_move = POINT_NONE;
    x->stop_request = cfg.stop_request;
    if (cfg.solve) {
        x->s.stop_request = x->stop_request; /* the prover has no move to keep */
        /* A single test has its threshold: the guess would only cost nodes. */
        int guess = cfg.single_test ? cfg.test_value : heuristic_guess(x, to_move, passes);
        if (!x->s.stop) ab_solve(&x->s, to_move, passes, &cfg, guess, r);
    } else {
        deepen_root(x, to_move, passes, max_depth, &cfg, r);
    }
    r->stopped = x->s.stop;
    ab_state_fill_stats(&x->s, r);
    ab_tt_free(&x->tt);
    ab_state_free(&x->s);
    free(x);
    return true;
}
