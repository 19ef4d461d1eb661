/*
 * test_packs.c: doc/rules.md §13.8 S79–S86 and S56: six-pack (bézique by
 * trump, trump quartets, the cut, the barred trump, carte blanche), eight-pack (§6) and
 * three-hand (triple and second double bézique, the end phase).
 *
 * Unless a row says otherwise P (seat 0) has just won a trick in the
 * stock phase and may declare (fixture.h).
 */
#include "test_util.h"

#include "fixture.h"

#define ROW(id, got, want) assert_int_eq_msg(id, got, want)

/* S79, S80, S82: the six-pack's declarations. */
static void
six_pack_declarations(void **state)
{
	struct game *g;
	char err[128];

	(void)state;
	g = fx_variant(VARIANT_SIX_PACK, "QD#1 JS#1 QS#1 JD#1", "9C#1", 'D');
	ROW("S79: QS+JD is not a bezique", fx_declare(g,
	    "bezique:QS#1+JD#1"), -1);
	ROW("S79: QD+JS is", fx_declare(g, "bezique:QD#1+JS#1"), 40);
	game_free(g);

	g = fx_variant(VARIANT_SIX_PACK, "AH#1 AH#2 AH#3 AH#4 AS#1 AD#1 AC#1",
	    "9C#1", 'H');
	ROW("S80 (a): four trump aces", fx_declare(g,
	    "four-trump-aces:AH#1+AH#2+AH#3+AH#4"), 1000);
	game_free(g);
	g = fx_variant(VARIANT_SIX_PACK, "AH#1 AS#1 AD#1 AC#1", "9C#1", 'H');
	ROW("S80 (b): four aces", fx_declare(g,
	    "four-aces:AS#1+AH#1+AD#1+AC#1"), 100);
	game_free(g);

	g = fx_variant(VARIANT_SIX_PACK, "KS#1 QS#1 KH#1 QH#1", "9C#1", '-');
	assert_int_equal(rules_set(&g->rules, "barred_trump", "S", err,
	    sizeof(err)), 0);
	ROW("S82: barred suit scores plain", fx_declare(g,
	    "marriage:KS#1+QS#1"), 20);
	ROW("S82: trump not fixed", game_trump(g), -1);
	fx_win(g);
	ROW("S82: next marriage", fx_declare(g, "marriage:KH#1+QH#1"), 40);
	ROW("S82: fixes trump", game_trump(g), SUIT_H);
	game_free(g);
}

/* S81: the cut for 24. */
static void
six_pack_cut(void **state)
{
	struct rules r;
	struct game *g;

	(void)state;
	rules_init(&r, VARIANT_SIX_PACK);
	g = game_new(&r, 81, 1);
	ROW("S81: cut and guess", game_cut(g, 24, 24), 400);
	ROW("S81: dealer +250", game_points(g, 1), 250);
	ROW("S81: non-dealer +150", game_points(g, 0), 150);
	ROW("S81: once", game_cut(g, 24, 24), -1);
	game_free(g);
	g = game_new(&r, 81, 1);
	ROW("cut 23, guessed", game_cut(g, 23, 23), 150);
	ROW("cut 23: dealer", game_points(g, 1), 0);
	game_free(g);
	g = game_new(&r, 81, 1);
	ROW("cut 24, guess 25", game_cut(g, 24, 25), 250);
	game_free(g);
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 81, 1);
	ROW("no cut in Rubicon", game_cut(g, 24, 24), -1);
	game_free(g);
}

/* §6: the eight-pack's quintets and quintuple bézique. */
static void
eight_pack_declarations(void **state)
{
	struct game *g;

	(void)state;
	g = fx_variant(VARIANT_EIGHT_PACK,
	    "KC#1 KC#2 KC#3 KC#4 KC#5", "9H#1", 'C');
	ROW("five trump kings", fx_declare(g,
	    "five-trump-kings:KC#1+KC#2+KC#3+KC#4+KC#5"), 1600);
	game_free(g);
	g = fx_variant(VARIANT_EIGHT_PACK, "QS#1 QS#2 QS#3 QS#4 QS#5 "
	    "JD#1 JD#2 JD#3 JD#4 JD#5", "9H#1", 'S');
	ROW("quintuple bezique", fx_declare(g, "quintuple-bezique:QS#1+QS#2+"
	    "QS#3+QS#4+QS#5+JD#1+JD#2+JD#3+JD#4+JD#5"), 9000);
	game_free(g);
}

