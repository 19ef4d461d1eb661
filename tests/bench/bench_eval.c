/*
 * bench_eval.c: fits and checks the model of eval.h, per variant.
 *
 * Plays deals with a policy in every seat (the simulation policy of
 * rollout.h, whose outcomes the evaluation stands in for, or greedy's),
 * or with -p N the strong level in both seats (strong.h at its defaults,
 * N playouts a decision, each seat on its own view: the evaluation
 * fitted to what a strong player goes on to score), one card play in
 * ten at random so that the positions vary (-x K: one in K; -x 0:
 * none), and at
 * every lead of the stock phase records each seat's features and the
 * points it went on to score.  Fits the weights by ridge least squares
 * (eval_fit.h) on the first 80% of the deals and prints the fit (R^2) on
 * the rest, for the weights in use and the new ones, and the residual
 * spread by the share of the stock left, to which it fits eval_value's
 * a + b sqrt(share).  With -k K the training rows' target is not the
 * points the deal went on to give but their mean over K deals of the
 * cards the seat has not seen (view_sample), each played out by the
 * simulation policy (greedy's with -P greedy): the luck of one stock
 * taken out of the target (issue 34, item 3); the held-out deals are
 * still scored on their own outcomes, so R^2 and the spread compare.
 * With -o FILE it writes every variant's weights and
 * spreads as the header engine/ai/eval_weights.h: with -v all, the
 * recipe below for each variant (`make weights-eval`; three-hand's is
 * for the luck's V of its games, luck_game.h: the strong level
 * simulates three-hand to the end); with one variant, that variant's
 * row and the others as they are.  The same
 * arguments write the same file (-j forks that many workers, each deal
 * dealt and its rows taken in the same order whatever their number).
 * Figures only; asserts nothing.
 *
 *	bench_eval [-v variant|all] [-n deals] [-s seed] [-P rollout|greedy]
 *	    [-p playouts] [-x K] [-k K] [-j jobs]
 *	    [-o engine/ai/eval_weights.h]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "eval_fit.h"
#include "eval_weights.h"
#include "greedy.h"
#include "rollout.h"
#include "rng.h"
#include "strong.h"
#include "view.h"

#define MAX_ROWS	512	/* leads recorded in one deal, all seats */
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
	{ VARIANT_THREE_HAND, 0, 40000 },
};
#define NRECIPE	(int)(sizeof(recipe) / sizeof(recipe[0]))

struct row {
	double	x[EVAL_NFEAT];
	double	points;		/* what the seat went on to score */
	double	target;		/* what the fit is given */
	int	seat, stock;
};

/* Who plays the deals, and how. */
struct source {
	int		greedy;		/* 1: greedy's policy, 0: rollout's */
	long long	playouts;	/* > 0: the strong level in both
					 * seats at this many a decision */
	int		random;		/* one card play in this many at
					 * random; 0: none */
	int		worlds;		/* > 0: the target is the mean
					 * of this many simulations */
	long		jobs;		/* workers forked */
	struct rollout	*ro;
	struct strong_params p;
};

struct fitted {
	bool	done;
	struct source src;
	long	deals;
	double	w[EVAL_NFEAT], spread[2];
};

/* Whose play, in words. */
static void
source_name(const struct source *src, char *buf, size_t len)
{
	int n;

	if (src->playouts > 0)
		n = snprintf(buf, len, "the strong level's (%lld playouts) "
		    "play", src->playouts);
	else
		n = snprintf(buf, len, "%s play", src->greedy ? "greedy's" :
		    "the simulation policy's");
	if (src->random == 0 && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", no card play at random");
	else if (src->random != 10 && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", 1 in %d card plays at "
		    "random", src->random);
	n = (int)strlen(buf);
	if (src->worlds > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", fitted to the mean of "
		    "%d simulations", src->worlds);
}

/* The points seat goes on to score from g, averaged over src->worlds
 * deals of what it has not seen, each played out by the policy. */
static double
mean_future(const struct source *src, const struct game *g, int seat,
    struct rng *rng)
{
	struct game *v = game_view(g, seat), *w = game_clone(g);
	struct rollout_result res;
	double sum = 0;

