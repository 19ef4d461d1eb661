/*
 * bench_belief.c: measures the table of belief.c.
 *
 * Plays greedy self-play deals and, at every lead of the stock phase,
 * asks of each seat's view which unseen cards are in the other hand and
 * which in the stock.  For each phase and class of belief.h it prints
 * the odds that an unseen card of that class is in the hand, divided by
 * the same odds for the other unseen cards, as the C table belief.c
 * holds, and beside it the table in use.  Figures only; asserts nothing.
 *
 *	bench_belief [-n deals] [-s seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "belief.h"
#include "player.h"

struct tally {
	double	held[BELIEF_PHASES][BELIEF_CLASSES];
	double	unseen[BELIEF_PHASES][BELIEF_CLASSES];
};

/* Counts, for seat's view of g, where each card it has not seen is. */
static void
count_view(const struct game *g, int seat, struct tally *t)
{
	struct game *v = game_view(g, seat);
	struct cardset known = game_played(g), other;
	int opp = 1 - seat, ph = belief_phase(g);
	int ncards = game_rules(g)->packs * CARDS_PER_PACK;

	known = cardset_or(known, game_hand(g, seat));
	known = cardset_or(known, game_table(g, 0));
	known = cardset_or(known, game_table(g, 1));
	known = cardset_or(known, game_hand(v, opp));
	other = game_hand(g, opp);
	for (int c = 0; c < ncards; c++) {
		int k;
		if (cardset_has(&known, c))
			continue;
		k = belief_class(g, c);
		t->held[ph][k] += cardset_has(&other, c);
		t->unseen[ph][k] += 1;
	}
	game_free(v);
}

static void
play_deal(uint64_t seed, struct tally *t)
{
	struct rules r;
	struct game *g;
	struct rng rng[2];

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	rng_seed(&rng[0], seed * 2 + 1);
	rng_seed(&rng[1], seed * 2 + 2);
	while (!game_over(g)) {
		int seat = game_to_move(g);
		struct game *v;
		struct action a;
		if (game_phase(g) == PHASE_STOCK &&
		    game_decision(g) == DECISION_LEAD) {
			count_view(g, 0, t);
			count_view(g, 1, t);
		}
		v = game_view(g, seat);
		player_choose(LEVEL_GREEDY, v, &rng[seat], NULL, NULL, NULL,
		    &a);
		game_apply(g, &a, NULL);
		game_free(v);
	}
	game_free(g);
}

/* The odds of class k being held, over the odds of the rest. */
static double
odds_ratio(const struct tally *t, int ph, int k)
{
	double h = 0, u = 0, p, q;

	for (int i = 0; i < BELIEF_CLASSES; i++) {
		h += t->held[ph][i];
		u += t->unseen[ph][i];
	}
	if (t->unseen[ph][k] <= 0 || u - t->unseen[ph][k] <= 0)
		return 1;
	p = t->held[ph][k] / t->unseen[ph][k];
	q = (h - t->held[ph][k]) / (u - t->unseen[ph][k]);
	if (p <= 0 || p >= 1 || q <= 0 || q >= 1)
		return 1;
	return (p / (1 - p)) / (q / (1 - q));
}

int
main(int argc, char **argv)
{
	static struct tally t;
	long deals = 20000;
	uint64_t seed = 5000;
	int ch;

	while ((ch = getopt(argc, argv, "n:s:")) != -1) {
		switch (ch) {
		case 'n': deals = strtol(optarg, NULL, 10); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		default: exit(2);
		}
	}
	for (long d = 0; d < deals; d++)
		play_deal(seed + (uint64_t)d, &t);
	printf("odds of an unseen card being in the other hand, by phase "
	    "and class (%ld greedy deals from seed %llu):\n", deals,
	    (unsigned long long)seed);
	for (int ph = 0; ph < BELIEF_PHASES; ph++) {
		printf("\t{");
		for (int k = 0; k < BELIEF_CLASSES; k++)
			printf("%s%.2f", k ? ", " : " ", odds_ratio(&t, ph, k));
		printf(" },\n");
	}
	return 0;
}
