/*
 * engine_reaper.c: the SIGCHLD side of engine_proc.h.  One reaper per
 * event_base reaps every child in the loop (waitpid(-1), so also what an
 * engine left behind once this process is their subreaper), marks each
 * engine_proc reaped, and tells the owner when none is running any more.
 *
 * What an engine leaves behind is killed: a process that stayed in its
 * process group dies with the group, and one that left it (setsid, or
 * setpgid) is re-parented to the arbiter when its parent dies, since the
 * arbiter is a child subreaper, and is killed by the sweep that follows
 * each engine's end.  The arbiter starts no other children.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <event2/event.h>

#include "proc/engine_proc.h"
#include "proc/engine_proc_int.h"
#include "base/xmalloc.h"

/* Every live reaper, whose running engines the sweep spares. */
static LIST_HEAD(, engine_proc_reaper) reapers =
    LIST_HEAD_INITIALIZER(reapers);

void
engine_proc_setup(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
}

void
reaper_add(struct engine_proc_reaper *r, struct engine_proc *ep,
    const struct reaper_hooks *hooks)
{
	r->hooks = hooks;
	LIST_INSERT_HEAD(&r->procs, ep, entry);
	r->count++;
	r->running++;
}

void
reaper_remove(struct engine_proc_reaper *r, struct engine_proc *ep)
{
	LIST_REMOVE(ep, entry);
	r->count--;
	if (!ep->done)
		r->running--;
}

void
reaper_done(struct engine_proc_reaper *r)
{
	/* From the loop, not here: the owner may be inside a callback. */
	if (--r->running == 0 && r->drained_cb != NULL)
		event_active(r->drained, EV_TIMEOUT, 1);
	if (r->ended_cb != NULL)
		event_active(r->ended, EV_TIMEOUT, 1);
}

static bool
running_engine(pid_t pid)
{
	struct engine_proc_reaper *r;
	struct engine_proc *ep;

	LIST_FOREACH(r, &reapers, entry)
		LIST_FOREACH(ep, &r->procs, entry)
			if (ep->pid == pid && !ep->reaped)
				return true;
	return false;
}

static void
add_pid(pid_t **v, size_t *n, size_t *cap, long pid)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xreallocarray(*v, *cap, sizeof(**v));
	}
	(*v)[(*n)++] = (pid_t)pid;
}

/*
 * This process's children, from /proc/self/task/T/children (a kernel
 * built with CONFIG_PROC_CHILDREN, as Debian's, Ubuntu's and Fedora's
 * are); none where there is no such file.
 */
static void
children(pid_t **v, size_t *n, size_t *cap)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	char path[300];
	long pid;
	FILE *f;

	while (d != NULL && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/children",
		    e->d_name);
		if ((f = fopen(path, "re")) == NULL)
			continue;
		while (fscanf(f, "%ld", &pid) == 1)
			add_pid(v, n, cap, pid);
		fclose(f);
	}
	if (d != NULL)
		closedir(d);
}

size_t
reaper_sweep(pid_t *killed, size_t max)
{
	pid_t *v = NULL;
	size_t n = 0, cap = 0, nkilled = 0;

	children(&v, &n, &cap);
	for (size_t i = 0; i < n; i++) {
		if (v[i] <= 0 || running_engine(v[i]))
			continue;
		kill(v[i], SIGKILL);
		if (nkilled < max)
			killed[nkilled] = v[i];
		nkilled++;
	}
	free(v);
	return nkilled;
}

static void
ep_drained_cb(evutil_socket_t fd, short what, void *arg)
{
	struct engine_proc_reaper *r = arg;

	if (r->running == 0 && r->drained_cb != NULL)
		r->drained_cb(r->drained_arg);
}

static void
ep_ended_cb(evutil_socket_t fd, short what, void *arg)
{
	struct engine_proc_reaper *r = arg;

	if (r->ended_cb != NULL)
		r->ended_cb(r->ended_arg);
}

static void
ep_sigchld_cb(evutil_socket_t sig, short what, void *arg)
{
	struct engine_proc_reaper *r = arg;
	struct engine_proc *ep;
	pid_t pid;
	int st;
	bool orphan = false;

	/* Signals coalesce: reap every child that has exited. */
	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		LIST_FOREACH(ep, &r->procs, entry)
			if (ep->pid == pid && !ep->reaped)
				break;
		if (ep == NULL) {
			orphan = true;	/* something an engine left behind */
			continue;
		}
		ep->reaped = true;
		ep->status = st;
		r->hooks->reaped(ep);
	}
	/* Its own children, if it had any, are ours now. */
	if (orphan)
		reaper_sweep(NULL, 0);
}

