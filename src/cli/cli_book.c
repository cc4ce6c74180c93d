/* cli_book.c - `tengen book`: a proof too large for one run of the prover, kept as a proof book.
 *
 * A book claims "black's value is at least P after the root moves" (or "at most P": then white is
 * the side that proves) and holds the parts of its proof as text lines: the proving side's chosen
 * answers near the root (`answer`), and positions the prover settled one by one (`proven`,
 * `refuted`, with what each run cost). `check` walks the proof tree: at the other side's turn
 * every legal move and the pass (one of each group of moves that give games equal under a
 * symmetry of the board, history included), at the proving side's turn the book's answer; a
 * position the book lists as proven, or a game ended by two passes with a count that keeps the
 * claim, closes a line. The proving side's positions with neither an answer nor a result are the
 * open parts; `run` proves them with the prover (ab.h) one after the other and appends each
 * result to the book as soon as it is known, so an interrupted run loses at most the part it was
 * proving. Before each part it appends a note (`working`) so that other runs on the same book
 * leave that part alone while it lives. This is how a proof of many processor hours (5x5 after C3:
 * docs/solve.md) is built over many sessions and checked by anyone.
 *
 * Owns: the book's format, the walk and its report. The rules are the rules core's (game.h), the
 * proofs of the parts ab.h's.
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/cli_options.h"
#include "tengen/ab.h"
#include "tengen/game.h"
#include "tengen/score.h"

#define BOOK_MAX_MOVES 64 /* moves of one position's sequence, from the empty board */
#define BOOK_PASS 255     /* a pass in a sequence's key */
#define BOOK_LINE_MAX 4096
#define MOVES_TEXT_MAX 512 /* a sequence as text: 64 vertices and commas */

/* ENTRY_WORKING: a run's note that it is proving a position ("working MOVES pid P host H"), so
 * that other runs on the book leave it alone while that run lives. */
typedef enum entry_kind { ENTRY_ANSWER, ENTRY_PROVEN, ENTRY_REFUTED, ENTRY_WORKING } entry_kind_t;

/* A move sequence from the empty board, in the orientation that makes it smallest (its key). */
typedef struct seq_key {
    int len;
    uint8_t m[BOOK_MAX_MOVES]; /* y * size + x, or BOOK_PASS */
} seq_key_t;

typedef struct entry {
    entry_kind_t kind;
    seq_key_t key;
    uint8_t answer; /* ENTRY_ANSWER: black's move in the key's orientation */
    uint64_t nodes; /* ENTRY_PROVEN: the expansions recorded ("nodes N"), 0 if none */
    double cpu;     /* and the processor seconds ("cpu S") */
    long pid;       /* ENTRY_WORKING: the run's process, */
    bool live;      /* alive on this host, and no result for the position written after it */
    int line;
} entry_t;

typedef struct book {
    const char *path;
    int size;
    rules_t rules;
    /* The claim: black's value >= points ("at-least", black proves it) or <= points ("at-most",
     * white proves it). The prover's side answers, the other side's moves are all walked. */
    double points;
    int points2; /* in half points */
    stone_t prover;
    int root[BOOK_MAX_MOVES], root_len;
    entry_t *e;
    int n, cap;
    /* the 8 symmetries of the board on y * size + x, and their inverses */
    uint8_t map[8][BOARD_MAX_SIZE * BOARD_MAX_SIZE], inv[8][BOARD_MAX_SIZE * BOARD_MAX_SIZE];
} book_t;

/* What a walk found. */
typedef enum verdict { PROVEN, OPEN, REFUTED } verdict_t;

typedef struct walk {
    const book_t *book;
    game_t *g;
    int seq[BOOK_MAX_MOVES], len; /* the moves from the empty board */
    /* the open positions (the prover's side to move, neither answered nor settled) */
    int (*open)[BOOK_MAX_MOVES];
    int *open_len;
    int n_open, cap_open;
    int leaves;      /* book results and finished games the proof uses */
    int white_nodes; /* the other side's positions expanded (white's for at-least) */
    uint64_t nodes;  /* expansions recorded for the results used */
    double cpu;
    char why[4 * MOVES_TEXT_MAX]; /* the first refutation met */
} walk_t;

/* ---- sequences ---- */

static const char *color_name(stone_t c)
{
    return c == STONE_BLACK ? "black" : "white";
}

/* Whether black's value v (half points) satisfies the claim. */
static bool claim_holds(const book_t *b, double v)
{
    return b->prover == STONE_BLACK ? v >= b->points2 : v <= b->points2;
}

