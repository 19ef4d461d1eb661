/*
 * strong_time.c: how long the strong level thinks at a decision
 * (strong_int.h).
 *
 * Fixed playouts and a move time are obeyed to the letter: a benchmark
 * or a user who asks for them wants exactly that.  A clock is the
 * engine's own to spend, and an even share of it a decision wastes it:
 * many decisions are settled after a few dozen worlds (one card clearly
 * best, or every other dropped by the race), while a few stay in doubt
 * to the end of their share.  So under a clock (strong_params.time_manager)
 * a settled decision stops early and leaves its time on the clock, where
 * the shares of the decisions to come grow by it, and a decision whose
 * best two candidates are still within half a standard error of each
 * other (`doubt`) may go on to `stretch` shares.  Chess engines do the
 * same with a stable or changing best move.
 */
#include <math.h>

#include "strong_int.h"

/*
 * This seat's decisions still to come that need thought: its plays in
 * the stock phase (the end phase is solved at once), plus a margin; with
 * the time manager, those of the last `late_stock` cards of the stock
 * (where Rubicon's search plays for the game value) count `late` times.
 * The share of this decision is the clock times its own weight over
 * this sum.
 */
static double
decisions_left(const struct search *s, double *weight)
{
	double now = game_stock_left(s->v) / 2.0, late = now;
	double w = s->p->time_manager ? s->p->late : 1;

	if (late > s->p->late_stock / 2.0)
		late = s->p->late_stock / 2.0;
	*weight = game_stock_left(s->v) <= s->p->late_stock ? w : 1;
	return now - late + late * w + 4;
}

/*
 * The share of the clock (time and inc, in ms or with playout_clock in
 * playouts) this decision should take, and the most it may: a quarter
 * of what is left, or its share stretched while it is in doubt.
 */
static void
clock_share(struct search *s, const struct think_limits *lim,
    double *share, double *most)
{
	double left = (double)lim->time_ms, weight;
	double ahead = decisions_left(s, &weight);

	*share = left * weight / ahead + (double)lim->inc_ms * 0.8;
	if (*share > left * 0.25)
		*share = left * 0.25;
	*most = *share;
	if (s->p->time_manager) {
		*most = *share * s->p->stretch;
		if (*most > left * 0.25)
			*most = left * 0.25;
	}
}

/*
 * Fixed playouts if given; else the move time; else a share of the
 * clock; else the default; never more than the per-decision cap.  The
 * Skill option shrinks it, quadratically: a weak player thinks little.
 * s->limit (playouts) or s->ms is the share, s->most the hard stop.
 */
void
strong_plan(struct search *s, const struct think_limits *lim)
{
	double ms = s->p->default_ms, skill = (100 - s->weaken) / 100.0;
	double f = 0.03 + 0.97 * skill * skill, given = ms, most = ms;

	s->start = strong_now_ms(s);
	s->limit = 0;
	s->given_ms = 0;
	s->managed = false;
	if (lim != NULL && lim->playouts > 0) {
		s->limit = (long long)ceil((double)lim->playouts * f);
		s->most = (double)s->limit;
		return;
	}
	if (lim != NULL && lim->movetime_ms > 0) {
		given = (double)lim->movetime_ms;
		ms = most = given * 0.9 - 2;
	} else if (lim != NULL && lim->time_ms > 0) {
		clock_share(s, lim, &ms, &most);
		given = ms;
		s->managed = s->p->time_manager;
	}
	if (lim != NULL && lim->cap_ms > 0) {
		double top = (double)lim->cap_ms * 0.8 - 2;
		ms = ms > top ? top : ms;
		most = most > top ? top : most;
		if (given > (double)lim->cap_ms)
			given = (double)lim->cap_ms;
	}
	if (lim != NULL && lim->playout_clock && lim->time_ms > 0 &&
	    lim->movetime_ms <= 0) {	/* the clock counts playouts */
		s->limit = ms * f < 1 ? 1 : (long long)ceil(ms * f);
		s->most = fmax(most * f, (double)s->limit);
		return;
	}
	s->ms = fmax(ms * f, 1);
	s->most = fmax(most * f, s->ms);
	/* As given, before the margin kept for the answer to arrive. */
	s->given_ms = given * f;
}

/*
 * Settled: every candidate still in the race is below the best by more
 * than the race's margin (3 standard errors if the race is off), the
 * policy's own choice included, so more worlds would not change the
 * choice.
 */
static bool
settled(const struct search *s)
{
	int best = strong_best_in_race(s);
	double z = s->p->race > 0 ? s->p->race : 3;

	for (int i = 0; i < s->ncand; i++) {
		const struct cand *c = &s->c[i];
		if (c->out || i == best)
			continue;
		if (c->n < 24 || cand_mean(&s->c[best]) - cand_mean(c) <=
		    z * strong_se_between(s, i, best))
			return false;
	}
	return true;
}

/* In doubt: the two best candidates by merit, the one the search would
 * choose now and the next, within `doubt` standard errors of each
 * other. */
static bool
in_doubt(const struct search *s)
{
	int first = -1, second = -1;
	double m[MAX_CAND];

	for (int i = 0; i < s->ncand; i++) {
		if (s->c[i].out)
			continue;
		m[i] = strong_merit(s, i);
		if (first < 0 || m[i] > m[first]) {
			second = first;
			first = i;
		} else if (second < 0 || m[i] > m[second]) {
			second = i;
		}
	}
	return second >= 0 && m[first] - m[second] < s->p->doubt *
	    strong_se_between(s, first == s->ref ? second : first, first == s->ref ?
	    first : second);
}

bool
strong_time_up(const struct search *s)
{
	double soft = s->limit > 0 ? (double)s->limit : s->ms;
	double spent = s->limit > 0 ? (double)s->playouts :
	    strong_now_ms(s) - s->start;

	if (spent >= s->most)
		return true;
	if (!s->managed)
		return spent >= soft;
	if (spent >= soft * s->p->settle_from && settled(s))
		return true;
	return spent >= soft && !in_doubt(s);
}
