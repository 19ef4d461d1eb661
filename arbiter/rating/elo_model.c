/*
 * elo_model.c: the outcome model of the rating fit (elo.h): win, draw and
 * loss probabilities at rating difference x and draw parameter u = ln nu,
 * with their derivatives, and one cell's log-likelihood for elo.c.
 *
 * Outcome probabilities.  With q = p (1 - p) and t = 2p - 1 = tanh(x/2),
 * Ordo's two conditions W + D/2 = p and D^2 = nu^2 W L give, with
 * m = D / nu,
 *
 *	R = sqrt(nu^2 t^2 / 4 + 4 q),  m = 2 q / (nu/2 + R),
 *	W L = m^2,  W - L = t,  W + L = sqrt(t^2 + 4 m^2) = 1 - D,
 *
 * all without cancellation at either end of the scale.  Differentiating,
 * with Q = nu/2 + R and u = ln nu,
 *
 *	d ln D/dx = -t - q t (nu^2 - 4) / (2 R Q),  d ln D/du = 4 q / (R Q),
 *
 * and since W L = m^2 and W - L = t, writing c for 2 d ln m:
 *	d ln W = (dt + L c) / (W + L),  d ln L = (W c - dt) / (W + L),
 * where dt = 2 q dx.
 *
 */
#include <math.h>
#include <string.h>

#include "rating/elo.h"
#include "rating/elo_fit.h"

#define XMAX		200.0	/* |x| where the model is evaluated */

struct outcome {
	double	p[3];		/* win, draw, loss */
	double	lp[3];		/* their logs */
	double	dx[3];		/* d ln P / dx */
	double	du[3];		/* d ln P / du */
};


static void
model(double x, double u, struct outcome *m)
{
	double e, q, t, nu, r, qq, mm, s, w, l, gx, gu, c;

	x = fmax(-XMAX, fmin(XMAX, x));
	e = exp(-fabs(x));
	q = e / ((1 + e) * (1 + e));
	t = tanh(x / 2);
	nu = exp(u);
	r = sqrt(nu * nu * t * t / 4 + 4 * q);
	qq = nu / 2 + r;
	mm = 2 * q / qq;
	s = sqrt(t * t + 4 * mm * mm);
	if (t >= 0) {
		w = (t + s) / 2;
		l = 2 * mm * mm / (t + s);
	} else {
		l = (s - t) / 2;
		w = 2 * mm * mm / (s - t);
	}
	m->p[0] = w;
	m->p[1] = nu * mm;
	m->p[2] = l;
	m->lp[0] = log(w);
	m->lp[1] = u + log(mm);
	m->lp[2] = log(l);

	gx = -t - q * t * (nu * nu - 4) / (2 * r * qq);
	c = 2 * gx;
	m->dx[0] = (2 * q + l * c) / s;
	m->dx[1] = gx;
	m->dx[2] = (w * c - 2 * q) / s;

	gu = -nu * (0.5 + nu * t * t / (4 * r)) / qq;
	c = 2 * gu;
	m->du[0] = l * c / s;
	m->du[1] = 1 + gu;
	m->du[2] = w * c / s;
}

void
elo_predict(double diff, double nu, double prob[3])
{
	struct outcome m;

	model(BETA * diff, log(nu), &m);
	memcpy(prob, m.p, sizeof(m.p));
}

/* Log-likelihood of counts c at (x, u); adds its gradient to g[2]. */
static double
cell_grad(double x, double u, const double *c, double *g)
{
	struct outcome m;
	double f = 0;

	model(x, u, &m);
	for (int k = 0; k < 3; k++) {
		if (c[k] == 0)
			continue;	/* 0 log 0 */
		f += c[k] * m.lp[k];
		g[0] += c[k] * m.dx[k];
		g[1] += c[k] * m.du[k];
	}
	return f;
}

/*
 * One cell: value, gradient g[2] and Hessian h = {xx, xu, uu}, observed
 * (central differences of the exact gradient) or minus the Fisher
 * information N sum_k P_k (grad ln P_k)(grad ln P_k)^T.
 */
double
elo_cell(double x, double u, const double *c, enum hess mode, double *g,
    double *h)
{
	const double e = 1e-5;
	double f, gp[2] = { 0, 0 }, gm[2] = { 0, 0 }, n;
	struct outcome m;

	g[0] = g[1] = 0;
	f = cell_grad(x, u, c, g);
	if (mode == HESS_OBSERVED) {
		cell_grad(x + e, u, c, gp);
		cell_grad(x - e, u, c, gm);
		h[0] = (gp[0] - gm[0]) / (2 * e);
		h[1] = (gp[1] - gm[1]) / (4 * e);
		gp[0] = gp[1] = gm[0] = gm[1] = 0;
		cell_grad(x, u + e, c, gp);
		cell_grad(x, u - e, c, gm);
		h[1] += (gp[0] - gm[0]) / (4 * e);
		h[2] = (gp[1] - gm[1]) / (2 * e);
	} else if (mode == HESS_FISHER) {
		model(x, u, &m);
		n = c[0] + c[1] + c[2];
		h[0] = h[1] = h[2] = 0;
		for (int k = 0; k < 3; k++) {
			h[0] -= n * m.p[k] * m.dx[k] * m.dx[k];
			h[1] -= n * m.p[k] * m.dx[k] * m.du[k];
			h[2] -= n * m.p[k] * m.du[k] * m.du[k];
		}
	}
	return f;
}
