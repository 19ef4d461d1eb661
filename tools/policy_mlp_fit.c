/*
 * policy_mlp_fit.c: fits the non-linear simulation policy (policy_mlp.h)
 * to the strong search's values of its candidates (the data of
 * policy_selfplay -V): a softmax over each decision's legal cards of the
 * network's scores, trained by Adam on the cross-entropy against soft
 * targets q = softmax(value / T) over the candidates (or, with -H, against
 * the search's one choice; in the end phase, unless -E, the solver's
 * choice, since its values there are nearly all equal), every fifth deal
 * held out.  The network: the
 * features standardised (and the decision's kind, one-hot) into -h
 * rectified units, their weighted sum plus a linear term of the
 * features; the linear term starts as the hand-set policy scaled to fit.
 *
 * Prints, on the held-out deals, for the hand-set policy, the committed
 * learned (linear) policy, an optional weights file (-w) each scaled to
 * fit, and the network: the cross-entropy against q and against the
 * search's choice, the share of decisions where the policy's card is the
 * search's choice (accuracy: all, stock, end phase), the share where it
 * has the search's best value, and the value it loses against the best.
 * The network's figures are those of the exported weights through the
 * engine's own forward pass (policy_mlp_score).
 *
 * -h 0: no hidden units, the linear term alone (a control).
 *
 *	policy_mlp_fit -i data.bin [-T temp] [-H] [-E] [-h hidden] [-e epochs]
 *	    [-r rate] [-l l2] [-S seed] [-w linear.txt] [-t out.txt]
 *	    [-o policy_mlp_weights.h]
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "policy_features.h"
#include "policy_io.h"
#include "policy_mlp.h"
#include "policy_mlp_io.h"
#include "rollout.h"

#define NIN	(PF_COUNT + PMLP_KINDS)
#define MAXA	64

struct data {
	long	ndec, nrow, capd, capr;
	long	*off;
	int	*n, *chosen, *kind, *best;
	char	*held;
	int16_t	*raw;		/* nrow x PF_COUNT */
	float	*x;		/* nrow x NIN, standardised */
	float	*value, *q;
	int32_t	*worlds;
};

static void *
grow(void *p, long n, size_t size)
{
	if ((p = realloc(p, (size_t)n * size)) == NULL)
		abort();
	return p;
}

static void
bad(const char *path, const char *what)
{
	fprintf(stderr, "%s: %s\n", path, what);
	exit(1);
}

