/* train.c - the move model's trainer and evaluation (train.h).
 *
 * Owns: the passes over the records, the data set of candidate moves in memory, the MM updates,
 * the checkpoint. Must not know: the command line, search.
 */
#include "learn/train.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "learn/records.h"
#include "tengen/features.h"
#include "tengen/model.h"
#include "tengen/policy.h"
#include "tengen/rng.h"

#define NO_FEATURE UINT32_MAX
/* Coulom's prior: every gamma also plays one virtual win and one virtual loss against a
 * virtual opponent of gamma 1, so that rare features stay finite. */
#define PRIOR_WINS 1.0
#define PRIOR_GAMES 2.0
#define CHECKPOINT_MAGIC "tengen-learn-checkpoint 1"

void learn_config_default(learn_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = 1;
    cfg->validation_percent = 2;
    cfg->sample = 0.08;
    cfg->max_positions = 600000;
    cfg->max_validation = 20000;
    cfg->min_count = 8;
    cfg->iterations = 24;
    /* The owner group is left out unless asked for: its playouts double the training time, and
     * against Pachi it did not make the search stronger (docs/strength.md). */
    for (int g = 0; g < FEAT_GROUPS; g++)
        cfg->tree_groups[g] = g != FEAT_OWNER;
    cfg->playout_head = true;
}

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ULL;
    return h;
}

bool learn_is_validation(const char *game_name, uint64_t seed, double percent)
{
    const uint64_t h = mix64(name_hash(game_name) ^ mix64(seed));
    return (double)(h % 1000000) < percent * 10000.0;
}