static void book_symmetries(book_t *b)
{
    const int n = b->size;
    for (int s = 0; s < 8; s++)
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int u = s & 4 ? y : x, v = s & 4 ? x : y;
                if (s & 1) u = n - 1 - u;
                if (s & 2) v = n - 1 - v;
                b->map[s][y * n + x] = (uint8_t)(v * n + u);
                b->inv[s][v * n + u] = (uint8_t)(y * n + x);
            }
}

static uint8_t point_index(const board_t *bd, int p)
{
    return p == POINT_PASS ? BOOK_PASS : (uint8_t)(board_y(bd, p) * bd->size + board_x(bd, p));
}

static int index_point(const board_t *bd, uint8_t i)
{
    return i == BOOK_PASS ? POINT_PASS : board_point(bd, i % bd->size, i / bd->size);
}

/* The key of a sequence and the symmetry that gives it (key = sym(sequence)). Two games whose
 * sequences have one key are the same game up to that symmetry, history and all, so under
 * every ko rule they have one value. */
static int seq_key(const book_t *b, const board_t *bd, const int *seq, int len, seq_key_t *key)
{
    int best = -1;
    seq_key_t k;
    k.len = len;
    for (int s = 0; s < 8; s++) {
        for (int i = 0; i < len; i++) {
            uint8_t idx = point_index(bd, seq[i]);
            k.m[i] = idx == BOOK_PASS ? BOOK_PASS : b->map[s][idx];
        }
        if (best < 0 || memcmp(k.m, key->m, (size_t)len) < 0) {
            *key = k;
            best = s;
        }
    }
    return best;
}

static bool key_equal(const seq_key_t *a, const seq_key_t *b)
{
    return a->len == b->len && !memcmp(a->m, b->m, (size_t)a->len);
}

/* Whether k is one of keys[0..n). */
static bool key_listed(const seq_key_t *keys, int n, const seq_key_t *k)
{
    for (int i = 0; i < n; i++)
        if (key_equal(&keys[i], k)) return true;
    return false;
}

static const entry_t *book_find(const book_t *b, const seq_key_t *k, entry_kind_t kind)
{
    for (int i = 0; i < b->n; i++)
        if (b->e[i].kind == kind && key_equal(&b->e[i].key, k)) return &b->e[i];
    return NULL;
}

static void moves_text(const board_t *bd, const int *seq, int len, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    if (len == 0) snprintf(out, cap, "-");
    for (int i = 0; i < len && used + 8 < cap; i++) {
        char v[8];
        used += (size_t)snprintf(out + used, cap - used, "%s%s", i ? "," : "",
                                 board_point_to_gtp(bd, seq[i], v));
    }
}

/* Play seq on g from its current position (black first if g is empty); false with a message
 * naming `where` if a move is illegal. */
static bool play_sequence(game_t *g, const int *seq, int len, const char *where)
{
    for (int i = 0; i < len; i++) {
        game_status_t st = game_play(g, game_to_move(g), seq[i]);
        if (st != GAME_OK) {
            char v[8];
            fprintf(stderr, "tengen book: %s: move %d (%s) is illegal: %s\n", where, i + 1,
                    board_point_to_gtp(game_board(g), seq[i], v), game_status_text(st));
            return false;
        }
    }
    return true;
}

/* The pid of a live run working on k, or 0. */
static long claimed_by(const book_t *b, const seq_key_t *k)
{
    for (int i = 0; i < b->n; i++)
        if (b->e[i].kind == ENTRY_WORKING && b->e[i].live && key_equal(&b->e[i].key, k))
            return b->e[i].pid;
    return 0;
}

/* ---- the file ---- */

static void book_free(book_t *b)
{
    free(b->e);
}

static bool add_entry(book_t *b, const entry_t *e)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        entry_t *ne = realloc(b->e, (size_t)cap * sizeof *ne);
        if (!ne) return false;
        b->e = ne;
        b->cap = cap;
    }
    b->e[b->n++] = *e;
    return true;
}

/* The number after `word` among the fields of rest ("nodes 123 cpu 4.5"), or fallback. */
static double field_number(const char *rest, const char *word, double fallback)
{
    const size_t wl = strlen(word);
    for (const char *p = rest; (p = strstr(p, word)) != NULL; p += wl) {
        if ((p == rest || p[-1] == ' ') && p[wl] == ' ') {
            char *end;
            double v = strtod(p + wl + 1, &end);
            if (end != p + wl + 1) return v;
        }
    }
    return fallback;
}

