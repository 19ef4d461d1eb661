/*
 * policy_mlp.c: the non-linear simulation policy's forward pass
 * (policy_mlp.h).
 */
#include "policy_mlp.h"
#include "policy_mlp_weights.h"

const struct policy_mlp policy_mlp_weights = POLICY_MLP_WEIGHTS;

float
policy_mlp_score(const struct policy_mlp *m, const int16_t *f, int kind)
{
	float h[PMLP_MAX_HIDDEN], s = 0;
	int nh = m->hidden;

	if (kind < 0 || kind >= PMLP_KINDS)
		kind = PMLP_KINDS - 1;
	for (int k = 0; k < nh; k++)
		h[k] = m->b1[kind][k];
	/* Most features are zero: add the columns of those that are not. */
	for (int j = 0; j < PF_COUNT; j++) {
		float x = f[j];
		if (f[j] == 0)
			continue;
		s += m->skip[j] * x;
		for (int k = 0; k < nh; k++)
			h[k] += m->w1[j][k] * x;
	}
	for (int k = 0; k < nh; k++)
		if (h[k] > 0)
			s += m->w2[k] * h[k];
	return s;
}

int
policy_mlp_choose(struct pf_buffers *b, const struct game *g,
    const struct action *legal, int n, const struct policy_mlp *m,
    int16_t (*f)[PF_COUNT])
{
	int kind = policy_features(b, g, legal, n, f), best = 0;
	float best_score = 0;

	for (int i = 0; i < n; i++) {
		float s = policy_mlp_score(m, f[i], kind);
		if (i == 0 || s > best_score) {
			best_score = s;
			best = i;
		}
	}
	return best;
}
