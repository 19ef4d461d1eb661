/*
 * Part arbiter/proc/: engine processes and their confinement (spawn,
 * reaper, sandbox, system-call filter, PID namespace); below it only base/.
 *
 * engine_proc.h: one engine child process on the arbiter's event loop,
 * relaying text lines to and from it (protocol.md §12 for failures).
 *
 * The layer knows nothing of the game.  It starts a program with execv
 * (no shell) in its own process group, its standard input one AF_UNIX
 * socketpair and its standard output another, so that an engine closing
 * either is seen at once; its standard error goes through a pipe the
 * arbiter drains into a log file (engine_log.h) or to /dev/null, never
 * into the protocol.  It delivers every complete line the engine writes, queues
 * lines to it without ever blocking, bounds both directions, keeps a
 * deadline timer, and tells its owner about faults and, last of all,
 * about the exit.  It is built on libevent with no threads: everything
 * happens in callbacks of one event_base.
 *
 * Lifecycle (after tmux job.c).  A process is finished when two things
 * have happened, in either order: it has been reaped (waitpid) and its
 * channel is closed (end of file, an error, or closed by us).  Only then
 * does on_exit come, once, as the last callback.  A fault that closes the
 * channel does not kill the process: the owner decides, usually by
 * calling engine_proc_kill() from on_error.  Every engine_proc of a loop
 * shares one engine_proc_reaper, which owns the SIGCHLD event.
 *
 * Callbacks come only from the event loop, never from inside a call to
 * an engine_proc_* function, and every one of them may call any function
 * here on the same engine_proc, engine_proc_free() included.
 *
 * Process-wide requirements: call engine_proc_setup() once before the
 * first spawn.  The reaper reaps with waitpid(-1), so it also collects
 * children that other code of the program starts; the arbiter starts
 * none but its engines.
 *
 * Timers: libevent 2.1 by default measures time with
 * CLOCK_MONOTONIC_COARSE, one kernel tick (4 ms on the development
 * machine), so a timer may fire up to a tick early or late by a precise
 * clock.  engine_proc_base_new() makes a base on the precise clock, and a
 * deadline (engine_proc_set_deadline) checks itself against it all the
 * same, so it is never early on any base.
 */
#ifndef ENGINE_PROC_H
#define ENGINE_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <event2/event.h>

struct engine_proc;
struct sandbox;
struct engine_proc_reaper;

/* Faults, reported through on_error.  The first three close the channel. */
enum engine_proc_fault {
	ENGINE_PROC_LINE_TOO_LONG,	/* max_line bytes with no newline */
	ENGINE_PROC_CLOSED,		/* end of its output, or a read error */
	ENGINE_PROC_WRITE_ERROR,	/* writing to it failed (EPIPE...) */
	ENGINE_PROC_OVERFLOW,		/* max_pending bytes it has not read */
	ENGINE_PROC_TIMEOUT		/* the deadline expired */
};

/* How many of the last lines received are kept as evidence. */
#define ENGINE_PROC_LAST_LINES		8
/* Longest line kept there; longer ones are cut and end in "...". */
#define ENGINE_PROC_EVIDENCE_MAX	200

/*
 * Callbacks.  Any may be NULL.  line is NUL-terminated, its terminator
 * (LF or CR LF) removed; len counts its bytes, in case it holds a NUL.
 * line and detail are valid only during the call.
 *
 * on_error comes at most once for each channel-closing fault, once for
 * OVERFLOW, and once per arming of the deadline for TIMEOUT; lines may
 * still arrive after an OVERFLOW or TIMEOUT until the owner kills.
 * Faults are not reported once engine_proc_quit() or engine_proc_kill()
 * has been called, since the channel is then expected to close.
 *
 * on_exit comes once, last, when the process is reaped and its channel
 * closed.  wait_status is as from waitpid(2): use WIFEXITED() and
 * friends, or engine_proc_status_str().  The owner then frees.
 */
typedef void (*engine_proc_line_fn)(struct engine_proc *ep,
    const char *line, size_t len, void *arg);
typedef void (*engine_proc_error_fn)(struct engine_proc *ep,
    enum engine_proc_fault fault, const char *detail, void *arg);
typedef void (*engine_proc_exit_fn)(struct engine_proc *ep,
    int wait_status, void *arg);

struct engine_proc_callbacks {
	engine_proc_line_fn	on_line;
	engine_proc_error_fn	on_error;
	engine_proc_exit_fn	on_exit;
};

/*
 * What to run.  The spec and the strings it points to are only read
 * during engine_proc_spawn(); the caller keeps ownership.  Zero in a
 * limit means "leave as inherited".
 */
