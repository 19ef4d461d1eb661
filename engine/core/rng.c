/*
 * rng.c: unbiased bounded draws and the Fisher-Yates shuffle (rng.h).
 */
#include "rng.h"

uint64_t
rng_below(struct rng *r, uint64_t n)
{
	uint64_t x;

	/* Rejects x < 2^64 mod n (computed without 128-bit arithmetic as
	 * -n % n); that bound is below n, so it is worked out, at the
	 * cost of a division, only for the rare x below n. */
	do
		x = rng_next(r);
	while (x < n && x < -n % n);
	return x % n;
}

void
rng_shuffle16(struct rng *r, uint16_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1);
		uint16_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}
