/*
 * elo.h: ratings of many players fitted jointly over all their games.
 *
 * Purpose: rate every engine of a round robin or gauntlet from all its
 * games at once, as BayesElo and Ordo do for chess, with the advantage
 * of the elder hand estimated rather than assumed away, intervals from
 * the fit and from a bootstrap over duplicate pairs, and a likelihood-
 * of-superiority matrix.
 *
 * Model (elo.c derives it).  For player i in seat 0 (the elder hand, the
 * non-dealer) against j in seat 1 (the dealer), with beta = ln 10 / 400:
 *
 *	x = beta (r_i + h - r_j),   p = 1 / (1 + e^-x)
 *	P(win) + P(draw) / 2 = p,   P(draw)^2 = nu^2 P(win) P(loss)
 *
 * The expected score is Bradley-Terry (logistic Elo) and draws follow
 * Davidson's relation, in Ordo's parametrisation (Ordo manual, "Draw
 * rate model"): two players alone get exactly -400 log10(1/s - 1) apart.
 * h is the elder hand's advantage in Elo, nu the draw parameter; equal
 * players without advantage draw nu / (nu + 2) of their games.
 *
 * Fit: maximum likelihood by Newton's method (Fisher scoring where the
 * Hessian is not definite) with a line search; intervals from the
 * inverse of the observed information.  A weak prior keeps everything
 * finite (Ordo instead sets perfect scorers aside): each player plays
 * prior_games virtual games against the mean rating, and the two seats
 * prior_games between equal players, all scored 1/4 win, 1/2 draw, 1/4
 * loss.  So a perfect score, a player without games or a group that
 * never meets the others gets a large but finite rating and interval,
 * and nu stays inside (0, inf) when no game, or every game, is drawn.
 * With 0.5 virtual games a 190 Elo gap over 400 games shrinks by 0.16
 * Elo, and a 127 Elo gap over 40 games by 0.9.  prior_games 0 turns the
 * prior off; such cases then stop at a clamp near 10000 Elo and converged
 * may be false.
 *
 * Ownership: elo_fit and elo_bootstrap overwrite *out (without freeing
 * it) with arrays in one block they allocate; release it with
 * elo_fit_free or elo_boot_free, which accept a zeroed result too (as a
 * failure leaves).  No I/O, no global state; the random generator of
 * the bootstrap is the caller's (stats.h).
 */
#ifndef ELO_H
#define ELO_H

#include <stdbool.h>
#include <stddef.h>

#include "rating/stats.h"

#define ELO_MAX_PLAYERS	1024

/* One game: p0 in seat 0 (elder hand), p1 in seat 1 (dealer). */
struct elo_game {
	int	p0;
	int	p1;
	double	score;		/* p0's result: 1, 0.5 or 0 */
	long	pair;		/* duplicate pair id; negative: alone */
};

struct elo_opts {
	int	anchor;		/* player held at anchor_elo; -1: mean 0 */
	double	anchor_elo;
	bool	fit_advantage;	/* estimate h; false holds it at 0 */
	double	prior_games;	/* virtual games per player; 0.5 */
	int	max_iter;	/* Newton steps; 100 */
};

struct elo_fit {
	int	n;		/* players */
	double	*rating;	/* [n] Elo, mean 0 or anchored */
	double	*ci95;		/* [n] half-width; 0 for the anchor */
	double	*cov;		/* [n * n] of the ratings as given, Elo^2 */
	double	*los;		/* [n * n] P(r_i > r_j) at [i * n + j] */
	double	advantage;	/* h: seat 0's advantage, Elo */
	double	advantage_ci95;
	double	draw_nu;	/* nu */
	double	draw_eq;	/* nu / (nu + 2): draws between equals */
	double	draw_eq_lo;	/* its 95% interval */
	double	draw_eq_hi;
	double	loglik;		/* of the real games at the fit */
	int	iterations;
	bool	converged;
};

/* Per-rating percentiles over bootstrap resamples of duplicate pairs. */
struct elo_boot {
	int	n;
	int	resamples;
	double	*lo;		/* [n] 2.5% point of each rating, Elo */
	double	*hi;		/* [n] 97.5% point */
	double	*ci95;		/* [n] (hi - lo) / 2 */
	double	*los;		/* [n * n] share of resamples with r_i > r_j */
	double	advantage_lo;
	double	advantage_hi;
};

void	elo_opts_init(struct elo_opts *o);

/*
 * Fits n players over the games.  Returns 0, or -1 (result zeroed) for
 * n outside 1 .. ELO_MAX_PLAYERS, a player index out of range, a player
 * against itself, a score that is not a number, an anchor out of range
 * or no memory.  Scores above 0.75 count as wins, below 0.25 as losses,
 * between as draws.
 */
int	elo_fit(const struct elo_game *g, size_t ngames, int n,
	    const struct elo_opts *o, struct elo_fit *out);

/*
 * The same from counts: count[(i * n + j) * 3 + k] games with i in seat
 * 0 against j, k = 0 i won, 1 drawn, 2 i lost.  Counts may be fractional
 * (weights); negative or non-finite counts are refused.
 */
int	elo_fit_counts(const double *count, int n, const struct elo_opts *o,
	    struct elo_fit *out);
void	elo_fit_free(struct elo_fit *f);

/*
 * Resamples the duplicate pairs (games sharing a pair id; a game with
 * pair -1 is its own) with replacement, refits each resample, and
 * reports the percentile intervals.  Same errors as elo_fit, and
 * resamples < 2.  Deterministic for a given rng state.
 */
int	elo_bootstrap(const struct elo_game *g, size_t ngames, int n,
	    const struct elo_opts *o, int resamples, struct stats_rng *rng,
	    struct elo_boot *out);
void	elo_boot_free(struct elo_boot *b);

/* Half-width of the 95% interval of r_i - r_j from the fit's
 * covariance: narrower than the two ratings' own intervals together
 * where the two met often. */
double	elo_gap_ci95(const struct elo_fit *f, int i, int j);

/* Outcome probabilities {win, draw, loss} of the model for a rating
 * difference diff (Elo, advantage included) and draw parameter nu. */
void	elo_predict(double diff, double nu, double prob[3]);

#endif
