/*
 * engine_log.h: an engine's standard error, drained by the arbiter into
 * its log file (--stderr, stderr =).
 *
 * An engine used to be given the log file itself, opened O_APPEND, so
 * every process of an engine shared one file whose size each could read
 * (fstat) and set (by writing): one process padded it to a size that
 * said its hand, the next read it back (issue 31).  Now an engine's
 * standard error is a pipe, and the arbiter, on its event loop, writes
 * what comes through into the log, each line after "[PID HH:MM:SS.mmm] "
 * (the engine's pid as the arbiter sees it, the wall time, UTC, as the
 * line came), and stops the file at the engine's log limit (--limit-log:
 * the file grows to the limit, cut there, and no further).  No engine
 * holds the file or learns anything of it.
 */
#ifndef ENGINE_LOG_H
#define ENGINE_LOG_H

#include <stdint.h>
#include <sys/types.h>

#include <event2/event.h>

struct engine_log;

/* The longest line written as one; a longer one is written in pieces of
 * this size, each a line. */
#define ENGINE_LOG_LINE_MAX	4096

/*
 * Drains pipe (the read end of the engine's standard error) into log (a
 * descriptor of the log file, opened O_APPEND) on base, each line
 * prefixed as above, the file held to limit bytes (0: none).  Takes both
 * descriptors; NULL (closing both) if pipe or log is -1.
 */
struct engine_log	*engine_log_new(struct event_base *base, int pipe,
			    int log, uint64_t limit, pid_t pid);

/* Writes the whole lines already in the pipe, without waiting: an
 * engine's last words are in its log when its exit is told.  NULL does
 * nothing. */
void			 engine_log_flush(struct engine_log *l);

/* Writes what is still in the pipe (without waiting), a line cut short
 * too, then closes both and frees.  NULL does nothing. */
void			 engine_log_free(struct engine_log *l);

#endif
