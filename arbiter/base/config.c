/*
 * config.c: the flags of `bezique-arbiter match` (config.h).
 *
 * Engine flags follow cutechess-cli's habit: -e starts an engine, and
 * --name, --dir, --stderr and --option after it apply to that engine.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "base/argv.h"
#include "base/config.h"
#include "base/utf8.h"

void
config_defaults(struct match_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->deals = 0;	/* match: one deck in every seating (2, or 3) */
	rules_init(&c->rules, VARIANT_RUBICON);
	c->concurrency = 1;
	c->clock.time_ms = 60000;
	c->clock.margin_ms = 50;
	c->clock.startup_ms = 10000;
	c->clock.ping_ms = 5000;
	c->clock.quit_ms = 2000;
	c->clock.stall_ms = 300000;
	c->clock.connect_ms = 600000;
	c->clock.reconnect_ms = 10000;
	c->clock.net_allowance_ms = 200;
	/* Descriptors are bounded by default.  Address space is not: engines
	 * built with AddressSanitizer, and some runtimes, reserve terabytes
	 * of virtual memory they never use, so a default cap would stop them
	 * at start-up; CPU time is left to the clocks. */
	c->limits.nofile = 1024;
	/* An engine's stderr must not fill the disk the records are on. */
	c->limits.log_mb = 1024;
	c->limits.temp_mb = 64;
	c->on_failure = ON_FAILURE_FORFEIT;
	c->max_failures = 5;
	c->games_per_process = 32;
	/* Every deal a deck of its own: no process ever holds a deck another
	 * held, so nothing the machine keeps (page cache, file times,
	 * counters) tells a bot a card (doc/guarantees.md).  Duplicate and
	 * common deals are asked for (--duplicate, --common-deals). */
	c->duplicate = false;
	c->common_deals = false;
	c->print_table = true;
}

bool
clock_stall_guarded(const struct clock_cfg *c)
{
	return c->time_ms == 0 && c->cap_ms == 0 && c->movetime_ms == 0 &&
	    c->stall_ms > 0;
}

long long
clock_decision_limit(const struct clock_cfg *c, double clock_ms)
{
	long long limit = 24LL * 3600 * 1000;	/* no limit */

	if (c->time_ms > 0)
		limit = (long long)clock_ms;
	if (c->cap_ms > 0 && c->cap_ms < limit)
		limit = c->cap_ms;
	if (c->movetime_ms > 0 && c->movetime_ms < limit)
		limit = c->movetime_ms;
	if (clock_stall_guarded(c))
		limit = c->stall_ms;	/* a hung engine must not block */
	return limit > 0 ? limit : 0;
}

void
config_free(struct match_cfg *c)
{
	for (int i = 0; i < c->nengines; i++) {
		struct engine_cfg *e = &c->engines[i];
		free(e->name);
		free(e->id_name);
		free(e->command);
		free(e->dir);
		free(e->stderr_log);
		for (int k = 0; k < e->noptions; k++)
			free(e->options[k]);
	}
	memset(c->engines, 0, sizeof(c->engines));
	c->nengines = 0;
	config_free_rules(c);
	for (int i = 0; i < c->nowned; i++)
		free(c->owned[i]);
	c->nowned = 0;
}

/*
 * A flag's error, on one line: to stderr, or where the caller reading a
 * tournament file asked (c->flag_err), so that it names the file's key
 * and line instead and the user reads one message, not two.
 */
