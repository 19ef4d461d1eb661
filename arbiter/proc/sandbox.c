/*
 * sandbox.c: the engines' Landlock ruleset and system-call filter
 * (sandbox.h).
 *
 * The constants and the ruleset's attribute are the kernel's ABI,
 * written here rather than taken from <linux/landlock.h>: distributions
 * ship headers older than their kernels (Debian's stops at ABI 2), and
 * the rights of a newer ABI are used only where the kernel reports it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "proc/nopriv.h"
#include "proc/pidns.h"
#include "proc/sandbox.h"
#include "proc/sysfilter.h"
#include "base/xmalloc.h"

#define LL_VERSION		(1U << 0)	/* create_ruleset flag */
#define LL_RULE_PATH_BENEATH	1

#define FS_EXECUTE	(1ULL << 0)
#define FS_WRITE_FILE	(1ULL << 1)
#define FS_READ_FILE	(1ULL << 2)
#define FS_READ_DIR	(1ULL << 3)
#define FS_ABI1		((1ULL << 13) - 1)	/* execute .. make_sym */
#define FS_REFER	(1ULL << 13)		/* ABI 2 */
#define FS_TRUNCATE	(1ULL << 14)		/* ABI 3 */
#define FS_IOCTL_DEV	(1ULL << 15)		/* ABI 5 */
#define NET_TCP		(3ULL)			/* ABI 4: bind, connect */
#define SCOPE_ALL	(3ULL)			/* ABI 6: abstract unix
						 * sockets, signals */

struct ll_ruleset_attr {
	uint64_t	fs, net, scoped;
};

struct ll_path_beneath {
	uint64_t	allowed;
	int32_t		parent_fd;
} __attribute__((packed));

/* A rule kept by path: each engine gets a ruleset of its own, made from
 * them as it starts, so that its own /proc can be added (pidns.h). */
struct rule {
	char		*path;
	uint64_t	 allowed;
};

struct sandbox {
	int		 abi;
	struct rule	*rule;
	size_t		 nrules, cap;
	uint64_t	 fs;		/* the file rights handled */
	struct sysfilter *calls;	/* sockets and IPC refused */
	int		 pidns;		/* 1: processes hidden (pidns.h) */
};

/* What the walk needs: the protected paths, their ancestors, and the
 * inodes of both, so that no rule is put on any of them by another name
 * (a symbolic link in an ancestor pointing back up). */
struct walk {
	char		**path;		/* protected, then ancestors */
	size_t		 nprotected, n, cap;
	struct stat	*st;		/* by path; st_ino 0: none */
	struct sandbox	*sb;
	char		*err;
	size_t		 errlen;
};

static int
ll_abi(void)
{
	long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_VERSION);

	return v < 0 ? 0 : (int)v;
}

static int
ll_rule(int ruleset, int fd, uint64_t allowed)
{
	struct ll_path_beneath pb = { allowed, fd };

	return (int)syscall(SYS_landlock_add_rule, ruleset,
	    LL_RULE_PATH_BENEATH, &pb, 0);
}

static void
rule_keep(struct sandbox *sb, const char *path, uint64_t allowed)
{
	if (sb->nrules == sb->cap) {
		sb->cap = sb->cap ? 2 * sb->cap : 64;
		sb->rule = xreallocarray(sb->rule, sb->cap, sizeof(*sb->rule));
	}
	sb->rule[sb->nrules].path = xstrdup(path);
	sb->rule[sb->nrules++].allowed = allowed;
}

static void
walk_add(struct walk *w, char *path)
{
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->path[i], path) == 0) {
			free(path);
			return;
		}
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->path = xreallocarray(w->path, w->cap, sizeof(*w->path));
		w->st = xreallocarray(w->st, w->cap, sizeof(*w->st));
	}
	if (stat(path, &w->st[w->n]) < 0)
		w->st[w->n].st_ino = 0;
	w->path[w->n++] = path;
}

/* path made absolute with every link resolved, the file itself perhaps
 * not there yet (a records file about to be created); NULL if its
 * directory is not there either. */
