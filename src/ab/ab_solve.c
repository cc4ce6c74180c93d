/* ab_solve.c - the exact solver: the minimax value of a position by a sequence of threshold
 * tests ("is black's value >= T?"), each decided by depth-first proof-number search (df-pn,
 * Nagai 2002, with the 1 + epsilon thresholds of Pawlewicz and Lew 2007) over the moves, static
 * bounds and symmetric table keys of the shared state, then a principal variation.
 *
 * Owns: the proof and disproof numbers, their table, the choice of thresholds and the PV. Walks
 * the shared state (ab_state.c); never formats text.
 *
 * Why proof numbers and not the alpha-beta of ab_search.c: a proof needs, at every node of the
 * prover, one move that is proven good, and at every node of the opponent, all moves proven
 * bad. Iterative deepening spends its effort where a heuristic evaluation says the game is
 * close; proof numbers spend it where the proof is cheapest to finish (a few moves to a position
 * the static analysis settles, or two passes). The leaves are the same as in van der Werf et
 * al. (2003): the end of the game, and positions whose count Benson's algorithm and the safe
 * regions (ab_static.c) fix.
 *
 * Unexplored positions start from their mobility (df-pn with mobility initialisation, after
 * Winands' proof-number search for Lines of Action): the side that must answer every move of
 * the other has about as many answers to find as the other has moves, so the search goes first
 * down the lines where the opponent's choices shrink. The other's stones not yet safe for that
 * side count too: each is one more to capture or to outlive (on 5x5 -24% nodes).
 *
 * Values are black's, in half points (black's margin times two, komi included); a capture-goal
 * win counts as +-AB_WIN whatever its length.
 *
 * Table: one entry per position (stones under the 8 symmetries, simple-ko point, player to
 * move, pass state) with the proven interval of black's value, which every later test reuses,
 * and the proof and disproof numbers of the current test. Graph history interaction: a result
 * whose proof met a superko ban referring to a position above the node depends on the path and
 * is not stored as proven (ab_state.c tracks the bans); only the harmless numbers are.
 */
#include <stdlib.h>
#include <string.h>

#include "ab/ab_internal.h"
#include "ab/ab_regions.h"

#define PN_INF 0xffffffffu   /* proven (dn) or disproven (pn) */
#define PN_STUCK 0xfffffffeu /* neither can progress: the path reached AB_MAX_PLY */
#define PN_MAX 0xfffffff0u   /* real numbers saturate here */
#define PN_EPSILON_DIV 4     /* child thresholds: second best times (1 + 1/4) */
#define SOLVE_MAX_CHILDREN (64 + 1)
#define PV_MAX 80            /* plies of the principal variation */
#define PV_MIN_BUDGET 100000 /* expansions a test of the principal variation may take at least */
#define CYCLE_NODES 1000000  /* expansions without a new position: df-pn goes round in circles */
#define REGION_CACHE_BITS 16 /* the local regions' results kept (ab_regions.c) */
#define STATIC_MEMO_BITS 20  /* static analyses kept (boards up to 8x8) */
#define WIDE_MEMO_BITS 18    /* static analyses kept (9x9 to 11x11: 80 bytes each) */
#define NODE_MEMO_BITS 15    /* the move order's analyses of nodes kept (9x9 to 11x11) */

/* ---- the table ---- */

typedef struct pn_entry {
    uint64_t key;
    uint32_t pn, dn; /* for threshold t */
    int16_t lo, hi;  /* proven bounds of black's value */
    int16_t t;
    int16_t move; /* proving move in canonical orientation, or POINT_NONE */
    uint8_t work; /* log2 of the nodes spent below the last time: replacement priority */
    uint8_t used;
} pn_entry_t;

typedef struct pn_table {
    pn_entry_t *e; /* 2-way buckets */
    uint64_t mask;
} pn_table_t;

typedef struct solver {
    ab_state_t *s;
    pn_table_t table;
    int t;                  /* the threshold of the current test */
    int max_ply;            /* deepest ply reached */
    int lo_limit, hi_limit; /* the widest values (for the bounds of unknown entries) */
    bool q_order;           /* order moves by the endgame priority (ab_config_t.endgame_order) */
    int komi2;              /* komi in half points */
    ab_regions_t *regions;  /* the safe regions of the local search (NULL: geometric rules only) */
    struct static_memo *memo; /* recent static analyses, boards up to 8x8 (NULL: none) */
    struct wide_memo *wide_memo; /* the same for the larger boards (NULL: none) */
    struct node_memo *node_memo; /* the move order's analyses of the larger boards (NULL: none) */
    /* df-pn need not end when results depend on the path (they are not stored, and can be
     * derived again and again: 2x2 after A1,B2 under situational superko). The value search
     * watches for CYCLE_NODES expansions that add no position to the table. */
    bool watch_cycles;
    bool cycled;
    uint64_t last_new_position; /* s->nodes when the table last took a new position */
    struct ab_memory *own; /* the memory of this search alone (NULL: the caller's, ab_config_t) */
} solver_t;

/* One static analysis of a board up to 8x8 by its stones. df-pn expands a node many times and
 * every expansion analyses all the children again, so most analyses repeat a recent one. */
typedef struct static_memo {
    uint64_t black, white; /* the stones (never both empty: the empty board is not kept) */
    uint64_t no_play[2];   /* black's and white's pruned points */
    uint8_t safe[2];       /* black's and white's safe points */
    uint8_t unsettled[2];  /* black's and white's stones not yet safe for the other */
    uint8_t static_safe[2]; /* black's and white's safe points by ab_static.c alone */
} static_memo_t;

/* What the prover reads of a static analysis (static_facts_of). Indexed by stone_t - 1. */
typedef struct analysis_facts {
    ab_bits_t no_play[2];
    uint8_t safe[2];        /* with the local regions (ab_regions.c) */
    uint8_t unsettled[2];   /* stones not yet safe for the other colour */
    uint8_t static_safe[2]; /* ab_static.c's rules alone: the endgame priority's measure */
} analysis_facts_t;

/* The same for boards of 9x9 to 11x11 (the end of a game on 9x9 spends most of its time in
 * these analyses): the facts whole, as their pruned points need the wide bits. */
typedef struct wide_memo {
    ab_bits_t black, white;
    analysis_facts_t facts;
} wide_memo_t;
_Static_assert(sizeof(wide_memo_t) == 80, "WIDE_MEMO_BITS's memory assumes 80-byte entries");

/* What the endgame move order reads of ab_static.c's analysis of the node it orders (boards of
 * 9x9 to 11x11): df-pn expands the same nodes again and again, and this analysis (Benson for both
 * colours) cost a tenth of a whole budget's instructions at the end of a 9x9 game. */
