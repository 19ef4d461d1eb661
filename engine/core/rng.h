/*
 * rng.h: the documented pseudo-random generator behind every deal.
 *
 * SplitMix64 (Steele, Lea and Flood, 2014): state += 0x9e3779b97f4a7c15,
 * then the output z is mixed by z = (z ^ z>>30) * 0xbf58476d1ce4e5b9,
 * z = (z ^ z>>27) * 0x94d049bb133111eb, z ^= z>>31.  It is tiny, passes
 * BigCrush and is trivial to re-implement in any language, so a deal is
 * reproducible anywhere from its 64-bit seed.
 *
 * rng_below(n) draws uniformly from [0, n) by rejection: it takes
 * x = next() and rejects while x < (2^64 mod n), then returns
 * x mod n.  Shuffles are Fisher-Yates from the top: for i = n-1 down to 1,
 * swap a[i] with a[rng_below(i+1)].  protocol.md gives the same recipe.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rng {
	uint64_t	state;
};

static inline void
rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/*
 * Whether rng_below(n) throws the word x away and draws again: x below
 * 2^64 mod n (worked out, at the cost of a division, only for the rare
 * x below n; -n % n is 2^64 mod n without 128-bit arithmetic).  Any
 * source of uniform 64-bit words draws uniformly from [0, n) by it: the
 * arbiter's keyed decks use it on HMAC words.
 */
static inline int
rng_rejects(uint64_t x, uint64_t n)
{
	return x < n && x < -n % n;
}

uint64_t	rng_below(struct rng *r, uint64_t n);
void		rng_shuffle16(struct rng *r, uint16_t *a, int n);

#ifdef __cplusplus
}
#endif

#endif
