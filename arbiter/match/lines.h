/*
 * lines.h: pieces of the protocol lines a table sends (protocol.md):
 * the legal list of a request, lists of numbers by seat, the gameover
 * line.  Pure formatting over the rules core; no I/O.
 */
#ifndef LINES_H
#define LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/config.h"
#include "game.h"
#include "record/record.h"
#include "series.h"

/*
 * The newgame line of seat `seat` of g, deal number `deal` (from 1:
 * schedule_number()) of a match (its
 * game's deals so far and dealer in start; each seat's game total before
 * it in before), played under rules r and clock c.
 */
void	lines_newgame(const struct game *g, const struct rules *r, int deal,
	    int seat, const struct clock_cfg *c, const struct series *start,
	    const int *before, char *buf, size_t len);

/* "event deal seat=S hand=...": the seat's dealt hand. */
void	lines_deal_event(const struct game *g, int seat, char *buf,
	    size_t len);

/* "legal=a,b,c " for the seat to move of g; returns the length. */
size_t	lines_legal(const struct game *g, char *buf, size_t len);

/* "a,b" or "a,b,c": the n numbers v. */
void	lines_ints(const int *v, int n, char *buf, size_t len);

/*
 * The gameover line of the finished deal g (dealt deck) of game
 * number `game` (from 1: schedule_number()), the game standing as sr after it (series_add() done); term
 * and fault_seat say how the deal ended (fault_seat -1: none).  The
 * deck is shown (deck=) only when with_deck: never while another deal
 * of it may be played.
 */
void	lines_gameover(const struct game *g, const uint16_t *deck, int game,
	    const struct series *sr, enum termination term, int fault_seat,
	    bool with_deck, char *buf, size_t len);

#endif
