/*
 * test_declare.c: doc/rules.md §13.3-§13.5, declarations, one test per scenario.
 *
 * Unless a row says otherwise: Rubicon defaults, P (seat 0) has just won a
 * trick in the stock phase and may declare.
 */
#include "test_util.h"

#include "fixture.h"

#define ROW(id, got, want) assert_int_eq_msg(id, got, want)

static void
timing_and_trump(void **state)
{
	struct game *g;

	(void)state;
	g = fx_new("KC#1 QC#1 7S#1", "7H#1", '-');
	ROW("S18: first marriage scores 40", fx_declare(g,
	    "marriage:KC#1+QC#1"), 40);
	ROW("S18: it fixes trump", game_trump(g), SUIT_C);
	game_free(g);

	g = fx_new("AD#1 TD#1 KD#1 QD#1 JD#1", "7H#1", '-');
	ROW("S19: first sequence scores 250", fx_declare(g,
	    "sequence:AD#1+TD#1+KD#1+QD#1+JD#1"), 250);
	ROW("S19: it fixes trump", game_trump(g), SUIT_D);
	game_free(g);

	g = fx_new("KH#1 QH#1", "7H#1", 'C');
	ROW("S20: common marriage", fx_declare(g, "marriage:KH#1+QH#1"),
	    20);
	game_free(g);

	g = fx_new("QS#1 JD#1", "7H#1", '-');
	ROW("S21: bezique before trump", fx_declare(g,
	    "bezique:QS#1+JD#1"), 40);
	ROW("S21: trump still unset", game_trump(g), -1);
	game_free(g);
}

static void
timing_who_and_when(void **state)
{
	struct game *g;
	struct action a;
	char err[128];

	(void)state;
	/* S22: the opponent won the trick; P's marriage is not his. */
	g = fx_new("KC#1 QC#1", "7H#1 KH#1 QH#1", 'S');
	g->to_move = 1;
	assert_int_equal(game_parse_action(g, "marriage:KC#1+QC#1", &a, err,
	    sizeof(err)), 0);
	assert_false(game_is_legal(g, &a));
	game_free(g);

	/* S23: one declaration per trick; the next waits for a trick. */
	g = fx_new("KC#1 QC#1 KH#1 QH#1", "7H#1", 'S');
	ROW("S23: first", fx_declare(g, "marriage:KC#1+QC#1"), 20);
	assert_int_not_equal(game_decision(g), DECISION_DECLARE);
	ROW("S23: second on the same trick", fx_declare(g,
	    "marriage:KH#1+QH#1"), -1);
	fx_win(g);
	ROW("S28: the other one on the next trick", fx_declare(g,
	    "marriage:KH#1+QH#1"), 20);
	game_free(g);

	/* S24: after passing, P has drawn; no declaration until the next
	 * trick won. */
	g = fx_new("KC#1 QC#1", "7H#1", 'S');
	ROW("S24: pass", fx_declare(g, "pass"), 0);
	ROW("S24: declare after drawing", fx_declare(g,
	    "marriage:KC#1+QC#1"), -1);
	game_free(g);

	/* S27: the card P won the trick with is no longer his. */
	g = fx_new("QS#1 JD#1", "7H#1", 'H');
	fx_play(g, "QS#1");
	ROW("S27", fx_declare(g, "bezique:QS#1+JD#1"), -1);
	game_free(g);
}

static void
last_stock_trick(void **state)
{
	struct game *g = fx_new("KC#1 QC#1 7S#1", "7H#1", 'S');

	(void)state;
	/* S26: two cards left in the stock; P may still declare, then the
	 * last two cards are drawn and the end phase begins. */
	g->stock_pos = (uint16_t)(g->stock_len - 2);
	ROW("S26: declare after trick 55", fx_declare(g,
	    "marriage:KC#1+QC#1"), 20);
	ROW("S26: stock exhausted", game_stock_left(g), 0);
	ROW("S26: end phase", game_phase(g), PHASE_END);
	ROW("S26: table cards back in hand", cardset_count(&g->table[0]),
	    0);
	ROW("S26: P holds 4", game_hand_count(g, 0), 4);
	ROW("S26: P leads", game_to_move(g), 0);
	game_free(g);
}

