/*
 * bench_converge.c: what more playouts change in the strong level's
 * choices (issue 34: does time buy strength?).
 *
 * Positions come from deals the strong level plays against itself at
 * -g playouts a decision (each seed a deal; every -k-th searched
 * decision of the stock phase, from the seat's own view).  At each, the
 * search is run at every budget of -b (e.g. 300,3000,30000) and once more
 * at the reference budget -r with every candidate's mean utility heard
 * (strong_params.on_candidate).  For each budget it prints how often its
 * choice is the reference's, how often it is the next budget's, and its
 * regret: the reference's mean for its best candidate less its mean for
 * the budget's choice, in the search's own utility (points, or the
 * deal's game value in the last sixteen cards of the stock), with a 95%
 * interval over the positions.  A regret that stops falling with the
 * budget says the search has converged on what its simulations can
 * tell: more time then sharpens an estimate that no longer changes the
 * choice.  The reference is the same search, so this measures
 * convergence, not the true worth of a play.  Figures only; asserts
 * nothing.
 *
 *	bench_converge [-n positions] [-s seed] [-k every] [-g playouts]
 *	    [-b b1,b2,...] [-r reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strong.h"
#include "view.h"

#define MAX_BUDGETS	8
#define MAX_HEARD	64

struct heard {
	int		n, utility;
	struct action	a[MAX_HEARD];
	double		mean[MAX_HEARD];
};

static void
on_candidate(void *arg, const struct action *a, double mean, long worlds,
    int utility)
{
	struct heard *h = arg;

	(void)worlds;
	h->utility = utility;
	if (h->n < MAX_HEARD) {
		h->a[h->n] = *a;
		h->mean[h->n++] = mean;
	}
}

struct opts {
	long		positions, every, game_playouts, reference;
	uint64_t	seed;
	int		nbudgets;
	long long	budget[MAX_BUDGETS];
};

struct tally {
	long		n;
	long		same_ref[MAX_BUDGETS], same_next[MAX_BUDGETS];
	double		regret[MAX_BUDGETS], regret2[MAX_BUDGETS];
};

static struct action
choose(const struct strong_params *p, const struct game *v, long long n,
    uint64_t seed)
{
	struct think_limits lim;
	struct rng rng;
	struct action a;

	memset(&lim, 0, sizeof(lim));
	lim.playouts = n;
	rng_seed(&rng, seed);
	if (strong_search(p, v, &rng, &lim, NULL, NULL, &a) != 0)
		abort();
	return a;
}

/* The reference's mean for action a (its worst if it never weighed a). */
static double
mean_of(const struct heard *h, const struct action *a)
{
	double worst = 1e18;

	for (int i = 0; i < h->n; i++) {
		if (action_equal(&h->a[i], a))
			return h->mean[i];
		worst = h->mean[i] < worst ? h->mean[i] : worst;
	}
	return worst;
}

/* t[0] where the search plays for points, t[1] for the game value. */
static void
measure(const struct opts *o, const struct game *v, uint64_t seed,
    struct tally *tt)
{
	struct tally *t;
	struct strong_params p;
	struct heard h;
	struct action ref, got[MAX_BUDGETS];
	double best = -1e18;

	strong_defaults(&p, v);
	for (int b = 0; b < o->nbudgets; b++)
		got[b] = choose(&p, v, o->budget[b], seed + (uint64_t)b);
	memset(&h, 0, sizeof(h));
	p.on_candidate = on_candidate;
	p.on_candidate_arg = &h;
	ref = choose(&p, v, o->reference, seed + 99);
	if (h.n == 0)	/* nothing weighed: the end phase, solved */
		return;
	t = &tt[h.utility != 0];
	for (int i = 0; i < h.n; i++)
		best = h.mean[i] > best ? h.mean[i] : best;
	for (int b = 0; b < o->nbudgets; b++) {
		double r = best - mean_of(&h, &got[b]);
		t->same_ref[b] += action_equal(&got[b], &ref);
		if (b + 1 < o->nbudgets)
			t->same_next[b] += action_equal(&got[b], &got[b + 1]);
		t->regret[b] += r;
		t->regret2[b] += r * r;
	}
	t->n++;
}

