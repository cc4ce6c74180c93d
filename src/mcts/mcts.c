/* mcts.c - UCT with RAVE/AMAF and priors, a node pool with a memory limit, tree reuse, ownership.
 *
 * Owns: the tree, selection, expansion with priors, backup, search limits. Must not know: GTP or
 * any text format, the engine's pass and resign policy, time controls (it receives a per-search
 * limit). The tuning constants are in mcts_params.h.
 *
 * The tree: nodes live in one array (the pool); the children of a node are a contiguous block of
 * it, created at once when the node is expanded. Index 0 is never a node, so first_child == 0
 * means "not expanded". When the pool cannot hold a new block, the leaf stays a leaf. Tree reuse
 * copies the kept subtree breadth-first into a fresh pool (blocks stay contiguous) and frees the
 * old one.
 *
 * Threads (cfg.threads > 1): tree parallelism. Every worker has its own board, generator,
 * scratch and ownership sums; they share the pool. Node statistics are C11 atomics: with one
 * thread they are updated by plain relaxed load and store (no locked instructions, and the same
 * arithmetic as before, so results stay bit for bit reproducible); with several by relaxed
 * fetch-add. Blocks of children are claimed from the pool by compare-and-swap; a node is expanded
 * by the one thread that sets its NODE_EXPANDING flag, which publishes the block with a release
 * store of first_child (readers load it with acquire, so they see the children initialised).
 * Virtual loss: a thread descending through a node adds a virtual loss to it (counted in
 * selection as MCTS_VIRTUAL_LOSS lost games) and removes it in backup, so concurrent threads
 * spread over different lines. Worker 0 runs in the caller's thread and makes the reports.
 *
 * An mcts_t itself is used by one caller at a time.
 */
#include "tengen/mcts.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcts/mcts_params.h"
#include "tengen/features.h"
#include "tengen/model.h"
#include "tengen/policy.h"
#include "tengen/score.h"
#include "tengen/pattern3.h"
#include "tengen/tactics.h"

#define NODE_ILLEGAL 1u   /* the move recreates an earlier position (superko): never selected */
#define NODE_EXPANDING 2u /* a thread has claimed the expansion of this node (threads only) */
/* The node may hold the others' counts (m->shares, set by an import or kept with a reused
 * subtree); a node without it holds none, and neither does any node below it. */
#define NODE_SHARED 4u
#define MCTS_MAX_DEPTH 512
#define MCTS_MIN_NODES 1024
#define MCTS_MAX_PV 32

/* Wins are counted in half games (a jigo is half a win for each side), so that every statistic
 * is an integer that threads can add atomically. */
typedef struct node {
    _Atomic uint32_t first_child; /* index of the first child in the pool; 0 = not expanded.
                                     Stored with release once the block is ready */
    uint16_t num_children;        /* written before first_child is published */
    int16_t move;                 /* the move leading here: a point or POINT_PASS */
    _Atomic uint16_t flags;       /* NODE_ILLEGAL, NODE_EXPANDING, NODE_SHARED */
    _Atomic uint16_t vloss;       /* threads now descending through this node (virtual loss) */
    _Atomic int32_t visits;       /* real playouts through this node */
    _Atomic int32_t wins2;        /* real wins of the player who made `move`, in half games */
    float prior_visits, prior_wins; /* virtual games from the priors; set before publication */
    _Atomic int32_t amaf_visits;
    _Atomic int32_t amaf_wins2;   /* AMAF wins for the player who made `move`, in half games */
} node_t;

/* What other searchers (other processes searching the same position) have counted in a node,
 * as their last sync reported it (mcts_import_shares). Kept apart from the node's own counts so
 * that a sync replaces it instead of adding to it: nothing is counted twice. Zero in a node
 * without NODE_SHARED. */
typedef struct node_share {
    _Atomic int32_t visits, wins2, amaf_visits, amaf_wins2;
} node_share_t;

/* One history entry, to recognise a later position as a continuation of the tree's root. */
typedef struct hist_entry {
    uint64_t key;
    int point;
    int color;
} hist_entry_t;

/* One search thread's own state. */
typedef struct worker {
    mcts_t *m;
    rng_t rng;
    long playouts;      /* simulations this worker completed in this search */
    long owner_samples; /* of them, those that added to owner_sum */
    pthread_t thread;
    int32_t owner_sum[BOARD_MAX_POINTS];

    /* Per-simulation scratch. */
    board_t board;
    uint32_t path[MCTS_MAX_DEPTH + 1];
    uint64_t path_keys[MCTS_MAX_DEPTH + 1];
    int16_t seq[MCTS_MAX_SEQUENCE];
    uint8_t first_color[BOARD_MAX_POINTS];
    int8_t owner[BOARD_MAX_POINTS];
} worker_t;

struct mcts {
    mcts_config_t cfg;
    node_t *pool;
    node_share_t *shares;   /* parallel to pool, allocated at the first import; NULL: none */
    size_t capacity;        /* nodes */
    _Atomic size_t used;    /* nodes handed out, index 0 included */
    uint32_t root;          /* 0: no tree */
    _Atomic bool pool_full;

    /* What the tree's root stands for. */
    int root_size;
    rules_t root_rules;
    int root_handicap;
    double root_komi_offset; /* cfg.komi_offset of the searches the tree's statistics come from */
    stone_t root_to_move;
    hist_entry_t *hist;
    int hist_len, hist_cap;

    /* Superko keys of the game's positions (sorted), for in-tree checks. */
    uint64_t *keys;
    int num_keys, keys_cap;

    bool filtered; /* filter applies (mcts_set_move_filter) */
    mcts_move_filter_t filter;

    mcts_report_fn report_fn;
    void *report_user;
    const atomic_bool *stop; /* set by another thread to end the search (NULL: none) */
    mcts_sync_fn sync_fn;    /* called by the caller's thread during a search (NULL: none) */
    void *sync_user;
    /* Other searchers' ownership sums and samples of this search (mcts_import_ownership). */
    int32_t others_owner_sum[BOARD_MAX_POINTS];
    long others_owner_samples;
    /* Their playouts and per-move score sums of this search (mcts_import_playouts and
     * mcts_import_move_scores); read and written by the caller's thread only. */
    long others_playouts;
    mcts_move_scores_t others_scores;
    bool joined; /* every worker of the search has stopped: all their sums may be read */
    bool searching; /* mcts_search is running (the shares array may not be made now) */
    /* Scratch of the breadth-first walks of mcts_export_shares and mcts_import_shares. */
    struct share_walk *walk;
    size_t walk_cap;
    worker_t *workers; /* cfg.threads of them */
    int num_workers;

    /* Per-search state, read-only while the workers run unless atomic. */
    board_t root_board;
    const game_t *game;
    stone_t to_move;
    double komi;
    int root_passes;
    int root_last, root_last2; /* the game's last move and the one before it */
    /* The model's probability of every root move (the reports' prior), when a model is set. */
    float root_policy[BOARD_MAX_POINTS + 1];
    /* Black's ownership of the root's points from a few playouts, for a model with FEAT_OWNER:
     * the priors of every node of this search read it (as Pachi's patterns read its ownermap).
     * NULL without such a model. */
    const float *prior_owner;
    float prior_owner_buf[BOARD_MAX_POINTS];
    bool shared; /* more than one worker: atomic read-modify-write and virtual loss */
    policy_config_t pcfg;
    _Atomic long playouts, playout_moves; /* completed simulations, stones they placed */
    _Atomic long claimed;                 /* simulations started or done (playout limit) */
    _Atomic bool finished;                /* set by the worker that ends the search */
    long reused_visits;
    float ownership[BOARD_MAX_POINTS];
    /* Final area scores (black minus white, no komi) of this search's simulations by their first
     * move, indexed by the point (0 for a pass): the per-move score estimates of the reports. */
    _Atomic int64_t move_score_sum[BOARD_MAX_POINTS];
    _Atomic int64_t move_score_sq_sum[BOARD_MAX_POINTS]; /* of the squares, for the spread */
    _Atomic int32_t move_score_count[BOARD_MAX_POINTS];
    mcts_move_stats_t stats[BOARD_MAX_POINTS + 1];
    int num_stats;
    int pv[MCTS_MAX_PV];
    int pv_len;
    struct timespec start;
};

