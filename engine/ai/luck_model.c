/*
 * luck_model.c: the luck estimator's fitted V (luck_model.h).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "luck_model.h"
#include "luck_weights.h"

_Static_assert(LUCK_WEIGHTS_NIN == LUCK_NIN,
    "luck_weights.h was fitted on other inputs: make weights-luck");
_Static_assert(LUCK_HIDDEN <= LUCK_MAXHIDDEN, "too many hidden units");
_Static_assert(EVAL_NFEAT == 2 * EVAL_BASE && EVAL_BASE <= 64,
    "seat_moved's mask: the features and their shares, 64 at most");

/* Seat's inputs from its evaluation features e (eval.h) and the
 * public state of g. */
static void
inputs_of(const struct game *g, int seat, const double *e, float *x)
{
	const struct rules *r = game_rules(g);
	const double *w = eval_weights_of(r->variant);
	double future = 0;
	double stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	int i;

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

void
luck_model_inputs(const struct game *g, int seat, float *x)
{
	double e[EVAL_NFEAT];

	eval_features(g, seat, e);
	inputs_of(g, seat, e, x);
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

/* A seat's part of every unit: float sums, as the fit's.  Most inputs
 * are counts that are 0 for a given hand: the sum runs over the others.
 * Inlined with nu a constant (the fitted network's), the loop over the
 * units is vectorised, each unit's sum still taken in the inputs'
 * order. */
static inline __attribute__((always_inline)) void
seat_sum(int nu, const struct luck_net *n, int seat, const float *x,
    float *acc)
{
	for (int k = 0; k < nu; k++)
		acc[k] = seat == 0 ? n->b[k] : 0;
	for (int i = 0; i < LUCK_NIN; i++) {
		const float *w = n->w + ((long)(seat != 0) * LUCK_NIN + i) * nu;
		if (x[i] == 0)
			continue;
		for (int k = 0; k < nu; k++)
			acc[k] += x[i] * w[k];
	}
}

void
luck_model_seat_with(const struct luck_net *n, const struct game *g,
    int seat, double *u)
{
	float x[LUCK_NIN], acc[2 * LUCK_MAXHIDDEN];
	int nu = 2 * n->hidden;

	luck_model_inputs(g, seat, x);
	if (n->hidden == LUCK_HIDDEN)
		seat_sum(2 * LUCK_HIDDEN, n, seat, x, acc);
	else
		seat_sum(nu, n, seat, x, acc);
	for (int k = 0; k < nu; k++)
		u[k] = acc[k];
}

/*
 * Seat's figure had it features e where g gives it e0 (its inputs x0,
 * its units' sums acc0): only the features that differ move the units,
 * and the points still to come (an input) by their weights.
 */
static void
seat_moved(const struct luck_net *n, const struct game *g, int seat,
    const double *e0, const float *x0, const float *acc0, const double *e,
    double *u)
{
	enum { NU = 2 * LUCK_HIDDEN };
	const double *we = eval_weights_of(game_rules(g)->variant);
	const float *w = n->w + (long)(seat != 0) * LUCK_NIN * NU;
	float acc[NU], d;
	double future = 0;
	uint64_t moved = 0;

	/* A card moves a few of the features, and which ones a branch
	 * cannot guess: a mask of those that moved, made without one.
	 * Feature EVAL_BASE + i is feature i times the stock's share
	 * (eval.c), the same share in e as in e0: it moves only where
	 * feature i does.  The sums then run in the features' order, the
	 * same as a loop over all of them. */
	for (int i = 0; i < EVAL_BASE; i++)
		moved |= (uint64_t)(e[i] != e0[i]) << i;
	memcpy(acc, acc0, sizeof(acc));
	for (int from = 0; from < EVAL_NFEAT; from += EVAL_BASE)
		for (uint64_t m = moved; m != 0; m &= m - 1) {
			int i = from + __builtin_ctzll(m);
			if (e[i] == e0[i])	/* a share of 0: the stock out */
				continue;
			future += we[i] * (e[i] - e0[i]);
			if ((d = (float)e[i] - x0[i]) == 0)
				continue;
			for (int k = 0; k < NU; k++)
				acc[k] += d * w[(long)i * NU + k];
		}
	if ((d = (float)(future / 1000)) != 0)
		for (int k = 0; k < NU; k++)
			acc[k] += d * w[(long)EVAL_NFEAT * NU + k];
	for (int k = 0; k < NU; k++)
		u[k] = acc[k];
}

void
luck_model_seat_draws(const struct game *g, int seat, int drawn,
    const uint16_t *in, int n, double *u, int stride)
{
	const struct luck_net *net = &luck_fitted;
	struct eval_holding h;
	float x0[LUCK_NIN], acc0[2 * LUCK_HIDDEN];
	double e0[EVAL_NFEAT], e[EVAL_NFEAT];

	eval_holding(g, seat, &h);
	eval_features_held(g, seat, &h, e0);
	inputs_of(g, seat, e0, x0);
	seat_sum(2 * LUCK_HIDDEN, net, seat, x0, acc0);
	h.c[card_kind(drawn)]--;
	for (int i = 0; i < n; i++) {
		h.c[card_kind(in[i])]++;
		eval_features_held(g, seat, &h, e);
		h.c[card_kind(in[i])]--;
		seat_moved(net, g, seat, e0, x0, acc0, e, u + (long)i * stride);
	}
}

void
luck_model_outcome_with(const struct luck_net *n, const double *u0,
    const double *u1, double *out)
{
	const int nh = n->hidden;
	double z0 = n->out_b[0], z1 = n->out_b[1];

	/* Half the units are off, which a branch cannot guess: an off
	 * unit adds a zero (z, which starts at a bias, is never -0), and
	 * the score's and the value's sums run side by side, each still
	 * in its units' order. */
	for (int k = 0; k < nh; k++) {
		double h0 = u0[k] + u1[k], h1 = u0[nh + k] + u1[nh + k];
		z0 += (h0 > 0 ? h0 : 0) * n->out[k];
		z1 += (h1 > 0 ? h1 : 0) * n->out[nh + k];
	}
	out[0] = 1 / (1 + exp(-z0));
	out[1] = 1000 * z1;
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
