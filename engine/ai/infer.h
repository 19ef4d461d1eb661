/*
 * infer.h: how likely a sampled world makes what the other player did.
 *
 * The strong level deals the cards it cannot see uniformly (view.h);
 * policy-based inference (Rebstock, Solinas, Buro and Sturtevant 2019,
 * for Skat) then weighs each world by the chance that the other player,
 * were it playing the simulation policy (rollout.h), would have made the
 * plays it was seen to make, holding the cards the world gives it.  The
 * policy leads the card least worth keeping (keep.h); the model softens
 * that into a softmax of the keep value over `temp` points, mixed with a
 * small share of any card, since the other player is not this policy.
 *
 * Level 1 weighs the lead of the trick being answered: the hand it was
 * led from is the world's hand plus the card led, exactly.  Level n also
 * weighs the other player's leads to the n - 1 tricks before, those it
 * led: its cards then were those of now, plus the cards it played since,
 * less the ones it drew since, which nobody saw: for one draw the chance
 * is averaged over every card it might have drawn, for more over a few
 * random sets of them.  The leads are taken as independent given the
 * world.  Replies are not weighed: what winning a trick is worth to the
 * policy needs the whole state of the game then; nor are declarations
 * made or not, for the same reason.
 */
#ifndef INFER_H
#define INFER_H

#include "game.h"
#include "keep.h"

/* The weight of world (a full game dealt from view v by view_sample)
 * for the seat that v views: the chance of the other player's observed
 * leads under policy scale w at temperature temp, up to a factor common
 * to all worlds of v; 1 when level is 0 or there is nothing to weigh
 * (three-hand, the end phase). */
double	infer_weight(const struct game *v, const struct game *world,
	    const struct keep_weights *w, int level, double temp);

#endif
