/*
 * tournament.h: `bezique-arbiter tournament FILE [flags]`: a round robin
 * or gauntlet defined in an INI file (tournaments/README.md), every
 * setting of which a flag may override.
 */
#ifndef TOURNAMENT_H
#define TOURNAMENT_H

#include "base/config.h"

/*
 * Reads a tournament file into c (after config_defaults).  Returns 0, or
 * -1 after printing one line "FILE:LINE: what is wrong".
 */
int	tournament_read(struct match_cfg *c, const char *path);

/* The same from the text of a file; name is for messages (fuzzing). */
int	tournament_read_text(struct match_cfg *c, const char *text,
	    const char *name);

/*
 * The checks of a whole tournament once the file and flags are read (two
 * engines or more, each with a command...); sets the deal count.
 */
int	tournament_check(struct match_cfg *c, const char *path);

/* argv: FILE then flags.  Returns the exit status. */
int	tournament_main(int argc, char **argv);

#endif
