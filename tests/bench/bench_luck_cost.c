/*
 * bench_luck_cost.c: what counting a deal's luck costs (engine/ai/luck.h,
 * doc/luck.md "What it costs"), against floors measured in the same run,
 * and the luck signature.
 *
 * Usage: bench_luck_cost [deals]  (default 200 a variant)
 *
 * For each variant with a luck figure it plays the deals greedy against
 * itself (seeds 1, 2, ...), untimed, keeping their actions; then, deal
 * by deal and by turns so that a load on the machine falls on all three,
 * times (1) the deal replayed from its seed, action by action, as the
 * arbiter checks every action it relays: the floor; (2) greedy's own
 * choices in the deal, each from its seat's view: what both engines of
 * the cheapest match spend; (3) the deal's luck, replayed the same way.
 * Then the deal's mean V, sampled once per rules and dealer from
 * LUCK_DEAL_DECKS decks (two-hand: LUCK_GAME_DECKS deals' figures,
 * luck_game.h, whose mean at the deal's totals is part of each deal's
 * luck), and the luck signature (signature.h), which a
 * speed-up must leave as it was.  Times are the process's CPU time.
 * Prints figures; asserts nothing (tests/unit/test_signature.c pins the
 * signature).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "greedy.h"
#include "luck.h"
#include "luck_game.h"
#include "signature.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define MAX_ACTIONS	1024

struct deal {
	struct action	a[MAX_ACTIONS];
	int		n;
};

static void
play(const struct rules *r, int d, struct deal *out)
{
	struct game *g = game_new(r, (uint64_t)d, d % 2);

	out->n = 0;
	while (!game_over(g) && out->n < MAX_ACTIONS) {
		struct game *view = game_view(g, game_to_move(g));
		greedy_choose(view, NULL, &out->a[out->n]);
		game_free(view);
		game_apply(g, &out->a[out->n++], NULL);
	}
	game_free(g);
}

static double
replay(const struct rules *r, int d, const struct deal *l)
{
	double t0 = now();
	struct game *g = game_new(r, (uint64_t)d, d % 2);

	for (int i = 0; i < l->n; i++)
		game_apply(g, &l->a[i], NULL);
	game_free(g);
	return now() - t0;
}

static double
choices(const struct rules *r, int d, const struct deal *l)
{
	struct game *g = game_new(r, (uint64_t)d, d % 2);
	double spent = 0;

	for (int i = 0; i < l->n; i++) {
		double t0 = now();
		struct game *view = game_view(g, game_to_move(g));
		struct action a;
		greedy_choose(view, NULL, &a);
		game_free(view);
		spent += now() - t0;
		game_apply(g, &l->a[i], NULL);
	}
	game_free(g);
	return spent;
}

/* A deal's luck; in a game of several deals (lg), by the game's V from
 * totals before of 0 to 900, the deal's mean found as the arbiter
 * finds it, deal by deal. */
static double
luck(const struct rules *r, int d, const struct deal *l,
    const struct luck_v *v, const double *mean, struct luck_game *lg)
{
	double t0 = now(), at[LUCK_NOUT];
	struct game *g = game_new(r, (uint64_t)d, d % 2);
	struct luck_run run;
	struct luck_v gv;

	if (lg != NULL) {
		int before[MAX_PLAYERS] = { 100 * (d % 10),
			100 * (d / 10 % 10) };
		luck_game_v(lg, before, &gv);
		luck_game_deal_mean(lg, before, d % 2, at);
		v = &gv;
		mean = at;
	}
	if (luck_begin(&run, g, v, mean) < 0)
		abort();
	for (int i = 0; i < l->n; i++)
		if (luck_apply(&run, &l->a[i], NULL) < 0)
			abort();
	luck_end(&run);
	game_free(g);
	return now() - t0;
}

static void
bench_variant(enum variant variant, int deals, const struct luck_v *v)
{
	struct rules r;
	struct deal *l = malloc(sizeof(*l));
	double mean[2][LUCK_NOUT], t[3] = { 0, 0, 0 }, t0;
	struct luck_game *lg;

	if (l == NULL)
		abort();
	rules_init(&r, variant);
	t0 = now();
	if ((lg = luck_game_new(&r)) == NULL)
		for (int dealer = 0; dealer < 2; dealer++)
			luck_deal_mean(&r, dealer, v, LUCK_DEAL_DECKS,
			    LUCK_DEAL_SEED, mean[dealer]);
	t0 = now() - t0;
	for (int d = 1; d <= deals; d++) {
		play(&r, d, l);
		t[0] += replay(&r, d, l);
		t[1] += choices(&r, d, l);
		t[2] += luck(&r, d, l, v, mean[d % 2], lg);
	}
	printf("%-11s %5d deals: replay %6.1f us, greedy's choices %6.2f ms, "
	    "luck %6.2f ms a deal: %5.0f times the replay, %4.2f times "
	    "greedy; the deal's mean %.2f s a dealer\n",
	    variant_name(variant), deals, 1e6 * t[0] / deals,
	    1e3 * t[1] / deals, 1e3 * t[2] / deals, t[2] / t[0], t[2] / t[1],
	    t0 / 2);
	luck_game_free(lg);
	free(l);
}

int
main(int argc, char **argv)
{
	char *end = NULL;
	long deals = argc > 1 ? strtol(argv[1], &end, 10) : 200;
	struct luck_v v;

	if (argc > 2 || (end != NULL && (*end != '\0' || end == argv[1])) ||
	    deals < 1 || deals > 1000000) {
		fprintf(stderr, "bench_luck_cost: usage: bench_luck_cost "
		    "[deals], deals a whole number from 1 to 1000000\n");
		return 2;
	}
	luck_v_eval(&v);
	for (int k = 0; k < NVARIANTS; k++) {
		struct rules r;
		rules_init(&r, (enum variant)k);
		if (variant_playable((enum variant)k) &&
		    luck_unmeasured(&r) == NULL)
			bench_variant((enum variant)k, (int)deals, &v);
	}
	luck_v_release(&v);
	printf("luck signature %016llx (%d deals a variant)\n",
	    (unsigned long long)signature_luck(SIGNATURE_LUCK_DEALS),
	    SIGNATURE_LUCK_DEALS);
	return 0;
}
