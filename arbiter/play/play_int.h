/*
 * play_int.h: terminal play's state, shared by its input and loop
 * (play.c) and its screen (play_screen.c): what the person reads.
 */
#ifndef PLAY_INT_H
#define PLAY_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <event2/event.h>

#include "action.h"
#include "game.h"
#include "play/hint.h"
#include "play/humangame.h"
#include "record/words.h"

#define MAX_CHOICES	(MAX_LEGAL + 64)

struct play {
	struct event_base	*base;
	struct humangame	*game;
	struct hint		*hint;
	struct event		*input;
	struct words		 w;
	bool			 poll_input;
	char			 buf[65536];	/* typed ahead */
	bool			 eof, draining, reading;
	size_t			 len;
	/* The numbered choices shown, as action texts: each card of the
	 * hand once (copies alike are one choice), then the table's, then
	 * the other actions. */
	char			 choice[MAX_CHOICES][ACTION_TEXT_MAX];
	int			 nchoices;
	int			 decisions;	/* shown so far */
	bool			 told_waiting;	/* of a card held back */
	int			 results;	/* deals over, shown */
	/* Where the game of several deals (two-hand's, to 1,000) stands,
	 * from the last newgame and gameover lines: the game and its deal
	 * (from 1), each seat's total, whether the game is over. */
	int			 game_no, hand, totals[2];
	bool			 game_over;
};

/* The board and the numbered choices of a decision due. */
void	play_show_decision(struct play *p);
/* The deal's result, once over. */
void	play_show_result(struct play *p);
/* A line the person's seat was told (event, newgame), in words. */
void	play_show_line(struct play *p, const char *line);
/* Prints text wrapped between words at the terminal's width (none
 * into a pipe): continued lines indented two spaces; a '\x01' is a
 * space that does not break.  No newline after it. */
void	play_wrapped(const char *text);
/* A line of words, wrapped so, a newline and then (a prompt, or ""). */
void	play_say(const char *then, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
