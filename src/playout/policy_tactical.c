/* policy_tactical.c - the tactical playout policy of tree search (policy.h): the retake of a ko
 * after a threat and its answer; answers to the last move (capture its string in atari, save own
 * strings it put in atari unless a ladder catches them, sometimes an atari in a capturing race
 * it started), else the vital point of an eye space of three to six points next to it, else a 3x3
 * pattern move next to it, else a light random move that is rarely a self-atari; Atari Go and
 * mercy endings; the move record for AMAF; ownership.
 *
 * Owns: the playout loop of search. Must not know: the tree, history, superko, komi.
 */
#include "tengen/policy.h"

#include <assert.h>
#include <string.h>

#include "tengen/pattern3.h"
#include "tengen/playout.h"
#include "tengen/tactics.h"

/* Probability (in 1/1024) that a self-atari suggested by the random choice is rejected and
 * another move drawn. Not 1: throw-ins and nakade need single-stone self-ataris sometimes;
 * self-ataris of two or more stones are rejected unless they kill from the inside
 * (POLICY_NAKADE_SACRIFICE). michi uses 0.9 for all sizes. */
#ifndef POLICY_SELF_ATARI_REJECT_1024
#define POLICY_SELF_ATARI_REJECT_1024 922
#endif
/* Take a random self-atari of two to six stones that kills from the inside
 * (tactics_is_nakade_sacrifice), as Pachi's playouts do: otherwise a group with one big eye that
 * the attacker must fill lives in every playout. 0 rejects them like the other big ones. */
#ifndef POLICY_NAKADE_SACRIFICE
#define POLICY_NAKADE_SACRIFICE 1
#endif
/* Draws of a random move before the last one drawn is taken whatever it is. */
#define POLICY_RANDOM_TRIES 4
/* Probability (in 1/1024) that the tactical answers to the last move are looked at at all:
 * below 1 keeps some randomness in fights, as in Pachi and michi. */
#define POLICY_TACTICS_1024 922
/* Probability (in 1/1024) that the 3x3 patterns next to the last move are looked at when no
 * tactical answer applied (michi and MoGo use about 0.95). */
#ifndef POLICY_PATTERN_1024
#define POLICY_PATTERN_1024 972
#endif
/* Ko fights: a side whose ko was just taken, once the ban is lifted (it played a threat and the
 * taker answered elsewhere), takes the ko back with this probability (in 1/1024), as Pachi's
 * playouts do (40%). Without it a playout resolves a ko by whoever first fills it, so the tree
 * cannot tell a ko that needs threats from one that is won. 0 turns it off. */
#ifndef POLICY_KO_RETAKE_1024
#define POLICY_KO_RETAKE_1024 410
#endif
/* The retake is looked for this many moves after the ko was taken at most: a threat and its
 * answer. */
#ifndef POLICY_KO_AGE
#define POLICY_KO_AGE 2
#endif
/* Capturing races: after the last move, the mover's strings next to it with three or four
 * liberties put a neighbouring opponent string of two liberties in atari with this probability
 * (in 1/1024; Pachi's nlib check, 25%). A race is lost by the side that waits one move too long. */
#ifndef POLICY_NLIB_1024
#define POLICY_NLIB_1024 256
#endif

/* The mercy rule: a playout ends, won, when one side has captured a POLICY_MERCY_DIV-th of the
 * board's points (at least 4) more than the other since it began. It saves the playout moves of
 * a position already decided; 0 turns it off. */
#ifndef POLICY_MERCY_DIV
#define POLICY_MERCY_DIV 5
#endif

void policy_config_default(policy_config_t *cfg, const board_t *b, int capture_goal)
{
    cfg->tactical = true;
    cfg->patterns = pattern3_table();
    cfg->capture_goal = capture_goal;
    const int share = POLICY_MERCY_DIV > 0 ? b->size * b->size / POLICY_MERCY_DIV : 0;
    cfg->mercy = POLICY_MERCY_DIV > 0 && share < 4 ? 4 : share;
    cfg->max_moves = playout_default_max_moves(b);
    cfg->model = NULL;
    cfg->model_reference = 1;
}

/* A usable answer at the empty point p (every caller's point is a liberty or was found empty):
 * legal and not a fill of the mover's own true eye. That is the light policy's candidate test,
 * one load in the common case, except that a suicide is legal where the rules allow it. */
static bool is_playable(const board_t *b, stone_t c, int p)
{
    assert(board_at(b, p) == STONE_EMPTY);
    if (b->suicide_allowed)
        return board_check_move(b, c, p) == MOVE_OK && !board_is_true_eye(b, p, c);
    return playout_is_candidate(b, c, p);
}

