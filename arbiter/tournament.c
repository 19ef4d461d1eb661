/*
 * tournament.c: tournament files (tournament.h), read with libinih.
 *
 *	[tournament]   format, rounds, seed, variant, concurrency, clocks...
 *	[rules]        any rule option: name = value
 *	[engine NAME]  command, dir, stderr, option.Name = value
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "base/inifile.h"
#include "base/utf8.h"
#include "match/deck_guard.h"
#include "match/match.h"
#include "match/outputs.h"
#include "net/seats.h"
#include "record/schedule.h"
#include "match/seed.h"
#include "tournament.h"

#define INIH_SECTION_KEPT	49	/* libinih's MAX_SECTION 50, less NUL */

struct reader {
	struct match_cfg	*c;
	/* Each engine's section, by which its later keys find it: its
	 * name may be changed by a `name =` key. */
	char			*section[MAX_ENGINES];
	char			 err[300];
};

/* A copy of a value that lives as long as the configuration. */
static char *
keep(struct reader *r, const char *v)
{
	struct match_cfg *c = r->c;

	if (c->nowned == (int)(sizeof(c->owned) / sizeof(c->owned[0])))
		return NULL;
	if ((c->owned[c->nowned] = strdup(v)) == NULL)
		abort();
	return c->owned[c->nowned++];
}

/* A [tournament] key as the flag of the same meaning. */
static int
tournament_key(struct reader *r, const char *key, const char *value)
{
	static const struct {
		const char *key, *flag;
	} map[] = { { "rounds", "--rounds" }, { "seed", "--seed" },
		{ "key", "--key" }, { "variant", "--variant" }, { "concurrency", "--concurrency" },
		{ "time", "--time" }, { "inc", "--inc" }, { "cap", "--cap" },
		{ "movetime", "--movetime" }, { "margin", "--margin" },
		{ "startup_timeout", "--startup-timeout" },
		{ "ping_timeout", "--ping-timeout" },
		{ "quit_timeout", "--quit-timeout" },
		{ "stall_timeout", "--stall-timeout" },
		{ "on_failure", "--on-failure" },
		{ "max_failures", "--max-failures" },
		{ "games_per_process", "--games-per-process" },
		{ "records", "--records" }, { "summary", "--summary" },
		{ "svg", "--svg" }, { "luck_file", "--luck-file" },
		{ "anchor", "--anchor" },
		{ "anchor_elo", "--anchor-elo" },
		{ "limit_memory", "--limit-memory" },
		{ "limit_cpu", "--limit-cpu" }, { "limit_files", "--limit-files" },
		{ "limit_processes", "--limit-processes" },
		{ "limit_log", "--limit-log" }, { "limit_temp", "--limit-temp" },
		{ "listen", "--listen" }, { "tokens", "--tokens" },
		{ "connect_timeout", "--connect-timeout" },
		{ "reconnect_grace", "--reconnect-grace" },
		{ "net_allowance", "--net-allowance" },
		{ "report_every", "--report-every" },
		{ "bootstrap", "--bootstrap" } };
	char *argv[2];

	if (strcmp(key, "format") == 0) {
		if (strcmp(value, "round-robin") == 0)
			r->c->format = FORMAT_ROUND_ROBIN;
		else if (strcmp(value, "gauntlet") == 0)
			r->c->format = FORMAT_GAUNTLET;
		else
			return snprintf(r->err, sizeof(r->err), "format '%s' is "
			    "not round-robin or gauntlet", value), 0;
		return 1;
	}
	if (strcmp(key, "variant") == 0) {
		/* One line for the file's line, not the flag's as well. */
		enum variant v;
		struct rules rules;
		if (variant_parse(value, &v) == 0) {
			rules_init(&rules, v);
			if (rules.players != 2)
				return snprintf(r->err, sizeof(r->err),
				    "variant '%s': tournaments seat two; play "
				    "it as a match of three engines (-e three "
				    "times)", value), 0;
		}
	}
	if (strcmp(key, "duplicate") == 0 || strcmp(key, "common_deals") == 0 ||
	    strcmp(key, "reuse_engines") == 0 || strcmp(key, "sandbox") == 0 ||
	    strcmp(key, "ponder") == 0 || strcmp(key, "affinity") == 0 ||
	    strcmp(key, "live") == 0 || strcmp(key, "insecure") == 0 ||
	    strcmp(key, "luck") == 0) {
		bool yes = strcmp(value, "true") == 0 ||
		    strcmp(value, "yes") == 0 || strcmp(value, "1") == 0;
		if (!yes && strcmp(value, "false") != 0 &&
		    strcmp(value, "no") != 0 && strcmp(value, "0") != 0)
			return snprintf(r->err, sizeof(r->err), "bad value '%s' "
			    "for '%s' (yes or no)", value, key), 0;
		if (key[0] == 'd')
			r->c->duplicate = yes;
		else if (key[0] == 'c')
			r->c->common_deals = yes;
		else if (key[0] == 's')
			r->c->no_sandbox = !yes;
		else if (key[0] == 'p')
			r->c->limits.ponder = yes;
		else if (key[0] == 'a')
			r->c->limits.affinity = yes;
		else if (strcmp(key, "luck") == 0)
			r->c->no_luck = !yes;
		else if (key[0] == 'l')
			r->c->live = yes;
		else if (key[0] == 'i')
			r->c->insecure = yes;
		else
			r->c->reuse_engines = yes;
		return 1;
	}
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(key, map[i].key) == 0) {
			char why[256] = "";
			int rc;
			/* Every flag of the map takes a value: none is a
			 * mistake, not a file or a number named "". */
			if (value[0] == '\0')
				return snprintf(r->err, sizeof(r->err), "no "
				    "value for '%s'", key), 0;
			argv[0] = (char *)(uintptr_t)map[i].flag;
			argv[1] = keep(r, value);
			r->c->flag_err = why;
			r->c->flag_err_size = sizeof(why);
			rc = argv[1] == NULL ? -1 :
			    config_parse_overrides(r->c, 2, argv);
			r->c->flag_err = NULL;
			if (rc < 0)
				return snprintf(r->err, sizeof(r->err),
				    "bad value for '%s': %s", key, why[0] ?
				    why : value), 0;
			return 1;
		}
	snprintf(r->err, sizeof(r->err), "unknown key '%s' in [tournament]",
	    key);
	return 0;
}