/* This machine's name for the runs' notes, or "-" if it has none. */
static void host_name(char *buf, size_t cap)
{
    if (gethostname(buf, cap - 1) != 0 || !buf[0]) snprintf(buf, cap, "-");
    buf[cap - 1] = '\0';
}

/* Whether the run that wrote "working ... pid P host H" still runs: H is `here` (this host,
 * known) and process P exists and is not this one. (A run on another host cannot be asked; its
 * note is ignored.) */
static bool claim_alive(long pid, const char *host, const char *here)
{
    if (!strcmp(here, "-") || strcmp(here, host) != 0) return false;
    if (pid <= 0 || pid == (long)getpid()) return false;
    return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

/* A result (or an unknown) for key ends every earlier run's note that it was working on it. */
static void end_claims(book_t *b, const seq_key_t *k)
{
    for (int i = 0; i < b->n; i++)
        if (b->e[i].kind == ENTRY_WORKING && key_equal(&b->e[i].key, k)) b->e[i].live = false;
}

/* Read and check the whole book: the header (size, rules, ko, komi, at-least, root) before the
 * entries, every sequence legal from the empty board, every answer black's and legal. */
static bool book_read(book_t *b, const char *path)
{
    memset(b, 0, sizeof *b);
    b->path = path;
    b->size = 0;
    rules_preset(&b->rules, "chinese");
    b->rules.komi = 0;
    bool have_goal = false;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tengen book: %s: %s\n", path, strerror(errno));
        return false;
    }
    char line[BOOK_LINE_MAX], where[BOOK_LINE_MAX + 64], here[256];
    host_name(here, sizeof here);
    game_t *g = NULL;
    bool ok = true;
    for (int ln = 1; ok && fgets(line, sizeof line, f); ln++) {
        size_t l = strlen(line);
        if (l == sizeof line - 1 && line[l - 1] != '\n') {
            fprintf(stderr, "tengen book: %s:%d: line too long\n", path, ln);
            ok = false;
            break;
        }
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r' || line[l - 1] == ' '))
            line[--l] = '\0';
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#') continue;
        char word[32] = "", arg[BOOK_LINE_MAX] = "", arg2[BOOK_LINE_MAX] = "";
        int got = sscanf(s, "%31s %4095s %4095s", word, arg, arg2);
        snprintf(where, sizeof where, "%s:%d", path, ln);
        const bool header = !strcmp(word, "size") || !strcmp(word, "rules") ||
                            !strcmp(word, "ko") || !strcmp(word, "komi") ||
                            !strcmp(word, "at-least") || !strcmp(word, "at-most") ||
                            !strcmp(word, "root");
        if (header && g) {
            fprintf(stderr, "tengen book: %s: '%s' must come before the first entry\n", where,
                    word);
            ok = false;
        } else if (got < 2) {
            fprintf(stderr, "tengen book: %s: '%s' needs a value\n", where, word);
            ok = false;
        } else if (!strcmp(word, "size")) {
            char *end;
            long n = strtol(arg, &end, 10);
            if (*end || n < 2 || n > BOARD_MAX_SIZE) {
                fprintf(stderr, "tengen book: %s: size must be 2..%d\n", where, BOARD_MAX_SIZE);
                ok = false;
            }
            b->size = (int)n;
        } else if (!strcmp(word, "rules")) {
            double komi = b->rules.komi;
            if (!rules_preset(&b->rules, arg)) {
                fprintf(stderr, "tengen book: %s: unknown rules preset '%s'\n", where, arg);
                ok = false;
            }
            b->rules.komi = komi;
        } else if (!strcmp(word, "ko")) {
            if (!rules_parse_ko(arg, &b->rules.ko)) {
                fprintf(stderr, "tengen book: %s: ko must be simple, positional or situational\n",
                        where);
                ok = false;
            }
        } else if (!strcmp(word, "komi") || !strcmp(word, "at-least") || !strcmp(word, "at-most")) {
            char *end;
            double v = strtod(arg, &end);
            if (*end || v < -1000 || v > 1000) {
                fprintf(stderr, "tengen book: %s: '%s' is not a number of points\n", where, arg);
                ok = false;
            } else if (!strcmp(word, "komi")) {
                b->rules.komi = v;
            } else {
                if (have_goal) {
                    fprintf(stderr, "tengen book: %s: one claim per book\n", where);
                    ok = false;
                }
                b->points = v;
                double t2 = v * 2;
                b->points2 = (int)(t2 >= 0 ? t2 + 0.5 : t2 - 0.5);
                b->prover = !strcmp(word, "at-least") ? STONE_BLACK : STONE_WHITE;
                have_goal = true;
            }
        } else if (!strcmp(word, "root")) {
            if (!b->size) {
                fprintf(stderr, "tengen book: %s: 'size' must come first\n", where);
                ok = false;
            } else {
                game_t *tmp = game_new(b->size, &b->rules);
                ok = tmp &&
                     cli_play_moves(tmp, arg, "book", where, b->root, &b->root_len, BOOK_MAX_MOVES);
                game_free(tmp);
            }
        } else if (!strcmp(word, "answer") || !strcmp(word, "proven") || !strcmp(word, "refuted") ||
                   !strcmp(word, "unknown") || !strcmp(word, "working")) {
            if (!g) {
                if (!b->size || !have_goal) {
                    fprintf(stderr, "tengen book: %s: 'size' and the claim must come first\n",
                            where);
                    ok = false;
                    break;
                }
                g = game_new(b->size, &b->rules);
                if (!g) {
                    fprintf(stderr, "tengen book: out of memory\n");
                    ok = false;
                    break;
                }
                book_symmetries(b);
            }
            int seq[BOOK_MAX_MOVES + 1], len;
            game_reset(g, b->size);
            if (!cli_play_moves(g, arg, "book", where, seq, &len, BOOK_MAX_MOVES)) {
                ok = false;
                break;
            }
            entry_t e = {0};
            e.line = ln;
            int sym = seq_key(b, game_board(g), seq, len, &e.key);
            if (!strcmp(word, "answer")) {
                int a;
                if (got < 3 || (a = board_point_from_gtp(game_board(g), arg2)) == POINT_NONE) {
                    fprintf(stderr, "tengen book: %s: 'answer MOVES MOVE' needs %s's move\n", where,
                            color_name(b->prover));
                    ok = false;
                } else if (game_to_move(g) != b->prover) {
                    fprintf(stderr,
                            "tengen book: %s: the answers are %s's, and %s is to move after %s\n",
                            where, color_name(b->prover), color_name(game_to_move(g)), arg);
                    ok = false;
                } else if (game_check_move(g, b->prover, a) != GAME_OK) {
                    fprintf(stderr, "tengen book: %s: %s's %s is illegal there\n", where,
                            color_name(b->prover), arg2);
                    ok = false;
                } else {
                    uint8_t idx = point_index(game_board(g), a);
                    e.kind = ENTRY_ANSWER;
                    e.answer = idx == BOOK_PASS ? BOOK_PASS : b->map[sym][idx];
                }
            } else if (!strcmp(word, "working")) {
                const char *rest = strstr(s, arg) + strlen(arg), *h = strstr(rest, " host ");
                char host[256] = "";
                if (h) sscanf(h + 6, "%255s", host);
                e.kind = ENTRY_WORKING;
                e.pid = (long)field_number(rest, "pid", 0);
                e.live = claim_alive(e.pid, host, here);
            } else {
                end_claims(b, &e.key);
                if (!strcmp(word, "unknown")) continue; /* a run that reached its limit: a record */
                e.kind = !strcmp(word, "proven") ? ENTRY_PROVEN : ENTRY_REFUTED;
                const char *rest = strstr(s, arg) + strlen(arg);
                e.nodes = (uint64_t)field_number(rest, "nodes", 0);
                e.cpu = field_number(rest, "cpu", 0);
            }
            if (ok && !add_entry(b, &e)) {
                fprintf(stderr, "tengen book: out of memory\n");
                ok = false;
            }
        } else {
            fprintf(stderr, "tengen book: %s: unknown line '%s'\n", where, word);
            ok = false;
        }
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "tengen book: %s: read error\n", path);
        ok = false;
    }
    fclose(f);
    if (ok && (!b->size || !have_goal)) {
        fprintf(stderr, "tengen book: %s: needs 'size N' and 'at-least P' (or 'at-most P')\n",
                path);
        ok = false;
    }
    if (ok && !g) book_symmetries(b);
    game_free(g);
    if (!ok) book_free(b);
    return ok;
}