/* ---- node statistics ---- */

static inline int32_t stat_get(const _Atomic int32_t *x)
{
    return atomic_load_explicit(x, memory_order_relaxed);
}

/* Add v to a statistic. One thread: a plain load and store (no lock prefix, no cost); several:
 * an atomic add, so that no update is lost. */
static inline void stat_add(_Atomic int32_t *x, int32_t v, bool shared)
{
    if (shared) atomic_fetch_add_explicit(x, v, memory_order_relaxed);
    else atomic_store_explicit(x, atomic_load_explicit(x, memory_order_relaxed) + v,
                               memory_order_relaxed);
}

/* A node's counts with the other searchers' shares added (mcts_import_shares); shares is
 * m->shares (NULL: none), which selection reads once per node and passes down, so that its
 * loop over the children is compiled twice, once without any read of the shares. */
static inline int32_t visits_in(const mcts_t *m, const node_share_t *shares, uint32_t i)
{
    const int32_t own = stat_get(&m->pool[i].visits);
    return shares ? own + stat_get(&shares[i].visits) : own;
}

static inline int32_t wins2_in(const mcts_t *m, const node_share_t *shares, uint32_t i)
{
    const int32_t own = stat_get(&m->pool[i].wins2);
    return shares ? own + stat_get(&shares[i].wins2) : own;
}

static inline int32_t amaf_visits_in(const mcts_t *m, const node_share_t *shares, uint32_t i)
{
    const int32_t own = stat_get(&m->pool[i].amaf_visits);
    return shares ? own + stat_get(&shares[i].amaf_visits) : own;
}

static inline int32_t amaf_wins2_in(const mcts_t *m, const node_share_t *shares, uint32_t i)
{
    const int32_t own = stat_get(&m->pool[i].amaf_wins2);
    return shares ? own + stat_get(&shares[i].amaf_wins2) : own;
}

static inline int32_t visits_of(const mcts_t *m, uint32_t i)
{
    return visits_in(m, m->shares, i);
}

static inline int32_t wins2_of(const mcts_t *m, uint32_t i)
{
    return wins2_in(m, m->shares, i);
}

static inline int32_t amaf_visits_of(const mcts_t *m, uint32_t i)
{
    return amaf_visits_in(m, m->shares, i);
}

static inline int32_t amaf_wins2_of(const mcts_t *m, uint32_t i)
{
    return amaf_wins2_in(m, m->shares, i);
}

/* Clear the shares of the nodes first..first+n-1 (new nodes have none). */
static void clear_shares(mcts_t *m, size_t first, size_t n)
{
    if (m->shares) memset(&m->shares[first], 0, n * sizeof *m->shares);
}

/* The first child of nd, 0 if not expanded; the block it names is fully initialised. */
static inline uint32_t children_of(const node_t *nd)
{
    return atomic_load_explicit(&nd->first_child, memory_order_acquire);
}

static inline uint16_t flags_of(const node_t *nd)
{
    return atomic_load_explicit(&nd->flags, memory_order_relaxed);
}

void mcts_config_default(mcts_config_t *cfg)
{
    cfg->max_playouts = 10000;
    cfg->max_seconds = 0;
    cfg->seed = 1;
    cfg->memory_bytes = (size_t)256 << 20;
    cfg->light_playouts = false;
    cfg->reuse_tree = true;
    cfg->root_passes = true;
    cfg->threads = 1;
    cfg->model = NULL;
    cfg->komi_offset = 0;
    cfg->learned_playouts = false;
}

static size_t capacity_for(size_t bytes)
{
    return bytes / sizeof(node_t);
}

static int threads_of(const mcts_config_t *cfg)
{
    return cfg->threads <= 0 ? 1 : cfg->threads;
}

static bool config_ok(const mcts_config_t *cfg)
{
    return capacity_for(cfg->memory_bytes) >= MCTS_MIN_NODES &&
           (cfg->max_playouts > 0 || cfg->max_seconds > 0) && threads_of(cfg) <= MCTS_MAX_THREADS;
}

/* Give m one worker per thread of cfg. Returns false (workers unchanged) if out of memory. */
static bool set_workers(mcts_t *m, const mcts_config_t *cfg)
{
    const int n = threads_of(cfg);
    if (m->workers && n == m->num_workers) return true;
    worker_t *w = calloc((size_t)n, sizeof *w);
    if (!w) return false;
    for (int i = 0; i < n; i++)
        w[i].m = m;
    free(m->workers);
    m->workers = w;
    m->num_workers = n;
    return true;
}

mcts_t *mcts_new(const mcts_config_t *cfg)
{
    if (!config_ok(cfg)) return NULL;
    mcts_t *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cfg = *cfg;
    m->capacity = capacity_for(cfg->memory_bytes);
    m->pool = malloc(m->capacity * sizeof(node_t));
    if (!m->pool || !set_workers(m, cfg)) {
        mcts_free(m);
        return NULL;
    }
    m->used = 1;
    return m;
}

void mcts_free(mcts_t *m)
{
    if (!m) return;
    free(m->pool);
    free(m->shares);
    free(m->walk);
    free(m->hist);
    free(m->keys);
    free(m->workers);
    free(m);
}

void mcts_clear(mcts_t *m)
{
    m->root = 0;
    m->used = 1;
    m->pool_full = false;
    m->hist_len = 0;
}

bool mcts_set_config(mcts_t *m, const mcts_config_t *cfg)
{
    if (!config_ok(cfg) || !set_workers(m, cfg)) return false;
    if (capacity_for(cfg->memory_bytes) != m->capacity) {
        node_t *pool = malloc(capacity_for(cfg->memory_bytes) * sizeof(node_t));
        if (!pool) return false;
        free(m->pool);
        m->pool = pool;
        free(m->shares);
        m->shares = NULL;
        m->capacity = capacity_for(cfg->memory_bytes);
        mcts_clear(m);
    }
    if (cfg->light_playouts != m->cfg.light_playouts || cfg->model != m->cfg.model ||
        cfg->learned_playouts != m->cfg.learned_playouts)
        mcts_clear(m);
    m->cfg = *cfg;
    return true;
}

const mcts_config_t *mcts_config(const mcts_t *m)
{
    return &m->cfg;
}

void mcts_set_stop(mcts_t *m, const atomic_bool *stop)
{
    m->stop = stop;
}

void mcts_set_move_filter(mcts_t *m, const mcts_move_filter_t *f)
{
    const bool same = f ? m->filtered && !memcmp(&m->filter, f, sizeof *f) : !m->filtered;
    if (same) return;
    mcts_clear(m);
    m->filtered = f != NULL;
    if (f) m->filter = *f;
}

/* Set once by a front end before any search, read by the searching thread. */
static mcts_poll_fn poll_fn;

void mcts_set_poll(mcts_poll_fn fn)
{
    poll_fn = fn;
}

void mcts_set_report(mcts_t *m, mcts_report_fn fn, void *user)
{
    m->report_fn = fn;
    m->report_user = user;
}

const float *mcts_ownership(const mcts_t *m)
{
    return m->ownership;
}

/* Resigned or won by the Atari Go capture goal. Two passes end the game too, but play may resume
 * after them (game.h), so they do not stop a search. */
static bool is_decided(const game_t *g)
{
    const game_end_t end = game_end_reason(g);
    return end == GAME_END_RESIGN || end == GAME_END_CAPTURE_GOAL;
}

/* ---- helpers ---- */

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Colour of the player to move at depth d of the tree (the root is depth 0). */
static stone_t color_at_depth(const mcts_t *m, int d)
{
    return d % 2 == 0 ? m->to_move : stone_other(m->to_move);
}

/* Superko key of a position with `to_move` to play, as game.c keys it (situational adds the
 * player to move). */