static void
end_phase_no_declarations(void **state)
{
	struct game *g = fx_new("KC#1 QC#1 AS#1", "7S#1", 'S');
	struct action a;
	char err[128];

	(void)state;
	/* S25: P wins a trick of the end phase holding a marriage: the
	 * next decision is his lead, never a declaration. */
	g->stock_pos = g->stock_len;
	g->phase = PHASE_END;
	g->decision = DECISION_LEAD;
	g->hand_count[1] = 1;
	assert_int_equal(game_parse_action(g, "AS#1", &a, err, 128), 0);
	assert_int_equal(game_apply(g, &a, NULL), 0);
	assert_int_equal(game_parse_action(g, "7S#1", &a, err, 128), 0);
	assert_int_equal(game_apply(g, &a, NULL), 0);
	ROW("S25: P won", game_to_move(g), 0);
	ROW("S25: no declaration", game_decision(g), DECISION_LEAD);
	game_free(g);
}

static void
class_rule(void **state)
{
	struct game *g;

	(void)state;
	g = fx_new("AC#1 TC#1 KC#1 QC#1 JC#1", "7H#1", 'C');
	ROW("S29: royal marriage", fx_declare(g, "marriage:KC#1+QC#1"),
	    40);
	fx_win(g);
	ROW("S29: then royal sequence", fx_declare(g,
	    "sequence:AC#1+TC#1+KC#1+QC#1+JC#1"), 250);
	ROW("S29: total", game_points(g, 0), 290);
	game_free(g);

	g = fx_new("AC#1 TC#1 KC#1 QC#1 JC#1 QC#2", "7H#1", 'C');
	ROW("S30: sequence", fx_declare(g,
	    "sequence:AC#1+TC#1+KC#1+QC#1+JC#1"), 250);
	fx_win(g);
	ROW("S30: marriage from it", fx_declare(g, "marriage:KC#1+QC#1"),
	    -1);
	ROW("S31: its king with a new queen", fx_declare(g,
	    "marriage:KC#1+QC#2"), -1);
	game_free(g);

	g = fx_new("AH#1 TH#1 KH#1 QH#1 JH#1 QS#1 QD#1 QC#1 JD#1", "7H#1",
	    'C');
	ROW("S32: plain sequence", fx_declare(g,
	    "sequence:AH#1+TH#1+KH#1+QH#1+JH#1"), 150);
	fx_win(g);
	ROW("S32: its queen in four queens", fx_declare(g,
	    "four-queens:QS#1+QH#1+QD#1+QC#1"), 60);
	fx_win(g);
	ROW("S32: a queen of it in bezique", fx_declare(g,
	    "bezique:QS#1+JD#1"), 40);
	game_free(g);
}

static void
cross_class(void **state)
{
	static const char *const hand = "KS#1 KH#1 KD#1 KC#1 QS#1 JD#1";
	struct game *g;

	(void)state;
	for (int trump_spades = 0; trump_spades < 2; trump_spades++) {
		g = fx_new(hand, "7H#1", trump_spades ? 'S' : 'C');
		ROW("S33: four kings", fx_declare(g,
		    "four-kings:KS#1+KH#1+KD#1+KC#1"), 80);
		fx_win(g);
		ROW("S33: bezique", fx_declare(g, "bezique:QS#1+JD#1"), 40);
		fx_win(g);
		ROW("S33: marriage from both", fx_declare(g,
		    "marriage:KS#1+QS#1"), trump_spades ? 40 : 20);
		game_free(g);
	}
	g = fx_new(hand, "7H#1", 'C');
	fx_declare(g, "four-kings:KS#1+KH#1+KD#1+KC#1");
	fx_win(g);
	fx_declare(g, "bezique:QS#1+JD#1");
	fx_play(g, "KS#1");
	fx_win(g);
	ROW("S34: after KS is played", fx_declare(g, "marriage:KS#1+QS#1"),
	    -1);
	game_free(g);

	g = fx_new("AS#1 TS#1 KS#1 QS#1 JS#1", "7H#1", 'S');
	ROW("S35: royal sequence over the pending marriage", fx_declare(g,
	    "sequence:AS#1+TS#1+KS#1+QS#1+JS#1"), 250);
	fx_win(g);
	ROW("S35: the pending marriage is lost", fx_declare(g,
	    "marriage:KS#1+QS#1"), -1);
	game_free(g);

	g = fx_new("QS#1 QS#2 JD#1 JD#2", "7H#1", 'H');
	ROW("S36: double", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), 500);
	fx_win(g);
	ROW("S36: single from it", fx_declare(g, "bezique:QS#1+JD#1"), -1);
	game_free(g);
}

