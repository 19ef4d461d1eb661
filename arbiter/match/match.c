/*
 * match.c: scheduling, recording and stopping a match (match.h).
 *
 * The schedule is a function of the deal index, so nothing is stored per
 * deal: deal i uses the deck of pair i/2 (with duplicate deals) and puts
 * engine i%2 in the elder seat.  Resuming reads the records file, counts
 * what it holds, and plays only the indices it lacks.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "match/bot.h"
#include "base/clock.h"
#include "match/deal_queue.h"
#include "match/deck_guard.h"
#include "proc/engine_proc.h"
#include "match/match.h"
#include "match/outputs.h"
#include "net/seats.h"
#include "record/recordset.h"
#include "record/resume.h"
#include "record/live.h"
#include "record/schedule.h"
#include "rating/luck_tally.h"
#include "match/seed.h"
#include "match/table.h"
#include "match/tally.h"

#define MAX_TABLES	256

struct match {
	const struct match_cfg	*cfg;
	int			 argc;
	char			**argv;
	struct event_base	*base;
	struct engine_proc_reaper		*reaper;
	struct event		*sigint, *sigterm, *finish;
	struct table		*tables[MAX_TABLES];
	int			 ntables;
	FILE			*records;
	FILE			*live;		/* --live's feed, or NULL */
	struct deal_queue	*queue;
	struct deck_guard	*guard;	/* who saw which deck */
	struct table		*asking;	/* for a deal, now */
	struct series		*partial;	/* games begun, by index */
	bool			 parked[MAX_TABLES]; /* idle, a deck awaited */
	int			 in_flight;
	int			 stopping;	/* 1 after SIGINT, 2 to abort */
	int			 signal;	/* the first signal, if any */
	bool			 aborted;	/* deals in play were cut */
	bool			 failed;	/* an error ends the match */
	bool			 withdrawn[MAX_ENGINES];
	int			 nwithdrawn;
	enum sprt_result	 sprt_result;
	double			 llr;
	struct tally		*tally;		/* raw and adjusted */
	uint64_t		 started_us;
};

/* A deal that seats a withdrawn engine is not played (doc/guarantees.md,
 * "Every run ends"). */
static bool
seats_withdrawn(const struct match *m, const struct deal_spec *d)
{
	for (int s = 0; s < m->cfg->rules.players; s++)
		if (m->withdrawn[d->engine[s]])
			return true;
	return false;
}

static bool
withdrawn_ask(const struct deal_spec *d, void *arg)
{
	return seats_withdrawn(arg, d);
}

/* How the tables hold a deck, for the table asking (deal_queue.h). */
static int
held_ask(const struct deal_spec *d, void *arg)
{
	struct match *m = arg;

	return deck_guard_ask(m->guard, m->tables, m->ntables, m->asking, d);
}

static struct deal_queue_ask
ask_of(struct match *m)
{
	struct deal_queue_ask a = { withdrawn_ask, held_ask, m };

	return a;
}

/* For table t, as deal_queue_take(). */
static int
next_deal(struct match *m, struct table *t, struct deal_spec *d)
{
	struct deal_queue_ask ask = ask_of(m);
	int rc;

	m->asking = t;
	rc = deal_queue_take(m->queue, &ask, d);

	if (rc == 1 && m->partial[d->deal].deals > 0)
		d->start = m->partial[d->deal];
	return rc;
}

