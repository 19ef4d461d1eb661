/*
 * table.h: one deal at a time between two bots.
 *
 * A game of several deals (two-hand to 1000) is played at one table,
 * deal after deal with the same engines in the same seats, the deal
 * passing; deal_done() is called after each deal.
 *
 * A table deals, sends each seat its newgame, the events it may see and
 * its decision requests with its seat view, checks every answer with the
 * rules core and applies it, keeps the clocks, and turns any failure into
 * a forfeit of the deal by the failing seat.  A match runs several tables
 * at once (--concurrency).
 */
#ifndef TABLE_H
#define TABLE_H

#include <stdint.h>

#include "match/bot.h"
#include "base/config.h"
#include "record/record.h"
#include "record/schedule.h"

struct table;

struct table_callbacks {
	/* Both bots are ready and no deal is in progress. */
	void	(*idle)(struct table *t, void *arg);
	/* A deal ended; rec is complete (the table frees it afterwards).
	 * voided: the deal must be played again (on_failure=void, for
	 * fewer than two voids of it so far, d->voids); rec is marked so. */
	void	(*deal_done)(struct table *t, const struct deal_spec *d,
		    struct record *rec, const struct game *g,
		    enum termination term, int fault_engine, bool voided,
		    void *arg);
	/* Optional (NULL: none): a deal began (step 0, seat -1, action
	 * NULL) or its step-th action was applied to g, for a live feed
	 * (record/live.h). */
	void	(*moved)(struct table *t, const struct deal_spec *d,
		    const struct game *g, int step, int seat,
		    const char *action, void *arg);
};

struct table	*table_new(struct event_base *base, struct engine_proc_reaper *reaper,
		    const struct match_cfg *cfg,
		    const struct table_callbacks *cb, void *arg);
void		 table_free(struct table *t);
/* Its engines run on this CPU only (-1: any); before its first deal. */
void		 table_pin(struct table *t, int cpu);

/* Makes the table ask for its first deal (idle() follows). */
void		 table_start(struct table *t);
/* Plays a deal; the table must be idle.  Engines of an earlier pairing
 * that this deal does not use are told to quit. */
void		 table_play(struct table *t, const struct deal_spec *d);
/*
 * Ends the game in play after the deal just finished (call from
 * deal_done): a game of several deals stops there, to be resumed from
 * its records, instead of going on with its next deal.
 */
void		 table_end_game(struct table *t);
/* Quits both engines. */
void		 table_stop(struct table *t);
bool		 table_busy(const struct table *t);
/* Whether the table plays (or is about to play) the deck of this seed. */
bool		 table_plays_deck(const struct table *t, uint64_t seed);
/* The table's bot for engine e, or NULL; whether b is one of its bots. */
struct bot	*table_bot(const struct table *t, int e);
bool		 table_has_bot(const struct table *t, const struct bot *b);
/* When the first of its engine processes still running started
 * (UINT64_MAX: none runs). */
uint64_t	 table_first_born(const struct table *t);
/* Its engine processes quit, to be started again for the next deal
 * (deck_guard.h: a deck they may not play). */
void		 table_renew(struct table *t);
/* The deal in play (the whole state), or NULL between deals: a front end
 * shows a person's seat from game_view() of it. */
const struct game *table_game(const struct table *t);
/* Relaying overhead so far, and decisions relayed. */
void		 table_overhead(const struct table *t, uint64_t *us,
		    uint64_t *decisions);

#endif