static void
bezique_rows(void **state)
{
	static const char *const eight =
	    "QS#1 QS#2 QS#3 QS#4 JD#1 JD#2 JD#3 JD#4";
	struct game *g;

	(void)state;
	g = fx_new(eight, "7H#1", 'H');
	ROW("S37: single", fx_declare(g, "bezique:QS#1+JD#1"), 40);
	fx_win(g);
	ROW("S37: double", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), 500);
	fx_win(g);
	ROW("S37: triple", fx_declare(g,
	    "triple-bezique:QS#1+QS#2+QS#3+JD#1+JD#2+JD#3"), 1500);
	fx_win(g);
	ROW("S37: quadruple", fx_declare(g, "quadruple-bezique:QS#1+QS#2+"
	    "QS#3+QS#4+JD#1+JD#2+JD#3+JD#4"), 4500);
	ROW("S37: cumulative", game_points(g, 0), 6540);
	game_free(g);

	g = fx_new(eight, "7H#1", 'H');
	ROW("S38: all at once", fx_declare(g, "quadruple-bezique:QS#1+"
	    "QS#2+QS#3+QS#4+JD#1+JD#2+JD#3+JD#4"), 4500);
	fx_win(g);
	ROW("S38: single after", fx_declare(g, "bezique:QS#1+JD#1"), -1);
	ROW("S38: double after", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), -1);
	ROW("S38: triple after", fx_declare(g,
	    "triple-bezique:QS#1+QS#2+QS#3+JD#1+JD#2+JD#3"), -1);
	game_free(g);

	for (int opt = 0; opt < 2; opt++) {
		struct rules r;
		rules_init(&r, VARIANT_RUBICON);
		r.bezique_upgrade_needs_fresh = opt == 0;
		g = fx_new_rules(&r, "QS#1 QS#2 JD#1 JD#2", "7H#1", 'H');
		ROW("S39/S40: single", fx_declare(g, "bezique:QS#1+JD#1"),
		    40);
		fx_win(g);
		ROW("S40: second single", fx_declare(g,
		    "bezique:QS#2+JD#2"), 40);
		fx_win(g);
		ROW("S40: double from the table", fx_declare(g,
		    "double-bezique:QS#1+QS#2+JD#1+JD#2"), opt ? 500 : -1);
		game_free(g);
	}
	g = fx_new("QS#1 QS#2 JD#1 JD#2", "7H#1", 'H');
	fx_declare(g, "bezique:QS#1+JD#1");
	fx_win(g);
	ROW("S39: add a pair", fx_declare(g,
	    "double-bezique:QS#1+QS#2+JD#1+JD#2"), 500);
	game_free(g);

	g = fx_new("QS#1 JD#1 JD#2", "7H#1", 'H');
	fx_declare(g, "bezique:QS#1+JD#1");
	fx_play(g, "JD#1");
	fx_win(g);
	ROW("S41: re-formed single", fx_declare(g, "bezique:QS#1+JD#2"),
	    40);
	game_free(g);
}

