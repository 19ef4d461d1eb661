/*
 * hello.c: connections waiting to say hello (hello.h).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/hello.h"
#include "net/seats.h"
#include "net/tls.h"
#include "net/tokens.h"
#include "net/ws_relay.h"
#include "base/xmalloc.h"
#include "bzp.h"

struct pending {
	TAILQ_ENTRY(pending)	 entry;
	struct hello_set	*set;
	int			 fd;
	char			 peer[64];
	bool			 loopback, secure;
	bool			 websocket;	/* fd is the relay's plain end */
	char			 line[NET_HELLO_MAX + 1];
	size_t			 len;
	struct event		*readable, *timer;
};

/* The causes said on stderr already: each once. */
#define SAID_MAX	16

struct hello_set {
	struct event_base	*base;
	hello_fn		 fn;
	void			*arg;
	struct net_tls		*tls;
	bool			 insecure;
	struct net_ws		*ws;
	TAILQ_HEAD(, pending)	 pending;
	int			 npending;
	const char		*said[SAID_MAX];
	int			 nsaid;
};

void
hello_refuse(int fd, const char *reason)
{
	char line[256];

	snprintf(line, sizeof(line), "refused %s\n", reason);
	(void)send(fd, line, strlen(line), MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* Says a cause on stderr, the first time only. */
static void
say_once(struct hello_set *h, const char *peer, const char *reason)
{
	for (int i = 0; i < h->nsaid; i++)
		if (strcmp(h->said[i], reason) == 0)
			return;
	if (h->nsaid < SAID_MAX)
		h->said[h->nsaid++] = reason;
	fprintf(stderr, "bezique-arbiter: remote seats: refused %s: %s "
	    "(each cause is said once)\n", peer, reason);
}

static void
pending_free(struct pending *p, const char *refusal)
{
	struct hello_set *h = p->set;

	if (refusal != NULL) {	/* "": gone, nothing to say */
		if (*refusal != '\0') {
			hello_refuse(p->fd, refusal);
			say_once(h, p->peer, refusal);
		}
		close(p->fd);
	}
	TAILQ_REMOVE(&h->pending, p, entry);
	h->npending--;
	if (p->readable != NULL)
		event_free(p->readable);
	event_free(p->timer);
	free(p);
}

/* The hello line, whole: its verdict. */
static void
judge(struct pending *p)
{
	struct bzp_msg m;
	const char *name, *token, *resume, *bzp, *why;
	int fd = p->fd;

	p->line[p->len] = '\0';
	p->line[strcspn(p->line, "\r\n")] = '\0';
	if (!p->secure && !p->loopback && !p->set->insecure) {
		pending_free(p, "a plain connection from another machine: "
		    "connect with TLS (bezique-connect --pin FINGERPRINT)");
		return;
	}
	if (bzp_parse(p->line, &m) < 0 || strcmp(m.cmd, "hello") != 0) {
		pending_free(p, "the first line must be 'hello bzp=1 name=NAME "
		    "token=TOKEN'");
		return;
	}
	bzp = bzp_get(&m, "bzp");
	name = bzp_get(&m, "name");
	token = bzp_get(&m, "token");
	resume = bzp_get(&m, "resume");
	if (bzp == NULL || strcmp(bzp, "1") != 0)
		pending_free(p, "this arbiter speaks bzp=1");
	else if (name == NULL || !tokens_name_ok(name, strlen(name)))
		pending_free(p, "hello needs name=NAME (1 to 64 of A-Z a-z 0-9 "
		    "_ . -)");
	else if (token == NULL || !tokens_token_ok(token, strlen(token)))
		pending_free(p, "hello needs token=TOKEN (16 to 128 of A-Z a-z "
		    "0-9 _ -)");
	else if (resume != NULL && strcmp(resume, "0") != 0 &&
	    strcmp(resume, "1") != 0)
		pending_free(p, "resume is 0 or 1");
	else if ((why = p->set->fn(fd, name, token, resume != NULL &&
	    resume[0] == '1', p->set->arg)) != NULL)
		pending_free(p, why);
	else
		pending_free(p, NULL);	/* fd is the owner's now */
}

/* Reads through the first newline and not past it: what is peeked
 * without one is all hello. */
static void	readable_cb(evutil_socket_t fd, short what, void *arg);

/* The connection's bytes now come through a relay whose plain end is
 * plain (-1: the relay could not be made, fd closed): read that. */
static void
read_through(struct pending *p, int plain)
{
	if (plain < 0) {
		pending_free(p, NULL);	/* closed */
		return;
	}
	p->fd = plain;
	if ((p->readable = event_new(p->set->base, plain, EV_READ | EV_PERSIST,
	    readable_cb, p)) == NULL)
		abort();
	event_add(p->readable, NULL);
}

/* "GET " first: a WebSocket upgrade, whose lines are then read through
 * the relay (ws_relay.h).  Fewer bytes than that are read as a hello
 * line, which they cannot begin; waiting for more here would spin. */
static bool
wrap_ws(struct pending *p)
{
	char first[4];

	if (p->websocket || p->len > 0 || recv(p->fd, first, 4, MSG_PEEK) !=
	    4 || memcmp(first, "GET ", 4) != 0)
		return false;
	event_free(p->readable);
	p->readable = NULL;
	p->websocket = true;
	read_through(p, net_ws_accept(p->set->ws, p->set->base, p->fd));
	return true;
}

/* A TLS ClientHello first: the rest is read through the relay. */
static bool
wrap_tls(struct pending *p)
{
	unsigned char first;

	if (p->secure || p->len > 0 || p->set->tls == NULL ||
	    recv(p->fd, &first, 1, MSG_PEEK) != 1 || first != 0x16)
		return false;
	event_free(p->readable);
	p->readable = NULL;
	p->secure = true;
	read_through(p, net_tls_accept(p->set->tls, p->set->base, p->fd));
	return true;
}

static void
readable_cb(evutil_socket_t fd, short what, void *arg)
{
	struct pending *p = arg;
	size_t room = NET_HELLO_MAX - p->len;
	ssize_t n;
	char *nl;

	if (wrap_tls(p))
		return;
	if (wrap_ws(p))
		return;
	n = recv(p->fd, p->line + p->len, room, MSG_PEEK);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		pending_free(p, "");	/* gone before its hello */
		return;
	}
	nl = memchr(p->line + p->len, '\n', (size_t)n);
	if (nl != NULL)
		n = nl - (p->line + p->len) + 1;
	if (recv(fd, p->line + p->len, (size_t)n, 0) != n) {
		pending_free(p, "");
		return;
	}
	p->len += (size_t)n;
	if (nl != NULL)
		judge(p);
	else if (p->len >= NET_HELLO_MAX)
		pending_free(p, "a hello line over 1024 bytes");
}

static void
timer_cb(evutil_socket_t fd, short what, void *arg)
{
	pending_free(arg, "no hello within 10 s");
}

static bool
peer_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)(const void *)sa)->
		    sin_addr.s_addr) >> 24) == 127;
	return sa->sa_family == AF_INET6 && IN6_IS_ADDR_LOOPBACK(
	    &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr);
}

