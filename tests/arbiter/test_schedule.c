/*
 * test_schedule.c: which deck each deal of a tournament gets.  With
 * common deals every pairing of a round meets the round's deck; without
 * them each pairing has decks of its own, and with no duplicates no deck
 * is dealt twice in the whole run (nothing for a seat to carry from one
 * deal of a deck to another).
 */
#include "../unit/test_util.h"

#include <string.h>

#include "record/schedule.h"

/* A round robin of four engines (six pairings), `rounds` decks each. */
static void
round_robin(struct match_cfg *c, int rounds, bool duplicate, bool common)
{
	config_defaults(c);
	c->format = FORMAT_ROUND_ROBIN;
	c->nengines = 4;
	c->rounds = rounds;
	c->duplicate = duplicate;
	c->common_deals = common;
	c->deals = schedule_pairings(c->format, 4) * rounds *
	    (duplicate ? 2 : 1);
	run_key_from_text("test_schedule 1234567", c->key);
}

/* How many deals of the schedule use the deck of deal k. */
static int
deals_of_deck(const struct match_cfg *c, int k)
{
	struct deal_spec d, e;
	int n = 0;

	schedule_deal(c, k, &d);
	for (int j = 0; j < c->deals; j++) {
		schedule_deal(c, j, &e);
		n += e.seed == d.seed;
	}
	return n;
}

static void
common_deals_give_every_pairing_the_rounds_deck(void **state)
{
	struct match_cfg c;
	struct deal_spec d;

	(void)state;
	for (int dup = 0; dup < 2; dup++) {
		round_robin(&c, 3, dup, true);
		assert_true(schedule_decks_shared(&c));
		for (int k = 0; k < c.deals; k++) {
			assert_int_eq_msg("deals of a deck", deals_of_deck(&c, k),
			    6 * (dup ? 2 : 1));
			schedule_deal(&c, k, &d);
			assert_int_eq_msg("round", d.round, d.pair / 6);
		}
	}
}

static void
without_common_deals_no_deck_is_dealt_twice(void **state)
{
	struct match_cfg c;
	struct deal_spec d;

	(void)state;
	round_robin(&c, 3, false, false);
	assert_false(schedule_decks_shared(&c));
	for (int k = 0; k < c.deals; k++) {
		assert_int_eq_msg("deals of a deck", deals_of_deck(&c, k), 1);
		schedule_deal(&c, k, &d);
		/* A deck is named by its round in the run (deck_key.h). */
		assert_true(d.seed == (uint64_t)d.round);
	}
}

/* With duplicates the pair's two deals still share their deck. */
static void
without_common_deals_a_duplicate_pair_keeps_its_deck(void **state)
{
	struct match_cfg c;
	struct deal_spec d, e;

	(void)state;
	round_robin(&c, 2, true, false);
	assert_true(schedule_decks_shared(&c));
	for (int k = 0; k < c.deals; k += 2) {
		assert_int_eq_msg("deals of a deck", deals_of_deck(&c, k), 2);
		schedule_deal(&c, k, &d);
		schedule_deal(&c, k + 1, &e);
		assert_true(d.seed == e.seed);
		assert_int_equal(d.engine[0], e.engine[1]);
		assert_int_equal(d.engine[1], e.engine[0]);
	}
}

/* A match of two engines has one pairing: its decks are never shared
 * without duplicates, common deals or not. */
static void
a_match_without_duplicates_shares_no_deck(void **state)
{
	struct match_cfg c;

	(void)state;
	for (int common = 0; common < 2; common++) {
		config_defaults(&c);
		c.format = FORMAT_MATCH;
		c.nengines = 2;
		c.deals = c.rounds = 8;
		c.duplicate = false;
		c.common_deals = common;
		assert_false(schedule_decks_shared(&c));
		for (int k = 0; k < c.deals; k++)
			assert_int_eq_msg("deals of a deck",
			    deals_of_deck(&c, k), 1);
	}
}

/* The defaults deal every deal a deck of its own: a match, a round robin
 * and a gauntlet of four engines, and three-hand (issue 41: no process
 * ever holds a deck another held). */
static void
the_defaults_deal_no_deck_twice(void **state)
{
	static const enum format formats[] = { FORMAT_MATCH,
		FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET };
	struct match_cfg c;

	(void)state;
	for (int f = 0; f < 4; f++) {
		config_defaults(&c);
		c.format = formats[f % 3];
		c.nengines = f == 0 ? 2 : 4;
		if (f == 3) {	/* three-hand, a match of three */
			rules_init(&c.rules, VARIANT_THREE_HAND);
			c.nengines = 3;
		}
		c.rounds = 3;
		c.deals = schedule_pairings(c.format, c.nengines) * c.rounds;
		run_key_from_text("test_schedule 4141", c.key);
		assert_false(c.duplicate || c.common_deals);
		assert_false(schedule_decks_shared(&c));
		for (int k = 0; k < c.deals; k++)
			assert_int_eq_msg("deals of a deck",
			    deals_of_deck(&c, k), 1);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(common_deals_give_every_pairing_the_rounds_deck),
		cmocka_unit_test(without_common_deals_no_deck_is_dealt_twice),
		cmocka_unit_test(
		    without_common_deals_a_duplicate_pair_keeps_its_deck),
		cmocka_unit_test(a_match_without_duplicates_shares_no_deck),
		cmocka_unit_test(the_defaults_deal_no_deck_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