	for (int k = 0; k < src->worlds; k++) {
		view_sample(v, rng, w);
		rollout_play_to(src->ro, w, seat, -1, NULL, &res);
		sum += game_points(w, seat) - game_points(g, seat);
	}
	game_free(w);
	game_free(v);
	return sum / src->worlds;
}

/* Plays one deal; fills rows[] with the features and future points. */
static int
play(const struct source *src, const struct rules *r, uint64_t seed,
    struct row *rows)
{
	struct game *g = game_new(r, seed, 1);
	struct action legal[MAX_LEGAL], a;
	struct think_limits lim;
	struct rng rng, srng[MAX_PLAYERS], wrng;
	int n = 0, seats = game_players(g);

	memset(&lim, 0, sizeof(lim));
	lim.playouts = src->playouts;
	rng_seed(&rng, seed ^ 0xabcdef);
	rng_seed(&wrng, seed ^ 0x5eed5);
	for (int k = 0; k < seats; k++)
		rng_seed(&srng[k], seed * 2 + 1 + (uint64_t)k);
	while (!game_over(g)) {
		enum decision d = game_decision(g);
		if (d == DECISION_LEAD && game_phase(g) == PHASE_STOCK &&
		    n + seats <= MAX_ROWS)
			for (int s = 0; s < seats; s++, n++) {
				eval_features(g, s, rows[n].x);
				rows[n].seat = s;
				rows[n].points = -game_points(g, s);
				rows[n].target = src->worlds > 0 ?
				    mean_future(src, g, s, &wrng) : 0;
				rows[n].stock = game_stock_left(g);
			}
		if ((d == DECISION_LEAD || d == DECISION_REPLY) &&
		    src->random > 0 &&
		    rng_below(&rng, (uint64_t)src->random) == 0) {
			int k = game_legal_actions(g, legal, MAX_LEGAL);
			a = legal[rng_below(&rng, (uint64_t)k)];
		} else if (src->playouts > 0) {
			int seat = game_to_move(g);
			struct game *v = game_view(g, seat);
			if (strong_search(&src->p, v, &srng[seat], &lim, NULL,
			    NULL, &a) < 0) {
				fprintf(stderr, "seed %llu: no action\n",
				    (unsigned long long)seed);
				exit(1);
			}
			game_free(v);
		} else {
			rollout_choose(src->ro, g, &a);
		}
		if (game_apply(g, &a, NULL) < 0) {
			fprintf(stderr, "seed %llu: illegal action\n",
			    (unsigned long long)seed);
			exit(1);
		}
	}
	for (int i = 0; i < n; i++) {
		rows[i].points += game_points(g, rows[i].seat);
		if (src->worlds == 0)
			rows[i].target = rows[i].points;
	}
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

/* What is done with each deal's rows, in the order of the deals. */
typedef void (*rows_fn)(void *arg, const struct row *rows, int n);

static void
read_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len > 0) {
		ssize_t k = read(fd, p, len);
		if (k <= 0) {
			fprintf(stderr, "bench_eval: a worker failed\n");
			exit(1);
		}
		p += k;
		len -= (size_t)k;
	}
}

static void
write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t k = write(fd, p, len);
		if (k <= 0)
			_exit(1);
		p += k;
		len -= (size_t)k;
	}
}

/* Plays the deals from .. to - 1 and hands each one's rows to fn, in
 * that order; with src->jobs > 1, worker j plays the deals from + j,
 * from + j + jobs, ... and the rows are taken from each in turn. */
