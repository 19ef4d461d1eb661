/*
 * player_match.c: a player by its whole name or a word of it
 * (player_match.h).
 */
#include <stdio.h>
#include <string.h>

#include "record/player_match.h"

/* Whether want is a whole word of name (words: split at blanks and /). */
static bool
has_word(const char *name, const char *want)
{
	size_t len = strlen(want);

	for (const char *p = name; *p != '\0'; p++) {
		bool starts = p == name || strchr(" \t/", p[-1]) != NULL;
		if (starts && strncmp(p, want, len) == 0 &&
		    (p[len] == '\0' || strchr(" \t/", p[len]) != NULL))
			return true;
	}
	return false;
}

int
player_match(json_t *players, const char *want, bool *seats, char *err,
    size_t errlen)
{
	const char *name, *first = NULL;
	size_t s;
	json_t *v;
	int n = 0;

	json_array_foreach(players, s, v)
		if ((seats[s] = (name = json_string_value(v)) != NULL &&
		    strcmp(name, want) == 0))
			n++;
	if (n > 0)
		return n;
	json_array_foreach(players, s, v) {
		name = json_string_value(v);
		if (!(seats[s] = name != NULL && has_word(name, want)))
			continue;
		if (first != NULL && strcmp(first, name) != 0) {
			snprintf(err, errlen, "--player '%s' is a word of two "
			    "players' names, '%s' and '%s': give the whole "
			    "name", want, first, name);
			return -1;
		}
		first = name;
		n++;
	}
	return n;
}
