/*
 * example.c: a program that links the installed rules core (libbezique)
 * and plays one Rubicon deal at random: both seats draw a uniformly
 * random legal action until the deal is over, then the result is
 * printed.  It is C11 and C++ alike (the headers declare extern "C"):
 *
 *	cc  -std=c11 -o example example.c $(pkg-config --cflags --libs bezique)
 *	c++ -x c++   -o example example.c $(pkg-config --cflags --libs bezique)
 *	./example [seed]
 *
 * make test builds and runs it both ways against an installed copy
 * (tests/e2e/install.sh).
 */
#include <stdio.h>
#include <stdlib.h>

#include <bezique/game.h>
#include <bezique/rng.h>

int
main(int argc, char **argv)
{
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
	struct rules rules;
	struct rng rng;
	struct action legal[MAX_LEGAL];
	struct result res;
	struct game *g;
	char text[ACTION_TEXT_MAX];
	int actions = 0;

	rules_init(&rules, VARIANT_RUBICON);
	rng_seed(&rng, seed);
	g = game_new(&rules, seed, 1);	/* seat 1 deals, seat 0 leads */
	while (!game_over(g)) {
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		const struct action *a = &legal[rng_below(&rng, (uint64_t)n)];
		if (actions++ < 6)
			printf("seat %d: %s\n", game_to_move(g),
			    action_format(a, text, sizeof(text)));
		game_apply(g, a, NULL);
	}
	game_result(g, &res);
	printf("... %d actions; points %d-%d, brisques %d-%d; ", actions,
	    res.points[0], res.points[1], res.brisques[0], res.brisques[1]);
	if (res.value.winner < 0)
		printf("a drawn deal\n");
	else
		printf("seat %d wins %d%s\n", res.value.winner,
		    res.value.value, res.value.rubicon ? " (a rubicon)" : "");
	game_free(g);
	return 0;
}
