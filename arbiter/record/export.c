/*
 * export.c: training rows from records (export.h).
 *
 * Each record is replayed with the rules core; before each action the
 * seat to move's view (the protocol's bzv text, exactly what an engine
 * was sent) and the legal list are written with the action taken and the
 * deal's outcome from that seat's side.  Only deals that ended normally
 * teach anything about play: forfeits and voided attempts are skipped
 * (and counted) unless --all.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/flags.h"
#include "bzp.h"
#include "record/export.h"
#include "record/player_match.h"
#include "record/record.h"
#include "view.h"
#include "record/view_json.h"

struct export {
	FILE		*out;
	const char	*player;	/* only this player's decisions */
	long long	 deal;		/* only this deal number; 0: every one */
	bool		 all;		/* forfeits and voided too */
	bool		 seats[MAX_PLAYERS];	/* of the record: wanted */
	char		*view;		/* BZP_MAX_LINE bytes */
	long		 rows, deals, skipped, player_deals;
	char		 names[300];	/* some players seen, for a warning */
};

void
export_usage(FILE *f)
{
	fputs("  --player NAME          only the decisions of this player, "
	    "by its name or\n"
	    "                         a word of it (default: all)\n"
	    "  --deal N               only the deal numbered N (default: "
	    "every deal)\n"
	    "  --all                  also deals that ended in a failure or "
	    "were voided\n"
	    "                         (default: deals that ended normally)\n"
	    "  -o, --output FILE      write the rows to FILE (default: "
	    "standard output)\n"
	    "Flags may come anywhere among the files.\n"
	    "Each row: {file, deal, hand, variant, seat, player, decision, "
	    "view, legal,\naction, ms, outcome: {winner, value, points, "
	    "for_seat}}; for_seat is the\ngame value from the seat's side "
	    "(+value won, -value lost, 0 drawn).\n", f);
}

/* The game value of the deal from seat's side. */
static json_int_t
for_seat(json_t *result, int seat)
{
	json_int_t winner = json_integer_value(json_object_get(result,
	    "winner")), value = json_integer_value(json_object_get(result,
	    "value"));

	if (winner < 0)
		return 0;
	return winner == seat ? value : -value;
}

/*
 * An action's time to the microsecond, as records.md promises: the
 * record's double rounded to three decimals (printed with
 * JSON_REAL_PRECISION, 0.067 rather than 0.067000000000000004).
 */
static json_t *
ms_json(json_t *ms)
{
	if (!json_is_number(ms))
		return NULL;
	return json_real(round(json_number_value(ms) * 1000) / 1000);
}

static json_t *
row(struct export *x, const char *file, json_t *rec, const struct game *g,
    json_t *act)
{
	int seat = game_to_move(g);
	json_t *players = json_object_get(rec, "players");
	json_t *result = json_object_get(rec, "result");
	json_t *series = json_object_get(rec, "series");
	struct game *v = game_view(g, seat);

	view_format(v, x->view, BZP_MAX_LINE);
	game_free(v);
	return json_pack("{s:s, s:O, s:I, s:O, s:i, s:O, s:s, s:s, s:o, s:O, "
	    "s:o?, s:{s:O, s:O, s:O, s:I}}", "file", file, "deal",
	    json_object_get(rec, "deal"), "hand", series ?
	    json_integer_value(json_object_get(series, "hand")) :
	    (json_int_t)0, "variant",
	    json_object_get(rec, "variant"), "seat", seat, "player",
	    json_array_get(players, (size_t)seat), "decision",
	    bzp_decision_name(game_decision(g)), "view", x->view, "legal",
	    legal_json(g), "action", json_object_get(act, "action"), "ms",
	    ms_json(json_object_get(act, "ms")), "outcome", "winner",
	    json_object_get(result, "winner"), "value",
	    json_object_get(result, "value"), "points",
	    json_object_get(result, "points"), "for_seat",
	    for_seat(result, seat));
}

/* Notes a player's name for the warning of a --player that matches
 * nobody (the first few names seen). */
static void
note_names(struct export *x, json_t *players)
{
	size_t i, len;
	json_t *v;

	json_array_foreach(players, i, v) {
		const char *name = json_string_value(v);
		char quoted[128];
		if (name == NULL)
			continue;
		snprintf(quoted, sizeof(quoted), "'%s'", name);
		len = strlen(x->names);
		if (strstr(x->names, quoted) == NULL &&
		    len + strlen(quoted) + 3 < sizeof(x->names))
			snprintf(x->names + len, sizeof(x->names) - len, "%s%s",
			    len ? ", " : "", quoted);
	}
}

/* The seats whose decisions are wanted in rec: 0, or -1 with err. */
static int
pick_seats(struct export *x, json_t *rec, char *err, size_t errlen)
{
	json_t *players = json_object_get(rec, "players");
	int n;

	for (int s = 0; s < MAX_PLAYERS; s++)
		x->seats[s] = x->player == NULL;
	if (x->player == NULL)
		return 0;
	if ((n = player_match(players, x->player, x->seats, err, errlen)) < 0)
		return -1;
	if (n > 0)
		x->player_deals++;
	note_names(x, players);
	return 0;
}

