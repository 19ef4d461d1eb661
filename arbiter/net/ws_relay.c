/*
 * ws_relay.c: the WebSocket relay (ws_relay.h): the upgrade, then frames
 * one way and lines the other, through the codec of ws.h.
 */
#include "net/ws_relay.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>

#include "base/xmalloc.h"
#include "net/ws.h"

/* An upgrade request is a few hundred bytes; a browser's with cookies a
 * few KiB. */
#define WS_REQUEST_MAX	8192
/* Either side holding this much unsent stops reading the other. */
#define WS_RELAY_HIGH	(1024 * 1024)

struct ws_conn {
	LIST_ENTRY(ws_conn)	 entry;
	struct bufferevent	*net, *plain;
	struct ws_reader	 reader;
	bool			 open;		/* upgraded */
	bool			 closing;	/* outputs drain, then both go */
};

struct net_ws {
	LIST_HEAD(, ws_conn)	 conns;
};

static void
conn_free(struct ws_conn *c)
{
	LIST_REMOVE(c, entry);
	bufferevent_free(c->net);
	bufferevent_free(c->plain);
	ws_reader_free(&c->reader);
	free(c);
}

static size_t
out_len(struct bufferevent *bev)
{
	return evbuffer_get_length(bufferevent_get_output(bev));
}

/* Reads no more from either side; both go once what they hold is sent. */
static void
conn_end(struct ws_conn *c)
{
	c->closing = true;
	bufferevent_disable(c->net, EV_READ);
	bufferevent_disable(c->plain, EV_READ);
	if (out_len(c->net) == 0 && out_len(c->plain) == 0)
		conn_free(c);
}

static void
send_frame(struct ws_conn *c, enum ws_opcode op, const void *p, size_t n)
{
	unsigned char h[WS_MAX_HEADER];

	bufferevent_write(c->net, h, ws_frame_header(h, op, n));
	bufferevent_write(c->net, p, n);
}

static void
send_close(struct ws_conn *c, int code, const char *reason)
{
	unsigned char p[125];

	send_frame(c, WS_OP_CLOSE, p, ws_close_payload(p, code, reason));
}

/* Copies a request header's value (first occurrence, case-insensitive
 * name) into out; false when absent. */
static bool
header(const char *req, const char *name, char *out, size_t outlen)
{
	size_t nl = strlen(name);

	for (const char *l = strstr(req, "\r\n"); l != NULL;
	    l = strstr(l, "\r\n")) {
		l += 2;
		if (strncasecmp(l, name, nl) == 0 && l[nl] == ':') {
			const char *v = l + nl + 1, *e = strstr(v, "\r\n");
			size_t n;

			v += strspn(v, " \t");
			n = (size_t)(e - v);
			while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
				n--;
			if (n >= outlen)
				return false;
			memcpy(out, v, n);
			out[n] = '\0';
			return true;
		}
	}
	return false;
}

/* NULL if req (through its blank line) is an upgrade we accept, which
 * leaves the client's key in key; else what is wrong with it. */
static const char *
check_request(const char *req, char *key, size_t keylen)
{
	char v[256];

	if (strncmp(req, "GET ", 4) != 0)
		return "not a GET request";
	if (!header(req, "Upgrade", v, sizeof(v)) ||
	    strcasestr(v, "websocket") == NULL)
		return "no Upgrade: websocket header";
	if (!header(req, "Connection", v, sizeof(v)) ||
	    strcasestr(v, "upgrade") == NULL)
		return "no Connection: Upgrade header";
	if (!header(req, "Sec-WebSocket-Version", v, sizeof(v)) ||
	    strcmp(v, "13") != 0)
		return "Sec-WebSocket-Version is not 13";
	if (!header(req, "Sec-WebSocket-Key", key, keylen) ||
	    strlen(key) != 24)
		return "no Sec-WebSocket-Key of 24 characters";
	return NULL;
}

static void
refuse_upgrade(struct ws_conn *c, const char *why)
{
	char body[160];
	int n = snprintf(body, sizeof(body), "websocket upgrade: %s\n", why);

	evbuffer_add_printf(bufferevent_get_output(c->net),
	    "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\n"
	    "Connection: close\r\nContent-Length: %d\r\n\r\n%s", n, body);
	conn_end(c);
}

/* The request, once its blank line has come: answered 101 or 400. */
static void
upgrade(struct ws_conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->net);
	struct evbuffer_ptr end = evbuffer_search(in, "\r\n\r\n", 4, NULL);
	char *req, key[64], accept[WS_ACCEPT_LEN];
	const char *why;
	size_t n;

	if (end.pos < 0) {
		if (evbuffer_get_length(in) > WS_REQUEST_MAX)
			refuse_upgrade(c, "request over 8 KiB");
		return;
	}
	n = (size_t)end.pos + 4;
	req = xmalloc(n + 1);
	evbuffer_remove(in, req, n);
	req[n] = '\0';
	why = check_request(req, key, sizeof(key));
	free(req);
	if (why != NULL) {
		refuse_upgrade(c, why);
		return;
	}
	ws_accept_key(key, accept);
	evbuffer_add_printf(bufferevent_get_output(c->net),
	    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
	    "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n", accept);
	c->open = true;
}