static void
each_deal(const struct source *src, const struct rules *r, uint64_t seed,
    long from, long to, rows_fn fn, void *arg)
{
	static struct row rows[MAX_ROWS];
	long jobs = src->jobs < 1 ? 1 : src->jobs;
	int fd[64], status, failed = 0;
	pid_t pid;

	if (jobs > 64)
		jobs = 64;
	if (jobs == 1 || to - from < 2) {
		for (long i = from; i < to; i++)
			fn(arg, rows, play(src, r, seed + (uint64_t)i, rows));
		return;
	}
	fflush(stdout);
	for (long j = 0; j < jobs; j++) {
		int p[2];
		if (pipe(p) < 0)
			abort();
		if ((pid = fork()) < 0)
			abort();
		if (pid == 0) {
			close(p[0]);
			for (long k = 0; k < j; k++)
				close(fd[k]);
			for (long i = from + j; i < to; i += jobs) {
				int n = play(src, r, seed + (uint64_t)i,
				    rows);
				write_all(p[1], &n, sizeof(n));
				write_all(p[1], rows, (size_t)n *
				    sizeof(rows[0]));
			}
			_exit(0);
		}
		close(p[1]);
		fd[j] = p[0];
	}
	for (long i = from; i < to; i++) {
		int n, w = fd[(i - from) % jobs];
		read_all(w, &n, sizeof(n));
		if (n < 0 || n > MAX_ROWS)
			abort();
		read_all(w, rows, (size_t)n * sizeof(rows[0]));
		fn(arg, rows, n);
	}
	for (long j = 0; j < jobs; j++)
		close(fd[j]);
	while ((pid = wait(&status)) > 0)
		failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	if (failed) {
		fprintf(stderr, "bench_eval: %d worker(s) failed\n", failed);
		exit(1);
	}
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The held-out deals' sums. */
struct tally {
	const double	*cur, *w;
	int		stock;
	double		sse[2], sy, syy, bsse[BUCKETS];
	long		bn[BUCKETS], test;
};

static void
tally_rows(void *arg, const struct row *rows, int n)
{
	struct tally *t = arg;

	for (int k = 0; k < n; k++, t->test++) {
		double y = rows[k].points;
		double e0 = y - dot(t->cur, rows[k].x);
		double e1 = y - dot(t->w, rows[k].x);
		int b = rows[k].stock * BUCKETS / (t->stock + 1);
		t->sy += y;
		t->syy += y * y;
		t->sse[0] += e0 * e0;
		t->sse[1] += e1 * e1;
		t->bsse[b] += e1 * e1;
		t->bn[b]++;
	}
}

/* The held-out deals: R^2 of the weights in use and of w, and the
 * residual sd of w by the share of the stock left, fitted as spread. */
static void
check(const struct source *src, const struct rules *r, uint64_t seed,
    long from, long to, struct fitted *fd)
{
	static struct tally t;
	double share[BUCKETS], sd[BUCKETS], t0 = now();
	char who[128];

	memset(&t, 0, sizeof(t));
	t.cur = eval_weights_of(r->variant);
	t.w = fd->w;
	t.stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	each_deal(src, r, seed, from, to, tally_rows, &t);
	source_name(src, who, sizeof(who));
	printf("%s: %ld deals fitted, %ld tested (%ld rows, %.0f s), %s\n", variant_name(r->variant), from, to - from, t.test,
	    now() - t0, who);
	if (t.test == 0)
		return;
	double var = t.syy / t.test - (t.sy / t.test) * (t.sy / t.test);
	printf("  future points: mean %.0f, sd %.0f\n", t.sy / t.test,
	    sqrt(var));
	for (int m = 0; m < 2; m++)
		printf("  %s weights: residual sd %.0f, R^2 %.3f\n",
		    m ? "fitted" : "current", sqrt(t.sse[m] / t.test),
		    1 - t.sse[m] / t.test / var);
	printf("  fitted residual sd by stock left:");
	for (int b = 0; b < BUCKETS; b++) {
		share[b] = (b + 0.5) / BUCKETS;
		sd[b] = t.bn[b] ? sqrt(t.bsse[b] / (double)t.bn[b]) : 0;
		printf(" %d-%d: %.0f", t.stock * b / BUCKETS,
		    t.stock * (b + 1) / BUCKETS, sd[b]);
	}
	eval_fit_spread(share, sd, t.bn, BUCKETS, &fd->spread[0],
	    &fd->spread[1]);
	printf("\n  spread: %.0f + %.0f sqrt(share of the stock left)\n",
	    fd->spread[0], fd->spread[1]);
}

/* The training deals' rows, into the fit. */
struct training {
	struct eval_fit	*fit;
	long		rows;
};

static void
fit_rows(void *arg, const struct row *rows, int n)
{
	struct training *t = arg;

	for (int k = 0; k < n; k++)
		eval_fit_add(t->fit, rows[k].x, rows[k].target);
	t->rows += n;
}

static void
fit_variant(enum variant v, long deals, uint64_t seed,
    const struct source *how, struct fitted *fd)
{
	static struct eval_fit fit;
	struct training tr = { &fit, 0 };
	struct source src = *how;
	struct rules r;
	struct game *g;
	long train = deals * 4 / 5;
	double t0 = now();

	rules_init(&r, v);
	g = game_new(&r, 1, 1);
	src.ro = rollout_new(g, src.greedy ? &greedy_weights : NULL);
	strong_defaults(&src.p, g);
	memset(&fit, 0, sizeof(fit));
	each_deal(&src, &r, seed, 0, train, fit_rows, &tr);
	printf("%s: %ld training deals played (%ld rows, %.0f s)\n",
	    variant_name(v), train, tr.rows, now() - t0);
	eval_fit_solve(&fit, 1.0, fd->w);
	fd->done = true;
	fd->src = src;
	fd->deals = deals;
	src.worlds = 0;		/* scored on the deals' own outcomes */
	check(&src, &r, seed, train, deals, fd);
	rollout_free(src.ro);
	game_free(g);
}

static void
write_row(FILE *f, const double *w, int n)
{
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%.4f,%s", i % 6 == 0 ? "\t    " : "", w[i],
		    i % 6 == 5 || i == n - 1 ? "\n" : " ");
}

