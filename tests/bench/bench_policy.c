/*
 * bench_policy.c: the simulation policy (rollout.h) alone against the
 * greedy level, on duplicate deals.
 *
 * Each pair plays one seeded deal twice, the policy in seat 0 then in
 * seat 1.  Prints the policy's share of the deals won with its 95%
 * interval over the pairs, its mean game value per deal (likewise), how
 * many of its losses were rubicons, and the deals per second.  This is the figure the policy's weights were tuned on
 * (rollout.c).  Figures only; asserts nothing.
 *
 * -W changes weights of the policy's scale (rollout_weights), for tuning:
 * -W trick=10,brisque_given=5.  -L plays the learned policy
 * (policy_weights.h) instead of the hand-set one, -F the learned policy
 * on the weights of a file (policy_fit -t), -M the non-linear policy
 * (policy_mlp.h) on the weights of a file (policy_mlp_fit -t).  -C plays
 * the club level (club.h) instead, -W then changing its scale and -X its
 * rules' weights: -C -X deny=50,reform=0.
 *
 *	bench_policy [-n pairs] [-s seed] [-W name=value,...] [-L | -F file | -M file |
 *	    -C [-X name=value,...]]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "club.h"
#include "greedy.h"
#include "rollout.h"
#include "weights.h"
#include "../../tools/policy_io.h"
#include "../../tools/policy_mlp_io.h"

/* The policy's losses, and those of them that were rubicons. */
static long lost, rubiconed;

/* -C: the club level on these parameters plays rather than the policy. */
static struct club_params club;
static bool use_club;

/* -X name=value,...: the club level's rules' weights. */
#define CLUB_RULE(name)	{ #name, offsetof(struct club_params, name) }
static const struct named_int club_rules[] = {
	CLUB_RULE(seq_trump), CLUB_RULE(seq_plain), CLUB_RULE(reform),
	CLUB_RULE(deny), CLUB_RULE(deny_from), CLUB_RULE(rubicon),
};

/* One deal with the policy in seat me; its score (won 1, drawn 0.5). */
static double
play_deal(struct rollout *ro, uint64_t seed, int me, double *value)
{
	struct rules r;
	struct game *g;
	struct rng rng;
	struct result res;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	rng_seed(&rng, seed);
	while (!game_over(g)) {
		struct action a;
		if (game_to_move(g) == me && use_club) {
			struct game *v = game_view(g, me);
			club_choose_with(&club, v, &a);
			game_free(v);
		} else if (game_to_move(g) == me) {
			rollout_choose(ro, g, &a);	/* sees only its own */
		} else {
			struct game *v = game_view(g, game_to_move(g));
			greedy_choose(v, &rng, &a);
			game_free(v);
		}
		game_apply(g, &a, NULL);
	}
	game_result(g, &res);
	game_free(g);
	if (res.value.winner == 1 - me) {
		lost++;
		rubiconed += res.value.rubicon;
	}
	*value = res.value.winner < 0 ? 0 : res.value.winner == me ?
	    res.value.value : -res.value.value;
	return res.value.winner < 0 ? 0.5 : res.value.winner == me;
}

int
main(int argc, char **argv)
{
	long pairs = 20000;
	uint64_t seed = 700000;
	double s = 0, ss = 0, vs = 0, vss = 0, m, vm, secs;
	struct timespec t0, t1;
	struct rules r;
	struct game *like;
	struct rollout *ro;
	struct keep_weights w = rollout_weights;
	int ch;
	bool learned = false;
	double file[PF_COUNT], *theta = NULL;
	static struct policy_mlp mlp;
	bool use_mlp = false;

	club = club_defaults;
	while ((ch = getopt(argc, argv, "n:s:W:LF:M:CX:")) != -1) {
		switch (ch) {
		case 'C': use_club = true; break;
		case 'X':
			set_named_ints(club_rules, sizeof(club_rules) /
			    sizeof(club_rules[0]), &club, optarg, "-X");
			break;
		case 'L': learned = true; break;
		case 'F':
			weights_read(optarg, file);
			theta = file;
			learned = true;
			break;
		case 'M':
			mlp_read(optarg, &mlp);
			use_mlp = true;
			break;
		case 'W': {	/* set_weights cuts its argument up */
			char copy[256];
			snprintf(copy, sizeof(copy), "%s", optarg);
			set_weights(&w, optarg);
			set_weights(&club.w, copy);
			break;
		}
		case 'n': pairs = strtol(optarg, NULL, 10); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		default: exit(2);
		}
	}
	if (pairs < 2)
		pairs = 2;
	rules_init(&r, VARIANT_RUBICON);
	like = game_new(&r, 1, 1);
	ro = use_mlp ? rollout_new_mlp(like, &mlp) : learned ?
	    rollout_new_learned(like, theta) : rollout_new(like, &w);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < pairs; i++) {
		double v0, v1, x;
		x = (play_deal(ro, seed + (uint64_t)i, 0, &v0) +
		    play_deal(ro, seed + (uint64_t)i, 1, &v1)) / 2;
		s += x;
		ss += x * x;
		vs += (v0 + v1) / 2;
		vss += (v0 + v1) * (v0 + v1) / 4;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	m = s / (double)pairs;
	if (use_mlp)
		printf("policy_mlp (%d hidden units) ", mlp.hidden);
	if (use_club)
		printf("club level vs greedy, rubicon, %ld duplicate pairs, "
		    "seed %llu:\n", pairs, (unsigned long long)seed);
	else
		printf("%s simulation policy vs greedy, rubicon, %ld "
		    "duplicate pairs, seed %llu:\n", use_mlp ?
		    "non-linear" : learned ? "learned" : "hand-set", pairs,
		    (unsigned long long)seed);
	printf("  deals won:          %5.1f%% +- %.1f\n", 100 * m, 196 *
	    sqrt((ss / (double)pairs - m * m) / (double)(pairs - 1)));
	vm = vs / (double)pairs;
	printf("  game value / deal:  %+6.0f +- %.0f\n", vm, 1.96 *
	    sqrt((vss / (double)pairs - vm * vm) / (double)(pairs - 1)));
	printf("  losses rubiconed:   %ld of %ld\n", rubiconed, lost);
	printf("  deals/s:            %8.0f\n", 2 * (double)pairs / secs);
	rollout_free(ro);
	game_free(like);
	return 0;
}
