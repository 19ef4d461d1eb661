/*
 * elo.c: the joint rating fit (elo.h).
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
 * Parameters, in natural units (x, not Elo): the ratings of players
 * 0 .. n-2 (player n-1 is held at 0 while fitting, which removes the
 * model's freedom to shift every rating), then h if fitted, then u.  The
 * log-likelihood is a sum over cells (i, j) of the games with i in seat
 * 0 against j, each a function of x_ij = r_i + h - r_j and u only, so
 * the gradient and Hessian are assembled from 2 x 2 pieces per cell.
 * The virtual prior games of player i are one more cell with x = r_i
 * minus the mean rating and no h; those of the seats, a cell at x = h.
 *
 * Each Newton step uses the observed Hessian (per cell by central
 * differences of the exact gradient) when minus it is positive definite,
 * else the expected (Fisher) information, which always is; a halving
 * line search makes every step raise the log-likelihood, and the fit
 * stops when the Newton decrement or the step is negligible.  The
 * inverse of the observed information at the optimum gives the
 * covariance.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "stats.h"

#define BETA		(2.302585092994046 / 400.0)	/* per Elo */
#define XMAX		200.0	/* |x| where the model is evaluated */
#define RMAX		60.0	/* |rating|, |h| while fitting (~10400 Elo) */
#define UMIN		(-50.0)	/* ln nu */
#define UMAX		20.0
#define STEP_TOL	1e-10	/* natural units, ~6e-9 Elo */

enum hess { HESS_NONE, HESS_FISHER, HESS_OBSERVED };

struct outcome {
	double	p[3];		/* win, draw, loss */
	double	lp[3];		/* their logs */
	double	dx[3];		/* d ln P / dx */
	double	du[3];		/* d ln P / du */
};

