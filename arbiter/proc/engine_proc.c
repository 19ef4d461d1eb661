/*
 * engine_proc.c: engine child processes on the event loop (engine_proc.h).
 *
 * The structure follows tmux's job.c: a socketpair for the engine's
 * input and another for its output (one for both would keep the output
 * open after the engine closed descriptor 1, since 0 holds the same
 * socket), its own process group, a line-length bound enforced with the
 * read watermark, an evtimer per deadline, SIGCHLD handled inside the
 * loop, and completion only when it is both reaped and its channel closed.
 *
 * Re-entrancy.  Owner callbacks may free or kill the engine_proc they are
 * told about.  Three rules keep that safe: every owner callback is made
 * between busy++ and ep_leave(), which destroys a doomed object only when
 * no frame of ours is left; after ep_leave() returns false a function
 * returns without touching ep; and on_exit and the OVERFLOW fault are
 * never called from inside an API call, but from the `later` event.
 */
#include <assert.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>

#include "proc/engine_proc.h"
#include "proc/engine_log.h"
#include "proc/engine_proc_int.h"
#include "proc/engine_spawn.h"
#include "base/clock.h"
#include "base/xmalloc.h"

#define DEFAULT_MAX_LINE	65536
#define DEFAULT_MAX_PENDING	(1024 * 1024)
static void
ep_destroy(struct engine_proc *ep)
{
	reaper_remove(ep->reaper, ep);
	if (ep->bev != NULL)
		bufferevent_free(ep->bev);
	if (ep->in != NULL)
		bufferevent_free(ep->in);
	event_free(ep->deadline);
	event_free(ep->grace);
	event_free(ep->later);
	if (ep->rest != NULL)
		event_free(ep->rest);
	engine_log_free(ep->log);
	for (size_t i = 0; i < ENGINE_PROC_LAST_LINES; i++)
		free(ep->last[i]);
	free(ep);
}

/*
 * Ends an owner callback.  Returns false when the caller must stop: ep
 * was freed during the callback (and is destroyed now if it was done) so
 * must not be touched, or nothing more is to be told.
 */
static bool
ep_leave(struct engine_proc *ep)
{
	if (--ep->busy == 0 && ep->doomed) {
		ep_destroy(ep);
		return false;
	}
	return !ep->orphan;
}

/* Reports a fault unless the owner has asked for the end.  As ep_leave. */
static bool
ep_report(struct engine_proc *ep, enum engine_proc_fault f,
    const char *detail)
{
	if (ep->orphan)
		return false;
	if (ep->stopping || ep->cb.on_error == NULL)
		return true;
	ep->busy++;
	ep->cb.on_error(ep, f, detail, ep->arg);
	return ep_leave(ep);
}

/* Keeps a copy of what was received, cut short, as evidence. */
static void
ep_remember(struct engine_proc *ep, const char *data, size_t len, bool cut)
{
	size_t keep = len < ENGINE_PROC_EVIDENCE_MAX ? len :
	    ENGINE_PROC_EVIDENCE_MAX;
	char *s = xmalloc(keep + 4);

	memcpy(s, data, keep);
	if (keep < len || cut)
		memcpy(s + keep, "...", 4);
	else
		s[keep] = '\0';
	free(ep->last[ep->last_next]);
	ep->last[ep->last_next] = s;
	ep->last_next = (ep->last_next + 1) % ENGINE_PROC_LAST_LINES;
}

/* Once reaped and closed, on_exit (or the destruction of an orphan) is
 * due; it is made from the loop, never from the caller's frame. */
static void
ep_check_done(struct engine_proc *ep)
{
	if (ep->done || !ep->reaped || ep->bev != NULL)
		return;
	ep->done = true;
	evtimer_del(ep->deadline);
	evtimer_del(ep->grace);
	event_active(ep->later, EV_TIMEOUT, 1);
	reaper_done(ep->reaper);
	reaper_sweep(NULL, 0);	/* what it left behind, setsid or not */
}

static void
ep_close_channel(struct engine_proc *ep)
{
	if (ep->bev == NULL)
		return;
	bufferevent_free(ep->bev);
	bufferevent_free(ep->in);
	ep->bev = ep->in = NULL;
	evtimer_del(ep->deadline);
	ep_check_done(ep);
}

/*
 * SIGKILLs the process group.  After the reap the group id is safe to use
 * only while a member still holds the channel (a pid stays allocated
 * while it names a live group); without one it may have been reused.
 */
static void
ep_killpg(struct engine_proc *ep)
{
	if (ep->pid <= 0 || (ep->reaped && ep->bev == NULL))
		return;		/* a connection (adopt) has no group */
	kill(-ep->pid, SIGKILL);
	if (!ep->reaped) {
		kill(ep->pid, SIGKILL);	/* in case setpgid never ran */
		ep->killed = true;
	}
}

