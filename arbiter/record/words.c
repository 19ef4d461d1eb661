/*
 * words.c: cards and actions in words (words.h).
 */
#include <stdio.h>
#include <string.h>

#include "action.h"
#include "card.h"
#include "combo.h"
#include "record/words.h"

static const char *const suit_symbols[] = { "\u2660", "\u2665", "\u2666",
	"\u2663" };

char *
words_number(long long n, char *buf)
{
	char digits[WORDS_NUMBER];
	int len = snprintf(digits, sizeof(digits), "%llu", n < 0 ?
	    0ULL - (unsigned long long)n : (unsigned long long)n), o = 0;

	if (n < 0)
		buf[o++] = '-';
	for (int i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

const char *
words_suit(int suit)
{
	static const char *const names[] = { "spades", "hearts", "diamonds",
		"clubs" };

	return suit >= 0 && suit < NSUITS ? names[suit] : "none";
}

char *
words_card(const struct words *w, int card, char *buf)
{
	int suit = card_suit(card);
	char rank[3] = { card_rank_char(card_rank(card)), '\0', '\0' };

	/* People write the ten "10", as the page and the rule book do. */
	if (card_rank(card) == RANK_T)
		memcpy(rank, "10", 3);
	if (!w->symbols)
		snprintf(buf, WORDS_MAX, "%s%c", rank, card_suit_char(suit));
	else if (w->color && (suit == SUIT_H || suit == SUIT_D))
		snprintf(buf, WORDS_MAX, "\033[31m%s%s\033[0m", rank,
		    suit_symbols[suit]);
	else
		snprintf(buf, WORDS_MAX, "%s%s", rank, suit_symbols[suit]);
	return buf;
}

static bool
is_bezique(int combo)
{
	return combo >= COMBO_BEZIQUE && combo <= COMBO_QUINTUPLE_BEZIQUE;
}

/* A declaration's name in the rule book's words; trumps: a royal
 * marriage, a trump sequence. */
static void
combo_words(int combo, int key, bool trumps, char *buf, size_t len)
{
	char name[64], *p;
	const char *n = combo_name(combo, key, name, sizeof(name));

	if (combo == COMBO_MARRIAGE)
		n = trumps ? "royal marriage" : "common marriage";
	else if (combo == COMBO_SEQUENCE)
		n = trumps ? "trump sequence" : "plain sequence";
	snprintf(buf, len, "%s", n);
	for (p = buf; *p; p++)
		if (*p == '-')
			*p = ' ';
	/* "bezique" is the protocol's spelling; the game's is bézique. */
	if ((p = strstr(buf, "bezique")) != NULL && strlen(buf) + 2 < len) {
		memmove(p + 3, p + 2, strlen(p + 2) + 1);
		memcpy(p + 1, "\u00e9", 2);
	}
}

static void
append(char *buf, const char *s)
{
	size_t n = strlen(buf);

	snprintf(buf + n, WORDS_MAX - n, "%s", s);
}

/* Appends a's cards (" K♥ Q♥") as a hand holds them; a bézique's queens
 * before its jacks whatever the trump, so that it reads alike in every
 * deal. */
static void
append_cards(const struct words *w, const struct action *a, int trump,
    char *buf)
{
	struct cardset set;
	uint16_t cards[COMBO_MAX_CARDS];
	char c[WORDS_MAX];
	int n;

	cardset_clear(&set);
	for (int i = 0; i < a->ncards; i++)
		cardset_add(&set, a->cards[i]);
	n = words_sort(&set, trump, cards);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			bool first = !is_bezique(a->combo) ||
			    card_rank(cards[i]) == RANK_Q;
			if (first != (pass == 0))
				continue;
			append(buf, " ");
			append(buf, words_card(w, cards[i], c));
		}
}

const char *
words_verb(const struct action *a)
{
	return a->type == ACTION_SEVEN_EXCHANGE ? "exchange" : "declare";
}

char *
words_declaration(const struct words *w, const struct rules *r,
    const struct action *a, int trump, int points, char *buf)
{
	char c[WORDS_MAX];

	buf[0] = '\0';
	if (a->type == ACTION_SEVEN_EXCHANGE || a->type == ACTION_SEVEN) {
		snprintf(buf, WORDS_MAX, "the seven of trumps %s%s %d",
		    words_card(w, a->cards[0], c), a->type == ACTION_SEVEN ?
		    " for" : " for the turn-up,", points);
		return buf;
	}
	combo_words(a->combo, a->key, points == combo_points(r, a->combo,
	    a->key, a->key), buf, WORDS_MAX);
	append_cards(w, a, trump, buf);
	snprintf(c, sizeof(c), " for %d", points);
	append(buf, c);
	return buf;
}

char *
words_action(const struct words *w, const struct game *v,
    const struct action *a, char *buf)
{
	char c[WORDS_MAX];
	struct cardset table = game_table(v, game_to_move(v));
	const struct rules *r = game_rules(v);
	int trump = game_trump(v);

	buf[0] = '\0';
	switch (a->type) {
	case ACTION_PLAY:
		append(buf, words_card(w, a->cards[0], c));
		if (cardset_has(&table, a->cards[0]))
			append(buf, " from your table");
		break;
	case ACTION_DECLARE:
	case ACTION_SEVEN:
	case ACTION_SEVEN_EXCHANGE:
		snprintf(buf, WORDS_MAX, "%s %s", words_verb(a),
		    words_declaration(w, r, a, trump, a->type ==
		    ACTION_DECLARE ? combo_points(r, a->combo, a->key, trump) :
		    r->seven_of_trumps, c));
		break;
	case ACTION_PASS:
		append(buf, "pass");
		break;
	case ACTION_CARTE_BLANCHE:
		append(buf, "show carte blanche");
		break;
	}
	return buf;
}

/* Where a suit goes in a hand: trumps first, then colours alternating. */
static int
suit_place(int suit, int trump)
{
	static const int order[] = { SUIT_S, SUIT_H, SUIT_C, SUIT_D };
	int place = 0;

	if (suit == trump)
		return 0;
	for (int i = 0; i < NSUITS; i++) {
		if (order[i] == trump)
			continue;
		place++;
		if (order[i] == suit)
			return place;
	}
	return NSUITS;
}

int
words_sort(const struct cardset *set, int trump, uint16_t *out)
{
	int n = 0;

	for (int place = 0; place <= NSUITS; place++)
		for (int r = NRANKS - 1; r >= 0; r--)
			CARDSET_FOREACH(c, set)
				if (suit_place(card_suit(c), trump) == place &&
				    card_rank(c) == r)
					out[n++] = (uint16_t)c;
	return n;
}
