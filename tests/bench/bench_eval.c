/*
 * bench_eval.c: fits and checks the model of eval.h, per variant.
 *
 * Plays deals with a policy in both seats (the simulation policy of
 * rollout.h, whose outcomes the evaluation stands in for, or greedy's),
 * one card play in ten at random so that the positions vary, and at
 * every lead of the stock phase records each seat's features and the
 * points it went on to score.  Fits the weights by ridge least squares
 * (eval_fit.h) on the first 80% of the deals and prints the fit (R^2) on
 * the rest, for the weights in use and the new ones, and the residual
 * spread by the share of the stock left, to which it fits eval_value's
 * a + b sqrt(share).  With -o FILE it writes every variant's weights and
 * spreads as the header engine/ai/eval_weights.h: with -v all, the
 * recipe below for each two-seat variant (`make weights-eval`; three-
 * hand simulates to the end and has no row of its own); with one
 * variant, that variant's row and the others as they are.  The same
 * arguments write the same file.  Figures only; asserts nothing.
 *
 *	bench_eval [-v variant|all] [-n deals] [-s seed] [-P rollout|greedy]
 *	    [-o engine/ai/eval_weights.h]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval_fit.h"
#include "eval_weights.h"
#include "greedy.h"
#include "rollout.h"
#include "rng.h"

#define MAX_ROWS	512	/* leads recorded in one deal, both seats */
#define BUCKETS		6	/* residuals by the share of the stock left */

/* The data recipe of `make weights-eval`: whose play each variant's
 * evaluation is fitted to, and how many deals (-n scales them). */
static const struct recipe {
	enum variant	variant;
	int		greedy;		/* 1: greedy's play, 0: rollout's */
	long		deals;
} recipe[] = {
	{ VARIANT_RUBICON, 0, 40000 },
	{ VARIANT_TWO_HAND, 0, 40000 },
	{ VARIANT_SIX_PACK, 0, 40000 },
	{ VARIANT_EIGHT_PACK, 0, 40000 },
};
#define NRECIPE	(int)(sizeof(recipe) / sizeof(recipe[0]))

struct row {
	double	x[EVAL_NFEAT];
	int	seat, points, stock;
};

struct fitted {
	bool	done;
	int	greedy;
	long	deals;
	double	w[EVAL_NFEAT], spread[2];
};

/* Plays one deal; fills rows[] with the features and future points. */
static int
play(struct rollout *ro, const struct rules *r, uint64_t seed,
    struct row *rows)
{
	struct game *g = game_new(r, seed, 1);
	struct action legal[MAX_LEGAL], a;
	struct rng rng;
	int n = 0;

	rng_seed(&rng, seed ^ 0xabcdef);
	while (!game_over(g)) {
		enum decision d = game_decision(g);
		if (d == DECISION_LEAD && game_phase(g) == PHASE_STOCK &&
		    n + 2 <= MAX_ROWS)
			for (int s = 0; s < 2; s++, n++) {
				eval_features(g, s, rows[n].x);
				rows[n].seat = s;
				rows[n].points = -game_points(g, s);
				rows[n].stock = game_stock_left(g);
			}
		if ((d == DECISION_LEAD || d == DECISION_REPLY) &&
		    rng_below(&rng, 10) == 0) {
			int k = game_legal_actions(g, legal, MAX_LEGAL);
			a = legal[rng_below(&rng, (uint64_t)k)];
		} else {
			rollout_choose(ro, g, &a);
		}
		game_apply(g, &a, NULL);
	}
	for (int i = 0; i < n; i++)
		rows[i].points += game_points(g, rows[i].seat);
	game_free(g);
	return n;
}

static double
dot(const double *w, const double *x)
{
	double s = 0;

	for (int i = 0; i < EVAL_NFEAT; i++)
		s += w[i] * x[i];
	return s;
}

/* The held-out deals: R^2 of the weights in use and of w, and the
 * residual sd of w by the share of the stock left, fitted as spread. */
static void
check(struct rollout *ro, const struct rules *r, uint64_t seed, long from,
    long to, struct fitted *fd)
{
	static struct row rows[MAX_ROWS];
	const double *cur = eval_weights_of(r->variant);
	int stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	double sse[2] = { 0 }, sy = 0, syy = 0, bsse[BUCKETS] = { 0 };
	double share[BUCKETS], sd[BUCKETS];
	long bn[BUCKETS] = { 0 }, test = 0;

	for (long i = from; i < to; i++) {
		int n = play(ro, r, seed + (uint64_t)i, rows);
		for (int k = 0; k < n; k++, test++) {
			double y = rows[k].points;
			double e0 = y - dot(cur, rows[k].x);
			double e1 = y - dot(fd->w, rows[k].x);
			int b = rows[k].stock * BUCKETS / (stock + 1);
			sy += y;
			syy += y * y;
			sse[0] += e0 * e0;
			sse[1] += e1 * e1;
			bsse[b] += e1 * e1;
			bn[b]++;
		}
	}
	printf("%s: %ld deals fitted, %ld tested (%ld rows), %s play\n",
	    variant_name(r->variant), from, to - from, test,
	    fd->greedy ? "greedy's" : "the simulation policy's");
	if (test == 0)
		return;
	double var = syy / test - (sy / test) * (sy / test);
	printf("  future points: mean %.0f, sd %.0f\n", sy / test, sqrt(var));
	for (int m = 0; m < 2; m++)
		printf("  %s weights: residual sd %.0f, R^2 %.3f\n",
		    m ? "fitted" : "current", sqrt(sse[m] / test),
		    1 - sse[m] / test / var);
	printf("  fitted residual sd by stock left:");
	for (int b = 0; b < BUCKETS; b++) {
		share[b] = (b + 0.5) / BUCKETS;
		sd[b] = bn[b] ? sqrt(bsse[b] / (double)bn[b]) : 0;
		printf(" %d-%d: %.0f", stock * b / BUCKETS,
		    stock * (b + 1) / BUCKETS, sd[b]);
	}
	eval_fit_spread(share, sd, bn, BUCKETS, &fd->spread[0],
	    &fd->spread[1]);
	printf("\n  spread: %.0f + %.0f sqrt(share of the stock left)\n",
	    fd->spread[0], fd->spread[1]);
}

