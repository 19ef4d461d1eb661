/*
 * pidns.h: a confined engine in a PID namespace of its own, with a /proc
 * of its own, so that it sees no process but its own: not the arbiter,
 * not its opponent, not the copy of itself playing the same deck at the
 * next table.  Without it /proc is a fast channel between processes of
 * one user (each may write its own command line and name, and every
 * other process may read them) and a view of every process's CPU use.
 *
 * Between fork and exec, the arbiter's child becomes three processes: the
 * child itself, which stays in the arbiter's namespace, waits and exits
 * as the engine did (so the arbiter sees the engine's status where it
 * always did); the namespace's first process, which mounts /proc, waits
 * for the engine and reaps what it leaves (when it exits, the kernel
 * kills every process left in the namespace); and the engine, an
 * ordinary process there, with signals as anywhere.  All three stay in
 * the process group the arbiter stops, continues and kills.
 */
#ifndef PIDNS_H
#define PIDNS_H

#include <stdint.h>

/* The engine's own temporary directory, TMPDIR (pidns_enter). */
#define PIDNS_TEMP	"/dev/shm"

/*
 * Whether this kernel lets this user do it (user namespaces may be off,
 * or a container may refuse a new /proc): tried once in a child of
 * its own.  1 or 0.
 */
int	pidns_works(void);

/*
 * In the arbiter's child, before the engine's limits and confinement,
 * with PIDNS_TEMP of its own, temp_mb MiB (0: 64), as TMPDIR:
 * returns 0 in the engine's process, or -1 with errno (nothing forked
 * yet, or the namespace's /proc could not be mounted: then in a process
 * whose status the others pass on).  In the two other processes it does
 * not return: they exit with the engine's status.
 */
int	pidns_enter(uint64_t temp_mb);

/*
 * A file of this process's own /proc (uid_map, oom_score_adj) opened for
 * writing: the arbiter and its children are not dumpable (main.c), which
 * gives those files to root, so it is dumpable for the open alone.
 */
int	pidns_open_self(const char *path);

#endif
