/*
 * test_engine_proc.c: the arbiter's process layer (engine_proc.h) against
 * real child processes on a real event_base.
 *
 * The fixtures are $BUILD/fixtures/echo_engine (tests/fixtures/
 * echo_engine.c; BUILD defaults to "build") and tests/fixtures/crash.sh,
 * so the program runs from the top of the tree, as `make test` does.
 * Every wait is bounded by a safety timer, and every test ends by
 * checking that the engine's process group is gone.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "../unit/test_util.h"
#include "proc/engine_proc.h"

#define MAX_LINES	64
#define MAX_FAULTS	8
#define SAFETY_MS	5000

enum on_fault { FAULT_NOTHING, FAULT_KILL, FAULT_FREE };

/* One test's loop and what its engine told it. */
struct run {
	struct event_base		*base;
	struct engine_proc_reaper	*reaper;
	struct event			*safety;
	struct event			*tick;
	bool				 timed_out;
	struct engine_proc		*ep;
	pid_t				 pid;
	uint64_t			 t0;		/* spawn, in ms */
	char				 line[MAX_LINES][256];
	size_t				 len[MAX_LINES];
	int				 nlines;
	enum engine_proc_fault		 fault[MAX_FAULTS];
	char				 detail[256];
	int				 nfaults;
	uint64_t			 fault_ms;	/* first fault */
	bool				 exited;
	int				 status;
	bool				 killed;
	uint64_t			 exit_ms;
	enum on_fault			 on_fault;
	bool				 keep;		/* no free in on_exit */
	const char			*free_on;	/* free at this line */
};

static uint64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static char *
fixture(void)
{
	static char path[512];
	const char *build = getenv("BUILD");

	snprintf(path, sizeof(path), "%s/fixtures/echo_engine",
	    build != NULL && *build != '\0' ? build : "build");
	return path;
}

/* Callbacks. */

static void
on_line(struct engine_proc *ep, const char *line, size_t len, void *arg)
{
	struct run *t = arg;

	if (t->nlines < MAX_LINES) {
		snprintf(t->line[t->nlines], sizeof(t->line[0]), "%s", line);
		t->len[t->nlines++] = len;
	}
	if (t->free_on != NULL && strcmp(line, t->free_on) == 0) {
		engine_proc_free(ep);
		engine_proc_free(ep);	/* harmless within a callback */
		t->ep = NULL;
	}
}

static void
on_error(struct engine_proc *ep, enum engine_proc_fault f,
    const char *detail, void *arg)
{
	struct run *t = arg;

	if (t->nfaults == 0) {
		t->fault_ms = now_ms() - t->t0;
		snprintf(t->detail, sizeof(t->detail), "%s", detail);
	}
	if (t->nfaults < MAX_FAULTS)
		t->fault[t->nfaults++] = f;
	if (t->on_fault == FAULT_KILL)
		engine_proc_kill(ep);
	else if (t->on_fault == FAULT_FREE) {
		engine_proc_free(ep);
		t->ep = NULL;
	}
}

static void
on_exit_cb(struct engine_proc *ep, int status, void *arg)
{
	struct run *t = arg;

	t->exited = true;
	t->status = status;
	t->killed = engine_proc_killed(ep);
	t->exit_ms = now_ms() - t->t0;
	if (t->keep)
		return;
	engine_proc_free(ep);	/* the owner frees inside on_exit */
	t->ep = NULL;
}

static const struct engine_proc_callbacks callbacks = {
	on_line, on_error, on_exit_cb
};

/* Loop helpers. */

static void
safety_cb(evutil_socket_t fd, short what, void *arg)
{
	struct run *t = arg;

	t->timed_out = true;
	event_base_loopbreak(t->base);
}

static void
tick_cb(evutil_socket_t fd, short what, void *arg)
{
}

static void
arm_safety(struct run *t, uint64_t ms)
{
	struct timeval tv = { (time_t)(ms / 1000),
		(suseconds_t)(ms % 1000) * 1000 };

	t->timed_out = false;
	evtimer_add(t->safety, &tv);
}

/* Runs the loop until *flag turns true (or the safety timer fires). */
static bool
run_until_flag(struct run *t, const bool *flag)
{
	arm_safety(t, SAFETY_MS);
	while (!*flag && !t->timed_out)
		event_base_loop(t->base, EVLOOP_ONCE);
	evtimer_del(t->safety);
	return *flag;
}

/* Runs t's loop until who (t, or another engine on it) has n lines. */
static bool
run_until_lines_of(struct run *t, struct run *who, int n)
{
	arm_safety(t, SAFETY_MS);
	while (who->nlines < n && !who->exited && !t->timed_out)
		event_base_loop(t->base, EVLOOP_ONCE);
	evtimer_del(t->safety);
	return who->nlines >= n;
}

