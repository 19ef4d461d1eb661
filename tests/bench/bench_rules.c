/*
 * bench_rules.c: speed of the rules core on one core.
 *
 * Usage: bench_rules [seconds] [variant]  (default 3 s, rubicon).
 *
 * Plays uniformly random full deals of the variant in-process (legal-action
 * enumeration included at every decision) and prints deals per second,
 * nanoseconds per decision, the mean cost of enumerating the legal
 * declarations, and of dealing a seat view's unseen cards.  Prints
 * figures; asserts nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "game.h"
#include "view.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct tally {
	long	deals, decisions, declare_decisions, declarations;
	double	declare_time;
};

static void
play_deal(const struct rules *r, uint64_t seed, struct rng *rng,
    struct tally *t, bool time_declarations)
{
	struct action legal[MAX_LEGAL];
	struct game *g = game_new(r, seed, (int)(seed % (uint64_t)r->players));

	while (!game_over(g)) {
		bool declare = game_decision(g) == DECISION_DECLARE;
		double t0 = time_declarations && declare ? now() : 0;
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		int k = (int)rng_below(rng, (uint64_t)n);
		if (time_declarations && declare)
			t->declare_time += now() - t0;
		if (declare) {
			t->declare_decisions++;
			t->declarations += legal[k].type == ACTION_DECLARE;
		}
		game_apply(g, &legal[k], NULL);
		t->decisions++;
	}
	t->deals++;
	game_free(g);
}

static void
bench_sampling(const struct rules *r)
{
	struct game *g = game_new(r, 7, 0), *v, *out;
	struct rng rng;
	struct action legal[MAX_LEGAL];
	double t0;
	long n = 200000;

	rng_seed(&rng, 1);
	for (int i = 0; i < 40; i++) {	/* into the middle of the deal */
		game_legal_actions(g, legal, MAX_LEGAL);
		game_apply(g, &legal[0], NULL);
	}
	v = game_view(g, game_to_move(g));
	out = game_clone(g);
	t0 = now();
	for (long i = 0; i < n; i++)
		view_sample(v, &rng, out);
	printf("  determinize a seat view:       %8.0f ns\n",
	    (now() - t0) / (double)n * 1e9);
	game_free(out);
	game_free(v);
	game_free(g);
}

int
main(int argc, char **argv)
{
	struct rules r;
	struct rng rng;
	struct tally t = { 0 }, td = { 0 };
	double secs = argc > 1 ? strtod(argv[1], NULL) : 3.0, t0, el;
	uint64_t seed = 1;
	enum variant v = VARIANT_RUBICON;

	if (!(secs > 0 && secs < 3600))
		secs = 3.0;
	if (argc > 2 && variant_parse(argv[2], &v) < 0) {
		fprintf(stderr, "bench_rules: unknown variant '%s'\n",
		    argv[2]);
		return 2;
	}
	rules_init(&r, v);
	rng_seed(&rng, 42);
	printf("rules core, random %s deals, one core (%g s):\n",
	    variant_name(v), secs);
	t0 = now();
	while ((el = now() - t0) < secs)
		for (int i = 0; i < 100; i++)
			play_deal(&r, seed++, &rng, &t, false);
	printf("  deals per second:              %8.0f\n",
	    (double)t.deals / el);
	printf("  decisions per deal:            %8.1f\n",
	    (double)t.decisions / (double)t.deals);
	printf("  ns per decision:               %8.1f\n",
	    el / (double)t.decisions * 1e9);
	printf("  declarations made per deal:    %8.1f\n",
	    (double)t.declarations / (double)t.deals);
	for (int i = 0; i < 2000; i++)
		play_deal(&r, seed++, &rng, &td, true);
	printf("  legal declarations, mean:      %8.0f ns (%ld lists)\n",
	    td.declare_time / (double)td.declare_decisions * 1e9,
	    td.declare_decisions);
	bench_sampling(&r);
	return 0;
}
