/*
 * humangame.c: a person against an engine (humangame.h).
 *
 * Engine 0 of the match configuration is the opponent's command, engine
 * 1 the person's seat, a bot with a port: the table sends it what an
 * engine would read, and the person's answers come back through
 * bot_human_answer() once the rules core has found them legal here, so
 * the table never has to fault a person.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "match/bot.h"
#include "bzp.h"
#include "base/config.h"
#include "play/dealwords.h"
#include "play/humangame.h"
#include "match/outputs.h"
#include "record/keyfile.h"
#include "record/schedule.h"
#include "match/table.h"
#include "net/seats.h"
#include "view.h"
#include "record/view_json.h"
#include "base/xmalloc.h"

/* A deal's lines, all of them (some 300 in Rubicon, more in the
 * eight-pack game): the page's log is complete. */
#define LOG_LINES	4000
/* Deals an engine may lose by failing, one after another, before the
 * game stops: a broken engine is not restarted for ever. */
#define MAX_FAILURES	3

struct humangame {
	struct humangame_opts		 o;
	struct match_cfg		 cfg;
	struct bot_human_port		 port;
	struct table			*table;
	struct humangame_callbacks	 cb;
	void				*arg;
	struct bot			*person;	/* once it was asked */
	bool				 pending;	/* the person to act */
	struct event			*begin;		/* the next deal */
	bool				 want_deal;
	/* The deal's index in the records (the page is sent its number,
	 * h->deal + 1, the records' "deal"); in a game of several deals
	 * (two-hand) the game's, its deals counted by hand (records'
	 * "series"), as a match numbers them. */
	int				 deal;
	int				 hand;		/* of the deal to come */
	/* A game of several deals not over: its next deal, the totals
	 * so far in its series.  The table stops after each deal of it
	 * (table_end_game), so that the person starts the next one when
	 * done reading the last. */
	struct deal_spec		 rest;
	int				 played;	/* deals recorded */
	int				 games;		/* games finished */
	json_t				*log;		/* lines of this deal */
	json_t				*result;	/* of the last deal */
	json_t				*final;		/* its last view */
	json_t				*hint;
	json_t				*history;	/* each deal's result */
	int				 failures;	/* in a row */
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

	if (h->hand > 0)
		d = h->rest;
	else {
		memset(&d, 0, sizeof(d));
		d.deal = d.pair = d.round = h->deal;
		d.seed = (uint64_t)h->deal;	/* deals from h->cfg.key */
	}
	d.engine[h->o.seat] = 1;
	d.engine[1 - h->o.seat] = 0;
	h->want_deal = false;
	json_decref(h->result);
	h->result = NULL;
	json_decref(h->final);
	h->final = NULL;
	table_play(h->table, &d);
}

/*
 * The next deal asked for by humangame_next(), begun on a turn of the
 * loop of its own: never from inside a callback of the table, which
 * after telling that a deal is done still frees it (and, in a game of
 * several deals, goes on with the game's next deal itself).
 */
static void
begin_cb(evutil_socket_t fd, short what, void *arg)
{
	struct humangame *h = arg;

	if (table_busy(h->table))
		h->want_deal = false;	/* the game's next deal is under way */
	else if (h->want_deal && h->broken[0] == '\0')
		play_next(h);
}

static void
on_idle(struct table *t, void *arg)
{
	struct humangame *h = arg;

	if (h->want_deal && h->broken[0] == '\0')
		play_next(h);
}

/* Where a deal of a game of several deals leaves its game (series.h):
 * the deal's number in it from 0, the totals, and once over who won
 * and how many games (2: a double game). */
static json_t *
game_json(const struct humangame *h, const struct series *s)
{
	return json_pack("{s:i, s:i, s:[ii], s:b, s:i, s:i, s:b}", "hand",
	    h->hand, "target", h->cfg.rules.game_target, "totals",
	    s->total[0], s->total[1], "over", s->over,
	    "winner", s->over ? s->winner : -1, "value", s->over ? s->value :
	    0, "doubled", s->over && s->doubled);
}

/* The deal's result for the page, with its value's arithmetic and, if
 * the engine failed, why in words. */