static bool
run_until_lines(struct run *t, int n)
{
	return run_until_lines_of(t, t, n);
}

static bool
run_until_faults(struct run *t, int n)
{
	arm_safety(t, SAFETY_MS);
	while (t->nfaults < n && !t->exited && !t->timed_out)
		event_base_loop(t->base, EVLOOP_ONCE);
	evtimer_del(t->safety);
	return t->nfaults >= n;
}

/* Runs the loop for ms, whatever happens. */
static void
run_for(struct run *t, uint64_t ms)
{
	arm_safety(t, ms);
	while (!t->timed_out)
		event_base_loop(t->base, EVLOOP_ONCE);
}

/*
 * Waits, running the loop so that strays are reaped, until nothing is
 * left of target (a pid, or minus a process group id) as kill(2) sees
 * it; fails the test after two seconds.
 */
static void
assert_gone(struct run *t, pid_t target)
{
	struct timeval tick = { 0, 10000 };
	uint64_t until = now_ms() + 2000;

	while (kill(target, 0) == 0 && now_ms() < until) {
		evtimer_add(t->tick, &tick);
		event_base_loop(t->base, EVLOOP_ONCE);
	}
	evtimer_del(t->tick);
	assert_int_equal(kill(target, 0), -1);
	assert_int_equal(errno, ESRCH);
}

/* The pid in a "ready PID" line from a grandchild- fixture. */
static pid_t
grandchild_pid(struct run *t)
{
	long pid;
	char *end;

	assert_true(t->nlines > 0);
	assert_true(strncmp(t->line[0], "ready ", 6) == 0);
	pid = strtol(t->line[0] + 6, &end, 10);
	assert_true(pid > 0 && *end == '\0');
	return (pid_t)pid;
}

/* How many descriptors this process has open. */
static int
count_fds(void)
{
	DIR *dp = opendir("/proc/self/fd");
	struct dirent *d;
	int n = 0;

	assert_non_null(dp);
	while ((d = readdir(dp)) != NULL)
		n += d->d_name[0] != '.';
	closedir(dp);
	return n;
}

static struct engine_proc *
start(struct run *t, const struct engine_spec *spec)
{
	char err[256] = "";

	t->nlines = t->nfaults = 0;
	t->exited = t->killed = false;
	t->detail[0] = '\0';
	t->t0 = now_ms();
	t->ep = engine_proc_spawn(t->reaper, spec, &callbacks, t, err,
	    sizeof(err));
	if (t->ep == NULL)
		print_error("spawn %s: %s\n", spec->argv[0], err);
	assert_non_null(t->ep);
	t->pid = engine_proc_pid(t->ep);
	assert_true(t->pid > 0);
	assert_int_equal(getpgid(t->pid), t->pid);	/* its own group */
	return t->ep;
}

static struct engine_proc *
start_fixture(struct run *t, char *mode, char *arg, size_t max_line)
{
	char *argv[] = { fixture(), mode, arg, NULL };
	struct engine_spec spec;

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.max_line = max_line;
	return start(t, &spec);
}

static void
assert_line(struct run *t, int i, const char *want)
{
	if (i >= t->nlines || strcmp(t->line[i], want) != 0) {
		print_error("line %d: got '%s', want '%s'\n", i,
		    i < t->nlines ? t->line[i] : "(none)", want);
		fail();
	}
	assert_int_eq_msg(want, t->len[i], strlen(want));
}

static void
assert_signal(int status, int sig)
{
	char buf[64];

	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig) {
		print_error("status: got %s, want signal %d\n",
		    engine_proc_status_str(status, buf, sizeof(buf)), sig);
		fail();
	}
}

static void
assert_exit(int status, int code)
{
	char buf[64];

	if (!WIFEXITED(status) || WEXITSTATUS(status) != code) {
		print_error("status: got %s, want exit %d\n",
		    engine_proc_status_str(status, buf, sizeof(buf)), code);
		fail();
	}
}

static void
assert_contains(const char *got, const char *want)
{
	if (strstr(got, want) == NULL) {
		print_error("'%s' does not contain '%s'\n", got, want);
		fail();
	}
}

/* On the arbiter's base (see "Timers" in engine_proc.h), or on
 * libevent's default, of the coarse clock, as the terminal's and the web
 * server's are. */
static int
setup_on(void **state, bool coarse)
{
	struct run *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return -1;
	t->base = coarse ? event_base_new() : engine_proc_base_new(1);
	if (t->base == NULL)
		return -1;
	t->reaper = engine_proc_reaper_new(t->base);
	t->safety = evtimer_new(t->base, safety_cb, t);
	t->tick = evtimer_new(t->base, tick_cb, t);
	*state = t;
	return 0;
}

static int
setup(void **state)
{
	return setup_on(state, false);
}

static int
setup_coarse(void **state)
{
	return setup_on(state, true);
}