typedef struct node_memo {
    ab_bits_t black, white; /* the stones (never both empty: the empty board is not kept) */
    ab_bits_t alive[2];     /* black's and white's pass-alive stones */
    int safe[2];            /* black's and white's safe points */
} node_memo_t;

/* The prover's table and caches kept across searches (ab.h), with what they were made under. */
struct ab_memory {
    pn_table_t table;
    static_memo_t *memo;   /* allocated with the first board up to 8x8 */
    wide_memo_t *wide_memo; /* allocated with the first board of 9x9 to 11x11 */
    node_memo_t *node_memo; /* the same */
    ab_regions_t *regions; /* allocated with the first search that uses the local regions */
    bool used;
    int size, komi2, capture_goal;
    ko_rule_t ko;
    scoring_rule_t scoring;
    bool suicide, symmetry, no_regions;
};

/* 2^bits entries, zeroed (calloc maps fresh pages for a large table: a small problem pays only
 * for the pages it touches). */
static bool table_alloc(pn_table_t *tb, int bits)
{
    tb->e = calloc((size_t)1 << bits, sizeof(pn_entry_t));
    tb->mask = ((uint64_t)1 << bits) - 1;
    return tb->e != NULL;
}

static uint64_t bucket(const pn_table_t *tb, uint64_t key)
{
    return ((key >> 20) ^ key) & tb->mask & ~(uint64_t)1;
}

static pn_entry_t *table_find(const pn_table_t *tb, uint64_t key)
{
    pn_entry_t *e = &tb->e[bucket(tb, key)];
    if (e[0].used && e[0].key == key) return &e[0];
    if (e[1].used && e[1].key == key) return &e[1];
    return NULL;
}

/* The entry for key, created (replacing the less valuable entry of the bucket) if missing. */
static pn_entry_t *table_slot(solver_t *sv, uint64_t key)
{
    pn_entry_t *e = &sv->table.e[bucket(&sv->table, key)];
    if (e[0].used && e[0].key == key) return &e[0];
    if (e[1].used && e[1].key == key) return &e[1];
    pn_entry_t *slot;
    if (!e[0].used)
        slot = &e[0];
    else if (!e[1].used)
        slot = &e[1];
    else {
        /* Proven bounds are worth more than numbers; then the bigger subtree. */
        int v0 = e[0].work + (e[0].lo > sv->lo_limit || e[0].hi < sv->hi_limit ? 16 : 0);
        int v1 = e[1].work + (e[1].lo > sv->lo_limit || e[1].hi < sv->hi_limit ? 16 : 0);
        slot = v0 <= v1 ? &e[0] : &e[1];
    }
    slot->key = key;
    sv->last_new_position = sv->s->nodes;
    slot->pn = slot->dn = 1;
    slot->lo = (int16_t)sv->lo_limit;
    slot->hi = (int16_t)sv->hi_limit;
    slot->t = INT16_MIN;
    slot->move = POINT_NONE;
    slot->work = 0;
    slot->used = 1;
    return slot;
}

/* ---- values ---- */

static int black_value(stone_t to_move, int v)
{
    return to_move == STONE_BLACK ? v : -v;
}

/* Black's value of a finished game from ab_state_game_end's value v for the mover c. A capture
 * win counts whatever its length. */
static int end_value_for_black(stone_t c, int v)
{
    if (v >= AB_WIN_MIN) v = AB_WIN;
    if (v <= -AB_WIN_MIN) v = -AB_WIN;
    return black_value(c, v);
}

/* The memo's entry for these stones. */
static static_memo_t *memo_slot(const solver_t *sv, uint64_t black, uint64_t white)
{
    const uint64_t h = (black * 0x9e3779b97f4a7c15ULL) ^ (white * 0xc2b2ae3d27d4eb4fULL);
    return &sv->memo[h >> (64 - STATIC_MEMO_BITS)];
}

static wide_memo_t *wide_memo_slot(const solver_t *sv, ab_bits_t black, ab_bits_t white)
{
    const uint64_t h = ((uint64_t)black * 0x9e3779b97f4a7c15ULL) ^
                       ((uint64_t)(black >> 64) * 0xff51afd7ed558ccdULL) ^
                       ((uint64_t)white * 0xc2b2ae3d27d4eb4fULL) ^
                       ((uint64_t)(white >> 64) * 0xc4ceb9fe1a85ec53ULL);
    return &sv->wide_memo[h >> (64 - WIDE_MEMO_BITS)];
}

/* Fetch the memo line of these stones, ahead of static_facts_of. */
static void prefetch_facts(const solver_t *sv, ab_bits_t black, ab_bits_t white)
{
    const char *e = NULL;
    size_t size = 0;
    if (sv->memo) {
        e = (const char *)memo_slot(sv, (uint64_t)black, (uint64_t)white);
        size = sizeof(static_memo_t);
    } else if (sv->wide_memo) {
        e = (const char *)wide_memo_slot(sv, black, white);
        size = sizeof(wide_memo_t);
    }
    if (!e) return;
    __builtin_prefetch(e);
    __builtin_prefetch(e + size - 1);
}

/* Where the static analyses of the solver keep their strings: the local regions' analysis of the
 * same positions finds most of them again. */
static ab_parts_t *analysis_strings(const solver_t *sv)
{
    return sv->regions ? ab_regions_strings(sv->regions) : sv->s->strings;
}

static node_memo_t *node_memo_slot(const solver_t *sv, ab_bits_t black, ab_bits_t white)
{
    const uint64_t h = ((uint64_t)black * 0x9e3779b97f4a7c15ULL) ^
                       ((uint64_t)(black >> 64) * 0xff51afd7ed558ccdULL) ^
                       ((uint64_t)white * 0xc2b2ae3d27d4eb4fULL) ^
                       ((uint64_t)(white >> 64) * 0xc4ceb9fe1a85ec53ULL);
    return &sv->node_memo[h >> (64 - NODE_MEMO_BITS)];
}

/* Keep ab_static.c's analysis st of these stones for the move order of the node. */
static void node_memo_store(const solver_t *sv, ab_bits_t black, ab_bits_t white,
                            const ab_static_t *st)
{
    if (!sv->node_memo || !(black | white)) return;
    node_memo_t *m = node_memo_slot(sv, black, white);
    m->black = black;
    m->white = white;
    for (int k = 0; k < 2; k++) {
        m->alive[k] = st->alive[k + 1];
        m->safe[k] = ab_bits_count(st->safe[k + 1]);
    }
}

