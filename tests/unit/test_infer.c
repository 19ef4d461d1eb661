/*
 * test_infer.c: policy-based inference (infer.h) weighs a sampled world
 * by how likely the simulation policy makes the other player's observed
 * leads in it, and the strong level's statistics over weighted worlds
 * (strong_int.h) are the plain ones when the weights are equal.
 *
 * Worlds are made by hand from a real deal: the world where the other
 * player led what the policy (rollout_choose, not infer.c's model)
 * chooses from its hand, against the same world with one card of that
 * hand swapped with one of the stock so that the policy would have led
 * another card.  Both are consistent with the view: the card swapped in
 * was unseen, the one swapped out was concealed.
 */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "infer.h"
#include "rollout.h"
#include "strong_int.h"
#include "view.h"

/* The model's temperature in these tests: sharp enough that a world in
 * which the policy would have led a card only a point cheaper weighs
 * clearly less (at a soft temperature the spoilt world's other changes
 * to the hand, a competitor of the lead swapped out, can outweigh it). */
#define TEMP	4

/* A deal of Rubicon at its first lead, seat 1 (the elder hand) to lead. */
static struct game *
first_lead(uint64_t seed)
{
	struct rules r;
	struct game *g;

	rules_init(&r, VARIANT_RUBICON);
	for (;; seed++) {
		g = game_new(&r, seed, 0);
		if (game_decision(g) == DECISION_LEAD && game_to_move(g) == 1)
			return g;
		game_free(g);
	}
}

/* The card the policy leads in g. */
static int
policy_lead(struct rollout *ro, const struct game *g)
{
	struct action a;

	assert_int_equal(rollout_choose(ro, g, &a), 0);
	assert_int_equal(a.type, ACTION_PLAY);
	return a.cards[0];
}

/* Swaps card x of seat 1's hand with the stock's card at place i. */
static void
swap_with_stock(struct game *g, int x, int i)
{
	int y = g->stock[i];

	cardset_del(&g->hand[1], x);
	cardset_add(&g->hand[1], y);
	g->stock[i] = (uint16_t)x;
}

/* Whether the policy leads in g a card strictly cheaper to give up than
 * `led` on its keep scale (not merely another of the same worth). */
static bool
cheaper_lead(struct rollout *ro, const struct game *g, int led)
{
	struct keep_context k;
	uint8_t count[CARDS_PER_PACK];
	int c = policy_lead(ro, g);

	keep_context(g, &k);
	keep_count(g, 1, count);
	return keep_value_in(&rollout_weights, &k, c, count) <
	    keep_value_in(&rollout_weights, &k, led, count);
}

/*
 * Finds a swap of a card of seat 1's hand (then and now) with one of the
 * stock (still undrawn) after
 * which the policy leads a card cheaper than `led`; applies it
 * to before (the deal at the lead) and after (the deal once led).
 * Returns false if there is none.
 */
static bool
spoil_lead(struct rollout *ro, struct game *before, struct game *after,
    int led)
{
	struct cardset hand = cardset_and(game_hand(before, 1),
	    game_hand(after, 1));

	CARDSET_FOREACH(x, &hand)
		for (int i = after->stock_pos; i < after->stock_len; i++) {
			struct game *b = game_clone(before);
			bool other;

			swap_with_stock(b, x, i);
			other = cheaper_lead(ro, b, led);
			game_free(b);
			if (other) {
				swap_with_stock(before, x, i);
				swap_with_stock(after, x, i);
				return true;
			}
		}
	return false;
}

static void
test_policy_lead_weighs_more(void **state)
{
	int checked = 0;

	(void)state;
	for (uint64_t seed = 1; seed < 200; seed++) {
		struct game *g = first_lead(seed * 101);
		struct rollout *ro = rollout_new(g, NULL);
		struct game *spoilt = game_clone(g), *spoilt_led;
		struct action a;
		struct game *v;
		int led = policy_lead(ro, g);
		double w_policy, w_other;

		memset(&a, 0, sizeof(a));
		a.type = ACTION_PLAY;
		a.ncards = 1;
		a.cards[0] = (uint16_t)led;
		assert_int_equal(game_apply(g, &a, NULL), 0);
		v = game_view(g, 0);
		spoilt_led = game_clone(g);
		if (spoil_lead(ro, spoilt, spoilt_led, led)) {
			for (int level = 1; level <= 2; level++) {
				w_policy = infer_weight(v, g, &rollout_weights,
				    level, TEMP);
				w_other = infer_weight(v, spoilt_led,
				    &rollout_weights, level, TEMP);
				if (!(w_policy > w_other)) {
					print_error("seed %llu level %d: the "
					    "policy's lead weighs %g, another "
					    "%g\n", (unsigned long long)seed,
					    level, w_policy, w_other);
					fail();
				}
			}
			/* Off, every world weighs the same. */
			assert_true(infer_weight(v, g, &rollout_weights, 0,
			    10) == infer_weight(v, spoilt_led,
			    &rollout_weights, 0, TEMP));
			checked++;
		}
		game_free(v);
		game_free(spoilt);
		game_free(spoilt_led);
		rollout_free(ro);
		game_free(g);
	}
	assert_true(checked >= 20);
}