/* Runs even after a failed assertion: kills and reaps whatever is left. */
static int
teardown(void **state)
{
	struct run *t = *state;

	engine_proc_free(t->ep);
	engine_proc_reaper_free(t->reaper);
	event_free(t->safety);
	event_free(t->tick);
	event_base_free(t->base);
	free(t);
	return 0;
}

/* Spawning: one clear line for each kind of failure. */

static void
expect_spawn_error(struct run *t, struct engine_spec *spec, const char *want)
{
	char err[256] = "";

	assert_null(engine_proc_spawn(t->reaper, spec, &callbacks, t, err,
	    sizeof(err)));
	assert_contains(err, want);
	assert_null(strchr(err, '\n'));
}

static void
test_spawn_errors(void **state)
{
	struct run *t = *state;
	char *missing[] = { "no-such-engine-xyz", NULL };
	char *missing_path[] = { "./no/such/engine", NULL };
	char *not_exec[] = { "/etc/passwd", NULL };
	char *a_dir[] = { "/tmp", NULL };
	char *empty[] = { "", NULL };
	char *sh[] = { "sh", "-c", "exit 0", NULL };
	struct engine_spec spec;

	memset(&spec, 0, sizeof(spec));
	spec.argv = missing;
	expect_spawn_error(t, &spec,
	    "engine 'no-such-engine-xyz': not found in PATH");
	spec.argv = missing_path;
	expect_spawn_error(t, &spec, "engine './no/such/engine': not found");
	spec.argv = not_exec;
	expect_spawn_error(t, &spec, "engine '/etc/passwd': not executable");
	spec.argv = a_dir;
	expect_spawn_error(t, &spec, "engine '/tmp': not executable");
	spec.argv = empty;
	expect_spawn_error(t, &spec, "empty engine command");
	spec.argv = sh;
	spec.dir = "/no/such/dir";
	expect_spawn_error(t, &spec, "engine 'sh': directory '/no/such/dir': "
	    "No such file or directory");
	spec.dir = "/etc/passwd";
	expect_spawn_error(t, &spec, "Not a directory");
	spec.dir = NULL;
	spec.stderr_path = "/no/such/dir/engine.log";
	expect_spawn_error(t, &spec, "engine 'sh': stderr log "
	    "'/no/such/dir/engine.log': No such file or directory");
	assert_int_equal(engine_proc_reaper_count(t->reaper), 0);
}

/* Lines: several per read, split across reads, CR LF, then a clean quit. */
static void
test_lines_relayed(void **state)
{
	struct run *t = *state;
	const char *last[ENGINE_PROC_LAST_LINES];
	uint64_t quit_ms;
	int fds = count_fds();

	start_fixture(t, "echo", "0", 0);
	/* Our ends of its input and output sockets. */
	assert_int_eq_msg("descriptors while running", count_fds(), fds + 2);
	assert_int_equal(engine_proc_send(t->ep, "hello"), 0);
	assert_int_equal(engine_proc_send(t->ep, "two  spaces "), 0);
	assert_int_equal(engine_proc_send(t->ep, "crlf with cr"), 0);
	assert_int_equal(engine_proc_send(t->ep, "split move 7H"), 0);
	assert_int_equal(engine_proc_send(t->ep, "many 3"), 0);
	assert_true(run_until_lines(t, 7));
	assert_line(t, 0, "echo hello");
	assert_line(t, 1, "echo two  spaces ");
	assert_line(t, 2, "with cr");
	assert_line(t, 3, "move 7H");
	assert_line(t, 4, "line 1");
	assert_line(t, 6, "line 3");
	assert_int_equal(engine_proc_last_lines(t->ep, last, 8), 7);
	assert_string_equal(last[0], "echo hello");
	assert_string_equal(last[6], "line 3");
	assert_true(engine_proc_is_open(t->ep));

	quit_ms = now_ms() - t->t0;
	engine_proc_quit(t->ep, "quit", 2000);
	assert_int_equal(engine_proc_send(t->ep, "late"), -1);
	assert_true(run_until_flag(t, &t->exited));
	assert_exit(t->status, 0);
	assert_false(t->killed);
	assert_int_equal(t->nfaults, 0);
	print_message("      quit answered in %llu ms\n",
	    (unsigned long long)(t->exit_ms - quit_ms));
	assert_true(t->exit_ms - quit_ms < 1000);
	assert_gone(t, -t->pid);
	assert_int_eq_msg("descriptors after", count_fds(), fds);
}

