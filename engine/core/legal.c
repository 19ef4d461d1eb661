/*
 * legal.c: listing the legal actions of a state, and reading an action's
 * text against a state (game.h).
 */
#include <stdio.h>
#include <string.h>

#include "game_int.h"

/* The 32-card half i (one pack) of a set, as a mask of kinds. */
static uint32_t
pack_of(const struct cardset *s, int i)
{
	return (uint32_t)(s->w[i >> 1] >> (32 * (i & 1)));
}

/*
 * One play per interchangeable group, in card order: of the hand's
 * copies of a kind the lowest (each pack adds the kinds no lower pack
 * had, a mask operation per pack); table copies only when in the same
 * scored sets (declare.c), which needs their history and is rare.
 */
static int
legal_plays(const struct game *g, int p, struct action *out, int max)
{
	struct cardset ok, in_hand, on_table, listed;
	uint16_t table_cards[MAX_CARDS];
	uint32_t seen = 0;
	int n = 0, ntable = 0;

	trick_legal_plays(g, p, &ok);
	in_hand = cardset_and(ok, g->hand[p]);
	on_table = cardset_and(ok, g->table[p]);
	cardset_clear(&listed);
	for (int i = 0; i < g->rules.packs; i++) {
		uint32_t kinds = pack_of(&in_hand, i) & ~seen;
		seen |= kinds;
		listed.w[i >> 1] |= (uint64_t)kinds << (32 * (i & 1));
	}
	CARDSET_FOREACH(c, &on_table) {
		bool dup = false;
		for (int i = 0; i < ntable && !dup; i++)
			dup = card_kind(table_cards[i]) == card_kind(c) &&
			    declare_same_history(g, table_cards[i], c);
		table_cards[ntable++] = (uint16_t)c;
		if (!dup)
			cardset_add(&listed, c);
	}
	for (int i = 0; i < CARDSET_WORDS; i++)
		for (uint64_t w = listed.w[i]; w != 0 && n < max; w &= w - 1)
			out[n++] = (struct action){ .type = ACTION_PLAY,
			    .ncards = 1, .cards = { (uint16_t)(i * 64 +
			    __builtin_ctzll(w)) } };
	return n;
}

static int
pass_and(struct action *out, int max, int type)
{
	int n = 0;

	if (max < 1)
		return 0;
	memset(out, 0, sizeof(*out) * (max < 2 ? 1 : 2));
	if (type >= 0 && max >= 2)
		out[n++].type = (uint8_t)type;
	out[n++].type = ACTION_PASS;
	return n;
}

/* The legal actions, with at most per_kind declarations of each kind. */
static int
legal_actions(const struct game *g, struct action *out, int max,
    bool first_of_kind)
{
	int p = g->to_move, n;

	if (g->observer >= 0 && g->observer != p &&
	    g->decision != DECISION_NONE)
		return -1;
	switch (g->decision) {
	case DECISION_LEAD:
	case DECISION_REPLY:
		return legal_plays(g, p, out, max);
	case DECISION_DECLARE:
		/* The sevens of trumps first, then the declarations, pass
		 * last (protocol.md §4). */
		n = seven_enumerate(g, p, out, max - 1);
		n += first_of_kind ?
		    declare_enumerate_kinds(g, p, out + n, max - 1 - n) :
		    declare_enumerate(g, p, out + n, max - 1 - n);
		return n + pass_and(out + n, max - n, -1);
	case DECISION_CARTE_BLANCHE:
		return pass_and(out, max, ACTION_CARTE_BLANCHE);
	default:
		return 0;
	}
}

int
game_legal_actions(const struct game *g, struct action *out, int max)
{
	return legal_actions(g, out, max, false);
}

int
game_legal_actions_by_kind(const struct game *g, struct action *out,
    int max)
{
	return legal_actions(g, out, max, true);
}

/* Resolves a card named with or without its copy among p's cards not in
 * `taken`: a hand copy first, then the lowest table copy. */
