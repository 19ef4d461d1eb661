/*
 * Part arbiter/rating/: Elo, SPRT, statistics, standings tables and
 * charts, rate; below it record/, proc/ and base/.
 *
 * standings.h: the table of a tournament among many engines: ratings
 * fitted jointly (rating.h) with intervals from the fit and from a
 * bootstrap over duplicate pairs, the elder hand's advantage, mean game
 * value per deal for each engine and pairing, a crosstable, the
 * likelihood of superiority, and failures.  Memory is O(engines^2),
 * whatever the number of deals.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "base/config.h"
#include "record/record.h"

struct standings;

struct standings	*standings_new(const struct match_cfg *cfg);
void			 standings_free(struct standings *s);
/* Counts a record; of a voided attempt, only its failure. */
void			 standings_add(struct standings *s,
			    const struct record_summary *r);
int			 standings_deals(const struct standings *s);
int			 standings_failures(const struct standings *s, int e);
/* The table; bootstrap resamples (0: none) with a fixed seed. */
void			 standings_print(struct standings *s, FILE *f,
			    int bootstrap);
/* The same figures as a JSON object (a new reference), or NULL;
 * luck_tally_summary() writes it with the adjusted figures. */
json_t			*standings_json(struct standings *s, int bootstrap);
/* Whether engines i and j played a game against each other. */
bool			 standings_met(const struct standings *s, int i, int j);
/* The groups of engines linked by games, directly or through others:
 * returns how many, with group[e] numbered from 0 in engine order.
 * Ratings of two groups share no game: their gap is only the prior's. */
int			 standings_groups(const struct standings *s,
			    int *group);

/* The ratings with their 95% intervals as an SVG chart. */
int			 standings_write_svg(struct standings *s,
			    const char *path);

#endif
