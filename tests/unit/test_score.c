/*
 * test_score.c: doc/rules.md §13.7, the game value of a deal, by the Portland
 * Club's arithmetic and by every other source's option (§9.3), with the
 * six- and eight-pack's game (§5, §6).  Each row of the table names the
 * scenario it checks.
 */
#include "test_util.h"

#include <string.h>

#include "score.h"

/* The option sets under test, each a source's reading (§9.1, §9.3). */
enum reading {
	PORTLAND,		/* HGM, the default */
	UBCG,			/* no rounding, no 100 minimum (S61) */
	BICYCLE,		/* rubicon + 320 (BIC-R, CMC) */
	BICYCLE_UNROUNDED,	/* S66's other reading of BIC-R */
	SUM_1000,		/* rubicon = sum + 1000 (UBCG, COL) */
	EXTRA_500,		/* rubicon = difference + 1000 (WK-R) */
	WKR,			/* WK-R entire: rounded, ties, extra 500 */
	ROUNDED_ONLY,		/* winner by rounded scores, ties drawn */
	INCLUDE_BRISQUES,	/* rubicon_scores_include_brisques */
	ALWAYS,			/* brisques always in the scores */
	NEVER,			/* brisques never counted */
	NO_MIN_100,		/* a rubiconed loser counts what he has */
	SIX_PACK,		/* §5: game 1000, rubicon 3000, no brisques */
	EIGHT_PACK		/* §6: as six-pack, rubicon 5000 */
};

/* The six- and eight-pack (doc/rules.md §9.4). */
static void
multi_pack(struct score_rules *sr, int threshold)
{
	sr->game_bonus = 1000;
	sr->rubicon_threshold = threshold;
	sr->rubicon_brisque_bonus = 0;	/* winner + loser + 1000 */
	sr->brisques_when = BRISQUES_NEVER;
}

static void
whiteknuckle(struct score_rules *sr)
{
	sr->winner_by = WINNER_BY_ROUNDED;
	sr->tie_rule = TIE_WHITEKNUCKLE;
	sr->brisques_when = BRISQUES_TIE_ONLY;
	sr->rubicon_mode = RUBICON_EXTRA_500;
}

static void
options_for(enum reading r, struct score_rules *sr)
{
	score_rules_portland(sr);
	switch (r) {
	case UBCG:
		sr->rounding = ROUNDING_NONE;
		sr->min_difference = 0;
		break;
	case BICYCLE:
		sr->rubicon_mode = RUBICON_BICYCLE;
		break;
	case BICYCLE_UNROUNDED:
		sr->rubicon_mode = RUBICON_BICYCLE;
		sr->rounding = ROUNDING_NONE;
		break;
	case SUM_1000:
		sr->rubicon_mode = RUBICON_SUM_PLUS_1000;
		break;
	case EXTRA_500:
		sr->rubicon_mode = RUBICON_EXTRA_500;
		break;
	case WKR:
		whiteknuckle(sr);
		break;
	case ROUNDED_ONLY:
		sr->winner_by = WINNER_BY_ROUNDED;
		break;
	case INCLUDE_BRISQUES:
		sr->rubicon_scores_include_brisques = true;
		break;
	case ALWAYS:
		sr->brisques_when = BRISQUES_ALWAYS;
		break;
	case NEVER:
		sr->brisques_when = BRISQUES_NEVER;
		break;
	case NO_MIN_100:
		sr->loser_min_100 = false;
		break;
	case SIX_PACK:
		multi_pack(sr, 3000);
		break;
	case EIGHT_PACK:
		multi_pack(sr, 5000);
		break;
	case PORTLAND:
		break;
	}
}

