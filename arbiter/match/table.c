/*
 * table.c: playing deals between two bots (table.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "base/clock.h"
#include "base/request_id.h"
#include "match/lines.h"
#include "match/table.h"
#include "match/table_int.h"
#include "record/deck_key.h"
#include "view.h"

static void	start_bots(struct table *t);
static void	on_action(struct bot *b, const char *text, double ms,
		    void *arg);
static void	on_failed(struct bot *b, enum termination term,
		    const char *reason, void *arg);
static void	resume_deal(struct table *t, int engine);
static void	request(struct table *t);
static void	begin_deal(struct table *t, int fault_engine,
		    enum termination term, const char *reason);
static void	finish_deal(struct table *t, enum termination term,
		    int fault_engine, const char *reason);

/* Runs fn at the next turn of the loop: callbacks never recurse into
 * new deals or restarts. */
static void
later(struct table *t, event_callback_fn fn)
{
	static const struct timeval now = { 0, 0 };

	event_base_once(t->base, -1, EV_TIMEOUT, fn, t, &now);
}

static void
idle_cb(evutil_socket_t fd, short what, void *arg)
{
	struct table *t = arg;

	if (t->playing || t->waiting)
		return;
	if (table_all_settled(t))
		t->cb.idle(t, t->arg);
	else
		start_bots(t);	/* a bot lost in the last deal */
}

static void
on_ready(struct bot *b, void *arg)
{
	struct table *t = arg;

	int e = table_engine_of(t, b);

	t->ready[e] = true;
	if (t->playing && t->rejoining[e]) {
		resume_deal(t, e);
		return;
	}
	if (t->waiting && table_all_ready(t))
		begin_deal(t, -1, TERM_NORMAL, NULL);
	else if (table_all_settled(t))
		later(t, idle_cb);
}

/*
 * Both bots of the pairing exist before either starts or any deal begins:
 * a forfeit (an engine that failed to start, now or before this deal)
 * names both engines and sends both the gameover.
 */
static void
make_bots(struct table *t)
{
	static const struct bot_callbacks bcb = { on_ready, on_action,
		on_failed };

	for (int i = 0; i < t->n && t->eng[0] >= 0; i++)
		if (t->bots[t->eng[i]] == NULL) {
			t->bots[t->eng[i]] = bot_new(t->reaper,
			    &t->cfg->engines[t->eng[i]], &t->cfg->clock,
			    &t->cfg->limits, &bcb, t);
			bot_pin(t->bots[t->eng[i]], t->cpu);
			bot_require_variant(t->bots[t->eng[i]],
			    t->cfg->rules.variant);
		}
}

static void
start_bots(struct table *t)
{
	make_bots(t);
	for (int i = 0; i < t->n && t->eng[0] >= 0; i++) {
		int e = t->eng[i];
		t->retired[e] = false;
		if (!bot_running(t->bots[e]) && t->down_term[e] == TERM_NORMAL)
			bot_start(t->bots[e]);
	}
}

/*
 * A remote seat's bot lost its connection: it may come back within the
 * grace and rejoin the deal as a restarted engine does, its turn's time
 * charged from its request on (doc/network.md).  A drop while it comes
 * back (before it is ready again) waits on within the same grace.
 */
static void
away(struct table *t, struct bot *b, int e, const char *reason)
{
	int seat = table_seat_of(t, e);
	uint64_t now = clock_now_us();

	if (!t->away[e]) {
		t->away[e] = true;
		t->away_until_us[e] = now + (uint64_t)t->cfg->clock.reconnect_ms *
		    1000;
	}
	t->reconnects++;
	record_reconnect(t->rec, seat, reason);
	t->rejoining[e] = true;
	bot_reconnect(b, (long long)(t->away_until_us[e] - now + 999) / 1000);
}

/* Whether a disconnection of engine e is waited for (away()). */
static bool
waits_for(const struct table *t, int e, enum termination term)
{
	return t->playing && term == TERM_DISCONNECT &&
	    t->cfg->clock.reconnect_ms > 0 && t->reconnects < MAX_RECONNECTS &&
	    (!t->away[e] || clock_now_us() < t->away_until_us[e]);
}

/* Engine e failed out of a game: the next deal that seats it is
 * forfeited for that, unless it is a remote seat's bot that lost its
 * connection and may come back by then. */
static void
left_alone(struct table *t, int e, enum termination term, const char *reason)
{
	if (term != TERM_DISCONNECT) {
		t->down_term[e] = term;
		snprintf(t->down_reason[e], sizeof(t->down_reason[e]), "%s",
		    reason);
	}
	later(t, idle_cb);
}

