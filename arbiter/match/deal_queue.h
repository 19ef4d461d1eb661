/*
 * deal_queue.h: the deals of a match's schedule still to play, taken in
 * the schedule's order, a voided deal again before the rest.
 *
 * Where a deck is played more than once (the duplicate pair, a
 * tournament's common deals, three-hand's rotations) and each game has
 * processes of its own, no two deals of one deck are ever under way at
 * once (doc/guarantees.md): a deal is not taken while its deck is
 * in play at a table, and waits while processes that were dealt its deck
 * have still to be reaped.  Two copies of an engine (or two engines of
 * one author) at two tables could otherwise pass each other the other
 * seat's hand and the stock as they learn them, through any channel at
 * all, a timing one too; one after the other, the first has gone before
 * the second is dealt.
 */
#ifndef DEAL_QUEUE_H
#define DEAL_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/config.h"
#include "record/schedule.h"

struct deal_queue;

/* What the queue asks its owner while it looks for a deal to take. */
struct deal_queue_ask {
	/* The deal seats an engine withdrawn: it is never played. */
	bool	(*withdrawn)(const struct deal_spec *d, void *arg);
	/* 2: the deck of this seed is in play; 1: only processes that were
	 * dealt it are still to be reaped; 0: neither. */
	int	(*held)(uint64_t seed, void *arg);
	void	*arg;
};

/* The deals of cfg's schedule in this run's shard, none taken yet. */
struct deal_queue *deal_queue_new(const struct match_cfg *cfg);
void		 deal_queue_free(struct deal_queue *q);

/* Deal i is played (or was, in the records resumed): never again. */
void		 deal_queue_done(struct deal_queue *q, int i);
bool		 deal_queue_is_done(const struct deal_queue *q, int i);
/* Deal i was voided: counted, and taken again first when requeue. */
void		 deal_queue_voided(struct deal_queue *q, int i, bool requeue);

/*
 * Takes the next deal that may begin now into d (its voids counted in
 * d->voids) and returns 1; or returns 0 when the deals left wait for
 * their decks, the owner to ask again when processes have ended; or -1
 * when none is left to take.
 */
int		 deal_queue_take(struct deal_queue *q,
		    const struct deal_queue_ask *ask, struct deal_spec *d);

/* Whether a deal of this run is unplayed, its seats not withdrawn (a
 * stop came early). */
bool		 deal_queue_left(const struct deal_queue *q,
		    const struct deal_queue_ask *ask);

#endif
