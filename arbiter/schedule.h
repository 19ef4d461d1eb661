/*
 * schedule.h: which deal is played when, as a pure function of its index,
 * so that the schedule needs no memory and resuming reproduces it exactly.
 *
 * Deal k belongs to duplicate pair k/2 (each deck played twice with the
 * seats swapped) and, in a tournament, to pairing (k/2) mod P in round
 * (k/2) div P: deal k of every pairing in a round uses the same deck
 * ("common deals": every engine meets the same luck).
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include <stdint.h>

#include "config.h"

/* One deal of the schedule. */
struct deal_spec {
	int		deal;		/* index in the match */
	int		pair;		/* the duplicate pair's index */
	int		round;		/* the deck's index */
	uint64_t	seed;		/* the deck's seed */
	int		engine[2];	/* engine index by seat */
};

/* The number of pairings of a format among n engines. */
int		schedule_pairings(enum format f, int n);
/* The two engines of pairing p. */
void		schedule_pairing(enum format f, int n, int p, int *a, int *b);
/* The seed of deck r (README.md, "Deals"). */
uint64_t	schedule_deck_seed(uint64_t seed, int round);
/* Deal k of the schedule of cfg. */
void		schedule_deal(const struct match_cfg *cfg, int k,
		    struct deal_spec *d);

#endif