static void
load(const char *path, struct data *d)
{
	FILE *f = fopen(path, "rb");
	int32_t head[2], worlds[MAXA];
	int16_t rec[3], x[MAXA * PF_COUNT];
	float v[MAXA];

	if (f == NULL)
		bad(path, strerror(errno));
	if (fread(head, sizeof(head), 1, f) != 1 ||
	    head[0] != PF_MAGIC_VALUES || head[1] != PF_COUNT)
		bad(path, "not policy_selfplay -V data of these features");
	while (fread(head, sizeof(head), 1, f) == 1) {
		for (int k = 0; k < head[1]; k++) {
			int n, b = -1;
			if (fread(rec, sizeof(rec), 1, f) != 1 || rec[0] < 2 ||
			    rec[0] > MAXA || rec[1] < 0 || rec[1] >= rec[0])
				bad(path, "truncated or corrupt decision");
			n = rec[0];
			if (fread(x, sizeof(int16_t), (size_t)n * PF_COUNT,
			    f) != (size_t)n * PF_COUNT)
				bad(path, "truncated decision");
			for (int i = 0; i < n; i++) {
				unsigned char buf[8];
				if (fread(buf, 8, 1, f) != 1)
					bad(path, "truncated values");
				memcpy(&v[i], buf, 4);
				memcpy(&worlds[i], buf + 4, 4);
				if (worlds[i] >= 0 && (b < 0 || v[i] > v[b]))
					b = i;
			}
			if (b < 0)
				continue;	/* no candidate, no target */
			if (d->ndec == d->capd) {
				d->capd = d->capd ? 2 * d->capd : 1 << 16;
				d->off = grow(d->off, d->capd, sizeof(long));
				d->n = grow(d->n, d->capd, sizeof(int));
				d->chosen = grow(d->chosen, d->capd,
				    sizeof(int));
				d->kind = grow(d->kind, d->capd, sizeof(int));
				d->best = grow(d->best, d->capd, sizeof(int));
				d->held = grow(d->held, d->capd, 1);
			}
			while (d->capr - d->nrow < n) {
				d->capr = d->capr ? 2 * d->capr : 1 << 18;
				d->raw = grow(d->raw, d->capr * PF_COUNT,
				    sizeof(int16_t));
				d->value = grow(d->value, d->capr,
				    sizeof(float));
				d->worlds = grow(d->worlds, d->capr,
				    sizeof(int32_t));
			}
			d->off[d->ndec] = d->nrow;
			d->n[d->ndec] = n;
			d->chosen[d->ndec] = rec[1];
			d->kind[d->ndec] = rec[2] & PFD_END ? PF_KIND_END :
			    rec[2] & PFD_REPLY ? PF_KIND_REPLY : PF_KIND_LEAD;
			d->best[d->ndec] = b;
			d->held[d->ndec] = head[0] % 5 == 0;
			memcpy(d->raw + d->nrow * PF_COUNT, x,
			    sizeof(int16_t) * (size_t)n * PF_COUNT);
			memcpy(d->value + d->nrow, v, sizeof(float) *
			    (size_t)n);
			memcpy(d->worlds + d->nrow, worlds, sizeof(int32_t) *
			    (size_t)n);
			d->nrow += n;
			d->ndec++;
		}
	}
	fclose(f);
	d->q = grow(NULL, d->nrow, sizeof(float));
	d->x = grow(NULL, d->nrow * NIN, sizeof(float));
}

/* q: soft targets at temperature t, or the search's choice (t <= 0);
 * in the end phase the solver's choice unless soft_end (its values, the
 * deal's game value, are the same for nearly every card). */
static void
targets(struct data *d, double t, bool soft_end)
{
	for (long k = 0; k < d->ndec; k++) {
		long o = d->off[k];
		int n = d->n[k];
		double top = d->value[o + d->best[k]], sum = 0;
		bool hard = t <= 0 || (!soft_end && d->kind[k] == PF_KIND_END);
		for (int i = 0; i < n; i++) {
			double e = hard ? (i == d->chosen[k]) :
			    d->worlds[o + i] < 0 ? 0 :
			    exp((d->value[o + i] - top) / t);
			d->q[o + i] = (float)e;
			sum += e;
		}
		for (int i = 0; i < n; i++)
			d->q[o + i] = (float)(d->q[o + i] / sum);
	}
}

static double mean_[PF_COUNT], sd_[PF_COUNT];

static void
standardise(struct data *d)
{
	long cnt = 0;

	for (long k = 0; k < d->ndec; k++) {
		if (d->held[k])
			continue;
		for (int i = 0; i < d->n[k]; i++) {
			const int16_t *r = d->raw + (d->off[k] + i) * PF_COUNT;
			for (int j = 0; j < PF_COUNT; j++) {
				mean_[j] += r[j];
				sd_[j] += (double)r[j] * r[j];
			}
			cnt++;
		}
	}
	for (int j = 0; j < PF_COUNT; j++) {
		mean_[j] /= (double)cnt;
		sd_[j] = sqrt(sd_[j] / (double)cnt - mean_[j] * mean_[j]);
		if (!(sd_[j] > 1e-6))
			sd_[j] = 1;
	}
	for (long k = 0; k < d->ndec; k++)
		for (int i = 0; i < d->n[k]; i++) {
			long r = d->off[k] + i;
			float *x = d->x + r * NIN;
			for (int j = 0; j < PF_COUNT; j++)
				x[j] = (float)((d->raw[r * PF_COUNT + j] -
				    mean_[j]) / sd_[j]);
			for (int c = 0; c < PMLP_KINDS; c++)
				x[PF_COUNT + c] = c == d->kind[k];
		}
}