/* `name = ...`: the engine's name in the records and tables, where its
 * section's is cut short by libinih (below) or is not the name wanted. */
static int
engine_name(struct reader *r, struct engine_cfg *e, const char *value)
{
	if (value[0] == '\0' || strlen(value) > NAME_MAX_BYTES ||
	    !utf8_valid(value))
		return snprintf(r->err, sizeof(r->err), "bad value for 'name': "
		    "an engine's name is UTF-8 text of 1 to %d bytes",
		    NAME_MAX_BYTES), 0;
	if (config_control_char(value, strlen(value)) != NULL)
		return snprintf(r->err, sizeof(r->err), "bad value for 'name': "
		    "a control character"), 0;
	free(e->name);
	if ((e->name = strdup(value)) == NULL)
		abort();
	return 1;
}

static int
engine_key(struct reader *r, const char *name, const char *key,
    const char *value)
{
	struct match_cfg *c = r->c;
	struct engine_cfg *e = NULL;
	char **slot = NULL;
	char opt[ENGINE_OPTION_NAME_MAX + ENGINE_OPTION_VALUE_MAX + 2];

	for (int i = 0; i < c->nengines; i++)
		if (strcmp(r->section[i], name) == 0)
			e = &c->engines[i];
	if (e == NULL) {
		if (c->nengines == MAX_ENGINES)
			return snprintf(r->err, sizeof(r->err), "more than %d "
			    "engines", MAX_ENGINES), 0;
		if ((r->section[c->nengines] = strdup(name)) == NULL)
			abort();
		e = &c->engines[c->nengines++];
		if ((e->name = strdup(name)) == NULL)
			abort();
	}
	if (strcmp(key, "name") == 0)
		return engine_name(r, e, value);
	if (strcmp(key, "command") == 0)
		slot = &e->command;
	else if (strcmp(key, "dir") == 0)
		slot = &e->dir;
	else if (strcmp(key, "stderr") == 0)
		slot = &e->stderr_log;
	else if (strncmp(key, "option.", 7) == 0 && key[7] != '\0' &&
	    e->noptions < MAX_ENGINE_OPTIONS) {
		if (config_check_option(key + 7, strlen(key + 7), value,
		    r->err, sizeof(r->err)) < 0)
			return 0;
		snprintf(opt, sizeof(opt), "%s=%s", key + 7, value);
		if ((e->options[e->noptions++] = strdup(opt)) == NULL)
			abort();
		return 1;
	} else
		return snprintf(r->err, sizeof(r->err), "unknown key '%s' in "
		    "[engine %s]", key, name), 0;
	free(*slot);
	if ((*slot = strdup(value)) == NULL)
		abort();
	return 1;
}

