/*
 * player.h: the engine's playing levels.
 *
 * A player decides from a seat view alone (the text form in each request
 * says everything the seat knows), so the engine keeps no state between
 * decisions and may be restarted at any point of a deal.
 */
#ifndef PLAYER_H
#define PLAYER_H

#include <stdio.h>

#include "game.h"
#include "rng.h"

enum level { LEVEL_RANDOM, LEVEL_GREEDY, LEVEL_STRONG, NLEVELS };

/* What the request allows for thinking, in milliseconds (0: not given). */
struct think_limits {
	long long	time_ms;	/* own clock */
	long long	inc_ms;
	long long	cap_ms;		/* per-decision cap */
	long long	movetime_ms;	/* fixed time for this decision */
	long long	playouts;	/* fixed number of playouts */
	int		weaken;		/* 0: full strength .. 100: the
					 * weakest (the Skill option is
					 * 100 - weaken) */
	bool		each_action;	/* analysis: an info line with the
					 * value of every action weighed,
					 * before the summary */
};

/* Receives "info" payloads while a player thinks (may be NULL). */
typedef void (*info_fn)(void *arg, const char *fmt, ...);

const char	*level_name(enum level l);
int		 level_parse(const char *name, enum level *l);

/*
 * Chooses an action for the seat to move in view v (a view of that seat,
 * or a full game).  Always succeeds when a legal action exists; returns 0,
 * or -1 if v has no legal action for the player.
 */
int	player_choose(enum level l, const struct game *v, struct rng *rng,
	    const struct think_limits *lim, info_fn info, void *info_arg,
	    struct action *out);

/*
 * The greedy heuristic (greedy.c), and its parts that rollout.c shares:
 * how much card c is worth keeping, given the copies per kind its
 * holder has in hand and on the table (greedy_count), on a scale of
 * weights.  Winning a trick is worth the points of the declaration it
 * allows, and brisque_won if the trick holds a brisque.  The weights
 * after brisque_won are greedy's blind spots, zero on its scale (so that
 * greedy plays as it always did): the sequence of a plain suit, the
 * brisques thrown onto the other's tricks, what a stock trick is worth
 * to the other side (its declaration after winning it, more likely the
 * more cards it has on its table to re-form combinations with), and
 * the quartets to declare again once four of a rank have scored.
 */
struct keep_weights {
	int	rank;		/* per rank, 7 lowest: tricks to come */
	int	bezique;	/* the bézique's queen or jack */
	int	marriage_trump;	/* king or queen with its partner held */
	int	marriage_plain;
	int	trump, trump_high;	/* any trump; ace to jack more */
	int	quartet;	/* per copy held of a rank, two or more */
	int	brisque;	/* ace or ten */
	int	brisque_won;	/* worth of a brisque in the trick won */
	int	sequence_plain;	/* per other rank of A T K Q J held in
				 * the card's plain suit (150 to make) */
	int	brisque_given;	/* cost of a brisque thrown onto the
				 * other's trick */
	int	trick;		/* winning a stock trick: the other side
				 * does not declare after it */
	int	trick_table;	/* more per card on the other's table */
	int	trick_late;	/* more in the last tricks of the stock,
				 * per trick fewer than twenty left */
};

/* The greedy level's scale, and the simulation policy's (rollout.c). */
extern const struct keep_weights greedy_weights, rollout_weights;

int	greedy_choose(const struct game *v, struct rng *rng,
	    struct action *out);
int	keep_value(const struct keep_weights *w, const struct game *v, int c,
	    const uint8_t *count);
/* The same in two steps, for many cards of one state: what it needs of
 * the state (trump, the bézique's cards), then each card. */
struct keep_context {
	int	trump, queen, jack;
};
void	keep_context(const struct game *v, struct keep_context *k);
int	keep_value_in(const struct keep_weights *w,
	    const struct keep_context *k, int c, const uint8_t *count);
void	greedy_count(const struct game *v, int seat, uint8_t *count);

/* The strong level (strong.c): search within the limits. */
int	strong_choose(const struct game *v, struct rng *rng,
	    const struct think_limits *lim, info_fn info, void *info_arg,
	    struct action *out);

#endif
