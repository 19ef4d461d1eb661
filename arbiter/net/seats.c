/*
 * seats.c: remote seats, the listener and the hand-over (seats.h).
 *
 * A connection goes through three places: pending (it has not said
 * hello: read through its first newline, never further, so that nothing
 * meant for the engine is read here), idle (said hello, its seat wanted
 * by no table yet: watched only for its end) and handed over (a table's
 * bot owns it).  A wait is a table's bot asking for a connection of its
 * seat; waits and idle connections meet in order of arrival.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/listener.h>

#include "net/seats.h"
#include "net/hello.h"
#include "net/tls.h"
#include "net/tokens.h"
#include "base/xmalloc.h"

struct net_wait {
	TAILQ_ENTRY(net_wait)	 entry;
	struct net_seat		*seat;
	net_seat_fn		 cb;
	void			*arg;
};

/* A connection that said hello, waiting for a table. */
struct idle {
	TAILQ_ENTRY(idle)	 entry;
	struct net_seat		*seat;
	int			 fd;
	bool			 resume;
	struct event		*watch;		/* its end, or a line too soon */
};

struct net_seat {
	char			*name;
	TAILQ_HEAD(, net_wait)	 waits;
	TAILQ_HEAD(, idle)	 idle;
	int			 nidle;
};

struct net_seats {
	struct net_seat		*seats;
	int			 nseats;
	int			 max_idle;	/* per seat: the concurrency */
	bool			 insecure;	/* plain TCP from anywhere */
	int			 fd;		/* listening, until started */
	char			 address[128];
	char			*tokens_path, *cert_path, *key_path;
	struct net_tls		*tls;
	struct tokens		*tokens;
	struct event_base	*base;
	struct evconnlistener	*listener;
	struct hello_set	*hellos;
	struct event		*handover;	/* waits meet idle ones */
};

static struct net_seat *
seat_named(struct net_seats *s, const char *name)
{
	for (int i = 0; i < s->nseats; i++)
		if (strcmp(s->seats[i].name, name) == 0)
			return &s->seats[i];
	return NULL;
}

static void
idle_free(struct idle *c, bool close_fd)
{
	TAILQ_REMOVE(&c->seat->idle, c, entry);
	c->seat->nidle--;
	event_free(c->watch);
	if (close_fd)
		close(c->fd);
	free(c);
}

/* An idle connection spoke or closed before its welcome: it goes. */
static void
idle_watch_cb(evutil_socket_t fd, short what, void *arg)
{
	struct idle *c = arg;
	char byte;
	ssize_t n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n > 0)
		hello_refuse(fd, "a line before its welcome: wait for it");
	idle_free(c, true);
}

/* Hands idle connections to waits, first come first served. */
static void
handover_cb(evutil_socket_t fd, short what, void *arg)
{
	struct net_seats *s = arg;

	for (int i = 0; i < s->nseats; i++) {
		struct net_seat *seat = &s->seats[i];
		struct net_wait *w;
		struct idle *c;
		while ((w = TAILQ_FIRST(&seat->waits)) != NULL &&
		    (c = TAILQ_FIRST(&seat->idle)) != NULL) {
			int cfd = c->fd;
			bool resume = c->resume;
			char line[TOKENS_NAME_MAX + 16];
			TAILQ_REMOVE(&seat->waits, w, entry);
			idle_free(c, false);
			snprintf(line, sizeof(line), "welcome %s\n",
			    seat->name);
			if (send(cfd, line, strlen(line), MSG_NOSIGNAL) < 0) {
				close(cfd);	/* gone: the next one */
				TAILQ_INSERT_HEAD(&seat->waits, w, entry);
				continue;
			}
			w->cb(cfd, resume, w->arg);
			free(w);
		}
	}
}

static void
handover_soon(struct net_seats *s)
{
	event_active(s->handover, EV_TIMEOUT, 1);
}

/* hello.c's verdict on a connection: seated (idle), or refused. */
static const char *
on_hello(int fd, const char *name, const char *token, bool resume,
    void *arg)
{
	struct net_seats *s = arg;
	struct net_seat *seat;
	struct idle *c;
	int ok = tokens_check(s->tokens, name, token);

	if (ok < 0 || (seat = seat_named(s, name)) == NULL)
		return "no seat of that name";
	if (ok == 0)
		return "wrong token for that seat";
	if (seat->nidle >= s->max_idle)
		return "that seat has as many bots waiting as it can use";
	c = xcalloc(1, sizeof(*c));
	c->seat = seat;
	c->fd = fd;
	c->resume = resume;
	if ((c->watch = event_new(s->base, fd, EV_READ | EV_PERSIST,
	    idle_watch_cb, c)) == NULL)
		abort();
	event_add(c->watch, NULL);
	TAILQ_INSERT_TAIL(&seat->idle, c, entry);
	seat->nidle++;
	handover_soon(s);
	return NULL;
}

