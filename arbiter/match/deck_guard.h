/*
 * deck_guard.h: which decks live engine processes have seen, and since
 * when none has.
 *
 * Where a deck is played more than once and processes play several games
 * (games_per_process), a process may be dealt a deck only if every process
 * that was dealt it before had ended before this one started: then no
 * process ever plays a deck it saw, nor lives alongside another deal of a
 * deck it will play, so that no channel at all, a timing one too, can
 * bring it the other seat's hand or the stock.  The match tells the guard
 * who was dealt each deck as its deal ends; the guard follows those
 * processes to their end (bot_process_state) and keeps, for each deck, the
 * time the last of them ended.
 */
#ifndef DECK_GUARD_H
#define DECK_GUARD_H

#include <stdint.h>
#include <stdio.h>

#include "match/bot.h"
#include "match/table.h"
#include "record/schedule.h"

#define DECK_GUARD_HOLDERS	3	/* the seats of a deal */

struct deck_guard;

/*
 * One line on f when the schedule deals a deck more than once (the
 * organiser asked for --duplicate or --common-deals): the guard keeps
 * the processes apart, but not what the kernel keeps after them (page
 * cache, file times, counters), so a hostile bot can hand its twin the
 * cards it saw.  Nothing when every deal has a deck of its own.
 */
void		 deck_guard_warn(const struct match_cfg *c, FILE *f);

/*
 * Whether c may seat remote bots: 0, or -1 after one line on stderr if a
 * remote seat (net/seats.h) would be dealt a deck more than once
 * (duplicate or common deals, or a voided deal dealt again).  A bot on
 * another machine cannot be made to forget, as a process ended can: it
 * would meet a deck it had seen.
 */
int		 deck_guard_remote_check(const struct match_cfg *c);

struct deck_guard *deck_guard_new(void);
void		 deck_guard_free(struct deck_guard *g);

/* A deal of the deck of this seed has ended; these bots' processes (n of
 * them, NULL for a seat with none) were dealt it. */
void		 deck_guard_dealt(struct deck_guard *g, uint64_t seed,
		    struct bot *const *bots, int n);

/*
 * Whether deal d may begin at table `asking` of the n tables, as the
 * deal queue asks (deal_queue.h): DECK_IN_PLAY, its deck is in play or
 * held by a process running at another table; DECK_SEEN_HERE, a process
 * running at this table holds it, or one it would seat lived alongside a
 * deal of it; DECK_QUITTING, only processes quitting hold it; DECK_FREE.
 */
int		 deck_guard_ask(struct deck_guard *g, struct table *const *tables,
		    int n, const struct table *asking, const struct deal_spec *d);

/* Forgets the decks that no process still running could be refused:
 * their holders have ended, before any running process started. */
void		 deck_guard_tidy(struct deck_guard *g, struct table *const *tables,
		    int n);

#endif
