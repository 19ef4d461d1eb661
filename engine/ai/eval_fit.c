/*
 * eval_fit.c: ridge least squares for eval.h's weights (eval_fit.h).
 */
#include <math.h>
#include <stdlib.h>

#include "eval_fit.h"

void
eval_fit_add(struct eval_fit *f, const double *x, double y)
{
	for (int i = 0; i < EVAL_NFEAT; i++) {
		if (x[i] == 0)
			continue;
		for (int j = 0; j < EVAL_NFEAT; j++)
			f->xtx[i][j] += x[i] * x[j];
		f->xty[i] += x[i] * y;
	}
	f->rows++;
}

static void
swap_rows(double (*a)[EVAL_NFEAT + 1], int p, int q)
{
	for (int j = 0; j <= EVAL_NFEAT; j++) {
		double t = a[p][j];
		a[p][j] = a[q][j];
		a[q][j] = t;
	}
}

/* Gaussian elimination with partial pivoting; lambda > 0 keeps the
 * system regular. */
void
eval_fit_solve(const struct eval_fit *f, double lambda, double *w)
{
	double (*a)[EVAL_NFEAT + 1] = malloc(sizeof(double[EVAL_NFEAT][
	    EVAL_NFEAT + 1]));
	int n = EVAL_NFEAT;

	if (a == NULL)
		abort();
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			a[i][j] = f->xtx[i][j] + (i == j ? lambda : 0);
		a[i][n] = f->xty[i];
	}
	for (int c = 0; c < n; c++) {
		int p = c;
		for (int i = c + 1; i < n; i++)
			if (fabs(a[i][c]) > fabs(a[p][c]))
				p = i;
		swap_rows(a, c, p);
		for (int i = 0; i < n; i++) {
			double m = i == c ? 0 : a[i][c] / a[c][c];
			for (int j = c; j <= n && m != 0; j++)
				a[i][j] -= m * a[c][j];
		}
	}
	for (int i = 0; i < n; i++)
		w[i] = a[i][n] / a[i][i];
	free(a);
}

void
eval_fit_spread(const double *share, const double *sd, const long *n,
    int buckets, double *a, double *b)
{
	double s0 = 0, s1 = 0, s11 = 0, t0 = 0, t1 = 0, det;

	for (int k = 0; k < buckets; k++) {
		double u = sqrt(share[k]), m = (double)n[k];
		s0 += m;
		s1 += m * u;
		s11 += m * u * u;
		t0 += m * sd[k];
		t1 += m * u * sd[k];
	}
	det = s0 * s11 - s1 * s1;
	if (s0 == 0 || fabs(det) < 1e-12 * s0 * s0) {
		*a = s0 > 0 ? t0 / s0 : 0;
		*b = 0;
		return;
	}
	*a = (t0 * s11 - s1 * t1) / det;
	*b = (s0 * t1 - s1 * t0) / det;
}