static uint64_t position_key(const mcts_t *m, uint64_t stone_hash, stone_t to_move)
{
    return m->root_rules.ko == KO_SITUATIONAL ? stone_hash ^ board_zobrist_to_move(to_move)
                                              : stone_hash;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static bool key_in_history(const mcts_t *m, uint64_t key)
{
    int lo = 0, hi = m->num_keys;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (m->keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < m->num_keys && m->keys[lo] == key;
}

/* Collect the superko keys of the game's history (not needed under simple ko). */
static bool collect_keys(mcts_t *m, const game_t *g)
{
    m->num_keys = 0;
    if (m->root_rules.ko == KO_SIMPLE) return true;
    int n = game_move_count(g) + 1;
    if (n > m->keys_cap) {
        uint64_t *k = realloc(m->keys, (size_t)n * sizeof *k);
        if (!k) return false;
        m->keys = k;
        m->keys_cap = n;
    }
    /* The empty board before any entry (its stone hash is 0). */
    m->keys[m->num_keys++] = position_key(m, 0, STONE_BLACK);
    for (int i = 0; i < game_move_count(g); i++) {
        const game_move_t *e = game_move_at(g, i);
        m->keys[m->num_keys++] = position_key(m, e->key, stone_other(e->color));
    }
    qsort(m->keys, (size_t)m->num_keys, sizeof *m->keys, cmp_u64);
    return true;
}

/* ---- tree identity and reuse ---- */

static uint32_t find_child(const mcts_t *m, uint32_t node, int move)
{
    const node_t *nd = &m->pool[node];
    for (uint32_t i = 0; i < nd->num_children; i++)
        if (m->pool[nd->first_child + i].move == move) return nd->first_child + i;
    return 0;
}

/* The node of the tree that stands for g with c to move, or 0. */
static uint32_t reusable_root(const mcts_t *m, const game_t *g, stone_t c)
{
    if (!m->root || !m->cfg.reuse_tree) return 0;
    if (game_size(g) != m->root_size || !rules_equal(game_rules(g), &m->root_rules) ||
        game_handicap(g) != m->root_handicap ||
        fabs(m->cfg.komi_offset - m->root_komi_offset) > MCTS_REUSE_KOMI_DRIFT)
        return 0;
    const int n = game_move_count(g);
    if (n < m->hist_len) return 0;
    for (int i = 0; i < m->hist_len; i++) {
        const game_move_t *e = game_move_at(g, i);
        if (e->key != m->hist[i].key || e->point != m->hist[i].point ||
            (int)e->color != m->hist[i].color)
            return 0;
    }
    uint32_t node = m->root;
    stone_t expect = m->root_to_move;
    for (int i = m->hist_len; i < n; i++) {
        const game_move_t *e = game_move_at(g, i);
        if (e->setup_index >= 0 || e->color != expect || !m->pool[node].first_child) return 0;
        node = find_child(m, node, e->point);
        if (!node) return 0;
        expect = stone_other(expect);
    }
    return expect == c ? node : 0;
}

/* Copy the subtree of `keep` into a fresh pool, breadth-first. On failure the tree is dropped. */
static void compact_to(mcts_t *m, uint32_t keep)
{
    node_t *fresh = malloc(m->capacity * sizeof(node_t));
    if (!fresh) {
        mcts_clear(m);
        return;
    }
    node_share_t *fresh_shares = NULL;
    if (m->shares && !(fresh_shares = malloc(m->capacity * sizeof *fresh_shares))) {
        free(fresh);
        mcts_clear(m);
        return;
    }
    size_t used = 1;
    fresh[used] = m->pool[keep];
    if (fresh_shares) fresh_shares[used] = m->shares[keep];
    used++;
    for (size_t i = 1; i < used; i++) {
        node_t *nd = &fresh[i];
        if (!nd->first_child) continue;
        memcpy(&fresh[used], &m->pool[nd->first_child], nd->num_children * sizeof(node_t));
        if (fresh_shares)
            memcpy(&fresh_shares[used], &m->shares[nd->first_child],
                   nd->num_children * sizeof *fresh_shares);
        nd->first_child = (uint32_t)used;
        used += nd->num_children;
    }
    free(m->pool);
    m->pool = fresh;
    if (fresh_shares) {
        free(m->shares);
        m->shares = fresh_shares;
    }
    m->used = used;
    m->root = 1;
    m->pool_full = false;
}

static bool remember_root(mcts_t *m, const game_t *g, stone_t c)
{
    const int n = game_move_count(g);
    if (n > m->hist_cap) {
        hist_entry_t *h = realloc(m->hist, (size_t)n * sizeof *h);
        if (!h) return false;
        m->hist = h;
        m->hist_cap = n;
    }
    for (int i = 0; i < n; i++) {
        const game_move_t *e = game_move_at(g, i);
        m->hist[i] = (hist_entry_t){e->key, e->point, (int)e->color};
    }
    m->hist_len = n;
    m->root_size = game_size(g);
    m->root_rules = *game_rules(g);
    m->root_handicap = game_handicap(g);
    m->root_komi_offset = m->cfg.komi_offset;
    m->root_to_move = c;
    return true;
}

static uint32_t new_root(mcts_t *m, int last_move)
{
    m->used = 1;
    m->pool_full = false;
    clear_shares(m, m->used, 1);
    node_t *r = &m->pool[m->used++];
    memset(r, 0, sizeof *r);
    r->move = (int16_t)(last_move > 0 ? last_move : POINT_PASS);
    return 1;
}

/* ---- expansion ---- */

static int manhattan(const board_t *b, int p, int q)
{
    return abs(board_x(b, p) - board_x(b, q)) + abs(board_y(b, p) - board_y(b, q));
}

/* Is there a stone within Manhattan distance MCTS_EMPTY_AREA_DIST of p? */
static bool has_stone_near(const board_t *b, int p)
{
    const int x0 = board_x(b, p), y0 = board_y(b, p), r = MCTS_EMPTY_AREA_DIST;
    for (int dy = -r; dy <= r; dy++) {
        const int y = y0 + dy;
        if (y < 0 || y >= b->size) continue;
        const int span = r - abs(dy);
        for (int dx = -span; dx <= span; dx++) {
            const int x = x0 + dx;
            if (x < 0 || x >= b->size) continue;
            const stone_t col = board_at(b, board_point(b, x, y));
            if (col == STONE_BLACK || col == STONE_WHITE) return true;
        }
    }
    return false;
}

/* Tactical facts about the points of a position that the priors use (set by expand()). */
enum {
    FEATURE_ESCAPE = 1,        /* saves an own string in atari */
    FEATURE_FUTILE_ESCAPE = 2, /* extends an own string in atari that a ladder still catches */
    FEATURE_LADDER_ATTACK = 4, /* ataris an opponent string that then dies in a ladder */
};

/* Give a new child its priors: wins and losses in virtual games (mcts_params.h). */
static void set_priors(node_t *ch, const board_t *b, stone_t c, int p, int last,
                       const uint8_t *feature, const uint8_t *patterns)
{
    float n = PRIOR_EVEN, w = PRIOR_EVEN / 2.0f;
    if (p == POINT_PASS) {
        ch->prior_visits = n + PRIOR_PASS_LOSSES;
        ch->prior_wins = w;
        return;
    }
    tactics_move_t t;
    tactics_eval_move(b, c, p, &t);
    if (t.captured > 0) {
        const float bonus = t.captured > 1 ? PRIOR_CAPTURE_MANY : PRIOR_CAPTURE_ONE;
        n += bonus;
        w += bonus;
    }
    if (feature[p] & FEATURE_ESCAPE) {
        n += PRIOR_ESCAPE;
        w += PRIOR_ESCAPE;
    } else if (feature[p] & FEATURE_FUTILE_ESCAPE) {
        n += PRIOR_LADDERED;
    }
    if (feature[p] & FEATURE_LADDER_ATTACK) {
        n += PRIOR_LADDER_ATTACK;
        w += PRIOR_LADDER_ATTACK;
    }
    if (patterns && pattern3_match_in(patterns, b, p)) {
        n += PRIOR_PATTERN;
        w += PRIOR_PATTERN;
    }
    if (t.libs <= 1 && t.captured == 0) {
        if (t.stones == 1 && tactics_is_snapback(b, c, p)) {
            n += PRIOR_SNAPBACK;
            w += PRIOR_SNAPBACK;
        } else {
            n += t.stones > 1 ? PRIOR_SELF_ATARI_BIG : PRIOR_SELF_ATARI;
        }
    }
    if (last > 0) {
        const int d = manhattan(b, p, last);
        const float near = d == 1 ? PRIOR_NEAR_1 : d == 2 ? PRIOR_NEAR_2 : d == 3 ? PRIOR_NEAR_3 : 0;
        n += near;
        w += near;
    }
    if (!has_stone_near(b, p)) {
        const int x = board_x(b, p), y = board_y(b, p);
        int line = x < y ? x : y;
        if (b->size - 1 - x < line) line = b->size - 1 - x;
        if (b->size - 1 - y < line) line = b->size - 1 - y;
        if (line <= 1) {
            n += PRIOR_EMPTY_AREA;
        } else if (line == 2) {
            n += PRIOR_EMPTY_AREA;
            w += PRIOR_EMPTY_AREA;
        }
    }
    ch->prior_visits = n;
    ch->prior_wins = w;
}

/* The tactical facts of the hand-set priors for c on b, per point into feature[]: escapes of own
 * strings in atari (and extensions a ladder makes futile); ataris that start a working ladder
 * against opponent strings with two liberties. */
static void tactical_facts(const board_t *b, stone_t c, uint8_t *feature)
{
    memset(feature, 0, (size_t)b->num_points);
    for (int i = 0; i < b->num_points; i++) {
        const stone_t col = board_at(b, i);
        if ((col != STONE_BLACK && col != STONE_WHITE) || board_chain_head(b, i) != i) continue;
        const int libs = board_liberties(b, i);
        if (col == c && libs == 1) {
            int out[16];
            const int k = tactics_atari_escapes(b, i, out, 16);
            for (int j = 0; j < k; j++)
                feature[out[j]] |= FEATURE_ESCAPE;
            const int lib = board_atari_point(b, i);
            if (!(feature[lib] & FEATURE_ESCAPE)) feature[lib] |= FEATURE_FUTILE_ESCAPE;
        } else if (col != c && libs == 2) {
            int l[2];
            board_chain_liberty_list(b, i, l, 2);
            for (int j = 0; j < 2; j++)
                if (!(feature[l[j]] & FEATURE_LADDER_ATTACK) && tactics_is_ladder_attack(b, c, l[j]))
                    feature[l[j]] |= FEATURE_LADDER_ATTACK;
        }
    }
}

/* The learned model's probabilities of the moves[0..n) (pass included) for c on b, into prob[]. */
static void model_probabilities(const model_t *model, const board_t *b, stone_t c, int last,
                                int last2, const float *owner, const int *moves, int n,
                                float *prob)
{
    feature_context_t ctx;
    feature_context_init(&ctx, b, c, last, last2);
    ctx.owner = owner;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        prob[i] = model_move_gamma(model, MODEL_TREE, &ctx, moves[i]);
        sum += prob[i];
    }
    for (int i = 0; i < n; i++)
        prob[i] = sum > 0 ? (float)(prob[i] / sum) : 1.0f / (float)n;
}

/* Priors from the learned model, as Pachi gives its pattern priors: on top of the even-game
 * prior, PRIOR_MODEL_WINS * sqrt(p) virtual wins for a move of probability p, so the likely
 * moves are searched first and the unlikely ones still get tried. */
static void set_model_priors(mcts_t *m, node_t *children, const int *moves, int n,
                             const board_t *b, stone_t c, int last, int last2)
{
    float p[BOARD_MAX_POINTS + 1];
    model_probabilities(m->cfg.model, b, c, last, last2, m->prior_owner, moves, n, p);
    for (int i = 0; i < n; i++) {
        node_t *ch = &children[i];
        const float bonus = PRIOR_MODEL_WINS * sqrtf(p[i]);
        ch->prior_visits = PRIOR_EVEN + bonus + (moves[i] == POINT_PASS ? PRIOR_PASS_LOSSES : 0);
        ch->prior_wins = PRIOR_EVEN / 2.0f + bonus;
    }
}

/* Create the children of `node` (position b, c to move, previous move last, `depth` moves below
 * the root). At the root, game_check_move filters the moves (superko exact). Returns false if the pool is full. */
static bool expand(mcts_t *m, uint32_t node, const board_t *b, stone_t c, int last, int last2,
                   int depth)
{
    const bool at_root = depth == 0;
    int moves[BOARD_MAX_POINTS + 1], n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        const int p = b->empties[i];
        if (board_check_move(b, c, p) != MOVE_OK || board_is_true_eye(b, p, c)) continue;
        if (m->filtered && depth < m->filter.banned_until[c][p]) continue;
        tactics_move_t t;
        tactics_eval_move(b, c, p, &t);
        if (t.libs == 0) continue; /* suicide, even where allowed */
        if (at_root && game_check_move(m->game, c, p) != GAME_OK) continue;
        moves[n++] = p;
    }
    /* empties[] has no fixed order across boards; sort so the tree does not depend on it. */
    for (int i = 1; i < n; i++) {
        int v = moves[i], j = i;
        for (; j > 0 && moves[j - 1] > v; j--)
            moves[j] = moves[j - 1];
        moves[j] = v;
    }
    moves[n++] = POINT_PASS;
    /* Claim the block; another thread may claim one at the same time. */
    size_t first = atomic_load_explicit(&m->used, memory_order_relaxed);
    do {
        if (first + (size_t)n > m->capacity) {
            atomic_store_explicit(&m->pool_full, true, memory_order_relaxed);
            return false;
        }
    } while (!atomic_compare_exchange_weak_explicit(&m->used, &first, first + (size_t)n,
                                                    memory_order_relaxed, memory_order_relaxed));
    /* The hand-set priors' tactical facts are read only without a model, which reads its own. */
    uint8_t feature[BOARD_MAX_POINTS];
    if (!m->cfg.model) tactical_facts(b, c, feature);
    clear_shares(m, first, (size_t)n);
    for (int i = 0; i < n; i++) {
        node_t *ch = &m->pool[first + (size_t)i];
        memset(ch, 0, sizeof *ch);
        ch->move = (int16_t)moves[i];
        if (!m->cfg.model) set_priors(ch, b, c, moves[i], last, feature, m->pcfg.patterns);
    }
    if (m->cfg.model) set_model_priors(m, &m->pool[first], moves, n, b, c, last, last2);
    m->pool[node].num_children = (uint16_t)n;
    atomic_store_explicit(&m->pool[node].first_child, (uint32_t)first, memory_order_release);
    return true;
}

