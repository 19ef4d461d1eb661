/*
 * bot.c: an engine driven through the protocol (bot.h); its states are
 * told in bot_int.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/bot.h"
#include "match/bot_int.h"
#include "match/bot_proc.h"
#include "bzp.h"
#include "base/argv.h"
#include "base/clock.h"
#include "proc/engine_proc.h"

static void	fail(struct bot *b, enum termination t, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));

const char *
bot_name(const struct bot *b)
{
	return b->cfg->name;
}

const char *
bot_id_name(const struct bot *b)
{
	return b->id_name;
}

bool
bot_running(const struct bot *b)
{
	return b->state != BOT_DOWN && b->state != BOT_DYING;
}

void
bot_pin(struct bot *b, int cpu)
{
	b->cpu = cpu;
}

void
bot_dealt(struct bot *b)
{
	b->games++;
}

bool
bot_process(const struct bot *b, unsigned *serial, uint64_t *born_us)
{
	*serial = b->serial;
	*born_us = b->born_us;
	return b->ep != NULL && !engine_proc_done(b->ep);
}

bool
bot_worn(const struct bot *b, int cap)
{
	uint64_t now = clock_now_us();

	if (b->ep == NULL || b->games == 0)
		return false;
	return b->games >= cap || (b->ready_us > b->born_us &&
	    now - b->ready_us >= BOT_WORN_STARTS * (b->ready_us - b->born_us));
}

int
bot_process_state(const struct bot *b, unsigned serial, uint64_t *ended_us)
{
	if (serial == b->serial && b->ep != NULL) {
		if (!engine_proc_done(b->ep))
			return bot_running(b) ? 2 : 1;
		*ended_us = clock_now_us();	/* on_exit_ is still to come */
		return 0;
	}
	/* Its end, or a later process's: a bot's processes follow one
	 * another. */
	*ended_us = b->ended_us;
	return 0;
}

bool
bot_wants_legal(const struct bot *b)
{
	return b->want_legal;
}

bool
bot_wants_events(const struct bot *b)
{
	return b->want_events;
}

const char *
bot_last_info(const struct bot *b)
{
	return b->info;
}

uint64_t
bot_overhead_us(const struct bot *b)
{
	return b->overhead_us;
}

int
bot_last_lines(const struct bot *b, const char **lines, int n)
{
	int have = b->nlast < BOT_EVIDENCE ? b->nlast : BOT_EVIDENCE, k = 0;

	for (int i = have < n ? have : n; i > 0; i--)
		lines[k++] = b->last[(b->nlast - i) % BOT_EVIDENCE];
	return k;
}

/* Keeps the last lines received, cut to a readable length. */
static void
remember(struct bot *b, const char *line, size_t len)
{
	char **slot = &b->last[b->nlast++ % BOT_EVIDENCE];

	free(*slot);
	if ((*slot = strndup(line, len < 200 ? len : 200)) == NULL)
		abort();
}

void
bot_fault(struct bot *b, enum termination t, const char *reason)
{
	fail(b, t, "%s", reason);
}

void
bot_send(struct bot *b, const char *line)
{
	if (bot_running(b) && is_human(b))
		b->cfg->human->line(b, line, b->cfg->human->arg);
	else if (bot_running(b) && b->ep != NULL)
		engine_proc_send(b->ep, line);
}

static void
set_info(struct bot *b, const char *line)
{
	free(b->info);
	b->info = line ? strdup(line) : NULL;
}

/* Kills the process; the failure is reported once it has been reaped. */
static void
fail(struct bot *b, enum termination t, const char *fmt, ...)
{
	va_list ap;

	if (b->state == BOT_DYING || b->state == BOT_DOWN ||
	    b->state == BOT_CONNECTING)
		return;
	b->dying_term = t;
	va_start(ap, fmt);
	vsnprintf(b->dying_reason, sizeof(b->dying_reason), fmt, ap);
	va_end(ap);
	b->state = BOT_DYING;
	b->killed_by_us = true;
	engine_proc_kill(b->ep);
}

void
bot_ping(struct bot *b)
{
	char line[ENGINE_OPTION_NAME_MAX + ENGINE_OPTION_VALUE_MAX + 32];

	for (int i = 0; i < b->cfg->noptions; i++) {
		const char *o = b->cfg->options[i], *eq = strchr(o, '=');
		snprintf(line, sizeof(line), "setoption name %.*s value %s",
		    (int)(eq - o), o, eq + 1);
		engine_proc_send(b->ep, line);
	}
	engine_proc_send(b->ep, "isready");
	b->ping_us = clock_now_us();
	b->state = BOT_PINGING;
	engine_proc_set_deadline(b->ep, (uint64_t)b->clock->ping_ms);
}

