/*
 * humangame.c: a person against an engine (humangame.h).
 *
 * Engine 0 of the match configuration is the opponent's command, engine
 * 1 the person's seat, a bot with a port: the table sends it what an
 * engine would read, and the person's answers come back through
 * bot_human_answer() once the rules core has found them legal here, so
 * the table never has to fault a person.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>

#include "base/argv.h"
#include "match/bot.h"
#include "bzp.h"
#include "base/config.h"
#include "play/humangame.h"
#include "match/naming.h"
#include "match/outputs.h"
#include "record/schedule.h"
#include "match/seed.h"
#include "match/table.h"
#include "view.h"
#include "record/view_json.h"
#include "base/xmalloc.h"

/* A deal's lines, all of them (some 300 in Rubicon, more in the
 * eight-pack game): the page's log is complete. */
#define LOG_LINES	4000

struct humangame {
	struct humangame_opts		 o;
	struct match_cfg		 cfg;
	struct bot_human_port		 port;
	struct table			*table;
	struct humangame_callbacks	 cb;
	void				*arg;
	struct bot			*person;	/* once it was asked */
	bool				 pending;	/* the person to act */
	bool				 want_deal;
	int				 deal;		/* index of the deal */
	int				 played;
	json_t				*log;		/* lines of this deal */
	json_t				*result;	/* of the last deal */
	json_t				*final;		/* its last view */
	json_t				*hint;
	char				 broken[256];	/* why no deal can go on */
	json_int_t			 version;	/* counts the changes */
	FILE				*records;
};

static void
changed(struct humangame *h, const char *line)
{
	h->version++;
	if (h->cb.changed)
		h->cb.changed(h, line, h->arg);
}

static void
on_line(struct bot *b, const char *line, void *arg)
{
	struct humangame *h = arg;

	if (strncmp(line, "newgame ", 8) == 0) {
		json_array_clear(h->log);
		humangame_set_hint(h, NULL);
	}
	/* The gameover line reveals the deck: only after the deal. */
	json_array_append_new(h->log, json_string(line));
	while (json_array_size(h->log) > LOG_LINES)
		json_array_remove(h->log, 0);
	changed(h, line);
}

static void
on_request(struct bot *b, uint64_t id, const char *line, void *arg)
{
	struct humangame *h = arg;

	h->person = b;
	h->pending = true;
	changed(h, NULL);
}

static void
play_next(struct humangame *h)
{
	struct deal_spec d;

	memset(&d, 0, sizeof(d));
	d.deal = d.pair = d.round = h->deal;
	d.seed = schedule_deck_seed(h->o.seed, h->deal);
	d.engine[h->o.seat] = 1;
	d.engine[1 - h->o.seat] = 0;
	h->want_deal = false;
	json_decref(h->result);
	h->result = NULL;
	json_decref(h->final);
	h->final = NULL;
	table_play(h->table, &d);
}

static void
on_idle(struct table *t, void *arg)
{
	struct humangame *h = arg;

	if (h->want_deal && h->broken[0] == '\0')
		play_next(h);
}

static json_t *
result_json(const struct game *g, enum termination term, int fault_seat,
    const char *reason)
{
	struct result res;

	game_result(g, &res);
	return json_pack("{s:[ii], s:[ii], s:i, s:i, s:b, s:s, s:o, s:s?}",
	    "points", res.points[0], res.points[1], "brisques",
	    res.brisques[0], res.brisques[1], "winner", res.value.winner,
	    "value", res.value.value, "rubicon", res.value.rubicon,
	    "termination", termination_name(term), "fault_seat",
	    fault_seat >= 0 ? json_integer(fault_seat) : json_null(),
	    "reason", reason);
}

