/*
 * deal_queue.h: the deals of a match's schedule still to play, taken in
 * the schedule's order, a voided deal again before the rest.
 *
 * Where a deck is played more than once (the duplicate pair, a
 * tournament's common deals, three-hand's rotations) and processes are
 * not kept for good (--reuse-engines), no two deals of one deck are ever
 * under way at once (doc/guarantees.md): a deal is not taken while its
 * deck is in play at a table or held by a process still running that
 * was dealt it, nor by processes of the table asking that lived
 * alongside a deal of it (deck_guard.h); it waits, the order kept, while
 * processes that were dealt its deck are quitting.  Two copies of an
 * engine (or two engines of one author) at two tables could otherwise
 * pass each other the other seat's hand and the stock as they learn
 * them, through any channel at all, a timing one too; one after the
 * other, the first has gone before the second is started.
 */
#ifndef DEAL_QUEUE_H
#define DEAL_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/config.h"
#include "record/schedule.h"

struct deal_queue;

enum { DECK_FREE, DECK_QUITTING, DECK_IN_PLAY, DECK_SEEN_HERE };

/* What the queue asks its owner while it looks for a deal to take. */
struct deal_queue_ask {
	/* The deal seats an engine withdrawn: it is never played. */
	bool	(*withdrawn)(const struct deal_spec *d, void *arg);
	/* For the table asking: DECK_IN_PLAY, the deal's deck is in play or
	 * held by a process running elsewhere; DECK_SEEN_HERE, the
	 * table's running processes may not be dealt it, new ones may;
	 * DECK_QUITTING, only processes quitting hold it; DECK_FREE. */
	int	(*held)(const struct deal_spec *d, void *arg);
	void	*arg;
};

/* The deals of cfg's schedule in this run's shard, none taken yet. */
struct deal_queue *deal_queue_new(const struct match_cfg *cfg);
void		 deal_queue_free(struct deal_queue *q);

/* Whether two deals of one deck are kept apart (decks played again, by
 * processes not kept for the run). */
bool		 deal_queue_apart(const struct deal_queue *q);
/* Deal i is played (or was, in the records resumed): never again. */
void		 deal_queue_done(struct deal_queue *q, int i);
bool		 deal_queue_is_done(const struct deal_queue *q, int i);
/* Deal i was voided: counted, and taken again first when requeue. */
void		 deal_queue_voided(struct deal_queue *q, int i, bool requeue);

/*
 * Takes the next deal that may begin now into d (its voids counted in
 * d->voids) and returns 1; or returns 2 when the deals left wait for
 * their decks and some would be free to new processes of the table
 * asking (DECK_SEEN_HERE): the owner renews them, then asks again once
 * they have ended; 0 when the deals left wait for other processes to
 * end; -1 when none is left to take.
 */
int		 deal_queue_take(struct deal_queue *q,
		    const struct deal_queue_ask *ask, struct deal_spec *d);

/* Whether a deal of this run is unplayed, its seats not withdrawn (a
 * stop came early). */
bool		 deal_queue_left(const struct deal_queue *q,
		    const struct deal_queue_ask *ask);

#endif