/* One deal of strong against itself, measuring every k-th searched
 * decision until the positions wanted are reached. */
static void
play(const struct opts *o, uint64_t seed, struct tally *t, long *k)
{
	struct rules r;
	struct game *g;
	struct strong_params p;
	struct rng rng;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	strong_defaults(&p, g);
	rng_seed(&rng, seed);
	while (!game_over(g) && t[0].n + t[1].n < o->positions) {
		struct game *v = game_view(g, game_to_move(g));
		struct think_limits lim;
		struct action a;
		if (strong_simulates(v) && ++*k % o->every == 0)
			measure(o, v, seed * 1000 + (uint64_t)*k, t);
		memset(&lim, 0, sizeof(lim));
		lim.playouts = o->game_playouts;
		if (strong_search(&p, v, &rng, &lim, NULL, NULL, &a) != 0 ||
		    game_apply(g, &a, NULL) < 0)
			abort();
		game_free(v);
	}
	game_free(g);
}

static void
report(const struct opts *o, const struct tally *t, const char *what)
{
	if (t->n == 0)
		return;
	printf("  %ld positions where it plays for %s:\n", t->n, what);
	printf("  %10s %14s %14s %22s\n", "playouts", "= reference",
	    "= next budget", "regret");
	for (int b = 0; b < o->nbudgets; b++) {
		double n = (double)t->n, m = t->regret[b] / n;
		double sd = sqrt(fmax(0, t->regret2[b] / n - m * m));
		char next[32] = "";
		if (b + 1 < o->nbudgets)
			snprintf(next, sizeof(next), "%5.1f%%", 100.0 *
			    (double)t->same_next[b] / n);
		printf("  %10lld %13.1f%% %14s %12.1f +- %.1f\n",
		    o->budget[b], 100.0 * (double)t->same_ref[b] / n, next, m,
		    1.96 * sd / sqrt(n));
	}
}

static void
parse(int argc, char **argv, struct opts *o)
{
	char *list = NULL, *tok, *save;
	int ch;

	memset(o, 0, sizeof(*o));
	o->positions = 20;	/* seconds: make bench runs it */
	o->every = 7;
	o->game_playouts = 300;
	o->reference = 10000;
	o->seed = 1;
	while ((ch = getopt(argc, argv, "n:s:k:g:b:r:")) != -1) {
		long long x = strtoll(optarg, NULL, 10);
		switch (ch) {
		case 'n': o->positions = x < 1 ? 1 : (long)x; break;
		case 's': o->seed = (uint64_t)x; break;
		case 'k': o->every = x < 1 ? 1 : (long)x; break;
		case 'g': o->game_playouts = x < 1 ? 1 : (long)x; break;
		case 'b': list = optarg; break;
		case 'r': o->reference = x < 1 ? 1 : (long)x; break;
		default: exit(2);
		}
	}
	for (tok = strtok_r(list ? list : (char[]){ "300,3000" }, ",",
	    &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		char *end;
		long long n = strtoll(tok, &end, 10);
		if (n < 1 || *end != '\0' || o->nbudgets == MAX_BUDGETS) {
			fprintf(stderr, "bench_converge: -b: '%s' is not a "
			    "number of playouts (at most %d, each 1 or more)\n",
			    tok, MAX_BUDGETS);
			exit(2);
		}
		o->budget[o->nbudgets++] = n;
	}
}

int
main(int argc, char **argv)
{
	struct opts o;
	struct tally t[2];
	long k = 0;

	parse(argc, argv, &o);
	memset(t, 0, sizeof(t));
	for (uint64_t s = o.seed; t[0].n + t[1].n < o.positions; s++)
		play(&o, s, t, &k);
	printf("rubicon, %ld positions (every %ld-th searched decision of "
	    "strong at %ld playouts against itself, seed %llu), reference "
	    "%ld playouts:\n", t[0].n + t[1].n, o.every, o.game_playouts,
	    (unsigned long long)o.seed, o.reference);
	report(&o, &t[0], "points (the margin)");
	report(&o, &t[1], "the game value (last 16 stock cards)");
	return 0;
}
