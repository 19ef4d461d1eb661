/*
 * endgame.h: an exact solver for the end phase of a two-player deal.
 *
 * Once the stock is gone no declaration can be made and the unseen cards
 * are exactly the opponent's hand (doc/rules.md §3.7), so the last tricks are
 * a game of perfect information.  Copies of one kind are then alike, so
 * a position is two vectors of counts per kind (struct eg_position), and
 * the solver searches it with alpha-beta, a transposition table, rank
 * equivalence (adjacent cards of one hand with no opposing card between
 * them) and move ordering.
 *
 * What the tricks decide is who takes the last trick and how many
 * brisques each side takes; an objective (struct eg_objective) gives the
 * value of each such outcome to one seat, so the solver can maximise the
 * deal's real game value, rubicon and ties included, or plain points.
 */
#ifndef ENDGAME_H
#define ENDGAME_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

#define EG_MAX_HAND	16	/* cards per hand (Rubicon 9, six-pack 12) */
#define EG_MAX_BRISQUES	(2 * EG_MAX_HAND)
#define EG_TT_BITS	16	/* default table: 2^16 entries, 1.5 MB */

/* An end-phase position: plain data, copied freely. */
struct eg_position {
	uint8_t	count[2][CARDS_PER_PACK];	/* copies held per kind */
	int8_t	trump;		/* suit, -1 when none was ever fixed */
	uint8_t	leader;		/* seat leading the trick in progress */
	int8_t	led;		/* kind the leader played, -1 if none yet */
	bool	must_win;	/* head the trick when following (§3.7) */
};

/*
 * The value to `seat` of each outcome: val[L][b] when the seat takes the
 * last trick (L = 1) or not, and b of the brisques still to be played
 * (those held and the one led).  Any values will do: the game value is
 * not even monotone (a rubiconed loser's points are added to the
 * winner's, score.c), so the solver bounds a node by scanning them.
 */
struct eg_objective {
	int	seat;
	int	val[2][EG_MAX_BRISQUES + 1];
};

struct endgame;

/* A solver with a table of 2^tt_bits entries (0: EG_TT_BITS).  Aborts
 * when out of memory; free with endgame_free (NULL is a no-op). */
struct endgame	*endgame_new(int tt_bits);
void		 endgame_free(struct endgame *eg);

/*
 * Fills pos from a game in the end phase, a full game or a seat's view
 * (then the other hand is every card not yet played and not the seat's
 * own).  Returns 0, or -1 if g is not at a card play of the end phase of
 * a two-player deal.
 */
int	endgame_position(const struct game *g, struct eg_position *pos);

/* The seat to play, and the kinds it may play (bit k: kind k). */
int	 endgame_to_move(const struct eg_position *pos);
uint32_t endgame_legal(const struct eg_position *pos);

/* Brisques still to be played in pos, the led card included. */
int	endgame_brisques_left(const struct eg_position *pos);

/* Points: last_trick for the last trick, brisque for each brisque. */
void	endgame_objective_points(struct eg_objective *obj, int seat,
	    int last_trick, int brisque);

/*
 * The deal's game value to seat (won +, lost -, doc/rules.md §9), times
 * EG_VALUE_SCALE, plus a tie-break worth less than one unit of game
 * value: EG_TIE_LAST for the last trick, plus 10 a brisque (at most
 * EG_TIE_LAST - 1).  g gives the scores so far.  endgame_split() takes
 * a solved value apart again.
 */
#define EG_VALUE_SCALE	512
#define EG_TIE_LAST	256
void	endgame_split(int v, int *value, bool *last);
void	endgame_objective_game(struct eg_objective *obj, const struct game *g,
	    const struct eg_position *pos, int seat);

/*
 * Solves pos exactly: returns its value under obj, and the kind to play
 * in *best (a legal kind; the lowest of equivalent ones).
 */
int	endgame_solve(struct endgame *eg, const struct eg_position *pos,
	    const struct eg_objective *obj, int *best);

/*
 * The exact value of every legal kind: writes kinds[i], vals[i] for each
 * (at most 32) and returns the count.
 */
int	endgame_solve_moves(struct endgame *eg, const struct eg_position *pos,
	    const struct eg_objective *obj, int *kinds, int *vals);

/* Nodes searched since endgame_new (lead and reply nodes). */
long long	endgame_nodes(const struct endgame *eg);

/* A card id of `kind` in seat's hand of g (the lowest), or -1. */
int	endgame_card(const struct game *g, int seat, int kind);

#endif