/* c's pass-alive stones and the count of its safe points by ab_static.c in the position with
 * these stones, from the node memo when it has them (a node was analysed when its parent was
 * expanded, and is expanded again and again). */
static void node_analysis(const solver_t *sv, ab_bits_t black, ab_bits_t white, stone_t c,
                          ab_bits_t *alive, int *safe)
{
    const int i = c == STONE_BLACK ? 0 : 1;
    if (sv->node_memo && (black | white)) {
        const node_memo_t *m = node_memo_slot(sv, black, white);
        if (m->black == black && m->white == white) {
            *alive = m->alive[i];
            *safe = m->safe[i];
            return;
        }
    }
    ab_static_t st;
    ab_static_analyse_with(&sv->s->geom, analysis_strings(sv), black, white, &st);
    *alive = st.alive[c];
    *safe = ab_bits_count(st.safe[c]);
    node_memo_store(sv, black, white, &st);
}

/* The static analysis of the position with these stones, without the memo. */
static void analyse_facts(const solver_t *sv, ab_bits_t black, ab_bits_t white,
                          analysis_facts_t *f)
{
    const ab_geom_t *g = &sv->s->geom;
    ab_static_t st;
    ab_static_analyse_with(g, analysis_strings(sv), black, white, &st);
    node_memo_store(sv, black, white, &st);
    f->static_safe[0] = (uint8_t)ab_bits_count(st.safe[STONE_BLACK]);
    f->static_safe[1] = (uint8_t)ab_bits_count(st.safe[STONE_WHITE]);
    if (sv->regions) ab_regions_extend(sv->regions, g, black, white, &st);
    f->no_play[0] = st.no_play[STONE_BLACK];
    f->no_play[1] = st.no_play[STONE_WHITE];
    f->safe[0] = (uint8_t)ab_bits_count(st.safe[STONE_BLACK]);
    f->safe[1] = (uint8_t)ab_bits_count(st.safe[STONE_WHITE]);
    /* Stones not yet safe for the opponent. */
    f->unsettled[0] = (uint8_t)ab_bits_count(black & ~st.safe[STONE_WHITE]);
    f->unsettled[1] = (uint8_t)ab_bits_count(white & ~st.safe[STONE_BLACK]);
}

/* The static analysis of the position with these stones: the safe points of ab_static.c and of
 * the local regions (ab_regions.c), from the memo when it has them. */
static void static_facts_of(const solver_t *sv, ab_bits_t black, ab_bits_t white,
                            analysis_facts_t *f)
{
    if (sv->memo && (black | white)) {
        const uint64_t bl = (uint64_t)black, wh = (uint64_t)white;
        static_memo_t *m = memo_slot(sv, bl, wh);
        if (m->black != bl || m->white != wh) {
            analysis_facts_t fresh;
            analyse_facts(sv, black, white, &fresh);
            m->black = bl;
            m->white = wh;
            for (int i = 0; i < 2; i++) {
                m->no_play[i] = (uint64_t)fresh.no_play[i];
                m->safe[i] = fresh.safe[i];
                m->unsettled[i] = fresh.unsettled[i];
                m->static_safe[i] = fresh.static_safe[i];
            }
        }
        for (int i = 0; i < 2; i++) {
            f->no_play[i] = m->no_play[i];
            f->safe[i] = m->safe[i];
            f->unsettled[i] = m->unsettled[i];
            f->static_safe[i] = m->static_safe[i];
        }
        return;
    }
    if (sv->wide_memo && (black | white)) {
        wide_memo_t *m = wide_memo_slot(sv, black, white);
        if (m->black != black || m->white != white) {
            analyse_facts(sv, black, white, &m->facts);
            m->black = black;
            m->white = white;
        }
        *f = m->facts;
        return;
    }
    analyse_facts(sv, black, white, f);
}

/* The static bounds of black's value and the points where c's moves are pruned, for the
 * position with these stones and c to move: the safe points of ab_static.c and of the local
 * regions (ab_regions.c). Black's area is at least its safe points and at most everything but
 * white's. */
static void static_count(const solver_t *sv, ab_bits_t black, ab_bits_t white, stone_t c, int *lo,
                         int *hi, ab_bits_t *no_play, uint8_t *unsettled)
{
    const int n = sv->s->geom.n * sv->s->geom.n;
    analysis_facts_t f;
    static_facts_of(sv, black, white, &f);
    *lo = 2 * (2 * f.safe[0] - n) - sv->komi2;
    *hi = 2 * (n - 2 * f.safe[1]) - sv->komi2;
    *no_play = f.no_play[c == STONE_BLACK ? 0 : 1];
    unsettled[STONE_BLACK] = f.unsettled[0];
    unsettled[STONE_WHITE] = f.unsettled[1];
}

/* Static bounds of black's value at the current position with c to move, and the points where
 * c's moves are pruned. */
static void static_bounds(const solver_t *sv, stone_t c, int passes, int *lo, int *hi,
                          ab_bits_t *no_play)
{
    const ab_state_t *s = sv->s;
    if (s->statics) { /* area scoring on a small board: the safe points bound the count */
        ab_bits_t black, white;
        ab_bits_from_board(&s->geom, s->board, &black, &white);
        uint8_t unsettled[3];
        static_count(sv, black, white, c, lo, hi, no_play, unsettled);
        return;
    }
    ab_position_t pos;
    ab_state_analyse(s, c, passes, &pos, no_play);
    int a, b;
    s->eval->bounds(&pos, &a, &b);
    if (a < -AB_WIN) a = -AB_WIN;
    if (b > AB_WIN) b = AB_WIN;
    *lo = black_value(c, c == STONE_BLACK ? a : b);
    *hi = black_value(c, c == STONE_BLACK ? b : a);
}

/* Black's value if the game ended now: the area count (stones, and empty points that reach
 * only one colour) in half points, komi included. */
static int area_value(const solver_t *sv, ab_bits_t black, ab_bits_t white)
{
    const ab_geom_t *g = &sv->s->geom;
    const ab_bits_t empty = g->full & ~(black | white);
    const ab_bits_t near_black = ab_bits_flood(g, ab_bits_neighbours(g, black) & empty, empty);
    const ab_bits_t near_white = ab_bits_flood(g, ab_bits_neighbours(g, white) & empty, empty);
    const int b = ab_bits_count(black | (near_black & ~near_white));
    const int w = ab_bits_count(white | (near_white & ~near_black));
    return 2 * (b - w) - sv->komi2;
}

