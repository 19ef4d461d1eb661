/*
 * naming.c: the players' names (naming.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "match/bot.h"
#include "proc/engine_proc.h"
#include "match/naming.h"
#include "base/utf8.h"

struct asking {
	struct event_base		*base;
	struct engine_proc_reaper	*reaper;
	int				 pending;
};

static void
drained(void *arg)
{
	struct asking *a = arg;

	event_base_loopexit(a->base, NULL);
}

static void
answered(struct asking *a)
{
	if (--a->pending == 0)
		engine_proc_reaper_on_drained(a->reaper, drained, a);
}

static void
on_ready(struct bot *b, void *arg)
{
	bot_quit(b);
	answered(arg);
}

static void
on_action(struct bot *b, const char *action, double ms, void *arg)
{
}

static void
on_failed(struct bot *b, enum termination t, const char *reason, void *arg)
{
	answered(arg);
}

/* Starts every engine to be asked at once and waits for all of them. */
static void
ask_all(struct match_cfg *c, struct bot **bots)
{
	static const struct bot_callbacks cb = { on_ready, on_action,
		on_failed };
	struct asking a = { NULL, NULL, 0 };

	if ((a.base = event_base_new()) == NULL)
		abort();
	a.reaper = engine_proc_reaper_new(a.base);
	for (int i = 0; i < c->nengines; i++)
		if (c->engines[i].name_from == NAME_COMMAND &&
		    c->engines[i].human == NULL) {
			bots[i] = bot_new(a.reaper, &c->engines[i], &c->clock,
			    &c->limits, &cb, &a);
			a.pending++;
		}
	for (int i = 0; i < c->nengines; i++)
		if (bots[i] != NULL)
			bot_start(bots[i]);
	if (a.pending > 0)
		event_base_dispatch(a.base);
	for (int i = 0; i < c->nengines; i++)
		if (bots[i] != NULL && bot_id_name(bots[i]) != NULL &&
		    (c->engines[i].id_name = strdup(bot_id_name(bots[i]))) ==
		    NULL)
			abort();
	for (int i = 0; i < c->nengines; i++)
		bot_free(bots[i]);
	engine_proc_reaper_free(a.reaper);
	event_base_free(a.base);
}

/* Whether engine i's id name is short enough and no other player's name
 * or id name. */
static bool
id_name_free(const struct match_cfg *c, int i)
{
	const char *id = c->engines[i].id_name;

	if (strlen(id) > NAME_MAX_BYTES || !utf8_valid(id))
		return false;
	for (int j = 0; j < c->nengines; j++) {
		const struct engine_cfg *o = &c->engines[j];
		if (j != i && (strcmp(o->name, id) == 0 ||
		    (o->name_from == NAME_COMMAND && o->id_name != NULL &&
		    strcmp(o->id_name, id) == 0)))
			return false;
	}
	return true;
}

/* Whether engines i and j are both named by their command and give the
 * same id name. */
static bool
alike(const struct match_cfg *c, int i, int j)
{
	const struct engine_cfg *a = &c->engines[i], *b = &c->engines[j];

	return a->name_from == NAME_COMMAND && b->name_from == NAME_COMMAND &&
	    a->id_name != NULL && b->id_name != NULL &&
	    strcmp(a->id_name, b->id_name) == 0;
}

/* The k-th word of a command (split at blanks) into buf, or false. */
static bool
word_at(const char *command, int k, char *buf, size_t len)
{
	const char *w = command;
	size_t n;

	for (;;) {
		w += strspn(w, " \t");
		n = strcspn(w, " \t");
		if (n == 0)
			return false;
		if (k-- == 0)
			break;
		w += n;
	}
	snprintf(buf, len, "%.*s", (int)n, w);
	return true;
}

/*
 * Engine i's short name when it shares its id name with another engine
 * named by its command: the words of its command after the program that
 * are not flags and differ from those of every engine alike ("greedy"
 * for "bezique-engine --level greedy" beside "... --level random": the
 * level as the page names it).  Empty if there is none.
 */
static void
short_name(const struct match_cfg *c, int i, char *buf, size_t len)
{
	char w[NAME_MAX_BYTES + 1], o[NAME_MAX_BYTES + 1];
	size_t at = 0;
	bool shared;

	buf[0] = '\0';
	for (int k = 1; word_at(c->engines[i].command, k, w, sizeof(w)); k++) {
		shared = w[0] == '-';
		for (int j = 0; j < c->nengines && !shared; j++)
			shared = j != i && alike(c, i, j) &&
			    word_at(c->engines[j].command, k, o, sizeof(o)) &&
			    strcmp(o, w) == 0;
		if (!shared && at + strlen(w) + 2 < len)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			    at ? " " : "", w);
	}
}

