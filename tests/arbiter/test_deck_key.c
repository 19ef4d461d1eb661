/*
 * test_deck_key.c: the keyed dealing's reference vectors, the same as
 * doc/reproducible.md's and bots/lib's tests (tests/arbiter/
 * deck_vectors.sh): the key of a --seed text, a key's commitment, the
 * decks of (round, hand) and the six-pack's cut.
 */
#include "../unit/test_util.h"

#include <string.h>

#include "base/run_key.h"
#include "card.h"
#include "record/deck_key.h"

/* 00 01 02 ... 1f */
static void
counting_key(uint8_t key[RUN_KEY_BYTES])
{
	for (int i = 0; i < RUN_KEY_BYTES; i++)
		key[i] = (uint8_t)i;
}

static void
a_seed_text_gives_its_key(void **state)
{
	uint8_t key[RUN_KEY_BYTES];
	char hex[RUN_KEY_HEX], commit[RUN_KEY_HEX];

	(void)state;
	run_key_from_text("bezique reference vector", key);
	run_key_hex(key, RUN_KEY_BYTES, hex);
	assert_string_equal(hex, "2d3618803aa63c1c66ccce7a0f107399"
	    "85fb3249088d9e93ef74b1b0c85e2c9b");
	run_key_commitment(key, commit);
	assert_string_equal(commit, "a299588804f813fe4b3174d23022010a"
	    "7a12597c9f9c51c7e81326561d8af511");
	counting_key(key);
	run_key_commitment(key, commit);
	assert_string_equal(commit, "630dcd2966c4336691125448bbb25b4f"
	    "f412a49c732db2c8abc1b8581bd710dd");
}

static void
a_key_deals_the_reference_decks(void **state)
{
	static const uint16_t one_pack[32] = { 1, 27, 21, 0, 15, 16, 26, 19,
	    25, 7, 3, 31, 8, 30, 20, 6, 12, 29, 10, 28, 22, 9, 17, 23, 2, 13,
	    24, 18, 14, 5, 4, 11 };
	static const uint16_t four_head[12] = { 41, 66, 115, 10, 29, 123, 88,
	    75, 74, 97, 38, 51 };
	static const uint16_t text_head[12] = { 11, 43, 45, 74, 122, 32, 89,
	    109, 77, 75, 54, 50 };
	uint8_t key[RUN_KEY_BYTES];
	uint16_t deck[MAX_CARDS];
	struct rules r;
	char card[CARD_TEXT_MAX];

	(void)state;
	counting_key(key);
	rules_init(&r, VARIANT_RUBICON);
	r.packs = 1;
	deck_key_deck(key, &r, 0, 0, deck);
	assert_memory_equal(deck, one_pack, sizeof(one_pack));
	assert_string_equal(card_format(deck[0], card), "8S#1");
	r.packs = 4;
	deck_key_deck(key, &r, 7, 2, deck);
	assert_memory_equal(deck, four_head, sizeof(four_head));
	assert_string_equal(card_format(deck[0], card), "8H#2");
	run_key_from_text("bezique reference vector", key);
	deck_key_deck(key, &r, 1, 0, deck);
	assert_memory_equal(deck, text_head, sizeof(text_head));
}

static void
a_key_makes_the_reference_cuts(void **state)
{
	uint8_t key[RUN_KEY_BYTES];
	struct rules r;
	int lifted, guessed;

	(void)state;
	counting_key(key);
	rules_init(&r, VARIANT_SIX_PACK);
	assert_int_equal(r.cut_cards, 24);
	deck_key_cut(key, &r, 3, 0, &lifted, &guessed);
	assert_int_equal(lifted, 25);
	assert_int_equal(guessed, 28);
	deck_key_cut(key, &r, 4, 1, &lifted, &guessed);
	assert_int_equal(lifted, 27);
	assert_int_equal(guessed, 20);
}

/* Every card once, whatever the key, round and hand. */
static void
every_deck_is_a_permutation(void **state)
{
	uint8_t key[RUN_KEY_BYTES];
	uint16_t deck[MAX_CARDS];
	struct rules r;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	for (int k = 0; k < 20; k++) {
		bool seen[MAX_CARDS] = { false };
		char text[32];
		snprintf(text, sizeof(text), "permutation %d", k);
		run_key_from_text(text, key);
		deck_key_deck(key, &r, k, k % 3, deck);
		for (int i = 0; i < r.packs * CARDS_PER_PACK; i++) {
			assert_true(deck[i] < r.packs * CARDS_PER_PACK);
			assert_false(seen[deck[i]]);
			seen[deck[i]] = true;
		}
	}
}

static void
guessable_seeds_are_told_apart(void **state)
{
	uint8_t key[RUN_KEY_BYTES];

	(void)state;
	assert_true(run_key_guessable("2026"));
	assert_true(run_key_guessable("2026-11-28 19:45:00"));
	assert_true(run_key_guessable("1764359100000000000"));
	assert_true(run_key_guessable("my secret"));
	assert_false(run_key_guessable("correct horse battery staple"));
	assert_int_equal(run_key_parse("00", key), -1);
	assert_int_equal(run_key_parse("000102030405060708090a0b0c0d0e0f"
	    "101112131415161718191a1b1c1d1e1g", key), -1);
	assert_int_equal(run_key_parse("000102030405060708090A0B0C0D0E0F"
	    "101112131415161718191a1b1c1d1e1f", key), 0);
	assert_int_equal(key[10], 10);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_seed_text_gives_its_key),
		cmocka_unit_test(a_key_deals_the_reference_decks),
		cmocka_unit_test(a_key_makes_the_reference_cuts),
		cmocka_unit_test(every_deck_is_a_permutation),
		cmocka_unit_test(guessable_seeds_are_told_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
