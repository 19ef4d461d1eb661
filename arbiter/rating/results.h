/*
 * results.h: the tally of a match and its table: per engine wins,
 * losses, draws, points and mean game value with 95% intervals, Elo from
 * single deals and from duplicate pairs, and the failures.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "rating/sprt.h"
#include "record/record.h"

struct results;

/* names[0], names[1]: the two engines; duplicate: deals come in pairs. */
struct results	*results_new(const char *const names[2], bool duplicate);
void		 results_free(struct results *r);

/* Counts one recorded deal (a summary read back or just written); of a
 * voided attempt, only its failure. */
void		 results_add(struct results *r, const struct record_summary *s);

int		 results_deals(const struct results *r);
/* Failures of engine e so far. */
int		 results_failures(const struct results *r, int e);

/* The SPRT's log-likelihood ratio so far: on the duplicate pairs, or,
 * when every deal is a deck of its own, on the deals (W/D/L). */
double		 results_llr(const struct results *r, const struct sprt *s);

/* One progress line (no newline): "deal 12/20  greedy 9.5 - 2.5 random". */
void		 results_progress(const struct results *r, int total, char *buf,
		    size_t len);

/* The final table. */
void		 results_print(const struct results *r, FILE *f);

#endif