/* S84, S85: three-hand triple and second double bézique (EB9). */
static void
three_hand_beziques(void **state)
{
	static const char hand[] = "QS#1 JD#1 QS#2 JD#2 QS#3 JD#3";
	static const char dbl[] = "double-bezique:QS#1+QS#2+JD#1+JD#2";
	struct game *g;

	(void)state;
	g = fx_variant(VARIANT_THREE_HAND, hand, "9C#1", 'H');
	ROW("S84: double", fx_declare(g, dbl), 500);
	fx_win(g);
	ROW("S84: triple", fx_declare(g, "triple-bezique:QS#1+QS#2+QS#3+"
	    "JD#1+JD#2+JD#3"), 1500);
	game_free(g);

	g = fx_variant(VARIANT_THREE_HAND, hand, "9C#1", 'H');
	ROW("S85: double", fx_declare(g, dbl), 500);
	fx_win(g);
	ROW("S85: second double", fx_declare(g,
	    "double-bezique:QS#1+QS#3+JD#1+JD#3"), 500);
	fx_win(g);
	ROW("S85: not a third from the table", fx_declare(g,
	    "double-bezique:QS#2+QS#3+JD#2+JD#3"), -1);
	game_free(g);

	/* Two-hand has no such exception (T2); three packs for the cards. */
	g = fx_variant(VARIANT_THREE_HAND, hand, "9C#1", 'H');
	g->rules.second_double = false;
	fx_declare(g, dbl);
	fx_win(g);
	ROW("once per kind without EB9", fx_declare(g,
	    "double-bezique:QS#1+QS#3+JD#1+JD#3"), -1);
	game_free(g);
}

/* S86: the third player, void, who cannot beat a trump already
 * played, may throw any card. */
static void
three_hand_end_phase(void **state)
{
	struct game *g = fx_variant(VARIANT_THREE_HAND, "9C#1", "AH#1",
	    'H');
	struct action legal[MAX_LEGAL];
	char t[CARD_TEXT_MAX], got[64] = "";
	int n;

	(void)state;
	g->hand[2].w[0] = 0;
	cardset_add(&g->hand[2], fx_card("7H#1"));
	cardset_add(&g->hand[2], fx_card("KD#1"));
	g->hand_count[2] = 2;
	fx_end_phase(g);
	assert_int_equal(fx_apply(g, "9C#1"), 0);
	assert_int_equal(fx_apply(g, "AH#1"), 0);
	ROW("S86: third to play", game_to_move(g), 2);
	n = game_legal_actions(g, legal, MAX_LEGAL);
	for (int i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
		    i ? " " : "", card_format(legal[i].cards[0], t));
	assert_string_equal(got, "7H#1 KD#1");
	game_free(g);
}

/* S56: a six-pack hand of twelve cards without king, queen or jack is a
 * carte blanche of 250.  The deck is dealt by threes, the elder hand (P,
 * seat 0) first, then the stock. */
static void
six_pack_carte_blanche(void **state)
{
	static const char p_hand[] = "AS#1 AS#2 AS#3 TS#1 TS#2 TS#3 "
	    "9C#1 9C#2 9C#3 8D#1 8D#2 8D#3";
	static const char d_hand[] = "KH#1 QH#1 JH#1 7H#1 7H#2 7H#3 "
	    "8H#1 8H#2 8H#3 9H#1 9H#2 9H#3";
	uint16_t deck[MAX_CARDS], ph[12], dh[12];
	struct cardset used;
	struct game *g;
	struct action a;
	struct rules r;
	char err[128];
	int n = 0;

	(void)state;
	fx_cards(p_hand, ph);
	fx_cards(d_hand, dh);
	cardset_clear(&used);
	for (int b = 0; b < 4; b++) {
		for (int k = 0; k < 3; k++)
			deck[n++] = ph[b * 3 + k];
		for (int k = 0; k < 3; k++)
			deck[n++] = dh[b * 3 + k];
	}
	for (int i = 0; i < n; i++)
		cardset_add(&used, deck[i]);
	for (int c = 0; c < 6 * CARDS_PER_PACK; c++)
		if (!cardset_has(&used, c))
			deck[n++] = (uint16_t)c;
	rules_init(&r, VARIANT_SIX_PACK);
	g = game_new_from_deck(&r, deck, 1);
	ROW("S56: offered", game_decision(g), DECISION_CARTE_BLANCHE);
	assert_int_equal(game_parse_action(g, "carte-blanche", &a, err,
	    sizeof(err)), 0);
	assert_int_equal(game_apply(g, &a, NULL), 0);
	ROW("S56: +250", game_points(g, 0), 250);
	ROW("S56: the dealer has none", game_points(g, 1), 0);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_pack_declarations),
		cmocka_unit_test(six_pack_cut),
		cmocka_unit_test(six_pack_carte_blanche),
		cmocka_unit_test(eight_pack_declarations),
		cmocka_unit_test(three_hand_beziques),
		cmocka_unit_test(three_hand_end_phase),
	};

	return cmocka_run_group_tests_name("packs", tests, NULL, NULL);
}
