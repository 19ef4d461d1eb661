/*
 * hello.h: connections to the remote seats' port that have not yet said
 * who they are (seats.h).
 *
 * Each must send, within NET_HELLO_MS, one line
 *	hello bzp=1 name=NAME token=TOKEN [resume=0|1]
 * of at most NET_HELLO_MAX bytes.  It is read up to its newline and not a
 * byte further, so that what follows belongs to the engine's channel.
 * A connection whose first byte opens a TLS handshake is first wrapped
 * (tls.h) and then read the same way.
 * At most NET_PENDING_MAX wait at once; a connection past that, a line
 * too long, a bad hello, silence or a refusal by the owner is answered
 * "refused REASON" and closed, and said on stderr once per cause.
 */
#ifndef HELLO_H
#define HELLO_H

#include <stdbool.h>
#include <sys/socket.h>

#include <event2/event.h>

struct hello_set;

/* The owner's verdict on a well-formed hello: NULL takes fd (its owner's
 * from then), a reason refuses it. */
typedef const char *(*hello_fn)(int fd, const char *name, const char *token,
	    bool resume, void *arg);

struct hello_set *hello_set_new(struct event_base *base, hello_fn fn,
		    void *arg);
/* Connections that open in TLS are answered in it (tls.h); a plain one
 * from another machine is refused unless insecure. */
struct net_tls;
void		 hello_set_tls(struct hello_set *h, struct net_tls *tls,
		    bool insecure);
/* Closes every connection still pending. */
void		 hello_set_free(struct hello_set *h);
/* A connection just accepted. */
void		 hello_add(struct hello_set *h, int fd,
		    const struct sockaddr *sa, socklen_t len);
/* Sends "refused REASON" on fd (and leaves it open). */
void		 hello_refuse(int fd, const char *reason);

#endif
