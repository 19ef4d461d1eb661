/*
 * luck_model_fit.c: fits the luck estimator's V (engine/ai/luck_model.h)
 * and writes its weights (luck_weights.h):
 *
 *	luck_model_fit [-n deals] [-s seed] [-h hidden] [-e epochs]
 *	    [-r rate/1e5] [-t iterations] [-l lambda%] [-f deals.txt]...
 *	    [-o luck_weights.h]
 *
 * Plays n Rubicon deals from seed s on (deal i: seed s + i, dealer i % 2;
 * greedy against greedy, club against greedy and greedy against club in
 * turn: deterministic levels, those the luck is measured on), and takes
 * the deals of each -f file after them (luck_deals_io.h: deals of other
 * engines, from records by scripts/luck_deals.py), keeping
 * both seats' inputs at the deal of the hands and after every draw that
 * leaves stock (where luck.c takes V by its figures), and seat 0's
 * result.  Each state counts twice, as dealt and with the seats swapped
 * (the result turned round): the network learns no seat's side.  Every
 * fifth deal is held out.  The networks (score: logistic, cross-entropy;
 * value in thousands: squared error) are fitted by Adam on minibatches,
 * inputs scaled by their spread (not centred: the zeros of a hand's
 * counts stay zero and are skipped), first to the results, then t times
 * to their own lambda-returns (td_deal): what the luck leaves of a deal
 * is the sum of V's own inconsistencies from one draw to the next, and
 * these targets shrink them.  Prints, each epoch, the held-out squared
 * error against the results and their variance (R2: the share
 * explained).  Deterministic: the same arguments write the same weights.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "club.h"
#include "greedy.h"
#include "luck.h"
#include "luck_deals_io.h"
#include "luck_model.h"
#include "luck_model_io.h"

#define BATCH	256
#define MAXDRAWS	128
#define MAXNU	(2 * LUCK_MAXHIDDEN)

struct data {
	long	 n, cap;
	float	*x;		/* n rows: seat 0's inputs, seat 1's */
	float	*res;		/* n rows: seat 0's score, value / 1000 */
	float	*y;		/* n rows: the targets on the same scales */
	char	*held;		/* held out */
	long	*first;		/* deal i's first row */
	struct played_deal *deal;	/* deal i as dealt and played */
};


/* Adam's state of the parameters (struct net's w, all of them). */
struct adam {
	long	 n;
	float	*g, *m, *v;
	int	 t;
};

static void *
xrealloc_or_die(void *p, size_t size)
{
	if ((p = realloc(p, size)) == NULL) {
		fprintf(stderr, "luck_model_fit: out of memory\n");
		exit(1);
	}
	return p;
}

static uint64_t
next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void
keep_state(struct data *d, const struct game *g, int held)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 4096;
		d->x = xrealloc_or_die(d->x, (size_t)d->cap * 2 * LUCK_NIN *
		    sizeof(float));
		d->y = xrealloc_or_die(d->y, (size_t)d->cap * 2 *
		    sizeof(float));
		d->res = xrealloc_or_die(d->res, (size_t)d->cap * 2 *
		    sizeof(float));
		d->held = xrealloc_or_die(d->held, (size_t)d->cap);
	}
	luck_model_inputs(g, 0, d->x + d->n * 2 * LUCK_NIN);
	luck_model_inputs(g, 1, d->x + d->n * 2 * LUCK_NIN + LUCK_NIN);
	d->held[d->n++] = (char)held;
}

/* Deal i of the sample: greedy against greedy, club against greedy,
 * greedy against club in turn, on seed + i with dealer i % 2. */
static struct game *
deal_of(const struct rules *r, uint64_t seed, long i)
{
	return game_new(r, seed + (uint64_t)i, (int)(i % 2));
}

static void
choose(const struct game *g, long i, struct action *a)
{
	int seat = game_to_move(g), club = (int)(i % 3) - 1, rc;
	struct game *view = game_view(g, seat);

	rc = seat == club ? club_choose(view, NULL, a) :
	    greedy_choose(view, NULL, a);
	game_free(view);
	if (rc < 0) {
		fprintf(stderr, "luck_model_fit: deal %ld: no move\n", i);
		exit(1);
	}
}

static void
result_of(const struct game *g, double *out)
{
	struct result res;

	game_result(g, &res);
	out[0] = res.value.winner < 0 ? 0.5 : res.value.winner == 0;
	out[1] = res.value.winner < 0 ? 0 : (res.value.winner == 0 ?
	    res.value.value : -res.value.value) / 1000.0;
}

