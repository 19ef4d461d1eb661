/*
 * strong_world.c: the worlds the strong level simulates (strong_int.h):
 * each a deal of the cards this seat cannot see, as the view allows,
 * perhaps weighed or drawn by how likely it makes the other player's
 * leads (infer.h); for the oracle, the true deal (strong.h).
 */
#include "infer.h"
#include "rollout.h"
#include "strong_int.h"
#include "view.h"

/* The chance of the other player's observed leads in world g. */
static double
world_weight(const struct search *s, const struct game *g)
{
	return infer_weight(s->v, g, s->p->policy != NULL ? s->p->policy :
	    &rollout_weights, s->p->policy_infer, s->p->infer_temp);
}

/*
 * Deals a world into s->world and returns its weight: 1 without
 * inference, or when it is drawn by weight among infer_worlds worlds
 * (sampling-importance-resampling, one kept by weighted reservoir,
 * s->play lending its buffer), so that every world simulated counts
 * fully; else the chance of the other player's leads in it.
 */
double
strong_sample_world(struct search *s)
{
	const double *belief = s->p->infer ? s->weight : NULL;
	double w, total;

	/* The oracle's world is the true deal, or its true hands over a
	 * stock shuffled: nothing to infer, nothing to weigh (view_sample
	 * of a full game would copy it as well; this says so, and spends
	 * no draws on inference that means nothing). */
	if (s->p->oracle == 2) {
		view_sample_stock(s->v, s->seen, s->rng, s->world);
		return 1;
	}
	if (s->p->oracle) {
		game_copy(s->world, s->v);
		return 1;
	}
	view_sample_weighted(s->v, s->rng, belief, s->world);
	if (s->p->policy_infer <= 0)
		return 1;
	w = world_weight(s, s->world);
	if (s->p->infer_worlds < 2)
		return w;
	total = w;
	for (int i = 1; i < s->p->infer_worlds; i++) {
		view_sample_weighted(s->v, s->rng, belief, s->play);
		w = world_weight(s, s->play);
		total += w;
		if (strong_uniform(s->rng) * total < w) {
			struct game *t = s->world;
			s->world = s->play;
			s->play = t;
		}
	}
	return 1;
}
