/*
 * seed.h: the seed a run deals from, and keeping it from the engines.
 *
 * Every deck of a run follows from its seed (schedule.h) by a published
 * recipe, so whoever knows the seed knows every card of every deal.  The
 * engines are untrusted programs: unless the organiser chooses the seed
 * (--seed, or `seed =` in a tournament file), the arbiter draws one from
 * the kernel's random source, tells it nobody while engines run (the
 * records, which engines may not read, carry it) and prints it at the
 * end, so that the run can still be dealt again.
 */
#ifndef SEED_H
#define SEED_H

#include <stdint.h>
#include <stdio.h>

#include "base/config.h"

/*
 * Settles c->seed before any engine starts: the one given; else, with
 * --resume, the seed of the records being continued; else a fresh one
 * drawn at random (c->seed_drawn).  A shard of a run must be given its
 * seed, since shards played apart must deal the same decks.  Returns 0,
 * or -1 after one line on stderr.
 */
int	seed_settle(struct match_cfg *c);

/* A seed from the kernel's random source, below 2^63 (what --seed
 * takes): 0, or -1 with errno. */
int	seed_draw(uint64_t *seed);

/* "the decks came from seed S, drawn at random; --seed S deals them
 * again" on f: said once every engine has quit. */
void	seed_say_drawn(uint64_t seed, FILE *f);

#endif
