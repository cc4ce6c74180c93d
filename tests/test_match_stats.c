/* test_match_stats.c - the statistics of `tengen match` (match_stats.h) against values computed
 * independently (by hand and with Python's math module): Elo of a score, the Wilson interval,
 * the Elo interval, SPRT log-likelihood ratios and Wald's bounds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "cli/match_stats.h"

#define EPS 1e-6

static void assert_near(double got, double want, double eps)
{
    if (fabs(got - want) > eps) fail_msg("got %.9f, want %.9f (+-%g)", got, want, eps);
}

static void test_elo_of_score(void **state)
{
    (void)state;
    assert_near(match_stats_elo(0.5), 0.0, EPS);
    /* 400 log10(3) */
    assert_near(match_stats_elo(0.75), 190.848501888, EPS);
    assert_near(match_stats_elo(0.25), -190.848501888, EPS);
    /* 10:1 odds: 400 */
    assert_near(match_stats_elo(10.0 / 11.0), 400.0, EPS);
    assert_true(isinf(match_stats_elo(0.0)) && match_stats_elo(0.0) < 0);
    assert_true(isinf(match_stats_elo(1.0)) && match_stats_elo(1.0) > 0);
    for (double s = 0.05; s < 1.0; s += 0.05)
        assert_near(match_stats_score(match_stats_elo(s)), s, 1e-12);
    assert_near(match_stats_score(0.0), 0.5, 1e-12);
}

static void test_wilson_interval(void **state)
{
    (void)state;
    match_interval_t w = match_stats_wilson(7, 10, MATCH_STATS_Z95);
    assert_near(w.low, 0.396778147, EPS);
    assert_near(w.high, 0.892208733, EPS);
    /* 0 of n: [0, z^2 / (n + z^2)] */
    w = match_stats_wilson(0, 10, MATCH_STATS_Z95);
    assert_near(w.low, 0.0, 1e-12);
    double z2 = MATCH_STATS_Z95 * MATCH_STATS_Z95;
    assert_near(w.high, z2 / (10 + z2), EPS);
    w = match_stats_wilson(10, 10, MATCH_STATS_Z95);
    assert_near(w.low, 1.0 - z2 / (10 + z2), EPS);
    assert_near(w.high, 1.0, 1e-12);
    /* Symmetric around one half for half the points. */
    w = match_stats_wilson(50, 100, MATCH_STATS_Z95);
    assert_near(w.low + w.high, 1.0, 1e-12);
    assert_near(w.high - 0.5, 0.096168470, EPS);
    /* No games: no information. */
    w = match_stats_wilson(0, 0, MATCH_STATS_Z95);
    assert_near(w.low, 0.0, 0);
    assert_near(w.high, 1.0, 0);
}

static void test_elo_interval(void **state)
{
    (void)state;
    match_interval_t e = match_stats_elo_interval(7, 10, MATCH_STATS_Z95);
    assert_near(e.low, -72.771726767, 1e-5);
    assert_near(e.high, 367.153150642, 1e-5);
    e = match_stats_elo_interval(10, 10, MATCH_STATS_Z95);
    assert_true(isfinite(e.low) && e.low > 0);
    assert_true(isinf(e.high) && e.high > 0);
}

static void test_sprt(void **state)
{
    (void)state;
    match_interval_t b = match_stats_sprt_bounds(0.05, 0.05);
    assert_near(b.low, -2.944438979, EPS);
    assert_near(b.high, 2.944438979, EPS);
    b = match_stats_sprt_bounds(0.05, 0.1);
    assert_near(b.low, log(0.1 / 0.95), 1e-12);
    assert_near(b.high, log(0.9 / 0.05), 1e-12);

    /* 60 wins, 40 losses, H0: 0 Elo, H1: +50 Elo. s1 = 0.571463117. */
    assert_near(match_stats_sprt_llr(60, 0, 40, 0, 50), 1.846259161, EPS);
    /* 120-100, elo0 0, elo1 5. */
    assert_near(match_stats_sprt_llr(120, 0, 100, 0, 5), 0.265042330, EPS);
    /* Draws count half: 6 wins, 2 draws, 1 loss is 7 points to 2. */
    assert_near(match_stats_sprt_llr(6, 2, 1, -10, 10), 0.287823137, EPS);
    assert_near(match_stats_sprt_llr(6, 2, 1, -10, 10), match_stats_sprt_llr(7, 0, 2, -10, 10),
                1e-12);
    /* Equal results under a symmetric test give LLR 0; no games give 0. */
    assert_near(match_stats_sprt_llr(30, 4, 30, -20, 20), 0.0, 1e-12);
    assert_near(match_stats_sprt_llr(0, 0, 0, 0, 10), 0.0, 1e-12);

    b = match_stats_sprt_bounds(0.05, 0.05);
    assert_int_equal(match_stats_sprt_state(1.846, b), MATCH_SPRT_CONTINUE);
    assert_int_equal(match_stats_sprt_state(3.0, b), MATCH_SPRT_ACCEPT_H1);
    assert_int_equal(match_stats_sprt_state(-3.0, b), MATCH_SPRT_ACCEPT_H0);
    /* Straight wins against H0 0 / H1 200 at 10% errors: ln 9 / ln(2 s1) -> 6 wins needed. */
    b = match_stats_sprt_bounds(0.1, 0.1);
    assert_int_equal(match_stats_sprt_state(match_stats_sprt_llr(5, 0, 0, 0, 200), b),
                     MATCH_SPRT_CONTINUE);
    assert_int_equal(match_stats_sprt_state(match_stats_sprt_llr(6, 0, 0, 0, 200), b),
                     MATCH_SPRT_ACCEPT_H1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_of_score),
        cmocka_unit_test(test_wilson_interval),
        cmocka_unit_test(test_elo_interval),
        cmocka_unit_test(test_sprt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
