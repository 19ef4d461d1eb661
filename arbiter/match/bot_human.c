/*
 * bot_human.c: a seat played by a person (bot.h's bot_human_port): no
 * process, ready at once, its requests and answers through the port.
 */
#include <stdlib.h>

#include "match/bot_int.h"
#include "base/clock.h"

static void
human_ready_cb(evutil_socket_t fd, short what, void *arg)
{
	struct bot *b = arg;

	if (b->state == BOT_IDLE)
		b->cb.ready(b, b->arg);
}

/* A person's seat is ready at once, told so from the loop as an engine's
 * readyok would be (the table never sees a callback inside its call). */
void
bot_human_start(struct bot *b)
{
	static const struct timeval now = { 0, 0 };

	if (b->human_ready == NULL &&
	    (b->human_ready = evtimer_new(b->cfg->human->base, human_ready_cb,
	    b)) == NULL)
		abort();
	b->want_legal = true;
	b->want_events = true;
	b->state = BOT_IDLE;
	evtimer_add(b->human_ready, &now);
}

int
bot_human_answer(struct bot *b, const char *action)
{
	if (!is_human(b) || b->state != BOT_THINKING)
		return -1;
	b->state = BOT_IDLE;
	b->cb.action(b, action, (double)(clock_now_us() - b->sent_us) /
	    1000.0, b->arg);
	return 0;
}
