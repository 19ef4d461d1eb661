/*
 * test_policy.c: the learned simulation policy's parts (issue 18): the
 * features of a card play give the hand-set policy's choice when weighed
 * by its scale, the learned policy's sum leaves no feature out, and the
 * softmax fit recovers the weights that made a synthetic set of choices,
 * or of soft targets (distillation of the search's values).
 */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "greedy.h"
#include "keep.h"
#include "policy_features.h"
#include "policy_fit.h"
#include "policy_mlp.h"
#include "rollout.h"

/* learned_play_is_pinned: the learned policy's play before its fast path. */
#define PIN_LEARNED	0x177f5e5f8fa8f67eull
#define PIN_VALUES	0x1c7e13e4150c0152ull
#define PIN_RANDOM	0x0d20e37d402213f7ull

/* A scale of random weights, the trick's worth to the other side too. */
static void
random_scale(struct rng *rng, struct keep_weights *w)
{
	int *x = (int *)(void *)w;

	for (size_t i = 0; i < sizeof(*w) / sizeof(int); i++)
		x[i] = (int)rng_below(rng, 41);
	/* No feature of the learned policy stands for it: the hand-set
	 * policy alone weighs the trump sequence (keep.h). */
	w->sequence_trump = 0;
}

/* The card of lowest score theta . f over every feature. */
static int
lowest_of_all(struct pf_buffers *pf, const struct game *g,
    const double *theta)
{
	static struct action legal[MAX_LEGAL];
	static int16_t f[MAX_LEGAL][PF_COUNT];
	int n = game_legal_actions_by_kind(g, legal, MAX_LEGAL), best = 0;
	double lo = 0;

	policy_features(pf, g, legal, n, f);
	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int j = 0; j < PF_COUNT; j++)
			s += theta[j] * f[i][j];
		if (i == 0 || s < lo) {
			lo = s;
			best = i;
		}
	}
	return legal[best].cards[0];
}

/* Plays deal `seed`, half of the moves at random and half by the
 * hand-set policy on scale w; at every play decision the learned path on
 * w's weights must choose the same card, and the learned path on random
 * weights of every feature the card of lowest full sum (the sum over
 * the features a kind of decision may set leaves none out).  Returns the
 * decisions seen. */
static int
compare_deal(uint64_t seed, const struct keep_weights *w, struct rng *rng)
{
	struct rules r;
	struct game *g;
	struct rollout *old, *learned, *any;
	struct pf_buffers pf;
	double theta[PF_COUNT], random[PF_COUNT];
	int seen = 0;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	policy_features_of_scale(w, theta);
	for (int j = 0; j < PF_COUNT; j++)
		random[j] = (double)rng_below(rng, 2001) / 100 - 10;
	old = rollout_new(g, w);
	learned = rollout_new_learned(g, theta);
	any = rollout_new_learned(g, random);
	pf_buffers_init(&pf, g);
	while (!game_over(g)) {
		struct action a, b, legal[MAX_LEGAL];
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		assert_int_equal(rollout_choose(old, g, &a), 0);
		assert_int_equal(rollout_choose(learned, g, &b), 0);
		if (game_decision(g) == DECISION_LEAD ||
		    game_decision(g) == DECISION_REPLY) {
			char id[64];
			snprintf(id, sizeof(id), "seed %llu decision %d",
			    (unsigned long long)seed, seen);
			assert_int_eq_msg(id, a.cards[0], b.cards[0]);
			assert_int_equal(rollout_choose(any, g, &b), 0);
			assert_int_eq_msg(id, b.cards[0],
			    lowest_of_all(&pf, g, random));
			seen++;
		}
		if (rng_below(rng, 2) == 0)
			a = legal[rng_below(rng, (uint64_t)n)];
		assert_int_equal(game_apply(g, &a, NULL), 0);
	}
	pf_buffers_free(&pf);
	rollout_free(old);
	rollout_free(learned);
	rollout_free(any);
	game_free(g);
	return seen;
}