static char *
canonical(const char *path)
{
	char *dir, *real, *full, *slash;
	size_t n;

	if ((real = realpath(path, NULL)) != NULL)
		return real;
	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) == NULL)
		real = realpath(".", NULL);
	else {
		*slash = '\0';
		real = realpath(slash == dir ? "/" : dir, NULL);
	}
	if (real == NULL) {
		free(dir);
		return NULL;
	}
	n = strlen(real) + strlen(path) + 2;
	full = xmalloc(n);
	snprintf(full, n, "%s/%s", strcmp(real, "/") ? real : "",
	    slash ? slash + 1 : path);
	free(real);
	free(dir);
	return full;
}

/* Whether a file is one of the walk's paths, by name or by inode. */
static bool
walk_holds(const struct walk *w, const char *path, const struct stat *st)
{
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->path[i], path) == 0 || (st != NULL &&
		    w->st[i].st_ino != 0 && w->st[i].st_ino == st->st_ino &&
		    w->st[i].st_dev == st->st_dev))
			return true;
	return false;
}

/* A rule beneath each entry of ancestor dir but the walk's own paths. */
static int
walk_dir(struct walk *w, const char *dir)
{
	uint64_t files = FS_READ_FILE | FS_EXECUTE;
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int fd;

	if ((d = opendir(dir)) == NULL) {
		snprintf(w->err, w->errlen, "sandbox: %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	rule_keep(w->sb, dir, FS_READ_DIR);
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", strcmp(dir, "/") ?
		    dir : "", de->d_name);
		/* Links followed: the rule is on what the name leads to. */
		if (walk_holds(w, path, NULL) ||
		    (fd = open(path, O_PATH | O_CLOEXEC)) < 0)
			continue;	/* dangling links, unreadable */
		if (fstat(fd, &st) == 0 && !walk_holds(w, path, &st))
			rule_keep(w->sb, path, S_ISDIR(st.st_mode) ?
			    files | FS_READ_DIR : files);
		close(fd);
	}
	closedir(d);
	return 0;
}

/*
 * Landlock only allow-lists, so "everything but these files" is built by
 * walking from / down to each protected file: each directory on the way
 * gets a rule beneath every entry but the one leading on (walked in its
 * turn) and the protected file itself.  What it implies: a file created
 * later in one of those directories is under no rule, so engines cannot
 * read it either (the records file among them, when it is created after).
 */
static int
walk_protect(struct walk *w, const char *const *protect)
{
	struct stat st;
	char *p, *slash;
	size_t nprotected;

	for (; *protect != NULL; protect++) {
		/* No directory: the file cannot be made, and the run fails
		 * when it opens it, saying why.  -o /dev/null, a pipe:
		 * nothing there to read back. */
		if ((p = canonical(*protect)) == NULL)
			continue;
		if (stat(p, &st) == 0 && !S_ISREG(st.st_mode))
			free(p);
		else
			walk_add(w, p);
	}
	nprotected = w->n;
	w->nprotected = nprotected;
	for (size_t i = 0; i < nprotected; i++) {
		p = xstrdup(w->path[i]);
		while ((slash = strrchr(p, '/')) != NULL) {
			*slash = '\0';
			walk_add(w, xstrdup(slash == p ? "/" : p));
			if (slash == p)
				break;
		}
		free(p);
	}
	if (nprotected == 0)
		walk_add(w, xstrdup("/"));	/* then it is all of it */
	for (size_t i = nprotected; i < w->n; i++)
		if (walk_dir(w, w->path[i]) < 0)
			return -1;
	return 0;
}

static uint64_t
fs_handled(int abi)
{
	return FS_ABI1 | (abi >= 2 ? FS_REFER : 0) |
	    (abi >= 3 ? FS_TRUNCATE : 0) | (abi >= 5 ? FS_IOCTL_DEV : 0);
}

/* The rule for one path, which may have gone since the walk. */
static int
rule_add(int ruleset, const char *path, uint64_t allowed)
{
	int fd = open(path, O_PATH | O_CLOEXEC), rc;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	rc = ll_rule(ruleset, fd, allowed);
	close(fd);
	return rc;
}

