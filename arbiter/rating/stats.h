/*
 * stats.h: head-to-head statistics of two engines, and the running mean
 * of a stream of values.
 *
 * Purpose: the numbers a match table prints, with the formulas the chess
 * runners use, so that a reader who knows fastchess reads ours alike:
 *
 *  - trinomial (W/D/L over single games): score, logistic Elo with a 95%
 *    interval from the per-game variance, normalised Elo (nElo), LOS
 *    and draw ratio (fastchess elo_wdl.cpp);
 *  - pentanomial (duplicate pairs: one deal played twice with the seats
 *    swapped, so each pair scores 0, 0.5, 1, 1.5 or 2 points): the same
 *    from the per-pair variance, which removes the luck of the deal that
 *    both games share (fastchess elo_pentanomial.cpp);
 *  - a Welford accumulator for the mean and 95% interval (Student t) of
 *    any stream, such as the game value of each deal;
 *  - for bootstraps: a seeded random generator whose state the caller
 *    owns and passes in, and percentiles of a sample.
 *
 * Pure numerics: no I/O, no allocation, no global state.  Scores of 0 or
 * 1 (and intervals reaching them) give Elo of -INFINITY or +INFINITY and
 * an interval half-width of INFINITY; no function returns NaN.
 */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>
#include <stdint.h>

#define STATS_Z95	1.959963984540054	/* Phi^-1(0.975) */

/* Head-to-head result, trinomial or pentanomial; Elo for the first
 * engine, positive when it is the stronger. */
struct stats_h2h {
	double	n;		/* games (trinomial) or pairs (pentanomial) */
	double	score;		/* mean points per game, 0..1 */
	double	variance;	/* of one game's, or one pair's mean, score */
	double	elo;		/* -400 log10(1 / score - 1) */
	double	elo_lo;		/* Elo of the 95% bounds of the score */
	double	elo_hi;
	double	elo_ci95;	/* (elo_hi - elo_lo) / 2, as fastchess */
	double	nelo;		/* (score - 0.5) / sd * 800 / ln 10 */
	double	nelo_ci95;
	double	los;		/* P(first engine stronger), 0..1 */
	double	draw_ratio;	/* drawn games; for pairs: pairs of 1 point */
	double	pair_ratio;	/* (WW + WD) / (LD + LL); pentanomial only */
};

/* Pentanomial buckets: pairs in which the first engine scored 0, 0.5,
 * 1, 1.5 and 2 points (fastchess LL, LD, WL + DD, WD, WW). */
enum {
	STATS_LL, STATS_LD, STATS_EVEN, STATS_WD, STATS_WW, STATS_NPENTA
};

/* Both return 0, or -1 (and a zeroed result) when there is no game or a
 * count is negative. */
int	stats_wdl(long wins, long draws, long losses, struct stats_h2h *out);
int	stats_penta(const long pairs[STATS_NPENTA], struct stats_h2h *out);

/* Conversions: logistic Elo of a score (infinite at 0 and 1) and back;
 * the standard normal distribution function; Student's t quantile for
 * 97.5% with df degrees of freedom (within 2e-6). */
double	stats_elo_of_score(double score);
double	stats_score_of_elo(double elo);
double	stats_phi(double z);
double	stats_t975(long df);

/* Welford's running mean and variance.  Initialise with stats_acc_init
 * (or zero it).  Merge combines two accumulators (Chan et al.). */
struct stats_acc {
	long	n;
	double	mean;
	double	m2;		/* sum of squared deviations from the mean */
	double	sum;		/* mean = sum / n, exact for integers */
};

void	stats_acc_init(struct stats_acc *a);
void	stats_acc_add(struct stats_acc *a, double x);
void	stats_acc_merge(struct stats_acc *a, const struct stats_acc *b);
/* 0 when empty. */
double	stats_acc_mean(const struct stats_acc *a);
/* Sample standard deviation (n - 1); 0 below two values. */
double	stats_acc_sd(const struct stats_acc *a);
/* Half-width of the 95% interval of the mean, t(n - 1) s / sqrt(n);
 * INFINITY below two values. */
double	stats_acc_ci95(const struct stats_acc *a);
/* The decimals a mean x with this half-width is worth: 0 from 10 up
 * (and where it is not finite, or 0 about a whole number: values all
 * the same), 1 from 1, else 2 (a game value in points, or in games won:
 * two-hand's 1 and 2). */
int	stats_decimals(double x, double half);

/* splitmix64 (Steele, Lea and Flood 2014): any seed, 2^64 period. */
struct stats_rng {
	uint64_t	s;
};

void	stats_rng_seed(struct stats_rng *r, uint64_t seed);
uint64_t stats_rng_next(struct stats_rng *r);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
uint64_t stats_rng_below(struct stats_rng *r, uint64_t bound);
/* Uniform in [0, 1), 53 bits. */
double	stats_rng_unit(struct stats_rng *r);

/* Sorts x ascending in place; then the q-quantile of the sorted x[0..m)
 * (m > 0), linear between order statistics (Hyndman and Fan type 7). */
void	stats_sort(double *x, size_t m);
double	stats_percentile(const double *sorted, size_t m, double q);

#endif