/* The network on standardised inputs, and Adam's moments. */
struct net {
	int	h;
	double	w[PMLP_MAX_HIDDEN][NIN], b[PMLP_MAX_HIDDEN];
	double	v[PMLP_MAX_HIDDEN], u[PF_COUNT];
};

#define NPARAM(h)	((h) * NIN + 2 * (h) + PF_COUNT)

/* Flat views of a net's parameters (the unused units excluded). */
static int
flat(struct net *m, double **p)
{
	int k = 0;

	for (int a = 0; a < m->h; a++)
		for (int j = 0; j < NIN; j++)
			p[k++] = &m->w[a][j];
	for (int a = 0; a < m->h; a++)
		p[k++] = &m->b[a];
	for (int a = 0; a < m->h; a++)
		p[k++] = &m->v[a];
	for (int j = 0; j < PF_COUNT; j++)
		p[k++] = &m->u[j];
	return k;
}

static double
forward(const struct net *m, const float *x, double *act)
{
	double z = 0;

	for (int j = 0; j < PF_COUNT; j++)
		z += m->u[j] * x[j];
	for (int a = 0; a < m->h; a++) {
		double s = m->b[a];
		for (int j = 0; j < NIN; j++)
			s += m->w[a][j] * x[j];
		act[a] = s;
		if (s > 0)
			z += m->v[a] * s;
	}
	return z;
}

/* Adds the gradient of decision k's loss to g; returns its loss. */
static double
backward(const struct net *m, const struct data *d, long k, struct net *g)
{
	static double act[MAXA][PMLP_MAX_HIDDEN];
	double z[MAXA], top = -1e300, sum = 0, loss = 0;
	long o = d->off[k];
	int n = d->n[k];

	for (int i = 0; i < n; i++) {
		z[i] = forward(m, d->x + (o + i) * NIN, act[i]);
		if (z[i] > top)
			top = z[i];
	}
	for (int i = 0; i < n; i++)
		sum += exp(z[i] - top);
	for (int i = 0; i < n; i++) {
		double lp = z[i] - top - log(sum), e = exp(lp) - d->q[o + i];
		const float *x = d->x + (o + i) * NIN;
		loss -= d->q[o + i] * lp;
		for (int j = 0; j < PF_COUNT; j++)
			g->u[j] += e * x[j];
		for (int a = 0; a < m->h; a++) {
			double ea;
			if (act[i][a] <= 0)
				continue;
			g->v[a] += e * act[i][a];
			ea = e * m->v[a];
			g->b[a] += ea;
			for (int j = 0; j < NIN; j++)
				g->w[a][j] += ea * x[j];
		}
	}
	return loss;
}

static uint64_t rs = 88172645463325252ULL;

static double
uniform(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (double)(rs >> 11) / 9007199254740992.0;
}

/* A scoring of every card of decision k (higher played). */
typedef void (*score_fn)(const void *arg, const struct data *d, long k,
    double *z);

struct lin {
	const double	*theta;
	double		 scale;
};

static void
score_lin(const void *arg, const struct data *d, long k, double *z)
{
	const struct lin *l = arg;

	for (int i = 0; i < d->n[k]; i++) {
		const int16_t *r = d->raw + (d->off[k] + i) * PF_COUNT;
		double s = 0;
		for (int j = 0; j < PF_COUNT; j++)
			s += l->theta[j] * r[j];
		z[i] = -l->scale * s;
	}
}

static void
score_mlp(const void *arg, const struct data *d, long k, double *z)
{
	for (int i = 0; i < d->n[k]; i++)
		z[i] = policy_mlp_score(arg, d->raw + (d->off[k] + i) *
		    PF_COUNT, d->kind[k]);
}

static void
score_net(const void *arg, const struct data *d, long k, double *z)
{
	double act[PMLP_MAX_HIDDEN];

	for (int i = 0; i < d->n[k]; i++)
		z[i] = forward(arg, d->x + (d->off[k] + i) * NIN, act);
}