static void
accept_cb(struct evconnlistener *l, evutil_socket_t fd,
    struct sockaddr *sa, int socklen, void *arg)
{
	struct net_seats *s = arg;

	hello_add(s->hellos, fd, sa, (socklen_t)socklen);
}

struct net_wait *
net_seats_want(struct net_seats *s, const char *name, net_seat_fn cb,
    void *arg)
{
	struct net_seat *seat = seat_named(s, name);
	struct net_wait *w;

	if (seat == NULL)
		abort();	/* net_seats_setup named every remote seat */
	w = xcalloc(1, sizeof(*w));
	w->seat = seat;
	w->cb = cb;
	w->arg = arg;
	TAILQ_INSERT_TAIL(&seat->waits, w, entry);
	if (s->handover != NULL)
		handover_soon(s);
	return w;
}

void
net_seats_cancel(struct net_wait *w)
{
	if (w == NULL)
		return;
	TAILQ_REMOVE(&w->seat->waits, w, entry);
	free(w);
}

const char *
net_seats_address(const struct net_seats *s)
{
	return s->address;
}

void
net_seats_start(struct net_seats *s, struct event_base *base)
{
	if (s == NULL || s->base != NULL)
		return;
	s->base = base;
	if ((s->handover = event_new(base, -1, 0, handover_cb, s)) == NULL ||
	    (s->hellos = hello_set_new(base, on_hello, s)) == NULL)
		abort();
	hello_set_tls(s->hellos, s->tls, s->insecure);
	/* Listening already (net_seats_setup): backlog 0 says so. */
	s->listener = evconnlistener_new(base, accept_cb, s,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, s->fd);
	if (s->listener == NULL)
		abort();	/* out of memory: the socket listens already */
	s->fd = -1;
	handover_soon(s);
}

void
net_seats_stop(struct net_seats *s)
{
	if (s == NULL || s->base == NULL)
		return;
	for (int i = 0; i < s->nseats; i++)
		while (!TAILQ_EMPTY(&s->seats[i].idle))
			idle_free(TAILQ_FIRST(&s->seats[i].idle), true);
	hello_set_free(s->hellos);
	s->hellos = NULL;
	net_tls_close_all(s->tls);
	if (s->listener != NULL)
		evconnlistener_free(s->listener);
	s->listener = NULL;
	event_free(s->handover);
	s->handover = NULL;
	s->base = NULL;
}

/* Binds and listens on "HOST:PORT" ("[::1]:PORT" for IPv6). */
static int
bind_listen(struct net_seats *s, const char *spec)
{
	struct addrinfo hints = { 0 }, *ai = NULL;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	const char *colon = strrchr(spec, ':');
	char host[256], port[16], name[INET6_ADDRSTRLEN];
	int one = 1, rc;

	snprintf(host, sizeof(host), "%.*s", (int)(colon - spec), spec);
	snprintf(port, sizeof(port), "%s", colon + 1);
	if (host[0] == '[' && host[strlen(host) - 1] == ']') {
		memmove(host, host + 1, strlen(host));
		host[strlen(host) - 1] = '\0';
	}
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	if ((rc = getaddrinfo(host[0] ? host : NULL, port, &hints, &ai)) != 0) {
		fprintf(stderr, "bezique-arbiter: --listen %s: %s\n", spec,
		    gai_strerror(rc));
		return -1;
	}
	if ((s->fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, 0)) < 0 || setsockopt(s->fd, SOL_SOCKET,
	    SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(s->fd, ai->ai_addr, ai->ai_addrlen) < 0 ||
	    listen(s->fd, 128) < 0 ||
	    getsockname(s->fd, (struct sockaddr *)&ss, &sl) < 0) {
		fprintf(stderr, "bezique-arbiter: --listen %s: %s\n", spec,
		    strerror(errno));
		freeaddrinfo(ai);
		return -1;
	}
	freeaddrinfo(ai);
	if (ss.ss_family == AF_INET6)
		snprintf(s->address, sizeof(s->address), "[%s]:%u",
		    inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr,
		    name, sizeof(name)), ntohs(((struct sockaddr_in6 *)&ss)->
		    sin6_port));
	else
		snprintf(s->address, sizeof(s->address), "%s:%u",
		    inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr,
		    name, sizeof(name)), ntohs(((struct sockaddr_in *)&ss)->
		    sin_port));
	return 0;
}

/* The TLS identity beside the tokens: FILE.crt, FILE.key (kept from the
 * engines, outputs.c). */
