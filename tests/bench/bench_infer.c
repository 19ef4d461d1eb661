/*
 * bench_infer.c: how much policy-based inference (infer.h) tells about
 * the other hand, in greedy self-play of Rubicon.
 *
 * At every reply of the stock phase it deals `worlds` worlds from the
 * seat's view and weighs each by infer_weight; for every kind of card
 * the other player really holds concealed, it takes the share of the
 * worlds (weighted, and uniform) that give it that kind.  Prints the mean
 * log of that share, weighted against uniform (higher: the weights put
 * more on the truth), and the effective share of the worlds, (sum w)^2
 * / (n sum w^2), which the search's standard errors pay for.
 * Figures only; asserts nothing.
 *
 *	bench_infer [-n deals] [-w worlds] [-s seed] [-P level] [-T temp]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "infer.h"
#include "player.h"
#include "rollout.h"
#include "view.h"

struct opts {
	long	deals, worlds;
	uint64_t seed;
	int	level;
	double	temp;
};

struct tally {
	double	log_weighted, log_uniform, ess;
	long	kinds, decisions;
};

/* One reply: the worlds' shares of each kind the other really holds. */
static void
weigh(const struct opts *o, const struct game *g, const struct game *v,
    struct rng *rng, struct game *w, struct tally *t)
{
	double share_w[CARDS_PER_PACK] = { 0 }, share_u[CARDS_PER_PACK] = { 0 };
	double sum = 0, sum2 = 0;
	int other = 1 - game_to_move(g);
	struct cardset truth = game_hand(g, other), known = game_hand(v, other);
	bool seen[CARDS_PER_PACK] = { false };

	for (long i = 0; i < o->worlds; i++) {
		struct cardset h;
		bool in[CARDS_PER_PACK] = { false };
		double x;

		view_sample(v, rng, w);
		x = infer_weight(v, w, &rollout_weights, o->level, o->temp);
		h = game_hand(w, other);
		CARDSET_FOREACH(c, &h)
			in[card_kind(c)] = true;
		for (int k = 0; k < CARDS_PER_PACK; k++)
			if (in[k]) {
				share_w[k] += x;
				share_u[k] += 1;
			}
		sum += x;
		sum2 += x * x;
	}
	CARDSET_FOREACH(c, &truth) {
		int k = card_kind(c);
		if (cardset_has(&known, c) || seen[k])
			continue;
		seen[k] = true;
		t->log_weighted += log(share_w[k] / sum + 1e-3);
		t->log_uniform += log(share_u[k] / (double)o->worlds + 1e-3);
		t->kinds++;
	}
	t->ess += sum * sum / sum2 / (double)o->worlds;
	t->decisions++;
}

int
main(int argc, char **argv)
{
	struct opts o = { 40, 400, 7, 1, 10 };
	struct tally t = { 0, 0, 0, 0, 0 };
	struct rules r;
	int ch;

	while ((ch = getopt(argc, argv, "n:w:s:P:T:")) != -1) {
		switch (ch) {
		case 'n': o.deals = strtol(optarg, NULL, 10); break;
		case 'w': o.worlds = strtol(optarg, NULL, 10); break;
		case 's': o.seed = strtoull(optarg, NULL, 10); break;
		case 'P': o.level = (int)strtol(optarg, NULL, 10); break;
		case 'T': o.temp = strtod(optarg, NULL); break;
		default: return 2;
		}
	}
	if (o.deals < 1 || o.worlds < 1 || o.temp <= 0) {
		fprintf(stderr, "bench_infer: -n, -w and -T must be "
		    "positive\n");
		return 2;
	}
	rules_init(&r, VARIANT_RUBICON);
	for (long d = 0; d < o.deals; d++) {
		struct game *g = game_new(&r, o.seed + (uint64_t)d, 1);
		struct game *w = game_clone(g);
		struct rng rng;

		rng_seed(&rng, o.seed * 31 + (uint64_t)d);
		while (!game_over(g)) {
			struct game *v = game_view(g, game_to_move(g));
			struct action a;
			if (game_phase(g) == PHASE_STOCK &&
			    game_decision(g) == DECISION_REPLY)
				weigh(&o, g, v, &rng, w, &t);
			player_choose(LEVEL_GREEDY, v, &rng, NULL, NULL, NULL,
			    &a);
			game_apply(g, &a, NULL);
			game_free(v);
		}
		game_free(w);
		game_free(g);
	}
	printf("level %d temp %g, %ld deals, %ld replies: mean log share of "
	    "the kinds held %.4f weighted, %.4f uniform (%+.4f); effective "
	    "worlds %.3f\n", o.level, o.temp, o.deals, t.decisions,
	    t.log_weighted / (double)t.kinds, t.log_uniform /
	    (double)t.kinds, (t.log_weighted - t.log_uniform) /
	    (double)t.kinds, t.ess / (double)t.decisions);
	return 0;
}