/* Cross-entropy against q over the train (held false) or held-out set. */
static double
set_loss(score_fn f, const void *arg, const struct data *d, bool held,
    bool hard)
{
	double z[MAXA], loss = 0;
	long cnt = 0;

	for (long k = 0; k < d->ndec; k++) {
		double top = -1e300, sum = 0;
		long o = d->off[k];
		if (d->held[k] != held)
			continue;
		f(arg, d, k, z);
		for (int i = 0; i < d->n[k]; i++)
			if (z[i] > top)
				top = z[i];
		for (int i = 0; i < d->n[k]; i++)
			sum += exp(z[i] - top);
		for (int i = 0; i < d->n[k]; i++) {
			double q = hard ? (i == d->chosen[k]) : d->q[o + i];
			loss -= q * (z[i] - top - log(sum));
		}
		cnt++;
	}
	return loss / (double)cnt;
}

/* The scale of linear weights that fits the train set best. */
static double
fit_scale(const double *theta, const struct data *d)
{
	double lo = log(1e-4), hi = log(10);
	struct lin l = { theta, 0 };

	for (int it = 0; it < 40; it++) {
		double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3, la, lb;
		l.scale = exp(a);
		la = set_loss(score_lin, &l, d, false, false);
		l.scale = exp(b);
		lb = set_loss(score_lin, &l, d, false, false);
		if (la < lb)
			hi = b;
		else
			lo = a;
	}
	return exp((lo + hi) / 2);
}

static void
report(const char *what, score_fn f, const void *arg, const struct data *d)
{
	double z[MAXA], lost = 0;
	long cnt[3] = { 0 }, acc[3] = { 0 }, agree = 0;

	for (long k = 0; k < d->ndec; k++) {
		long o = d->off[k];
		int c = 0, end = d->kind[k] == PF_KIND_END;
		double top;
		if (!d->held[k])
			continue;
		f(arg, d, k, z);
		for (int i = 1; i < d->n[k]; i++)
			if (z[i] > z[c])
				c = i;
		cnt[0]++;
		cnt[1 + end]++;
		acc[0] += c == d->chosen[k];
		acc[1 + end] += c == d->chosen[k];
		top = d->value[o + d->best[k]];
		if (d->worlds[o + c] >= 0) {
			lost += top - d->value[o + c];
			agree += d->value[o + c] >= top - 1e-6;
		} else {
			lost += top;	/* not a candidate: never here */
		}
	}
	printf("  %-22s CE(q) %.4f  CE(choice) %.4f  accuracy %.4f "
	    "(stock %.4f, end %.4f)  best value %.4f  value lost %.2f\n",
	    what, set_loss(f, arg, d, true, false),
	    set_loss(f, arg, d, true, true), (double)acc[0] / (double)cnt[0],
	    (double)acc[1] / (double)cnt[1], (double)acc[2] / (double)cnt[2],
	    (double)agree / (double)cnt[0], lost / (double)cnt[0]);
}

/* The network's weights on the raw features (the standardisation folded
 * in), as the engine reads them. */
static void
export(const struct net *m, struct policy_mlp *e)
{
	memset(e, 0, sizeof(*e));
	e->hidden = m->h;
	for (int a = 0; a < m->h; a++) {
		double base = m->b[a];
		for (int j = 0; j < PF_COUNT; j++) {
			e->w1[j][a] = (float)(m->w[a][j] / sd_[j]);
			base -= m->w[a][j] * mean_[j] / sd_[j];
		}
		for (int c = 0; c < PMLP_KINDS; c++)
			e->b1[c][a] = (float)(base + m->w[a][PF_COUNT + c]);
		e->w2[a] = (float)m->v[a];
	}
	for (int j = 0; j < PF_COUNT; j++)
		e->skip[j] = (float)(m->u[j] / sd_[j]);
}

