/*
 * child.c: engine processes on the event loop (child.h), after tmux's
 * job.c and style.md §11: a socketpair per engine, its own process group,
 * bounded lines, a deadline timer, SIGCHLD reaped in the loop, and
 * completion only once the process is both reaped and its channel closed.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>

#include "child.h"

/* Unread input queued for an engine beyond this is a fault: it is not
 * reading its standard input. */
#define MAX_PENDING_OUTPUT	(4 * 1024 * 1024)
/* After an engine exits, how long lines still in flight may take. */
#define EXIT_DRAIN_MS		200

struct child {
	struct reaper		*reaper;
	struct child		*next;		/* in the reaper's list */
	pid_t			 pid;
	struct bufferevent	*bev;		/* NULL once closed */
	struct event		*deadline;
	struct event		*quit_timer;
	struct event		*gone_ev;	/* completion, deferred */
	struct child_callbacks	 cb;
	void			*arg;
	size_t			 max_line;
	int			 status;
	bool			 reaped, gone, orphan, faulted, quitting;
};

struct reaper {
	struct event_base	*base;
	struct event		*sigchld;
	struct child		*children;
};

uint64_t
clock_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void
child_setup(void)
{
	signal(SIGPIPE, SIG_IGN);
}

static void
unlink_child(struct reaper *r, struct child *c)
{
	for (struct child **p = &r->children; *p != NULL; p = &(*p)->next)
		if (*p == c) {
			*p = c->next;
			return;
		}
}

static void
destroy(struct child *c)
{
	unlink_child(c->reaper, c);
	if (c->bev)
		bufferevent_free(c->bev);
	event_free(c->deadline);
	event_free(c->quit_timer);
	event_free(c->gone_ev);
	free(c);
}

/*
 * Completion is reported from its own event, never from inside another
 * callback of this child, so that the owner may free the child there
 * while no frame of ours still refers to it.
 */
static void
check_gone(struct child *c)
{
	static const struct timeval now = { 0, 0 };

	if (!c->reaped || c->bev != NULL || c->gone)
		return;
	c->gone = true;
	evtimer_del(c->deadline);
	evtimer_del(c->quit_timer);
	evtimer_add(c->gone_ev, &now);
}

static void
gone_cb(evutil_socket_t fd, short what, void *arg)
{
	struct child *c = arg;

	if (c->orphan)
		destroy(c);
	else
		c->cb.gone(c, c->status, c->arg);
}

static void
close_channel(struct child *c)
{
	if (c->bev == NULL)
		return;
	bufferevent_free(c->bev);
	c->bev = NULL;
	evtimer_del(c->deadline);
}

static void
fault(struct child *c, enum child_fault f, const char *detail)
{
	if (c->faulted || c->orphan)
		return;
	c->faulted = true;
	c->cb.fault(c, f, detail, c->arg);
}

/*
 * The engine has exited but its output is still open: a process it left
 * behind holds it.  Lines it wrote may still be in flight, so wait a
 * moment; then its group is killed and the channel closed (quit_timer_cb).
 */
static void
held_open(struct child *c)
{
	struct timeval tv = { 0, EXIT_DRAIN_MS * 1000 };

	if (c->bev != NULL && !c->orphan)
		evtimer_add(c->quit_timer, &tv);
}

static void
sigchld_cb(evutil_socket_t sig, short what, void *arg)
{
	struct reaper *r = arg;
	pid_t pid;
	int st;

	/* Signals coalesce: reap every child that has exited. */
	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		for (struct child *c = r->children; c != NULL; c = c->next)
			if (c->pid == pid) {
				c->reaped = true;
				c->status = st;
				held_open(c);
				check_gone(c);
				break;
			}
	}
}

struct reaper *
reaper_new(struct event_base *base)
{
	struct reaper *r = calloc(1, sizeof(*r));

	if (r == NULL)
		abort();
	r->base = base;
	r->sigchld = evsignal_new(base, SIGCHLD, sigchld_cb, r);
	if (r->sigchld == NULL || event_add(r->sigchld, NULL) < 0)
		abort();
	return r;
}

