/* model.c - the learned move model (model.h): gamma tables, the spatial dictionary, the file
 * format, and move strengths and probabilities.
 *
 * Owns: the weights and their file. Must not know: how they were trained, search, GTP.
 */
#include "tengen/model.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tengen/tactics.h"

/* A model file is at most this large: a hostile file cannot make the loader allocate more. */
#define MODEL_MAX_BYTES (256u * 1024u * 1024u)
/* Most spatial patterns of one head. */
#define MODEL_MAX_SPATIAL (1L << 23)
/* The largest gamma; the same bound for building and loading, so every saved model loads. */
#define MODEL_MAX_GAMMA 1e30f

typedef struct spatial_table {
    uint64_t *keys; /* 0 marks an empty slot; a hash of 0 is stored as 1 */
    float *gamma;
    long count, capacity; /* capacity a power of two, or 0 */
} spatial_table_t;

typedef struct head {
    bool used[FEAT_GROUPS];
    float *fixed[FEAT_GROUPS]; /* values + 1 entries, [0] = 1; NULL until set (all 1) */
    float *pat3;               /* FEAT_PAT3_KEYS raw keys, NULL until set */
    /* The canonical pat3 keys set, for writing the file back. */
    uint32_t *pat3_keys;
    long pat3_count, pat3_capacity;
    spatial_table_t spatial;
} head_t;

struct model {
    head_t head[MODEL_HEADS];
    char *description;
};

static const char *const head_names[MODEL_HEADS] = {"tree", "playout"};

model_t *model_new(void)
{
    return calloc(1, sizeof(model_t));
}

void model_free(model_t *m)
{
    if (!m) return;
    for (int h = 0; h < MODEL_HEADS; h++) {
        head_t *hd = &m->head[h];
        for (int g = 0; g < FEAT_GROUPS; g++)
            free(hd->fixed[g]);
        free(hd->pat3);
        free(hd->pat3_keys);
        free(hd->spatial.keys);
        free(hd->spatial.gamma);
    }
    free(m->description);
    free(m);
}

void model_set_description(model_t *m, const char *text)
{
    free(m->description);
    m->description = text ? strdup(text) : NULL;
}

const char *model_description(const model_t *m)
{
    return m->description ? m->description : "";
}

void model_use_group(model_t *m, model_head_t h, feature_group_t g)
{
    m->head[h].used[g] = true;
}

bool model_uses_group(const model_t *m, model_head_t h, feature_group_t g)
{
    return m->head[h].used[g];
}

long model_spatial_count(const model_t *m, model_head_t h)
{
    return m->head[h].spatial.count;
}

/* ---- building ---- */

static bool set_pat3(head_t *hd, uint32_t key, float gamma)
{
    if (!hd->pat3) {
        hd->pat3 = malloc(sizeof(float) * FEAT_PAT3_KEYS);
        if (!hd->pat3) return false;
        for (long i = 0; i < FEAT_PAT3_KEYS; i++)
            hd->pat3[i] = 1.0f;
    }
    if (hd->pat3_count == hd->pat3_capacity) {
        const long cap = hd->pat3_capacity ? 2 * hd->pat3_capacity : 1024;
        uint32_t *k = realloc(hd->pat3_keys, sizeof(uint32_t) * (size_t)cap);
        if (!k) return false;
        hd->pat3_keys = k;
        hd->pat3_capacity = cap;
    }
    hd->pat3_keys[hd->pat3_count++] = key;
    uint32_t images[8];
    feature_pat3_images(key, images);
    for (int k = 0; k < 8; k++)
        hd->pat3[images[k]] = gamma;
    return true;
}

static bool gamma_ok(float gamma)
{
    return gamma > 0 && gamma <= MODEL_MAX_GAMMA; /* false for NaN */
}

bool model_set_gamma(model_t *m, model_head_t h, feature_group_t g, uint32_t value, float gamma)
{
    if ((unsigned)h >= MODEL_HEADS || (unsigned)g >= FEAT_GROUPS || g == FEAT_SPATIAL) return false;
    if (!gamma_ok(gamma)) return false;
    head_t *hd = &m->head[h];
    const int values = feature_group_values(g);
    if (value < 1 || value > (uint32_t)values) return false;
    hd->used[g] = true;
    if (g == FEAT_PAT3) return set_pat3(hd, value - 1, gamma);
    if (!hd->fixed[g]) {
        hd->fixed[g] = malloc(sizeof(float) * (size_t)(values + 1));
        if (!hd->fixed[g]) return false;
        for (int i = 0; i <= values; i++)
            hd->fixed[g][i] = 1.0f;
    }
    hd->fixed[g][value] = gamma;
    return true;
}

