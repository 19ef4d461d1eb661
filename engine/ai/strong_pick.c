/*
 * strong_pick.c: the strong level's clock, its choice among candidates
 * and its report of it, shared by the stock phase (strong.c) and the end
 * phase (strong_end.c) and below both, so that neither calls the other
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