/* One weight a hidden unit, four to a line of the macro. */
static void
put_units(FILE *f, const float *x, int h)
{
	for (int a = 0; a < h; a++)
		fprintf(f, "%s%.9g,%s", a % 4 == 0 ? "\t\t" : " ", x[a],
		    a % 4 == 3 || a == h - 1 ? " \\\n" : "");
}

static void
write_header(const char *path, const struct policy_mlp *e,
    const char *recipe)
{
	FILE *f = fopen(path, "w");
	int h = e->hidden;

	if (f == NULL)
		bad(path, strerror(errno));
	fprintf(f, "/*\n * policy_mlp_weights.h: the non-linear simulation "
	    "policy's weights\n * (policy_mlp.h), generated by "
	    "tools/policy_mlp_fit.c%s%s:\n * do not edit.\n */\n",
	    recipe[0] ? ",\n * " : "", recipe);
	fprintf(f, "#define POLICY_MLP_WEIGHTS { \\\n\t.hidden = %d, \\\n"
	    "\t.w1 = { \\\n", h);
	for (int j = 0; j < PF_COUNT; j++) {
		fprintf(f, "\t\t{ /* %s */ \\\n", policy_feature_names[j]);
		put_units(f, e->w1[j], h);
		fprintf(f, "\t\t}, \\\n");
	}
	fprintf(f, "\t}, \\\n\t.b1 = { \\\n");
	for (int c = 0; c < PMLP_KINDS; c++) {
		fprintf(f, "\t\t{ \\\n");
		put_units(f, e->b1[c], h);
		fprintf(f, "\t\t}, \\\n");
	}
	fprintf(f, "\t}, \\\n\t.w2 = { \\\n");
	put_units(f, e->w2, h);
	fprintf(f, "\t}, \\\n\t.skip = { \\\n");
	for (int j = 0; j < PF_COUNT; j++)
		fprintf(f, "\t\t%.9g, /* %s */ \\\n", e->skip[j],
		    policy_feature_names[j]);
	fprintf(f, "\t}, \\\n}\n");
	if (fclose(f) != 0)
		bad(path, strerror(errno));
}

