/*
 * test_strong_nest.c: nested simulations (strong_params.nest_depth,
 * strong_nest.c): off by default; on only where the budget gives each
 * root candidate nest_from playouts, a level deeper at four times that;
 * legal, reproducible at a fixed number of playouts and within it; and
 * rollout_rank's first play is the policy's own.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "dealt.h"
#include "greedy.h"
#include "rollout.h"
#include "strong.h"
#include "view.h"

/* The nesting depth the last info line reports, 0 if none. */
static long long
nest_of(const struct heard *h)
{
	long long n = heard_value(h, "nest=");

	return n < 0 ? 0 : n;
}

static struct action
search(const struct strong_params *p, const struct game *v, long long n,
    uint64_t seed, struct heard *h)
{
	struct action a;

	memset(h, 0, sizeof(*h));
	a = search_playouts(p, v, n, seed, heard_info, h);
	assert_true(game_is_legal(v, &a));
	return a;
}

static void
flat_by_default(void **state)
{
	struct game *v = view_after_greedy(31, 20);
	struct strong_params p;
	struct heard h;

	(void)state;
	strong_defaults(&p, v);
	assert_int_equal(p.nest_depth, 0);
	(void)search(&p, v, 2000, 3, &h);
	assert_int_equal(nest_of(&h), 0);
	game_free(v);
}

/* Depth from the budget a candidate: none below nest_from, 1 from it,
 * 2 from four times it, never more than nest_depth. */
static void
depth_from_the_budget(void **state)
{
	struct game *v = view_after_greedy(31, 20);
	struct action legal[MAX_LEGAL];
	struct strong_params p;
	struct heard h;
	int n = game_legal_actions(v, legal, MAX_LEGAL);

	(void)state;
	assert_true(n >= 2);
	strong_defaults(&p, v);
	p.nest_depth = 2;
	p.nest_from = 50;
	(void)search(&p, v, 50LL * n - 1, 3, &h);
	assert_int_equal(nest_of(&h), 0);
	(void)search(&p, v, 50LL * n, 3, &h);
	assert_int_equal(nest_of(&h), 1);
	(void)search(&p, v, 200LL * n, 3, &h);
	assert_int_equal(nest_of(&h), 2);
	p.nest_depth = 1;
	(void)search(&p, v, 200LL * n, 3, &h);
	assert_int_equal(nest_of(&h), 1);
	game_free(v);
}

/* The same seed, the same action; the inner playouts count, so the
 * search stops within a world of its budget; with finalists too. */
static void
reproducible_within_budget(void **state)
{
	(void)state;
	for (int final = 0; final <= 3; final += 3)
		for (uint64_t seed = 40; seed < 44; seed++) {
			struct game *v = view_after_greedy(seed, 12);
			struct strong_params p;
			struct heard h1, h2;
			struct action a, b;

			strong_defaults(&p, v);
			p.nest_depth = 1;
			p.nest_from = 10;
			p.nest_final = final;
			a = search(&p, v, 1500, 9, &h1);
			b = search(&p, v, 1500, 9, &h2);
			assert_true(action_equal(&a, &b));
			/* All but the time it took. */
			*strstr(h1.last, " time=") = '\0';
			*strstr(h2.last, " time=") = '\0';
			assert_string_equal(h1.last, h2.last);
			assert_true(heard_value(&h1, "playouts=") >= 1500);
			assert_true(heard_value(&h1, "playouts=") < 1500 + 32LL *
			    (1 + p.nest_cands * p.nest_worlds));
			game_free(v);
		}
}

/* rollout_rank: the policy's own choice first, no play twice. */
static void
rank_starts_with_the_choice(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed < 30; seed++) {
		struct rules r;
		struct game *g;
		struct rollout *ro;
		struct action a, top[4];
		int k;

		rules_init(&r, VARIANT_RUBICON);
		g = game_new(&r, seed, 1);
		ro = rollout_new(g, NULL);
		for (int ply = 0; ply < 40 && !game_over(g); ply++) {
			assert_int_equal(rollout_choose(ro, g, &a), 0);
			k = rollout_rank(ro, g, top, 4);
			assert_true(k >= 1);
			assert_true(action_equal(&top[0], &a));
			for (int i = 1; i < k; i++)
				assert_false(action_equal(&top[i], &top[0]));
			game_apply(g, &a, NULL);
		}
		rollout_free(ro);
		game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flat_by_default),
		cmocka_unit_test(depth_from_the_budget),
		cmocka_unit_test(reproducible_within_budget),
		cmocka_unit_test(rank_starts_with_the_choice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
