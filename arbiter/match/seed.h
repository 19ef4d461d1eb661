/*
 * seed.h: the key a run deals from, and keeping it from the engines.
 *
 * Every deck of a run follows from its key (record/deck_key.h), so
 * whoever knows the key knows every card of every deal.  The engines are
 * untrusted programs: unless the organiser gives the key (--key, or a
 * --seed text it is derived from; `seed =` or `key =` in a tournament
 * file), the arbiter draws one from the kernel's random source.  The
 * records carry only its commitment; the key is kept in the records'
 * key file (record/keyfile.h), out of the engines' reach like the
 * records, and printed at the end when drawn, so that the run can be
 * dealt and checked again.
 */
#ifndef SEED_H
#define SEED_H

#include <stdint.h>
#include <stdio.h>

#include "base/config.h"

/*
 * Settles c->key before any engine starts: the one given (a --seed text
 * one could guess gets one line on stderr saying so); else, with
 * --resume, the key the records' key file holds for their commitment;
 * else a fresh one drawn at random (c->seed_drawn).  A shard of a run
 * must be given its key, since shards played apart must deal the same
 * decks.  Returns 0, or -1 after one line on stderr.
 */
int	seed_settle(struct match_cfg *c);

/*
 * Keeps c->key in the key file of the records at path (keyfile.h), once
 * they are open and before the first deal: 0, or -1 after one line on
 * stderr.
 */
int	seed_keep(const struct match_cfg *c, const char *path);

/* "the decks came from key K, drawn at random; --key K deals them again"
 * on f: said once every engine has quit. */
void	seed_say_drawn(const uint8_t key[RUN_KEY_BYTES], FILE *f);

#endif
