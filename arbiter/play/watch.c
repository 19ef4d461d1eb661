/*
 * watch.c: following a records file (watch.h).
 *
 * Reads are small and the file is local, so reading it on the loop is
 * bounded work per tick; the offset survives the file growing, and a
 * file that shrinks (rewritten) is read again from the start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <event2/event.h>

#include "play/watch.h"
#include "base/xmalloc.h"

#define MAX_LINES	100000

struct watch {
	char		*path;
	struct event	*timer;
	struct timeval	 period;
	long		 offset;	/* bytes of complete lines read */
	char		**lines;
	size_t		 n, cap;
};

static void
clear(struct watch *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->lines[i]);
	w->n = 0;
	w->offset = 0;
}

static void
add(struct watch *w, const char *line, size_t len)
{
	if (w->n == MAX_LINES)
		return;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->lines = xreallocarray(w->lines, w->cap, sizeof(char *));
	}
	w->lines[w->n++] = xstrndup(line, len);
}

void
watch_poll(struct watch *w)
{
	struct stat st;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;

	if (stat(w->path, &st) < 0)
		return;
	if (st.st_size < w->offset)
		clear(w);
	if (st.st_size == w->offset || (f = fopen(w->path, "r")) == NULL)
		return;
	if (fseek(f, w->offset, SEEK_SET) == 0)
		/* A line without its newline is still being written. */
		while ((len = getline(&line, &cap, f)) > 0 &&
		    line[len - 1] == '\n') {
			add(w, line, (size_t)len - 1);
			w->offset += (long)len;
		}
	free(line);
	fclose(f);
}

static void
tick(evutil_socket_t fd, short what, void *arg)
{
	watch_poll(arg);
}

struct watch *
watch_new(struct event_base *base, const char *path, int period_ms)
{
	struct watch *w = xcalloc(1, sizeof(*w));

	w->path = xstrdup(path);
	if ((w->timer = event_new(base, -1, EV_PERSIST, tick, w)) == NULL)
		abort();
	w->period.tv_sec = period_ms / 1000;
	w->period.tv_usec = (period_ms % 1000) * 1000;
	watch_poll(w);
	event_add(w->timer, &w->period);
	return w;
}

void
watch_free(struct watch *w)
{
	if (w == NULL)
		return;
	clear(w);
	free(w->lines);
	event_free(w->timer);
	free(w->path);
	free(w);
}

size_t
watch_count(const struct watch *w)
{
	return w->n;
}

const char *
watch_line(const struct watch *w, size_t i)
{
	return i < w->n ? w->lines[i] : NULL;
}

const char *
watch_path(const struct watch *w)
{
	return w->path;
}
