/*
 * test_strong.c: the strong level plays legal actions from seat views,
 * reproducibly under a fixed number of playouts, and reports its
 * thinking in info lines.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "dealt.h"
#include "endgame.h"
#include "greedy.h"
#include "player.h"
#include "rollout.h"
#include "strong.h"
#include "view.h"

#define GREEDY_HASH 9752882249972711744ULL

struct seen {
	int	calls;
	int	ev_nonzero;	/* info lines with an ev other than 0 */
	char	last[256];
};

static void
on_info(void *arg, const char *fmt, ...)
{
	struct seen *s = arg;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->last, sizeof(s->last), fmt, ap);
	va_end(ap);
	s->calls++;
	if (strstr(s->last, " ev=") != NULL &&
	    strncmp(strstr(s->last, " ev=") + 4, "0 ", 2) != 0)
		s->ev_nonzero++;
}

/* Plays a deal, strong (with these limits) in seat `me`, greedy in the
 * other; every strong action must be legal in the real game. */
static void
play_variant(enum variant var, uint64_t seed, int me,
    const struct think_limits *lim)
{
	struct rules r;
	struct game *g;
	struct rng rng;
	struct seen seen = { 0, 0, "" };

	rules_init(&r, var);
	g = game_new(&r, seed, 1);
	rng_seed(&rng, seed);
	while (!game_over(g)) {
		int seat = game_to_move(g);
		struct game *v = game_view(g, seat);
		struct action a;
		assert_int_equal(player_choose(seat == me ? LEVEL_STRONG :
		    LEVEL_GREEDY, v, &rng, lim, on_info, &seen, &a), 0);
		assert_true(game_is_legal(g, &a));
		assert_int_equal(game_apply(g, &a, NULL), 0);
		game_free(v);
	}
	assert_true(seen.calls > 0);
	assert_non_null(strstr(seen.last, "playouts="));
	assert_non_null(strstr(seen.last, " ev="));
	assert_non_null(strstr(seen.last, " win="));
	/* ev means something in every variant (points where a deal has
	 * no game value of its own), so it cannot be 0 all deal long. */
	assert_true(seen.ev_nonzero > 0);
	game_free(g);
}

static void
play_deal(uint64_t seed, int me, const struct think_limits *lim)
{
	play_variant(VARIANT_RUBICON, seed, me, lim);
}

/* The two-seat variants are searched too (simulated to the end of the
 * deal, the end phase for points): every action legal, info sent. */
static void
plays_two_seat_variants(void **state)
{
	struct think_limits lim;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 24;
	play_variant(VARIANT_TWO_HAND, 5, 0, &lim);
	play_variant(VARIANT_SIX_PACK, 6, 1, &lim);
	play_variant(VARIANT_EIGHT_PACK, 7, 0, &lim);
}

/*
 * Three-hand is searched (it was played greedily, with no info line):
 * in the stock phase and in the end phase, which the two-seat solver
 * cannot read, strong's decisions report the worlds it simulated; seat
 * 2, whose "other seat" is no 1 - seat, among them.
 */
static void
searches_three_hand(void **state)
{
	struct think_limits lim;
	struct rules r;
	struct rng rng;
	int searched[2] = { 0, 0 };

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 24;
	rules_init(&r, VARIANT_THREE_HAND);
	for (int me = 0; me < 3; me++) {
		struct game *g = game_new(&r, 11, 1);
		rng_seed(&rng, 11);
		while (!game_over(g)) {
			int seat = game_to_move(g), end =
			    game_phase(g) == PHASE_END;
			struct game *v = game_view(g, seat);
			struct seen seen = { 0, 0, "" };
			struct action a;
			const char *p;
			assert_int_equal(player_choose(seat == me ?
			    LEVEL_STRONG : LEVEL_GREEDY, v, &rng, &lim,
			    on_info, &seen, &a), 0);
			assert_true(game_is_legal(g, &a));
			if (seat == me && (p = strstr(seen.last,
			    "playouts=")) != NULL && strtol(p + 9, NULL, 10) > 0)
				searched[end]++;
			assert_int_equal(game_apply(g, &a, NULL), 0);
			game_free(v);
		}
		game_free(g);
	}
	assert_true(searched[0] > 30);
	assert_true(searched[1] > 6);
}

static void
plays_legal_deals(void **state)
{
	struct think_limits lim;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 40;
	for (uint64_t seed = 1; seed <= 3; seed++)
		play_deal(seed, (int)(seed & 1), &lim);
	lim.weaken = 100;	/* Skill 0: forgetful, still legal */
	play_deal(4, 0, &lim);
}

