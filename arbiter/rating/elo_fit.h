/*
 * elo_fit.h: what the parts of the rating fit share: the model
 * (elo_model.c), the fit (elo.c) and the bootstrap (elo_boot.c), which
 * refits resampled counts from the full fit.  Private to these files;
 * the public interface is elo.h.
 */
#ifndef ELO_FIT_H
#define ELO_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "rating/elo.h"

#define BETA		(2.302585092994046 / 400.0)	/* per Elo */

enum hess { HESS_NONE, HESS_FISHER, HESS_OBSERVED };

/*
 * One cell of counts c[3] (win, draw, loss) at x and u = ln nu (elo_model.c):
 * returns the log-likelihood, sets its gradient g[2] and, by mode, its
 * Hessian h = {xx, xu, uu}, observed or minus the Fisher information.
 */
double	elo_cell(double x, double u, const double *c, enum hess mode,
	    double *g, double *h);

/* A fit: counts and the layout of the parameters (elo.c explains). */
struct problem {
	const double	*count;	/* [n][n][3] */
	int		n;
	double		prior;	/* virtual games per player */
	int		ih;	/* index of h, or -1 */
	int		iu;	/* index of u */
	int		k;	/* parameters */
};

/* Scratch for one fit, in one block: gradient, Hessian, its factor,
 * step, trial point, prior weights, parameters; and cell indices. */
struct work {
	double	*g, *H, *l, *d, *tn, *w, *th;
	int	*idx;
};

int	elo_work_alloc(struct work *wk, int k, int n);
void	elo_work_free(struct work *wk);
/* pb over counts (NULL: set pb->count later) of n players under o. */
void	elo_problem_init(struct problem *pb, const double *count, int n,
	    const struct elo_opts *o);
/* The starting point from the counts; th has pb->k entries. */
void	elo_start(const struct problem *pb, double *th);
/* Maximises the log-posterior from th; returns the steps taken. */
int	elo_newton(const struct problem *pb, double *th, int max_iter,
	    bool *conv, struct work *wk);
/* Ratings in the gauge of o, Elo, into r[n]. */
void	elo_ratings(const struct problem *pb, const double *th,
	    const struct elo_opts *o, double *r);
/* 0, or -1 for options or games the fit refuses. */
int	elo_check_opts(int n, const struct elo_opts *o);
int	elo_check_games(const struct elo_game *g, size_t ngames, int n);
int	elo_max_iter(const struct elo_opts *o);
/* Adds game g to count[n][n][3]. */
void	elo_add_game(double *count, int n, const struct elo_game *g);

#endif
