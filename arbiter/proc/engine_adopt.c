/*
 * engine_adopt.c: an engine that is a network connection, not a child
 * process (engine_proc.h, engine_proc_adopt).
 *
 * A remote seat is driven by the very code that drives a local engine:
 * the same line bounds, queue bound, deadlines, evidence and end, so
 * that it reads exactly what a process would and fails in the same
 * classes.  Only what a process has and a connection has not is left
 * out: there is no process group to stop or kill (its pid is 0, which
 * every signal path checks), no standard error, and nothing to reap, so
 * it counts as reaped from the start and is done once its channel
 * closes.  Its output and input are two descriptors of one socket, so
 * that a quit's shutdown(SHUT_WR) half-closes it as it does a
 * socketpair: the client reads end of file, and what it still writes
 * arrives.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "proc/engine_proc.h"
#include "proc/engine_proc_int.h"

struct engine_proc *
engine_proc_adopt(struct engine_proc_reaper *r, int fd,
    const struct engine_spec *spec, const struct engine_proc_callbacks *cb,
    void *arg, char *err, size_t errlen)
{
	struct engine_proc *ep;
	int fds[4] = { fd, -1, -1, -1 };

	if ((fds[1] = dup(fd)) < 0) {
		snprintf(err, errlen, "dup: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	ep = ep_new(r, spec, cb, arg, 0, fds);
	ep->reaped = true;	/* exit status 0: nothing to wait for */
	return ep;
}
