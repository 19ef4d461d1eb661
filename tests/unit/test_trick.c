/*
 * test_trick.c: doc/rules.md §13.1, §13.2 and §13.6: winning tricks, the
 * duties of the end phase, and carte blanche.
 */
#include "test_util.h"

#include "fixture.h"

static int
card(const char *text)
{
	uint16_t c;

	fx_cards(text, &c);
	return c;
}

static void
trick_winners(void **state)
{
	static const struct {
		const char	*id, *lead, *reply;
		int		 trump;
		int		 winner;	/* 0 leader, 1 reply */
	} rows[] = {
		{ "S1: highest of the suit led", "9C#1", "AC#1", SUIT_H, 1 },
		{ "S2: trump wins", "AC#1", "7H#1", SUIT_H, 1 },
		{ "S3: off-suit never wins", "KS#1", "AD#1", SUIT_H, 0 },
		{ "S4: identical: leader wins", "9D#1", "9D#2", SUIT_H, 0 },
		{ "S5: identical trumps", "TH#1", "TH#2", SUIT_H, 0 },
		{ "S6: no trump yet", "QS#1", "AH#1", -1, 0 },
	};
	struct game *g = fx_new("", "", '-');

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		uint16_t t[2] = { (uint16_t)card(rows[i].lead),
			(uint16_t)card(rows[i].reply) };
		g->trump = (int8_t)rows[i].trump;
		assert_int_eq_msg(rows[i].id, trick_winner_index(g, t, 2),
		    rows[i].winner);
	}
	game_free(g);
}

/* P (seat 0) replies to `lead` holding `hand`; returns the legal plays as
 * text, sorted by id. */
static void
replies(char phase, const char *hand, const char *lead, char trump,
    char *out, size_t len)
{
	struct game *g = fx_new(hand, lead, trump);
	struct action legal[MAX_LEGAL];
	char t[CARD_TEXT_MAX];
	int n;

	g->leader = 1;
	g->trick[0] = (uint16_t)card(lead);
	g->trick_n = 1;
	cardset_clear(&g->hand[1]);
	g->hand_count[1] = 0;
	g->decision = DECISION_REPLY;
	if (phase == 'E') {
		g->phase = PHASE_END;
		g->stock_pos = g->stock_len;
	}
	n = game_legal_actions(g, legal, MAX_LEGAL);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s",
		    i ? " " : "", card_format(legal[i].cards[0], t));
	game_free(g);
}

static void
end_phase_duties(void **state)
{
	static const struct {
		const char	*id;
		char		 phase, trump;
		const char	*hand, *lead, *legal;
	} rows[] = {
		{ "S7: no duty while the stock lasts", 'S', 'H',
		    "8C#1 7D#1", "KC#1", "7D#1 8C#1" },
		{ "S8: may trump holding the suit", 'S', 'H',
		    "AC#1 7H#1", "9C#1", "7H#1 AC#1" },
		{ "S9: follow and win", 'E', 'H', "AC#1 8C#1 KH#1",
		    "9C#1", "AC#1" },
		{ "S10: follow, cannot win, may not trump", 'E', 'H',
		    "TC#1 7C#1 9H#1", "AC#1", "7C#1 TC#1" },
		{ "S11: identical does not win", 'E', 'H',
		    "TC#2 7C#1 AH#1", "TC#1", "7C#1 TC#2" },
		{ "S12: must trump", 'E', 'H', "KD#1 7H#1 TH#1", "9C#1",
		    "7H#1 TH#1" },
		{ "S13: neither: any card", 'E', 'H', "KD#1 QS#1", "9C#1",
		    "QS#1 KD#1" },
		{ "S14: must win in trumps", 'E', 'H', "AH#1 8H#1 AC#1",
		    "QH#1", "AH#1" },
		{ "S15: identical trump", 'E', 'H', "AH#2 7H#1 AC#1",
		    "AH#1", "7H#1 AH#2" },
		{ "S16: no trump ever fixed", 'E', '-', "KD#1 QS#1",
		    "9C#1", "QS#1 KD#1" },
	};
	char got[256];

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		replies(rows[i].phase, rows[i].hand, rows[i].lead,
		    rows[i].trump, got, sizeof(got));
		if (strcmp(got, rows[i].legal) != 0) {
			print_error("%s: got {%s}, want {%s}\n", rows[i].id,
			    got, rows[i].legal);
			fail();
		}
	}
}

static void
must_win_option(void **state)
{
	struct rules r;
	struct game *g;
	struct action legal[MAX_LEGAL];

	(void)state;
	/* UBCG: follow suit, else trump, no duty to head the trick. */
	rules_init(&r, VARIANT_RUBICON);
	r.endgame_must_win = false;
	g = fx_new_rules(&r, "AC#1 8C#1 KH#1", "9C#1", 'H');
	g->leader = 1;
	g->trick[0] = (uint16_t)card("9C#1");
	g->trick_n = 1;
	g->decision = DECISION_REPLY;
	g->phase = PHASE_END;
	g->stock_pos = g->stock_len;
	assert_int_equal(game_legal_actions(g, legal, MAX_LEGAL), 2);
	game_free(g);
}