/* Make sure `node` has children (expand() with its arguments). With threads, only the thread that
 * sets NODE_EXPANDING expands; another one sees the node as a leaf until the block is published.
 * Returns true if the node has children now. */
static bool ensure_children(mcts_t *m, uint32_t node, const board_t *b, stone_t c, int last,
                            int last2, int depth)
{
    node_t *nd = &m->pool[node];
    if (m->shared &&
        (atomic_fetch_or_explicit(&nd->flags, NODE_EXPANDING, memory_order_relaxed) &
         NODE_EXPANDING))
        return children_of(nd) != 0;
    if (expand(m, node, b, c, last, last2, depth)) return true;
    /* The pool is full; let a later search (after tree reuse made room) try again. */
    if (m->shared)
        atomic_fetch_and_explicit(&nd->flags, (uint16_t)~NODE_EXPANDING, memory_order_relaxed);
    return false;
}

/* ---- selection and backup ---- */

/* The blended value of a child (mcts_params.h); `lost` virtual games lost on top (virtual loss).
 * With k = 1 + a / MCTS_RAVE_EQUIV, beta = a / (a + k n), so (1 - beta) w / n + beta r is
 * (k w + a r) / (a + k n): one division instead of four, in the loop over every child of every
 * node of the descent. */
static inline double child_value(const mcts_t *m, const node_share_t *shares, uint32_t i,
                                 double lost)
{
    const node_t *ch = &m->pool[i];
    const double n = (double)visits_in(m, shares, i) + ch->prior_visits + lost;
    const double w = (double)wins2_in(m, shares, i) * 0.5 + ch->prior_wins;
    const double a = amaf_visits_in(m, shares, i);
    const double k = 1.0 + a * (1.0 / MCTS_RAVE_EQUIV);
    const double den = a + k * n;
    return den > 0 ? (k * w + (double)amaf_wins2_in(m, shares, i) * 0.5) / den : 0.5;
}

/* The child of node to descend to; shares as in visits_in. Inlined into each of select_child's
 * two calls, so that the one with NULL reads no shares. */