/* ---- the walk ---- */

static bool note_open(walk_t *w)
{
    if (w->n_open == w->cap_open) {
        int cap = w->cap_open ? 2 * w->cap_open : 64;
        int(*no)[BOOK_MAX_MOVES] = realloc(w->open, (size_t)cap * sizeof *no);
        int *nl = realloc(w->open_len, (size_t)cap * sizeof *nl);
        if (no) w->open = no;
        if (nl) w->open_len = nl;
        if (!no || !nl) return false;
        w->cap_open = cap;
    }
    memcpy(w->open[w->n_open], w->seq, (size_t)w->len * sizeof(int));
    w->open_len[w->n_open++] = w->len;
    return true;
}

static verdict_t walk_node(walk_t *w);

/* Play p for the player to move, walk the position, take it back. */
static verdict_t walk_child(walk_t *w, int p)
{
    if (w->len >= BOOK_MAX_MOVES) {
        snprintf(w->why, sizeof w->why, "a line longer than %d moves", BOOK_MAX_MOVES);
        return REFUTED;
    }
    if (game_play(w->g, game_to_move(w->g), p) != GAME_OK) return REFUTED; /* checked before */
    w->seq[w->len++] = p;
    verdict_t v = walk_node(w);
    w->len--;
    game_undo(w->g);
    return v;
}