/* Deal i: its states kept, the result their first targets; played (its
 * actions kept) unless it was read. */
static void
play_deal(struct data *d, const struct rules *r, uint64_t seed, long i)
{
	struct played_deal *p = &d->deal[i];
	bool play = p->g0 == NULL;
	struct game *g;
	double res[2];
	int next = 0;

	if (play)
		p->g0 = deal_of(r, seed, i);
	g = game_clone(p->g0);
	d->first[i] = d->n;
	keep_state(d, g, i % 5 == 4);
	while (!game_over(g)) {
		int left = game_stock_left(g);
		struct action a;
		if (play) {
			choose(g, i, &a);
			played_deal_add(p, &a);
		} else
			a = p->a[next++];
		if (game_apply(g, &a, NULL) < 0)
			exit(1);
		if (game_stock_left(g) < left && game_stock_left(g) > 0)
			keep_state(d, g, i % 5 == 4);
	}
	result_of(g, res);
	for (long k = d->first[i]; k < d->n; k++)
		for (int c = 0; c < 2; c++)
			d->y[2 * k + c] = d->res[2 * k + c] = (float)res[c];
	game_free(g);
}

/* V by the network being fitted (its weights with the inputs' scale
 * folded in, through the engine's own pass), by luck.h's machinery;
 * once the stock is out, luck_v_eval's. */
struct td {
	struct luck_net	 n;
	float		*w;
	struct luck_v	 def;
};

static void
fold(struct td *t, const struct net *nt, const float *scale)
{
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < LUCK_NIN; i++)
			for (int k = 0; k < nt->nu; k++) {
				long j = ((long)s * LUCK_NIN + i) * nt->nu + k;
				t->w[j] = nt->w[j] / scale[i];
			}
	t->n = (struct luck_net){ nt->h, t->w, nt->b, nt->out, nt->out_b };
}

static void
td_seat(const struct game *g, int seat, void *ctx, double *u)
{
	luck_model_seat_with(&((struct td *)ctx)->n, g, seat, u);
}

static void
td_outcome(const struct game *g, const double *const *u, void *ctx,
    double *out)
{
	(void)g;
	luck_model_outcome_with(&((struct td *)ctx)->n, u[0], u[1], out);
	out[2] = 0;
}

/* Without the last band's scale, which is refitted after the network
 * (the weights do not depend on it). */
static void
td_whole(const struct game *g, void *ctx, double *out)
{
	const struct td *t = ctx;
	double s[2];

	t->def.whole(g, t->def.ctx, out);
	luck_scale(LUCK_BANDS - 1, s);
	out[0] = 0.5 + (out[0] - 0.5) / s[0];
	out[1] /= s[1];
}

/*
 * Deal i replayed with the luck counted by the network's V: each kept
 * state's target becomes its lambda-return, G = (1 - lambda) M +
 * lambda (G' - luck), M the expectation of V over the next draw, G' the
 * next state's return, luck that draw's (V after it less M), the last
 * G' the result.  Lambda 1: the result less the luck of the draws still
 * to come (the result's own noise less what V sees of it); 0: M alone.
 */
static void
td_deal(struct data *d, long i, const struct luck_v *v, double lambda,
    long end)
{
	const struct played_deal *p = &d->deal[i];
	struct luck_run run;
	double ev[2 * MAXDRAWS], after[LUCK_NOUT], e[LUCK_NOUT], res[2];
	double u[2][LUCK_MAXU];
	const double *at[2] = { u[0], u[1] };
	int k = 0;

	if (luck_begin(&run, p->g0, v, NULL) < 0)
		exit(1);
	for (int j = 0; j < p->n && !game_over(run.g); j++) {
		int drew;
		if ((drew = luck_apply(&run, &p->a[j], e)) < 0 ||
		    k == MAXDRAWS)
			exit(1);
		if (drew == 0)
			continue;
		if (game_stock_left(run.g) == 0) {
			v->whole(run.g, v->ctx, after);
		} else {
			v->seat(run.g, 0, v->ctx, u[0]);
			v->seat(run.g, 1, v->ctx, u[1]);
			v->outcome(run.g, at, v->ctx, after);
		}
		ev[2 * k] = e[0];
		ev[2 * k + 1] = e[1] / 1000;
		d->y[2 * (d->first[i] + k)] = (float)(after[0] - e[0]);
		d->y[2 * (d->first[i] + k) + 1] = (float)((after[1] - e[1]) /
		    1000);
		k++;
	}
	if (d->first[i] + k != end) {
		fprintf(stderr, "luck_model_fit: deal %ld: %d draws, %ld "
		    "states\n", i, k, end - d->first[i]);
		exit(1);
	}
	result_of(run.g, res);
	for (int j = k - 1; j >= 0; j--)
		for (int c = 0; c < 2; c++) {
			float *y = &d->y[2 * (d->first[i] + j) + c];
			res[c] = (1 - lambda) * *y + lambda * (res[c] -
			    ev[2 * j + c]);
			*y = (float)res[c];
		}
	luck_end(&run);
}

