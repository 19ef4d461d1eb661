/*
 * table_seats.c: a table's engines, apart from its deal: who sits
 * where, which are ready or settled, taking up a deal's pairing, and
 * retiring them after a game (table_int.h).  Nothing here calls back
 * into table.c.
 */
#include "match/table_int.h"

int
table_engine_of(const struct table *t, const struct bot *b)
{
	for (int e = 0; e < t->cfg->nengines; e++)
		if (t->bots[e] == b)
			return e;
	return 0;
}

int
table_seat_of(const struct table *t, int engine)
{
	for (int s = 0; s < t->n; s++)
		if (t->engine_at[s] == engine)
			return s;
	return 0;
}

bool
table_in_game(const struct table *t, int e)
{
	if (!t->playing && !t->waiting)
		return false;
	/* The deal's, which its seats (engine_at) take when it begins. */
	for (int s = 0; s < t->n; s++)
		if (t->deal.engine[s] == e)
			return true;
	return false;
}

/* An engine is settled when it is ready, or down with a failure that
 * the next deal will be forfeited for. */
bool
table_settled(const struct table *t, int e)
{
	/* A remote seat's bot lost in the last deal is awaited only when a
	 * deal needs it (start_bots): a run with no deal left ends. */
	return e < 0 || t->ready[e] || t->retired[e] ||
	    t->down_term[e] != TERM_NORMAL || (t->cfg->engines[e].remote !=
	    NULL && t->bots[e] != NULL && !bot_running(t->bots[e]));
}

/* Every engine of the pairing is ready to play. */
bool
table_all_ready(const struct table *t)
{
	for (int i = 0; i < t->n; i++)
		if (t->eng[i] < 0 || !t->ready[t->eng[i]])
			return false;
	return true;
}

bool
table_all_settled(const struct table *t)
{
	for (int i = 0; i < t->n; i++)
		if (!table_settled(t, t->eng[i]))
			return false;
	return true;
}

/*
 * Whether engine e's bot stays as it is when the table lets it go before
 * the run ends: a remote seat's, which is told quit only at the end.  A
 * bot that connects from elsewhere comes once for the run (bezique-connect
 * exits at quit), and no quit can make it forget: the run deals it no
 * deck twice instead (deck_guard_remote_check).
 */
static bool
kept(const struct table *t, int e)
{
	return t->cfg->engines[e].remote != NULL && t->bots[e] != NULL &&
	    bot_running(t->bots[e]);
}

/*
 * The game is over: its engine processes quit, and the next game that
 * seats them starts new ones.  A process that saw a deck would otherwise
 * know its opponent's hand when the deck comes back with the seats
 * swapped (the duplicate pair, a tournament's common deals).
 */
void
table_renew(struct table *t)
{
	for (int i = 0; i < t->n; i++) {
		int e = t->eng[i];
		if (e < 0 || t->bots[e] == NULL || kept(t, e))
			continue;
		/* One lost in the game too: started again only for the next
		 * deal, once the queue has chosen it (deck_guard.h). */
		t->retired[e] = true;
		if (!bot_running(t->bots[e]))
			continue;
		bot_quit(t->bots[e]);
		t->ready[e] = false;
	}
}

/* Takes up the deal's pairing; engines it does not use are let go. */
void
table_set_pairing(struct table *t, const struct deal_spec *d)
{
	for (int i = 0; i < t->n; i++) {
		int e = t->eng[i];
		bool used = false;
		for (int s = 0; s < t->n; s++)
			used = used || e == d->engine[s];
		if (e >= 0 && !used && !kept(t, e)) {
			bot_quit(t->bots[e]);
			t->ready[e] = false;
		}
	}
	/* Ascending, by insertion. */
	for (int i = 0; i < t->n; i++) {
		int e = d->engine[i], j = i;
		for (; j > 0 && t->eng[j - 1] > e; j--)
			t->eng[j] = t->eng[j - 1];
		t->eng[j] = e;
	}
}

struct bot *
table_bot(const struct table *t, int e)
{
	return e >= 0 && e < MAX_ENGINES ? t->bots[e] : NULL;
}

bool
table_has_bot(const struct table *t, const struct bot *b)
{
	for (int e = 0; e < MAX_ENGINES; e++)
		if (t->bots[e] == b)
			return true;
	return false;
}

uint64_t
table_first_born(const struct table *t)
{
	uint64_t first = UINT64_MAX, born;
	unsigned serial;

	for (int e = 0; e < MAX_ENGINES; e++)
		if (t->bots[e] != NULL && bot_running(t->bots[e]) &&
		    bot_process(t->bots[e], &serial, &born) &&
		    born < first)
			first = born;
	return first;
}