/* One whole message: its lines to the arbiter, newline-terminated. */
static void
deliver(struct ws_conn *c)
{
	struct ws_reader *r = &c->reader;

	bufferevent_write(c->plain, r->msg, r->msg_len);
	if (r->msg_len == 0 || r->msg[r->msg_len - 1] != '\n')
		bufferevent_write(c->plain, "\n", 1);
}

/* Every whole frame the client has sent; false once the relay ends. */
static bool
read_frames(struct ws_conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->net);
	size_t len, used;

	while ((len = evbuffer_get_length(in)) > 0) {
		size_t take = len < WS_MAX_MESSAGE + WS_MAX_HEADER ?
		    len : WS_MAX_MESSAGE + WS_MAX_HEADER;
		unsigned char *b = evbuffer_pullup(in, (ssize_t)take);

		switch (ws_read(&c->reader, b, take, &used)) {
		case WS_NEED_MORE:
			return true;
		case WS_MESSAGE:
			deliver(c);
			break;
		case WS_PING:
			send_frame(c, WS_OP_PONG, c->reader.payload,
			    c->reader.payload_len);
			break;
		case WS_CLOSED:
			send_close(c, WS_CLOSE_NORMAL, "");
			conn_end(c);
			return false;
		case WS_BREACH:
			send_close(c, c->reader.code, c->reader.err);
			conn_end(c);
			return false;
		default:	/* a fragment kept, a pong */
			break;
		}
		evbuffer_drain(in, used);
	}
	return true;
}

/* The arbiter's lines, one text frame each. */
static void
send_lines(struct ws_conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->plain);
	struct evbuffer_ptr eol;
	size_t eol_len;

	while ((eol = evbuffer_search_eol(in, NULL, &eol_len,
	    EVBUFFER_EOL_LF)).pos >= 0) {
		size_t n = (size_t)eol.pos + 1;
		unsigned char h[WS_MAX_HEADER];

		bufferevent_write(c->net, h, ws_frame_header(h, WS_OP_TEXT,
		    n));
		evbuffer_remove_buffer(in, bufferevent_get_output(c->net), n);
	}
}

static void
net_read(struct bufferevent *bev, void *arg)
{
	struct ws_conn *c = arg;

	if (!c->open) {
		upgrade(c);
		if (!c->open)
			return;
		send_lines(c);	/* what the arbiter said meanwhile */
	}
	if (read_frames(c) && out_len(c->plain) > WS_RELAY_HIGH)
		bufferevent_disable(c->net, EV_READ);
}

static void
plain_read(struct bufferevent *bev, void *arg)
{
	struct ws_conn *c = arg;

	if (!c->open)
		return;		/* held until the upgrade */
	send_lines(c);
	if (out_len(c->net) > WS_RELAY_HIGH)
		bufferevent_disable(c->plain, EV_READ);
}

static void
drained(struct bufferevent *bev, void *arg)
{
	struct ws_conn *c = arg;

	if (c->closing) {
		if (out_len(c->net) == 0 && out_len(c->plain) == 0)
			conn_free(c);
	} else {
		bufferevent_enable(bev == c->net ? c->plain : c->net,
		    EV_READ);
	}
}

/* Either side ended.  The arbiter's last lines still go out, then a
 * close frame; the client's last lines still reach the arbiter. */
static void
ended(struct bufferevent *bev, short what, void *arg)
{
	struct ws_conn *c = arg;

	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	if (bev == c->net) {
		/* Nothing more can reach the client. */
		evbuffer_drain(bufferevent_get_output(c->net),
		    out_len(c->net));
	} else if (c->open && !c->closing) {
		send_lines(c);
		send_close(c, WS_CLOSE_NORMAL, "");
	}
	if (c->closing)
		conn_free(c);
	else
		conn_end(c);
}

int
net_ws_accept(struct net_ws *w, struct event_base *base, int fd)
{
	struct ws_conn *c;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		close(fd);
		return -1;
	}
	c = xcalloc(1, sizeof(*c));
	ws_reader_init(&c->reader);
	evutil_make_socket_nonblocking(fd);
	evutil_make_socket_nonblocking(sv[0]);
	c->net = bufferevent_socket_new(base, fd, BEV_OPT_CLOSE_ON_FREE);
	c->plain = bufferevent_socket_new(base, sv[0], BEV_OPT_CLOSE_ON_FREE);
	if (c->net == NULL || c->plain == NULL)
		abort();
	bufferevent_setcb(c->net, net_read, drained, ended, c);
	bufferevent_setcb(c->plain, plain_read, drained, ended, c);
	bufferevent_enable(c->net, EV_READ | EV_WRITE);
	bufferevent_enable(c->plain, EV_READ | EV_WRITE);
	LIST_INSERT_HEAD(&w->conns, c, entry);
	return sv[1];
}

struct net_ws *
net_ws_new(void)
{
	struct net_ws *w = xcalloc(1, sizeof(*w));

	LIST_INIT(&w->conns);
	return w;
}

void
net_ws_close_all(struct net_ws *w)
{
	while (!LIST_EMPTY(&w->conns))
		conn_free(LIST_FIRST(&w->conns));
}

void
net_ws_free(struct net_ws *w)
{
	if (w == NULL)
		return;
	net_ws_close_all(w);
	free(w);
}
