/*
 * deck_guard.c: decks and the processes that saw them (deck_guard.h).
 *
 * An open-addressed table keyed by the deck's seed.  Only decks seen
 * within the life of a process still alive are kept (deck_guard_forget),
 * a few dozen, so the table stays small however long the run.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "base/clock.h"
#include "base/xmalloc.h"
#include "match/deal_queue.h"
#include "match/deck_guard.h"

struct holder {
	const struct bot	*bot;
	unsigned		 serial;	/* its process then */
};

struct deck {
	bool		 used;
	uint64_t	 seed;
	uint64_t	 freed_us;
	struct holder	 holder[DECK_GUARD_HOLDERS];
	int		 nholders;
};

struct deck_guard {
	struct deck	*slot;
	size_t		 cap, n;	/* cap a power of two */
};

void
deck_guard_warn(const struct match_cfg *c, FILE *f)
{
	if (!schedule_decks_shared(c))
		return;
	fprintf(f, "bezique-arbiter: %s deals: each deck is dealt more than "
	    "once, so a bot can pass the hand it saw to the next engine dealt "
	    "it through the machine's shared state (page cache, file times); "
	    "for trusted engines only\n", c->duplicate ? "duplicate" :
	    "common");
}

int
deck_guard_remote_check(const struct match_cfg *c)
{
	const char *why;
	bool remote = false;

	for (int e = 0; e < c->nengines; e++)
		remote = remote || c->engines[e].remote != NULL;
	if (!remote)
		return 0;
	why = c->duplicate ? "--duplicate (key duplicate)" :
	    schedule_decks_shared(c) ? "common deals (key common_deals)" :
	    c->on_failure == ON_FAILURE_VOID ? "--on-failure void" : NULL;
	if (why == NULL)
		return 0;
	fprintf(stderr, "bezique-arbiter: remote seats cannot play with %s: "
	    "it deals a deck again, and a bot on another machine keeps what "
	    "it saw of it (leave it out: every deal then has a deck of its "
	    "own)\n", why);
	return -1;
}

struct deck_guard *
deck_guard_new(void)
{
	struct deck_guard *g = xcalloc(1, sizeof(*g));

	g->cap = 64;
	g->slot = xcalloc(g->cap, sizeof(*g->slot));
	return g;
}

void
deck_guard_free(struct deck_guard *g)
{
	if (g == NULL)
		return;
	free(g->slot);
	free(g);
}

static size_t
home(const struct deck_guard *g, uint64_t seed)
{
	return (size_t)((seed * 0x9e3779b97f4a7c15ULL) >> 32) & (g->cap - 1);
}

static struct deck *
find(const struct deck_guard *g, uint64_t seed)
{
	for (size_t i = home(g, seed);; i = (i + 1) & (g->cap - 1)) {
		if (!g->slot[i].used)
			return NULL;
		if (g->slot[i].seed == seed)
			return &g->slot[i];
	}
}

/* Rebuilds the table at cap, keeping the decks keep() says. */
static void
rebuild(struct deck_guard *g, size_t cap, uint64_t before_us)
{
	struct deck *old = g->slot;
	size_t oldcap = g->cap;

	g->slot = xcalloc(cap, sizeof(*g->slot));
	g->cap = cap;
	g->n = 0;
	for (size_t i = 0; i < oldcap; i++) {
		struct deck *d = &old[i];
		size_t j;
		if (!d->used || (d->nholders == 0 && d->freed_us < before_us))
			continue;
		for (j = home(g, d->seed); g->slot[j].used;
		    j = (j + 1) & (g->cap - 1))
			continue;
		g->slot[j] = *d;
		g->n++;
	}
	free(old);
}

static struct deck *
find_or_add(struct deck_guard *g, uint64_t seed)
{
	struct deck *d = find(g, seed);
	size_t i;

	if (d != NULL)
		return d;
	if (2 * (g->n + 1) > g->cap)
		rebuild(g, 2 * g->cap, 0);
	for (i = home(g, seed); g->slot[i].used; i = (i + 1) & (g->cap - 1))
		continue;
	g->slot[i].used = true;
	g->slot[i].seed = seed;
	g->n++;
	return &g->slot[i];
}

/* Drops the holders that have ended, the deck freed when they did. */
static void
follow(struct deck *d)
{
	uint64_t ended;
	int k = 0;

	for (int i = 0; i < d->nholders; i++) {
		if (bot_process_state(d->holder[i].bot, d->holder[i].serial,
		    &ended) != 0)
			d->holder[k++] = d->holder[i];
		else if (ended > d->freed_us)
			d->freed_us = ended;
	}
	d->nholders = k;
}

void
deck_guard_dealt(struct deck_guard *g, uint64_t seed,
    struct bot *const *bots, int n)
{
	struct deck *d = find_or_add(g, seed);
	unsigned serial;
	uint64_t born;

	follow(d);
	/* In play until now: a process started meanwhile lived alongside. */
	if (clock_now_us() > d->freed_us)
		d->freed_us = clock_now_us();
	for (int i = 0; i < n && d->nholders < DECK_GUARD_HOLDERS; i++)
		if (bots[i] != NULL &&
		    bot_process(bots[i], &serial, &born)) {
			d->holder[d->nholders].bot = bots[i];
			d->holder[d->nholders++].serial = serial;
		}
}

/* Of the holders still alive: DECK_IN_PLAY if one runs at another
 * table, DECK_SEEN_HERE if one runs here, else DECK_QUITTING. */
static int
holders(const struct deck *d, const struct table *asking)
{
	int h = DECK_QUITTING;
	uint64_t ended;

	for (int i = 0; i < d->nholders; i++)
		if (bot_process_state(d->holder[i].bot, d->holder[i].serial,
		    &ended) == 2) {
			if (!table_has_bot(asking, d->holder[i].bot))
				return DECK_IN_PLAY;
			h = DECK_SEEN_HERE;
		}
	return h;
}

/* Whether a process the deal would seat here started before the deck's
 * last holder ended (a quitting one will be replaced by a new one). */
static bool
seen_alongside(const struct deck *d, const struct table *asking,
    const struct deal_spec *deal)
{
	const struct bot *b;
	unsigned serial;
	uint64_t born;

	for (int s = 0; s < MAX_PLAYERS; s++)
		if ((b = table_bot(asking, deal->engine[s])) != NULL &&
		    bot_running(b) && bot_process(b, &serial, &born) &&
		    born <= d->freed_us)
			return true;
	return false;
}

int
deck_guard_ask(struct deck_guard *g, struct table *const *tables, int n,
    const struct table *asking, const struct deal_spec *deal)
{
	struct deck *d;

	for (int i = 0; i < n; i++)
		if (table_plays_deck(tables[i], deal->seed))
			return DECK_IN_PLAY;
	if ((d = find(g, deal->seed)) == NULL)
		return DECK_FREE;
	follow(d);
	if (d->nholders > 0)
		return holders(d, asking);
	return seen_alongside(d, asking, deal) ? DECK_SEEN_HERE : DECK_FREE;
}

void
deck_guard_tidy(struct deck_guard *g, struct table *const *tables, int n)
{
	uint64_t first = UINT64_MAX, born;

	for (int i = 0; i < n; i++)
		if ((born = table_first_born(tables[i])) < first)
			first = born;
	for (size_t i = 0; i < g->cap; i++)
		if (g->slot[i].used)
			follow(&g->slot[i]);
	rebuild(g, g->cap, first);
}
