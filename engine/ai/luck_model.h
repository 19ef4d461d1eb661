/*
 * luck_model.h: the luck estimator's V (luck.h), a small network fitted
 * to the outcome of deals from the state of both seats.
 *
 * Each seat's inputs are its own cards (hand and table: the evaluation's
 * features, eval.h, and the points it says are still to come) and the
 * public state (its points and brisques so far, the stock left, who
 * deals).  Two networks of one hidden layer of rectified units read both
 * seats' inputs: one gives seat 0's chance of winning the deal (its
 * expected score), the other its expected game value.  A hidden unit's
 * input is a sum of a seat 0 part and a seat 1 part, so a seat's figure
 * (luck_model_seat) is its part of every unit, computed from its own
 * cards alone, and the outcome of two figures costs a pass over the
 * units: what keeps E[V] over a draw's outcomes exact and cheap (luck.c).
 *
 * The weights (luck_weights.h) are fitted by tools/luck_model_fit.c
 * (`make weights-luck`) on deals of greedy and club that the luck's
 * measurement does not play.
 */
#ifndef LUCK_MODEL_H
#define LUCK_MODEL_H

#include "eval.h"
#include "game.h"

#define LUCK_NIN	(EVAL_NFEAT + 6)	/* a seat's inputs */
#define LUCK_MAXHIDDEN	64			/* units per network */

/* A network's weights: w[2][LUCK_NIN][2 * hidden], seat 0's part of
 * each unit then seat 1's, the first hidden units the score's, the
 * others the value's; b the units' biases; out their weights in the
 * outputs, out_b the outputs' biases (a logit, thousands of points). */
struct luck_net {
	int		 hidden;
	const float	*w, *b, *out, *out_b;
};

/* The fitted network (luck_weights.h). */
const struct luck_net *luck_model_net(void);

/* Writes seat's LUCK_NIN inputs in the full game g into x: from its own
 * cards and the public state only. */
void	luck_model_inputs(const struct game *g, int seat, float *x);

/* How many numbers a seat's figure has: the units of both networks. */
int	luck_model_width(void);

/* Seat's figure (luck_model_width() numbers) in g: its part of every
 * hidden unit, seat 0's with the units' biases. */
void	luck_model_seat(const struct game *g, int seat, double *u);

/*
 * Seat's figures in g, just after it drew card `drawn`, had it drawn
 * each of the n cards in[] instead, the rest of g as it is: in[i]'s at
 * u + i * stride.  A card changes few of a seat's inputs, and the units
 * are linear in them: each figure is g's plus what the inputs that
 * differ add (the same as luck_model_seat's but for the float sums'
 * rounding; the same to the bit for drawn's own kind).
 */
void	luck_model_seat_draws(const struct game *g, int seat, int drawn,
	    const uint16_t *in, int n, double *u, int stride);

/* Seat 0's expected score (0 to 1) and game value from the two seats'
 * figures: out[0], out[1]. */
void	luck_model_outcome(const double *u0, const double *u1, double *out);

/* The same by network n (a fit's: tools/luck_model_fit.c). */
void	luck_model_seat_with(const struct luck_net *n, const struct game *g,
	    int seat, double *u);
void	luck_model_outcome_with(const struct luck_net *n, const double *u0,
	    const double *u1, double *out);

#endif