static int say(struct match_cfg *c, const char *flag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
say(struct match_cfg *c, const char *flag, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (c->flag_err != NULL)
		snprintf(c->flag_err, c->flag_err_size, "%s", text);
	else
		fprintf(stderr, "bezique-arbiter: %s: %s\n", flag, text);
	return -1;
}

static int
bad(struct match_cfg *c, const char *flag, const char *what,
    const char *value)
{
	return say(c, flag, "%s '%s'", what, value ? value : "");
}

static char *
xstrdup(const char *s)
{
	char *d = strdup(s);

	if (d == NULL)
		abort();
	return d;
}

/* Parses a flag that takes a number; returns 1 if f is not one. */
static int
number_flag(struct match_cfg *c, const char *f, const char *v)
{
	const struct {
		const char	*name;
		long long	*ms;
		int		*count;
		long long	 min, max;
	} t[] = {
		{ "--time", &c->clock.time_ms, NULL, 0, 1LL << 40 },
		{ "--inc", &c->clock.inc_ms, NULL, 0, 1LL << 40 },
		{ "--cap", &c->clock.cap_ms, NULL, 0, 1LL << 40 },
		{ "--movetime", &c->clock.movetime_ms, NULL, 0, 1LL << 40 },
		{ "--margin", &c->clock.margin_ms, NULL, 0, 1LL << 40 },
		{ "--startup-timeout", &c->clock.startup_ms, NULL, 1, 1LL << 40 },
		{ "--ping-timeout", &c->clock.ping_ms, NULL, 1, 1LL << 40 },
		{ "--quit-timeout", &c->clock.quit_ms, NULL, 1, 1LL << 40 },
		{ "--stall-timeout", &c->clock.stall_ms, NULL, 1, 1LL << 40 },
		{ "--connect-timeout", &c->clock.connect_ms, NULL, 0, 1LL << 40 },
		{ "--reconnect-grace", &c->clock.reconnect_ms, NULL, 0, 1LL << 40 },
		{ "--net-allowance", &c->clock.net_allowance_ms, NULL, 0, 1LL << 40 },
		{ "--limit-memory", &c->limits.as_mb, NULL, 0, 1LL << 30 },
		{ "--limit-cpu", &c->limits.cpu_s, NULL, 0, 1LL << 30 },
		{ "--limit-files", &c->limits.nofile, NULL, 0, 1LL << 20 },
		{ "--limit-processes", &c->limits.nproc, NULL, 0, 1LL << 20 },
		{ "--limit-log", &c->limits.log_mb, NULL, 0, 1LL << 30 },
		{ "--limit-temp", &c->limits.temp_mb, NULL, 1, 1LL << 20 },
		{ "-n", NULL, &c->deals, 1, 100000000 },
		{ "--deals", NULL, &c->deals, 1, 100000000 },
		{ "-c", NULL, &c->concurrency, 1, 256 },
		{ "--concurrency", NULL, &c->concurrency, 1, 256 },
		{ "--max-failures", NULL, &c->max_failures, 1, 1000000 },
		{ "--games-per-process", NULL, &c->games_per_process, 1,
		    1000000 },
		{ "--rounds", NULL, &c->rounds, 1, 10000000 },
		{ "--report-every", NULL, &c->report_every, 0, 100000000 },
		{ "--bootstrap", NULL, &c->bootstrap, 0, 100000 },
		{ "--anchor-elo", NULL, &c->anchor_elo, -100000, 100000 },
	};
	long long n;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (strcmp(f, t[i].name) != 0)
			continue;
		if (v == NULL || bzp_parse_int(v, t[i].min, t[i].max, &n) < 0)
			return bad(c, f, "not a number in range", v);
		if (t[i].ms != NULL)
			*t[i].ms = n;
		else
			*t[i].count = (int)n;
		return 0;
	}
	return 1;
}

/* The first control character (or DEL) in n bytes of s, or NULL. */
const char *
config_control_char(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return s + i;
	return NULL;
}

