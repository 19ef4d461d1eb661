/*
 * rate.c: `bezique-arbiter rate FILE...`: the standings of any set of
 * record files (a tournament's shards, several matches), offline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/flags.h"
#include "bzp.h"
#include "rating/luck_deal.h"
#include "rating/luck_tally.h"
#include "rating/luck_verify.h"
#include "rating/rate.h"
#include "record/record.h"
#include "record/recordset.h"
#include "rating/standings.h"

/* The luck of each deal rated, taken out beside the raw figures
 * (doc/luck.md); NULL: not measured (--no-luck, or groups). */
static struct luck_book	*luck_book;
static struct luck_tally	*luck_tally;
static FILE			*luck_file;	/* each deal's, or NULL */

static void
count_luck(const char *file, int lineno, const char *line,
    const struct record_summary *s)
{
	double luck[LUCK_NOUT];
	char err[256];
	int rc;

	if (luck_tally == NULL || s->voided)
		return;
	if ((rc = luck_book_deal(luck_book, line, luck, err,
	    sizeof(err))) == 0) {
		luck_tally_add(luck_tally, s, luck);
		if (luck_file != NULL)
			luck_line_write(luck_file, file, lineno, s, luck);
	} else if (rc != 2)	/* 2: a game's deal, counted at its last */
		luck_tally_skip(luck_tally);
	if (rc < 0)
		fprintf(stderr, "%s:%d: %s\n", file, lineno, err);
}

static void
start_luck(const struct match_cfg *c, bool no_luck)
{
	if (no_luck)
		return;
	luck_book = luck_book_new();
	luck_tally = luck_tally_new(c);
}

static void
end_luck(void)
{
	if (luck_file != NULL)
		fclose(luck_file);
	luck_file = NULL;
	luck_book_free(luck_book);
	luck_tally_free(luck_tally);
	luck_book = NULL;
	luck_tally = NULL;
}

/* Adds the engine names of a summary to cfg; -1 if there are too many. */
static int
add_names(struct match_cfg *c, const struct record_summary *s)
{
	for (int seat = 0; seat < s->nseats; seat++) {
		int found = 0;
		for (int e = 0; e < c->nengines; e++)
			found |= strcmp(c->engines[e].name, s->players[seat]) == 0;
		if (found)
			continue;
		if (c->nengines == MAX_ENGINES)
			return -1;
		if ((c->engines[c->nengines++].name =
		    strdup(s->players[seat])) == NULL)
			abort();
	}
	return 0;
}

/*
 * A record through the checks: its file's as a whole (each), then all
 * files' (merged).  Returns RS_NEW, RS_REPEAT (counted once: a shard
 * given twice), or -1 after one line.
 */
static int
check_record(struct recordset *each, struct recordset *merged,
    const char *file, int lineno, const char *line,
    const struct record_summary *s)
{
	char err[512];
	int rc = each == NULL ? RS_NEW : recordset_add(each, file, lineno,
	    line, s, err, sizeof(err));

	if (rc == RS_NEW)
		rc = recordset_add(merged, file, lineno, line, s, err,
		    sizeof(err));
	if (rc < 0 && each != NULL)
		fprintf(stderr, "%s:%d: %s\n", file, lineno, err);
	return rc;
}

/*
 * Reads every file twice: first every record replayed and checked, the
 * names gathered; then the tallies (st), each deal once.
 */
static int
read_files(struct match_cfg *c, struct standings *st, int argc, char **argv)
{
	struct recordset *merged = recordset_new(true);
	char *line = NULL, err[512];
	size_t cap = 0;
	int bad = 0, repeats = 0;

	for (int i = 0; i < argc; i++) {
		FILE *f = fopen(argv[i], "r");
		struct recordset *each = st ? NULL : recordset_new(false);
		int lineno = 0, rc;
		if (f == NULL) {
			fprintf(stderr, "bezique-arbiter: rate: cannot open "
			    "%s\n", argv[i]);
			recordset_free(each);
			recordset_free(merged);
			free(line);
			return -1;
		}
		while (getline(&line, &cap, f) > 0) {
			struct record_summary s;
			lineno++;
			if (record_read(line, st == NULL, &s, err,
			    sizeof(err)) < 0) {
				if (st == NULL)
					fprintf(stderr, "%s:%d: %s\n", argv[i],
					    lineno, err);
				bad++;
			} else if ((rc = check_record(each, merged, argv[i],
			    lineno, line, &s)) != RS_NEW)
				rc == RS_REPEAT ? repeats++ : bad++;
			else if (st == NULL ? add_names(c, &s) < 0 : 0) {
				fprintf(stderr, "%s:%d: more than %d engines\n",
				    argv[i], lineno, MAX_ENGINES);
				bad++;
			} else if (st != NULL) {
				if (!s.partial || s.voided)
					standings_add(st, &s); /* a game: one
						* result; voided: a failure */
				count_luck(argv[i], lineno, line, &s);
			}
		}
		fclose(f);
		if (each != NULL)
			bad += (int)recordset_finish(each, stderr);
		recordset_free(each);
	}
	if (st != NULL && repeats > 0)
		fprintf(stderr, "bezique-arbiter: rate: %d record%s given "
		    "twice, counted once\n", repeats, repeats == 1 ? "" : "s");
	recordset_free(merged);
	free(line);
	return bad ? -1 : 0;
}

