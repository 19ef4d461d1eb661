/*
 * test_variants.c: doc/rules.md §13.8, two-hand Bézique (S17, S70–S77,
 * S89): the turn-up, the seven of trumps, the re-use rules and the last
 * trick, one test per row with the row's exact figure; the last trick of
 * the packs.
 *
 * Unless a row says otherwise P (seat 0) has just won a trick in the
 * stock phase and may declare (fixture.h).
 */
#include "test_util.h"

#include "fixture.h"
#include "view.h"

#define ROW(id, got, want) assert_int_eq_msg(id, got, want)

/* S17: the winner of the 24th trick draws the last face-down card,
 * the loser the turn-up; the winner leads the 25th. */
static void
two_hand_last_draws(void **state)
{
	struct rules r;
	struct action a[MAX_LEGAL];
	struct game *g;
	int n;

	(void)state;
	rules_init(&r, VARIANT_TWO_HAND);
	g = game_new(&r, 17, 1);
	/* The last legal action: the last card, or pass (no exchange). */
	while (!(game_stock_left(g) == 2 &&
	    game_decision(g) == DECISION_REPLY)) {
		n = game_legal_actions(g, a, MAX_LEGAL);
		assert_int_equal(game_apply(g, &a[n - 1], NULL), 0);
	}
	{
		int down = g->stock[g->stock_len - 2], up = g->turnup, w;
		while (game_stock_left(g) > 0) {
			n = game_legal_actions(g, a, MAX_LEGAL);
			assert_int_equal(game_apply(g, &a[n - 1], NULL), 0);
		}
		w = g->trick_winner[g->ntricks - 1];
		ROW("S17: tricks so far", game_tricks_played(g), 24);
		assert_true(cardset_has(&g->hand[w], down));
		assert_true(cardset_has(&g->hand[1 - w], up));
		ROW("S17: the winner leads trick 25", game_to_move(g), w);
		ROW("S17: a lead", game_decision(g), DECISION_LEAD);
		ROW("S17: end phase", game_phase(g), PHASE_END);
	}
	game_free(g);
}

/* S70: a seven turned up scores 10 for the dealer. */
static void
two_hand_turnup_seven(void **state)
{
	struct rules r;
	uint16_t deck[64];
	struct game *g;

	(void)state;
	rules_init(&r, VARIANT_TWO_HAND);
	for (int i = 0; i < 64; i++)
		deck[i] = (uint16_t)i;
	deck[16] = (uint16_t)fx_card("7H#1");
	deck[fx_card("7H#1")] = 16;
	g = game_new_from_deck(&r, deck, 1);
	ROW("S70: turn-up", game_turnup(g), fx_card("7H#1"));
	ROW("S70: trump", game_trump(g), SUIT_H);
	ROW("S70: dealer +10", game_points(g, 1), 10);
	ROW("S70: elder hand", game_points(g, 0), 0);
	game_free(g);
	deck[fx_card("7H#1")] = (uint16_t)fx_card("7H#1");
	deck[16] = (uint16_t)fx_card("AD#1");
	deck[fx_card("AD#1")] = 16;
	g = game_new_from_deck(&r, deck, 1);
	ROW("S70: no seven, no points", game_points(g, 1), 0);
	game_free(g);
}

/* S71, S72: exchanging the seven of trumps, declaring the other. */
static void
two_hand_sevens(void **state)
{
	struct game *g, *v;

	(void)state;
	g = fx_variant(VARIANT_TWO_HAND, "7S#1 7S#2 KH#1 QH#1", "9C#1", 'S');
	fx_turnup(g, "AS#1");
	ROW("S71: exchange", fx_declare(g, "exchange:7S#1"), 10);
	assert_true(cardset_has(&g->hand[0], fx_card("AS#1")));
	ROW("S71: the seven under the stock", g->stock[g->stock_len - 1],
	    fx_card("7S#1"));
	ROW("S71: the decision stays", game_decision(g), DECISION_DECLARE);
	/* The turn-up is now a seven: the other seven is only declared. */
	ROW("S72: no second exchange", fx_declare(g, "exchange:7S#2"), -1);
	ROW("S72: the other seven", fx_declare(g, "seven:7S#2"), 10);
	ROW("S72: no exchange", g->stock[g->stock_len - 1], fx_card("7S#1"));
	ROW("S72: each seven once", fx_declare(g, "seven:7S#2"), -1);
	ROW("S72: declaration still open", fx_declare(g,
	    "marriage:KH#1+QH#1"), 20);
	/* Everybody saw the ace taken in exchange. */
	v = game_view(g, 1);
	assert_true(cardset_has(&v->hand[0], fx_card("AS#1")));
	game_free(v);
	game_free(g);
}

