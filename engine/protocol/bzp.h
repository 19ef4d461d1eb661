/*
 * bzp.h: the Bézique protocol's lines (protocol.md), parsed and written.
 *
 * One parser serves both sides: the engine reads the arbiter's lines with
 * it and the arbiter reads the engine's.  A line is a command word and
 * white-space separated tokens, most of them key=value.  Some commands end
 * in free text that is not split: the seat view after the token "view"
 * (go) or the command itself (position), free text after "string" (info),
 * and the value of an id line.
 */
#ifndef BZP_H
#define BZP_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

#define BZP_VERSION	1
#define BZP_MAX_LINE	65536	/* bytes, newline included */
#define BZP_MAX_TOKENS	64

struct bzp_msg {
	const char	*cmd;
	int		 ntok;
	const char	*tok[BZP_MAX_TOKENS];
	const char	*tail;	/* free text (view, string, id value) or NULL */
};

/*
 * Splits line in place (NUL-terminating the tokens; a trailing CR or LF is
 * dropped).  Returns 0, or -1 for an empty line.  Tokens past
 * BZP_MAX_TOKENS are ignored.
 */
int		 bzp_parse(char *line, struct bzp_msg *m);

/* The value of the first "key=value" token, or NULL. */
const char	*bzp_get(const struct bzp_msg *m, const char *key);

/* Whether a bare token (no '=') is present, e.g. "infinite". */
bool		 bzp_has(const struct bzp_msg *m, const char *word);

/*
 * Reads key=value as a decimal integer in [min, max].  Returns 0, 1 if the
 * key is absent (out untouched), or -1 if the value is not such a number.
 */
int		 bzp_get_int(const struct bzp_msg *m, const char *key,
		    long long min, long long max, long long *out);

/* The checked number parser behind bzp_get_int, for other callers. */
int		 bzp_parse_int(const char *s, long long min, long long max,
		    long long *out);

/*
 * Writes the event line a seat is sent for ev ("event play seat=1
 * card=QS#2 from=hand"), hiding what that seat may not see.  Returns the
 * length, or 0 if the seat is told nothing of this event.
 */
size_t		 bzp_format_event(const struct event *ev, int seat, char *buf,
		    size_t len);

/* The names the protocol uses for decisions ("lead", "carte-blanche"). */
const char	*bzp_decision_name(enum decision d);

#endif