static const struct value_case {
	const char	*why;
	enum reading	 reading;
	int		 a, b, ba, bb;	/* points and brisques of A and B */
	int		 winner, value;
	bool		 rubicon, counted;
	int		 fa, fb;	/* final scores of A and B */
} cases[] = {
	/* §13.7, the Portland defaults. */
	{ "S57: brisques not counted", PORTLAND, 1510, 1240, 200, 120,
	    0, 800, false, false, 1510, 1240 },
	{ "S58: difference 0 counts 100", PORTLAND, 1550, 1520, 0, 0,
	    0, 600, false, false, 1550, 1520 },
	{ "S59", PORTLAND, 1320, 620, 0, 0,
	    0, 3200, true, true, 1320, 620 },
	{ "S59: B's brisques 120", PORTLAND, 1320, 620, 200, 120,
	    0, 3200, true, true, 1520, 740 },
	{ "S59: B's brisques bring him to 990", PORTLAND, 1320, 620, 0,
	    370, 0, 3200, true, true, 1320, 990 },
	{ "S60: loser under 100 counts 100", PORTLAND, 1250, 80, 0, 0,
	    0, 2600, true, true, 1250, 80 },
	{ "S61: HGM", PORTLAND, 1150, 1100, 0, 0,
	    0, 600, false, false, 1150, 1100 },
	{ "S61: UBCG unrounded", UBCG, 1150, 1100, 0, 0,
	    0, 550, false, false, 1150, 1100 },
	{ "S62: brisques save the rubicon", PORTLAND, 1600, 980, 280, 40,
	    0, 1300, false, true, 1880, 1020 },
	{ "S62: seats swapped", PORTLAND, 980, 1600, 40, 280,
	    1, 1300, false, true, 1020, 1880 },
	{ "S63: tie broken by brisques", PORTLAND, 1500, 1500, 180, 140,
	    0, 600, false, true, 1680, 1640 },
	{ "S64: drawn", PORTLAND, 1500, 1500, 160, 160,
	    -1, 0, false, true, 1660, 1660 },
	{ "S65: winner under 1000", PORTLAND, 900, 700, 200, 120,
	    0, 2900, true, true, 1100, 820 },
	/* S66: the other rubicon modes. */
	{ "S66: bicycle", BICYCLE, 1320, 620, 0, 0,
	    0, 3220, true, true, 1320, 620 },
	{ "S66: bicycle unrounded", BICYCLE_UNROUNDED, 1320, 620, 0, 0,
	    0, 3260, true, true, 1320, 620 },
	{ "S66: sum_plus_1000", SUM_1000, 1320, 620, 0, 0,
	    0, 2940, true, true, 1320, 620 },
	{ "S66: extra_500", EXTRA_500, 1320, 620, 0, 0,
	    0, 1700, true, true, 1320, 620 },
	{ "S66: WK-R entire", WKR, 1320, 620, 0, 0,
	    0, 1700, true, false, 1320, 620 },
	/* S67 and S68: the tie rules. */
	{ "S67: HGM", PORTLAND, 1550, 1520, 100, 220,
	    0, 600, false, false, 1550, 1520 },
	{ "S67: WK-R gives B the game", WKR, 1550, 1520, 100, 220,
	    1, 600, false, true, 1650, 1740 },
	{ "S68: HGM", PORTLAND, 1590, 1560, 150, 170,
	    0, 600, false, false, 1590, 1560 },
	{ "S68: WK-R, the higher rounds up", WKR, 1590, 1560, 150, 170,
	    0, 600, false, true, 1740, 1730 },
	{ "S68: WK-R, actual scores equal too", WKR, 1590, 1560, 140,
	    170, -1, 0, false, true, 1730, 1730 },
	{ "S68: WK-R round-up in a rubicon", WKR, 590, 560, 150, 170,
	    0, 1100, true, true, 740, 730 },
	{ "S67: rounded winner, ties drawn", ROUNDED_ONLY, 1550, 1520,
	    100, 220, 1, 600, false, true, 1650, 1740 },
	{ "S68: rounded winner, rounded tie drawn", ROUNDED_ONLY, 1590,
	    1560, 150, 170, -1, 0, false, true, 1740, 1730 },
	/* Edges of the Portland arithmetic. */
	{ "B wins, seats swapped", PORTLAND, 1240, 1510, 0, 0,
	    1, 800, false, false, 1240, 1510 },
	{ "nothing scored: drawn", PORTLAND, 0, 0, 0, 0,
	    -1, 0, false, true, 0, 0 },
	{ "0-0, one brisque decides", PORTLAND, 0, 0, 10, 0,
	    0, 1400, true, true, 10, 0 },
	{ "loser 0 counts 100", PORTLAND, 1250, 0, 0, 0,
	    0, 2600, true, true, 1250, 0 },
	{ "loser 80, no minimum", NO_MIN_100, 1250, 80, 0, 0,
	    0, 2500, true, true, 1250, 80 },
	{ "loser exactly 1000 is safe", PORTLAND, 1500, 1000, 0, 0,
	    0, 1000, false, false, 1500, 1000 },
	{ "loser 990 is rubiconed", PORTLAND, 1500, 990, 0, 0,
	    0, 3700, true, true, 1500, 990 },
	{ "loser 990 + one brisque is safe", PORTLAND, 1500, 990, 0, 10,
	    0, 1000, false, true, 1500, 1000 },
	{ "brisques put the loser ahead: 100", PORTLAND, 1050, 990, 0, 300,
	    0, 600, false, true, 1050, 1290 },
	{ "brisques put the loser ahead: UBCG 0", UBCG, 1050, 990, 0, 300,
	    0, 500, false, true, 1050, 1290 },
	{ "rubicon scores with brisques", INCLUDE_BRISQUES, 1320, 620, 180,
	    140, 0, 3500, true, true, 1500, 760 },
	{ "sum_plus_1000: no 100 minimum", SUM_1000, 1320, 50, 0, 0,
	    0, 2370, true, true, 1320, 50 },
	{ "bicycle: loser under 100 counts 100", BICYCLE, 1320, 50, 0, 0,
	    0, 2720, true, true, 1320, 50 },
	/* brisques_when. */
	{ "always: brisques decide the winner", ALWAYS, 1500, 1450, 0, 100,
	    1, 600, false, true, 1500, 1550 },
	{ "always: rubicon tested on the totals", ALWAYS, 1320, 620, 200, 120,
	    0, 3200, true, true, 1520, 740 },
	{ "never: no tie-break", NEVER, 1500, 1500, 180, 140,
	    -1, 0, false, false, 1500, 1500 },
	{ "never: no saving the rubicon", NEVER, 1320, 990, 0, 100,
	    0, 3500, true, false, 1320, 990 },
	{ "tie_only: no saving the rubicon", WKR, 1320, 990, 0, 100,
	    0, 1400, true, false, 1320, 990 },
	/* Six- and eight-pack (§5, §6). */
	{ "six-pack: rubicon, brisques ignored", SIX_PACK, 3500, 2000, 300,
	    200, 0, 6500, true, false, 3500, 2000 },
	{ "six-pack: brisques cannot save", SIX_PACK, 3520, 2990, 0, 300,
	    0, 7400, true, false, 3520, 2990 },
	{ "six-pack: game", SIX_PACK, 4250, 3100, 0, 0,
	    0, 2100, false, false, 4250, 3100 },
	{ "six-pack: difference 0 counts 100", SIX_PACK, 3550, 3520, 0, 0,
	    0, 1100, false, false, 3550, 3520 },
	{ "six-pack: tie drawn, brisques ignored", SIX_PACK, 3500, 3500,
	    300, 200, -1, 0, false, false, 3500, 3500 },
	{ "six-pack: loser under 100 counts 100", SIX_PACK, 3500, 50, 0, 0,
	    0, 4600, true, false, 3500, 50 },
	{ "six-pack: B wins", SIX_PACK, 2000, 3500, 0, 0,
	    1, 6500, true, false, 2000, 3500 },
	{ "eight-pack: rubicon under 5000", EIGHT_PACK, 5600, 4990, 0, 0,
	    0, 11500, true, false, 5600, 4990 },
	{ "eight-pack: 5000 is safe", EIGHT_PACK, 5600, 5000, 0, 0,
	    0, 1600, false, false, 5600, 5000 },
};