static void
reforming(void **state)
{
	static const char *const ranks[5] = { "A", "T", "K", "Q", "J" };
	struct game *g;
	char text[96];
	int total;

	(void)state;
	g = fx_new("AH#1 TH#1 KH#1 QH#1 JH#1 AH#2 TH#2 KH#2 QH#2 JH#2",
	    "7S#1", 'H');
	total = fx_declare(g, "sequence:AH#1+TH#1+KH#1+QH#1+JH#1");
	for (int i = 0; i < 5; i++) {
		char card[8];
		snprintf(card, sizeof(card), "%sH#1", ranks[i]);
		fx_play(g, card);
		fx_win(g);
		snprintf(text, sizeof(text), "sequence:");
		for (int k = 0; k < 5; k++)
			snprintf(text + strlen(text), sizeof(text) -
			    strlen(text), "%s%sH#%d", k ? "+" : "", ranks[k],
			    k <= i ? 2 : 1);
		total += fx_declare(g, text);
	}
	ROW("S42: royal sequence re-formed", total, 1500);
	fx_win(g);
	ROW("S42: a seventh", fx_declare(g,
	    "sequence:AH#2+TH#2+KH#2+QH#2+JH#2"), -1);
	game_free(g);
}

static void
eight_aces(void **state)
{
	static const char *const order[] = { "AS#2", "AH#2", "AD#2", "AC#2" };
	static const char *const out[] = { "AS#1", "AH#1", "AD#1", "AC#1" };
	struct game *g = fx_new("AS#1 AH#1 AD#1 AC#1 AS#2 AH#2 AD#2 AC#2",
	    "7S#1", 'H');
	struct action legal[MAX_LEGAL];
	char text[96];
	int total, n;

	(void)state;
	total = fx_declare(g, "four-aces:AS#1+AH#1+AD#1+AC#1");
	for (int i = 0; i < 4; i++) {
		fx_play(g, out[i]);
		fx_win(g);
		snprintf(text, sizeof(text), "four-aces:%s+%s+%s+%s",
		    i >= 0 ? order[0] : out[0], i >= 1 ? order[1] : out[1],
		    i >= 2 ? order[2] : out[2], i >= 3 ? order[3] : out[3]);
		total += fx_declare(g, text);
	}
	ROW("S43: eight aces", total, 500);
	fx_win(g);
	n = game_legal_actions(g, legal, MAX_LEGAL);
	ROW("S43: nothing more (only pass)", n, 1);
	game_free(g);
}

static void
quartets(void **state)
{
	static const char *const five = "QS#1 QH#1 QD#1 QC#1 QS#2";
	struct game *g;
	struct rules r;

	(void)state;
	for (int opt = 0; opt < 2; opt++) {
		rules_init(&r, VARIANT_RUBICON);
		if (opt)
			r.reform = REFORM_FRESH_CARD;
		g = fx_new_rules(&r, five, "7S#1", 'H');
		fx_declare(g, "four-queens:QS#1+QH#1+QD#1+QC#1");
		fx_win(g);
		ROW("S44: intact, fifth queen", fx_declare(g,
		    "four-queens:QH#1+QD#1+QC#1+QS#2"), opt ? 60 : -1);
		game_free(g);
	}
	g = fx_new(five, "7S#1", 'H');
	fx_declare(g, "four-queens:QS#1+QH#1+QD#1+QC#1");
	fx_play(g, "QS#1");
	fx_win(g);
	ROW("S45: after a play", fx_declare(g,
	    "four-queens:QH#1+QD#1+QC#1+QS#2"), 60);
	game_free(g);

	g = fx_new("QS#1 QH#1 QD#1 QC#1", "7S#1", 'H');
	fx_declare(g, "four-queens:QS#1+QH#1+QD#1+QC#1");
	fx_play(g, "QS#1");
	fx_win(g);
	ROW("S46: no fresh queen", declare_any(g, 0), 0);
	game_free(g);

	g = fx_new("AS#1 AH#1 AD#1 AC#1 AS#2 AH#2 AD#2 AC#2", "7S#1", 'H');
	fx_declare(g, "four-aces:AS#1+AH#1+AD#1+AC#1");
	fx_win(g);
	fx_declare(g, "four-aces:AS#2+AH#2+AD#2+AC#2");
	fx_play(g, "AS#1");
	fx_play(g, "AS#2");
	fx_win(g);
	ROW("S47: no fresh ace", fx_declare(g,
	    "four-aces:AH#1+AD#1+AH#2+AD#2"), -1);
	game_free(g);
}