static inline __attribute__((always_inline)) uint32_t
select_among(const mcts_t *m, const node_share_t *shares, uint32_t node)
{
    const node_t *nd = &m->pool[node];
    const uint32_t first = children_of(nd);
    const double log_n = MCTS_UCB_C > 0 ? log((double)visits_in(m, shares, node) + 1.0) : 0.0;
    uint32_t best = 0;
    double best_u = -1e300;
    for (uint32_t i = 0; i < nd->num_children; i++) {
        const node_t *ch = &m->pool[first + i];
        if (flags_of(ch) & NODE_ILLEGAL) continue;
        /* Always 0 with one thread. */
        const double lost =
            MCTS_VIRTUAL_LOSS * (double)atomic_load_explicit(&ch->vloss, memory_order_relaxed);
        double u = child_value(m, shares, first + i, lost);
        if (MCTS_UCB_C > 0)
            u += MCTS_UCB_C * sqrt(log_n / ((double)visits_in(m, shares, first + i) + lost + 1.0));
        if (u > best_u) {
            best_u = u;
            best = first + i;
        }
    }
    return best;
}

static uint32_t select_child(const mcts_t *m, uint32_t node)
{
    const node_share_t *shares = m->shares;
    return shares ? select_among(m, shares, node) : select_among(m, NULL, node);
}

/* Take back the virtual loss of path[1..depth] (the root carries none). */
static void remove_virtual_loss(const mcts_t *m, const worker_t *w, int depth)
{
    for (int i = 1; i <= depth; i++)
        atomic_fetch_sub_explicit(&m->pool[w->path[i]].vloss, 1, memory_order_relaxed);
}

/* One simulation by worker w: descend, maybe expand, play out, back up. Returns false if it was
 * abandoned (a tree move turned out to break superko; the node is marked and nothing is
 * counted). */
static bool simulate(mcts_t *m, worker_t *w)
{
    board_t *b = &w->board;
    board_copy(b, &m->root_board);
    uint32_t node = m->root;
    int depth = 0, seq_len = 0, passes = m->root_passes, last = m->root_last,
        last2 = m->root_last2;
    stone_t winner = STONE_EMPTY;
    bool terminal = false, decided = false;
    const bool shared = m->shared;
    w->path[0] = node;
    for (;;) {
        const stone_t c = color_at_depth(m, depth);
        if (!children_of(&m->pool[node])) {
            const bool at_root = node == m->root;
            if (!at_root && stat_get(&m->pool[node].visits) < MCTS_EXPAND_VISITS) break;
            if (!ensure_children(m, node, b, c, last, last2, depth)) break;
        }
        if (depth >= MCTS_MAX_DEPTH - 1) break;
        const uint32_t child = select_child(m, node);
        if (!child) break;
        const int move = m->pool[child].move;
        board_play(b, c, move, NULL);
        if (move > 0 && m->root_rules.ko != KO_SIMPLE && depth > 0) {
            const uint64_t key = position_key(m, b->hash, stone_other(c));
            bool repeat = key_in_history(m, key);
            for (int i = 0; i < depth && !repeat; i++)
                repeat = w->path_keys[i] == key;
            if (repeat) {
                atomic_fetch_or_explicit(&m->pool[child].flags, NODE_ILLEGAL,
                                         memory_order_relaxed);
                if (shared) remove_virtual_loss(m, w, depth);
                return false;
            }
        }
        w->path_keys[depth] = position_key(m, b->hash, stone_other(c));
        w->seq[seq_len++] = (int16_t)move;
        w->path[++depth] = child;
        if (shared) atomic_fetch_add_explicit(&m->pool[child].vloss, 1, memory_order_relaxed);
        node = child;
        last2 = last;
        last = move;
        passes = move == POINT_PASS ? passes + 1 : 0;
        if (m->root_rules.capture_goal > 0 && b->captures[c] >= m->root_rules.capture_goal) {
            terminal = decided = true;
            winner = c;
            break;
        }
        if (passes >= 2) {
            terminal = true;
            break;
        }
    }
    int score;
    const bool sample_owner = !terminal || decided;
    if (terminal) {
        score = policy_area_owner(b, w->owner);
    } else {
        policy_result_t res;
        policy_playout(b, color_at_depth(m, depth), last, &w->rng, &m->pcfg, w->seq + seq_len,
                       MCTS_MAX_SEQUENCE - seq_len, &res);
        seq_len += res.recorded;
        atomic_fetch_add_explicit(&m->playout_moves, res.moves, memory_order_relaxed);
        if (res.winner != STONE_EMPTY) {
            decided = true;
            winner = res.winner;
        }
        score = policy_area_owner(b, w->owner);
    }
    if (!decided) {
        const double komi = m->komi + m->cfg.komi_offset;
        winner = score > komi ? STONE_BLACK : score < komi ? STONE_WHITE : STONE_EMPTY;
    }
    if (depth >= 1) {
        const int first_move = m->pool[w->path[1]].move;
        const int k = first_move > 0 ? first_move : 0;
        atomic_fetch_add_explicit(&m->move_score_sum[k], score, memory_order_relaxed);
        atomic_fetch_add_explicit(&m->move_score_sq_sum[k], (int64_t)score * score,
                                  memory_order_relaxed);
        atomic_fetch_add_explicit(&m->move_score_count[k], 1, memory_order_relaxed);
    }
    /* Black's result in half games: 2 a win, 1 a jigo, 0 a loss. */
    const int32_t black_half = winner == STONE_BLACK ? 2 : winner == STONE_WHITE ? 0 : 1;
    if (sample_owner) {
        for (int i = 0; i < b->size; i++)
            for (int j = 0; j < b->size; j++) {
                const int p = board_point(b, j, i);
                w->owner_sum[p] += w->owner[p];
            }
        w->owner_samples++;
    }

    /* Backup: node path[i] holds the move of the player to move at depth i - 1. The visit comes
     * before the virtual loss goes, so a node never looks less visited than it is. */
    for (int i = 0; i <= depth; i++) {
        node_t *nd = &m->pool[w->path[i]];
        const stone_t mover = color_at_depth(m, i + 1);
        stat_add(&nd->visits, 1, shared);
        stat_add(&nd->wins2, mover == STONE_BLACK ? black_half : 2 - black_half, shared);
    }
    if (shared) remove_virtual_loss(m, w, depth);
    /* AMAF: walking the sequence backwards leaves first_color[p] = the colour that played p
     * first at or after index j; node path[j] then credits every child whose point its player
     * (the mover at j) played first. */
    memset(w->first_color, 0, (size_t)b->num_points);
    for (int j = seq_len - 1; j >= 0; j--) {
        const stone_t cj = color_at_depth(m, j);
        if (w->seq[j] > 0) w->first_color[w->seq[j]] = (uint8_t)cj;
        if (j >= depth) continue;
        const node_t *nd = &m->pool[w->path[j]];
        const uint32_t first = children_of(nd);
        const int32_t value = cj == STONE_BLACK ? black_half : 2 - black_half;
        for (uint32_t k = 0; k < nd->num_children; k++) {
            node_t *ch = &m->pool[first + k];
            if (ch->move > 0 && w->first_color[ch->move] == cj) {
                stat_add(&ch->amaf_visits, 1, shared);
                stat_add(&ch->amaf_wins2, value, shared);
            }
        }
    }
    w->playouts++;
    atomic_fetch_add_explicit(&m->playouts, 1, memory_order_relaxed);
    return true;
}

/* ---- reports ---- */

static int cmp_stats(const void *a, const void *b)
{
    const mcts_move_stats_t *x = a, *y = b;
    if (x->visits != y->visits) return x->visits > y->visits ? -1 : 1;
    if (x->winrate != y->winrate) return x->winrate > y->winrate ? -1 : 1;
    return x->point - y->point;
}

/* The index in m->stats (sorted by visits) of the move to play: the most visited one, unless
 * MCTS_FINAL_LCB_Z is set; then, of the moves with at least MCTS_FINAL_LCB_VISITS of the most
 * visited one's visits, the one whose win rate has the highest lower confidence bound, so that a
 * move whose visits came from its prior and whose real results fell late is not played on its
 * visits alone. */
