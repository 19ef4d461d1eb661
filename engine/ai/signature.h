/*
 * signature.h: bench signatures, as chess engines' `bench` node counts.
 *
 * A signature is a 64-bit checksum of what the code decides on a fixed
 * workload: the same code gives the same number on every machine, and a
 * change that alters a single legal list, choice or score changes it.
 * Speed work must leave them identical; tests/unit/test_signature.c pins
 * the values and tests/bench/bench_rules.c prints them.
 */
#ifndef SIGNATURE_H
#define SIGNATURE_H

#include <stdint.h>

#include "rules.h"

/* Deals of the rules signature and positions of the strong one. */
#define SIGNATURE_DEALS		200
#define SIGNATURE_POSITIONS	36
#define SIGNATURE_PLAYOUTS	300
#define SIGNATURE_CLUB_DEALS	40
#define SIGNATURE_LUCK_DEALS	20

/*
 * Plays `deals` uniformly random deals of variant v (seeds 1, 2, ...,
 * choices by rng seed 42) and folds every legal list, every choice and
 * each deal's points and brisques into one checksum.
 */
uint64_t	signature_rules(enum variant v, int deals);

/*
 * Plays `deals` deals of every variant (seeds 1, 2, ..., deal d's club
 * level in seat d modulo the players, greedy in the others, each from
 * its seat's view) and folds every action and each deal's points into
 * one checksum: what the club level (club.h) decides.
 */
uint64_t	signature_club(int deals);

/*
 * Plays `deals` deals of greedy against itself in each variant with a
 * luck figure (Rubicon, six- and eight-pack: seeds 1, 2, ..., dealer d
 * modulo 2, the deal's own mean left out; two-hand: games, each deal's
 * luck by the game's V, luck_game.h) and folds each deal's luck
 * (luck.h: millionths of the score, thousandths of a point or of a
 * game) into one checksum: what the luck estimator and its V say.
 */
uint64_t	signature_luck(int deals);

/* What the strong level chose on the fixed positions, and its work. */
struct strong_signature {
	uint64_t	sum;		/* the checksum of the chosen actions */
	long long	playouts;	/* simulations played in all */
	int		positions;
	/* By variant: simulations and the CPU seconds they took (the
	 * positions' own play excluded). */
	long long	vplayouts[NVARIANTS];
	double		vseconds[NVARIANTS];
};

/*
 * Runs the strong level with `playouts` simulations on `positions` fixed
 * positions of the stock phase (greedy self-play from fixed seeds, in
 * Rubicon, two-hand, six- and eight-pack by turns), each search from a
 * fixed rng seed.
 */
void	signature_strong(int positions, long long playouts,
	    struct strong_signature *out);

#endif
