/*
 * eval_fit.h: ridge least squares for the weights of eval.h, and the
 * fit of its residual spread; bench_eval feeds it self-play positions.
 */
#ifndef EVAL_FIT_H
#define EVAL_FIT_H

#include "eval.h"

/* The normal equations X'X w = X'y, summed one position at a time. */
struct eval_fit {
	double	xtx[EVAL_NFEAT][EVAL_NFEAT];
	double	xty[EVAL_NFEAT];
	long	rows;
};

/* Adds one position: features x (EVAL_NFEAT), points still to come y. */
void	eval_fit_add(struct eval_fit *f, const double *x, double y);

/*
 * Solves (X'X + lambda I) w = X'y.  A feature that never occurs (zero in
 * every row: a combination the variant does not score) gets weight 0.
 */
void	eval_fit_solve(const struct eval_fit *f, double lambda, double *w);

/*
 * The spread a + b sqrt(share) that fits, by least squares weighted by
 * n[k], the residual sd sd[k] measured at share[k] of the stock left
 * (k < buckets).  Buckets with n[k] 0 are skipped.
 */
void	eval_fit_spread(const double *share, const double *sd,
	    const long *n, int buckets, double *a, double *b);

#endif
