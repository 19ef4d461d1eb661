/*
 * policy_fit.c: softmax regression by Newton's method (policy_fit.h).
 */
#include <math.h>
#include <string.h>

#include "policy_fit.h"

/* The scores of one decision's actions, and their probabilities. */
static void
probabilities(const struct fit_set *s, const int16_t *x, int n,
    const double *theta, double *score, double *p)
{
	double lo = 0, sum = 0;

	for (int i = 0; i < n; i++) {
		score[i] = 0;
		for (int j = 0; j < s->nfeat; j++)
			score[i] += theta[j] * x[i * s->nfeat + j];
		if (i == 0 || score[i] < lo)
			lo = score[i];
	}
	for (int i = 0; i < n; i++)
		sum += p[i] = exp(lo - score[i]);
	for (int i = 0; i < n; i++)
		p[i] /= sum;
}

/* Adds one decision's gradient (E_q f - E_p f: with a choice, f_chosen
 * - E_p f) and Hessian (the covariance of f under p). */
static void
add_derivatives(const struct fit_set *s, const int16_t *x, int n, int c,
    const double *q, const double *p, double *grad, double *hess)
{
	int m = s->nfeat;
	double mean[FIT_MAX_FEATURES] = { 0 };

	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			mean[j] += p[i] * x[i * m + j];
	if (q == NULL) {
		for (int j = 0; j < m; j++)
			grad[j] += x[c * m + j] - mean[j];
	} else {
		for (int i = 0; i < n; i++)
			for (int j = 0; q[i] != 0 && j < m; j++)
				grad[j] += q[i] * x[i * m + j];
		for (int j = 0; j < m; j++)
			grad[j] -= mean[j];
	}
	if (hess == NULL)
		return;
	for (int i = 0; i < n; i++) {
		double d[FIT_MAX_FEATURES];
		if (p[i] < 1e-300)
			continue;
		for (int j = 0; j < m; j++)
			d[j] = x[i * m + j] - mean[j];
		for (int j = 0; j < m; j++)
			for (int k = 0; k <= j; k++)
				hess[j * m + k] += p[i] * d[j] * d[k];
	}
}

double
fit_loss(const struct fit_set *s, const double *theta, double l2,
    double *grad, double *hess)
{
	int m = s->nfeat;
	const int16_t *x = s->x;
	const double *q = s->target;
	double loss = 0, score[FIT_MAX_ACTIONS], p[FIT_MAX_ACTIONS];

	if (grad != NULL)
		memset(grad, 0, sizeof(double) * (size_t)m);
	if (hess != NULL)
		memset(hess, 0, sizeof(double) * (size_t)(m * m));
	for (long d = 0; d < s->ndec; d++) {
		int n = s->nact[d], c = q == NULL ? s->chosen[d] : 0;
		probabilities(s, x, n, theta, score, p);
		if (q == NULL)
			loss -= log(p[c] > 1e-300 ? p[c] : 1e-300);
		for (int i = 0; q != NULL && i < n; i++)
			if (q[i] != 0)
				loss -= q[i] * log(p[i] > 1e-300 ? p[i] :
				    1e-300);
		if (grad != NULL)
			add_derivatives(s, x, n, c, q, p, grad, hess);
		x += (long)n * m;
		if (q != NULL)
			q += n;
	}
	loss /= (double)s->ndec;
	for (int j = 0; j < m; j++) {
		loss += l2 / 2 * theta[j] * theta[j];
		if (grad != NULL)
			grad[j] = grad[j] / (double)s->ndec + l2 * theta[j];
	}
	if (hess != NULL)
		for (int j = 0; j < m; j++) {
			for (int k = 0; k <= j; k++) {
				hess[j * m + k] /= (double)s->ndec;
				hess[k * m + j] = hess[j * m + k];
			}
			hess[j * m + j] += l2;
		}
	return loss;
}

/* Solves h d = g in place of g by Cholesky (h is overwritten); -1 if h
 * is not positive definite. */
static int
solve(double *h, double *g, int m)
{
	for (int j = 0; j < m; j++) {
		double v = h[j * m + j];
		for (int k = 0; k < j; k++)
			v -= h[j * m + k] * h[j * m + k];
		if (v <= 0)
			return -1;
		h[j * m + j] = sqrt(v);
		for (int i = j + 1; i < m; i++) {
			double u = h[i * m + j];
			for (int k = 0; k < j; k++)
				u -= h[i * m + k] * h[j * m + k];
			h[i * m + j] = u / h[j * m + j];
		}
	}
	for (int i = 0; i < m; i++) {	/* L y = g */
		for (int k = 0; k < i; k++)
			g[i] -= h[i * m + k] * g[k];
		g[i] /= h[i * m + i];
	}
	for (int i = m - 1; i >= 0; i--) {	/* L^T d = y */
		for (int k = i + 1; k < m; k++)
			g[i] -= h[k * m + i] * g[k];
		g[i] /= h[i * m + i];
	}
	return 0;
}

int
fit_newton(const struct fit_set *s, double *theta, double l2, int max_iter)
{
	static double hess[FIT_MAX_FEATURES * FIT_MAX_FEATURES];
	double grad[FIT_MAX_FEATURES], step[FIT_MAX_FEATURES];
	double next[FIT_MAX_FEATURES];
	int m = s->nfeat, it;

	for (it = 0; it < max_iter; it++) {
		double loss = fit_loss(s, theta, l2, grad, hess), t = 1, slope = 0;
		memcpy(step, grad, sizeof(double) * (size_t)m);
		if (solve(hess, step, m) < 0)
			return -1;
		for (int j = 0; j < m; j++)
			slope += grad[j] * step[j];
		if (slope < 1e-12)
			break;		/* converged */
		for (;;) {
			for (int j = 0; j < m; j++)
				next[j] = theta[j] - t * step[j];
			if (fit_loss(s, next, l2, NULL, NULL) <=
			    loss - 1e-4 * t * slope)
				break;
			if ((t /= 2) < 1e-6)
				return it;
		}
		memcpy(theta, next, sizeof(double) * (size_t)m);
	}
	return it;
}

double
fit_scale(const struct fit_set *s, double *theta)
{
	double lo = -12, hi = 4;	/* log2 of the factor */
	double t[FIT_MAX_FEATURES];

	/* The loss is convex in the factor: a ternary search. */
	for (int it = 0; it < 60; it++) {
		double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3, la, lb;
		for (int j = 0; j < s->nfeat; j++)
			t[j] = theta[j] * exp2(a);
		la = fit_loss(s, t, 0, NULL, NULL);
		for (int j = 0; j < s->nfeat; j++)
			t[j] = theta[j] * exp2(b);
		lb = fit_loss(s, t, 0, NULL, NULL);
		if (la < lb)
			hi = b;
		else
			lo = a;
	}
	for (int j = 0; j < s->nfeat; j++)
		theta[j] *= exp2((lo + hi) / 2);
	return exp2((lo + hi) / 2);
}

double
fit_accuracy(const struct fit_set *s, const double *theta)
{
	const int16_t *x = s->x;
	double score[FIT_MAX_ACTIONS], p[FIT_MAX_ACTIONS];
	long right = 0;

	for (long d = 0; d < s->ndec; d++) {
		int n = s->nact[d], best = 0;
		probabilities(s, x, n, theta, score, p);
		for (int i = 1; i < n; i++)
			if (score[i] < score[best])
				best = i;
		right += best == s->chosen[d];
		x += (long)n * s->nfeat;
	}
	return s->ndec > 0 ? (double)right / (double)s->ndec : 0;
}
