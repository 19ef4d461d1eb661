/*
 * match.h: a match of N deals between two engines, run on one libevent
 * loop: K tables at once, a lazy schedule that resume reproduces, every
 * deal recorded as it ends, a clean stop on the first SIGINT.
 */
#ifndef MATCH_H
#define MATCH_H

#include "config.h"

/*
 * Plays the match; argv is the command line to print in the resume hint.
 * Returns the process exit status: 0 when the match finished (or stopped
 * cleanly on SIGINT), 1 on an error such as an unwritable record file.
 */
int	match_run(const struct match_cfg *cfg, int argc, char **argv);

#endif