struct problem {
	const double	*count;	/* [n][n][3] */
	int		n;
	double		prior;	/* virtual games per player */
	int		ih;	/* index of h, or -1 */
	int		iu;	/* index of u */
	int		k;	/* parameters */
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
static double
cell(double x, double u, const double *c, enum hess mode, double *g,
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

/* Adds a cell with dx/dtheta = w at indices idx[0..len) to g and H. */
static void
add_cell(const struct problem *pb, const int *idx, const double *w,
    int len, const double *cg, const double *ch, double *g, double *H)
{
	int k = pb->k, iu = pb->iu;

	for (int a = 0; a < len; a++) {
		g[idx[a]] += w[a] * cg[0];
		if (H == NULL)
			continue;
		H[idx[a] * k + iu] += w[a] * ch[1];
		H[iu * k + idx[a]] += w[a] * ch[1];
		for (int b = 0; b < len; b++)
			H[idx[a] * k + idx[b]] += w[a] * w[b] * ch[0];
	}
	g[iu] += cg[1];
	if (H != NULL)
		H[iu * k + iu] += ch[2];
}

/* The real games: cells (i, j) at x = r_i + h - r_j. */
static double
eval_games(const struct problem *pb, const double *th, enum hess mode,
    double *g, double *H)
{
	int n = pb->n, idx[3], len;
	double f = 0, u = th[pb->iu], h = pb->ih >= 0 ? th[pb->ih] : 0;
	double w[3], cg[2], ch[3];

	for (int i = 0; i < n; i++) {
		double ri = i < n - 1 ? th[i] : 0;
		for (int j = 0; j < n; j++) {
			const double *c = pb->count + ((size_t)i * n + j) * 3;
			double rj = j < n - 1 ? th[j] : 0;
			if (i == j || c[0] + c[1] + c[2] == 0)
				continue;
			f += cell(ri + h - rj, u, c, mode, cg, ch);
			if (g == NULL)
				continue;
			len = 0;
			if (i < n - 1) {
				idx[len] = i;
				w[len++] = 1;
			}
			if (j < n - 1) {
				idx[len] = j;
				w[len++] = -1;
			}
			if (pb->ih >= 0) {
				idx[len] = pb->ih;
				w[len++] = 1;
			}
			add_cell(pb, idx, w, len, cg, ch, g, mode ? H : NULL);
		}
	}
	return f;
}

/* The prior: prior/4 wins, prior/2 draws, prior/4 losses of each player
 * against the mean rating.  idx and w are scratch of n entries. */
static double
eval_prior(const struct problem *pb, const double *th, enum hess mode,
    double *g, double *H, int *idx, double *w)
{
	int n = pb->n;
	double c[3] = { pb->prior / 4, pb->prior / 2, pb->prior / 4 };
	double mean = 0, f = 0, cg[2], ch[3];

	if (pb->prior <= 0)
		return 0;
	if (pb->ih >= 0) {
		/* Equal players in both seats: keeps h finite too. */
		f += cell(th[pb->ih], th[pb->iu], c, mode, cg, ch);
		idx[0] = pb->ih;
		w[0] = 1;
		if (g != NULL)
			add_cell(pb, idx, w, 1, cg, ch, g, mode ? H : NULL);
	}
	for (int i = 0; i < n - 1; i++)
		mean += th[i] / n;
	for (int i = 0; i < n; i++) {
		double ri = i < n - 1 ? th[i] : 0;
		f += cell(ri - mean, th[pb->iu], c, mode, cg, ch);
		if (g == NULL)
			continue;
		for (int a = 0; a < n - 1; a++) {
			idx[a] = a;
			w[a] = (a == i) - 1.0 / n;
		}
		add_cell(pb, idx, w, n - 1, cg, ch, g, mode ? H : NULL);
	}
	return f;
}

/* Log-posterior; with g, also its gradient, and with H its Hessian. */
static double
evaluate(const struct problem *pb, const double *th, enum hess mode,
    double *g, double *H, int *idx, double *w)
{
	if (g != NULL)
		memset(g, 0, sizeof(double) * pb->k);
	if (H != NULL)
		memset(H, 0, sizeof(double) * pb->k * pb->k);
	return eval_games(pb, th, mode, g, H) +
	    eval_prior(pb, th, mode, g, H, idx, w);
}

/* Cholesky factor of the k x k matrix a in place (lower); -1 if a is
 * not positive definite. */
static int
cholesky(double *a, int k)
{
	for (int j = 0; j < k; j++) {
		double d = a[j * k + j];
		for (int p = 0; p < j; p++)
			d -= a[j * k + p] * a[j * k + p];
		if (!(d > 0) || !isfinite(d))
			return -1;
		a[j * k + j] = sqrt(d);
		for (int i = j + 1; i < k; i++) {
			double s = a[i * k + j];
			for (int p = 0; p < j; p++)
				s -= a[i * k + p] * a[j * k + p];
			a[i * k + j] = s / a[j * k + j];
		}
	}
	return 0;
}

/* Solves L L^T x = b in place. */
static void
chol_solve(const double *l, int k, double *b)
{
	for (int i = 0; i < k; i++) {
		for (int p = 0; p < i; p++)
			b[i] -= l[i * k + p] * b[p];
		b[i] /= l[i * k + i];
	}
	for (int i = k - 1; i >= 0; i--) {
		for (int p = i + 1; p < k; p++)
			b[i] -= l[p * k + i] * b[p];
		b[i] /= l[i * k + i];
	}
}

static void
clamp(const struct problem *pb, double *th)
{
	for (int i = 0; i < pb->iu; i++)
		th[i] = fmax(-RMAX, fmin(RMAX, th[i]));
	th[pb->iu] = fmax(UMIN, fmin(UMAX, th[pb->iu]));
}

/* Scratch for one fit, in one block: gradient, Hessian, its factor,
 * step, trial point, prior weights, parameters; and cell indices. */
struct work {
	double	*g, *H, *l, *d, *tn, *w, *th;
	int	*idx;
};

static int
work_alloc(struct work *wk, int k, int n)
{
	wk->g = malloc(sizeof(double) * ((size_t)k * (4 + 2 * k) + n));
	wk->idx = malloc(sizeof(int) * n);
	if (wk->g == NULL || wk->idx == NULL) {
		free(wk->g);
		free(wk->idx);
		return -1;
	}
	wk->H = wk->g + k;
	wk->l = wk->H + k * k;
	wk->d = wk->l + k * k;
	wk->tn = wk->d + k;
	wk->th = wk->tn + k;
	wk->w = wk->th + k;
	return 0;
}

static void
work_free(struct work *wk)
{
	free(wk->g);
	free(wk->idx);
}

/*
 * The Newton direction at th, where g and H were evaluated: minus the
 * observed Hessian if it is positive definite, else the Fisher
 * information, plus a ridge should even that fail (only possible with
 * prior_games 0 and a perfect score or a disconnected group).
 */
static void
direction(const struct problem *pb, const double *th, struct work *wk)
{
	int k = pb->k;
	double ridge = 0;

	for (int i = 0; i < k * k; i++)
		wk->l[i] = -wk->H[i];
	while (cholesky(wk->l, k) != 0) {
		if (ridge == 0)
			evaluate(pb, th, HESS_FISHER, wk->d, wk->H, wk->idx,
			    wk->w);
		for (int i = 0; i < k * k; i++)
			wk->l[i] = -wk->H[i];
		for (int i = 0; i < k; i++)
			wk->l[i * k + i] += ridge;
		ridge = ridge == 0 ? 1e-12 : ridge * 10;
	}
	memcpy(wk->d, wk->g, sizeof(double) * k);
	chol_solve(wk->l, k, wk->d);
}

/* Maximises the log-posterior from th; returns the steps taken. */
static int
newton(const struct problem *pb, double *th, int max_iter, bool *conv,
    struct work *wk)
{
	int k = pb->k, it;
	double f;

	*conv = false;
	f = evaluate(pb, th, HESS_OBSERVED, wk->g, wk->H, wk->idx, wk->w);
	for (it = 0; it < max_iter; it++) {
		double step = 1, fn = f, moved = 0, dec = 0;
		int ls;
		direction(pb, th, wk);
		/* Newton decrement g.d ~ 2 (f* - f): done when the optimum is
		 * 1e-12 log-likelihood units away, whatever the scale. */
		for (int i = 0; i < k; i++)
			dec += wk->g[i] * wk->d[i];
		if (dec < 1e-12) {
			*conv = true;
			break;
		}
		for (ls = 0; ls < 60; ls++, step /= 2) {
			for (int i = 0; i < k; i++)
				wk->tn[i] = th[i] + step * wk->d[i];
			clamp(pb, wk->tn);
			fn = evaluate(pb, wk->tn, HESS_NONE, NULL, NULL,
			    wk->idx, wk->w);
			if (fn > f)
				break;
		}
		if (ls == 60) {
			/* No ascent along d: the optimum to rounding, or a
			 * clamp (reachable only with prior_games 0). */
			*conv = true;
			break;
		}
		for (int i = 0; i < k; i++) {
			moved = fmax(moved, fabs(wk->tn[i] - th[i]));
			th[i] = wk->tn[i];
		}
		f = evaluate(pb, th, HESS_OBSERVED, wk->g, wk->H, wk->idx,
		    wk->w);
		if (moved < STEP_TOL) {
			*conv = true;
			it++;
			break;
		}
	}
	return it;
}

static void
problem_init(struct problem *pb, const double *count, int n,
    const struct elo_opts *o)
{
	pb->count = count;
	pb->n = n;
	pb->prior = o->prior_games;
	pb->ih = o->fit_advantage ? n - 1 : -1;
	pb->iu = n - 1 + (o->fit_advantage ? 1 : 0);
	pb->k = pb->iu + 1;
}

/* Starting point: equal ratings, no advantage, nu from the draw share
 * (draws between equals are nu / (nu + 2)). */
static void
start(const struct problem *pb, double *th)
{
	double games = pb->prior * pb->n, draws = games / 2, f;
	size_t cells = (size_t)pb->n * pb->n;

	for (size_t c = 0; c < cells; c++) {
		const double *x = pb->count + c * 3;
		games += x[0] + x[1] + x[2];
		draws += x[1];
	}
	memset(th, 0, sizeof(double) * pb->k);
	f = games > 0 ? draws / games : 0.1;
	f = fmax(1e-6, fmin(0.99, f));
	th[pb->iu] = log(2 * f / (1 - f));
}

/* For each of the cols columns j, shifts element (i, j), at m[i * rs +
 * j * cs], by the anchor's element or the mean over i. */
static void
gauge(double *m, int n, int cols, int anchor, int rs, int cs)
{
	for (int j = 0; j < cols; j++) {
		double ref = 0;
		if (anchor >= 0)
			ref = m[anchor * rs + j * cs];
		else
			for (int i = 0; i < n; i++)
				ref += m[i * rs + j * cs] / n;
		for (int i = 0; i < n; i++)
			m[i * rs + j * cs] -= ref;
	}
}

/* Ratings in the chosen gauge, Elo; r is scratch of n. */
static void
ratings(const struct problem *pb, const double *th,
    const struct elo_opts *o, double *r)
{
	int n = pb->n;

	for (int i = 0; i < n; i++)
		r[i] = i < n - 1 ? th[i] : 0;
	gauge(r, n, 1, o->anchor, 1, 0);
	for (int i = 0; i < n; i++)
		r[i] = r[i] / BETA + (o->anchor >= 0 ? o->anchor_elo : 0);
}

static void
fill_los(int n, const double *r, const double *cov, double *los)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double v = cov[i * n + i] + cov[j * n + j] -
			    2 * cov[i * n + j], d = r[i] - r[j];
			if (i == j)
				los[i * n + j] = 0.5;
			else if (v > 1e-12)
				los[i * n + j] = stats_phi(d / sqrt(v));
			else
				los[i * n + j] = d > 0 ? 1 : d < 0 ? 0 : 0.5;
		}
}