static void
features_give_the_hand_set_choice(void **state)
{
	struct rng rng;
	struct keep_weights w;
	int seen = 0;

	(void)state;
	rng_seed(&rng, 18);
	for (uint64_t seed = 1; seed <= 60; seed++) {
		if (seed % 3 == 0)
			w = rollout_weights;
		else if (seed % 3 == 1)
			w = greedy_weights;
		else
			random_scale(&rng, &w);
		seen += compare_deal(seed, &w, &rng);
	}
	assert_true(seen > 3000);
}

/*
 * Weights of the kinds the learned policy runs on: round 3's fit to the
 * search's values (tournaments/research/policy-learning-2026-11-24.md,
 * make weights-policy-values), six significant digits of every sign and
 * two near zero; and random ones of six digits with a third exactly 0.
 */
static const double value_weights[PF_COUNT] = {
	0.121337, 1.94462, 0.536045, 0.323567, 0.549139, 0.911692, 0.119765,
	0.0401202, 0.605728, -0.00808201, -0.847114, 0.0782467, 0.018266,
	0.0674514, -0.0179187, -0.00779602, 0.137863, -6.78448e-16,
	-1.13075e-16, -0.0089308, -0.388859, -0.0285085, 0.00365166,
	-0.157205, 0.0933242, 0.298283, -0.03108, 0.258919, 0.0277436,
	0.0562645,
};

static void
random_weights(struct rng *rng, double *theta)
{
	for (int j = 0; j < PF_COUNT; j++) {
		double x = (double)((int)rng_below(rng, 1999999) - 999999);
		theta[j] = rng_below(rng, 3) == 0 ? 0 :
		    x * pow(10, (double)rng_below(rng, 9) - 8);
	}
}

/* Plays deal `seed` with moves half at random, half the learned
 * policy's on theta; at every play decision its choice must be the card
 * of lowest full sum over policy_features' row.  Returns the decisions
 * seen. */
static int
fast_deal(uint64_t seed, const double *theta, struct rng *rng)
{
	struct rules r;
	struct game *g;
	struct rollout *ro;
	struct pf_buffers pf;
	int seen = 0;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	ro = rollout_new_learned(g, theta);
	pf_buffers_init(&pf, g);
	while (!game_over(g)) {
		struct action a, legal[MAX_LEGAL];
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		assert_int_equal(rollout_choose(ro, g, &a), 0);
		if (game_decision(g) == DECISION_LEAD ||
		    game_decision(g) == DECISION_REPLY) {
			char id[64];
			snprintf(id, sizeof(id), "seed %llu decision %d",
			    (unsigned long long)seed, seen++);
			assert_int_eq_msg(id, a.cards[0],
			    lowest_of_all(&pf, g, theta));
		}
		if (rng_below(rng, 2) == 0)
			a = legal[rng_below(rng, (uint64_t)n)];
		assert_int_equal(game_apply(g, &a, NULL), 0);
	}
	pf_buffers_free(&pf);
	rollout_free(ro);
	game_free(g);
	return seen;
}

/* The learned policy's fast path (policy_choose: the features that are
 * not zero, summed as they are found) plays the card of lowest full sum
 * on the weights it is used with. */
static void
fast_path_is_the_full_sum(void **state)
{
	struct rng rng;
	double theta[PF_COUNT];
	int seen = 0;

	(void)state;
	rng_seed(&rng, 1818);
	for (uint64_t seed = 100; seed < 190; seed++) {
		if (seed % 3 == 0)
			memcpy(theta, value_weights, sizeof(theta));
		else if (seed % 3 == 1)
			memcpy(theta, policy_learned, sizeof(theta));
		else
			random_weights(&rng, theta);
		seen += fast_deal(seed, theta, &rng);
	}
	assert_true(seen > 4000);
}

/* FNV-1a over every action of `deals` seeded deals that the learned
 * policy on theta plays in both seats. */
