/*
 * luck_tally.h: each engine's results with the luck taken out
 * (luck_deal.h, doc/luck.md), beside the same results raw, by the same
 * formulas: mean score and game value per deal with 95% intervals over
 * duplicate pairs (over deals where a deal has no pair; with
 * cfg->duplicate false, every deal alone), and the Elo of
 * the mean score against the engine's opponents.
 */
#ifndef LUCK_TALLY_H
#define LUCK_TALLY_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "base/config.h"
#include "rating/stats.h"
#include "record/record.h"

struct luck_tally;

struct luck_tally	*luck_tally_new(const struct match_cfg *cfg);
void			 luck_tally_free(struct luck_tally *t);

/* A deal (a game of several, at its last deal) with its luck
 * (luck_book_deal: of two, seat 0's, luck[0] score, luck[1] value; of
 * three, each pair's). */
void	luck_tally_add(struct luck_tally *t, const struct record_summary *s,
	    const double *luck);
/* Engine e's scores so far, adjusted or raw, one value a unit: a
 * duplicate pair's mean once both its deals are in, else a deal (the
 * units an SPRT on adjusted scores decides on). */
void	luck_tally_units(const struct luck_tally *t, int e, bool adjusted,
	    struct stats_acc *out);
/* A deal counted raw but not measured (luck_book_deal returned 1). */
void	luck_tally_skip(struct luck_tally *t);

/* The table: raw and adjusted side by side, and the interval ratio. */
void	luck_tally_print(struct luck_tally *t, FILE *f);

/* Adds to each engine of a standings object ("engines": [{"name"}]) an
 * object "adjusted" with the raw figures' keys (elo, ci95_pairs,
 * value_per_deal, value_ci95, score, score_ci95, deals) and, under
 * "raw", the same figures without the correction. */
void	luck_tally_json(struct luck_tally *t, json_t *standings);

/* The summary of rate, match, sprt and tournament: the standings st as
 * JSON (standings_json) with each engine's "adjusted" object (t NULL:
 * none), written to path.  0, or -1. */
struct standings;
int	luck_tally_summary(struct luck_tally *t, struct standings *st,
	    const char *path, int bootstrap);

#endif
