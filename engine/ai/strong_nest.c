/*
 * strong_nest.c: nested simulations (strong.h, nest_depth).
 *
 * Why: the flat search (strong.c) compares root candidates by the mean
 * result of the simulation policy after them, one step of policy
 * improvement over that policy.  More playouts only sharpen the estimate
 * of that one step, and beyond about 5,000 a decision they measured
 * nothing (tournaments/research/knobs-2026-11-25.md).  Nested Monte
 * Carlo (Cazenave 2009; Tesauro and Galperin 1996, rollouts improved by
 * search) spends a larger budget on better simulations instead: in each
 * simulation the seat's own first card plays after the root candidate
 * are chosen by a small flat search of their own, so the candidate is
 * judged by what a searching player would make of it.
 *
 * The inner search is honest: it deals the cards the seat cannot see in
 * the simulated position again (its own view of it), as the root does,
 * so it never profits from the world's hidden cards.  It compares the
 * policy's few best plays, keeps the policy's own unless another shows a
 * gain of nest_caution standard errors (as the root does), and its
 * playouts count against the budget, so that nesting costs worlds: it
 * is switched on only where the budget leaves each root candidate
 * enough of them (strong_nest_plan).
 */
#include <math.h>
#include <string.h>

#include "strong_int.h"
#include "view.h"

#define NEST_MAX_CANDS	8

void
strong_nest_plan(struct search *s)
{
	const struct strong_params *p = s->p;
	double budget, per;
	int depth = 0;

	s->nest = 0;
	if (p->nest_depth <= 0 || p->nest_cands < 2 || p->nest_worlds < 2 ||
	    p->nest_from <= 0 || game_players(s->v) != 2 || s->ncand < 1)
		return;
	budget = s->limit > 0 ? (double)s->limit : s->ms * p->nest_rate;
	per = budget / s->ncand;
	for (double need = (double)p->nest_from; per >= need &&
	    depth < p->nest_depth; need *= 4)
		depth++;
	s->nest = depth;
	if (depth > 0) {
		s->nest_world = game_clone(s->v);
		s->nest_play = game_clone(s->v);
	}
}

/*
 * The seat's play at g chosen by an inner search: the policy's best
 * nest_cands plays, each in the same nest_worlds deals of what the seat
 * cannot see, simulated by the policy to the same stop as the outer
 * simulation.  The policy's own choice (the first) is the reference; a
 * play replaces it only if its mean gain less nest_caution standard errors
 * is positive and the best such.
 */
static void
inner_choose(struct search *s, const struct game *g, int stop,
    double (*utility)(const struct search *, const struct rollout_result *),
    struct action *out)
{
	struct action cand[NEST_MAX_CANDS];
	double d[NEST_MAX_CANDS] = { 0 }, d2[NEST_MAX_CANDS] = { 0 };
	double u[NEST_MAX_CANDS], best_merit = 0;
	int k = s->p->nest_cands > NEST_MAX_CANDS ? NEST_MAX_CANDS :
	    s->p->nest_cands, m = s->p->nest_worlds, best = 0;
	struct game *view;
	struct rollout_result res;

	k = rollout_rank(s->ro, g, cand, k);
	if (k < 2)
		return;
	view = game_view(g, s->seat);
	for (int j = 0; j < m; j++) {
		view_sample(view, s->rng, s->nest_world);
		for (int i = 0; i < k; i++) {
			game_copy(s->nest_play, s->nest_world);
			game_apply(s->nest_play, &cand[i], NULL);
			rollout_play_to(s->ro, s->nest_play, s->seat, stop,
			    s->eg, &res);
			u[i] = utility(s, &res);
			s->playouts++;
		}
		for (int i = 1; i < k; i++) {
			d[i] += u[i] - u[0];
			d2[i] += (u[i] - u[0]) * (u[i] - u[0]);
		}
	}
	game_free(view);
	for (int i = 1; i < k; i++) {
		double mean = d[i] / m, var = d2[i] / m - mean * mean;
		double merit = mean - s->p->nest_caution *
		    sqrt((var > 0 ? var : 0) / m);
		if (merit > best_merit) {
			best_merit = merit;
			best = i;
		}
	}
	*out = cand[best];
}

/*
 * Plays g on as the outer simulation would (rollout_play with the
 * search's horizon), but the seat's first s->nest leads and replies of
 * the stock phase before the horizon are the inner search's.
 */
void
strong_nest_play(struct search *s, struct game *g,
    double (*utility)(const struct search *, const struct rollout_result *),
    struct rollout_result *res)
{
	int stop = s->p->horizon > 0 ? game_tricks_played(g) +
	    s->p->horizon : -1, left = s->nest;
	struct action a;

	while (left > 0 && !game_over(g) && game_phase(g) == PHASE_STOCK &&
	    (stop < 0 || game_tricks_played(g) < stop)) {
		enum decision dec = game_decision(g);
		if (rollout_choose(s->ro, g, &a) < 0)
			break;
		if (game_to_move(g) == s->seat && (dec == DECISION_LEAD ||
		    dec == DECISION_REPLY)) {
			inner_choose(s, g, stop, utility, &a);
			left--;
		}
		game_apply(g, &a, NULL);
	}
	rollout_play_to(s->ro, g, s->seat, stop, s->eg, res);
}

void
strong_nest_begin(struct search *s)
{
	s->nest_later = 0;
	if (s->nest > 0 && s->p->nest_final > 0) {
		s->nest_later = s->nest;
		s->nest = 0;
	}
}

/*
 * Why finalists: a nested world costs dozens of playouts, so nesting
 * every candidate leaves each few worlds; the flat half of the budget
 * finds the few candidates in doubt cheaply, and the nested half judges
 * them by better simulations.  The flat sums are not mixed with the
 * nested ones (they estimate another policy's result): cleared.
 */
bool
strong_nest_switch(struct search *s)
{
	double merit[MAX_CAND];
	bool keep[MAX_CAND] = { false };
	int kept = 1;

	if (s->nest_later <= 0 || (s->limit > 0 ? s->playouts * 2 < s->limit :
	    (strong_now_ms(s) - s->start) * 2 < s->ms))
		return false;
	for (int i = 0; i < s->ncand; i++)
		merit[i] = s->c[i].out ? -1e300 : strong_merit(s, i);
	keep[s->ref] = true;
	while (kept < s->p->nest_final) {
		int best = -1;
		for (int i = 0; i < s->ncand; i++)
			if (!keep[i] && !s->c[i].out && (best < 0 ||
			    merit[i] > merit[best]))
				best = i;
		if (best < 0)
			break;
		keep[best] = true;
		kept++;
	}
	for (int i = 0; i < s->ncand; i++) {
		struct cand *c = &s->c[i];
		struct action a = c->a;
		if (!keep[i]) {
			c->out = true;
			continue;
		}
		memset(c, 0, sizeof(*c));
		c->a = a;
	}
	s->nest = s->nest_later;
	s->nest_later = 0;
	return true;
}
