/* sgf_read.c - SGF bytes and files to a tree: finds the text's encoding and converts it to UTF-8
 * before parsing.
 *
 * Owns charset detection and conversion (glibc iconv). It must convert before parsing because
 * multibyte charsets such as Shift-JIS and Big5 use the bytes of '\\', '[' and ']' as the second
 * byte of a character. Order of trust: a UTF-16 byte order mark or NUL bytes; a UTF-8 byte order
 * mark; the CA property if the bytes convert cleanly from it; valid UTF-8; without CA,
 * Shift-JIS if that gives kana; else Latin-1 (the FF[4] default).
 */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf_internal.h"

/* Longest CA value looked at; charset names are short. */
#define SGF_MAX_CHARSET_LEN 40

typedef enum source_encoding {
    SOURCE_UTF8,       /* used as is */
    SOURCE_CONVERTED,  /* converted to UTF-8 from another charset */
} source_encoding_t;

static bool is_valid_utf8(const unsigned char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n;
        unsigned min;
        unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1, min = 0x80, cp = c & 0x1Fu;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2, min = 0x800, cp = c & 0x0Fu;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3, min = 0x10000, cp = c & 0x07u;
        } else {
            return false;
        }
        if (len - i <= n)
            return false;
        for (size_t k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

static bool is_ascii(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] >= 0x80)
            return false;
    return true;
}

/* Convert with iconv from charset `from` to UTF-8, strictly (any invalid or incomplete sequence
 * fails). Returns a malloc'ed NUL-terminated string or NULL. */
static char *convert(const char *from, const char *data, size_t len, size_t *out_len)
{
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1)
        return NULL;
    size_t cap = len + len / 2 + 16;
    char *out = malloc(cap);
    char *in = (char *)data; /* iconv's prototype is not const-correct */
    size_t in_left = len, used = 0;
    bool ok = out != NULL;
    while (ok && in_left > 0) {
        char *dst = out + used;
        size_t dst_left = cap - used - 1;
        size_t r = iconv(cd, &in, &in_left, &dst, &dst_left);
        used = (size_t)(dst - out);
        if (r != (size_t)-1)
            break;
        if (errno != E2BIG) {
            ok = false;
            break;
        }
        cap *= 2;
        char *bigger = realloc(out, cap);
        if (bigger == NULL) {
            ok = false;
            break;
        }
        out = bigger;
    }
    iconv_close(cd);
    if (!ok) {
        free(out);
        return NULL;
    }
    out[used] = '\0';
    *out_len = used;
    return out;
}

static char *latin1_to_utf8(const unsigned char *s, size_t len, size_t *out_len)
{
    char *out = malloc(2 * len + 1);
    if (out == NULL)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < 0x80) {
            out[n++] = (char)s[i];
        } else {
            out[n++] = (char)(0xC0 | (s[i] >> 6));
            out[n++] = (char)(0x80 | (s[i] & 0x3F));
        }
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

/* True if the UTF-8 text holds hiragana or katakana (U+3041..U+30FF: E3 81..83 xx). */
static bool has_kana(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i + 2 < len; i++)
        if (s[i] == 0xE3 && s[i + 1] >= 0x81 && s[i + 1] <= 0x83 && (s[i + 2] & 0xC0) == 0x80)
            return true;
    return false;
}

static char *copy_bytes(const char *data, size_t len)
{
    char *out = malloc(len + 1);
    if (out != NULL) {
        memcpy(out, data, len);
        out[len] = '\0';
    }
    return out;
}

/* UTF-16 by byte order mark, or by NUL bytes in the first characters (SGF text starts with
 * ASCII). Returns "UTF-16LE", "UTF-16BE" or NULL; *bom is the number of bytes of the mark. */
static const char *detect_utf16(const unsigned char *s, size_t len, size_t *bom)
{
    *bom = 0;
    if (len >= 2 && s[0] == 0xFF && s[1] == 0xFE) {
        *bom = 2;
        return "UTF-16LE";
    }
    if (len >= 2 && s[0] == 0xFE && s[1] == 0xFF) {
        *bom = 2;
        return "UTF-16BE";
    }
    int even_nul = 0, odd_nul = 0;
    size_t n = len < 64 ? len & ~(size_t)1 : 64;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == 0) {
            if (i % 2 == 0)
                even_nul++;
            else
                odd_nul++;
        }
    }
    if (n >= 2 && odd_nul * 2 >= (int)n / 2 && even_nul == 0)
        return "UTF-16LE";
    if (n >= 2 && even_nul * 2 >= (int)n / 2 && odd_nul == 0)
        return "UTF-16BE";
    return NULL;
}

