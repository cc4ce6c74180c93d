/* score.c - counting a finished game: Tromp-Taylor, area and territory scoring with dead stones,
 * and a heuristic seki detector for territory scoring.
 *
 * Owns: the count of a position given the status of its stones. Does not know how the dead stones
 * were found (the caller, GTP final_status_list or a playout estimate, decides) nor the history of
 * the game beyond the capture counts kept on the board.
 *
 * Everything works on a private "count map": the stones with the dead ones taken off, split into
 * components (strings of one colour, maximal empty regions) by flood fill. The board's own strings
 * are not reused because taking dead stones off changes liberties and merges empty regions.
 */
#include "tengen/score.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Largest eye (in points, dead stones' points included) the seki heuristic treats as "one eye".
 * An eye region of three or more points may be split into two eyes by its owner, so the group
 * behind it is not necessarily in seki; one- and two-point eyes cannot be split. */
#define SEKI_MAX_EYE_POINTS 2

typedef struct count_map {
    int stride, num_points;
    uint8_t color[BOARD_MAX_POINTS];  /* stone_t with the dead stones made empty; border kept */
    int16_t id[BOARD_MAX_POINTS];     /* component of an on-board point; -1 on the border */
    int count;                        /* number of components */
    uint8_t comp_color[BOARD_MAX_POINTS];  /* STONE_EMPTY for an empty region */
    int16_t comp_size[BOARD_MAX_POINTS];   /* points in the component */
    uint8_t comp_reach[BOARD_MAX_POINTS];  /* empty regions: bit mask of the colours they touch */
    int16_t comp_libs[BOARD_MAX_POINTS];   /* strings: number of distinct liberties */
} count_map_t;

static bool is_stone(int c)
{
    return c == STONE_BLACK || c == STONE_WHITE;
}

static void map_build(count_map_t *m, const board_t *b, const bool *dead)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    m->stride = b->stride;
    m->num_points = b->num_points;
    for (int p = 0; p < b->num_points; p++) {
        int c = b->color[p];
        m->color[p] = (uint8_t)(is_stone(c) && dead && dead[p] ? STONE_EMPTY : c);
        m->id[p] = -1;
    }
    m->count = 0;
    int16_t stack[BOARD_MAX_POINTS];
    for (int p = 0; p < b->num_points; p++) {
        if (m->color[p] == STONE_BORDER || m->id[p] >= 0) continue;
        int k = m->count++;
        uint8_t c = m->color[p];
        int top = 0, n = 0;
        m->id[p] = (int16_t)k;
        stack[top++] = (int16_t)p;
        while (top) {
            int s = stack[--top];
            n++;
            for (int d = 0; d < 4; d++) {
                int q = s + off[d];
                if (m->color[q] == c && m->id[q] < 0) {
                    m->id[q] = (int16_t)k;
                    stack[top++] = (int16_t)q;
                }
            }
        }
        m->comp_color[k] = c;
        m->comp_size[k] = (int16_t)n;
        m->comp_reach[k] = 0;
        m->comp_libs[k] = 0;
    }
    /* Reach of regions and liberties of strings, each string counted once per empty point. */
    for (int p = 0; p < b->num_points; p++) {
        if (m->color[p] != STONE_EMPTY) continue;
        int seen[4], ns = 0;
        for (int d = 0; d < 4; d++) {
            int q = p + off[d];
            if (!is_stone(m->color[q])) continue;
            m->comp_reach[m->id[p]] |= m->color[q];
            int s = m->id[q];
            bool dup = false;
            for (int i = 0; i < ns; i++) dup = dup || seen[i] == s;
            if (!dup) {
                seen[ns++] = s;
                m->comp_libs[s]++;
            }
        }
    }
}

/* True if the on-board point p touches a stone of component s. */
static bool touches_comp(const count_map_t *m, int p, int s)
{
    const int off[4] = {-m->stride, -1, 1, m->stride};
    for (int d = 0; d < 4; d++)
        if (m->id[p + off[d]] == s && is_stone(m->color[p + off[d]])) return true;
    return false;
}

/* Can colour c fill the empty point l without putting itself in atari? True when the move
 * captures (some enemy neighbour has l as its last liberty) or when the string it forms keeps at
 * least two liberties. */
static bool is_safe_fill(const count_map_t *m, int l, stone_t c)
{
    const int off[4] = {-m->stride, -1, 1, m->stride};
    int own[4], n_own = 0;
    for (int d = 0; d < 4; d++) {
        int q = l + off[d];
        if (m->color[q] == (int)stone_other(c) && m->comp_libs[m->id[q]] == 1) return true;
        if (m->color[q] == (int)c) own[n_own++] = m->id[q];
    }
    int libs = 0;
    for (int p = 0; p < m->num_points; p++) {
        if (m->color[p] != STONE_EMPTY || p == l) continue;
        bool lib = false;
        for (int d = 0; d < 4 && !lib; d++) {
            int q = p + off[d];
            if (q == l) lib = true;
            else if (m->color[q] == (int)c)
                for (int i = 0; i < n_own; i++) lib = lib || m->id[q] == own[i];
        }
        if (lib && ++libs >= 2) return true;
    }
    return false;
}

