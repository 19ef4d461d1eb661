/*
 * child.h: an engine process on the arbiter's event loop (style.md §11).
 *
 * Each engine runs in its own process group, connected by one socketpair
 * for its stdin and stdout; its stderr goes to a log file or /dev/null,
 * never into the protocol.  Lines are read with a bound on their length;
 * a deadline timer stands for the clock; SIGCHLD is handled in the loop.
 * The owner hears of a child through three callbacks and frees it only
 * after child_gone, which comes once the process is both reaped and its
 * channel closed, so no process is ever left behind.
 */
#ifndef CHILD_H
#define CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <event2/event.h>

struct child;
struct reaper;

enum child_fault {
	CHILD_CLOSED,		/* end of its output, or a read error */
	CHILD_WRITE_ERROR,	/* it no longer reads its input */
	CHILD_LINE_TOO_LONG,	/* a line over the limit */
	CHILD_FLOODED,		/* too much unread input queued for it */
	CHILD_DEADLINE		/* the deadline timer expired */
};

typedef void (*child_line_fn)(struct child *c, const char *line,
    size_t len, void *arg);
typedef void (*child_fault_fn)(struct child *c, enum child_fault f,
    const char *detail, void *arg);
typedef void (*child_gone_fn)(struct child *c, int wait_status, void *arg);

struct child_callbacks {
	child_line_fn	line;
	child_fault_fn	fault;	/* at most once per fault; may be followed
				 * by more lines already buffered: ignore */
	child_gone_fn	gone;	/* the last callback; free the child then */
};

struct child_spec {
	char *const	*argv;		/* argv[0] is the program */
	const char	*dir;		/* working directory, or NULL */
	const char	*stderr_path;	/* appended to, or NULL: /dev/null */
	size_t		 max_line;	/* bytes, newline included */
};

/* SIGCHLD handling for one event base: create once, free last. */
struct reaper	*reaper_new(struct event_base *base);
void		 reaper_free(struct reaper *r);

/* Ignores SIGPIPE (writes to a dead engine then fail instead of killing
 * the arbiter).  Call once at start. */
void		 child_setup(void);

/*
 * Starts a child.  Returns NULL with a one-line reason in err if the
 * program cannot be found or run, or the system refuses.
 */
struct child	*child_spawn(struct reaper *r, const struct child_spec *spec,
		    const struct child_callbacks *cb, void *arg, char *err,
		    size_t errlen);

/* Queues line and a newline; never blocks. */
void		 child_send(struct child *c, const char *line);

/* Arms (or re-arms) the deadline, in milliseconds from now; clears it. */
void		 child_set_deadline(struct child *c, uint64_t ms);
void		 child_clear_deadline(struct child *c);

/* Sends line (e.g. "quit"), closes its input and kills the group if it
 * has not gone within grace_ms. */
void		 child_quit(struct child *c, const char *line, uint64_t grace_ms);

/* Kills the process group now and closes the channel; gone follows. */
void		 child_kill(struct child *c);

pid_t		 child_pid(const struct child *c);

/* Frees a child: after gone, or at any time (then it is killed and
 * reaped by the reaper later, silently).  child_free(NULL) is a no-op. */
void		 child_free(struct child *c);

/* Monotonic time in microseconds (CLOCK_MONOTONIC). */
uint64_t	 clock_now_us(void);

#endif