/* Whether name is no other engine's name nor its short name. */
static bool
name_free(const struct match_cfg *c, int i, const char *name,
    char shorts[][NAME_MAX_BYTES + 1])
{
	if (name[0] == '\0' || strlen(name) > NAME_MAX_BYTES ||
	    !utf8_valid(name))
		return false;
	for (int j = 0; j < c->nengines; j++)
		if (j != i && (strcmp(c->engines[j].name, name) == 0 ||
		    (c->engines[j].id_name != NULL &&
		    strcmp(c->engines[j].id_name, name) == 0) ||
		    strcmp(shorts[j], name) == 0))
			return false;
	return true;
}

/* Engines alike (same id name, named by command) get their short names
 * when every one of them has a free one; otherwise they keep commands. */
static void
shorten(struct match_cfg *c)
{
	char shorts[MAX_ENGINES][NAME_MAX_BYTES + 1];
	bool use[MAX_ENGINES] = { false };

	for (int i = 0; i < c->nengines; i++) {
		shorts[i][0] = '\0';
		for (int j = 0; j < c->nengines; j++)
			if (j != i && alike(c, i, j)) {
				short_name(c, i, shorts[i], sizeof(shorts[i]));
				break;
			}
	}
	for (int i = 0; i < c->nengines; i++)
		use[i] = shorts[i][0] != '\0' && name_free(c, i, shorts[i],
		    shorts);
	for (int i = 0; i < c->nengines; i++)
		for (int j = 0; j < c->nengines; j++)
			if (alike(c, i, j) && !use[j])
				use[i] = false;
	for (int i = 0; i < c->nengines; i++)
		if (use[i]) {
			free(c->engines[i].name);
			if ((c->engines[i].name = strdup(shorts[i])) == NULL)
				abort();
		}
}

int
naming_resolve(struct match_cfg *c)
{
	struct bot *bots[MAX_ENGINES] = { NULL };
	bool use[MAX_ENGINES] = { false };

	ask_all(c, bots);
	/* Decided before any name changes: the set of names stays distinct
	 * (command names are, and an id name taken is shared by none). */
	for (int i = 0; i < c->nengines; i++)
		use[i] = c->engines[i].name_from == NAME_COMMAND &&
		    c->engines[i].id_name != NULL && id_name_free(c, i);
	for (int i = 0; i < c->nengines; i++)
		if (use[i]) {
			free(c->engines[i].name);
			if ((c->engines[i].name = strdup(c->engines[i].id_name))
			    == NULL)
				abort();
			c->engines[i].name_from = NAME_ID;
		}
	shorten(c);
	for (int i = 0; i < c->nengines; i++)
		for (int j = i + 1; j < c->nengines; j++)
			if (strcmp(c->engines[i].name, c->engines[j].name) == 0) {
				fprintf(stderr, "bezique-arbiter: two engines are "
				    "named '%s' (their command, and no id name "
				    "of their own); give --name\n",
				    c->engines[i].name);
				return -1;
			}
	return 0;
}

/*
 * Says which engines are named by their command, and why, in one line:
 * the one case a name is not what the person gave or the engine says of
 * itself.  Names given or the engines' own need no word.
 */
void
naming_print(const struct match_cfg *c, FILE *f)
{
	int said = 0;

	for (int i = 0; i < c->nengines; i++) {
		const struct engine_cfg *e = &c->engines[i];
		if (e->name_from != NAME_COMMAND)
			continue;
		fprintf(f, "%s'%s'", said++ ? ", " : "names from commands: ",
		    e->name);
		if (e->id_name == NULL)
			fprintf(f, " (no id name)");
		else if (strlen(e->id_name) > NAME_MAX_BYTES)
			fprintf(f, " (id name over %d bytes)", NAME_MAX_BYTES);
		else if (!utf8_valid(e->id_name))
			fprintf(f, " (id name not UTF-8)");
		else if (i + 1 < c->nengines && c->engines[i + 1].name_from ==
		    NAME_COMMAND && c->engines[i + 1].id_name != NULL &&
		    strcmp(c->engines[i + 1].id_name, e->id_name) == 0)
			continue;	/* said once, after the last alike */
		else
			fprintf(f, " (id name '%s' shared)", e->id_name);
	}
	if (said > 0)
		fprintf(f, "; --name NAME names an engine\n");
}
