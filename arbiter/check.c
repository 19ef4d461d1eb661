/*
 * check.c: the conformance check (check.h).
 *
 * The scripted steps run one at a time on the event loop: send some
 * lines, then wait (with a timeout) for a line that passes the step's
 * test.  Then a short match against `bezique-engine --level random`
 * shows whether whole deals go through without a failure.  The engine
 * runs confined as in a match (sandbox.h) unless --no-sandbox.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "bzp.h"
#include "check.h"
#include "base/argv.h"
#include "record/keyfile.h"
#include "base/request_id.h"
#include "match/bot.h"
#include "base/clock.h"
#include "proc/engine_proc.h"
#include "base/config.h"
#include "match/match.h"
#include "match/outputs.h"
#include "proc/sandbox.h"
#include "view.h"

struct run;

struct step {
	const char	*what;
	void		(*send)(struct run *);
	/* 1 when the line completes the step, -1 when it fails it, else 0. */
	int		(*test)(struct run *, const char *line);
	long long	 timeout_ms;
};

struct run {
	struct event_base	*base;
	struct engine_proc_reaper		*reaper;
	struct engine_proc		*child;
	struct event		*timer;
	int			 cur, passed, failed;
	uint64_t		 started;
	uint64_t		 id;		/* of the go sent */
	char			 note[256];
	char			*last[4];
	int			 nlast;
	bool			 has_name, has_protocol, wants_legal, gone;
	const struct sandbox	*jail;		/* as in a match; NULL: none */
	struct game		*g;
	char			*line;		/* BZP_MAX_LINE bytes */
};

static void	next_step(struct run *r);

static void
send_bzp(struct run *r)
{
	engine_proc_send(r->child, "bzp");
}

static int
test_bzp(struct run *r, const char *line)
{
	if (strncmp(line, "id name ", 8) == 0)
		r->has_name = true;
	if (strcmp(line, "protocol 1") == 0)
		r->has_protocol = true;
	if (strcmp(line, "feature legal") == 0)
		r->wants_legal = true;
	if (strcmp(line, "bzpok") != 0)
		return 0;
	if (!r->has_name || !r->has_protocol) {
		snprintf(r->note, sizeof(r->note), "bzpok came without %s",
		    !r->has_name ? "'id name ...'" : "'protocol 1'");
		return -1;
	}
	return 1;
}

static void
send_isready(struct run *r)
{
	engine_proc_send(r->child, "isready");
}

static void
send_unknown(struct run *r)
{
	engine_proc_send(r->child, "frobnicate the=widgets 42");
	engine_proc_send(r->child, "");
	engine_proc_send(r->child, "isready");
}

static int
test_readyok(struct run *r, const char *line)
{
	return strcmp(line, "readyok") == 0;
}

/* A real decision: the elder hand's first lead of a seeded deal. */
static void
send_go(struct run *r)
{
	struct rules rules;
	char opts[2048], text[ACTION_TEXT_MAX];
	struct action legal[MAX_LEGAL];
	struct game *v;
	size_t k;
	int n;

	rules_init(&rules, VARIANT_RUBICON);
	rules_format(&rules, opts, sizeof(opts));
	r->g = game_new(&rules, 20261122, 1);
	snprintf(r->line, BZP_MAX_LINE, "newgame deal=0 variant=rubicon "
	    "rules=%s seat=0 dealer=1 players=2 time=60000 inc=0 cap=0 "
	    "movetime=0", opts);
	engine_proc_send(r->child, r->line);
	r->id = request_id_new();
	k = (size_t)snprintf(r->line, BZP_MAX_LINE, "go id=%" PRIu64
	    " decision=%s time=60000 otime=60000 inc=0 cap=0 movetime=0 ",
	    r->id, bzp_decision_name(game_decision(r->g)));
	if (r->wants_legal) {
		n = game_legal_actions(r->g, legal, MAX_LEGAL);
		k += (size_t)snprintf(r->line + k, BZP_MAX_LINE - k, "legal=");
		for (int i = 0; i < n; i++)
			k += (size_t)snprintf(r->line + k, BZP_MAX_LINE - k,
			    "%s%s", i ? "," : "", action_format(&legal[i],
			    text, sizeof(text)));
		k += (size_t)snprintf(r->line + k, BZP_MAX_LINE - k, " ");
	}
	k += (size_t)snprintf(r->line + k, BZP_MAX_LINE - k, "view ");
	v = game_view(r->g, 0);
	view_format(v, r->line + k, BZP_MAX_LINE - k);
	game_free(v);
	engine_proc_send(r->child, r->line);
}

