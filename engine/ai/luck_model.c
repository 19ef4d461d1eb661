/*
 * luck_model.c: the luck estimator's fitted V (luck_model.h).
 */
#include <math.h>

#include "luck_model.h"
#include "luck_weights.h"

_Static_assert(LUCK_WEIGHTS_NIN == LUCK_NIN,
    "luck_weights.h was fitted on other inputs: make weights-luck");
_Static_assert(LUCK_HIDDEN <= LUCK_MAXHIDDEN, "too many hidden units");

#define NU	(2 * LUCK_HIDDEN)

void
luck_model_inputs(const struct game *g, int seat, float *x)
{
	const struct rules *r = game_rules(g);
	const double *w = eval_weights_of(r->variant);
	double e[EVAL_NFEAT], future = 0;
	double stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	int i;

	eval_features(g, seat, e);
	for (i = 0; i < EVAL_NFEAT; i++) {
		x[i] = (float)e[i];
		future += w[i] * e[i];
	}
	x[i++] = (float)(future / 1000);
	x[i++] = (float)(game_points(g, seat) / 1000.0);
	x[i++] = (float)(game_brisques(g, seat) / 100.0);
	x[i++] = (float)(game_stock_left(g) / stock);
	x[i++] = game_dealer(g) == seat;
	x[i++] = game_tricks_played(g) == 0;
}

int
luck_model_width(void)
{
	return NU;
}

/* Most inputs are counts that are 0 for a given hand: the sum runs over
 * the others. */
void
luck_model_seat(const struct game *g, int seat, double *u)
{
	float x[LUCK_NIN], acc[NU];

	luck_model_inputs(g, seat, x);
	for (int k = 0; k < NU; k++)
		acc[k] = seat == 0 ? luck_b[k] : 0;
	for (int i = 0; i < LUCK_NIN; i++) {
		const float *w = luck_w[seat != 0][i];
		if (x[i] == 0)
			continue;
		for (int k = 0; k < NU; k++)
			acc[k] += x[i] * w[k];
	}
	for (int k = 0; k < NU; k++)
		u[k] = acc[k];
}

void
luck_model_outcome(const double *u0, const double *u1, double *out)
{
	double z[2] = { luck_out_b[0], luck_out_b[1] };

	for (int n = 0; n < 2; n++)
		for (int k = n * LUCK_HIDDEN; k < (n + 1) * LUCK_HIDDEN; k++) {
			double h = u0[k] + u1[k];
			if (h > 0)
				z[n] += h * luck_out[k];
		}
	out[0] = 1 / (1 + exp(-z[0]));
	out[1] = 1000 * z[1];
}