static uint64_t
learned_play_hash(const double *theta, uint64_t first, int deals)
{
	uint64_t h = 14695981039346656037ull;

	for (uint64_t seed = first; seed < first + (uint64_t)deals; seed++) {
		struct rules r;
		struct game *g;
		struct rollout *ro;
		rules_init(&r, VARIANT_RUBICON);
		g = game_new(&r, seed, 1);
		ro = rollout_new_learned(g, theta);
		while (!game_over(g)) {
			struct action a;
			assert_int_equal(rollout_choose(ro, g, &a), 0);
			uint8_t x[4] = { a.type, a.combo, a.key, a.ncards };
			for (int i = 0; i < 4 + 2 * a.ncards; i++) {
				int b = i < 4 ? x[i] : i % 2 ?
				    a.cards[(i - 4) / 2] >> 8 :
				    a.cards[(i - 4) / 2] & 0xff;
				h = (h ^ (uint64_t)b) * 1099511628211ull;
			}
			assert_int_equal(game_apply(g, &a, NULL), 0);
		}
		rollout_free(ro);
		game_free(g);
	}
	return h;
}

/* What the learned policy plays, pinned: the hashes are those of the
 * path that computed every feature of every card into a row and summed
 * the row (before policy_choose); a faster path must play the same. */
static void
learned_play_is_pinned(void **state)
{
	struct rng rng;
	double theta[PF_COUNT];

	(void)state;
	rng_seed(&rng, 77);
	random_weights(&rng, theta);
	assert_true(learned_play_hash(policy_learned, 1000, 150) ==
	    PIN_LEARNED);
	assert_true(learned_play_hash(value_weights, 2000, 150) ==
	    PIN_VALUES);
	assert_true(learned_play_hash(theta, 3000, 150) == PIN_RANDOM);
}

#define SYN_FEATURES	5
#define SYN_DECISIONS	6000

/* Choices drawn from the softmax of -theta . f over random features. */
static void
synthetic(struct rng *rng, const double *theta, int *nact, int *chosen,
    int16_t *x, long *rows)
{
	int16_t *p = x;

	*rows = 0;
	for (int d = 0; d < SYN_DECISIONS; d++) {
		double e[8], sum = 0, u;
		int n = 2 + (int)rng_below(rng, 7), c = n - 1;
		for (int i = 0; i < n; i++) {
			double s = 0;
			for (int j = 0; j < SYN_FEATURES; j++) {
				p[i * SYN_FEATURES + j] =
				    (int16_t)((int)rng_below(rng, 7) - 3);
				s += theta[j] * p[i * SYN_FEATURES + j];
			}
			sum += e[i] = exp(-s);
		}
		u = (double)(rng_next(rng) >> 11) / 9007199254740992.0 * sum;
		for (int i = 0; i < n; i++)
			if ((u -= e[i]) < 0) {
				c = i;
				break;
			}
		nact[d] = n;
		chosen[d] = c;
		p += n * SYN_FEATURES;
		*rows += n;
	}
}

static void
fit_recovers_known_weights(void **state)
{
	static const double truth[SYN_FEATURES] = { 0.8, -0.5, 0.3, 1.2, 0 };
	static int nact[SYN_DECISIONS], chosen[SYN_DECISIONS];
	static int16_t x[SYN_DECISIONS * 8 * SYN_FEATURES];
	struct fit_set s;
	struct rng rng;
	double theta[SYN_FEATURES] = { 0 }, g[SYN_FEATURES];
	double h[SYN_FEATURES * SYN_FEATURES];
	long rows;

	(void)state;
	rng_seed(&rng, 7);
	synthetic(&rng, truth, nact, chosen, x, &rows);
	s.nfeat = SYN_FEATURES;
	s.ndec = SYN_DECISIONS;
	s.nact = nact;
	s.chosen = chosen;
	s.x = x;
	s.target = NULL;
	assert_true(fit_newton(&s, theta, 1e-6, 50) > 0);
	for (int j = 0; j < SYN_FEATURES; j++) {
		/* within 0.1 of the truth (about 4 standard errors) */
		assert_true(fabs(theta[j] - truth[j]) < 0.1);
	}
	/* At the optimum the gradient is zero... */
	fit_loss(&s, theta, 1e-6, g, h);
	for (int j = 0; j < SYN_FEATURES; j++)
		assert_true(fabs(g[j]) < 1e-6);
	/* ...and the fit beats the truth on the data it saw, which beats
	 * knowing nothing (all weights 0). */
	assert_true(fit_loss(&s, theta, 0, NULL, NULL) <=
	    fit_loss(&s, truth, 0, NULL, NULL));
	memset(g, 0, sizeof(g));
	assert_true(fit_loss(&s, truth, 0, NULL, NULL) <
	    fit_loss(&s, g, 0, NULL, NULL));
	assert_true(fit_accuracy(&s, theta) > 0.4);
}

