/*
 * tally.h: the tally of a run, raw and with the luck taken out: a
 * match's results (results.h) or a tournament's standings
 * (standings.h), and beside them each engine's adjusted figures
 * (luck_tally.h, doc/luck.md), each deal's luck computed once from its
 * record as it is written, or as read back at --resume.  A match of
 * two keeps standings too, for its --summary and --svg.  With
 * c->no_luck, no luck is computed or shown.
 */
#ifndef TALLY_H
#define TALLY_H

#include <stdio.h>

#include "base/config.h"
#include "rating/luck_tally.h"
#include "rating/results.h"
#include "rating/sprt.h"
#include "rating/standings.h"
#include "record/record.h"

struct tally;

/* The caller keeps c for the tally's life; tally_free(NULL) is a
 * no-op. */
struct tally	*tally_new(const struct match_cfg *c);
void		 tally_free(struct tally *t);

/* Writes each deal's luck to path as it is counted (luck_verify.h), the
 * deals' records in records: 0, or -1 with one line in err (no luck
 * counted, path the records file, or cannot be written). */
int		 tally_luck_file(struct tally *t, const char *path,
		    const char *records, char *err, size_t len);

/* Counts a record (of a voided attempt, its failure; a game's deal not
 * its last, only its luck, kept for the game's last); rec is the record
 * as a JSON object (record_json, record_load), whose luck is counted
 * (NULL: none can be, and it is said).  A game's deals come in their
 * order. */
void		 tally_add(struct tally *t, const struct record_summary *s,
		    json_t *rec);

int		 tally_deals(const struct tally *t);
int		 tally_failures(const struct tally *t, int e);

/* The match's results, or NULL (a tournament, three-hand). */
const struct results	*tally_results(const struct tally *t);
/* A tournament's (or three-hand's) standings, or NULL (a match). */
struct standings	*tally_standings(const struct tally *t);
/* The standings the summary and chart are written from (a match's
 * too), and the adjusted figures beside them (NULL: none). */
struct standings	*tally_summary_standings(const struct tally *t);
struct luck_tally	*tally_luck(const struct tally *t);

/* The SPRT's log-likelihood ratio so far: on the results, or with
 * c->sprt_adjusted on the adjusted scores (sprt_llr_normal). */
double		 tally_llr(const struct tally *t, const struct sprt *s);

/* The tables at the end: the results, the SPRT's line when there is
 * one (verdict: its result so far, llr its ratio), the standings, then
 * the adjusted figures. */
void		 tally_print(struct tally *t, FILE *f, const struct sprt *s,
		    double llr, enum sprt_result verdict);

#endif
