/*
 * bot_proc.h: what a bot's engine process is started with, and how its
 * end is told (bot.c's, apart so that bot.c stays the protocol).
 */
#ifndef BOT_PROC_H
#define BOT_PROC_H

#include <stdbool.h>
#include <stddef.h>

#include "base/config.h"
#include "proc/engine_proc.h"

/* The process of cfg's command (argv, split from it) under these limits,
 * on this CPU only (-1: any). */
void	bot_proc_spec(struct engine_spec *spec, char **argv,
	    const struct engine_cfg *cfg, const struct limits_cfg *limits,
	    int cpu);

/*
 * Why it ended, for the failure's reason: why it was dying (the fault
 * seen, or our own reason when we killed it), then what its wait status
 * says.  ep: the process, its status from the reap.
 */
void	bot_proc_describe_exit(const struct engine_proc *ep, int status,
	    bool killed_by_us, const char *dying_reason,
	    const struct limits_cfg *limits, char *buf, size_t len);

#endif
