/*
 * sysfilter.c: the system calls a confined engine may not make
 * (sysfilter.h).
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
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
};

static int
add_rules(scmp_filter_ctx ctx)
{
	int rc = 0;

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int nr = seccomp_syscall_resolve_name(refused[i]);
		/* A call this architecture lacks (socketcall, ipc and the
		 * _time64 forms on x86_64) needs no rule. */
		if (nr == __NR_SCMP_ERROR || nr < 0)
			continue;
		if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), nr,
		    0)) < 0)
			break;
	}
	return rc;
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
