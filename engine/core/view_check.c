/*
 * view_check.c: what a parsed seat view must satisfy (view.h): the
 * turn-up where it lies, every card once, counts that add up, scores
 * equal to the history's.  A line from a GUI or a record file that says
 * something the rules cannot reach is refused with the reason, which
 * view_fail() words for the parser too (view_parse.c).
 */
#include <stdarg.h>
#include <stdio.h>

#include "view_int.h"

int
view_fail(struct parser *ps, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(ps->err, ps->errlen, "view: ");

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < ps->errlen)
		vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The seat holding card c concealed, or -1. */
static int
holder(const struct game *g, int c)
{
	for (int p = 0; p < g->nplayers; p++)
		if (cardset_has(&g->hand[p], c))
			return p;
	return -1;
}

/*
 * The turn-up lies under the stock while it lasts (after an exchange it
 * is the seven exchanged, the last "exchange" declaration); once drawn,
 * and the card taken in exchange for a seven, everybody knows where it
 * is.  A view shows of another hand exactly the cards its seat knows.
 */
int
view_place_turnup(struct parser *ps)
{
	struct game *g = ps->g;
	int now = g->turnup, p;
	char t[CARD_TEXT_MAX];

	for (p = 0; p < g->nplayers && g->observer >= 0; p++)
		if (p != g->observer)
			g->revealed[p] = cardset_or(g->revealed[p], g->hand[p]);
	if (g->turnup == NO_CARD)
		return 0;
	for (int i = 0; i < g->ndecl; i++)
		if (g->decl[i].combo == DECL_SEVEN_EXCHANGE) {
			if ((p = holder(g, g->turnup)) == g->decl[i].seat)
				cardset_add(&g->revealed[p], g->turnup);
			now = cardset_next(&g->decl[i].set, 0);
		}
	if (stock_left_int(g) == 0) {
		if ((p = holder(g, now)) >= 0)
			cardset_add(&g->revealed[p], now);
		return 0;
	}
	if (g->observer < 0) {
		if (g->stock[g->stock_len - 1] != now)
			return view_fail(ps, "field 'stockcards': the last card is "
			    "not the turn-up %s", card_format(now, t));
		return 0;
	}
	if (cardset_has(&ps->seen, now))
		return view_fail(ps, "the turn-up %s is also elsewhere",
		    card_format(now, t));
	cardset_add(&ps->seen, now);
	g->stock[g->stock_len - 1] = (uint16_t)now;
	return 0;
}

/* The checks that make a parsed view one the rules could reach. */
int
view_check(struct parser *ps)
{
	struct game *g = ps->g;
	int total = cardset_count(&g->played) + stock_left_int(g);
	int32_t declared[MAX_PLAYERS] = { 0 };

	for (int p = 0; p < g->nplayers; p++)
		total += g->hand_count[p] + cardset_count(&g->table[p]);
	if (total != game_ncards(g))
		return view_fail(ps, "the cards add up to %d, not %d", total,
		    game_ncards(g));
	if (g->observer >= 0 && g->hand_count[g->observer] !=
	    cardset_count(&g->hand[g->observer]))
		return view_fail(ps, "the seat's own hand has unknown cards");
	if (g->observer < 0 && cardset_count(&ps->seen) != game_ncards(g))
		return view_fail(ps, "a full state must show every card");
	for (int i = 0; i < g->ndecl; i++)
		declared[g->decl[i].seat] += g->decl[i].points;
	if (last_trick_scored(g) >= 0)
		declared[g->trick_winner[last_trick_scored(g)]] +=
		    g->rules.last_trick;
	for (int p = 0; p < g->nplayers; p++)
		if (declared[p] != g->points[p])
			return view_fail(ps, "points of seat %d are %d, the "
			    "declarations give %d", p, g->points[p],
			    declared[p]);
	if ((g->phase == PHASE_STOCK) != (stock_left_int(g) > 0))
		return view_fail(ps, "phase '%s' does not fit a stock of %d",
		    g->phase == PHASE_STOCK ? "stock" : "end/over",
		    stock_left_int(g));
	return 0;
}