/* At `at`, the gradient fit_loss gives is the loss's slope and, if
 * asked, its Hessian the gradient's: central differences agree. */
static void
slopes_agree(const struct fit_set *s, const double *at, bool hessian)
{
	double g[SYN_FEATURES], t[SYN_FEATURES], gu[SYN_FEATURES];
	double gd[SYN_FEATURES], h[SYN_FEATURES * SYN_FEATURES];

	fit_loss(s, at, 0.01, g, hessian ? h : NULL);
	for (int j = 0; j < SYN_FEATURES; j++) {
		double up, down;
		memcpy(t, at, sizeof(t));
		t[j] += 1e-5;
		up = fit_loss(s, t, 0.01, gu, NULL);
		t[j] -= 2e-5;
		down = fit_loss(s, t, 0.01, gd, NULL);
		assert_true(fabs((up - down) / 2e-5 - g[j]) < 1e-5);
		for (int k = 0; hessian && k < SYN_FEATURES; k++)
			assert_true(fabs((gu[k] - gd[k]) / 2e-5 -
			    h[k * SYN_FEATURES + j]) < 1e-4);
	}
}

/* The gradient is the loss's: central differences agree. */
static void
gradient_is_the_loss_slope(void **state)
{
	static const double at[SYN_FEATURES] = { 0.3, 0.1, -0.7, 0.5, 0.2 };
	static int nact[SYN_DECISIONS], chosen[SYN_DECISIONS];
	static int16_t x[SYN_DECISIONS * 8 * SYN_FEATURES];
	struct fit_set s = { SYN_FEATURES, 500, nact, chosen, x, NULL };
	struct rng rng;
	long rows;

	(void)state;
	rng_seed(&rng, 9);
	synthetic(&rng, at, nact, chosen, x, &rows);
	slopes_agree(&s, at, false);
}

/* Soft targets: each decision's q is the softmax of the scores of known
 * weights, as a softmax of the search's values is (tools/policy_fit -T). */
static void
soft_targets(const double *theta, const int *nact, const int16_t *x,
    double *q)
{
	for (int d = 0; d < SYN_DECISIONS; d++) {
		double sum = 0;
		for (int i = 0; i < nact[d]; i++) {
			double sc = 0;
			for (int j = 0; j < SYN_FEATURES; j++)
				sc += theta[j] * x[i * SYN_FEATURES + j];
			sum += q[i] = exp(-sc);
		}
		for (int i = 0; i < nact[d]; i++)
			q[i] /= sum;
		x += nact[d] * SYN_FEATURES;
		q += nact[d];
	}
}

/* The soft-target fit lands on the weights that made the targets (the
 * cross-entropy's minimum where every target is the model's own), in a
 * few Newton steps; its gradient and Hessian are the loss's slopes. */
static void
soft_fit_recovers_known_weights(void **state)
{
	static const double truth[SYN_FEATURES] = { 0.8, -0.5, 0.3, 1.2, 0 };
	static const double at[SYN_FEATURES] = { 0.3, 0.1, -0.7, 0.5, 0.2 };
	static int nact[SYN_DECISIONS], chosen[SYN_DECISIONS];
	static int16_t x[SYN_DECISIONS * 8 * SYN_FEATURES];
	static double q[SYN_DECISIONS * 8];
	struct fit_set s = { SYN_FEATURES, SYN_DECISIONS, nact, chosen, x, q };
	struct rng rng;
	double theta[SYN_FEATURES] = { 0 };
	long rows;
	int steps;

	(void)state;
	rng_seed(&rng, 11);
	synthetic(&rng, at, nact, chosen, x, &rows);
	soft_targets(truth, nact, x, q);
	steps = fit_newton(&s, theta, 1e-12, 50);
	assert_true(steps > 0 && steps <= 12);
	for (int j = 0; j < SYN_FEATURES; j++)
		assert_true(fabs(theta[j] - truth[j]) < 1e-6);
	/* The gradient and the Hessian at another point: central
	 * differences of the loss and of the gradient. */
	slopes_agree(&s, at, true);
}

