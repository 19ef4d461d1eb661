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
	assert_int_eq_msg("cards", total, game_ncards(g));
	assert_int_eq_msg("distinct cards", cardset_count(&all),
	    game_ncards(g));
}

static void
check_scores(const struct game *g)
{
	int want[MAX_PLAYERS] = { 0 };

	for (int i = 0; i < g->ndecl; i++)
		want[g->decl[i].seat] += g->decl[i].points;
	if (last_trick_scored(g) >= 0)
		want[g->trick_winner[last_trick_scored(g)]] +=
		    g->rules.last_trick;
	for (int p = 0; p < g->nplayers; p++)
		assert_int_eq_msg("points", g->points[p], want[p]);
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

	for (int p = 0; p < g->nplayers; p++) {
		struct cardset leak = cardset_minus(v->hand[p],
		    p == seat ? g->hand[p] : g->revealed[p]);
		assert_true(cardset_empty(&leak));
	}
	for (int i = v->stock_pos; i < v->stock_len; i++)
		if (i < stock_hidden_end(v))
			assert_int_eq_msg("stock hidden", v->stock[i], NO_CARD);
		else
			assert_int_eq_msg("turn-up seen", v->stock[i],
			    g->stock[i]);
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

/* What each seat is told of an event: never another seat's draw, save
 * the turn-up, which all see drawn. */
static void
check_events(const struct game *g, const struct event_log *log)
{
	for (int i = 0; i < log->n && i < log->cap; i++)
		for (int seat = 0; seat < g->nplayers; seat++) {
			struct event out;
			bool seen = event_for_seat(&log->ev[i], seat, &out);
			if (log->ev[i].type != EVENT_DRAW)
				continue;
			assert_true(seen);
			if (out.seat != seat && !out.key)
				assert_int_eq_msg("draw hidden", out.cards[0],
				    NO_CARD);
		}
}

/* A world dealt from a view agrees with everything the view shows,
 * whether the hidden cards are dealt uniformly or by weights. */
static void
check_sample(const struct game *g, int seat, struct rng *rng)
{
	struct game *v = game_view(g, seat), *w = game_clone(g);
	double weight[MAX_CARDS];

	for (int c = 0; c < MAX_CARDS; c++)
		weight[c] = 0.25 + (double)rng_below(rng, 100);
	if (rng_below(rng, 2) == 0)
		view_sample(v, rng, w);
	else
		view_sample_weighted(v, rng, weight, w);
	check_conservation(w);
	assert_true(cardset_equal(&w->hand[seat], &g->hand[seat]));
	for (int p = 0; p < g->nplayers; p++) {
		struct cardset shown = cardset_and(v->hand[p], w->hand[p]);
		assert_true(cardset_equal(&shown, &v->hand[p]));
		assert_true(cardset_equal(&w->table[p], &g->table[p]));
	}
	game_free(w);
	game_free(v);
}

static void
random_deals(enum variant variant, const char *options, int deals,
    int checked)
{
	struct rules r;
	char err[256];
	struct action legal[MAX_LEGAL];
	struct event evs[64];
	struct event_log log = { evs, 0, 64 };
	struct rng rng;

	rules_init(&r, variant);
	if (rules_set_list(&r, options, err, sizeof(err)) < 0) {
		print_error("%s\n", err);
		fail();
	}
	rng_seed(&rng, 12345);
	for (int d = 0; d < deals; d++) {
		struct game *g = game_new(&r, (uint64_t)d, d % r.players);
		int steps = 0;
		assert_non_null(g);
		if (r.cut_cards > 0)
			assert_true(game_cut(g, 20 + d % 8, 24) >= 0);
		while (!game_over(g)) {
			int n = game_legal_actions(g, legal, MAX_LEGAL);
			int k;
			assert_true(n > 0);
			k = (int)rng_below(&rng, (uint64_t)n);
			assert_true(game_is_legal(g, &legal[k]));
			log.n = 0;
			assert_int_eq_msg("apply", game_apply(g, &legal[k],
			    &log), 0);
			check_events(g, &log);
			check_conservation(g);
			check_scores(g);
			if (d < checked) {
				check_view(g, steps % g->nplayers);
				check_full_text(g);
				check_sample(g, steps % g->nplayers, &rng);
			}
			steps++;
		}
		assert_int_eq_msg("tricks", game_tricks_played(g),
		    game_ncards(g) / g->nplayers);
		game_free(g);
	}
}

static void
test_random_deals(void **state)
{
	(void)state;
	random_deals(VARIANT_RUBICON, "", DEALS, 40);
}

static void
test_random_two_hand(void **state)
{
	(void)state;
	random_deals(VARIANT_TWO_HAND, "", DEALS, 40);
}

static void
test_random_six_pack(void **state)
{
	(void)state;
	random_deals(VARIANT_SIX_PACK, "", DEALS / 3, 10);
}

static void
test_random_eight_pack(void **state)
{
	(void)state;
	random_deals(VARIANT_EIGHT_PACK, "", DEALS / 4, 8);
}

static void
test_random_three_hand(void **state)
{
	(void)state;
	random_deals(VARIANT_THREE_HAND, "", DEALS, 40);
}

/* The variants' rule options change what a view must say. */
static void
test_random_options(void **state)
{
	(void)state;
	random_deals(VARIANT_TWO_HAND, "seven_other=play,"
	    "seven_exchange_is_declaration=true,marriage_repair=after_play",
	    DEALS / 3, 20);
	random_deals(VARIANT_TWO_HAND, "turnup=false,last_trick_of_stock=true",
	    DEALS / 3, 20);
	random_deals(VARIANT_SIX_PACK, "barred_trump=S,bezique_by_trump=false",
	    DEALS / 6, 5);
	random_deals(VARIANT_THREE_HAND, "second_double=false,"
	    "endgame_must_win=false", DEALS / 3, 20);
}

/* NULL weights deal exactly as view_sample does, from the same seed. */
static void
test_sample_unweighted(void **state)
{
	struct rules r;
	struct game *g, *v, *a, *b;
	struct rng ra, rb;
	char ta[VIEW_TEXT_MAX], tb[VIEW_TEXT_MAX];

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 7, 1);
	v = game_view(g, 0);
	a = game_clone(g);
	b = game_clone(g);
	rng_seed(&ra, 99);
	rng_seed(&rb, 99);
	for (int i = 0; i < 20; i++) {
		view_sample(v, &ra, a);
		view_sample_weighted(v, &rb, NULL, b);
		view_format(a, ta, sizeof(ta));
		view_format(b, tb, sizeof(tb));
		assert_string_equal(ta, tb);
	}
	game_free(a);
	game_free(b);
	game_free(v);
	game_free(g);
}

