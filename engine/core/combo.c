/*
 * combo.c: the declaration table and its names (combo.h).
 */
#include <stdio.h>
#include <string.h>

#include "card.h"
#include "combo.h"

static const char *const bezique_names[] = { "bezique", "double-bezique",
    "triple-bezique", "quadruple-bezique", "quintuple-bezique" };
static const char *const rank_plurals[NRANKS] = { "sevens", "eights",
    "nines", "jacks", "queens", "kings", "tens", "aces" };

/* Points by rank for the any-four, trump-four and trump-five quartets
 * (doc/rules.md §3.5, §5, §6); 0 where the table has no such quartet. */
static const int four_points[NRANKS] = { 0, 0, 0, 40, 60, 80, 90, 100 };
static const int four_trump_points[NRANKS] = { 0, 0, 0, 400, 600, 800, 900,
    1000 };
static const int five_trump_points[NRANKS] = { 0, 0, 0, 800, 1200, 1600,
    1800, 2000 };
static const int bezique_points[] = { 40, 500, 1500, 4500, 9000 };

enum combo_class
combo_class(int combo)
{
	if (combo <= COMBO_SEQUENCE)
		return CLASS_A;
	if (combo <= COMBO_QUINTUPLE_BEZIQUE)
		return CLASS_B;
	return CLASS_C;
}

int
combo_level(int combo)
{
	switch (combo_class(combo)) {
	case CLASS_A:
		return combo - COMBO_MARRIAGE + 1;
	case CLASS_B:
		return combo - COMBO_BEZIQUE + 1;
	default:
		return combo - COMBO_FOUR + 1;
	}
}

int
combo_size(int combo)
{
	switch (combo) {
	case COMBO_MARRIAGE:
		return 2;
	case COMBO_SEQUENCE:
	case COMBO_FIVE_TRUMP:
		return 5;
	case COMBO_FOUR:
	case COMBO_FOUR_TRUMP:
		return 4;
	default:
		return 2 * combo_level(combo);
	}
}

bool
combo_keyed_by_suit(int combo)
{
	return combo_class(combo) == CLASS_A;
}

bool
combo_keyed_by_rank(int combo)
{
	return combo_class(combo) == CLASS_C;
}

bool
combo_exists(const struct rules *r, int combo, int key)
{
	switch (combo) {
	case COMBO_MARRIAGE:
	case COMBO_SEQUENCE:
		return key >= 0 && key < NSUITS;
	case COMBO_FOUR:
		if (key == RANK_T)
			return r->four_tens;
		return key >= RANK_J && key <= RANK_A;
	case COMBO_FOUR_TRUMP:
		return r->trump_quartets && key >= RANK_J && key <= RANK_A;
	case COMBO_FIVE_TRUMP:
		return r->trump_quintets && key >= RANK_J && key <= RANK_A;
	default:
		return combo_level(combo) <= r->max_bezique;
	}
}

int
combo_points(const struct rules *r, int combo, int key, int trump)
{
	/* Before trump is fixed a marriage or sequence fixes it and counts
	 * as trumps (§3.3), unless its suit is barred this deal (S82). */
	bool trumps = (trump < 0 && key != r->barred_trump) || key == trump;

	switch (combo) {
	case COMBO_MARRIAGE:
		return trumps ? 40 : 20;
	case COMBO_SEQUENCE:
		return trumps ? 250 : 150;
	case COMBO_FOUR:
		return four_points[key];
	case COMBO_FOUR_TRUMP:
		return four_trump_points[key];
	case COMBO_FIVE_TRUMP:
		return five_trump_points[key];
	default:
		return bezique_points[combo - COMBO_BEZIQUE];
	}
}

void
combo_bezique_kinds(const struct rules *r, int trump, int *queen, int *jack)
{
	/* Six-pack: the queen of trumps and the jack of the other suit of
	 * the same colour (S-D, H-C), doc/rules.md §5. */
	static const int partner[NSUITS] = { SUIT_D, SUIT_C, SUIT_S, SUIT_H };
	int qs = SUIT_S;

	if (r->bezique_by_trump && trump >= 0)
		qs = trump;
	/* The New International Encyclopedia's two-hand rule (§4.3): "If
	 * clubs or hearts are trumps the bezique cards are queen of spades
	 * and knave of diamonds, and vice versa when spades or diamonds". */
	else if (r->bezique_swap && (trump == SUIT_S || trump == SUIT_D))
		qs = SUIT_C;
	*queen = qs * 8 + RANK_Q;
	*jack = partner[qs] * 8 + RANK_J;
}

const char *
combo_name(int combo, int key, char *buf, int len)
{
	switch (combo) {
	case COMBO_MARRIAGE:
		return "marriage";
	case COMBO_SEQUENCE:
		return "sequence";
	case COMBO_FOUR:
		snprintf(buf, (size_t)len, "four-%s", rank_plurals[key]);
		return buf;
	case COMBO_FOUR_TRUMP:
		snprintf(buf, (size_t)len, "four-trump-%s", rank_plurals[key]);
		return buf;
	case COMBO_FIVE_TRUMP:
		snprintf(buf, (size_t)len, "five-trump-%s", rank_plurals[key]);
		return buf;
	default:
		return bezique_names[combo - COMBO_BEZIQUE];
	}
}

static int
parse_rank_plural(const char *s, int len)
{
	for (int r = 0; r < NRANKS; r++)
		if ((int)strlen(rank_plurals[r]) == len &&
		    memcmp(s, rank_plurals[r], (size_t)len) == 0)
			return r;
	return -1;
}

static bool
has_prefix(const char *s, int len, const char *p)
{
	int n = (int)strlen(p);
	return len > n && memcmp(s, p, (size_t)n) == 0;
}

int
combo_parse(const char *s, int len, int *combo, int *key)
{
	static const struct {
		const char *prefix;
		int combo;
	} quartets[] = { { "four-trump-", COMBO_FOUR_TRUMP },
		{ "five-trump-", COMBO_FIVE_TRUMP }, { "four-", COMBO_FOUR } };

	*key = -1;
	if (len == 8 && memcmp(s, "marriage", 8) == 0) {
		*combo = COMBO_MARRIAGE;
		return 0;
	}
	if (len == 8 && memcmp(s, "sequence", 8) == 0) {
		*combo = COMBO_SEQUENCE;
		return 0;
	}
	for (int i = 0; i < 5; i++)
		if ((int)strlen(bezique_names[i]) == len &&
		    memcmp(s, bezique_names[i], (size_t)len) == 0) {
			*combo = COMBO_BEZIQUE + i;
			*key = 0;
			return 0;
		}
	for (size_t i = 0; i < sizeof(quartets) / sizeof(quartets[0]); i++) {
		int n = (int)strlen(quartets[i].prefix);
		if (has_prefix(s, len, quartets[i].prefix)) {
			*key = parse_rank_plural(s + n, len - n);
			*combo = quartets[i].combo;
			return *key < RANK_J ? -1 : 0;
		}
	}
	return -1;
}