/*
 * Delivers every complete line in the input.  Returns false when ep must
 * not be used further: the channel closed or the owner freed it.
 */
static bool
ep_deliver(struct engine_proc *ep)
{
	char *line;
	size_t n;

	while (ep->bev != NULL) {
		line = evbuffer_readln(bufferevent_get_input(ep->bev), &n,
		    EVBUFFER_EOL_CRLF);
		if (line == NULL)
			return true;
		ep_remember(ep, line, n, false);
		if (ep->cb.on_line == NULL) {
			free(line);
			continue;
		}
		ep->busy++;
		ep->cb.on_line(ep, line, n, ep->arg);
		free(line);
		if (!ep_leave(ep))
			return false;
	}
	return false;
}

/*
 * The input holds max_line bytes and no newline.  Reading has stopped at
 * the watermark, so no end of file will ever come: close the channel
 * here.
 */
static void
ep_too_long(struct engine_proc *ep)
{
	struct evbuffer *in = bufferevent_get_input(ep->bev);
	size_t keep = evbuffer_get_length(in);
	char detail[96];

	if (keep > ENGINE_PROC_EVIDENCE_MAX)
		keep = ENGINE_PROC_EVIDENCE_MAX;
	ep_remember(ep, (const char *)evbuffer_pullup(in, (ev_ssize_t)keep),
	    keep, true);
	snprintf(detail, sizeof(detail), "no newline within %zu bytes",
	    ep->max_line);
	ep_close_channel(ep);
	ep_report(ep, ENGINE_PROC_LINE_TOO_LONG, detail);
}

static void
ep_read_cb(struct bufferevent *bev, void *arg)
{
	struct engine_proc *ep = arg;

	if (!ep_deliver(ep))
		return;
	if (evbuffer_get_length(bufferevent_get_input(ep->bev)) >=
	    ep->max_line)
		ep_too_long(ep);
}

/* Once quitting and all is written, the engine's stdin reads EOF. */
static void
ep_maybe_shutdown(struct engine_proc *ep)
{
	if (ep->bev == NULL || !ep->stopping || ep->shut_wr ||
	    evbuffer_get_length(bufferevent_get_output(ep->in)) > 0)
		return;
	ep->shut_wr = true;
	shutdown(bufferevent_getfd(ep->in), SHUT_WR);
}

static void
ep_write_cb(struct bufferevent *bev, void *arg)
{
	ep_maybe_shutdown(arg);
}

/*
 * A failed write means the engine closed its end, but what it wrote
 * before (often its last words on why) may still be unread.  Take it,
 * within the line bound.
 */
static void
ep_drain_unread(struct engine_proc *ep)
{
	struct evbuffer *in = bufferevent_get_input(ep->bev);
	evutil_socket_t fd = bufferevent_getfd(ep->bev);
	size_t have;

	while ((have = evbuffer_get_length(in)) < ep->max_line)
		if (evbuffer_read(in, fd, (int)(ep->max_line - have)) <= 0)
			break;
}

static void
ep_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct engine_proc *ep = arg;
	int e = EVUTIL_SOCKET_ERROR();
	enum engine_proc_fault f = ENGINE_PROC_CLOSED;
	char detail[128];
	size_t rest;

	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	if ((what & BEV_EVENT_ERROR) && (what & BEV_EVENT_WRITING))
		ep_drain_unread(ep);
	if (!ep_deliver(ep))	/* lines that came with the end */
		return;
	rest = evbuffer_get_length(bufferevent_get_input(ep->bev));
	if (rest > 0)
		ep_remember(ep, (const char *)evbuffer_pullup(
		    bufferevent_get_input(ep->bev), -1), rest, false);
	if (what & BEV_EVENT_ERROR) {
		if (what & BEV_EVENT_WRITING)
			f = ENGINE_PROC_WRITE_ERROR;
		snprintf(detail, sizeof(detail), "%s error: %s",
		    f == ENGINE_PROC_CLOSED ? "read" : "write", strerror(e));
	} else if (rest > 0)
		snprintf(detail, sizeof(detail), "end of output, after %zu "
		    "bytes with no newline", rest);
	else
		snprintf(detail, sizeof(detail), "end of output");
	ep_close_channel(ep);
	ep_report(ep, f, detail);
}

/* Arms a timer for us microseconds. */
static void
ep_arm(struct event *ev, uint64_t us)
{
	struct timeval tv = { (time_t)(us / 1000000),
		(suseconds_t)(us % 1000000) };

	evtimer_add(ev, &tv);
}

