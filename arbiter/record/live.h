/*
 * live.h: a match's live feed, for watching a deal move by move
 * (`match --live`, `serve --watch`; doc/play.md).
 *
 * Records are written a deal at a time, with the deck: a watcher of the
 * records sees a deal only once it is over.  The live feed is written
 * as each action is played, one JSON line each: {"live": 1, "table",
 * "deal" (from 1, as the records), "step" (0: the deal begins),
 * "players", "seat", "action", "view"}, the view what anyone at the table
 * sees (view_json_public): no card of a concealed hand, no stock.  It
 * holds the deals in play only: the file is emptied when a deal begins
 * at a match with no other deal in play, so it stays small.  It is
 * kept from the engines as the records are (outputs.c): with decks
 * shared between tables, one table's moves are another's cards.
 */
#ifndef LIVE_H
#define LIVE_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "base/config.h"
#include "game.h"
#include "record/schedule.h"

/* What every seat sees of g: seat 0's view without seat 0's concealed
 * cards (a new object, "seat": "public"; no legal actions). */
json_t	*view_json_public(const struct game *g);

/* The feed's line for step of deal d at table (0 and action NULL: the
 * deal begins), a new object; the players named as c names them. */
json_t	*live_line(const struct match_cfg *c, const struct deal_spec *d,
	    int table, int step, const struct game *g, int seat,
	    const char *action);

/* The feed's file, created empty: NULL after one line to stderr. */
FILE	*live_open(const char *path);

/*
 * Writes line to f (emptied first if empty_first), flushed, and frees
 * it: 0, or -1 with errno (the feed is given up, not the match).
 */
int	live_write(FILE *f, json_t *line, bool empty_first);

#endif
