/*
 * strong.c: the strong level (strong.h).
 *
 * Why flat Monte Carlo over sampled worlds (PIMC with rollouts) rather
 * than ISMCTS: the simulations are played by an honest policy that never
 * looks at the hidden cards (rollout.h), so the classic flaw of
 * determinization, strategy fusion, does not arise in them: comparing
 * actions by the mean result of that policy is one step of policy
 * improvement over it, which cannot be worse than the policy in
 * expectation.  Every candidate is played in the same worlds, so the
 * comparison is paired and the luck of the deal largely cancels.  A
 * tree below the root (strong_params.tree, strong_tree.c) keeps that
 * root and grows an information-set tree below each candidate; it is an
 * option, not the default (tournaments/research/tree-2026-11-24.md).
 *
 * Memory is bounded and allocated once per decision: three game buffers,
 * the policy's buffers and, for the end phase, the solver's table.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "belief.h"
#include "greedy.h"
#include "infer.h"
#include "policy_mlp.h"
#include "strong_int.h"
#include "view.h"

/*
 * Tricks each variant's simulations play before its own fitted
 * evaluation counts the rest (eval.h); 0: to the end of the deal.
 * Against simulating to the end, strong vs greedy at 300 playouts, paired
 * (tournaments/research/variants-2026-11-24.md): two-hand 4 tricks
 * +4.1 +- 5.0 points of deals won, +27 +- 20 a deal (300 pairs; 2 and 8
 * no better); six-pack 8: +22.5 +- 11.6, +2594 +- 1593 (40 pairs; 16
 * no better); eight-pack 8: +21.9 +- 17.8, +10628 +- 5619 (16 pairs);
 * each several times faster a playout.  Three-hand has no evaluation (two seats only).
 */
static const int horizons[NVARIANTS] = {
	[VARIANT_RUBICON] = 8,
	[VARIANT_TWO_HAND] = 4,
	[VARIANT_SIX_PACK] = 8,
	[VARIANT_EIGHT_PACK] = 8,
	[VARIANT_THREE_HAND] = 0,
};

void
strong_defaults(struct strong_params *p, const struct game *v)
{
	enum variant var = v == NULL ? VARIANT_RUBICON :
	    game_rules(v)->variant;
	bool rubicon = var == VARIANT_RUBICON;

	/* The simulations' end-phase solver plays for the game value
	 * (rollout.c), and six- and eight-pack hands are too big for it. */
	p->solver_stock = rubicon ? 0 : -1;
	p->horizon = (unsigned)var < NVARIANTS ? horizons[var] : 0;
	p->end_points = !rubicon;
	p->utility = 0;
	p->points_weight = 0;
	/* Where the simulations from a decision all reach the end of the
	 * deal (horizon 8: sixteen cards), by its exact game value. */
	p->value_stock = rubicon ? 16 : -1;
	p->policy = NULL;
	/* Rubicon simulates with the non-linear policy fitted to the
	 * search's own values (policy_mlp.h): at 100 ms a decision it won
	 * +4.6 +- 3.3 points more of the deals than the hand-set policy
	 * with the luck out, over 300 pairs, for 45% fewer playouts, and
	 * -0.4 +- 4.1 at 10 ms; the same fit, linear, on the fast path,
	 * +2.2 +- 3.9 (tournaments/research/mlp-2026-11-25.md).  It was
	 * fitted on Rubicon's deals only.  The linear learned policy
	 * (policy_weights.h) was not better (policy-learning-2026-11-24.md). */
	p->learned = NULL;
	p->mlp = rubicon ? &policy_mlp_weights : NULL;
	p->search_kinds = ~0u;
	p->on_candidate = NULL;
	p->on_candidate_arg = NULL;
	p->race = 3;
	p->caution = 1;
	p->max_candidates = MAX_CAND;
	p->infer = false;
	p->policy_infer = 0;
	p->infer_temp = 10;
	p->infer_worlds = 0;
	/* Three-hand, less the mean of the others: it topped 52.3% +- 2.7
	 * of 1,200 deals against two greedies, 46.6% +- 2.7 less the
	 * better of them (paired over 400 decks: +5.6 +- 3.5 points;
	 * bench_strength -v three-hand -p 300 -s 1000, 2000, -A). */
	p->rival = 1;
	p->tree = 0;
	p->tree_from_ms = STRONG_TREE_FROM_MS;
	/* 0.3 measured closer to flat than 1 at 100 ms (same 60 pairs:
	 * +3.3 +- 10.1 points of deals won over 1; neither better than flat,
	 * tournaments/research/tree-2026-11-24.md). */
	p->tree_c = 0.3;
	p->tree_widen = 8;
	p->tree_nodes = 0;
	p->oracle = 0;
	p->nest_depth = 0;
	p->nest_from = 400;
	p->nest_cands = 3;
	p->nest_worlds = 8;
	p->nest_caution = 1;
	p->nest_rate = 50;
	p->nest_final = 0;
	p->default_ms = 100;
	p->time_manager = true;
	p->settle_from = 0.25;
	p->doubt = 0.5;
	p->late = 1;
	p->late_stock = 16;
	p->stretch = 2;
}

