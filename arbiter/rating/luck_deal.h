/*
 * luck_deal.h: the luck of a recorded deal (engine/ai/luck.h), replayed
 * from its record line: the adjusted result is the result less it
 * (doc/luck.md).
 */
#ifndef LUCK_DEAL_H
#define LUCK_DEAL_H

#include <stddef.h>

#include <jansson.h>

#include "luck.h"
#include "rules.h"

struct luck_book;

/* A book of the deal's mean V per rules and dealer, sampled once each
 * (luck_deal_mean, from LUCK_DEAL_DECKS decks of LUCK_DEAL_SEED). */
struct luck_book	*luck_book_new(void);
void			 luck_book_free(struct luck_book *b);
/* Samples the means of rules r's deals now (both dealers), not at the
 * first deal: a match does it before its clocks start. */
void			 luck_book_prepare(struct luck_book *b,
			    const struct rules *r);

/*
 * The luck in the deal of one record line, LUCK_NOUT numbers (luck.h):
 * of two seats, seat 0's, out[0] on the score's scale (1 won, 1/2
 * drawn, 0 lost), out[1] on the game value's; of three, each pair's
 * score.  Returns 0; 1 if the deal has no such figure here (three seats
 * in a game of one deal, a voided deal, a game one of whose deals was
 * not given or did not replay); -1 with one line in err if the record
 * does not replay.  A game of several deals (two-, three-hand): each
 * deal's luck on the game's scale (luck_game.h), kept until its last
 * deal, which gives the game's, the sum; until then 2.  Its deals must
 * come in their order, each game's first (hand 0) first.
 */
int	luck_book_deal(struct luck_book *b, const char *line, double *out,
	    char *err, size_t errlen);
/* The same of the record r itself, a JSON object as record_load reads a
 * line (a match counts the record it has just written so, not reading
 * its line back); r is left as it was. */
int	luck_book_record(struct luck_book *b, json_t *r, double *out,
	    char *err, size_t errlen);

#endif
