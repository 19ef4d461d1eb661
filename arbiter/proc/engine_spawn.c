/*
 * engine_spawn.c: finding an engine program and starting it
 * (engine_spawn.h).
 *
 * Everything that can fail for a reason worth a clear message (no such
 * program, not executable, no such directory, a log that cannot be
 * written) is checked in the parent, before the fork.  The arbiter can
 * then print one line instead of recording an engine that "exited 127",
 * and the child is only a few system calls between fork and exec (and,
 * confined, the two forks of its PID namespace, pidns.h).  The arbiter
 * has no threads, so the child may call ordinary library functions
 * before exec.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc/engine_spawn.h"
#include "proc/pidns.h"
#include "proc/sandbox.h"
#include "base/xmalloc.h"

/* "dir/name", or name itself when it is absolute or dir is NULL. */
static char *
spawn_join(const char *dir, const char *name)
{
	size_t n;
	char *p;

	if (name[0] == '/' || dir == NULL)
		return xstrdup(name);
	n = strlen(dir) + strlen(name) + 2;
	p = xmalloc(n);
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/*
 * The engine's working directory as an absolute path: relative program
 * names are taken from it, as `cd dir && exec prog` would, and the child
 * may chdir before exec without changing what the path means.
 */
static char *
spawn_workdir(const struct engine_spec *spec, char *err, size_t errlen)
{
	char *cwd, *wd;
	struct stat st;
	int e;

	if (spec->dir != NULL && spec->dir[0] == '/')
		wd = xstrdup(spec->dir);
	else {
		if ((cwd = getcwd(NULL, 0)) == NULL) {
			snprintf(err, errlen, "engine '%s': current "
			    "directory: %s", spec->argv[0], strerror(errno));
			return NULL;
		}
		wd = spawn_join(cwd, spec->dir != NULL ? spec->dir : ".");
		free(cwd);
	}
	e = stat(wd, &st) < 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
	if (e != 0) {
		snprintf(err, errlen, "engine '%s': directory '%s': %s",
		    spec->argv[0], spec->dir ? spec->dir : wd, strerror(e));
		free(wd);
		return NULL;
	}
	return wd;
}

/* 0: an executable regular file; -1: nothing there; -2: not runnable. */
static int
spawn_check(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode) || access(path, X_OK) < 0)
		return -2;
	return 0;
}

/* Finds prog as execvp would, in the parent; returns an absolute path. */
static char *
spawn_resolve(const char *prog, const char *wd, char *err, size_t errlen)
{
	const char *dirs, *d;
	char *entry, *base, *path;
	int rc, worst = -1;
	size_t n;

	if (strchr(prog, '/') != NULL) {
		path = spawn_join(wd, prog);
		if ((rc = spawn_check(path)) == 0)
			return path;
		free(path);
		snprintf(err, errlen, "engine '%s': %s", prog,
		    rc == -1 ? "not found" : "not executable");
		return NULL;
	}
	if ((dirs = getenv("PATH")) == NULL)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	for (d = dirs;; d += n + 1) {
		n = strcspn(d, ":");
		entry = n > 0 ? xstrndup(d, n) : xstrdup(".");
		base = spawn_join(wd, entry);
		path = spawn_join(base, prog);
		free(entry);
		free(base);
		if ((rc = spawn_check(path)) == 0)
			return path;
		free(path);
		if (rc == -2)
			worst = rc;
		if (d[n] == '\0')
			break;
	}
	snprintf(err, errlen, "engine '%s': %s", prog,
	    worst == -2 ? "not executable" : "not found in PATH");
	return NULL;
}