static verdict_t walk_node(walk_t *w)
{
    const book_t *b = w->book;
    const board_t *bd = game_board(w->g);
    char text[MOVES_TEXT_MAX];
    if (game_is_over(w->g)) { /* two passes: the count decides */
        score_t sc = score_tromp_taylor(bd, game_rules(w->g), game_handicap(w->g));
        w->leaves++;
        if (claim_holds(b, 2 * sc.margin)) return PROVEN;
        moves_text(bd, w->seq, w->len, text, sizeof text);
        snprintf(w->why, sizeof w->why, "after %s the game is over, %+g for black", text,
                 sc.margin);
        return REFUTED;
    }
    seq_key_t key;
    int sym = seq_key(b, bd, w->seq, w->len, &key);
    const entry_t *e;
    if ((e = book_find(b, &key, ENTRY_REFUTED)) != NULL) {
        moves_text(bd, w->seq, w->len, text, sizeof text);
        snprintf(w->why, sizeof w->why, "%s is refuted (line %d)", text, e->line);
        return REFUTED;
    }
    if ((e = book_find(b, &key, ENTRY_PROVEN)) != NULL) {
        w->leaves++;
        w->nodes += e->nodes;
        w->cpu += e->cpu;
        return PROVEN;
    }
    if (game_to_move(w->g) == b->prover) {
        if ((e = book_find(b, &key, ENTRY_ANSWER)) == NULL)
            return note_open(w) ? OPEN : REFUTED; /* out of memory: nothing is claimed */
        uint8_t idx = e->answer == BOOK_PASS ? BOOK_PASS : b->inv[sym][e->answer];
        const int answer = index_point(bd, idx);
        verdict_t v = walk_child(w, answer);
        if (v == REFUTED) { /* name the answer that failed, then why */
            char prefix[MOVES_TEXT_MAX + 64], a[8];
            moves_text(bd, w->seq, w->len, text, sizeof text);
            snprintf(prefix, sizeof prefix,
                     "%s's answer %s after %s (line %d) fails: ", color_name(b->prover),
                     board_point_to_gtp(bd, answer, a), text, e->line);
            size_t pl = strlen(prefix), wl = strlen(w->why);
            if (pl + wl >= sizeof w->why) wl = sizeof w->why - 1 - pl; /* cut a long chain */
            memmove(w->why + pl, w->why, wl);
            memcpy(w->why, prefix, pl);
            w->why[pl + wl] = '\0';
        }
        return v;
    }
    /* The other side: every legal move and the pass, one per group of equal games. */
    if (w->len >= BOOK_MAX_MOVES) {
        snprintf(w->why, sizeof w->why, "a line longer than %d moves", BOOK_MAX_MOVES);
        return REFUTED;
    }
    w->white_nodes++;
    const stone_t other = stone_other(b->prover);
    int moves[BOARD_MAX_POINTS + 1], n = game_legal_moves(w->g, other, moves);
    moves[n++] = POINT_PASS;
    seq_key_t seen[BOARD_MAX_POINTS + 1];
    int n_seen = 0;
    verdict_t v = PROVEN;
    for (int i = 0; i < n && v != REFUTED; i++) {
        w->seq[w->len] = moves[i];
        seq_key_t k;
        seq_key(b, bd, w->seq, w->len + 1, &k);
        if (key_listed(seen, n_seen, &k)) continue; /* a twin of an earlier move */
        seen[n_seen++] = k;
        verdict_t c = walk_child(w, moves[i]);
        if (c == REFUTED) v = REFUTED;
        if (c == OPEN && v == PROVEN) v = OPEN;
    }
    return v;
}

