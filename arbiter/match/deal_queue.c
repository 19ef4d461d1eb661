/*
 * deal_queue.c: the deals still to play, one deck at a time (deal_queue.h).
 */
#include <stdlib.h>

#include "match/deal_queue.h"
#include "base/xmalloc.h"

struct deal_queue {
	const struct match_cfg	*cfg;
	bool			 apart;	/* one deal of a deck at a time */
	unsigned char		*done;	/* played, by deal index */
	unsigned char		*taken;	/* given to a table (or passed) */
	int			*voids;	/* attempts voided, by index */
	int			*requeue;	/* voided deals to replay */
	int			 nrequeue;
	int			 next;	/* no deal before it is left */
};

struct deal_queue *
deal_queue_new(const struct match_cfg *cfg)
{
	struct deal_queue *q = xcalloc(1, sizeof(*q));
	size_t n = cfg->deals > 0 ? (size_t)cfg->deals : 1;

	q->cfg = cfg;
	/* Processes kept from deal to deal (--reuse-engines, trusted
	 * engines) hold every deck they saw: nothing to keep apart. */
	q->apart = schedule_decks_shared(cfg) && !cfg->reuse_engines;
	q->done = xcalloc(n, 1);
	q->taken = xcalloc(n, 1);
	q->voids = xcalloc(n, sizeof(int));
	q->requeue = xcalloc(n, sizeof(int));
	return q;
}

void
deal_queue_free(struct deal_queue *q)
{
	if (q == NULL)
		return;
	free(q->done);
	free(q->taken);
	free(q->voids);
	free(q->requeue);
	free(q);
}

bool
deal_queue_apart(const struct deal_queue *q)
{
	return q->apart;
}

void
deal_queue_done(struct deal_queue *q, int i)
{
	q->done[i] = 1;
}

bool
deal_queue_is_done(const struct deal_queue *q, int i)
{
	return q->done[i] != 0;
}

void
deal_queue_voided(struct deal_queue *q, int i, bool requeue)
{
	q->voids[i]++;
	if (requeue)
		q->requeue[q->nrequeue++] = i;
}

/* Whether deal i is this run's to play: not done, and in its shard. */
static bool
to_play(const struct deal_queue *q, int i)
{
	const struct match_cfg *c = q->cfg;
	/* The schedule's pair: a deck in every seating (schedule.c). */
	int pair = c->duplicate ? i / c->rules.players : i;

	return !q->done[i] && (c->nshards <= 1 ||
	    pair % c->nshards == c->shard);
}

static int
held(const struct deal_queue *q, const struct deal_queue_ask *ask,
    const struct deal_spec *d)
{
	return q->apart ? ask->held(d, ask->arg) : DECK_FREE;
}

/* A deck held: 0 to wait for it, the order kept, or 1 to pass it;
 * noted in *waiting (1) or *renew (2). */
static int
pass(int h, int *why)
{
	if (h == DECK_QUITTING)
		return 0;
	if (h == DECK_SEEN_HERE)
		*why = 2;
	else if (*why == 0)
		*why = 1;
	return 1;
}

/* The voided deals first, the last voided first; as deal_queue_take. */
static int
take_requeued(struct deal_queue *q, const struct deal_queue_ask *ask,
    struct deal_spec *d, int *why)
{
	for (int k = q->nrequeue - 1; k >= 0; k--) {
		int i = q->requeue[k], h = 0;
		bool passed;
		schedule_deal(q->cfg, i, d);
		passed = ask->withdrawn(d, ask->arg);
		if (!passed && (h = held(q, ask, d)) != DECK_FREE) {
			if (!pass(h, why))
				return 0;
			continue;
		}
		q->requeue[k] = q->requeue[--q->nrequeue];
		if (!passed) {
			d->voids = q->voids[i];
			return 1;
		}
	}
	return -1;
}

int
deal_queue_take(struct deal_queue *q, const struct deal_queue_ask *ask,
    struct deal_spec *d)
{
	int rc, h, why = 0;

	if ((rc = take_requeued(q, ask, d, &why)) >= 0)
		return rc;
	while (q->next < q->cfg->deals && (q->taken[q->next] ||
	    !to_play(q, q->next)))
		q->next++;
	for (int i = q->next; i < q->cfg->deals; i++) {
		if (q->taken[i] || !to_play(q, i))
			continue;
		schedule_deal(q->cfg, i, d);
		if (ask->withdrawn(d, ask->arg)) {
			q->taken[i] = 1;	/* passed for good */
			continue;
		}
		/* A deck in play is passed for later decks; one whose last
		 * processes are quitting is waited for, the order kept. */
		if ((h = held(q, ask, d)) != DECK_FREE) {
			if (!pass(h, &why))
				return 0;
			continue;
		}
		q->taken[i] = 1;
		d->voids = q->voids[i];
		return 1;
	}
	return why == 2 ? 2 : why == 1 ? 0 : -1;
}

bool
deal_queue_left(const struct deal_queue *q, const struct deal_queue_ask *ask)
{
	struct deal_spec d;

	for (int i = 0; i < q->cfg->deals; i++) {
		if (!to_play(q, i))
			continue;
		schedule_deal(q->cfg, i, &d);
		if (!ask->withdrawn(&d, ask->arg))
			return true;
	}
	return false;
}