static void
ep_deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct engine_proc *ep = arg;
	uint64_t now = clock_now_us();
	char detail[64];

	/* On a base of libevent's coarse clock (not engine_proc_base_new's)
	 * a deadline may fire early: it waits out the rest, by the precise. */
	if (now < ep->deadline_at_us) {
		ep_arm(ep->deadline, ep->deadline_at_us - now);
		return;
	}
	snprintf(detail, sizeof(detail), "deadline of %llu ms expired",
	    (unsigned long long)ep->deadline_ms);
	ep_report(ep, ENGINE_PROC_TIMEOUT, detail);
}

/* Quit grace expired, or the exit linger: kill what is left. */
static void
ep_grace_cb(evutil_socket_t fd, short what, void *arg)
{
	struct engine_proc *ep = arg;
	bool linger = !ep->stopping;

	ep_killpg(ep);
	ep_close_channel(ep);
	if (linger)
		ep_report(ep, ENGINE_PROC_CLOSED, "exited, but a process it "
		    "left behind kept its output open");
}

static void
ep_later_cb(evutil_socket_t fd, short what, void *arg)
{
	struct engine_proc *ep = arg;
	char detail[64];

	if (ep->orphan) {
		if (ep->done)
			ep_destroy(ep);
		return;
	}
	if (ep->overflowed && !ep->overflow_told) {
		ep->overflow_told = true;
		snprintf(detail, sizeof(detail), "over %zu bytes queued and "
		    "not read", ep->max_pending);
		if (!ep_report(ep, ENGINE_PROC_OVERFLOW, detail))
			return;
	}
	if (ep->done && !ep->told_exit) {
		ep->told_exit = true;
		engine_log_flush(ep->log);	/* its last words before */
		if (ep->cb.on_exit != NULL) {
			ep->busy++;
			ep->cb.on_exit(ep, ep->status, ep->arg);
			ep_leave(ep);
		}
	}
}

/* One engine. */

/* A bufferevent on fd, non-blocking, that closes it when freed. */
static struct bufferevent *
ep_bev(struct engine_proc *ep, int fd, short enable)
{
	struct bufferevent *bev;

	evutil_make_socket_nonblocking(fd);
	bev = bufferevent_socket_new(ep->reaper->base, fd,
	    BEV_OPT_CLOSE_ON_FREE);
	if (bev == NULL)
		return NULL;
	bufferevent_setcb(bev, ep_read_cb, ep_write_cb, ep_event_cb, ep);
	bufferevent_enable(bev, enable);
	return bev;
}

/* Reaped: held open by a survivor, linger, even in a longer quit grace,
 * since the engine itself will write no more. */
static void
ep_reaped(struct engine_proc *ep)
{
	struct timeval tv = { 0, EXIT_LINGER_MS * 1000 };

	if (ep->bev != NULL)
		evtimer_add(ep->grace, &tv);
	ep_check_done(ep);
}

static const struct reaper_hooks hooks = {
	.reaped = ep_reaped,
	.kill = engine_proc_kill,
	.killpg = ep_killpg,
	.destroy = ep_destroy,
};

/* fds: as from engine_spawn(): output, input, stderr pipe, log. */
struct engine_proc *
ep_new(struct engine_proc_reaper *r, const struct engine_spec *spec,
    const struct engine_proc_callbacks *cb, void *arg, pid_t pid,
    const int fds[4])
{
	struct engine_proc *ep = xcalloc(1, sizeof(*ep));

	ep->reaper = r;
	ep->pid = pid;
	if (cb != NULL)
		ep->cb = *cb;
	ep->arg = arg;
	ep->max_line = spec->max_line ? spec->max_line : DEFAULT_MAX_LINE;
	ep->max_pending = spec->max_pending ? spec->max_pending :
	    DEFAULT_MAX_PENDING;
	ep->deadline = evtimer_new(r->base, ep_deadline_cb, ep);
	ep->grace = evtimer_new(r->base, ep_grace_cb, ep);
	ep->later = event_new(r->base, -1, 0, ep_later_cb, ep);
	ep->bev = ep_bev(ep, fds[0], EV_READ);
	ep->in = ep_bev(ep, fds[1], EV_WRITE);
	if (ep->deadline == NULL || ep->grace == NULL || ep->later == NULL ||
	    ep->bev == NULL || ep->in == NULL) {
		fprintf(stderr, "libevent: out of memory\n");
		abort();
	}
	bufferevent_setwatermark(ep->bev, EV_READ, 0, ep->max_line);
	ep->log = engine_log_new(r->base, fds[2], fds[3], spec->rlimit_fsize,
	    pid);
	reaper_add(r, ep, &hooks);
	return ep;
}