/* bzpok ends a handshake that must have named the engine and the
 * protocol version the arbiter speaks (protocol.md §3), as check says. */
static void
handshake_done(struct bot *b)
{
	if (!b->named)
		fail(b, TERM_STARTUP, "bzpok came without 'id name ...'");
	else if (b->protocol == -1)
		fail(b, TERM_STARTUP, "bzpok came without 'protocol %d'",
		    BZP_VERSION);
	else if (b->protocol == -2)
		fail(b, TERM_STARTUP, "a 'protocol' line without a version "
		    "number");
	else if (b->protocol != BZP_VERSION)
		fail(b, TERM_STARTUP, "speaks protocol %lld; the arbiter "
		    "speaks protocol %d", b->protocol, BZP_VERSION);
	else if (b->need >= 0 && !(b->plays & 1u << b->need))
		fail(b, TERM_STARTUP, "does not play %s: its 'feature "
		    "variants=' %s (protocol.md §3)", variant_name(b->need),
		    b->plays == 1u << VARIANT_RUBICON ? "is missing or says "
		    "rubicon only" : "leaves it out");
	else {
		engine_proc_clear_deadline(b->ep);
		bot_ping(b);
	}
}

static void
handshake_line(struct bot *b, struct bzp_msg *m)
{
	if (strcmp(m->cmd, "feature") == 0) {
		if (bzp_has(m, "legal"))
			b->want_legal = true;
		if (bzp_has(m, "noevents"))
			b->want_events = false;
		if (bzp_get(m, "variants") != NULL)
			b->plays = variant_set_parse(bzp_get(m, "variants"));
	} else if (strcmp(m->cmd, "id") == 0 && m->ntok == 1 &&
	    strcmp(m->tok[0], "name") == 0 && m->tail != NULL &&
	    *m->tail != '\0') {
		b->named = true;
		free(b->id_name);
		if ((b->id_name = strdup(m->tail)) == NULL)
			abort();
	}
	else if (strcmp(m->cmd, "protocol") == 0 && (m->ntok != 1 ||
	    bzp_parse_int(m->tok[0], 0, INT32_MAX, &b->protocol) < 0))
		b->protocol = -2;
	else if (strcmp(m->cmd, "bzpok") == 0)
		handshake_done(b);
}

/* Off its turn an engine is stopped, unless pondering is allowed: it
 * thinks on its own clock only (limits_cfg.ponder).  Called after the
 * owner has taken its answer, which may have asked it again at once (a
 * declaration, then the lead); the stop waits a millisecond for the next
 * request (engine_proc_rest). */
static void
rest(struct bot *b)
{
	if (!b->limits->ponder && b->state == BOT_IDLE && b->ep != NULL)
		engine_proc_rest(b->ep);
}

/* An answer too late is a loss on time, or with no clock a stall (the
 * stall guard's deadline, table.c). */
static enum termination
late_class(const struct bot *b)
{
	return clock_stall_guarded(b->clock) ? TERM_STALL : TERM_TIME;
}

/* action id=<n> <action> */
static void
answer_line(struct bot *b, struct bzp_msg *m)
{
	uint64_t now = clock_now_us();
	/* A remote seat's network round trip is not its thinking. */
	double ms = (double)(now - b->sent_us) / 1000.0 - (double)b->allow_ms;
	long long id;

	if (bzp_get_int(m, "id", 0, INT64_MAX, &id) != 0 || m->ntok != 2 ||
	    strncmp(m->tok[0], "id=", 3) != 0) {
		fail(b, TERM_MALFORMED, "'action' line is not 'action "
		    "id=<n> <action>'");
		return;
	}
	if ((uint64_t)id != b->req_id)
		return;		/* a stale answer: ignored (protocol.md §4) */
	engine_proc_clear_deadline(b->ep);
	if (ms > (double)(b->limit_ms + b->clock->margin_ms)) {
		fail(b, late_class(b), "answered after %.1f ms; the limit "
		    "was %lld ms (overrun %.1f ms)", ms, b->limit_ms,
		    ms - (double)b->limit_ms);
		return;
	}
	b->state = BOT_IDLE;
	b->cb.action(b, m->tok[1], ms > 0 ? ms : 0, b->arg);
	rest(b);
}