/* The line of the header at path that says whose play variant v's
 * weights were fitted to (kept when only another variant is refitted);
 * "" if there is none. */
static void
old_recipe(const char *path, enum variant v, char *line, size_t len)
{
	FILE *f = fopen(path, "r");
	char want[64];

	line[0] = '\0';
	if (f == NULL)
		return;
	snprintf(want, sizeof(want), " *   %s: ", variant_name(v));
	while (fgets(line, (int)len, f) != NULL)
		if (strncmp(line, want, strlen(want)) == 0 &&
		    strchr(line, '\n') != NULL) {
			fclose(f);
			return;
		}
	line[0] = '\0';
	fclose(f);
}

static void
write_header(const char *path, const struct fitted *fd, uint64_t seed)
{
	char kept[NVARIANTS][256];
	FILE *f;

	for (int v = 0; v < NVARIANTS; v++)
		old_recipe(path, (enum variant)v, kept[v], sizeof(kept[v]));
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(1);
	}
	fprintf(f, "/* eval_weights.h: the weights of eval.c per variant and "
	    "the spread of\n * eval_value, generated by build/bench/bench_eval"
	    " (make weights-eval;\n * do not edit).  Seed %llu:\n",
	    (unsigned long long)seed);
	for (int v = 0; v < NVARIANTS; v++)
		if (fd[v].done) {
			char who[128];
			source_name(&fd[v].src, who, sizeof(who));
			fprintf(f, " *   %s: %ld deals of %s\n",
			    variant_name((enum variant)v), fd[v].deals, who);
		} else {
			fputs(kept[v], f);
		}
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
	struct source src;

	memset(&src, 0, sizeof(src));
	src.random = 10;
	src.jobs = 1;
	while ((ch = getopt(argc, argv, "v:n:s:o:P:p:x:k:j:")) != -1) {
		char *end = NULL;
		long long x = optarg != NULL ? strtoll(optarg, &end, 10) : 0;
		if (strchr("pxkjn", ch) != NULL && (end == optarg ||
		    *end != '\0')) {
			fprintf(stderr, "bench_eval: -%c: '%s' is not a whole "
			    "number\n", ch, optarg);
			return 2;
		}
		if (ch == 'p' && x >= 0)
			src.playouts = x;
		else if (ch == 'x' && x >= 0 && x <= 1000000)
			src.random = (int)x;
		else if (ch == 'k' && x >= 0 && x <= 100000)
			src.worlds = (int)x;
		else if (ch == 'j' && x >= 1 && x <= 64)
			src.jobs = (long)x;
		else if (ch == 'n')
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
		else if (ch == 'v' && variant_parse(optarg, &v) == 0)
			all = false;
		else {
			fprintf(stderr, "usage: bench_eval [-v variant|all] "
			    "[-n deals] [-s seed] [-P rollout|greedy] "
			    "[-p playouts] [-x K] [-k K] [-j jobs] "
			    "[-o header]\n");
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
		src.greedy = greedy >= 0 ? greedy : rc->greedy;
		fit_variant(rc->variant, deals > 0 ? deals : rc->deals, seed,
		    &src, &fd[rc->variant]);
	}
	if (out != NULL)
		write_header(out, fd, seed);
	return 0;
}
