/*
 * test_sprt_luck.c: the SPRT on adjusted scores (sprt_llr_normal,
 * `sprt --adjusted`, doc/luck.md) keeps its nominal false-positive
 * rate, and so does the SPRT on raw scores: simulated runs draw deals
 * from a pool of greedy against itself (tests/fixtures/
 * luck_pool_greedy.txt: each deal's raw score and adjusted score, real
 * records' luck), centred so that the true Elo is exactly elo0 (H0) or
 * elo1 (H1), and each run goes on deal by deal until the test decides,
 * as a match does.
 *
 * Run with no argument (make test): 4,000 runs under H0 each way, elo0
 * 0, elo1 20, alpha = beta = 0.05, fixed seeds; the false-positive rate
 * must be 5% +- 1%.  With arguments, the figures of doc/luck.md:
 *
 *	build/tests/test_sprt_luck RUNS ELO1 [SEED]
 *
 * prints the false-positive rates with their 95% intervals, and under
 * H1 the power and the mean number of deals each test needed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "rating/sprt.h"
#include "rating/stats.h"

#define POOL_PATH	"tests/fixtures/luck_pool_greedy.txt"
#define POOL_MAX	100000
#define RUN_CAP		1000000	/* deals, as sprt's default cap */
/* make test's runs each way: the rate's standard error 0.34%, so that
 * the +-1% asked is three of them (a seeded figure: never flaky). */
#define RUNS		4000

struct pool {
	double	raw[POOL_MAX], adj[POOL_MAX];
	int	n;
	double	draws;		/* the rate of drawn deals */
	double	adj_mean;
};

static struct pool pool;

static int
pool_read(const char *path)
{
	FILE *f = fopen(path, "r");
	double r, a, sum = 0;
	int draws = 0;

	if (f == NULL)
		return -1;
	while (pool.n < POOL_MAX && fscanf(f, "%lf %lf", &r, &a) == 2) {
		pool.raw[pool.n] = r;
		pool.adj[pool.n++] = a;
		sum += a;
		draws += r == 0.5;
	}
	fclose(f);
	if (pool.n < 100)
		return -1;
	pool.adj_mean = sum / pool.n;
	pool.draws = (double)draws / pool.n;
	return 0;
}

/* A deal's raw score with mean `mean` and the pool's rate of draws. */
static double
raw_deal(struct stats_rng *rng, double mean)
{
	double u = stats_rng_unit(rng), win = mean - pool.draws / 2;

	return u < win ? 1 : u < win + pool.draws ? 0.5 : 0;
}

/* A deal's adjusted score from the pool, centred on mean. */
static double
adj_deal(struct stats_rng *rng, double mean)
{
	return pool.adj[stats_rng_below(rng, (uint64_t)pool.n)] -
	    pool.adj_mean + mean;
}

/* One test run on deals of true mean score `mean`: its verdict, and the
 * deals it took in *deals. */
static enum sprt_result
run_once(const struct sprt *s, bool adjusted, double mean,
    struct stats_rng *rng, long *deals)
{
	struct stats_acc acc;
	long n[3] = { 0, 0, 0 };	/* losses, draws, wins */
	enum sprt_result v = SPRT_CONTINUE;
	long k;

	stats_acc_init(&acc);
	for (k = 1; k <= RUN_CAP && v == SPRT_CONTINUE; k++) {
		double llr;
		if (adjusted) {
			stats_acc_add(&acc, adj_deal(rng, mean));
			llr = sprt_llr_normal(s, acc.n, stats_acc_mean(&acc),
			    stats_acc_sd(&acc) * stats_acc_sd(&acc));
		} else {
			n[(int)(raw_deal(rng, mean) * 2)]++;
			llr = sprt_llr_wdl(s, n[2], n[1], n[0]);
		}
		v = sprt_decide(s, llr);
	}
	*deals = k - 1;
	return v;
}

struct figures {
	double	h1_rate, h1_ci95;	/* runs that accepted H1 */
	double	mean_deals;
};

static void
simulate(const struct sprt *s, bool adjusted, double mean, int runs,
    uint64_t seed, struct figures *out)
{
	struct stats_rng rng;
	long h1 = 0, deals, total = 0;

	stats_rng_seed(&rng, seed);
	for (int r = 0; r < runs; r++) {
		h1 += run_once(s, adjusted, mean, &rng, &deals) ==
		    SPRT_ACCEPT_H1;
		total += deals;
	}
	out->h1_rate = (double)h1 / runs;
	out->h1_ci95 = STATS_Z95 * sqrt(out->h1_rate * (1 - out->h1_rate) /
	    runs);
	out->mean_deals = (double)total / runs;
}