static void
reproducible_with_playouts(void **state)
{
	struct think_limits lim;
	struct action a, b;
	struct rng r1, r2;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 200;
	for (int plies = 5; plies < 80; plies += 7) {
		struct game *v = view_after_greedy(9, plies);
		rng_seed(&r1, 77);
		rng_seed(&r2, 77);
		assert_int_equal(strong_choose(v, &r1, &lim, NULL, NULL, &a),
		    0);
		assert_int_equal(strong_choose(v, &r2, &lim, NULL, NULL, &b),
		    0);
		assert_true(action_equal(&a, &b));
		game_free(v);
	}
}

/*
 * Caution: another action replaces the simulation policy's own choice
 * only on evidence.  Asked for a million standard errors of it, the
 * search always keeps the policy's choice; with none, it sometimes
 * does not (else the search would be decoration).
 */
static void
caution_keeps_the_policy_choice(void **state)
{
	struct strong_params p;
	struct think_limits lim;
	int differ = 0;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 300;
	for (int plies = 2; plies < 90; plies += 3) {
		struct game *v = view_after_greedy(31, plies);
		struct rollout *ro;
		struct action a, mine;
		struct rng rng;
		if (game_phase(v) != PHASE_STOCK) {
			game_free(v);
			continue;
		}
		/* The search's own simulation policy. */
		strong_defaults(&p, v);
		ro = strong_rollout_new(&p, v);
		assert_int_equal(rollout_choose(ro, v, &mine), 0);
		p.caution = 1e6;
		rng_seed(&rng, 3);
		assert_int_equal(strong_search(&p, v, &rng, &lim, NULL, NULL,
		    &a), 0);
		assert_true(action_equal(&a, &mine));
		p.caution = 0;
		rng_seed(&rng, 3);
		assert_int_equal(strong_search(&p, v, &rng, &lim, NULL, NULL,
		    &a), 0);
		differ += !action_equal(&a, &mine);
		rollout_free(ro);
		game_free(v);
	}
	assert_true(differ > 0);
}

/* In the end phase the strong level plays a move the solver values
 * best for the game value. */
static void
end_phase_is_solved(void **state)
{
	struct endgame *eg = endgame_new(0);
	struct eg_position pos;
	struct eg_objective obj;
	int kinds[32], vals[32], n, best = -(1 << 30), got = -1, checked = 0;

	(void)state;
	for (int plies = 100; plies < 160; plies++) {
		struct game *v = view_after_greedy(21, plies);
		struct action a;
		struct rng rng;
		if (endgame_position(v, &pos) < 0 ||
		    game_observer(v) != game_to_move(v)) {
			game_free(v);
			continue;
		}
		rng_seed(&rng, 1);
		assert_int_equal(strong_choose(v, &rng, NULL, NULL, NULL, &a),
		    0);
		endgame_objective_game(&obj, v, &pos, game_to_move(v));
		n = endgame_solve_moves(eg, &pos, &obj, kinds, vals);
		best = -(1 << 30);
		for (int i = 0; i < n; i++) {
			if (vals[i] > best)
				best = vals[i];
			if (kinds[i] == card_kind(a.cards[0]))
				got = vals[i];
		}
		assert_int_equal(got, best);
		checked++;
		game_free(v);
	}
	assert_true(checked >= 5);
	endgame_free(eg);
}

/*
 * Winning a trick with a card of the combination it would declare
 * forgoes it.  Seat 1 holds the heart sequence (A T K Q J) and a second
 * ace of hearts; led the nine of hearts, both the simulation policy and
 * greedy win with the spare ace and keep the sequence (250), rather than
 * with the cheapest winner, the jack, which leaves only the marriage.
 */
static void
policy_wins_with_a_card_outside_the_combination(void **state)
{
	struct game *g = deal_heart_sequence(), *v;
	struct action lead, a;
	struct rollout *ro;
	struct rng rng;

	(void)state;
	assert_int_equal(game_to_move(g), 0);
	assert_int_equal(game_decision(g), DECISION_LEAD);
	memset(&lead, 0, sizeof(lead));
	lead.type = ACTION_PLAY;
	lead.ncards = 1;
	lead.cards[0] = (uint16_t)card_of(SUIT_H, RANK_9, 0);
	assert_int_equal(game_apply(g, &lead, NULL), 0);
	ro = rollout_new(g, NULL);
	assert_int_equal(rollout_choose(ro, g, &a), 0);
	assert_int_equal(card_kind(a.cards[0]), SUIT_H * 8 + RANK_A);
	v = game_view(g, 1);
	rng_seed(&rng, 1);
	assert_int_equal(greedy_choose(v, &rng, &a), 0);
	assert_int_equal(card_kind(a.cards[0]), SUIT_H * 8 + RANK_A);
	game_free(v);
	rollout_free(ro);
	game_free(g);
}

