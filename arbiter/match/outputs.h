/*
 * outputs.h: where a run's results go, and saying so.  A match or a
 * tournament always keeps its records: without -o (records =) or
 * --resume they go to a file named after the run in the directory the
 * run is started from:
 *
 *	tournament FILE.ini     FILE.jsonl (FILE.shard-I-of-N.jsonl with
 *	                        --shard I/N); an existing one is never
 *	                        touched: the run stops and says to --resume
 *	                        it or give -o
 *	match, sprt             match-YYYYMMDD-HHMMSS.jsonl (sprt-...), the
 *	                        start's local time; -2, -3... if taken
 *
 * A tournament's existing empty file is taken (a run that stopped before
 * its first record); a default file left empty is removed at the end.
 * -o /dev/null keeps none.  At the end the run lists every file it wrote
 * (records, summary, chart) on stderr.
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stdbool.h>
#include <stdio.h>

#include "base/config.h"
#include "rating/luck_tally.h"
#include "rating/standings.h"

/*
 * Gives c a records file when it has none, created empty (never over
 * another run's): tournament is the tournament file's path, or NULL for
 * a match.  A file given (-o, records =) or a tournament's that already
 * holds records is not appended to unless --resume names it (a second
 * run's records appended to a first's make a file that verifies as
 * neither): the earlier run is kept as FILE.1.jsonl (the next free
 * number), with its summary and chart, said in one line.  0, or -1
 * after one line on stderr.
 */
int	outputs_default_records(struct match_cfg *c, const char *tournament);

/*
 * Builds the engines' sandbox (sandbox.h) into c->jail and
 * c->limits.sandbox, protecting the run's records, summary, chart, luck
 * file and tournament file, and says in c->confinement how engines are
 * confined; with c->no_sandbox, nothing ("off").  Again after a file is named, it
 * rebuilds the sandbox.  Where the kernel has no Landlock, says so in one
 * line on stderr (the first time).  0, or -1 after one line on stderr.
 */
int	outputs_confine(struct match_cfg *c);

/*
 * Records sent elsewhere than a tournament file says (-o, --records,
 * --resume): its summary, chart and luck file follow them, unless given
 * on the command line too, so that a run never overwrites another's.
 * file[] holds the file's records, summary, svg and luck_file (NULL
 * where it names none).  RECORDS.jsonl's are RECORDS-summary.json,
 * RECORDS.svg and RECORDS.luck, as the demo's.
 */
void	outputs_follow_records(struct match_cfg *c, const char *const file[4]);

/*
 * Frees the sandbox outputs_confine() built, then the rest of the
 * configuration (config_free()): what a run that may have confined its
 * engines calls when it is done with c.
 */
void	outputs_free(struct match_cfg *c);

/* Removes a default records file the run left empty (it stopped before
 * its first deal), so that the next run may have the name. */
void	outputs_tidy(const struct match_cfg *c);

/*
 * Writes the chart and the summary of the standings st (NULL: none),
 * each engine's adjusted figures in the summary as rate's (luck NULL:
 * none), and lists on f every file written, records first when
 * records_open.  0, or -1 when a file could not be written (said).
 */
int	outputs_finish(const struct match_cfg *c, struct standings *st,
	    struct luck_tally *luck, bool records_open, FILE *f);

#endif
