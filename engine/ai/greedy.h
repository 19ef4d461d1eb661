/*
 * greedy.h: the greedy level, a sound heuristic player (greedy.c).
 *
 * It is the simulation policy of rollout.h on a scale of its own
 * (greedy_weights): the sources' advice, weighed by hand.
 */
#ifndef GREEDY_H
#define GREEDY_H

#include "game.h"
#include "keep.h"
#include "rng.h"

extern const struct keep_weights greedy_weights;

/* Chooses an action for the seat to move in view v (rng unused: the
 * level is deterministic).  Returns 0, or -1 if v has no legal action. */
int	greedy_choose(const struct game *v, struct rng *rng,
	    struct action *out);

#endif
