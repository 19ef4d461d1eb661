/*
 * hint.h: an engine's analysis of a person's seat (protocol.md §11).
 *
 * A second process of the opponent's command, started on the first
 * hint and kept for the next ones, is given the seat view with
 * `position`, thinks with `go infinite` until `stop`, and answers
 * `bestaction`; its last `info` (ev, win) comes with the action.  It
 * runs on the arbiter's loop through engine_proc, like every engine.
 */
#ifndef HINT_H
#define HINT_H

#include <jansson.h>

struct hint;
struct engine_proc_reaper;
struct event_base;

/* The answer: a JSON object {action, info, ev, win, value, kept_over,
 * actions} or {error}, actions the engine's value of each action it
 * weighed ({action, value, win} from its info lines; empty from an engine
 * that sends none): the chosen action first (value: its value there),
 * then the others best first; kept_over: the action valued higher that
 * the engine's choice was kept over, if any.  The callee owns it. */
typedef void (*hint_fn)(json_t *answer, void *arg);

struct hint	*hint_new(struct event_base *base,
		    struct engine_proc_reaper *reaper, const char *command,
		    hint_fn fn, void *arg);
void		 hint_free(struct hint *h);

/*
 * Asks for the analysis of view (a bzv/1 seat view of variant under
 * rules, the rules_format() text).  A question asked while one is outstanding
 * replaces it.  Returns 0, or -1 with one line in err.
 */
int		 hint_ask(struct hint *h, const char *variant,
		    const char *rules, const char *view, char *err,
		    size_t errlen);

#endif
