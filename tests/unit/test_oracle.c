/*
 * test_oracle.c: the strong level's oracle (strong.h), a measuring
 * device that cheats: given the full game, every world it simulates is
 * the true deal (oracle 1) or the true hands over the stock shuffled
 * (oracle 2), and it refuses a seat's view; it plays whole deals of
 * every variant from the full game, whose legal actions are the view's.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "cardset.h"

#include "player.h"
#include "strong_int.h"
#include "view.h"

/* A Rubicon deal after `plies` greedy actions, seat 0 to lead or reply
 * in the stock phase. */
static struct game *
stock_deal(uint64_t seed, int plies)
{
	struct rules r;
	struct game *g;
	struct rng rng;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	rng_seed(&rng, seed);
	for (int i = 0; i < plies || game_to_move(g) != 0; i++) {
		struct game *v = game_view(g, game_to_move(g));
		struct action a;
		assert_int_equal(player_choose(LEVEL_GREEDY, v, &rng, NULL,
		    NULL, NULL, &a), 0);
		assert_int_equal(game_apply(g, &a, NULL), 0);
		game_free(v);
	}
	assert_int_equal(game_phase(g), PHASE_STOCK);
	return g;
}

static int
by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
format(const struct game *g, char *buf)
{
	assert_true(view_format(g, buf, VIEW_TEXT_MAX) < VIEW_TEXT_MAX);
}

/* Deals one world for the search of v under p; returns its weight. */
static double
deal_world(const struct strong_params *p, const struct game *v,
    struct rng *rng, char *text)
{
	struct search s;
	double w;

	memset(&s, 0, sizeof(s));
	s.p = p;
	s.v = v;
	s.rng = rng;
	s.world = game_clone(v);
	s.play = game_clone(v);
	w = strong_sample_world(&s);
	format(s.world, text);
	game_free(s.world);
	game_free(s.play);
	return w;
}

/*
 * The oracle's world is the deal itself (every hand and the stock order,
 * the text form with seat=all), weighs 1 and draws nothing even when
 * inference is asked for; the honest search's world, dealt from the
 * view, is another deal.
 */
static void
oracle_world_is_the_deal(void **state)
{
	static char truth[VIEW_TEXT_MAX], world[VIEW_TEXT_MAX];
	struct game *g = stock_deal(4242, 20), *v = game_view(g, 0);
	struct strong_params p;
	struct rng rng, before;

	(void)state;
	format(g, truth);
	assert_non_null(strstr(truth, "seat=all"));
	strong_defaults(&p, g);
	p.oracle = 1;
	p.policy_infer = 1;
	p.infer_worlds = 16;
	rng_seed(&rng, 7);
	before = rng;
	assert_true(deal_world(&p, g, &rng, world) == 1);
	assert_string_equal(world, truth);
	assert_memory_equal(&rng, &before, sizeof(rng));
	p.oracle = 0;
	deal_world(&p, v, &rng, world);
	assert_non_null(strstr(world, "seat=all"));
	assert_string_not_equal(world, truth);
	game_free(v);
	game_free(g);
}

/* The stock's cards of a text form (stockcards=), in card order. */
static void
stock_cards(const char *text, char *out)
{
	const char *p = strstr(text, " stockcards=");
	char *tok[MAX_CARDS], buf[VIEW_TEXT_MAX], *save = NULL;
	int n = 0;

	assert_non_null(p);
	snprintf(buf, sizeof(buf), "%s", p + 12);
	buf[strcspn(buf, " ")] = '\0';
	for (char *t = strtok_r(buf, ",", &save); t != NULL;
	    t = strtok_r(NULL, ",", &save))
		tok[n++] = t;
	qsort(tok, (size_t)n, sizeof(tok[0]), by_text);
	out[0] = '\0';
	for (int i = 0, len = 0; i < n; i++)
		len += snprintf(out + len, VIEW_TEXT_MAX - (size_t)len, "%s,",
		    tok[i]);
}

/*
 * Oracle 2 keeps every hand as it is and deals the same stock cards in
 * another order (on this seed): the most inference about the hands
 * could know, and no more.
 */
