/*
 * eval.h: how many more points a seat's cards should still bring.
 *
 * A linear model over features of a seat's holding (hand and table):
 * bézique cards, cards towards the quartets, the trump suit towards the
 * sequence, marriages, the number of trumps, which of them were already
 * declared (on the table), what only some variants score (the
 * quintuple bézique, four or five of a trump rank, the seven of trumps;
 * the bézique's cards follow trump where they do), and each of those again
 * scaled by the share of the stock left, since cards are worth more with
 * more draws to come.  Its weights are fitted per variant, by least
 * squares, to the points the players of its own deals went on to score
 * (tests/bench/bench_eval.c; `make weights-eval` writes eval_weights.h);
 * the simulations stop a few tricks ahead and count it instead of
 * playing out the deal, whose luck drowns the differences they measure.
 */
#ifndef EVAL_H
#define EVAL_H

#include "game.h"

#define EVAL_BASE	44			/* features before scaling */
#define EVAL_NFEAT	(2 * EVAL_BASE)

/* Writes the EVAL_NFEAT features of seat in the full game g into x. */
void	eval_features(const struct game *g, int seat, double *x);

/* What the features read of a seat's cards: the copies of each kind in
 * its hand and on its table (c), on its table alone (tc), and how many
 * cards its table has.  A caller may change c to ask what a seat would
 * be worth holding other cards (a draw that could have come otherwise:
 * engine/ai/luck.c). */
struct eval_holding {
	uint8_t	c[CARDS_PER_PACK], tc[CARDS_PER_PACK];
	int	ntable;
};

void	eval_holding(const struct game *g, int seat, struct eval_holding *h);

/* The features of seat holding h, the rest of g as it is. */
void	eval_features_held(const struct game *g, int seat,
	    const struct eval_holding *h, double *x);

/* The points seat should still score from here (declarations, carte
 * blanche, last trick), by the fitted model. */
double	eval_future(const struct game *g, int seat);
/* The same of seat holding h (eval_features_held). */
double	eval_future_held(const struct game *g, int seat,
	    const struct eval_holding *h);

/* The same with the caller's weights (for fitting). */
double	eval_with(const struct game *g, int seat, const double *w);

/* The weights eval_future() uses for variant v (eval_weights.h). */
const double *eval_weights_of(enum variant v);

/* The model's residual sd of one seat's future points at g. */
double	eval_sd(const struct game *g);

/*
 * The expected game value to seat (won +, lost -, doc/rules.md §9) when the
 * deal is expected to end with `mine` and `theirs` points, each uncertain
 * by the spread the model leaves at this point of the deal (its residual
 * sd, measured by bench_eval), brisques still to win shared evenly.
 * *win is the chance that seat ends with more points.
 */
double	eval_value(const struct game *g, int seat, double mine,
	    double theirs, double *win);

/* That chance alone (eval_value's *win), without the game value's
 * cost. */
double	eval_win(const struct game *g, double mine, double theirs);

#endif
