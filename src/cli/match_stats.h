/* match_stats.h - the statistics of a match between engines A and B: score, Wilson interval, Elo
 * difference and the sequential probability ratio test (SPRT). Pure functions of counts; knows no
 * engines, no GTP and no output format. docs/match.md explains every formula.
 *
 * A game scores 1 for a win, 0 for a loss and 1/2 for a draw (jigo); "score" below is the mean
 * score of A over the games.
 */
#ifndef TENGEN_MATCH_STATS_H
#define TENGEN_MATCH_STATS_H

#include <stdbool.h>

/* z for a two-sided 95% interval of the normal distribution. */
#define MATCH_STATS_Z95 1.959963984540054

typedef struct match_interval {
    double low, high;
} match_interval_t;

/* Elo difference of a score in [0, 1] under the logistic model: -400 log10(1/score - 1).
 * Returns -INFINITY at 0 and +INFINITY at 1. */
double match_stats_elo(double score);
/* Expected score of an Elo difference: 1 / (1 + 10^(-elo/400)). */
double match_stats_score(double elo);

/* Wilson score interval of a proportion: `points` successes (draws count 1/2) out of games > 0,
 * for the normal quantile z. Returns [0, 1] when games <= 0. */
match_interval_t match_stats_wilson(double points, int games, double z);
/* The Elo interval that the Wilson interval maps to (the Elo function is monotonic); its ends
 * may be infinite. */
match_interval_t match_stats_elo_interval(double points, int games, double z);

/* SPRT of H0: elo = elo0 against H1: elo = elo1. Each game's score x (0, 1/2 or 1) is taken as a
 * Bernoulli outcome with success probability s = match_stats_score(elo); the log-likelihood ratio
 * is the sum over games of x ln(s1/s0) + (1 - x) ln((1 - s1)/(1 - s0)) (exact without draws; a
 * draw counts half a win and half a loss). */
double match_stats_sprt_llr(double wins, double draws, double losses, double elo0, double elo1);

/* Wald's bounds for error rates alpha (accept H1 when H0 holds) and beta (accept H0 when H1 holds),
 * both in (0, 1): lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha). */
match_interval_t match_stats_sprt_bounds(double alpha, double beta);

typedef enum match_sprt_state {
    MATCH_SPRT_CONTINUE = 0,
    MATCH_SPRT_ACCEPT_H0, /* llr <= lower: B is not elo1 better; reject the change */
    MATCH_SPRT_ACCEPT_H1, /* llr >= upper: accept elo1 */
} match_sprt_state_t;

/* Where an LLR stands against the bounds. */
match_sprt_state_t match_stats_sprt_state(double llr, match_interval_t bounds);

#endif
