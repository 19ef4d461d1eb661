/*
 * test_net.c: a connection as an engine (engine_proc_adopt) and the
 * remote seats' tokens (net/tokens.h).
 *
 * The adopted engine is one end of a socketpair on a real event_base:
 * lines go both ways, the peer's close ends it with status 0, and kill,
 * pause and rest, which signal a process group, must leave this process
 * (whose group a pid of 0 would name) untouched.
 */
#include "../unit/test_util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/event.h>

#include "net/tokens.h"
#include "proc/engine_proc.h"

struct run {
	struct event_base	*base;
	char			 line[256];
	int			 nlines;
	bool			 closed, exited;
	int			 status;
};

static void
on_line(struct engine_proc *ep, const char *line, size_t len, void *arg)
{
	struct run *r = arg;

	snprintf(r->line, sizeof(r->line), "%s", line);
	r->nlines++;
	event_base_loopbreak(r->base);
}

static void
on_error(struct engine_proc *ep, enum engine_proc_fault f, const char *d,
    void *arg)
{
	struct run *r = arg;

	r->closed = f == ENGINE_PROC_CLOSED;
	engine_proc_ending(ep);
}

static void
on_exit_(struct engine_proc *ep, int status, void *arg)
{
	struct run *r = arg;

	r->exited = true;
	r->status = status;
	event_base_loopbreak(r->base);
}

static const struct engine_proc_callbacks cbs = { on_line, on_error,
	on_exit_ };

/* Runs the loop until a callback breaks it (or 5 s). */
static void
spin(struct run *r)
{
	struct timeval tv = { 5, 0 };

	event_base_loopexit(r->base, &tv);
	event_base_dispatch(r->base);
}

/* Runs the loop for ms, whatever comes. */
static void
pump(struct run *r, long ms)
{
	struct timeval tv = { 0, ms * 1000 };

	event_base_loopexit(r->base, &tv);
	event_base_dispatch(r->base);
}

static struct engine_proc *
adopt(struct run *r, struct engine_proc_reaper *rp, int *peer)
{
	int sv[2];
	struct engine_spec spec = { .max_line = 0 };
	char err[128];
	struct engine_proc *ep;

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	*peer = sv[1];
	ep = engine_proc_adopt(rp, sv[0], &spec, &cbs, r, err, sizeof(err));
	assert_non_null(ep);
	return ep;
}

static void
test_adopt_lines_and_end(void **state)
{
	struct run r = { 0 };
	struct engine_proc_reaper *rp;
	struct engine_proc *ep;
	char buf[64];
	int peer;
	ssize_t n;

	r.base = event_base_new();
	rp = engine_proc_reaper_new(r.base);
	ep = adopt(&r, rp, &peer);
	assert_int_equal(engine_proc_pid(ep), 0);
	assert_int_equal(engine_proc_send(ep, "bzp"), 0);
	n = read(peer, buf, sizeof(buf) - 1);
	assert_int_equal(n, 4);
	assert_memory_equal(buf, "bzp\n", 4);
	assert_int_equal(write(peer, "bzpok\n", 6), 6);
	spin(&r);
	assert_int_equal(r.nlines, 1);
	assert_string_equal(r.line, "bzpok");
	/* Signals go to no group: the test process lives on. */
	engine_proc_pause(ep, true);
	engine_proc_rest(ep);
	engine_proc_pause(ep, false);
	close(peer);
	spin(&r);
	assert_true(r.closed);
	if (!r.exited)
		spin(&r);
	assert_true(r.exited);
	assert_int_equal(r.status, 0);
	engine_proc_free(ep);
	engine_proc_reaper_free(rp);
	event_base_free(r.base);
}

