/*
 * test_sandbox.c: the engines' Landlock ruleset and system-call filter
 * (sandbox.h), entered by a forked child as an engine enters it before
 * exec: what it may read and write, and what not, even by another name
 * (a symbolic link leading back up to a protected file); no socket, no
 * IPC.  Each Landlock test is skipped (cmocka's skip(), counted by
 * tests/run.sh) where the kernel has no Landlock; the filter's holds on
 * any kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../unit/test_util.h"
#include "proc/sandbox.h"

static char top[64];

static void
path(char *buf, const char *name)
{
	snprintf(buf, PATH_MAX, "%s/%s", top, name);
}

static void
make_file(const char *name, const char *text)
{
	char p[PATH_MAX];
	FILE *f;

	path(p, name);
	assert_non_null(f = fopen(p, "w"));
	fputs(text, f);
	fclose(f);
}

static int
setup(void **state)
{
	char p[PATH_MAX];

	snprintf(top, sizeof(top), "/tmp/test_sandbox.XXXXXX");
	if (mkdtemp(top) == NULL)
		return -1;
	make_file("records.jsonl", "every deck\n");
	make_file("other", "a file to read\n");
	path(p, "sub");
	mkdir(p, 0755);
	make_file("sub/file", "another\n");
	path(p, "sub/up");
	if (symlink(top, p) < 0)	/* leads back up to the records */
		return -1;
	path(p, "here");	/* the same, in the records' own directory */
	return symlink(".", p);
}

static int
teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	return system(cmd) == 0 ? 0 : -1;
}

/* 0 if open(name, flags) succeeds, else errno. */
static int
try_open(const char *name, int flags)
{
	char p[PATH_MAX];
	int fd;

	if (name[0] == '/')
		snprintf(p, sizeof(p), "%s", name);
	else
		path(p, name);
	if ((fd = open(p, flags | O_CLOEXEC, 0644)) < 0)
		return errno;
	close(fd);
	return 0;
}

/* What a confined child found; 0: all as it should be, else the step. */
typedef int (*child_fn)(void);