struct rollout *
strong_rollout_new(const struct strong_params *p, const struct game *v)
{
	if (p->learned != NULL)
		return rollout_new_learned(v, p->learned);
	if (p->mlp != NULL)
		return rollout_new_mlp(v, p->mlp);
	return rollout_new(v, p->policy);
}

/* ---- candidates ---- */

static int
action_points(const struct game *v, const struct action *a)
{
	if (a->type != ACTION_DECLARE)
		return -1;
	return combo_points(game_rules(v), a->combo, a->key, game_trump(v));
}

/*
 * Every legal action, or when there are too many (declarations with many
 * choices of cards), the best-scoring declarations and the pass.
 */
static void
candidates(struct search *s, int n)
{
	int max = s->p->max_candidates, k = 0;
	bool taken[MAX_LEGAL] = { false };

	if (max < 2 || max > MAX_CAND)
		max = MAX_CAND;
	if (n <= max) {
		for (int i = 0; i < n; i++)
			s->c[k++].a = s->legal[i];
		s->ncand = k;
		return;
	}
	while (k < max - 1) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (!taken[i] && (best < 0 || action_points(s->v,
			    &s->legal[i]) > action_points(s->v,
			    &s->legal[best])))
				best = i;
		taken[best] = true;
		s->c[k++].a = s->legal[best];
	}
	s->c[k++].a = s->legal[n - 1];	/* pass, listed last */
	s->ncand = k;
}

/* ---- simulation ---- */

/*
 * What a simulation is worth to the seat: its points margin, or the
 * deal's game value or the chance of winning it (scaled to a game's
 * 1000), each with a share of the margin to break ties.
 */
static double
utility(const struct search *s, const struct rollout_result *res)
{
	double tie = res->points * s->p->points_weight / 100;

	switch (s->utility) {
	case 1:
		return res->value + tie;
	case 2:
		return 1000 * res->win + tie;
	default:
		return res->points;
	}
}

/*
 * A three-hand simulation's worth to the seat, played to the end of the
 * deal: its points (and brisques) less the mean of the two others'
 * (rival 1), or less the better of them (rival 0).  The mean counts
 * every point taken from either, and measured better (strong_defaults).
 */
static double
margin_of_three(const struct search *s, const struct game *g)
{
	bool bw = game_rules(g)->score.brisques_when == BRISQUES_ALWAYS;
	int n = game_players(g);
	double mine = 0, best = -1e9, sum = 0;

	for (int p = 0; p < n; p++) {
		double x = game_points(g, p) + (bw ? game_brisques(g, p) : 0);
		if (p == s->seat) {
			mine = x;
			continue;
		}
		sum += x;
		if (x > best)
			best = x;
	}
	return mine - (s->p->rival == 1 ? sum / (n - 1) : best);
}

