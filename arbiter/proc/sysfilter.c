/*
 * sysfilter.c: the system calls a confined engine may not make
 * (sysfilter.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/fs.h>
#include <linux/seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <seccomp.h>

#include "proc/sysfilter.h"
#include "base/xmalloc.h"

/* The filter compiled in the arbiter: the child loads it with one prctl
 * and allocates nothing, as it must under an engine's memory limit
 * (set before, and an ASan-built arbiter's child has no room left). */
struct sysfilter {
	struct sock_fprog	 prog;
};

/*
 * Sockets of every family (the engine's pipes are made by the arbiter,
 * a socketpair needs no socket call); System V message queues,
 * semaphores and shared memory, and the old multiplexer of all three;
 * POSIX message queues; io_uring, which can open sockets itself;
 * leaving the process group; and moving to other CPUs.
 */
static const char *const refused[] = {
	"socket", "socketcall",
	"msgget", "msgsnd", "msgrcv", "msgctl",
	"semget", "semop", "semtimedop", "semtimedop_time64", "semctl",
	"shmget", "shmat", "shmdt", "shmctl", "ipc",
	"mq_open", "mq_unlink", "mq_timedsend", "mq_timedsend_time64",
	"mq_timedreceive", "mq_timedreceive_time64", "mq_notify",
	"mq_getsetattr",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	/* Its own process group holds all it starts: the arbiter stops
	 * the group off its turn and kills it at the end. */
	"setsid", "setpgid",
	/* Pinned to its table's CPU (--affinity), it stays there. */
	"sched_setaffinity",
	/* Objects of the kernel's that outlive the process or that every
	 * process may name (issue 31): keys in the user's and the
	 * session's keyrings; a name for a socketpair's end (abstract
	 * names are the machine's: one engine binds, another finds it
	 * taken); notices of other processes' opens and
	 * reads of a file (inotify, fanotify). */
	"add_key", "request_key", "keyctl",
	"bind", "listen", "connect", "accept", "accept4",
	"inotify_init", "inotify_init1", "inotify_add_watch",
	"fanotify_init", "fanotify_mark",
	/* A file's metadata, which Landlock does not confine: an engine
	 * owns its user's files (root's, run by root) and could set their
	 * mode, owner, times or attributes for any other process to read
	 * back. */
	"chmod", "fchmod", "fchmodat", "fchmodat2",
	"chown", "fchown", "lchown", "fchownat",
	"utime", "utimes", "utimensat", "futimesat",
	"setxattr", "lsetxattr", "fsetxattr",
	"removexattr", "lremovexattr", "fremovexattr",
};

/* Calls newer than libseccomp 2.5 knows by name: the same numbers on
 * every architecture but a few old ones (Linux gave every new call one
 * number from 424 on). */
static const struct { const char *name; int nr; } newer[] = {
	{ "setxattrat", 463 }, { "removexattrat", 466 },
	{ "file_setattr", 469 },
};

/* Commands of fcntl(2) and ioctl(2), compared on the 32 bits the kernel
 * reads (an int), so that high bits set cannot slip one past. */
struct argrule {
	const char	*call;
	unsigned	 arg;		/* which argument */
	uint32_t	 mask, value;
};

static const struct argrule by_arg[] = {
	/* Who holds a lock (shown to every process that opens the file);
	 * leases, which tell whether anyone else has the file open;
	 * dnotify. */
	{ "fcntl", 1, ~0U, F_GETLK }, { "fcntl", 1, ~0U, F_OFD_GETLK },
	{ "fcntl", 1, ~0U, F_SETLEASE }, { "fcntl", 1, ~0U, F_GETLEASE },
	{ "fcntl", 1, ~0U, F_NOTIFY },
	/* A file's flags and attributes (chattr), its version number. */
	{ "ioctl", 1, ~0U, FS_IOC_SETFLAGS },
	{ "ioctl", 1, ~0U, FS_IOC32_SETFLAGS },
	{ "ioctl", 1, ~0U, FS_IOC_FSSETXATTR },
	{ "ioctl", 1, ~0U, FS_IOC_SETVERSION },
	{ "ioctl", 1, ~0U, FS_IOC32_SETVERSION },
	/* A socketpair of datagrams could send to a name bound outside;
	 * a stream pair's ends are each other's only. */
	{ "socketpair", 1, 0xf, SOCK_DGRAM },
	{ "socketpair", 1, 0xf, SOCK_SEQPACKET },
	{ "socketpair", 1, 0xf, SOCK_RAW },
	{ "socketpair", 1, 0xf, SOCK_RDM },
	{ "socketpair", 1, 0xf, SOCK_DCCP },
	{ "socketpair", 1, 0xf, SOCK_PACKET },
};

