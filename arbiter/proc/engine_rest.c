/*
 * engine_rest.c: an engine off its turn, stopped (engine_proc.h).
 *
 * Stopping and starting a process group costs the relay two signals, and
 * in a virtual machine each is a wake-up of another CPU: more than the
 * rest of a decision.  A quick engine's opponent answers within a few
 * hundred microseconds, too soon to think on its time.  So an engine
 * that has answered is stopped only once it has stayed unasked for
 * ENGINE_PROC_REST_US; asked before, it is never stopped.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include <event2/event.h>

#include "proc/engine_proc.h"
#include "proc/engine_proc_int.h"

static void
stop_now(struct engine_proc *ep, bool pause)
{
	if (ep->orphan || ep->reaped || ep->paused == pause ||
	    (pause && ep->stopping))
		return;
	/* The group: what the engine started stops with it (a confined
	 * engine cannot leave it, sysfilter.h). */
	if (kill(-ep->pid, pause ? SIGSTOP : SIGCONT) == 0)
		ep->paused = pause;
}

static void
rest_cb(evutil_socket_t fd, short what, void *arg)
{
	stop_now(arg, true);
}

void
engine_proc_pause(struct engine_proc *ep, bool pause)
{
	if (ep->rest != NULL)
		evtimer_del(ep->rest);
	stop_now(ep, pause);
}

void
engine_proc_rest(struct engine_proc *ep)
{
	struct timeval tv = { 0, ENGINE_PROC_REST_US };

	if (ep->orphan || ep->reaped || ep->paused)
		return;
	if (ep->rest == NULL &&
	    (ep->rest = evtimer_new(ep->reaper->base, rest_cb, ep)) == NULL) {
		fprintf(stderr, "libevent: out of memory\n");
		abort();
	}
	evtimer_add(ep->rest, &tv);
}