static int
resolve_card(const struct game *g, int p, const char *s, size_t len,
    const struct cardset *taken, char *err, size_t errlen)
{
	bool exact;
	int c = card_parse(s, len, g->rules.packs, &exact);

	if (c < 0) {
		snprintf(err, errlen, "'%.*s' is not a card", (int)len, s);
		return -1;
	}
	if (exact)
		return c;
	for (int pass = 0; pass < 2; pass++) {
		const struct cardset *where = pass ? &g->table[p] : &g->hand[p];
		for (int cp = 0; cp < g->rules.packs; cp++) {
			int id = card_kind(c) + cp * 32;
			if (cardset_has(where, id) && !cardset_has(taken, id))
				return id;
		}
	}
	snprintf(err, errlen, "no %.*s held to play or declare", (int)len, s);
	return -1;
}

static int
parse_declaration(const struct game *g, const char *text, const char *colon,
    struct action *a, char *err, size_t errlen)
{
	int combo, key;
	struct cardset taken;
	const char *s = colon + 1;

	if (combo_parse(text, (int)(colon - text), &combo, &key) < 0) {
		snprintf(err, errlen, "unknown combination '%.*s'",
		    (int)(colon - text), text);
		return -1;
	}
	a->type = ACTION_DECLARE;
	a->combo = (uint8_t)combo;
	cardset_clear(&taken);
	while (*s != '\0') {
		const char *e = strchr(s, '+');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		int c;
		if (a->ncards == COMBO_MAX_CARDS) {
			snprintf(err, errlen, "too many cards in '%s'", text);
			return -1;
		}
		c = resolve_card(g, g->to_move, s, len, &taken, err, errlen);
		if (c < 0)
			return -1;
		cardset_add(&taken, c);
		a->cards[a->ncards++] = (uint16_t)c;
		s += len + (e != NULL);
	}
	if (a->ncards == 0) {
		snprintf(err, errlen, "no cards in '%s'", text);
		return -1;
	}
	a->key = (uint8_t)(key >= 0 ? key : card_suit(a->cards[0]));
	action_sort_cards(a);
	return 0;
}

/* "exchange:7H#1" or "seven:7H#2": the seven of trumps (seven.c). */
static int
parse_seven(const struct game *g, const char *text, const char *colon,
    struct action *a, char *err, size_t errlen)
{
	struct cardset none;
	int c;

	a->type = colon - text == 5 ? ACTION_SEVEN : ACTION_SEVEN_EXCHANGE;
	cardset_clear(&none);
	if ((c = resolve_card(g, g->to_move, colon + 1, strlen(colon + 1),
	    &none, err, errlen)) < 0)
		return -1;
	if (card_rank(c) != RANK_7) {
		snprintf(err, errlen, "'%s': only a seven of trumps may be "
		    "exchanged or declared", text);
		return -1;
	}
	a->ncards = 1;
	a->cards[0] = (uint16_t)c;
	return 0;
}

int
game_parse_action(const struct game *g, const char *text, struct action *a,
    char *err, size_t errlen)
{
	const char *colon = strchr(text, ':');
	struct cardset none;
	int c;

	memset(a, 0, sizeof(*a));
	if (strcmp(text, "pass") == 0) {
		a->type = ACTION_PASS;
		return 0;
	}
	if (strcmp(text, "carte-blanche") == 0) {
		a->type = ACTION_CARTE_BLANCHE;
		return 0;
	}
	if (colon != NULL && ((colon - text == 5 &&
	    strncmp(text, "seven", 5) == 0) || (colon - text == 8 &&
	    strncmp(text, "exchange", 8) == 0)))
		return parse_seven(g, text, colon, a, err, errlen);
	if (colon != NULL)
		return parse_declaration(g, text, colon, a, err, errlen);
	cardset_clear(&none);
	if ((c = resolve_card(g, g->to_move, text, strlen(text), &none, err,
	    errlen)) < 0)
		return -1;
	a->type = ACTION_PLAY;
	a->ncards = 1;
	a->cards[0] = (uint16_t)c;
	return 0;
}