/* static_count and c's mobility (its moves there, pass included). */
static void static_facts(const solver_t *sv, ab_bits_t black, ab_bits_t white, stone_t c, int *lo,
                         int *hi, ab_bits_t *no_play, uint8_t *mobility, uint8_t *unsettled)
{
    static_count(sv, black, white, c, lo, hi, no_play, unsettled);
    int moves = ab_bits_count(sv->s->geom.full & ~(black | white) & ~*no_play);
    *mobility = (uint8_t)(moves + 1 > 255 ? 255 : moves + 1);
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    if (a >= PN_STUCK || b >= PN_STUCK) return a > b ? a : b;
    uint64_t s = (uint64_t)a + b;
    return s > PN_MAX ? PN_MAX : (uint32_t)s;
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

/* ---- df-pn ---- */

/* A position one move below the node being expanded: its move, what the static analysis and
 * the table said when it was generated (so that expanding it later need not redo them), and
 * its numbers for the current test. */
typedef struct child {
    int16_t point;
    int8_t sym;
    bool ended;     /* the move ended the game: pn and dn are final */
    int16_t lo, hi; /* static bounds of black's value */
    uint64_t key;
    ab_bits_t no_play;
    int8_t to_move;       /* the player to move there */
    uint8_t mobility;     /* the moves of the player to move there, roughly (the initial numbers) */
    uint8_t unsettled[3]; /* each colour's stones not yet safe for the other (by stone_t) */
    uint32_t pn, dn;
} child_t;

/* Analyse the position now on the board (c to move after `passes` passes, at ply) into ch. */
static void analyse_node(solver_t *sv, stone_t c, int passes, int ply, child_t *ch)
{
    int sym, lo, hi;
    ch->key = ab_state_key(sv->s, ply, c, passes, &sym);
    __builtin_prefetch(&sv->table.e[bucket(&sv->table, ch->key)]);
    ch->sym = (int8_t)sym;
    const ab_state_t *s = sv->s;
    if (s->statics) {
        ab_bits_t black, white;
        ab_bits_from_board(&s->geom, s->board, &black, &white);
        static_facts(sv, black, white, c, &lo, &hi, &ch->no_play, &ch->mobility, ch->unsettled);
        if (passes > 0) {
            /* After a pass c can end the game at once with the count: it gets at least that. */
            int now = area_value(sv, black, white);
            if (c == STONE_BLACK && now > lo) lo = now;
            if (c == STONE_WHITE && now < hi) hi = now;
        }
    } else {
        static_bounds(sv, c, passes, &lo, &hi, &ch->no_play);
        int moves = s->board->empty_count + 1;
        ch->mobility = (uint8_t)(moves > 255 ? 255 : moves);
        memset(ch->unsettled, 0, sizeof(ch->unsettled));
    }
    ch->lo = (int16_t)lo;
    ch->hi = (int16_t)hi;
    ch->ended = false;
    ch->to_move = (int8_t)c;
}

/* pn and dn of an analysed child for the current test, from the table and its static bounds. */
static void child_numbers(const solver_t *sv, child_t *ch)
{
    if (ch->ended) return;
    const pn_entry_t *e = table_find(&sv->table, ch->key);
    int lo = ch->lo, hi = ch->hi;
    if (e) {
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
    }
    if (lo >= sv->t) {
        ch->pn = 0;
        ch->dn = PN_INF;
    } else if (hi < sv->t) {
        ch->pn = PN_INF;
        ch->dn = 0;
    } else if (e && e->t == sv->t) {
        ch->pn = e->pn;
        ch->dn = e->dn;
    } else {
        /* Unexplored: the side that must answer every move has about `mobility` moves to
         * answer (df-pn with mobility initialisation, after Winands' PN search for LOA), so
         * lines where the opponent's choices shrink are explored first; and every stone of the
         * player to move that is not yet safe for the other is one more to capture or to
         * outlive (df-pn+ style: lines where they are few are tried first). */
        bool or_child = ch->to_move == STONE_BLACK;
        uint32_t m = (ch->mobility > 0 ? ch->mobility : 1) + ch->unsettled[ch->to_move];
        ch->pn = or_child ? 1 : m;
        ch->dn = or_child ? m : 1;
    }
}

/* What the endgame priority of every move of a node shares: the analysis of the position
 * before the move and c's strings that are not pass-alive. */
#define PRIORITY_MAX_STRINGS 64
typedef struct priority_context {
    ab_bits_t black, white, mine, empty;
    ab_bits_t alive;      /* c's pass-alive stones */
    ab_bits_t alive_nb;   /* their neighbours */
    int safe_before;      /* c's safe points (ab_static.c) */
    int strings;
    ab_bits_t string[PRIORITY_MAX_STRINGS];    /* c's strings that are not pass-alive */
    ab_bits_t string_nb[PRIORITY_MAX_STRINGS]; /* the neighbours of each */
    /* Each shares two liberties with the pass-alive stones: connected already (miai). */
    bool miai[PRIORITY_MAX_STRINGS];
} priority_context_t;

static void priority_context_init(const solver_t *sv, stone_t c, priority_context_t *pc)
{
    const ab_state_t *s = sv->s;
    const ab_geom_t *g = &s->geom;
    ab_bits_from_board(g, s->board, &pc->black, &pc->white);
    pc->mine = c == STONE_BLACK ? pc->black : pc->white;
    pc->empty = g->full & ~(pc->black | pc->white);
    node_analysis(sv, pc->black, pc->white, c, &pc->alive, &pc->safe_before);
    pc->alive_nb = ab_bits_neighbours(g, pc->alive);
    const ab_bits_t alive_libs = pc->alive_nb & pc->empty;
    pc->strings = 0;
    for (ab_bits_t rest = pc->mine & ~pc->alive; rest;) {
        const ab_bits_t str = ab_bits_flood(g, rest & (~rest + 1), pc->mine);
        rest &= ~str;
        const int i = pc->strings++; /* strings are not adjacent: at most AB_MAX_PARTS */
        pc->string[i] = str;
        pc->string_nb[i] = ab_bits_neighbours(g, str);
        pc->miai[i] = ab_bits_count(pc->string_nb[i] & alive_libs) >= 2;
    }
}

/* The endgame priority for c's move p (boards up to 11x11; 0 elsewhere):
 * Q = 5 x (points the move makes safe for c: pass-alive stones and safe regions, ab_static.c)
 *   + 4 x (c's stones the move connects to its pass-alive stones: those of the strings next to p
 *          when p touches a pass-alive stone of c; a string already sharing two liberties with
 *          them, connected in the miai sense, counts too)
 *   + 3 x (empty points next to those stones). */
static int endgame_priority(const solver_t *sv, const priority_context_t *pc, stone_t c, int p)
{
    const ab_state_t *s = sv->s;
    if (!s->statics) return 0;
    const ab_geom_t *g = &s->geom;
    const board_t *b = s->board;
    /* The position after the move: p is c's, and the strings it takes the last liberty of go. */
    const ab_bits_t bit = (ab_bits_t)1 << g->bit[p];
    ab_bits_t black = pc->black, white = pc->white;
    ab_bits_t *mine2 = c == STONE_BLACK ? &black : &white;
    ab_bits_t *theirs2 = c == STONE_BLACK ? &white : &black;
    const ab_bits_t theirs = *theirs2;
    *mine2 |= bit;
    for (int d = 0; d < 4; d++) {
        int q = p + board_neighbor_offset(b, d);
        if (b->color[q] == stone_other(c) && b->libs[b->chain[q]] == 1)
            *theirs2 &= ~ab_bits_flood(g, (ab_bits_t)1 << g->bit[q], theirs);
    }
    /* The memo keeps the static counts with the analysis the child needs anyway. */
    analysis_facts_t after;
    static_facts_of(sv, black, white, &after);
    int made_safe = after.static_safe[c == STONE_BLACK ? 0 : 1] - pc->safe_before;
    /* Next to a pass-alive stone, p joins every string it touches; elsewhere only the strings
     * connected already in the miai sense count. */
    const bool touches_alive = (pc->alive_nb & bit) != 0;
    ab_bits_t joined = 0;
    for (int i = 0; i < pc->strings; i++)
        if ((pc->string_nb[i] & bit) && (touches_alive || pc->miai[i])) joined |= pc->string[i];
    int libs = ab_bits_count(ab_bits_neighbours(g, joined) & pc->empty & ~bit);
    return 5 * made_safe + 4 * ab_bits_count(joined) + 3 * libs;
}

/* Answers to the opponent's last move first among equals: the points next to it, then the
 * diagonal ones (an invasion is usually refuted by a contact move). */
static int answer_bonus(const board_t *b, int p, int last)
{
    if (last == POINT_PASS || last == POINT_NONE) return 0; /* a pass or the root */
    int dx = board_x(b, p) - board_x(b, last), dy = board_y(b, p) - board_y(b, last);
    int d = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
    if (d == 1) return 40;
    if (d == 2 && dx != 0 && dy != 0) return 15;
    return 0;
}

/* Order of the children: a pass first (the quickest end: the opponent must then prove it can
 * do better than the count), then the hint (the table's deciding move), captures, escapes and
 * central points. Every child is played once to analyse it; the table is read after all of
 * them, its lines prefetched meanwhile. */
static int generate(solver_t *sv, stone_t c, int passes, int ply, ab_bits_t no_play, int hint,
                    int last, child_t *out)
{
    ab_state_t *s = sv->s;
    const board_t *b = s->board;
    int points[BOARD_MAX_POINTS + 1], n = 0;
    int64_t scores[BOARD_MAX_POINTS + 1];
    priority_context_t pc;
    if (sv->q_order && s->statics) priority_context_init(sv, c, &pc);
    points[n] = POINT_PASS;
    scores[n++] = (int64_t)1 << 40;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empties[i];
        if (ab_state_pruned(s, no_play, p)) continue;
        if (board_check_move(b, c, p) != MOVE_OK) continue;
        points[n] = p;
        int64_t q = sv->q_order ? endgame_priority(sv, &pc, c, p) : 0;
        scores[n++] = q * 65536 + ab_state_static_score(s, c, p) + answer_bonus(b, p, last) +
                      (p == hint ? (int64_t)1 << 41 : 0);
    }
    for (int i = 1; i < n; i++) {
        int p = points[i], j = i - 1;
        int64_t sc = scores[i];
        while (j >= 0 && scores[j] < sc) {
            points[j + 1] = points[j];
            scores[j + 1] = scores[j];
            j--;
        }
        points[j + 1] = p;
        scores[j + 1] = sc;
    }
    /* Moves that capture nothing (most) are analysed from the masks alone, without playing. */
    ab_bits_t black = 0, white = 0;
    if (s->statics) ab_bits_from_board(&s->geom, b, &black, &white);
    const stone_t o = stone_other(c);
    if ((sv->memo || sv->wide_memo) && s->statics) {
        /* The memo is read at random: fetch every child's entry before the first is needed
         * (a wasted fetch for the few moves that capture). */
        for (int i = 0; i < n; i++) {
            if (points[i] == POINT_PASS) continue;
            const ab_bits_t bit = (ab_bits_t)1 << s->geom.bit[points[i]];
            prefetch_facts(sv, c == STONE_BLACK ? black | bit : black,
                           c == STONE_WHITE ? white | bit : white);
        }
    }
    int m = 0;
    for (int i = 0; i < n && m < SOLVE_MAX_CHILDREN; i++) {
        int p = points[i], end, sym;
        child_t *ch = &out[m];
        if (s->statics && p != POINT_PASS && !ab_state_captures(s, c, p)) {
            uint64_t key;
            if (!ab_state_quiet_key(s, c, p, ply, &key, &sym)) continue; /* a repetition */
            ab_bits_t bit = (ab_bits_t)1 << s->geom.bit[p];
            int lo, hi;
            static_facts(sv, c == STONE_BLACK ? black | bit : black,
                         c == STONE_WHITE ? white | bit : white, o, &lo, &hi, &ch->no_play,
                         &ch->mobility, ch->unsettled);
            __builtin_prefetch(&sv->table.e[bucket(&sv->table, key)]);
            ch->point = (int16_t)p;
            ch->key = key;
            ch->sym = (int8_t)sym;
            ch->lo = (int16_t)lo;
            ch->hi = (int16_t)hi;
            ch->ended = false;
            ch->to_move = (int8_t)o;
            m++;
            continue;
        }
        if (!ab_state_play(s, c, p, ply)) continue; /* a repetition */
        m++;
        ch->point = (int16_t)p;
        if (ab_state_game_end(s, c, p, passes, ply, &end)) {
            bool ok = end_value_for_black(c, end) >= sv->t;
            ch->ended = true;
            ch->pn = ok ? 0 : PN_INF;
            ch->dn = ok ? PN_INF : 0;
        } else {
            analyse_node(sv, o, p == POINT_PASS ? passes + 1 : 0, ply + 1, ch);
        }
        ab_state_undo(s);
    }
    for (int i = 0; i < m; i++)
        child_numbers(sv, &out[i]);
    return m;
}

