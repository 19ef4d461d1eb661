/*
 * series.h: a game of Bézique as a series of deals.
 *
 * Two-hand Bézique is played to 1000 over as many deals as it takes, the
 * deal passing to the other player each time, and the winner scores a
 * double game when the loser has not reached 500 (doc/rules.md §4.7, WK-2H);
 * three-hand to 3000, the deal passing to the left (§7).  Rubicon and
 * the six- and eight-pack games are complete in one deal whose value is
 * the game's (§3.8, §5, §9).  This file puts both in the same terms, so
 * that the arbiter needs one loop: deal, series_add(), until over.
 * Pure arithmetic over finished deals: no I/O, no allocation.
 */
#ifndef SERIES_H
#define SERIES_H

#include <stdbool.h>

#include "game.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

struct series {
	int	players;
	int	deals;			/* deals played so far */
	int	dealer;			/* the dealer of the next deal */
	int	total[MAX_PLAYERS];	/* running scores (several deals) */
	int	last_trump;		/* the last deal's trump, -1 none */
	bool	over;
	/*
	 * Once over: the winner (-1 for a drawn one-deal game) and the
	 * value credited to him.  One-deal games: the deal's game value
	 * (score.h: points, e.g. 800 or 3200).  Several deals: the number
	 * of games won, 1, or 2 when doubled (two-hand: the loser under
	 * double_under).
	 */
	int	winner;
	int	value;
	bool	doubled;
};

/* A new game whose first deal is dealt by `dealer`. */
void	series_init(struct series *s, const struct rules *r, int dealer);

/*
 * Adds a finished deal (game_over(g)) played under r.  Several deals:
 * each seat's points and brisques go to its total; the game is over when
 * a total reaches r->game_target and one seat is strictly ahead (equal
 * leaders play on), or, under r->brisques_first, when the total of the
 * seat counted first (or of the next in playing order) reaches it
 * (doc/rules.md §4.7).  A deal lost by forfeit (game_forfeit) ends the game:
 * of two, the other seat wins the largest value (a double game, or the
 * one-deal forfeit value); of three, the best total of the others.
 * Returns true when the game is over.
 */
bool	series_add(struct series *s, const struct rules *r,
	    const struct game *g);

/*
 * The rules of the next deal: r, with barred_trump set to the last
 * deal's trump when r->no_repeat_trump (UBCG, doc/rules.md §5, S82).
 */
void	series_next_rules(const struct series *s, const struct rules *r,
	    struct rules *next);

#ifdef __cplusplus
}
#endif

#endif