static int
test_action(struct run *r, const char *line)
{
	struct bzp_msg m;
	struct action a;
	char *copy = strdup(line), err[200], want[32];
	int rc = 0;

	if (copy == NULL)
		abort();
	if (bzp_parse(copy, &m) == 0 && strcmp(m.cmd, "action") == 0) {
		rc = -1;
		snprintf(want, sizeof(want), "id=%" PRIu64, r->id);
		if (m.ntok != 2 || strcmp(m.tok[0], want) != 0)
			snprintf(r->note, sizeof(r->note), "expected 'action "
			    "%s <action>', got '%.80s'", want, line);
		else if (game_parse_action(r->g, m.tok[1], &a, err,
		    sizeof(err)) < 0)
			snprintf(r->note, sizeof(r->note), "%s", err);
		else if (!game_is_legal(r->g, &a))
			snprintf(r->note, sizeof(r->note), "'%s' is not legal "
			    "here", m.tok[1]);
		else
			rc = 1;
	}
	free(copy);
	return rc;
}

static void
send_quit(struct run *r)
{
	engine_proc_quit(r->child, "quit", 2000);
}

static const struct step steps[] = {
	{ "answers bzp with id name, protocol 1 and bzpok", send_bzp,
	    test_bzp, 5000 },
	{ "answers isready with readyok", send_isready, test_readyok, 5000 },
	{ "ignores an unknown command and a blank line", send_unknown,
	    test_readyok, 5000 },
	{ "answers a decision request with a legal action", send_go,
	    test_action, 10000 },
	{ "exits on quit", send_quit, NULL, 2500 },
};
#define NSTEPS	((int)(sizeof(steps) / sizeof(steps[0])))

static void
report(struct run *r, bool ok)
{
	double ms = (double)(clock_now_us() - r->started) / 1000.0;

	printf("  %-5s %s  [%.0f ms]\n", ok ? "ok" : "FAIL", steps[r->cur].what,
	    ms);
	if (!ok) {
		if (r->note[0] != '\0')
			printf("        %s\n", r->note);
		for (int i = 0; i < r->nlast && i < 4; i++)
			printf("        engine said: %s\n",
			    r->last[(r->nlast - (r->nlast < 4 ? r->nlast : 4) +
			    i) % 4]);
	}
	if (ok)
		r->passed++;
	else
		r->failed++;
	r->note[0] = '\0';
	r->cur++;
	if (!ok && r->cur == 1) {
		/* Nothing else can pass without the handshake. */
		printf("  skip  the other steps and the deals: the handshake "
		    "failed\n");
		r->failed += NSTEPS - r->cur;
		r->cur = NSTEPS;
	}
	next_step(r);
}

static void
on_line(struct engine_proc *c, const char *line, size_t len, void *arg)
{
	struct run *r = arg;
	int rc;

	free(r->last[r->nlast % 4]);
	r->last[r->nlast++ % 4] = strndup(line, len < 160 ? len : 160);
	if (r->cur >= NSTEPS || steps[r->cur].test == NULL)
		return;
	if ((rc = steps[r->cur].test(r, line)) != 0) {
		evtimer_del(r->timer);
		report(r, rc > 0);
	}
}

static void
on_fault(struct engine_proc *c, enum engine_proc_fault f, const char *detail, void *arg)
{
	struct run *r = arg;

	if (f == ENGINE_PROC_LINE_TOO_LONG)
		snprintf(r->note, sizeof(r->note), "a line over %d bytes",
		    BZP_MAX_LINE);
	if (f == ENGINE_PROC_CLOSED || f == ENGINE_PROC_WRITE_ERROR)
		engine_proc_ending(c);
	else
		engine_proc_kill(c);
}

static void
exit_in_words(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "the engine exited with status %d",
		    WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "the engine was killed by signal %d (%s)",
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "the engine ended (wait status %d)",
		    status);
}

static void
on_gone(struct engine_proc *c, int status, void *arg)
{
	struct run *r = arg;

	r->gone = true;
	evtimer_del(r->timer);
	if (r->cur < NSTEPS && steps[r->cur].test == NULL) {
		report(r, true);	/* it quit */
		return;
	}
	if (r->note[0] == '\0') {
		exit_in_words(status, r->note, sizeof(r->note));
		if (WIFEXITED(status) && WEXITSTATUS(status))
			snprintf(r->note + strlen(r->note), sizeof(r->note) -
			    strlen(r->note), "%s", sandbox_exit_hint(r->jail));
	}
	while (r->cur < NSTEPS)
		report(r, false);
}

