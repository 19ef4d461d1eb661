/*
 * rating.c: the joint Bradley-Terry-Davidson fit (rating.h).
 *
 * Parameters: the n ratings, the elder hand's advantage h and log(nu).
 * Newton's method on the log posterior with a numerical Hessian: with at
 * most 32 players the Hessian is small, and the counts make each
 * evaluation O(n^2).
 */
#include <math.h>
#include <string.h>

#include "rating.h"

#define NPAR		(RATING_MAX_PLAYERS + 2)
#define PRIOR_SD	1000.0	/* Elo: keeps perfect scores finite */
#define LN10_400	(2.302585092994046 / 400.0)

static double
log_posterior(const struct rating_data *d, const double *p)
{
	int n = d->n;
	double h = p[n], nu = exp(p[n + 1]), lp = 0;

	for (int i = 0; i < n; i++) {
		lp -= p[i] * p[i] / (2 * PRIOR_SD * PRIOR_SD);
		for (int j = 0; j < n; j++) {
			const long *c = d->count[i][j];
			double la, lb, a, b, m, z;
			if (i == j || c[0] + c[1] + c[2] == 0)
				continue;
			la = (p[i] + h) * LN10_400;
			lb = p[j] * LN10_400;
			m = la > lb ? la : lb;
			a = exp(la - m);
			b = exp(lb - m);
			z = log(a + b + nu * sqrt(a * b));
			lp += (double)c[0] * (la - m - z) +
			    (double)c[1] * (log(nu) + (la + lb) / 2 - m - z) +
			    (double)c[2] * (lb - m - z);
		}
	}
	/* A weak prior on log(nu) near one draw in a hundred games: Bézique
	 * draws are rare and a deal with none must not send nu to zero. */
	lp -= (p[n + 1] - log(0.02)) * (p[n + 1] - log(0.02)) / 8;
	return lp;
}

/* Numerical gradient and Hessian of the log posterior. */
static void
derivatives(const struct rating_data *d, double *p, int k, double *g,
    double H[NPAR][NPAR])
{
	const double e = 1e-3;
	double f0 = log_posterior(d, p);

	for (int i = 0; i < k; i++) {
		double pi = p[i], fp, fm;
		p[i] = pi + e;
		fp = log_posterior(d, p);
		p[i] = pi - e;
		fm = log_posterior(d, p);
		p[i] = pi;
		g[i] = (fp - fm) / (2 * e);
		H[i][i] = (fp - 2 * f0 + fm) / (e * e);
		for (int j = 0; j < i; j++) {
			double pj = p[j], fpp, fpm, fmp, fmm;
			p[i] = pi + e; p[j] = pj + e; fpp = log_posterior(d, p);
			p[i] = pi + e; p[j] = pj - e; fpm = log_posterior(d, p);
			p[i] = pi - e; p[j] = pj + e; fmp = log_posterior(d, p);
			p[i] = pi - e; p[j] = pj - e; fmm = log_posterior(d, p);
			p[i] = pi;
			p[j] = pj;
			H[i][j] = H[j][i] = (fpp - fpm - fmp + fmm) / (4 * e * e);
		}
	}
}

/* Inverts the k x k matrix A (negated Hessian, positive definite) into
 * inv by Gauss-Jordan elimination; returns -1 if singular. */
static int
invert(double A[NPAR][NPAR], int k, double inv[NPAR][NPAR])
{
	double m[NPAR][2 * NPAR];

	for (int i = 0; i < k; i++)
		for (int j = 0; j < 2 * k; j++)
			m[i][j] = j < k ? A[i][j] : (j - k == i);
	for (int c = 0; c < k; c++) {
		int piv = c;
		for (int r = c + 1; r < k; r++)
			if (fabs(m[r][c]) > fabs(m[piv][c]))
				piv = r;
		if (fabs(m[piv][c]) < 1e-300)
			return -1;
		for (int j = 0; j < 2 * k; j++) {
			double t = m[c][j];
			m[c][j] = m[piv][j];
			m[piv][j] = t;
		}
		for (int j = 2 * k - 1; j >= c; j--)
			m[c][j] /= m[c][c];
		for (int r = 0; r < k; r++)
			if (r != c && m[r][c] != 0)
				for (int j = 2 * k - 1; j >= c; j--)
					m[r][j] -= m[r][c] * m[c][j];
	}
	for (int i = 0; i < k; i++)
		for (int j = 0; j < k; j++)
			inv[i][j] = m[i][j + k];
	return 0;
}