int
main(int argc, char **argv)
{
	static struct data d;
	static struct net m, g, mom1, mom2;
	static struct policy_mlp e;
	static double *pm[NPARAM(PMLP_MAX_HIDDEN)], *pg[NPARAM(PMLP_MAX_HIDDEN)],
	    *p1[NPARAM(PMLP_MAX_HIDDEN)], *p2[NPARAM(PMLP_MAX_HIDDEN)];
	double temp = 20, rate = 2e-3, l2 = 1e-5, hand[PF_COUNT],
	    other[PF_COUNT];
	const char *in = NULL, *text = NULL, *header = NULL, *wfile = NULL;
	const char *recipe = "";
	int ch, hidden = 24, epochs = 12, batch = 128, np;
	bool hard = false, soft_end = false;
	long *order, ntrain = 0, step = 0;
	struct lin lh, ll, lw;

	while ((ch = getopt(argc, argv, "i:T:HEh:e:r:l:S:w:t:o:R:b:")) != -1) {
		switch (ch) {
		case 'i': in = optarg; break;
		case 'T': temp = strtod(optarg, NULL); break;
		case 'H': hard = true; break;
		case 'E': soft_end = true; break;
		case 'h': hidden = atoi(optarg); break;
		case 'e': epochs = atoi(optarg); break;
		case 'b': batch = atoi(optarg); break;
		case 'r': rate = strtod(optarg, NULL); break;
		case 'l': l2 = strtod(optarg, NULL); break;
		case 'S': rs = strtoull(optarg, NULL, 10) | 1; break;
		case 'w': wfile = optarg; break;
		case 't': text = optarg; break;
		case 'o': header = optarg; break;
		case 'R': recipe = optarg; break;
		default: exit(2);
		}
	}
	if (in == NULL || hidden < 0 || hidden > PMLP_MAX_HIDDEN ||
	    epochs < 0 || batch < 1) {
		fprintf(stderr, "usage: policy_mlp_fit -i data.bin [-T temp] "
		    "[-H] [-E] [-h hidden] [-e epochs] [-r rate] [-l l2] [-S seed]"
		    " [-b batch] [-w linear.txt] [-t out.txt] [-o header.h "
		    "[-R recipe]]\n");
		exit(2);
	}
	load(in, &d);
	standardise(&d);
	targets(&d, hard ? 0 : temp, soft_end);
	for (long k = 0; k < d.ndec; k++)
		ntrain += !d.held[k];
	printf("%ld decisions, %ld fitted, %ld held out; targets: %s "
	    "(T %g)%s\n", d.ndec, ntrain, d.ndec - ntrain, hard ?
	    "the search's choice" : "softmax of the values", hard ? 0 : temp,
	    !hard && !soft_end ? ", the solver's choice in the end phase" :
	    "");

	policy_features_of_scale(&rollout_weights, hand);
	lh.theta = hand;
	lh.scale = fit_scale(hand, &d);
	ll.theta = policy_learned;
	ll.scale = fit_scale(policy_learned, &d);
	report("hand-set, scaled", score_lin, &lh, &d);
	report("learned (linear)", score_lin, &ll, &d);
	if (wfile != NULL) {
		weights_read(wfile, other);
		lw.theta = other;
		lw.scale = fit_scale(other, &d);
		report("-w linear, scaled", score_lin, &lw, &d);
	}
	fflush(stdout);

	/* Start: the hand-set policy (scaled) as the linear term, small
	 * random units. */
	m.h = hidden;
	g.h = mom1.h = mom2.h = hidden;
	for (int j = 0; j < PF_COUNT; j++)
		m.u[j] = -lh.scale * hand[j] * sd_[j];
	for (int a = 0; a < hidden; a++) {
		for (int j = 0; j < NIN; j++)
			m.w[a][j] = (uniform() * 2 - 1) * sqrt(3.0 / NIN);
		m.b[a] = 0.1;
		m.v[a] = (uniform() * 2 - 1) * 0.1;
	}
	np = flat(&m, pm);
	flat(&g, pg);
	flat(&mom1, p1);
	flat(&mom2, p2);
	order = grow(NULL, ntrain, sizeof(long));
	ntrain = 0;
	for (long k = 0; k < d.ndec; k++)
		if (!d.held[k])
			order[ntrain++] = k;
	for (int ep = 0; ep < epochs; ep++) {
		double lr = rate * (1 - 0.9 * ep / (double)epochs), tl = 0;
		for (long i = ntrain - 1; i > 0; i--) {
			long j = (long)(uniform() * (double)(i + 1)), t;
			t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (long s = 0; s < ntrain; s += batch) {
			long end = s + batch < ntrain ? s + batch : ntrain;
			double b1t, b2t;
			memset(&g, 0, sizeof(g));
			g.h = hidden;
			for (long i = s; i < end; i++)
				tl += backward(&m, &d, order[i], &g);
			step++;
			b1t = 1 - pow(0.9, (double)step);
			b2t = 1 - pow(0.999, (double)step);
			for (int k = 0; k < np; k++) {
				double gr = *pg[k] / (double)(end - s) +
				    l2 * *pm[k];
				*p1[k] = 0.9 * *p1[k] + 0.1 * gr;
				*p2[k] = 0.999 * *p2[k] + 0.001 * gr * gr;
				*pm[k] -= lr * (*p1[k] / b1t) /
				    (sqrt(*p2[k] / b2t) + 1e-8);
			}
		}
		printf("epoch %2d: train loss %.4f, held-out loss %.4f\n",
		    ep + 1, tl / (double)ntrain, set_loss(score_net, &m, &d,
		    true, false));
		fflush(stdout);
	}
	export(&m, &e);
	report("network (exported)", score_mlp, &e, &d);
	if (text != NULL) {
		FILE *f = fopen(text, "w");
		if (f == NULL)
			bad(text, strerror(errno));
		mlp_write(f, &e);
		if (fclose(f) != 0)
			bad(text, strerror(errno));
	}
	if (header != NULL)
		write_header(header, &e, recipe);
	return 0;
}