/* Whether a training position is in the fit's sample. */
static bool sampled(const record_position_t *pos, uint64_t seed, double share)
{
    if (share >= 1) return true;
    const uint64_t h = mix64(name_hash(pos->game_name) ^ mix64(seed + 0x5eed) ^
                             ((uint64_t)pos->move_number << 40));
    return (double)(h % 1000000) < share * 1000000.0;
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- hash maps: 64-bit key to 32-bit value, open addressing ---- */

typedef struct hmap {
    uint64_t *keys; /* key + 1 stored; 0 is empty */
    uint32_t *vals;
    long count, capacity;
} hmap_t;

static bool hmap_init(hmap_t *h, long capacity)
{
    long cap = 1024;
    while (cap < 2 * capacity)
        cap *= 2;
    h->keys = calloc((size_t)cap, sizeof(uint64_t));
    h->vals = calloc((size_t)cap, sizeof(uint32_t));
    h->count = 0;
    h->capacity = cap;
    return h->keys && h->vals;
}

static void hmap_free(hmap_t *h)
{
    free(h->keys);
    free(h->vals);
    memset(h, 0, sizeof *h);
}

static long hmap_slot(const hmap_t *h, uint64_t key)
{
    const uint64_t k = key + 1 ? key + 1 : 1;
    long i = (long)(mix64(k) & (uint64_t)(h->capacity - 1));
    while (h->keys[i] && h->keys[i] != k)
        i = (i + 1) & (h->capacity - 1);
    return i;
}

static bool hmap_grow(hmap_t *h)
{
    hmap_t n;
    if (!hmap_init(&n, h->capacity)) {
        hmap_free(&n);
        return false;
    }
    for (long i = 0; i < h->capacity; i++) {
        if (!h->keys[i]) continue;
        long j = (long)(mix64(h->keys[i]) & (uint64_t)(n.capacity - 1));
        while (n.keys[j])
            j = (j + 1) & (n.capacity - 1);
        n.keys[j] = h->keys[i];
        n.vals[j] = h->vals[i];
    }
    n.count = h->count;
    hmap_free(h);
    *h = n;
    return true;
}

/* The value of key, or NULL if absent. */
static uint32_t *hmap_find(const hmap_t *h, uint64_t key)
{
    const long i = hmap_slot(h, key);
    return h->keys[i] ? &h->vals[i] : NULL;
}

/* The value of key, inserted as `fresh` if absent; NULL when out of memory. */
static uint32_t *hmap_get(hmap_t *h, uint64_t key, uint32_t fresh, bool *inserted)
{
    if (2 * (h->count + 1) > h->capacity && !hmap_grow(h)) return NULL;
    const long i = hmap_slot(h, key);
    if (inserted) *inserted = !h->keys[i];
    if (!h->keys[i]) {
        h->keys[i] = key + 1 ? key + 1 : 1;
        h->vals[i] = fresh;
        h->count++;
    }
    return &h->vals[i];
}

/* ---- the data set ---- */

/* What a feature id stands for. */
typedef struct feature_meta {
    uint8_t group;
    uint64_t key; /* the value (fixed groups), canonical pat3 key, or spatial hash */
} feature_meta_t;

typedef struct dataset {
    int width;           /* slots per candidate: one per group of the head */
    int slot_of[FEAT_GROUPS]; /* -1: group not in the head */
    long positions, pos_capacity;
    uint64_t *first;     /* candidates of position i: [first[i], first[i + 1]) */
    uint64_t *winner;    /* the played move's candidate */
    uint64_t candidates, cand_capacity;
    uint32_t *feat;      /* candidates x width feature ids, NO_FEATURE for none */
    /* Features. */
    long num_features, feat_capacity;
    feature_meta_t *meta;
    double *wins;        /* times the feature was in the played move */
    uint32_t fixed_base[FEAT_GROUPS]; /* ids of the fixed-size groups: base + value - 1 */
    hmap_t pat3_ids;     /* canonical pat3 key -> id */
    hmap_t spatial_dict; /* spatial hash -> id (the dictionary) */
} dataset_t;

static bool add_feature(dataset_t *d, int group, uint64_t key, uint32_t *id)
{
    if (d->num_features == d->feat_capacity) {
        const long cap = d->feat_capacity ? 2 * d->feat_capacity : 4096;
        feature_meta_t *m = realloc(d->meta, sizeof *m * (size_t)cap);
        if (!m) return false;
        d->meta = m;
        double *w = realloc(d->wins, sizeof *w * (size_t)cap);
        if (!w) return false;
        d->wins = w;
        d->feat_capacity = cap;
    }
    d->meta[d->num_features] = (feature_meta_t){(uint8_t)group, key};
    d->wins[d->num_features] = 0;
    *id = (uint32_t)d->num_features++;
    return true;
}

static void dataset_free(dataset_t *d)
{
    free(d->first);
    free(d->winner);
    free(d->feat);
    free(d->meta);
    free(d->wins);
    hmap_free(&d->pat3_ids);
    hmap_free(&d->spatial_dict);
    memset(d, 0, sizeof *d);
}

/* Set up the groups of a head and the ids of its fixed-size groups. */
static bool dataset_init(dataset_t *d, const bool *groups)
{
    memset(d, 0, sizeof *d);
    for (int g = 0; g < FEAT_GROUPS; g++) {
        d->slot_of[g] = groups[g] ? d->width++ : -1;
        if (!groups[g] || g == FEAT_PAT3 || g == FEAT_SPATIAL) continue;
        d->fixed_base[g] = (uint32_t)d->num_features;
        for (int v = 1; v <= feature_group_values((feature_group_t)g); v++) {
            uint32_t id;
            if (!add_feature(d, g, (uint64_t)v, &id)) return false;
        }
    }
    return hmap_init(&d->pat3_ids, 1 << 16) && hmap_init(&d->spatial_dict, 1 << 16);
}

static bool reserve_candidates(dataset_t *d, uint64_t more)
{
    if (d->candidates + more <= d->cand_capacity) return true;
    uint64_t cap = d->cand_capacity ? d->cand_capacity : 1 << 20;
    while (cap < d->candidates + more)
        cap = cap * 3 / 2;
    uint32_t *f = realloc(d->feat, sizeof(uint32_t) * (size_t)d->width * cap);
    if (!f) return false;
    d->feat = f;
    d->cand_capacity = cap;
    return true;
}

static bool reserve_position(dataset_t *d)
{
    if (d->positions + 1 < d->pos_capacity) return true;
    const long cap = d->pos_capacity ? 2 * d->pos_capacity : 4096;
    uint64_t *f = realloc(d->first, sizeof(uint64_t) * (size_t)(cap + 1));
    if (!f) return false;
    d->first = f;
    uint64_t *w = realloc(d->winner, sizeof(uint64_t) * (size_t)cap);
    if (!w) return false;
    d->winner = w;
    d->pos_capacity = cap;
    return true;
}

/* ---- progress ---- */

typedef struct progress {
    bool verbose;
    const char *phase;
    double start, last;
    long total; /* expected units, 0 unknown */
} progress_t;

static void progress_start(progress_t *p, bool verbose, const char *phase, long total)
{
    p->verbose = verbose;
    p->phase = phase;
    p->start = p->last = now_seconds();
    p->total = total;
}

static void progress_tick(progress_t *p, long done, const char *extra)
{
    if (!p->verbose) return;
    const double t = now_seconds();
    if (t - p->last < 10) return;
    p->last = t;
    if (p->total > 0 && done > 0) {
        const double eta = (t - p->start) * (double)(p->total - done) / (double)done;
        fprintf(stderr, "learn: %s %ld of %ld (%.0f%%), %.0f s, ETA %.0f s %s\n", p->phase, done,
                p->total, 100.0 * (double)done / (double)p->total, t - p->start, eta > 0 ? eta : 0,
                extra ? extra : "");
    } else {
        fprintf(stderr, "learn: %s %ld, %.0f s %s\n", p->phase, done, t - p->start,
                extra ? extra : "");
    }
}

/* ---- pass 1: harvest the spatial patterns of the played moves ---- */

typedef struct harvest {
    const learn_config_t *cfg;
    hmap_t counts; /* spatial hash -> times played */
    long positions, training_positions;
    progress_t progress;
    bool failed;
} harvest_t;

static bool harvest_position(const record_position_t *pos, void *user)
{
    harvest_t *h = user;
    h->positions++;
    progress_tick(&h->progress, h->positions, "(spatial patterns of the played moves)");
    if (learn_is_validation(pos->game_name, h->cfg->seed, h->cfg->validation_percent)) return true;
    h->training_positions++;
    /* Without the spatial group (a fit of part of the model) nothing is harvested. */
    if (pos->played <= 0 || !h->cfg->tree_groups[FEAT_SPATIAL]) return true;
    uint64_t sp[SPATIAL_SIZES];
    feature_spatial_hashes(pos->board, pos->to_move, pos->played, sp);
    for (int i = 0; i < SPATIAL_SIZES; i++) {
        uint32_t *c = hmap_get(&h->counts, sp[i], 0, NULL);
        if (!c) {
            h->failed = true;
            return false;
        }
        if (*c < UINT32_MAX) (*c)++;
    }
    return true;
}

/* ---- pass 2: the features of every legal move of the sampled positions ---- */

typedef struct extract {
    const learn_config_t *cfg;
    dataset_t *d;
    bool playout_head;
    long seen, expected;
    feature_context_t ctx;
    float owner[BOARD_MAX_POINTS];
    progress_t progress;
    bool failed;
} extract_t;

/* FEAT_OWNER's ownership of a record's position, from playouts seeded by the position itself, so
 * that training and evaluation see the same estimate of the same position. */
static void position_owner(const record_position_t *pos, uint64_t seed, float *owner)
{
    rng_t rng;
    rng_seed(&rng, mix64(pos->board->hash ^ mix64(seed + (uint64_t)pos->to_move)));
    policy_ownership(pos->board, pos->to_move, pos->last, &rng, FEAT_OWNER_PLAYOUTS, owner);
}

static uint32_t pat3_id(dataset_t *d, uint32_t key, bool *failed)
{
    bool inserted;
    uint32_t *v = hmap_get(&d->pat3_ids, key, 0, &inserted);
    if (!v) {
        *failed = true;
        return NO_FEATURE;
    }
    if (inserted && !add_feature(d, FEAT_PAT3, key, v)) *failed = true;
    return *v;
}

static uint32_t canonical_pat3(uint32_t raw)
{
    uint32_t img[8], least = raw;
    feature_pat3_images(raw, img);
    for (int k = 0; k < 8; k++)
        if (img[k] < least) least = img[k];
    return least;
}

/* Write the feature ids of the move p of the context into slots. */
static void candidate_features(extract_t *e, int p, uint32_t *slots)
{
    dataset_t *d = e->d;
    uint32_t value[FEAT_GROUPS];
    uint64_t sp[SPATIAL_SIZES];
    for (int s = 0; s < d->width; s++)
        slots[s] = NO_FEATURE;
    if (e->playout_head) {
        if (p == POINT_PASS) return; /* the playouts never choose a pass by weight */
        feature_extract_playout(e->ctx.b, e->ctx.to_move, p, value);
    } else {
        const bool spatial = d->slot_of[FEAT_SPATIAL] >= 0 && p != POINT_PASS;
        feature_extract(&e->ctx, p, value, spatial ? sp : NULL);
    }
    for (int g = 0; g < FEAT_GROUPS; g++) {
        const int s = d->slot_of[g];
        if (s < 0 || g == FEAT_SPATIAL || !value[g]) continue;
        if (g == FEAT_PAT3) {
            const uint32_t key = e->playout_head ? canonical_pat3(value[g] - 1) : value[g] - 1;
            slots[s] = pat3_id(d, key, &e->failed);
        } else {
            slots[s] = d->fixed_base[g] + value[g] - 1;
        }
    }
    if (d->slot_of[FEAT_SPATIAL] >= 0 && p != POINT_PASS) {
        for (int i = SPATIAL_SIZES - 1; i >= 0; i--) {
            const uint32_t *id = hmap_find(&d->spatial_dict, sp[i]);
            if (id) {
                slots[d->slot_of[FEAT_SPATIAL]] = *id;
                break;
            }
        }
    }
}

static bool extract_position(const record_position_t *pos, void *user)
{
    extract_t *e = user;
    dataset_t *d = e->d;
    e->seen++;
    progress_tick(&e->progress, e->seen, e->playout_head ? "(playout features)" : "(features)");
    if (learn_is_validation(pos->game_name, e->cfg->seed, e->cfg->validation_percent)) return true;
    if (!sampled(pos, e->cfg->seed, e->cfg->sample)) return true;
    if (d->positions >= e->cfg->max_positions) return false;
    const board_t *b = pos->board;
    const stone_t c = pos->to_move;
    if (pos->played > 0 && board_check_move(b, c, pos->played) != MOVE_OK) return true;
    if (e->playout_head && pos->played <= 0) return true;
    if (!reserve_position(d) || !reserve_candidates(d, (uint64_t)b->empty_count + 1)) {
        e->failed = true;
        return false;
    }
    if (!e->playout_head) {
        feature_context_init(&e->ctx, b, c, pos->last, pos->last2);
        if (d->slot_of[FEAT_OWNER] >= 0) {
            position_owner(pos, e->cfg->seed, e->owner);
            e->ctx.owner = e->owner;
        }
    } else {
        e->ctx.b = b, e->ctx.to_move = c;
    }
    const uint64_t first = d->candidates;
    uint64_t win = UINT64_MAX;
    for (int i = 0; i <= b->empty_count; i++) {
        const int p = i < b->empty_count ? b->empties[i] : POINT_PASS;
        if (p == POINT_PASS ? e->playout_head : board_check_move(b, c, p) != MOVE_OK) continue;
        if (p == pos->played) win = d->candidates;
        candidate_features(e, p, d->feat + d->candidates * (uint64_t)d->width);
        d->candidates++;
    }
    if (win == UINT64_MAX || d->candidates - first < 2) {
        d->candidates = first; /* the played move was not a candidate, or nothing to learn */
        return !e->failed;
    }
    d->first[d->positions] = first;
    d->winner[d->positions] = win;
    d->positions++;
    d->first[d->positions] = d->candidates;
    const uint32_t *ws = d->feat + win * (uint64_t)d->width;
    for (int s = 0; s < d->width; s++)
        if (ws[s] != NO_FEATURE) d->wins[ws[s]] += 1;
    return !e->failed;
}

/* ---- MM ---- */

static double candidate_strength(const dataset_t *d, const double *gamma, uint64_t c)
{
    const uint32_t *f = d->feat + c * (uint64_t)d->width;
    double s = 1;
    for (int k = 0; k < d->width; k++)
        if (f[k] != NO_FEATURE) s *= gamma[f[k]];
    return s;
}

/* Mean log-likelihood and top-1 of the played moves under gamma. */
static void dataset_score(const dataset_t *d, const double *gamma, double *loglik, double *top1)
{
    double ll = 0, hits = 0;
    for (long i = 0; i < d->positions; i++) {
        double sum = 0, best = 0;
        const double w = candidate_strength(d, gamma, d->winner[i]);
        int ties = 0;
        for (uint64_t c = d->first[i]; c < d->first[i + 1]; c++) {
            const double s = candidate_strength(d, gamma, c);
            sum += s;
            if (s > best) best = s, ties = 0;
            if (s == best) ties++;
        }
        ll += log(w / sum);
        if (w == best) hits += 1.0 / ties;
    }
    *loglik = d->positions ? ll / (double)d->positions : 0;
    *top1 = d->positions ? hits / (double)d->positions : 0;
}

/* One MM update of the features of group g (Hunter 2004; Coulom 2007): with every other gamma
 * fixed, gamma_f = wins_f / sum over positions of (strength of f's teammates / total strength),
 * here with the virtual games of the prior. strength[] holds every candidate's strength and is
 * kept up to date. */
static void mm_update_group(const dataset_t *d, double *gamma, double *strength, double *denom,
                            int g)
{
    const int slot = d->slot_of[g];
    for (long f = 0; f < d->num_features; f++)
        denom[f] = 0;
    for (long i = 0; i < d->positions; i++) {
        double sum = 0;
        for (uint64_t c = d->first[i]; c < d->first[i + 1]; c++)
            sum += strength[c];
        const double inv = 1.0 / sum;
        for (uint64_t c = d->first[i]; c < d->first[i + 1]; c++) {
            const uint32_t f = d->feat[c * (uint64_t)d->width + (uint64_t)slot];
            if (f != NO_FEATURE) denom[f] += strength[c] / gamma[f] * inv;
        }
    }
    double *ratio = denom; /* reused: the factor each gamma of g changes by */
    for (long f = 0; f < d->num_features; f++) {
        if (d->meta[f].group != g) {
            ratio[f] = 1;
            continue;
        }
        const double fresh =
            (d->wins[f] + PRIOR_WINS) / (denom[f] + PRIOR_GAMES / (gamma[f] + 1.0));
        ratio[f] = fresh / gamma[f];
        gamma[f] = fresh;
    }
    for (uint64_t c = 0; c < d->candidates; c++) {
        const uint32_t f = d->feat[c * (uint64_t)d->width + (uint64_t)slot];
        if (f != NO_FEATURE) strength[c] *= ratio[f];
    }
}

/* A checkpoint: the gammas after `iteration` iterations, for a data set with this fingerprint: a
 * hash of everything the fit depends on (what each feature stands for, every candidate's
 * features, the played moves), so that a checkpoint of other games or settings is never resumed,
 * even one of a data set of the same size. One pass over the data, cheaper than an iteration. */
static uint64_t dataset_fingerprint(const dataset_t *d)
{
    uint64_t h = mix64((uint64_t)d->positions) ^ mix64((uint64_t)d->candidates + 77);
    h ^= mix64((uint64_t)d->num_features + 1234) ^ mix64((uint64_t)d->width + 99);
    for (long f = 0; f < d->num_features; f++)
        h = mix64(h ^ d->meta[f].key ^ ((uint64_t)d->meta[f].group << 56));
    for (long i = 0; i < d->positions; i++)
        h = mix64(h ^ (d->first[i + 1] - d->first[i]) ^ ((d->winner[i] - d->first[i]) << 32));
    /* FNV-style: each step is a bijection of h, so any one changed id changes the result. */
    const uint64_t n = d->candidates * (uint64_t)d->width;
    for (uint64_t k = 0; k < n; k++)
        h = (h ^ d->feat[k]) * 0x100000001b3ULL;
    return mix64(h);
}

static bool checkpoint_write(const char *path, uint64_t fp, int iteration, const double *gamma,
                             long n)
{
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) return false;
    FILE *f = fopen(tmp, "wb");
    if (!f) return false;
    fprintf(f, "%s %016llx %d %ld\n", CHECKPOINT_MAGIC, (unsigned long long)fp, iteration, n);
    const bool ok = fwrite(gamma, sizeof(double), (size_t)n, f) == (size_t)n;
    if (fclose(f) != 0 || !ok) {
        remove(tmp);
        return false;
    }
    return rename(tmp, path) == 0;
}