static int
setup(void **state)
{
	return pool.n > 0 || pool_read(POOL_PATH) == 0 ? 0 : -1;
}

/* Under H0 the test accepts H1 in alpha of its runs, 5% +- 1%. */
static void
false_positives(bool adjusted, uint64_t seed)
{
	struct sprt s;
	struct figures fig;

	assert_int_equal(sprt_init(&s, 0.05, 0.05, 0, 20, SPRT_LOGISTIC,
	    NULL), 0);
	simulate(&s, adjusted, stats_score_of_elo(s.elo0), RUNS, seed, &fig);
	print_message("%s: false positives %.2f%% +- %.2f over %d runs, "
	    "%.0f deals a run\n", adjusted ? "adjusted" : "raw",
	    100 * fig.h1_rate, 100 * fig.h1_ci95, RUNS, fig.mean_deals);
	assert_true(fig.h1_rate >= 0.04 && fig.h1_rate <= 0.06);
}

static void
adjusted_false_positives(void **state)
{
	false_positives(true, 42);
}

static void
raw_false_positives(void **state)
{
	false_positives(false, 43);
}

/* The LLR by hand: 100 units of mean 0.6, variance 0.04, elo0 0 and
 * elo1 20 (s1 = 0.528758...): 100 * 0.028758 * (1.2 - 1.028758) /
 * 0.08; and nothing below SPRT_MIN_UNITS units or with no spread. */
static void
llr_by_hand(void **state)
{
	struct sprt s;
	double s1 = 1 / (1 + pow(10, -20 / 400.0));

	sprt_init(&s, 0.05, 0.05, 0, 20, SPRT_LOGISTIC, NULL);
	assert_true(fabs(sprt_llr_normal(&s, 100, 0.6, 0.04) - 100 *
	    (s1 - 0.5) * (1.2 - 0.5 - s1) / 0.08) < 1e-9);
	assert_true(sprt_llr_normal(&s, SPRT_MIN_UNITS - 1, 0.9, 0.01) == 0);
	assert_true(sprt_llr_normal(&s, 100, 0.9, 0) == 0);
	assert_true(sprt_llr_normal(&s, 100, 0.4, 0.04) < 0);
}

static int
figures_main(int runs, double elo1, uint64_t seed)
{
	struct sprt s;
	struct figures f[2][2];	/* [H0, H1][raw, adjusted] */
	const char *why;

	if (runs < 1 || sprt_init(&s, 0.05, 0.05, 0, elo1, SPRT_LOGISTIC,
	    &why) < 0) {
		fprintf(stderr, "test_sprt_luck: RUNS ELO1 [SEED]: RUNS > 0, "
		    "ELO1 > 0\n");
		return 2;
	}
	for (int h = 0; h < 2; h++)
		for (int a = 0; a < 2; a++)
			simulate(&s, a, stats_score_of_elo(h ? s.elo1 : s.elo0),
			    runs, seed + (uint64_t)(2 * h + a), &f[h][a]);
	printf("%d deals in the pool (%s), %d runs each, elo0 0, elo1 %g, "
	    "alpha = beta = 0.05\n", pool.n, POOL_PATH, runs, elo1);
	for (int a = 0; a < 2; a++)
		printf("%-8s  H0: H1 accepted %.2f%% +- %.2f, %.0f deals a run;"
		    "  H1: H1 accepted %.2f%% +- %.2f, %.0f deals a run\n",
		    a ? "adjusted" : "raw", 100 * f[0][a].h1_rate,
		    100 * f[0][a].h1_ci95, f[0][a].mean_deals,
		    100 * f[1][a].h1_rate, 100 * f[1][a].h1_ci95,
		    f[1][a].mean_deals);
	printf("deals adjusted / raw: %.2f under H0, %.2f under H1\n",
	    f[0][1].mean_deals / f[0][0].mean_deals, f[1][1].mean_deals /
	    f[1][0].mean_deals);
	return 0;
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(llr_by_hand),
		cmocka_unit_test(adjusted_false_positives),
		cmocka_unit_test(raw_false_positives),
	};

	if (argc > 1) {
		if (pool_read(POOL_PATH) < 0) {
			fprintf(stderr, "test_sprt_luck: %s: cannot read the "
			    "pool (run from the repository)\n", POOL_PATH);
			return 1;
		}
		return figures_main((int)strtol(argv[1], NULL, 10), argc > 2 ? strtod(argv[2],
		    NULL) : 10, argc > 3 ? strtoull(argv[3], NULL, 10) : 1);
	}
	return cmocka_run_group_tests_name("sprt_luck", tests, setup, NULL);
}
