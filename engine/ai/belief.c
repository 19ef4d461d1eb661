/*
 * belief.c: the other hand's likely cards (belief.h).
 */
#include "belief.h"
#include "combo.h"

/* Odds of being in a concealed hand rather than the stock, by phase (a
 * quarter of the stock each) and class: the bézique's queen and jack,
 * trumps 7 8 9 J Q K T A, plain cards 7 8 9 J Q K T A.  Measured by
 * bench_belief over 20,000 greedy self-play deals of Rubicon. */
static const double belief_odds[BELIEF_PHASES][BELIEF_CLASSES] = {
	{ 0.97, 1.38, 0.51, 0.76, 1.03, 1.66, 0.87, 0.87, 1.92, 1.74,
	  0.31, 0.45, 0.67, 1.35, 1.10, 1.13, 1.24, 1.64 },
	{ 1.26, 2.86, 0.46, 0.55, 0.71, 2.74, 1.38, 1.36, 3.65, 3.18,
	  0.30, 0.32, 0.33, 0.94, 0.84, 0.83, 0.54, 1.73 },
	{ 1.25, 3.46, 0.52, 0.56, 0.63, 2.95, 1.62, 1.55, 3.75, 3.77,
	  0.41, 0.42, 0.44, 0.75, 0.78, 0.69, 0.50, 1.06 },
	{ 1.16, 3.21, 0.58, 0.60, 0.65, 2.72, 1.58, 1.60, 3.32, 3.91,
	  0.46, 0.48, 0.49, 0.77, 0.83, 0.72, 0.54, 0.92 },
};

int
belief_class(const struct game *v, int c)
{
	int trump = game_trump(v), queen, jack;

	combo_bezique_kinds(game_rules(v), trump, &queen, &jack);
	if (card_kind(c) == queen)
		return 0;
	if (card_kind(c) == jack)
		return 1;
	if (trump >= 0 && card_suit(c) == trump)
		return 2 + card_rank(c);
	return 10 + card_rank(c);
}

int
belief_phase(const struct game *v)
{
	const struct rules *r = game_rules(v);
	int stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	int drawn = stock - game_stock_left(v);

	if (stock <= 0 || drawn < 0)
		return 0;
	return drawn * BELIEF_PHASES / (stock + 1);
}

void
belief_weights(const struct game *v, double *weight)
{
	const double *odds = belief_odds[belief_phase(v)];
	int ncards = game_rules(v)->packs * CARDS_PER_PACK;

	for (int c = 0; c < ncards; c++)
		weight[c] = odds[belief_class(v, c)];
}
