/* ab_prove.c - the second exact prover, after the method of MIGOS (van der Werf, van den Herik
 * and Uiterwijk, "Solving Go on Small Boards", ICGA Journal 2003): every threshold test "is
 * black's value >= T?" is an iterative-deepening alpha-beta search with a null window at T, over
 * the same moves, static bounds and symmetric keys as the df-pn prover (ab_solve.c).
 *
 * Owns: the null-window search, its table (proven bounds valid at any depth, heuristic values
 * with the depth they hold for), enhanced transposition cut-offs, killers, the history
 * heuristic, the heuristic evaluation and the iterations. Walks the shared state (ab_state.c);
 * never formats text.
 *
 * Every search returns two things: the proven interval [lo, hi] of black's value (from the end
 * of the game, the static bounds of Benson's algorithm and the safe regions, and the table's
 * proven entries, combined by minimax over the children that were searched), and a heuristic
 * value h that only decides which moves are searched: at the depth limit a position returns its
 * static bounds and an evaluation inside them. A cut-off on h (black's move heuristically reaches
 * T, or white's stays below it) proves nothing; the test is decided only when the root's proven
 * interval lies on one side of T, so no heuristic leaf ever decides it. Each iteration one ply
 * deeper reuses the table of the last (proven entries at any depth, heuristic ones as deep as
 * they were searched, the best move always).
 *
 * Before any child is searched all of them are analysed and looked up (enhanced transposition
 * cut-offs): one child whose static bounds or table entry already decide the test decides the
 * node. Moves are ordered by the table's move, the killers of the ply, then the children's
 * evaluations (black's best first at black's turn, white's at white's), the opponent's moves
 * there (fewer first, as in the df-pn prover's initial numbers) and the history heuristic.
 *
 * What differs from a plain MIGOS: the leaf evaluation is pessimistic for black (every stone
 * not yet statically dead counts for its owner), so at the horizon "black takes everything"
 * fails until proven, and an iteration that fails is the shape of a disproof: every black move,
 * one white answer. An evaluation that counts weak strings as dead (tried first) made the
 * iterations proof-shaped but kept choosing black moves whose proofs were dozens of plies long
 * (k = 10 of the 5x5 ladder: 2.7 million nodes, proven only at depth 66). In a single test
 * (--at-least) black's later moves are searched shallower (late move reductions, up to depth
 * REDUCE_MAX_DEPTH), which keeps the failing iterations small: sound, because a proven bound
 * holds at any depth; only the depth at which a proof is found grows. There the moves are
 * ordered by the evaluation that counts weak strings as dead. Both stay out of the exact value's
 * tests: its disproofs must refute every black move and did not finish on 4x4 with them.
 *
 * Graph history interaction, the same policy as the df-pn prover: superko bans are enforced on
 * the game history and the search path (under simple ko a repetition of the whole position with
 * the same player to move is banned too, since a cycle has no minimax value), and a result whose
 * subtree met a ban referring to a position above the node depends on the path: it is used on
 * that path but never stored in the table. That misses the other half of the problem: a result
 * stored under one history is reused under another where a move of its subtree would be banned.
 * On 3x3 after B3 C3 A2 this prover's first version (ordering every test by order_estimate)
 * answered B+4 where df-pn, and the children solved one by one, give B+3 (docs/solve.md).
 *
 * Values are black's, in half points (black's margin times two, komi included). Boards up to
 * 8x8 under area scoring without a capture goal (the 64-bit static memo); ab_solve() keeps df-pn
 * elsewhere.
 */
#include <stdlib.h>
#include <string.h>

#include "ab/ab_internal.h"
#include "ab/ab_regions.h"

#define PROVE_MAX_POINTS 64 /* boards up to 8x8 */
#define PROVE_MAX_CHILDREN (PROVE_MAX_POINTS + 1)
#define PV_MAX 80            /* plies of the principal variation */
#define REGION_CACHE_BITS 16 /* the local regions' results kept (ab_regions.c) */
#define MEMO_BITS 20         /* static analyses kept by the stones */
#define KILLERS 2
/* Black's moves after the first REDUCE_AFTER are searched REDUCE_PLIES plies shallower, and
 * one ply less again every REDUCE_EVERY moves (late move reductions; see search()). */
#define REDUCE_AFTER 2
#define REDUCE_PLIES 2
#define REDUCE_EVERY 3
/* Reductions only in iterations up to this depth: a disproof must refute every black move, so
 * a reduced move needs that much more depth, and along a long line (a ko fight) the reductions
 * add up past AB_MAX_PLY (4x4 stayed at [B+2, B+16] at depth 234 without this limit). */