/* One record line; 0, or -1 with one line in err. */
static int
export_line(struct export *x, const char *file, const char *line,
    char *err, size_t errlen)
{
	struct record_summary s;
	json_t *rec, *act;
	struct game *g;
	size_t i;

	if (record_read(line, true, &s, err, errlen) < 0)
		return -1;
	if (x->deal > 0 && s.number != x->deal)
		return 0;
	if (!x->all && (s.voided || s.term != TERM_NORMAL)) {
		x->skipped++;
		return 0;
	}
	if ((rec = record_load(line, 0, NULL)) == NULL ||
	    pick_seats(x, rec, err, errlen) < 0 ||
	    (g = record_game(rec, err, errlen)) == NULL) {
		json_decref(rec);
		return -1;
	}
	json_array_foreach(json_object_get(rec, "actions"), i, act) {
		const char *text = json_string_value(json_object_get(act,
		    "action"));
		struct action a;
		if (text == NULL || game_over(g) || game_parse_action(g,
		    text, &a, err, errlen) < 0)
			break;
		if (x->seats[game_to_move(g)]) {
			json_t *r = row(x, file, rec, g, act);
			if (r == NULL) {
				snprintf(err, errlen, "action %zu: a field is "
				    "missing", i);
				game_free(g);
				json_decref(rec);
				return -1;
			}
			json_dumpf(r, x->out, JSON_COMPACT |
			    JSON_REAL_PRECISION(12));
			fputc('\n', x->out);
			json_decref(r);
			x->rows++;
		}
		game_apply(g, &a, NULL);
	}
	x->deals++;
	game_free(g);
	json_decref(rec);
	return 0;
}

static int
export_file(struct export *x, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, err[512];
	size_t cap = 0;
	int lineno = 0, rc = 0;

	if (f == NULL) {
		fprintf(stderr, "bezique-arbiter: export: %s: %s\n", path,
		    strerror(errno));
		return -1;
	}
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		lineno++;
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if (export_line(x, path, line, err, sizeof(err)) < 0) {
			fprintf(stderr, "bezique-arbiter: export: %s:%d: %s\n",
			    path, lineno, err);
			rc = -1;
		}
	}
	free(line);
	fclose(f);
	return rc;
}

/* What the filters matched, on stderr: the rows, and a warning for a
 * filter that matched nothing (a misspelt name wrote no row, silently). */
static void
export_report(const struct export *x, bool warn)
{
	fprintf(stderr, "export: %ld rows from %ld deals%s", x->rows, x->deals,
	    x->skipped ? "" : "\n");
	if (x->skipped)
		fprintf(stderr, " (%ld deals that did not end normally "
		    "skipped; --all keeps them)\n", x->skipped);
	if (warn && x->player != NULL && x->player_deals == 0)
		fprintf(stderr, "bezique-arbiter: export: warning: --player '%s' "
		    "matches no player of the records (they are %s)\n",
		    x->player, x->names[0] ? x->names : "none");
	if (warn && x->deal > 0 && x->deals + x->skipped == 0)
		fprintf(stderr, "bezique-arbiter: export: warning: --deal %lld "
		    "matches no record\n", x->deal);
}

int
export_main(int argc, char **argv)
{
	struct export x = { .out = stdout, .deal = 0 };
	const char *out = NULL;
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	const struct flag_spec spec[] = {
		{ "--all", NULL, FLAG_BOOL, &x.all, 0, 0 },
		{ "--player", NULL, FLAG_TEXT, &x.player, 0, 0 },
		{ "--deal", NULL, FLAG_INT, &x.deal, 1, 1 << 30 },
		{ "--output", "-o", FLAG_TEXT, &out, 0, 0 },
		{ NULL, NULL, FLAG_BOOL, NULL, 0, 0 }
	};
	int n, rc = 0;

	if (files == NULL || (x.view = malloc(BZP_MAX_LINE)) == NULL)
		abort();
	n = flags_parse("export", spec, argc, argv, files);
	if (n <= 0) {
		if (n == 0)
			fprintf(stderr, "bezique-arbiter: export: no records "
			    "file (usage: bezique-arbiter export [flags] "
			    "FILE...)\n");
		rc = 2;
	} else if (out != NULL && (x.out = fopen(out, "w")) == NULL) {
		fprintf(stderr, "bezique-arbiter: export: -o %s: %s\n", out,
		    strerror(errno));
		rc = 1;
	}
	for (int i = 0; i < n && rc == 0; i++)
		rc = export_file(&x, files[i]) < 0 ? 1 : 0;
	if (n > 0 && x.out != NULL)
		export_report(&x, rc == 0);
	if (out != NULL && x.out != NULL && fclose(x.out) != 0) {
		fprintf(stderr, "bezique-arbiter: export: -o %s: %s\n", out,
		    strerror(errno));
		rc = 1;
	}
	free(x.view);
	free(files);
	return rc;
}
