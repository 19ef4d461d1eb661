/*
 * sprt.c: the generalised SPRT (sprt.h).
 *
 * Maths from M. Van den Bergh, "Comments on Normalized Elo" (the note
 * fastchess sprt.cpp cites).  Outcomes have per-game scores a_i with
 * observed frequencies p^_i out of N units.  Under H (a score or an nElo)
 * take the distribution p nearest to p^ that satisfies H; the LLR is
 *
 *	N sum_i p^_i (ln p1_i - ln p0_i).
 *
 * Logistic: the constraint is sum p_i a_i = s; the maximum-likelihood p
 * is p_i = p^_i / (1 + theta (a_i - s)), with theta the root of
 * sum p^_i (a_i - s) / (1 + theta (a_i - s)) = 0 (proposition 1.1).
 *
 * Normalized: the constraint is (mu - 1/2) / sigma = t; iterate
 * phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2 from the
 * current p, solve the same kind of root for phi, update p (section 4.1).
 * For pairs t is sqrt(2) times the per-game nElo, as a pair's sigma
 * holds two games.
 *
 * Empty buckets count as 1e-3, as fastchess does, so that logs exist.
 *
 * Scores that are not in a few buckets (adjusted scores, doc/luck.md)
 * take the same test's normal approximation, the one fastchess's
 * pentanomial GSPRT reduces to for many units: with the units' mean m
 * and sample variance v, each hypothesis the normal law of mean s and
 * variance v, so LLR = n ((m - s0)^2 - (m - s1)^2) / (2 v)
 *                    = n (s1 - s0) (2 m - s0 - s1) / (2 v).
 */
#include <math.h>
#include <string.h>

#include "rating/sprt.h"

#define NELO_SCALE	(800.0 / 2.302585092994046)	/* 800 / ln 10 */
#define MAXK		STATS_NPENTA

int
sprt_init(struct sprt *s, double alpha, double beta, double elo0,
    double elo1, enum sprt_model model, const char **why)
{
	const char *msg = NULL;

	if (!isfinite(alpha) || !isfinite(beta) || !isfinite(elo0) ||
	    !isfinite(elo1))
		msg = "SPRT: alpha, beta, elo0 and elo1 must be numbers";
	else if (alpha <= 0 || alpha >= 1)
		msg = "SPRT: alpha must be between 0 and 1";
	else if (beta <= 0 || beta >= 1)
		msg = "SPRT: beta must be between 0 and 1";
	else if (alpha + beta >= 1)
		msg = "SPRT: alpha + beta must be less than 1";
	else if (elo0 >= elo1)
		msg = "SPRT: elo0 must be less than elo1";
	else if (model != SPRT_LOGISTIC && model != SPRT_NORMALIZED)
		msg = "SPRT: unknown model";
	if (why != NULL)
		*why = msg;
	if (msg != NULL)
		return -1;
	s->alpha = alpha;
	s->beta = beta;
	s->elo0 = elo0;
	s->elo1 = elo1;
	s->model = model;
	s->lower = log(beta / (1 - alpha));
	s->upper = log((1 - beta) / alpha);
	return 0;
}

int
sprt_model_parse(const char *name, enum sprt_model *model)
{
	if (strcmp(name, "logistic") == 0)
		*model = SPRT_LOGISTIC;
	else if (strcmp(name, "normalized") == 0)
		*model = SPRT_NORMALIZED;
	else
		return -1;
	return 0;
}

const char *
sprt_model_name(enum sprt_model model)
{
	return model == SPRT_NORMALIZED ? "normalized" : "logistic";
}

/*
 * The root theta of f(theta) = sum ph_i c_i / (1 + theta c_i) on the
 * interval where every 1 + theta c_i > 0.  f decreases there from +inf
 * to -inf, so Newton's method safeguarded by bisection always finds it.
 * Needs min c < 0 < max c.
 */
static double
root(const double *ph, const double *c, int k)
{
	double lo = -INFINITY, hi = INFINITY, t = 0;

	for (int i = 0; i < k; i++) {
		if (c[i] > 0 && -1 / c[i] > lo)
			lo = -1 / c[i];
		if (c[i] < 0 && -1 / c[i] < hi)
			hi = -1 / c[i];
	}
	for (int it = 0; it < 200; it++) {
		double f = 0, df = 0, nt;
		for (int i = 0; i < k; i++) {
			double den = 1 + t * c[i];
			f += ph[i] * c[i] / den;
			df -= ph[i] * c[i] * c[i] / (den * den);
		}
		if (f > 0)
			lo = t;
		else
			hi = t;
		nt = df < 0 ? t - f / df : (lo + hi) / 2;
		if (!(nt > lo && nt < hi))
			nt = (lo + hi) / 2;
		if (fabs(nt - t) <= 1e-15 * (1 + fabs(t)))
			return nt;
		t = nt;
	}
	return t;
}