/*
 * Whether seat 1 drew since the deal g0 a card cheaper to give up than
 * `led` (counted in g): the cards it holds or has played that it was
 * not dealt.
 */
static bool
drew_cheaper(const struct game *g0, const struct game *g, int led)
{
	struct keep_context k;
	uint8_t count[CARDS_PER_PACK];
	struct cardset since = cardset_or(g->hand[1], g->table[1]);
	uint16_t trick[MAX_PLAYERS];
	int leader, winner;

	for (int t = 1; game_past_trick(g, t, trick, &leader, &winner) > 0;
	    t++)
		cardset_add(&since, trick[leader == 1 ? 0 : 1]);
	since = cardset_minus(since, g0->hand[1]);
	keep_context(g, &k);
	keep_count(g, 1, count);
	CARDSET_FOREACH(d, &since)
		if (keep_value_in(&rollout_weights, &k, d, count) <
		    keep_value_in(&rollout_weights, &k, led, count))
			return true;
	return false;
}

/* Whether seat 1 led any trick after the first. */
static bool
led_again(const struct game *g)
{
	uint16_t trick[MAX_PLAYERS];
	int leader, winner;

	for (int t = 1; game_past_trick(g, t, trick, &leader, &winner) > 0;
	    t++)
		if (leader == 1)
			return true;
	return false;
}

/*
 * Seat 1 leads trick 0 as the policy would, then the policy plays both
 * seats until seat 0 is to lead trick `tricks`.  Returns the deal then,
 * and in spoilt the same with a swap that would have made seat 1 lead a
 * cheaper card at trick 0; NULL if the deal does not serve: seat 1 led
 * again since (its other leads would weigh too), trump was fixed since
 * (the model weighs past leads with the trump of now), it drew a card cheaper
 * than its lead (then the hands with it hide the lead in both worlds
 * alike), or no swap exists.
 */
static struct game *
lead_then_play(uint64_t seed, int tricks, struct game **spoilt)
{
	struct game *g0 = first_lead(seed), *g = game_clone(g0);
	struct rollout *ro = rollout_new(g, NULL);
	int led = policy_lead(ro, g);
	struct action a;

	while (!game_over(g) && (game_tricks_played(g) < tricks ||
	    game_to_move(g) != 0 || game_decision(g) != DECISION_LEAD)) {
		assert_int_equal(rollout_choose(ro, g, &a), 0);
		assert_int_equal(game_apply(g, &a, NULL), 0);
	}
	*spoilt = game_clone(g);
	if (game_tricks_played(g) != tricks || led_again(g) ||
	    game_trump(g) != game_trump(g0) ||
	    drew_cheaper(g0, g, led) || !spoil_lead(ro, g0, *spoilt, led)) {
		game_free(g);
		game_free(*spoilt);
		g = *spoilt = NULL;
	}
	rollout_free(ro);
	game_free(g0);
	return g;
}

/*
 * A lead to a past trick, one or two draws ago: the world where seat 1
 * led its policy's card weighs more (level tricks + 1) than one whose
 * hand would have made it lead a cheaper one.  The cards drawn since are
 * not known to the view: every card of the hand is tried as the one
 * drawn, or random pairs of them.
 */
static void
test_past_lead_weighs_more(void **state)
{
	(void)state;
	for (int tricks = 1; tricks <= 2; tricks++) {
		int checked = 0;
		for (uint64_t seed = 1; seed < 2000; seed++) {
			struct game *spoilt, *g = lead_then_play(seed * 7919,
			    tricks, &spoilt);
			struct game *v;
			uint16_t trick[MAX_PLAYERS];
			int leader, winner;
			double w_policy, w_other;

			if (g == NULL)
				continue;
			assert_int_equal(game_past_trick(g, 0, trick, &leader,
			    &winner), 2);
			assert_int_equal(leader, 1);
			assert_int_equal(game_past_trick(g, tricks, trick,
			    &leader, &winner), -1);
			v = game_view(g, 0);
			w_policy = infer_weight(v, g, &rollout_weights,
			    tricks + 1, TEMP);
			w_other = infer_weight(v, spoilt, &rollout_weights,
			    tricks + 1, TEMP);
			if (!(w_policy > w_other)) {
				print_error("seed %llu, %d tricks: the policy's "
				    "lead weighs %g, another %g\n",
				    (unsigned long long)seed, tricks, w_policy,
				    w_other);
				fail();
			}
			/* Too few levels to reach trick 0: nothing to weigh
			 * (seat 0 leads and led every trick since). */
			assert_true(infer_weight(v, g, &rollout_weights,
			    tricks, TEMP) == 1);
			checked++;
			game_free(v);
			game_free(spoilt);
			game_free(g);
		}
		assert_true(checked >= (tricks == 1 ? 20 : 5));
	}
}

/* Utilities and paired differences of a few worlds, each added to one
 * candidate with weight 1 and to another with weight k. */
