/*
 * luck_game.h: the luck of a game of several deals (two-hand, three-
 * hand: to game_target over as many deals as it takes), on the game's
 * scale.
 *
 * V (luck.h) is, with two seats, seat 0's chance of winning the game
 * and its expected game value (1 won, 2 won double; -1, -2 lost); with
 * three, each pair's chance that the first ends above the second.  It
 * is read from the totals before the deal and each seat's expected
 * total of it: what it has scored so far (points and brisques), what
 * its cards should still bring (eval_future), its equal part of the
 * brisques still to win.  A margin the game will end with is taken as
 * normal about the expected one, its spread the evaluation's still to
 * come in this deal and a deal's for each deal the leader should still
 * need.  Once the stock holds no card
 * unseen but one and the turn-up (whole, luck.h), V is the deal played
 * out by greedy (luck_played_out) and the game as it then stands: over,
 * or the next deal's mean.  A deal's luck counted by this
 * V is on the game's scale, and a game's luck is the sum of its deals'
 * (each term has mean 0 given what came before it, whatever the
 * totals).  The deal of the hands' mean depends on the totals: it is
 * taken over a sample of deals drawn once, each seat's figure at the
 * deal rounded to LUCK_GAME_GRID points (V's own, so that the mean over
 * the sample is exact for it).
 */
#ifndef LUCK_GAME_H
#define LUCK_GAME_H

#include "luck.h"

#define LUCK_GAME_DECKS	20000	/* deals sampled per dealer */
#define LUCK_GAME_GRID	5	/* points: a seat's figure at the deal */

struct luck_game;

/* NULL if r's deals are not those of a game of several deals. */
struct luck_game	*luck_game_new(const struct rules *r);
void			 luck_game_free(struct luck_game *lg);
/* Whether lg is V for deals under rules r. */
bool			 luck_game_rules_are(const struct luck_game *lg,
			    const struct rules *r);

/* V of a deal of the game whose totals before it are before[] (a
 * total a seat): in v, which holds lg until the next call. */
void	luck_game_v(struct luck_game *lg, const int *before,
	    struct luck_v *v);

/* E[V] over the deal of the hands by dealer with the totals before[]
 * (luck_begin's deal mean; out: LUCK_NOUT). */
void	luck_game_deal_mean(const struct luck_game *lg, const int *before,
	    int dealer, double *out);

#endif
