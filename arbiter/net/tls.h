/*
 * tls.h: remote seats over TLS (doc/network.md).
 *
 * The arbiter's identity is a self-signed certificate (ECDSA P-256, made
 * with OpenSSL on first use and kept beside the tokens, its key mode
 * 0600); a bot pins its SHA-256 fingerprint, which the arbiter prints,
 * instead of trusting an authority.  TLS is a layer under the protocol,
 * not in it: a connection that opens with a TLS ClientHello is answered
 * in TLS and its plaintext relayed to one end of a socketpair, whose
 * other end is then a connection like any other (the hello, the seat,
 * the engine).  So every check after the handshake is the same code for
 * both.
 */
#ifndef NET_TLS_H
#define NET_TLS_H

#include <stddef.h>

#include <event2/event.h>

struct net_tls;

/* The arbiter's side: loads cert_path and key_path, or makes and saves
 * both when neither exists.  NULL with one line in err. */
struct net_tls	*net_tls_open(const char *cert_path, const char *key_path,
		    char *err, size_t errlen);
/* A bot's side (bezique-connect): no identity, only relays. */
struct net_tls	*net_tls_client(void);
/* Closes every connection it relays (before their loop is freed). */
void		 net_tls_close_all(struct net_tls *t);
/* Frees it and closes every connection it relays. */
void		 net_tls_free(struct net_tls *t);
/* "sha256:" and 64 lowercase hex digits, of the certificate (DER). */
const char	*net_tls_fingerprint(const struct net_tls *t);

/*
 * Takes fd, an accepted connection whose client speaks TLS, and returns
 * the plain end of its relay on base (the caller's), or -1 (fd closed).
 * The handshake happens on the loop; if it fails the plain end reads end
 * of file.
 */
int		 net_tls_accept(struct net_tls *t, struct event_base *base,
		    int fd);

/*
 * A bot's side: connects ssl (a client of net_tls_client's context) on
 * the blocking socket fd within the socket's timeouts, and checks that
 * the arbiter's certificate has the fingerprint pin ("sha256:HEX").
 * 0, or -1 with one line in err.
 */
struct ssl_st;
int		 net_tls_handshake(struct net_tls *t, int fd, const char *pin,
		    struct ssl_st **ssl, char *err, size_t errlen);
/* Then relays the open ssl on base: the plain end, as net_tls_accept. */
int		 net_tls_relay_open(struct net_tls *t, struct event_base *base,
		    int fd, struct ssl_st *ssl);

#endif