static void
on_failed(struct bot *b, enum termination term, const char *reason,
    void *arg)
{
	struct table *t = arg;
	int e = table_engine_of(t, b);

	t->ready[e] = false;
	if (!table_in_game(t, e)) {
		left_alone(t, e, term, reason);
		return;
	}
	if (waits_for(t, e, term)) {
		away(t, b, e, reason);
		return;
	}
	t->away[e] = false;	/* not back within the grace: as a crash */
	if (t->waiting && !t->playing) {
		begin_deal(t, e, term, reason);	/* forfeited at once */
	} else if (t->playing && t->cfg->on_failure == ON_FAILURE_RESTART &&
	    t->restarts < MAX_RESTARTS) {
		t->restarts++;
		record_incident(t->rec, table_seat_of(t, e), term, reason);
		t->rejoining[e] = true;
		bot_start(b);	/* rejoins in resume_deal() once ready */
	} else if (t->playing) {
		finish_deal(t, term, e, reason);
	} else
		left_alone(t, e, term, reason);
}

static void
send_events(struct table *t, const struct event_log *log)
{
	char buf[1024];

	for (int i = 0; i < log->n && i < log->cap; i++)
		for (int s = 0; s < t->n; s++) {
			struct bot *b = t->bots[t->engine_at[s]];
			/* A bot rejoining has the deal whole in its newgame. */
			if (!t->rejoining[t->engine_at[s]] && bot_wants_events(b) &&
			    bzp_format_event(&log->ev[i], s, buf, sizeof(buf)))
				bot_send(b, buf);
		}
}

static void
request(struct table *t)
{
	int seat = game_to_move(t->g), opp = (seat + 1) % t->n;
	struct bot *b = t->bots[t->engine_at[seat]];
	const struct clock_cfg *c = &t->cfg->clock;
	struct game *v;
	size_t k, len = BZP_MAX_LINE - 1;
	long long limit = clock_decision_limit(&t->cfg->clock,
	    t->clock_ms[seat]);

	t->asked_us = clock_now_us();
	if (t->rejoining[t->engine_at[seat]])
		return;		/* asked in resume_deal(), its time running */
	v = game_view(t->g, seat);
	k = (size_t)snprintf(t->line, len, "go id=%" PRIu64 " decision=%s "
	    "time=%lld otime=%lld inc=%lld cap=%lld movetime=%lld ",
	    t->next_id = request_id_new(), bzp_decision_name(game_decision(t->g)),
	    c->time_ms ? (long long)t->clock_ms[seat] : 0,
	    c->time_ms ? (long long)t->clock_ms[opp] : 0, c->inc_ms,
	    c->cap_ms, c->movetime_ms);
	if (bot_wants_legal(b) && k < len)
		k += lines_legal(v, t->line + k, len - k);
	if (k < len)
		k += (size_t)snprintf(t->line + k, len - k, "view ");
	if (k < len)
		view_format(v, t->line + k, len - k);
	game_free(v);
	t->decisions++;
	bot_request(b, t->next_id, t->line, limit);
}

static void
on_action(struct bot *b, const char *text, double ms, void *arg)
{
	struct table *t = arg;
	int seat;
	struct event evbuf[64];
	struct event_log log = { evbuf, 0, 64 };
	struct action a;
	enum decision kind;
	char err[200], why[300];

	/* An answer between deals (a person's move typed ahead) has no
	 * game to go to. */
	if (!t->playing)
		return;
	seat = game_to_move(t->g);
	if (t->bots[t->engine_at[seat]] != b)
		return;
	if (game_parse_action(t->g, text, &a, err, sizeof(err)) < 0) {
		snprintf(why, sizeof(why), "unreadable action '%.60s': %s",
		    text, err);
		bot_fault(b, TERM_MALFORMED, why);
		return;
	}
	if (!game_is_legal(t->g, &a)) {
		snprintf(why, sizeof(why), "illegal action '%.60s' (decision "
		    "%s)", text, bzp_decision_name(game_decision(t->g)));
		bot_fault(b, TERM_ILLEGAL, why);
		return;
	}
	kind = game_decision(t->g);
	if (t->cfg->clock.time_ms > 0) {
		t->clock_ms[seat] -= ms;
		if (t->clock_ms[seat] < 0)
			t->clock_ms[seat] = 0;	/* within the margin */
		t->clock_ms[seat] += (double)t->cfg->clock.inc_ms;
	}
	game_apply(t->g, &a, &log);
	record_action(t->rec, seat, kind, text, ms, bot_last_info(b), &log);
	if (t->cb.moved)
		t->cb.moved(t, &t->deal, t->g, ++t->steps, seat, text, t->arg);
	send_events(t, &log);
	if (game_over(t->g))
		finish_deal(t, TERM_NORMAL, -1, NULL);
	else
		request(t);
}

static void	send_newgame(struct table *t, int seat);

/* A restarted engine rejoins the deal from its seat view: newgame, then
 * the request it failed (if it was its turn). */
