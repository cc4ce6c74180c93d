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
    int16_t comp_owner[BOARD_MAX_POINTS];  /* empty regions: the one string they touch, -1 for
                                              none, -2 for several */
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
        m->comp_owner[k] = -1;
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
            int16_t *owner = &m->comp_owner[m->id[p]];
            *owner = (int16_t)(*owner == -1 || *owner == s ? s : -2);
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
 * (and touch no third string), the eye regions of s (empty regions touching s and no other
 * string): their number and the size of the first, the largest region of colour c it touches,
 * and how many liberties lie outside (all the others: an empty region that s shares with another
 * string of its colour is a way out, not an eye). */
typedef struct lib_profile {
    int shared, outside, eyes, eye_size;
    int max_own_region; /* largest empty region touching s and only colour c */
} lib_profile_t;

static lib_profile_t lib_profile(const count_map_t *m, int s, int t)
{
    lib_profile_t r = {0, 0, 0, 0, 0};
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
            if (m->comp_size[region] > r.max_own_region) r.max_own_region = m->comp_size[region];
            if (m->comp_owner[region] != s) {
                r.outside++;
                continue;
            }
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

/* Heuristic seki test for the black string s and the white string t, which share a liberty. It
 * runs on the count map (dead stones already taken off), only for territory scoring when the
 * rules give no territory in seki and the caller passed no seki[].
 *
 * Precondition for both rules below: each of the two strings has at most one eye region (an
 * empty region, dead stones' points included, that touches this string and no other) and no
 * region touching it and only its colour has more than SEKI_MAX_EYE_POINTS points. Otherwise the
 * string has two eyes or territory: not seki.
 *
 * Covered:
 *  1. The liberty rule: neither side can safely fill any liberty the two strings share - for
 *     each shared liberty, filling it would leave the filler's new string (merged with its
 *     neighbours of the same colour) with at most one liberty and capture nothing, for black and
 *     for white - and every other liberty of the two strings is an eye: the enemy cannot fill
 *     it safely, and the owner cannot either unless the point lies in an eye region touching
 *     that string alone (filling a one-string eye is no progress; filling a point that joins
 *     another string is). This finds the simple seki (two strings with the same two shared
 *     liberties and nothing else) and "one eye each plus one shared liberty".
 *  2. The eye rule: neither string has a liberty outside the pair (every liberty is either
 *     shared - touching both strings and no third one - or in the string's own eye region), both
 *     have the same number of eye regions (0 or 1) of the same size, and shared + eyes >= 2. This
 *     finds "one eye each with two or more shared liberties" and "no eyes, three or more shared
 *     liberties", where a first fill is safe but neither side can ever win the race.
 * Not covered (ab_final.c judges them exactly): seki involving three or more strings (one
 * string sharing liberties with two enemy strings, an eye bordered by two strings of a group, a
 * group of several strings joined through a shared point); shared empty regions whose points are
 * not each adjacent to both strings; strings with outside liberties that are still short of
 * liberties (a capturing race taken for seki or the reverse); eyes of three points or more; eye
 * shapes where approach moves or the position of dead stones matter; ko inside a seki; the
 * "bent four in the corner" and "hane seki" special shapes. Dead stones must already be marked: a
 * dead group left unmarked next to its killer may be taken for a seki. */
static bool is_seki_pair(const count_map_t *m, int s, int t)
{
    /* A string with two eye regions, or with a liberty in a region of its own colour too big to
     * be a mere eye (its territory), belongs to a living group: never seki. This guards against
     * the shortage-of-liberties shapes of ordinary endgames (a string that must connect into its
     * own territory), where wrongly seeing seki would cost the whole territory it touches. */
    lib_profile_t a = lib_profile(m, s, t), c = lib_profile(m, t, s);
    if (a.eyes > 1 || c.eyes > 1 || a.max_own_region > SEKI_MAX_EYE_POINTS ||
        c.max_own_region > SEKI_MAX_EYE_POINTS)
        return false;
    bool all_unsafe = true;
    for (int p = 0; p < m->num_points && all_unsafe; p++) {
        if (m->color[p] != STONE_EMPTY) continue;
        bool on_s = touches_comp(m, p, s), on_t = touches_comp(m, p, t);
        if (on_s && on_t) {
            if (is_safe_fill(m, p, STONE_BLACK) || is_safe_fill(m, p, STONE_WHITE))
                all_unsafe = false;
        } else if (on_s || on_t) {
            /* Another liberty of one string. If its enemy can fill it safely, the string can be
             * shortened from outside: a race, not seki. If its owner can fill it safely and it is
             * not an eye of this string alone, filling it connects out or gains liberties. */
            int x = on_s ? s : t;
            stone_t owner = on_s ? STONE_BLACK : STONE_WHITE;
            if (is_safe_fill(m, p, stone_other(owner)) ||
                (m->comp_owner[m->id[p]] != x && is_safe_fill(m, p, owner)))
                all_unsafe = false;
        }
    }
    if (all_unsafe) return true;
    return a.outside == 0 && c.outside == 0 && a.eyes == c.eyes && a.eye_size == c.eye_size &&
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
