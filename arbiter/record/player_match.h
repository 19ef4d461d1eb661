/*
 * player_match.h: which seats of a record a `--player NAME` means.
 *
 * A record names each player once, by the name the match gave it (its
 * --name or section, else its id name, else its command).  A player is
 * meant by its whole name, or else by one word of it: "greedy" for
 * "bezique-engine --level greedy", the name README's own match gives
 * the engine (issue 33: --player greedy matched nobody there).
 */
#ifndef PLAYER_MATCH_H
#define PLAYER_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/*
 * Sets seats[s] for each seat of players (a JSON array of names) that
 * want means; returns how many, or -1 with one line in err when want is
 * a word of two different names (give the whole name).
 */
int	player_match(json_t *players, const char *want, bool *seats,
	    char *err, size_t errlen);

#endif
