/*
 * sandbox.h: confining engines with Landlock, so that a hostile engine
 * cannot read the decks still to be played (the records file, the
 * tournament file and its seed), write any file, signal or ptrace its
 * opponent or the arbiter, or reach another engine over any socket or
 * IPC (the system calls for those are refused, sysfilter.h).
 *
 * The rules are found once in the arbiter (sandbox_new); each engine's
 * ruleset is made of them in the arbiter as it starts (sandbox_ruleset)
 * and entered between fork and exec (sandbox_enter), with a rule for the
 * engine's own /proc added there (pidns.h).
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stddef.h>

struct sandbox;

/*
 * Finds the rules (sandbox_ruleset makes them into a ruleset) and asks
 * whether engines may have PID namespaces (sandbox_pidns): reading and
 * executing everywhere but the paths in
 * protect (NULL-terminated; a path that does not exist yet is protected
 * too), writing only to /dev/null, no TCP bind or connect, no signal or
 * abstract unix socket out of the engine's own processes, each as far as
 * the kernel's Landlock ABI goes; and no socket or IPC at all, whatever
 * the ABI (sysfilter.h).  Where the kernel has no Landlock, only the
 * latter holds (sandbox_abi() 0).  Returns NULL with one line in err when
 * a path cannot be walked, the kernel refuses a rule or the filter cannot
 * be built.
 */
struct sandbox	*sandbox_new(const char *const *protect, char *err,
		    size_t errlen);

/* The Landlock ABI the rules use; 0: none, files are not confined. */
int		 sandbox_abi(const struct sandbox *sb);

/*
 * 1: each engine gets a PID namespace and a /proc of its own (pidns.h),
 * where the kernel lets this user have them; 0: it sees every process.
 */
int		 sandbox_pidns(const struct sandbox *sb);

/*
 * In the arbiter, as an engine starts: a Landlock ruleset of the rules
 * (a descriptor, close-on-exec, the caller's to close; an entry gone
 * since the walk is left out), -1 where the kernel has no Landlock, or -2
 * with one line in err.
 */
int		 sandbox_ruleset(const struct sandbox *sb, char *err,
		    size_t errlen);

/*
 * In the child before exec: no new privileges, the ruleset (-1: none)
 * with a rule for /proc when the child has a /proc of its own, the
 * filter.  0, or -1 with errno.  NULL does nothing.
 */
int		 sandbox_enter(const struct sandbox *sb, int ruleset);

/*
 * Why a confined engine may have died, to add to "exited with status N":
 * " (confined: it may write files only in its TMPDIR, ...)", or "" for
 * NULL (unconfined).  Bot writers' first mistake is a log file.
 */
const char	*sandbox_exit_hint(const struct sandbox *sb);

void		 sandbox_free(struct sandbox *sb);

#endif
