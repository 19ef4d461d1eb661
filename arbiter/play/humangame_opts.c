/*
 * humangame_opts.c: the options of a person's game (humangame.h): the
 * defaults, the flags that `serve` and `play` share, the check before
 * the loop starts, and the opponent's one name.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/argv.h"
#include "base/xmalloc.h"
#include "bzp.h"
#include "base/config.h"
#include "match/bot.h"
#include "match/naming.h"
#include "match/outputs.h"
#include "match/seed.h"
#include "net/seats.h"
#include "play/humangame.h"
#include "play/webreq.h"

#define STALL_DEFAULT_S	30

/* The engine installed or built beside this program, at a level; cmd
 * has PATH_MAX + 64 bytes. */
static const char *
default_engine(char *cmd, const char *level)
{
	char self[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0) {
		snprintf(cmd, PATH_MAX + 64, "bezique-engine --level %s",
		    level);
		return cmd;
	}
	self[n] = '\0';
	if ((slash = strrchr(self, '/')) != NULL)
		*slash = '\0';
	/* Quoted for argv_split, in case the directory has a space. */
	snprintf(cmd, PATH_MAX + 64, "'%s/bezique-engine' --level %s", self,
	    level);
	return cmd;
}

/* One value of a flag that takes a number in [min, max]. */
static int
number(const char *flag, const char *v, long long min, long long max,
    long long *out)
{
	if (bzp_parse_int(v, min, max, out) < 0) {
		fprintf(stderr, "bezique-arbiter: %s: a number from %lld to "
		    "%lld, not '%s'\n", flag, min, max, v);
		return -1;
	}
	return 0;
}

/* A remote opponent's waits as a match's (config.c). */
static void
remote_defaults(struct humangame_opts *o)
{
	struct match_cfg c;

	config_defaults(&c);
	o->connect_ms = c.clock.connect_ms;
	o->reconnect_ms = c.clock.reconnect_ms;
	o->net_allowance_ms = c.clock.net_allowance_ms;
	config_free(&c);
}

/* The flags of a remote opponent (doc/network.md): 1, 0 if not one, -1
 * after one line. */
static int
remote_flag(struct humangame_opts *o, int argc, char **argv, int *i)
{
	static const char *const ms[] = { "--connect-timeout",
		"--reconnect-grace", "--net-allowance" };
	long long *to[] = { &o->connect_ms, &o->reconnect_ms,
		&o->net_allowance_ms };
	const char *f = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
	int k = 0;

	if (strcmp(f, "--insecure") == 0) {
		o->insecure = true;
		return 1;
	}
	while (k < 3 && strcmp(f, ms[k]) != 0)
		k++;
	if (k == 3 && strcmp(f, "--listen") && strcmp(f, "--tokens"))
		return 0;
	if (v == NULL) {
		fprintf(stderr, "bezique-arbiter: %s needs a value\n", f);
		return -1;
	}
	++*i;
	if (k < 3)
		return number(f, v, 0, 1LL << 40, to[k]) < 0 ? -1 : 1;
	*(strcmp(f, "--listen") == 0 ? &o->listen : &o->tokens) = v;
	return 1;
}

void
humangame_defaults(struct humangame_opts *o)
{
	static char hinter[PATH_MAX + 64];

	memset(o, 0, sizeof(*o));
	humangame_builtin(o, "greedy", 100);
	/* Hints weigh every action (info lines), which greedy does not. */
	o->hint_engine = default_engine(hinter, "strong");
	o->seat = 0;
	o->deals = 0;
	o->seed_drawn = true;	/* unless --seed */
	o->variant = VARIANT_RUBICON;
	/* A person waits for the engine: half a minute, not the stall
	 * guard's five of an unattended match. */
	o->stall_s = STALL_DEFAULT_S;
	remote_defaults(o);
}

int
humangame_builtin(struct humangame_opts *o, const char *level, int skill)
{
	static const char *const levels[] = { "random", "greedy", "club",
		"strong" };
	static char engine[PATH_MAX + 64], name[64];

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (strcmp(level, levels[i]) == 0) {
			o->engine = default_engine(engine, levels[i]);
			o->level = levels[i];
			o->skill = skill < 0 ? 0 : skill > 100 ? 100 : skill;
			/* By the level's own name, as the command line
			 * and the engine's --level have it. */
			if (o->skill == 100)
				snprintf(name, sizeof(name), "%s", levels[i]);
			else
				snprintf(name, sizeof(name), "%s (skill %d)",
				    levels[i], o->skill);
			o->engine_name = name;
			return 0;
		}
	return -1;
}