/* The ring keeps the last lines, cut short. */
static void
test_evidence_ring(void **state)
{
	struct run *t = *state;
	const char *last[ENGINE_PROC_LAST_LINES];
	size_t n;

	start_fixture(t, "echo", "0", 0);
	engine_proc_send(t->ep, "many 20");
	engine_proc_send(t->ep, "long 500");
	assert_true(run_until_lines(t, 21));
	assert_int_equal(t->len[20], 500);
	n = engine_proc_last_lines(t->ep, last, ENGINE_PROC_LAST_LINES);
	assert_int_equal(n, ENGINE_PROC_LAST_LINES);
	assert_string_equal(last[0], "line 14");
	assert_string_equal(last[6], "line 20");
	assert_int_equal(strlen(last[7]), ENGINE_PROC_EVIDENCE_MAX + 3);
	assert_string_equal(last[7] + ENGINE_PROC_EVIDENCE_MAX, "...");
	assert_int_equal(engine_proc_last_lines(t->ep, last, 2), 2);
	assert_string_equal(last[1], "line 15");
	engine_proc_quit(t->ep, "quit", 2000);
	assert_true(run_until_flag(t, &t->exited));
	assert_gone(t, -t->pid);
}

/* A megabyte with no newline: a fault at max_line, and a prompt end
 * although reading stopped at the watermark, where no end of file comes. */
static void
test_long_line(void **state)
{
	struct run *t = *state;

	const char *last[ENGINE_PROC_LAST_LINES];

	start_fixture(t, "spew", "1000000", 4096);
	assert_true(run_until_faults(t, 1));
	assert_int_equal(t->fault[0], ENGINE_PROC_LINE_TOO_LONG);
	assert_string_equal(t->detail, "no newline within 4096 bytes");
	assert_int_equal(t->nlines, 0);
	assert_false(engine_proc_is_open(t->ep));	/* closed for us */
	assert_int_equal(engine_proc_last_lines(t->ep, last, 8), 1);
	assert_int_equal(strlen(last[0]), ENGINE_PROC_EVIDENCE_MAX + 3);
	assert_true(strncmp(last[0], "xxxxxxxx", 8) == 0);
	/* Nobody killed it: its next write fails and it dies of SIGPIPE. */
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_signal(t->status, SIGPIPE);
	assert_false(t->killed);
	print_message("      fault after %llu ms, exit after %llu ms\n",
	    (unsigned long long)t->fault_ms, (unsigned long long)t->exit_ms);
	assert_true(t->exit_ms < 1000);
	assert_gone(t, -t->pid);

	/* The usual owner kills at the fault. */
	t->on_fault = FAULT_KILL;
	start_fixture(t, "spew", "1000000", 4096);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->fault[0], ENGINE_PROC_LINE_TOO_LONG);
	assert_signal(t->status, SIGKILL);
	assert_true(t->killed);
	assert_true(t->exit_ms < 1000);
	assert_gone(t, -t->pid);
}

/* End of output with the exit status: on request, at start, and with a
 * last line missing its newline. */
static void
test_eof_exit_status(void **state)
{
	struct run *t = *state;
	const char *last[ENGINE_PROC_LAST_LINES];

	start_fixture(t, "echo", "0", 0);
	engine_proc_send(t->ep, "exit 3");
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_string_equal(t->detail, "end of output");
	assert_true(t->fault_ms <= t->exit_ms);
	assert_exit(t->status, 3);
	assert_false(t->killed);
	assert_gone(t, -t->pid);

	start_fixture(t, "exit", "7", 0);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_exit(t->status, 7);
	assert_gone(t, -t->pid);

	start_fixture(t, "echo", "0", 0);
	engine_proc_send(t->ep, "last bye");
	t->keep = true;		/* the unterminated line is evidence */
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_string_equal(t->detail,
	    "end of output, after 3 bytes with no newline");
	assert_int_equal(t->nlines, 0);
	assert_int_equal(engine_proc_last_lines(t->ep, last, 8), 1);
	assert_string_equal(last[0], "bye");
	assert_exit(t->status, 0);
	assert_gone(t, -t->pid);
}

/* A crash: the signal is reported (and was not ours). */
static void
test_crash_signal(void **state)
{
	struct run *t = *state;
	char *argv[] = { "sh", "tests/fixtures/crash.sh", NULL };
	struct engine_spec spec;
	char buf[64];

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	start(t, &spec);
	engine_proc_send(t->ep, "hello");
	assert_true(run_until_flag(t, &t->exited));
	assert_line(t, 0, "got hello");
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_signal(t->status, SIGSEGV);
	assert_false(t->killed);
	engine_proc_status_str(t->status, buf, sizeof(buf));
	assert_true(strncmp(buf, "signal 11 (SEGV)", 16) == 0);
	assert_gone(t, -t->pid);
}

static void
turn(evutil_socket_t fd, short what, void *arg)
{
}