static void
game_values(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct value_case *c = &cases[i];
		struct score_rules sr;
		struct deal_scores ds = { { c->a, c->b }, { c->ba, c->bb } };
		struct game_value v;

		options_for(c->reading, &sr);
		memset(&v, 0x5a, sizeof(v));	/* every field is set */
		score_game_value(&sr, &ds, &v);
		assert_int_eq_msg(c->why, v.winner, c->winner);
		assert_int_eq_msg(c->why, v.value, c->value);
		assert_int_eq_msg(c->why, v.rubicon, c->rubicon);
		assert_int_eq_msg(c->why, v.brisques_counted, c->counted);
		assert_int_eq_msg(c->why, v.final[0], c->fa);
		assert_int_eq_msg(c->why, v.final[1], c->fb);
	}
}

/* The Portland defaults, field by field (§9.2, §9.3). */
static void
portland_defaults(void **state)
{
	struct score_rules sr;

	(void)state;
	memset(&sr, 0x5a, sizeof(sr));
	score_rules_portland(&sr);
	assert_int_eq_msg("rounding", sr.rounding, ROUNDING_FLOOR100);
	assert_int_eq_msg("min_difference", sr.min_difference, 100);
	assert_int_eq_msg("game_bonus", sr.game_bonus, 500);
	assert_int_eq_msg("rubicon_threshold", sr.rubicon_threshold, 1000);
	assert_int_eq_msg("rubicon_mode", sr.rubicon_mode, RUBICON_PORTLAND);
	assert_int_eq_msg("rubicon_brisque_bonus", sr.rubicon_brisque_bonus,
	    300);
	assert_int_eq_msg("loser_min_100", sr.loser_min_100, true);
	assert_int_eq_msg("brisques_when", sr.brisques_when,
	    BRISQUES_TIE_AND_RUBICON);
	assert_int_eq_msg("tie_rule", sr.tie_rule, TIE_DRAW);
	assert_int_eq_msg("winner_by", sr.winner_by, WINNER_BY_ACTUAL);
	assert_int_eq_msg("rubicon_scores_include_brisques",
	    sr.rubicon_scores_include_brisques, false);
}

static const struct law17_case {
	const char	*why;
	int		 adversary, offender, value;
} law17_cases[] = {
	{ "S69: capped at 900", 1200, 1450, 1200 + 900 + 1300 },
	{ "S69: under the cap, rounded", 1250, 640, 1200 + 600 + 1300 },
	{ "S69: at least 100", 1200, 0, 1200 + 100 + 1300 },
};

static void
law_17(void **state)
{
	struct score_rules sr;

	(void)state;
	score_rules_portland(&sr);
	for (size_t i = 0; i < sizeof(law17_cases) / sizeof(law17_cases[0]);
	    i++) {
		const struct law17_case *c = &law17_cases[i];

		assert_int_eq_msg(c->why, score_law17(&sr, c->adversary,
		    c->offender), c->value);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(portland_defaults),
		cmocka_unit_test(game_values),
		cmocka_unit_test(law_17),
	};

	return cmocka_run_group_tests_name("score", tests, NULL, NULL);
}
