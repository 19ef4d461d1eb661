/*
 * tls.c: the arbiter's TLS identity and its relays (tls.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/bufferevent_ssl.h>
#include <openssl/err.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "net/tls.h"
#include "base/xmalloc.h"

/* Either side holding this much unsent stops reading the other. */
#define RELAY_HIGH	(1024 * 1024)

struct relay {
	LIST_ENTRY(relay)	 entry;
	struct net_tls		*tls;
	struct bufferevent	*secure, *plain;
	bool			 closing;	/* one side ended: the other's
						 * output drains, then both go */
};

struct net_tls {
	SSL_CTX			*ctx;
	char			 fingerprint[7 + 64 + 1];
	LIST_HEAD(, relay)	 relays;
};

static void
relay_free(struct relay *r)
{
	LIST_REMOVE(r, entry);
	bufferevent_free(r->secure);
	bufferevent_free(r->plain);
	free(r);
}

static struct bufferevent *
other(struct relay *r, struct bufferevent *bev)
{
	return bev == r->secure ? r->plain : r->secure;
}

/* What one side reads, the other writes; a full side pauses the other. */
static void
relay_read(struct bufferevent *bev, void *arg)
{
	struct relay *r = arg;
	struct bufferevent *to = other(r, bev);

	bufferevent_write_buffer(to, bufferevent_get_input(bev));
	if (evbuffer_get_length(bufferevent_get_output(to)) > RELAY_HIGH)
		bufferevent_disable(bev, EV_READ);
}

static void
relay_drained(struct bufferevent *bev, void *arg)
{
	struct relay *r = arg;

	if (r->closing)
		relay_free(r);
	else
		bufferevent_enable(other(r, bev), EV_READ);
}

/* One side ended: what it said last still reaches the other (a quit
 * line, then the close), whose end of file follows. */
static void
relay_event(struct bufferevent *bev, short what, void *arg)
{
	struct relay *r = arg;
	struct bufferevent *to = other(r, bev);

	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	if (r->closing || evbuffer_get_length(bufferevent_get_output(to)) ==
	    0) {
		relay_free(r);
		return;
	}
	r->closing = true;
	bufferevent_disable(bev, EV_READ);
	bufferevent_disable(to, EV_READ);
}

/* The relay of ssl on fd (in state, BUFFEREVENT_SSL_*): its plain end. */
static int
relay_new(struct net_tls *t, struct event_base *base, int fd, SSL *ssl,
    int state)
{
	struct relay *r;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		SSL_free(ssl);
		close(fd);
		return -1;
	}
	r = xcalloc(1, sizeof(*r));
	r->tls = t;
	evutil_make_socket_nonblocking(fd);
	evutil_make_socket_nonblocking(sv[0]);
	r->secure = bufferevent_openssl_socket_new(base, fd, ssl,
	    (enum bufferevent_ssl_state)state, BEV_OPT_CLOSE_ON_FREE);
	r->plain = bufferevent_socket_new(base, sv[0], BEV_OPT_CLOSE_ON_FREE);
	if (r->secure == NULL || r->plain == NULL)
		abort();
	bufferevent_setcb(r->secure, relay_read, relay_drained, relay_event,
	    r);
	bufferevent_setcb(r->plain, relay_read, relay_drained, relay_event, r);
	bufferevent_enable(r->secure, EV_READ | EV_WRITE);
	bufferevent_enable(r->plain, EV_READ | EV_WRITE);
	LIST_INSERT_HEAD(&t->relays, r, entry);
	return sv[1];
}

int
net_tls_accept(struct net_tls *t, struct event_base *base, int fd)
{
	SSL *ssl = SSL_new(t->ctx);

	if (ssl == NULL)
		abort();
	return relay_new(t, base, fd, ssl, BUFFEREVENT_SSL_ACCEPTING);
}

int
net_tls_relay_open(struct net_tls *t, struct event_base *base, int fd,
    SSL *ssl)
{
	char buf[4096];
	int plain, n;

	/* What the handshake's reads took in past the hello's answer is in
	 * ssl, where no readable socket would tell the relay of it. */
	if ((plain = relay_new(t, base, fd, ssl, BUFFEREVENT_SSL_OPEN)) >= 0)
		while (SSL_pending(ssl) > 0 &&
		    (n = SSL_read(ssl, buf, sizeof(buf))) > 0)
			bufferevent_write(LIST_FIRST(&t->relays)->plain, buf,
			    (size_t)n);
	return plain;
}

/* "sha256:" and the hex of x's DER digest, into buf (72 bytes). */
static void
fingerprint(X509 *x, char *buf)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	X509_digest(x, EVP_sha256(), md, &n);
	memcpy(buf, "sha256:", 7);
	for (unsigned int i = 0; i < n && i < 32; i++)
		snprintf(buf + 7 + 2 * i, 3, "%02x", md[i]);
}