/* Each input's spread over the fitting rows (1 where it never varies). */
static void
input_scale(const struct data *d, float *scale)
{
	for (int i = 0; i < LUCK_NIN; i++) {
		double s = 0, s2 = 0, n = 0;
		for (long k = 0; k < d->n; k++)
			for (int p = 0; p < 2 && !d->held[k]; p++) {
				double x = d->x[(k * 2 + p) * LUCK_NIN + i];
				s += x;
				s2 += x * x;
				n++;
			}
		double var = n > 1 ? (s2 - s * s / n) / (n - 1) : 0;
		scale[i] = var > 1e-12 ? (float)sqrt(var) : 1;
	}
}

/* Forward pass of one state (x0, x1: the two slots' scaled inputs):
 * pre-activations into pre, outputs into z (logit, value). */
static void
forward(const struct net *nt, const float *x0, const float *x1, float *pre,
    float *z)
{
	const float *xs[2] = { x0, x1 };

	memcpy(pre, nt->b, sizeof(float) * nt->nu);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < LUCK_NIN; i++) {
			const float *w = nt->w + ((long)s * LUCK_NIN + i) *
			    nt->nu;
			float x = xs[s][i];
			if (x == 0)
				continue;
			for (int k = 0; k < nt->nu; k++)
				pre[k] += x * w[k];
		}
	z[0] = nt->out_b[0];
	z[1] = nt->out_b[1];
	for (int k = 0; k < nt->nu; k++)
		if (pre[k] > 0)
			z[k >= nt->h] += pre[k] * nt->out[k];
}

/* Adds one state's gradient into g (laid out as struct adam's). */
static void
backward(const struct net *nt, const float *x0, const float *x1,
    const float *y, float *g)
{
	const float *xs[2] = { x0, x1 };
	float pre[MAXNU], z[2], dz[2], dh[MAXNU];
	long nw = 2L * LUCK_NIN * nt->nu;
	float *gb = g + nw, *go = gb + nt->nu, *gob = go + nt->nu;

	forward(nt, x0, x1, pre, z);
	dz[0] = (float)(1 / (1 + exp(-z[0]))) - y[0];
	dz[1] = z[1] - y[1];
	gob[0] += dz[0];
	gob[1] += dz[1];
	for (int k = 0; k < nt->nu; k++) {
		float d = dz[k >= nt->h];
		dh[k] = pre[k] > 0 ? d * nt->out[k] : 0;
		go[k] += pre[k] > 0 ? d * pre[k] : 0;
		gb[k] += dh[k];
	}
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < LUCK_NIN; i++) {
			float *gw = g + ((long)s * LUCK_NIN + i) * nt->nu;
			float x = xs[s][i];
			if (x == 0)
				continue;
			for (int k = 0; k < nt->nu; k++)
				gw[k] += x * dh[k];
		}
}

static void
adam_step(struct net *nt, struct adam *a, double rate, int n)
{
	const double b1 = 0.9, b2 = 0.999, l2 = 1e-6;
	double c1, c2;

	a->t++;
	c1 = 1 - pow(b1, a->t);
	c2 = 1 - pow(b2, a->t);
	for (long j = 0; j < a->n; j++) {
		float *p = nt->w + j;
		double g = a->g[j] / n + l2 * *p;
		a->m[j] = (float)(b1 * a->m[j] + (1 - b1) * g);
		a->v[j] = (float)(b2 * a->v[j] + (1 - b2) * g * g);
		*p -= (float)(rate * (a->m[j] / c1) /
		    (sqrt(a->v[j] / c2) + 1e-8));
		a->g[j] = 0;
	}
}

