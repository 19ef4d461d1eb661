/*
 * rng.c: unbiased bounded draws and the Fisher-Yates shuffle (rng.h).
 */
#include "rng.h"

uint64_t
rng_below(struct rng *r, uint64_t n)
{
	uint64_t x;

	do
		x = rng_next(r);
	while (rng_rejects(x, n));
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