static void
fit_variant(enum variant v, long deals, uint64_t seed, int greedy,
    struct fitted *fd)
{
	static struct eval_fit fit;
	static struct row rows[MAX_ROWS];
	struct rules r;
	struct game *g;
	struct rollout *ro;
	long train = deals * 4 / 5;

	rules_init(&r, v);
	g = game_new(&r, 1, 1);
	ro = rollout_new(g, greedy ? &greedy_weights : NULL);
	memset(&fit, 0, sizeof(fit));
	for (long i = 0; i < train; i++) {
		int n = play(ro, &r, seed + (uint64_t)i, rows);
		for (int k = 0; k < n; k++)
			eval_fit_add(&fit, rows[k].x, rows[k].points);
	}
	eval_fit_solve(&fit, 1.0, fd->w);
	fd->done = true;
	fd->greedy = greedy;
	fd->deals = deals;
	check(ro, &r, seed, train, deals, fd);
	rollout_free(ro);
	game_free(g);
}

static void
write_row(FILE *f, const double *w, int n)
{
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%.4f,%s", i % 6 == 0 ? "\t    " : "", w[i],
		    i % 6 == 5 || i == n - 1 ? "\n" : " ");
}

static void
write_header(const char *path, const struct fitted *fd, uint64_t seed)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	fprintf(f, "/* eval_weights.h: the weights of eval.c per variant and "
	    "the spread of\n * eval_value, generated by build/bench/bench_eval"
	    " (make weights-eval;\n * do not edit).  Seed %llu:\n",
	    (unsigned long long)seed);
	for (int v = 0; v < NVARIANTS; v++)
		if (fd[v].done)
			fprintf(f, " *   %s: %ld deals of %s play\n",
			    variant_name((enum variant)v), fd[v].deals,
			    fd[v].greedy ? "greedy's" : "the simulation "
			    "policy's");
	fprintf(f, " */\n#ifndef EVAL_WEIGHTS_H\n#define EVAL_WEIGHTS_H\n\n"
	    "static const double eval_weights[NVARIANTS][EVAL_NFEAT] = {\n");
	for (int v = 0; v < NVARIANTS; v++) {
		fprintf(f, "\t[VARIANT_%s] = {\n", v == VARIANT_RUBICON ?
		    "RUBICON" : v == VARIANT_TWO_HAND ? "TWO_HAND" :
		    v == VARIANT_SIX_PACK ? "SIX_PACK" : v ==
		    VARIANT_EIGHT_PACK ? "EIGHT_PACK" : "THREE_HAND");
		write_row(f, fd[v].w, EVAL_NFEAT);
		fprintf(f, "\t},\n");
	}
	fprintf(f, "};\n\n/* a + b sqrt(share of the stock left) */\n"
	    "static const double eval_spread[NVARIANTS][2] = {\n");
	for (int v = 0; v < NVARIANTS; v++)
		fprintf(f, "\t{ %.1f, %.1f },\n", fd[v].spread[0],
		    fd[v].spread[1]);
	fprintf(f, "};\n\n#endif\n");
	if (fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

int
main(int argc, char **argv)
{
	static struct fitted fd[NVARIANTS];
	long deals = 0;
	uint64_t seed = 1;
	const char *out = NULL;
	int ch, greedy = -1;
	bool all = false;
	enum variant v = VARIANT_RUBICON;

	while ((ch = getopt(argc, argv, "v:n:s:o:P:")) != -1) {
		if (ch == 'n')
			deals = strtol(optarg, NULL, 10);
		else if (ch == 's')
			seed = strtoull(optarg, NULL, 10);
		else if (ch == 'o')
			out = optarg;
		else if (ch == 'P' && (strcmp(optarg, "greedy") == 0 ||
		    strcmp(optarg, "rollout") == 0))
			greedy = strcmp(optarg, "greedy") == 0;
		else if (ch == 'v' && strcmp(optarg, "all") == 0)
			all = true;
		else if (ch == 'v' && variant_parse(optarg, &v) == 0 &&
		    v != VARIANT_THREE_HAND)
			all = false;
		else {
			fprintf(stderr, "usage: bench_eval [-v variant|all] "
			    "[-n deals] [-s seed] [-P rollout|greedy] "
			    "[-o header] (two-seat variants only)\n");
			return 2;
		}
	}
	for (int k = 0; k < NVARIANTS; k++) {
		memcpy(fd[k].w, eval_weights[k], sizeof(fd[k].w));
		memcpy(fd[k].spread, eval_spread[k], sizeof(fd[k].spread));
		if (all)
			memset(&fd[k], 0, sizeof(fd[k]));
	}
	for (int k = 0; k < NRECIPE; k++) {
		const struct recipe *rc = &recipe[k];
		if (!all && rc->variant != v)
			continue;
		fit_variant(rc->variant, deals > 0 ? deals : rc->deals, seed,
		    greedy >= 0 ? greedy : rc->greedy, &fd[rc->variant]);
	}
	if (out != NULL)
		write_header(out, fd, seed);
	return 0;
}