static void
resume_deal(struct table *t, int engine)
{
	int seat = table_seat_of(t, engine);

	t->rejoining[engine] = false;
	/* Away, its turn's time ran from the request, answered or not. */
	if (t->away[engine] && game_to_move(t->g) == seat &&
	    t->cfg->clock.time_ms > 0) {
		t->clock_ms[seat] -= (double)(clock_now_us() - t->asked_us) /
		    1000.0;
		if (t->clock_ms[seat] < 0)
			t->clock_ms[seat] = 0;
	}
	t->away[engine] = false;
	send_newgame(t, seat);
	if (game_to_move(t->g) == seat)
		request(t);
}

static void
send_deal(struct table *t)
{
	for (int s = 0; s < t->n; s++)
		send_newgame(t, s);
}

static void
send_newgame(struct table *t, int s)
{
	struct bot *b = t->bots[t->engine_at[s]];

	lines_newgame(t->g, &t->rules, schedule_number(&t->deal), s, &t->cfg->clock,
	    &t->deal.start, t->before, t->line, BZP_MAX_LINE);
	bot_send(b, t->line);
	bot_dealt(b);
	lines_deal_event(t->g, s, t->line, BZP_MAX_LINE);
	if (bot_wants_events(b))
		bot_send(b, t->line);
}

/* Starts the deal; if an engine failed before it began (fault_engine),
 * the deal is recorded as forfeited by it at once. */
static void
begin_deal(struct table *t, int fault_engine, enum termination term,
    const char *reason)
{
	const char *names[MAX_PLAYERS];
	struct deck_id id;

	t->waiting = false;
	t->playing = true;
	memset(t->rejoining, 0, sizeof(t->rejoining));
	t->restarts = 0;
	t->reconnects = 0;
	t->end_game = false;
	for (int s = 0; s < t->n; s++)
		t->engine_at[s] = t->deal.engine[s];
	series_next_rules(&t->deal.start, &t->cfg->rules, &t->rules);
	for (int s = 0; s < t->n; s++)
		t->before[s] = t->deal.start.total[s];
	/* The deck of its round and, in a game of several deals, hand. */
	run_key_commitment(t->cfg->key, id.commit);
	id.round = t->deal.round;
	id.hand = t->deal.start.deals;
	deck_key_deck(t->cfg->key, &t->rules, id.round, id.hand, t->deck);
	t->g = game_new_from_deck(&t->rules, t->deck, t->deal.start.dealer);
	for (int s = 0; s < t->n; s++) {
		names[s] = bot_name(t->bots[t->engine_at[s]]);
		t->clock_ms[s] = (double)t->cfg->clock.time_ms;
	}
	t->rec = record_new(schedule_number(&t->deal), t->deal.pair, &id, &t->rules,
	    t->deal.start.dealer, t->deck, names);
	if (t->cfg->confinement[0] != '\0')
		record_sandbox(t->rec, t->cfg->confinement);
	if (t->rules.cut_cards > 0) {
		/* The six-pack's cut, before the first card: the views
		 * show it (declarations "cut" and "guess"). */
		int lifted, guessed;
		deck_key_cut(t->cfg->key, &t->rules, id.round, id.hand,
		    &lifted, &guessed);
		record_cut(t->rec, lifted, guessed, game_cut(t->g, lifted,
		    guessed));
	}
	record_opening(t->rec, t->g);
	t->steps = 0;
	if (t->cb.moved)
		t->cb.moved(t, &t->deal, t->g, 0, -1, NULL, t->arg);
	if (fault_engine >= 0) {
		finish_deal(t, term, fault_engine, reason);
		return;
	}
	send_deal(t);
	request(t);
}

static void
gameover_line(struct table *t, enum termination term, int fault_seat,
    bool show_deck)
{
	lines_gameover(t->g, t->deck, schedule_number(&t->deal),
	    &t->deal.start, term, fault_seat, show_deck, t->line,
	    BZP_MAX_LINE);
	for (int s = 0; s < t->n; s++)
		bot_send(t->bots[t->engine_at[s]], t->line);
}

/* The next deal of a game of several deals. */
static void
next_hand_cb(evutil_socket_t fd, short what, void *arg)
{
	struct table *t = arg;

	if (!t->waiting || t->playing)
		return;
	if (table_all_ready(t))
		begin_deal(t, -1, TERM_NORMAL, NULL);
	else
		start_bots(t);	/* begins once both are ready (on_ready) */
}

/* Whether a process of the game has played its share (bot_worn): then
 * they all quit, and the next deal starts new ones. */
static bool
worn(const struct table *t)
{
	for (int i = 0; t->games_cap > 0 && i < t->n; i++)
		if (t->eng[i] >= 0 && t->bots[t->eng[i]] != NULL &&
		    bot_worn(t->bots[t->eng[i]], t->games_cap))
			return true;
	return false;
}

