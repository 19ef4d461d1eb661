/*
 * analysis.h: an engine's evaluation of every decision of a recorded
 * deal, for the page's analysis board (like a chess site's).
 *
 * The deal is replayed by the rules core; at each position with a
 * choice to make, the seat to move's view is given to an engine in
 * analysis mode (hint.h), one position after another on the loop, and
 * its value and chance of winning are kept by step.
 */
#ifndef ANALYSIS_H
#define ANALYSIS_H

#include <jansson.h>

struct analysis;
struct engine_proc_reaper;
struct event_base;

struct analysis	*analysis_new(struct event_base *base,
		    struct engine_proc_reaper *reaper, const char *command);
void		 analysis_free(struct analysis *a);

/*
 * Starts analysing the deal of a record line (deal: its index, to say
 * which), in place of any analysis under way.  Returns 0, or -1 with one
 * line in err.
 */
int		 analysis_start(struct analysis *a, const char *line, int deal,
		    char *err, size_t errlen);

/*
 * How far it has come, a new object: {deal (-1: none), total, done,
 * steps: [null or {seat, ev, win, best}, one per step of the replay:
 * the position after that many actions], error}.
 */
json_t		*analysis_json(const struct analysis *a);

#endif