/*
 * Engines that never met, directly or through others, have no common
 * scale: one line says so, and each group of two or more is rated on its
 * own (its own mean 0), its figures under "groups" in the summary.
 */
static int
rate_groups(struct match_cfg *all, const int *group, int ngroups,
    char **files, int nfiles, const char *summary, int boot)
{
	json_t *list = json_array(), *o;
	int rc = 0;

	fprintf(stderr, "bezique-arbiter: rate: the players form %d groups "
	    "that never met; each is rated on its own:", ngroups);
	for (int g = 0; g < ngroups; g++)
		for (int e = 0, k = 0; e < all->nengines; e++)
			if (group[e] == g)
				fprintf(stderr, "%s '%s'", k++ ? "," : g ? " |" :
				    "", all->engines[e].name);
	fputc('\n', stderr);
	for (int g = 0; g < ngroups; g++) {
		struct match_cfg c;
		struct standings *st;
		config_defaults(&c);
		c.duplicate = true;	/* as below */
		for (int e = 0; e < all->nengines; e++)
			if (group[e] == g && (c.engines[c.nengines++].name =
			    strdup(all->engines[e].name)) == NULL)
				abort();
		if (c.nengines >= 2) {
			printf("%sgroup %d of %d\n", g ? "\n" : "", g + 1,
			    ngroups);
			st = standings_new(&c);
			read_files(&c, st, nfiles, files);
			standings_print(st, stdout, boot);
			if (summary && (o = standings_json(st, boot)) != NULL)
				json_array_append_new(list, o);
			standings_free(st);
		}
		config_free(&c);
	}
	o = json_pack("{s:s, s:i, s:o}", "type", "standings-groups",
	    "version", 1, "groups", list);
	if (summary && json_dump_file(o, summary, JSON_INDENT(2)) < 0)
		rc = 1;
	json_decref(o);
	return rc;
}

int
rate_main(int argc, char **argv)
{
	struct match_cfg c;
	struct standings *st;
	const char *summary = NULL, *luck_path = NULL;
	long long boot = 200;
	int nfiles, rc = 1, group[MAX_ENGINES], ngroups;
	bool no_luck = false;
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	const struct flag_spec spec[] = {
		{ "--summary", NULL, FLAG_TEXT, &summary, 0, 0 },
		{ "--bootstrap", NULL, FLAG_INT, &boot, 0, 100000 },
		{ "--no-luck", NULL, FLAG_BOOL, &no_luck, 0, 0 },
		{ "--luck-file", NULL, FLAG_TEXT, &luck_path, 0, 0 },
		{ NULL, NULL, FLAG_BOOL, NULL, 0, 0 }
	};

	if (files == NULL)
		abort();
	if ((nfiles = flags_parse("rate", spec, argc, argv, files)) <= 0) {
		if (nfiles == 0)
			fprintf(stderr, "usage: bezique-arbiter rate FILE... "
			    "[--summary FILE] [--bootstrap N] [--no-luck]\n"
			    "       [--luck-file FILE]\n");
		free(files);
		return 2;
	}
	config_defaults(&c);
	/* Pairs form where the records say two deals share a deck (their
	 * pair); single deals never pair, and are resampled one by one
	 * (standings.c). */
	c.duplicate = true;
	if (read_files(&c, NULL, nfiles, files) == 0 && c.nengines >= 2) {
		st = standings_new(&c);
		start_luck(&c, no_luck);
		if (luck_tally != NULL && luck_path != NULL &&
		    (luck_file = fopen(luck_path, "w")) == NULL) {
			fprintf(stderr, "bezique-arbiter: rate: cannot write "
			    "%s\n", luck_path);
			end_luck();
			standings_free(st);
			config_free(&c);
			free(files);
			return 1;
		}
		read_files(&c, st, nfiles, files);
		if ((ngroups = standings_groups(st, group)) > 1) {
			end_luck();
			rc = rate_groups(&c, group, ngroups, files, nfiles,
			    summary, (int)boot);
		} else {
			standings_print(st, stdout, (int)boot);
			if (luck_tally != NULL)
				luck_tally_print(luck_tally, stdout);
			rc = summary && luck_tally_summary(luck_tally, st,
			    summary, (int)boot) < 0;
		}
		end_luck();
		standings_free(st);
	} else if (c.nengines < 2)
		fprintf(stderr, "bezique-arbiter: rate: fewer than two engines "
		    "in the records\n");
	config_free(&c);
	free(files);
	return rc;
}