/* The iterations done by a matching checkpoint (its gammas in gamma), else 0. */
static int checkpoint_read(const char *path, uint64_t fp, double *gamma, long n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char magic[64] = {0}, version[16] = {0};
    unsigned long long cfp = 0;
    int iteration = 0;
    long count = 0;
    int got = fscanf(f, "%63s %15s %llx %d %ld", magic, version, &cfp, &iteration, &count);
    if (got != 5 || fgetc(f) != '\n' || cfp != fp || count != n || iteration < 0) {
        fclose(f);
        return 0;
    }
    double *tmp = malloc(sizeof(double) * (size_t)n);
    const bool ok = tmp && fread(tmp, sizeof(double), (size_t)n, f) == (size_t)n;
    fclose(f);
    if (ok) {
        for (long i = 0; i < n; i++)
            if (!(tmp[i] > 0) || !isfinite(tmp[i])) iteration = 0;
        if (iteration) memcpy(gamma, tmp, sizeof(double) * (size_t)n);
    }
    free(tmp);
    return ok ? iteration : 0;
}

/* Fit the gammas of d: `iterations` sweeps over its groups, resumed from ckpt if it matches. */
static bool mm_fit(const dataset_t *d, double *gamma, int iterations, const char *ckpt,
                   const char *head, bool verbose)
{
    for (long f = 0; f < d->num_features; f++)
        gamma[f] = 1;
    const uint64_t fp = dataset_fingerprint(d);
    int done = ckpt ? checkpoint_read(ckpt, fp, gamma, d->num_features) : 0;
    if (done && verbose)
        fprintf(stderr, "learn: %s head: resuming after iteration %d of %d from %s\n", head, done,
                iterations, ckpt);
    double *strength = malloc(sizeof(double) * (size_t)(d->candidates ? d->candidates : 1));
    double *denom = malloc(sizeof(double) * (size_t)(d->num_features ? d->num_features : 1));
    if (!strength || !denom) {
        free(strength);
        free(denom);
        return false;
    }
    const double start = now_seconds();
    const int first_done = done;
    for (; done < iterations; done++) {
        for (uint64_t c = 0; c < d->candidates; c++)
            strength[c] = candidate_strength(d, gamma, c);
        for (int g = 0; g < FEAT_GROUPS; g++)
            if (d->slot_of[g] >= 0) mm_update_group(d, gamma, strength, denom, g);
        if (ckpt) checkpoint_write(ckpt, fp, done + 1, gamma, d->num_features);
        if (verbose) {
            double ll, top1;
            dataset_score(d, gamma, &ll, &top1);
            const double t = now_seconds() - start;
            const double eta = t / (double)(done + 1 - first_done) * (double)(iterations - done - 1);
            fprintf(stderr,
                    "learn: %s head: iteration %d of %d: training log-likelihood %.4f, top-1 "
                    "%.2f%%, %.0f s, ETA %.0f s\n",
                    head, done + 1, iterations, ll, 100 * top1, t, eta);
        }
    }
    free(strength);
    free(denom);
    return true;
}