/* Seat 0 leads the ace of clubs from a hand of low cards (and a jack,
 * against carte blanche); what the
 * simulation policy plays in reply from seat 1's hand want1, which
 * cannot beat it. */
static int
reply_to_the_ace_of_clubs(const int *want1)
{
	const int want0[9] = { card_of(SUIT_C, RANK_A, 0),
		card_of(SUIT_S, RANK_7, 0), card_of(SUIT_S, RANK_8, 0),
		card_of(SUIT_S, RANK_9, 0), card_of(SUIT_H, RANK_7, 0),
		card_of(SUIT_H, RANK_8, 0), card_of(SUIT_H, RANK_9, 0),
		card_of(SUIT_C, RANK_7, 0), card_of(SUIT_C, RANK_J, 0) };
	struct game *g = deal_hands(want0, want1, 9);
	struct action lead, a;
	struct rollout *ro;

	assert_int_equal(game_to_move(g), 0);
	memset(&lead, 0, sizeof(lead));
	lead.type = ACTION_PLAY;
	lead.ncards = 1;
	lead.cards[0] = (uint16_t)card_of(SUIT_H, RANK_9, 0);
	assert_int_equal(game_apply(g, &lead, NULL), 0);
	ro = rollout_new(g, NULL);
	assert_int_equal(rollout_choose(ro, g, &a), 0);
	rollout_free(ro);
	game_free(g);
	return a.cards[0];
}

/*
 * A brisque thrown onto the other's trick is ten points towards his
 * escaping the rubicon (or a tie): led an ace it cannot beat, the policy
 * throws its spare third queen rather than its ten of diamonds, the
 * card it values least for combinations (greedy's choice).
 */
static void
policy_keeps_its_brisques_off_the_other_tricks(void **state)
{
	const int want1[9] = { card_of(SUIT_D, RANK_T, 0),
		card_of(SUIT_H, RANK_Q, 0), card_of(SUIT_C, RANK_Q, 0),
		card_of(SUIT_S, RANK_Q, 0), card_of(SUIT_D, RANK_J, 0),
		card_of(SUIT_S, RANK_K, 0), card_of(SUIT_C, RANK_K, 0),
		card_of(SUIT_H, RANK_A, 0), card_of(SUIT_S, RANK_A, 0) };
	int c;

	(void)state;
	c = reply_to_the_ace_of_clubs(want1);
	assert_false(card_is_brisque(c));
	assert_int_equal(card_kind(c), SUIT_H * 8 + RANK_Q);
}

/*
 * Four of the heart sequence (A T K J) want only the queen for 150: led
 * an ace it cannot beat, the policy throws a lone queen of another suit
 * rather than the king of hearts, the card it values least for
 * combinations (greedy's choice).
 */
static void
policy_keeps_a_plain_sequence(void **state)
{
	const int want1[9] = { card_of(SUIT_H, RANK_A, 0),
		card_of(SUIT_H, RANK_T, 0), card_of(SUIT_H, RANK_K, 0),
		card_of(SUIT_H, RANK_J, 0), card_of(SUIT_C, RANK_Q, 0),
		card_of(SUIT_D, RANK_Q, 0), card_of(SUIT_D, RANK_J, 0),
		card_of(SUIT_S, RANK_A, 0), card_of(SUIT_D, RANK_A, 0) };
	int c;

	(void)state;
	c = reply_to_the_ace_of_clubs(want1);
	assert_int_not_equal(card_suit(c), SUIT_H);
	assert_int_equal(card_rank(c), RANK_Q);
}

/* strong_search's choice for v at 100 playouts with the rng seeded 7. */
static struct action
search_with(const struct strong_params *p, const struct game *v)
{
	struct think_limits lim;
	struct action a;
	struct rng rng;

	memset(&lim, 0, sizeof(lim));
	lim.playouts = 100;
	rng_seed(&rng, 7);
	assert_int_equal(strong_search(p, v, &rng, &lim, NULL, NULL, &a), 0);
	return a;
}

/*
 * In the last tricks of the stock the simulations reach the end of the
 * deal, whose game value (rubicon, bonus, brisques where they count) is
 * exact: from value_stock cards left the search compares actions by it,
 * as utility 1 does, where before it compared the points margin.  Over
 * the late decisions of a greedy deal the two objectives disagree at
 * least once, and value_stock always sides with the game value.
 */
