/*
 * policy_selfplay.c: the data the simulation policy learns from (issue
 * 18): seeded Rubicon deals played by the strong level in both seats at
 * a fixed number of playouts, and at every play decision with more than
 * one legal card the features of each (policy_features.h) and the card
 * the search chose (the stock phase's by simulation, the end phase's
 * solved exactly).  Reproducible: the same options give the same file,
 * whatever -j.  Written as policy_io.h says.
 *
 *	policy_selfplay [-n deals] [-p playouts] [-s seed] [-j jobs]
 *	    [-w weights.txt] [-V] -o data.bin
 *
 * -w: the search simulates with the learned policy on these weights
 * (the next round of learning); without, the hand-set policy.
 * -V: also the search's value of every card: its candidate's mean
 * utility and the worlds behind it (the solved value in the end phase),
 * the targets of a fit to values (policy_fit -T).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "policy_features.h"
#include "policy_io.h"
#include "strong.h"

struct opts {
	long		deals, jobs;
	bool		values;		/* -V */
	uint64_t	seed;
	const char	*out;
	struct think_limits lim;
	struct strong_params p;
	double		theta[PF_COUNT];
};

/* A deal's records, grown as it is played. */
struct buf {
	unsigned char	*v;
	size_t		 n, cap;
};

static void
put_bytes(struct buf *b, const void *x, size_t k)
{
	while (b->cap - b->n < k) {
		b->cap = b->cap ? 2 * b->cap : 8192;
		if ((b->v = realloc(b->v, b->cap)) == NULL)
			abort();
	}
	memcpy(b->v + b->n, x, k);
	b->n += k;
}

static void
put(struct buf *b, int x)
{
	int16_t v = (int16_t)x;

	put_bytes(b, &v, sizeof(v));
}

/* What the search said of its candidates at the decision being played
 * (strong_params.on_candidate). */
struct heard {
	int		n;
	struct action	a[MAX_LEGAL];
	double		mean[MAX_LEGAL];
	long		worlds[MAX_LEGAL];
	int		utility;
};

static void
hear(void *arg, const struct action *a, double mean, long worlds,
    int utility)
{
	struct heard *h = arg;

	if (h->n == MAX_LEGAL)
		return;
	h->a[h->n] = *a;
	h->mean[h->n] = mean;
	h->worlds[h->n++] = worlds;
	h->utility = utility;
}

/* The value of legal play a and the worlds behind it, or -1 worlds if it
 * was not a candidate.  The solver names kinds: every card of the kind
 * has its value. */
static void
value_of(const struct heard *h, const struct action *a, float *mean,
    int32_t *worlds)
{
	*mean = 0;
	*worlds = -1;
	for (int i = 0; i < h->n; i++)
		if (action_equal(&h->a[i], a) || (h->worlds[i] == 0 &&
		    card_kind(h->a[i].cards[0]) == card_kind(a->cards[0]))) {
			*mean = (float)h->mean[i];
			*worlds = (int32_t)h->worlds[i];
			return;
		}
}

/* The legal play the search chose: the same card, or one of its kind
 * (the solver names kinds). */
static int
chosen_index(const struct action *legal, int n, const struct action *a)
{
	for (int i = 0; i < n; i++)
		if (action_equal(&legal[i], a))
			return i;
	for (int i = 0; i < n; i++)
		if (card_kind(legal[i].cards[0]) == card_kind(a->cards[0]))
			return i;
	return -1;
}

/* Records the decision of view v that the search took (a), and with
 * values what it heard (h). */
static void
record(struct pf_buffers *pf, const struct game *v, const struct action *a,
    const struct heard *h, struct buf *b, int *ndec)
{
	static struct action legal[MAX_LEGAL];
	static int16_t f[MAX_LEGAL][PF_COUNT];
	int n = game_legal_actions(v, legal, MAX_LEGAL), c;

	if (n < 2 || n > 256 || (game_decision(v) != DECISION_LEAD &&
	    game_decision(v) != DECISION_REPLY))
		return;
	if ((c = chosen_index(legal, n, a)) < 0) {
		fprintf(stderr, "policy_selfplay: the search's play is not "
		    "legal\n");
		exit(1);
	}
	policy_features(pf, v, legal, n, f);
	put(b, n);
	put(b, c);
	put(b, (game_phase(v) == PHASE_END ? PFD_END : 0) |
	    (game_decision(v) == DECISION_REPLY ? PFD_REPLY : 0) |
	    (h != NULL && h->utility == 1 ? PFD_VALUE : 0));
	for (int i = 0; i < n; i++)
		for (int j = 0; j < PF_COUNT; j++)
			put(b, f[i][j]);
	for (int i = 0; h != NULL && i < n; i++) {
		float mean;
		int32_t worlds;
		value_of(h, &legal[i], &mean, &worlds);
		put_bytes(b, &mean, sizeof(mean));
		put_bytes(b, &worlds, sizeof(worlds));
	}
	(*ndec)++;
}