static uint64_t slot_key(uint64_t hash)
{
    return hash ? hash : 1;
}

static long spatial_find(const spatial_table_t *t, uint64_t hash)
{
    if (!t->capacity) return -1;
    const uint64_t key = slot_key(hash);
    const long mask = t->capacity - 1;
    for (long i = (long)(key & (uint64_t)mask);; i = (i + 1) & mask) {
        if (t->keys[i] == key) return i;
        if (t->keys[i] == 0) return -1;
    }
}

static bool spatial_grow(spatial_table_t *t)
{
    const long cap = t->capacity ? 2 * t->capacity : 1024;
    uint64_t *keys = calloc((size_t)cap, sizeof(uint64_t));
    float *gamma = malloc(sizeof(float) * (size_t)cap);
    if (!keys || !gamma) {
        free(keys);
        free(gamma);
        return false;
    }
    for (long i = 0; i < t->capacity; i++) {
        if (!t->keys[i]) continue;
        long j = (long)(t->keys[i] & (uint64_t)(cap - 1));
        while (keys[j])
            j = (j + 1) & (cap - 1);
        keys[j] = t->keys[i];
        gamma[j] = t->gamma[i];
    }
    free(t->keys);
    free(t->gamma);
    t->keys = keys;
    t->gamma = gamma;
    t->capacity = cap;
    return true;
}

bool model_add_spatial(model_t *m, model_head_t h, uint64_t hash, float gamma)
{
    if ((unsigned)h >= MODEL_HEADS || !gamma_ok(gamma)) return false;
    spatial_table_t *t = &m->head[h].spatial;
    m->head[h].used[FEAT_SPATIAL] = true;
    const long found = spatial_find(t, hash);
    if (found >= 0) {
        t->gamma[found] = gamma;
        return true;
    }
    if (t->count >= MODEL_MAX_SPATIAL) return false;
    if (2 * (t->count + 1) > t->capacity && !spatial_grow(t)) return false;
    const uint64_t key = slot_key(hash);
    long i = (long)(key & (uint64_t)(t->capacity - 1));
    while (t->keys[i])
        i = (i + 1) & (t->capacity - 1);
    t->keys[i] = key;
    t->gamma[i] = gamma;
    t->count++;
    return true;
}

/* ---- reading gammas ---- */

float model_get_gamma(const model_t *m, model_head_t h, feature_group_t g, uint32_t value)
{
    if ((unsigned)h >= MODEL_HEADS || (unsigned)g >= FEAT_GROUPS || value == 0) return 1.0f;
    const head_t *hd = &m->head[h];
    if (g == FEAT_PAT3) return hd->pat3 && value <= FEAT_PAT3_KEYS ? hd->pat3[value - 1] : 1.0f;
    if (g == FEAT_SPATIAL || !hd->fixed[g] || value > (uint32_t)feature_group_values(g)) return 1.0f;
    return hd->fixed[g][value];
}

float model_spatial_gamma(const model_t *m, model_head_t h, const uint64_t spatial[SPATIAL_SIZES],
                          int *size_index)
{
    const spatial_table_t *t = &m->head[h].spatial;
    for (int i = SPATIAL_SIZES - 1; i >= 0 && t->count; i--) {
        const long s = spatial_find(t, spatial[i]);
        if (s >= 0) {
            if (size_index) *size_index = i;
            return t->gamma[s];
        }
    }
    if (size_index) *size_index = -1;
    return 1.0f;
}

/* model_spatial_gamma for the point p, hashing the sizes from the smallest up and stopping at the
 * first one the dictionary lacks (no larger one can be in it: feature_spatial_begin). Most moves
 * match only small patterns, so most of the hashing and the lookups of the largest sizes (cache
 * misses in a large table) are saved. */
static float spatial_gamma_at(const spatial_table_t *t, const board_t *b, stone_t c, int p)
{
    if (!t->count) return 1.0f;
    spatial_walk_t w;
    feature_spatial_begin(&w, b, c, p);
    float gamma = 1.0f;
    for (int i = 0; i < SPATIAL_SIZES; i++) {
        const long s = spatial_find(t, feature_spatial_next(&w));
        if (s < 0) break;
        gamma = t->gamma[s];
    }
    return gamma;
}