static int
handler(void *user, const char *section, const char *key, const char *value)
{
	struct reader *r = user;
	char err[256];

	/* libinih keeps 49 bytes of a section's name and drops the rest
	 * without a word: 49 bytes may be a name cut short, so refused. */
	if (strlen(section) >= INIH_SECTION_KEPT)
		return snprintf(r->err, sizeof(r->err), "section name longer "
		    "than %d bytes: give the engine a short section, "
		    "[engine SHORT], and its full name (up to %d bytes) with "
		    "'name = ...'", INIH_SECTION_KEPT - 1, NAME_MAX_BYTES), 0;
	if (strcmp(section, "tournament") == 0)
		return tournament_key(r, key, value);
	if (strcmp(section, "rules") == 0) {
		if (config_set_rule(r->c, key, value, err, sizeof(err)) < 0)
			return snprintf(r->err, sizeof(r->err), "%s", err), 0;
		return 1;
	}
	if (strncmp(section, "engine ", 7) == 0 && section[7] != '\0')
		return engine_key(r, section + 7, key, value);
	snprintf(r->err, sizeof(r->err), "unknown section [%s]", section);
	return 0;
}

/* The checks of a whole tournament, after the file and the flags. */
int
tournament_check(struct match_cfg *c, const char *path)
{
	int np;

	if (c->nengines < 2) {
		fprintf(stderr, "%s: a tournament needs two engines or more "
		    "([engine NAME] sections)\n", path);
		return -1;
	}
	for (int i = 0; i < c->nengines; i++) {
		if (c->engines[i].command == NULL) {
			fprintf(stderr, "%s: [engine %s] has no command\n", path,
			    c->engines[i].name);
			return -1;
		}
		for (int j = 0; j < i; j++)
			if (strcmp(c->engines[i].name, c->engines[j].name) == 0) {
				fprintf(stderr, "%s: two engines are named "
				    "'%s'\n", path, c->engines[i].name);
				return -1;
			}
	}
	if (c->anchor != NULL) {
		int found = 0;
		for (int i = 0; i < c->nengines; i++)
			found |= strcmp(c->engines[i].name, c->anchor) == 0;
		if (!found) {
			fprintf(stderr, "%s: anchor '%s' is not an engine\n",
			    path, c->anchor);
			return -1;
		}
	}
	if (config_check_rules(c, path) < 0)
		return -1;
	if (c->format == FORMAT_MATCH)
		c->format = FORMAT_ROUND_ROBIN;
	np = schedule_pairings(c->format, c->nengines);
	c->deals = np * c->rounds * (c->duplicate ? 2 : 1);
	return 0;
}

/* Reads with parse (a file or a string), then reports as tournament_read. */
static int
read_with(struct match_cfg *c, const char *name, const char *text)
{
	struct reader *r = calloc(1, sizeof(*r));
	char err[400];
	int line;

	if (r == NULL)
		abort();
	r->c = c;
	c->format = FORMAT_ROUND_ROBIN;
	c->rounds = 10;
	line = inifile_parse(name, text, handler, r, err, sizeof(err));
	if (line < 0)
		fprintf(stderr, "%s: cannot open the tournament file\n", name);
	else if (line > 0)
		fprintf(stderr, "%s:%d: %s\n", name, line, err[0] ? err :
		    r->err);
	for (int i = 0; i < MAX_ENGINES; i++)
		free(r->section[i]);
	free(r);
	return line == 0 ? 0 : -1;
}

int
tournament_read(struct match_cfg *c, const char *path)
{
	return read_with(c, path, NULL);
}

int
tournament_read_text(struct match_cfg *c, const char *text, const char *name)
{
	return read_with(c, name, text);
}

int
tournament_main(int argc, char **argv)
{
	struct match_cfg c;
	const char *file[4];	/* records, summary, svg, luck_file: as the
				 * file says */
	int rc = 2;

	if (argc < 1 || argv[0][0] == '-') {
		fprintf(stderr, "usage: bezique-arbiter tournament FILE "
		    "[flags]\n");
		return 2;
	}
	config_defaults(&c);
	c.report_every = 0;
	c.bootstrap = 200;
	c.ini = argv[0];
	if (tournament_read(&c, argv[0]) < 0)
		goto out;
	file[0] = c.records;
	file[1] = c.summary;
	file[2] = c.svg;
	file[3] = c.luck_file;
	if (config_parse_overrides(&c, argc - 1, argv + 1) < 0)
		goto out;
	outputs_follow_records(&c, file);
	if (tournament_check(&c, argv[0]) == 0 && net_seats_name(&c) == 0 &&
	    deck_guard_remote_check(&c) == 0 && seed_settle(&c) == 0)
		rc = outputs_default_records(&c, argv[0]) < 0 ||
		    net_seats_open(&c) < 0 || outputs_confine(&c) < 0 ? 1 :
		    match_run(&c, argc, argv);
out:
	outputs_tidy(&c);
	outputs_free(&c);
	return rc;
}