static int
open_tls(struct net_seats *s, struct match_cfg *c)
{
	char err[512];

	if (asprintf(&s->cert_path, "%s.crt", s->tokens_path) < 0 ||
	    asprintf(&s->key_path, "%s.key", s->tokens_path) < 0)
		abort();
	if ((s->tls = net_tls_open(s->cert_path, s->key_path, err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-arbiter: --listen: %s\n", err);
		return -1;
	}
	c->tls_key = s->key_path;
	return 0;
}

/* Where the tokens are kept: --tokens, or beside the records. */
static char *
tokens_path(const struct match_cfg *c)
{
	const char *rec = c->resume ? c->resume : c->records;
	char *p;

	if (c->tokens != NULL)
		return xstrdup(c->tokens);
	if (rec == NULL || strncmp(rec, "/dev/", 5) == 0)
		return xstrdup("bezique-tokens");
	if (asprintf(&p, "%s.tokens", rec) < 0)
		abort();
	return p;
}

/* The remote seats' names, each checked; -1 after a line. */
static int
name_seats(struct net_seats *s, struct match_cfg *c)
{
	s->seats = xcalloc((size_t)c->nengines, sizeof(*s->seats));
	for (int e = 0; e < c->nengines; e++) {
		struct engine_cfg *ec = &c->engines[e];
		const char *name = config_remote_name(ec->command);
		if (name == NULL)
			continue;
		if (!tokens_name_ok(name, strlen(name))) {
			fprintf(stderr, "bezique-arbiter: engine '%s': a remote "
			    "seat's name is 1 to %d of A-Z a-z 0-9 _ . -\n",
			    ec->command, TOKENS_NAME_MAX);
			return -1;
		}
		if (ec->name_from == NAME_COMMAND) {
			free(ec->name);
			ec->name = xstrdup(name);
			ec->name_from = NAME_FLAG;
		}
		ec->remote = s;
		if (seat_named(s, name) != NULL)
			continue;	/* one seat, several engines' worth */
		s->seats[s->nseats].name = xstrdup(name);
		TAILQ_INIT(&s->seats[s->nseats].waits);
		TAILQ_INIT(&s->seats[s->nseats].idle);
		s->nseats++;
	}
	return 0;
}

int
net_seats_name(struct match_cfg *c)
{
	struct net_seats *s = xcalloc(1, sizeof(*s));

	s->fd = -1;
	c->seats = s;
	if (name_seats(s, c) < 0)
		return -1;
	if (s->nseats == 0 && c->listen == NULL)
		net_seats_teardown(c);	/* none: c->seats is NULL */
	return 0;
}

int
net_seats_open(struct match_cfg *c)
{
	struct net_seats *s = c->seats;
	const char *names[MAX_ENGINES];
	bool created;
	char err[512];

	if (s == NULL)
		return 0;
	s->max_idle = c->concurrency;
	s->insecure = c->insecure;
	if (s->nseats == 0 || c->listen == NULL) {
		fprintf(stderr, "bezique-arbiter: %s\n", s->nseats == 0 ?
		    "--listen: no engine is a remote seat ('remote:NAME')" :
		    "a remote seat ('remote:NAME') needs --listen ADDRESS:PORT");
		return -1;
	}
	for (int i = 0; i < s->nseats; i++)
		names[i] = s->seats[i].name;
	s->tokens_path = tokens_path(c);
	if ((s->tokens = tokens_open(s->tokens_path, names, s->nseats,
	    &created, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-arbiter: --tokens %s\n", err);
		return -1;
	}
	c->tokens = s->tokens_path;	/* kept from the engines (outputs.c) */
	if (open_tls(s, c) < 0 || bind_listen(s, c->listen) < 0)
		return -1;
	fprintf(stderr, "bezique-arbiter: remote seats: listening on %s, TLS "
	    "%s%s; tokens in %s%s\n", s->address, net_tls_fingerprint(s->tls),
	    c->insecure ? ", plain TCP from anywhere" : ", plain TCP from "
	    "this machine only", s->tokens_path, created ? " (new: hand each "
	    "bot its line)" : "");
	return 0;
}

void
net_seats_teardown(struct match_cfg *c)
{
	if (c->seats == NULL)
		return;
	if (c->tokens == c->seats->tokens_path)
		c->tokens = NULL;
	c->tls_key = NULL;
	net_seats_free(c->seats);
	c->seats = NULL;
	for (int e = 0; e < c->nengines; e++)
		c->engines[e].remote = NULL;
}

void
net_seats_free(struct net_seats *s)
{
	if (s == NULL)
		return;
	net_seats_stop(s);
	for (int i = 0; i < s->nseats; i++) {
		while (!TAILQ_EMPTY(&s->seats[i].waits))
			net_seats_cancel(TAILQ_FIRST(&s->seats[i].waits));
		free(s->seats[i].name);
	}
	if (s->fd >= 0)
		close(s->fd);
	free(s->seats);
	net_tls_free(s->tls);
	free(s->cert_path);
	free(s->key_path);
	tokens_free(s->tokens);
	free(s->tokens_path);
	free(s);
}