static int
spawn_open_log(const struct engine_spec *spec, char *err, size_t errlen)
{
	const char *p = spec->stderr_path ? spec->stderr_path : "/dev/null";
	int fd;

	fd = open(p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		snprintf(err, errlen, "engine '%s': stderr log '%s': %s",
		    spec->argv[0], p, strerror(errno));
	return fd;
}

/* In the child: says why into the stderr log, then exits 127 as sh. */
static _Noreturn void
spawn_child_fail(const char *what, const char *arg)
{
	char msg[512];
	int n;
	ssize_t w;

	n = snprintf(msg, sizeof(msg), "engine_proc: %s '%s': %s\n", what,
	    arg, strerror(errno));
	if (n > 0) {
		w = write(STDERR_FILENO, msg, (size_t)n < sizeof(msg) ?
		    (size_t)n : sizeof(msg) - 1);
		(void)w;
	}
	_exit(127);
}

/*
 * Lowers one limit, soft to value and hard to value + slack, so that the
 * engine cannot raise it again.  Without privilege a hard limit can only
 * go down, so never above the current one.  Where the hard limit may not
 * be changed at all (valgrind refuses it for RLIMIT_NOFILE), the soft
 * limit alone still holds an engine that does not fight it.
 */
static int
spawn_limit(int resource, uint64_t value, uint64_t slack)
{
	struct rlimit old, rl;

	if (value == 0)
		return 0;
	if (getrlimit(resource, &old) < 0)
		return -1;
	rl.rlim_cur = (rlim_t)value;
	rl.rlim_max = (rlim_t)(value + slack);
	if (old.rlim_max != RLIM_INFINITY) {
		if (rl.rlim_cur > old.rlim_max)
			rl.rlim_cur = old.rlim_max;
		if (rl.rlim_max > old.rlim_max)
			rl.rlim_max = old.rlim_max;
	}
	if (setrlimit(resource, &rl) == 0)
		return 0;
	if (errno != EPERM)
		return -1;
	rl.rlim_max = old.rlim_max;
	return setrlimit(resource, &rl);
}

int
engine_proc_nth_cpu(int i)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) < 0 ||
	    (n = CPU_COUNT(&set)) == 0)
		return -1;
	for (int cpu = 0, k = i % n; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && k-- == 0)
			return cpu;
	return -1;
}

static int
spawn_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/*
 * Should the machine run out of memory, the kernel's OOM killer takes an
 * engine, the largest first, rather than the arbiter: a hostile or
 * leaking engine loses its own deal (a crash) and the records stay
 * whole.  Raising the score needs no privilege, and a confined engine
 * cannot lower it again (Landlock lets it write no /proc file).
 */
static void
spawn_oom_first(void)
{
	int fd = pidns_open_self("/proc/self/oom_score_adj");
	ssize_t n;

	if (fd < 0)
		return;	/* no /proc: nothing to ask of the kernel */
	n = write(fd, "1000", 4);
	(void)n;
	close(fd);
}

/* The child, between fork and exec. */
static _Noreturn void
spawn_child(const struct engine_spec *spec, const char *path,
    const char *wd, int in, int out, int logfd, int rules, pid_t parent)
{
	struct sigaction sa;
	sigset_t none;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);	/* the arbiter died before prctl */
	/* Ignored signals would stay ignored across exec: SIGPIPE above all. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &sa, NULL);
	/* A file at the limit refuses further writes (EFBIG): the engine
	 * plays on, rather than dying of SIGXFSZ (its stderr is a pipe,
	 * the arbiter holds the log to the limit, engine_log.h). */
	sa.sa_handler = SIG_IGN;
	if (spec->rlimit_fsize > 0)
		sigaction(SIGXFSZ, &sa, NULL);
	/* Above 2 first: dup2 onto itself would leave it close-on-exec. */
	if ((in = fcntl(in, F_DUPFD_CLOEXEC, 3)) < 0 ||
	    (out = fcntl(out, F_DUPFD_CLOEXEC, 3)) < 0 ||
	    (logfd = fcntl(logfd, F_DUPFD_CLOEXEC, 3)) < 0 ||
	    dup2(logfd, STDERR_FILENO) < 0)
		_exit(127);
	if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
		spawn_child_fail("dup2", "socket");
	if (spec->dir != NULL && chdir(wd) < 0)
		spawn_child_fail("chdir", wd);
	if (spec->pinned && spawn_pin(spec->cpu) < 0)
		spawn_child_fail("sched_setaffinity for", path);
	spawn_oom_first();
	if (sandbox_pidns(spec->sandbox) && pidns_enter(spec->temp_mb) < 0)
		spawn_child_fail("PID namespace for", path);
	if (spawn_limit(RLIMIT_AS, spec->rlimit_as, 0) < 0 ||
	    spawn_limit(RLIMIT_CPU, spec->rlimit_cpu, 1) < 0 ||
	    spawn_limit(RLIMIT_NOFILE, spec->rlimit_nofile, 0) < 0 ||
	    spawn_limit(RLIMIT_NPROC, spec->rlimit_nproc, 0) < 0 ||
	    spawn_limit(RLIMIT_FSIZE, spec->rlimit_fsize, 0) < 0)
		spawn_child_fail("setrlimit", path);
	/* Before closefrom: the ruleset is one of the descriptors it closes. */
	if (sandbox_enter(spec->sandbox, rules) < 0)
		spawn_child_fail("sandbox (Landlock) for", path);
	closefrom(3);	/* whatever else the arbiter left inheritable */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (spec->envp != NULL)
		execve(path, spec->argv, spec->envp);
	else
		execv(path, spec->argv);
	spawn_child_fail("exec", path);
}