float model_move_gamma(const model_t *m, model_head_t h, const feature_context_t *ctx, int p)
{
    const head_t *hd = &m->head[h];
    uint32_t value[FEAT_GROUPS];
    feature_extract(ctx, p, value, NULL);
    float gamma = 1.0f;
    for (int g = 0; g < FEAT_GROUPS; g++) {
        if (!hd->used[g] || !value[g] || g == FEAT_SPATIAL) continue;
        if (g == FEAT_PAT3) {
            if (hd->pat3) gamma *= hd->pat3[value[g] - 1];
        } else if (hd->fixed[g]) {
            gamma *= hd->fixed[g][value[g]];
        }
    }
    if (hd->used[FEAT_SPATIAL] && p != POINT_PASS)
        gamma *= spatial_gamma_at(&hd->spatial, ctx->b, ctx->to_move, p);
    return gamma;
}

float model_playout_gamma(const model_t *m, const board_t *b, stone_t c, int p)
{
    const head_t *hd = &m->head[MODEL_PLAYOUT];
    uint32_t value[FEAT_GROUPS];
    feature_extract_playout(b, c, p, value);
    float gamma = hd->pat3 ? hd->pat3[value[FEAT_PAT3] - 1] : 1.0f;
    if (value[FEAT_CAPTURE] && hd->fixed[FEAT_CAPTURE]) gamma *= hd->fixed[FEAT_CAPTURE][value[FEAT_CAPTURE]];
    if (value[FEAT_SELF_ATARI] && hd->fixed[FEAT_SELF_ATARI])
        gamma *= hd->fixed[FEAT_SELF_ATARI][value[FEAT_SELF_ATARI]];
    return gamma;
}

float model_playout_reference(const model_t *m)
{
    const head_t *hd = &m->head[MODEL_PLAYOUT];
    return hd->pat3 ? hd->pat3[0] : 1.0f;
}

int model_policy(const model_t *m, model_head_t h, const board_t *b, stone_t c, int last, int last2,
                 const float *owner, int *points, float *probs)
{
    feature_context_t *ctx = malloc(sizeof *ctx);
    if (!ctx) return 0;
    feature_context_init(ctx, b, c, last, last2);
    ctx->owner = owner;
    int n = 0;
    double sum = 0;
    for (int i = 0; i < b->empty_count; i++) {
        const int p = b->empties[i];
        if (board_check_move(b, c, p) != MOVE_OK) continue;
        points[n] = p;
        probs[n] = model_move_gamma(m, h, ctx, p);
        sum += probs[n++];
    }
    points[n] = POINT_PASS;
    probs[n] = model_move_gamma(m, h, ctx, POINT_PASS);
    sum += probs[n++];
    free(ctx);
    for (int i = 0; i < n; i++)
        probs[i] = sum > 0 ? (float)(probs[i] / sum) : 1.0f / (float)n;
    /* Most probable first; ties by point so the order does not depend on empties[]. */
    for (int i = 1; i < n; i++) {
        const int p = points[i];
        const float q = probs[i];
        int j = i;
        for (; j > 0 && (probs[j - 1] < q || (probs[j - 1] == q && points[j - 1] > p)); j--) {
            points[j] = points[j - 1];
            probs[j] = probs[j - 1];
        }
        points[j] = p;
        probs[j] = q;
    }
    return n;
}

/* ---- the file ---- */

static int group_by_name(const char *name)
{
    for (int g = 0; g < FEAT_GROUPS; g++)
        if (!strcmp(name, feature_group_name((feature_group_t)g))) return g;
    return -1;
}

static int compare_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static bool write_model(const model_t *m, FILE *f)
{
    fprintf(f, "tengen-model %d\n", MODEL_FORMAT_VERSION);
    if (m->description) {
        const char *s = m->description;
        while (*s) {
            const char *e = strchr(s, '\n');
            const int len = e ? (int)(e - s) : (int)strlen(s);
            fprintf(f, "# %.*s\n", len, s);
            s += len + (e ? 1 : 0);
        }
    }
    for (int h = 0; h < MODEL_HEADS; h++) {
        const head_t *hd = &m->head[h];
        fprintf(f, "head %s\n", head_names[h]);
        for (int g = 0; g < FEAT_GROUPS; g++) {
            if (!hd->used[g]) continue;
            if (g == FEAT_PAT3) {
                uint32_t *keys = malloc(sizeof(uint32_t) * (size_t)(hd->pat3_count + 1));
                if (!keys) return false;
                if (hd->pat3_count) /* pat3_keys is NULL for a group used with no keys */
                    memcpy(keys, hd->pat3_keys, sizeof(uint32_t) * (size_t)hd->pat3_count);
                qsort(keys, (size_t)hd->pat3_count, sizeof(uint32_t), compare_u32);
                long n = 0;
                for (long i = 0; i < hd->pat3_count; i++)
                    if (i == 0 || keys[i] != keys[i - 1]) keys[n++] = keys[i];
                fprintf(f, "group pat3 %ld\n", n);
                for (long i = 0; i < n; i++)
                    fprintf(f, "%05x %.9g\n", keys[i], hd->pat3[keys[i]]);
                free(keys);
            } else if (g == FEAT_SPATIAL) {
                const spatial_table_t *t = &hd->spatial;
                fprintf(f, "group spatial %ld\n", t->count);
                for (long i = 0; i < t->capacity; i++)
                    if (t->keys[i])
                        fprintf(f, "%016llx %.9g\n", (unsigned long long)t->keys[i], t->gamma[i]);
            } else {
                const int values = feature_group_values((feature_group_t)g);
                fprintf(f, "group %s %d\n", feature_group_name((feature_group_t)g), values);
                for (int v = 1; v <= values; v++)
                    fprintf(f, "%d %.9g\n", v, hd->fixed[g] ? hd->fixed[g][v] : 1.0f);
            }
        }
    }
    fprintf(f, "end\n");
    return !ferror(f);
}

