/*
 * table_int.h: a table's state, shared by table.c (the deal) and
 * table_seats.c (its engines); private to them.
 */
#ifndef TABLE_INT_H
#define TABLE_INT_H

#include <event2/event.h>

#include "match/table.h"

#define MAX_RESTARTS	2	/* per deal, with on_failure=restart */
#define MAX_RECONNECTS	3	/* per deal, a remote seat's, in the grace */
#define MAX_VOIDS	2	/* per deal, with on_failure=void: then the
				 * failure forfeits it */

struct table {
	struct event_base	*base;
	const struct match_cfg	*cfg;
	struct engine_proc_reaper		*reaper;
	struct bot		*bots[MAX_ENGINES];	/* made when needed */
	bool			 ready[MAX_ENGINES];
	/* Quit after its game, so that a deck played again meets a fresh
	 * process; started again by the next deal that seats it. */
	bool			 retired[MAX_ENGINES];
	/* Processes retire after this many games (games_per_process; 0:
	 * never, where no deck is played twice or they are trusted). */
	int			 games_cap;
	bool			 show_deck;	/* deck= in gameover */
	/* A failure outside a deal, kept to forfeit the next deal with. */
	enum termination	 down_term[MAX_ENGINES];
	char			 down_reason[MAX_ENGINES][256];
	int			 n;		/* seats: 2, or 3 (three-hand) */
	int			 eng[MAX_PLAYERS];	/* the engines in play,
						 * ascending; -1 none */
	struct table_callbacks	 cb;
	void			*arg;
	int			 cpu;		/* its engines', -1: any */
	bool			 playing;	/* a deal is in progress */
	bool			 waiting;	/* a deal waits for the bots */
	/* Out of the deal (restarted, or away and coming back): rejoins
	 * it in resume_deal() once ready, each engine on its own. */
	bool			 rejoining[MAX_ENGINES];
	int			 restarts;	/* in this deal */
	/* A remote seat's bot dropped its connection and may come back
	 * within the reconnect grace; its turn's time runs meanwhile. */
	bool			 away[MAX_ENGINES];
	uint64_t		 away_until_us[MAX_ENGINES];	/* the grace's end */
	int			 reconnects;	/* in this deal */
	struct deal_spec	 deal;	/* deal.start: the game so far */
	struct rules		 rules;	/* of this deal (series_next_rules) */
	uint16_t		 deck[MAX_CARDS];	/* of this deal */
	int			 before[MAX_PLAYERS];	/* the game's totals */
	bool			 end_game;	/* table_end_game() was called */
	struct game		*g;
	struct record		*rec;
	int			 engine_at[MAX_PLAYERS];	/* engine by seat */
	double			 clock_ms[MAX_PLAYERS];		/* by seat */
	uint64_t		 next_id;
	uint64_t		 asked_us;	/* the last request's start */
	uint64_t		 decisions;
	char			*line;		/* BZP_MAX_LINE bytes */
	int			 steps;		/* actions applied in the deal */
};

/* table_seats.c */
int	table_engine_of(const struct table *t, const struct bot *b);
int	table_seat_of(const struct table *t, int engine);
/* Whether engine e sits in the deal or game in play (a remote seat's bot
 * stays at the table between its pairings without one). */
bool	table_in_game(const struct table *t, int e);
/* An engine is settled when it is ready, or down with a failure that
 * the next deal will be forfeited for, or a remote seat's bot that is
 * down (awaited when a deal needs it); e < 0 (no engine) is. */
bool	table_settled(const struct table *t, int e);
/* Every engine of the pairing is ready to play. */
bool	table_all_ready(const struct table *t);
bool	table_all_settled(const struct table *t);
void	table_set_pairing(struct table *t, const struct deal_spec *d);

#endif