/* At exit: kill and reap whatever is left, so no zombie remains. */
void
reaper_free(struct reaper *r)
{
	if (r == NULL)
		return;
	while (r->children != NULL) {
		struct child *c = r->children;
		if (!c->reaped) {
			kill(-c->pid, SIGKILL);
			kill(c->pid, SIGKILL);
			while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
		destroy(c);
	}
	event_free(r->sigchld);
	free(r);
}

static void
read_cb(struct bufferevent *bev, void *arg)
{
	struct child *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	char *line;
	size_t n;

	while (c->bev != NULL && !c->orphan &&
	    (line = evbuffer_readln(in, &n, EVBUFFER_EOL_CRLF)) != NULL) {
		c->cb.line(c, line, n, c->arg);
		free(line);
	}
	/* With reading stopped at the watermark no EOF will ever come, so
	 * an over-long line closes the channel here (style.md pitfall 2). */
	if (c->bev != NULL && evbuffer_get_length(in) >= c->max_line) {
		close_channel(c);
		fault(c, CHILD_LINE_TOO_LONG, NULL);
		check_gone(c);
	}
}

static void
write_cb(struct bufferevent *bev, void *arg)
{
	struct child *c = arg;

	if (c->quitting &&
	    evbuffer_get_length(bufferevent_get_output(bev)) == 0)
		shutdown(bufferevent_getfd(bev), SHUT_WR);
}

static void
event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct child *c = arg;

	if (!(what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)))
		return;
	read_cb(bev, arg);	/* lines that came with the end */
	if (c->bev == NULL)
		return;
	close_channel(c);
	if (!c->quitting)
		fault(c, (what & BEV_EVENT_WRITING) ? CHILD_WRITE_ERROR :
		    CHILD_CLOSED, NULL);
	check_gone(c);
}

static void
deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct child *c = arg;

	c->faulted = false;	/* a deadline may fire once per arming */
	fault(c, CHILD_DEADLINE, NULL);
}

static void
quit_timer_cb(evutil_socket_t fd, short what, void *arg)
{
	struct child *c = arg;
	bool exited = c->reaped && c->bev != NULL && !c->quitting;

	kill(-c->pid, SIGKILL);	/* whatever of its group is left */
	if (exited) {
		close_channel(c);
		fault(c, CHILD_CLOSED, "exited, leaving a process that held "
		    "its output open");
		check_gone(c);
		return;
	}
	child_kill(c);
}

/* Finds the program as execvp would, but in the parent, so that a
 * missing or non-executable engine is a clear error, not an exit 127. */
static int
resolve(const char *prog, char *path, size_t len, char *err, size_t errlen)
{
	const char *dirs = getenv("PATH");
	struct stat st;

	if (strchr(prog, '/') != NULL) {
		snprintf(path, len, "%s", prog);
		if (stat(path, &st) < 0) {
			snprintf(err, errlen, "engine '%s': %s", prog,
			    strerror(errno));
			return -1;
		}
		if (!S_ISREG(st.st_mode) || access(path, X_OK) < 0) {
			snprintf(err, errlen, "engine '%s': not an executable "
			    "file", prog);
			return -1;
		}
		return 0;
	}
	for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d != '\0';) {
		size_t n = strcspn(d, ":");
		snprintf(path, len, "%.*s/%s", (int)n, n ? d : ".", prog);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(path, X_OK) == 0)
			return 0;
		d += n + (d[n] == ':');
	}
	snprintf(err, errlen, "engine '%s': not found in PATH", prog);
	return -1;
}

/* In the child: a few system calls, then exec (style.md §11). */
static void
exec_child(const char *path, char *const *argv, int sock, int errfd,
    const char *dir, pid_t parent)
{
	sigset_t none;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);	/* the arbiter died before we got here */
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(sock, 0) < 0 || dup2(sock, 1) < 0 || dup2(errfd, 2) < 0)
		_exit(127);
	if (dir != NULL && chdir(dir) < 0)
		_exit(127);
	execv(path, argv);
	_exit(127);
}