#define REDUCE_MAX_DEPTH 32

enum { H_EXACT = 0, H_LOWER = 1, H_UPPER = 2 };

/* ---- the table ---- */

typedef struct entry {
    uint64_t key;
    int16_t lo, hi; /* proven bounds of black's value, valid at any depth */
    int16_t h;      /* black's heuristic value of a search `depth` plies deep, bound type h_type */
    int16_t move;   /* best move in canonical orientation, POINT_PASS or POINT_NONE */
    uint8_t depth;
    uint8_t h_type;
    uint8_t work; /* log2 of the nodes spent below: replacement priority */
    uint8_t used;
    uint16_t iteration; /* the iteration that stored h */
} entry_t;

/* One static analysis by the stones: safe counts, pruned points, the stones not yet safe for
 * the other side and the heuristic count. */
typedef struct memo {
    uint64_t black, white;
    uint64_t no_play[2]; /* black's and white's pruned points */
    uint8_t safe[2];
    uint8_t unsettled[2];
    int8_t estimate; /* black's points minus white's by leaf_estimate */
    int8_t guess;    /* the same by order_estimate */
} memo_t;

typedef struct prover {
    ab_state_t *s;
    entry_t *table; /* 2-way buckets */
    uint64_t mask;
    memo_t *memo;
    ab_regions_t *regions;
    int t; /* the threshold of the current test */
    int komi2;
    int lo_limit, hi_limit;
    int max_ply;
    uint16_t iteration; /* counts the iterations of all tests */
    bool reduce;        /* late move reductions in this iteration */
    bool single;        /* a single test (cfg->single_test): order by order_estimate and reduce */
    int killers[AB_MAX_PLY + 1][KILLERS];
    uint32_t history[3][BOARD_MAX_POINTS];
} prover_t;

static uint64_t bucket(const prover_t *pv, uint64_t key)
{
    return ((key >> 20) ^ key) & pv->mask & ~(uint64_t)1;
}

static entry_t *table_find(const prover_t *pv, uint64_t key)
{
    entry_t *e = &pv->table[bucket(pv, key)];
    if (e[0].used && e[0].key == key) return &e[0];
    if (e[1].used && e[1].key == key) return &e[1];
    return NULL;
}

/* The entry for key, created (replacing the less valuable of the bucket) if missing. */
static entry_t *table_slot(prover_t *pv, uint64_t key)
{
    entry_t *e = &pv->table[bucket(pv, key)];
    if (e[0].used && e[0].key == key) return &e[0];
    if (e[1].used && e[1].key == key) return &e[1];
    entry_t *slot;
    if (!e[0].used)
        slot = &e[0];
    else if (!e[1].used)
        slot = &e[1];
    else {
        /* Proven bounds are worth more than heuristic values; then the bigger subtree. */
        int v0 = e[0].work + (e[0].lo > pv->lo_limit || e[0].hi < pv->hi_limit ? 16 : 0);
        int v1 = e[1].work + (e[1].lo > pv->lo_limit || e[1].hi < pv->hi_limit ? 16 : 0);
        slot = v0 <= v1 ? &e[0] : &e[1];
    }
    slot->key = key;
    slot->lo = (int16_t)pv->lo_limit;
    slot->hi = (int16_t)pv->hi_limit;
    slot->h = 0;
    slot->h_type = H_EXACT;
    slot->depth = 0;
    slot->move = POINT_NONE;
    slot->work = 0;
    slot->used = 1;
    return slot;
}