/* The non-linear policy with no hidden unit and the hand-set weights,
 * negated, as its linear term plays as the hand-set policy, move by move
 * (scores of whole numbers: exact in float); a hidden unit is rectified. */
static void
mlp_forward_pass(void **state)
{
	static struct policy_mlp m;
	double hand[PF_COUNT];
	int16_t f[PF_COUNT] = { 0 };
	long compared = 0;

	(void)state;
	policy_features_of_scale(&rollout_weights, hand);
	for (int j = 0; j < PF_COUNT; j++)
		m.skip[j] = (float)-hand[j];
	for (uint64_t seed = 300; seed < 340; seed++) {
		struct rules r;
		struct game *g;
		struct rollout *a, *b;
		rules_init(&r, VARIANT_RUBICON);
		g = game_new(&r, seed, 1);
		a = rollout_new(g, NULL);
		b = rollout_new_mlp(g, &m);
		while (!game_over(g)) {
			struct action x, y;
			assert_int_equal(rollout_choose(a, g, &x), 0);
			assert_int_equal(rollout_choose(b, g, &y), 0);
			assert_true(action_equal(&x, &y));
			compared++;
			assert_int_equal(game_apply(g, &x, NULL), 0);
		}
		rollout_free(a);
		rollout_free(b);
		game_free(g);
	}
	assert_true(compared > 3000);
	memset(&m, 0, sizeof(m));
	m.hidden = 1;
	m.w1[PF_RANK][0] = 1;
	m.b1[PF_KIND_REPLY][0] = -2;
	m.w2[0] = 3;
	m.skip[PF_TRUMP] = 0.5f;
	f[PF_RANK] = 5;
	f[PF_TRUMP] = 1;
	assert_true(policy_mlp_score(&m, f, PF_KIND_REPLY) == 9.5f);
	assert_true(policy_mlp_score(&m, f, PF_KIND_LEAD) == 15.5f);
	f[PF_RANK] = 1;
	assert_true(policy_mlp_score(&m, f, PF_KIND_REPLY) == 0.5f);
}

/* The forward pass as one row alone takes it, unit by unit: what
 * policy_mlp_score and policy_mlp_choose must give to the bit, however
 * they group rows and units for speed. */
static float
mlp_reference(const struct policy_mlp *m, const int16_t *f, int kind)
{
	float h[PMLP_MAX_HIDDEN], s = 0;

	for (int k = 0; k < m->hidden; k++)
		h[k] = m->b1[kind][k];
	for (int j = 0; j < PF_COUNT; j++) {
		if (f[j] == 0)
			continue;
		s += m->skip[j] * (float)f[j];
		for (int k = 0; k < m->hidden; k++)
			h[k] += m->w1[j][k] * (float)f[j];
	}
	for (int k = 0; k < m->hidden; k++)
		if (h[k] > 0)
			s += m->w2[k] * h[k];
	return s;
}

/* n numbers of -0.5 to 0.5 from r. */
static void
random_floats(float *w, int n, struct rng *r)
{
	for (int i = 0; i < n; i++)
		w[i] = (float)((double)(rng_next(r) >> 11) /
		    9007199254740992.0 - 0.5);
}

/* The built-in network (24 units) and random ones of 5, 20 and 40 (each
 * width the pass is compiled for), on the plays of Rubicon deals (1 to
 * 9 rows and more: rows four at a time, then one by one): every row's
 * score is the reference's to the bit, and the choice its first best. */
