/*
 * engine_spawn.h: starting an engine program, the part of engine_proc
 * that runs before the event loop knows of it.
 *
 * Split from engine_proc.c to keep each file to one concern: this one is
 * about the file system and fork/exec (finding the program, opening the
 * stderr log, the child's few system calls), engine_proc.c about the
 * running process.  Only engine_proc.c calls it.
 */
#ifndef ENGINE_SPAWN_H
#define ENGINE_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

#include "proc/engine_proc.h"

/*
 * Starts spec->argv[0] as engine_proc_spawn() describes: in its own
 * process group, with signal dispositions at their defaults and an empty
 * mask, its standard input one end of a close-on-exec socketpair and its
 * standard output one end of another, its standard error a pipe (or
 * /dev/null where spec has no log), every other descriptor closed, in
 * its working directory and under its limits.  Returns the child's pid
 * and stores the parent's ends in fds: fds[0] reads the engine's output,
 * fds[1] writes its input (blocking mode), fds[2] reads its standard
 * error and fds[3] is the log file, opened O_APPEND (both -1 without a
 * log: engine_log.h), all owned by the caller; or returns -1 with one
 * line in err.
 */
pid_t	engine_spawn(const struct engine_spec *spec, int fds[4], char *err,
	    size_t errlen);

#endif
