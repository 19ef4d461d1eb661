/*
 * arbiter_bench.c: the arbiter's own cost (issue 4's speed figures).
 *
 * Measures, in one run: the round trip of a bare line between two
 * processes over a socketpair (the floor any relay pays), then matches of
 * random engines at concurrency 1 and 2: deals per second, decisions per
 * second, and the arbiter's CPU time per relayed decision (its user+system
 * time divided by the decisions, so the engines' own time is excluded);
 * then, at concurrency 2, fresh engine processes for every game against
 * --reuse-engines for the C engine's random level (DEALS / 4 deals) and
 * the bundled Python bot (DEALS / 10, under BENCH_PYTHON or python3):
 * the ratio of their times, the relay's CPU a decision and the starts'
 * a game.  Prints figures; asserts nothing.
 *
 *	[BENCH_PYTHON=/usr/bin/python3] build/bench/arbiter_bench [DEALS]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/clock.h"
#include "proc/engine_proc.h"
#include "base/config.h"
#include "match/match.h"

static double
cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* Microseconds per round trip of a short line to an echoing child. */
static double
pipe_round_trip(int n)
{
	int sv[2];
	char buf[128];
	uint64_t t0;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return -1;
	if ((pid = fork()) == 0) {
		close(sv[0]);
		for (;;) {
			ssize_t k = read(sv[1], buf, sizeof(buf));
			if (k <= 0 || write(sv[1], buf, (size_t)k) != k)
				_exit(0);
		}
	}
	close(sv[1]);
	t0 = clock_now_us();
	for (int i = 0; i < n; i++) {
		if (write(sv[0], "action id=1 QS#2\n", 17) != 17 ||
		    read(sv[0], buf, sizeof(buf)) <= 0)
			break;
	}
	t0 = clock_now_us() - t0;
	close(sv[0]);
	waitpid(pid, NULL, 0);
	return (double)t0 / n;
}

static long
count_decisions(const char *path)
{
	FILE *f = fopen(path, "r");
	long n = 0;
	int c;

	if (f == NULL)
		return 0;
	/* Each action is one {"seat":..} object in a record. */
	while ((c = fgetc(f)) != EOF)
		if (c == '{' && fgetc(f) == '"' && fgetc(f) == 's' &&
		    fgetc(f) == 'e')
			n++;
	fclose(f);
	return n;
}

/* One match of two copies of cmd; its wall time (s), and the arbiter's
 * CPU per relayed decision (us) in *us if not NULL. */
static double
run_match(const char *cmd, int deals, int concurrency, bool reuse,
    double *us, long *decisions)
{
	struct match_cfg cfg;
	char path[] = "/tmp/bezique-bench-XXXXXX";
	double cpu0, wall;
	uint64_t t0;
	int fd = mkstemp(path);

	if (fd < 0)
		return -1;
	close(fd);
	config_defaults(&cfg);
	for (int e = 0; e < 2; e++) {
		cfg.engines[e].command = strdup(cmd);
		cfg.engines[e].name = strdup(e ? "bench-b" : "bench-a");
	}
	cfg.nengines = 2;
	cfg.deals = deals;
	cfg.concurrency = concurrency;
	cfg.reuse_engines = reuse;
	cfg.records = path;
	cfg.quiet = true;
	cfg.print_table = false;
	cpu0 = cpu_seconds();
	t0 = clock_now_us();
	match_run(&cfg, 0, NULL);
	wall = (double)(clock_now_us() - t0) / 1e6;
	cpu0 = cpu_seconds() - cpu0;
	*decisions = count_decisions(path);
	if (us != NULL)
		*us = cpu0 * 1e6 / (double)(*decisions > 0 ? *decisions : 1);
	unlink(path);
	config_free(&cfg);
	return wall;
}

static void
bench_match(const char *dir, int deals, int concurrency)
{
	char cmd[4200];
	double wall, us;
	long decisions;

	snprintf(cmd, sizeof(cmd), "%s/bezique-engine --level random", dir);
	wall = run_match(cmd, deals, concurrency, false, &us, &decisions);
	printf("  concurrency %d: %6.0f deals/s, %8.0f decisions/s, arbiter "
	    "CPU %5.1f us/decision (%ld decisions, %.2f s)\n", concurrency,
	    deals / wall, decisions / wall, us, decisions, wall);
}

/*
 * Fresh processes for every game against one process per engine and
 * table (--reuse-engines), concurrency 2, same run (issue 31's goal:
 * at most 1.3).  The arbiter's CPU per decision with reused processes is
 * the relay's alone; the difference, per game, is what the starts cost
 * it.
 */
static void
bench_fresh(const char *what, const char *cmd, int deals)
{
	double fresh, reused, fus, rus;
	long fdec, rdec;

	fresh = run_match(cmd, deals, 2, false, &fus, &fdec);
	reused = run_match(cmd, deals, 2, true, &rus, &rdec);
	printf("  %s, %d deals: fresh %.2f s, reused %.2f s: %.2fx; arbiter "
	    "CPU %.1f us/decision reused, starts %.0f us/game\n", what,
	    deals, fresh, reused, fresh / reused, rus, (fus * (double)fdec -
	    rus * (double)rdec) / deals);
}
int
main(int argc, char **argv)
{
	char dir[4096], cmd[4200], what[160];
	const char *py;
	ssize_t n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	int deals = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 400;

	if (n <= 0 || deals < 2)
		return 1;
	dir[n] = '\0';
	*strrchr(dir, '/') = '\0';
	*strrchr(dir, '/') = '\0';	/* build/bench -> build */
	engine_proc_setup();
	printf("arbiter, random engines, %d deals:\n", deals);
	printf("  bare socketpair round trip: %.1f us\n",
	    pipe_round_trip(100000));
	bench_match(dir, deals, 1);
	bench_match(dir, deals, 2);
	printf("fresh processes per game / --reuse-engines, concurrency 2 "
	    "(socketpair round trip above):\n");
	snprintf(cmd, sizeof(cmd), "%s/bezique-engine --level random", dir);
	bench_fresh("C engine, random", cmd, deals / 4 > 2 ? deals / 4 : 2);
	py = getenv("BENCH_PYTHON") ? getenv("BENCH_PYTHON") : "python3";
	snprintf(cmd, sizeof(cmd), "%s %s/../bots/python-random/bot.py", py,
	    dir);
	snprintf(what, sizeof(what), "Python bot (%s)", py);
	bench_fresh(what, cmd, deals / 10 > 2 ? deals / 10 : 2);
	return 0;
}