/*
 * S89: a trick's winner holding a seven of trumps and no combination is
 * offered the seven all the same (HGM-2H; UBCG; WK-2H): the trick is
 * played through the core, so the step must open by itself.  Holding
 * both sevens, each action is listed once (protocol.md §4: the copies
 * in a hand are alike).
 */
static void
two_hand_seven_alone(void **state)
{
	char legal[256];
	struct game *g;

	(void)state;
	g = fx_variant(VARIANT_TWO_HAND, "7C#1 QD#1 9S#1", "8H#1 9H#1", 'C');
	fx_turnup(g, "JC#1");
	g->decision = DECISION_LEAD;
	assert_int_equal(fx_apply(g, "QD#1"), 0);
	assert_int_equal(fx_apply(g, "8H#1"), 0);
	ROW("S89: P may declare", game_decision(g), DECISION_DECLARE);
	assert_string_equal(fx_legal(g, legal, sizeof(legal)),
	    "exchange:7C#1,seven:7C#1,pass");
	ROW("S89: the exchange", fx_declare(g, "exchange:7C#1"), 10);
	assert_true(cardset_has(&g->hand[0], fx_card("JC#1")));
	ROW("S89: the seven under the stock", g->stock[g->stock_len - 1],
	    fx_card("7C#1"));
	ROW("S89: nothing left to declare: P draws and leads",
	    game_decision(g), DECISION_LEAD);
	game_free(g);

	g = fx_variant(VARIANT_TWO_HAND, "7C#1 7C#2 9S#1", "8H#1", 'C');
	fx_turnup(g, "JC#1");
	assert_string_equal(fx_legal(g, legal, sizeof(legal)),
	    "exchange:7C#1,seven:7C#1,pass");
	ROW("S89: either copy may be named", fx_declare(g, "seven:7C#2"), 10);
	assert_string_equal(fx_legal(g, legal, sizeof(legal)),
	    "exchange:7C#1,seven:7C#1,pass");
	ROW("S89: the other seven scores once more", fx_declare(g,
	    "exchange:7C#1"), 10);
	ROW("S89: nothing left: P draws", game_decision(g), DECISION_LEAD);
	game_free(g);
}

/* A real deal in which a seven is exchanged: the other seat's view shows
 * the card taken, and reads back the same. */
static void
exchange_in_view(void **state)
{
	static char text[VIEW_TEXT_MAX], again[VIEW_TEXT_MAX];
	struct action a[MAX_LEGAL];
	struct rules r;
	char err[256];
	bool done = false;

	(void)state;
	rules_init(&r, VARIANT_TWO_HAND);
	for (int seed = 0; !done && seed < 200; seed++) {
		struct game *g = game_new(&r, (uint64_t)seed, 0), *v, *back;
		int taker = -1, up = game_turnup(g);
		while (!game_over(g) && taker < 0) {
			assert_true(game_legal_actions(g, a, MAX_LEGAL) > 0);
			if (a[0].type == ACTION_SEVEN_EXCHANGE)
				taker = game_to_move(g);
			game_apply(g, &a[0], NULL);
		}
		if (taker >= 0 && !game_over(g)) {
			v = game_view(g, 1 - taker);
			assert_true(cardset_has(&v->hand[taker], up));
			view_format(v, text, sizeof(text));
			assert_non_null(strstr(text, ":exchange:"));
			back = view_parse(&r, text, err, sizeof(err));
			if (back == NULL)
				print_error("%s\n%s\n", err, text);
			assert_non_null(back);
			view_format(back, again, sizeof(again));
			assert_string_equal(text, again);
			game_free(back);
			game_free(v);
			done = true;
		}
		game_free(g);
	}
	assert_true(done);
}

