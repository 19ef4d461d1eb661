/*
 * luck_verify.h: the luck file, a line of JSON a deal (a game of
 * several deals: at its last): its "deal", "pair", "players",
 * "luck_score" and "luck_value" (three seats: arrays, one a pair of
 * seats, 0-1, 0-2, 1-2), and where its record is ("file", and from
 * rate its "line").  `rate --luck-file` and `match --luck-file` write
 * it; `verify FILE... --luck-file LUCK` computes each deal's luck
 * (luck_deal.h) again from its record and checks it against its line.
 */
#ifndef LUCK_VERIFY_H
#define LUCK_VERIFY_H

#include <stdio.h>

#include "record/record.h"

/* Writes the line of the deal s, whose luck (luck_book_deal) is luck,
 * recorded in file (at line lineno; 0: not said), and flushes it. */
void	luck_line_write(FILE *f, const char *file, int lineno,
	    const struct record_summary *s, const double *luck);

/*
 * Checks luck_path against the records of files[0..nfiles): every deal
 * measured has its line, equal within 1e-9 on each figure, and every
 * line its deal (a deal is its number and its players).  Each
 * mismatch is one line on stderr naming the deal, the luck file's line
 * and the record's file:line; then one line on stdout.  Returns the
 * number of mismatches and bad lines (0: all agree).
 */
int	luck_verify(const char *luck_path, char **files, int nfiles);

#endif