static void
on_line(struct engine_proc *ep, const char *text, size_t len, void *arg)
{
	struct bot *b = arg;
	uint64_t t0 = clock_now_us();
	char *line;
	struct bzp_msg m;

	remember(b, text, len);
	if ((line = strndup(text, len)) == NULL)
		abort();
	if (bzp_parse(line, &m) == 0) {
		if (strcmp(m.cmd, "info") == 0)
			set_info(b, text);
		else if (b->state == BOT_HANDSHAKE)
			handshake_line(b, &m);
		else if (b->state == BOT_PINGING &&
		    strcmp(m.cmd, "readyok") == 0) {
			engine_proc_clear_deadline(b->ep);
			b->ready_us = clock_now_us();
			b->rtt_ms = (long long)(b->ready_us - b->ping_us +
			    999) / 1000;
			b->state = BOT_IDLE;
			b->cb.ready(b, b->arg);
			rest(b);
		} else if (b->state == BOT_THINKING &&
		    strcmp(m.cmd, "action") == 0)
			answer_line(b, &m);
	}
	free(line);
	b->overhead_us += clock_now_us() - t0;
}

static void
on_fault(struct engine_proc *ep, enum engine_proc_fault f,
    const char *detail, void *arg)
{
	struct bot *b = arg;

	switch (f) {
	case ENGINE_PROC_LINE_TOO_LONG:
		fail(b, TERM_OVERLONG, "a line over %d bytes", BZP_MAX_LINE);
		break;
	case ENGINE_PROC_TIMEOUT:
		if (b->state == BOT_HANDSHAKE)
			fail(b, TERM_STARTUP, "no bzpok within %lld ms",
			    b->clock->startup_ms);
		else if (b->state == BOT_PINGING)
			fail(b, TERM_STALL, "no readyok within %lld ms",
			    b->clock->ping_ms);
		else
			fail(b, late_class(b), "no answer within %lld ms%s",
			    b->limit_ms + b->clock->margin_ms + b->allow_ms,
			    late_class(b) == TERM_STALL ? " (the stall guard: "
			    "no clock)" : "");
		break;
	default:
		/* Closed output or a write error: tell the exit status once
		 * the process is reaped. */
		if (b->state != BOT_DYING) {
			b->dying_term = b->state == BOT_HANDSHAKE ?
			    TERM_STARTUP : b->cfg->remote ? TERM_DISCONNECT :
			    TERM_CRASH;
			snprintf(b->dying_reason, sizeof(b->dying_reason),
			    "%s%s", b->cfg->remote ? "the connection: " : "",
			    detail ? detail : "closed its output");
			b->state = BOT_DYING;
			b->killed_by_us = false;
			engine_proc_ending(b->ep);
		}
		break;
	}
}

static void
on_exit_(struct engine_proc *ep, int status, void *arg)
{
	struct bot *b = arg;
	enum bot_state was = b->state;
	char reason[512];

	if (b->cfg->remote)	/* no process, no exit status */
		snprintf(reason, sizeof(reason), "%s", b->dying_reason);
	else
		bot_proc_describe_exit(b->ep, status, b->killed_by_us,
		    b->dying_reason, b->limits, reason, sizeof(reason));
	engine_proc_free(b->ep);
	b->ep = NULL;
	b->ended_us = clock_now_us();
	b->state = BOT_DOWN;
	if (was == BOT_DYING && b->dying_term != TERM_NORMAL)
		b->cb.failed(b, b->dying_term, reason, b->arg);
	else if (b->start_after_exit)
		bot_start(b);	/* wanted again while it was quitting */
}

const struct engine_proc_callbacks bot_proc_callbacks = { on_line, on_fault,
	on_exit_ };

struct bot *
bot_new(struct engine_proc_reaper *reaper, const struct engine_cfg *cfg,
    const struct clock_cfg *clock, const struct limits_cfg *limits,
    const struct bot_callbacks *cb, void *arg)
{
	struct bot *b = calloc(1, sizeof(*b));

	if (b == NULL)
		abort();
	b->cfg = cfg;
	b->clock = clock;
	b->limits = limits;
	b->reaper = reaper;
	b->cb = *cb;
	b->arg = arg;
	b->want_events = true;
	b->need = -1;
	b->cpu = -1;
	return b;
}

void
bot_require_variant(struct bot *b, enum variant v)
{
	b->need = (int)v;
}

/* A remote seat's bot has connected: fd is its engine from now on. */
static void
remote_connected(struct bot *b, int fd, bool resume)
{
	struct engine_spec spec = { .max_line = 0 };
	struct engine_proc *ep;
	char err[256];
	bool back = resume && b->away_ms > 0 && b->named;

	b->state = BOT_DOWN;
	b->away_ms = 0;
	if ((ep = engine_proc_adopt(b->reaper, fd, &spec, &bot_proc_callbacks,
	    b, err, sizeof(err))) == NULL)
		b->cb.failed(b, TERM_STARTUP, err, b->arg);
	else if (back) {
		/* The same bot, back after a drop, has done its handshake:
		 * isready tells it where it stands, then newgame and the
		 * request. */
		b->ep = ep;
		bot_ping(b);
	} else
		bot_begin(b, ep, clock_now_us());
}