int
sandbox_ruleset(const struct sandbox *sb, char *err, size_t errlen)
{
	struct ll_ruleset_attr attr = { sb->fs, 0, 0 };
	int fd;

	if (sb->abi == 0)
		return -1;
	/* No TCP port and no scope is allowed: handling them is the rule. */
	attr.net = sb->abi >= 4 ? NET_TCP : 0;
	attr.scoped = sb->abi >= 6 ? SCOPE_ALL : 0;
	fd = (int)syscall(SYS_landlock_create_ruleset, &attr,
	    sb->abi >= 6 ? sizeof(attr) : sb->abi >= 4 ? 2 * sizeof(uint64_t) :
	    sizeof(uint64_t), 0);
	if (fd < 0) {
		snprintf(err, errlen, "sandbox: Landlock ruleset: %s",
		    strerror(errno));
		return -2;
	}
	for (size_t i = 0; i < sb->nrules; i++)
		if (rule_add(fd, sb->rule[i].path, sb->rule[i].allowed) < 0) {
			snprintf(err, errlen, "sandbox: rule for %s: %s",
			    sb->rule[i].path, strerror(errno));
			close(fd);
			return -2;
		}
	return fd;
}

struct sandbox *
sandbox_new(const char *const *protect, char *err, size_t errlen)
{
	struct sandbox *sb = xcalloc(1, sizeof(*sb));
	struct walk w = { .sb = sb, .err = err, .errlen = errlen };
	int rc;

	if ((sb->calls = sysfilter_new(err, errlen)) == NULL) {
		free(sb);
		return NULL;
	}
	sb->pidns = pidns_works();
	if ((sb->abi = ll_abi()) == 0)
		return sb;
	sb->fs = fs_handled(sb->abi);
	rc = walk_protect(&w, protect);
	/* The one file an engine may write: /dev/null (its stderr log, if
	 * any, is opened by the arbiter and given to it open). */
	rule_keep(sb, "/dev/null", FS_READ_FILE | FS_WRITE_FILE |
	    (sb->abi >= 3 ? FS_TRUNCATE : 0));
	for (size_t i = 0; i < w.n; i++)
		free(w.path[i]);
	free(w.path);
	free(w.st);
	/* Once here, so that a rule the kernel refuses is said before any
	 * engine starts. */
	if (rc == 0 && (rc = sandbox_ruleset(sb, err, errlen)) >= 0)
		close(rc);
	if (rc < 0) {
		sandbox_free(sb);
		return NULL;
	}
	return sb;
}

int
sandbox_abi(const struct sandbox *sb)
{
	return sb != NULL ? sb->abi : 0;
}

int
sandbox_pidns(const struct sandbox *sb)
{
	return sb != NULL && sb->pidns;
}

int
sandbox_enter(const struct sandbox *sb, int ruleset)
{
	if (sb == NULL)
		return 0;
	/* Landlock and seccomp ask for it unless privileged: no setuid way
	 * out; and no capability either, root or not (nopriv.h). */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || nopriv_enter() < 0)
		return -1;
	/* The walk's rule for /proc is on the arbiter's /proc, which the
	 * engine's own now hides; its temporary directory is its own too
	 * (pidns.h), to write in as it likes but not to run programs from. */
	if (ruleset >= 0 && sb->pidns && (rule_add(ruleset, "/proc",
	    FS_READ_FILE | FS_READ_DIR) < 0 ||
	    rule_add(ruleset, PIDNS_TEMP, sb->fs & ~FS_EXECUTE) < 0))
		return -1;
	if (ruleset >= 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) < 0)
		return -1;
	return sysfilter_enter(sb->calls);
}

const char *
sandbox_exit_hint(const struct sandbox *sb)
{
	if (sb == NULL)
		return "";
	/* What ordinary code trips on, named (bots/README.md says more). */
	if (sb->abi > 0 && sb->pidns)
		return " (confined: it may write files only in its TMPDIR, "
		    "/dev/shm, and make no socket but a socketpair, no IPC; "
		    "log to standard error; --no-sandbox runs it unconfined)";
	return sb->abi > 0 ? " (confined: it may write no file and make no "
	    "socket but a socketpair, no IPC; log to standard error; "
	    "--no-sandbox runs it unconfined)" : " (confined: it may make no "
	    "socket but a socketpair, no IPC; log to standard error; "
	    "--no-sandbox runs it unconfined)";
}

void
sandbox_free(struct sandbox *sb)
{
	if (sb == NULL)
		return;
	for (size_t i = 0; i < sb->nrules; i++)
		free(sb->rule[i].path);
	free(sb->rule);
	sysfilter_free(sb->calls);
	free(sb);
}
