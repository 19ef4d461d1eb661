/*
 * luck_model.c: the luck estimator's fitted V (luck_model.h).
 */
#include <math.h>

#include "luck_model.h"
#include "luck_weights.h"

_Static_assert(LUCK_WEIGHTS_NIN == LUCK_NIN,
    "luck_weights.h was fitted on other inputs: make weights-luck");
_Static_assert(LUCK_HIDDEN <= LUCK_MAXHIDDEN, "too many hidden units");

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

static const struct luck_net luck_fitted = {
	LUCK_HIDDEN, &luck_w[0][0][0], luck_b, luck_out, luck_out_b
};

const struct luck_net *
luck_model_net(void)
{
	return &luck_fitted;
}

int
luck_model_width(void)
{
	return 2 * LUCK_HIDDEN;
}

/* Most inputs are counts that are 0 for a given hand: the sum runs over
 * the others. */
void
luck_model_seat_with(const struct luck_net *n, const struct game *g,
    int seat, double *u)
{
	int nu = 2 * n->hidden;
	float x[LUCK_NIN], acc[2 * LUCK_MAXHIDDEN];

	luck_model_inputs(g, seat, x);
	for (int k = 0; k < nu; k++)
		acc[k] = seat == 0 ? n->b[k] : 0;
	for (int i = 0; i < LUCK_NIN; i++) {
		const float *w = n->w + ((long)(seat != 0) * LUCK_NIN + i) * nu;
		if (x[i] == 0)
			continue;
		for (int k = 0; k < nu; k++)
			acc[k] += x[i] * w[k];
	}
	for (int k = 0; k < nu; k++)
		u[k] = acc[k];
}

void
luck_model_outcome_with(const struct luck_net *n, const double *u0,
    const double *u1, double *out)
{
	double z[2] = { n->out_b[0], n->out_b[1] };

	for (int k = 0; k < 2 * n->hidden; k++) {
		double h = u0[k] + u1[k];
		if (h > 0)
			z[k >= n->hidden] += h * n->out[k];
	}
	out[0] = 1 / (1 + exp(-z[0]));
	out[1] = 1000 * z[1];
}

void
luck_model_seat(const struct game *g, int seat, double *u)
{
	luck_model_seat_with(&luck_fitted, g, seat, u);
}

void
luck_model_outcome(const double *u0, const double *u1, double *out)
{
	luck_model_outcome_with(&luck_fitted, u0, u1, out);
}
