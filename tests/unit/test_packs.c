/*
 * test_packs.c: rules.md §12.8 rows 79-86: six-pack (bézique by trump,
 * trump quartets, the cut, the barred trump), eight-pack (§5) and
 * three-hand (triple and second double bézique, the end phase).
 *
 * Unless a row says otherwise P (seat 0) has just won a trick in the
 * stock phase and may declare (fixture.h).
 */
#include "test_util.h"

#include "fixture.h"

#define ROW(id, got, want) assert_int_eq_msg(id, got, want)

/* Rows 79, 80, 82: the six-pack's declarations. */
static void
six_pack_declarations(void **state)
{
	struct game *g;
	char err[128];

	(void)state;
	g = fx_variant(VARIANT_SIX_PACK, "QD#1 JS#1 QS#1 JD#1", "9C#1", 'D');
	ROW("row 79: QS+JD is not a bezique", fx_declare(g,
	    "bezique:QS#1+JD#1"), -1);
	ROW("row 79: QD+JS is", fx_declare(g, "bezique:QD#1+JS#1"), 40);
	game_free(g);

	g = fx_variant(VARIANT_SIX_PACK, "AH#1 AH#2 AH#3 AH#4 AS#1 AD#1 AC#1",
	    "9C#1", 'H');
	ROW("row 80 (a): four trump aces", fx_declare(g,
	    "four-trump-aces:AH#1+AH#2+AH#3+AH#4"), 1000);
	game_free(g);
	g = fx_variant(VARIANT_SIX_PACK, "AH#1 AS#1 AD#1 AC#1", "9C#1", 'H');
	ROW("row 80 (b): four aces", fx_declare(g,
	    "four-aces:AS#1+AH#1+AD#1+AC#1"), 100);
	game_free(g);

	g = fx_variant(VARIANT_SIX_PACK, "KS#1 QS#1 KH#1 QH#1", "9C#1", '-');
	assert_int_equal(rules_set(&g->rules, "barred_trump", "S", err,
	    sizeof(err)), 0);
	ROW("row 82: barred suit scores plain", fx_declare(g,
	    "marriage:KS#1+QS#1"), 20);
	ROW("row 82: trump not fixed", game_trump(g), -1);
	fx_win(g);
	ROW("row 82: next marriage", fx_declare(g, "marriage:KH#1+QH#1"), 40);
	ROW("row 82: fixes trump", game_trump(g), SUIT_H);
	game_free(g);
}

/* Row 81: the cut for 24. */
static void
six_pack_cut(void **state)
{
	struct rules r;
	struct game *g;

	(void)state;
	rules_init(&r, VARIANT_SIX_PACK);
	g = game_new(&r, 81, 1);
	ROW("row 81: cut and guess", game_cut(g, 24, 24), 400);
	ROW("row 81: dealer +250", game_points(g, 1), 250);
	ROW("row 81: non-dealer +150", game_points(g, 0), 150);
	ROW("row 81: once", game_cut(g, 24, 24), -1);
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

/* §5: the eight-pack's quintets and quintuple bézique. */
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

/* Rows 84, 85: three-hand triple and second double bézique (EB9). */
static void
three_hand_beziques(void **state)
{
	static const char hand[] = "QS#1 JD#1 QS#2 JD#2 QS#3 JD#3";
	static const char dbl[] = "double-bezique:QS#1+QS#2+JD#1+JD#2";
	struct game *g;

	(void)state;
	g = fx_variant(VARIANT_THREE_HAND, hand, "9C#1", 'H');
	ROW("row 84: double", fx_declare(g, dbl), 500);
	fx_win(g);
	ROW("row 84: triple", fx_declare(g, "triple-bezique:QS#1+QS#2+QS#3+"
	    "JD#1+JD#2+JD#3"), 1500);
	game_free(g);

	g = fx_variant(VARIANT_THREE_HAND, hand, "9C#1", 'H');
	ROW("row 85: double", fx_declare(g, dbl), 500);
	fx_win(g);
	ROW("row 85: second double", fx_declare(g,
	    "double-bezique:QS#1+QS#3+JD#1+JD#3"), 500);
	fx_win(g);
	ROW("row 85: not a third from the table", fx_declare(g,
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

/* Row 86: the third player, void, who cannot beat a trump already
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
	ROW("row 86: third to play", game_to_move(g), 2);
	n = game_legal_actions(g, legal, MAX_LEGAL);
	for (int i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
		    i ? " " : "", card_format(legal[i].cards[0], t));
	assert_string_equal(got, "7H#1 KD#1");
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_pack_declarations),
		cmocka_unit_test(six_pack_cut),
		cmocka_unit_test(eight_pack_declarations),
		cmocka_unit_test(three_hand_beziques),
		cmocka_unit_test(three_hand_end_phase),
	};

	return cmocka_run_group_tests_name("packs", tests, NULL, NULL);
}
