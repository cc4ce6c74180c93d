/* ab_final.c - perfect play at the end of a game: the status of every string (alive, dead, in
 * seki) and the exact count, from a position near the end, or "unknown" when the call budget
 * runs out.
 *
 * Owns: the classification of strings along a line of perfect play. The proof is the prover's
 * (ab_solve.c, with the endgame move priority Q); the settled regions are Benson's, the safe
 * regions of ab_static.c and the small regions ab_regions.c proves safe, where the prover never
 * plays a move that cannot change the count. Knows nothing of GTP.
 *
 * The line: the prover's principal variation keeps the exact value at every move until the game
 * ends by two passes or the static analysis settles every point. A string captured anywhere on
 * it is dead (its owner cannot save it without losing points). At the end, a string inside the
 * opponent's safe points is dead, one inside its own is alive, and one that is neither but
 * shares a liberty with a surviving opponent string that is not safe either is in seki: under
 * area counting perfect play fills every neutral point it can, so a shared liberty left at the
 * end is one that neither side can fill without losing the string.
 */
#include <string.h>

#include "ab/ab_internal.h"
#include "ab/ab_regions.h"
#include "tengen/score.h"

#define AB_FINAL_TT_BITS 18
#define SETTLED_REGION_CACHE_BITS 4

/* Owner of every point of b whatever is played: BLACK, WHITE or EMPTY (not settled). */
static void settled_owner(const board_t *b, stone_t *owner)
{
    memset(owner, 0, BOARD_MAX_POINTS * sizeof(*owner));
    ab_geom_t g;
    if (ab_geom_init(&g, b)) {
        ab_bits_t black, white;
        ab_static_t st;
        ab_bits_from_board(&g, b, &black, &white);
        /* The prover's line stops where its static analysis, local regions included, settles
         * every point: the same analysis reads the end (a small cache: one position). */
        ab_regions_t *rc = ab_regions_new(SETTLED_REGION_CACHE_BITS);
        ab_regions_analyse(rc, &g, black, white, &st);
        ab_regions_free(rc);
        for (int i = 0; i < g.n * g.n; i++) {
            ab_bits_t m = (ab_bits_t)1 << i;
            owner[g.point[i]] = (st.safe[STONE_BLACK] & m)   ? STONE_BLACK
                                : (st.safe[STONE_WHITE] & m) ? STONE_WHITE
                                                             : STONE_EMPTY;
        }
        return;
    }
    bool alive[BOARD_MAX_POINTS];
    stone_t territory[BOARD_MAX_POINTS];
    benson_pass_alive(b, alive, territory);
    for (int p = 0; p < b->num_points; p++) {
        if (b->color[p] == STONE_BORDER) continue;
        owner[p] = territory[p] != STONE_EMPTY ? territory[p]
                   : alive[p]                  ? (stone_t)b->color[p]
                                               : STONE_EMPTY;
    }
}

/* Does the string at p (on b) share a liberty with an opponent string that is not settled? */
static bool shares_unsettled_liberty(const board_t *b, int p, const stone_t *owner)
{
    const stone_t c = (stone_t)b->color[p], o = stone_other(c);
    int q = p;
    do {
        for (int d = 0; d < 4; d++) {
            int lib = q + board_neighbor_offset(b, d);
            if (b->color[lib] != STONE_EMPTY) continue;
            for (int e = 0; e < 4; e++) {
                int r = lib + board_neighbor_offset(b, e);
                if (b->color[r] == o && owner[r] != o) return true;
            }
        }
        q = b->next[q];
    } while (q != p);
    return false;
}

/* The game g without its trailing passes, replayed into a new game, with the player who passed
 * first to move; NULL on no memory. */
static game_t *without_trailing_passes(const game_t *g)
{
    int n = game_move_count(g);
    while (n > 0 && game_move_at(g, n - 1)->setup_index < 0 &&
           game_move_at(g, n - 1)->point == POINT_PASS)
        n--;
    game_t *copy = game_new(game_size(g), game_rules(g));
    if (!copy) return NULL;
    for (int i = 0; i < n; i++) {
        const game_move_t *m = game_move_at(g, i);
        if (game_to_move(copy) != m->to_move_before) game_set_to_move(copy, m->to_move_before);
        bool ok;
        if (m->setup_index >= 0) {
            const int *points;
            const stone_t *stones;
            const int k = game_setup_at(g, i, &points, &stones);
            ok = game_setup(copy, points, stones, k);
        } else {
            ok = game_play(copy, m->color, m->point) == GAME_OK;
        }
        if (!ok) { /* cannot happen: these moves were legal in g */
            game_free(copy);
            return NULL;
        }
    }
    /* The colour of the first pass, not the turn before it: a GUI may have played setup moves
     * of one colour in a row, and the player who passed is the one that offered to stop. */
    game_set_to_move(copy, n < game_move_count(g) ? game_move_at(g, n)->color : game_to_move(g));
    return copy;
}

