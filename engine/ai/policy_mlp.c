/*
 * policy_mlp.c: the non-linear simulation policy's forward pass
 * (policy_mlp.h).
 */
#include "policy_mlp.h"
#include "policy_mlp_weights.h"

const struct policy_mlp policy_mlp_weights = POLICY_MLP_WEIGHTS;

/*
 * One row's units over width w (a constant where inlined, so that the
 * loops over the units are vectorised: each unit's sum still in the
 * features' order): its skip terms' sum into *s and each unit's term of
 * its score into t[k] (of which the first m->hidden count; the columns
 * past it are in the arrays, PMLP_MAX_HIDDEN wide, computed and not
 * read).  Most features are zero: it adds the columns of those that
 * are not.  An off unit's term is a zero, not a branch a predictor
 * cannot guess: added to a score, which is never -0 (it starts at +0,
 * and x + -x is +0), it changes nothing.
 */
static inline __attribute__((always_inline)) void
row_terms(int w, const struct policy_mlp *m, const int16_t *f, int kind,
    float *s, float *t)
{
	float h[PMLP_MAX_HIDDEN];

	*s = 0;
	for (int k = 0; k < w; k++)
		h[k] = m->b1[kind][k];
	for (int j = 0; j < PF_COUNT; j++) {
		float x = f[j];
		if (x == 0)
			continue;
		*s += m->skip[j] * x;
		for (int k = 0; k < w; k++)
			h[k] += m->w1[j][k] * x;
	}
	for (int k = 0; k < w; k++)
		t[k] = (h[k] > 0 ? h[k] : 0) * m->w2[k];
}

/*
 * The scores of four rows (or of one): each its skip sum plus its
 * units' terms in the units' order, as one row alone adds them; the
 * four rows' adds side by side, four chains at once (in registers)
 * where one row waited on each add in turn.
 */
static inline __attribute__((always_inline)) void
rows_of(int w, const struct policy_mlp *m, const int16_t *f, int n,
    int kind, float *out)
{
	float t[4][PMLP_MAX_HIDDEN], s0, s1, s2, s3;
	int i = 0, nh = m->hidden;

	for (; i + 4 <= n; i += 4, f += 4 * PF_COUNT) {
		row_terms(w, m, f, kind, &s0, t[0]);
		row_terms(w, m, f + PF_COUNT, kind, &s1, t[1]);
		row_terms(w, m, f + 2 * PF_COUNT, kind, &s2, t[2]);
		row_terms(w, m, f + 3 * PF_COUNT, kind, &s3, t[3]);
		for (int k = 0; k < nh; k++) {
			s0 += t[0][k];
			s1 += t[1][k];
			s2 += t[2][k];
			s3 += t[3][k];
		}
		out[i] = s0;
		out[i + 1] = s1;
		out[i + 2] = s2;
		out[i + 3] = s3;
	}
	for (; i < n; i++, f += PF_COUNT) {
		row_terms(w, m, f, kind, &s0, t[0]);
		for (int k = 0; k < nh; k++)
			s0 += t[0][k];
		out[i] = s0;
	}
}

static void
scores(const struct policy_mlp *m, const int16_t *f, int n, int kind,
    float *out)
{
	int nh = m->hidden;

	if (kind < 0 || kind >= PMLP_KINDS)
		kind = PMLP_KINDS - 1;
	if (nh <= 8)
		rows_of(8, m, f, n, kind, out);
	else if (nh <= 16)
		rows_of(16, m, f, n, kind, out);
	else if (nh <= 24)
		rows_of(24, m, f, n, kind, out);
	else if (nh <= 32)
		rows_of(32, m, f, n, kind, out);
	else
		rows_of(PMLP_MAX_HIDDEN, m, f, n, kind, out);
}

float
policy_mlp_score(const struct policy_mlp *m, const int16_t *f, int kind)
{
	float s;

	scores(m, f, 1, kind, &s);
	return s;
}

int
policy_mlp_choose(struct pf_buffers *b, const struct game *g,
    const struct action *legal, int n, const struct policy_mlp *m,
    int16_t (*f)[PF_COUNT])
{
	int kind = policy_features(b, g, legal, n, f), best = 0;
	float s[MAX_LEGAL];

	scores(m, &f[0][0], n, kind, s);
	for (int i = 1; i < n; i++)
		if (s[i] > s[best])
			best = i;
	return best;
}