static void
peer_name(const struct sockaddr *sa, char *buf, size_t len)
{
	char a[INET6_ADDRSTRLEN] = "?";

	if (sa->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)
		    sa)->sin_addr, a, sizeof(a));
	else if (sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)
		    sa)->sin6_addr, a, sizeof(a));
	snprintf(buf, len, "a connection from %s", a);
}

void
hello_add(struct hello_set *h, int fd, const struct sockaddr *sa,
    socklen_t len)
{
	struct timeval tv = { NET_HELLO_MS / 1000, 0 };
	struct pending *p;
	char peer[64];

	peer_name(sa, peer, sizeof(peer));
	if (h->npending >= NET_PENDING_MAX) {
		hello_refuse(fd, "too many connections are waiting to say "
		    "hello: try again");
		say_once(h, peer, "too many connections waiting to say hello");
		close(fd);
		return;
	}
	p = xcalloc(1, sizeof(*p));
	p->set = h;
	p->fd = fd;
	snprintf(p->peer, sizeof(p->peer), "%s", peer);
	p->loopback = peer_loopback(sa);
	if ((p->readable = event_new(h->base, fd, EV_READ | EV_PERSIST,
	    readable_cb, p)) == NULL || (p->timer = evtimer_new(h->base,
	    timer_cb, p)) == NULL)
		abort();
	event_add(p->readable, NULL);
	evtimer_add(p->timer, &tv);
	TAILQ_INSERT_TAIL(&h->pending, p, entry);
	h->npending++;
}

struct hello_set *
hello_set_new(struct event_base *base, hello_fn fn, void *arg)
{
	struct hello_set *h = xcalloc(1, sizeof(*h));

	h->base = base;
	h->fn = fn;
	h->arg = arg;
	h->ws = net_ws_new();
	TAILQ_INIT(&h->pending);
	return h;
}

void
hello_set_tls(struct hello_set *h, struct net_tls *tls, bool insecure)
{
	h->tls = tls;
	h->insecure = insecure;
}

void
hello_set_free(struct hello_set *h)
{
	if (h == NULL)
		return;
	while (!TAILQ_EMPTY(&h->pending)) {
		struct pending *p = TAILQ_FIRST(&h->pending);
		close(p->fd);
		pending_free(p, NULL);
	}
	net_ws_free(h->ws);
	free(h);
}