/*
 * An engine is stopped and started off its turn (engine_proc_pause), up to
 * twice a decision; each would raise SIGCHLD, and libevent's handler, its
 * wake-up and a waitpid that finds nothing would cost the relay more than
 * the move itself.  Only an end is the reaper's business: libevent's
 * handler stays, with SA_NOCLDSTOP added.
 */
static void
no_signal_on_stop(void)
{
	struct sigaction sa;

	if (sigaction(SIGCHLD, NULL, &sa) == 0 &&
	    sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN) {
		sa.sa_flags |= SA_NOCLDSTOP;
		sigaction(SIGCHLD, &sa, NULL);
	}
}

/*
 * Timers need the precise clock: libevent's default, CLOCK_MONOTONIC_COARSE,
 * ticks every few milliseconds, so a deadline could fire early and an
 * engine's stop off its turn come late (engine_rest.c).  With epoll,
 * EVENT_BASE_FLAG_PRECISE_TIMER also costs a timerfd_settime at every turn
 * of the loop, one system call in five of a relayed decision, where
 * poll's own timeout serves, to the millisecond; poll looks at every
 * descriptor each turn, so it is for loops of few engines only.
 */
struct event_base *
engine_proc_base_new(size_t engines)
{
	struct event_config *cfg = event_config_new();
	struct event_base *base;

	if (cfg == NULL)
		return NULL;
	event_config_set_flag(cfg, EVENT_BASE_FLAG_PRECISE_TIMER);
	if (engines <= ENGINE_PROC_POLL_MAX)
		event_config_avoid_method(cfg, "epoll");
	base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	return base;
}

struct engine_proc_reaper *
engine_proc_reaper_new(struct event_base *base)
{
	struct engine_proc_reaper *r = xcalloc(1, sizeof(*r));

	engine_proc_setup();	/* in case the caller has not */
	LIST_INSERT_HEAD(&reapers, r, entry);
	r->base = base;
	LIST_INIT(&r->procs);
	r->sigchld = evsignal_new(base, SIGCHLD, ep_sigchld_cb, r);
	r->drained = event_new(base, -1, 0, ep_drained_cb, r);
	r->ended = event_new(base, -1, 0, ep_ended_cb, r);
	if (r->sigchld == NULL || r->drained == NULL || r->ended == NULL ||
	    event_add(r->sigchld, NULL) < 0) {
		fprintf(stderr, "libevent: cannot handle SIGCHLD\n");
		abort();
	}
	no_signal_on_stop();
	return r;
}

/*
 * Kills and reaps whatever engines left behind, blocking: each round
 * reaps what the last killed, whose own children are then ours.
 */
static void
sweep_and_wait(void)
{
	pid_t killed[64];
	size_t n;

	for (int round = 0; round < 100; round++) {
		if ((n = reaper_sweep(killed, 64)) == 0)
			return;
		for (size_t i = 0; i < n && i < 64; i++)
			while (waitpid(killed[i], NULL, 0) < 0 &&
			    errno == EINTR)
				continue;
	}
}

void
engine_proc_reaper_free(struct engine_proc_reaper *r)
{
	struct engine_proc *ep;

	if (r == NULL)
		return;
	while ((ep = LIST_FIRST(&r->procs)) != NULL) {
		r->hooks->killpg(ep);
		if (!ep->reaped)
			while (waitpid(ep->pid, NULL, 0) < 0 && errno == EINTR)
				continue;
		r->hooks->destroy(ep);
	}
	LIST_REMOVE(r, entry);
	sweep_and_wait();
	event_free(r->sigchld);
	event_free(r->drained);
	event_free(r->ended);
	free(r);
}

void
engine_proc_reaper_kill_all(struct engine_proc_reaper *r)
{
	struct engine_proc *ep;

	LIST_FOREACH(ep, &r->procs, entry)
		if (!ep->orphan)
			r->hooks->kill(ep);
}

size_t
engine_proc_reaper_count(const struct engine_proc_reaper *r)
{
	return r->count;
}

size_t
engine_proc_reaper_running(const struct engine_proc_reaper *r)
{
	return r->running;
}

void
engine_proc_reaper_on_ended(struct engine_proc_reaper *r,
    void (*cb)(void *arg), void *arg)
{
	r->ended_cb = cb;
	r->ended_arg = arg;
}

void
engine_proc_reaper_on_drained(struct engine_proc_reaper *r,
    void (*cb)(void *arg), void *arg)
{
	r->drained_cb = cb;
	r->drained_arg = arg;
	if (cb != NULL && r->running == 0)
		event_active(r->drained, EV_TIMEOUT, 1);
}

struct event_base *
engine_proc_reaper_base(const struct engine_proc_reaper *r)
{
	return r->base;
}