/* The offsets of the eight points around a point, row by row from the upper left. */
static inline void eight_around(const board_t *b, int around[8])
{
    const int s = b->stride;
    const int offsets[8] = {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1};
    memcpy(around, offsets, sizeof offsets);
}

/* Tactical answers to the opponent's last move at `last`: capture its string if in atari, else
 * save one of c's strings next to it that is in atari. POINT_NONE if none applies. */
static int answer_last_move(const board_t *b, stone_t c, int last, rng_t *rng)
{
    int cand[16], n = 0;
    const int cap = board_atari_point(b, last);
    if (cap != POINT_NONE && is_playable(b, c, cap)) cand[n++] = cap;
    if (n == 0) {
        /* Unrolled (here and in nakade_move): board_neighbor_offset(b, d) becomes a constant. */
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            const int q = last + board_neighbor_offset(b, d);
            if (board_at(b, q) != c || board_liberties(b, q) != 1) continue;
            n += tactics_atari_escapes(b, q, cand + n, 16 - n);
            if (n >= 12) break;
        }
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (is_playable(b, c, cand[i])) cand[k++] = cand[i];
    return k ? cand[rng_below(rng, (uint32_t)k)] : POINT_NONE;
}

/* The vital point of an eye space of three to six points next to the last move
 * (tactics_nakade_point), if c may play it; POINT_NONE otherwise. Whoever owns the space makes two
 * eyes there; the other side kills. As in Pachi, the last move must touch one space only: one
 * empty neighbour, or two at a right angle. That spares the search of the region after most
 * moves in the open, where it would cost a tenth of the playouts' speed. */
static int nakade_move(const board_t *b, stone_t c, int last)
{
    int empty[4], n = 0;
#pragma GCC unroll 4
    for (int d = 0; d < 4; d++) {
        const int e = last + board_neighbor_offset(b, d);
        empty[n] = e;
        n += board_at(b, e) == STONE_EMPTY;
    }
    if (n == 0 || n > 2 || (n == 2 && empty[0] + empty[1] == 2 * last)) return POINT_NONE;
    const int v = tactics_nakade_point(b, empty[0]);
    return v != POINT_NONE && board_check_move(b, c, v) == MOVE_OK ? v : POINT_NONE;
}

/* A random one of the empty points next to `last` (the eight around it) that match a 3x3
 * pattern and are playable without self-atari; POINT_NONE if none. */
static int pattern_move(const board_t *b, stone_t c, int last, rng_t *rng, const uint8_t *table)
{
    int around[8];
    eight_around(b, around);
    /* First the points that are empty and match, as a mask, without branches: both tests are
     * close to coin flips in a playout and mispredicted branches cost more than the eight table
     * lookups. The key of a point that is not empty (maybe a border point) is meaningless but
     * harmless: the mask drops it. */
    unsigned match = 0;
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        const int q = last + around[i];
        const unsigned empty = board_at(b, q) == STONE_EMPTY;
        match |= (empty & (unsigned)pattern3_match_in(table, b, q)) << i;
    }
    int cand[8], n = 0;
    for (; match; match &= match - 1) {
        const int q = last + around[__builtin_ctz(match)];
        if (is_playable(b, c, q) && !tactics_is_self_atari(b, c, q)) cand[n++] = q;
    }
    return n ? cand[rng_below(rng, (uint32_t)n)] : POINT_NONE;
}

/* The nlib answer (POLICY_NLIB_1024): an atari on an opponent string of two liberties next to
 * one of c's strings of three or four liberties next to the last move, at a liberty that is not
 * a self-atari; POINT_NONE if none. */
static int race_move(const board_t *b, stone_t c, int last, rng_t *rng)
{
    int around[8];
    eight_around(b, around);
    const stone_t o = stone_other(c);
    int cand[16], n = 0, seen = 0;
    for (int i = 0; i < 8 && n < 14; i++) {
        const int q = last + around[i];
        if (board_at(b, q) != c) continue;
        const int h = board_chain_head(b, q);
        const int libs = board_liberties(b, h);
        if (libs < 3 || libs > 4 || h == seen) continue;
        seen = h;
        int st = h;
        do {
#pragma GCC unroll 4
            for (int d = 0; d < 4; d++) {
                const int e = st + board_neighbor_offset(b, d);
                if (board_at(b, e) != o || board_liberties(b, e) != 2) continue;
                int l[2];
                board_chain_liberty_list(b, e, l, 2);
                for (int j = 0; j < 2 && n < 16; j++)
                    if (is_playable(b, c, l[j]) && !tactics_is_self_atari(b, c, l[j]))
                        cand[n++] = l[j];
            }
            st = b->next[st];
        } while (st != h && n < 14);
    }
    return n ? cand[rng_below(rng, (uint32_t)n)] : POINT_NONE;
}

