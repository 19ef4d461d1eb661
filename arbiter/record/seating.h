/*
 * seating.h: how the engines of each pairing sat, record by record, for
 * recordset.c: a match or tournament turns them round from deal to deal
 * (engine (seat + deal) mod seats of the pairing in each seat); a
 * person's games (play, serve: single deals) keep each in one seat.
 *
 * Which order is the schedule's is a fact of the run, not of any one
 * record, so it is decided at the end by the most records of the
 * pairing: a record whose players were swapped is named alone, the
 * first of the file or not, rather than every record after it.
 */
#ifndef SEATING_H
#define SEATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "record/record.h"

struct seatings;

struct seatings	*seatings_new(void);
void		 seatings_free(struct seatings *st);

/* Notes how record s (line lineno of file, which must outlive st) sat. */
void	seatings_add(struct seatings *st, const char *file, int lineno,
	    const struct record_summary *s);

/*
 * Writes to out one line "FILE:LINE: deal D seats ... (players
 * swapped?)" for each record seated otherwise than the most records of
 * its pairing (by the schedule's turn; or kept, where single says every
 * record is a single deal); a tie goes to the order of the earliest
 * record.  Returns how many.
 */
size_t	seatings_check(const struct seatings *st, bool single, FILE *out);

#endif
