/*
 * action.c: the canonical text of actions (action.h).
 */
#include <stdio.h>
#include <string.h>

#include "action.h"
#include "card.h"

/* Highest rank first, then by id: "AH#1+TH#1+KH#1+QH#1+JH#1". */
static int
card_order(int a, int b)
{
	if (card_rank(a) != card_rank(b))
		return card_rank(b) - card_rank(a);
	return a - b;
}

void
action_sort_cards(struct action *a)
{
	for (int i = 1; i < a->ncards; i++) {
		uint16_t c = a->cards[i];
		int j = i;
		for (; j > 0 && card_order(a->cards[j - 1], c) > 0; j--)
			a->cards[j] = a->cards[j - 1];
		a->cards[j] = c;
	}
}

char *
action_format(const struct action *a, char *buf, size_t len)
{
	char name[32], card[CARD_TEXT_MAX];
	size_t n;

	switch (a->type) {
	case ACTION_PLAY:
		snprintf(buf, len, "%s", card_format(a->cards[0], card));
		break;
	case ACTION_PASS:
		snprintf(buf, len, "pass");
		break;
	case ACTION_CARTE_BLANCHE:
		snprintf(buf, len, "carte-blanche");
		break;
	case ACTION_SEVEN_EXCHANGE:
	case ACTION_SEVEN:
		snprintf(buf, len, "%s:%s", a->type == ACTION_SEVEN ? "seven" :
		    "exchange", card_format(a->cards[0], card));
		break;
	default:
		n = (size_t)snprintf(buf, len, "%s:",
		    combo_name(a->combo, a->key, name, sizeof(name)));
		for (int i = 0; i < a->ncards && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
			    i ? "+" : "", card_format(a->cards[i], card));
		break;
	}
	return buf;
}

int
action_equal(const struct action *a, const struct action *b)
{
	struct action x = *a, y = *b;

	if (x.type != y.type || x.ncards != y.ncards)
		return 0;
	if (x.type == ACTION_DECLARE && (x.combo != y.combo || x.key != y.key))
		return 0;
	action_sort_cards(&x);
	action_sort_cards(&y);
	return memcmp(x.cards, y.cards, sizeof(x.cards[0]) * x.ncards) == 0;
}