/* The concealed hand takes the heavy cards first: with every copy of
 * one kind weighed a billion times the rest, each world deals all the
 * copies unseen to the other hand; the light cards fill the stock. */
static void
test_sample_weighted(void **state)
{
	struct rules r;
	struct game *g, *v, *w;
	struct rng rng;
	double weight[MAX_CARDS];
	struct cardset mine;
	int heavy = SUIT_H * 8 + RANK_A, unseen = 0;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 11, 1);
	v = game_view(g, 0);
	w = game_clone(g);
	mine = game_hand(g, 0);
	for (int c = 0; c < MAX_CARDS; c++) {
		weight[c] = card_kind(c) == heavy ? 1e9 : 1;
		if (c < game_ncards(g) && card_kind(c) == heavy &&
		    !cardset_has(&mine, c))
			unseen++;
	}
	assert_true(unseen > 0);
	rng_seed(&rng, 5);
	for (int i = 0; i < 50; i++) {
		struct cardset other;
		int held = 0;
		view_sample_weighted(v, &rng, weight, w);
		check_conservation(w);
		other = w->hand[1];
		CARDSET_FOREACH(c, &other)
			held += card_kind(c) == heavy;
		assert_int_equal(held, unseen);
	}
	game_free(w);
	game_free(v);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_deals),
		cmocka_unit_test(test_random_two_hand),
		cmocka_unit_test(test_random_six_pack),
		cmocka_unit_test(test_random_eight_pack),
		cmocka_unit_test(test_random_three_hand),
		cmocka_unit_test(test_random_options),
		cmocka_unit_test(test_sample_unweighted),
		cmocka_unit_test(test_sample_weighted),
	};

	return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
