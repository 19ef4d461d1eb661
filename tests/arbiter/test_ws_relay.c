/*
 * test_ws_relay.c: the WebSocket relay (arbiter/net/ws_relay.h) on one
 * event loop, a socketpair standing for the client's connection: the
 * upgrade (RFC 6455 §1.3's key and answer), a client's masked frames
 * reaching the arbiter's end as lines, the arbiter's lines going out as
 * one text frame each, ping and pong, a message over 64 KiB answered by
 * close code 1009 with the line saying why, a bad upgrade answered 400,
 * and either side's end reaching the other.
 */
#include "../unit/test_util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "net/ws.h"
#include "net/ws_relay.h"

#define UPGRADE_HEAD "GET /bzp HTTP/1.1\r\nHost: localhost\r\n" \
	"Upgrade: websocket\r\nConnection: Upgrade\r\n" \
	"Sec-WebSocket-Version: 13\r\n"
#define UPGRADE UPGRADE_HEAD \
	"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"

struct relay_test {
	struct event_base	*base;
	struct net_ws		*ws;
	int			 client;	/* the browser's end */
	int			 plain;		/* the arbiter's end */
};

static int
setup(void **state)
{
	struct relay_test *t = calloc(1, sizeof(*t));
	int sv[2];

	assert_non_null(t);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	t->base = event_base_new();
	t->ws = net_ws_new();
	t->client = sv[0];
	t->plain = net_ws_accept(t->ws, t->base, sv[1]);
	assert_true(t->plain >= 0);
	*state = t;
	return 0;
}

static int
teardown(void **state)
{
	struct relay_test *t = *state;

	net_ws_free(t->ws);
	event_base_free(t->base);
	close(t->client);
	if (t->plain >= 0)
		close(t->plain);
	free(t);
	return 0;
}

/* Runs the loop until fd has given want bytes, or end of file (-1 then,
 * with what came in *got).  A 30 s guard against a hang, no timing. */
static ssize_t
pump(struct relay_test *t, int fd, void *buf, size_t want)
{
	size_t have = 0;
	time_t until = time(NULL) + 30;

	while (have < want && time(NULL) < until) {
		ssize_t n;

		event_base_loop(t->base, EVLOOP_NONBLOCK);
		n = recv(fd, (char *)buf + have, want - have, MSG_DONTWAIT);
		if (n == 0)
			return -1;
		if (n > 0)
			have += (size_t)n;
		else if (errno != EAGAIN)
			return -1;
		else
			usleep(1000);
	}
	return (ssize_t)have;
}

static void
send_all(int fd, const void *p, size_t n)
{
	assert_int_equal(send(fd, p, n, 0), (ssize_t)n);
}

/* A masked text frame of s, key 1 2 3 4. */
static void
send_text(int fd, int op, const char *s)
{
	unsigned char f[256], key[4] = { 1, 2, 3, 4 };
	size_t n = strlen(s);

	f[0] = (unsigned char)(0x80 | op);
	f[1] = (unsigned char)(0x80 | n);
	memcpy(f + 2, key, 4);
	for (size_t i = 0; i < n; i++)
		f[6 + i] = (unsigned char)s[i] ^ key[i & 3];
	send_all(fd, f, 6 + n);
}

static void
upgrade(struct relay_test *t)
{
	static const char want[] = "HTTP/1.1 101 Switching Protocols\r\n"
	    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	    "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n";
	char got[sizeof(want)] = "";

	send_all(t->client, UPGRADE, strlen(UPGRADE));
	assert_int_equal(pump(t, t->client, got, sizeof(want) - 1),
	    sizeof(want) - 1);
	assert_string_equal(got, want);
}

static void
test_lines_both_ways(void **state)
{
	struct relay_test *t = *state;
	char got[64] = "";
	unsigned char frame[64];

	upgrade(t);
	send_text(t->client, WS_OP_TEXT, "hello bzp=1 name=web");
	send_text(t->client, WS_OP_TEXT, "a\nb\n");
	assert_int_equal(pump(t, t->plain, got, 25), 25);
	assert_string_equal(got, "hello bzp=1 name=web\na\nb\n");
	send_all(t->plain, "welcome web\nbzp", 15);
	assert_int_equal(pump(t, t->client, frame, 14), 14);
	assert_int_equal(frame[0], 0x81);
	assert_int_equal(frame[1], 12);
	assert_memory_equal(frame + 2, "welcome web\n", 12);
	/* A ping is answered with a pong of its payload. */
	send_text(t->client, WS_OP_PING, "p");
	assert_int_equal(pump(t, t->client, frame, 3), 3);
	assert_int_equal(frame[0], 0x8a);
	assert_int_equal(frame[2], 'p');
	/* The arbiter closes: its last line, then a close frame 1000. */
	send_all(t->plain, " 1\n", 3);
	close(t->plain);
	t->plain = -1;
	assert_int_equal(pump(t, t->client, frame, 8 + 4), 12);
	assert_memory_equal(frame, "\x81\x06" "bzp 1\n" "\x88\x02\x03\xe8", 12);
	assert_int_equal(pump(t, t->client, frame, 1), -1);
}

static void
test_too_big(void **state)
{
	struct relay_test *t = *state;
	static const unsigned char big[] = { 0x81, 0xff, 0, 0, 0, 0, 0, 1, 0,
	    1, 0, 0, 0, 0 };
	unsigned char frame[64];
	char line[8];

	upgrade(t);
	send_all(t->client, big, sizeof(big));
	assert_int_equal(pump(t, t->client, frame, 4), 4);
	assert_int_equal(frame[0], 0x88);
	assert_int_equal(frame[2] << 8 | frame[3], 1009);
	assert_int_equal(pump(t, t->client, frame + 4, frame[1] - 2),
	    frame[1] - 2);
	frame[frame[1] + 2] = '\0';
	assert_non_null(strstr((char *)frame + 4, "message over 64 KiB"));
	/* The arbiter's end reads end of file. */
	assert_int_equal(pump(t, t->plain, line, 1), -1);
}

static void
test_bad_upgrade(void **state)
{
	struct relay_test *t = *state;
	char got[512] = "", line[8];
	ssize_t n;

	send_all(t->client, UPGRADE_HEAD "\r\n", strlen(UPGRADE_HEAD) + 2);
	n = pump(t, t->client, got, sizeof(got) - 1);
	assert_int_equal(n, -1);	/* answered, then closed */
	assert_non_null(strstr(got, "HTTP/1.1 400 Bad Request\r\n"));
	assert_non_null(strstr(got,
	    "websocket upgrade: no Sec-WebSocket-Key of 24 characters\n"));
	assert_int_equal(pump(t, t->plain, line, 1), -1);
}

/* The client goes: what it said last reaches the arbiter, then EOF. */
static void
test_client_gone(void **state)
{
	struct relay_test *t = *state;
	char got[16] = "";

	upgrade(t);
	send_text(t->client, WS_OP_TEXT, "last");
	shutdown(t->client, SHUT_RDWR);
	assert_int_equal(pump(t, t->plain, got, sizeof(got) - 1), -1);
	assert_string_equal(got, "last\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_lines_both_ways, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_too_big, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_upgrade, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_client_gone, setup,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
