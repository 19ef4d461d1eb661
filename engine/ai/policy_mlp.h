/*
 * policy_mlp.h: a small non-linear simulation policy (issue 18, the
 * experiment of tournaments/research/mlp-2026-11-25.md): one hidden layer
 * of rectified units over the features of policy_features.h of each legal
 * card, plus a linear term, scoring every card; the card of highest score
 * is played (the first of equals).  The decision's kind (lead, reply, end
 * phase) selects the hidden layer's bias.  Weights are fitted to the
 * strong search's values of its candidates by tools/policy_mlp_fit.c; the
 * built-in ones are policy_mlp_weights.h.  Rubicon's strong level
 * simulates with it (strong_params.mlp, strong_defaults; bench_strength
 * -M another file, -L 0 the hand-set policy).
 */
#ifndef POLICY_MLP_H
#define POLICY_MLP_H

#include <stdint.h>

#include "game.h"
#include "policy_features.h"

#define PMLP_MAX_HIDDEN	64
#define PMLP_KINDS	3	/* PF_KIND_LEAD, PF_KIND_REPLY, PF_KIND_END */

/* On the raw whole-number features: the fit's standardisation is folded
 * into the weights. */
struct policy_mlp {
	int	hidden;				/* units used, <= the max */
	float	w1[PF_COUNT][PMLP_MAX_HIDDEN];	/* feature j into unit k */
	float	b1[PMLP_KINDS][PMLP_MAX_HIDDEN];	/* bias per kind */
	float	w2[PMLP_MAX_HIDDEN];		/* unit k into the score */
	float	skip[PF_COUNT];			/* feature j into the score */
};

/* The built-in weights (policy_mlp_weights.h). */
extern const struct policy_mlp policy_mlp_weights;

/* The score of one card's feature row f at a decision of this kind
 * (higher is played). */
float	policy_mlp_score(const struct policy_mlp *m, const int16_t *f,
	    int kind);

/* The legal play of highest score among the n of a lead or reply of g
 * (the player to move's view or the full game); f is scratch space for
 * n rows. */
int	policy_mlp_choose(struct pf_buffers *b, const struct game *g,
	    const struct action *legal, int n, const struct policy_mlp *m,
	    int16_t (*f)[PF_COUNT]);

#endif