static void
play_deal(const struct opts *o, long index, FILE *out)
{
	uint64_t seed = o->seed + (uint64_t)index;
	struct rules r;
	struct game *g;
	struct rng rng[2];
	struct pf_buffers pf;
	struct buf b = { NULL, 0, 0 };
	int32_t head[2] = { (int32_t)index, 0 };
	int ndec = 0;
	struct strong_params p = o->p;
	static struct heard h;

	if (o->values) {
		p.on_candidate = hear;
		p.on_candidate_arg = &h;
	}
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	pf_buffers_init(&pf, g);
	for (int k = 0; k < 2; k++)
		rng_seed(&rng[k], seed * 2 + 1 + (uint64_t)k);
	while (!game_over(g)) {
		int seat = game_to_move(g);
		struct game *v = game_view(g, seat);
		struct action a;
		h.n = 0;
		if (strong_search(&p, v, &rng[seat], &o->lim, NULL, NULL,
		    &a) < 0 || game_apply(g, &a, NULL) < 0) {
			fprintf(stderr, "seed %llu: no legal action\n",
			    (unsigned long long)seed);
			exit(1);
		}
		record(&pf, v, &a, o->values ? &h : NULL, &b, &ndec);
		game_free(v);
	}
	head[1] = ndec;
	if (fwrite(head, sizeof(head), 1, out) != 1 ||
	    (b.n > 0 && fwrite(b.v, 1, b.n, out) != b.n)) {
		perror("policy_selfplay: write");
		exit(1);
	}
	free(b.v);
	pf_buffers_free(&pf);
	game_free(g);
}

static char *
part_name(const char *out, long j)
{
	size_t len = strlen(out) + 32;
	char *s = malloc(len);

	if (s == NULL)
		abort();
	snprintf(s, len, "%s.part%ld", out, j);
	return s;
}

static void
worker(const struct opts *o, long j)
{
	char *name = part_name(o->out, j);
	FILE *f = fopen(name, "wb");

	if (f == NULL) {
		perror(name);
		exit(1);
	}
	for (long i = j; i < o->deals; i += o->jobs)
		play_deal(o, i, f);
	if (fclose(f) != 0) {
		perror(name);
		exit(1);
	}
	free(name);
}

/* Copies one deal's block from in to out; checks it is deal `index`. */
static void
copy_deal(FILE *in, FILE *out, long index, bool values)
{
	int32_t head[2];
	int16_t rec[3];
	unsigned char *x;

	if (fread(head, sizeof(head), 1, in) != 1 || head[0] != index) {
		fprintf(stderr, "policy_selfplay: deal %ld missing from the "
		    "workers' files\n", index);
		exit(1);
	}
	fwrite(head, sizeof(head), 1, out);
	for (int d = 0; d < head[1]; d++) {
		size_t k;
		if (fread(rec, sizeof(rec), 1, in) != 1)
			exit(1);
		k = (size_t)rec[0] * (PF_COUNT * sizeof(int16_t) +
		    (values ? sizeof(float) + sizeof(int32_t) : 0));
		if ((x = malloc(k)) == NULL)
			abort();
		if (fread(x, 1, k, in) != k)
			exit(1);
		fwrite(rec, sizeof(rec), 1, out);
		fwrite(x, 1, k, out);
		free(x);
	}
}

/* The workers' files merged in the order of the deals. */
static void
merge(const struct opts *o)
{
	FILE *out = fopen(o->out, "wb"), **in;
	int32_t head[2] = { o->values ? PF_MAGIC_VALUES : PF_MAGIC,
	    PF_COUNT };

	if (out == NULL || (in = calloc((size_t)o->jobs,
	    sizeof(*in))) == NULL) {
		perror(o->out);
		exit(1);
	}
	for (long j = 0; j < o->jobs; j++) {
		char *name = part_name(o->out, j);
		if ((in[j] = fopen(name, "rb")) == NULL) {
			perror(name);
			exit(1);
		}
		unlink(name);
		free(name);
	}
	fwrite(head, sizeof(head), 1, out);
	for (long i = 0; i < o->deals; i++)
		copy_deal(in[i % o->jobs], out, i, o->values);
	for (long j = 0; j < o->jobs; j++)
		fclose(in[j]);
	free(in);
	if (fclose(out) != 0) {
		perror(o->out);
		exit(1);
	}
}

static long
number(const char *opt, const char *s)
{
	char *end;
	long x = strtol(s, &end, 10);

	if (end == s || *end != '\0' || x < 0) {
		fprintf(stderr, "policy_selfplay: -%s %s: not a whole "
		    "number\n", opt, s);
		exit(2);
	}
	return x;
}

int
main(int argc, char **argv)
{
	struct opts o;
	int ch, status, failed = 0;

	memset(&o, 0, sizeof(o));
	o.deals = 100;
	o.jobs = 1;
	o.seed = 1;
	o.lim.playouts = 200;
	strong_defaults(&o.p, NULL);
	o.p.learned = NULL;	/* the hand-set policy unless -w */
	o.p.mlp = NULL;
	while ((ch = getopt(argc, argv, "n:p:s:j:w:Vo:")) != -1) {
		switch (ch) {
		case 'n': o.deals = number("n", optarg); break;
		case 'p': o.lim.playouts = number("p", optarg); break;
		case 's': o.seed = (uint64_t)number("s", optarg); break;
		case 'j': o.jobs = number("j", optarg); break;
		case 'w':
			weights_read(optarg, o.theta);
			o.p.learned = o.theta;
			break;
		case 'V': o.values = true; break;
		case 'o': o.out = optarg; break;
		default: exit(2);
		}
	}
	if (o.out == NULL || o.jobs < 1 || o.lim.playouts < 1) {
		fprintf(stderr, "usage: policy_selfplay [-n deals] [-p "
		    "playouts] [-s seed] [-j jobs] [-w weights.txt] [-V] "
		    "-o data.bin\n");
		exit(2);
	}
	for (long j = 0; j < o.jobs; j++)
		if (fork() == 0) {
			worker(&o, j);
			_exit(0);
		}
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	if (failed)
		exit(1);
	merge(&o);
	return 0;
}