int
humangame_parse_flag(struct humangame_opts *o, int argc, char **argv,
    int *i)
{
	const char *f = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
	long long n;
	int rc;

	if ((rc = remote_flag(o, argc, argv, i)) != 0)
		return rc;
	if (strcmp(f, "--no-sandbox") == 0) {
		o->no_sandbox = true;
		return 1;
	}
	if (strcmp(f, "--engine") && strcmp(f, "--hint-engine") &&
	    strcmp(f, "--seat") && strcmp(f,
	    "--deals") && strcmp(f, "--seed") && strcmp(f, "--key") &&
	    strcmp(f, "--variant") &&
	    strcmp(f, "--records") && strcmp(f, "--name") &&
	    strcmp(f, "--stall-limit"))
		return 0;
	if (v == NULL) {
		fprintf(stderr, "bezique-arbiter: %s needs a value\n", f);
		return -1;
	}
	++*i;
	if (strcmp(f, "--engine") == 0) {
		o->engine = v;
		o->level = o->engine_name = NULL;	/* found at the check */
	}
	else if (strcmp(f, "--hint-engine") == 0)
		o->hint_engine = v;
	else if (strcmp(f, "--records") == 0)
		o->records = v;
	else if (strcmp(f, "--name") == 0)
		o->name = v;
	else if (strcmp(f, "--seed") == 0) {
		run_key_from_text(v, o->key);
		o->seed_drawn = false;
		if (run_key_guessable(v))
			fprintf(stderr, "bezique-arbiter: --seed is "
			    "short, a number or a date: the engine's author "
			    "could guess it and deal every deck\n");
	}
	else if (strcmp(f, "--key") == 0) {
		if (run_key_parse(v, o->key) < 0) {
			fprintf(stderr, "bezique-arbiter: --key: needs 64 hex "
			    "digits (256 bits)\n");
			return -1;
		}
		o->seed_drawn = false;
	}
	else if (strcmp(f, "--variant") == 0) {
		struct rules r;
		if (variant_parse(v, &o->variant) < 0 ||
		    (rules_init(&r, o->variant), r.players != 2)) {
			fprintf(stderr, "bezique-arbiter: --variant: one of "
			    "two seats (rubicon, two-hand, six-pack, "
			    "eight-pack), not '%s'\n", v);
			return -1;
		}
	} else if (number(f, v, strcmp(f, "--stall-limit") == 0 ? 1 : 0,
	    strcmp(f, "--seat") == 0 ? 1 : strcmp(f, "--deals") == 0 ?
	    1000000 : 86400,
	    &n) < 0)
		return -1;
	else if (strcmp(f, "--stall-limit") == 0)
		o->stall_s = (int)n;
	else if (strcmp(f, "--seat") == 0)
		o->seat = (int)n;
	else
		o->deals = (int)n;
	return 1;
}

/* A match's config of the engine and the person, as a game seats them,
 * to ask what a match would (its name, its remote seat). */
static void
two_seats(struct match_cfg *c, const struct humangame_opts *o)
{
	config_defaults(c);
	c->nengines = 2;
	c->engines[0].command = xstrdup(o->engine);
	c->engines[0].name = config_command_name(o->engine);
	c->engines[0].name_from = NAME_COMMAND;
	c->engines[1].command = xstrdup("-");
	c->engines[1].name = xstrdup(o->name ? o->name : "you");
	c->engines[1].name_from = NAME_FLAG;
}

/* An --engine's name as a match would give it (naming.h): its id name,
 * asked once, unless it is the person's; else its command. */
static void
find_name(struct humangame_opts *o)
{
	static char name[NAME_MAX_BYTES + 1];
	struct match_cfg c;

	two_seats(&c, o);
	/* Asked confined as in the game: the records (and their seeds)
	 * out of its reach. */
	c.records = o->records;
	c.no_sandbox = o->no_sandbox;
	if (outputs_confine(&c) == 0)
		(void)naming_resolve(&c);	/* alike: the command name */
	snprintf(name, sizeof(name), "%s", c.engines[0].name);
	o->engine_name = name;
	outputs_free(&c);
}