/* The deadline fires on time, once per arming; cleared, it does not. */
static void
test_deadline(void **state)
{
	struct run *t = *state;
	uint64_t armed, fired;
	struct event *spin;
	int busy[2];

	start_fixture(t, "echo", "0", 0);
	armed = now_ms() - t->t0;
	engine_proc_set_deadline(t->ep, 150);
	assert_true(run_until_faults(t, 1));
	fired = t->fault_ms - armed;
	assert_int_equal(t->fault[0], ENGINE_PROC_TIMEOUT);
	assert_string_equal(t->detail, "deadline of 150 ms expired");
	print_message("      150 ms deadline fired after %llu ms\n",
	    (unsigned long long)fired);
	assert_true(fired >= 150 && fired < 250);
	/* Never early, even where the loop's clock is the coarse one: short
	 * deadlines, armed at any point of its tick, with the loop turning
	 * all the while (a pipe always readable), as a busy arbiter's does. */
	assert_int_equal(pipe(busy), 0);
	assert_int_equal(write(busy[1], "x", 1), 1);
	spin = event_new(t->base, busy[0], EV_READ | EV_PERSIST, turn, NULL);
	event_add(spin, NULL);
	for (int i = 0; i < 40; i++) {
		t->nfaults = 0;
		armed = now_ms() - t->t0;
		engine_proc_set_deadline(t->ep, (uint64_t)(3 + i % 4));
		assert_true(run_until_faults(t, 1));
		fired = t->fault_ms - armed;
		assert_true(fired >= (uint64_t)(3 + i % 4) && fired < 2000);
	}
	event_free(spin);
	close(busy[0]);
	close(busy[1]);

	engine_proc_set_deadline(t->ep, 100);
	engine_proc_clear_deadline(t->ep);
	run_for(t, 250);
	assert_int_equal(t->nfaults, 1);	/* cleared */
	engine_proc_set_deadline(t->ep, 5000);
	engine_proc_set_deadline(t->ep, 50);	/* re-arming replaces */
	run_for(t, 250);
	assert_int_equal(t->nfaults, 2);
	assert_int_equal(t->fault[1], ENGINE_PROC_TIMEOUT);
	run_for(t, 100);
	assert_int_equal(t->nfaults, 2);	/* once per arming */
	assert_true(engine_proc_is_open(t->ep));
	engine_proc_quit(t->ep, "quit", 2000);
	assert_true(run_until_flag(t, &t->exited));
	assert_exit(t->status, 0);
	assert_gone(t, -t->pid);
}

/* quit: an engine that ignores it is killed when the grace is over. */
static void
test_quit_grace(void **state)
{
	struct run *t = *state;
	uint64_t quit_ms;

	start_fixture(t, "noquit", "0", 0);
	engine_proc_send(t->ep, "ping");
	assert_true(run_until_lines(t, 1));
	quit_ms = now_ms() - t->t0;
	engine_proc_quit(t->ep, "quit", 200);
	assert_true(run_until_flag(t, &t->exited));
	assert_signal(t->status, SIGKILL);
	assert_true(t->killed);
	assert_int_equal(t->nfaults, 0);	/* the end was asked for */
	print_message("      killed %llu ms after quit (grace 200)\n",
	    (unsigned long long)(t->exit_ms - quit_ms));
	assert_true(t->exit_ms - quit_ms >= 200);
	assert_true(t->exit_ms - quit_ms < 700);
	assert_gone(t, -t->pid);
}

/* quit with no line: end of file on its input is enough for most. */
static void
test_quit_eof(void **state)
{
	struct run *t = *state;

	start_fixture(t, "echo", "0", 0);
	engine_proc_quit(t->ep, NULL, 2000);
	assert_true(run_until_flag(t, &t->exited));
	assert_exit(t->status, 0);
	assert_false(t->killed);
	assert_true(t->exit_ms < 1000);
	assert_gone(t, -t->pid);
}

static void
on_drained(void *arg)
{
	*(bool *)arg = true;
}

/*
 * The drained callback: not while an engine runs; once the last is
 * reaped and closed, at once (long before its 5 s quit grace); and from
 * the loop at once when registered with none running.
 */
static void
test_drained(void **state)
{
	struct run *t = *state;
	bool drained = false;
	uint64_t quit_ms;

	start_fixture(t, "echo", "0", 0);
	t->keep = true;
	engine_proc_reaper_on_drained(t->reaper, on_drained, &drained);
	run_for(t, 100);
	assert_false(drained);
	assert_int_equal(engine_proc_reaper_running(t->reaper), 1);
	quit_ms = now_ms();
	engine_proc_quit(t->ep, "quit", 5000);
	assert_true(run_until_flag(t, &drained));
	assert_true(now_ms() - quit_ms < 1000);
	assert_int_equal(engine_proc_reaper_running(t->reaper), 0);
	drained = false;
	engine_proc_reaper_on_drained(t->reaper, on_drained, &drained);
	assert_false(drained);		/* not from inside the call */
	assert_true(run_until_flag(t, &drained));
	engine_proc_reaper_on_drained(t->reaper, NULL, NULL);
	assert_gone(t, -t->pid);
}

