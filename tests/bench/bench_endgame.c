/*
 * bench_endgame.c: speed of the exact end-phase solver (endgame.h).
 *
 * Reaches the start of the end phase (nine cards each in Rubicon) by
 * uniformly random play from seeded deals, dealer seat 1, and solves each
 * position for the player to lead under three objectives: the deal's game
 * value, points with brisques (last trick 50, brisques 10), and the last
 * trick alone.  Prints the mean and worst time per solve and the mean
 * nodes.  Figures only; asserts nothing.
 *
 *	build/bench/bench_endgame [positions] [first seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "endgame.h"
#include "rng.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static struct game *
end_phase(const struct rules *r, uint64_t seed)
{
	struct game *g = game_new(r, seed, 1);
	struct action legal[MAX_LEGAL];
	struct rng rng;

	rng_seed(&rng, seed);
	while (!game_over(g) && !(game_phase(g) == PHASE_END &&
	    game_decision(g) == DECISION_LEAD)) {
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		game_apply(g, &legal[rng_below(&rng, (uint64_t)n)], NULL);
	}
	return g;
}

struct stats {
	double	sum, worst;
	long long nodes;
	int	n;
};

static void
solve_one(struct endgame *eg, const struct eg_position *pos,
    const struct eg_objective *obj, struct stats *st)
{
	long long n0 = endgame_nodes(eg);
	double t0 = now(), dt;
	int best;

	endgame_solve(eg, pos, obj, &best);
	dt = now() - t0;
	st->sum += dt;
	st->worst = dt > st->worst ? dt : st->worst;
	st->nodes += endgame_nodes(eg) - n0;
	st->n++;
}

static void
report(const char *name, const struct stats *st)
{
	printf("  %-22s mean %7.3f ms  worst %7.3f ms  nodes %8.0f\n", name,
	    st->sum / st->n * 1e3, st->worst * 1e3,
	    (double)st->nodes / st->n);
}

int
main(int argc, char **argv)
{
	int count = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 2000;
	uint64_t seed0 = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	struct stats st[3] = { { 0 } };
	struct endgame *eg = endgame_new(0);
	struct eg_position pos;
	struct eg_objective obj;
	struct rules r;

	if (count <= 0)
		count = 2000;
	rules_init(&r, VARIANT_RUBICON);
	for (int i = 0; i < count; i++) {
		struct game *g = end_phase(&r, seed0 + (uint64_t)i);
		int me;
		if (endgame_position(g, &pos) < 0) {
			game_free(g);
			continue;
		}
		me = endgame_to_move(&pos);
		endgame_objective_game(&obj, g, &pos, me);
		solve_one(eg, &pos, &obj, &st[0]);
		endgame_objective_points(&obj, me, 50, 10);
		solve_one(eg, &pos, &obj, &st[1]);
		endgame_objective_points(&obj, me, 50, 0);
		solve_one(eg, &pos, &obj, &st[2]);
		game_free(g);
	}
	printf("end-phase solver, %d Rubicon end phases (9+9 cards), "
	    "one core:\n", st[0].n);
	report("game value:", &st[0]);
	report("points + brisques:", &st[1]);
	report("last trick only:", &st[2]);
	endgame_free(eg);
	return 0;
}
