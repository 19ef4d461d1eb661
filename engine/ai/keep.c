/*
 * keep.c: the worth of a card to keep, on a scale (keep.h).
 */
#include <string.h>

#include "keep.h"

/* Of a suit's A T K Q J, the ranks held beyond `beyond`. */
static int
sequence_ranks(const uint8_t *count, int suit, int beyond)
{
	int held = 0;

	for (int r = RANK_J; r <= RANK_A; r++)
		held += count[suit * 8 + r] > 0;
	return held > beyond ? held - beyond : 0;
}

int
keep_plain_sequence_ranks(const uint8_t *count, int suit)
{
	return sequence_ranks(count, suit, 3);
}

void
keep_context(const struct game *v, struct keep_context *k)
{
	k->trump = game_trump(v);
	combo_bezique_kinds(game_rules(v), k->trump, &k->queen, &k->jack);
}

/* How much a card is worth keeping for combinations, on scale w. */
int
keep_value_in(const struct keep_weights *w, const struct keep_context *k,
    int c, const uint8_t *count)
{
	int suit = card_suit(c), rank = card_rank(c), trump = k->trump;
	int value = rank * w->rank;	/* a higher card wins more tricks */

	/* The bézique's cards (by trump in the six- and eight-pack). */
	if (card_kind(c) == k->queen || card_kind(c) == k->jack)
		value += w->bezique;
	if (rank == RANK_K || rank == RANK_Q) {
		int partner = suit * 8 + (rank == RANK_K ? RANK_Q : RANK_K);
		if (count[partner])
			value += suit == trump ? w->marriage_trump :
			    w->marriage_plain;
	}
	if (suit == trump) {
		value += w->trump;
		if (rank >= RANK_J)
			value += w->trump_high;	/* towards the sequence */
	}
	if (rank >= RANK_J && rank != RANK_T) {
		int same = 0;
		for (int s = 0; s < NSUITS; s++)
			same += count[s * 8 + rank];
		if (same >= 2)
			value += w->quartet * same;	/* towards four */
	}
	if (card_is_brisque(c))
		value += w->brisque;
	if (suit != trump && rank >= RANK_J)
		value += w->sequence_plain * keep_plain_sequence_ranks(count, suit);
	if (suit == trump && rank >= RANK_J)
		value += w->sequence_trump * sequence_ranks(count, suit, 2);
	return value;
}

void
keep_kinds(struct cardset s, uint8_t *count)
{
	memset(count, 0, CARDS_PER_PACK);
	for (int i = 0; i < CARDSET_WORDS; i++)
		for (uint64_t w = s.w[i]; w != 0; w &= w - 1)
			count[__builtin_ctzll(w) & 31]++;
}

void
keep_count(const struct game *v, int seat, uint8_t *count)
{
	keep_kinds(cardset_or(game_hand(v, seat), game_table(v, seat)), count);
}