/* Everything reported from the optimum th; wk->l ends as the factor. */
static void
report(const struct problem *pb, const double *th,
    const struct elo_opts *o, struct work *wk, struct elo_fit *out)
{
	int n = pb->n, k = pb->k, iu = pb->iu;
	double *C = wk->H, cu, nu;
	struct problem real = *pb;

	/* Covariance: the inverse of the observed information (Fisher's
	 * where the observed one is not definite). */
	evaluate(pb, th, HESS_OBSERVED, wk->g, wk->H, wk->idx, wk->w);
	direction(pb, th, wk);
	for (int c = 0; c < k; c++) {
		for (int i = 0; i < k; i++)
			wk->d[i] = i == c;
		chol_solve(wk->l, k, wk->d);
		for (int i = 0; i < k; i++)
			C[i * k + c] = wk->d[i];
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			out->cov[i * n + j] = i < n - 1 && j < n - 1 ?
			    C[i * k + j] / (BETA * BETA) : 0;
	gauge(out->cov, n, n, o->anchor, n, 1);
	gauge(out->cov, n, n, o->anchor, 1, n);
	ratings(pb, th, o, out->rating);
	for (int i = 0; i < n; i++)
		out->ci95[i] = STATS_Z95 * sqrt(fmax(0, out->cov[i * n + i]));
	fill_los(n, out->rating, out->cov, out->los);

	if (pb->ih >= 0) {
		out->advantage = th[pb->ih] / BETA;
		out->advantage_ci95 = STATS_Z95 *
		    sqrt(fmax(0, C[pb->ih * k + pb->ih])) / BETA;
	}
	nu = exp(th[iu]);
	cu = STATS_Z95 * sqrt(fmax(0, C[iu * k + iu]));
	out->draw_nu = nu;
	out->draw_eq = nu / (nu + 2);
	out->draw_eq_lo = 1 / (1 + 2 * exp(cu - th[iu]));
	out->draw_eq_hi = 1 / (1 + 2 * exp(-(th[iu] + cu)));
	real.prior = 0;
	out->loglik = evaluate(&real, th, HESS_NONE, NULL, NULL, wk->idx,
	    wk->w);
}

void
elo_opts_init(struct elo_opts *o)
{
	o->anchor = -1;
	o->anchor_elo = 0;
	o->fit_advantage = true;
	o->prior_games = 0.5;
	o->max_iter = 100;
}

void
elo_fit_free(struct elo_fit *f)
{
	free(f->rating);	/* the block that holds every array */
	memset(f, 0, sizeof(*f));
}

static int
check_opts(int n, const struct elo_opts *o)
{
	if (n < 1 || n > ELO_MAX_PLAYERS)
		return -1;
	if (o->anchor < -1 || o->anchor >= n || !isfinite(o->anchor_elo))
		return -1;
	if (!(o->prior_games >= 0) || !isfinite(o->prior_games))
		return -1;
	return 0;
}

static int
max_iter(const struct elo_opts *o)
{
	return o->max_iter > 0 ? o->max_iter : 100;
}

int
elo_fit_counts(const double *count, int n, const struct elo_opts *o,
    struct elo_fit *out)
{
	struct problem pb;
	struct work wk;
	double *blk;

	memset(out, 0, sizeof(*out));
	if (check_opts(n, o) != 0)
		return -1;
	for (int c = 0; c < n * n * 3; c++)
		if (!(count[c] >= 0) || !isfinite(count[c]))
			return -1;
	problem_init(&pb, count, n, o);
	blk = malloc(sizeof(double) * 2 * (n + n * n));
	if (blk == NULL || work_alloc(&wk, pb.k, n) != 0) {
		free(blk);
		return -1;
	}
	out->n = n;
	out->rating = blk;
	out->ci95 = blk + n;
	out->cov = blk + 2 * n;
	out->los = blk + 2 * n + n * n;
	start(&pb, wk.th);
	out->iterations = newton(&pb, wk.th, max_iter(o), &out->converged,
	    &wk);
	report(&pb, wk.th, o, &wk, out);
	work_free(&wk);
	return 0;
}

static int
check_games(const struct elo_game *g, size_t ngames, int n)
{
	for (size_t i = 0; i < ngames; i++)
		if (g[i].p0 < 0 || g[i].p0 >= n || g[i].p1 < 0 ||
		    g[i].p1 >= n || g[i].p0 == g[i].p1 || isnan(g[i].score))
			return -1;
	return 0;
}

static void
add_game(double *count, int n, const struct elo_game *g)
{
	int k = g->score > 0.75 ? 0 : g->score < 0.25 ? 2 : 1;

	count[((size_t)g->p0 * n + g->p1) * 3 + k] += 1;
}

int
elo_fit(const struct elo_game *g, size_t ngames, int n,
    const struct elo_opts *o, struct elo_fit *out)
{
	double *count;
	int rc;

	memset(out, 0, sizeof(*out));
	if (check_opts(n, o) != 0 || check_games(g, ngames, n) != 0)
		return -1;
	count = calloc((size_t)n * n * 3, sizeof(double));
	if (count == NULL)
		return -1;
	for (size_t i = 0; i < ngames; i++)
		add_game(count, n, &g[i]);
	rc = elo_fit_counts(count, n, o, out);
	free(count);
	return rc;
}

/* Bootstrap over duplicate pairs. */

struct pair_key {
	long	pair;
	size_t	game;
};

static int
cmp_key(const void *a, const void *b)
{
	const struct pair_key *x = a, *y = b;

	if (x->pair != y->pair)
		return x->pair < y->pair ? -1 : 1;
	return (x->game > y->game) - (x->game < y->game);
}

/* Game indices grouped by pair into order[], group p being order[start[p]
 * .. start[p + 1]); returns the number of groups, or -1 without memory. */
static long
group_pairs(const struct elo_game *g, size_t ngames, size_t *order,
    size_t *start)
{
	struct pair_key *key = malloc(sizeof(*key) * (ngames + 1));
	long np = 0;

	if (key == NULL)
		return -1;
	for (size_t i = 0; i < ngames; i++) {
		key[i].pair = g[i].pair < 0 ? -1 : g[i].pair;
		key[i].game = i;
	}
	qsort(key, ngames, sizeof(*key), cmp_key);
	for (size_t i = 0; i < ngames; i++) {
		if (i == 0 || key[i].pair < 0 || key[i].pair != key[i - 1].pair)
			start[np++] = i;
		order[i] = key[i].game;
	}
	start[np] = ngames;
	free(key);
	return np;
}

/* Percentiles and LOS from the resampled ratings r[b * n + i]. */
static int
summarise(const double *r, const double *adv, int n, int m,
    struct elo_boot *out)
{
	double *col = malloc(sizeof(double) * m);

	if (col == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		for (int b = 0; b < m; b++)
			col[b] = r[(size_t)b * n + i];
		stats_sort(col, m);
		out->lo[i] = stats_percentile(col, m, 0.025);
		out->hi[i] = stats_percentile(col, m, 0.975);
		out->ci95[i] = (out->hi[i] - out->lo[i]) / 2;
	}
	memcpy(col, adv, sizeof(double) * m);
	stats_sort(col, m);
	out->advantage_lo = stats_percentile(col, m, 0.025);
	out->advantage_hi = stats_percentile(col, m, 0.975);
	for (int i = 0; i < n * n; i++)
		out->los[i] = 0;
	for (int b = 0; b < m; b++)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				const double *x = r + (size_t)b * n;
				out->los[i * n + j] += (x[i] > x[j] ? 1 :
				    x[i] == x[j] ? 0.5 : 0) / m;
			}
	free(col);
	return 0;
}