static void
progress(struct match *m)
{
	char line[256], left[64] = "";
	double secs = (double)(clock_now_us() - m->started_us) / 1e6;
	int done = tally_deals(m->tally);

	if (tally_standings(m->tally) && m->cfg->report_every > 0 &&
	    done > 0 && done % m->cfg->report_every == 0 &&
	    done < m->cfg->deals) {
		standings_print(tally_standings(m->tally), stdout, 0);
		if (tally_luck(m->tally))
			luck_tally_print(tally_luck(m->tally), stdout);
	}
	if (m->cfg->quiet)
		return;
	/* On a terminal one line is redrawn; in a log, a line every 10%. */
	if (!isatty(STDERR_FILENO) && done != m->cfg->deals &&
	    done % (m->cfg->deals / 10 + 1) != 0)
		return;
	if (tally_results(m->tally))
		results_progress(tally_results(m->tally), m->cfg->deals, line,
		    sizeof(line));
	else
		snprintf(line, sizeof(line), "deal %d/%d", done,
		    m->cfg->deals);
	/* Each figure labelled: the time left (from the pace so far) and
	 * the time so far; on a terminal the rest of the line erased. */
	if (done > 0 && done < m->cfg->deals)
		snprintf(left, sizeof(left), "about %.0f s left, ", secs *
		    (m->cfg->deals - done) / done);
	fprintf(stderr, isatty(STDERR_FILENO) ? "\r%s, %s%.0f s so far"
	    "\033[K%s" : "%s, %s%.0f s so far\n%s", line, left, secs,
	    isatty(STDERR_FILENO) && done >= m->cfg->deals ? "\n" : "");
	fflush(stderr);
}

static void
drained(void *arg)
{
	struct match *m = arg;

	event_base_loopexit(m->base, NULL);
}

static void
finish_cb(evutil_socket_t fd, short what, void *arg)
{
	drained(arg);
}

/*
 * Quits every engine and ends the loop when all have been reaped; the
 * timer is a backstop (the quit grace kills a lingering engine first).
 */
static void
wind_down(struct match *m)
{
	struct timeval tv;
	long long ms = m->cfg->clock.quit_ms + 300;

	for (int i = 0; i < m->ntables; i++)
		table_stop(m->tables[i]);
	engine_proc_reaper_on_drained(m->reaper, drained, m);
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	if (m->finish == NULL)
		m->finish = evtimer_new(m->base, finish_cb, m);
	evtimer_add(m->finish, &tv);
}

static int
table_index(const struct match *m, const struct table *t)
{
	int i = 0;

	while (i < m->ntables - 1 && m->tables[i] != t)
		i++;
	return i;
}

static void
on_idle(struct table *t, void *arg)
{
	struct match *m = arg;
	struct deal_spec d;
	int rc = m->stopping || m->failed ? -1 : next_deal(m, t, &d);

	m->parked[table_index(m, t)] = rc == 0 || rc == 2;
	if (rc == 2)
		table_renew(t);	/* asked again once they have ended */
	if (rc == 1) {
		m->in_flight++;
		table_play(t, &d);
	} else if (rc < 0 && m->in_flight == 0)
		wind_down(m);
}

/* Processes have ended: the decks they held may be dealt again. */
static void
on_ended(void *arg)
{
	struct match *m = arg;

	deck_guard_tidy(m->guard, m->tables, m->ntables);
	/* Stopping, the table whose deal ends last winds down. */
	for (int i = 0; i < m->ntables && !m->stopping && !m->failed; i++)
		if (m->parked[i])
			on_idle(m->tables[i], m);
}

/* Whether the failures recorded of engine e withdraw it. */
static bool
withdraws(const struct match *m, int e)
{
	return !m->withdrawn[e] &&
	    tally_failures(m->tally, e) >= m->cfg->max_failures;
}

/* A withdrawn engine plays no further deal; every other pairing goes on
 * (its games in play end after their deal in play). */
static void
count_failure(struct match *m, int engine)
{
	if (!withdraws(m, engine))
		return;
	m->withdrawn[engine] = true;
	m->nwithdrawn++;
	fprintf(stderr, "\nbezique-arbiter: engine '%s' withdrawn after %d "
	    "failures; its remaining deals are not played\n",
	    m->cfg->engines[engine].name, tally_failures(m->tally, engine));
}

/* With an SPRT, the match stops (finishing the deals in play) as soon as
 * the test on the duplicate pairs decides. */