/* Maximum-likelihood distribution with mean score s. */
static void
mle_logistic(const double *a, const double *ph, int k, double s, double *p)
{
	double c[MAXK] = { 0 }, th;

	for (int i = 0; i < k; i++)
		c[i] = a[i] - s;
	th = root(ph, c, k);
	for (int i = 0; i < k; i++)
		p[i] = ph[i] / (1 + th * c[i]);
}

/* Maximum-likelihood distribution with (mu - 1/2) / sigma = t. */
static void
mle_normalized(const double *a, const double *ph, int k, double t,
    double *p)
{
	for (int i = 0; i < k; i++)
		p[i] = 1.0 / k;		/* the note's starting point */
	for (int it = 0; it < 10000; it++) {
		double mu = 0, var = 0, sd, phi[MAXK], lo = 0, hi = 0, th;
		double diff = 0;
		for (int i = 0; i < k; i++)
			mu += p[i] * a[i];
		for (int i = 0; i < k; i++)
			var += p[i] * (a[i] - mu) * (a[i] - mu);
		sd = sqrt(var);
		for (int i = 0; i < k; i++) {
			double z = (a[i] - mu) / sd;
			phi[i] = a[i] - 0.5 - 0.5 * t * sd * (1 + z * z);
			lo = i == 0 || phi[i] < lo ? phi[i] : lo;
			hi = i == 0 || phi[i] > hi ? phi[i] : hi;
		}
		if (!(lo < 0 && hi > 0))
			return;		/* cannot happen with every p^ > 0 */
		th = root(ph, phi, k);
		for (int i = 0; i < k; i++) {
			double np = ph[i] / (1 + th * phi[i]);
			diff = fmax(diff, fabs(np - p[i]));
			p[i] = np;
		}
		if (diff < 1e-12)
			return;
	}
}

/* LLR from k regularised counts with per-game scores a (ascending). */
static double
llr(const struct sprt *s, const double *a, const double *count, int k,
    double games_per_unit)
{
	double n = 0, ph[MAXK], p0[MAXK], p1[MAXK], r = 0;

	for (int i = 0; i < k; i++)
		n += count[i];
	for (int i = 0; i < k; i++)
		ph[i] = count[i] / n;
	if (s->model == SPRT_NORMALIZED) {
		double f = sqrt(games_per_unit) / NELO_SCALE;
		mle_normalized(a, ph, k, s->elo0 * f, p0);
		mle_normalized(a, ph, k, s->elo1 * f, p1);
	} else {
		mle_logistic(a, ph, k, stats_score_of_elo(s->elo0), p0);
		mle_logistic(a, ph, k, stats_score_of_elo(s->elo1), p1);
	}
	for (int i = 0; i < k; i++)
		r += ph[i] * (log(p1[i]) - log(p0[i]));
	return n * r;
}

static double
regularise(long c)
{
	return c > 0 ? (double)c : 1e-3;
}

double
sprt_llr_wdl(const struct sprt *s, long wins, long draws, long losses)
{
	static const double a[3] = { 0, 0.5, 1 };
	double c[3];

	c[0] = regularise(losses);
	c[1] = regularise(draws);
	c[2] = regularise(wins);
	return llr(s, a, c, 3, 1);
}

double
sprt_llr_penta(const struct sprt *s, const long pairs[STATS_NPENTA])
{
	static const double a[STATS_NPENTA] = { 0, 0.25, 0.5, 0.75, 1 };
	double c[STATS_NPENTA];

	for (int i = 0; i < STATS_NPENTA; i++)
		c[i] = regularise(pairs[i]);
	return llr(s, a, c, STATS_NPENTA, 2);
}

double
sprt_llr_normal(const struct sprt *s, long n, double mean, double var)
{
	double s0 = stats_score_of_elo(s->elo0);
	double s1 = stats_score_of_elo(s->elo1);

	if (n < SPRT_MIN_UNITS || !(var > 0) || !isfinite(mean))
		return 0;
	return (double)n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

enum sprt_result
sprt_decide(const struct sprt *s, double llr_value)
{
	if (llr_value >= s->upper)
		return SPRT_ACCEPT_H1;
	if (llr_value <= s->lower)
		return SPRT_ACCEPT_H0;
	return SPRT_CONTINUE;
}