static void
on_deal_done(struct table *t, const struct deal_spec *d,
    struct record *rec, const struct game *g, enum termination term,
    int fault_engine, bool voided, void *arg)
{
	struct humangame *h = arg;
	struct record_summary sum;
	char err[256];
	int fault_seat = fault_engine < 0 ? -1 : fault_engine == 1 ?
	    h->o.seat : 1 - h->o.seat;

	record_summary_of(rec, &sum);
	if (h->records != NULL && record_write(rec, h->records, false, err,
	    sizeof(err)) < 0)
		fprintf(stderr, "bezique-arbiter: %s\n", err);
	h->result = result_json(g, term, fault_seat, term == TERM_NORMAL ?
	    NULL : termination_name(term));
	{	/* The board as the deal left it, still as the person's view. */
		struct game *v = game_view(g, h->o.seat);
		json_decref(h->final);
		h->final = view_json(v);
		game_free(v);
	}
	h->pending = false;
	h->played++;
	h->deal++;
	if (fault_engine == 0)
		snprintf(h->broken, sizeof(h->broken), "the engine failed: "
		    "%s", termination_name(term));
	changed(h, NULL);
	if (h->broken[0] != '\0' || (h->o.deals > 0 && h->played >=
	    h->o.deals)) {
		if (h->cb.finished)
			h->cb.finished(h, h->arg);
	}
}

/* The match configuration of a person's game: engine 0 the opponent,
 * engine 1 the person's seat (its port). */
static void
game_cfg(struct match_cfg *c, const struct humangame_opts *o,
    struct bot_human_port *port)
{
	config_defaults(c);
	rules_init(&c->rules, o->variant);
	c->clock.time_ms = 0;	/* a person has all the time */
	c->nengines = 2;
	c->engines[0].command = xstrdup(o->engine);
	c->engines[0].name = o->engine_name[0] ? xstrdup(o->engine_name) :
	    config_command_name(o->engine);
	c->engines[0].name_from = NAME_COMMAND;
	c->engines[1].command = xstrdup("-");
	c->engines[1].name = xstrdup(o->name ? o->name : "you");
	c->engines[1].name_from = NAME_FLAG;
	c->engines[1].human = port;
	c->records = o->records;
	c->no_sandbox = o->no_sandbox;
}

/*
 * The opponent named as in a match (its id name, else its command), so
 * that the page, the terminal, the records and the standings call it
 * one thing.  Asked here, before the game's event loop exists: naming
 * runs a loop of its own, and two at once would share SIGCHLD.  Names
 * still alike (a person who took the engine's) stay so.
 */
static void
name_engine(struct humangame_opts *o)
{
	struct match_cfg c;
	struct bot_human_port none;

	memset(&none, 0, sizeof(none));
	game_cfg(&c, o, &none);
	if (outputs_confine(&c) == 0 && naming_resolve(&c) == 0)
		snprintf(o->engine_name, sizeof(o->engine_name), "%s",
		    c.engines[0].name);
	outputs_free(&c);
}

struct humangame *
humangame_new(struct event_base *base, struct engine_proc_reaper *reaper,
    const struct humangame_opts *o, const struct humangame_callbacks *cb,
    void *arg)
{
	static const struct table_callbacks tcb = { on_idle, on_deal_done };
	struct humangame *h = xcalloc(1, sizeof(*h));

	h->o = *o;
	h->cb = *cb;
	h->arg = arg;
	h->log = json_array();
	game_cfg(&h->cfg, o, &h->port);
	h->port.base = base;
	h->port.line = on_line;
	h->port.request = on_request;
	h->port.arg = h;
	if (o->records != NULL && (h->records = record_open_locked(
	    o->records, false, h->broken, sizeof(h->broken))) == NULL &&
	    h->broken[0] == '\0')
		snprintf(h->broken, sizeof(h->broken), "cannot open %s",
		    o->records);
	/* The engine confined as a match's, the records protected. */
	if (h->broken[0] == '\0' && outputs_confine(&h->cfg) < 0)
		snprintf(h->broken, sizeof(h->broken), "cannot confine the "
		    "engine (--no-sandbox runs it unconfined)");
	h->table = table_new(base, reaper, &h->cfg, &tcb, h);
	return h;
}

void
humangame_free(struct humangame *h)
{
	if (h == NULL)
		return;
	table_free(h->table);
	outputs_free(&h->cfg);
	json_decref(h->log);
	json_decref(h->result);
	json_decref(h->final);
	json_decref(h->hint);
	if (h->records != NULL)
		fclose(h->records);
	free(h);
}

void
humangame_start(struct humangame *h)
{
	h->want_deal = true;
	table_start(h->table);
}