/*
 * A remote opponent: its seat named and opened as a match's would be
 * (net/seats.h: the port bound, the tokens read or made, each said on
 * stderr), and kept in o for every game.  --listen with a local engine
 * is an error there.  0, or -1 after one line on stderr.
 */
static int
open_seats(struct humangame_opts *o)
{
	static char name[NAME_MAX_BYTES + 1];
	struct match_cfg c;
	int rc;

	two_seats(&c, o);
	c.listen = o->listen;
	c.tokens = o->tokens;
	c.insecure = o->insecure;
	c.records = o->records;
	if ((rc = net_seats_name(&c)) == 0 && (rc = net_seats_open(&c)) == 0) {
		o->seats = c.seats;	/* o's now */
		c.seats = NULL;
		snprintf(name, sizeof(name), "%s", c.engines[0].name);
		o->engine_name = name;
	}
	outputs_free(&c);
	return rc;
}

int
humangame_check(struct humangame_opts *o, char *err, size_t errlen)
{
	struct engine_cfg e;

	if (o->seed_drawn && run_key_draw(o->key) < 0) {
		snprintf(err, errlen, "drawing a key: %s", strerror(errno));
		return -1;
	}
	if (o->listen != NULL || config_remote_name(o->engine) != NULL) {
		err[0] = '\0';		/* said on stderr */
		return open_seats(o);
	}
	memset(&e, 0, sizeof(e));
	e.command = (char *)(uintptr_t)o->engine;	/* only read */
	if (bot_check(&e, err, errlen) < 0)
		return -1;
	if (o->engine_name == NULL)
		find_name(o);
	return 0;
}

void
humangame_opts_free(struct humangame_opts *o)
{
	net_seats_free(o->seats);
	o->seats = NULL;
}

void
humangame_usage(FILE *f)
{
	fputs("  --engine CMD     the opponent (default: the bezique-engine "
	    "beside this\n                   program, --level greedy)\n"
	    "  --hint-engine CMD  the engine that gives hints (default: "
	    "the one beside\n                   this program, --level strong)\n"
	    "  --seat 0|1       your seat (0, the elder hand, by default)\n"
	    "  --deals N        deals to play, in two-hand games to 1,000\n"
	    "                   (0: as many as you like)\n"
	    "  --seed TEXT      deal from the key this text gives (a key\n"
	    "                   drawn at random)\n"
	    "  --key HEX        deal from this key (64 hex digits)\n"
	    "  --variant V      rubicon, two-hand, six-pack, eight-pack\n"
	    "  --records FILE   append each deal's record to FILE\n"
	    "  --name NAME      your name in the records\n"
	    "  --stall-limit S  the engine's longest think, in seconds (30);\n"
	    "                   past it, it forfeits the deal\n"
	    "  --no-sandbox     the engine unconfined (by default Landlock\n"
	    "                   keeps it from the records, from writing\n"
	    "                   files, signals and TCP; not the hint engine)\n"
	    "  --engine remote:NAME --listen ADDR:PORT  the opponent a bot\n"
	    "                   that connects (bezique-connect; doc/network.md),\n"
	    "                   with --tokens FILE, --insecure,\n"
	    "                   --connect-timeout MS (600000),\n"
	    "                   --reconnect-grace MS, --net-allowance MS\n",
	    f);
}

int
humangame_choose(struct humangame_opts *o, const struct humangame_opts *now,
    const struct humangame_opts *given, const struct web_newgame *ng,
    char *err, size_t errlen)
{
	*o = *now;
	if (strcmp(ng->level, "given") == 0 && given->level != NULL)
		humangame_builtin(o, given->level, given->skill);
	else if (strcmp(ng->level, "given") == 0) {
		/* Its command and name stay put (argv, humangame_check's). */
		o->engine = given->engine;
		o->engine_name = given->engine_name;
		o->level = given->level;
		o->skill = given->skill;
	} else if (ng->level[0] != '\0' || (ng->skill >= 0 && o->level))
		humangame_builtin(o, ng->level[0] ? ng->level : o->level,
		    ng->skill >= 0 ? ng->skill : 100);
	if (ng->variant[0] != '\0')
		variant_parse(ng->variant, &o->variant);
	if (ng->seat >= 0)
		o->seat = ng->seat;
	if (ng->deals >= 0)
		o->deals = ng->deals;
	/* The key stays: the new game's deals go on from the next index
	 * (first_deal), so its decks are new and the records one run
	 * whose deals each appear once, under one commitment (verify,
	 * rate). */
	return 0;
}
