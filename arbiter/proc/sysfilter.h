/*
 * sysfilter.h: the system calls a confined engine may not make, as a
 * seccomp filter (libseccomp).
 *
 * Landlock (sandbox.h) confines files, TCP and, from ABI 6, signals and
 * abstract sockets; it leaves UDP, pathname unix sockets that already
 * exist, System V and POSIX IPC open, through which two copies of an
 * engine at different tables could tell each other what they saw.  The
 * filter refuses (EACCES) every call that makes a socket or reaches IPC,
 * and io_uring, whose operations would go round it; and setsid and
 * setpgid, so that whatever the engine starts stays in its process
 * group, which the arbiter stops off the engine's turn and kills at its
 * end (engine_proc.h).  A pipe or a
 * socketpair still works: both ends stay in the engine's own processes.
 * Seccomp is older than Landlock, so the filter holds where Landlock is
 * missing too.
 */
#ifndef SYSFILTER_H
#define SYSFILTER_H

#include <stddef.h>

struct sysfilter;

/* Builds the filter (in the arbiter, once a run): NULL with one line in
 * err if libseccomp cannot. */
struct sysfilter *sysfilter_new(char *err, size_t errlen);

/* In the child before exec, after no_new_privs: 0, or -1 with errno. */
int		 sysfilter_enter(const struct sysfilter *f);

void		 sysfilter_free(struct sysfilter *f);

#endif
