/*
 * test_enumerate.c: the fast listing of declarations (declare_enum.c)
 * against the rules themselves.  The listing tells the kinds out of reach
 * by bit operations and condemns a kind's sets before forming them (R6,
 * R7, R9); here, in random deals of the variants under several readings
 * of the re-use rules, every kind that has a legal set of cards (tried
 * one set at a time with game_is_legal) must be listed, and only those;
 * the list by kind must be the first of each kind of the full list; and
 * a seat view read back from its text must list what the view did.
 */
#include "test_util.h"

#include <string.h>

#include "view.h"

struct reading {
	enum variant	v;
	const char	*options;	/* rules_set_list, or "" */
};

static const struct reading readings[] = {
	{ VARIANT_RUBICON, "" },
	{ VARIANT_RUBICON, "reform=fresh_card" },
	{ VARIANT_RUBICON, "reform=none,marriage_repair=none" },
	{ VARIANT_RUBICON, "marriage_repair=after_play" },
	{ VARIANT_RUBICON, "marriage_to_sequence=0,four_tens=1" },
	{ VARIANT_RUBICON, "bezique_upgrade_needs_fresh=0,"
	    "reform_multi_bezique=0" },
	{ VARIANT_TWO_HAND, "" },
	{ VARIANT_TWO_HAND, "bezique_swap=1" },
	{ VARIANT_THREE_HAND, "" },
	{ VARIANT_SIX_PACK, "" },
};

/* The card kinds (card & 31) a declaration of combo/key is made of. */
static unsigned
shape_kinds(const struct game *g, int combo, int key)
{
	static const int seq[5] = { RANK_A, RANK_T, RANK_K, RANK_Q, RANK_J };
	unsigned m = 0;
	int q, j;

	switch (combo) {
	case COMBO_MARRIAGE:
		return 1u << (key * 8 + RANK_K) | 1u << (key * 8 + RANK_Q);
	case COMBO_SEQUENCE:
		for (int i = 0; i < 5; i++)
			m |= 1u << (key * 8 + seq[i]);
		return m;
	case COMBO_FOUR:
		for (int s = 0; s < NSUITS; s++)
			m |= 1u << (s * 8 + key);
		return m;
	case COMBO_FOUR_TRUMP:
	case COMBO_FIVE_TRUMP:
		return game_trump(g) < 0 ? 0 : 1u << (game_trump(g) * 8 + key);
	default:
		combo_bezique_kinds(game_rules(g), game_trump(g), &q, &j);
		return 1u << q | 1u << j;
	}
}

/* Whether some set of k of the n cards from `from` on, with the cards
 * chosen so far in a, is a legal declaration. */
static bool
any_set(const struct game *g, struct action *a, const uint16_t *cards,
    int n, int from, int k)
{
	if (k == 0)
		return game_is_legal(g, a);
	for (int i = from; i <= n - k; i++) {
		a->cards[a->ncards++] = cards[i];
		if (any_set(g, a, cards, n, i + 1, k - 1))
			return true;
		a->ncards--;
	}
	return false;
}

/* By brute force: whether the player to move may declare combo/key (1)
 * or not (0); -1 where there are too many cards to try every set. */
static int
kind_declarable(const struct game *g, int combo, int key)
{
	struct cardset mine = cardset_or(game_hand(g, game_to_move(g)),
	    game_table(g, game_to_move(g)));
	unsigned kinds = shape_kinds(g, combo, key);
	uint16_t cards[MAX_CARDS];
	struct action a;
	int n = 0;

	CARDSET_FOREACH(c, &mine)
		if (kinds >> card_kind(c) & 1)
			cards[n++] = (uint16_t)c;
	if (n > 16)
		return -1;
	if (n < combo_size(combo))
		return 0;
	memset(&a, 0, sizeof(a));
	a.type = ACTION_DECLARE;
	a.combo = (uint8_t)combo;
	a.key = (uint8_t)key;
	return any_set(g, &a, cards, n, 0, combo_size(combo));
}

