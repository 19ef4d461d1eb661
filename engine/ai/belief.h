/*
 * belief.h: what the other hand has likely kept, for sampling worlds.
 *
 * A player keeps the cards that make combinations and throws the small
 * ones, so the hand it holds is richer than the unseen cards at large:
 * in greedy self-play an unseen ace of trumps is about 3.5 times as
 * likely (in odds) to be in the other hand as a middling card, a plain
 * seven a third as likely, and the more so the longer the deal has run.
 * The strong level can deal its sampled worlds with these odds
 * (view_sample_weighted) instead of uniformly (strong_params.infer).  It
 * does not by default: against greedy at 200 playouts a decision it won
 * 57.4% of 1,000 deals with them and 61.0% without (bench_strength -I),
 * and 60.5% against 68.5% at 1,000 playouts.  The table was measured by
 * tests/bench/bench_belief.c.
 */
#ifndef BELIEF_H
#define BELIEF_H

#include "game.h"

/* Writes the weight of every card (indexed by card, MAX_CARDS of them)
 * for view v's sampling: the odds that an unseen card of its kind is in
 * a concealed hand rather than the stock, relative to an average one. */
void	belief_weights(const struct game *v, double *weight);

/* The class of card c that the table distinguishes (bézique card, trump
 * of each rank, plain card of each rank) and the share of the stock
 * drawn as one of BELIEF_PHASES phases. */
#define BELIEF_CLASSES	18
#define BELIEF_PHASES	4
int	belief_class(const struct game *v, int c);
int	belief_phase(const struct game *v);

#endif
