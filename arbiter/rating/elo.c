/*
 * elo.c: the joint rating fit (elo.h).
 *
 * The model (outcome probabilities and their derivatives) is in
 * elo_model.c; the bootstrap in elo_boot.c.
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

#include "rating/elo.h"
#include "rating/elo_fit.h"
#include "rating/stats.h"

#define RMAX		60.0	/* |rating|, |h| while fitting (~10400 Elo) */
#define UMIN		(-50.0)	/* ln nu */
#define UMAX		20.0
#define STEP_TOL	1e-10	/* natural units, ~6e-9 Elo */

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
			f += elo_cell(ri + h - rj, u, c, mode, cg, ch);
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
		f += elo_cell(th[pb->ih], th[pb->iu], c, mode, cg, ch);
		idx[0] = pb->ih;
		w[0] = 1;
		if (g != NULL)
			add_cell(pb, idx, w, 1, cg, ch, g, mode ? H : NULL);
	}
	for (int i = 0; i < n - 1; i++)
		mean += th[i] / n;
	for (int i = 0; i < n; i++) {
		double ri = i < n - 1 ? th[i] : 0;
		f += elo_cell(ri - mean, th[pb->iu], c, mode, cg, ch);
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


int
elo_work_alloc(struct work *wk, int k, int n)
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

void
elo_work_free(struct work *wk)
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
int
elo_newton(const struct problem *pb, double *th, int max_iter, bool *conv,
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

void
elo_problem_init(struct problem *pb, const double *count, int n,
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
void
elo_start(const struct problem *pb, double *th)
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
void
elo_ratings(const struct problem *pb, const double *th,
    const struct elo_opts *o, double *r)
{
	int n = pb->n;

	for (int i = 0; i < n; i++)
		r[i] = i < n - 1 ? th[i] : 0;
	gauge(r, n, 1, o->anchor, 1, 0);
	for (int i = 0; i < n; i++)
		r[i] = r[i] / BETA + (o->anchor >= 0 ? o->anchor_elo : 0);
}

/* The variance of r_i - r_j: their covariance counts, as two players
 * rated mostly from games against each other move together. */
static double
gap_var(int n, const double *cov, int i, int j)
{
	return cov[i * n + i] + cov[j * n + j] - 2 * cov[i * n + j];
}

double
elo_gap_ci95(const struct elo_fit *f, int i, int j)
{
	return STATS_Z95 * sqrt(fmax(0, gap_var(f->n, f->cov, i, j)));
}

static void
fill_los(int n, const double *r, const double *cov, double *los)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double v = gap_var(n, cov, i, j), d = r[i] - r[j];
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
	elo_ratings(pb, th, o, out->rating);
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

int
elo_check_opts(int n, const struct elo_opts *o)
{
	if (n < 1 || n > ELO_MAX_PLAYERS)
		return -1;
	if (o->anchor < -1 || o->anchor >= n || !isfinite(o->anchor_elo))
		return -1;
	if (!(o->prior_games >= 0) || !isfinite(o->prior_games))
		return -1;
	return 0;
}

int
elo_max_iter(const struct elo_opts *o)
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
	if (elo_check_opts(n, o) != 0)
		return -1;
	for (int c = 0; c < n * n * 3; c++)
		if (!(count[c] >= 0) || !isfinite(count[c]))
			return -1;
	elo_problem_init(&pb, count, n, o);
	blk = malloc(sizeof(double) * 2 * (n + n * n));
	if (blk == NULL || elo_work_alloc(&wk, pb.k, n) != 0) {
		free(blk);
		return -1;
	}
	out->n = n;
	out->rating = blk;
	out->ci95 = blk + n;
	out->cov = blk + 2 * n;
	out->los = blk + 2 * n + n * n;
	elo_start(&pb, wk.th);
	out->iterations = elo_newton(&pb, wk.th, elo_max_iter(o),
	    &out->converged, &wk);
	report(&pb, wk.th, o, &wk, out);
	elo_work_free(&wk);
	return 0;
}

int
elo_check_games(const struct elo_game *g, size_t ngames, int n)
{
	for (size_t i = 0; i < ngames; i++)
		if (g[i].p0 < 0 || g[i].p0 >= n || g[i].p1 < 0 ||
		    g[i].p1 >= n || g[i].p0 == g[i].p1 || isnan(g[i].score))
			return -1;
	return 0;
}

void
elo_add_game(double *count, int n, const struct elo_game *g)
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
	if (elo_check_opts(n, o) != 0 || elo_check_games(g, ngames, n) != 0)
		return -1;
	count = calloc((size_t)n * n * 3, sizeof(double));
	if (count == NULL)
		return -1;
	for (size_t i = 0; i < ngames; i++)
		elo_add_game(count, n, &g[i]);
	rc = elo_fit_counts(count, n, o, out);
	free(count);
	return rc;
}