/* The value of the first CA property in raw bytes, or false. A byte scan, not a parse: the raw
 * bytes cannot be parsed before their charset is known. */
static bool find_charset(const char *s, size_t len, char *out)
{
    for (size_t i = 0; i + 3 < len; i++) {
        if (s[i] != 'C' || s[i + 1] != 'A')
            continue;
        if (i > 0) {
            char prev = s[i - 1];
            if ((prev >= 'A' && prev <= 'Z') || (prev >= 'a' && prev <= 'z') || prev == '\\')
                continue;
        }
        size_t j = i + 2;
        while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
            j++;
        if (j >= len || s[j] != '[')
            continue;
        j++;
        size_t n = 0;
        while (j < len && s[j] != ']' && n < SGF_MAX_CHARSET_LEN) {
            char ch = s[j++];
            if (ch <= ' ' || ch >= 0x7F)
                break;
            out[n++] = ch;
        }
        if (j < len && s[j] == ']' && n > 0) {
            out[n] = '\0';
            return true;
        }
    }
    return false;
}

/* Upper-case letters and digits only: "Shift_JIS" -> "SHIFTJIS", "utf-8" -> "UTF8". */
static void normalize_charset(const char *name, char *out)
{
    size_t n = 0;
    for (; *name != '\0'; name++) {
        char ch = *name;
        if (ch >= 'a' && ch <= 'z')
            ch = (char)(ch - 'a' + 'A');
        if ((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))
            out[n++] = ch;
    }
    out[n] = '\0';
}

/* The iconv name to convert a CA charset with: supersets for the CJK charsets (files labelled
 * GB2312 or Shift_JIS often hold characters of GBK or Windows-932); NULL for UTF-8 and for
 * UTF-16 (already handled by detection; a UTF-16 label on 8-bit bytes is simply wrong). */
static const char *iconv_name(const char *ca)
{
    static const struct {
        const char *normalized;
        const char *iconv;
    } aliases[] = {
        {"GB2312", "GB18030"},  {"GBK", "GB18030"},     {"CP936", "GB18030"},
        {"EUCCN", "GB18030"},   {"GB18030", "GB18030"}, {"SHIFTJIS", "CP932"},
        {"SJIS", "CP932"},      {"MSKANJI", "CP932"},   {"CP932", "CP932"},
        {"WINDOWS31J", "CP932"}, {"EUCKR", "CP949"},    {"CP949", "CP949"},
        {"UHC", "CP949"},       {"KSC5601", "CP949"},   {"BIG5", "BIG5-HKSCS"},
    };
    char norm[SGF_MAX_CHARSET_LEN + 1];
    normalize_charset(ca, norm);
    if (strcmp(norm, "UTF8") == 0 || strncmp(norm, "UTF16", 5) == 0 ||
        strncmp(norm, "UCS2", 4) == 0)
        return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(norm, aliases[i].normalized) == 0)
            return aliases[i].iconv;
    return ca;
}

/* The bytes as UTF-8: a malloc'ed NUL-terminated copy, or NULL on no memory or bad UTF-16. */
static char *decode(const char *data, size_t len, size_t *out_len, source_encoding_t *how,
                    sgf_error_t *err)
{
    const unsigned char *s = (const unsigned char *)data;
    size_t bom;
    const char *utf16 = detect_utf16(s, len, &bom);
    *how = SOURCE_CONVERTED;
    if (utf16 != NULL) {
        char *out = convert(utf16, data + bom, len - bom, out_len);
        if (out == NULL)
            sgf_set_error(err, 0, 0, "invalid %s text", utf16);
        return out;
    }
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        *how = SOURCE_UTF8;
        *out_len = len - 3;
        return copy_bytes(data + 3, len - 3);
    }
    if (is_ascii(s, len)) {
        *how = SOURCE_UTF8;
        *out_len = len;
        return copy_bytes(data, len);
    }
    char ca[SGF_MAX_CHARSET_LEN + 1];
    bool has_ca = find_charset(data, len, ca);
    if (has_ca) {
        const char *name = iconv_name(ca);
        if (name != NULL) {
            char *out = convert(name, data, len, out_len);
            if (out != NULL)
                return out;
        }
    }
    if (is_valid_utf8(s, len)) {
        *how = SOURCE_UTF8;
        *out_len = len;
        return copy_bytes(data, len);
    }
    if (!has_ca) {
        /* Japanese programs (the Nihon Ki-in's among them) write Shift-JIS without CA, and its
         * second bytes include '\\', which breaks the structure if read as Latin-1. Full-width kana
         * cannot come out of GB2312 or EUC-KR bytes (all >= 0xA1) read as Windows-932. */
        char *out = convert("CP932", data, len, out_len);
        if (out != NULL && has_kana((const unsigned char *)out, *out_len))
            return out;
        free(out);
    }
    return latin1_to_utf8(s, len, out_len);
}