struct engine_spec {
	char *const	*argv;		/* argv[0] is the program */
	char *const	*envp;		/* NULL: inherit the arbiter's */
	const char	*dir;		/* working directory, or NULL */
	const char	*stderr_path;	/* appended to by the arbiter;
					 * NULL: /dev/null */
	uint64_t	 rlimit_as;	/* RLIMIT_AS, bytes */
	uint64_t	 rlimit_cpu;	/* RLIMIT_CPU, seconds */
	uint64_t	 rlimit_nofile;	/* RLIMIT_NOFILE, descriptors */
	bool		 pinned;	/* runs on CPU cpu only */
	int		 cpu;
	uint64_t	 rlimit_fsize;	/* RLIMIT_FSIZE, bytes: no file it
					 * writes grows past it (writes fail,
					 * SIGXFSZ ignored), nor its stderr
					 * log (the arbiter stops it there) */
	uint64_t	 rlimit_nproc;	/* RLIMIT_NPROC, per user id! */
	uint64_t	 temp_mb;	/* its private temporary directory,
					 * MiB, where it has a PID namespace
					 * (pidns.h); 0: 64 */
	size_t		 max_line;	/* bytes, terminator included;
					 * 0: 65536 */
	size_t		 max_pending;	/* bytes queued to it; 0: 1 MiB */
	const struct sandbox *sandbox;	/* entered before exec; NULL:
					 * unconfined (sandbox.h) */
};

/* Process-wide setup, once, before any spawn. */

/*
 * Ignores SIGPIPE, so that writing to a dead engine is an error from
 * write(2) (a WRITE_ERROR fault) and not the death of the arbiter.  Also
 * makes the calling process a child subreaper (Linux prctl), so that
 * processes an engine leaves behind are re-parented to the arbiter, where
 * the reaper kills and reaps them, even those that left the engine's
 * process group and session (setsid), instead of leaving them to run on
 * under an init process that in a container may never reap them.  The
 * reaper kills every child of the process that is not a running engine,
 * so the program must start no other children.  engine_proc_reaper_new() calls it
 * too; calling it again does no harm.
 */
void		 engine_proc_setup(void);

/* The reaper: one per event_base, created before and freed after every
 * engine_proc of that base. */

/* Installs the SIGCHLD event on base.  Aborts if libevent refuses. */
struct engine_proc_reaper *engine_proc_reaper_new(struct event_base *base);
/* The event base for a loop of this many engine processes at once, its
 * timers precise (see Timers above); NULL if libevent cannot make one. */
#define ENGINE_PROC_POLL_MAX	48
struct event_base *engine_proc_base_new(size_t engines);

/*
 * Kills every process group not yet reaped and waits for each (a
 * blocking waitpid, bounded by SIGKILL), then frees every engine_proc
 * still registered, including any the owner has not freed: pointers to
 * them become invalid.  For a teardown that never blocks, call
 * engine_proc_reaper_kill_all() and run the loop until
 * engine_proc_reaper_count() is 0 first.  NULL does nothing.
 */
void		 engine_proc_reaper_free(struct engine_proc_reaper *r);

/* The event base the reaper was made on. */
struct event_base *engine_proc_reaper_base(const struct engine_proc_reaper *r);

/* Kills every live process group; the usual callbacks follow. */
void		 engine_proc_reaper_kill_all(struct engine_proc_reaper *r);

/* How many engine_procs exist: an owned one until it is freed, a freed
 * one until it is reaped. */
size_t		 engine_proc_reaper_count(const struct engine_proc_reaper *r);

/* How many processes are still running or hold their channel open (not
 * yet reaped and closed). */
size_t		 engine_proc_reaper_running(const struct engine_proc_reaper *r);

/*
 * Calls cb(arg) from the loop whenever the last running process is done
 * (at once, from the loop, if none runs), so that a program winding down
 * ends as soon as its engines have gone rather than after a fixed wait.
 * NULL cancels.
 */
void		 engine_proc_reaper_on_drained(struct engine_proc_reaper *r,
		    void (*cb)(void *arg), void *arg);

/*
 * Calls cb(arg) from the loop after processes are done (reaped and
 * their output closed; one call may stand for several), so that a deal
 * waiting for a deck that they held may begin.  NULL cancels.
 */
void		 engine_proc_reaper_on_ended(struct engine_proc_reaper *r,
		    void (*cb)(void *arg), void *arg);

/* The i-th of the CPUs this process may run on, round the set (for a
 * spec's cpu); -1 if none can be told. */
int		 engine_proc_nth_cpu(int i);

/* One engine process. */

/*
 * The checks engine_proc_spawn() makes before it forks (the program is
 * found and executable, the directory exists, the stderr log opens), so
 * that a command that cannot start is one line before anything runs.
 * Returns 0, or -1 with the line in err.
 */
int	engine_proc_check(const struct engine_spec *spec, char *err,
	    size_t errlen);

/*
 * Starts spec->argv[0].  A name with no slash is looked for in the
 * arbiter's PATH (not in spec->envp); a relative path, and relative PATH
 * entries, are taken from the engine's working directory, as
 * `cd dir && exec prog` would.  A relative stderr_path is taken from the
 * arbiter's working directory.  Returns a new
 * engine_proc owned by the caller (free with engine_proc_free()), or
 * NULL with one line in err, such as "engine 'foo': not found in PATH"
 * or "engine './bot': not executable".  Failures in the child after the
 * fork (setrlimit, exec) are written to its stderr log and it exits 127.
 */