static void
timeout_cb(evutil_socket_t fd, short what, void *arg)
{
	struct run *r = arg;

	snprintf(r->note, sizeof(r->note), "nothing within %lld ms",
	    steps[r->cur].timeout_ms);
	/* The usual first-hour mistake: output that sits in the bot's
	 * buffer because stdout is a pipe, not a terminal. */
	if (r->cur == 0 && r->nlast == 0)
		snprintf(r->note, sizeof(r->note), "no answer to bzp within "
		    "%lld s: is the bot flushing stdout after each line? "
		    "(Python: print(..., flush=True); C: fflush(stdout))",
		    steps[r->cur].timeout_ms / 1000);
	else if (r->cur == 0)
		snprintf(r->note, sizeof(r->note), "no bzpok within %lld s "
		    "(the handshake ends with a line 'bzpok')",
		    steps[r->cur].timeout_ms / 1000);
	if (steps[r->cur].test == NULL)
		snprintf(r->note, sizeof(r->note), "still running %lld ms "
		    "after quit", steps[r->cur].timeout_ms);
	report(r, false);
}

static void
next_step(struct run *r)
{
	struct timeval tv;
	long long ms;

	if (r->cur >= NSTEPS) {
		if (r->child != NULL && !r->gone)
			engine_proc_kill(r->child);
		return;
	}
	if (r->gone) {
		report(r, false);
		return;
	}
	ms = steps[r->cur].timeout_ms;
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	r->started = clock_now_us();
	steps[r->cur].send(r);
	evtimer_add(r->timer, &tv);
}

/* The scripted steps; returns the number failed. */
static int
scripted(const char *command, const struct sandbox *jail)
{
	static const struct engine_proc_callbacks cb = { on_line, on_fault,
		on_gone };
	struct engine_spec spec = { .max_line = BZP_MAX_LINE,
		.sandbox = jail };
	struct run r;
	char err[256], **argv;

	memset(&r, 0, sizeof(r));
	r.jail = jail;
	if ((argv = argv_split(command, NULL, err, sizeof(err))) == NULL) {
		printf("  FAIL  %s\n", err);
		return 1;
	}
	spec.argv = argv;
	if ((r.line = malloc(BZP_MAX_LINE)) == NULL ||
	    (r.base = event_base_new()) == NULL)
		abort();
	r.reaper = engine_proc_reaper_new(r.base);
	r.timer = evtimer_new(r.base, timeout_cb, &r);
	if ((r.child = engine_proc_spawn(r.reaper, &spec, &cb, &r, err,
	    sizeof(err))) == NULL) {
		printf("  FAIL  starts: %s\n", err);
		r.failed = NSTEPS;
	} else {
		next_step(&r);
		while (!r.gone)
			event_base_loop(r.base, EVLOOP_ONCE);
		engine_proc_free(r.child);
	}
	argv_free(argv);
	event_free(r.timer);
	engine_proc_reaper_free(r.reaper);
	event_base_free(r.base);
	game_free(r.g);
	for (int i = 0; i < 4; i++)
		free(r.last[i]);
	free(r.line);
	return r.failed;
}

/*
 * Whole games of variant v against the random level (two of it at a
 * three-hand table): four, or three for three-hand (every seat once).
 * Returns 1 if the engine failed in any deal or fewer were played.
 */
