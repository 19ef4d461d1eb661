/*
 * test_score.c: rules.md §12.7, the game value of a Rubicon deal, by the
 * Portland Club's arithmetic and by every other source's option.
 */
#include "test_util.h"

#include <string.h>

#include "rules.h"
#include "score.h"

enum reading { PORTLAND, UBCG, BICYCLE, BICYCLE_UNROUNDED, SUM_1000,
	EXTRA_500, WHITEKNUCKLE, INCLUDE_BRISQUES };

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
	case WHITEKNUCKLE:
		sr->winner_by = WINNER_BY_ROUNDED;
		sr->tie_rule = TIE_WHITEKNUCKLE;
		sr->brisques_when = BRISQUES_TIE_ONLY;
		break;
	case INCLUDE_BRISQUES:
		sr->rubicon_scores_include_brisques = true;
		break;
	default:
		break;
	}
}

static const struct value_case {
	const char	*id;
	enum reading	 reading;
	int		 a, b, ba, bb;	/* points and brisques of A and B */
	int		 winner, value;
	bool		 rubicon;
} cases[] = {
	{ "row 57", PORTLAND, 1510, 1240, 0, 0, 0, 800, false },
	{ "row 58", PORTLAND, 1550, 1520, 0, 0, 0, 600, false },
	{ "row 59", PORTLAND, 1320, 620, 0, 0, 0, 3200, true },
	{ "row 59, B's brisques 120", PORTLAND, 1320, 620, 200, 120, 0,
	    3200, true },
	{ "row 60: loser under 100 counts 100", PORTLAND, 1250, 80, 0, 0, 0,
	    2600, true },
	{ "row 61", PORTLAND, 1150, 1100, 0, 0, 0, 600, false },
	{ "row 61, UBCG unrounded", UBCG, 1150, 1100, 0, 0, 0, 550, false },
	{ "row 62: brisques save the rubicon", PORTLAND, 1600, 980, 280, 40,
	    0, 1300, false },
	{ "row 63: tie broken by brisques", PORTLAND, 1500, 1500, 180, 140,
	    0, 600, false },
	{ "row 64: drawn", PORTLAND, 1500, 1500, 160, 160, -1, 0, false },
	{ "row 65: winner under 1000", PORTLAND, 900, 700, 200, 120, 0,
	    2900, true },
	{ "row 66, bicycle", BICYCLE, 1320, 620, 0, 0, 0, 3220, true },
	{ "row 66, bicycle unrounded", BICYCLE_UNROUNDED, 1320, 620, 0, 0,
	    0, 3260, true },
	{ "row 66, sum_plus_1000", SUM_1000, 1320, 620, 0, 0, 0, 2940,
	    true },
	{ "row 66, extra_500", EXTRA_500, 1320, 620, 0, 0, 0, 1700, true },
	{ "row 67, Portland", PORTLAND, 1550, 1520, 100, 220, 0, 600,
	    false },
	{ "row 67, WK-R", WHITEKNUCKLE, 1550, 1520, 100, 220, 1, 600,
	    false },
	{ "row 68, WK-R rounds up", WHITEKNUCKLE, 1590, 1560, 150, 170, 0,
	    600, false },
	{ "B wins, seats swapped", PORTLAND, 1240, 1510, 0, 0, 1, 800, false },
	{ "nothing scored: drawn", PORTLAND, 0, 0, 0, 0, -1, 0, false },
	{ "rubicon scores with brisques", INCLUDE_BRISQUES, 1320, 620, 180,
	    140, 0, 3500, true },
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
		score_game_value(&sr, &ds, &v);
		assert_int_eq_msg(c->id, v.winner, c->winner);
		assert_int_eq_msg(c->id, v.value, c->value);
		assert_int_eq_msg(c->id, v.rubicon, c->rubicon);
	}
}

static void
law_17(void **state)
{
	struct score_rules sr;

	(void)state;
	score_rules_portland(&sr);
	/* Row 69: B played with ten cards; B's 1450 adds at most 900. */
	assert_int_eq_msg("row 69: capped at 900", score_law17(&sr, 1200,
	    1450), 1200 + 900 + 1300);
	assert_int_eq_msg("row 69: under the cap", score_law17(&sr, 1200,
	    640), 1200 + 600 + 1300);
	assert_int_eq_msg("row 69: at least 100", score_law17(&sr, 1200, 0),
	    1200 + 100 + 1300);
}

static void
six_pack(void **state)
{
	struct rules r;
	struct deal_scores ds = { { 3500, 2000 }, { 300, 200 } };
	struct game_value v;

	(void)state;
	/* rules.md §4: game 1000, rubicon under 3000, brisques never. */
	rules_init(&r, VARIANT_SIX_PACK);
	score_game_value(&r.score, &ds, &v);
	assert_int_eq_msg("six-pack rubicon", v.value, 3500 + 2000 + 1000);
	assert_true(v.rubicon);
	assert_false(v.brisques_counted);
	ds.points[1] = 3100;
	score_game_value(&r.score, &ds, &v);
	assert_int_eq_msg("six-pack game", v.value, 400 + 1000);
	ds.points[1] = 3500;
	score_game_value(&r.score, &ds, &v);
	assert_int_eq_msg("six-pack tie is drawn", v.winner, -1);
}

static void
rule_options_by_name(void **state)
{
	struct rules r;
	char err[256], text[2048];
	struct rules back;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	assert_int_equal(rules_set(&r, "rubicon_mode", "bicycle", err,
	    sizeof(err)), 0);
	assert_int_equal(r.score.rubicon_mode, RUBICON_BICYCLE);
	assert_int_equal(rules_set(&r, "rubicon_mode", "nonsense", err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "portland|bicycle"));
	assert_int_equal(rules_set(&r, "rouding", "none", err, sizeof(err)),
	    -1);
	assert_string_equal(err, "unknown rule option 'rouding'");
	assert_int_equal(rules_set(&r, "reform", "fresh_card", err,
	    sizeof(err)), 0);
	rules_format(&r, text, sizeof(text));
	rules_init(&back, VARIANT_RUBICON);
	assert_int_equal(rules_set_list(&back, text, err, sizeof(err)), 0);
	assert_int_equal(back.reform, REFORM_FRESH_CARD);
	assert_int_equal(back.score.rubicon_mode, RUBICON_BICYCLE);
	assert_int_equal(rules_set_list(&back, "min_difference=abc", err,
	    sizeof(err)), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(game_values),
		cmocka_unit_test(law_17),
		cmocka_unit_test(six_pack),
		cmocka_unit_test(rule_options_by_name),
	};

	return cmocka_run_group_tests_name("score", tests, NULL, NULL);
}