/* A deck dealt by threes, elder (seat 0) first: deck[0..2] to P, [3..5]
 * to the dealer, and so on; the stock follows. */
static struct game *
carte_blanche_deal(const char *p_hand, const char *d_hand, const char *stock)
{
	struct rules r;
	uint16_t deck[MAX_CARDS], ph[9], dh[9], st[MAX_CARDS];
	struct cardset used;
	int n = 0, ns = fx_cards(stock, st);

	fx_cards(p_hand, ph);
	fx_cards(d_hand, dh);
	cardset_clear(&used);
	for (int b = 0; b < 3; b++) {
		for (int k = 0; k < 3; k++)
			deck[n++] = ph[b * 3 + k];
		for (int k = 0; k < 3; k++)
			deck[n++] = dh[b * 3 + k];
	}
	for (int i = 0; i < ns; i++)
		deck[n++] = st[i];
	for (int i = 0; i < n; i++)
		cardset_add(&used, deck[i]);
	for (int c = 0; c < 128; c++)
		if (!cardset_has(&used, c))
			deck[n++] = (uint16_t)c;
	rules_init(&r, VARIANT_RUBICON);
	return game_new_from_deck(&r, deck, 1);
}

static int
act(struct game *g, const char *text)
{
	struct action a;
	char err[128];

	if (game_parse_action(g, text, &a, err, sizeof(err)) < 0) {
		print_error("%s: %s\n", text, err);
		fail();
	}
	return game_apply(g, &a, NULL);
}

static void
carte_blanche(void **state)
{
	/* P leads aces the dealer cannot beat, so P wins and draws first. */
	struct game *g = carte_blanche_deal(
	    "AS#1 AS#2 AS#3 AS#4 TS#1 TS#2 9C#1 8C#1 7C#1",
	    "7H#1 7H#2 7H#3 8H#1 8H#2 8H#3 KH#1 QH#1 JH#1",
	    "8D#1 7H#4 TS#3 8H#4 JH#2 9H#1 9C#2 9H#2");

	(void)state;
	assert_int_eq_msg("S52: offered first", game_decision(g),
	    DECISION_CARTE_BLANCHE);
	assert_int_equal(act(g, "carte-blanche"), 0);
	assert_int_eq_msg("S52: +50", game_points(g, 0), 50);
	assert_int_equal(act(g, "AS#1"), 0);
	assert_int_equal(act(g, "7H"), 0);	/* P wins, draws 8D */
	assert_int_eq_msg("S53: repeat offered", game_decision(g),
	    DECISION_CARTE_BLANCHE);
	assert_int_equal(act(g, "carte-blanche"), 0);
	assert_int_eq_msg("S53: +50 for 8D", game_points(g, 0), 100);
	assert_int_equal(act(g, "AS#2"), 0);
	assert_int_equal(act(g, "7H"), 0);	/* P draws TS */
	assert_int_equal(act(g, "carte-blanche"), 0);
	assert_int_eq_msg("S54: +50 for TS", game_points(g, 0), 150);
	assert_int_equal(act(g, "AS#3"), 0);
	assert_int_equal(act(g, "7H"), 0);	/* P draws JH: right ends */
	assert_int_eq_msg("S54: none after a court card",
	    game_decision(g), DECISION_LEAD);
	assert_int_equal(act(g, "AS#4"), 0);
	assert_int_equal(act(g, "8H"), 0);	/* P draws 9C: still none */
	assert_int_eq_msg("S54: none for later draws", game_decision(g),
	    DECISION_LEAD);
	assert_int_eq_msg("the dealer never had it", game_points(g, 1), 0);
	game_free(g);

	g = carte_blanche_deal("AS#1 AS#2 AS#3 AS#4 TS#1 TS#2 9C#1 8C#1 JC#1",
	    "7H#1 7H#2 7H#3 8H#1 8H#2 8H#3 KH#1 QH#1 JH#1", "");
	assert_int_eq_msg("S55: a jack: no carte blanche",
	    game_decision(g), DECISION_LEAD);
	assert_int_eq_msg("S55: claim refused", act(g, "carte-blanche"),
	    -1);
	game_free(g);
}

static void
carte_blanche_declined(void **state)
{
	struct game *g = carte_blanche_deal(
	    "AS#1 AS#2 AS#3 AS#4 TS#1 TS#2 9C#1 8C#1 7C#1",
	    "7H#1 7H#2 7H#3 8H#1 8H#2 8H#3 KH#1 QH#1 JH#1",
	    "8D#1 7H#4 TS#3 8H#4");

	(void)state;
	/* Declining the first claim leaves no right to repeats (law 16). */
	assert_int_equal(act(g, "pass"), 0);
	assert_int_equal(act(g, "AS#1"), 0);
	assert_int_equal(act(g, "7H"), 0);
	assert_int_eq_msg("no repeat without a claim", game_decision(g),
	    DECISION_LEAD);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trick_winners),
		cmocka_unit_test(end_phase_duties),
		cmocka_unit_test(must_win_option),
		cmocka_unit_test(carte_blanche),
		cmocka_unit_test(carte_blanche_declined),
	};

	return cmocka_run_group_tests_name("trick", tests, NULL, NULL);
}