static void
test_adopt_kill_and_quit(void **state)
{
	struct run r = { 0 };
	struct engine_proc_reaper *rp;
	struct engine_proc *ep;
	char buf[64];
	int peer;

	r.base = event_base_new();
	rp = engine_proc_reaper_new(r.base);
	ep = adopt(&r, rp, &peer);
	engine_proc_kill(ep);	/* kill(-0) would end this test */
	if (!r.exited)
		spin(&r);
	assert_true(r.exited);
	assert_int_equal(read(peer, buf, sizeof(buf)), 0);	/* closed */
	close(peer);
	engine_proc_free(ep);
	r.exited = false;
	ep = adopt(&r, rp, &peer);
	engine_proc_quit(ep, "quit", 2000);
	pump(&r, 100);	/* the queue drains, then the shutdown */
	assert_int_equal(read(peer, buf, sizeof(buf)), 5);
	assert_memory_equal(buf, "quit\n", 5);
	assert_int_equal(read(peer, buf, sizeof(buf)), 0);	/* SHUT_WR */
	close(peer);
	spin(&r);
	assert_true(r.exited);
	engine_proc_free(ep);
	engine_proc_reaper_free(rp);
	event_base_free(r.base);
}

static void
test_token_alphabets(void **state)
{
	assert_true(tokens_name_ok("alice_2.b-c", 11));
	assert_false(tokens_name_ok("", 0));
	assert_false(tokens_name_ok("a b", 3));
	assert_false(tokens_name_ok("a/b", 3));
	assert_true(tokens_token_ok("0123456789abcdef", 16));
	assert_false(tokens_token_ok("0123456789abcde", 15));
	assert_false(tokens_token_ok("0123456789abcdef.", 17));
}

static void
test_tokens_made_and_read(void **state)
{
	char dir[] = "/tmp/test_net.XXXXXX", path[64], err[256];
	const char *names[] = { "alice", "bob" };
	struct tokens *t;
	struct stat st;
	bool created;
	FILE *f;
	char name[32], tok[2][160];

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/tokens", dir);
	t = tokens_open(path, names, 2, &created, err, sizeof(err));
	assert_non_null(t);
	assert_true(created);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(tok[0], sizeof(tok[0]), f));	/* comment */
	assert_int_equal(fscanf(f, "%31s %159s", name, tok[0]), 2);
	assert_string_equal(name, "alice");
	assert_int_equal(fscanf(f, "%31s %159s", name, tok[1]), 2);
	fclose(f);
	assert_int_equal(strlen(tok[0]), 32);
	assert_string_not_equal(tok[0], tok[1]);
	assert_int_equal(tokens_check(t, "alice", tok[0]), 1);
	assert_int_equal(tokens_check(t, "alice", tok[1]), 0);
	assert_int_equal(tokens_check(t, "carol", tok[0]), -1);
	tokens_free(t);
	/* Read back, not made again. */
	t = tokens_open(path, names, 2, &created, err, sizeof(err));
	assert_non_null(t);
	assert_false(created);
	assert_int_equal(tokens_check(t, "bob", tok[1]), 1);
	tokens_free(t);
	/* A seat the file has no token for. */
	names[1] = "carol";
	assert_null(tokens_open(path, names, 2, &created, err, sizeof(err)));
	assert_non_null(strstr(err, "no token for the remote seat 'carol'"));
	unlink(path);
	rmdir(dir);
}

static void
test_tokens_bad_lines(void **state)
{
	char dir[] = "/tmp/test_net.XXXXXX", path[64], err[256];
	const char *names[] = { "alice" };
	static const char *const bad[][2] = {
		{ "alice\n", ":1: a line is 'NAME TOKEN'" },
		{ "# c\nalice short\n", ":2: the token of 'alice'" },
		{ "a/b 0123456789abcdef\n", "not a seat's name" },
		{ "alice 0123456789abcdef\nalice 0123456789abcdef\n",
		    ":2: 'alice' has a token already" },
	};
	bool created;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/tokens", dir);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(bad[i][0], f);
		fclose(f);
		assert_null(tokens_open(path, names, 1, &created, err,
		    sizeof(err)));
		if (strstr(err, bad[i][1]) == NULL) {
			print_error("case %zu: '%s' lacks '%s'\n", i, err,
			    bad[i][1]);
			fail();
		}
	}
	unlink(path);
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_adopt_lines_and_end),
		cmocka_unit_test(test_adopt_kill_and_quit),
		cmocka_unit_test(test_token_alphabets),
		cmocka_unit_test(test_tokens_made_and_read),
		cmocka_unit_test(test_tokens_bad_lines),
	};

	engine_proc_setup();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
