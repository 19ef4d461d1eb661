/*
 * test_strong_tree.c: the strong level's tree below the root
 * (strong_params.tree, strong_tree.c): legal in every two-seat variant,
 * reproducible at a fixed number of playouts, as many playouts as asked,
 * its pool bounded, and it finds a play that is plainly best.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "dealt.h"
#include "greedy.h"
#include "player.h"
#include "rollout.h"
#include "strong.h"
#include "view.h"

static void
tree_params(struct strong_params *p, const struct game *v)
{
	strong_defaults(p, v);
	p->tree = 1;
}

/* strong_search with playouts n and the rng seeded `seed`. */
static struct action
search(const struct strong_params *p, const struct game *v, long long n,
    uint64_t seed, struct heard *h)
{
	memset(h, 0, sizeof(*h));
	return search_playouts(p, v, n, seed, heard_info, h);
}

/* The default is the flat search: no tree, no depth reported. */
static void
flat_by_default(void **state)
{
	struct game *v;
	struct strong_params p;
	struct heard h;

	(void)state;
	v = view_after_greedy(31, 20);
	strong_defaults(&p, v);
	assert_int_equal(p.tree, 0);
	(void)search(&p, v, 200, 3, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	game_free(v);
}

/* The info line of one decision of view v within lim, rng seeded 3. */
static void
decide(const struct strong_params *p, const struct game *v,
    const struct think_limits *lim, struct heard *h)
{
	struct action a;
	struct rng rng;

	rng_seed(&rng, 3);
	memset(h, 0, sizeof(*h));
	assert_int_equal(strong_search(p, v, &rng, lim, heard_info, h, &a), 0);
	assert_true(game_is_legal(v, &a));
}

/*
 * tree_from_ms: a decision given at least that many ms grows the tree
 * (depth reported), one given less, or counted in playouts, stays flat;
 * 0 never; the limits' own tree_from_ms (the TreeFrom option) overrides
 * the parameter, negative for never.
 */
static void
tree_from_the_budget(void **state)
{
	struct game *v = view_after_greedy(31, 20);
	struct strong_params p;
	struct think_limits lim;
	struct heard h;

	(void)state;
	strong_defaults(&p, v);
	assert_int_equal(p.tree_from_ms, 0);
	memset(&lim, 0, sizeof(lim));
	lim.movetime_ms = 30;
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	p.tree_from_ms = 30;
	decide(&p, v, &lim, &h);
	assert_true(heard_value(&h, "depth=") >= 0);
	lim.movetime_ms = 29;
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	lim.cap_ms = 25;	/* the cap bounds what a decision is given */
	lim.movetime_ms = 40;
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	memset(&lim, 0, sizeof(lim));
	lim.time_ms = 4000;	/* its share of the clock: over 30 ms */
	decide(&p, v, &lim, &h);
	assert_true(heard_value(&h, "depth=") >= 0);
	lim.time_ms = 400;	/* under */
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 300;
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	memset(&lim, 0, sizeof(lim));
	lim.movetime_ms = 30;
	lim.tree_from_ms = -1;
	decide(&p, v, &lim, &h);
	assert_int_equal(heard_value(&h, "depth="), -1);
	p.tree_from_ms = 0;
	lim.tree_from_ms = 30;
	decide(&p, v, &lim, &h);
	assert_true(heard_value(&h, "depth=") >= 0);
	game_free(v);
}

/*
 * Deals of every two-seat variant, the tree's strong against greedy:
 * every action legal in the real game (an illegal one inside the tree
 * aborts), and the tree grows below the root (depth reported) in most
 * stock-phase decisions; the second seed with tree 2.
 */
static void
plays_legal_in_every_two_seat_variant(void **state)
{
	static const enum variant vars[] = { VARIANT_RUBICON,
		VARIANT_TWO_HAND, VARIANT_SIX_PACK, VARIANT_EIGHT_PACK };

	(void)state;
	for (size_t k = 0; k < sizeof(vars) / sizeof(vars[0]); k++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct rules r;
			struct game *g;
			struct rng rng;
			int me = (int)(seed & 1), grown = 0, searched = 0;
			rules_init(&r, vars[k]);
			g = game_new(&r, seed * 10 + k, 1);
			rng_seed(&rng, seed);
			while (!game_over(g)) {
				int seat = game_to_move(g);
				struct game *v = game_view(g, seat);
				struct strong_params p;
				struct heard h;
				struct action a;
				if (seat == me) {
					tree_params(&p, v);
					p.tree = seed == 2 ? 2 : 1;
					a = search(&p, v, 40, seed, &h);
					searched += heard_value(&h, "depth=") >= 0;
					grown += heard_value(&h, "depth=") > 0;
				} else {
					assert_int_equal(greedy_choose(v, &rng,
					    &a), 0);
				}
				assert_true(game_is_legal(g, &a));
				assert_int_equal(game_apply(g, &a, NULL), 0);
				game_free(v);
			}
			assert_true(searched >= 10);
			assert_true(grown * 10 >= searched * 9);
			game_free(g);
		}
}

/*
 * Tree 2 searches only this seat's later plays, the other side following
 * the policy: the same worlds, other values than tree 1's (whose other
 * side branches) in most positions.
 */
static void
tree2_follows_the_policy_for_the_other_side(void **state)
{
	int differ = 0, n = 0;

	(void)state;
	for (int plies = 5; plies < 80; plies += 7) {
		struct game *v = view_after_greedy(9, plies);
		struct strong_params p;
		struct heard h1, h2;
		if (game_phase(v) != PHASE_STOCK) {
			game_free(v);
			continue;
		}
		tree_params(&p, v);
		(void)search(&p, v, 600, 77, &h1);
		p.tree = 2;
		(void)search(&p, v, 600, 77, &h2);
		*strstr(h1.last, " time=") = '\0';
		*strstr(h2.last, " time=") = '\0';
		differ += strcmp(h1.last, h2.last) != 0;
		n++;
		game_free(v);
	}
	assert_true(n >= 5);
	assert_true(differ * 2 > n);
}

/* The same rng seed and playouts: the same choice, value and depth. */
static void
reproducible_with_playouts(void **state)
{
	(void)state;
	for (int plies = 5; plies < 80; plies += 7) {
		struct game *v = view_after_greedy(9, plies);
		struct strong_params p;
		struct heard h1, h2;
		struct action a, b;
		tree_params(&p, v);
		a = search(&p, v, 300, 77, &h1);
		b = search(&p, v, 300, 77, &h2);
		assert_true(action_equal(&a, &b));
		*strstr(h1.last, " time=") = '\0';
		*strstr(h2.last, " time=") = '\0';
		assert_string_equal(h1.last, h2.last);
		game_free(v);
	}
}

/*
 * Asked for n playouts it plays n (one more round of the candidates at
 * most), every one through a candidate's tree and counted in its worlds.
 */
static void
does_its_playouts(void **state)
{
	(void)state;
	for (int plies = 2; plies < 90; plies += 11) {
		struct game *v = view_after_greedy(31, plies);
		struct strong_params p;
		struct heard h;
		long long got;
		if (game_phase(v) != PHASE_STOCK) {
			game_free(v);
			continue;
		}
		tree_params(&p, v);
		p.on_candidate = heard_candidate;
		p.on_candidate_arg = &h;
		(void)search(&p, v, 500, 5, &h);
		got = heard_value(&h, "playouts=");
		if (h.ncand > 1) {
			assert_true(got >= 500);
			assert_true(got < 500 + h.ncand);
			assert_int_equal(h.worlds, got);
		}
		game_free(v);
	}
}

/*
 * The pool holds what tree_nodes allows: a node per candidate and a few
 * more bound how deep any world descends; with no room beyond the
 * candidates the search still plays its playouts (each rolled out from
 * the candidate), and with the pool sized from the budget it goes deeper.
 */
static void
pool_is_bounded(void **state)
{
	struct game *v = view_after_greedy(31, 20);
	struct strong_params p;
	struct heard h;
	struct action a;

	(void)state;
	assert_int_equal(game_phase(v), PHASE_STOCK);
	tree_params(&p, v);
	a = search(&p, v, 2000, 3, &h);
	assert_true(heard_value(&h, "depth=") > 4);
	p.tree_nodes = 1;
	a = search(&p, v, 2000, 3, &h);
	assert_true(game_is_legal(v, &a));
	assert_int_equal(heard_value(&h, "depth="), 0);
	assert_true(heard_value(&h, "playouts=") >= 2000);
	p.tree_nodes = 36;	/* room for a few nodes below the root */
	a = search(&p, v, 2000, 3, &h);
	assert_true(game_is_legal(v, &a));
	assert_true(heard_value(&h, "depth=") >= 1);
	assert_true(heard_value(&h, "depth=") <= 4);
	game_free(v);
}

/*
 * Seat 1 holds the heart sequence (A T K Q J) and a second ace of
 * hearts; led the nine of hearts, winning with the spare ace keeps the
 * sequence (250) for the declaration the trick allows, where the jack,
 * the cheapest winner, would leave only the marriage.  The tree's search
 * wins with the ace of hearts.
 */
static void
finds_the_plain_best_play(void **state)
{
	struct game *g = deal_heart_sequence(), *v;
	struct strong_params p;
	struct action lead, a;
	struct heard hd;

	(void)state;
	memset(&lead, 0, sizeof(lead));
	lead.type = ACTION_PLAY;
	lead.ncards = 1;
	lead.cards[0] = (uint16_t)card_of(SUIT_H, RANK_9, 0);
	assert_int_equal(game_apply(g, &lead, NULL), 0);
	v = game_view(g, 1);
	tree_params(&p, v);
	for (uint64_t seed = 1; seed <= 3; seed++) {
		a = search(&p, v, 1000, seed, &hd);
		assert_int_equal(a.type, ACTION_PLAY);
		assert_int_equal(card_kind(a.cards[0]), SUIT_H * 8 + RANK_A);
	}
	game_free(v);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flat_by_default),
		cmocka_unit_test(tree_from_the_budget),
		cmocka_unit_test(plays_legal_in_every_two_seat_variant),
		cmocka_unit_test(tree2_follows_the_policy_for_the_other_side),
		cmocka_unit_test(reproducible_with_playouts),
		cmocka_unit_test(does_its_playouts),
		cmocka_unit_test(pool_is_bounded),
		cmocka_unit_test(finds_the_plain_best_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
