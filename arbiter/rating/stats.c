/*
 * stats.c: head-to-head statistics and the Welford accumulator (stats.h).
 *
 * The formulas are fastchess's (elo_wdl.cpp, elo_pentanomial.cpp): the
 * score s is the mean points per game; its variance is the empirical
 * variance of one unit (a game, or a pair's mean of two games); the 95%
 * interval of s is s +- z sqrt(var / n), mapped through the logistic Elo
 * curve; nElo divides s - 0.5 by the per-game standard deviation, which
 * for a pair is sqrt(2 var) because a pair holds two games.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rating/stats.h"

#define NELO_SCALE	(800.0 / 2.302585092994046)	/* 800 / ln 10 */

double
stats_elo_of_score(double s)
{
	if (!(s > 0))
		return -INFINITY;
	if (s >= 1)
		return INFINITY;
	/* -400 log10(1/s - 1), written to keep precision near s = 1. */
	return 400 * log10(s / (1 - s));
}

double
stats_score_of_elo(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

double
stats_phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

double
stats_t975(long df)
{
	/* t(0.975, df) for df = 1..30, computed with mpmath to 1e-9. */
	static const double t[30] = {
		12.7062047362, 4.3026527298, 3.1824463053, 2.7764451052,
		2.5705818356, 2.4469118511, 2.3646242516, 2.3060041352,
		2.2621571628, 2.2281388520, 2.2009851601, 2.1788128297,
		2.1603686565, 2.1447866879, 2.1314495456, 2.1199052992,
		2.1098155778, 2.1009220402, 2.0930240544, 2.0859634473,
		2.0796138447, 2.0738730679, 2.0686576104, 2.0638985616,
		2.0595385528, 2.0555294386, 2.0518305165, 2.0484071418,
		2.0452296421, 2.0422724563
	};
	double z = STATS_Z95, v = (double)df, z3, z5, z7;

	if (df < 1)
		return INFINITY;
	if (df <= 30)
		return t[df - 1];
	/* Cornish-Fisher expansion of t in powers of 1/df (Abramowitz and
	 * Stegun 26.7.5); below 1e-6 from df = 31 on. */
	z3 = z * z * z;
	z5 = z3 * z * z;
	z7 = z5 * z * z;
	return z + (z3 + z) / (4 * v) +
	    (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
	    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

/*
 * Fills everything but draw_ratio and pair_ratio from the score s, the
 * variance of one unit, the number of units n, and the games per unit
 * (1 or 2), which scales the nElo standard deviation.
 */
static void
fill(double s, double var, double n, double games_per_unit,
    struct stats_h2h *o)
{
	double se = sqrt(var / n), sd;

	o->n = n;
	o->score = s;
	o->variance = var;
	o->elo = stats_elo_of_score(s);
	o->elo_lo = stats_elo_of_score(s - STATS_Z95 * se);
	o->elo_hi = stats_elo_of_score(s + STATS_Z95 * se);
	if (isfinite(o->elo_lo) && isfinite(o->elo_hi))
		o->elo_ci95 = (o->elo_hi - o->elo_lo) / 2;
	else
		o->elo_ci95 = INFINITY;

	/* nElo is linear in s, so its interval is symmetric. */
	sd = sqrt(games_per_unit * var);
	if (sd > 0) {
		o->nelo = (s - 0.5) / sd * NELO_SCALE;
		o->nelo_ci95 = STATS_Z95 * se / sd * NELO_SCALE;
	} else {
		o->nelo = s > 0.5 ? INFINITY : s < 0.5 ? -INFINITY : 0;
		o->nelo_ci95 = INFINITY;
	}

	/* LOS = Phi((s - 0.5) / se), fastchess's erf form. */
	if (se > 0)
		o->los = stats_phi((s - 0.5) / se);
	else
		o->los = s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5;
}

int
stats_wdl(long wins, long draws, long losses, struct stats_h2h *out)
{
	double n = (double)wins + (double)draws + (double)losses;
	double w, d, l, s, var;

	memset(out, 0, sizeof(*out));
	if (wins < 0 || draws < 0 || losses < 0 || n <= 0)
		return -1;
	w = wins / n;
	d = draws / n;
	l = losses / n;
	s = w + d / 2;
	var = w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) +
	    l * s * s;
	fill(s, var, n, 1, out);
	out->draw_ratio = d;
	return 0;
}

int
stats_penta(const long pairs[STATS_NPENTA], struct stats_h2h *out)
{
	/* Per-game score of each bucket: a pair's points over two. */
	static const double a[STATS_NPENTA] = { 0, 0.25, 0.5, 0.75, 1 };
	double n = 0, s = 0, var = 0, win, lose;

	memset(out, 0, sizeof(*out));
	for (int k = 0; k < STATS_NPENTA; k++) {
		if (pairs[k] < 0)
			return -1;
		n += (double)pairs[k];
	}
	if (n <= 0)
		return -1;
	for (int k = 0; k < STATS_NPENTA; k++)
		s += a[k] * (double)pairs[k] / n;
	for (int k = 0; k < STATS_NPENTA; k++)
		var += (double)pairs[k] / n * (a[k] - s) * (a[k] - s);
	fill(s, var, n, 2, out);
	out->draw_ratio = (double)pairs[STATS_EVEN] / n;

	/* fastchess's pair ratio; no losing pair gives INFINITY, or 1 when
	 * there is no decisive pair at all. */
	win = (double)pairs[STATS_WW] + (double)pairs[STATS_WD];
	lose = (double)pairs[STATS_LL] + (double)pairs[STATS_LD];
	if (lose > 0)
		out->pair_ratio = win / lose;
	else
		out->pair_ratio = win > 0 ? INFINITY : 1;
	return 0;
}

void
stats_acc_init(struct stats_acc *a)
{
	a->n = 0;
	a->mean = 0;
	a->m2 = 0;
	a->sum = 0;
}

/* Welford (1962): update the mean and the sum of squared deviations
 * without the cancellation of sum(x^2) - n mean^2.  The mean itself is
 * the plain sum over n: game values are integers, whose sum is exact,
 * so the mean does not depend on the order the deals finished in (a
 * resumed match prints the same figures as an uninterrupted one). */
void
stats_acc_add(struct stats_acc *a, double x)
{
	double d = x - a->mean;

	a->n++;
	a->sum += x;
	a->mean = a->sum / (double)a->n;
	a->m2 += d * (x - a->mean);
}

/* Chan, Golub and LeVeque (1979), the pairwise form of Welford. */
void
stats_acc_merge(struct stats_acc *a, const struct stats_acc *b)
{
	double na = (double)a->n, nb = (double)b->n, n = na + nb, d;

	if (b->n == 0)
		return;
	d = b->mean - a->mean;
	a->m2 += b->m2 + d * d * na * nb / n;
	a->n += b->n;
	a->sum += b->sum;
	a->mean = a->sum / (double)a->n;
}

double
stats_acc_mean(const struct stats_acc *a)
{
	return a->n > 0 ? a->mean : 0;
}

double
stats_acc_sd(const struct stats_acc *a)
{
	if (a->n < 2 || a->m2 <= 0)
		return 0;
	return sqrt(a->m2 / (double)(a->n - 1));
}

double
stats_acc_ci95(const struct stats_acc *a)
{
	if (a->n < 2)
		return INFINITY;
	return stats_t975(a->n - 1) * stats_acc_sd(a) / sqrt((double)a->n);
}

int
stats_decimals(double x, double half)
{
	if (!isfinite(half) || half >= 10 || (half == 0 && x == floor(x)))
		return 0;
	return half >= 1 ? 1 : 2;
}

void
stats_rng_seed(struct stats_rng *r, uint64_t seed)
{
	r->s = seed;
}

uint64_t
stats_rng_next(struct stats_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t
stats_rng_below(struct stats_rng *r, uint64_t bound)
{
	/* Reject the lowest 2^64 mod bound values: no modulo bias. */
	uint64_t floor = -bound % bound, x;

	do
		x = stats_rng_next(r);
	while (x < floor);
	return x % bound;
}

double
stats_rng_unit(struct stats_rng *r)
{
	return (double)(stats_rng_next(r) >> 11) / 9007199254740992.0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
stats_sort(double *x, size_t m)
{
	qsort(x, m, sizeof(*x), cmp_double);
}

double
stats_percentile(const double *x, size_t m, double q)
{
	double h = q * (double)(m - 1);
	size_t lo = (size_t)h;

	if (lo >= m - 1)
		return x[m - 1];
	return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}
