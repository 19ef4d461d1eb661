/*
 * engine_log.c: an engine's stderr through the arbiter (engine_log.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/util.h>

#include "base/xmalloc.h"
#include "proc/engine_log.h"

struct engine_log {
	struct bufferevent	*bev;	/* the pipe; NULL at its end */
	int			 fd;	/* the log file */
	uint64_t		 limit;
	pid_t			 pid;
};

/* Appends n bytes, no more than the limit lets the file hold: a log at
 * its limit stays there (the engine plays on, its lines discarded). */
static void
put(struct engine_log *l, const char *s, size_t n)
{
	struct stat st;
	ssize_t w;

	if (l->limit > 0) {
		if (fstat(l->fd, &st) < 0 || (uint64_t)st.st_size >= l->limit)
			return;
		if ((uint64_t)st.st_size + n > l->limit)
			n = (size_t)(l->limit - (uint64_t)st.st_size);
	}
	while (n > 0 && ((w = write(l->fd, s, n)) > 0 || errno == EINTR))
		if (w > 0) {
			s += w;
			n -= (size_t)w;
		}
}

/* One line of the engine's, newline and all, after its prefix: written
 * whole with one write, so that lines of engines sharing a log do not
 * mingle (the arbiter has no threads: one write at a time). */
static void
put_line(struct engine_log *l, const char *line, size_t n)
{
	char buf[64 + ENGINE_LOG_LINE_MAX + 1];
	struct timespec ts;
	struct tm tm;
	int k;

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	k = snprintf(buf, 64, "[%d %02d:%02d:%02d.%03ld] ", (int)l->pid,
	    tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
	memcpy(buf + k, line, n);
	if (n == 0 || line[n - 1] != '\n')
		buf[k + (int)n++] = '\n';
	put(l, buf, (size_t)k + n);
}

/* Every whole line in the buffer, and the rest too at the end. */
static void
drain(struct engine_log *l, struct evbuffer *in, bool end)
{
	struct evbuffer_ptr eol;
	size_t len, n;
	char line[ENGINE_LOG_LINE_MAX];

	while ((len = evbuffer_get_length(in)) > 0) {
		eol = evbuffer_search_eol(in, NULL, NULL, EVBUFFER_EOL_LF);
		if (eol.pos >= 0 && (size_t)eol.pos < sizeof(line))
			n = (size_t)eol.pos + 1;
		else if (len >= sizeof(line) || end)
			n = len < sizeof(line) ? len : sizeof(line);
		else
			return;		/* a line still coming */
		evbuffer_remove(in, line, n);
		put_line(l, line, n);
	}
}

static void
read_cb(struct bufferevent *bev, void *arg)
{
	drain(arg, bufferevent_get_input(bev), false);
}

/* The end of the pipe (every process of the engine gone) or an error. */
static void
event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct engine_log *l = arg;

	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	drain(l, bufferevent_get_input(bev), true);
	bufferevent_free(bev);
	l->bev = NULL;
}

struct engine_log *
engine_log_new(struct event_base *base, int pipe, int log, uint64_t limit,
    pid_t pid)
{
	struct engine_log *l;

	if (pipe < 0 || log < 0) {
		if (pipe >= 0)
			close(pipe);
		if (log >= 0)
			close(log);
		return NULL;
	}
	l = xcalloc(1, sizeof(*l));
	l->fd = log;
	l->limit = limit;
	l->pid = pid;
	evutil_make_socket_nonblocking(pipe);
	l->bev = bufferevent_socket_new(base, pipe, BEV_OPT_CLOSE_ON_FREE);
	if (l->bev == NULL) {
		fprintf(stderr, "libevent: out of memory\n");
		abort();
	}
	bufferevent_setcb(l->bev, read_cb, NULL, event_cb, l);
	bufferevent_enable(l->bev, EV_READ);
	return l;
}

void
engine_log_flush(struct engine_log *l)
{
	struct evbuffer *in;

	if (l == NULL || l->bev == NULL)
		return;
	in = bufferevent_get_input(l->bev);
	/* Bounded: a process left behind may write on. */
	for (int i = 0; i < 16 && evbuffer_read(in, bufferevent_getfd(l->bev),
	    65536) > 0; i++)
		;
	drain(l, in, false);
}

void
engine_log_free(struct engine_log *l)
{
	if (l == NULL)
		return;
	engine_log_flush(l);
	if (l->bev != NULL) {
		drain(l, bufferevent_get_input(l->bev), true);
		bufferevent_free(l->bev);
	}
	close(l->fd);
	free(l);
}
