/*
 * test_eval.c: the evaluation's fitter recovers weights it is given
 * (eval_fit.h), eval_future() counts each variant's own weights
 * (eval_weights.h), not Rubicon's everywhere, and every two-seat
 * variant's search counts it (strong_defaults).
 */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "eval_fit.h"
#include "eval_weights.h"
#include "rng.h"
#include "rollout.h"
#include "strong.h"

/* Synthetic rows: a few features on, y their weighted sum plus small
 * noise; ridge least squares gives back the weights. */
static void
test_fit_recovers_weights(void **state)
{
	static struct eval_fit fit;
	double want[EVAL_NFEAT] = { 0 }, got[EVAL_NFEAT], x[EVAL_NFEAT];
	struct rng rng;

	(void)state;
	rng_seed(&rng, 7);
	want[0] = 250;		/* the intercept */
	want[3] = -40;
	want[17] = 12.5;
	want[EVAL_BASE + 2] = 300;
	want[EVAL_NFEAT - 1] = -75;
	memset(&fit, 0, sizeof(fit));
	for (int n = 0; n < 20000; n++) {
		double y = 0;
		for (int i = 0; i < EVAL_NFEAT; i++) {
			/* feature 5 never occurs: its weight must stay 0 */
			x[i] = i == 0 ? 1 : i == 5 ? 0 :
			    (double)rng_below(&rng, 4);
			y += want[i] * x[i];
		}
		y += (double)rng_below(&rng, 21) - 10;	/* noise, mean 0 */
		eval_fit_add(&fit, x, y);
	}
	assert_int_equal(fit.rows, 20000);
	eval_fit_solve(&fit, 1.0, got);
	for (int i = 0; i < EVAL_NFEAT; i++)
		if (fabs(got[i] - want[i]) > (i == 0 ? 2.0 : 0.3)) {
			print_error("weight %d: got %.3f, want %.3f\n", i,
			    got[i], want[i]);
			fail();
		}
	assert_true(got[5] == 0);
}

/* The spread a + b sqrt(share) through three exact points. */
static void
test_fit_spread(void **state)
{
	double share[3] = { 0.04, 0.25, 1.0 }, sd[3], a, b;
	long n[3] = { 10, 20, 30 };

	(void)state;
	for (int k = 0; k < 3; k++)
		sd[k] = 60 + 400 * sqrt(share[k]);
	eval_fit_spread(share, sd, n, 3, &a, &b);
	assert_true(fabs(a - 60) < 1e-6 && fabs(b - 400) < 1e-6);
}

/*
 * A position of each two-seat variant is scored with that variant's
 * weights: the same position under Rubicon's weights gives what the
 * arrays' difference says, and eval_future() gives the variant's own.
 */
static void
test_each_variant_its_weights(void **state)
{
	static const enum variant vs[] = { VARIANT_RUBICON, VARIANT_TWO_HAND,
		VARIANT_SIX_PACK, VARIANT_EIGHT_PACK };

	(void)state;
	for (size_t k = 0; k < sizeof(vs) / sizeof(vs[0]); k++) {
		struct rules r;
		struct game *g;
		double x[EVAL_NFEAT], own = 0, rubicon = 0;

		rules_init(&r, vs[k]);
		g = game_new(&r, 11 + k, 1);
		eval_features(g, 0, x);
		for (int i = 0; i < EVAL_NFEAT; i++) {
			own += eval_weights[vs[k]][i] * x[i];
			rubicon += eval_weights[VARIANT_RUBICON][i] * x[i];
		}
		assert_true(fabs(eval_future(g, 0) - own) < 1e-9);
		if (vs[k] != VARIANT_RUBICON && fabs(own - rubicon) < 1) {
			print_error("%s: its weights score %.1f, Rubicon's "
			    "%.1f: not fitted apart\n", variant_name(vs[k]),
			    own, rubicon);
			fail();
		}
		game_free(g);
	}
}

/* The six-pack's bézique is the queen of trumps and the jack of the
 * other suit of its colour (with hearts trumps Q-H and J-C, not the
 * Rubicon pair Q-S, J-D): once a marriage has fixed trump, the first
 * feature counts the seat's queens of trumps, in hand and on the table. */