static void
check_sprt(struct match *m)
{
	if (m->cfg->sprt == NULL || tally_results(m->tally) == NULL)
		return;
	m->llr = tally_llr(m->tally, m->cfg->sprt);
	m->sprt_result = sprt_decide(m->cfg->sprt, m->llr);
	if (m->sprt_result != SPRT_CONTINUE && !m->stopping)
		m->stopping = 1;
}

/* --live: each action as it is played (record/live.h); the feed is
 * emptied when a deal begins with no other in play. */
static void
on_moved(struct table *t, const struct deal_spec *d, const struct game *g,
    int step, int seat, const char *action, void *arg)
{
	struct match *m = arg;
	bool alone = step == 0;
	int k = 0;

	for (int i = 0; m->live != NULL && i < m->ntables; i++)
		if (m->tables[i] == t)
			k = i;
		else
			alone &= !table_busy(m->tables[i]);
	if (m->live != NULL && live_write(m->live, live_line(m->cfg, d, k,
	    step, g, seat, action), alone) < 0) {
		fprintf(stderr, "\nbezique-arbiter: %s: %s (no more live "
		    "feed)\n", m->cfg->live_path, strerror(errno));
		fclose(m->live);
		m->live = NULL;
	}
}

static void
on_deal_done(struct table *t, const struct deal_spec *d, struct record *rec,
    const struct game *g, enum termination term, int fault_engine,
    bool voided, void *arg)
{
	struct match *m = arg;
	struct record_summary s;
	struct bot *seated[MAX_PLAYERS] = { NULL };
	char err[256];
	bool lost = false;

	for (int i = 0; i < MAX_PLAYERS; i++)
		seated[i] = table_bot(t, d->engine[i]);
	if (deal_queue_apart(m->queue))	/* else kept processes see all */
		deck_guard_dealt(m->guard, d->seed, seated, MAX_PLAYERS);
	if (voided)	/* recorded as evidence, played again */
		deal_queue_voided(m->queue, d->deal, true);
	if (m->records != NULL && record_write(rec, m->records, m->cfg->sync,
	    err, sizeof(err)) < 0) {
		fprintf(stderr, "\nbezique-arbiter: %s: %s\n", m->cfg->records,
		    err);
		m->failed = true;
		lost = true;	/* not counted: resume will play it again */
	}
	if (record_summary_of(rec, &s) < 0)
		abort();	/* table.c wrote it */
	if (!voided && !lost && s.partial) {
		/* A game of several deals goes on at its table, unless the
		 * match stops; resume continues it from here. */
		m->partial[d->deal] = d->start;
		/* its luck so far */
		tally_add(m->tally, &s, record_json(rec));
		if (!m->stopping && !m->failed && !seats_withdrawn(m, d))
			return;
		table_end_game(t);
	} else if (!lost) {
		/* voided: its failure */
		tally_add(m->tally, &s, record_json(rec));
		if (!voided)
			deal_queue_done(m->queue, d->deal);
	} else if (s.partial)
		table_end_game(t);
	m->in_flight--;
	if (fault_engine >= 0)
		count_failure(m, fault_engine);
	check_sprt(m);
	progress(m);
}

static void
on_signal(evutil_socket_t sig, short what, void *arg)
{
	struct match *m = arg;

	if (m->signal == 0)
		m->signal = (int)sig;
	if (++m->stopping == 1) {
		fprintf(stderr, "\nbezique-arbiter: stopping after the %d "
		    "deal(s) in play; interrupt again to abort them\n",
		    m->in_flight);
		if (m->in_flight == 0)
			wind_down(m);
		return;
	}
	fprintf(stderr, "bezique-arbiter: aborted; deals in play are not "
	    "recorded\n");
	m->aborted = m->in_flight > 0;
	for (int i = 0; i < m->ntables; i++)
		table_stop(m->tables[i]);
	event_base_loopexit(m->base, NULL);
}

/* A game of several deals recorded up to s: the next deal starts from
 * the totals after it, the deal passed. */