/* With a move model: one of the empty points next to `last`, chosen with probability in
 * proportion to the playout head's gamma among the playable ones stronger than a move in open
 * space; POINT_NONE if none is. */
static int learned_move(const board_t *b, stone_t c, int last, rng_t *rng,
                        const policy_config_t *cfg)
{
    int around[8];
    eight_around(b, around);
    int cand[8], n = 0;
    float weight[8], total = 0;
    for (int i = 0; i < 8; i++) {
        const int q = last + around[i];
        if (board_at(b, q) != STONE_EMPTY || !is_playable(b, c, q)) continue;
        const float g = model_playout_gamma(cfg->model, b, c, q);
        if (g <= cfg->model_reference) continue;
        cand[n] = q;
        weight[n++] = g;
        total += g;
    }
    if (n == 0) return POINT_NONE;
    float r = (float)rng_below(rng, 1u << 24) / (float)(1u << 24) * total;
    for (int i = 0; i < n - 1; i++) {
        r -= weight[i];
        if (r < 0) return cand[i];
    }
    return cand[n - 1];
}

/* The last random draw was a self-atari of two or more stones: a playable move that is not a
 * self-atari, from a random start over all the empty points; else a self-atari of one stone (a
 * throw-in into the opponent's eye space is how dead groups get captured at the end of a
 * playout); else a pass. Only self-ataris of two or more stones are left then, typically the
 * shared liberties of a seki, and filling one gives the seki away: passing keeps it to the count,
 * and so to the ownership and the pass decisions built on it. */
static int instead_of_big_self_atari(const board_t *b, stone_t c, rng_t *rng)
{
    const int n = b->empty_count;
    const int start = (int)rng_below(rng, (uint32_t)n);
    int lone = POINT_PASS;
    for (int i = 0; i < n; i++) {
        const int p = b->empties[(start + i) % n];
        if (!is_playable(b, c, p)) continue;
        const int stones = tactics_self_atari_stones(b, c, p);
        if (stones == 0) return p;
        if (lone == POINT_PASS && stones == 1) lone = p;
    }
    return lone;
}

int policy_choose(const board_t *b, stone_t c, int last, rng_t *rng, const policy_config_t *cfg)
{
    if (!cfg->tactical) return playout_light_choose(b, c, rng);
    if (last > 0 && board_at(b, last) == stone_other(c)) {
        if (rng_below(rng, 1024) < POLICY_TACTICS_1024) {
            const int p = answer_last_move(b, c, last, rng);
            if (p != POINT_NONE) return p;
            if (POLICY_NLIB_1024 > 0 && (int)rng_below(rng, 1024) < POLICY_NLIB_1024) {
                const int r = race_move(b, c, last, rng);
                if (r != POINT_NONE) return r;
            }
            const int v = nakade_move(b, c, last);
            if (v != POINT_NONE) return v;
        }
        if (cfg->model && rng_below(rng, 1024) < POLICY_PATTERN_1024) {
            const int p = learned_move(b, c, last, rng, cfg);
            if (p != POINT_NONE) return p;
        } else if (cfg->patterns && rng_below(rng, 1024) < POLICY_PATTERN_1024) {
            const int p = pattern_move(b, c, last, rng, cfg->patterns);
            if (p != POINT_NONE) return p;
        }
    }
    int p = POINT_PASS;
    for (int t = 0; t < POLICY_RANDOM_TRIES; t++) {
        p = playout_light_choose(b, c, rng);
        if (p == POINT_PASS) return p;
        const int stones = tactics_self_atari_stones(b, c, p);
        if (stones == 0) return p;
        if (stones == 1) {
            if (rng_below(rng, 1024) >= POLICY_SELF_ATARI_REJECT_1024) return p;
        } else if (POLICY_NAKADE_SACRIFICE && stones <= 6 && tactics_is_nakade_sacrifice(b, c, p)) {
            return p;
        } else if (t == POLICY_RANDOM_TRIES - 1) {
            return instead_of_big_self_atari(b, c, rng);
        }
    }
    return p;
}

/* The ko that c may take back at `point` now that its ban is lifted: still a capture of one
 * stone (nobody connected it), legal for c. */