/* A hung engine with a child holding its socket: killing the group ends
 * it at once, not only the engine. */
static void
test_grandchild_hang(void **state)
{
	struct run *t = *state;

	t->on_fault = FAULT_KILL;
	pid_t gpid;

	start_fixture(t, "grandchild-hang", "0", 0);
	assert_true(run_until_lines(t, 1));
	gpid = grandchild_pid(t);
	assert_int_equal(getpgid(gpid), t->pid);
	engine_proc_set_deadline(t->ep, 200);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_TIMEOUT);
	assert_signal(t->status, SIGKILL);
	print_message("      timeout at %llu ms, exit at %llu ms\n",
	    (unsigned long long)t->fault_ms, (unsigned long long)t->exit_ms);
	assert_true(t->exit_ms < t->fault_ms + 500);
	assert_gone(t, -t->pid);
	assert_gone(t, gpid);
}

/* An engine that exits leaving a child on its socket: after a short
 * linger the group is killed and the channel closed. */
static void
test_grandchild_exit(void **state)
{
	struct run *t = *state;
	pid_t gpid;

	start_fixture(t, "grandchild-exit", "0", 0);
	assert_true(run_until_flag(t, &t->exited));
	gpid = grandchild_pid(t);
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_contains(t->detail, "left behind");
	assert_exit(t->status, 0);	/* its own status, not our kill */
	assert_false(t->killed);
	print_message("      closed at %llu ms, exit at %llu ms\n",
	    (unsigned long long)t->fault_ms, (unsigned long long)t->exit_ms);
	assert_true(t->exit_ms < 1000);
	assert_gone(t, -t->pid);
	assert_gone(t, gpid);
}

/* Closing both ends of the socket while running is end of output; the
 * process is still there until killed. */
static void
test_close_both(void **state)
{
	struct run *t = *state;

	t->on_fault = FAULT_KILL;
	start_fixture(t, "close-both", "0", 0);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_signal(t->status, SIGKILL);
	assert_true(t->killed);
	assert_gone(t, -t->pid);
}

/*
 * Closing only descriptor 1 is end of output at once, though the engine
 * still runs and its input is open: the two are separate sockets (with
 * one for both, descriptor 0 kept it open and only a deadline caught it).
 */
static void
test_close_stdout_only(void **state)
{
	struct run *t = *state;

	t->on_fault = FAULT_KILL;
	start_fixture(t, "close-stdout", "0", 0);
	engine_proc_set_deadline(t->ep, 3000);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_CLOSED);
	assert_string_equal(t->detail, "end of output");
	print_message("      closed at %llu ms\n",
	    (unsigned long long)t->fault_ms);
	assert_true(t->fault_ms < 3000);	/* not the deadline */
	assert_signal(t->status, SIGKILL);
	assert_gone(t, -t->pid);
}

/* Writing to an engine that no longer reads: an error, not SIGPIPE. */
static void
test_write_error(void **state)
{
	struct run *t = *state;

	t->on_fault = FAULT_KILL;
	start_fixture(t, "shut-rd", "0", 0);
	assert_true(run_until_lines(t, 1));
	assert_int_equal(engine_proc_send(t->ep, "anyone there?"), 0);
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_WRITE_ERROR);
	assert_contains(t->detail, "write error: Broken pipe");
	assert_signal(t->status, SIGKILL);
	assert_gone(t, -t->pid);
}

