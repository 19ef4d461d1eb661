/*
 * greedy.c: a sound heuristic player (the "greedy" level).
 *
 * It follows the strategy advice of the sources: in Rubicon the points
 * come from declarations, so keep the cards that make combinations
 * (bézique cards, kings and queens with their partners, trumps towards
 * the royal sequence, cards towards a quartet) and throw the sevens,
 * eights and nines; win a trick when there is something to declare or a
 * brisque to take, and cheaply; always declare the best combination
 * available; always claim carte blanche and score a seven of trumps.  In
 * the end phase it heads the trick with its lowest winning card, else
 * throws its lowest card.  The play itself is the simulation policy's
 * (rollout.c) on the scale of greedy_weights below.
 */
#include "greedy.h"
#include "rollout.h"

/* The greedy level's scale: the sources' advice, weighed by hand. */
const struct keep_weights greedy_weights = {
	.rank = 1, .bezique = 30, .marriage_trump = 30, .marriage_plain = 15,
	.trump = 12, .trump_high = 8, .quartet = 4, .brisque = 3,
	.brisque_won = 15,
};

/* The policy of rollout.c on greedy's scale: the same rules of thumb,
 * one implementation. */
int
greedy_choose(const struct game *v, struct rng *rng, struct action *out)
{
	struct rollout *ro = rollout_new(v, &greedy_weights);
	int rc = rollout_choose(ro, v, out);

	(void)rng;
	rollout_free(ro);
	return rc;
}
