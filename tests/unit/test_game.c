/*
 * test_game.c: properties of whole deals played at random.
 *
 * Over many seeded deals: the cards are conserved, every listed action is
 * legal and applies, scores equal the declarations plus the last trick,
 * each seat's view hides what it must, round-trips through its text form
 * and knows the same legal actions as the full state, and the full state's
 * text form replays exactly.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_int.h"
#include "view.h"

#define DEALS	300

static void
check_conservation(const struct game *g)
{
	struct cardset all = g->played;
	int total = cardset_count(&g->played) + stock_left_int(g);

	for (int p = 0; p < g->nplayers; p++) {
		assert_false(cardset_intersects(&all, &g->hand[p]));
		all = cardset_or(all, g->hand[p]);
		assert_false(cardset_intersects(&all, &g->table[p]));
		all = cardset_or(all, g->table[p]);
		assert_int_eq_msg("hand count", g->hand_count[p],
		    cardset_count(&g->hand[p]));
		total += g->hand_count[p] + cardset_count(&g->table[p]);
	}
	for (int i = g->stock_pos; i < g->stock_len; i++) {
		assert_false(cardset_has(&all, g->stock[i]));
		cardset_add(&all, g->stock[i]);
	}
	assert_int_eq_msg("cards", total, 128);
	assert_int_eq_msg("distinct cards", cardset_count(&all), 128);
}

static void
check_scores(const struct game *g)
{
	int want[2] = { 0, 0 };

	for (int i = 0; i < g->ndecl; i++)
		want[g->decl[i].seat] += g->decl[i].points;
	if (game_over(g))
		want[g->trick_winner[g->ntricks - 1]] += g->rules.last_trick;
	assert_int_eq_msg("points 0", g->points[0], want[0]);
	assert_int_eq_msg("points 1", g->points[1], want[1]);
}

/* A view shows its own hand, the tables, and of another hand only the
 * cards shown by carte blanche; never the stock. */
static void
check_view(const struct game *g, int seat)
{
	struct game *v = game_view(g, seat), *back;
	static char a[VIEW_TEXT_MAX], b[VIEW_TEXT_MAX];
	char err[256];
	struct action la[MAX_LEGAL], lb[MAX_LEGAL];

	for (int p = 0; p < 2; p++) {
		struct cardset leak = cardset_minus(v->hand[p],
		    p == seat ? g->hand[p] : g->revealed[p]);
		assert_true(cardset_empty(&leak));
	}
	for (int i = v->stock_pos; i < v->stock_len; i++)
		assert_int_eq_msg("stock hidden", v->stock[i], NO_CARD);
	view_format(v, a, sizeof(a));
	back = view_parse(&g->rules, a, err, sizeof(err));
	if (back == NULL)
		print_error("%s\n%s\n", err, a);
	assert_non_null(back);
	view_format(back, b, sizeof(b));
	assert_string_equal(a, b);
	if (game_to_move(g) == seat && !game_over(g)) {
		int na = game_legal_actions(g, la, MAX_LEGAL);
		int nb = game_legal_actions(back, lb, MAX_LEGAL);
		assert_int_eq_msg("legal count in view", nb, na);
		for (int i = 0; i < na; i++)
			assert_true(action_equal(&la[i], &lb[i]));
	}
	game_free(back);
	game_free(v);
}

static void
check_full_text(const struct game *g)
{
	static char a[VIEW_TEXT_MAX], b[VIEW_TEXT_MAX];
	char err[256];
	struct game *back;

	view_format(g, a, sizeof(a));
	back = view_parse(&g->rules, a, err, sizeof(err));
	if (back == NULL)
		print_error("%s\n%s\n", err, a);
	assert_non_null(back);
	view_format(back, b, sizeof(b));
	assert_string_equal(a, b);
	game_free(back);
}

static void
test_random_deals(void **state)
{
	struct rules r;
	struct action legal[MAX_LEGAL];
	struct rng rng;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	rng_seed(&rng, 12345);
	for (int d = 0; d < DEALS; d++) {
		struct game *g = game_new(&r, (uint64_t)d, d & 1);
		int steps = 0;
		assert_non_null(g);
		while (!game_over(g)) {
			int n = game_legal_actions(g, legal, MAX_LEGAL);
			int k;
			assert_true(n > 0);
			k = (int)rng_below(&rng, (uint64_t)n);
			assert_true(game_is_legal(g, &legal[k]));
			assert_int_eq_msg("apply", game_apply(g, &legal[k],
			    NULL), 0);
			check_conservation(g);
			check_scores(g);
			if (d < 40) {
				check_view(g, steps & 1);
				check_full_text(g);
			}
			steps++;
		}
		assert_int_eq_msg("tricks", game_tricks_played(g), 64);
		game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_deals),
	};

	return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
