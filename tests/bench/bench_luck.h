/*
 * bench_luck.h: the luck of bench_strength's deals (engine/ai/luck.h,
 * doc/luck.md), counted as the arbiter's rate counts it
 * (arbiter/rating/luck_deal.c): the deal's mean V sampled once for the
 * rules and dealer, from as many decks of the same seed, then each deal
 * replayed from its seed and its actions after it is played, so that
 * the luck's CPU falls outside every timed decision and changes no
 * play.  Two seats and one deal a game only (Rubicon, six- and
 * eight-pack): bench_strength scores a two-hand deal alone, whose luck
 * is counted on the game's scale (luck_game.h); three-hand has three
 * seats.
 */
#ifndef BENCH_LUCK_H
#define BENCH_LUCK_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "luck.h"

struct bench_luck {
	bool		on;	/* the variant has a luck figure */
	const char	*none;	/* if not, why not */
	int		dealer;
	struct luck_v	v;
	double		mean[LUCK_NOUT];	/* the deal's mean V */
};

/* The actions of one deal as played, to replay for its luck. */
struct deal_log {
	struct action	*a;
	size_t		 n, cap;
};

static inline void
deal_log_add(struct deal_log *l, const struct action *a)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		if ((l->a = realloc(l->a, l->cap * sizeof(*l->a))) == NULL)
			abort();
	}
	l->a[l->n++] = *a;
}

/* Finds the deal's mean once, before the workers fork. */
static inline void
bench_luck_start(struct bench_luck *bl, enum variant variant, int dealer)
{
	struct rules r;

	rules_init(&r, variant);
	bl->none = luck_unmeasured(&r);
	/* bench_strength's two-hand deals are each scored on its own
	 * points; the luck (luck_game.h) is on a whole game's scale. */
	if (bl->none == NULL && r.game_target > 0)
		bl->none = "a deal of a game of several: its luck is the "
		    "game's, which rate counts";
	bl->on = bl->none == NULL;
	bl->dealer = dealer;
	if (!bl->on)
		return;
	luck_v_eval(&bl->v);
	luck_default_deal_mean(&r, dealer, bl->mean);
}

static inline void
bench_luck_end(struct bench_luck *bl)
{
	if (bl->on)
		luck_v_release(&bl->v);
}

/*
 * Seat 0's luck in the deal of seed played as l (out[0] on the score's
 * scale, out[1] on the game value's); exits with one line if the deal
 * does not replay.
 */
static inline void
bench_luck_deal(const struct bench_luck *bl, const struct rules *r,
    uint64_t seed, const struct deal_log *l, double *out)
{
	struct game *g = game_new(r, seed, bl->dealer);
	struct luck_run run;

	if (g == NULL || luck_begin(&run, g, &bl->v, bl->mean) < 0) {
		fprintf(stderr, "bench_strength: seed %llu: the luck cannot "
		    "start at its deal\n", (unsigned long long)seed);
		exit(1);
	}
	for (size_t i = 0; i < l->n; i++)
		if (luck_apply(&run, &l->a[i], NULL) < 0) {
			fprintf(stderr, "bench_strength: seed %llu: action %zu "
			    "does not replay for the luck\n",
			    (unsigned long long)seed, i + 1);
			exit(1);
		}
	out[0] = run.sum.x[0];
	out[1] = run.sum.x[1];
	luck_end(&run);
	game_free(g);
}

/* Mean and 95% half-width of n values. */
static inline void
interval(const double *x, long n, double *mean, double *half)
{
	double s = 0, ss = 0;

	for (long i = 0; i < n; i++)
		s += x[i];
	*mean = s / (double)n;
	for (long i = 0; i < n; i++)
		ss += (x[i] - *mean) * (x[i] - *mean);
	*half = n > 1 ? 1.96 * sqrt(ss / (double)(n - 1) / (double)n) : 0;
}

/*
 * The summary's adjusted lines: each pair's score and value less its
 * luck (adj_score, adj_value: per pair, strong's view), with the ratio
 * of their intervals to the raw ones (raw_half[0] score, [1] value).
 */
static inline void
bench_luck_print(const double *adj_score, const double *adj_value, long n,
    const double *raw_half)
{
	const char *name[2] = { "won:  ", "value:" };
	char ratio[32];
	double m, h;

	for (int k = 0; k < 2; k++) {
		interval(k == 0 ? adj_score : adj_value, n, &m, &h);
		/* No raw interval (one pair, or every pair alike): none. */
		if (raw_half[k] > 0)
			snprintf(ratio, sizeof(ratio), "%.2f", h / raw_half[k]);
		else
			snprintf(ratio, sizeof(ratio), "-");
		if (k == 0)
			printf("  luck out %s     %5.1f%% +- %.1f", name[k],
			    100 * m, 100 * h);
		else
			printf("  luck out %s     %+6.0f +- %.0f", name[k], m,
			    h);
		printf("  (interval ratio %s)\n", ratio);
	}
}

#endif