static bool
kind_listed(const struct action *list, int n, int combo, int key)
{
	for (int i = 0; i < n; i++)
		if (list[i].type == ACTION_DECLARE && list[i].combo == combo &&
		    list[i].key == key)
			return true;
	return false;
}

static long tried[2];	/* kinds found undeclarable, declarable */

/* Every kind with a legal set is listed, and no other. */
static void
check_kinds(const struct game *g, const struct action *list, int n,
    const char *id)
{
	for (int combo = 0; combo < NCOMBOS; combo++)
		for (int key = 0; key < NRANKS; key++) {
			int want, got = kind_listed(list, n, combo, key);
			if ((combo_keyed_by_suit(combo) && key >= NSUITS) ||
			    (combo_class(combo) == CLASS_B && key != 0))
				continue;
			if ((want = kind_declarable(g, combo, key)) < 0)
				continue;
			if (got != want)
				print_error("%s: combo %d key %d listed %d, "
				    "declarable %d\n", id, combo, key, got,
				    want);
			assert_int_equal(got, want);
			tried[want]++;
		}
}

/* The list by kind is the full list less the later ones of each kind. */
static void
check_by_kind(const struct game *g, const struct action *list, int n)
{
	struct action byk[MAX_LEGAL];
	int m = game_legal_actions_by_kind(g, byk, MAX_LEGAL), k = 0;

	for (int i = 0; i < n; i++) {
		bool later = false;
		for (int j = 0; j < i && list[i].type == ACTION_DECLARE; j++)
			later |= list[j].type == ACTION_DECLARE &&
			    list[j].combo == list[i].combo &&
			    list[j].key == list[i].key;
		if (later)
			continue;
		assert_true(k < m);
		assert_true(action_equal(&list[i], &byk[k]));
		k++;
	}
	assert_int_equal(k, m);
}

/* The seat's view read back from its text lists the same actions. */
static void
check_view_text(const struct game *g, const struct action *list, int n)
{
	static char text[1 << 15];
	struct game *v = game_view(g, game_to_move(g)), *back;
	struct action again[MAX_LEGAL];
	char err[256];
	int m;

	view_format(v, text, sizeof(text));
	back = view_parse(game_rules(g), text, err, sizeof(err));
	if (back == NULL)
		print_error("view_parse: %s\n", err);
	assert_non_null(back);
	m = game_legal_actions(back, again, MAX_LEGAL);
	assert_int_equal(m, n);
	for (int i = 0; i < n; i++)
		assert_true(action_equal(&list[i], &again[i]));
	game_free(back);
	game_free(v);
}

static void
declarations_as_the_rules_say(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(readings) / sizeof(readings[0]); r++) {
		struct rules rules;
		struct rng rng;
		char err[128];
		int decisions = 0;

		rules_init(&rules, readings[r].v);
		if (readings[r].options[0] != '\0')
			assert_int_equal(rules_set_list(&rules,
			    readings[r].options, err, sizeof(err)), 0);
		rng_seed(&rng, 17 + r);
		for (uint64_t seed = 1; seed <= 40; seed++) {
			struct game *g = game_new(&rules, seed, 1);
			while (!game_over(g)) {
				struct action list[MAX_LEGAL];
				int n = game_legal_actions(g, list, MAX_LEGAL);
				if (game_decision(g) == DECISION_DECLARE) {
					check_kinds(g, list, n,
					    readings[r].options);
					check_by_kind(g, list, n);
					check_view_text(g, list, n);
					decisions++;
				}
				assert_int_equal(game_apply(g,
				    &list[rng_below(&rng, (uint64_t)n)],
				    NULL), 0);
			}
			game_free(g);
		}
		assert_true(decisions > 40);
	}
	/* The deals reach both answers, often. */
	assert_true(tried[0] > 1000 && tried[1] > 1000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(declarations_as_the_rules_say),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