/* The options of §4.2: UBCG's exchange as the trick's declaration; the
 * other seven scored on playing it; EB11's deal without a turn-up (first
 * marriage fixes trump, no sevens). */
static void
seven_options(void **state)
{
	struct rules r;
	struct game *g;
	char err[128];

	(void)state;
	g = fx_variant(VARIANT_TWO_HAND, "7S#1 KH#1 QH#1", "9C#1", 'S');
	fx_turnup(g, "AS#1");
	assert_int_equal(rules_set(&g->rules, "seven_exchange_is_declaration",
	    "true", err, sizeof(err)), 0);
	ROW("UBCG: exchange", fx_declare(g, "exchange:7S#1"), 10);
	ROW("UBCG: the declaration is used", fx_declare(g,
	    "marriage:KH#1+QH#1"), -1);
	game_free(g);

	/* BRIT, EW iv: the other seven scores when played to a trick. */
	g = fx_variant(VARIANT_TWO_HAND, "7S#2 KH#1", "9C#1", 'S');
	fx_turnup(g, "AS#1");
	assert_int_equal(rules_set(&g->rules, "seven_other", "play", err,
	    sizeof(err)), 0);
	ROW("play option: no declaring it", fx_declare(g, "seven:7S#2"), -1);
	g->decision = DECISION_LEAD;
	assert_int_equal(fx_apply(g, "7S#2"), 0);
	ROW("play option: +10 for playing it", game_points(g, 0), 10);
	game_free(g);

	rules_init(&r, VARIANT_TWO_HAND);
	assert_int_equal(rules_set(&r, "turnup", "false", err, sizeof(err)),
	    0);
	g = game_new(&r, 5, 0);
	ROW("EB11: no turn-up", game_turnup(g), NO_CARD);
	ROW("EB11: no trump yet", game_trump(g), -1);
	ROW("EB11: stock", game_stock_left(g), 48);
	game_free(g);
	g = fx_new_rules(&r, "7H#1 KH#1 QH#1", "9C#1", '-');
	ROW("EB11: first marriage", fx_declare(g, "marriage:KH#1+QH#1"), 40);
	ROW("EB11: fixes trump", game_trump(g), SUIT_H);
	fx_win(g);
	ROW("EB11: no seven", fx_declare(g, "seven:7H#1"), -1);
	game_free(g);
}

/* Copies text with field `key`'s value replaced by val (NULL: the field
 * dropped). */
static void
with_field(const char *text, const char *key, const char *val, char *out,
    size_t len)
{
	char pat[32];
	const char *at, *end;

	snprintf(pat, sizeof(pat), " %s=", key);
	at = strstr(text, pat);
	assert_non_null(at);
	end = strchr(at + 1, ' ');
	if (end == NULL)
		end = at + strlen(at);
	if (val != NULL)
		snprintf(out, len, "%.*s%s%s%s", (int)(at - text), text, pat, val,
		    end);
	else
		snprintf(out, len, "%.*s%s", (int)(at - text), text, end);
}