/* Walk the book's proof from its root. */
static verdict_t book_walk(const book_t *b, walk_t *w)
{
    memset(w, 0, sizeof *w);
    w->book = b;
    w->g = game_new(b->size, &b->rules);
    if (!w->g) return REFUTED;
    memcpy(w->seq, b->root, (size_t)b->root_len * sizeof(int));
    w->len = b->root_len;
    if (!play_sequence(w->g, w->seq, w->len, "root")) return REFUTED;
    return walk_node(w);
}

static void walk_free(walk_t *w)
{
    game_free(w->g);
    free(w->open);
    free(w->open_len);
}

static void report(const book_t *b, verdict_t v, const walk_t *w, bool list_open)
{
    char root[BOOK_LINE_MAX];
    game_t *g = game_new(b->size, &b->rules);
    if (!g) return;
    moves_text(game_board(g), b->root, b->root_len, root, sizeof root);
    printf("claim: black gets at %s %g on %dx%d after %s (rules %s, ko %s, komi %g)\n",
           b->prover == STONE_BLACK ? "least" : "most", b->points, b->size, b->size, root,
           b->rules.name, rules_ko_name(b->rules.ko), b->rules.komi);
    if (v == REFUTED)
        printf("status: refuted: %s\n", w->why);
    else if (v == OPEN)
        printf("status: open: %d positions to prove\n", w->n_open);
    else
        printf("status: proven\n");
    printf("proof so far: %d results used, %d %s positions expanded, %llu expansions and "
           "%.0f processor seconds recorded\n",
           w->leaves, w->white_nodes, color_name(stone_other(b->prover)),
           (unsigned long long)w->nodes, w->cpu);
    if (list_open && v == OPEN)
        for (int i = 0; i < w->n_open; i++) {
            char t[MOVES_TEXT_MAX];
            moves_text(game_board(g), w->open[i], w->open_len[i], t, sizeof t);
            seq_key_t k;
            seq_key(b, game_board(g), w->open[i], w->open_len[i], &k);
            const long pid = claimed_by(b, &k);
            if (pid)
                printf("open %s (run %ld is proving it)\n", t, pid);
            else
                printf("open %s\n", t);
        }
    game_free(g);
}

/* ---- run: prove the open positions ---- */

/* Set by SIGINT or SIGTERM during a run: the prover stops within about a thousand expansions and
 * the position is recorded as unknown with what it cost, then the run ends. */
static atomic_bool interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&interrupted, true);
}

/* Which of several runs on one book a position belongs to: by the key of the position above it,
 * so that every run agrees whatever each has proven meanwhile. */
static unsigned key_hash(const seq_key_t *k)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < k->len; i++)
        h = (h ^ k->m[i]) * 16777619u;
    /* FNV's low bits follow the parity of the bytes: mix the high bits down. */
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    return h;
}

/* The open position this run proves next (its key in *key), or -1: the first of its share (the
 * positions below one move of the other side go to one run: they share most of their positions,
 * so its table), else, its share done, the last of the others' (they work from the front).
 * Positions in unsettled (left open by a limit in this run) are not tried again, nor are those
 * another live run is working on: when only those are left, this run's work is done. */
static int pick_open(const book_t *b, const walk_t *w, const seq_key_t *unsettled, int n_unsettled,
                     unsigned worker, unsigned workers, seq_key_t *key)
{
    const board_t *bd = game_board(w->g);
    for (int i = 0; i < w->n_open; i++) {
        seq_key(b, bd, w->open[i], w->open_len[i], key);
        if (key_listed(unsettled, n_unsettled, key) || claimed_by(b, key)) continue;
        seq_key_t parent;
        seq_key(b, bd, w->open[i], w->open_len[i] > 0 ? w->open_len[i] - 1 : 0, &parent);
        if (key_hash(&parent) % workers == worker) return i;
    }
    for (int i = w->n_open - 1; i >= 0 && workers > 1; i--) {
        seq_key(b, bd, w->open[i], w->open_len[i], key);
        if (!key_listed(unsettled, n_unsettled, key) && !claimed_by(b, key)) return i;
    }
    return -1;
}