static void
finish_deal(struct table *t, enum termination term, int fault_engine,
    const char *reason)
{
	const char *evidence[BOT_EVIDENCE] = { NULL };
	int nev = 0, fault_seat = -1, hand;
	bool voided = false, over, several = t->cfg->rules.game_target > 0;

	if (fault_engine >= 0) {
		fault_seat = table_seat_of(t, fault_engine);
		nev = bot_last_lines(t->bots[fault_engine], evidence,
		    BOT_EVIDENCE);
		game_forfeit(t->g, fault_seat);
		voided = t->cfg->on_failure == ON_FAILURE_VOID &&
		    t->deal.voids < MAX_VOIDS;
	}
	record_finish(t->rec, t->g, term, fault_seat, reason, evidence, nev);
	if (voided)
		record_void(t->rec);
	hand = t->deal.start.deals;
	over = series_add(&t->deal.start, &t->rules, t->g);
	if (several)
		record_series(t->rec, hand, t->before, &t->deal.start);
	/* A voided deal is dealt again: its deck stays hidden, and the
	 * processes that saw part of it are not the ones to replay it. */
	gameover_line(t, term, fault_seat, t->show_deck && !voided);
	t->playing = false;
	t->cb.deal_done(t, &t->deal, t->rec, t->g, term, fault_engine, voided,
	    t->arg);
	record_free(t->rec);
	t->rec = NULL;
	game_free(t->g);
	t->g = NULL;
	/* A game of several deals goes on with the next deal, the same
	 * engines in the same seats, unless the match stops it there. */
	if (!over && !voided && !t->end_game) {
		t->waiting = true;
		later(t, next_hand_cb);
	} else {
		if (voided || worn(t))
			table_renew(t);
		later(t, idle_cb);
	}
}

void
table_end_game(struct table *t)
{
	t->end_game = true;
}

struct table *
table_new(struct event_base *base, struct engine_proc_reaper *reaper,
    const struct match_cfg *cfg, const struct table_callbacks *cb,
    void *arg)
{
	struct table *t = calloc(1, sizeof(*t));

	if (t == NULL || (t->line = malloc(BZP_MAX_LINE)) == NULL)
		abort();
	t->base = base;
	t->reaper = reaper;
	t->cfg = cfg;
	t->cb = *cb;
	t->arg = arg;
	t->n = cfg->rules.players;
	t->cpu = -1;
	t->show_deck = !schedule_decks_shared(cfg);
	t->games_cap = t->show_deck || cfg->reuse_engines ? 0 :
	    cfg->games_per_process;
	for (int i = 0; i < MAX_PLAYERS; i++)
		t->eng[i] = -1;
	return t;
}

void
table_pin(struct table *t, int cpu)
{
	t->cpu = cpu;
}

void
table_free(struct table *t)
{
	if (t == NULL)
		return;
	for (int e = 0; e < MAX_ENGINES; e++)
		bot_free(t->bots[e]);
	record_free(t->rec);
	game_free(t->g);
	free(t->line);
	free(t);
}

void
table_start(struct table *t)
{
	later(t, idle_cb);
}

void
table_play(struct table *t, const struct deal_spec *d)
{
	t->deal = *d;
	if (t->deal.start.players == 0)	/* zeroed: a new game */
		series_init(&t->deal.start, &t->cfg->rules,
		    t->cfg->rules.players - 1);
	t->waiting = true;
	table_set_pairing(t, d);
	make_bots(t);
	for (int i = 0; i < t->n; i++) {
		int e = t->eng[i];
		if (t->down_term[e] != TERM_NORMAL) {
			enum termination term = t->down_term[e];
			t->down_term[e] = TERM_NORMAL;	/* retried next deal */
			begin_deal(t, e, term, t->down_reason[e]);
			return;
		}
	}
	if (table_all_ready(t))
		begin_deal(t, -1, TERM_NORMAL, NULL);
	else
		start_bots(t);
}

void
table_stop(struct table *t)
{
	for (int e = 0; e < MAX_ENGINES; e++)
		if (t->bots[e] != NULL) {
			bot_quit(t->bots[e]);
			t->ready[e] = false;
		}
}

bool
table_busy(const struct table *t)
{
	return t->playing || t->waiting;
}

bool
table_plays_deck(const struct table *t, uint64_t seed)
{
	return table_busy(t) && t->deal.seed == seed;
}

const struct game *
table_game(const struct table *t)
{
	return t->playing ? t->g : NULL;
}

void
table_overhead(const struct table *t, uint64_t *us, uint64_t *decisions)
{
	*us = 0;
	for (int e = 0; e < MAX_ENGINES; e++)
		if (t->bots[e] != NULL)
			*us += bot_overhead_us(t->bots[e]);
	*decisions = t->decisions;
}