/* Plays every candidate still in the race in one sampled world, the
 * same world for each, and adds up the results, weighed by how likely
 * the world makes the other player's plays (infer.h). */
static void
simulate_world(struct search *s)
{
	struct rollout_result res;
	double u[MAX_CAND], w = 1;

	w = strong_sample_world(s);
	for (int i = 0; i < s->ncand; i++) {
		struct cand *c = &s->c[i];
		if (c->out)
			continue;
		game_copy(s->play, s->world);
		game_apply(s->play, &c->a, NULL);
		if (s->tree != NULL)
			strong_tree_play(s, i, s->play, utility, &res);
		else if (s->nest > 0)
			strong_nest_play(s, s->play, utility, &res);
		else
			rollout_play(s->ro, s->play, s->seat, s->p->horizon,
			    s->eg, &res);
		if (game_players(s->play) > 2)
			res.points = margin_of_three(s, s->play);
		u[i] = utility(s, &res);
		/* Where the search plays for points, ev and win speak of
		 * points too: a two-hand deal has no game value. */
		cand_add(c, w, u[i], s->p->end_points ? res.points :
		    res.value, s->p->end_points ? (res.points > 0 ? 1 :
		    res.points == 0 ? 0.5 : 0) : res.win);
		s->playouts++;
	}
	for (int i = 0; i < s->ncand; i++)
		if (!s->c[i].out)
			cand_pair(&s->c[i], w, u[i] - u[s->ref]);
}

/*
 * Successive rejection: every few worlds, drops the candidates whose
 * mean is below the best's by more than `race` standard errors of the
 * paired difference, so that the rest of the budget goes to the actions
 * still in doubt.  The reference (the policy's own choice) stays in: the
 * differences are measured against it.
 */
static void
race(struct search *s, long worlds)
{
	int best;

	if (s->p->race <= 0 || worlds < 24 || worlds % 8 != 0)
		return;
	best = strong_best_in_race(s);
	for (int i = 0; i < s->ncand; i++) {
		struct cand *c = &s->c[i];
		if (c->out || i == best || i == s->ref)
			continue;
		if (cand_mean(&s->c[best]) - cand_mean(c) > s->p->race *
		    strong_se_between(s, i, best))
			c->out = true;
	}
}

static void
report_candidates(const struct search *s, info_fn info, void *arg)
{
	for (int i = 0; i < s->ncand; i++)
		if (s->c[i].n > 0)
			strong_report_action(info, arg, &s->c[i].a,
			    s->c[i].value / s->c[i].w,
			    s->c[i].wins / s->c[i].w);
}

/* The learning tools' ear: every candidate's mean utility, those the
 * race dropped with the mean they had. */
static void
tell_candidates(const struct search *s)
{
	for (int i = 0; i < s->ncand; i++)
		if (s->c[i].n > 0)
			s->p->on_candidate(s->p->on_candidate_arg,
			    &s->c[i].a, cand_mean(&s->c[i]), s->c[i].n,
			    s->utility);
}

/* The candidate the simulation policy itself would choose. */
static int
policy_choice(struct search *s)
{
	struct action a;

	if (rollout_choose(s->ro, s->v, &a) == 0)
		for (int i = 0; i < s->ncand; i++)
			if (action_equal(&a, &s->c[i].a))
				return i;
	return 0;
}

static int
stock_phase(struct search *s, info_fn info, void *arg, struct action *out)
{
	double mean[MAX_CAND] = { 0 };
	int idx[MAX_CAND] = { 0 }, n = 0, k;
	long worlds = 0;

	s->ref = policy_choice(s);
	strong_nest_begin(s);
	do {
		simulate_world(s);
		race(s, ++worlds);
		if (strong_nest_switch(s))
			worlds = 0;
	} while (!strong_time_up(s));
	for (int i = 0; i < s->ncand; i++)
		if (!s->c[i].out) {
			idx[n] = i;
			mean[n++] = strong_merit(s, i);
		}
	k = idx[strong_pick(s, mean, n)];
	*out = s->c[k].a;
	if (s->each_action && info != NULL)
		report_candidates(s, info, arg);
	strong_report(s, info, arg, s->c[k].value / s->c[k].w,
	    s->c[k].wins / s->c[k].w);
	return 0;
}