static void
test_bezique_by_trump(void **state)
{
	struct rules r;
	int checked = 0, other = 0;

	(void)state;
	rules_init(&r, VARIANT_SIX_PACK);
	for (uint64_t seed = 1; seed <= 12; seed++) {
		struct game *g = game_new(&r, seed, 1);
		struct rollout *ro = rollout_new(g, NULL);
		struct action a;
		double x[EVAL_NFEAT];

		while (!game_over(g) && (game_trump(g) < 0 ||
		    game_decision(g) != DECISION_LEAD)) {
			rollout_choose(ro, g, &a);
			game_apply(g, &a, NULL);
		}
		if (!game_over(g)) {
			int t = game_trump(g), queens = 0;
			struct cardset h = cardset_or(game_hand(g, 0),
			    game_table(g, 0));
			CARDSET_FOREACH(c, &h)
				queens += card_kind(c) == t * 8 + RANK_Q;
			eval_features(g, 0, x);
			assert_int_equal((int)x[1], queens);
			checked++;
			other += t != SUIT_S;
		}
		rollout_free(ro);
		game_free(g);
	}
	assert_true(checked >= 10 && other > 0);
}

/*
 * Every two-seat variant's search stops its simulations a few tricks
 * ahead and counts its evaluation (three-hand plays them out): from the
 * first lead of a deal a simulation ends unfinished, the points margin
 * its estimate.
 */
static void
test_every_two_seat_variant_stops_early(void **state)
{
	(void)state;
	for (int v = 0; v < NVARIANTS; v++) {
		struct strong_params p;
		struct rollout_result res;
		struct rules r;
		struct game *g;
		struct rollout *ro;

		rules_init(&r, (enum variant)v);
		g = game_new(&r, 5, 1);
		strong_defaults(&p, g);
		if (v == VARIANT_THREE_HAND) {
			/* and a horizon given anyway (bench_strength -H) is
			 * played to the end: an estimate is of two seats. */
			assert_int_equal(p.horizon, 0);
			ro = rollout_new(g, NULL);
			rollout_play(ro, g, 0, 4, NULL, &res);
			assert_true(res.finished && game_over(g));
			rollout_free(ro);
			game_free(g);
			continue;
		}
		if (p.horizon <= 0) {
			print_error("%s: simulations play to the end\n",
			    variant_name((enum variant)v));
			fail();
		}
		ro = rollout_new(g, NULL);
		rollout_play(ro, g, 0, p.horizon, NULL, &res);
		assert_false(res.finished);
		assert_true(game_phase(g) == PHASE_STOCK);
		rollout_free(ro);
		game_free(g);
	}
}

/*
 * A simulation's points margin counts the brisques where every deal
 * scores them (two-hand: 10 each) and not where they only settle ties
 * and rubicons (Rubicon): the margin is what the deal's score compares.
 */
static int
margin_to_the_end(enum variant v, uint64_t seed, int *with_brisques,
    int *without)
{
	struct rollout_result res;
	struct result r;
	struct rules rules;
	struct game *g;
	struct rollout *ro;

	rules_init(&rules, v);
	g = game_new(&rules, seed, 1);
	ro = rollout_new(g, NULL);
	rollout_play(ro, g, 0, 0, NULL, &res);
	assert_true(res.finished);
	game_result(g, &r);
	*without = r.points[0] - r.points[1];
	*with_brisques = *without + r.brisques[0] - r.brisques[1];
	rollout_free(ro);
	game_free(g);
	return (int)res.points;
}

static void
test_margin_counts_brisques_where_they_score(void **state)
{
	int differ = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		int with, without, m;
		m = margin_to_the_end(VARIANT_TWO_HAND, seed, &with, &without);
		assert_int_equal(m, with);
		differ += with != without;
		m = margin_to_the_end(VARIANT_RUBICON, seed, &with, &without);
		assert_int_equal(m, without);
	}
	assert_true(differ > 0);	/* the deals tell the two apart */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_recovers_weights),
		cmocka_unit_test(test_fit_spread),
		cmocka_unit_test(test_each_variant_its_weights),
		cmocka_unit_test(test_bezique_by_trump),
		cmocka_unit_test(test_every_two_seat_variant_stops_early),
		cmocka_unit_test(test_margin_counts_brisques_where_they_score),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
