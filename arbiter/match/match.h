/*
 * Part arbiter/match/: running a match (the engine driver, tables, deal
 * queue, naming, seeds, outputs); below it rating/ and the parts under.
 *
 * match.h: a match of N deals between two engines, run on one libevent
 * loop: K tables at once, a lazy schedule that resume reproduces, every
 * deal recorded as it ends, a clean stop on the first SIGINT or SIGTERM
 * and an abort on the second.
 */
#ifndef MATCH_H
#define MATCH_H

#include "base/config.h"

/*
 * Plays the match; argv is the command line to print in the resume hint.
 * Returns the process exit status: 0 when every deal was played (or the
 * SPRT decided), 1 on an error such as an unwritable record file, 3 when
 * an engine was withdrawn (its deals left unplayed, every other played),
 * 128 + N when signal N stopped it early.
 */
int	match_run(const struct match_cfg *cfg, int argc, char **argv);

#endif
