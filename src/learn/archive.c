/* archive.c - tar (plain or gzip) and single-file reading for the trainer's inputs. zlib's gz*
 * functions read gzip and uncompressed files alike, so one stream reader serves every kind. */
#include "learn/archive.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <zlib.h>

#define BLOCK 512
/* Long names (GNU 'L', pax 'path') beyond this are ignored: the header's own name is used. */
#define MAX_LONG_NAME 4096
/* pax extended headers beyond this are skipped unread. */
#define MAX_PAX_BYTES (1u << 20)

typedef struct reader {
    gzFile gz;
    const char *path;
    char *err;
    int err_len;
    uint64_t offset; /* bytes of the uncompressed stream consumed */
    char *buf;       /* the current file's bytes */
    size_t cap;
} reader_t;

static void set_error(reader_t *r, const char *fmt, ...)
{
    if (r->err == NULL || r->err_len <= 0) return;
    int n = snprintf(r->err, (size_t)r->err_len, "%s: ", r->path);
    if (n < 0 || n >= r->err_len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, (size_t)(r->err_len - n), fmt, ap);
    va_end(ap);
}

/* Read up to n bytes; returns how many (fewer only at the end of the data), or -1 with err set
 * when zlib reports damage (a gzip stream cut short is "unexpected end of file"). */
static long read_some(reader_t *r, void *dst, size_t n)
{
    size_t got = 0;
    while (got < n) {
        size_t want = n - got > (1u << 30) ? (1u << 30) : n - got;
        int k = gzread(r->gz, (char *)dst + got, (unsigned)want);
        if (k <= 0) {
            int errnum = Z_OK;
            const char *msg = gzerror(r->gz, &errnum);
            if (k < 0 || (errnum != Z_OK && errnum != Z_STREAM_END)) {
                if (errnum == Z_ERRNO)
                    set_error(r, "read error: %s", strerror(errno));
                else if (errnum == Z_BUF_ERROR)
                    set_error(r,
                              "truncated archive (the gzip data ends early, near byte %llu "
                              "of the uncompressed data)",
                              (unsigned long long)(r->offset + got));
                else
                    set_error(r, "corrupt gzip data (%s)", msg);
                return -1;
            }
            break;
        }
        got += (size_t)k;
    }
    r->offset += got;
    return (long)got;
}

/* Read exactly n bytes of an entry; a short read is a truncated archive. */
static bool read_exact(reader_t *r, void *dst, size_t n, const char *what)
{
    long got = read_some(r, dst, n);
    if (got < 0) return false;
    if ((size_t)got < n) {
        set_error(r, "truncated archive (%s ends early at byte %llu)", what,
                  (unsigned long long)r->offset);
        return false;
    }
    return true;
}

static bool skip_bytes(reader_t *r, uint64_t n, const char *what)
{
    char scratch[16 * BLOCK];
    while (n > 0) {
        size_t k = n > sizeof scratch ? sizeof scratch : (size_t)n;
        if (!read_exact(r, scratch, k, what)) return false;
        n -= k;
    }
    return true;
}

static uint64_t padding(uint64_t size)
{
    return (BLOCK - size % BLOCK) % BLOCK;
}

static bool ensure_buf(reader_t *r, size_t n)
{
    if (n <= r->cap) return true;
    size_t cap = r->cap ? r->cap : 64 * 1024;
    while (cap < n)
        cap *= 2;
    char *b = realloc(r->buf, cap);
    if (b == NULL) {
        set_error(r, "out of memory");
        return false;
    }
    r->buf = b;
    r->cap = cap;
    return true;
}

/* An octal field (NUL or space terminated, leading spaces allowed), or GNU base-256 when the
 * first byte has its high bit set. Returns false on a bad field or a value over 2^62. */
static bool parse_number(const unsigned char *f, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (f[0] & 0x80) {
        if (f[0] & 0x40) return false; /* negative */
        v = f[0] & 0x3f;
        for (size_t i = 1; i < len; i++) {
            if (v >> 54) return false;
            v = (v << 8) | f[i];
        }
        *out = v;
        return true;
    }
    size_t i = 0;
    while (i < len && f[i] == ' ')
        i++;
    bool digits = false;
    for (; i < len && f[i] >= '0' && f[i] <= '7'; i++) {
        if (v >> 59) return false;
        v = v * 8 + (uint64_t)(f[i] - '0');
        digits = true;
    }
    if (i < len && f[i] != '\0' && f[i] != ' ') return false;
    *out = v;
    return digits || i < len;
}

