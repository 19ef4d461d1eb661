/*
 * test_deal_queue.c: the deals are taken in the schedule's order, a
 * voided one again first, and never two of one deck at once.
 */
#include "../unit/test_util.h"

#include <stdlib.h>
#include <string.h>

#include "match/deal_queue.h"

/* The tables as the queue sees them: how each deck is held. */
struct tables {
	uint64_t	seed[8];
	int		level[8];	/* DECK_IN_PLAY, ... */
	int		n;
	int		withdrawn;	/* an engine, or -1 */
};

static int
held(const struct deal_spec *d, void *arg)
{
	struct tables *t = arg;

	for (int i = 0; i < t->n; i++)
		if (t->seed[i] == d->seed)
			return t->level[i];
	return 0;
}

static bool
withdrawn(const struct deal_spec *d, void *arg)
{
	struct tables *t = arg;

	return d->engine[0] == t->withdrawn || d->engine[1] == t->withdrawn;
}

static void
hold(struct tables *t, uint64_t seed, int level)
{
	for (int i = 0; i < t->n; i++)
		if (t->seed[i] == seed) {
			t->level[i] = level;
			return;
		}
	t->seed[t->n] = seed;
	t->level[t->n++] = level;
}

/* A duplicate match of `deals` deals between two engines. */
static void
match(struct match_cfg *c, int deals, bool duplicate)
{
	config_defaults(c);
	c->nengines = 2;
	c->deals = deals;
	c->duplicate = duplicate;
	c->format = FORMAT_MATCH;
	c->rounds = duplicate ? deals / 2 : deals;
}

static int
take(struct deal_queue *q, struct tables *t, struct deal_spec *d)
{
	struct deal_queue_ask ask = { withdrawn, held, t };

	return deal_queue_take(q, &ask, d);
}

static void
in_order_when_no_deck_is_held(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;

	(void)state;
	match(&c, 6, true);
	q = deal_queue_new(&c);
	for (int i = 0; i < 6; i++) {
		assert_int_equal(take(q, &t, &d), 1);
		assert_int_equal(d.deal, i);
		assert_int_equal(d.voids, 0);
	}
	assert_int_equal(take(q, &t, &d), -1);
	deal_queue_free(q);
}

/* Deal 1 is deal 0's deck, seats swapped: while 0 is in play the next
 * deck is taken; with both in play the table waits. */
static void
a_deck_in_play_is_passed(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;
	uint64_t a, b;

	(void)state;
	match(&c, 6, true);
	q = deal_queue_new(&c);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 0);
	hold(&t, a = d.seed, 2);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 2);
	assert_true(d.seed != a);
	hold(&t, b = d.seed, 2);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 4);
	hold(&t, d.seed, 2);
	assert_int_equal(take(q, &t, &d), 0);	/* every deck in play */
	hold(&t, b, 0);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 3);
	assert_int_equal(d.seed, b);
	hold(&t, a, 0);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 1);
	deal_queue_free(q);
}

/* Processes that saw a deck are about to go: the order is kept. */
static void
a_deck_quitting_is_waited_for(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;

	(void)state;
	match(&c, 4, true);
	q = deal_queue_new(&c);
	assert_int_equal(take(q, &t, &d), 1);
	hold(&t, d.seed, 1);
	assert_int_equal(take(q, &t, &d), 0);
	t.level[0] = 0;
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 1);
	deal_queue_free(q);
}

/* Decks the table's processes may not be dealt (they saw them, or lived
 * alongside a deal of them) are passed for later decks; when nothing
 * else is left the table is told to renew its processes (2), and once
 * they have gone the decks are its again, in order. */
static void
a_deck_seen_here_asks_for_new_processes(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;
	uint64_t a, b;

	(void)state;
	match(&c, 4, true);
	q = deal_queue_new(&c);
	assert_int_equal(take(q, &t, &d), 1);
	hold(&t, a = d.seed, DECK_SEEN_HERE);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 2);
	hold(&t, b = d.seed, DECK_SEEN_HERE);
	assert_int_equal(take(q, &t, &d), 2);
	hold(&t, b, DECK_IN_PLAY);	/* elsewhere: wait, do not renew */
	hold(&t, a, DECK_IN_PLAY);
	assert_int_equal(take(q, &t, &d), 0);
	hold(&t, a, DECK_FREE);
	hold(&t, b, DECK_FREE);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 1);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 3);
	deal_queue_free(q);
}

static void
a_voided_deal_comes_first(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;

	(void)state;
	match(&c, 4, true);
	q = deal_queue_new(&c);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(take(q, &t, &d), 1);
	deal_queue_voided(q, 0, true);
	hold(&t, d.seed, 1);	/* deal 1, the same deck, quitting */
	assert_int_equal(take(q, &t, &d), 0);
	t.level[0] = 0;
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 0);
	assert_int_equal(d.voids, 1);
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 2);
	deal_queue_free(q);
}

static void
done_and_withdrawn_deals_are_not_left(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_queue_ask ask = { withdrawn, held, &t };
	struct deal_spec d;
	struct deal_queue *q;

	(void)state;
	match(&c, 4, true);
	q = deal_queue_new(&c);
	deal_queue_done(q, 0);
	deal_queue_done(q, 3);
	assert_true(deal_queue_is_done(q, 3));
	assert_false(deal_queue_is_done(q, 1));
	assert_true(deal_queue_left(q, &ask));
	assert_int_equal(take(q, &t, &d), 1);
	assert_int_equal(d.deal, 1);
	t.withdrawn = 1;
	assert_false(deal_queue_left(q, &ask));
	assert_int_equal(take(q, &t, &d), -1);
	deal_queue_free(q);
}

/* Kept processes (--reuse-engines) and decks played once: nothing to
 * keep apart, held decks or not. */
static void
nothing_apart_where_decks_are_not_kept_apart(void **state)
{
	struct match_cfg c;
	struct tables t = { .withdrawn = -1 };
	struct deal_spec d;
	struct deal_queue *q;

	(void)state;
	for (int k = 0; k < 2; k++) {
		match(&c, 4, k == 0);
		c.reuse_engines = k == 0;
		q = deal_queue_new(&c);
		assert_int_equal(take(q, &t, &d), 1);
		hold(&t, d.seed, 2);
		assert_int_equal(take(q, &t, &d), 1);
		assert_int_equal(d.deal, 1);
		t.n = 0;
		deal_queue_free(q);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(in_order_when_no_deck_is_held),
		cmocka_unit_test(a_deck_in_play_is_passed),
		cmocka_unit_test(a_deck_quitting_is_waited_for),
		cmocka_unit_test(a_deck_seen_here_asks_for_new_processes),
		cmocka_unit_test(a_voided_deal_comes_first),
		cmocka_unit_test(done_and_withdrawn_deals_are_not_left),
		cmocka_unit_test(nothing_apart_where_decks_are_not_kept_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