static void
half_oracle_shuffles_the_stock(void **state)
{
	static char truth[VIEW_TEXT_MAX], world[VIEW_TEXT_MAX];
	static char a[VIEW_TEXT_MAX], b[VIEW_TEXT_MAX];
	struct game *g = stock_deal(4242, 20), *w = game_clone(g);
	struct game *v = game_view(g, 0);
	struct rng rng;

	(void)state;
	rng_seed(&rng, 7);
	view_sample_stock(g, v, &rng, w);
	format(g, truth);
	format(w, world);
	assert_string_not_equal(world, truth);
	for (int seat = 0; seat < 2; seat++) {
		struct cardset x = game_hand(g, seat), y = game_hand(w, seat);
		assert_memory_equal(&x, &y, sizeof(x));
	}
	assert_int_equal(game_stock_left(w), game_stock_left(g));
	stock_cards(truth, a);
	stock_cards(world, b);
	assert_string_equal(a, b);
	game_free(v);
	game_free(w);
	game_free(g);
}

/* A view has no true deal to show: the oracle refuses it, and takes the
 * full game. */
static void
oracle_refuses_a_view(void **state)
{
	struct game *g = stock_deal(77, 10), *v = game_view(g, 0);
	struct strong_params p;
	struct think_limits lim;
	struct rng rng;
	struct action a;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 50;
	rng_seed(&rng, 1);
	strong_defaults(&p, v);
	p.oracle = 1;
	assert_int_equal(strong_search(&p, v, &rng, &lim, NULL, NULL, &a),
	    -1);
	assert_int_equal(strong_search(&p, g, &rng, &lim, NULL, NULL, &a), 0);
	assert_true(game_is_legal(g, &a));
	p.oracle = 0;
	assert_int_equal(strong_search(&p, v, &rng, &lim, NULL, NULL, &a), 0);
	game_free(v);
	game_free(g);
}

/* Whether the full game and the seat's view list the same actions. */
static void
same_legal_actions(const struct game *g, const struct game *v)
{
	struct action a[MAX_LEGAL], b[MAX_LEGAL];
	int n = game_legal_actions(g, a, MAX_LEGAL);

	assert_int_equal(game_legal_actions(v, b, MAX_LEGAL), n);
	for (int i = 0; i < n; i++)
		assert_true(action_equal(&a[i], &b[i]));
}

/*
 * Whole deals with the oracle in seat 0 against greedy: the stock phase,
 * the late stock whose simulations solve the end phase, the end phase
 * solved (two seats) or simulated (three-hand, the packs' big hands);
 * every action legal, from the same list as the view's.
 */
static void
oracle_plays_every_variant(void **state)
{
	static const enum variant vars[] = { VARIANT_RUBICON,
	    VARIANT_TWO_HAND, VARIANT_THREE_HAND, VARIANT_SIX_PACK };
	struct think_limits lim;

	(void)state;
	memset(&lim, 0, sizeof(lim));
	lim.playouts = 8;
	for (size_t k = 0; k < 2 * sizeof(vars) / sizeof(vars[0]); k++) {
		struct rules r;
		struct game *g;
		struct strong_params p;
		struct rng rng;
		int phases = 0;

		rules_init(&r, vars[k / 2]);
		g = game_new(&r, 5 + k, 1);
		rng_seed(&rng, 5);
		strong_defaults(&p, g);
		p.oracle = 1 + (int)(k % 2);
		while (!game_over(g)) {
			int seat = game_to_move(g);
			struct game *v = game_view(g, seat);
			struct action a;
			if (seat == 0) {
				same_legal_actions(g, v);
				assert_int_equal(strong_search(&p, g, &rng,
				    &lim, NULL, NULL, &a), 0);
				phases |= game_phase(g) == PHASE_END ? 2 : 1;
			} else {
				assert_int_equal(player_choose(LEVEL_GREEDY, v,
				    &rng, NULL, NULL, NULL, &a), 0);
			}
			assert_true(game_is_legal(g, &a));
			assert_int_equal(game_apply(g, &a, NULL), 0);
			game_free(v);
		}
		assert_int_equal(phases, 3);
		game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(oracle_world_is_the_deal),
		cmocka_unit_test(half_oracle_shuffles_the_stock),
		cmocka_unit_test(oracle_refuses_a_view),
		cmocka_unit_test(oracle_plays_every_variant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