static void
view_parse_errors(void **state)
{
	static char text[VIEW_TEXT_MAX], bad[VIEW_TEXT_MAX];
	struct rules r;
	struct game *g, *v, *back;
	char err[256], up[CARD_TEXT_MAX], mine[CARD_TEXT_MAX];
	static const char *const suits = "SHDC";

	(void)state;
	rules_init(&r, VARIANT_TWO_HAND);
	g = game_new(&r, 3, 1);
	v = game_view(g, 0);
	view_format(v, text, sizeof(text));
	card_format(game_turnup(g), up);
	card_format(cardset_next(&g->hand[0], 0), mine);

	with_field(text, "turnup", NULL, bad, sizeof(bad));
	assert_null(view_parse(&r, bad, err, sizeof(err)));
	assert_string_equal(err, "view: field 'turnup' is missing");

	with_field(text, "turnup", "QX#1", bad, sizeof(bad));
	assert_null(view_parse(&r, bad, err, sizeof(err)));
	assert_string_equal(err, "view: field 'turnup': 'QX#1' is not a "
	    "card");

	/* A card of another suit than trump. */
	up[1] = suits[(strchr(suits, up[1]) - suits + 1) % 4];
	with_field(text, "turnup", up, bad, sizeof(bad));
	assert_null(view_parse(&r, bad, err, sizeof(err)));
	assert_non_null(strstr(err, "is not of the trump suit"));

	/* The turn-up cannot also be in the seat's hand. */
	with_field(text, "trump", (char[2]){ mine[1], '\0' }, bad,
	    sizeof(bad));
	with_field(bad, "turnup", mine, text, sizeof(text));
	back = view_parse(&r, text, err, sizeof(err));
	assert_null(back);
	assert_non_null(strstr(err, "is also elsewhere"));

	/* Rubicon has no turn-up. */
	game_free(v);
	game_free(g);
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 3, 1);
	v = game_view(g, 0);
	view_format(v, text, sizeof(text));
	snprintf(bad, sizeof(bad), "%.16000s turnup=AS#1", text);
	assert_null(view_parse(&r, bad, err, sizeof(err)));
	assert_string_equal(err, "view: field 'turnup': rubicon has no "
	    "turn-up");
	game_free(v);
	game_free(g);
}

static void
seven_action_text(void **state)
{
	struct game *g = fx_variant(VARIANT_TWO_HAND, "7S#2 8S#1", "9C#1",
	    'S');
	struct action a;
	char err[128], t[ACTION_TEXT_MAX];

	(void)state;
	fx_turnup(g, "AS#1");
	assert_int_equal(game_parse_action(g, "exchange:7S", &a, err,
	    sizeof(err)), 0);
	assert_string_equal(action_format(&a, t, sizeof(t)), "exchange:7S#2");
	assert_int_equal(game_parse_action(g, "seven:7S#2", &a, err,
	    sizeof(err)), 0);
	assert_string_equal(action_format(&a, t, sizeof(t)), "seven:7S#2");
	assert_int_equal(game_parse_action(g, "seven:8S#1", &a, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'seven:8S#1': only a seven of trumps may "
	    "be exchanged or declared");
	assert_int_equal(game_parse_action(g, "exchange:7D", &a, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "no 7D held to play or declare");
	/* A seven of another suit parses but is not legal. */
	cardset_add(&g->hand[0], fx_card("7D#1"));
	assert_int_equal(game_parse_action(g, "seven:7D#1", &a, err,
	    sizeof(err)), 0);
	assert_false(game_is_legal(g, &a));
	game_free(g);
}

/* S73–S76: the two-hand re-use rules (§8.3). */
static void
two_hand_reuse(void **state)
{
	struct game *g;

	(void)state;
	g = fx_variant(VARIANT_TWO_HAND, "QS#1 JD#1 QS#2 JD#2", "9C#1", 'H');
	ROW("S73: first single", fx_declare(g, "bezique:QS#1+JD#1"), 40);
	fx_win(g);
	ROW("S73: second single", fx_declare(g, "bezique:QS#2+JD#2"), 40);
	fx_win(g);
	ROW("S73: double from the table", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), -1);
	game_free(g);

	g = fx_variant(VARIANT_TWO_HAND, "QS#1 JD#1 QS#2 JD#2", "9C#1", 'H');
	ROW("S74: single", fx_declare(g, "bezique:QS#1+JD#1"), 40);
	fx_win(g);
	ROW("S74: double with a pair from hand", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), 500);
	ROW("S74: total", game_points(g, 0), 540);
	game_free(g);

	for (int opt = 0; opt < 2; opt++) {
		char err[128];
		g = fx_variant(VARIANT_TWO_HAND, "KH#1 QH#1 QH#2", "9C#1", 'H');
		if (opt)
			assert_int_equal(rules_set(&g->rules,
			    "marriage_repair", "after_play", err,
			    sizeof(err)), 0);
		ROW("S75: marriage", fx_declare(g, "marriage:KH#1+QH#1"),
		    40);
		fx_play(g, "QH#1");
		fx_win(g);
		ROW(opt ? "S75: UBCG option" : "S75: default (HH)",
		    fx_declare(g, "marriage:KH#1+QH#2"), opt ? 40 : -1);
		game_free(g);
	}

	g = fx_variant(VARIANT_TWO_HAND, "KH#1 KS#1 KD#1 KC#1 QH#1", "9C#1",
	    'H');
	ROW("S76: four kings", fx_declare(g,
	    "four-kings:KS#1+KH#1+KD#1+KC#1"), 80);
	fx_win(g);
	ROW("S76: royal marriage with a king of the four", fx_declare(g,
	    "marriage:KH#1+QH#1"), 40);
	game_free(g);
}