int
config_check_option(const char *name, size_t namelen, const char *value,
    char *err, size_t errlen)
{
	const char *c;

	if (namelen == 0)
		snprintf(err, errlen, "an option with no name");
	else if ((c = config_control_char(name, namelen)) != NULL)
		snprintf(err, errlen, "option name: control character 0x%02x "
		    "at byte %zu", (unsigned char)*c, (size_t)(c - name) + 1);
	else if (namelen > ENGINE_OPTION_NAME_MAX)
		snprintf(err, errlen, "option '%.20s...': name of %zu bytes, "
		    "over %d", name, namelen, ENGINE_OPTION_NAME_MAX);
	else if (strcspn(name, " =") < namelen)
		snprintf(err, errlen, "option '%.*s': a name is one word, "
		    "with no blank", (int)namelen, name);
	else if ((c = config_control_char(value, strlen(value))) != NULL)
		snprintf(err, errlen, "option '%.*s': control character "
		    "0x%02x in the value, at byte %zu", (int)namelen, name,
		    (unsigned char)*c, (size_t)(c - value) + 1);
	else if (strlen(value) > ENGINE_OPTION_VALUE_MAX)
		snprintf(err, errlen, "option '%.*s': value of %zu bytes, "
		    "over %d", (int)namelen, name, strlen(value),
		    ENGINE_OPTION_VALUE_MAX);
	else
		return 0;
	return -1;
}

/* The flags that set something of the last -e engine. */
static int
engine_flag(struct match_cfg *c, const char *f, const char *v)
{
	struct engine_cfg *e = c->nengines ? &c->engines[c->nengines - 1] :
	    NULL;
	char **slot = NULL, err[160];

	if (strcmp(f, "-e") == 0 || strcmp(f, "--engine") == 0) {
		if (c->nengines == 3)
			return bad(c, f, "a match takes two engines, or three "
			    "for three-hand (use 'tournament' for more), not",
			    v);
		if (v == NULL || *v == '\0')
			return bad(c, f, "needs a command line", v);
		e = &c->engines[c->nengines++];
		e->command = xstrdup(v);
		return 0;
	}
	if (strcmp(f, "--name") == 0) {
		slot = e ? &e->name : NULL;
		if (e != NULL)
			e->name_from = NAME_FLAG;
	}
	else if (strcmp(f, "--dir") == 0)
		slot = e ? &e->dir : NULL;
	else if (strcmp(f, "--stderr") == 0)
		slot = e ? &e->stderr_log : NULL;
	else if (strcmp(f, "--option") == 0) {
		if (e == NULL)
			return bad(c, f, "must follow -e", v);
		if (v == NULL || strchr(v, '=') == NULL)
			return bad(c, f, "needs NAME=VALUE, not", v);
		if (config_check_option(v, (size_t)(strchr(v, '=') - v),
		    strchr(v, '=') + 1, err, sizeof(err)) < 0) {
			return say(c, f, "%s", err);
		}
		if (e->noptions == MAX_ENGINE_OPTIONS)
			return bad(c, f, "too many options, at", v);
		e->options[e->noptions++] = xstrdup(v);
		return 0;
	} else
		return 1;
	if (slot == NULL)
		return bad(c, f, "must follow -e", v);
	if (v == NULL)
		return bad(c, f, "needs a value", v);
	if (slot == &e->name && strlen(v) > NAME_MAX_BYTES)
		return bad(c, f, "longer than " NAME_MAX_TEXT " bytes", v);
	free(*slot);
	*slot = xstrdup(v);
	return 0;
}

static int
rule_flag(struct match_cfg *c, const char *f, const char *v)
{
	char err[256], name[128];
	const char *eq;
	enum variant var;

	if (strcmp(f, "--variant") == 0) {
		if (v == NULL || variant_parse(v, &var) < 0)
			return bad(c, f, "unknown variant", v);
		if (!variant_playable(var))
			return bad(c, f, "variant not playable yet", v);
		if (config_set_variant(c, var, err, sizeof(err)) < 0) {
			return say(c, f, "%s", err);
		}
		return 0;
	}
	if (strcmp(f, "--rule") != 0)
		return 1;
	if (v == NULL || (eq = strchr(v, '=')) == NULL ||
	    (size_t)(eq - v) >= sizeof(name))
		return bad(c, f, "needs NAME=VALUE, not", v);
	snprintf(name, sizeof(name), "%.*s", (int)(eq - v), v);
	if (config_set_rule(c, name, eq + 1, err, sizeof(err)) < 0) {
		return say(c, f, "%s", err);
	}
	return 0;
}