/* The liberties of string s (colour c) against the enemy string t: how many are shared with t
 * (and touch no third string), how many lie outside (all others that are not in an eye of s), and
 * the eye regions of s (empty regions touching only colour c): their number and the size of the
 * first. */
typedef struct lib_profile {
    int shared, outside, eyes, eye_size;
} lib_profile_t;

static lib_profile_t lib_profile(const count_map_t *m, int s, int t)
{
    lib_profile_t r = {0, 0, 0, 0};
    stone_t c = (stone_t)m->comp_color[s];
    int eye_ids[BOARD_MAX_POINTS];
    for (int p = 0; p < m->num_points; p++) {
        if (m->color[p] != STONE_EMPTY || !touches_comp(m, p, s)) continue;
        int region = m->id[p];
        if (touches_comp(m, p, t)) {
            /* A shared liberty that a third string also touches could connect out: outside. */
            const int off[4] = {-m->stride, -1, 1, m->stride};
            bool only_pair = true;
            for (int d = 0; d < 4; d++) {
                int q = p + off[d];
                if (is_stone(m->color[q]) && m->id[q] != s && m->id[q] != t) only_pair = false;
            }
            if (only_pair) r.shared++;
            else r.outside++;
        } else if (m->comp_reach[region] == (uint8_t)c) {
            bool dup = false;
            for (int i = 0; i < r.eyes; i++) dup = dup || eye_ids[i] == region;
            if (!dup) {
                if (r.eyes == 0) r.eye_size = m->comp_size[region];
                eye_ids[r.eyes++] = region;
            }
        } else {
            r.outside++;
        }
    }
    return r;
}

/* Heuristic seki test for the black string s and the white string t, which share a liberty.
 *
 * Covered:
 *  1. The liberty rule: neither side can safely fill any liberty the two strings share - filling
 *     it would leave the filler's new string with at most one liberty and capture nothing. This
 *     finds the simple seki (two strings with the same two shared liberties), "one eye each plus
 *     one shared liberty", and seki on the edge of larger groups whose other liberties are far.
 *  2. The eye rule: neither string has a liberty outside the pair (every liberty is shared with
 *     the other string or lies in the string's own eye region), both have the same number of eye
 *     regions, at most one, of the same size of at most SEKI_MAX_EYE_POINTS points, and
 *     shared + eyes >= 2. This finds "one eye each with two or more shared liberties" and
 *     "no eyes, three or more shared liberties", where a first fill is safe but the race can never
 *     be won by either side.
 * Not covered (an exact solver is a later issue): seki involving three or more strings (one
 * string sharing liberties with two enemy strings, or an eye shared by two strings), strings with
 * outside liberties that are still short of liberties (a capturing race mistaken for seki or the
 * reverse), eyes of three points or more, eye shapes where the placement of stones matters (a
 * two-point eye versus a one-point eye with approach moves), ko inside a seki, and the "bent four"
 * or "hane seki" special shapes. Dead stones must already be marked: a dead group not marked dead
 * may be taken for a seki with its killer. */
static bool is_seki_pair(const count_map_t *m, int s, int t)
{
    bool all_unsafe = true;
    for (int p = 0; p < m->num_points && all_unsafe; p++) {
        if (m->color[p] != STONE_EMPTY || !touches_comp(m, p, s) || !touches_comp(m, p, t))
            continue;
        if (is_safe_fill(m, p, STONE_BLACK) || is_safe_fill(m, p, STONE_WHITE)) all_unsafe = false;
    }
    if (all_unsafe) return true;
    lib_profile_t a = lib_profile(m, s, t), c = lib_profile(m, t, s);
    return a.outside == 0 && c.outside == 0 && a.eyes == c.eyes && a.eyes <= 1 &&
           a.eye_size == c.eye_size && a.eye_size <= SEKI_MAX_EYE_POINTS &&
           a.shared + a.eyes >= 2;
}

