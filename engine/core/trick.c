/*
 * trick.c: winning tricks and the duties of the end phase.
 *
 * A trick is won by the highest trump, else by the highest card of the
 * suit led; of identical cards the one played first wins (doc/rules.md §2).
 * While the stock lasts any card may be played (§3.4); once it is gone a
 * player must follow suit and try to win, else trump (§3.7).
 */
#include "game_int.h"

/* The cards of one suit, as a mask over the 64 ids of one word (two
 * packs): bits suit*8 .. suit*8+7 of each 32-card half. */
static uint64_t
suit_word(int suit)
{
	uint64_t half = (uint64_t)0xff << (suit * 8);
	return half | (half << 32);
}

/* The cards of `suit` ranked strictly above `rank`, per word. */
static uint64_t
above_word(int suit, int rank)
{
	uint64_t half = ((uint64_t)0xff << (rank + 1)) & 0xff;
	half <<= suit * 8;
	return half | (half << 32);
}

static struct cardset
mask_all(uint64_t word)
{
	struct cardset s;
	for (int i = 0; i < CARDSET_WORDS; i++)
		s.w[i] = word;
	return s;
}

bool
trick_beats(int card, int best, int trump)
{
	if (card_suit(card) == card_suit(best))
		return card_rank(card) > card_rank(best);
	return card_suit(card) == trump;
}

int
trick_winner_index(const struct game *g, const uint16_t *cards, int n)
{
	int best = 0;

	for (int i = 1; i < n; i++)
		if (trick_beats(cards[i], cards[best], g->trump))
			best = i;
	return best;
}

/* The cards of `held` that beat `best`. */
static struct cardset
beaters(struct cardset held, int best, int trump)
{
	struct cardset out = cardset_and(held,
	    mask_all(above_word(card_suit(best), card_rank(best))));

	if (trump >= 0 && card_suit(best) != trump)
		out = cardset_or(out, cardset_and(held,
		    mask_all(suit_word(trump))));
	return out;
}

/*
 * The end-phase duties for a follower holding `held`: follow suit and
 * head the trick if able; if void, trump (overtrumping a trump already
 * played if able; a three-hand player who cannot beat it may throw any
 * card, EB9, doc/rules.md S86); else any card.
 */
static struct cardset
end_phase_plays(const struct game *g, struct cardset held)
{
	int led = card_suit(g->trick[0]);
	int best = g->trick[trick_winner_index(g, g->trick, g->trick_n)];
	bool must_win = g->rules.endgame_must_win;
	struct cardset suit = cardset_and(held, mask_all(suit_word(led)));
	struct cardset win;

	if (!cardset_empty(&suit)) {
		win = cardset_and(suit, beaters(held, best, g->trump));
		return must_win && !cardset_empty(&win) ? win : suit;
	}
	if (g->trump < 0)
		return held;	/* no trump fixed: every suit plain (§3.7) */
	suit = cardset_and(held, mask_all(suit_word(g->trump)));
	if (cardset_empty(&suit))
		return held;
	if (!must_win)
		return suit;
	win = cardset_and(suit, beaters(held, best, g->trump));
	return cardset_empty(&win) ? held : win;
}

void
trick_legal_plays(const struct game *g, int seat, struct cardset *out)
{
	struct cardset held = cardset_or(g->hand[seat], g->table[seat]);

	if (g->phase == PHASE_END && g->trick_n > 0)
		*out = end_phase_plays(g, held);
	else
		*out = held;
}

bool
trick_play_legal(const struct game *g, int seat, int card)
{
	struct cardset ok;

	/* While the stock lasts, and to lead, any card held. */
	if (g->phase != PHASE_END || g->trick_n == 0)
		return cardset_has(&g->hand[seat], card) ||
		    cardset_has(&g->table[seat], card);
	trick_legal_plays(g, seat, &ok);
	return cardset_has(&ok, card);
}