static void
remote_timed_out(struct bot *b)
{
	char reason[256];
	long long away = b->away_ms;

	b->state = BOT_DOWN;
	b->away_ms = 0;
	if (away > 0)
		snprintf(reason, sizeof(reason), "its bot did not connect "
		    "again within the reconnect grace of %lld ms", away);
	else
		snprintf(reason, sizeof(reason), "no bot connected for the "
		    "remote seat within %lld ms (--connect-timeout)",
		    b->clock->connect_ms);
	b->cb.failed(b, away > 0 ? TERM_DISCONNECT : TERM_STARTUP, reason,
	    b->arg);
}

void
bot_reconnect(struct bot *b, long long ms)
{
	if (b->state != BOT_DOWN || b->cfg->remote == NULL)
		return;
	b->away_ms = ms;
	bot_remote_wait(b, ms, remote_connected, remote_timed_out);
}

/* A fresh engine's handshake state. */
static void
bot_reset(struct bot *b)
{
	b->want_legal = false;
	b->want_events = true;
	b->plays = 1u << VARIANT_RUBICON;	/* protocol.md §3's default */
	b->named = false;
	b->protocol = -1;
}

void
bot_begin(struct bot *b, struct engine_proc *ep, uint64_t born)
{
	bot_reset(b);
	b->ep = ep;
	b->serial++;
	b->born_us = born;
	b->games = 0;
	b->state = BOT_HANDSHAKE;
	engine_proc_send(b->ep, "bzp");
	engine_proc_set_deadline(b->ep, (uint64_t)b->clock->startup_ms);
}

void
bot_start(struct bot *b)
{
	struct engine_spec spec;
	struct engine_proc *ep;
	char err[256], **argv;
	uint64_t born;

	/* A table may want an engine back while it is still quitting (the
	 * tournament's next pairing uses it again): start it once reaped. */
	b->start_after_exit = b->state == BOT_DYING;
	if (b->state != BOT_DOWN)
		return;
	if (is_human(b)) {
		bot_human_start(b);
		return;
	}
	if (b->cfg->remote) {
		b->away_ms = 0;
		bot_remote_wait(b, b->clock->connect_ms, remote_connected,
		    remote_timed_out);
		return;
	}
	if ((argv = argv_split(b->cfg->command, NULL, err, sizeof(err))) == NULL) {
		b->cb.failed(b, TERM_STARTUP, err, b->arg);
		return;
	}
	bot_proc_spec(&spec, argv, b->cfg, b->limits, b->cpu);
	/* Before the fork: a process counts as born no later than it was. */
	born = clock_now_us();
	ep = engine_proc_spawn(b->reaper, &spec, &bot_proc_callbacks, b, err,
	    sizeof(err));
	argv_free(argv);
	if (ep == NULL)
		b->cb.failed(b, TERM_STARTUP, err, b->arg);
	else
		bot_begin(b, ep, born);
}

void
bot_request(struct bot *b, uint64_t id, const char *line, long long limit_ms)
{
	if (b->state != BOT_IDLE)
		return;
	set_info(b, NULL);
	b->req_id = id;
	b->limit_ms = limit_ms;
	b->state = BOT_THINKING;
	if (is_human(b)) {	/* a person: no deadline, no process */
		b->sent_us = clock_now_us();
		b->cfg->human->request(b, id, line, b->cfg->human->arg);
		return;
	}
	engine_proc_pause(b->ep, false);
	engine_proc_send(b->ep, line);
	b->sent_us = clock_now_us();
	b->allow_ms = b->cfg->remote == NULL ? 0 : b->rtt_ms <
	    b->clock->net_allowance_ms ? b->rtt_ms : b->clock->net_allowance_ms;
	engine_proc_set_deadline(b->ep, (uint64_t)(limit_ms +
	    b->clock->margin_ms + b->allow_ms));
}

void
bot_quit(struct bot *b)
{
	if (!bot_running(b))
		return;
	if (is_human(b) || b->state == BOT_CONNECTING) {
		bot_remote_cancel(b);
		b->state = BOT_DOWN;
		return;
	}
	engine_proc_clear_deadline(b->ep);
	b->state = BOT_DYING;
	b->killed_by_us = true;
	b->dying_term = TERM_NORMAL;
	engine_proc_quit(b->ep, "quit", (uint64_t)b->clock->quit_ms);
}

void
bot_free(struct bot *b)
{
	if (b == NULL)
		return;
	if (b->ep != NULL)
		engine_proc_free(b->ep);
	if (b->human_ready != NULL)
		event_free(b->human_ready);
	bot_remote_cancel(b);
	free(b->info);
	free(b->id_name);
	for (int i = 0; i < BOT_EVIDENCE; i++)
		free(b->last[i]);
	free(b);
}