static int final_choice(const mcts_t *m)
{
    if (!(MCTS_FINAL_LCB_Z > 0) || m->num_stats < 2) return 0;
    const double floor = m->stats[0].visits * MCTS_FINAL_LCB_VISITS;
    int chosen = 0;
    double chosen_lcb = -1;
    for (int i = 0; i < m->num_stats && m->stats[i].visits >= floor; i++) {
        const mcts_move_stats_t *s = &m->stats[i];
        if (s->visits <= 0) break;
        const double w = s->winrate;
        const double lcb = w - MCTS_FINAL_LCB_Z * sqrt(w * (1 - w) / s->visits);
        if (lcb > chosen_lcb) {
            chosen_lcb = lcb;
            chosen = i;
        }
    }
    return chosen;
}

/* The ownership from the sums of the first `workers` workers. During a threaded search only
 * worker 0 (the caller's thread, which reports) may be read; at the end, all of them. */
static void update_ownership(mcts_t *m, int workers)
{
    long samples = m->others_owner_samples;
    for (int k = 0; k < workers; k++)
        samples += m->workers[k].owner_samples;
    if (samples == 0) return;
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        int32_t sum = m->others_owner_sum[p];
        for (int k = 0; k < workers; k++)
            sum += m->workers[k].owner_sum[p];
        m->ownership[p] = (float)sum / (float)samples;
    }
}

/* The model's probabilities of the legal root moves into root_policy[] (pass at [0]). */
static void compute_root_policy(mcts_t *m, stone_t c)
{
    const board_t *b = &m->root_board;
    int moves[BOARD_MAX_POINTS + 1], n = 0;
    for (int i = 0; i < b->empty_count; i++)
        if (board_check_move(b, c, b->empties[i]) == MOVE_OK) moves[n++] = b->empties[i];
    moves[n++] = POINT_PASS;
    float prob[BOARD_MAX_POINTS + 1];
    model_probabilities(m->cfg.model, b, c, m->root_last, m->root_last2, m->prior_owner, moves, n,
                        prob);
    memset(m->root_policy, 0, sizeof m->root_policy);
    for (int i = 0; i < n; i++)
        m->root_policy[moves[i] > 0 ? moves[i] : 0] = prob[i];
}

/* Fill r from the tree; may run while other workers search (it reads statistics atomically). */
static void fill_report(mcts_t *m, mcts_report_t *r)
{
    const node_t *root = &m->pool[m->root];
    const uint32_t first = children_of(root);
    m->num_stats = 0;
    for (uint32_t i = 0; first && i < root->num_children; i++) {
        const node_t *ch = &m->pool[first + i];
        if (flags_of(ch) & NODE_ILLEGAL) continue;
        mcts_move_stats_t *s = &m->stats[m->num_stats++];
        const int32_t visits = visits_of(m, first + i), amaf = amaf_visits_of(m, first + i);
        s->point = ch->move;
        s->visits = visits;
        /* In float, as these were computed when the statistics were floats. */
        s->winrate = visits ? (float)wins2_of(m, first + i) * 0.5f / (float)visits : 0.5;
        s->amaf_visits = amaf;
        s->amaf_winrate =
            amaf > 0 ? (float)amaf_wins2_of(m, first + i) * 0.5f / (float)amaf : 0.5;
        s->prior = m->cfg.model ? m->root_policy[ch->move > 0 ? ch->move : 0]
                 : ch->prior_visits > 0 ? ch->prior_wins / ch->prior_visits : 0.5;
        const int k = ch->move > 0 ? ch->move : 0;
        const mcts_move_scores_t *others = &m->others_scores;
        s->score_samples =
            atomic_load_explicit(&m->move_score_count[k], memory_order_relaxed) + others->count[k];
        const double sum =
            (double)(atomic_load_explicit(&m->move_score_sum[k], memory_order_relaxed) +
                     others->sum[k]);
        s->score = s->score_samples ? sum / s->score_samples - m->komi : 0;
        s->score_stdev = 0;
        if (s->score_samples > 1) {
            /* Of the scores before komi: the same spread. */
            const double n = s->score_samples, mean = sum / n;
            const double sq =
                (double)(atomic_load_explicit(&m->move_score_sq_sum[k], memory_order_relaxed) +
                         others->sq_sum[k]) /
                n;
            s->score_stdev = sq > mean * mean ? sqrt(sq - mean * mean) : 0;
        }
    }
    qsort(m->stats, (size_t)m->num_stats, sizeof m->stats[0], cmp_stats);
    m->pv_len = 0;
    for (uint32_t node = m->root; m->pv_len < MCTS_MAX_PV && children_of(&m->pool[node]);) {
        const node_t *nd = &m->pool[node];
        const uint32_t first_child = children_of(nd);
        uint32_t best = 0;
        int32_t best_visits = 0;
        for (uint32_t i = 0; i < nd->num_children; i++) {
            const uint32_t k = first_child + i;
            const int32_t v = visits_of(m, k);
            if (!(flags_of(&m->pool[k]) & NODE_ILLEGAL) && (!best || v > best_visits)) {
                best = k;
                best_visits = v;
            }
        }
        if (!best || best_visits == 0) break;
        m->pv[m->pv_len++] = m->pool[best].move;
        node = best;
    }
    r->playouts = atomic_load_explicit(&m->playouts, memory_order_relaxed);
    r->others_playouts = m->others_playouts;
    r->reused_visits = m->reused_visits;
    r->seconds = seconds_since(&m->start);
    r->nodes = (long)atomic_load_explicit(&m->used, memory_order_relaxed) - 1;
    r->pool_full = atomic_load_explicit(&m->pool_full, memory_order_relaxed);
    const int chosen = final_choice(m);
    r->best = m->num_stats ? m->stats[chosen].point : POINT_PASS;
    r->winrate = m->num_stats ? m->stats[chosen].winrate : 0.5;
    r->playout_moves = atomic_load_explicit(&m->playout_moves, memory_order_relaxed);
    r->num_moves = m->num_stats;
    r->moves = m->stats;
    r->pv = m->pv;
    r->pv_len = m->pv_len;
}

/* The caller's thread, its own limits reached, waits until the sync function says that the
 * whole group of searchers has ended (mcts_set_sync). The other workers stop meanwhile. */
static void wait_for_group(mcts_t *m, mcts_sync_state_t why)
{
    atomic_store_explicit(&m->finished, true, memory_order_relaxed);
    const struct timespec pause = {0, 1000000}; /* 1 ms: the others need the processor */
    while (!m->sync_fn(m, why, m->sync_user))
        nanosleep(&pause, NULL);
}

/* The search loop of worker w (main: the caller's thread, which also reports). Ends when a limit
 * is reached, the caller's stop flag is set or another worker ended; with a sync function, the
 * caller's thread then waits for the group (wait_for_group). */
static void run_worker(mcts_t *m, worker_t *w, bool main)
{
    const long max = m->cfg.max_playouts;
    long next_report = MCTS_REPORT_INTERVAL;
    mcts_report_t report;
    mcts_sync_state_t why = MCTS_SYNC_STOPPED;
    bool group_ended = false;
    for (long attempts = 0;; attempts++) {
        if (atomic_load_explicit(&m->finished, memory_order_relaxed)) break;
        if (main && poll_fn && attempts % MCTS_POLL_INTERVAL == 0) poll_fn();
        if (main && m->sync_fn && attempts % MCTS_SYNC_POLL_INTERVAL == 0 &&
            m->sync_fn(m, MCTS_SYNC_SEARCHING, m->sync_user)) {
            group_ended = true;
            break;
        }
        if (m->stop && atomic_load_explicit(m->stop, memory_order_relaxed)) break;
        if (m->cfg.max_seconds > 0 && (attempts & 15) == 0 &&
            seconds_since(&m->start) >= m->cfg.max_seconds)
            break;
        /* Claim a simulation, so that the threads together play exactly the limit. */
        if (max > 0 && atomic_fetch_add_explicit(&m->claimed, 1, memory_order_relaxed) >= max) {
            why = MCTS_SYNC_PLAYOUTS_DONE;
            break;
        }
        if (!simulate(m, w)) {
            if (max > 0) atomic_fetch_sub_explicit(&m->claimed, 1, memory_order_relaxed);
            /* Only superko repetitions abandon a simulation; each marks a node for good, so
             * this cannot loop for long, but a cap keeps it certain. */
            if (attempts > 100 * (atomic_load_explicit(&m->playouts, memory_order_relaxed) + 1000))
                break;
        }
        if (main && m->report_fn &&
            atomic_load_explicit(&m->playouts, memory_order_relaxed) >= next_report) {
            update_ownership(m, 1);
            fill_report(m, &report);
            m->report_fn(&report, m->report_user);
            next_report += MCTS_REPORT_INTERVAL;
        }
    }
    /* Another thread that played the last claimed simulation ends the search the same way. */
    if (max > 0 && atomic_load_explicit(&m->claimed, memory_order_relaxed) >= max)
        why = MCTS_SYNC_PLAYOUTS_DONE;
    if (main && m->sync_fn && !group_ended) wait_for_group(m, why);
    atomic_store_explicit(&m->finished, true, memory_order_relaxed);
}

