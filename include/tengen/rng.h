/* rng.h - a small, fast, seeded pseudo-random generator (xoshiro256**) for playouts and search.
 *
 * All state lives in an rng_t owned by the caller: no globals, so threads each keep their own.
 * The same seed gives the same sequence on every platform (bench signatures depend on it).
 * Not for cryptography.
 */
#ifndef TENGEN_RNG_H
#define TENGEN_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4]; /* xoshiro256** state; never all zero after rng_seed */
} rng_t;

/* Seed the generator from any 64-bit value (expanded with splitmix64, as xoshiro's authors advise). */
void rng_seed(rng_t *r, uint64_t seed);

static inline uint64_t rng_rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* Next 64 uniformly distributed bits. */
static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl64(s[3], 45);
    return result;
}

/* Uniform integer in [0, n) for 1 <= n <= 2^32 - 1, without modulo bias (Lemire's multiply-shift
 * with rejection; the rejection branch is taken with probability below n / 2^32). */
static inline uint32_t rng_below(rng_t *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform double in [0, 1) with 53 random bits. */
static inline double rng_double(rng_t *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