static void
resume_game(struct match *m, const struct record_summary *s)
{
	struct series *g = &m->partial[record_index(s)];

	if (s->hand + 1 <= g->deals)
		return;		/* an older deal of it */
	series_init(g, &m->cfg->rules, s->next_dealer);
	g->deals = s->hand + 1;
	for (int p = 0; p < s->nseats; p++)
		g->total[p] = s->totals[p];
	g->last_trump = s->last_trump;
}

/* A record already played (--resume): its deal done and counted. */
static void
resumed(const struct record_summary *s, const char *line, void *arg)
{
	struct match *m = arg;
	int i = record_index(s);
	json_error_t je;
	json_t *rec;

	if (i < 0 || i >= m->cfg->deals || deal_queue_is_done(m->queue, i))
		return;	/* not a deal of this schedule, or played */
	rec = record_load(line, 0, &je);	/* resume read it: it reads */
	if (s->voided) {
		deal_queue_voided(m->queue, i, false);
		tally_add(m->tally, s, rec);	/* its failure */
	} else if (s->partial) {
		resume_game(m, s);
		tally_add(m->tally, s, rec);	/* its luck so far */
	} else {
		deal_queue_done(m->queue, i);
		tally_add(m->tally, s, rec);
	}
	json_decref(rec);
}

