/*
 * elo_boot.c: the bootstrap of the rating fit over duplicate pairs
 * (elo.h, elo_bootstrap): pairs of games drawn with replacement, each
 * resample refitted from the fit of all games by a few Newton steps
 * (elo.c, through elo_fit.h), then percentiles and the likelihood of
 * superiority from the resampled ratings.
 */
#include <stdlib.h>
#include <string.h>

#include "rating/elo.h"
#include "rating/elo_fit.h"
#include "rating/stats.h"

struct pair_key {
	long	pair;
	size_t	game;
};

static int
cmp_key(const void *a, const void *b)
{
	const struct pair_key *x = a, *y = b;

	if (x->pair != y->pair)
		return x->pair < y->pair ? -1 : 1;
	return (x->game > y->game) - (x->game < y->game);
}

/* Game indices grouped by pair into order[], group p being order[start[p]
 * .. start[p + 1]); returns the number of groups, or -1 without memory. */
static long
group_pairs(const struct elo_game *g, size_t ngames, size_t *order,
    size_t *start)
{
	struct pair_key *key = malloc(sizeof(*key) * (ngames + 1));
	long np = 0;

	if (key == NULL)
		return -1;
	for (size_t i = 0; i < ngames; i++) {
		key[i].pair = g[i].pair < 0 ? -1 : g[i].pair;
		key[i].game = i;
	}
	qsort(key, ngames, sizeof(*key), cmp_key);
	for (size_t i = 0; i < ngames; i++) {
		if (i == 0 || key[i].pair < 0 || key[i].pair != key[i - 1].pair)
			start[np++] = i;
		order[i] = key[i].game;
	}
	start[np] = ngames;
	free(key);
	return np;
}

/* Percentiles and LOS from the resampled ratings r[b * n + i]. */
static int
summarise(const double *r, const double *adv, int n, int m,
    struct elo_boot *out)
{
	double *col = malloc(sizeof(double) * m);

	if (col == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		for (int b = 0; b < m; b++)
			col[b] = r[(size_t)b * n + i];
		stats_sort(col, m);
		out->lo[i] = stats_percentile(col, m, 0.025);
		out->hi[i] = stats_percentile(col, m, 0.975);
		out->ci95[i] = (out->hi[i] - out->lo[i]) / 2;
	}
	memcpy(col, adv, sizeof(double) * m);
	stats_sort(col, m);
	out->advantage_lo = stats_percentile(col, m, 0.025);
	out->advantage_hi = stats_percentile(col, m, 0.975);
	for (int i = 0; i < n * n; i++)
		out->los[i] = 0;
	for (int b = 0; b < m; b++)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				const double *x = r + (size_t)b * n;
				out->los[i * n + j] += (x[i] > x[j] ? 1 :
				    x[i] == x[j] ? 0.5 : 0) / m;
			}
	free(col);
	return 0;
}

void
elo_boot_free(struct elo_boot *b)
{
	free(b->lo);		/* the block that holds every array */
	memset(b, 0, sizeof(*b));
}

/* One bootstrap run: counts, the full-data fit th0, the resampled
 * ratings r[b * n + i] and advantages, and the games grouped by pair. */
struct boot {
	double		*count, *th0, *r, *adv;
	size_t		*order, *start;
	long		np;
	struct work	wk;
};

static int
boot_alloc(struct boot *bt, const struct problem *pb, size_t ngames,
    int m, struct elo_boot *out)
{
	int n = pb->n;
	double *blk;

	bt->count = malloc(sizeof(double) * ((size_t)n * n * 3 + pb->k +
	    (size_t)(n + 1) * m));
	bt->order = malloc(sizeof(size_t) * 2 * (ngames + 1));
	blk = malloc(sizeof(double) * (3 * n + n * n));
	if (bt->count == NULL || bt->order == NULL || blk == NULL ||
	    elo_work_alloc(&bt->wk, pb->k, n) != 0) {
		free(bt->count);
		free(bt->order);
		free(blk);
		return -1;
	}
	bt->th0 = bt->count + n * n * 3;
	bt->r = bt->th0 + pb->k;
	bt->adv = bt->r + (size_t)n * m;
	bt->start = bt->order + ngames + 1;
	out->n = n;
	out->resamples = m;
	out->lo = blk;
	out->hi = blk + n;
	out->ci95 = blk + 2 * n;
	out->los = blk + 3 * n;
	return 0;
}

static void
boot_free(struct boot *bt)
{
	free(bt->count);
	free(bt->order);
	elo_work_free(&bt->wk);
}

/* Resample b: np pairs drawn with replacement, refitted from the fit of
 * all games (a warm start: a few Newton steps each). */
static void
resample(struct boot *bt, const struct problem *pb,
    const struct elo_game *g, const struct elo_opts *o,
    struct stats_rng *rng, int b)
{
	int n = pb->n;
	bool conv;

	memset(bt->count, 0, sizeof(double) * n * n * 3);
	for (long p = 0; p < bt->np; p++) {
		size_t s = (size_t)stats_rng_below(rng, (uint64_t)bt->np);
		for (size_t x = bt->start[s]; x < bt->start[s + 1]; x++)
			elo_add_game(bt->count, n, &g[bt->order[x]]);
	}
	memcpy(bt->wk.th, bt->th0, sizeof(double) * pb->k);
	elo_newton(pb, bt->wk.th, elo_max_iter(o), &conv, &bt->wk);
	elo_ratings(pb, bt->wk.th, o, bt->r + (size_t)b * n);
	bt->adv[b] = pb->ih >= 0 ? bt->wk.th[pb->ih] / BETA : 0;
}

int
elo_bootstrap(const struct elo_game *g, size_t ngames, int n,
    const struct elo_opts *o, int resamples, struct stats_rng *rng,
    struct elo_boot *out)
{
	struct problem pb;
	struct boot bt;
	bool conv;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (elo_check_opts(n, o) != 0 || elo_check_games(g, ngames, n) != 0 ||
	    resamples < 2 || rng == NULL)
		return -1;
	elo_problem_init(&pb, NULL, n, o);
	if (boot_alloc(&bt, &pb, ngames, resamples, out) != 0)
		return -1;
	pb.count = bt.count;
	memset(bt.count, 0, sizeof(double) * n * n * 3);
	for (size_t i = 0; i < ngames; i++)
		elo_add_game(bt.count, n, &g[i]);
	elo_start(&pb, bt.th0);
	elo_newton(&pb, bt.th0, elo_max_iter(o), &conv, &bt.wk);
	bt.np = group_pairs(g, ngames, bt.order, bt.start);
	if (bt.np >= 0) {
		for (int b = 0; b < resamples; b++)
			resample(&bt, &pb, g, o, rng, b);
		rc = summarise(bt.r, bt.adv, n, resamples, out);
	}
	boot_free(&bt);
	if (rc != 0)
		elo_boot_free(out);
	return rc;
}