static void
marriages(void **state)
{
	struct game *g;
	int total;

	(void)state;
	g = fx_new("KH#1 QH#1 KH#2 QH#2", "7S#1", 'C');
	total = fx_declare(g, "marriage:KH#1+QH#1");
	fx_win(g);
	total += fx_declare(g, "marriage:KH#2+QH#2");
	fx_win(g);
	ROW("S48: K1+Q2", fx_declare(g, "marriage:KH#1+QH#2"), 20);
	fx_win(g);
	ROW("S48: K2+Q1", fx_declare(g, "marriage:KH#2+QH#1"), 20);
	ROW("S48: total", total + 40, 80);
	fx_win(g);
	ROW("S49: K1+Q1 again", fx_declare(g, "marriage:KH#1+QH#1"), -1);
	game_free(g);

	g = fx_new("KH#1 QH#1 QH#2 QH#3 QH#4 KH#2 KH#3 KH#4", "7S#1", 'C');
	total = fx_declare(g, "marriage:KH#1+QH#1");
	for (int q = 2; q <= 4; q++) {
		char text[48];
		fx_win(g);
		snprintf(text, sizeof(text), "marriage:KH#1+QH#%d", q);
		total += fx_declare(g, text);
	}
	for (int k = 2; k <= 4; k++) {
		char text[48];
		fx_win(g);
		snprintf(text, sizeof(text), "marriage:KH#%d+QH#1", k);
		total += fx_declare(g, text);
	}
	ROW("S50: seven marriages", total, 140);
	game_free(g);

	g = fx_new("AC#1 TC#1 KC#1 QC#1 JC#1 QC#2", "7S#1", 'C');
	fx_declare(g, "marriage:KC#1+QC#1");
	fx_win(g);
	fx_declare(g, "sequence:AC#1+TC#1+KC#1+QC#1+JC#1");
	fx_win(g);
	ROW("S51: sequence king with a new queen", fx_declare(g,
	    "marriage:KC#1+QC#2"), -1);
	game_free(g);
}

/* Whether P's declaration `text` is among the legal actions listed, and
 * then the points it scores (-1: not listed and refused). */
static int
listed_declare(struct game *g, const char *text)
{
	struct action a, all[512];
	char err[128];
	int n = game_legal_actions(g, all, 512), found = 0;

	assert_int_equal(game_parse_action(g, text, &a, err, sizeof(err)), 0);
	for (int i = 0; i < n; i++)
		found |= action_equal(&all[i], &a);
	if (!found) {
		assert_int_equal(fx_declare(g, text), -1);
		return -1;
	}
	return fx_declare(g, text);
}

/* Rubicon's defaults with one option changed. */
static void
rubicon_with(struct rules *r, const char *name, const char *value)
{
	char err[128];

	rules_init(r, VARIANT_RUBICON);
	assert_int_equal(rules_set(r, name, value, err, sizeof(err)), 0);
}

/* S87 (doc/rules.md §10 marriage_repair): after_play, WK-R's re-pairing:
 * once a card of one marriage is played, its partner left alone marries
 * a card of another marriage of the suit that is still intact. */