/* Prove one open position with the prover and append the result to the book. */
static bool prove_open(const book_t *b, const int *seq, int len, const ab_config_t *base, FILE *out,
                       bool *settled)
{
    game_t *g = game_new(b->size, &b->rules);
    if (!g) return false;
    char text[MOVES_TEXT_MAX];
    moves_text(game_board(g), seq, len, text, sizeof text);
    if (!play_sequence(g, seq, len, text)) {
        game_free(g);
        return false;
    }
    /* Tell other runs on this book to leave the position alone while this one lives. */
    char host[256];
    host_name(host, sizeof host);
    fprintf(out, "working %s pid %ld host %s\n", text, (long)getpid(), host);
    fflush(out);
    ab_config_t cfg = *base;
    cfg.single_test = true;
    /* at-least P: "black >= P"; at-most P: "black >= P + 1/2" refuted. */
    cfg.test_value = b->prover == STONE_BLACK ? b->points2 : b->points2 + 1;
    ab_result_t r;
    if (!ab_search(g, &cfg, &r)) {
        fprintf(stderr, "tengen book: cannot search %s (out of memory?)\n", text);
        game_free(g);
        return false;
    }
    game_free(g);
    /* r's bounds are for the player to move. */
    const stone_t c = b->prover; /* to move at every open position */
    const int black_lo = c == STONE_BLACK ? r.lo : -r.hi,
              black_hi = c == STONE_BLACK ? r.hi : -r.lo;
    const bool holds = c == STONE_BLACK ? black_lo >= cfg.test_value : black_hi < cfg.test_value;
    const bool fails = c == STONE_BLACK ? black_hi < cfg.test_value : black_lo >= cfg.test_value;
    const char *kind = holds ? "proven" : fails ? "refuted" : "unknown";
    *settled = holds || fails;
    fprintf(out, "%s %s nodes %llu cpu %.1f depth %d%s\n", kind, text, (unsigned long long)r.nodes,
            r.cpu_seconds, r.depth, !*settled && atomic_load(&interrupted) ? " (interrupted)" : "");
    fflush(out);
    printf("%s %s nodes %llu cpu %.1f s\n", kind, text, (unsigned long long)r.nodes, r.cpu_seconds);
    fflush(stdout);
    return true;
}

enum { OPT_NODES, OPT_SECONDS, OPT_POSITIONS, OPT_TT_BITS, OPT_WORKER, OPT_FRESH, OPT_COUNT };

static const cli_opt_t BOOK_OPTS[OPT_COUNT] = {
    [OPT_NODES] = {"nodes", CLI_OPT_INT, 1, 1e15, NULL, NULL,
                   "run: expansions per position (default no limit)"},
    [OPT_SECONDS] = {"seconds", CLI_OPT_NUMBER, 0.001, 1e7, NULL, NULL,
                     "run: seconds per position (default no limit)"},
    [OPT_POSITIONS] = {"positions", CLI_OPT_INT, 1, 1e9, NULL, NULL,
                       "run: prove at most this many open positions (default all)"},
    [OPT_TT_BITS] = {"tt-bits", CLI_OPT_INT, 10, 30, NULL, NULL,
                     "run: log2 of the prover's table entries (default 22)"},
    [OPT_WORKER] = {"worker", CLI_OPT_TEXT, 3, 0, "I/N", NULL,
                    "run: one of N runs on the same book, taking only its share of the open "
                    "positions (I = 0..N-1; the positions below one move of the other side go "
                    "to one run)"},
    [OPT_FRESH] = {"fresh-table", CLI_OPT_FLAG, 0, 0, NULL, NULL,
                   "run: a new table for every position (default: one table for the whole run, "
                   "so that positions met again are known)"},
};

static void usage(void)
{
    printf("usage: tengen book check FILE\n"
           "       tengen book run FILE [options]\n"
           "A proof book: a claim \"black gets at least (or at most) P after these moves\"\n"
           "proven in parts (docs/solve.md, \"Proof books\"). check walks the proof and lists\n"
           "the positions still open; run proves them one by one with the prover and appends\n"
           "each result to FILE.\n"
           "Exit status: 0 proven, 1 open or refuted, 2 bad input.\n"
           "options:\n");
    cli_args_usage(stdout, BOOK_OPTS, OPT_COUNT);
}