static void *worker_main(void *arg)
{
    worker_t *w = arg;
    run_worker(w->m, w, false);
    return NULL;
}

int mcts_search(mcts_t *m, const game_t *g, stone_t c, mcts_report_t *out)
{
    clock_gettime(CLOCK_MONOTONIC, &m->start);
    m->playouts = m->playout_moves = m->claimed = 0;
    m->reused_visits = 0;
    m->finished = false;
    for (int k = 0; k < m->num_workers; k++) {
        m->workers[k].playouts = m->workers[k].owner_samples = 0;
        memset(m->workers[k].owner_sum, 0, sizeof m->workers[k].owner_sum);
    }
    memset(m->ownership, 0, sizeof m->ownership);
    memset(m->others_owner_sum, 0, sizeof m->others_owner_sum);
    m->others_owner_samples = 0;
    m->others_playouts = 0;
    memset(&m->others_scores, 0, sizeof m->others_scores);
    m->joined = false;
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        atomic_store_explicit(&m->move_score_sum[p], 0, memory_order_relaxed);
        atomic_store_explicit(&m->move_score_sq_sum[p], 0, memory_order_relaxed);
        atomic_store_explicit(&m->move_score_count[p], 0, memory_order_relaxed);
    }
    m->game = g;
    m->to_move = c;
    const rules_t *rules = game_rules(g);

    const uint32_t keep = reusable_root(m, g, c);
    if (keep) {
        compact_to(m, keep);
    } else {
        m->root = 0;
    }
    if (!remember_root(m, g, c) || !collect_keys(m, g)) {
        mcts_clear(m);
        if (out) memset(out, 0, sizeof *out);
        if (out) out->best = POINT_PASS;
        return POINT_PASS;
    }
    if (!m->root) m->root = new_root(m, game_last_move(g));
    m->reused_visits = visits_of(m, m->root);

    board_copy(&m->root_board, game_board(g));
    m->komi = rules->komi + (rules->scoring == SCORING_AREA
                                 ? rules_handicap_bonus(rules, game_handicap(g))
                                 : 0);
    const int passes = game_consecutive_passes(g);
    m->root_passes = !m->cfg.root_passes ? 0 : passes > 1 ? 1 : passes;
    m->root_last = game_last_move(g);
    m->root_last2 = game_move_before_last(g);
    /* Reseed from the seed and the position, so a search depends on its input only. Worker 0
     * keeps the single-threaded seed; the others mix in their index. */
    const uint64_t base = mix64(m->cfg.seed ^ mix64(game_board(g)->hash + (uint64_t)c) ^
                                (uint64_t)game_move_count(g));
    rng_seed(&m->workers[0].rng, base);
    for (int k = 1; k < m->num_workers; k++)
        rng_seed(&m->workers[k].rng, mix64(base ^ mix64((uint64_t)k)));

    m->prior_owner = NULL;
    if (m->cfg.model && model_uses_group(m->cfg.model, MODEL_TREE, FEAT_OWNER)) {
        rng_t rng;
        rng_seed(&rng, mix64(base ^ 0x6f776e6572ull));
        policy_ownership(&m->root_board, c, m->root_last, &rng, FEAT_OWNER_PLAYOUTS,
                         m->prior_owner_buf);
        m->prior_owner = m->prior_owner_buf;
    }
    if (m->cfg.model) compute_root_policy(m, c);
    policy_config_default(&m->pcfg, &m->root_board, rules->capture_goal);
    m->pcfg.tactical = !m->cfg.light_playouts;
    if (m->cfg.model && m->cfg.learned_playouts && !m->cfg.light_playouts) {
        m->pcfg.model = m->cfg.model;
        m->pcfg.model_reference = model_playout_reference(m->cfg.model);
    }
    m->shared = m->num_workers > 1;

    /* A search that syncs with others imports their counts while the threads read them. */
    if (m->sync_fn && !m->shares) m->shares = calloc(m->capacity, sizeof *m->shares);
    m->searching = true;

    mcts_report_t report;
    int ran = 1; /* workers that ran */
    if (!is_decided(g)) {
        /* The root is expanded before the workers start, so none of them has to wait for it
         * (the first simulation of a single thread would expand it the same way). */
        if (!children_of(&m->pool[m->root]))
            ensure_children(m, m->root, &m->root_board, c, m->root_last, m->root_last2, 0);
        for (; ran < m->num_workers; ran++)
            if (pthread_create(&m->workers[ran].thread, NULL, worker_main, &m->workers[ran]))
                break; /* no more threads: search with those that started */
        run_worker(m, &m->workers[0], true);
        for (int k = 1; k < ran; k++)
            pthread_join(m->workers[k].thread, NULL);
    }
    m->joined = true;
    m->searching = false;
    if (m->sync_fn) m->sync_fn(m, MCTS_SYNC_FINAL, m->sync_user);
    update_ownership(m, ran);
    fill_report(m, &report);
    if (m->report_fn) m->report_fn(&report, m->report_user);
    if (out) *out = report;
    return report.best;
}

/* Called from the report callback of a threaded search, this reads statistics that other
 * threads are updating: the _Atomic fields make those plain reads atomic loads. */
int mcts_root_pv(const mcts_t *m, int point, int *pv, int max)
{
    return mcts_root_pv_visits(m, point, pv, NULL, max);
}

int mcts_root_pv_visits(const mcts_t *m, int point, int *pv, int *visits, int max)
{
    if (!m->root || max <= 0) return 0;
    const node_t *root = &m->pool[m->root];
    uint32_t node = 0;
    for (uint32_t i = 0; root->first_child && i < root->num_children; i++) {
        const uint32_t k = root->first_child + i;
        if (m->pool[k].move == point && !(m->pool[k].flags & NODE_ILLEGAL)) node = k;
    }
    if (!node) return 0;
    int len = 0;
    if (visits) visits[len] = visits_of(m, node);
    pv[len++] = point;
    while (len < max && len < MCTS_MAX_PV && m->pool[node].first_child) {
        const node_t *nd = &m->pool[node];
        uint32_t best = 0;
        for (uint32_t i = 0; i < nd->num_children; i++) {
            const uint32_t k = nd->first_child + i;
            if (!(m->pool[k].flags & NODE_ILLEGAL) &&
                (!best || visits_of(m, k) > visits_of(m, best)))
                best = k;
        }
        if (!best || visits_of(m, best) == 0) break;
        if (visits) visits[len] = visits_of(m, best);
        pv[len++] = m->pool[best].move;
        node = best;
    }
    return len;
}

/* ---- statistics shared with other searchers ---- */

void mcts_set_sync(mcts_t *m, mcts_sync_fn fn, void *user)
{
    m->sync_fn = fn;
    m->sync_user = user;
}

/* A node met by a walk of the top of the tree. */
typedef struct share_walk {
    uint32_t node;
    int depth;
    uint64_t key;
} share_walk_t;

/* The key of the child reached by `move` from a node of key `parent`. */
static uint64_t child_key(uint64_t parent, int move)
{
    return mix64(parent ^ mix64((uint64_t)(uint16_t)move + 0x9e3779b97f4a7c15ULL));
}

/* The key of the root: the position and the player to move, so that trees of different positions
 * share nothing. */
