/*
 * bot_proc.c: a bot's engine process, started and ended (bot_proc.h).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "bzp.h"
#include "base/argv.h"
#include "match/bot.h"
#include "match/bot_proc.h"
#include "proc/sandbox.h"

void
bot_proc_spec(struct engine_spec *spec, char **argv,
    const struct engine_cfg *cfg, const struct limits_cfg *limits, int cpu)
{
	memset(spec, 0, sizeof(*spec));
	spec->argv = argv;
	spec->dir = cfg->dir;
	spec->stderr_path = cfg->stderr_log;
	spec->max_line = BZP_MAX_LINE;
	spec->rlimit_as = (uint64_t)limits->as_mb << 20;
	spec->rlimit_cpu = (uint64_t)limits->cpu_s;
	spec->rlimit_nofile = (uint64_t)limits->nofile;
	spec->rlimit_fsize = (uint64_t)limits->log_mb << 20;
	spec->temp_mb = (uint64_t)limits->temp_mb;
	spec->pinned = cpu >= 0;
	spec->cpu = cpu;
	spec->rlimit_nproc = (uint64_t)limits->nproc;
	spec->sandbox = limits->sandbox;
}

void
bot_proc_describe_exit(const struct engine_proc *ep, int status,
    bool killed_by_us, const char *dying_reason,
    const struct limits_cfg *limits, char *buf, size_t len)
{
	if (killed_by_us)
		snprintf(buf, len, "%s", dying_reason);
	else if (engine_proc_killed(ep) && WIFSIGNALED(status) &&
	    WTERMSIG(status) == SIGKILL)	/* our kill, after the fault */
		snprintf(buf, len, "%s, while still running", dying_reason);
	else if (WIFEXITED(status))
		snprintf(buf, len, "%s; exited with status %d%s",
		    dying_reason, WEXITSTATUS(status),
		    WEXITSTATUS(status) == 0 ? "" :
		    sandbox_exit_hint(limits->sandbox));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "%s; killed by signal %d (%s)",
		    dying_reason, WTERMSIG(status),
		    strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "%s", dying_reason);
}

int
bot_check(const struct engine_cfg *cfg, char *err, size_t errlen)
{
	struct engine_spec spec;
	char **argv;
	int rc;

	if (cfg->remote != NULL)
		return 0;	/* a connection, not a program */
	if (config_remote_name(cfg->command) != NULL) {
		snprintf(err, errlen, "'%s' is a remote seat: its bot "
		    "connects to the arbiter, which needs --listen "
		    "ADDRESS:PORT (doc/network.md)", cfg->command);
		return -1;
	}
	if ((argv = argv_split(cfg->command, NULL, err, errlen)) == NULL)
		return -1;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.dir = cfg->dir;
	spec.stderr_path = cfg->stderr_log;
	rc = engine_proc_check(&spec, err, errlen);
	argv_free(argv);
	return rc;
}