/* The numbers of a node from its children: at black's nodes (OR) pn is the least child pn and
 * dn the sum; at white's (AND) the other way round. */
static void node_numbers(const child_t *ch, int n, bool or_node, uint32_t *pn, uint32_t *dn)
{
    uint32_t least = PN_INF, sum = 0;
    for (int i = 0; i < n; i++) {
        uint32_t a = or_node ? ch[i].pn : ch[i].dn, b = or_node ? ch[i].dn : ch[i].pn;
        if (a < least) least = a;
        sum = b == PN_INF ? PN_INF : sum == PN_INF ? PN_INF : sat_add(sum, b);
    }
    if (n == 0) sum = 0; /* no move at all (impossible: a pass is always there) */
    *pn = or_node ? least : sum;
    *dn = or_node ? sum : least;
}

/* Multiple iterative deepening of df-pn at the position of ply (c to move after `passes`
 * passes, analysed into *self) within the thresholds; leaves its numbers in self. */
static void mid(solver_t *sv, stone_t c, int passes, int ply, uint32_t thpn, uint32_t thdn,
                child_t *self)
{
    ab_state_t *s = sv->s;
    ab_state_count_node(s);
    if (ply > sv->max_ply) sv->max_ply = ply;
    const uint64_t nodes_before = s->nodes;
    const uint64_t key = self->key;
    const int sym = self->sym;
    pn_entry_t *e = table_find(&sv->table, key);
    int lo = self->lo, hi = self->hi;
    if (e && e->lo > lo) lo = e->lo;
    if (e && e->hi < hi) hi = e->hi;
    if (lo >= sv->t || hi < sv->t) {
        bool proven = lo >= sv->t;
        e = table_slot(sv, key);
        if (lo > e->lo) e->lo = (int16_t)lo;
        if (hi < e->hi) e->hi = (int16_t)hi;
        self->pn = proven ? 0 : PN_INF;
        self->dn = proven ? PN_INF : 0;
        return;
    }
    if (sv->watch_cycles && s->nodes - sv->last_new_position > CYCLE_NODES) {
        sv->cycled = true;
        s->stop = true;
    }
    if (ply >= AB_MAX_PLY - 2 || s->stop) {
        self->pn = self->dn = PN_STUCK;
        if (ply >= AB_MAX_PLY - 2) s->min_ref = -1; /* the answer depends on the path's length */
        return;
    }

    const int my_index = s->path_len - 1;
    const int outer_ref = s->min_ref;
    s->min_ref = s->path_cap;

    const bool or_node = c == STONE_BLACK;
    int hint = e && e->move > 0 ? s->sym->inv[sym][e->move] : POINT_NONE;
    child_t ch[SOLVE_MAX_CHILDREN];
    int n = generate(sv, c, passes, ply, self->no_play, hint, self->point, ch);
    uint32_t pn, dn;
    for (;;) {
        node_numbers(ch, n, or_node, &pn, &dn);
        if (pn >= thpn || dn >= thdn || pn >= PN_STUCK || dn >= PN_STUCK || s->stop) break;
        /* The most proving child (least pn at OR nodes, least dn at AND nodes) and the
         * second-best number. */
        int best = -1;
        uint32_t b1 = PN_INF, b2 = PN_INF;
        for (int i = 0; i < n; i++) {
            uint32_t v = or_node ? ch[i].pn : ch[i].dn;
            if (v < b1) {
                b2 = b1;
                b1 = v;
                best = i;
            } else if (v < b2) {
                b2 = v;
            }
        }
        uint32_t grow =
            b2 >= PN_MAX ? b2 : sat_add(b2, b2 / PN_EPSILON_DIV > 0 ? b2 / PN_EPSILON_DIV : 1);
        uint32_t cpn, cdn;
        if (or_node) {
            cpn = thpn < grow ? thpn : grow;
            cdn = thdn >= PN_STUCK ? thdn : sat_add(thdn - dn, ch[best].dn);
        } else {
            cdn = thdn < grow ? thdn : grow;
            cpn = thpn >= PN_STUCK ? thpn : sat_add(thpn - pn, ch[best].pn);
        }
        int p = ch[best].point;
        if (!ab_state_play(s, c, p, ply)) { /* cannot happen: it was legal on this path */
            ch[best].pn = ch[best].dn = PN_STUCK;
            continue;
        }
        mid(sv, stone_other(c), p == POINT_PASS ? passes + 1 : 0, ply + 1, cpn, cdn, &ch[best]);
        ab_state_undo(s);
    }
    const bool path_dependent = s->min_ref < my_index;
    if (outer_ref < s->min_ref) s->min_ref = outer_ref;

    /* Store: proven bounds only if they hold on every path; the numbers always (they only
     * guide). */
    e = table_slot(sv, key);
    if (lo > e->lo) e->lo = (int16_t)lo;
    if (hi < e->hi) e->hi = (int16_t)hi;
    uint32_t spn = pn, sdn = dn;
    if ((pn == 0 || dn == 0) && path_dependent) spn = sdn = 1;
    if (pn >= PN_STUCK && pn != PN_INF) spn = PN_MAX;
    if (dn >= PN_STUCK && dn != PN_INF) sdn = PN_MAX;
    if (pn == 0 && !path_dependent && e->lo < sv->t) e->lo = (int16_t)sv->t;
    if (dn == 0 && !path_dependent && e->hi >= sv->t) e->hi = (int16_t)(sv->t - 1);
    e->pn = spn;
    e->dn = sdn;
    e->t = (int16_t)sv->t;
    e->work = log2_work(s->nodes - nodes_before + 1);
    if (pn == 0 || dn == 0) {
        /* The move that decided it: a proven child at OR nodes (black proves), a disproven one
         * at AND nodes (white refutes); otherwise keep the old hint. */
        for (int i = 0; i < n; i++) {
            bool decides = or_node ? (pn == 0 && ch[i].pn == 0) : (dn == 0 && ch[i].dn == 0);
            if (decides) {
                int q = ch[i].point;
                e->move = (int16_t)(q > 0 ? s->sym->map[sym][q] : q);
                break;
            }
        }
    }
    self->pn = pn;
    self->dn = dn;
}

