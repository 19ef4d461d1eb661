/*
 * card.c: card names.  See card.h for the id layout.
 */
#include "card.h"

static const char rank_chars[NRANKS] = { '7', '8', '9', 'J', 'Q', 'K', 'T',
    'A' };
static const char suit_chars[NSUITS] = { 'S', 'H', 'D', 'C' };

char
card_rank_char(int rank)
{
	return rank_chars[rank];
}

char
card_suit_char(int suit)
{
	return suit_chars[suit];
}

int
card_rank_from_char(int ch)
{
	if (ch >= 'a' && ch <= 'z')
		ch -= 'a' - 'A';
	for (int r = 0; r < NRANKS; r++)
		if (rank_chars[r] == ch)
			return r;
	return -1;
}

int
card_suit_from_char(int ch)
{
	if (ch >= 'a' && ch <= 'z')
		ch -= 'a' - 'A';
	for (int s = 0; s < NSUITS; s++)
		if (suit_chars[s] == ch)
			return s;
	return -1;
}

char *
card_format(int c, char *buf)
{
	buf[0] = rank_chars[card_rank(c)];
	buf[1] = suit_chars[card_suit(c)];
	buf[2] = '#';
	buf[3] = (char)('1' + card_copy(c));
	buf[4] = '\0';
	return buf;
}

int
card_parse(const char *s, size_t len, int npacks, bool *copy_given)
{
	size_t i = 0;
	int rank, suit, copy = 0;

	*copy_given = false;
	if (len >= 2 && s[0] == '1' && s[1] == '0') {
		rank = RANK_T;	/* "10S" for people who write tens so */
		i = 2;
	} else if (len >= 1) {
		rank = card_rank_from_char((unsigned char)s[0]);
		i = 1;
	} else
		return -1;
	if (rank < 0 || i >= len)
		return -1;
	if ((suit = card_suit_from_char((unsigned char)s[i++])) < 0)
		return -1;
	if (i < len) {
		if (s[i] != '#' || i + 2 != len || s[i + 1] < '1' ||
		    s[i + 1] > '0' + npacks)
			return -1;
		copy = s[i + 1] - '1';
		*copy_given = true;
	}
	return card_make(copy, suit, rank);
}