static void
repair_after_play(void **state)
{
	struct game *g;
	struct rules r;

	(void)state;
	rubicon_with(&r, "marriage_repair", "after_play");
	g = fx_new_rules(&r, "KH#1 QH#1 KH#2 QH#2 QH#3", "7S#1", 'C');
	fx_declare(g, "marriage:KH#1+QH#1");
	fx_win(g);
	fx_declare(g, "marriage:KH#2+QH#2");
	fx_win(g);
	ROW("S87 (a): both intact", listed_declare(g, "marriage:KH#1+QH#2"),
	    -1);
	fx_play(g, "QH#1");
	ROW("S87 (b): KH#1 alone marries QH#2 of the intact K2Q2",
	    listed_declare(g, "marriage:KH#1+QH#2"), 20);
	fx_win(g);
	ROW("S87 (c): KH#2's marriage intact, fresh QH#3",
	    listed_declare(g, "marriage:KH#2+QH#3"), -1);
	game_free(g);
}

/* S88 (doc/rules.md §10 marriage_repair, §12 Q11): none, marriages obey
 * reform like every other kind (Rubicon: a fresh card, and a break). */
static void
repair_none(void **state)
{
	struct game *g;
	struct rules r;

	(void)state;
	rubicon_with(&r, "marriage_repair", "none");
	g = fx_new_rules(&r, "KH#1 QH#1 QH#2", "7S#1", 'C');
	fx_declare(g, "marriage:KH#1+QH#1");
	fx_win(g);
	ROW("S88 (a): K1Q1 intact", listed_declare(g, "marriage:KH#1+QH#2"),
	    -1);
	fx_play(g, "QH#1");
	ROW("S88 (b): after QH#1 is played",
	    listed_declare(g, "marriage:KH#1+QH#2"), 20);
	game_free(g);

	g = fx_new_rules(&r, "KH#1 QH#1 KH#2 QH#2", "7S#1", 'C');
	fx_declare(g, "marriage:KH#1+QH#1");
	fx_win(g);
	fx_declare(g, "marriage:KH#2+QH#2");
	fx_play(g, "QH#1");
	fx_win(g);
	ROW("S88 (c): no fresh card", listed_declare(g,
	    "marriage:KH#1+QH#2"), -1);
	game_free(g);
}

/* S90 (doc/rules.md §10 marriage_to_sequence): WK-R's reading bars a
 * card once married, not a card of an earlier sequence. */
static void
sequence_not_married(void **state)
{
	struct game *g;
	struct rules r;

	(void)state;
	rubicon_with(&r, "marriage_to_sequence", "false");
	g = fx_new_rules(&r, "AD#4 TD#4 KD#2 QD#4 JD#2 KD#4", "7S#1", 'D');
	ROW("S90: the royal sequence", fx_declare(g,
	    "sequence:AD#4+TD#4+KD#2+QD#4+JD#2"), 250);
	fx_play(g, "KD#2");
	fx_win(g);
	ROW("S90 (a): re-formed with KD#4, never married", listed_declare(g,
	    "sequence:AD#4+TD#4+KD#4+QD#4+JD#2"), 250);
	ROW("S90 (a): 500 in all", game_points(g, 0), 500);
	game_free(g);

	g = fx_new_rules(&r, "AD#1 TD#1 KD#4 QD#1 JD#1", "7S#1", 'D');
	ROW("S90 (b): royal marriage", fx_declare(g, "marriage:KD#4+QD#1"),
	    40);
	fx_win(g);
	ROW("S90 (b): its cards in a sequence", listed_declare(g,
	    "sequence:AD#1+TD#1+KD#4+QD#1+JD#1"), -1);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(timing_and_trump),
		cmocka_unit_test(timing_who_and_when),
		cmocka_unit_test(last_stock_trick),
		cmocka_unit_test(end_phase_no_declarations),
		cmocka_unit_test(class_rule),
		cmocka_unit_test(cross_class),
		cmocka_unit_test(bezique_rows),
		cmocka_unit_test(reforming),
		cmocka_unit_test(eight_aces),
		cmocka_unit_test(quartets),
		cmocka_unit_test(marriages),
		cmocka_unit_test(repair_after_play),
		cmocka_unit_test(repair_none),
		cmocka_unit_test(sequence_not_married),
	};

	return cmocka_run_group_tests_name("declare", tests, NULL, NULL);
}