static json_t *
result_json(const struct humangame *h, const struct game *g,
    const struct series *s, enum termination term, int fault_seat)
{
	struct result res;
	char value[512], failure[256] = "";
	json_t *o;

	game_result(g, &res);
	dealwords_value(&h->cfg.rules, &res, fault_seat >= 0, value,
	    sizeof(value));
	if (fault_seat >= 0)
		dealwords_failure(h->cfg.engines[fault_seat == h->o.seat ? 1 :
		    0].name, term, failure, sizeof(failure));
	o = json_pack("{s:i, s:[ii], s:[ii], s:i, s:i, s:b, s:s, s:o, s:s?, "
	    "s:s?, s:s?}", "deal", h->deal + 1, "points", res.points[0],
	    res.points[1], "brisques", res.brisques[0], res.brisques[1],
	    "winner", res.value.winner, "value", res.value.value, "rubicon",
	    res.value.rubicon, "termination", termination_name(term),
	    "fault_seat", fault_seat >= 0 ? json_integer(fault_seat) :
	    json_null(), "reason", term == TERM_NORMAL ? NULL :
	    termination_name(term), "arithmetic", value[0] ? value : NULL,
	    "failure", failure[0] ? failure : NULL);
	if (h->cfg.rules.game_target > 0)
		json_object_set_new(o, "game", game_json(h, s));
	return o;
}

/* An engine that failed loses the deal and is started again for the
 * next, unless it never started or keeps failing. */
static void
count_failure(struct humangame *h, int fault_engine, enum termination term)
{
	if (fault_engine != 0) {
		h->failures = 0;
		return;
	}
	if (term == TERM_STARTUP || ++h->failures >= MAX_FAILURES)
		snprintf(h->broken, sizeof(h->broken), "%s; no more deals "
		    "with it", json_string_value(json_object_get(h->result,
		    "failure")));
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
	/* The last deal's result, if no play_next() dropped it (the deal
	 * after it was one of the same game). */
	json_decref(h->result);
	h->result = NULL;
	if (h->records != NULL && record_write(rec, h->records, false, err,
	    sizeof(err)) < 0)
		fprintf(stderr, "bezique-arbiter: %s\n", err);
	h->result = result_json(h, g, &d->start, term, fault_seat);
	json_array_append(h->history, h->result);
	{	/* The board as the deal left it, still as the person's view. */
		struct game *v = game_view(g, h->o.seat);
		json_decref(h->final);
		h->final = view_json(v);
		game_free(v);
	}
	h->pending = false;
	h->played++;
	if (h->cfg.rules.game_target > 0 && !d->start.over) {
		/* The game goes on at the person's word (humangame_next). */
		table_end_game(t);
		h->rest = *d;
		h->hand++;
	} else {
		h->games++;
		h->deal++;
		h->hand = 0;
	}
	count_failure(h, fault_engine, term);
	changed(h, NULL);
	if (h->broken[0] != '\0' || (h->o.deals > 0 && h->games >=
	    h->o.deals)) {
		if (h->cb.finished)
			h->cb.finished(h, h->arg);
	}
}