static int
other_flag(struct match_cfg *c, const char *f, const char *v, int *used)
{
	*used = 1;
	if (strcmp(f, "--seed") == 0) {
		if (v == NULL || v[0] == '\0')
			return bad(c, f, "needs a text", v);
		run_key_from_text(v, c->key);
		c->seed_given = true;
		c->seed_guessable = run_key_guessable(v);
	} else if (strcmp(f, "--key") == 0) {
		if (v == NULL || run_key_parse(v, c->key) < 0)
			return say(c, f, "needs 64 hex digits (256 bits), not "
			    "what was given");
		c->seed_given = true;
		c->seed_guessable = false;
	} else if (strcmp(f, "-o") == 0 || strcmp(f, "--records") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->records = v;
	} else if (strcmp(f, "--shard") == 0) {
		long long i, n;
		const char *slash = v ? strchr(v, '/') : NULL;
		char num[32];
		if (slash == NULL || (size_t)(slash - v) >= sizeof(num))
			return bad(c, f, "is I/N, not", v);
		snprintf(num, sizeof(num), "%.*s", (int)(slash - v), v);
		if (bzp_parse_int(num, 1, 100000, &i) < 0 ||
		    bzp_parse_int(slash + 1, 1, 100000, &n) < 0 || i > n)
			return bad(c, f, "is I/N with 1 <= I <= N, not", v);
		c->shard = (int)i - 1;
		c->nshards = (int)n;
	} else if (strcmp(f, "--listen") == 0) {
		if (v == NULL || strrchr(v, ':') == NULL)
			return bad(c, f, "needs ADDRESS:PORT, not", v);
		c->listen = v;
	} else if (strcmp(f, "--tokens") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->tokens = v;
	} else if (strcmp(f, "--anchor") == 0) {
		if (v == NULL)
			return bad(c, f, "needs an engine's name", v);
		c->anchor = v;
	} else if (strcmp(f, "--svg") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->svg = v;
	} else if (strcmp(f, "--summary") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->summary = v;
	} else if (strcmp(f, "--luck-file") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->luck_file = v;
	} else if (strcmp(f, "--resume") == 0) {
		if (v == NULL)
			return bad(c, f, "needs a file", v);
		c->resume = v;
	} else if (strcmp(f, "--on-failure") == 0) {
		if (v != NULL && strcmp(v, "forfeit") == 0)
			c->on_failure = ON_FAILURE_FORFEIT;
		else if (v != NULL && strcmp(v, "void") == 0)
			c->on_failure = ON_FAILURE_VOID;
		else if (v != NULL && strcmp(v, "restart") == 0)
			c->on_failure = ON_FAILURE_RESTART;
		else
			return bad(c, f, "is forfeit, void or restart, not", v);
	} else {
		*used = 0;
		if (strcmp(f, "--duplicate") == 0 ||
		    strcmp(f, "--no-duplicate") == 0)
			c->duplicate = f[2] == 'd';
		else if (strcmp(f, "--common-deals") == 0 ||
		    strcmp(f, "--no-common-deals") == 0)
			c->common_deals = f[2] == 'c';
		else if (strcmp(f, "--sync") == 0)
			c->sync = true;
		else if (strcmp(f, "--reuse-engines") == 0)
			c->reuse_engines = true;
		else if (strcmp(f, "--ponder") == 0)
			c->limits.ponder = true;
		else if (strcmp(f, "--affinity") == 0)
			c->limits.affinity = true;
		else if (strcmp(f, "--no-sandbox") == 0)
			c->no_sandbox = true;
		else if (strcmp(f, "--insecure") == 0)
			c->insecure = true;
		else if (strcmp(f, "-q") == 0 || strcmp(f, "--quiet") == 0)
			c->quiet = true;
		else if (strcmp(f, "--live") == 0)
			c->live = true;
		else if (strcmp(f, "--no-luck") == 0)
			c->no_luck = true;
		else {
			/* The flag once, not "--x: unknown flag '--x'". */
			fprintf(stderr, "bezique-arbiter: unknown flag '%s' (try "
			    "'bezique-arbiter help COMMAND')\n", f);
			return -1;
		}
	}
	return 0;
}