static int
open_stderr(const struct child_spec *spec, char *err, size_t errlen)
{
	const char *p = spec->stderr_path ? spec->stderr_path : "/dev/null";
	int fd = open(p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

	if (fd < 0)
		snprintf(err, errlen, "engine stderr log '%s': %s", p,
		    strerror(errno));
	return fd;
}

static struct child *
child_alloc(struct reaper *r, const struct child_spec *spec,
    const struct child_callbacks *cb, void *arg)
{
	struct child *c = calloc(1, sizeof(*c));

	if (c == NULL)
		abort();
	c->reaper = r;
	c->cb = *cb;
	c->arg = arg;
	c->max_line = spec->max_line ? spec->max_line : 65536;
	c->deadline = evtimer_new(r->base, deadline_cb, c);
	c->quit_timer = evtimer_new(r->base, quit_timer_cb, c);
	c->gone_ev = evtimer_new(r->base, gone_cb, c);
	if (c->deadline == NULL || c->quit_timer == NULL || c->gone_ev == NULL)
		abort();
	return c;
}

static void
attach_channel(struct child *c, int fd)
{
	evutil_make_socket_nonblocking(fd);
	c->bev = bufferevent_socket_new(c->reaper->base, fd,
	    BEV_OPT_CLOSE_ON_FREE);
	if (c->bev == NULL)
		abort();
	bufferevent_setcb(c->bev, read_cb, write_cb, event_cb, c);
	bufferevent_setwatermark(c->bev, EV_READ, 0, c->max_line);
	bufferevent_enable(c->bev, EV_READ | EV_WRITE);
}

struct child *
child_spawn(struct reaper *r, const struct child_spec *spec,
    const struct child_callbacks *cb, void *arg, char *err, size_t errlen)
{
	char path[4096];
	int sv[2], errfd;
	sigset_t all, old;
	struct stat st;
	pid_t pid, parent = getpid();
	struct child *c;

	if (spec->argv == NULL || spec->argv[0] == NULL) {
		snprintf(err, errlen, "empty engine command");
		return NULL;
	}
	if (resolve(spec->argv[0], path, sizeof(path), err, errlen) < 0)
		return NULL;
	if (spec->dir != NULL && (stat(spec->dir, &st) < 0 ||
	    !S_ISDIR(st.st_mode))) {
		snprintf(err, errlen, "engine '%s': no directory '%s'",
		    spec->argv[0], spec->dir);
		return NULL;
	}
	if ((errfd = open_stderr(spec, err, errlen)) < 0)
		return NULL;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		snprintf(err, errlen, "socketpair: %s", strerror(errno));
		close(errfd);
		return NULL;
	}
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	if ((pid = fork()) == 0)
		exec_child(path, spec->argv, sv[1], errfd, spec->dir, parent);
	if (pid > 0)
		setpgid(pid, pid);	/* both sides, to close the race */
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(sv[1]);
	close(errfd);
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(sv[0]);
		return NULL;
	}
	c = child_alloc(r, spec, cb, arg);
	c->pid = pid;
	c->next = r->children;
	r->children = c;
	attach_channel(c, sv[0]);
	return c;
}

void
child_send(struct child *c, const char *line)
{
	if (c->bev == NULL || c->quitting)
		return;
	bufferevent_write(c->bev, line, strlen(line));
	bufferevent_write(c->bev, "\n", 1);
	if (evbuffer_get_length(bufferevent_get_output(c->bev)) >
	    MAX_PENDING_OUTPUT)
		fault(c, CHILD_FLOODED, NULL);
}

void
child_set_deadline(struct child *c, uint64_t ms)
{
	struct timeval tv = { (time_t)(ms / 1000), (suseconds_t)(ms % 1000) *
	    1000 };

	c->faulted = false;
	evtimer_add(c->deadline, &tv);
}

void
child_clear_deadline(struct child *c)
{
	evtimer_del(c->deadline);
}

void
child_quit(struct child *c, const char *line, uint64_t grace_ms)
{
	struct timeval tv = { (time_t)(grace_ms / 1000),
		(suseconds_t)(grace_ms % 1000) * 1000 };

	evtimer_del(c->deadline);
	if (c->bev != NULL && !c->quitting) {
		child_send(c, line);
		c->quitting = true;
		write_cb(c->bev, c);
	}
	c->quitting = true;
	evtimer_add(c->quit_timer, &tv);
}

void
child_kill(struct child *c)
{
	if (!c->reaped) {
		kill(-c->pid, SIGKILL);
		kill(c->pid, SIGKILL);
	}
	close_channel(c);
	evtimer_del(c->quit_timer);
	check_gone(c);
}

pid_t
child_pid(const struct child *c)
{
	return c->pid;
}

void
child_free(struct child *c)
{
	if (c == NULL)
		return;
	if (c->gone) {
		destroy(c);	/* also cancels a completion not yet told */
		return;
	}
	/* Still running: kill it; the reaper frees it once reaped. */
	c->orphan = true;
	child_kill(c);
}
