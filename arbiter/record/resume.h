/*
 * resume.h: reading a match's records back to go on with it (--resume).
 */
#ifndef RESUME_H
#define RESUME_H

#include "base/config.h"
#include "record/record.h"

/*
 * Reads the records already played at path: each line must replay, be
 * of the match c describes and name its deal once, or the file is
 * refused with one line on stderr naming the file and line.  Every good
 * record is given to take().  A final line cut short by a crash is
 * dropped from the file (truncated away), so that appending continues
 * cleanly.  take() is given the line too (its luck: match/tally.h).
 * 0, or -1.
 */
int	resume_read(const char *path, const struct match_cfg *c,
	    void (*take)(const struct record_summary *s, const char *line,
	    void *arg), void *arg);

#endif