/* S77, S83: the last trick's points. */
static void
last_tricks(void **state)
{
	static const struct {
		const char	*id;
		enum variant	 v;
		int		 points;
	} rows[] = {
		{ "S77: two-hand last trick", VARIANT_TWO_HAND, 10 },
		{ "S83: six-pack last trick", VARIANT_SIX_PACK, 250 },
		{ "eight-pack last trick (§6)", VARIANT_EIGHT_PACK, 250 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct game *g = fx_variant(rows[i].v, "AS#1", "7C#1", 'H');
		fx_end_phase(g);
		assert_int_equal(fx_apply(g, "AS#1"), 0);
		assert_int_equal(fx_apply(g, "7C#1"), 0);
		assert_true(game_over(g));
		ROW(rows[i].id, game_points(g, 0), rows[i].points);
		game_free(g);
	}
}

/* The NIE's two-hand bézique: QC + JH when spades or diamonds are
 * trumps, QS + JD otherwise (doc/rules.md §4.3). */
static void
bezique_swap(void **state)
{
	static const char hand[] = "QS#1 JD#1 QC#1 JH#1";
	struct game *g;
	char err[128];

	(void)state;
	for (int t = 0; t < 2; t++) {
		g = fx_variant(VARIANT_TWO_HAND, hand, "9C#1", t ? 'H' : 'D');
		assert_int_equal(rules_set(&g->rules, "bezique_swap", "true",
		    err, sizeof(err)), 0);
		ROW(t ? "NIE, hearts: QC+JH is not" : "NIE, diamonds: QS+JD "
		    "is not", fx_declare(g, t ? "bezique:QC#1+JH#1" :
		    "bezique:QS#1+JD#1"), -1);
		ROW(t ? "NIE, hearts: QS+JD" : "NIE, diamonds: QC+JH",
		    fx_declare(g, t ? "bezique:QS#1+JD#1" :
		    "bezique:QC#1+JH#1"), 40);
		game_free(g);
	}
}

/* EW viii's agreement: the last trick of the stock phase scores. */
static void
last_trick_of_stock(void **state)
{
	struct game *g = fx_variant(VARIANT_TWO_HAND, "AS#1", "7C#1", 'H');
	char err[128];

	(void)state;
	assert_int_equal(rules_set(&g->rules, "last_trick_of_stock", "true",
	    err, sizeof(err)), 0);
	g->stock_pos = (uint16_t)(g->stock_len - 2);
	g->decision = DECISION_LEAD;
	assert_int_equal(fx_apply(g, "AS#1"), 0);
	assert_int_equal(fx_apply(g, "7C#1"), 0);
	ROW("EW viii: the 24th trick scores", game_points(g, 0), 10);
	ROW("EW viii: end phase", game_phase(g), PHASE_END);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_hand_last_draws),
		cmocka_unit_test(two_hand_turnup_seven),
		cmocka_unit_test(two_hand_sevens),
		cmocka_unit_test(two_hand_seven_alone),
		cmocka_unit_test(exchange_in_view),
		cmocka_unit_test(seven_options),
		cmocka_unit_test(view_parse_errors),
		cmocka_unit_test(seven_action_text),
		cmocka_unit_test(two_hand_reuse),
		cmocka_unit_test(last_tricks),
		cmocka_unit_test(last_trick_of_stock),
		cmocka_unit_test(bezique_swap),
	};

	return cmocka_run_group_tests_name("variants", tests, NULL, NULL);
}