void
elo_boot_free(struct elo_boot *b)
{
	free(b->lo);		/* the block that holds every array */
	memset(b, 0, sizeof(*b));
}

/* One bootstrap run: counts, the full-data fit th0, the resampled
 * ratings r[b * n + i] and advantages, and the games grouped by pair. */
struct boot {
	double		*count, *th0, *r, *adv;
	size_t		*order, *start;
	long		np;
	struct work	wk;
};

static int
boot_alloc(struct boot *bt, const struct problem *pb, size_t ngames,
    int m, struct elo_boot *out)
{
	int n = pb->n;
	double *blk;

	bt->count = malloc(sizeof(double) * ((size_t)n * n * 3 + pb->k +
	    (size_t)(n + 1) * m));
	bt->order = malloc(sizeof(size_t) * 2 * (ngames + 1));
	blk = malloc(sizeof(double) * (3 * n + n * n));
	if (bt->count == NULL || bt->order == NULL || blk == NULL ||
	    work_alloc(&bt->wk, pb->k, n) != 0) {
		free(bt->count);
		free(bt->order);
		free(blk);
		return -1;
	}
	bt->th0 = bt->count + n * n * 3;
	bt->r = bt->th0 + pb->k;
	bt->adv = bt->r + (size_t)n * m;
	bt->start = bt->order + ngames + 1;
	out->n = n;
	out->resamples = m;
	out->lo = blk;
	out->hi = blk + n;
	out->ci95 = blk + 2 * n;
	out->los = blk + 3 * n;
	return 0;
}

