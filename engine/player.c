/*
 * player.c: level dispatch and the random level (player.h).
 */
#include <string.h>

#include "club.h"
#include "greedy.h"
#include "player.h"

static const char *const level_names[NLEVELS] = { "random", "greedy",
    "strong", "club" };

const char *
level_name(enum level l)
{
	return (unsigned)l < NLEVELS ? level_names[l] : "unknown";
}

int
level_parse(const char *name, enum level *l)
{
	for (int i = 0; i < NLEVELS; i++)
		if (strcmp(name, level_names[i]) == 0) {
			*l = (enum level)i;
			return 0;
		}
	return -1;
}

static int
random_choose(const struct game *v, struct rng *rng, struct action *out)
{
	struct action legal[MAX_LEGAL];
	int n = game_legal_actions(v, legal, MAX_LEGAL);

	if (n <= 0)
		return -1;
	*out = legal[rng_below(rng, (uint64_t)n)];
	return 0;
}

int
player_choose(enum level l, const struct game *v, struct rng *rng,
    const struct think_limits *lim, info_fn info, void *info_arg,
    struct action *out)
{
	switch (l) {
	case LEVEL_RANDOM:
		return random_choose(v, rng, out);
	case LEVEL_STRONG:
		return strong_choose(v, rng, lim, info, info_arg, out);
	case LEVEL_CLUB:
		return club_choose(v, rng, out);
	default:
		return greedy_choose(v, rng, out);
	}
}
