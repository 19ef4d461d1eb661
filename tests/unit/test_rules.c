/*
 * test_rules.c: the variants' defaults and the named rule options.
 */
#include "test_util.h"

#include <string.h>

#include "rules.h"
#include "score.h"

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

static void
variants_by_name(void **state)
{
	enum variant v;

	(void)state;
	for (int i = 0; i < NVARIANTS; i++) {
		assert_int_equal(variant_parse(variant_name((enum variant)i),
		    &v), 0);
		assert_int_equal(v, i);
	}
	assert_int_equal(variant_parse("chinese", &v), -1);
	assert_true(variant_playable(VARIANT_RUBICON));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_pack),
		cmocka_unit_test(rule_options_by_name),
		cmocka_unit_test(variants_by_name),
	};

	return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
