/*
 * test_words.c: the words a person reads (arbiter/record/words.h), the
 * same in terminal play and show: the ten written "10", declarations in
 * the rule book's words (royal / common marriage, trump / plain
 * sequence), a bézique's queen before its jack whatever the trump.
 */
#include "../unit/test_util.h"

#include <string.h>

#include "action.h"
#include "card.h"
#include "combo.h"
#include "record/words.h"

static const struct words plain = { false, false };
static const struct words symbols = { true, false };

/* A declaration of the given cards, as (rank, suit) pairs. */
static struct action
declare(int combo, int key, int n, const int *rs)
{
	struct action a;

	memset(&a, 0, sizeof(a));
	a.type = ACTION_DECLARE;
	a.combo = (uint8_t)combo;
	a.key = (uint8_t)key;
	a.ncards = (uint8_t)n;
	for (int i = 0; i < n; i++)
		a.cards[i] = (uint16_t)card_make(i / 2, rs[2 * i + 1],
		    rs[2 * i]);
	return a;
}

static void
said(const struct action *a, int trump, int points, const char *want)
{
	struct rules r;
	char buf[WORDS_MAX];

	rules_init(&r, VARIANT_RUBICON);
	assert_string_equal(words_declaration(&plain, &r, a, trump, points,
	    buf), want);
}

static void
the_ten_is_written_10(void **state)
{
	char buf[WORDS_MAX];
	int ten = card_make(0, SUIT_D, RANK_T);

	assert_string_equal(words_card(&plain, ten, buf), "10D");
	assert_string_equal(words_card(&symbols, ten, buf), "10\u2666");
	assert_string_equal(words_card(&symbols, card_make(1, SUIT_S, RANK_K),
	    buf), "K\u2660");
}

static void
sequences_are_trump_or_plain(void **state)
{
	static const int seq[] = { RANK_A, SUIT_C, RANK_T, SUIT_C, RANK_K,
		SUIT_C, RANK_Q, SUIT_C, RANK_J, SUIT_C };
	struct action a = declare(COMBO_SEQUENCE, SUIT_C, 5, seq);

	said(&a, SUIT_H, 150, "plain sequence AC 10C KC QC JC for 150");
	said(&a, SUIT_C, 250, "trump sequence AC 10C KC QC JC for 250");
	/* The first sequence fixes trump: before or after, it is trumps. */
	said(&a, -1, 250, "trump sequence AC 10C KC QC JC for 250");
}

static void
marriages_are_royal_or_common(void **state)
{
	static const int kq[] = { RANK_Q, SUIT_S, RANK_K, SUIT_S };
	struct action a = declare(COMBO_MARRIAGE, SUIT_S, 2, kq);

	said(&a, SUIT_H, 20, "common marriage KS QS for 20");
	said(&a, SUIT_S, 40, "royal marriage KS QS for 40");
}

static void
a_bezique_shows_its_queen_first(void **state)
{
	static const int one[] = { RANK_J, SUIT_D, RANK_Q, SUIT_S };
	static const int two[] = { RANK_J, SUIT_D, RANK_Q, SUIT_S, RANK_J,
		SUIT_D, RANK_Q, SUIT_S };
	struct action a = declare(COMBO_BEZIQUE, 0, 2, one);
	struct action b = declare(COMBO_DOUBLE_BEZIQUE, 0, 4, two);

	for (int trump = -1; trump < NSUITS; trump++) {
		said(&a, trump, 40, "b\u00e9zique QS JD for 40");
		said(&b, trump, 500, "double b\u00e9zique QS QS JD JD for 500");
	}
}

/* One way to write a number for a person, everywhere (issue 43). */
static void
numbers_have_a_comma_between_thousands(void **state)
{
	char b[WORDS_NUMBER];

	assert_string_equal(words_number(0, b), "0");
	assert_string_equal(words_number(870, b), "870");
	assert_string_equal(words_number(1000, b), "1,000");
	assert_string_equal(words_number(1560, b), "1,560");
	assert_string_equal(words_number(-2900, b), "-2,900");
	assert_string_equal(words_number(455700, b), "455,700");
	assert_string_equal(words_number(1234567, b), "1,234,567");
	assert_string_equal(words_number(-999, b), "-999");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_ten_is_written_10),
		cmocka_unit_test(sequences_are_trump_or_plain),
		cmocka_unit_test(marriages_are_royal_or_common),
		cmocka_unit_test(a_bezique_shows_its_queen_first),
		cmocka_unit_test(numbers_have_a_comma_between_thousands),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
