/*
 * pidns.c: a PID namespace and a /proc of the engine's own (pidns.h).
 *
 * Without privilege a new PID or mount namespace needs a user namespace
 * to own it; the engine keeps its user and group there (each mapped to
 * itself), so it has no more rights than before and files are its as
 * they were.  As root no user namespace is made: the engine stays the
 * root it would have been.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc/pidns.h"

int
pidns_open_self(const char *path)
{
	int fd, e;

	prctl(PR_SET_DUMPABLE, 1);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	e = errno;
	/* As short as that: whoever opens a process's /proc/PID/mem keeps
	 * it, and this one still holds the arbiter's memory. */
	prctl(PR_SET_DUMPABLE, 0);
	errno = e;
	return fd;
}

static int
write_file(const char *path, const char *text)
{
	int fd = pidns_open_self(path), rc;
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	rc = n == (ssize_t)strlen(text) ? 0 : -1;
	close(fd);
	return rc;
}

/* The new namespaces, with this process's user and group mapped to
 * themselves when a user namespace is needed. */
static int
unshare_namespaces(void)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	char map[64];

	if (uid == 0)
		return unshare(CLONE_NEWPID | CLONE_NEWNS);
	if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS) < 0)
		return -1;
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)uid, (unsigned)uid);
	if (write_file("/proc/self/uid_map", map) < 0 ||
	    write_file("/proc/self/setgroups", "deny") < 0)
		return -1;
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)gid, (unsigned)gid);
	return write_file("/proc/self/gid_map", map);
}

/* Mounts in this namespace stay in it; /proc shows its processes only. */
static int
mount_proc(void)
{
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return -1;
	return mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
	    NULL);
}

/*
 * A /dev/shm of the engine's own, empty, in memory and of a bounded
 * size, and TMPDIR naming it: ordinary code (a temporary file, a
 * database in it, multiprocessing's semaphores) works, and nothing
 * written there is seen by another process or outlives the namespace.
 * Not /tmp: a tmpfs over it would hide every engine kept there (a bot in
 * a directory of /tmp, a book beside it) from the engine itself; /tmp
 * stays the machine's, to read only.  A system with no /dev/shm gives
 * none.
 */
static int
mount_temp(uint64_t mb)
{
	char opts[64];
	struct stat st;

	if (stat(PIDNS_TEMP, &st) < 0 || !S_ISDIR(st.st_mode))
		return 0;
	snprintf(opts, sizeof(opts), "size=%" PRIu64 "m,mode=1777",
	    mb > 0 ? mb : 64);
	if (mount("tmpfs", PIDNS_TEMP, "tmpfs", MS_NOSUID | MS_NODEV,
	    opts) < 0)
		return -1;
	/* No thread in the arbiter: setenv is safe after fork. */
	return setenv("TMPDIR", PIDNS_TEMP, 1);
}

/* Dies as the wait status says the engine did, or exits with its code. */
static _Noreturn void
exit_as(int status)
{
	struct rlimit none = { 0, 0 };
	sigset_t set;
	int sig;

	if (WIFSIGNALED(status)) {
		sig = WTERMSIG(status);
		setrlimit(RLIMIT_CORE, &none);	/* the engine's core, not ours */
		signal(sig, SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		kill(getpid(), sig);
		_exit(128 + sig);
	}
	_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

/* Only fd stays open: the engine's pipes must close when it exits. */
static void
close_all_but(int fd)
{
	for (int i = 0; i < 3; i++)
		if (i != fd)
			close(i);
	closefrom(fd + 1 > 3 ? fd + 1 : 3);
	for (int i = 3; i < fd; i++)
		close(i);
}

/* The namespace's first process: the engine's parent and every orphan's;
 * tells the status of the engine and exits, which ends the namespace. */
static _Noreturn void
init_wait(pid_t engine, int tell)
{
	int status = 0, st;
	pid_t pid;

	close_all_but(tell);
	while ((pid = waitpid(-1, &st, 0)) != 0) {
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		if (pid == engine) {
			status = st;
			break;
		}
	}
	if (write(tell, &status, sizeof(status)) != sizeof(status))
		_exit(127);
	_exit(0);
}

/* The arbiter's child: waits for the namespace and passes on what the
 * engine did (or what happened to the namespace, if it says nothing). */
static _Noreturn void
outer_wait(pid_t init, int told)
{
	int status = 0, st = 0;
	ssize_t n;

	close_all_but(told);
	do
		n = read(told, &status, sizeof(status));
	while (n < 0 && errno == EINTR);
	while (waitpid(init, &st, 0) < 0 && errno == EINTR)
		;
	exit_as(n == sizeof(status) ? status : st);
}

int
pidns_enter(uint64_t temp_mb)
{
	int fds[2];
	pid_t pid;

	if (unshare_namespaces() < 0 || pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	if ((pid = fork()) < 0)
		return -1;
	/* Names for ps and top: both are copies of the arbiter. */
	if (pid > 0) {
		prctl(PR_SET_NAME, "engine-wait");
		outer_wait(pid, fds[0]);
	}
	close(fds[0]);
	/* The arbiter's child killed alone: the namespace goes with it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (mount_proc() < 0 || mount_temp(temp_mb) < 0)
		return -1;
	if ((pid = fork()) < 0)
		return -1;
	if (pid > 0) {
		prctl(PR_SET_NAME, "engine-init");
		init_wait(pid, fds[1]);
	}
	close(fds[1]);
	return 0;
}

int
pidns_works(void)
{
	sigset_t all, old;
	int status;
	pid_t pid;

	/* No handler of the arbiter's may run in the child. */
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	pid = fork();
	if (pid == 0) {
		/* Quiet: the engine would write here why it failed. */
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDERR_FILENO);
		_exit(pidns_enter(1) == 0 && getpid() == 2 ? 0 : 1);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		return 0;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