static uint64_t root_key(const mcts_t *m)
{
    return mix64(MCTS_ROOT_SHARE_SEED ^ m->root_board.hash ^ mix64((uint64_t)m->to_move));
}

/* Room for n entries in the walk's queue. */
static bool walk_reserve(mcts_t *m, size_t n)
{
    if (n <= m->walk_cap) return true;
    size_t cap = m->walk_cap ? m->walk_cap * 2 : 1024;
    while (cap < n)
        cap *= 2;
    share_walk_t *w = realloc(m->walk, cap * sizeof *w);
    if (!w) return false;
    m->walk = w;
    m->walk_cap = cap;
    return true;
}

bool mcts_export_shares(mcts_t *m, int max_depth, int min_visits, mcts_share_fn fn, void *user)
{
    if (!m->root || !walk_reserve(m, 1)) return m->root == 0;
    size_t len = 0;
    m->walk[len++] = (share_walk_t){m->root, 0, root_key(m)};
    for (size_t i = 0; i < len; i++) {
        const share_walk_t at = m->walk[i];
        const node_t *nd = &m->pool[at.node];
        const mcts_share_t share = {at.key, at.depth, stat_get(&nd->visits),
                                    stat_get(&nd->wins2), stat_get(&nd->amaf_visits),
                                    stat_get(&nd->amaf_wins2)};
        fn(&share, user);
        const uint32_t first = children_of(nd);
        if (at.depth >= max_depth || !first) continue;
        if (!walk_reserve(m, len + nd->num_children)) return false;
        for (uint32_t k = 0; k < nd->num_children; k++) {
            const node_t *ch = &m->pool[first + k];
            if (stat_get(&ch->visits) >= min_visits && !(flags_of(ch) & NODE_ILLEGAL))
                m->walk[len++] = (share_walk_t){first + k, at.depth + 1,
                                                child_key(at.key, ch->move)};
        }
    }
    return true;
}

/* Clear the others' counts held by node and by every node below it that holds some. The nodes
 * that hold counts are few and near the root: the recursion is shallow. */
static void clear_held_shares(mcts_t *m, uint32_t node)
{
    node_t *nd = &m->pool[node];
    if (!(flags_of(nd) & NODE_SHARED)) return;
    node_share_t *sh = &m->shares[node];
    atomic_store_explicit(&sh->visits, 0, memory_order_relaxed);
    atomic_store_explicit(&sh->wins2, 0, memory_order_relaxed);
    atomic_store_explicit(&sh->amaf_visits, 0, memory_order_relaxed);
    atomic_store_explicit(&sh->amaf_wins2, 0, memory_order_relaxed);
    atomic_fetch_and_explicit(&nd->flags, (uint16_t)~NODE_SHARED, memory_order_relaxed);
    const uint32_t first = children_of(nd);
    for (uint32_t k = 0; first && k < nd->num_children; k++)
        clear_held_shares(m, first + k);
}

bool mcts_import_shares(mcts_t *m, int max_depth, mcts_share_lookup_fn lookup, void *user)
{
    if (!m->root) return true;
    if (!m->shares) {
        /* Other threads read the array during a search: it is made before (mcts_search). */
        if (m->searching) return false;
        /* Nodes made before now have no shares: zeroed. */
        m->shares = calloc(m->capacity, sizeof *m->shares);
        if (!m->shares) return false;
    }
    if (!walk_reserve(m, 1)) return false;
    size_t len = 0;
    m->walk[len++] = (share_walk_t){m->root, 0, root_key(m)};
    for (size_t i = 0; i < len; i++) {
        const share_walk_t at = m->walk[i];
        mcts_share_t others;
        /* A node that this sync does not report keeps nothing from an earlier one, and neither
         * do the nodes below it (the others report a node only below a reported parent). */
        if (!lookup(at.key, &others, user)) {
            clear_held_shares(m, at.node);
            continue;
        }
        node_share_t *sh = &m->shares[at.node];
        atomic_store_explicit(&sh->visits, others.visits, memory_order_relaxed);
        atomic_store_explicit(&sh->wins2, others.wins2, memory_order_relaxed);
        atomic_store_explicit(&sh->amaf_visits, others.amaf_visits, memory_order_relaxed);
        atomic_store_explicit(&sh->amaf_wins2, others.amaf_wins2, memory_order_relaxed);
        node_t *nd = &m->pool[at.node];
        atomic_fetch_or_explicit(&nd->flags, NODE_SHARED, memory_order_relaxed);
        const uint32_t first = children_of(nd);
        if (!first) continue;
        if (at.depth >= max_depth) {
            /* Nothing below max_depth comes from this sync (an earlier one may have gone
             * deeper). */
            for (uint32_t k = 0; k < nd->num_children; k++)
                clear_held_shares(m, first + k);
            continue;
        }
        if (!walk_reserve(m, len + nd->num_children)) return false;
        for (uint32_t k = 0; k < nd->num_children; k++)
            m->walk[len++] = (share_walk_t){first + k, at.depth + 1,
                                            child_key(at.key, m->pool[first + k].move)};
    }
    return true;
}

long mcts_export_ownership(const mcts_t *m, int32_t *sum)
{
    /* During the search only the caller's worker may be read (its sums are its own). */
    const int workers = m->joined ? m->num_workers : 1;
    long samples = 0;
    memset(sum, 0, BOARD_MAX_POINTS * sizeof *sum);
    for (int k = 0; k < workers; k++) {
        samples += m->workers[k].owner_samples;
        for (int p = 0; p < BOARD_MAX_POINTS; p++)
            sum[p] += m->workers[k].owner_sum[p];
    }
    return samples;
}

void mcts_import_ownership(mcts_t *m, const int32_t *sum, long samples)
{
    memcpy(m->others_owner_sum, sum, sizeof m->others_owner_sum);
    m->others_owner_samples = samples;
}

long mcts_search_playouts(const mcts_t *m)
{
    return atomic_load_explicit(&m->playouts, memory_order_relaxed);
}

void mcts_import_playouts(mcts_t *m, long playouts)
{
    m->others_playouts = playouts;
}

void mcts_export_move_scores(const mcts_t *m, mcts_move_scores_t *out)
{
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        out->sum[p] = atomic_load_explicit(&m->move_score_sum[p], memory_order_relaxed);
        out->sq_sum[p] = atomic_load_explicit(&m->move_score_sq_sum[p], memory_order_relaxed);
        out->count[p] = atomic_load_explicit(&m->move_score_count[p], memory_order_relaxed);
    }
}

void mcts_import_move_scores(mcts_t *m, const mcts_move_scores_t *others)
{
    m->others_scores = *others;
}

long mcts_root_own_visits(const mcts_t *m)
{
    return m->root ? stat_get(&m->pool[m->root].visits) : 0;
}

long mcts_root_total_visits(const mcts_t *m)
{
    return m->root ? visits_of(m, m->root) : 0;
}

/* ---- checks for tests ---- */

void mcts_root_visits(const mcts_t *m, long *root, long *children_sum)
{
    *root = 0;
    *children_sum = 0;
    if (!m->root) return;
    const node_t *nd = &m->pool[m->root];
    *root = nd->visits;
    for (uint32_t i = 0; nd->first_child && i < nd->num_children; i++)
        *children_sum += m->pool[nd->first_child + i].visits;
}

bool mcts_check_tree(const mcts_t *m)
{
    if (!m->root) return true;
    for (size_t i = 1; i < m->used; i++) {
        const node_t *nd = &m->pool[i];
        if (nd->vloss != 0) return false;
        const bool shared = nd->flags & NODE_SHARED;
        if (m->shares && !shared) {
            const node_share_t *sh = &m->shares[i];
            if (sh->visits || sh->wins2 || sh->amaf_visits || sh->amaf_wins2) return false;
        }
        if (!nd->first_child) continue;
        if (nd->first_child >= m->used || nd->first_child + nd->num_children > m->used)
            return false;
        long sum = 0;
        for (uint32_t k = 0; k < nd->num_children; k++) {
            const node_t *ch = &m->pool[nd->first_child + k];
            sum += ch->visits;
            if (!shared && (ch->flags & NODE_SHARED)) return false;
        }
        if (sum > nd->visits) return false;
    }
    return true;
}