struct engine_proc *
engine_proc_spawn(struct engine_proc_reaper *r, const struct engine_spec *spec,
    const struct engine_proc_callbacks *cb, void *arg, char *err,
    size_t errlen)
{
	int fds[4];
	pid_t pid;

	assert(r != NULL && spec != NULL && spec->argv != NULL);
	assert(spec->max_line == 0 || spec->max_line >= 2);
	if ((pid = engine_spawn(spec, fds, err, errlen)) < 0)
		return NULL;
	return ep_new(r, spec, cb, arg, pid, fds);
}

/*
 * Writes a line straight to the socket when nothing is queued before it:
 * a request then costs one system call instead of a turn of the loop
 * (arming the write event, epoll_wait, writev, disarming it), which is
 * most of the arbiter's cost per decision.  Returns the bytes written
 * (the line's newline counts as len + 1); whatever is left, or an error,
 * goes through the bufferevent as before, which reports faults.
 */
static size_t
write_direct(struct engine_proc *ep, const char *line, size_t len)
{
	struct iovec iov[2] = { { (void *)(uintptr_t)line, len },
		{ (void *)(uintptr_t)"\n", 1 } };
	ssize_t n;

	if (evbuffer_get_length(bufferevent_get_output(ep->in)) != 0)
		return 0;
	n = writev(bufferevent_getfd(ep->in), iov, 2);
	return n > 0 ? (size_t)n : 0;
}

int
engine_proc_send(struct engine_proc *ep, const char *line)
{
	struct evbuffer *out;
	size_t len = strlen(line), done;

	assert(strchr(line, '\n') == NULL);
	if (ep->bev == NULL || ep->stopping || ep->overflowed || ep->orphan)
		return -1;
	out = bufferevent_get_output(ep->in);
	done = write_direct(ep, line, len);
	if (done < len)
		bufferevent_write(ep->in, line + done, len - done);
	if (done <= len)
		bufferevent_write(ep->in, "\n", 1);
	if (evbuffer_get_length(out) > ep->max_pending) {
		ep->overflowed = true;
		event_active(ep->later, EV_TIMEOUT, 1);
	}
	return 0;
}

void
engine_proc_set_deadline(struct engine_proc *ep, uint64_t ms)
{
	if (ep->bev == NULL || ep->stopping || ep->orphan)
		return;		/* nothing left to wait for */
	ep->deadline_ms = ms;
	ep->deadline_at_us = clock_now_us() + ms * 1000;
	ep_arm(ep->deadline, ms * 1000);
}

void
engine_proc_clear_deadline(struct engine_proc *ep)
{
	evtimer_del(ep->deadline);
}

void
engine_proc_quit(struct engine_proc *ep, const char *quit_line,
    uint64_t grace_ms)
{
	if (ep->orphan || ep->done)
		return;
	evtimer_del(ep->deadline);
	engine_proc_pause(ep, false);	/* a stopped engine cannot quit */
	if (!ep->stopping && ep->bev != NULL && quit_line != NULL) {
		assert(strchr(quit_line, '\n') == NULL);
		bufferevent_write(ep->in, quit_line, strlen(quit_line));
		bufferevent_write(ep->in, "\n", 1);
	}
	ep->stopping = true;
	ep_maybe_shutdown(ep);
	ep_arm(ep->grace, grace_ms * 1000);
}

void
engine_proc_ending(struct engine_proc *ep)
{
	engine_proc_quit(ep, NULL, ENGINE_PROC_EXIT_MOMENT_MS);
}

void
engine_proc_kill(struct engine_proc *ep)
{
	if (ep->orphan)
		return;		/* engine_proc_free() has done it */
	ep->stopping = true;
	evtimer_del(ep->deadline);
	evtimer_del(ep->grace);
	ep_killpg(ep);
	ep_close_channel(ep);
}

void
engine_proc_free(struct engine_proc *ep)
{
	if (ep == NULL)
		return;
	if (ep->done) {
		if (ep->busy > 0)
			ep->doomed = true;
		else
			ep_destroy(ep);
		return;
	}
	/* Still running or open: the reaper finishes it in ep_later_cb. */
	engine_proc_kill(ep);
	ep->orphan = true;
}

pid_t
engine_proc_pid(const struct engine_proc *ep)
{
	return ep->pid;
}

bool
engine_proc_is_open(const struct engine_proc *ep)
{
	return ep->bev != NULL;
}

bool
engine_proc_done(const struct engine_proc *ep)
{
	return ep->done;
}

bool
engine_proc_killed(const struct engine_proc *ep)
{
	return ep->killed;
}

size_t
engine_proc_last_lines(const struct engine_proc *ep, const char **lines,
    size_t max)
{
	size_t n = 0, slot;

	for (size_t i = 0; i < ENGINE_PROC_LAST_LINES && n < max; i++) {
		slot = (ep->last_next + i) % ENGINE_PROC_LAST_LINES;
		if (ep->last[slot] != NULL)
			lines[n++] = ep->last[slot];
	}
	return n;
}
