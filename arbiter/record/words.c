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
	char rank = card_rank_char(card_rank(card));

	if (!w->symbols)
		snprintf(buf, WORDS_MAX, "%c%c", rank, card_suit_char(suit));
	else if (w->color && (suit == SUIT_H || suit == SUIT_D))
		snprintf(buf, WORDS_MAX, "\033[31m%c%s\033[0m", rank,
		    suit_symbols[suit]);
	else
		snprintf(buf, WORDS_MAX, "%c%s", rank, suit_symbols[suit]);
	return buf;
}

char *
words_combo(int combo, int key, int trump, char *buf, size_t len)
{
	char name[64], *p;
	const char *n = combo_name(combo, key, name, sizeof(name));
	bool royal = combo == COMBO_MARRIAGE && (trump < 0 || key == trump);

	snprintf(buf, len, "%s%s", royal ? "royal " : "", n);
	for (p = buf; *p; p++)
		if (*p == '-')
			*p = ' ';
	/* "bezique" is the protocol's spelling; the game's is bézique. */
	if ((p = strstr(buf, "bezique")) != NULL && strlen(buf) + 2 < len) {
		memmove(p + 3, p + 2, strlen(p + 2) + 1);
		memcpy(p + 1, "\u00e9", 2);
	}
	return buf;
}

static void
append(char *buf, const char *s)
{
	size_t n = strlen(buf);

	snprintf(buf + n, WORDS_MAX - n, "%s", s);
}

void
words_cards(const struct words *w, const struct action *a, int trump,
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
	for (int i = 0; i < n; i++) {
		append(buf, " ");
		append(buf, words_card(w, cards[i], c));
	}
}

char *
words_action(const struct words *w, const struct game *v,
    const struct action *a, char *buf)
{
	char c[WORDS_MAX], name[64];
	struct cardset table = game_table(v, game_to_move(v));

	buf[0] = '\0';
	switch (a->type) {
	case ACTION_PLAY:
		append(buf, words_card(w, a->cards[0], c));
		if (cardset_has(&table, a->cards[0]))
			append(buf, " from your table");
		break;
	case ACTION_DECLARE:
		words_combo(a->combo, a->key, game_trump(v), name,
		    sizeof(name));
		snprintf(buf, WORDS_MAX, "declare %s", name);
		words_cards(w, a, game_trump(v), buf);
		snprintf(c, sizeof(c), " for %d", combo_points(game_rules(v),
		    a->combo, a->key, game_trump(v)));
		append(buf, c);
		break;
	case ACTION_PASS:
		append(buf, "pass");
		break;
	case ACTION_CARTE_BLANCHE:
		append(buf, "show carte blanche");
		break;
	case ACTION_SEVEN_EXCHANGE:
		snprintf(buf, WORDS_MAX, "exchange %s for the turn-up, 10",
		    words_card(w, a->cards[0], c));
		break;
	case ACTION_SEVEN:
		snprintf(buf, WORDS_MAX, "declare the seven of trumps %s, 10",
		    words_card(w, a->cards[0], c));
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