static bool all_zero(const unsigned char *h)
{
    for (int i = 0; i < BLOCK; i++)
        if (h[i]) return false;
    return true;
}

/* The header checksum: the sum of its bytes with the checksum field as spaces. Old tars summed
 * signed chars, so either sum is accepted. */
static bool checksum_ok(const unsigned char *h)
{
    uint64_t stored;
    if (!parse_number(h + 148, 8, &stored)) return false;
    long unsigned_sum = 0, signed_sum = 0;
    for (int i = 0; i < BLOCK; i++) {
        unsigned char c = (i >= 148 && i < 156) ? ' ' : h[i];
        unsigned_sum += c;
        signed_sum += (signed char)c;
    }
    return (long)stored == unsigned_sum || (long)stored == signed_sum;
}

/* name[len] (not NUL-terminated when full) into out, NUL-terminated. */
static void copy_field(char *out, const unsigned char *f, size_t len)
{
    size_t n = 0;
    while (n < len && f[n])
        n++;
    memcpy(out, f, n);
    out[n] = '\0';
}

/* The "path" record of a pax extended header ("LEN path=VALUE\n" records), or false. */
static bool pax_path(const char *data, size_t len, char *out, size_t out_len)
{
    size_t pos = 0;
    while (pos < len) {
        size_t rec = 0, i = pos;
        while (i < len && data[i] >= '0' && data[i] <= '9' && rec < len)
            rec = rec * 10 + (size_t)(data[i++] - '0');
        if (rec == 0 || i >= len || data[i] != ' ' || rec > len - pos) return false;
        const char *key = data + i + 1;
        const char *end = data + pos + rec; /* one past the record's '\n' */
        if (end - key > 5 && memcmp(key, "path=", 5) == 0) {
            size_t n = (size_t)(end - key - 5 - 1);
            if (n + 1 > out_len || memchr(key + 5, '\0', n) != NULL) return false;
            memcpy(out, key + 5, n);
            out[n] = '\0';
            return n > 0;
        }
        pos += rec;
    }
    return false;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* Walk the entries of a tar stream whose first header block is already in first. */
static long walk_tar(reader_t *r, const unsigned char *first, archive_file_fn fn, void *user,
                     long *skipped)
{
    unsigned char h[BLOCK];
    memcpy(h, first, BLOCK);
    char long_name[MAX_LONG_NAME + 1];
    bool have_long = false;
    char name[MAX_LONG_NAME + 1];
    long visited = 0;
    for (;;) {
        uint64_t header_at = r->offset - BLOCK;
        if (all_zero(h)) return visited; /* end-of-archive marker */
        if (!checksum_ok(h)) {
            set_error(r, "bad tar header checksum at byte %llu", (unsigned long long)header_at);
            return -1;
        }
        uint64_t size;
        if (!parse_number(h + 124, 12, &size)) {
            set_error(r, "bad size field in the tar header at byte %llu",
                      (unsigned long long)header_at);
            return -1;
        }
        char type = (char)h[156];
        if (type == '1' || type == '2') size = 0; /* links carry no data whatever the field says */
        if (type == 'L' || type == 'x') {
            /* A long name for the next entry. */
            bool fits = type == 'L' ? size <= MAX_LONG_NAME : size <= MAX_PAX_BYTES;
            if (fits) {
                if (!ensure_buf(r, (size_t)size + 1) ||
                    !read_exact(r, r->buf, (size_t)size, "a long name entry"))
                    return -1;
                if (type == 'L') {
                    copy_field(long_name, (const unsigned char *)r->buf, (size_t)size);
                    have_long = long_name[0] != '\0';
                } else {
                    have_long = pax_path(r->buf, (size_t)size, long_name, sizeof long_name);
                }
            } else if (!skip_bytes(r, size, "a long name entry")) {
                return -1;
            }
            if (!skip_bytes(r, padding(size), "a long name entry")) return -1;
        } else if (type == '0' || type == '\0' || type == '7') {
            if (have_long) {
                memcpy(name, long_name, sizeof name);
            } else {
                char base[101], prefix[156];
                copy_field(base, h, 100);
                prefix[0] = '\0';
                if (memcmp(h + 257, "ustar\0", 6) == 0) /* POSIX: GNU uses these bytes otherwise */
                    copy_field(prefix, h + 345, 155);
                if (prefix[0] != '\0')
                    snprintf(name, sizeof name, "%s/%s", prefix, base);
                else
                    memcpy(name, base, sizeof base);
            }
            have_long = false;
            if (size > ARCHIVE_MAX_FILE_BYTES) {
                if (skipped) (*skipped)++;
                if (!skip_bytes(r, size + padding(size), name)) return -1;
            } else {
                if (!ensure_buf(r, (size_t)size + 1) ||
                    !read_exact(r, r->buf, (size_t)size, name) ||
                    !skip_bytes(r, padding(size), name))
                    return -1;
                visited++;
                if (!fn(name, r->buf, (size_t)size, user)) return visited;
            }
        } else {
            /* Directories, links, devices, global pax headers: no file to visit. */
            have_long = type == 'g' ? have_long : false;
            if (!skip_bytes(r, size + padding(size), "an entry")) return -1;
        }
        long got = read_some(r, h, BLOCK);
        if (got < 0) return -1;
        if (got == 0) return visited; /* no end marker: accepted, as GNU tar does */
        if (got < BLOCK) {
            set_error(r, "truncated archive (a tar header ends early at byte %llu)",
                      (unsigned long long)r->offset);
            return -1;
        }
    }
}

long archive_for_each_file_counted(const char *path, archive_file_fn fn, void *user, long *skipped,
                                   char *err, int err_len)
{
    reader_t r = {.path = path, .err = err, .err_len = err_len};
    if (err != NULL && err_len > 0) err[0] = '\0';
    if (skipped) *skipped = 0;
    struct stat st;
    if (stat(path, &st) != 0) {
        set_error(&r, "cannot read: %s", strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        set_error(&r, "is a directory, not an archive or file");
        return -1;
    }
    r.gz = gzopen(path, "rb");
    if (r.gz == NULL) {
        set_error(&r, "cannot open: %s", errno ? strerror(errno) : "out of memory");
        return -1;
    }
    gzbuffer(r.gz, 256 * 1024);
    unsigned char first[BLOCK];
    long n = read_some(&r, first, BLOCK);
    long result = -1;
    bool gzip = n >= 0 && !gzdirect(r.gz);
    bool tar_name =
        ends_with(path, ".tar") || ends_with(path, ".tgz") || ends_with(path, ".tar.gz");
    if (n < 0) {
        /* err set */
    } else if (n > 0 && !gzip && (ends_with(path, ".tgz") || ends_with(path, ".tar.gz"))) {
        set_error(&r, "not a gzip file (a .tgz/.tar.gz must start with the gzip magic bytes)");
    } else if (n == BLOCK && (checksum_ok(first) || (tar_name && all_zero(first)))) {
        result = walk_tar(&r, first, fn, user, skipped);
    } else if (tar_name) {
        if (n < BLOCK)
            set_error(&r, "truncated archive (%ld bytes, less than one tar header)", n);
        else
            set_error(&r, "bad tar header checksum at byte 0 (not a tar archive)");
    } else {
        /* Any other file: its whole (decompressed) content. */
        size_t len = (size_t)n;
        bool ok = ensure_buf(&r, BLOCK);
        if (ok) memcpy(r.buf, first, len);
        /* Read on (doubling) until the end or just past the cap. */
        while (ok && n > 0 && len <= ARCHIVE_MAX_FILE_BYTES) {
            size_t want = len < 64 * 1024 ? 64 * 1024 : len;
            ok = ensure_buf(&r, len + want);
            n = ok ? read_some(&r, r.buf + len, want) : -1;
            ok = n >= 0;
            if (ok) len += (size_t)n;
        }
        if (ok) {
            if (len > ARCHIVE_MAX_FILE_BYTES) {
                if (skipped) (*skipped)++;
                result = 0;
            } else {
                fn(path, r.buf, len, user);
                result = 1;
            }
        }
    }
    gzclose(r.gz);
    free(r.buf);
    return result;
}

long archive_for_each_file(const char *path, archive_file_fn fn, void *user, char *err, int err_len)
{
    long skipped = 0;
    long n = archive_for_each_file_counted(path, fn, user, &skipped, err, err_len);
    if (skipped > 0)
        fprintf(stderr, "warning: %s: %ld file%s over %u bytes skipped\n", path, skipped,
                skipped == 1 ? "" : "s", ARCHIVE_MAX_FILE_BYTES);
    return n;
}