static void
late_stock_plays_for_the_game_value(void **state)
{
	struct rules r;
	struct game *g;
	struct rng rng;
	int late = 0, differ = 0;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 2, 1);
	rng_seed(&rng, 1);
	while (!game_over(g) && game_phase(g) == PHASE_STOCK) {
		struct action a;
		if (game_stock_left(g) <= 16 &&
		    game_decision(g) != DECISION_DECLARE) {
			struct game *v = game_view(g, game_to_move(g));
			struct strong_params p;
			struct action points, value, switched;
			strong_defaults(&p, v);
			p.value_stock = -1;
			p.utility = 0;
			points = search_with(&p, v);
			p.utility = 1;
			value = search_with(&p, v);
			p.utility = 0;
			p.value_stock = 16;
			switched = search_with(&p, v);
			assert_true(action_equal(&switched, &value));
			differ += !action_equal(&points, &value);
			late++;
			game_free(v);
		}
		greedy_choose(g, &rng, &a);
		assert_int_equal(game_apply(g, &a, NULL), 0);
	}
	game_free(g);
	assert_true(late >= 8);
	assert_true(differ > 0);
}

/*
 * Greedy is the baseline every strength figure is measured against: its
 * play is pinned by a hash of every action of ten greedy-vs-greedy
 * deals, so that tuning the simulation policy's scale (or adding to it)
 * cannot change greedy unnoticed.
 */
static void
greedy_play_is_pinned(void **state)
{
	uint64_t h = 1469598103934665603ULL;
	struct rules r;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	for (uint64_t seed = 1; seed <= 10; seed++) {
		struct game *g = game_new(&r, seed, 1);
		struct rng rng;
		struct action a;
		rng_seed(&rng, seed);
		while (!game_over(g)) {
			struct game *v = game_view(g, game_to_move(g));
			assert_int_equal(greedy_choose(v, &rng, &a), 0);
			game_free(v);
			h = (h ^ (uint64_t)(a.type * 131 + a.cards[0] * 7 +
			    a.combo)) * 1099511628211ULL;
			assert_int_equal(game_apply(g, &a, NULL), 0);
		}
		game_free(g);
	}
	printf("greedy hash %llu\n", (unsigned long long)h);
	assert_true(h == GREEDY_HASH);
}

/*
 * strong_params.search_kinds: a decision of the stock phase whose kind
 * is not searched plays the simulation policy's choice, and a searched
 * one may differ from it (else the switch would change nothing).  Leads
 * left out, replies and declarations searched, over whole deals.
 */
static void
unsearched_kinds_play_the_policy(void **state)
{
	struct think_limits lim;
	struct strong_params p;
	int leads = 0, replies_changed = 0;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 200;
	for (uint64_t seed = 40; seed < 43; seed++) {
		struct rules r;
		struct game *g;
		struct rng rng;

		rules_init(&r, VARIANT_RUBICON);
		g = game_new(&r, seed, 1);
		rng_seed(&rng, seed);
		while (!game_over(g) && game_phase(g) == PHASE_STOCK) {
			struct game *v = game_view(g, game_to_move(g));
			enum decision d = game_decision(v);
			struct rollout *ro;
			struct action a, policy;

			strong_defaults(&p, v);
			ro = strong_rollout_new(&p, v);
			p.search_kinds = 1u << DECISION_REPLY |
			    1u << DECISION_DECLARE;
			assert_int_equal(strong_search(&p, v, &rng, &lim, NULL,
			    NULL, &a), 0);
			assert_int_equal(rollout_choose(ro, v, &policy), 0);
			if (d == DECISION_LEAD) {
				assert_true(action_equal(&a, &policy));
				leads++;
			} else if (d == DECISION_REPLY &&
			    !action_equal(&a, &policy))
				replies_changed++;
			assert_int_equal(game_apply(g, &a, NULL), 0);
			rollout_free(ro);
			game_free(v);
		}
		game_free(g);
	}
	assert_true(leads > 50);
	assert_true(replies_changed > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plays_legal_deals),
		cmocka_unit_test(plays_two_seat_variants),
		cmocka_unit_test(searches_three_hand),
		cmocka_unit_test(reproducible_with_playouts),
		cmocka_unit_test(end_phase_is_solved),
		cmocka_unit_test(caution_keeps_the_policy_choice),
		cmocka_unit_test(policy_wins_with_a_card_outside_the_combination),
		cmocka_unit_test(policy_keeps_its_brisques_off_the_other_tricks),
		cmocka_unit_test(policy_keeps_a_plain_sequence),
		cmocka_unit_test(greedy_play_is_pinned),
		cmocka_unit_test(late_stock_plays_for_the_game_value),
		cmocka_unit_test(unsearched_kinds_play_the_policy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
