/*
 * test_rules.c: the variants' defaults and the named rule options.
 */
#include "test_util.h"

#include <string.h>

#include "card.h"
#include "rules.h"
#include "score.h"

static void
six_pack(void **state)
{
	struct rules r;
	struct deal_scores ds = { { 3500, 2000 }, { 300, 200 } };
	struct game_value v;

	(void)state;
	/* doc/rules.md §5: game 1000, rubicon under 3000, brisques never. */
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
	/* rules= says what bicycle pays for the brisques (320, not 300),
	 * and a list that says otherwise is refused. */
	assert_non_null(strstr(text, ",rubicon_brisque_bonus=320,"));
	assert_int_equal(back.score.rubicon_brisque_bonus, 320);
	assert_int_equal(rules_set_list(&back, "rubicon_brisque_bonus=300",
	    err, sizeof(err)), -1);
	assert_string_equal(err, "option 'rubicon_brisque_bonus': "
	    "rubicon_mode=bicycle pays 320 for the brisques, not 300");
	assert_int_equal(back.score.rubicon_brisque_bonus, 320);
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
	for (int i = 0; i < NVARIANTS; i++)
		assert_true(variant_playable((enum variant)i));
}

/* Every variant's options survive their text form (the protocol's
 * rules= list), including a barred trump suit. */
static void
variant_options_round_trip(void **state)
{
	char err[256], text[4096], again[4096];

	(void)state;
	for (int i = 0; i < NVARIANTS; i++) {
		struct rules r, back;
		rules_init(&r, (enum variant)i);
		assert_int_equal(rules_set(&r, "barred_trump", "D", err,
		    sizeof(err)), 0);
		assert_int_equal(r.barred_trump, SUIT_D);
		rules_format(&r, text, sizeof(text));
		assert_non_null(strstr(text, "barred_trump=D"));
		rules_init(&back, VARIANT_RUBICON);
		back.variant = r.variant;
		assert_int_equal(rules_set_list(&back, text, err, sizeof(err)),
		    0);
		rules_format(&back, again, sizeof(again));
		assert_string_equal(text, again);
	}
	{
		struct rules r;
		rules_init(&r, VARIANT_TWO_HAND);
		assert_int_equal(r.barred_trump, -1);
		rules_format(&r, text, sizeof(text));
		assert_non_null(strstr(text, "barred_trump=-"));
		assert_int_equal(rules_set(&r, "barred_trump", "X", err,
		    sizeof(err)), -1);
		assert_string_equal(err, "option 'barred_trump': 'X' is not "
		    "one of -|S|H|D|C");
	}
}

/* doc/rules.md §11: the shape of each variant. */
static void
variant_shapes(void **state)
{
	static const struct {
		enum variant	v;
		int		packs, players, hand, last, target;
		bool		turnup;
	} rows[] = {
		{ VARIANT_RUBICON, 4, 2, 9, 50, 0, false },
		{ VARIANT_TWO_HAND, 2, 2, 8, 10, 1000, true },
		{ VARIANT_SIX_PACK, 6, 2, 12, 250, 0, false },
		{ VARIANT_EIGHT_PACK, 8, 2, 15, 250, 0, false },
		{ VARIANT_THREE_HAND, 3, 3, 8, 10, 3000, true },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct rules r;
		rules_init(&r, rows[i].v);
		assert_int_equal(r.packs, rows[i].packs);
		assert_int_equal(r.players, rows[i].players);
		assert_int_equal(r.hand_size, rows[i].hand);
		assert_int_equal(r.last_trick, rows[i].last);
		assert_int_equal(r.game_target, rows[i].target);
		assert_int_equal(r.turnup, rows[i].turnup);
	}
}

/* rules_check(): no_repeat_trump only where a deal bars the next (a game
 * of several deals, trump declared); barred_trump never by hand. */
static void
rules_checked(void **state)
{
	struct rules r;
	char err[256];

	(void)state;
	for (int v = 0; v < NVARIANTS; v++) {
		rules_init(&r, (enum variant)v);
		assert_int_equal(rules_check(&r, err, sizeof(err)), 0);
		r.no_repeat_trump = true;
		assert_int_equal(rules_check(&r, err, sizeof(err)), -1);
		assert_non_null(strstr(err, "no_repeat_trump"));
	}
	rules_init(&r, VARIANT_TWO_HAND);
	r.no_repeat_trump = true;
	r.turnup = false;
	assert_int_equal(rules_check(&r, err, sizeof(err)), 0);
	r.barred_trump = SUIT_D;
	assert_int_equal(rules_check(&r, err, sizeof(err)), -1);
	assert_string_equal(err, "option 'barred_trump' is not set by hand: "
	    "no_repeat_trump bars the last deal's trump");
}

/* An engine's 'feature variants=' list: known names as bits, unknown
 * ones (a later version's) left out, empty items skipped. */
static void
variant_sets(void **state)
{
	(void)state;
	assert_int_equal(variant_set_parse("rubicon"), 1u << VARIANT_RUBICON);
	assert_int_equal(variant_set_parse("two-hand,rubicon"),
	    1u << VARIANT_RUBICON | 1u << VARIANT_TWO_HAND);
	assert_int_equal(variant_set_parse("polish,,two-hand"),
	    1u << VARIANT_TWO_HAND);
	assert_int_equal(variant_set_parse("rubicon,two-hand,six-pack,"
	    "eight-pack,three-hand"), (1u << NVARIANTS) - 1);
	assert_int_equal(variant_set_parse(""), 0);
	assert_int_equal(variant_set_parse("a-name-longer-than-the-buffer-"
	    "of-thirty-two-bytes,rubicon"), 1u << VARIANT_RUBICON);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_pack),
		cmocka_unit_test(rule_options_by_name),
		cmocka_unit_test(variants_by_name),
		cmocka_unit_test(variant_sets),
		cmocka_unit_test(variant_options_round_trip),
		cmocka_unit_test(variant_shapes),
		cmocka_unit_test(rules_checked),
	};

	return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
