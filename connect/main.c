/*
 * bezique-connect: runs a bot that speaks the protocol on stdin/stdout
 * and seats it at an arbiter's remote seat over the network
 * (doc/network.md).
 *
 *	bezique-connect HOST:PORT --name NAME [--token-file FILE]
 *	    [--pin sha256:HEX] [--retry-for S] -- COMMAND [ARGS...]
 *
 * It connects out (so a bot behind NAT can play), in TLS to the pinned
 * certificate with --pin (else plain TCP), says hello with the
 * seat's token, starts the bot once and relays lines both ways.  The
 * connection and the bot are each an engine_proc (the arbiter's own
 * relay: bounded lines and queues), one adopted, one spawned.  A dropped
 * connection is tried again, with backoff, for --retry-for seconds, as
 * the same bot (resume=1): the arbiter then tells it where the deal
 * stands.  The arbiter's quit ends the bot and this program, status 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include <openssl/ssl.h>

#include "proc/engine_proc.h"
#include "net/tls.h"
#include "net/tokens.h"

#define CONNECT_MS	5000	/* to connect, and to hear welcome */
#define BACKOFF_MIN_MS	200
#define BACKOFF_MAX_MS	5000

struct bridge {
	struct event_base		*base;
	struct engine_proc_reaper	*reaper;
	struct engine_proc		*bot, *net;
	struct event			*retry;
	const char			*host, *port, *name;
	const char			*pin;	/* TLS, to this certificate */
	struct net_tls			*tls;
	char				 token[TOKENS_TOKEN_MAX + 2];
	long long			 retry_ms, backoff_ms;
	unsigned long long		 down_since_ms;
	bool				 quit;		/* the arbiter said so */
	int				 status;	/* the program's */
};

static void	reconnect_cb(evutil_socket_t fd, short what, void *arg);

static unsigned long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000 + (unsigned long long)
	    ts.tv_nsec / 1000000;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bezique-connect HOST:PORT --name NAME "
	    "[--token-file FILE] [--pin sha256:HEX] [--retry-for S] -- "
	    "COMMAND [ARGS...]\n"
	    "  the token: --token-file FILE (the organiser's 'NAME TOKEN' "
	    "line, or the token alone), or BEZIQUE_TOKEN\n");
}

/* Connects within CONNECT_MS; the socket, or -1 with err. */
static int
dial(const struct bridge *br, char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai, *a;
	struct pollfd p = { .events = POLLOUT };
	int rc, fd = -1, e = 0;
	socklen_t el = sizeof(e);

	if ((rc = getaddrinfo(br->host, br->port, &hints, &ai)) != 0) {
		snprintf(err, errlen, "%s:%s: %s", br->host, br->port,
		    gai_strerror(rc));
		return -1;
	}
	for (a = ai; a != NULL && fd < 0; a = a->ai_next) {
		if ((fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC |
		    SOCK_NONBLOCK, 0)) < 0)
			continue;
		if (connect(fd, a->ai_addr, a->ai_addrlen) < 0 &&
		    errno == EINPROGRESS) {
			p.fd = fd;
			if (poll(&p, 1, CONNECT_MS) == 1)
				getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &el);
			else
				e = ETIMEDOUT;
		} else
			e = errno == 0 ? 0 : errno;
		if (e != 0) {
			close(fd);
			fd = -1;
		}
	}
	freeaddrinfo(ai);
	if (fd < 0)
		snprintf(err, errlen, "%s:%s: %s", br->host, br->port,
		    strerror(e ? e : ECONNREFUSED));
	return fd;
}

/* Reads the answer to hello, up to its newline and no further (the
 * socket is blocking, with CONNECT_MS timeouts). */
static int
answer(int fd, SSL *ssl, char *buf, size_t len)
{
	size_t n = 0;

	while (n + 1 < len) {
		if ((ssl ? SSL_read(ssl, buf + n, 1) : read(fd, buf + n, 1)) != 1)
			return -1;
		if (buf[n] == '\n')
			break;
		n++;
	}
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\r')
		buf[n - 1] = '\0';
	return 0;
}