struct humangame *
humangame_new(struct event_base *base, struct engine_proc_reaper *reaper,
    const struct humangame_opts *o, const struct humangame_callbacks *cb,
    void *arg)
{
	static const struct table_callbacks tcb = { on_idle, on_deal_done,
		NULL };
	struct humangame *h = xcalloc(1, sizeof(*h));

	h->o = *o;
	h->cb = *cb;
	h->arg = arg;
	h->deal = o->first_deal;
	h->log = json_array();
	h->history = json_array();
	config_defaults(&h->cfg);
	rules_init(&h->cfg.rules, o->variant);
	memcpy(h->cfg.key, o->key, sizeof(h->cfg.key));
	h->cfg.clock.time_ms = 0;	/* a person has all the time */
	h->cfg.clock.stall_ms = (long long)o->stall_s * 1000;
	h->cfg.nengines = 2;
	h->cfg.engines[0].command = xstrdup(o->engine);
	h->cfg.engines[0].name = xstrdup(o->engine_name ? o->engine_name :
	    "engine");
	if (o->level != NULL && o->skill < 100) {
		char opt[32];
		snprintf(opt, sizeof(opt), "Skill=%d", o->skill);
		h->cfg.engines[0].options[h->cfg.engines[0].noptions++] =
		    xstrdup(opt);
	}
	if (o->seats != NULL && config_remote_name(o->engine) != NULL) {
		h->cfg.engines[0].remote = o->seats;
		h->cfg.clock.connect_ms = o->connect_ms;
		h->cfg.clock.reconnect_ms = o->reconnect_ms;
		h->cfg.clock.net_allowance_ms = o->net_allowance_ms;
		net_seats_start(o->seats, base);
	}
	h->cfg.engines[1].command = xstrdup("-");
	h->cfg.engines[1].name = xstrdup(o->name ? o->name : "you");
	h->port.base = base;
	h->port.line = on_line;
	h->port.request = on_request;
	h->port.arg = h;
	h->cfg.engines[1].human = &h->port;
	if (o->records != NULL && (h->records = record_open_locked(
	    o->records, false, h->broken, sizeof(h->broken))) == NULL &&
	    h->broken[0] == '\0')
		snprintf(h->broken, sizeof(h->broken), "cannot open %s",
		    o->records);
	if (h->records != NULL)	/* the key beside them, before any deal */
		(void)keyfile_keep(o->records, o->key, h->broken,
		    sizeof(h->broken));
	/* The engine confined as a match's, the records protected. */
	h->cfg.records = o->records;
	h->cfg.no_sandbox = o->no_sandbox;
	if (h->broken[0] == '\0' && outputs_confine(&h->cfg) < 0)
		snprintf(h->broken, sizeof(h->broken), "cannot confine the "
		    "engine (--no-sandbox runs it unconfined)");
	h->table = table_new(base, reaper, &h->cfg, &tcb, h);
	if ((h->begin = evtimer_new(base, begin_cb, h)) == NULL)
		abort();
	return h;
}

void
humangame_free(struct humangame *h)
{
	if (h == NULL)
		return;
	event_free(h->begin);
	table_free(h->table);
	outputs_free(&h->cfg);
	json_decref(h->log);
	json_decref(h->result);
	json_decref(h->final);
	json_decref(h->hint);
	json_decref(h->history);
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
	if (h->o.deals > 0 && h->games >= h->o.deals) {
		snprintf(err, errlen, "all %d %s played", h->o.deals,
		    h->cfg.rules.game_target > 0 ? "games are" : "deals are");
		return -1;
	}
	h->want_deal = true;
	event_active(h->begin, EV_TIMEOUT, 0);	/* begin_cb */
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
	    "s:O?, s:O?, s:s?}", "deal", h->deal + 1, "played", h->played,
	    "deals", h->o.deals, "seat", h->o.seat, "players",
	    humangame_name(h, 0), humangame_name(h, 1), "to_move",
	    h->pending, "in_deal", v != NULL, "log", h->log, "result",
	    h->result, "hint", h->hint, "broken", h->broken[0] ? h->broken :
	    NULL);

	json_object_set_new(o, "view", v ? view_json(v) : h->final ?
	    json_incref(h->final) : json_null());
	/* The opponent by its one name (humangame_opts), and what the new
	 * game dialog starts from. */
	json_object_set_new(o, "opponent", json_string(h->cfg.engines[0].name));
	json_object_set_new(o, "game", json_pack("{s:s, s:s?, s:i, s:i, "
	    "s:i}", "variant", variant_name(h->o.variant), "level",
	    h->o.level, "skill", h->o.skill, "stall_s", h->o.stall_s,
	    "deals", h->o.deals));
	json_object_set_new(o, "history", json_incref(h->history));
	/* A game of several deals: the deal to come in it, from 0, and the
	 * games finished (what --deals counts there). */
	json_object_set_new(o, "hand", json_integer(h->hand));
	json_object_set_new(o, "games", json_integer(h->games));
	/* A page that gets states by two paths keeps the newest. */
	json_object_set_new(o, "version", json_integer(h->version));
	game_free(v);
	return o;
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

const char *
humangame_name(const struct humangame *h, int seat)
{
	return h->cfg.engines[seat == h->o.seat ? 1 : 0].name;
}

int
humangame_next_index(const struct humangame *h)
{
	/* A game of several deals begun has deals recorded under its
	 * index, finished or not. */
	return h->deal + (h->hand > 0 ? 1 : 0);
}

const struct rules *
humangame_rules(const struct humangame *h)
{
	return &h->cfg.rules;
}