/* Output queued beyond max_pending: OVERFLOW, from the loop. */
static void
test_overflow(void **state)
{
	struct run *t = *state;
	char *argv[] = { fixture(), "hang", NULL };
	char line[100];
	struct engine_spec spec;
	int sent = 0;

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.max_pending = 64 * 1024;
	memset(line, 'z', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	t->on_fault = FAULT_KILL;
	start(t, &spec);
	while (sent < 10000 && engine_proc_send(t->ep, line) == 0)
		sent++;
	assert_true(sent >= 64 * 1024 / 100);
	assert_true(sent < 10000);
	assert_int_equal(t->nfaults, 0);	/* not from inside send */
	assert_true(run_until_flag(t, &t->exited));
	assert_int_equal(t->nfaults, 1);
	assert_int_equal(t->fault[0], ENGINE_PROC_OVERFLOW);
	assert_signal(t->status, SIGKILL);
	assert_gone(t, -t->pid);
}

/* Freeing a running engine: no callbacks, and the reaper cleans up. */
static void
test_free_running(void **state)
{
	struct run *t = *state;
	uint64_t until;

	start_fixture(t, "hang", "0", 0);
	engine_proc_set_deadline(t->ep, 10);
	engine_proc_free(t->ep);
	t->ep = NULL;
	until = now_ms() + 2000;
	while (engine_proc_reaper_count(t->reaper) > 0 && now_ms() < until)
		run_for(t, 10);
	assert_int_equal(engine_proc_reaper_count(t->reaper), 0);
	assert_int_equal(t->nfaults, 0);
	assert_false(t->exited);
	assert_gone(t, -t->pid);

	/* And from inside on_line, with more lines already buffered. */
	t->free_on = "line 2";
	start_fixture(t, "echo", "0", 0);
	engine_proc_send(t->ep, "many 5");
	run_for(t, 300);
	assert_int_equal(t->nlines, 2);
	assert_false(t->exited);
	assert_null(t->ep);
	assert_gone(t, -t->pid);
	run_for(t, 50);
	assert_int_equal(engine_proc_reaper_count(t->reaper), 0);

	/* And from inside on_error. */
	t->free_on = NULL;
	t->on_fault = FAULT_FREE;
	start_fixture(t, "hang", "0", 0);
	engine_proc_set_deadline(t->ep, 20);
	assert_true(run_until_faults(t, 1));
	assert_null(t->ep);
	assert_gone(t, -t->pid);
	run_for(t, 50);
	assert_int_equal(t->nfaults, 1);
	assert_false(t->exited);
	assert_int_equal(engine_proc_reaper_count(t->reaper), 0);
}

/* kill_all ends every engine; each still gets on_exit. */
static void
test_kill_all(void **state)
{
	struct run *t = *state;
	struct run t2;
	char *argv[] = { fixture(), "hang", NULL };
	struct engine_spec spec;
	char err[128];
	pid_t pid1;

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	memset(&t2, 0, sizeof(t2));
	start(t, &spec);
	pid1 = t->pid;
	t2.ep = engine_proc_spawn(t->reaper, &spec, &callbacks, &t2, err,
	    sizeof(err));
	assert_non_null(t2.ep);
	t2.pid = engine_proc_pid(t2.ep);
	assert_int_equal(engine_proc_reaper_count(t->reaper), 2);
	engine_proc_reaper_kill_all(t->reaper);
	assert_true(run_until_flag(t, &t->exited));
	assert_true(run_until_flag(t, &t2.exited));
	assert_signal(t->status, SIGKILL);
	assert_signal(t2.status, SIGKILL);
	assert_int_equal(engine_proc_reaper_count(t->reaper), 0);
	assert_gone(t, -pid1);
	assert_gone(t, -t2.pid);
}

/*
 * Lists the descriptors of process pid into fds[] (up to max) and the
 * socket inode behind descriptor 0 into *ino0; returns the count.
 */
static int
proc_fds(pid_t pid, int *fds, int max, char *link0, size_t link0len)
{
	char dir[64], path[320];
	struct dirent *d;
	DIR *dp;
	ssize_t n;
	int count = 0;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	dp = opendir(dir);
	assert_non_null(dp);
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		if (count < max)
			fds[count] = (int)strtol(d->d_name, NULL, 10);
		count++;
	}
	closedir(dp);
	snprintf(path, sizeof(path), "%s/0", dir);
	n = readlink(path, link0, link0len - 1);
	link0[n > 0 ? n : 0] = '\0';
	return count;
}

/*
 * No descriptor leaks between engines: with an inheritable descriptor of
 * the arbiter's own open, the second engine holds only 0, 1 and 2, and
 * its socket is not the first engine's.
 */
static void
test_fd_leak(void **state)
{
	struct run *t = *state;
	struct run t2;
	char *argv[] = { fixture(), "echo", NULL };
	struct engine_spec spec;
	char err[128], link1[128], link2[128], path[64], link2b[128];
	int fds[16], n, stray, sum = 0;

	stray = open("/dev/null", O_RDONLY);	/* no O_CLOEXEC, on purpose */
	assert_true(stray >= 3);
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	memset(&t2, 0, sizeof(t2));
	start(t, &spec);
	t2.ep = engine_proc_spawn(t->reaper, &spec, &callbacks, &t2, err,
	    sizeof(err));
	assert_non_null(t2.ep);
	t2.pid = engine_proc_pid(t2.ep);
	engine_proc_send(t->ep, "ping");
	engine_proc_send(t2.ep, "ping");	/* both have now exec'd */
	assert_true(run_until_lines(t, 1));
	assert_true(run_until_lines_of(t, &t2, 1));

	n = proc_fds(t2.pid, fds, 16, link2, sizeof(link2));
	for (int i = 0; i < n && i < 16; i++)
		sum += fds[i];
	assert_int_eq_msg("descriptors of the second engine", n, 3);
	assert_int_eq_msg("they are 0, 1, 2", sum, 3);
	snprintf(path, sizeof(path), "/proc/%d/fd/1", (int)t2.pid);
	link2b[readlink(path, link2b, sizeof(link2b) - 1)] = '\0';
	assert_string_not_equal(link2, link2b);	/* stdin and stdout: two */
	assert_true(strncmp(link2, "socket:[", 8) == 0);
	assert_true(strncmp(link2b, "socket:[", 8) == 0);
	n = proc_fds(t->pid, fds, 16, link1, sizeof(link1));
	assert_int_eq_msg("descriptors of the first engine", n, 3);
	assert_true(strcmp(link1, link2) != 0);
	close(stray);

	engine_proc_quit(t->ep, "quit", 2000);
	engine_proc_quit(t2.ep, "quit", 2000);
	assert_true(run_until_flag(t, &t->exited));
	assert_true(run_until_flag(t, &t2.exited));
	assert_gone(t, -t->pid);
	assert_gone(t, -t2.pid);
}