int cli_book(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage();
        return 0;
    }
    if (argc < 3 || (strcmp(argv[1], "check") && strcmp(argv[1], "run"))) {
        fprintf(stderr, "tengen book: usage: tengen book check|run FILE [options] (--help)\n");
        return 2;
    }
    const bool run = !strcmp(argv[1], "run");
    cli_value_t a[OPT_COUNT];
    switch (cli_args_parse(argc, argv, 3, "book", BOOK_OPTS, OPT_COUNT, a)) {
    case CLI_ARGS_HELP:
        usage();
        return 0;
    case CLI_ARGS_ERROR:
        return 2;
    case CLI_ARGS_OK:
        break;
    }
    if (!run && (a[OPT_NODES].given || a[OPT_SECONDS].given || a[OPT_POSITIONS].given ||
                 a[OPT_TT_BITS].given || a[OPT_WORKER].given || a[OPT_FRESH].given)) {
        fprintf(stderr, "tengen book: check takes no options\n");
        return 2;
    }
    unsigned worker = 0, workers = 1;
    if (a[OPT_WORKER].given) {
        char tail;
        if (sscanf(a[OPT_WORKER].text, "%u/%u%c", &worker, &workers, &tail) != 2 || workers < 1 ||
            workers > 1000 || worker >= workers) {
            fprintf(stderr, "tengen book: --worker: '%s' is not I/N with 0 <= I < N <= 1000\n",
                    a[OPT_WORKER].text);
            return 2;
        }
    }
    book_t b;
    if (!book_read(&b, argv[2])) return 2;
    walk_t w;
    verdict_t v = book_walk(&b, &w);
    if (run && v == OPEN) {
        ab_config_t cfg = ab_config_default();
        cfg.tt_bits = a[OPT_TT_BITS].given ? (int)a[OPT_TT_BITS].number : 22;
        cfg.max_nodes = a[OPT_NODES].given ? (uint64_t)a[OPT_NODES].number : 0;
        cfg.max_seconds = a[OPT_SECONDS].given ? a[OPT_SECONDS].number : 0;
        long budget = a[OPT_POSITIONS].given ? (long)a[OPT_POSITIONS].number : -1;
        FILE *out = fopen(b.path, "a");
        if (!a[OPT_FRESH].given) cfg.memory = ab_memory_new(cfg.tt_bits);
        if (!out || (!a[OPT_FRESH].given && !cfg.memory)) {
            fprintf(stderr, "tengen book: %s: %s\n", b.path,
                    out ? "out of memory" : strerror(errno));
            if (out) fclose(out);
            walk_free(&w);
            book_free(&b);
            return 2;
        }
        /* One position at a time, the book read again after each: a refutation stops the work
         * below the same answer, and a proof may close other open positions by symmetry. A
         * position the prover could not settle within the limits is not tried again. */
        cfg.stop_request = &interrupted;
        signal(SIGINT, on_interrupt);
        signal(SIGTERM, on_interrupt);
        char stamp[64];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M UTC", gmtime(&now));
        fprintf(out, "# tengen book run, %s\n", stamp);
        seq_key_t *unsettled = NULL;
        int n_unsettled = 0;
        while (v == OPEN && budget != 0 && !atomic_load(&interrupted)) {
            seq_key_t k;
            const int pick = pick_open(&b, &w, unsettled, n_unsettled, worker, workers, &k);
            if (pick < 0) {
                fprintf(stderr, "tengen book: nothing left for this run: the open positions "
                                "are beyond its limits or other runs are proving them\n");
                break;
            }
            bool settled;
            if (!prove_open(&b, w.open[pick], w.open_len[pick], &cfg, out, &settled)) break;
            if (!settled) {
                seq_key_t *nu = realloc(unsettled, (size_t)(n_unsettled + 1) * sizeof *nu);
                if (!nu) break;
                unsettled = nu;
                unsettled[n_unsettled++] = k;
            }
            if (budget > 0) budget--;
            walk_free(&w);
            book_free(&b);
            /* Another run may be writing its line this very moment: read again a little
             * later before giving up. */
            bool read = book_read(&b, argv[2]);
            for (int retry = 0; !read && retry < 5; retry++) {
                sleep(1);
                read = book_read(&b, argv[2]);
            }
            if (!read) {
                fclose(out);
                free(unsettled);
                ab_memory_free(cfg.memory);
                return 2;
            }
            v = book_walk(&b, &w);
        }
        free(unsettled);
        ab_memory_free(cfg.memory);
        fclose(out);
    }
    report(&b, v, &w, true);
    walk_free(&w);
    book_free(&b);
    return v == PROVEN ? 0 : 1;
}
