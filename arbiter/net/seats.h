/*
 * seats.h: remote seats, which bots fill by connecting to the arbiter
 * (doc/network.md).
 *
 * An engine whose command is "remote:NAME" runs nowhere: a bot, on this
 * machine or another, connects to the port given by --listen, says
 * "hello bzp=1 name=NAME token=TOKEN", and is answered "welcome NAME"
 * and then spoken to in the protocol exactly as a local engine (the
 * match adopts the connection as its engine, proc/engine_proc.h), or
 * "refused REASON" and closed.  Several bots may connect for one seat:
 * each is one instance, as several processes of a local engine, up to
 * the run's concurrency.  Connections that have not said hello are
 * bounded in number and in time, and each refusal is one line to the
 * client and, once per cause, one line on stderr: none costs the run
 * anything.
 */
#ifndef SEATS_H
#define SEATS_H

#include <stdbool.h>

#include <event2/event.h>

#include "base/config.h"

struct net_seats;
struct net_wait;

/* How long a connection may take to say hello, ms. */
#define NET_HELLO_MS		10000
/* The longest hello line, bytes (the newline counted). */
#define NET_HELLO_MAX		1024
/* Connections at once that have not said hello yet. */
#define NET_PENDING_MAX		64

/*
 * The remote seats of c, in two steps.  net_seats_name(), once the flags
 * are read: every engine whose command is "remote:NAME" gets its name
 * NAME (unless one was given) and c->seats as its remote (c->seats stays
 * NULL with no remote seat and no --listen).  net_seats_open(), once the
 * records are named: c->listen is bound and the tokens read, or created
 * with fresh ones and said so on stderr; c->tokens is then their file.
 * Each returns 0, or -1 after one line on stderr.
 */
int	net_seats_name(struct match_cfg *c);
int	net_seats_open(struct match_cfg *c);
/* Frees c->seats (connections still open are closed). */
void	net_seats_teardown(struct match_cfg *c);
/* The same for seats taken out of their match_cfg (a person's games,
 * which outlive each game's). */
void	net_seats_free(struct net_seats *s);

/* Accepts connections on base's loop, from now on (NULL: none; started
 * already: nothing). */
void	net_seats_start(struct net_seats *s, struct event_base *base);
/* Stops accepting and closes every connection not handed over. */
void	net_seats_stop(struct net_seats *s);

/* The address listened on, with the port the kernel chose for 0. */
const char *net_seats_address(const struct net_seats *s);

/*
 * Asks for a connection of seat name: cb(fd, resume, arg) comes from the
 * loop once a bot of that seat has said hello (at once if one waits),
 * with the connected socket, now the caller's, "welcome NAME" already
 * sent.  resume is what the bot said of itself (resume=1: the same bot
 * as before a drop).  Returns a handle for net_seats_cancel(), valid
 * until cb is called.
 */
typedef void (*net_seat_fn)(int fd, bool resume, void *arg);
struct net_wait *net_seats_want(struct net_seats *s, const char *name,
	    net_seat_fn cb, void *arg);
void	net_seats_cancel(struct net_wait *w);

#endif