static void
add_worlds(struct cand *one, struct cand *scaled, double k)
{
	static const double u[] = { 120, -340, 55, 900, -15, 0, 410 };
	static const double d[] = { 20, -40, 5, 90, -5, 0, 30 };

	memset(one, 0, sizeof(*one));
	memset(scaled, 0, sizeof(*scaled));
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		cand_add(one, 1, u[i], u[i] * 2, u[i] > 0);
		cand_pair(one, 1, d[i]);
		cand_add(scaled, k, u[i], u[i] * 2, u[i] > 0);
		cand_pair(scaled, k, d[i]);
	}
}

static void
test_equal_weights_plain_statistics(void **state)
{
	struct cand one, scaled;
	double sum = 0, gain = 0, sq = 0;

	(void)state;
	add_worlds(&one, &scaled, 0.37);
	/* Weight 1: the plain mean, mean gain and variance over n. */
	for (int i = 0; i < 7; i++) {
		static const double u[] = { 120, -340, 55, 900, -15, 0, 410 };
		static const double d[] = { 20, -40, 5, 90, -5, 0, 30 };
		sum += u[i];
		gain += d[i];
		sq += d[i] * d[i];
	}
	assert_true(fabs(cand_mean(&one) - sum / 7) < 1e-9);
	assert_true(fabs(cand_gain(&one) - gain / 7) < 1e-9);
	assert_true(fabs(cand_var(&one) - (sq / 7 - (gain / 7) *
	    (gain / 7))) < 1e-9);
	assert_true(fabs(cand_worlds(&one) - 7) < 1e-9);
	/* Any equal weight: the same figures. */
	assert_true(fabs(cand_mean(&scaled) - cand_mean(&one)) < 1e-9);
	assert_true(fabs(cand_gain(&scaled) - cand_gain(&one)) < 1e-9);
	assert_true(fabs(cand_var(&scaled) - cand_var(&one)) < 1e-6);
	assert_true(fabs(cand_worlds(&scaled) - 7) < 1e-9);
	assert_true(fabs(scaled.value / scaled.w - one.value / one.w) < 1e-9);
	assert_true(fabs(scaled.wins / scaled.w - one.wins / one.w) < 1e-9);
}

/* A world of weight 0 does not count; one of double weight counts
 * twice in the mean, and the effective number of worlds falls. */
static void
test_unequal_weights(void **state)
{
	struct cand c;

	(void)state;
	memset(&c, 0, sizeof(c));
	cand_add(&c, 1, 10, 0, 0);
	cand_add(&c, 0, 1000, 0, 0);
	assert_true(fabs(cand_mean(&c) - 10) < 1e-9);
	assert_true(fabs(cand_worlds(&c) - 1) < 1e-9);
	memset(&c, 0, sizeof(c));
	cand_add(&c, 2, 10, 0, 0);
	cand_add(&c, 1, 40, 0, 0);
	assert_true(fabs(cand_mean(&c) - 20) < 1e-9);
	assert_true(fabs(cand_worlds(&c) - 9.0 / 5) < 1e-9);
}

/*
 * Resampling (infer_worlds k): the world kept is drawn by weight among
 * k dealt, so the worlds simulated are those the other player's lead
 * makes likely: their mean weight is above that of worlds dealt
 * uniformly, and each counts fully.
 */
static void
test_resampling_keeps_likely_worlds(void **state)
{
	struct strong_params p;
	struct search s;
	struct rng rng;
	struct game *g = first_lead(4242), *v;
	struct rollout *ro = rollout_new(g, NULL);
	struct action a;
	double mean[2] = { 0, 0 };

	(void)state;
	memset(&a, 0, sizeof(a));
	a.type = ACTION_PLAY;
	a.ncards = 1;
	a.cards[0] = (uint16_t)policy_lead(ro, g);
	assert_int_equal(game_apply(g, &a, NULL), 0);
	v = game_view(g, 0);
	strong_defaults(&p, v);
	p.policy_infer = 1;
	p.infer_temp = TEMP;
	memset(&s, 0, sizeof(s));
	s.p = &p;
	s.v = v;
	s.rng = &rng;
	s.world = game_clone(v);
	s.play = game_clone(v);
	for (int k = 0; k < 2; k++) {
		p.infer_worlds = k == 0 ? 1 : 16;
		rng_seed(&rng, 99);
		for (int i = 0; i < 400; i++) {
			double w = strong_sample_world(&s);
			double x = infer_weight(v, s.world, &rollout_weights,
			    1, TEMP);
			/* Weighed (k 1): the world's own weight; drawn by
			 * weight: 1. */
			assert_true(w == (k == 0 ? x : 1));
			mean[k] += x / 400;
		}
	}
	if (!(mean[1] > mean[0] * 1.1)) {
		print_error("worlds drawn by weight weigh %g on average, "
		    "dealt uniformly %g\n", mean[1], mean[0]);
		fail();
	}
	game_free(s.world);
	game_free(s.play);
	game_free(v);
	rollout_free(ro);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_policy_lead_weighs_more),
		cmocka_unit_test(test_past_lead_weighs_more),
		cmocka_unit_test(test_resampling_keeps_likely_worlds),
		cmocka_unit_test(test_equal_weights_plain_statistics),
		cmocka_unit_test(test_unequal_weights),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
