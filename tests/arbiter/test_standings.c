/*
 * test_standings.c: each engine's gap to the next below it in the
 * standings, and the groups of engines that never met.
 */
#include "../unit/test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "rating/standings.h"

static const char *const names[] = { "a", "b", "c", "d" };

static void
setup(struct match_cfg *c)
{
	config_defaults(c);
	for (int e = 0; e < 4; e++)
		c->engines[c->nengines++].name = strdup(names[e]);
}

/* Duplicate pairs of x against y: x wins `won` whole pairs, the rest
 * split (each won the deal it sat in seat 0). */
static void
pairs(struct standings *st, int *id, int x, int y, int n, int won)
{
	for (int k = 0; k < n; k++, (*id)++)
		for (int seat = 0; seat < 2; seat++) {
			struct record_summary r;
			memset(&r, 0, sizeof(r));
			r.version = 1;
			r.nseats = 2;
			r.pair = *id;
			r.fault_seat = -1;
			r.term = TERM_NORMAL;
			snprintf(r.players[0], sizeof(r.players[0]), "%s",
			    names[seat ? y : x]);
			snprintf(r.players[1], sizeof(r.players[1]), "%s",
			    names[seat ? x : y]);
			r.winner = k < won ? seat : 0;
			r.value = 1000;
			standings_add(st, &r);
		}
}

/* Single deals of x against y, each a deck of its own, the seats
 * alternating: x wins `won` of n, the rest are y's. */
static void
singles(struct standings *st, int x, int y, int n, int won)
{
	for (int k = 0; k < n; k++) {
		struct record_summary r;
		memset(&r, 0, sizeof(r));
		r.version = 1;
		r.nseats = 2;
		r.number = k + 1;
		r.pair = k;
		r.fault_seat = -1;
		r.term = TERM_NORMAL;
		snprintf(r.players[0], sizeof(r.players[0]), "%s",
		    names[k % 2 ? y : x]);
		snprintf(r.players[1], sizeof(r.players[1]), "%s",
		    names[k % 2 ? x : y]);
		r.winner = (k < won) == (k % 2 == 0) ? 0 : 1;
		r.value = 1000;
		standings_add(st, &r);
	}
}

static double
number_of(json_t *o, const char *name, const char *key)
{
	size_t i;
	json_t *e;

	json_array_foreach(json_object_get(o, "engines"), i, e)
		if (strcmp(json_string_value(json_object_get(e, "name")),
		    name) == 0)
			return json_number_value(json_object_get(e, key));
	fail_msg("%s not in the standings", name);
	return 0;
}

/* Without duplicates (the default) no deal has a twin: the bootstrap
 * resamples the deals themselves, and its interval is about the fit's
 * (the deals are independent), never nothing for want of pairs. */
static void
single_deals_have_an_interval(void **state)
{
	struct match_cfg c;
	struct standings *st;
	json_t *o;

	(void)state;
	setup(&c);
	assert_false(c.duplicate);
	while (c.nengines > 2)		/* a and b only */
		free(c.engines[--c.nengines].name);
	st = standings_new(&c);
	singles(st, 0, 1, 200, 120);
	assert_non_null(o = standings_json(st, 200));
	for (int e = 0; e < 2; e++) {
		double fit = number_of(o, names[e], "ci95_fit");
		double boot = number_of(o, names[e], "ci95_pairs");
		assert_true(fit > 10 && fit < 100);
		assert_true(boot > fit / 2 && boot < fit * 2);
	}
	json_decref(o);
	standings_free(st);
	config_free(&c);
}

/* The name of the engine next below `name`, or NULL. */
static const char *
next_of(json_t *o, const char *name)
{
	size_t i;
	json_t *e;

	json_array_foreach(json_object_get(o, "engines"), i, e)
		if (strcmp(json_string_value(json_object_get(e, "name")),
		    name) == 0)
			return json_string_value(json_object_get(
			    json_object_get(e, "next"), "name"));
	fail_msg("%s not in the standings", name);
	return NULL;
}

/* a beats b, c beats d more narrowly; a-b and c-d never meet, so the
 * ranking a, c, b, d (by rating) gives a's next as b, not c. */
static void
groups_apart(void **state)
{
	struct match_cfg c;
	struct standings *st;
	int id = 0, group[4];
	json_t *o;

	(void)state;
	setup(&c);
	c.duplicate = true;
	st = standings_new(&c);
	pairs(st, &id, 0, 1, 10, 8);
	pairs(st, &id, 2, 3, 10, 6);
	assert_int_equal(standings_groups(st, group), 2);
	assert_true(group[0] == group[1] && group[2] == group[3] &&
	    group[0] != group[2]);
	assert_non_null(o = standings_json(st, 50));
	assert_string_equal(next_of(o, "a"), "b");
	assert_string_equal(next_of(o, "c"), "d");
	assert_null(next_of(o, "b"));
	assert_null(next_of(o, "d"));
	json_decref(o);

	/* b meets c: one group, and each engine's next is the one ranked
	 * just below it. */
	pairs(st, &id, 1, 2, 10, 0);
	assert_int_equal(standings_groups(st, group), 1);
	assert_non_null(o = standings_json(st, 0));
	{
		size_t i;
		json_t *e;
		double elo[4];
		json_array_foreach(json_object_get(o, "engines"), i, e)
			elo[i] = json_real_value(json_object_get(e, "elo"));
		for (int x = 0; x < 4; x++) {
			const char *nx = next_of(o, names[x]);
			int below = -1;
			for (int y = 0; y < 4; y++)
				if (elo[y] < elo[x] && (below < 0 ||
				    elo[y] > elo[below]))
					below = y;
			if (below < 0)
				assert_null(nx);
			else
				assert_string_equal(nx, names[below]);
		}
	}
	json_decref(o);
	standings_free(st);
	config_free(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(groups_apart),
		cmocka_unit_test(single_deals_have_an_interval),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