int ab_final_open_points(const game_t *g)
{
    const board_t *b = game_board(g);
    stone_t owner[BOARD_MAX_POINTS];
    settled_owner(b, owner);
    int open = 0;
    for (int p = 0; p < b->num_points; p++)
        open += b->color[p] == STONE_EMPTY && owner[p] == STONE_EMPTY;
    return open;
}

bool ab_final_status(const game_t *g, uint64_t budget, ab_final_t *out)
{
    return ab_final_status_for(g, STONE_EMPTY, budget, out);
}

bool ab_final_status_for(const game_t *g, stone_t to_move, uint64_t budget, ab_final_t *out)
{
    memset(out, 0, sizeof(*out));
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        out->status[p] = STATUS_ALIVE;
    if (game_rules(g)->capture_goal > 0) return true;
    if (game_is_over(g) && game_end_reason(g) != GAME_END_PASSES) return true;
    if (game_consecutive_passes(g) > 0) {
        /* After a pass the player to move could end the game at once, and its own dead stones
         * would count as alive: judge the position before the passes instead, where either side
         * may still capture the other's dead stones before the game ends. */
        game_t *copy = without_trailing_passes(g);
        if (!copy) return false;
        const bool ok = ab_final_status_for(copy, to_move, budget, out);
        game_free(copy);
        return ok;
    }

    ab_config_t cfg = ab_config_default();
    cfg.max_nodes = budget ? budget : AB_FINAL_BUDGET;
    cfg.tt_bits = AB_FINAL_TT_BITS;
    cfg.endgame_order = true;
    cfg.area_count = true;
    cfg.to_move = to_move;
    const stone_t first = to_move == STONE_EMPTY ? game_to_move(g) : to_move;
    ab_result_t r;
    if (!ab_search(g, &cfg, &r)) return false;
    out->nodes = r.nodes;
    if (!r.exact) return true;

    /* Replay the line, noting every original string that loses a stone. */
    const board_t *start = game_board(g);
    board_t b;
    board_copy(&b, start);
    bool dead[BOARD_MAX_POINTS] = {false}; /* by the string's head on the start board */
    stone_t mover = first;
    int passes = 0;
    for (int i = 0; i < r.pv_len; i++) {
        int p = r.pv[i];
        if (board_check_move(&b, mover, p) != MOVE_OK) return true; /* cannot happen */
        board_play(&b, mover, p, NULL);
        passes = p == POINT_PASS ? passes + 1 : 0;
        mover = stone_other(mover);
        for (int q = 0; q < start->num_points; q++) {
            int c = start->color[q];
            if ((c == STONE_BLACK || c == STONE_WHITE) && b.color[q] != c)
                dead[start->chain[q]] = true;
        }
    }
    stone_t owner[BOARD_MAX_POINTS];
    settled_owner(&b, owner);
    bool settled = true;
    for (int q = 0; q < b.num_points; q++)
        if (b.color[q] != STONE_BORDER && owner[q] == STONE_EMPTY) settled = false;
    if (passes < 2 && !settled) return true; /* the line stopped short: unknown */

    for (int q = 0; q < start->num_points; q++) {
        int c = start->color[q];
        if (c != STONE_BLACK && c != STONE_WHITE) continue;
        stone_status_t st = STATUS_ALIVE;
        if (dead[start->chain[q]] || owner[q] == stone_other((stone_t)c))
            st = STATUS_DEAD;
        else if ((int)owner[q] != c && shares_unsettled_liberty(&b, q, owner))
            st = STATUS_SEKI;
        out->status[q] = st;
    }
    out->black_margin = (first == STONE_BLACK ? r.value : -r.value) / 2.0;
    out->pv_len = r.pv_len;
    memcpy(out->pv, r.pv, (size_t)r.pv_len * sizeof(int));
    out->known = true;
    return true;
}