static void
mlp_grouped_rows_exact(void **state)
{
	static struct policy_mlp nets[4];
	static int16_t f[MAX_LEGAL][PF_COUNT];
	const int hidden[4] = { 24, 5, 20, 40 };
	struct action legal[MAX_LEGAL];
	long rows = 0, seen[16] = { 0 };
	struct rng x;

	(void)state;
	rng_seed(&x, 88);
	nets[0] = policy_mlp_weights;
	for (int n = 1; n < 4; n++) {
		nets[n].hidden = hidden[n];
		random_floats(&nets[n].w1[0][0], PF_COUNT * PMLP_MAX_HIDDEN,
		    &x);
		random_floats(&nets[n].b1[0][0], PMLP_KINDS * PMLP_MAX_HIDDEN,
		    &x);
		random_floats(nets[n].w2, PMLP_MAX_HIDDEN, &x);
		random_floats(nets[n].skip, PF_COUNT, &x);
	}
	for (uint64_t seed = 500; seed < 506; seed++) {
		struct rules r;
		struct game *g;
		struct pf_buffers b;
		rules_init(&r, VARIANT_RUBICON);
		g = game_new(&r, seed, 0);
		pf_buffers_init(&b, g);
		while (!game_over(g)) {
			int n = game_legal_actions(g, legal, MAX_LEGAL);
			enum decision d = game_decision(g);
			if (d == DECISION_LEAD || d == DECISION_REPLY) {
				int kind = policy_features(&b, g, legal, n, f);
				for (int m = 0; m < 4; m++) {
					int best = 0;
					float s[MAX_LEGAL];
					for (int i = 0; i < n; i++) {
						s[i] = mlp_reference(&nets[m],
						    f[i], kind);
						assert_true(policy_mlp_score(
						    &nets[m], f[i], kind) ==
						    s[i]);
						if (s[i] > s[best])
							best = i;
					}
					assert_int_equal(policy_mlp_choose(&b,
					    g, legal, n, &nets[m], f), best);
				}
				rows += n;
				seen[n < 15 ? n : 15]++;
			}
			assert_int_equal(game_apply(g, &legal[0], NULL), 0);
		}
		pf_buffers_free(&b);
		game_free(g);
	}
	assert_true(rows > 1000);
	for (int n = 1; n <= 9; n++)	/* groups of 4, 4 + 1, ... */
		assert_true(seen[n] > 0);
}

/* keep.h's sequence_trump: per rank of the trump A T K Q J held beyond
 * two, on the trump sequence's cards only. */
static void
trump_sequence_weight(void **state)
{
	struct keep_weights w = rollout_weights, none = rollout_weights;
	struct keep_context k = { .trump = 1, .queen = -1, .jack = -1 };
	uint8_t count[CARDS_PER_PACK] = { 0 };
	const int ranks[] = { RANK_A, RANK_T, RANK_K, RANK_Q };

	(void)state;
	w.sequence_trump = 30;
	none.sequence_trump = 0;
	for (int i = 0; i < 4; i++)
		count[1 * 8 + ranks[i]] = 1;	/* four of the five */
	count[2 * 8 + RANK_J] = 1;
	assert_int_equal(keep_value_in(&w, &k, 1 * 8 + RANK_K, count) -
	    keep_value_in(&none, &k, 1 * 8 + RANK_K, count), 60);
	assert_int_equal(keep_value_in(&w, &k, 1 * 8 + RANK_9, count),
	    keep_value_in(&none, &k, 1 * 8 + RANK_9, count));
	assert_int_equal(keep_value_in(&w, &k, 2 * 8 + RANK_J, count),
	    keep_value_in(&none, &k, 2 * 8 + RANK_J, count));
	count[1 * 8 + RANK_A] = 0;	/* three: one beyond two */
	assert_int_equal(keep_value_in(&w, &k, 1 * 8 + RANK_K, count) -
	    keep_value_in(&none, &k, 1 * 8 + RANK_K, count), 30);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(features_give_the_hand_set_choice),
		cmocka_unit_test(fast_path_is_the_full_sum),
		cmocka_unit_test(learned_play_is_pinned),
		cmocka_unit_test(fit_recovers_known_weights),
		cmocka_unit_test(gradient_is_the_loss_slope),
		cmocka_unit_test(soft_fit_recovers_known_weights),
		cmocka_unit_test(mlp_forward_pass),
		cmocka_unit_test(mlp_grouped_rows_exact),
		cmocka_unit_test(trump_sequence_weight),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