/* The socket blocking, each call bounded by CONNECT_MS. */
static void
blocking(int fd)
{
	struct timeval tv = { CONNECT_MS / 1000, 0 };

	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

/*
 * Connects and says hello: the plain end of the connection (the socket,
 * or its TLS relay's), or -1 with err; *refused is set when trying again
 * would not help (the arbiter said no, or its certificate is not the
 * pinned one).
 */
static int
seat(struct bridge *br, bool resume, bool *refused, char *err, size_t errlen)
{
	char line[512];
	SSL *ssl = NULL;
	size_t len;
	int fd;

	*refused = false;
	if ((fd = dial(br, err, errlen)) < 0)
		return -1;
	blocking(fd);
	if (br->pin != NULL && net_tls_handshake(br->tls, fd, br->pin, &ssl,
	    err, errlen) < 0) {
		*refused = strstr(err, "pinned") != NULL;
		close(fd);
		return -1;
	}
	len = (size_t)snprintf(line, sizeof(line), "hello bzp=1 name=%s "
	    "token=%s resume=%d\n", br->name, br->token, resume);
	if ((ssl ? SSL_write(ssl, line, (int)len) : write(fd, line, len)) !=
	    (int)len || answer(fd, ssl, line, sizeof(line)) < 0) {
		SSL_free(ssl);
		snprintf(err, errlen, "%s:%s: no answer to hello", br->host,
		    br->port);
		close(fd);
		return -1;
	}
	if (strncmp(line, "welcome ", 8) != 0) {
		*refused = true;
		snprintf(err, errlen, "the arbiter %s%.300s", strncmp(line,
		    "refused ", 8) == 0 ? "refused: " : "answered hello with "
		    "nonsense: ", strncmp(line, "refused ", 8) == 0 ? line + 8 :
		    line);
		SSL_free(ssl);
		close(fd);
		return -1;
	}
	return ssl ? net_tls_relay_open(br->tls, br->base, fd, ssl) : fd;
}

static void
net_line(struct engine_proc *ep, const char *line, size_t len, void *arg)
{
	struct bridge *br = arg;

	if (strcmp(line, "quit") == 0)
		br->quit = true;
	if (br->bot != NULL)
		engine_proc_send(br->bot, line);
}

static void
bot_line(struct engine_proc *ep, const char *line, size_t len, void *arg)
{
	struct bridge *br = arg;

	if (br->net != NULL)	/* meanwhile lost: the arbiter asks again */
		engine_proc_send(br->net, line);
}

/* Both ends gone: the loop ends (the reaper's signal event would keep
 * it). */
static void
maybe_done(struct bridge *br)
{
	if (br->bot == NULL && br->net == NULL)
		event_base_loopexit(br->base, NULL);
}

static void
net_fault(struct engine_proc *ep, enum engine_proc_fault f, const char *d,
    void *arg)
{
	engine_proc_kill(ep);
}

static void
net_exit(struct engine_proc *ep, int status, void *arg)
{
	struct bridge *br = arg;
	struct timeval tv = { 0, 0 };

	engine_proc_free(br->net);
	br->net = NULL;
	if (br->quit || br->bot == NULL) {
		if (br->bot != NULL)
			engine_proc_quit(br->bot, NULL, 2000);
		maybe_done(br);
		return;
	}
	fprintf(stderr, "bezique-connect: the connection dropped: trying "
	    "again for %lld s\n", br->retry_ms / 1000);
	br->down_since_ms = now_ms();
	br->backoff_ms = BACKOFF_MIN_MS;
	evtimer_add(br->retry, &tv);
}

static void
bot_exit(struct engine_proc *ep, int status, void *arg)
{
	struct bridge *br = arg;
	char s[64];

	engine_proc_free(br->bot);
	br->bot = NULL;
	if (!br->quit) {
		fprintf(stderr, "bezique-connect: the bot ended (%s) before "
		    "the arbiter's quit\n", engine_proc_status_str(status, s,
		    sizeof(s)));
		br->status = 1;
	}
	if (br->net != NULL)
		engine_proc_quit(br->net, NULL, 1000);
	evtimer_del(br->retry);
	maybe_done(br);
}

static const struct engine_proc_callbacks net_cb = { net_line, net_fault,
	net_exit };
static const struct engine_proc_callbacks bot_cb = { bot_line, NULL,
	bot_exit };

static int
adopt(struct bridge *br, int fd)
{
	struct engine_spec spec = { .max_line = 0 };
	char err[256];

	if ((br->net = engine_proc_adopt(br->reaper, fd, &spec, &net_cb, br,
	    err, sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-connect: %s\n", err);
		return -1;
	}
	return 0;
}

static void
reconnect_cb(evutil_socket_t unused, short what, void *arg)
{
	struct bridge *br = arg;
	struct timeval tv;
	char err[512];
	bool refused;
	int fd;

	if (br->bot == NULL)
		return;
	if ((fd = seat(br, true, &refused, err, sizeof(err))) >= 0) {
		fprintf(stderr, "bezique-connect: connected again\n");
		if (adopt(br, fd) < 0)
			engine_proc_quit(br->bot, NULL, 2000);
		return;
	}
	if (refused || now_ms() - br->down_since_ms >= (unsigned long long)
	    br->retry_ms) {
		fprintf(stderr, "bezique-connect: %s%s\n", err, refused ? "" :
		    " (gave up)");
		br->status = 1;
		engine_proc_quit(br->bot, NULL, 2000);
		return;
	}
	tv.tv_sec = br->backoff_ms / 1000;
	tv.tv_usec = br->backoff_ms % 1000 * 1000;
	br->backoff_ms = br->backoff_ms * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS :
	    br->backoff_ms * 2;
	evtimer_add(br->retry, &tv);
}

/* The token: the file's line for the seat, or its only word. */
static int
read_token(struct bridge *br, const char *file)
{
	char line[512], *a, *b, *save;
	FILE *f = NULL;
	const char *env = getenv("BEZIQUE_TOKEN");

	br->token[0] = '\0';
	if (file == NULL && env != NULL)
		snprintf(br->token, sizeof(br->token), "%s", env);
	if (file != NULL && (f = fopen(file, "re")) == NULL) {
		fprintf(stderr, "bezique-connect: --token-file %s: %s\n", file,
		    strerror(errno));
		return -1;
	}
	for (; file != NULL && fgets(line, sizeof(line), f) != NULL;) {
		line[strcspn(line, "#\r\n")] = '\0';
		if ((a = strtok_r(line, " \t", &save)) == NULL)
			continue;
		b = strtok_r(NULL, " \t", &save);
		if (b == NULL || strcmp(a, br->name) == 0) {
			snprintf(br->token, sizeof(br->token), "%s", b ? b : a);
			break;
		}
	}
	if (file != NULL)
		fclose(f);
	if (!tokens_token_ok(br->token, strlen(br->token))) {
		fprintf(stderr, "bezique-connect: no token for '%s' (%s): 16 to "
		    "%d of A-Z a-z 0-9 _ -\n", br->name, file ? file :
		    "BEZIQUE_TOKEN", TOKENS_TOKEN_MAX);
		return -1;
	}
	return 0;
}

/* The first connection, tried as a reconnection is: the arbiter may not
 * be listening yet. */
static int
first_seat(struct bridge *br)
{
	unsigned long long t0 = now_ms();
	long long wait = BACKOFF_MIN_MS;
	char err[512];
	bool refused;
	int fd;

	for (;;) {
		if ((fd = seat(br, false, &refused, err, sizeof(err))) >= 0)
			return fd;
		if (refused || now_ms() - t0 >= (unsigned long long)br->retry_ms) {
			fprintf(stderr, "bezique-connect: %s\n", err);
			return -1;
		}
		usleep((useconds_t)wait * 1000);
		wait = wait * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : wait * 2;
	}
}

static int
parse(struct bridge *br, int argc, char **argv, const char **file, int *cmd)
{
	char *colon, *end;

	if (argc < 2 || (colon = strrchr(argv[1], ':')) == NULL)
		return -1;
	*colon = '\0';
	br->host = argv[1][0] == '[' ? argv[1] + 1 : argv[1];
	if (argv[1][0] == '[' && colon[-1] == ']')
		colon[-1] = '\0';
	br->port = colon + 1;
	br->retry_ms = 60000;
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			*cmd = i + 1;
			return br->name != NULL && *cmd < argc ? 0 : -1;
		}
		if (i + 1 >= argc)
			return -1;
		if (strcmp(argv[i], "--name") == 0)
			br->name = argv[++i];
		else if (strcmp(argv[i], "--token-file") == 0)
			*file = argv[++i];
		else if (strcmp(argv[i], "--pin") == 0)
			br->pin = argv[++i];
		else if (strcmp(argv[i], "--retry-for") == 0) {
			br->retry_ms = strtoll(argv[++i], &end, 10) * 1000;
			if (*end != '\0' || br->retry_ms < 0)
				return -1;
		} else
			return -1;
	}
	return -1;
}

/* Seats the bot and relays until the end: the program's status. */
static int
relay(struct bridge *br, char **command)
{
	struct engine_spec spec = { 0 };
	char err[256];
	int fd;

	if ((fd = first_seat(br)) < 0)
		return 1;
	engine_proc_setup();
	br->reaper = engine_proc_reaper_new(br->base);
	br->retry = evtimer_new(br->base, reconnect_cb, br);
	spec.argv = command;
	spec.stderr_path = "/dev/stderr";	/* the bot's, passed through */
	if ((br->bot = engine_proc_spawn(br->reaper, &spec, &bot_cb, br, err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-connect: %s\n", err);
		close(fd);
		br->status = 1;
	} else {
		if (adopt(br, fd) < 0)
			engine_proc_quit(br->bot, NULL, 2000);
		fprintf(stderr, "bezique-connect: seated as %s at %s:%s\n",
		    br->name, br->host, br->port);
		event_base_dispatch(br->base);
	}
	event_free(br->retry);
	engine_proc_reaper_free(br->reaper);
	return br->status;
}

int
main(int argc, char **argv)
{
	struct bridge br = { 0 };
	const char *file = NULL;
	int cmd = 0;

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		usage();
		return 0;
	}
	if (parse(&br, argc, argv, &file, &cmd) < 0) {
		usage();
		return 2;
	}
	if (!tokens_name_ok(br.name, strlen(br.name))) {
		fprintf(stderr, "bezique-connect: --name '%s': 1 to %d of A-Z "
		    "a-z 0-9 _ . -\n", br.name, TOKENS_NAME_MAX);
		return 2;
	}
	if (br.pin != NULL && (strncmp(br.pin, "sha256:", 7) != 0 ||
	    strlen(br.pin) != 7 + 64)) {
		fprintf(stderr, "bezique-connect: --pin '%s': sha256: and 64 hex "
		    "digits, as the arbiter prints it\n", br.pin);
		return 2;
	}
	if (read_token(&br, file) < 0)
		return 1;
	if ((br.base = event_base_new()) == NULL)
		abort();
	br.tls = net_tls_client();
	br.status = relay(&br, argv + cmd);
	net_tls_free(br.tls);
	event_base_free(br.base);
	return br.status;
}