/* Reads a number of the legal list (from 1) or an action's text. */
static int
parse_choice(const struct game *g, const char *text, struct action *a,
    char *err, size_t errlen)
{
	struct action legal[MAX_LEGAL];
	long long k;
	int n = game_legal_actions(g, legal, MAX_LEGAL);

	if (bzp_parse_int(text, 1, MAX_LEGAL, &k) == 0) {
		if (k > n) {
			snprintf(err, errlen, "no action number %lld (1 to "
			    "%d)", k, n);
			return -1;
		}
		*a = legal[k - 1];
		return 0;
	}
	if (game_parse_action(g, text, a, err, errlen) < 0)
		return -1;
	if (!game_is_legal(g, a)) {
		snprintf(err, errlen, "'%.60s' is not legal now", text);
		return -1;
	}
	return 0;
}

int
humangame_act(struct humangame *h, const char *text, char *err,
    size_t errlen)
{
	const struct game *g = table_game(h->table);
	struct game *v;
	struct action a;
	char t[ACTION_TEXT_MAX];
	int rc;

	if (!h->pending || g == NULL) {
		snprintf(err, errlen, "it is not your turn");
		return -1;
	}
	/* The person's own view: its legal list is what the page showed. */
	v = game_view(g, h->o.seat);
	rc = parse_choice(v, text, &a, err, errlen);
	game_free(v);
	if (rc < 0)
		return -1;
	h->pending = false;
	humangame_set_hint(h, NULL);
	changed(h, NULL);
	bot_human_answer(h->person, action_format(&a, t, sizeof(t)));
	return 0;
}

int
humangame_next(struct humangame *h, char *err, size_t errlen)
{
	if (h->broken[0] != '\0') {
		snprintf(err, errlen, "%s", h->broken);
		return -1;
	}
	if (table_busy(h->table) || h->want_deal) {
		snprintf(err, errlen, "a deal is in play");
		return -1;
	}
	if (h->o.deals > 0 && h->played >= h->o.deals) {
		snprintf(err, errlen, "all %d deals are played", h->o.deals);
		return -1;
	}
	h->want_deal = true;
	play_next(h);
	return 0;
}

struct game *
humangame_view(const struct humangame *h)
{
	const struct game *g = table_game(h->table);

	return g == NULL ? NULL : game_view(g, h->o.seat);
}

json_t *
humangame_state(const struct humangame *h)
{
	struct game *v = humangame_view(h);
	json_t *o = json_pack("{s:i, s:i, s:i, s:i, s:[ss], s:b, s:b, s:O, "
	    "s:O?, s:O?, s:s?}", "deal", h->deal, "played", h->played,
	    "deals", h->o.deals, "seat", h->o.seat, "players",
	    humangame_name(h, 0), humangame_name(h, 1), "to_move",
	    h->pending, "in_deal", v != NULL, "log", h->log, "result",
	    h->result, "hint", h->hint, "broken", h->broken[0] ? h->broken :
	    NULL);

	json_object_set_new(o, "view", v ? view_json(v) : h->final ?
	    json_incref(h->final) : json_null());
	/* The page names the engine after its command (its level). */
	json_object_set_new(o, "opponent", json_string(h->o.engine));
	/* A page that gets states by two paths keeps the newest. */
	json_object_set_new(o, "version", json_integer(h->version));
	game_free(v);
	return o;
}

const char *
humangame_name(const struct humangame *h, int seat)
{
	return h->cfg.engines[seat == h->o.seat ? 1 : 0].name;
}

int
humangame_hint_position(const struct humangame *h, char *view,
    size_t viewlen, char *rules, size_t ruleslen)
{
	struct game *v;

	if (!h->pending || (v = humangame_view(h)) == NULL)
		return -1;
	view_format(v, view, viewlen);
	rules_format(&h->cfg.rules, rules, ruleslen);
	game_free(v);
	return 0;
}

void
humangame_set_hint(struct humangame *h, json_t *hint)
{
	json_decref(h->hint);
	h->hint = hint;
	h->version++;
}

bool
humangame_to_move(const struct humangame *h)
{
	return h->pending;
}

