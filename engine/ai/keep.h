/*
 * keep.h: how much a card is worth keeping, on a scale of weights.
 *
 * The one judgment the greedy level (greedy.h) and the simulation policy
 * (rollout.h) share, each on its own scale: the worth of card c given
 * the copies per kind its holder has in hand and on the table
 * (keep_count).  Winning a trick is worth the points of the declaration
 * it allows, and brisque_won if the trick holds a brisque.  The weights
 * after brisque_won are greedy's blind spots, zero on its scale (so that
 * greedy plays as it always did): the sequence of a plain suit, the
 * brisques thrown onto the other's tricks, what a stock trick is worth
 * to the other side (its declaration after winning it, more likely the
 * more cards it has on its table to re-form combinations with), and
 * the quartets to declare again once four of a rank have scored.
 */
#ifndef KEEP_H
#define KEEP_H

#include <stdint.h>

#include "game.h"

struct keep_weights {
	int	rank;		/* per rank, 7 lowest: tricks to come */
	int	bezique;	/* the bézique's queen or jack */
	int	marriage_trump;	/* king or queen with its partner held */
	int	marriage_plain;
	int	trump, trump_high;	/* any trump; ace to jack more */
	int	quartet;	/* per copy held of a rank, two or more */
	int	brisque;	/* ace or ten */
	int	brisque_won;	/* worth of a brisque in the trick won */
	int	sequence_plain;	/* per other rank of A T K Q J held in
				 * the card's plain suit (150 to make) */
	int	brisque_given;	/* cost of a brisque thrown onto the
				 * other's trick */
	int	trick;		/* winning a stock trick: the other side
				 * does not declare after it */
	int	trick_table;	/* more per card on the other's table */
	int	trick_late;	/* more in the last tricks of the stock,
				 * per trick fewer than twenty left */
	int	sequence_trump;	/* per other rank of A T K Q J held in
				 * trumps beyond two (250 to make, and to
				 * make again); the learned policies have
				 * no feature for it */
};

/* The copies per kind (CARDS_PER_PACK of them) that seat holds in hand
 * and on its table. */
void	keep_count(const struct game *v, int seat, uint8_t *count);
/* The copies per kind in set s. */
void	keep_kinds(struct cardset s, uint8_t *count);

/* Of a plain suit's sequence (A T K Q J), the ranks held beyond three:
 * what a fourth and a fifth card are worth keeping. */
int	keep_plain_sequence_ranks(const uint8_t *count, int suit);

/* How much a card is worth keeping, in two steps for the many cards of
 * one state: what it needs of the state (trump, the bézique's cards),
 * then each card (keep_value_in). */
struct keep_context {
	int	trump, queen, jack;
};
void	keep_context(const struct game *v, struct keep_context *k);
int	keep_value_in(const struct keep_weights *w,
	    const struct keep_context *k, int c, const uint8_t *count);

#endif
