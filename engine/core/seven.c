/*
 * seven.c: the seven of trumps of two- and three-hand Bézique.
 *
 * doc/rules.md §4.2: a seven turned up for trump scores 10 for the
 * dealer (HGM-2H); the holder of a seven of trumps may, after winning a
 * trick in the stock phase, exchange it for the turn-up and score 10
 * (HGM-2H, UBCG, WK-2H), and the holder of the other seven scores 10 for
 * declaring it "but gains no further benefit thereby" (HGM-2H).  Each
 * seven scores once.  By default neither uses up the trick's one
 * declaration (EW iii: "he may make a declaration at the same time";
 * doc/rules.md §12 Q9), so the player may still declare afterwards;
 * with the option seven_exchange_is_declaration (UBCG) an exchange is
 * the trick's declaration.
 *
 * The points are kept among the declarations under pseudo-combinations
 * (game_int.h), so that a view's history says who scored which seven.
 */
#include <string.h>

#include "game_int.h"

/* Whether seven c has scored already (turned up, exchanged, declared). */
static bool
seven_scored(const struct game *g, int c)
{
	for (int i = 0; i < g->ndecl; i++)
		if (g->decl[i].combo >= DECL_SEVEN_TURNUP &&
		    g->decl[i].combo <= DECL_SEVEN &&
		    cardset_has(&g->decl[i].set, c))
			return true;
	return false;
}

static bool
is_trump_seven(const struct game *g, int c)
{
	return g->trump >= 0 && card_suit(c) == g->trump &&
	    card_rank(c) == RANK_7;
}

/* The turn-up as it lies under the stock now, or NO_CARD. */
static int
turnup_now(const struct game *g)
{
	if (g->turnup == NO_CARD || stock_left_int(g) == 0)
		return NO_CARD;
	return g->stock[g->stock_len - 1];
}

/* Exchanging a seven for a seven gains nothing: the turn-up must be
 * another card (it is a seven once turned up so or exchanged). */
static bool
exchange_open(const struct game *g)
{
	int up = turnup_now(g);

	return up != NO_CARD && card_rank(up) != RANK_7;
}

/* Whether the seat could score seven action a if it had won the trick
 * just played: everything but the decision, which may_declare() (game.c)
 * asks about before it is set (S89). */
static bool
seven_open(const struct game *g, int seat, const struct action *a)
{
	int c = a->cards[0];

	/* EB11: without a turn-up "there is then no score for the seven
	 * of trumps" (doc/rules.md §4.2). */
	if (g->rules.seven_of_trumps <= 0 || g->turnup == NO_CARD ||
	    a->ncards != 1 || c >= game_ncards(g) ||
	    !cardset_has(&g->hand[seat], c) || !is_trump_seven(g, c) ||
	    seven_scored(g, c))
		return false;
	if (a->type == ACTION_SEVEN)
		return g->rules.seven_other == SEVEN_DECLARE;
	return a->type == ACTION_SEVEN_EXCHANGE && exchange_open(g);
}

bool
seven_legal(const struct game *g, int seat, const struct action *a)
{
	return g->decision == DECISION_DECLARE && seven_open(g, seat, a);
}

/* BRIT, EW iv: "Whenever the seven of trumps is played, except in the
 * last eight tricks, the player scores ten" (option seven_other=play). */
void
seven_played(struct game *g, int seat, int c, struct event_log *log)
{
	struct action a;

	if (g->rules.seven_other != SEVEN_PLAY || g->phase != PHASE_STOCK ||
	    g->rules.seven_of_trumps <= 0 || g->turnup == NO_CARD ||
	    !is_trump_seven(g, c) || seven_scored(g, c))
		return;
	memset(&a, 0, sizeof(a));
	a.type = ACTION_SEVEN;
	a.ncards = 1;
	a.cards[0] = (uint16_t)c;
	seven_apply(g, seat, &a, log);
}

/*
 * Each action once, with the lowest copy that allows it: the sevens of
 * trumps in a hand and never scored are alike (protocol.md §4), so a
 * second copy would list the same action twice (S89).  The decision is
 * not asked (seven_open).
 */
int
seven_enumerate(const struct game *g, int seat, struct action *out, int max)
{
	int n = 0;

	if (g->rules.seven_of_trumps <= 0 || g->trump < 0 ||
	    g->turnup == NO_CARD)
		return 0;
	for (int t = ACTION_SEVEN_EXCHANGE; t <= ACTION_SEVEN && n < max;
	    t++) {
		for (int cp = 0; cp < g->rules.packs; cp++) {
			struct action a;
			memset(&a, 0, sizeof(a));
			a.type = (uint8_t)t;
			a.ncards = 1;
			a.cards[0] = (uint16_t)card_make(cp, g->trump, RANK_7);
			if (seven_open(g, seat, &a)) {
				out[n++] = a;
				break;
			}
		}
	}
	return n;
}

void
seven_apply(struct game *g, int seat, const struct action *a,
    struct event_log *log)
{
	int c = a->cards[0], points = g->rules.seven_of_trumps;
	bool exchange = a->type == ACTION_SEVEN_EXCHANGE;
	struct cardset set;
	struct event ev;

	if (exchange) {
		/* The turn-up goes to the hand, known to all; the seven
		 * lies under the stock in its place. */
		int up = g->stock[g->stock_len - 1];
		cardset_del(&g->hand[seat], c);
		cardset_add(&g->hand[seat], up);
		cardset_add(&g->revealed[seat], up);
		g->stock[g->stock_len - 1] = (uint16_t)c;
	}
	cardset_clear(&set);
	cardset_add(&set, c);
	decl_add(g, seat, exchange ? DECL_SEVEN_EXCHANGE : DECL_SEVEN, &set,
	    points);
	g->points[seat] += points;
	memset(&ev, 0, sizeof(ev));
	ev.type = EVENT_DECLARE;
	ev.seat = (uint8_t)seat;
	ev.combo = (uint8_t)(exchange ? DECL_SEVEN_EXCHANGE : DECL_SEVEN);
	ev.points = (int16_t)points;
	ev.ncards = 1;
	ev.cards[0] = (uint16_t)c;
	log_event(log, &ev);
}

/* HGM-2H: "If the turn-up is a seven, the dealer scores 10". */
void
seven_turned_up(struct game *g)
{
	struct cardset set;

	if (g->turnup == NO_CARD || card_rank(g->turnup) != RANK_7 ||
	    g->rules.seven_of_trumps <= 0)
		return;
	cardset_clear(&set);
	cardset_add(&set, g->turnup);
	decl_add(g, g->dealer, DECL_SEVEN_TURNUP, &set,
	    g->rules.seven_of_trumps);
	g->points[g->dealer] += g->rules.seven_of_trumps;
}
