/*
 * sysfilter.c: the system calls a confined engine may not make
 * (sysfilter.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <seccomp.h>

#include "sysfilter.h"
#include "xmalloc.h"

struct sysfilter {
	scmp_filter_ctx	 ctx;
};

/*
 * Sockets of every family (the engine's pipes are made by the arbiter,
 * a socketpair needs no socket call); System V message queues,
 * semaphores and shared memory, and the old multiplexer of all three;
 * POSIX message queues; io_uring, which can open sockets itself.
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
};

struct sysfilter *
sysfilter_new(char *err, size_t errlen)
{
	struct sysfilter *f = xcalloc(1, sizeof(*f));
	int rc = 0;

	if ((f->ctx = seccomp_init(SCMP_ACT_ALLOW)) == NULL) {
		snprintf(err, errlen, "sandbox: seccomp_init failed");
		free(f);
		return NULL;
	}
	/* No new privileges is set by the sandbox itself, with Landlock's. */
	seccomp_attr_set(f->ctx, SCMP_FLTATR_CTL_NNP, 0);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int nr = seccomp_syscall_resolve_name(refused[i]);
		/* A call this architecture lacks (socketcall, ipc and the
		 * _time64 forms on x86_64) needs no rule. */
		if (nr == __NR_SCMP_ERROR || nr < 0)
			continue;
		if ((rc = seccomp_rule_add(f->ctx, SCMP_ACT_ERRNO(EACCES), nr,
		    0)) < 0)
			break;
	}
	if (rc < 0) {
		snprintf(err, errlen, "sandbox: seccomp rule: %s",
		    strerror(-rc));
		sysfilter_free(f);
		return NULL;
	}
	return f;
}

int
sysfilter_enter(const struct sysfilter *f)
{
	int rc;

	if (f == NULL)
		return 0;
	if ((rc = seccomp_load(f->ctx)) < 0) {
		errno = -rc;
		return -1;
	}
	return 0;
}

void
sysfilter_free(struct sysfilter *f)
{
	if (f == NULL)
		return;
	seccomp_release(f->ctx);
	free(f);
}