/* Mark seki_comp[k] for every string component found in seki by is_seki_pair. */
static void detect_seki(const count_map_t *m, bool *seki_comp)
{
    const int off[4] = {-m->stride, -1, 1, m->stride};
    /* Candidate pairs (black string, white string) sharing a liberty, each once. */
    enum { MAX_PAIRS = 4 * BOARD_MAX_POINTS };
    int16_t pair_b[MAX_PAIRS], pair_w[MAX_PAIRS];
    int n = 0;
    for (int p = 0; p < m->num_points; p++) {
        if (m->color[p] != STONE_EMPTY) continue;
        for (int d = 0; d < 4; d++) {
            int qb = p + off[d];
            if (m->color[qb] != STONE_BLACK) continue;
            for (int e = 0; e < 4; e++) {
                int qw = p + off[e];
                if (m->color[qw] != STONE_WHITE) continue;
                bool dup = false;
                for (int i = 0; i < n && !dup; i++)
                    dup = pair_b[i] == m->id[qb] && pair_w[i] == m->id[qw];
                if (!dup && n < MAX_PAIRS) {
                    pair_b[n] = m->id[qb];
                    pair_w[n++] = m->id[qw];
                }
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (is_seki_pair(m, pair_b[i], pair_w[i])) seki_comp[pair_b[i]] = seki_comp[pair_w[i]] = true;
}

static score_t count(const board_t *b, const rules_t *r, scoring_rule_t scoring, int handicap,
                     const bool *dead, const bool *seki)
{
    const int off[4] = {-b->stride, -1, 1, b->stride};
    count_map_t m;
    map_build(&m, b, dead);

    /* Regions that give no territory: those touching a string in seki (territory scoring only,
     * when the rules say eyes in seki are not territory). */
    bool no_territory[BOARD_MAX_POINTS];
    memset(no_territory, 0, sizeof(no_territory));
    if (scoring == SCORING_TERRITORY && !r->seki_territory) {
        bool seki_comp[BOARD_MAX_POINTS];
        memset(seki_comp, 0, sizeof(seki_comp));
        if (seki) {
            for (int p = 0; p < b->num_points; p++)
                if (is_stone(m.color[p]) && seki[p]) seki_comp[m.id[p]] = true;
        } else {
            detect_seki(&m, seki_comp);
        }
        for (int p = 0; p < b->num_points; p++) {
            if (m.color[p] != STONE_EMPTY) continue;
            for (int d = 0; d < 4; d++) {
                int q = p + off[d];
                if (is_stone(m.color[q]) && seki_comp[m.id[q]]) no_territory[m.id[p]] = true;
            }
        }
    }

    int stones[3] = {0, 0, 0}, territory[3] = {0, 0, 0}, dead_stones[3] = {0, 0, 0}, dame = 0;
    for (int p = 0; p < b->num_points; p++) {
        int c = m.color[p];
        if (c == STONE_BORDER) continue;
        if (is_stone(b->color[p]) && c == STONE_EMPTY) dead_stones[b->color[p]]++;
        if (is_stone(c)) {
            stones[c]++;
        } else {
            int reach = m.comp_reach[m.id[p]];
            if (is_stone(reach) && !no_territory[m.id[p]]) territory[reach]++;
            else dame++;
        }
    }

    score_t s;
    memset(&s, 0, sizeof(s));
    s.black_area = stones[STONE_BLACK] + territory[STONE_BLACK];
    s.white_area = stones[STONE_WHITE] + territory[STONE_WHITE];
    s.black_territory = territory[STONE_BLACK];
    s.white_territory = territory[STONE_WHITE];
    s.black_prisoners = b->captures[STONE_BLACK] + dead_stones[STONE_WHITE];
    s.white_prisoners = b->captures[STONE_WHITE] + dead_stones[STONE_BLACK];
    s.dame = dame;
    if (scoring == SCORING_AREA) {
        rules_t area = *r;
        area.scoring = SCORING_AREA; /* the bonus is defined for area counting */
        s.black = s.black_area;
        s.white = s.white_area + r->komi + rules_handicap_bonus(&area, handicap);
    } else {
        s.black = s.black_territory + s.black_prisoners;
        s.white = s.white_territory + s.white_prisoners + r->komi;
    }
    s.margin = s.black - s.white;
    return s;
}

score_t score_tromp_taylor(const board_t *b, const rules_t *r, int handicap)
{
    return count(b, r, SCORING_AREA, handicap, NULL, NULL);
}

score_t score_count(const board_t *b, const rules_t *r, int handicap, const bool *dead,
                    const bool *seki)
{
    return count(b, r, r->scoring, handicap, dead, seki);
}

char *score_result_string(double margin, char *buf, int len)
{
    if (!buf || len <= 0) return buf;
    double a = margin < 0 ? -margin : margin;
    if (a < 1e-9) {
        snprintf(buf, (size_t)len, "0");
        return buf;
    }
    /* Fewest decimals that show the margin exactly: 12 -> "12", 3.5 -> "3.5", 0.25 -> "0.25". */
    int decimals = 0;
    double scale = 1.0;
    while (decimals < 3) {
        double scaled = a * scale;
        double nearest = (double)(long long)(scaled + 0.5);
        if (scaled - nearest < 1e-6 && nearest - scaled < 1e-6) break;
        decimals++;
        scale *= 10.0;
    }
    snprintf(buf, (size_t)len, "%c+%.*f", margin > 0 ? 'B' : 'W', decimals, a);
    return buf;
}