static int
confined(const char *const *protect, child_fn fn)
{
	char err[256];
	struct sandbox *sb = sandbox_new(protect, err, sizeof(err));
	int status, rules;
	pid_t pid;

	if (sb == NULL) {
		print_error("sandbox_new: %s\n", err);
		fail();
	}
	assert_int_not_equal(rules = sandbox_ruleset(sb, err, sizeof(err)), -2);
	if ((pid = fork()) == 0)
		_exit(sandbox_enter(sb, rules) < 0 ? 99 : fn());
	if (rules >= 0)
		close(rules);
	sandbox_free(sb);
	assert_true(pid > 0 && waitpid(pid, &status, 0) == pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 98;
}

static bool
no_landlock(void)
{
	const char *none[] = { NULL };
	char err[256];
	struct sandbox *sb = sandbox_new(none, err, sizeof(err));
	bool none_here = sb != NULL && sandbox_abi(sb) == 0;

	sandbox_free(sb);
	if (none_here)
		printf("skipped: no Landlock\n");
	return none_here;
}

static int
reads(void)
{
	if (try_open("records.jsonl", O_RDONLY) != EACCES)
		return 1;
	if (try_open("sub/up/records.jsonl", O_RDONLY) != EACCES ||
	    try_open("here/records.jsonl", O_RDONLY) != EACCES)
		return 2;	/* the same file by a link */
	if (try_open("other", O_RDONLY) != 0 ||
	    try_open("sub/file", O_RDONLY) != 0 ||
	    try_open("/bin/sh", O_RDONLY) != 0)
		return 3;
	if (try_open(".", O_RDONLY | O_DIRECTORY) != 0 ||
	    try_open("/tmp", O_RDONLY | O_DIRECTORY) != 0)
		return 4;	/* the way there may be listed */
	return 0;
}

static void
test_reads_all_but_protected(void **state)
{
	char rec[PATH_MAX];
	const char *protect[] = { rec, NULL };

	if (no_landlock())
		skip();
	path(rec, "records.jsonl");
	assert_int_eq_msg("reads", confined(protect, reads), 0);
}

static int
writes(void)
{
	char p[PATH_MAX], q[PATH_MAX];

	if (try_open("new", O_WRONLY | O_CREAT) != EACCES ||
	    try_open("other", O_WRONLY) != EACCES ||
	    try_open("other", O_RDONLY | O_TRUNC) != EACCES)
		return 1;
	path(p, "other");
	path(q, "renamed");
	if (unlink(p) == 0 || rename(p, q) == 0 || link(p, q) == 0)
		return 2;
	path(q, "dir");
	if (mkdir(q, 0755) == 0 || symlink(p, q) == 0)
		return 3;
	if (try_open("/dev/null", O_WRONLY) != 0)
		return 4;
	return 0;
}

static void
test_writes_only_dev_null(void **state)
{
	char rec[PATH_MAX];
	const char *protect[] = { rec, NULL };

	if (no_landlock())
		skip();
	path(rec, "records.jsonl");
	assert_int_eq_msg("writes", confined(protect, writes), 0);
}

static int
later(void)
{
	return try_open("later.jsonl", O_RDONLY) == EACCES ? 0 : 1;
}

/* A records file that does not exist yet is protected once made, as is
 * any file made later beside it. */
static void
test_protects_file_made_later(void **state)
{
	char rec[PATH_MAX];
	const char *protect[] = { rec, NULL };
	char err[256];
	struct sandbox *sb;
	int status, rules;
	pid_t pid;

	if (no_landlock())
		skip();
	path(rec, "later.jsonl");
	assert_non_null(sb = sandbox_new(protect, err, sizeof(err)));
	make_file("later.jsonl", "a deck\n");
	/* The engine that starts after the file is made. */
	assert_true((rules = sandbox_ruleset(sb, err, sizeof(err))) >= 0);
	if ((pid = fork()) == 0)
		_exit(sandbox_enter(sb, rules) < 0 ? 99 : later());
	close(rules);
	sandbox_free(sb);
	assert_true(waitpid(pid, &status, 0) == pid);
	assert_int_eq_msg("later", WEXITSTATUS(status), 0);
}

static int
reads_other(void)
{
	return try_open("other", O_RDONLY) == 0 ? 0 : 1;
}

/* An entry of a walked directory removed before an engine starts: its
 * ruleset is made all the same, and the rest still reads. */
static void
test_entry_gone_before_start(void **state)
{
	char rec[PATH_MAX], gone[PATH_MAX];
	const char *protect[] = { rec, NULL };
	char err[256];
	struct sandbox *sb;
	int status, rules;
	pid_t pid;

	if (no_landlock())
		skip();
	path(rec, "records.jsonl");
	make_file("gone", "a file that goes\n");
	assert_non_null(sb = sandbox_new(protect, err, sizeof(err)));
	path(gone, "gone");
	assert_int_equal(unlink(gone), 0);
	rules = sandbox_ruleset(sb, err, sizeof(err));
	if (rules < 0)
		print_error("sandbox_ruleset: %s\n", err);
	assert_true(rules >= 0);
	if ((pid = fork()) == 0)
		_exit(sandbox_enter(sb, rules) < 0 ? 99 : reads_other());
	close(rules);
	sandbox_free(sb);
	assert_true(waitpid(pid, &status, 0) == pid);
	assert_int_eq_msg("reads", WEXITSTATUS(status), 0);
}

static int
signals(void)
{
	if (kill(getppid(), 0) == 0)
		return 1;
	return 0;
}

static void
test_no_signal_out(void **state)
{
	const char *none[] = { NULL };
	char err[256];
	struct sandbox *sb = sandbox_new(none, err, sizeof(err));
	int abi = sandbox_abi(sb);

	sandbox_free(sb);
	if (abi < 6) {
		printf("skipped: Landlock ABI %d scopes no signal\n", abi);
		skip();
	}
	assert_int_eq_msg("signals", confined(none, signals), 0);
}

static int
talks(void)
{
	int sv[2], fd;

	if ((fd = socket(AF_INET, SOCK_DGRAM, 0)) >= 0 || errno != EACCES)
		return 1;
	if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0 || errno != EACCES)
		return 2;
	if (shmget(IPC_PRIVATE, 4096, 0600) >= 0 ||
	    msgget(IPC_PRIVATE, 0600) >= 0 || semget(IPC_PRIVATE, 1, 0600) >= 0)
		return 3;
	/* Inside the engine's own processes: still there. */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return 4;
	close(sv[0]);
	close(sv[1]);
	if (pipe(sv) < 0)
		return 5;
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/* The system-call filter holds with or without Landlock (sysfilter.h). */
static void
test_no_socket_nor_ipc(void **state)
{
	const char *none[] = { NULL };

	assert_int_eq_msg("sockets and IPC", confined(none, talks), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_all_but_protected),
		cmocka_unit_test(test_writes_only_dev_null),
		cmocka_unit_test(test_protects_file_made_later),
		cmocka_unit_test(test_entry_gone_before_start),
		cmocka_unit_test(test_no_signal_out),
		cmocka_unit_test(test_no_socket_nor_ipc),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
