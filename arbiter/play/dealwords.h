/*
 * dealwords.h: a finished deal of a person's game told in words: the
 * game value with its arithmetic (doc/rules.md §9), and why an engine's
 * failure ended the deal.  Pure functions, for the unit tests.
 */
#ifndef DEALWORDS_H
#define DEALWORDS_H

#include <stddef.h>

#include "game.h"
#include "record/record.h"

/*
 * The arithmetic of res's game value under r, e.g. "winner 1,240 −
 * loser 780, in whole hundreds 1,200 − 700 = 500, + 500 for the game =
 * 1,000"; forfeit: the deal was forfeited.  An empty string when the deal
 * has no value of its own (a deal of a game of several) or the scoring
 * is one this does not spell out: what it says always adds up to the
 * value.
 */
void	dealwords_value(const struct rules *r, const struct result *res,
	    bool forfeit, char *buf, size_t len);

/* Why the engine named `name` lost the deal, e.g. "Greedy did not
 * answer in time" (a stall), "Greedy stopped (its process ended)". */
void	dealwords_failure(const char *name, enum termination term,
	    char *buf, size_t len);

#endif
