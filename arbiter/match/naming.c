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