sgf_node_t *sgf_parse_bytes(const char *data, size_t len, sgf_error_t *err)
{
    if (len > SGF_MAX_BYTES) {
        sgf_set_error(err, 0, 0,
                      "SGF data of %zu bytes is over the limit of %u bytes (SGF_MAX_BYTES)", len,
                      SGF_MAX_BYTES);
        return NULL;
    }
    if (data == NULL) {
        sgf_set_error(err, 0, 0, "no SGF data");
        return NULL;
    }
    size_t text_len = 0;
    source_encoding_t how;
    sgf_set_error(err, 0, 0, "out of memory");
    char *text = decode(data, len, &text_len, &how, err);
    if (text == NULL)
        return NULL;
    /* Conversion can make the text longer (2-byte CJK characters become 3 bytes of UTF-8). */
    sgf_node_t *root = NULL;
    if (text_len > SGF_MAX_BYTES)
        sgf_set_error(err, 0, 0, "SGF text of %zu bytes after conversion to UTF-8 is over the "
                                 "limit of %u bytes (SGF_MAX_BYTES)", text_len, SGF_MAX_BYTES);
    else
        root = sgf_parse(text, text_len, err);
    free(text);
    if (root == NULL)
        return root;
    /* The tree now holds UTF-8 whatever CA said (it may have been wrong). */
    sgf_property_t *ca = sgf_find(root, "CA");
    if (ca != NULL) {
        char norm[SGF_MAX_CHARSET_LEN + 1] = "";
        if (ca->num_values == 1 && strlen(ca->values[0]) <= SGF_MAX_CHARSET_LEN)
            normalize_charset(ca->values[0], norm);
        if (strcmp(norm, "UTF8") == 0)
            return root;
        for (int i = 0; i < ca->num_values; i++)
            free(ca->values[i]);
        ca->num_values = 0;
        char *utf8 = malloc(sizeof "UTF-8");
        if (utf8 != NULL) {
            memcpy(utf8, "UTF-8", sizeof "UTF-8");
            sgf_property_push(ca, utf8);
        }
    } else if (how == SOURCE_CONVERTED) {
        sgf_add(root, "CA", "UTF-8");
    }
    return root;
}

sgf_node_t *sgf_read_file(const char *path, sgf_error_t *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        sgf_set_error(err, 0, 0, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    /* Refuse a large file before reading it when its size is known; a pipe is read up to the
     * limit plus one byte. */
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size > (long)SGF_MAX_BYTES) {
            fclose(f);
            sgf_set_error(err, 0, 0,
                          "%s: file of %ld bytes is over the limit of %u bytes (SGF_MAX_BYTES)",
                          path, size, SGF_MAX_BYTES);
            return NULL;
        }
        rewind(f);
    }
    size_t cap = 1 << 16, len = 0;
    char *data = malloc(cap);
    bool ok = data != NULL;
    while (ok) {
        if (len == cap) {
            if (cap > SGF_MAX_BYTES) {
                break;
            }
            cap = cap * 2 > SGF_MAX_BYTES ? (size_t)SGF_MAX_BYTES + 1 : cap * 2;
            char *bigger = realloc(data, cap);
            if (bigger == NULL) {
                ok = false;
                break;
            }
            data = bigger;
        }
        size_t got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (!ok) {
        free(data);
        sgf_set_error(err, 0, 0, "%s: out of memory", path);
        return NULL;
    }
    if (read_error) {
        free(data);
        sgf_set_error(err, 0, 0, "%s: read error", path);
        return NULL;
    }
    if (len > SGF_MAX_BYTES) {
        free(data);
        sgf_set_error(err, 0, 0, "%s: file is over the limit of %u bytes (SGF_MAX_BYTES)", path,
                      SGF_MAX_BYTES);
        return NULL;
    }
    sgf_node_t *root = sgf_parse_bytes(data, len, err);
    free(data);
    return root;
}
