/*
 * engine_proc_int.h: what engine_proc.c and engine_reaper.c share (not
 * installed, not for the arbiter's other files): the two structures and
 * the few steps of an engine's end that the reaper drives.
 */
#ifndef ENGINE_PROC_INT_H
#define ENGINE_PROC_INT_H

#include <stdbool.h>
#include <sys/queue.h>
#include <sys/types.h>

#include <event2/event.h>

#include "proc/engine_proc.h"

/*
 * When an engine has exited but its output is still open, something it
 * left behind holds the socket.  Lines it wrote just before exiting may
 * still be in flight, so wait this long before killing its group.
 */
#define EXIT_LINGER_MS		200

struct engine_proc {
	LIST_ENTRY(engine_proc)	 entry;		/* in the reaper's list */
	struct engine_proc_reaper *reaper;
	pid_t			 pid;		/* and process group id */
	struct bufferevent	*bev;		/* its output; NULL once closed */
	struct bufferevent	*in;		/* its input, closed with bev */
	struct engine_log	*log;		/* its stderr; NULL: none */
	struct event		*deadline;
	struct event		*grace;		/* quit grace, or exit linger */
	struct event		*later;		/* OVERFLOW, on_exit, destroy */
	struct event		*rest;		/* stops it, unasked; or NULL */
	struct engine_proc_callbacks cb;
	void			*arg;
	size_t			 max_line;
	size_t			 max_pending;
	uint64_t		 deadline_ms;
	uint64_t		 deadline_at_us;	/* clock_now_us() */
	int			 status;	/* from waitpid, once reaped */
	unsigned		 busy;		/* owner callbacks under way */
	bool			 reaped;
	bool			 done;		/* reaped and closed */
	bool			 told_exit;
	bool			 overflowed, overflow_told;
	bool			 stopping;	/* quit or kill called */
	bool			 shut_wr;
	bool			 killed;	/* SIGKILLed before the reap */
	bool			 orphan;	/* freed by its owner */
	bool			 doomed;	/* destroy when busy is 0 */
	bool			 paused;	/* SIGSTOPped off its turn */
	char			*last[ENGINE_PROC_LAST_LINES];
	size_t			 last_next;	/* ring slot to write next */
};

/*
 * What the reaper asks of engine_proc.c, passed in with each process so
 * that the reaper, below it, never calls up into it.
 */
struct reaper_hooks {
	void	(*reaped)(struct engine_proc *ep);	/* waitpid said so */
	void	(*kill)(struct engine_proc *ep);	/* kill_all */
	void	(*killpg)(struct engine_proc *ep);	/* reaper_free */
	void	(*destroy)(struct engine_proc *ep);	/* reaper_free */
};

struct engine_proc_reaper {
	LIST_ENTRY(engine_proc_reaper) entry;	/* every live reaper */
	const struct reaper_hooks *hooks;	/* from the first process */
	struct event_base	*base;
	struct event		*sigchld;
	LIST_HEAD(, engine_proc) procs;
	size_t			 count;
	size_t			 running;	/* spawned, not yet done */
	struct event		*drained;	/* running fell to 0 */
	void			(*drained_cb)(void *arg);
	void			*drained_arg;
	struct event		*ended;		/* a process is done */
	void			(*ended_cb)(void *arg);
	void			*ended_arg;
};

/*
 * engine_proc.c: a new engine_proc on these descriptors (output, input,
 * stderr pipe, log; -1 for none), of process pid (0: none, a connection,
 * engine_adopt.c).
 */
struct engine_proc *ep_new(struct engine_proc_reaper *r,
	    const struct engine_spec *spec,
	    const struct engine_proc_callbacks *cb, void *arg, pid_t pid,
	    const int fds[4]);

/* engine_reaper.c: the reaper's list and its count of running engines. */
void	reaper_add(struct engine_proc_reaper *r, struct engine_proc *ep,
	    const struct reaper_hooks *hooks);
void	reaper_remove(struct engine_proc_reaper *r, struct engine_proc *ep);
/* ep is done (reaped and closed): one fewer running. */
void	reaper_done(struct engine_proc_reaper *r);
/*
 * SIGKILLs every child of this process that is not a running engine:
 * what an engine left behind, re-parented here since the arbiter is a
 * child subreaper, even if it left the engine's process group and
 * session (setsid).  Returns how many it killed.
 */
size_t	reaper_sweep(pid_t *killed, size_t max);

#endif