/*
 * Locks, byte-range (POSIX and OFD) and whole-file, succeed and do
 * nothing.  A lock another process can take or test is a channel (one
 * engine locks, another finds the file locked), so none is ever taken;
 * but ordinary code locks as it reads (SQLite opening a book beside the
 * bot), and refusing made it fail ("database is locked").  An engine's
 * processes that lock to share a file of their own get no exclusion:
 * they are one program, and its temporary files are its own (pidns.h).
 */
static const struct argrule pretended[] = {
	{ "fcntl", 1, ~0U, F_SETLK }, { "fcntl", 1, ~0U, F_SETLKW },
	{ "fcntl", 1, ~0U, F_OFD_SETLK }, { "fcntl", 1, ~0U, F_OFD_SETLKW },
};

static int
pretend(scmp_filter_ctx ctx)
{
	int nr = seccomp_syscall_resolve_name("flock"), rc;

	if (nr >= 0 && (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), nr,
	    0)) < 0)
		return rc;
	for (size_t i = 0; i < sizeof(pretended) / sizeof(pretended[0]);
	    i++) {
		nr = seccomp_syscall_resolve_name(pretended[i].call);
		if (nr >= 0 && (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0),
		    nr, 1, SCMP_CMP(pretended[i].arg, SCMP_CMP_MASKED_EQ,
		    pretended[i].mask, pretended[i].value))) < 0)
			return rc;
	}
	return 0;
}

static int
refuse(scmp_filter_ctx ctx, int nr)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), nr, 0);
}

static int
refuse_arg(scmp_filter_ctx ctx, const struct argrule *r)
{
	int nr = seccomp_syscall_resolve_name(r->call);

	if (nr == __NR_SCMP_ERROR || nr < 0)
		return 0;
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), nr, 1,
	    SCMP_CMP(r->arg, SCMP_CMP_MASKED_EQ, r->mask, r->value));
}

static int
add_rules(scmp_filter_ctx ctx)
{
	int rc = 0, nr;

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		nr = seccomp_syscall_resolve_name(refused[i]);
		/* A call this architecture lacks (socketcall, ipc and the
		 * _time64 forms on x86_64) needs no rule. */
		if (nr == __NR_SCMP_ERROR || nr < 0)
			continue;
		if ((rc = refuse(ctx, nr)) < 0)
			return rc;
	}
	for (size_t i = 0; i < sizeof(newer) / sizeof(newer[0]); i++) {
		nr = seccomp_syscall_resolve_name(newer[i].name);
		if ((rc = refuse(ctx, nr >= 0 ? nr : newer[i].nr)) < 0)
			return rc;
	}
	for (size_t i = 0; i < sizeof(by_arg) / sizeof(by_arg[0]); i++)
		if ((rc = refuse_arg(ctx, &by_arg[i])) < 0)
			return rc;
	return pretend(ctx);
}

/* The BPF program of ctx, read back from a memory file. */
static int
compile(scmp_filter_ctx ctx, struct sock_fprog *prog)
{
	int fd = memfd_create("sysfilter", MFD_CLOEXEC), rc = -EIO;
	off_t len;

	if (fd < 0)
		return -errno;
	if ((rc = seccomp_export_bpf(ctx, fd)) == 0) {
		rc = -EIO;
		len = lseek(fd, 0, SEEK_END);
		if (len > 0 && len % sizeof(struct sock_filter) == 0 &&
		    len / sizeof(struct sock_filter) <= BPF_MAXINSNS) {
			prog->len = (unsigned short)(len /
			    sizeof(struct sock_filter));
			prog->filter = xcalloc(prog->len,
			    sizeof(struct sock_filter));
			if (pread(fd, prog->filter, (size_t)len, 0) == len)
				rc = 0;
		}
	}
	close(fd);
	return rc;
}

struct sysfilter *
sysfilter_new(char *err, size_t errlen)
{
	struct sysfilter *f = xcalloc(1, sizeof(*f));
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc;

	if (ctx == NULL) {
		snprintf(err, errlen, "sandbox: seccomp_init failed");
		free(f);
		return NULL;
	}
	/* No new privileges is set by the sandbox itself, with Landlock's. */
	seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	if ((rc = add_rules(ctx)) == 0)
		rc = compile(ctx, &f->prog);
	seccomp_release(ctx);
	if (rc < 0) {
		snprintf(err, errlen, "sandbox: seccomp filter: %s",
		    strerror(-rc));
		sysfilter_free(f);
		return NULL;
	}
	return f;
}

int
sysfilter_enter(const struct sysfilter *f)
{
	if (f == NULL)
		return 0;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &f->prog);
}

void
sysfilter_free(struct sysfilter *f)
{
	if (f == NULL)
		return;
	free(f->prog.filter);
	free(f);
}