bool model_save(const model_t *m, const char *path, char *err, int err_len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(err, (size_t)err_len, "%s: path too long", path);
        return false;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, (size_t)err_len, "%s: %s", tmp, strerror(errno));
        return false;
    }
    const bool ok = write_model(m, f);
    if (fclose(f) != 0 || !ok) {
        snprintf(err, (size_t)err_len, "%s: write failed", tmp);
        remove(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, (size_t)err_len, "%s: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

/* A line reader over the text with the position for messages. */
typedef struct reader {
    const char *s, *end, *name;
    int line;
    char buf[512];
    char *err;
    int err_len;
} reader_t;

static bool fail(reader_t *r, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, (size_t)r->err_len, "%s: line %d: %s", r->name, r->line, msg);
    return false;
}

/* The next line that is not a comment or empty, into r->buf; false at the end of the text. */
static bool next_line(reader_t *r)
{
    while (r->s < r->end) {
        const char *line = r->s;
        const char *e = memchr(line, '\n', (size_t)(r->end - line));
        const size_t len = e ? (size_t)(e - line) : (size_t)(r->end - line);
        r->s = e ? e + 1 : r->end;
        r->line++;
        if (len && *line == '#') continue; /* description lines may be long */
        if (len >= sizeof r->buf || memchr(line, 0, len)) {
            snprintf(r->buf, sizeof r->buf, "\x01");
            return true; /* overlong or binary: refused by every parser below */
        }
        memcpy(r->buf, line, len);
        r->buf[len] = 0;
        if (len && r->buf[len - 1] == '\r') r->buf[len - 1] = 0;
        if (r->buf[0] != 0) return true;
    }
    return false;
}

/* Copies the next whitespace-separated word of *s (at most cap - 1 characters) into word and moves
 * *s past it; false when there is none or it is too long. Whitespace is isspace's, as for the
 * sscanf "%s" this replaces. */
static bool next_word(const char **s, char *word, size_t cap)
{
    const char *p = *s;
    while (isspace((unsigned char)*p)) p++;
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n])) n++;
    if (n == 0 || n >= cap) return false;
    memcpy(word, p, n);
    word[n] = 0;
    *s = p + n;
    return true;
}

/* A line of exactly two words. The model's lines are a quarter of a million of these: sscanf
 * took half the time of loading a model. */
static bool split_two_words(const char *line, char *a, char *b, size_t cap)
{
    if (!next_word(&line, a, cap) || !next_word(&line, b, cap)) return false;
    while (isspace((unsigned char)*line)) line++;
    return *line == 0;
}

static bool parse_gamma(reader_t *r, const char *text, float *out)
{
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    /* Checked as the float it becomes (1e-50 would be 0); a huge v is not converted. */
    if (end == text || *end || errno || !(v <= 2.0 * MODEL_MAX_GAMMA) || !gamma_ok((float)v))
        return fail(r, "bad gamma '%s' (a positive number up to 1e30)", text);
    *out = (float)v;
    return true;
}