static void
boot_free(struct boot *bt)
{
	free(bt->count);
	free(bt->order);
	work_free(&bt->wk);
}

/* Resample b: np pairs drawn with replacement, refitted from the fit of
 * all games (a warm start: a few Newton steps each). */
static void
resample(struct boot *bt, const struct problem *pb,
    const struct elo_game *g, const struct elo_opts *o,
    struct stats_rng *rng, int b)
{
	int n = pb->n;
	bool conv;

	memset(bt->count, 0, sizeof(double) * n * n * 3);
	for (long p = 0; p < bt->np; p++) {
		size_t s = (size_t)stats_rng_below(rng, (uint64_t)bt->np);
		for (size_t x = bt->start[s]; x < bt->start[s + 1]; x++)
			add_game(bt->count, n, &g[bt->order[x]]);
	}
	memcpy(bt->wk.th, bt->th0, sizeof(double) * pb->k);
	newton(pb, bt->wk.th, max_iter(o), &conv, &bt->wk);
	ratings(pb, bt->wk.th, o, bt->r + (size_t)b * n);
	bt->adv[b] = pb->ih >= 0 ? bt->wk.th[pb->ih] / BETA : 0;
}

int
elo_bootstrap(const struct elo_game *g, size_t ngames, int n,
    const struct elo_opts *o, int resamples, struct stats_rng *rng,
    struct elo_boot *out)
{
	struct problem pb;
	struct boot bt;
	bool conv;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (check_opts(n, o) != 0 || check_games(g, ngames, n) != 0 ||
	    resamples < 2 || rng == NULL)
		return -1;
	problem_init(&pb, NULL, n, o);
	if (boot_alloc(&bt, &pb, ngames, resamples, out) != 0)
		return -1;
	pb.count = bt.count;
	memset(bt.count, 0, sizeof(double) * n * n * 3);
	for (size_t i = 0; i < ngames; i++)
		add_game(bt.count, n, &g[i]);
	start(&pb, bt.th0);
	newton(&pb, bt.th0, max_iter(o), &conv, &bt.wk);
	bt.np = group_pairs(g, ngames, bt.order, bt.start);
	if (bt.np >= 0) {
		for (int b = 0; b < resamples; b++)
			resample(&bt, &pb, g, o, rng, b);
		rc = summarise(bt.r, bt.adv, n, resamples, out);
	}
	boot_free(&bt);
	if (rc != 0)
		elo_boot_free(out);
	return rc;
}