static bool can_retake_ko(const board_t *b, stone_t c, int point)
{
    if (board_at(b, point) != STONE_EMPTY || b->ko_point != POINT_NONE) return false;
    if (!is_playable(b, c, point)) return false;
    tactics_move_t t;
    tactics_eval_move(b, c, point, &t);
    return t.captured == 1;
}

void policy_playout(board_t *b, stone_t c, int last, rng_t *rng, const policy_config_t *cfg,
                    int16_t *record, int max_record, policy_result_t *out)
{
    const int cap0[3] = {0, b->captures[STONE_BLACK], b->captures[STONE_WHITE]};
    int moves = 0, passes = 0, recorded = 0;
    /* The last ko taken: its point, the side banned from it, and the move count then. */
    int ko_point = b->ko_point, ko_moves = 0;
    stone_t ko_color = b->ko_color;
    out->winner = STONE_EMPTY;
    out->capped = false;
    for (;;) {
        if (moves >= cfg->max_moves) {
            out->capped = true;
            break;
        }
        int p = POINT_NONE;
        if (POLICY_KO_RETAKE_1024 > 0 && ko_point != POINT_NONE && c == ko_color &&
            moves - ko_moves <= POLICY_KO_AGE &&
            (int)rng_below(rng, 1024) < POLICY_KO_RETAKE_1024 &&
            can_retake_ko(b, c, ko_point))
            p = ko_point;
        if (p == POINT_NONE) p = policy_choose(b, c, last, rng, cfg);
        if (recorded < max_record) record[recorded++] = (int16_t)p;
        board_play(b, c, p, NULL);
        if (b->ko_point != POINT_NONE) {
            ko_point = b->ko_point;
            ko_color = b->ko_color;
            ko_moves = moves + 1; /* counting this move, as `moves` will below */
        }
        if (p == POINT_PASS) {
            if (++passes == 2) break;
        } else {
            passes = 0;
            moves++;
            if (cfg->capture_goal > 0 && b->captures[c] >= cfg->capture_goal) {
                out->winner = c;
                break;
            }
            if (cfg->mercy > 0) {
                const int lead = (b->captures[c] - cap0[c]) -
                                 (b->captures[stone_other(c)] - cap0[stone_other(c)]);
                if (lead >= cfg->mercy) {
                    out->winner = c;
                    break;
                }
            }
        }
        last = p;
        c = stone_other(c);
    }
    out->moves = moves;
    out->recorded = recorded;
}

int policy_area_owner(const board_t *b, int8_t *owner)
{
    int score = 0;
    uint8_t region[BOARD_MAX_POINTS]; /* 1 once a flood has reached the point */
    memset(region, 0, (size_t)b->num_points);
    uint16_t members[BOARD_MAX_POINTS];
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t col = board_at(b, p);
            if (col == STONE_BLACK || col == STONE_WHITE) {
                owner[p] = col == STONE_BLACK ? 1 : -1;
                score += owner[p];
                continue;
            }
            if (board_neighbor_count(b, p, STONE_EMPTY) == 0) {
                /* A region of one point (most of them at the end of a playout): its neighbours
                 * decide, and no flood can reach it. */
                const bool black = board_neighbor_count(b, p, STONE_BLACK) > 0,
                           white = board_neighbor_count(b, p, STONE_WHITE) > 0;
                owner[p] = (int8_t)(black - white);
                score += owner[p];
                continue;
            }
            if (region[p]) continue;
            /* Flood the empty region, then give all its points the same owner. */
            unsigned reach = 0;
            const int count = playout_region_reach(b, p, region, members, &reach);
            const bool black = reach & (1u << STONE_BLACK), white = reach & (1u << STONE_WHITE);
            const int8_t o = black && !white ? 1 : white && !black ? -1 : 0;
            for (int i = 0; i < count; i++)
                owner[members[i]] = o;
            score += o * count;
        }
    }
    return score;
}

void policy_ownership(const board_t *b, stone_t c, int last, rng_t *rng, int playouts,
                      float *owner)
{
    policy_config_t cfg;
    policy_config_default(&cfg, b, 0);
    cfg.mercy = 0;
    int32_t sum[BOARD_MAX_POINTS] = {0};
    int8_t own[BOARD_MAX_POINTS];
    memset(own, 0, sizeof own);
    board_t work;
    policy_result_t r;
    for (int k = 0; k < playouts; k++) {
        board_copy(&work, b);
        policy_playout(&work, c, last, rng, &cfg, NULL, 0, &r);
        policy_area_owner(&work, own);
        for (int p = 0; p < b->num_points; p++)
            sum[p] += own[p];
    }
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        owner[p] = playouts > 0 ? (float)sum[p] / (float)playouts : 0.0f;
}
