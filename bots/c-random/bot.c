/*
 * A random Bézique bot in C, built on the rules core (librules):
 * it parses the seat view of each request and plays a uniformly random
 * legal action.  Outside this tree, after `make install`:
 *
 *	cc -o bot bot.c $(pkg-config --cflags --libs bezique)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bezique/game.h>
#include <bezique/view.h>

static void
say(const char *line)
{
	printf("%s\n", line);
	fflush(stdout);
}

/* go id=N ... view <view>: answer "action id=N <random legal action>". */
static void
decide(struct rules *rules, struct rng *rng, char *line)
{
	char *id = strstr(line, " id="), *view = strstr(line, " view ");
	char err[256], text[ACTION_TEXT_MAX];
	struct action legal[MAX_LEGAL];
	struct game *g;
	int n;

	if (id == NULL || view == NULL)
		return;		/* analysis ("go infinite"): not played here */
	line[strcspn(line, "\r\n")] = '\0';
	if ((g = view_parse(rules, view + 6, err, sizeof(err))) == NULL) {
		fprintf(stderr, "c-random: %s\n", err);
		return;
	}
	n = game_legal_actions(g, legal, MAX_LEGAL);
	if (n > 0)
		printf("action id=%.*s %s\n", (int)strcspn(id + 4, " "), id + 4,
		    action_format(&legal[rng_below(rng, (uint64_t)n)], text,
		    sizeof(text)));
	fflush(stdout);
	game_free(g);
}

int
main(void)
{
	struct rules rules;
	struct rng rng;
	char *line = NULL, err[256];
	size_t cap = 0;

	rules_init(&rules, VARIANT_RUBICON);
	rng_seed(&rng, 1);
	while (getline(&line, &cap, stdin) > 0) {
		if (strncmp(line, "bzp", 3) == 0 && strchr(" \r\n", line[3])) {
			say("id name c-random");
			say("id author The Bezique project");
			say("protocol 1");
			say("feature noevents");
			say("feature variants=rubicon,two-hand,six-pack,eight-pack,three-hand");
			say("bzpok");
		} else if (strncmp(line, "isready", 7) == 0) {
			say("readyok");
		} else if (strncmp(line, "newgame ", 8) == 0) {
			/* The rules in force: "rules=name=value,..." */
			char *r = strstr(line, " rules=");
			rules_init(&rules, VARIANT_RUBICON);
			if (r != NULL) {
				r += 7;
				r[strcspn(r, " \r\n")] = '\0';
				if (rules_set_list(&rules, r, err, sizeof(err)))
					fprintf(stderr, "c-random: %s\n", err);
			}
		} else if (strncmp(line, "go ", 3) == 0) {
			decide(&rules, &rng, line);
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		}
	}
	free(line);
	return 0;
}
