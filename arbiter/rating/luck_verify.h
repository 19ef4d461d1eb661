/*
 * luck_verify.h: `verify FILE... --luck-file LUCK`: each deal's luck
 * (luck_deal.h) computed again from its record and checked against the
 * line of LUCK that gives it (written by `rate --luck-file`: one JSON
 * object a deal, its "deal", "players", "luck_score" and "luck_value").
 */
#ifndef LUCK_VERIFY_H
#define LUCK_VERIFY_H

/*
 * Checks luck_path against the records of files[0..nfiles): every deal
 * measured has its line, equal within 1e-9 on both scales, and every
 * line its deal (a deal is its number and its two players).  Each
 * mismatch is one line on stderr naming the deal, the luck file's line
 * and the record's file:line; then one line on stdout.  Returns the
 * number of mismatches and bad lines (0: all agree).
 */
int	luck_verify(const char *luck_path, char **files, int nfiles);

#endif