static int
deals(const char *command, const char *self_dir, enum variant v,
    bool no_sandbox)
{
	struct match_cfg cfg;
	char path[] = "/tmp/bezique-check-XXXXXX", random[4200];
	char *line = NULL;
	size_t cap = 0;
	int fd = mkstemp(path), played = 0, failures = 0, games;
	FILE *f;

	if (fd < 0) {
		printf("  FAIL  plays deals: cannot make a temporary file\n");
		return 1;
	}
	close(fd);
	snprintf(random, sizeof(random), "%s/bezique-engine --level random",
	    self_dir);
	config_defaults(&cfg);
	rules_init(&cfg.rules, v);
	cfg.nengines = cfg.rules.players;
	cfg.engines[0].command = strdup(command);
	cfg.engines[0].name = strdup("engine");
	for (int i = 1; i < cfg.nengines; i++) {
		cfg.engines[i].command = strdup(random);
		cfg.engines[i].name = strdup(i == 1 ? "random" : "random-2");
	}
	games = cfg.nengines == 3 ? 3 : 4;
	cfg.deals = games;
	cfg.format = FORMAT_MATCH;
	cfg.rounds = games / cfg.nengines;
	run_key_from_text("bezique check 20261122", cfg.key);
	cfg.records = path;
	cfg.quiet = true;
	cfg.print_table = false;
	cfg.no_luck = true;	/* nothing shown: nothing to measure */
	cfg.max_failures = 4;
	cfg.no_sandbox = no_sandbox;
	if (outputs_confine(&cfg) == 0)
		match_run(&cfg, 0, NULL);
	outputs_free(&cfg);
	if ((f = fopen(path, "r")) != NULL) {
		while (getline(&line, &cap, f) > 0) {
			json_t *o = record_load(line, 0, NULL);
			const char *term = "", *reason = "";
			json_t *fs = NULL, *players = NULL;
			json_int_t deal = 0;
			played++;
			if (o != NULL && json_unpack(o, "{s:I, s:s, s:s, s:o, "
			    "s:o}", "deal", &deal, "termination", &term,
			    "reason", &reason, "fault_seat", &fs, "players",
			    &players) == 0 &&
			    json_is_integer(fs) && strcmp(json_string_value(
			    json_array_get(players, json_integer_value(fs))),
			    "engine") == 0) {
				if (failures++ == 0)
					printf("        deal %lld: %s: %s\n",
					    (long long)deal, term, reason);
			}
			json_decref(o);
		}
		fclose(f);
	}
	free(line);
	unlink(path);
	/* And the run's key kept beside the records (keyfile.h). */
	if (asprintf(&line, "%s" KEYFILE_SUFFIX, path) >= 0) {
		unlink(line);
		free(line);
	}
	printf("  %-5s %s: plays %d whole games against the random level "
	    "(%d deals played, %d failed)\n", failures || played < games ?
	    "FAIL" : "ok", variant_name(v), games, played, failures);
	return failures || played < games;
}

/* The flags before the engines: --no-sandbox, and --variant, which
 * variants to play (rubicon if none; "all" for every one).  Returns how
 * many arguments they took, or -1 with a line on stderr. */
static int
variants(int argc, char **argv, bool *want, bool *no_sandbox)
{
	int i = 0, nvariants = 0;
	enum variant v;

	while (i < argc && strncmp(argv[i], "--", 2) == 0) {
		if (strcmp(argv[i], "--no-sandbox") == 0) {
			*no_sandbox = true;
			i++;
			continue;
		}
		if (strcmp(argv[i], "--variant") != 0)
			break;
		if (i + 1 >= argc) {
			fprintf(stderr, "bezique-arbiter: check: --variant "
			    "needs a variant\n");
			return -1;
		}
		if (strcmp(argv[i + 1], "all") == 0) {
			for (int k = 0; k < NVARIANTS; k++)
				want[k] = variant_playable((enum variant)k);
		} else if (variant_parse(argv[i + 1], &v) == 0) {
			want[v] = true;
		} else {
			fprintf(stderr, "bezique-arbiter: check: --variant: "
			    "unknown variant '%s' (rubicon, two-hand, "
			    "six-pack, eight-pack, three-hand, all)\n",
			    argv[i + 1]);
			return -1;
		}
		nvariants++;
		i += 2;
	}
	if (nvariants == 0)
		want[VARIANT_RUBICON] = true;
	return i;
}

int
check_main(int argc, char **argv, const char *self)
{
	char dir[4096];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	const char *nothing[] = { NULL };
	bool want[NVARIANTS] = { false }, no_sandbox = false;
	int bad = 0, skip = variants(argc, argv, want, &no_sandbox);
	struct sandbox *jail = NULL;
	char err[512];

	if (skip < 0)
		return 2;
	argc -= skip;
	argv += skip;
	if (argc < 1) {
		fprintf(stderr, "usage: bezique-arbiter check [--no-sandbox] "
		    "[--variant V]... ENGINE...\n");
		return 2;
	}
	/* Confined as a match would confine it, so that what fails there
	 * fails here first. */
	if (!no_sandbox && (jail = sandbox_new(nothing, err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-arbiter: check: %s\n", err);
		return 2;
	}
	if (n <= 0)
		snprintf(dir, sizeof(dir), "%s", self);
	else
		dir[n] = '\0';
	if (strrchr(dir, '/') != NULL)
		*strrchr(dir, '/') = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	engine_proc_setup();
	for (int i = 0; i < argc; i++) {
		int failed;
		printf("check: %s\n", argv[i]);
		failed = scripted(argv[i], jail);
		/* Whole games would only fail the same way, slowly. */
		if (failed > 0 && failed < NSTEPS)
			printf("  skip  the deals: fix the steps above first\n");
		for (int k = 0; k < NVARIANTS && failed == 0; k++)
			if (want[k])
				failed += deals(argv[i], dir, (enum variant)k,
				    no_sandbox);
		printf("  %s\n", failed ? "FAILED" : "all passed");
		bad += failed != 0;
	}
	sandbox_free(jail);
	return bad ? 1 : 0;
}
