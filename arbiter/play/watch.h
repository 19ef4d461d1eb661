/*
 * watch.h: following a records file that a match or tournament is
 * appending to: a libevent timer reads what was added, keeps every
 * complete line, and leaves a partial last line for the next read.
 */
#ifndef WATCH_H
#define WATCH_H

#include <stddef.h>

#include <jansson.h>

struct watch;
struct event_base;

/* Polls path every period_ms (a file not there yet is waited for). */
struct watch	*watch_new(struct event_base *base, const char *path,
		    int period_ms);
void		 watch_free(struct watch *w);

/* Reads what was added now (the timer calls it too). */
void		 watch_poll(struct watch *w);
size_t		 watch_count(const struct watch *w);
/* Line i (0-based, without its newline), or NULL. */
const char	*watch_line(const struct watch *w, size_t i);
const char	*watch_path(const struct watch *w);

/* The deals of the records for the page, {deal, players, winner, value,
 * points, termination, fault_seat, index}, and how an engine that lost
 * one by failing failed, in words ("failure": "badbot stopped (its
 * process ended)"), as Play says it. */
json_t		*watch_deals(const struct watch *w);
/* Line i replayed (replay.h) as seat sees it (-1: every card), with its
 * "failure" in words; NULL with err. */
json_t		*watch_replay(const struct watch *w, size_t i, int seat,
		    char *err, size_t errlen);

/*
 * Of a match's live feed (record/live.h) followed by w: the newest deal
 * in it, {table, deal, players, steps: [{step, seat, action, view}...]}
 * from its first line kept, or an empty object when the feed has none.
 */
json_t		*watch_live(const struct watch *w);

#endif