/* Test "black's value >= t" at the current position (ply, c to move). Returns 1 proven, 0
 * disproven, -1 unknown (limits or the path length). */
static int test(solver_t *sv, stone_t c, int passes, int ply, int t)
{
    sv->t = t;
    child_t root;
    analyse_node(sv, c, passes, ply, &root);
    root.point = POINT_NONE;
    sv->s->min_ref = sv->s->path_cap;
    mid(sv, c, passes, ply, PN_INF, PN_INF, &root);
    if (sv->s->stop) return -1;
    if (root.pn == 0) return 1;
    if (root.dn == 0) return 0;
    return -1;
}

/* test() within `budget` more expansions: -1 when they run out, without stopping the search
 * (the caller's own limits still do). */
static int budget_test(solver_t *sv, stone_t c, int passes, int ply, int t, uint64_t budget)
{
    const uint64_t limit = ab_state_begin_budget(sv->s, budget);
    int res = test(sv, c, passes, ply, t);
    ab_state_end_budget(sv->s, limit);
    return res;
}

/* The principal variation of a position of black's value v: at black's turn a move proven to
 * keep >= v, at white's a move proven to keep <= v, until the game ends or the static bounds
 * settle the count. Each test gets at most `budget` expansions: under superko a result that
 * depends on the path is not stored, and deep in a variation such results can take
 * exponentially many re-expansions (2x2 under situational superko never finished the second
 * move's tests); the variation then ends at the first move it cannot prove. */
