/*
 * recordset.h: records checked as a whole, not one by one.
 *
 * Each record replays on its own (record_read()), but a file can still
 * lie: a line given twice, two records claiming one deal, a deal moved
 * to another index, players swapped in a record.  A record set holds
 * what it takes to see these (a few numbers per record, not the
 * records): every deal at most once by its schedule key (the deal index,
 * and the deal's number in a game of several deals), its pair the one
 * the index gives, the engines seated as the pairing seats them, and
 * every deck dealt from one match seed by the schedule
 * (doc/reproducible.md).  `verify`, `rate` and --resume read records
 * through one.
 */
#ifndef RECORDSET_H
#define RECORDSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/config.h"
#include "record/record.h"

struct recordset;

/* One match's records (a file, or a shard of it); with merge, records of
 * several matches (rate's files): only the same deal of the same match
 * (deck seed and players too) is a repeat. */
struct recordset	*recordset_new(bool merge);
void			 recordset_free(struct recordset *rs);

enum { RS_NEW, RS_REPEAT };

/*
 * Adds the record s read from line `line` (lineno) of file.  Returns
 * RS_NEW; RS_REPEAT when it is the very record already added (its line
 * again, as a file or shard given twice), err saying where; or -1 with
 * one line in err: another record of the same deal, a pair that is not
 * its index's (the seats are checked at the end, recordset_finish).  file must outlive
 * the set.
 */
int	recordset_add(struct recordset *rs, const char *file, int lineno,
	    const char *line, const struct record_summary *s, char *err,
	    size_t errlen);

/*
 * After the last record: the engines of every record seated as the most
 * records of their pairing are (seating.h: a record with its players
 * swapped is named alone), and every deck from one match seed and the
 * schedule (a match's, or a tournament's of at most MAX_ENGINES).
 * Writes to out one line "FILE:LINE: ..." for each record seated
 * otherwise and for the first deck that does not follow; returns how
 * many lines (0: the set is whole).
 */
size_t	recordset_finish(struct recordset *rs, FILE *out);

/*
 * Whether the record of line belongs to the match of c (--resume): its
 * deal in c's schedule (and shard), the same variant, rules and
 * engines in the same seats, the command's key (the records' commit)
 * and the deck's round.  Returns 0, or -1 with one line in err
 * naming the field and both values.
 */
int	record_fits_match(const struct match_cfg *c, const char *line,
	    const struct record_summary *s, char *err, size_t errlen);


#endif
