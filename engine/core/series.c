/*
 * series.c: a game of several deals (series.h).
 */
#include <string.h>

#include "series.h"

void
series_init(struct series *s, const struct rules *r, int dealer)
{
	memset(s, 0, sizeof(*s));
	s->players = r->players;
	s->dealer = dealer;
	s->last_trump = -1;
	s->winner = -1;
}

/* The seat with the highest total, -1 if shared; `skip` is left out. */
static int
top_seat(const struct series *s, int skip)
{
	int best = -1, top = -1;

	for (int p = 0; p < s->players; p++) {
		if (p == skip)
			continue;
		if (s->total[p] > top) {
			top = s->total[p];
			best = p;
		} else if (s->total[p] == top) {
			best = -1;
		}
	}
	return best;
}

/* WK-2H: "the winner scores double if he reaches 1000 before the
 * opponent reaches 500" (doc/rules.md §4.7, S78): every loser under it. */
static bool
all_losers_under(const struct series *s, const struct rules *r)
{
	if (r->double_under <= 0)
		return false;
	for (int p = 0; p < s->players; p++)
		if (p != s->winner && s->total[p] >= r->double_under)
			return false;
	return true;
}

/* The seat that counts his brisques first (brisques_first), or -1 when
 * the totals are taken together. */
static int
first_counter(const struct rules *r, const struct game *g)
{
	uint16_t cards[MAX_PLAYERS];
	int leader, last;

	switch (r->brisques_first) {
	case FIRST_LAST_TRICK:
		if (game_past_trick(g, game_tricks_played(g) - 1, cards,
		    &leader, &last) < 0)
			return -1;
		return last;
	case FIRST_NON_DEALER:
		return (game_dealer(g) + 1) % game_players(g);
	default:
		return -1;
	}
}

/*
 * Who wins when the deal ends: counting from `first` in playing order,
 * the first seat whose total reaches the target (UBCG: "if this puts you
 * over 1,000 points, then you win the game immediately"; EW x); with no
 * order, the highest total if it reaches the target and is alone there
 * (doc/rules.md §4.7, S91).  -1: the game goes on.
 */
static int
deal_winner(const struct series *s, const struct rules *r, int first)
{
	int top;

	if (first >= 0) {
		for (int i = 0; i < s->players; i++) {
			int p = (first + i) % s->players;
			if (s->total[p] >= r->game_target)
				return p;
		}
		return -1;
	}
	top = top_seat(s, -1);
	return top >= 0 && s->total[top] >= r->game_target ? top : -1;
}

static void
several_deals(struct series *s, const struct rules *r, const struct game *g)
{
	int forfeit = game_forfeited(g), top;

	for (int p = 0; p < s->players; p++)
		s->total[p] += game_points(g, p) + game_brisques(g, p);
	if (forfeit >= 0) {
		s->over = true;
		s->winner = s->players == 2 ? 1 - forfeit :
		    top_seat(s, forfeit);
		s->doubled = s->players == 2 && r->double_under > 0;
		s->value = s->doubled ? 2 : 1;
		return;
	}
	if ((top = deal_winner(s, r, first_counter(r, g))) < 0)
		return;
	s->over = true;
	s->winner = top;
	s->doubled = all_losers_under(s, r);
	s->value = s->doubled ? 2 : 1;
}

bool
series_add(struct series *s, const struct rules *r, const struct game *g)
{
	struct result res;

	if (s->over || !game_over(g))
		return s->over;
	s->deals++;
	s->last_trump = game_trump(g);
	/* The deal passes to the left: in a game of two, to the other. */
	s->dealer = (game_dealer(g) + 1) % s->players;
	if (r->game_target > 0) {
		several_deals(s, r, g);
		return s->over;
	}
	game_result(g, &res);
	for (int p = 0; p < s->players && p < 2; p++)
		s->total[p] = res.value.final[p];
	s->over = true;
	s->winner = res.value.winner;
	s->value = res.value.value;
	return true;
}

void
series_next_rules(const struct series *s, const struct rules *r,
    struct rules *next)
{
	*next = *r;
	next->barred_trump = r->no_repeat_trump ? s->last_trump : -1;
}