static void principal_variation(solver_t *sv, stone_t c, int passes, int v, uint64_t budget,
                                ab_result_t *r)
{
    ab_state_t *s = sv->s;
    int n = 0;
    while (n < PV_MAX && !s->stop) {
        int ply = n, lo, hi;
        ab_bits_t no_play;
        static_bounds(sv, c, passes, &lo, &hi, &no_play);
        if (lo == hi) break;
        child_t ch[SOLVE_MAX_CHILDREN];
        int sym;
        pn_entry_t *e = table_find(&sv->table, ab_state_key(s, ply, c, passes, &sym));
        int hint = e && e->move > 0 ? s->sym->inv[sym][e->move] : e ? e->move : POINT_NONE;
        sv->t = c == STONE_BLACK ? v : v + 1;
        int m = generate(sv, c, passes, ply, no_play, hint, n > 0 ? r->pv[n - 1] : POINT_NONE, ch);
        int chosen = -1;
        bool ended = false;
        for (int i = 0; i < m && chosen < 0; i++) {
            int p = ch[i].point;
            if (!ab_state_play(s, c, p, ply)) continue;
            int end;
            bool keeps;
            ended = ab_state_game_end(s, c, p, passes, ply, &end);
            if (ended) {
                int bv = end_value_for_black(c, end);
                keeps = c == STONE_BLACK ? bv >= v : bv <= v;
            } else {
                int cp = p == POINT_PASS ? passes + 1 : 0;
                int res = budget_test(sv, stone_other(c), cp, ply + 1, c == STONE_BLACK ? v : v + 1,
                                      budget);
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

/* Komi in half points, rounded to the nearest half point (as ab_eval.c counts it). */
static int komi_half_points(const rules_t *r)
{
    double k = r->komi * 2.0;
    return (int)(k >= 0 ? k + 0.5 : k - 0.5);
}

static void solver_release(solver_t *sv)
{
    ab_memory_free(sv->own);
    sv->own = NULL;
}

ab_memory_t *ab_memory_new(int tt_bits)
{
    ab_memory_t *m = calloc(1, sizeof(*m));
    if (!m) return NULL;
    if (!table_alloc(&m->table, tt_bits > 0 ? tt_bits : 16)) {
        free(m);
        return NULL;
    }
    return m;
}

void ab_memory_free(ab_memory_t *m)
{
    if (!m) return;
    free(m->table.e);
    free(m->memo);
    free(m->wide_memo);
    free(m->node_memo);
    ab_regions_free(m->regions);
    free(m);
}

/* Make m fit this search: cleared if the last was under other rules (the table's values count
 * komi and the board; its keys the symmetry setting; the memo's analyses the local regions), and
 * its caches allocated when first needed (a cache that cannot be allocated stays NULL: the
 * analyses are then redone, and without the regions' cache the geometric rules alone still give
 * exact values). */
static void memory_adopt(ab_memory_t *m, const ab_state_t *s, const ab_config_t *cfg, int komi2)
{
    const bool same = m->used && m->size == s->board->size && m->komi2 == komi2 &&
                      m->capture_goal == s->rules.capture_goal && m->ko == s->rules.ko &&
                      m->scoring == s->rules.scoring && m->suicide == s->rules.suicide_allowed &&
                      m->symmetry == cfg->symmetry && m->no_regions == cfg->no_regions;
    if (!same) {
        if (m->used) { /* a fresh table is zero already: its untouched pages stay unmapped */
            memset(m->table.e, 0, (size_t)(m->table.mask + 1) * sizeof(pn_entry_t));
            if (m->memo)
                memset(m->memo, 0, ((size_t)1 << STATIC_MEMO_BITS) * sizeof(static_memo_t));
            if (m->wide_memo)
                memset(m->wide_memo, 0, ((size_t)1 << WIDE_MEMO_BITS) * sizeof(wide_memo_t));
            if (m->node_memo)
                memset(m->node_memo, 0, ((size_t)1 << NODE_MEMO_BITS) * sizeof(node_memo_t));
            ab_regions_free(m->regions);
            m->regions = NULL;
        }
        m->used = true;
        m->size = s->board->size;
        m->komi2 = komi2;
        m->capture_goal = s->rules.capture_goal;
        m->ko = s->rules.ko;
        m->scoring = s->rules.scoring;
        m->suicide = s->rules.suicide_allowed;
        m->symmetry = cfg->symmetry;
        m->no_regions = cfg->no_regions;
    }
    if (s->statics && s->geom.n <= 8 && !m->memo)
        m->memo = calloc((size_t)1 << STATIC_MEMO_BITS, sizeof(static_memo_t));
    if (s->statics && s->geom.n > 8 && !m->wide_memo)
        m->wide_memo = calloc((size_t)1 << WIDE_MEMO_BITS, sizeof(wide_memo_t));
    if (s->statics && s->geom.n > 8 && !m->node_memo)
        m->node_memo = calloc((size_t)1 << NODE_MEMO_BITS, sizeof(node_memo_t));
    if (s->statics && !cfg->no_regions && !m->regions) m->regions = ab_regions_new(REGION_CACHE_BITS);
}

/* df-pn went round in circles: the alpha-beta prover, whose iterations are bounded by their
 * depth, solves the position instead (boards where it applies; elsewhere the search ends as at
 * a limit, with the bounds [lo, hi] of black's value). */
static void solve_after_cycles(solver_t *sv, stone_t c, int passes, const ab_config_t *cfg,
                               int guess, int lo, int hi, ab_result_t *r)
{
    ab_state_t *s = sv->s;
    solver_release(sv);
    r->dfpn_cycled = true;
    r->lo = c == STONE_BLACK ? lo : -hi;
    r->hi = c == STONE_BLACK ? hi : -lo;
    r->value = r->lo;
    s->stop = ab_state_limits_reached(s) || !ab_prove_applies(s);
    if (!s->stop) ab_prove(s, c, passes, cfg, guess, r);
}

void ab_solve(ab_state_t *s, stone_t c, int passes, const ab_config_t *cfg, int guess,
              ab_result_t *r)
{
    if (cfg->prover == AB_PROVER_ALPHA_BETA && ab_prove_applies(s)) {
        ab_prove(s, c, passes, cfg, guess, r);
        return;
    }
    solver_t sv;
    memset(&sv, 0, sizeof(sv));
    sv.s = s;
    sv.q_order = cfg->endgame_order;
    sv.komi2 = komi_half_points(&s->rules);
    /* The table and caches: the caller's memory, or one of this search's own. */
    ab_memory_t *memory = cfg->memory;
    if (!memory) memory = sv.own = ab_memory_new(cfg->tt_bits);
    if (!memory) {
        s->stop = true;
        return;
    }
    memory_adopt(memory, s, cfg, sv.komi2);
    sv.table = memory->table;
    sv.memo = s->statics && s->geom.n <= 8 ? memory->memo : NULL;
    sv.wide_memo = s->statics && s->geom.n > 8 ? memory->wide_memo : NULL;
    sv.node_memo = s->statics && s->geom.n > 8 ? memory->node_memo : NULL;
    sv.regions = s->statics && !cfg->no_regions ? memory->regions : NULL;
    sv.watch_cycles = true;
    sv.last_new_position = s->nodes;
    /* Black's value is an area margin 2 (B - W) - komi, so the levels are 2 apart, from
     * area_min to area_max; a capture goal adds the wins +-AB_WIN. */
    const int n_points = s->board->size * s->board->size, komi2 = sv.komi2;
    const int area_min = -2 * n_points - komi2, area_max = 2 * n_points - komi2;
    const int parity = ((komi2 % 2) + 2) % 2;
    const bool goal = s->rules.capture_goal > 0;
    sv.lo_limit = goal ? -AB_WIN : area_min;
    sv.hi_limit = goal ? AB_WIN : area_max;

    ab_bits_t no_play;
    int lo, hi;
    static_bounds(&sv, c, passes, &lo, &hi, &no_play);
    if (lo < sv.lo_limit) lo = sv.lo_limit;
    if (hi > sv.hi_limit) hi = sv.hi_limit;
    /* The thresholds: the guess first, then the level next to it on the side the first test
     * points to (the value is often near the guess, and a value needs a proof at it and a
     * disproof one level above), then steps that double while the tests keep pointing the same
     * way (small boards often end at an extreme), then bisection. */
    int probe = guess + ((guess - parity) % 2 + 2) % 2, step = 2, direction = 0;
    bool galloping = true;
    if (cfg->single_test) {
        int t = cfg->test_value;
        int res = lo < t && t <= hi ? test(&sv, c, passes, 0, t) : -1;
        if (sv.cycled) {
            solve_after_cycles(&sv, c, passes, cfg, guess, lo, hi, r);
            return;
        }
        if (res == 1) lo = t;
        if (res == 0) hi = t - 1 - ((t - 1 - parity) % 2 + 2) % 2; /* the level below t */
        if (hi < lo) hi = lo;
        if (lo < hi) {
            r->lo = c == STONE_BLACK ? lo : -hi;
            r->hi = c == STONE_BLACK ? hi : -lo;
            r->value = r->lo;
            r->depth = sv.max_ply;
            solver_release(&sv);
            return;
        }
    }
    while (lo < hi && !s->stop) {
        int t, lo_if_proven, hi_if_not;
        if (goal && hi == AB_WIN) { /* does black win by capture? */
            t = AB_WIN;
            lo_if_proven = AB_WIN;
            hi_if_not = area_max;
        } else if (goal && lo == -AB_WIN) { /* does white not? */
            t = -AB_WIN + 1;
            lo_if_proven = area_min;
            hi_if_not = -AB_WIN;
        } else {
            if (galloping && probe > lo && probe <= hi) {
                t = probe;
            } else { /* bisect the levels */
                t = lo + (hi - lo + 1) / 2;
                t += ((t - parity) % 2 + 2) % 2;
            }
            lo_if_proven = t;
            hi_if_not = t - 2;
        }
        int res = test(&sv, c, passes, 0, t);
        if (res < 0) break;
        const int d = res == 1 ? 1 : -1;
        if (direction != 0 && d != direction) galloping = false;
        if (direction != 0 && d == direction) step *= 2;
        direction = d;
        probe = res == 1 ? t + step : t - step;
        if (probe > hi) probe = hi;
        if (probe <= lo) probe = lo + 2;
        if (res == 1 && lo_if_proven > lo) lo = lo_if_proven;
        if (res == 0 && hi_if_not < hi) hi = hi_if_not;
        if (hi < lo) hi = lo; /* only under a graph-history clash */
        r->lo = c == STONE_BLACK ? lo : -hi;
        r->hi = c == STONE_BLACK ? hi : -lo;
        r->value = r->lo;
        r->depth = sv.max_ply;
        ab_state_fill_stats(s, r);
        if (cfg->on_iteration) cfg->on_iteration(r, cfg->user);
    }
    if (sv.cycled) {
        solve_after_cycles(&sv, c, passes, cfg, guess, lo, hi, r);
        return;
    }
    sv.watch_cycles = false; /* the principal variation's tests have budgets of their own */
    r->exact = lo == hi && !s->stop;
    if (r->exact) {
        /* As many expansions per test as the value took, and at least PV_MIN_BUDGET. */
        const uint64_t spent = s->nodes;
        principal_variation(&sv, c, passes, lo, spent > PV_MIN_BUDGET ? spent : PV_MIN_BUDGET, r);
    }
    /* Results are for the player to move. */
    r->lo = c == STONE_BLACK ? lo : -hi;
    r->hi = c == STONE_BLACK ? hi : -lo;
    r->value = r->lo;
    if (goal && r->exact && (lo == AB_WIN || lo == -AB_WIN)) {
        /* A capture-goal result: its length along the principal variation found. */
        int plies = r->pv_len > 0 ? r->pv_len : 1;
        r->value = r->lo = r->hi = r->lo > 0 ? AB_WIN - plies : -(AB_WIN - plies);
    }
    r->depth = sv.max_ply;
    solver_release(&sv);
}
