/*
 * player.h: the engine's playing levels, by name (the AI is engine/ai/).
 *
 * A player decides from a seat view alone (the text form in each request
 * says everything the seat knows), so the engine keeps no state between
 * decisions and may be restarted at any point of a deal.
 */
#ifndef PLAYER_H
#define PLAYER_H

#include "game.h"
#include "rng.h"
#include "strong.h"

/* club (club.h) came after strong: the values stay as they were. */
enum level { LEVEL_RANDOM, LEVEL_GREEDY, LEVEL_STRONG, LEVEL_CLUB, NLEVELS };

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

#endif