static bool parse_group(reader_t *r, model_t *m, int h, const char *gname, long count)
{
    const int g = group_by_name(gname);
    if (g < 0) return fail(r, "unknown feature group '%s'", gname);
    model_use_group(m, (model_head_t)h, (feature_group_t)g);
    for (long i = 0; i < count; i++) {
        if (!next_line(r)) return fail(r, "file ends inside group %s (truncated?)", gname);
        char a[64], b[64];
        if (!split_two_words(r->buf, a, b, sizeof a))
            return fail(r, "expected 'value gamma' in group %s", gname);
        float gamma = 1.0f;
        if (!parse_gamma(r, b, &gamma)) return false;
        char *end;
        errno = 0;
        if (g == FEAT_SPATIAL) {
            const unsigned long long hash = strtoull(a, &end, 16);
            if (*end || end == a || errno) return fail(r, "bad spatial hash '%s'", a);
            if (!model_add_spatial(m, (model_head_t)h, hash, gamma))
                return fail(r, "too many spatial patterns or out of memory");
        } else {
            const unsigned long v = strtoul(a, &end, g == FEAT_PAT3 ? 16 : 10);
            if (*end || end == a || errno) return fail(r, "bad value '%s'", a);
            const unsigned long value = g == FEAT_PAT3 ? v + 1 : v;
            if (value < 1 || value > (unsigned long)feature_group_values((feature_group_t)g))
                return fail(r, "value '%s' out of range for group %s", a, gname);
            if (!model_set_gamma(m, (model_head_t)h, (feature_group_t)g, (uint32_t)value, gamma))
                return fail(r, "out of memory");
        }
    }
    return true;
}

model_t *model_parse(const char *text, size_t len, const char *name, char *err, int err_len)
{
    reader_t r = {.s = text, .end = text + len, .name = name, .err = err, .err_len = err_len};
    if (len > MODEL_MAX_BYTES) {
        fail(&r, "file over %u bytes", MODEL_MAX_BYTES);
        return NULL;
    }
    int version = 0;
    char extra[2];
    if (!next_line(&r) || sscanf(r.buf, "tengen-model %d %1s", &version, extra) != 1) {
        fail(&r, "not a tengen model file (no 'tengen-model' header)");
        return NULL;
    }
    if (version != MODEL_FORMAT_VERSION) {
        fail(&r, "model format %d, this tengen reads format %d", version, MODEL_FORMAT_VERSION);
        return NULL;
    }
    model_t *m = model_new();
    if (!m) {
        fail(&r, "out of memory");
        return NULL;
    }
    /* The description: the comment lines right after the header. */
    {
        const char *s = r.s;
        size_t cap = 0, used = 0;
        char *desc = NULL;
        while (s < r.end && *s == '#') {
            const char *e = memchr(s, '\n', (size_t)(r.end - s));
            const char *stop = e ? e : r.end;
            const char *from = s + 1 + (s + 1 < stop && s[1] == ' ');
            const size_t l = (size_t)(stop - from);
            if (used + l + 2 > cap) {
                cap = 2 * (used + l + 2);
                char *d = realloc(desc, cap);
                if (!d) break;
                desc = d;
            }
            memcpy(desc + used, from, l);
            used += l;
            desc[used++] = '\n';
            desc[used] = 0;
            s = e ? e + 1 : r.end;
        }
        if (desc && used) desc[used - 1] = 0;
        m->description = desc;
    }
    int h = -1;
    bool ended = false;
    while (next_line(&r)) {
        char word[32], arg[64];
        long count;
        if (!strcmp(r.buf, "end")) {
            ended = true;
            break;
        }
        if (sscanf(r.buf, "head %31s %1s", word, extra) == 1) {
            h = !strcmp(word, "tree") ? MODEL_TREE : !strcmp(word, "playout") ? MODEL_PLAYOUT : -2;
            if (h < 0) {
                fail(&r, "unknown head '%s'", word);
                goto bad;
            }
        } else if (sscanf(r.buf, "group %63s %ld %1s", arg, &count, extra) == 2) {
            if (h < 0) {
                fail(&r, "group before any head");
                goto bad;
            }
            if (count < 0 || count > MODEL_MAX_SPATIAL) {
                fail(&r, "bad count %ld", count);
                goto bad;
            }
            if (!parse_group(&r, m, h, arg, count)) goto bad;
        } else {
            fail(&r, "unexpected line");
            goto bad;
        }
    }
    if (!ended) {
        fail(&r, "no 'end' line (truncated?)");
        goto bad;
    }
    return m;
bad:
    model_free(m);
    return NULL;
}

model_t *model_load(const char *path, char *err, int err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, (size_t)err_len, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len == cap) {
            if (cap >= MODEL_MAX_BYTES) {
                snprintf(err, (size_t)err_len, "%s: file over %u bytes", path, MODEL_MAX_BYTES);
                free(buf);
                fclose(f);
                return NULL;
            }
            char *b = realloc(buf, cap * 2);
            if (!b) break;
            buf = b;
            cap *= 2;
        }
        const size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    const bool read_error = ferror(f) != 0;
    fclose(f);
    if (!buf || read_error) {
        snprintf(err, (size_t)err_len, "%s: %s", path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    model_t *m = model_parse(buf, len, path, err, err_len);
    free(buf);
    return m;
}