static uint8_t log2_work(uint64_t n)
{
    uint8_t l = 0;
    while (n > 1 && l < 63) {
        n >>= 1;
        l++;
    }
    return l;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* ---- static analysis and evaluation ---- */

/* The points of `open` that black's stones reach before white's through `open` (own_b), and
 * the other way round (own_w); a tie goes to nobody. */
static void reach_first(const ab_geom_t *g, ab_bits_t front_b, ab_bits_t front_w, ab_bits_t open,
                        ab_bits_t *own_b, ab_bits_t *own_w)
{
    *own_b = *own_w = 0;
    open &= ~(front_b | front_w);
    while ((front_b | front_w) && open) {
        const ab_bits_t nb = ab_bits_neighbours(g, front_b) & open;
        const ab_bits_t nw = ab_bits_neighbours(g, front_w) & open;
        front_b = nb & ~nw;
        front_w = nw & ~nb;
        *own_b |= front_b;
        *own_w |= front_w;
        open &= ~(nb | nw);
    }
}

/* The evaluation at the depth limit, black's points minus white's: the safe points count for
 * their side, every other stone for its colour, an empty point for the colour that reaches it
 * first. It is pessimistic for the side that must capture: an invader counts until captured or
 * statically dead, so a leaf rarely passes "black takes everything" before it is proven. */
static int leaf_estimate(const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                         const ab_static_t *st)
{
    const ab_bits_t safe_b = st->safe[STONE_BLACK], safe_w = st->safe[STONE_WHITE];
    const ab_bits_t live_b = black & ~safe_w, live_w = white & ~safe_b;
    ab_bits_t own_b, own_w;
    reach_first(g, live_b, live_w, g->full & ~(black | white) & ~safe_b & ~safe_w, &own_b, &own_w);
    const int b = ab_bits_count(safe_b | ((live_b | own_b) & ~safe_w));
    const int w = ab_bits_count(safe_w | ((live_w | own_w) & ~safe_b));
    return b - w;
}

/* The strings of `stones` outside `safe` with at most two liberties among `empty`. */
static ab_bits_t weak_strings(const ab_geom_t *g, ab_bits_t stones, ab_bits_t safe, ab_bits_t empty)
{
    ab_bits_t rest = stones & ~safe, weak = 0;
    while (rest) {
        const ab_bits_t str = ab_bits_flood(g, rest & (~rest + 1), stones);
        rest &= ~str;
        if (ab_bits_count(ab_bits_neighbours(g, str) & empty) <= 2) weak |= str;
    }
    return weak;
}

/* The evaluation that orders the moves, black's points minus white's: safe points and the
 * stones of strings with three liberties or more count for their side; every other point
 * (empty, or a stone of a weak string, likely captured where the other side is stronger) for
 * the colour whose strong stones reach it first. Ordering by it instead of the leaf estimate
 * tries the move that kills an invader before it is captured (on the 5x5 proxy k = 8: 2.3
 * million nodes instead of 3.1). */
static int order_estimate(const ab_geom_t *g, ab_bits_t black, ab_bits_t white,
                          const ab_static_t *st)
{
    const ab_bits_t safe_b = st->safe[STONE_BLACK], safe_w = st->safe[STONE_WHITE];
    const ab_bits_t empty = g->full & ~(black | white);
    const ab_bits_t weak = weak_strings(g, black & ~safe_w, safe_b, empty) |
                           weak_strings(g, white & ~safe_b, safe_w, empty);
    const ab_bits_t strong_b = safe_b | (black & ~weak & ~safe_w);
    const ab_bits_t strong_w = safe_w | (white & ~weak & ~safe_b);
    ab_bits_t own_b, own_w;
    reach_first(g, strong_b, strong_w, g->full, &own_b, &own_w);
    return ab_bits_count(strong_b | own_b) - ab_bits_count(strong_w | own_w);
}

/* What a position's stones give: black's static bounds, c's pruned points, the opponent count
 * of the player to move there and the heuristic value (all black's, half points). */
typedef struct facts {
    int lo, hi, h, guess;
    ab_bits_t no_play;
    uint8_t unsettled[3];
} facts_t;

static void analyse_stones(prover_t *pv, ab_bits_t black, ab_bits_t white, stone_t c, facts_t *f)
{
    const ab_state_t *s = pv->s;
    const int n = s->geom.n * s->geom.n;
    const uint64_t bl = (uint64_t)black, wh = (uint64_t)white;
    const uint64_t hash = (bl * 0x9e3779b97f4a7c15ULL) ^ (wh * 0xc2b2ae3d27d4eb4fULL);
    memo_t *m = &pv->memo[hash >> (64 - MEMO_BITS)];
    if (m->black != bl || m->white != wh || !(bl | wh)) {
        ab_static_t st;
        ab_regions_analyse(pv->regions, &s->geom, black, white, &st);
        m->black = bl;
        m->white = wh;
        m->no_play[0] = (uint64_t)st.no_play[STONE_BLACK];
        m->no_play[1] = (uint64_t)st.no_play[STONE_WHITE];
        m->safe[0] = (uint8_t)ab_bits_count(st.safe[STONE_BLACK]);
        m->safe[1] = (uint8_t)ab_bits_count(st.safe[STONE_WHITE]);
        m->unsettled[0] = (uint8_t)ab_bits_count(black & ~st.safe[STONE_WHITE]);
        m->unsettled[1] = (uint8_t)ab_bits_count(white & ~st.safe[STONE_BLACK]);
        m->estimate = (int8_t)leaf_estimate(&s->geom, black, white, &st);
        m->guess = (int8_t)order_estimate(&s->geom, black, white, &st);
    }
    f->lo = 2 * (2 * m->safe[0] - n) - pv->komi2;
    f->hi = 2 * (n - 2 * m->safe[1]) - pv->komi2;
    f->h = clamp(2 * m->estimate - pv->komi2, f->lo, f->hi);
    f->guess = 2 * m->guess - pv->komi2;
    f->no_play = m->no_play[c == STONE_BLACK ? 0 : 1];
    f->unsettled[STONE_BLACK] = m->unsettled[0];
    f->unsettled[STONE_WHITE] = m->unsettled[1];
}

/* Black's value if the game ended now: the area count, komi included. */
static int area_value(const prover_t *pv, ab_bits_t black, ab_bits_t white)
{
    const ab_geom_t *g = &pv->s->geom;
    const ab_bits_t empty = g->full & ~(black | white);
    const ab_bits_t near_black = ab_bits_flood(g, ab_bits_neighbours(g, black) & empty, empty);
    const ab_bits_t near_white = ab_bits_flood(g, ab_bits_neighbours(g, white) & empty, empty);
    const int b = ab_bits_count(black | (near_black & ~near_white));
    const int w = ab_bits_count(white | (near_white & ~near_black));
    return 2 * (b - w) - pv->komi2;
}

/* ---- the children ---- */

/* A position one move below the node: its move, its static facts and table key. */
typedef struct child {
    int16_t point;
    int8_t sym;
    bool ended;     /* the move ended the game: lo == hi is the count */
    int16_t lo, hi; /* black's proven bounds: static, then the table's */
    int16_t h;      /* black's heuristic value */
    int16_t guess;  /* black's value by the ordering estimate */
    int8_t to_move;
    uint8_t opponent_moves; /* the moves of the player to move there and its unsettled stones */
    uint64_t key;
    ab_bits_t no_play;
    int64_t order;
} child_t;

static void set_facts(prover_t *pv, child_t *ch, ab_bits_t black, ab_bits_t white, stone_t c,
                      int passes)
{
    facts_t f;
    analyse_stones(pv, black, white, c, &f);
    if (passes > 0) { /* c may end the game with the count at once */
        int now = area_value(pv, black, white);
        if (c == STONE_BLACK && now > f.lo) f.lo = now;
        if (c == STONE_WHITE && now < f.hi) f.hi = now;
        if (f.hi < f.lo) f.hi = f.lo;
        f.h = clamp(f.h, f.lo, f.hi);
    }
    ch->lo = (int16_t)f.lo;
    ch->hi = (int16_t)f.hi;
    ch->h = (int16_t)f.h;
    ch->guess = (int16_t)clamp(f.guess, f.lo, f.hi);
    ch->no_play = f.no_play;
    ch->to_move = (int8_t)c;
    int moves = ab_bits_count(pv->s->geom.full & ~(black | white) & ~f.no_play) + 1;
    moves += f.unsettled[c];
    ch->opponent_moves = (uint8_t)(moves > 255 ? 255 : moves);
    ch->ended = false;
}

/* Analyse the position on the board (c to move after `passes` passes, at ply) into ch. */
static void analyse_node(prover_t *pv, stone_t c, int passes, int ply, child_t *ch)
{
    int sym;
    ch->key = ab_state_key(pv->s, ply, c, passes, &sym);
    ch->sym = (int8_t)sym;
    ab_bits_t black, white;
    ab_bits_from_board(&pv->s->geom, pv->s->board, &black, &white);
    set_facts(pv, ch, black, white, c, passes);
}

/* The children of the node at ply (c to move), analysed and looked up; returns their number.
 * Moves that capture nothing (most) are analysed from the masks alone, without playing. */
static int generate(prover_t *pv, stone_t c, int passes, int ply, ab_bits_t no_play, child_t *out)
{
    ab_state_t *s = pv->s;
    const board_t *b = s->board;
    const stone_t o = stone_other(c);
    ab_bits_t black, white;
    ab_bits_from_board(&s->geom, b, &black, &white);
    int m = 0;
    for (int i = -1; i < b->empty_count && m < PROVE_MAX_CHILDREN; i++) {
        const int p = i < 0 ? POINT_PASS : b->empties[i];
        child_t *ch = &out[m];
        if (p != POINT_PASS) {
            if (ab_state_pruned(s, no_play, p)) continue;
            if (board_check_move(b, c, p) != MOVE_OK) continue;
            if (!ab_state_captures(s, c, p)) {
                uint64_t key;
                int sym;
                if (!ab_state_quiet_key(s, c, p, ply, &key, &sym)) continue; /* a repetition */
                const ab_bits_t bit = (ab_bits_t)1 << s->geom.bit[p];
                set_facts(pv, ch, c == STONE_BLACK ? black | bit : black,
                          c == STONE_WHITE ? white | bit : white, o, 0);
                ch->point = (int16_t)p;
                ch->key = key;
                ch->sym = (int8_t)sym;
                m++;
                continue;
            }
        }
        if (!ab_state_play(s, c, p, ply)) continue; /* a repetition */
        ch->point = (int16_t)p;
        int end;
        if (ab_state_game_end(s, c, p, passes, ply, &end)) {
            const int v = c == STONE_BLACK ? end : -end;
            ch->ended = true;
            ch->lo = ch->hi = ch->h = ch->guess = (int16_t)v;
            ch->key = 0;
            ch->to_move = (int8_t)o;
            ch->opponent_moves = 0;
            ch->no_play = 0;
        } else {
            analyse_node(pv, o, p == POINT_PASS ? passes + 1 : 0, ply + 1, ch);
        }
        ab_state_undo(s);
        m++;
    }
    return m;
}

/* ---- the search ---- */

typedef struct result {
    int lo, hi, h;
} result_t;

static result_t make_result(int lo, int hi, int h)
{
    if (hi < lo) hi = lo; /* only under a graph-history clash */
    result_t r = {lo, hi, clamp(h, lo, hi)};
    return r;
}

static void note_good_move(prover_t *pv, stone_t c, int ply, int p, int depth)
{
    const int idx = p == POINT_PASS ? 0 : p;
    pv->history[c][idx] += (uint32_t)(depth * depth + 1);
    if (pv->history[c][idx] > (1u << 28))
        for (int k = 0; k < BOARD_MAX_POINTS; k++) {
            pv->history[STONE_BLACK][k] >>= 1;
            pv->history[STONE_WHITE][k] >>= 1;
        }
    if (pv->killers[ply][0] != p) {
        pv->killers[ply][1] = pv->killers[ply][0];
        pv->killers[ply][0] = p;
    }
}

/* Order the children best first for the player to move (black maximises, white minimises). */
static void order_children(prover_t *pv, stone_t c, int ply, int hint, child_t *ch, int n)
{
    const int side = c == STONE_BLACK ? 1 : -1;
    for (int i = 0; i < n; i++) {
        const int p = ch[i].point;
        const int value = pv->single ? ch[i].guess : ch[i].h;
        int64_t o = (int64_t)side * value * 4096 - (int64_t)ch[i].opponent_moves * 256;
        o += pv->history[c][p == POINT_PASS ? 0 : p] >> 12;
        if (p == pv->killers[ply][0]) o += (int64_t)1 << 36;
        if (p == pv->killers[ply][1]) o += (int64_t)1 << 35;
        if (p == hint) o += (int64_t)1 << 40;
        ch[i].order = o;
    }
    for (int i = 1; i < n; i++) {
        child_t x = ch[i];
        int j = i - 1;
        while (j >= 0 && ch[j].order < x.order) {
            ch[j + 1] = ch[j];
            j--;
        }
        ch[j + 1] = x;
    }
}

/* Null-window search at pv->t of the position at ply (c to move after `passes` passes, analysed
 * into *self), `depth` plies deep. */
static result_t search(prover_t *pv, stone_t c, int passes, int depth, int ply, const child_t *self)
{
    ab_state_t *s = pv->s;
    ab_state_count_node(s);
    if (ply > pv->max_ply) pv->max_ply = ply;
    const uint64_t nodes_before = s->nodes;
    const int t = pv->t;
    int lo = self->lo, hi = self->hi;
    entry_t *e = table_find(pv, self->key);
    if (e) {
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
    }
    if (lo >= t || hi < t) return make_result(lo, hi, lo >= t ? lo : hi);
    if (s->stop) return make_result(lo, hi, self->h);
    /* A heuristic value from an earlier iteration is not reused: a position met again deeper
     * on its own line (under a symmetry, or through a pass) would then answer from its own last
     * iteration forever, and the proof would never reach real leaves. */
    if (e && e->depth >= depth && e->iteration == pv->iteration) {
        const int th = e->h;
        if (e->h_type == H_EXACT || (e->h_type == H_LOWER && th >= t) ||
            (e->h_type == H_UPPER && th < t))
            return make_result(lo, hi, th);
    }
    if (depth <= 0 || ply >= AB_MAX_PLY - 2) {
        if (ply >= AB_MAX_PLY - 2) s->min_ref = -1; /* the answer depends on the path's length */
        return make_result(lo, hi, self->h);
    }

    const int my_index = s->path_len - 1;
    const int outer_ref = s->min_ref;
    s->min_ref = s->path_cap;

    const bool black = c == STONE_BLACK;
    const int hint = e && e->move > 0 ? s->sym->inv[self->sym][e->move] : e ? e->move : POINT_NONE;
    child_t ch[PROVE_MAX_CHILDREN];
    const int n = generate(pv, c, passes, ply, self->no_play, ch);

    /* Enhanced transposition cut-offs: every child looked up before any is searched. */
    int decided = -1;
    for (int i = 0; i < n && decided < 0; i++) {
        if (!ch[i].ended) {
            const entry_t *ce = table_find(pv, ch[i].key);
            if (ce) {
                if (ce->lo > ch[i].lo) ch[i].lo = ce->lo;
                if (ce->hi < ch[i].hi) ch[i].hi = ce->hi;
                if (ch[i].hi < ch[i].lo) ch[i].hi = ch[i].lo;
                /* A searched child's value from its last iteration orders better than its
                 * evaluation. */
                const int h = ce->depth > 0 ? ce->h : ch[i].h;
                ch[i].h = (int16_t)clamp(h, ch[i].lo, ch[i].hi);
            }
        }
        if (black ? ch[i].lo >= t : ch[i].hi < t) decided = i;
    }

    int best_lo = black ? INT16_MIN : INT16_MAX; /* black's max of lo (white's min of hi) */
    int all = black ? INT16_MIN : INT16_MAX;     /* the max of hi (min of lo) over all children */
    int best_h = black ? INT16_MIN : INT16_MAX, best_move = POINT_NONE;
    bool complete = true;
    if (decided >= 0) {
        best_move = ch[decided].point;
        best_lo = best_h = black ? ch[decided].lo : ch[decided].hi;
        complete = false;
    } else {
        order_children(pv, c, ply, hint, ch, n);
        for (int i = 0; i < n; i++) {
            result_t r;
            const bool settled = black ? ch[i].hi < t : ch[i].lo >= t; /* fails for the mover */
            if (ch[i].ended || settled) {
                r = make_result(ch[i].lo, ch[i].hi, black ? ch[i].hi : ch[i].lo);
            } else {
                const int p = ch[i].point;
                if (!ab_state_play(s, c, p, ply)) continue; /* cannot happen: generated here */
                int d = depth - 1;
                if (black && pv->reduce && i >= REDUCE_AFTER)
                    d -= REDUCE_PLIES + (i - REDUCE_AFTER) / REDUCE_EVERY;
                if (d < 0) d = 0;
                r = search(pv, stone_other(c), p == POINT_PASS ? passes + 1 : 0, d, ply + 1,
                           &ch[i]);
                ab_state_undo(s);
            }
            if (s->stop) {
                complete = false;
                break;
            }
            if (black) {
                if (r.lo > best_lo) best_lo = r.lo;
                if (r.hi > all) all = r.hi;
                if (r.h > best_h || best_move == POINT_NONE) {
                    if (r.h > best_h) best_h = r.h;
                    best_move = ch[i].point;
                }
                if (best_h >= t) {
                    complete = i == n - 1;
                    break;
                }
            } else {
                if (r.hi < best_lo) best_lo = r.hi;
                if (r.lo < all) all = r.lo;
                if (r.h < best_h || best_move == POINT_NONE) {
                    if (r.h < best_h) best_h = r.h;
                    best_move = ch[i].point;
                }
                if (best_h < t) {
                    complete = i == n - 1;
                    break;
                }
            }
        }
    }
    const bool path_dependent = s->min_ref < my_index;
    if (outer_ref < s->min_ref) s->min_ref = outer_ref;

    /* The proven interval: black's value is at least the best child's lo (white's: at most the
     * best child's hi), and bounded by every child's once all were searched. */
    if (black) {
        if (best_lo > lo) lo = best_lo;
        if (complete && all < hi) hi = all;
    } else {
        if (best_lo < hi) hi = best_lo;
        if (complete && all > lo) lo = all;
    }
    const result_t res = make_result(lo, hi, best_move == POINT_NONE ? self->h : best_h);
    if (s->stop && !(res.lo >= t || res.hi < t)) return res;
    if (best_move != POINT_NONE && (black ? res.h >= t : res.h < t))
        note_good_move(pv, c, ply, best_move, depth);
    if (!path_dependent) {
        e = table_slot(pv, self->key);
        if (res.lo > e->lo) e->lo = (int16_t)res.lo;
        if (res.hi < e->hi) e->hi = (int16_t)res.hi;
        if (!s->stop && (depth >= e->depth || e->iteration != pv->iteration)) {
            e->h = (int16_t)res.h;
            e->h_type = res.lo == res.hi ? H_EXACT : res.h >= t ? H_LOWER : H_UPPER;
            e->depth = (uint8_t)(depth > 255 ? 255 : depth);
            e->iteration = pv->iteration;
        }
        if (best_move != POINT_NONE)
            e->move = (int16_t)(best_move > 0 ? s->sym->map[self->sym][best_move] : best_move);
        const uint8_t w = log2_work(s->nodes - nodes_before + 1);
        if (w > e->work) e->work = w;
    }
    return res;
}

/* Test "black's value >= t" at the current position (ply 0, c to move) by iterative deepening.
 * Returns 1 proven, 0 disproven, -1 unknown (limits); *depth_out: the last iteration's depth. */
static int test(prover_t *pv, stone_t c, int passes, int ply, int t, int max_depth,
                const ab_config_t *cfg, ab_result_t *r, int *depth_out)
{
    pv->t = t;
    child_t root;
    analyse_node(pv, c, passes, ply, &root);
    root.point = POINT_NONE;
    /* One ply deeper while each iteration costs clearly more than the last (the tree still
     * grows with the depth); when it hardly grows (a few long lines, such as ko fights, reach the
     * horizon) the step grows by one, up to 8 plies. */
    uint64_t last_cost = 0;
    int step = 1;
    for (int depth = 1; depth <= max_depth; depth += step) {
        const uint64_t nodes_before = pv->s->nodes;
        pv->s->min_ref = pv->s->path_cap;
        pv->iteration++;
        pv->reduce = pv->single && depth <= REDUCE_MAX_DEPTH;
        result_t res = search(pv, c, passes, depth, ply, &root);
        if (depth_out && depth > *depth_out) *depth_out = depth;
        if (res.lo >= t) return 1;
        if (res.hi < t) return 0;
        if (pv->s->stop) return -1;
        const uint64_t cost = pv->s->nodes - nodes_before;
        step = last_cost > 0 && 2 * cost < 3 * last_cost ? (step < 8 ? step + 1 : 8) : 1;
        last_cost = cost;
        if (r && cfg->on_iteration) {
            r->lo = c == STONE_BLACK ? res.lo : -res.hi;
            r->hi = c == STONE_BLACK ? res.hi : -res.lo;
            r->value = r->lo;
            r->depth = depth;
            ab_state_fill_stats(pv->s, r);
            cfg->on_iteration(r, cfg->user);
        }
    }
    return -1;
}

/* The principal variation of a position of black's value v: at black's turn a move proven to
 * keep >= v, at white's a move proven to keep <= v, until the game ends or the static bounds
 * settle the count. */
static void principal_variation(prover_t *pv, stone_t c, int passes, int v, int max_depth,
                                const ab_config_t *cfg, ab_result_t *r)
{
    ab_state_t *s = pv->s;
    int n = 0;
    while (n < PV_MAX && !s->stop) {
        const int ply = n;
        child_t self;
        analyse_node(pv, c, passes, ply, &self);
        if (self.lo == self.hi) break;
        child_t ch[PROVE_MAX_CHILDREN];
        const int m = generate(pv, c, passes, ply, self.no_play, ch);
        pv->t = c == STONE_BLACK ? v : v + 1;
        order_children(pv, c, ply, POINT_NONE, ch, m);
        int chosen = -1;
        bool ended = false;
        for (int i = 0; i < m && chosen < 0; i++) {
            const int p = ch[i].point;
            if (!ab_state_play(s, c, p, ply)) continue;
            bool keeps;
            ended = ch[i].ended;
            if (ended) {
                keeps = c == STONE_BLACK ? ch[i].lo >= v : ch[i].lo <= v;
            } else {
                const int cp = p == POINT_PASS ? passes + 1 : 0;
                const int res = test(pv, stone_other(c), cp, ply + 1, c == STONE_BLACK ? v : v + 1,
                                     max_depth, cfg, NULL, NULL);
                keeps = c == STONE_BLACK ? res == 1 : res == 0;
            }
            if (keeps) {
                chosen = i;
                r->pv[n++] = p;
                passes = p == POINT_PASS ? passes + 1 : 0;
            } else {
                ab_state_undo(s);
            }
        }
        if (chosen < 0 || ended) break; /* only under a graph-history clash or a limit */
        c = stone_other(c);
    }
    r->pv_len = n;
    for (int i = n - 1; i >= 0; i--)
        ab_state_undo(s);
    r->best_move = n ? r->pv[0] : POINT_NONE;
}

static int komi_half_points(const rules_t *r)
{
    double k = r->komi * 2.0;
    return (int)(k >= 0 ? k + 0.5 : k - 0.5);
}

bool ab_prove_applies(const ab_state_t *s)
{
    return s->statics && s->geom.n * s->geom.n <= PROVE_MAX_POINTS;
}

static void prover_free(prover_t *pv)
{
    free(pv->table);
    free(pv->memo);
    ab_regions_free(pv->regions);
    free(pv);
}

void ab_prove(ab_state_t *s, stone_t c, int passes, const ab_config_t *cfg, int guess,
              ab_result_t *r)
{
    prover_t *pv = calloc(1, sizeof(*pv));
    const int bits = cfg->tt_bits > 0 ? cfg->tt_bits : 16;
    if (pv) {
        pv->table = calloc((size_t)1 << bits, sizeof(entry_t));
        pv->memo = calloc((size_t)1 << MEMO_BITS, sizeof(memo_t));
    }
    if (!pv || !pv->table || !pv->memo) {
        if (pv) prover_free(pv);
        s->stop = true;
        return;
    }
    pv->s = s;
    pv->mask = ((uint64_t)1 << bits) - 1;
    /* Without memory for the regions' cache the geometric rules alone still give exact values. */
    if (!cfg->no_regions) pv->regions = ab_regions_new(REGION_CACHE_BITS);
    pv->komi2 = komi_half_points(&s->rules);
    pv->single = cfg->single_test;
    const int n_points = s->board->size * s->board->size;
    pv->lo_limit = -2 * n_points - pv->komi2;
    pv->hi_limit = 2 * n_points - pv->komi2;
    for (int i = 0; i <= AB_MAX_PLY; i++)
        pv->killers[i][0] = pv->killers[i][1] = POINT_NONE;
    const int max_depth = cfg->max_depth > 0 ? cfg->max_depth : AB_MAX_PLY - 10;
    const int parity = ((pv->komi2 % 2) + 2) % 2;

    child_t root;
    analyse_node(pv, c, passes, 0, &root);
    int lo = root.lo, hi = root.hi, depth = 0;
    /* The levels of black's value are 2 apart: level(t) is the first level >= t. */
#define LEVEL(t) ((t) + ((((t)-parity) % 2 + 2) % 2))
    if (cfg->single_test) {
        const int t = cfg->test_value;
        const int res =
            lo < t && t <= hi ? test(pv, c, passes, 0, t, max_depth, cfg, r, &depth) : -1;
        if (res == 1) lo = t;
        if (res == 0) hi = LEVEL(t) - 2;
        if (hi < lo) hi = lo;
    }
    /* The thresholds: the guess, then steps that double while the answers point the same way,
     * then bisection (as the df-pn prover). */
    int probe = LEVEL(guess), step = 2, direction = 0;
    bool galloping = true;
    while (lo < hi && !s->stop && !cfg->single_test) {
        int t;
        if (galloping && probe > lo && probe <= hi) {
            t = probe;
        } else {
            t = LEVEL(lo + (hi - lo + 1) / 2);
        }
        const int res = test(pv, c, passes, 0, t, max_depth, cfg, r, &depth);
        if (res < 0) break;
        const int d = res == 1 ? 1 : -1;
        if (direction != 0 && d != direction) galloping = false;
        if (direction != 0 && d == direction) step *= 2;
        direction = d;
        probe = res == 1 ? t + step : t - step;
        if (probe > hi) probe = hi;
        if (probe <= lo) probe = lo + 2;
        if (res == 1 && t > lo) lo = t;
        if (res == 0 && t - 2 < hi) hi = t - 2;
        if (hi < lo) hi = lo;
    }
#undef LEVEL
    r->exact = lo == hi && !s->stop;
    if (r->exact) principal_variation(pv, c, passes, lo, max_depth, cfg, r);
    r->lo = c == STONE_BLACK ? lo : -hi;
    r->hi = c == STONE_BLACK ? hi : -lo;
    r->value = r->lo;
    r->depth = depth;
    prover_free(pv);
}