/* The engine's stderr: a pipe the arbiter drains into the log, or
 * /dev/null itself where there is no log. */
static int
spawn_stderr(const struct engine_spec *spec, int errp[2], char *err,
    size_t errlen)
{
	if (spec->stderr_path == NULL)
		return 0;
	if (pipe2(errp, O_CLOEXEC) == 0)
		return 0;
	snprintf(err, errlen, "engine '%s': pipe: %s", spec->argv[0],
	    strerror(errno));
	return -1;
}

pid_t
engine_spawn(const struct engine_spec *spec, int fds[4], char *err,
    size_t errlen)
{
	const char *prog = spec->argv[0];
	char *wd = NULL, *path = NULL;
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, logfd = -1, saved;
	int rules = -1, errp[2] = { -1, -1 };
	sigset_t all, old;
	pid_t pid = -1, parent = getpid();

	if (prog == NULL || prog[0] == '\0') {
		snprintf(err, errlen, "empty engine command");
		return -1;
	}
	if ((wd = spawn_workdir(spec, err, errlen)) == NULL ||
	    (path = spawn_resolve(prog, wd, err, errlen)) == NULL ||
	    (logfd = spawn_open_log(spec, err, errlen)) < 0 ||
	    spawn_stderr(spec, errp, err, errlen) < 0)
		goto out;
	if (spec->sandbox != NULL && (rules = sandbox_ruleset(spec->sandbox,
	    err, errlen)) == -2)
		goto out;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) < 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out) < 0) {
		snprintf(err, errlen, "engine '%s': socketpair: %s", prog,
		    strerror(errno));
		goto out;
	}
	/* No libevent signal handler may run in the child before exec. */
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	if ((pid = fork()) == 0)
		spawn_child(spec, path, wd, in[1], out[1], errp[1] >= 0 ?
		    errp[1] : logfd, rules, parent);
	saved = errno;
	if (pid > 0)
		setpgid(pid, pid);	/* as the child: either may be first */
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		snprintf(err, errlen, "engine '%s': fork: %s", prog,
		    strerror(saved));
	else {
		fds[0] = out[0];
		fds[1] = in[0];
		fds[2] = errp[0];
		fds[3] = errp[0] >= 0 ? logfd : -1;
		out[0] = in[0] = errp[0] = -1;
		if (fds[3] >= 0)
			logfd = -1;
	}
out:
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
		if (errp[i] >= 0)
			close(errp[i]);
	}
	if (logfd >= 0)
		close(logfd);
	if (rules >= 0)
		close(rules);
	free(wd);
	free(path);
	return pid;
}

int
engine_proc_check(const struct engine_spec *spec, char *err, size_t errlen)
{
	char *wd = NULL, *path = NULL;
	int logfd = -1;

	if (spec->argv[0] == NULL || spec->argv[0][0] == '\0')
		snprintf(err, errlen, "empty engine command");
	else if ((wd = spawn_workdir(spec, err, errlen)) != NULL &&
	    (path = spawn_resolve(spec->argv[0], wd, err, errlen)) != NULL)
		logfd = spawn_open_log(spec, err, errlen);
	if (logfd >= 0)
		close(logfd);
	free(wd);
	free(path);
	return logfd >= 0 ? 0 : -1;
}

char *
engine_proc_status_str(int wait_status, char *buf, size_t len)
{
	const char *name;
	int sig;

	if (WIFEXITED(wait_status))
		snprintf(buf, len, "exit %d", WEXITSTATUS(wait_status));
	else if (WIFSIGNALED(wait_status)) {
		sig = WTERMSIG(wait_status);
		name = sigabbrev_np(sig);
		snprintf(buf, len, "signal %d (%s)%s", sig, name ? name : "?",
		    WCOREDUMP(wait_status) ? ", core dumped" : "");
	} else
		snprintf(buf, len, "wait status %#x", (unsigned)wait_status);
	return buf;
}

const char *
engine_proc_fault_name(enum engine_proc_fault fault)
{
	static const char *const names[] = {
		[ENGINE_PROC_LINE_TOO_LONG] = "LINE_TOO_LONG",
		[ENGINE_PROC_CLOSED] = "CLOSED",
		[ENGINE_PROC_WRITE_ERROR] = "WRITE_ERROR",
		[ENGINE_PROC_OVERFLOW] = "OVERFLOW",
		[ENGINE_PROC_TIMEOUT] = "TIMEOUT"
	};

	if ((size_t)fault >= sizeof(names) / sizeof(names[0]))
		return "UNKNOWN";
	return names[fault];
}
