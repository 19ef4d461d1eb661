/*
 * watch.c: following a records file or a live feed (watch.h).
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

#include "play/dealwords.h"
#include "play/watch.h"
#include "record/record.h"
#include "record/replay.h"
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
	/* A file emptied and written again past where it was read (a live
	 * feed, between two reads) starts with another first line. */
	if (w->n > 0 && ((len = getline(&line, &cap, f)) <= 0 ||
	    strlen(w->lines[0]) != (size_t)len - 1 ||
	    memcmp(line, w->lines[0], (size_t)len - 1) != 0))
		clear(w);
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

/* Line i of the feed, parsed, if it is of (table, deal). */
static json_t *
feed_line(const struct watch *w, size_t i, json_int_t table,
    json_int_t deal)
{
	json_t *o = json_loads(w->lines[i], 0, NULL);

	if (o != NULL && (json_integer_value(json_object_get(o, "table")) !=
	    table || json_integer_value(json_object_get(o, "deal")) != deal)) {
		json_decref(o);
		o = NULL;
	}
	return o;
}

json_t *
watch_live(const struct watch *w)
{
	json_t *last = w->n ? json_loads(w->lines[w->n - 1], 0, NULL) : NULL;
	json_t *steps = json_array(), *o;
	json_int_t table, deal;
	size_t from = w->n;

	if (last == NULL) {
		json_decref(steps);
		return json_object();
	}
	table = json_integer_value(json_object_get(last, "table"));
	deal = json_integer_value(json_object_get(last, "deal"));
	/* From the deal's step 0 (the feed may hold other tables' deals,
	 * and the start of this one may have been cut). */
	while (from > 0) {
		o = feed_line(w, --from, table, deal);
		if (o != NULL && json_integer_value(json_object_get(o,
		    "step")) == 0) {
			json_decref(o);
			break;
		}
		json_decref(o);
	}
	for (size_t i = from; i < w->n; i++)
		if ((o = feed_line(w, i, table, deal)) != NULL) {
			json_array_append_new(steps, json_pack("{s:O, s:O, s:O, "
			    "s:O}", "step", json_object_get(o, "step"), "seat",
			    json_object_get(o, "seat"), "action",
			    json_object_get(o, "action"), "view",
			    json_object_get(o, "view")));
			json_decref(o);
		}
	o = json_pack("{s:O, s:O, s:O, s:o}", "table", json_object_get(last,
	    "table"), "deal", json_object_get(last, "deal"), "players",
	    json_object_get(last, "players"), "steps", steps);
	json_decref(last);
	return o;
}

const char *
watch_path(const struct watch *w)
{
	return w->path;
}

/* A deal an engine lost by failing, in words ("badbot stopped (its
 * process ended)") as Play says it: o's "failure", from its
 * "termination", "fault_seat" and "players". */
static void
add_failure(json_t *o)
{
	enum termination term;
	json_t *seat = json_object_get(o, "fault_seat");
	const char *name = json_string_value(json_array_get(json_object_get(o,
	    "players"), (size_t)json_integer_value(seat)));
	const char *how = json_string_value(json_object_get(o, "termination"));
	char words[256];

	if (!json_is_integer(seat) || name == NULL || how == NULL ||
	    termination_parse(how, &term) < 0 || term == TERM_NORMAL)
		return;
	dealwords_failure(name, term, words, sizeof(words));
	json_object_set_new(o, "failure", json_string(words));
}

json_t *
watch_deals(const struct watch *w)
{
	json_t *list = json_array();

	for (size_t i = 0; i < w->n; i++) {
		json_t *d = replay_summary(w->lines[i]);
		if (d != NULL) {
			add_failure(d);
			json_object_set_new(d, "index", json_integer((json_int_t)i));
			json_array_append_new(list, d);
		}
	}
	return list;
}

json_t *
watch_replay(const struct watch *w, size_t i, int seat, char *err,
    size_t errlen)
{
	json_t *o = i < w->n ? replay_json(w->lines[i], seat, err, errlen) :
	    NULL;

	if (i >= w->n)
		snprintf(err, errlen, "no such deal in the records");
	if (o != NULL)
		add_failure(o);
	return o;
}
