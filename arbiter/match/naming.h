/*
 * naming.h: one name for each player, the same whichever way it is run,
 * so that records, tables and `rate` over many runs mean one engine by
 * one name.  The first that applies:
 *
 *	1. a tournament's [engine NAME] section;
 *	2. match's --name;
 *	3. the engine's own 'id name', asked at the start (one short-lived
 *	   process: bzp, isready, quit) when unique among the players and
 *	   of at most 100 bytes (records are read back with 127);
 *	4. its command line without the program's directory.
 *
 * The records keep the name used; naming_print says where each came
 * from when it is not a name the user wrote.
 */
#ifndef NAMING_H
#define NAMING_H

#include <stdio.h>

#include "base/config.h"

/*
 * Replaces command-line names (NAME_COMMAND) by the engines' id names
 * where that keeps every name distinct.  An engine that fails its
 * handshake keeps its command name (the match then reports the failure
 * as any other).  Runs its own event loop; returns when every engine
 * asked has answered, failed or timed out: 0, or -1 after one line when
 * two players are still named alike.
 */
int	naming_resolve(struct match_cfg *c);

/* One line: each name and its source, when some name is not the
 * user's own (--name, a tournament section); nothing otherwise. */
void	naming_print(const struct match_cfg *c, FILE *f);

#endif
