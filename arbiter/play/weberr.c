/*
 * weberr.c: libevent's own HTTP error pages as JSON (weberr.h).
 *
 * evhttp_send_error() writes a status line, its headers (always with
 * Connection: close, so the error is the last reply of its connection)
 * and a body of a fixed form, ERR_FORMAT in libevent's http.c:
 *
 *	<HTML><HEAD>\n<TITLE>413 Request Entity Too Large</TITLE>\n
 *	</HEAD><BODY>\n<H1>Request Entity Too Large</H1>\n</BODY></HTML>\n
 *
 * all into the connection's output buffer within one call, before the
 * loop writes any of it.  A callback on that buffer waits for the end of
 * such a body, finds the status line before it, and puts a JSON reply
 * with the same status in place of the whole reply.  serve's own replies
 * are never HTML with an error status, so nothing else is touched.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "play/weberr.h"

#define PAGE_START	"<HTML><HEAD>\n<TITLE>"
#define PAGE_END	"</H1>\n</BODY></HTML>\n"
#define PAGE_MAX	256	/* longer than any page it writes */
#define HEAD_MAX	1024	/* its status line and headers */

/* The last match of what in buf between from and before, or -1. */
static ev_ssize_t
last_match(struct evbuffer *buf, const char *what, size_t from,
    size_t before)
{
	struct evbuffer_ptr p;
	ev_ssize_t last = -1;

	if (evbuffer_ptr_set(buf, &p, from, EVBUFFER_PTR_SET) < 0)
		return -1;
	for (;;) {
		p = evbuffer_search(buf, what, strlen(what), &p);
		if (p.pos < 0 || (size_t)p.pos >= before)
			return last;
		last = p.pos;
		if (evbuffer_ptr_set(buf, &p, 1, EVBUFFER_PTR_ADD) < 0)
			return last;
	}
}

static const char *
why(int code)
{
	switch (code) {
	case 400:
		return "not an HTTP request this server understands";
	case 413:
		return "the request's headers or body are too long";
	case 417:
		return "only 'Expect: 100-continue' is understood";
	default:
		return "the request cannot be served";
	}
}

/*
 * Puts a JSON reply in place of buf[start..], libevent's error page with
 * its status line and headers; keeps the status.
 */
static void
rewrite(struct evbuffer *buf, size_t start)
{
	struct evbuffer *keep = evbuffer_new();
	char line[128], body[160];
	ev_ssize_t n;
	int code;

	if (keep == NULL)
		return;
	evbuffer_remove_buffer(buf, keep, start);	/* replies before it */
	n = evbuffer_copyout(buf, line, sizeof(line) - 1);
	line[n > 0 ? n : 0] = '\0';
	line[strcspn(line, "\r\n")] = '\0';
	code = strncmp(line, "HTTP/1.", 7) == 0 && strchr(line, ' ') != NULL ?
	    (int)strtol(strchr(line, ' ') + 1, NULL, 10) : 0;
	if (code >= 400) {
		evbuffer_drain(buf, evbuffer_get_length(buf));
		n = snprintf(body, sizeof(body), "{\"error\":\"%s\"}\n",
		    why(code));
		evbuffer_add_printf(buf, "%s\r\nContent-Type: application/"
		    "json\r\nCache-Control: no-store\r\nConnection: close\r\n"
		    "Content-Length: %d\r\n\r\n%s", line, (int)n, body);
	}
	evbuffer_prepend_buffer(buf, keep);
	evbuffer_free(keep);
}

/* Whether buf ends with what. */
static bool
ends_with(struct evbuffer *buf, const char *what)
{
	size_t len = evbuffer_get_length(buf), n = strlen(what);
	char tail[64];
	struct evbuffer_ptr p;

	if (len < n || n > sizeof(tail) ||
	    evbuffer_ptr_set(buf, &p, len - n, EVBUFFER_PTR_SET) < 0 ||
	    evbuffer_copyout_from(buf, &p, tail, n) != (ev_ssize_t)n)
		return false;
	return memcmp(tail, what, n) == 0;
}

static void
output_cb(struct evbuffer *buf, const struct evbuffer_cb_info *info,
    void *arg)
{
	static bool busy;	/* rewrite() changes buf: no recursion */
	size_t len = evbuffer_get_length(buf), from;
	ev_ssize_t page, head = -1;

	if (busy || info->n_added == 0)
		return;
	busy = true;
	/* A bufferevent keeps the start of its output frozen but while it
	 * writes (not now: this is an addition), so that only it drains. */
	evbuffer_unfreeze(buf, 1);
	if (ends_with(buf, PAGE_END)) {
		from = len > PAGE_MAX ? len - PAGE_MAX : 0;
		page = last_match(buf, PAGE_START, from, len);
		from = page > HEAD_MAX ? (size_t)page - HEAD_MAX : 0;
		if (page >= 0)
			head = last_match(buf, "HTTP/1.", from, (size_t)page);
		if (head >= 0)
			rewrite(buf, (size_t)head);
	}
	evbuffer_freeze(buf, 1);
	busy = false;
}

/* The bufferevent evhttp would make for a connection, and the callback. */
static struct bufferevent *
new_bev(struct event_base *base, void *arg)
{
	struct bufferevent *bev = bufferevent_socket_new(base, -1,
	    BEV_OPT_CLOSE_ON_FREE);

	if (bev != NULL)
		evbuffer_add_cb(bufferevent_get_output(bev), output_cb, NULL);
	return bev;
}

void
weberr_json(struct evhttp *http)
{
	evhttp_set_bevcb(http, new_bev, NULL);
}

void
weberr_reply(struct evhttp_request *req, int code, json_t *o)
{
	struct evbuffer *b = evbuffer_new();
	char *text = json_dumps(o, JSON_COMPACT);

	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "application/json");
	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Cache-Control", "no-store");
	evbuffer_add_printf(b, "%s\n", text ? text : "{}");
	evhttp_send_reply(req, code, code < 300 ? "OK" : code == 404 ?
	    "Not Found" : code == 405 ? "Method Not Allowed" : code == 409 ?
	    "Conflict" : code == 415 ? "Unsupported Media Type" :
	    code == 421 ? "Misdirected Request" : "Bad Request", b);
	evbuffer_free(b);
	free(text);
	json_decref(o);
}

void
weberr_reply_error(struct evhttp_request *req, int code, const char *why)
{
	weberr_reply(req, code, json_pack("{s:s}", "error", why));
}