/* State k in slot order o (1: the seats swapped, the result turned
 * round), scaled: x0, x1 and the targets y. */
static void
example(const struct data *d, const float *scale, long k, int o, float *x0,
    float *x1, float *y)
{
	const float *a = d->x + (k * 2 + o) * LUCK_NIN;
	const float *b = d->x + (k * 2 + 1 - o) * LUCK_NIN;

	for (int i = 0; i < LUCK_NIN; i++) {
		x0[i] = a[i] / scale[i];
		x1[i] = b[i] / scale[i];
	}
	y[0] = o ? 1 - d->y[2 * k] : d->y[2 * k];
	y[1] = o ? -d->y[2 * k + 1] : d->y[2 * k + 1];
}

/* Held-out mean squared errors against the deals' results, of the score
 * and of the value (thousands), and the results' variances. */
static void
held_out(const struct net *nt, const struct data *d, const float *scale,
    double *mse, double *var)
{
	double s[2] = { 0, 0 }, s2[2] = { 0, 0 }, e[2] = { 0, 0 }, n = 0;
	float x0[LUCK_NIN], x1[LUCK_NIN], y[2], pre[MAXNU], z[2];

	for (long k = 0; k < d->n; k++) {
		if (!d->held[k])
			continue;
		example(d, scale, k, 0, x0, x1, y);
		forward(nt, x0, x1, pre, z);
		double p[2] = { 1 / (1 + exp(-z[0])), z[1] };
		double t[2] = { d->res[2 * k], d->res[2 * k + 1] };
		for (int c = 0; c < 2; c++) {
			e[c] += (p[c] - t[c]) * (p[c] - t[c]);
			s[c] += t[c];
			s2[c] += t[c] * t[c];
		}
		n++;
	}
	for (int c = 0; c < 2; c++) {
		mse[c] = e[c] / n;
		var[c] = s2[c] / n - (s[c] / n) * (s[c] / n);
	}
}

static void
fit(struct net *nt, const struct data *d, const float *scale, int epochs,
    double rate, int init)
{
	struct adam a = { 0 };
	long *order, nfit = 0;
	uint64_t rs = 0x2545f4914f6cdd1dULL;
	float x0[LUCK_NIN], x1[LUCK_NIN], y[2];

	a.n = 2L * LUCK_NIN * nt->nu + 2L * nt->nu + 2;
	a.g = calloc((size_t)a.n * 3, sizeof(float));
	a.m = a.g + a.n;
	a.v = a.m + a.n;
	order = xrealloc_or_die(NULL, (size_t)d->n * 2 * sizeof(long));
	for (long k = 0; k < d->n; k++)
		if (!d->held[k]) {
			order[nfit++] = 2 * k;
			order[nfit++] = 2 * k + 1;
		}
	/* Uniform weights, into the units and out of them; biases 0
	 * (the outputs' drawn too, then cleared). */
	for (long j = 0; init && j < a.n; j++)
		if (j < 2L * LUCK_NIN * nt->nu || j >= a.n - 2 - nt->nu)
			nt->w[j] = j >= a.n - 2 ? 0 * next_rand(&rs) :
			    (float)(((next_rand(&rs) >> 11) * 0x1p-52 - 1) *
			    (j < a.n - 2 - nt->nu ? 0.1 : 0.3));
	for (int e = 0; e < epochs; e++) {
		double mse[2], var[2], r = rate * (1 - (double)e / epochs);
		for (long j = nfit - 1; j > 0; j--) {
			long t = (long)(next_rand(&rs) % (uint64_t)(j + 1));
			long u = order[j];
			order[j] = order[t];
			order[t] = u;
		}
		for (long j = 0; j < nfit; j += BATCH) {
			int n = 0;
			for (; n < BATCH && j + n < nfit; n++) {
				long k = order[j + n];
				example(d, scale, k / 2, (int)(k % 2), x0, x1,
				    y);
				backward(nt, x0, x1, y, a.g);
			}
			adam_step(nt, &a, r, n);
		}
		held_out(nt, d, scale, mse, var);
		fprintf(stderr, "epoch %d: held out: score mse %.5f (var %.5f,"
		    " R2 %.3f), value mse %.4f (var %.4f, R2 %.3f)\n", e + 1,
		    mse[0], var[0], 1 - mse[0] / var[0], mse[1], var[1],
		    1 - mse[1] / var[1]);
	}
	free(order);
	free(a.g);
}

