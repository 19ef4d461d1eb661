/*
 * strong_pick.c: the strong level's clock, its choice among candidates
 * (a candidate's sums over the worlds, its gain, its spread and its
 * merit) and its report of it, shared by the stock phase (strong.c), its
 * budget (strong_time.c), the end phase (strong_end.c) and the nested
 * simulations (strong_nest.c) and below them, so that none calls another
 * back.
 */
#include <math.h>
#include <time.h>

#include "strong_int.h"

double
strong_now_ms(const struct search *s)
{
	struct timespec ts;

	clock_gettime(s->clock, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A uniform double in [0, 1). */
double
strong_uniform(struct rng *rng)
{
	return (double)(rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/*
 * The action with the best merit; a weakened player picks among
 * them at random, the better ones more often (a softmax whose
 * temperature grows as Skill falls), so its slips are plausible ones.
 */
int
strong_pick(struct search *s, const double *mean, int n)
{
	int best = 0;
	double temp = 3.0 * s->weaken, total = 0, x;

	for (int i = 1; i < n; i++)
		if (mean[i] > mean[best])
			best = i;
	if (s->weaken <= 0)
		return best;
	for (int i = 0; i < n; i++)
		total += exp((mean[i] - mean[best]) / temp);
	x = strong_uniform(s->rng) * total;
	for (int i = 0; i < n; i++) {
		x -= exp((mean[i] - mean[best]) / temp);
		if (x < 0)
			return i;
	}
	return best;
}

void
strong_report(const struct search *s, info_fn info, void *arg, double ev,
    double win)
{
	if (info != NULL && s->tree != NULL)
		info(arg, "playouts=%lld ev=%.0f win=%.3f depth=%d time=%.0f",
		    s->playouts, ev, win, strong_tree_depth(s->tree),
		    strong_now_ms(s) - s->start);
	else if (info != NULL && s->nest > 0)	/* nested (strong_nest.c) */
		info(arg, "playouts=%lld ev=%.0f win=%.3f nest=%d time=%.0f",
		    s->playouts, ev, win, s->nest, strong_now_ms(s) - s->start);
	else if (info != NULL)
		info(arg, "playouts=%lld ev=%.0f win=%.3f time=%.0f",
		    s->playouts, ev, win, strong_now_ms(s) - s->start);
}

/*
 * Analysis: one info line per action weighed, its mean value and chance
 * of winning over the worlds it was played in (protocol.md, info).
 */
void
strong_report_action(info_fn info, void *arg, const struct action *a,
    double value, double win)
{
	char t[ACTION_TEXT_MAX];

	info(arg, "action=%s value=%.0f win=%.3f", action_format(a, t,
	    sizeof(t)), value, win);
}

/*
 * A world's result for candidate c, weighed by w (infer.h; 1 without
 * inference): sums of the weights and their squares, so that the means
 * are weighted means and the standard errors count the effective number
 * of worlds, (sum w)^2 / sum w^2, which is n when the weights are equal.
 */
void
cand_add(struct cand *c, double w, double u, double value, double win)
{
	c->value += w * value;
	c->wins += w * win;
	c->utility += w * u;
	c->w += w;
	c->w2 += w * w;
	c->n++;
}

/* The utility less the reference's in the same world. */
void
cand_pair(struct cand *c, double w, double d)
{
	c->d += w * d;
	c->d2 += w * d * d;
}

double
cand_mean(const struct cand *c)
{
	return c->w > 0 ? c->utility / c->w : 0;
}

double
cand_gain(const struct cand *c)
{
	return c->w > 0 ? c->d / c->w : 0;
}

double
cand_var(const struct cand *c)
{
	double m = cand_gain(c);

	return c->w > 0 ? c->d2 / c->w - m * m : 0;
}

double
cand_worlds(const struct cand *c)
{
	return c->w2 > 0 ? c->w * c->w / c->w2 : 0;
}

/* The candidate in the race with the best mean utility (the reference
 * if none is better). */
int
strong_best_in_race(const struct search *s)
{
	int best = s->ref;

	for (int i = 0; i < s->ncand; i++)
		if (!s->c[i].out && cand_mean(&s->c[i]) > cand_mean(&s->c[best]))
			best = i;
	return best;
}

/* Candidate i's standard error against j, as the race measures it: the
 * spreads of their gains over the reference added, over i's worlds. */
double
strong_se_between(const struct search *s, int i, int j)
{
	return sqrt((cand_var(&s->c[i]) + cand_var(&s->c[j])) /
	    cand_worlds(&s->c[i]));
}

/*
 * What the stock phase compares: a candidate's mean gain over the
 * reference (the policy's own choice), less `caution` standard errors.
 * The best of many noisy means is biased upwards, the more so the more
 * candidates there are; asking for evidence keeps the policy's choice
 * unless another is shown better.
 */
double
strong_merit(const struct search *s, int i)
{
	const struct cand *c = &s->c[i];
	double v;

	if (i == s->ref || c->n < 2)
		return i == s->ref ? 0 : -1e9;
	v = cand_var(c);
	return cand_gain(c) -
	    s->p->caution * sqrt((v > 0 ? v : 0) / cand_worlds(c));
}