struct engine_proc *engine_proc_spawn(struct engine_proc_reaper *r,
		    const struct engine_spec *spec,
		    const struct engine_proc_callbacks *cb, void *arg,
		    char *err, size_t errlen);

/*
 * An engine that is a connection (a remote seat): fd, a connected
 * stream socket, becomes the channel (the caller gives it up, also on
 * failure).  Only spec's max_line and max_pending are read.  Everything
 * below applies, except that there is no process: no pause, rest or
 * signal, no stderr log; on_exit comes once the channel has closed, with
 * status 0.  NULL with one line in err if it cannot be set up.
 */
struct engine_proc *engine_proc_adopt(struct engine_proc_reaper *r, int fd,
		    const struct engine_spec *spec,
		    const struct engine_proc_callbacks *cb, void *arg,
		    char *err, size_t errlen);

/*
 * Queues line and a newline.  line must not contain a newline.  Never
 * blocks.  Returns 0, or -1 if the line was dropped: the channel is
 * closed, quit was called, or the queue overflowed (an OVERFLOW fault
 * follows from the loop).
 */
int		 engine_proc_send(struct engine_proc *ep, const char *line);

/* Arms, or re-arms, the deadline ms from now; or disarms it. */
void		 engine_proc_set_deadline(struct engine_proc *ep, uint64_t ms);
void		 engine_proc_clear_deadline(struct engine_proc *ep);

/*
 * Asks the engine to stop: disarms the deadline, sends quit_line (unless
 * it is NULL), closes the engine's input once the queue has drained
 * (shutdown SHUT_WR, so it reads end of file), and kills the group if it
 * has not both exited and closed its output within grace_ms.
 */
void		 engine_proc_quit(struct engine_proc *ep, const char *quit_line,
		    uint64_t grace_ms);

/*
 * An engine whose output closed (or whose input failed) is ending, or
 * has closed it and runs on: it is given a moment to exit by itself, so
 * that its own status is what the owner hears (a confined engine's exit
 * reaches the arbiter a little after its output closes, through the
 * process that waits for it in its PID namespace, pidns.h), then its
 * group is killed: engine_proc_quit(ep, NULL, ENGINE_PROC_EXIT_MOMENT_MS).
 */
#define ENGINE_PROC_EXIT_MOMENT_MS	500
void		 engine_proc_ending(struct engine_proc *ep);

/* SIGKILLs the process group now and closes the channel.  on_exit still
 * comes, after the reap. */
/*
 * Stops (SIGSTOP) or resumes (SIGCONT) the engine's process group: an
 * engine not asked to move uses no CPU, neither its opponent's nor that
 * of engines at other tables.  Lines sent meanwhile wait in the pipe.
 * engine_proc_quit() resumes it first; a kill needs no resume.  Either
 * cancels a rest.
 */
void		 engine_proc_pause(struct engine_proc *ep, bool pause);
/*
 * Stops it once it has stayed ENGINE_PROC_REST_US without a request (a
 * pause, false, comes first with each): an engine asked again at once
 * costs no signals (engine_rest.c).
 */
#define ENGINE_PROC_REST_US	250
void		 engine_proc_rest(struct engine_proc *ep);
void		 engine_proc_kill(struct engine_proc *ep);

/*
 * Releases ep, in any state, with no further callbacks.  A process still
 * running is killed, and the reaper frees the rest once it is reaped.
 * NULL does nothing.  Within a callback of ep a second call is harmless;
 * elsewhere ep is invalid after the first.
 */
void		 engine_proc_free(struct engine_proc *ep);

/* Queries. */

/* The process id, which is also its process group id. */
pid_t		 engine_proc_pid(const struct engine_proc *ep);

/* Whether the channel is still open, so that lines can come and go. */
bool		 engine_proc_is_open(const struct engine_proc *ep);
/* Whether it has been reaped (with what it left in its PID namespace)
 * and its output closed: on_exit is due. */
bool		 engine_proc_done(const struct engine_proc *ep);

/* Whether the arbiter sent SIGKILL (kill, quit grace, free, linger): a
 * status of "signal 9" is then ours, not a crash. */
bool		 engine_proc_killed(const struct engine_proc *ep);

/*
 * Fills lines[0..n-1], oldest first, with up to max of the last
 * ENGINE_PROC_LAST_LINES lines received (cut at ENGINE_PROC_EVIDENCE_MAX
 * bytes; the start of an over-long or unterminated line is included), and
 * returns n.  The strings belong to ep and stay valid until the next
 * callback of ep or its free.
 */
size_t		 engine_proc_last_lines(const struct engine_proc *ep,
		    const char **lines, size_t max);

/* Helpers for records. */

/* "LINE_TOO_LONG", "CLOSED", ...: a stable name for a fault. */
const char	*engine_proc_fault_name(enum engine_proc_fault fault);

/*
 * Writes a wait status as one short phrase into buf and returns buf:
 * "exit 0", "exit 3", "signal 11 (SEGV)", "signal 6 (ABRT), core dumped".
 */
char		*engine_proc_status_str(int wait_status, char *buf, size_t len);

#endif