static long
number(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "luck_model_fit: %s wants a number from %ld "
		    "to %ld, not '%s'\n", opt, lo, hi, s);
		exit(2);
	}
	return v;
}

int
main(int argc, char **argv)
{
	long n = 20000, seed = 6000000;
	int epochs = 3, iters = 2, c;
	double rate = 0.001, lambda = 0.8;
	struct td td;
	struct luck_v v;
	const char *out = NULL;
	char recipe[600], files[400] = "";
	long total;
	struct data d = { 0 };
	struct net nt = { .h = 32 };
	struct rules r;
	float scale[LUCK_NIN];

	while ((c = getopt(argc, argv, "n:s:h:e:r:o:t:l:f:")) != -1)
		switch (c) {
		case 'f':
			if (strlen(files) + strlen(optarg) + 5 >= sizeof(files))
				return 2;
			strcat(strcat(files, " -f "), optarg);
			break;
		case 'n': n = number("-n", optarg, 10, 10000000); break;
		case 's': seed = number("-s", optarg, 0, 1L << 62); break;
		case 'h': nt.h = (int)number("-h", optarg, 1,
		    LUCK_MAXHIDDEN); break;
		case 'e': epochs = (int)number("-e", optarg, 1, 1000); break;
		case 'r': rate = number("-r", optarg, 1, 100000) / 1e5; break;
		case 'o': out = optarg; break;
		case 't': iters = (int)number("-t", optarg, 0, 100); break;
		case 'l': lambda = number("-l", optarg, 0, 100) / 100.0;
		    break;
		default:
			fprintf(stderr, "usage: luck_model_fit [-n deals] "
			    "[-s seed] [-h hidden] [-e epochs] "
			    "[-r rate/1e5] [-t iterations] [-l lambda%%] "
			    "[-f deals.txt]... [-o luck_weights.h]\n");
			return 2;
		}
	nt.nu = 2 * nt.h;
	nt.w = calloc((size_t)(2 * LUCK_NIN + 2) * nt.nu + 2, sizeof(float));
	nt.b = nt.w + 2L * LUCK_NIN * nt.nu;
	nt.out = nt.b + nt.nu;
	nt.out_b = nt.out + nt.nu;
	rules_init(&r, VARIANT_RUBICON);
	d.deal = xrealloc_or_die(NULL, (size_t)n * sizeof(*d.deal));
	memset(d.deal, 0, (size_t)n * sizeof(*d.deal));
	total = n;
	strcpy(recipe, files);	/* files as given, for the recipe */
	for (char *f = strtok(recipe, " "); f != NULL; f = strtok(NULL, " "))
		if (strcmp(f, "-f") != 0)
			total = played_deals_read(f, &r, &d.deal, total);
	d.first = xrealloc_or_die(NULL, (size_t)(total + 1) * sizeof(long));
	for (long i = 0; i < total; i++)
		play_deal(&d, &r, (uint64_t)seed, i);
	d.first[total] = d.n;
	fprintf(stderr, "%ld deals, %ld states\n", total, d.n);
	input_scale(&d, scale);
	fit(&nt, &d, scale, epochs, rate, 1);
	td.w = xrealloc_or_die(NULL, (size_t)2 * LUCK_NIN * nt.nu *
	    sizeof(float));
	luck_v_eval(&td.def);
	v = (struct luck_v){ nt.nu, td_seat, td_outcome, &td, td_whole, NULL };
	for (int it = 0; it < iters; it++) {
		fprintf(stderr, "iteration %d: lambda-returns\n", it + 1);
		fold(&td, &nt, scale);
		for (long i = 0; i < total; i++)
			td_deal(&d, i, &v, lambda, d.first[i + 1]);
		fit(&nt, &d, scale, epochs, rate, 0);
	}
	luck_v_release(&td.def);
	free(td.w);
	snprintf(recipe, sizeof(recipe), "luck_model_fit -n %ld -s %ld -h %d "
	    "-e %d -r %.0f -t %d -l %.0f%s", n, seed, nt.h, epochs, rate * 1e5,
	    iters, lambda * 100, files);
	if (out != NULL)
		write_weights(out, &nt, scale, recipe);
	free(nt.w);
	free(d.x);
	free(d.y);
	free(d.held);
	free(d.res);
	free(d.first);
	for (long i = 0; i < total; i++)
		played_deal_free(&d.deal[i]);
	free(d.deal);
	return 0;
}