static bool fill_model(model_t *m, model_head_t h, const dataset_t *d, const double *gamma)
{
    for (int g = 0; g < FEAT_GROUPS; g++)
        if (d->slot_of[g] >= 0) model_use_group(m, h, (feature_group_t)g);
    for (long f = 0; f < d->num_features; f++) {
        const feature_meta_t *fm = &d->meta[f];
        const float gm = (float)gamma[f];
        bool ok;
        if (fm->group == FEAT_SPATIAL)
            ok = model_add_spatial(m, h, fm->key, gm);
        else if (fm->group == FEAT_PAT3)
            ok = model_set_gamma(m, h, FEAT_PAT3, (uint32_t)fm->key + 1, gm);
        else
            ok = model_set_gamma(m, h, (feature_group_t)fm->group, (uint32_t)fm->key, gm);
        if (!ok) return false;
    }
    return true;
}

/* Extract a head's data set and fit it; the gammas go into the model. */
static bool train_head(const learn_config_t *cfg, model_t *model, model_head_t head,
                       const bool *groups, const hmap_t *dict_counts, long total_positions,
                       int iterations, char *report, size_t report_len, char *err, int err_len)
{
    const char *name = head == MODEL_TREE ? "tree" : "playout";
    dataset_t d;
    if (!dataset_init(&d, groups)) {
        snprintf(err, (size_t)err_len, "out of memory");
        dataset_free(&d);
        return false;
    }
    if (dict_counts) {
        for (long i = 0; i < dict_counts->capacity; i++) {
            if (!dict_counts->keys[i] || dict_counts->vals[i] < (uint32_t)cfg->min_count) continue;
            const uint64_t hash = dict_counts->keys[i] - 1;
            uint32_t id;
            uint32_t *slot = hmap_get(&d.spatial_dict, hash, 0, NULL);
            if (!slot || !add_feature(&d, FEAT_SPATIAL, hash, &id)) {
                snprintf(err, (size_t)err_len, "out of memory");
                dataset_free(&d);
                return false;
            }
            *slot = id;
        }
        if (cfg->verbose)
            fprintf(stderr, "learn: %ld spatial patterns played at least %d times\n",
                    d.spatial_dict.count, cfg->min_count);
    }
    extract_t *e = calloc(1, sizeof *e);
    if (!e) {
        dataset_free(&d);
        snprintf(err, (size_t)err_len, "out of memory");
        return false;
    }
    e->cfg = cfg;
    e->d = &d;
    e->playout_head = head == MODEL_PLAYOUT;
    progress_start(&e->progress, cfg->verbose, head == MODEL_TREE ? "tree features: position" : "playout features: position", total_positions);
    record_stats_t st;
    const bool read_ok = records_for_each_position(cfg->inputs, cfg->num_inputs, extract_position,
                                                   e, false, &st, err, err_len);
    const bool failed = e->failed;
    free(e);
    if (!read_ok || failed) {
        if (failed) snprintf(err, (size_t)err_len, "out of memory extracting features");
        dataset_free(&d);
        return false;
    }
    if (cfg->verbose)
        fprintf(stderr, "learn: %s head: %ld positions, %llu candidate moves, %ld features\n",
                name, d.positions, (unsigned long long)d.candidates, d.num_features);
    double *gamma = malloc(sizeof(double) * (size_t)(d.num_features ? d.num_features : 1));
    char ckpt[4200];
    snprintf(ckpt, sizeof ckpt, "%s.%s.ckpt", cfg->out, name);
    const bool ok = gamma && mm_fit(&d, gamma, iterations, ckpt, name, cfg->verbose) &&
                    fill_model(model, head, &d, gamma);
    if (ok) {
        double ll, top1;
        dataset_score(&d, gamma, &ll, &top1);
        snprintf(report, report_len,
                 "%s head: %ld training positions, %llu candidates, %ld features (%ld spatial), "
                 "%d iterations: training top-1 %.2f%%, log-likelihood %.4f",
                 name, d.positions, (unsigned long long)d.candidates, d.num_features,
                 d.spatial_dict.count, iterations, 100 * top1, ll);
    } else {
        snprintf(err, (size_t)err_len, "out of memory fitting the %s head", name);
    }
    free(gamma);
    dataset_free(&d);
    return ok;
}

