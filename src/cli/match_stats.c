/* match_stats.c - win rate interval, Elo difference and SPRT for `tengen match`. Formulas only:
 * no I/O, no engine knowledge (see match_stats.h and docs/match.md). */
#include "cli/match_stats.h"

#include <math.h>

double match_stats_elo(double score)
{
    if (score <= 0.0) return -INFINITY;
    if (score >= 1.0) return INFINITY;
    double elo = -400.0 * log10(1.0 / score - 1.0);
    return elo == 0.0 ? 0.0 : elo; /* no "-0.0" in the output */
}

double match_stats_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

match_interval_t match_stats_wilson(double points, int games, double z)
{
    match_interval_t iv = {0.0, 1.0};
    if (games <= 0) return iv;
    double n = games;
    double p = points / n;
    double z2 = z * z;
    double denom = 1.0 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denom;
    double half = z / denom * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
    iv.low = centre - half;
    iv.high = centre + half;
    /* At p = 0 or 1 an end is exactly 0 or 1, which rounding would miss by a hair (and the Elo
     * of that end must then be infinite). */
    if (iv.low < 0.0 || points <= 0.0) iv.low = 0.0;
    if (iv.high > 1.0 || points >= n) iv.high = 1.0;
    return iv;
}

match_interval_t match_stats_elo_interval(double points, int games, double z)
{
    match_interval_t w = match_stats_wilson(points, games, z);
    match_interval_t iv = {match_stats_elo(w.low), match_stats_elo(w.high)};
    return iv;
}

double match_stats_sprt_llr(double wins, double draws, double losses, double elo0, double elo1)
{
    double s0 = match_stats_score(elo0);
    double s1 = match_stats_score(elo1);
    double x = wins + draws / 2.0;
    double y = losses + draws / 2.0;
    return x * log(s1 / s0) + y * log((1.0 - s1) / (1.0 - s0));
}

match_interval_t match_stats_sprt_bounds(double alpha, double beta)
{
    match_interval_t b = {log(beta / (1.0 - alpha)), log((1.0 - beta) / alpha)};
    return b;
}

match_sprt_state_t match_stats_sprt_state(double llr, match_interval_t bounds)
{
    if (llr >= bounds.high) return MATCH_SPRT_ACCEPT_H1;
    if (llr <= bounds.low) return MATCH_SPRT_ACCEPT_H0;
    return MATCH_SPRT_CONTINUE;
}
