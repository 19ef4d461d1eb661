/*
 * test_legal.c: the legal lists as a `go` line carries them (protocol.md
 * §4): interchangeable copies are listed once.  All copies of a card in
 * a hand are alike; copies on the table are alike when they were
 * declared in exactly the same combinations, whatever a carte blanche
 * showed of them (the sevens of trumps: test_variants.c, S89).
 */
#include "test_util.h"

#include "fixture.h"

/* P, who claimed carte blanche, has just drawn `card` and shows it
 * (law 16): +50. */
static void
repeat_carte_blanche(struct game *g, const char *card)
{
	int before = game_points(g, 0);

	g->cb[0] = CB_PLAYED | CB_CLAIMED | CB_OFFER;
	g->last_drawn[0] = (uint16_t)fx_card(card);
	g->decision = DECISION_CARTE_BLANCHE;
	assert_int_equal(fx_apply(g, "carte-blanche"), 0);
	assert_int_equal(game_points(g, 0), before + 50);
}

/*
 * Rubicon: P repeats his carte blanche showing AS#2 just drawn (law 16),
 * later lays AS#2 with AS#3 in four aces; both aces on the table have
 * been in the same combinations, so one is listed (issue 35: a deal with
 * marriage_repair=none offered both).
 */
static void
table_copies_after_carte_blanche(void **state)
{
	char legal[512];
	struct game *g = fx_new("AS#2 AH#2 AS#3 AC#3", "7D#1 8D#1", '-');

	(void)state;
	repeat_carte_blanche(g, "AS#2");
	fx_win(g);
	assert_int_equal(fx_declare(g, "four-aces:AS#2+AH#2+AS#3+AC#3"),
	    100);
	/* P drew 7S#1 (the fixture's stock, lowest ranks first), may show
	 * it again (law 16), passes and leads. */
	assert_int_equal(game_decision(g), DECISION_CARTE_BLANCHE);
	assert_int_equal(fx_apply(g, "pass"), 0);
	assert_int_equal(game_decision(g), DECISION_LEAD);
	assert_string_equal(fx_legal(g, legal, sizeof(legal)),
	    "7S#1,AS#2,AH#2,AC#3");
	/* Either copy may still be played. */
	assert_int_equal(fx_apply(g, "AS#3"), 0);
	game_free(g);
}

/* The hand's copies are alike whatever was shown of them: AS#2 shown
 * by carte blanche, AS#3 not. */
static void
hand_copies_after_carte_blanche(void **state)
{
	char legal[512];
	struct game *g = fx_new("AS#2 AS#3 9H#1", "7D#1 8D#1", '-');

	(void)state;
	repeat_carte_blanche(g, "AS#2");
	assert_string_equal(fx_legal(g, legal, sizeof(legal)), "9H#1,AS#2");
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_copies_after_carte_blanche),
		cmocka_unit_test(hand_copies_after_carte_blanche),
	};

	return cmocka_run_group_tests_name("legal", tests, NULL, NULL);
}
