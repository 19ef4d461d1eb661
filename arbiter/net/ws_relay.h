/*
 * ws_relay.h: remote seats over WebSocket (a bot in a browser tab,
 * doc/network.md), relayed as plain lines.
 *
 * A connection that opens with "GET " is answered as an RFC 6455 upgrade
 * and its frames relayed to one end of a socketpair, whose other end is
 * then a connection like any other (the hello, the seat, the engine),
 * as TLS's relay does (tls.h; over TLS the same relay runs on TLS's plain
 * end).  Each text message the client sends is one or more lines (a
 * message without a final newline is one line); each line the arbiter
 * writes goes out as one text frame, its newline kept.  Pings are
 * answered, a close is answered and ends the connection, and a frame
 * breaking the RFC (or a message over 64 KiB: code 1009) is answered
 * with a close frame whose reason is the one line saying what was wrong.
 * A bad upgrade is answered with an HTTP 400 naming what was wrong.
 */
#ifndef NET_WS_RELAY_H
#define NET_WS_RELAY_H

#include <event2/event.h>

struct net_ws;

struct net_ws	*net_ws_new(void);
/* Closes every connection it relays (before their loop is freed). */
void		 net_ws_close_all(struct net_ws *w);
void		 net_ws_free(struct net_ws *w);

/* Takes fd, an accepted connection whose first bytes are "GET ", and
 * returns the plain end of its relay on base, or -1 (fd closed).  The
 * upgrade happens on the loop; if it fails the plain end reads end of
 * file. */
int		 net_ws_accept(struct net_ws *w, struct event_base *base,
		    int fd);

#endif
