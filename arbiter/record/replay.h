/*
 * replay.h: a recorded deal step by step, as JSON for the web front end,
 * replayed by the rules core from the record (record.h).
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <jansson.h>

/*
 * The deal of one record line: {deal, players, result, termination,
 * steps: [{seat_acted, action, info, kind, scored, view}]}, the first
 * step the deal before any action; kind and scored are the record's
 * decision kind and points of the action (null in a version-1 record).  Each view is that seat's (0 or 1) or, for seat -1, the
 * whole state.  Returns a new object, or NULL with one line in err.
 */
json_t	*replay_json(const char *line, int seat, char *err, size_t errlen);

/* One line's summary for a list of deals, or NULL if unreadable. */
json_t	*replay_summary(const char *line);

#endif
