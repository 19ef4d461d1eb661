/*
 * luck_walk.c: one deal of greedy against greedy walked through its
 * chance events (engine/ai/luck.h), for doc/luck.md's worked deal:
 *
 *	luck_walk [SEED [DEALER]]
 *
 * prints the deal's luck (V of the hands dealt less the deal's mean), each
 * draw's (trick, who drew what, seat 0's luck on the score's and the
 * value's scale), the total, the result and the result less the luck.
 */
#include <stdio.h>
#include <stdlib.h>

#include "greedy.h"
#include "luck.h"

/* The card seat drew: in its hand now, not held before the trick. */
static int
drawn(const struct game *g, const struct cardset *held, int seat)
{
	struct cardset n = cardset_minus(game_hand(g, seat), held[seat]);

	return cardset_next(&n, 0);
}

int
main(int argc, char **argv)
{
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000;
	int dealer = argc > 2 ? atoi(argv[2]) : 0;
	struct rules r;
	struct luck_v v;
	struct luck_run run;
	struct result res;
	struct game *g;
	double mean[LUCK_NOUT], s0, v0;

	rules_init(&r, VARIANT_RUBICON);
	luck_v_eval(&v);
	luck_deal_mean(&r, dealer, &v, 50000, 20261128, mean);
	g = game_new(&r, seed, dealer);
	if (g == NULL || luck_begin(&run, g, &v, mean) < 0)
		return 1;
	printf("deal: seat 0's luck %+.3f (score) %+.0f (value)\n",
	    run.sum.x[0], run.sum.x[1]);
	while (!game_over(run.g)) {
		struct game *view = game_view(run.g, game_to_move(run.g));
		struct action a;
		char c0[CARD_TEXT_MAX], c1[CARD_TEXT_MAX];
		uint16_t trick[MAX_PLAYERS];
		int leader, winner, drew;
		struct cardset held[2];
		double ev[LUCK_NOUT];
		for (int p = 0; p < 2; p++)
			held[p] = cardset_or(game_hand(run.g, p),
			    game_table(run.g, p));
		if (greedy_choose(view, NULL, &a) < 0 ||
		    (drew = luck_apply(&run, &a, ev)) < 0)
			return 1;
		game_free(view);
		if (drew == 0)
			continue;
		game_past_trick(run.g, game_tricks_played(run.g) - 1, trick,
		    &leader, &winner);
		card_format(drawn(run.g, held, winner), c0);
		card_format(drawn(run.g, held, 1 - winner), c1);
		printf("trick %2d won by %d: %d drew %s, %d drew %s: %+.3f "
		    "%+.0f\n", game_tricks_played(run.g), winner, winner, c0,
		    1 - winner, c1, ev[0], ev[1]);
	}
	game_result(run.g, &res);
	s0 = res.value.winner < 0 ? 0.5 : res.value.winner == 0;
	v0 = res.value.winner < 0 ? 0 : res.value.winner == 0 ?
	    res.value.value : -res.value.value;
	printf("luck in all (%d events): %+.3f %+.0f\n", run.sum.events,
	    run.sum.x[0], run.sum.x[1]);
	printf("result for seat 0: score %.1f, value %+.0f; adjusted: "
	    "%+.3f, %+.0f\n", s0, v0, s0 - run.sum.x[0], v0 -
	    run.sum.x[1]);
	luck_end(&run);
	game_free(g);
	luck_v_release(&v);
	return 0;
}