bool
humangame_broken(const struct humangame *h)
{
	return h->broken[0] != '\0';
}

int
humangame_seat(const struct humangame *h)
{
	return h->o.seat;
}

const struct rules *
humangame_rules(const struct humangame *h)
{
	return &h->cfg.rules;
}

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

void
humangame_defaults(struct humangame_opts *o)
{
	static char engine[PATH_MAX + 64], hinter[PATH_MAX + 64];

	memset(o, 0, sizeof(*o));
	o->engine = default_engine(engine, "greedy");
	/* Hints weigh every action (info lines), which greedy does not. */
	o->hint_engine = default_engine(hinter, "strong");
	o->seat = 0;
	o->deals = 0;
	o->seed_drawn = true;	/* unless --seed */
	o->variant = VARIANT_RUBICON;
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

int
humangame_parse_flag(struct humangame_opts *o, int argc, char **argv,
    int *i)
{
	const char *f = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
	long long n;

	if (strcmp(f, "--no-sandbox") == 0) {
		o->no_sandbox = true;
		return 1;
	}
	if (strcmp(f, "--engine") && strcmp(f, "--hint-engine") &&
	    strcmp(f, "--seat") && strcmp(f,
	    "--deals") && strcmp(f, "--seed") && strcmp(f, "--variant") &&
	    strcmp(f, "--records") && strcmp(f, "--name"))
		return 0;
	if (v == NULL) {
		fprintf(stderr, "bezique-arbiter: %s needs a value\n", f);
		return -1;
	}
	++*i;
	if (strcmp(f, "--engine") == 0)
		o->engine = v;
	else if (strcmp(f, "--hint-engine") == 0)
		o->hint_engine = v;
	else if (strcmp(f, "--records") == 0)
		o->records = v;
	else if (strcmp(f, "--name") == 0)
		o->name = v;
	else if (strcmp(f, "--variant") == 0) {
		struct rules r;
		if (variant_parse(v, &o->variant) < 0 ||
		    (rules_init(&r, o->variant), r.players != 2)) {
			fprintf(stderr, "bezique-arbiter: --variant: one of "
			    "two seats (rubicon, two-hand, six-pack, "
			    "eight-pack), not '%s'\n", v);
			return -1;
		}
	} else if (number(f, v, 0, strcmp(f, "--seat") == 0 ? 1 : strcmp(f,
	    "--deals") == 0 ? 1000000 : INT64_MAX, &n) < 0)
		return -1;
	else if (strcmp(f, "--seat") == 0)
		o->seat = (int)n;
	else if (strcmp(f, "--deals") == 0)
		o->deals = (int)n;
	else {
		o->seed = (uint64_t)n;
		o->seed_drawn = false;
		argv_hide(argv[*i]);
	}
	return 1;
}

int
humangame_check(struct humangame_opts *o, char *err, size_t errlen)
{
	struct engine_cfg e;

	if (o->seed_drawn && seed_draw(&o->seed) < 0) {
		snprintf(err, errlen, "drawing a seed: %s", strerror(errno));
		return -1;
	}
	memset(&e, 0, sizeof(e));
	e.command = (char *)(uintptr_t)o->engine;	/* only read */
	if (bot_check(&e, err, errlen) < 0)
		return -1;
	name_engine(o);
	return 0;
}

void
humangame_usage(FILE *f)
{
	fputs("  --engine CMD     the opponent (default: the bezique-engine "
	    "beside this\n                   program, --level greedy)\n"
	    "  --hint-engine CMD  the engine that gives hints (default: "
	    "the one beside\n                   this program, --level strong)\n"
	    "  --seat 0|1       your seat (0, the elder hand, by default)\n"
	    "  --deals N        deals to play (0: as many as you like)\n"
	    "  --seed N         the first deal's seed (drawn at random)\n"
	    "  --variant V      rubicon, two-hand, six-pack, eight-pack\n"
	    "  --records FILE   append each deal's record to FILE\n"
	    "  --name NAME      your name in the records\n"
	    "  --no-sandbox     the engine unconfined (by default Landlock\n"
	    "                   keeps it from the records, from writing\n"
	    "                   files, signals and TCP; not the hint engine)\n",
	    f);
}