/* ---- the entry point ---- */

/* The end phase of two, both hands known, small enough to solve. */
static bool
solved_exactly(const struct game *v)
{
	return game_phase(v) == PHASE_END && game_players(v) == 2 &&
	    game_hand_count(v, game_to_move(v)) <= SOLVE_MAX_HAND;
}

static void
search_free(struct search *s)
{
	game_free(s->world);
	game_free(s->play);
	game_free(s->seen);
	rollout_free(s->ro);
	endgame_free(s->eg);
	strong_tree_free(s->tree);
	game_free(s->nest_world);
	game_free(s->nest_play);
}

int
strong_search(const struct strong_params *p, const struct game *v,
    struct rng *rng, const struct think_limits *lim, info_fn info,
    void *info_arg, struct action *out)
{
	struct search *s = calloc(1, sizeof(*s));
	int n, rc = 0;

	if (s == NULL)
		abort();
	s->p = p;
	s->v = v;
	s->rng = rng;
	s->seat = game_to_move(v);
	s->weaken = lim == NULL ? 0 : lim->weaken < 0 ? 0 :
	    lim->weaken > 100 ? 100 : lim->weaken;
	s->each_action = lim != NULL && lim->each_action;
	s->clock = lim != NULL && lim->cpu_clock ? CLOCK_THREAD_CPUTIME_ID :
	    CLOCK_MONOTONIC;
	if ((p->oracle && game_observer(v) >= 0) ||
	    (n = game_legal_actions(v, s->legal, MAX_LEGAL)) <= 0) {
		free(s);
		return -1;
	}
	strong_plan(s, lim);
	s->utility = p->value_stock >= 0 &&
	    game_stock_left(v) <= p->value_stock ? 1 : p->utility;
	if (n == 1 || game_decision(v) == DECISION_CARTE_BLANCHE) {
		*out = s->legal[0];	/* forced, or claim carte blanche */
		strong_report(s, info, info_arg, 0, 0.5);
	} else if (solved_exactly(v)) {
		s->eg = endgame_new(0);
		rc = strong_end_phase(s, info, info_arg, out);
	} else {
		s->world = game_clone(v);
		s->play = game_clone(v);
		if (p->oracle == 2)
			s->seen = game_view(v, s->seat);
		s->ro = strong_rollout_new(p, v);
		if (p->solver_stock >= 0 &&
		    game_stock_left(v) <= p->solver_stock)
			s->eg = endgame_new(0);
		if (!(p->search_kinds & (1u << game_decision(v)))) {
			rc = rollout_choose(s->ro, v, out);
			search_free(s);
			free(s);
			return rc == 0 ? 0 : greedy_choose(v, rng, out);
		}
		candidates(s, n);
		strong_tree_mode(s, lim);
		if (s->tree_mode && game_players(v) == 2)
			strong_tree_new(s);
		else
			strong_nest_plan(s);
		belief_weights(v, s->weight);
		rc = stock_phase(s, info, info_arg, out);
		if (p->on_candidate != NULL)
			tell_candidates(s);
	}
	search_free(s);
	free(s);
	/* A view the solver cannot read (never expected): play greedily. */
	return rc == 0 ? 0 : greedy_choose(v, rng, out);
}

bool
strong_simulates(const struct game *v)
{
	struct action legal[MAX_LEGAL];

	return game_legal_actions(v, legal, MAX_LEGAL) > 1 &&
	    game_decision(v) != DECISION_CARTE_BLANCHE && !solved_exactly(v);
}

int
strong_choose(const struct game *v, struct rng *rng,
    const struct think_limits *lim, info_fn info, void *info_arg,
    struct action *out)
{
	struct strong_params p;

	strong_defaults(&p, v);
	return strong_search(&p, v, rng, lim, info, info_arg, out);
}