static int
setup(struct match *m)
{
	const struct match_cfg *c = m->cfg;
	const char *out = c->resume ? c->resume : c->records;
	static const struct table_callbacks tcb = { on_idle, on_deal_done,
		on_moved };
	char err[512];

	/* A command that cannot start is one line now, not a forfeit of
	 * every deal (each engine is checked again when it starts). */
	for (int i = 0; i < c->nengines; i++)
		if (bot_check(&c->engines[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "bezique-arbiter: %s\n", err);
			return -1;
		}
	m->tally = tally_new(c);
	m->queue = deal_queue_new(c);
	m->guard = deck_guard_new();
	if ((m->partial = calloc((size_t)c->deals,
	    sizeof(*m->partial))) == NULL)
		abort();
	/* Locked before resume reads it: a second writer is refused. */
	if (out != NULL && (m->records = record_open_locked(out,
	    c->resume != NULL, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-arbiter: %s\n", err);
		return -1;
	}
	if (out != NULL && seed_keep(c, out) < 0)	/* before any deal */
		return -1;
	if (c->live_path != NULL && (m->live = live_open(c->live_path)) ==
	    NULL)
		return -1;
	/* Opened (emptied) once the records are ours: a second writer is
	 * refused before it touches the first one's luck file. */
	if (c->luck_file != NULL && tally_luck_file(m->tally, c->luck_file,
	    out, err, sizeof(err)) < 0) {
		fprintf(stderr, "bezique-arbiter: %s\n", err);
		return -1;
	}
	if (c->resume != NULL && resume_read(c->resume, c, resumed, m) < 0)
		return -1;
	for (int e = 0; e < c->nengines; e++)
		if (withdraws(m, e)) {	/* never back without a word */
			m->withdrawn[e] = true;
			m->nwithdrawn++;
			fprintf(stderr, "bezique-arbiter: engine '%s' stays "
			    "withdrawn: %d failures recorded in %s "
			    "(--max-failures %d)\n", c->engines[e].name,
			    tally_failures(m->tally, e), c->resume,
			    c->max_failures);
		}
	if ((m->base = engine_proc_base_new((size_t)c->concurrency *
	    (size_t)c->rules.players)) == NULL ||
	    (m->reaper = engine_proc_reaper_new(m->base)) == NULL)
		abort();
	engine_proc_reaper_on_ended(m->reaper, on_ended, m);
	net_seats_start(c->seats, m->base);	/* none: NULL */
	m->sigint = evsignal_new(m->base, SIGINT, on_signal, m);
	m->sigterm = evsignal_new(m->base, SIGTERM, on_signal, m);
	event_add(m->sigint, NULL);
	event_add(m->sigterm, NULL);
	m->ntables = c->concurrency < c->deals ? c->concurrency : c->deals;
	for (int i = 0; i < m->ntables; i++) {
		m->tables[i] = table_new(m->base, m->reaper, c, &tcb, m);
		if (c->limits.affinity)
			table_pin(m->tables[i], engine_proc_nth_cpu(i));
	}
	return 0;
}

static void
teardown(struct match *m)
{
	for (int i = 0; i < m->ntables; i++)
		table_free(m->tables[i]);
	if (m->finish)
		event_free(m->finish);
	if (m->sigint)
		event_free(m->sigint);
	if (m->sigterm)
		event_free(m->sigterm);
	engine_proc_reaper_free(m->reaper);
	net_seats_stop(m->cfg->seats);
	if (m->base)
		event_base_free(m->base);
	if (m->records)
		fclose(m->records);
	if (m->live)
		fclose(m->live);
	tally_free(m->tally);
	deal_queue_free(m->queue);
	deck_guard_free(m->guard);
	free(m->partial);
}

static void
print_resume_hint(const struct match *m)
{
	const char *file = m->cfg->resume ? m->cfg->resume : m->cfg->records;

	fprintf(stderr, "bezique-arbiter: %d of %d deals recorded; to "
	    "continue, run the same command with --resume %s\n",
	    tally_deals(m->tally), m->cfg->deals, file ? file : "FILE");
}

static void
print_withdrawn(const struct match *m)
{
	fprintf(stderr, "bezique-arbiter: withdrawn:");
	for (int e = 0, n = 0; e < m->cfg->nengines; e++)
		if (m->withdrawn[e])
			fprintf(stderr, "%s '%s'", n++ ? "," : "",
			    m->cfg->engines[e].name);
	fprintf(stderr, "; %d of %d deals played\n", tally_deals(m->tally),
	    m->cfg->deals);
}

/*
 * 0: every deal of the schedule played (or the SPRT decided); 1: an
 * error; 3: the schedule played but for the deals of withdrawn engines;
 * 128 + N: stopped early by signal N (doc/guarantees.md).
 */
static int
exit_status(struct match *m)
{
	if (m->failed)
		return 1;
	struct deal_queue_ask ask = ask_of(m);

	if (m->signal != 0 && (m->aborted || (deal_queue_left(m->queue, &ask) &&
	    m->sprt_result == SPRT_CONTINUE)))
		return 128 + m->signal;
	return m->nwithdrawn > 0 ? 3 : 0;
}

int
match_run(const struct match_cfg *cfg, int argc, char **argv)
{
	struct match m;
	int rc = 0;

	memset(&m, 0, sizeof(m));
	m.cfg = cfg;
	m.argc = argc;
	m.argv = argv;
	engine_proc_setup();
	if (setup(&m) < 0) {
		teardown(&m);
		return 1;
	}
	deck_guard_warn(cfg, stderr);	/* once the run is sure to start */
	m.started_us = clock_now_us();
	for (int i = 0; i < m.ntables; i++)
		table_start(m.tables[i]);
	if (m.ntables == 0)
		wind_down(&m);
	event_base_dispatch(m.base);
	if (!cfg->quiet && isatty(STDERR_FILENO) && tally_deals(m.tally) <
	    cfg->deals)
		fputc('\n', stderr);
	tally_print(m.tally, stdout, cfg->sprt, m.llr, m.sprt_result);
	if (outputs_finish(cfg, tally_summary_standings(m.tally),
	    tally_luck(m.tally), m.records != NULL, stderr) < 0)
		m.failed = true;
	rc = exit_status(&m);
	if (cfg->seed_drawn && tally_deals(m.tally) > 0)
		seed_say_drawn(cfg->key, stderr);
	if (rc == 1 || rc > 128)
		print_resume_hint(&m);
	if (m.nwithdrawn > 0)
		print_withdrawn(&m);
	teardown(&m);
	return rc;
}