char *
config_command_name(const char *command)
{
	const char *end = command + strcspn(command, " \t");
	const char *start = command;
	char *name;
	size_t len;

	for (const char *p = command; p < end; p++)
		if (*p == '/')
			start = p + 1;
	len = strlen(start);
	if (len > NAME_MAX_BYTES) {
		len = NAME_MAX_BYTES;
		while (len > 0 && ((unsigned char)start[len] & 0xC0) == 0x80)
			len--;
	}
	if ((name = strndup(start, len)) == NULL)
		abort();
	return name;
}

static int
parse_flags(struct match_cfg *c, int argc, char **argv, bool engines)
{
	for (int i = 0; i < argc; i++) {
		const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int rc, used;
		/* A tournament's keys as flags; a match would ignore them. */
		if (engines && (strcmp(f, "--rounds") == 0 ||
		    strcmp(f, "--common-deals") == 0 ||
		    strcmp(f, "--no-common-deals") == 0)) {
			fprintf(stderr, "bezique-arbiter: %s: a tournament's "
			    "flag (a match plays -n deals)\n", f);
			return -1;
		}
		if ((rc = number_flag(c, f, v)) == 0 ||
		    (rc == 1 && engines && (rc = engine_flag(c, f, v)) == 0) ||
		    (rc == 1 && (rc = rule_flag(c, f, v)) == 0)) {
			i++;
			continue;
		}
		if (rc < 0)
			return -1;
		if (other_flag(c, f, v, &used) < 0)
			return -1;
		i += used;
	}
	return 0;
}

int
config_parse_overrides(struct match_cfg *c, int argc, char **argv)
{
	return parse_flags(c, argc, argv, false);
}

int
config_parse_match(struct match_cfg *c, int argc, char **argv)
{
	int n;

	if (parse_flags(c, argc, argv, true) < 0 ||
	    config_check_rules(c, "bezique-arbiter: match") < 0)
		return -1;
	n = c->rules.players;
	if (c->nengines != n) {
		fprintf(stderr, "bezique-arbiter: match: %s takes %s engines "
		    "with -e (got %d)\n", variant_name(c->rules.variant),
		    n == 2 ? "two" : "three", c->nengines);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char shown[512];
		if (c->engines[i].name == NULL) {
			c->engines[i].name = config_command_name(
			    c->engines[i].command);
			c->engines[i].name_from = NAME_COMMAND;
		}
		if (utf8_valid(c->engines[i].name))
			continue;
		/* Records are JSON: a name must be text. */
		utf8_escape(c->engines[i].name, shown, sizeof(shown));
		fprintf(stderr, "bezique-arbiter: match: the engine name "
		    "'%s' is not UTF-8; give --name\n", shown);
		return -1;
	}
	/* Two command names alike may yet differ by their id names
	 * (naming_resolve checks again). */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strcmp(c->engines[i].name, c->engines[j].name) == 0 &&
			    (c->engines[i].name_from != NAME_COMMAND ||
			    c->engines[j].name_from != NAME_COMMAND)) {
				fprintf(stderr, "bezique-arbiter: match: two "
				    "engines are named '%s'; give --name\n",
				    c->engines[i].name);
				return -1;
			}
	if (c->deals == 0)
		c->deals = n;
	c->format = FORMAT_MATCH;
	c->rounds = c->duplicate ? c->deals / n : c->deals;
	if (c->duplicate && c->deals % n != 0) {
		fprintf(stderr, "bezique-arbiter: -n %d: duplicate deals come "
		    "in %s (each deck in every seating); give a multiple of "
		    "%d or leave out --duplicate\n", c->deals, n == 2 ? "pairs" :
		    "threes", n);
		return -1;
	}
	return 0;
}
