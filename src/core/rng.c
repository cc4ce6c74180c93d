/* rng.c - seeding for the xoshiro256** generator (the generator itself is inline in rng.h so the
 * playout loop pays no call). Owns no state: everything is in the caller's rng_t. */
#include "tengen/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void rng_seed(rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
    /* splitmix64 is a bijection of a counter, so four outputs are never all zero; keep the
     * invariant explicit anyway because an all-zero state would emit zeros forever. */
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;
}