/* Working directory (and a program relative to it), the stderr log, and
 * resource limits. */
static void
test_dir_log_limits(void **state)
{
	struct run *t = *state;
	char dir[] = "/tmp/test_engine_proc.XXXXXX";
	char script[128], logp[128], buf[4096], want[128];
	char *argv[] = { "./bot.sh", NULL };
	struct engine_spec spec;
	struct rlimit nproc;
	FILE *f;
	size_t n;

	assert_non_null(mkdtemp(dir));
	snprintf(script, sizeof(script), "%s/bot.sh", dir);
	snprintf(logp, sizeof(logp), "%s/engine.log", dir);
	f = fopen(script, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\npwd\necho oops >&2\ncat /proc/self/limits\n", f);
	fclose(f);
	chmod(script, 0755);
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.dir = dir;
	spec.stderr_path = logp;
	spec.rlimit_as = 1ull << 30;
	spec.rlimit_cpu = 7;
	spec.rlimit_nofile = 50;
	spec.rlimit_nproc = 4000;
	start(t, &spec);
	assert_true(run_until_flag(t, &t->exited));
	assert_exit(t->status, 0);
	assert_line(t, 0, dir);
	for (int i = 0; i < t->nlines; i++)
		assert_null(strstr(t->line[i], "oops"));
	buf[0] = '\0';
	for (int i = 1; i < t->nlines; i++) {
		strncat(buf, t->line[i], sizeof(buf) - strlen(buf) - 2);
		strncat(buf, "\n", sizeof(buf) - strlen(buf) - 1);
	}
	assert_contains(buf, "Max cpu time              7                    "
	    "8                    seconds");
	assert_contains(buf, "Max open files            50                   "
	    "50                   files");
	assert_contains(buf, "Max address space         1073741824           "
	    "1073741824           bytes");
	getrlimit(RLIMIT_NPROC, &nproc);
	snprintf(want, sizeof(want), "Max processes             %-21llu",
	    (unsigned long long)(nproc.rlim_max < 4000 ? nproc.rlim_max :
	    4000));
	assert_contains(buf, want);

	f = fopen(logp, "r");
	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	/* Written by the arbiter, after the engine's pid and the time. */
	snprintf(want, sizeof(want), "[%d ", (int)t->pid);
	assert_int_equal(strncmp(buf, want, strlen(want)), 0);
	assert_int_equal(strlen(buf), strlen(want) + strlen("HH:MM:SS.mmm] "
	    "oops\n"));
	assert_string_equal(buf + strlen(buf) - 5, "oops\n");
	unlink(script);
	unlink(logp);
	rmdir(dir);
	assert_gone(t, -t->pid);
}

static void
test_names(void **state)
{
	char buf[64];

	assert_string_equal(engine_proc_status_str(0, buf, sizeof(buf)),
	    "exit 0");
	assert_string_equal(engine_proc_status_str(3 << 8, buf, sizeof(buf)),
	    "exit 3");
	assert_string_equal(engine_proc_status_str(SIGKILL, buf, sizeof(buf)),
	    "signal 9 (KILL)");
	assert_string_equal(engine_proc_status_str(SIGSEGV | 0x80, buf,
	    sizeof(buf)), "signal 11 (SEGV), core dumped");
	assert_string_equal(engine_proc_fault_name(ENGINE_PROC_TIMEOUT),
	    "TIMEOUT");
	assert_string_equal(engine_proc_fault_name(
	    ENGINE_PROC_LINE_TOO_LONG), "LINE_TOO_LONG");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test_setup_teardown(test_spawn_errors, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_lines_relayed, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_evidence_ring, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_long_line, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_eof_exit_status, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_crash_signal, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_deadline, setup_coarse,
		    teardown),
		cmocka_unit_test_setup_teardown(test_deadline, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_quit_grace, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_quit_eof, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_drained, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_grandchild_hang, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_grandchild_exit, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_close_both, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_close_stdout_only, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_write_error, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_overflow, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_free_running, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_kill_all, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_fd_leak, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_dir_log_limits, setup,
		    teardown),
	};

	engine_proc_setup();
	return cmocka_run_group_tests_name("engine_proc", tests, NULL, NULL);
}