/* Variance of (p_i - p_j) under covariance C. */
static double
diff_var(double C[NPAR][NPAR], int i, int j)
{
	return C[i][i] + C[j][j] - 2 * C[i][j];
}

/* Variance of p_i minus the reference (the mean, or the anchor). */
static double
rel_var(double C[NPAR][NPAR], int n, int i, int anchor)
{
	double v = 0;

	if (anchor >= 0)
		return i == anchor ? 0 : diff_var(C, i, anchor);
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			double wa = (a == i) - 1.0 / n, wb = (b == i) - 1.0 / n;
			v += wa * wb * C[a][b];
		}
	return v;
}

static void
newton(const struct rating_data *d, double *p, int k, int *iterations)
{
	double g[NPAR], H[NPAR][NPAR], neg[NPAR][NPAR], inv[NPAR][NPAR];

	for (int it = 0; it < 100; it++) {
		double step[NPAR], f0 = log_posterior(d, p), t = 1, norm = 0;
		derivatives(d, p, k, g, H);
		for (int i = 0; i < k; i++)
			for (int j = 0; j < k; j++)
				neg[i][j] = -H[i][j];
		if (invert(neg, k, inv) < 0)
			break;
		for (int i = 0; i < k; i++) {
			step[i] = 0;
			for (int j = 0; j < k; j++)
				step[i] += inv[i][j] * g[j];
			norm += step[i] * step[i];
		}
		/* Halve the step until the posterior does not fall. */
		for (; t > 1e-6; t /= 2) {
			double q[NPAR];
			for (int i = 0; i < k; i++)
				q[i] = p[i] + t * step[i];
			if (log_posterior(d, q) >= f0 - 1e-12) {
				memcpy(p, q, sizeof(double) * (size_t)k);
				break;
			}
		}
		*iterations = it + 1;
		if (sqrt(norm) * t < 1e-4)
			break;
	}
}

void
rating_fit(const struct rating_data *d, int anchor, double anchor_elo,
    struct rating_fit *out)
{
	int n = d->n, k = n + 2;
	double p[NPAR] = { 0 }, g[NPAR], H[NPAR][NPAR], neg[NPAR][NPAR];
	double C[NPAR][NPAR], ref = 0;

	memset(out, 0, sizeof(*out));
	out->n = n;
	p[n + 1] = log(0.02);
	newton(d, p, k, &out->iterations);
	derivatives(d, p, k, g, H);
	for (int i = 0; i < k; i++)
		for (int j = 0; j < k; j++)
			neg[i][j] = -H[i][j];
	if (invert(neg, k, C) < 0)
		memset(C, 0, sizeof(C));
	if (anchor >= 0)
		ref = p[anchor] - anchor_elo;
	else
		for (int i = 0; i < n; i++)
			ref += p[i] / n;
	for (int i = 0; i < n; i++) {
		out->elo[i] = p[i] - ref;
		out->ci95[i] = 1.959964 * sqrt(fmax(rel_var(C, n, i, anchor),
		    0));
		for (int j = 0; j < n; j++) {
			double v = diff_var(C, i, j);
			out->los[i][j] = i == j ? 0.5 : v > 0 ?
			    0.5 * erfc(-(p[i] - p[j]) / sqrt(2 * v)) :
			    (p[i] > p[j] ? 1 : 0);
		}
	}
	out->advantage = p[n];
	out->advantage_ci95 = 1.959964 * sqrt(fmax(C[n][n], 0));
	out->draw_nu = exp(p[n + 1]);
}