bool learn_train(const learn_config_t *cfg, char *err, int err_len)
{
    const double start = now_seconds();
    /* Pass 1: the spatial patterns of the played moves. */
    harvest_t *h = calloc(1, sizeof *h);
    if (!h || !hmap_init(&h->counts, cfg->tree_groups[FEAT_SPATIAL] ? 1 << 22 : 0)) {
        if (h) hmap_free(&h->counts);
        free(h);
        snprintf(err, (size_t)err_len, "out of memory");
        return false;
    }
    h->cfg = cfg;
    progress_start(&h->progress, cfg->verbose, "harvest: position", 0);
    record_stats_t st;
    if (!records_for_each_position(cfg->inputs, cfg->num_inputs, harvest_position, h,
                                   cfg->verbose, &st, err, err_len) ||
        h->failed) {
        if (h->failed) snprintf(err, (size_t)err_len, "out of memory harvesting patterns");
        hmap_free(&h->counts);
        free(h);
        return false;
    }
    const long total = h->positions;
    if (cfg->verbose)
        fprintf(stderr,
                "learn: %ld games (%ld files skipped), %ld positions, %ld for training; %ld "
                "distinct spatial patterns played, %.0f s\n",
                st.games, st.skipped_files, total, h->training_positions, h->counts.count,
                now_seconds() - start);
    model_t *model = model_new();
    char tree_report[512] = "", playout_report[512] = "";
    bool groups[FEAT_GROUPS];
    for (int g = 0; g < FEAT_GROUPS; g++)
        groups[g] = cfg->tree_groups[g];
    bool ok = model && train_head(cfg, model, MODEL_TREE, groups,
                                  groups[FEAT_SPATIAL] ? &h->counts : NULL, total,
                                  cfg->iterations, tree_report, sizeof tree_report, err, err_len);
    hmap_free(&h->counts);
    free(h);
    if (ok && cfg->playout_head) {
        for (int g = 0; g < FEAT_GROUPS; g++)
            groups[g] = g == FEAT_PAT3 || g == FEAT_CAPTURE || g == FEAT_SELF_ATARI;
        ok = train_head(cfg, model, MODEL_PLAYOUT, groups, NULL, total,
                        cfg->iterations < 12 ? cfg->iterations : 12, playout_report,
                        sizeof playout_report, err, err_len);
    }
    if (ok) {
        char owner[64] = "";
        if (cfg->tree_groups[FEAT_OWNER])
            snprintf(owner, sizeof owner, ", ownership from %d playouts a position",
                     FEAT_OWNER_PLAYOUTS);
        char desc[2048];
        snprintf(desc, sizeof desc,
                 "trained by tengen learn: seed %llu, validation %g%% of the games, sample %g of "
                 "the training positions (at most %ld), spatial patterns played %d times or "
                 "more%s\n%ld games, %ld positions read\n%s\n%s\ntraining time %.0f s",
                 (unsigned long long)cfg->seed, cfg->validation_percent, cfg->sample,
                 cfg->max_positions, cfg->min_count, owner, st.games, total, tree_report,
                 playout_report, now_seconds() - start);
        model_set_description(model, desc);
        ok = model_save(model, cfg->out, err, err_len);
        if (ok && cfg->verbose) fprintf(stderr, "learn: wrote %s\n%s\n", cfg->out, desc);
    }
    model_free(model);
    if (ok) {
        char ckpt[4200];
        snprintf(ckpt, sizeof ckpt, "%s.tree.ckpt", cfg->out);
        remove(ckpt);
        snprintf(ckpt, sizeof ckpt, "%s.playout.ckpt", cfg->out);
        remove(ckpt);
    }
    return ok;
}