int
net_tls_handshake(struct net_tls *t, int fd, const char *pin, SSL **out,
    char *err, size_t errlen)
{
	SSL *ssl = SSL_new(t->ctx);
	X509 *x;
	char got[7 + 64 + 1] = "";

	if (ssl == NULL)
		abort();
	SSL_set_fd(ssl, fd);
	if (SSL_connect(ssl) != 1) {
		snprintf(err, errlen, "the TLS handshake failed: %s",
		    ERR_reason_error_string(ERR_get_error()) ?
		    ERR_reason_error_string(ERR_get_error()) : "no TLS");
		SSL_free(ssl);
		return -1;
	}
	if ((x = SSL_get1_peer_certificate(ssl)) != NULL) {
		fingerprint(x, got);
		X509_free(x);
	}
	if (strcasecmp(got, pin) != 0) {
		snprintf(err, errlen, "the arbiter's certificate is %s, not "
		    "the pinned %.80s: not connecting", got[0] ? got : "missing",
		    pin);
		SSL_free(ssl);
		return -1;
	}
	*out = ssl;
	return 0;
}

struct net_tls *
net_tls_client(void)
{
	struct net_tls *t = xcalloc(1, sizeof(*t));

	LIST_INIT(&t->relays);
	/* No authority: the pin (net_tls_handshake) is the check. */
	if ((t->ctx = SSL_CTX_new(TLS_client_method())) == NULL ||
	    SSL_CTX_set_min_proto_version(t->ctx, TLS1_2_VERSION) != 1)
		abort();
	/* The arbiter closes without close_notify: an end, not an error. */
	SSL_CTX_set_options(t->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
	return t;
}

/* A new key and self-signed certificate, saved; NULL with err. */
static X509 *
make_identity(const char *cert_path, const char *key_path, EVP_PKEY **key,
    char *err, size_t errlen)
{
	X509 *x = X509_new();
	X509_NAME *name;
	unsigned char serial[8];
	BIGNUM *bn;
	FILE *f;
	int fd;

	*key = EVP_EC_gen("P-256");
	if (x == NULL || *key == NULL)
		abort();
	X509_set_version(x, 2);
	if (RAND_bytes(serial, sizeof(serial)) != 1 ||
	    (bn = BN_bin2bn(serial, sizeof(serial), NULL)) == NULL ||
	    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x)) == NULL)
		abort();
	BN_free(bn);
	X509_gmtime_adj(X509_getm_notBefore(x), -3600);
	X509_gmtime_adj(X509_getm_notAfter(x), 10L * 366 * 24 * 3600);
	X509_set_pubkey(x, *key);
	name = X509_get_subject_name(x);
	X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
	    (const unsigned char *)"bezique-arbiter", -1, -1, 0);
	X509_set_issuer_name(x, name);
	if (X509_sign(x, *key, EVP_sha256()) == 0)
		abort();
	if ((fd = open(key_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0600)) < 0 || (f = fdopen(fd, "w")) == NULL ||
	    !PEM_write_PrivateKey(f, *key, NULL, NULL, 0, NULL, NULL) ||
	    fclose(f) != 0 || (f = fopen(cert_path, "wx")) == NULL ||
	    !PEM_write_X509(f, x) || fclose(f) != 0) {
		snprintf(err, errlen, "%s: cannot save the TLS identity: %s",
		    fd < 0 ? key_path : cert_path, strerror(errno));
		X509_free(x);
		EVP_PKEY_free(*key);
		return NULL;
	}
	return x;
}

static X509 *
load_identity(const char *cert_path, const char *key_path, EVP_PKEY **key,
    char *err, size_t errlen)
{
	FILE *c = fopen(cert_path, "re"), *k = fopen(key_path, "re");
	X509 *x = c ? PEM_read_X509(c, NULL, NULL, NULL) : NULL;

	*key = k ? PEM_read_PrivateKey(k, NULL, NULL, NULL) : NULL;
	if (c != NULL)
		fclose(c);
	if (k != NULL)
		fclose(k);
	if (x == NULL || *key == NULL) {
		snprintf(err, errlen, "%s: not a certificate and key this "
		    "arbiter can read (remove both to make new ones)",
		    x == NULL ? cert_path : key_path);
		X509_free(x);
		EVP_PKEY_free(*key);
		return NULL;
	}
	return x;
}

struct net_tls *
net_tls_open(const char *cert_path, const char *key_path, char *err,
    size_t errlen)
{
	struct net_tls *t;
	EVP_PKEY *key;
	X509 *x;

	if (access(cert_path, F_OK) < 0 && access(key_path, F_OK) < 0)
		x = make_identity(cert_path, key_path, &key, err, errlen);
	else
		x = load_identity(cert_path, key_path, &key, err, errlen);
	if (x == NULL)
		return NULL;
	t = xcalloc(1, sizeof(*t));
	LIST_INIT(&t->relays);
	if ((t->ctx = SSL_CTX_new(TLS_server_method())) == NULL ||
	    SSL_CTX_set_min_proto_version(t->ctx, TLS1_2_VERSION) != 1 ||
	    SSL_CTX_use_certificate(t->ctx, x) != 1 ||
	    SSL_CTX_use_PrivateKey(t->ctx, key) != 1)
		abort();
	/* A bot that goes without close_notify has ended, not failed. */
	SSL_CTX_set_options(t->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
	fingerprint(x, t->fingerprint);
	X509_free(x);
	EVP_PKEY_free(key);
	return t;
}

const char *
net_tls_fingerprint(const struct net_tls *t)
{
	return t->fingerprint;
}

void
net_tls_close_all(struct net_tls *t)
{
	while (t != NULL && !LIST_EMPTY(&t->relays))
		relay_free(LIST_FIRST(&t->relays));
}

void
net_tls_free(struct net_tls *t)
{
	if (t == NULL)
		return;
	net_tls_close_all(t);
	SSL_CTX_free(t->ctx);
	free(t);
}
