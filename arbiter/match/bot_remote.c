/*
 * bot_remote.c: waiting for a remote seat's bot (bot_int.h, net/seats.h).
 *
 * A remote seat's start, and its return after a drop, is a wait for a
 * bot of that seat to connect and say hello; bot.c then makes the
 * connection its engine (engine_proc_adopt) and drives it as any other,
 * so that a remote seat reads what a local one reads and fails in the
 * same classes.  A wait longer than its limit is the owner's to judge.
 */
#include <stdlib.h>

#include "match/bot_int.h"
#include "net/seats.h"

static void
connected(int fd, bool resume, void *arg)
{
	struct bot *b = arg;

	b->wait = NULL;
	if (b->connect_timer != NULL)
		evtimer_del(b->connect_timer);
	b->on_connected(b, fd, resume);
}

static void
timeout_cb(evutil_socket_t fd, short what, void *arg)
{
	struct bot *b = arg;

	bot_remote_cancel(b);
	b->on_timed_out(b);
}

void
bot_remote_wait(struct bot *b, long long ms, bot_connected_fn on_connected,
    void (*on_timed_out)(struct bot *b))
{
	struct timeval tv;

	b->state = BOT_CONNECTING;
	b->on_connected = on_connected;
	b->on_timed_out = on_timed_out;
	b->wait = net_seats_want(b->cfg->remote,
	    config_remote_name(b->cfg->command), connected, b);
	if (ms <= 0)
		return;
	if (b->connect_timer == NULL && (b->connect_timer = evtimer_new(
	    engine_proc_reaper_base(b->reaper), timeout_cb, b)) == NULL)
		abort();
	tv.tv_sec = ms / 1000;
	tv.tv_usec = ms % 1000 * 1000;
	evtimer_add(b->connect_timer, &tv);
}

void
bot_remote_cancel(struct bot *b)
{
	net_seats_cancel(b->wait);
	b->wait = NULL;
	if (b->connect_timer != NULL) {
		event_free(b->connect_timer);
		b->connect_timer = NULL;
	}
}