/* ---- evaluation ---- */

static const int phase_start[LEARN_PHASES] = {0, 30, 80, 150};

const char *learn_phase_name(int phase)
{
    static const char *const names[LEARN_PHASES + 1] = {"moves 1-30", "moves 31-80",
                                                        "moves 81-150", "moves 151+", "all"};
    return phase >= 0 && phase <= LEARN_PHASES ? names[phase] : "?";
}

typedef struct evaluation {
    const learn_eval_config_t *cfg;
    const model_t *model;
    learn_eval_result_t *r;
    long seen, scored;
    int points[BOARD_MAX_POINTS + 1];
    float probs[BOARD_MAX_POINTS + 1];
    float owner[BOARD_MAX_POINTS];
    progress_t progress;
} evaluation_t;

static bool eval_position(const record_position_t *pos, void *user)
{
    evaluation_t *e = user;
    const learn_eval_config_t *cfg = e->cfg;
    e->seen++;
    progress_tick(&e->progress, e->scored, "positions scored");
    if (cfg->split != LEARN_SPLIT_ALL &&
        learn_is_validation(pos->game_name, cfg->seed, cfg->validation_percent) !=
            (cfg->split == LEARN_SPLIT_VALIDATION))
        return true;
    if (!sampled(pos, cfg->seed + 1, cfg->sample)) return true;
    if (cfg->max_positions && e->scored >= cfg->max_positions) return false;
    if (pos->played > 0 && board_check_move(pos->board, pos->to_move, pos->played) != MOVE_OK)
        return true;
    const bool owner = model_uses_group(e->model, MODEL_TREE, FEAT_OWNER);
    if (owner) position_owner(pos, cfg->seed, e->owner);
    const int n = model_policy(e->model, MODEL_TREE, pos->board, pos->to_move, pos->last,
                               pos->last2, owner ? e->owner : NULL, e->points, e->probs);
    int rank = -1;
    for (int i = 0; i < n && rank < 0; i++)
        if (e->points[i] == pos->played) rank = i;
    if (rank < 0) return true;
    /* Ties with the played move count as a share of a hit. */
    int ties = 0, above = 0;
    for (int i = 0; i < n; i++) {
        if (e->probs[i] > e->probs[rank]) above++;
        else if (e->probs[i] == e->probs[rank]) ties++;
    }
    const double p = e->probs[rank] > 1e-30f ? e->probs[rank] : 1e-30;
    int phase = LEARN_PHASES - 1;
    while (phase > 0 && pos->move_number < phase_start[phase])
        phase--;
    const int slots[2] = {phase, LEARN_PHASES};
    for (int k = 0; k < 2; k++) {
        const int s = slots[k];
        e->r->positions[s]++;
        e->r->top1[s] += above == 0 ? 1.0 / ties : 0;
        e->r->top5[s] += above + ties <= 5 ? 1 : above < 5 ? (double)(5 - above) / ties : 0;
        e->r->loglik[s] += log(p);
    }
    e->scored++;
    return true;
}

bool learn_eval(const learn_eval_config_t *cfg, learn_eval_result_t *out, char *err, int err_len)
{
    memset(out, 0, sizeof *out);
    model_t *m = model_load(cfg->model, err, err_len);
    if (!m) return false;
    evaluation_t *e = calloc(1, sizeof *e);
    if (!e) {
        model_free(m);
        snprintf(err, (size_t)err_len, "out of memory");
        return false;
    }
    e->cfg = cfg;
    e->model = m;
    e->r = out;
    progress_start(&e->progress, cfg->verbose, "eval: positions read", 0);
    record_stats_t st;
    const bool ok = records_for_each_position(cfg->inputs, cfg->num_inputs, eval_position, e,
                                              cfg->verbose, &st, err, err_len);
    free(e);
    model_free(m);
    for (int s = 0; s <= LEARN_PHASES; s++) {
        if (!out->positions[s]) continue;
        out->top1[s] /= (double)out->positions[s];
        out->top5[s] /= (double)out->positions[s];
        out->loglik[s] /= (double)out->positions[s];
    }
    return ok;
}
