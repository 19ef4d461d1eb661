/*
 * policy_fit.h: multinomial logistic regression of the choices at play
 * decisions (issue 18, learning from play).
 *
 * Each decision offers a few actions, each a vector of whole-number
 * features (policy_features.h), and one was chosen.  The model plays
 * action i with probability proportional to exp(-theta . f_i): theta is
 * a scale of scores, lowest best, as the simulation policy reads it.
 * The fit minimises the mean negative log-likelihood of the choices plus
 * l2 / 2 |theta|^2 by Newton's method (the features are few), from a
 * given start; it is deterministic.
 *
 * Or, with soft targets, the mean cross-entropy -sum_i q_i log p_i of
 * the model's probabilities p against given ones q (e.g. a softmax of
 * the search's values of each action: distillation).  A choice is the
 * target q = 1 on it; the gradient is E_q f - E_p f either way, the
 * Hessian the covariance of f under p.
 */
#ifndef POLICY_FIT_H
#define POLICY_FIT_H

#include <stdint.h>

#define FIT_MAX_FEATURES	64
#define FIT_MAX_ACTIONS	256	/* a decision's, at most */

struct fit_set {
	int		 nfeat;
	long		 ndec;
	const int	*nact;		/* per decision: its actions */
	const int	*chosen;	/* per decision: the one chosen */
	const int16_t	*x;		/* nfeat per action, in order */
	const double	*target;	/* per action, in order: q, summing
					 * to 1 a decision; NULL: the
					 * chosen ones */
};

/* The mean loss (with targets, the cross-entropy) at theta; its gradient and Hessian (nfeat x nfeat, row
 * by row) too where they are not NULL. */
double	fit_loss(const struct fit_set *s, const double *theta, double l2,
	    double *grad, double *hess);

/* Newton steps from theta (halved until the loss falls) until the step
 * no longer lowers the loss or after max_iter; returns the steps taken,
 * or -1 if the Hessian was not positive definite (l2 > 0 prevents it). */
int	fit_newton(const struct fit_set *s, double *theta, double l2,
	    int max_iter);

/* Multiplies theta by the factor that best fits (a scale of scores has
 * no temperature of its own: this gives it one); returns the factor. */
double	fit_scale(const struct fit_set *s, double *theta);

/* The share of decisions whose lowest-scored action (the first of
 * equals) is the one chosen. */
double	fit_accuracy(const struct fit_set *s, const double *theta);

#endif
