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
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bzp.h"
#include "record/export.h"
#include "record/record.h"
#include "view.h"
#include "record/view_json.h"

struct export {
	FILE		*out;
	const char	*player;	/* only this player's decisions */
	bool		 all;		/* forfeits and voided too */
	char		*view;		/* BZP_MAX_LINE bytes */
	long		 rows, deals, skipped;
};

void
export_usage(FILE *f)
{
	fputs("  --player NAME          only the decisions of this player "
	    "(default: all)\n"
	    "  --all                  also deals that ended in a failure or "
	    "were voided\n"
	    "                         (default: deals that ended normally)\n"
	    "  -o FILE                write the rows to FILE (default: "
	    "standard output)\n"
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
	    "s:O?, s:{s:O, s:O, s:O, s:I}}", "file", file, "deal",
	    json_object_get(rec, "deal"), "hand", series ?
	    json_integer_value(json_object_get(series, "hand")) :
	    (json_int_t)0, "variant",
	    json_object_get(rec, "variant"), "seat", seat, "player",
	    json_array_get(players, (size_t)seat), "decision",
	    bzp_decision_name(game_decision(g)), "view", x->view, "legal",
	    legal_json(g), "action", json_object_get(act, "action"), "ms",
	    json_object_get(act, "ms"), "outcome", "winner",
	    json_object_get(result, "winner"), "value",
	    json_object_get(result, "value"), "points",
	    json_object_get(result, "points"), "for_seat",
	    for_seat(result, seat));
}

/* Whether this seat's decisions are wanted. */
static bool
wanted(const struct export *x, json_t *rec, int seat)
{
	const char *name = json_string_value(json_array_get(json_object_get(
	    rec, "players"), (size_t)seat));

	return x->player == NULL || (name != NULL &&
	    strcmp(name, x->player) == 0);
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
	if (!x->all && (s.voided || s.term != TERM_NORMAL)) {
		x->skipped++;
		return 0;
	}
	if ((rec = json_loads(line, 0, NULL)) == NULL ||
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
		if (wanted(x, rec, game_to_move(g))) {
			json_t *r = row(x, file, rec, g, act);
			if (r == NULL) {
				snprintf(err, errlen, "action %zu: a field is "
				    "missing", i);
				game_free(g);
				json_decref(rec);
				return -1;
			}
			json_dumpf(r, x->out, JSON_COMPACT);
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

int
export_main(int argc, char **argv)
{
	struct export x = { .out = stdout };
	const char *out = NULL;
	int i = 0, rc = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--all") == 0)
			x.all = true;
		else if (strcmp(argv[i], "--player") == 0 && i + 1 < argc)
			x.player = argv[++i];
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else {
			fprintf(stderr, "bezique-arbiter: export: unknown or "
			    "incomplete flag '%s' (try 'bezique-arbiter help "
			    "export')\n", argv[i]);
			return 2;
		}
	}
	if (i == argc) {
		fprintf(stderr, "bezique-arbiter: export: no records file "
		    "(usage: bezique-arbiter export [flags] FILE...)\n");
		return 2;
	}
	if (out != NULL && (x.out = fopen(out, "w")) == NULL) {
		fprintf(stderr, "bezique-arbiter: export: %s: %s\n", out,
		    strerror(errno));
		return 1;
	}
	if ((x.view = malloc(BZP_MAX_LINE)) == NULL)
		abort();
	for (; i < argc && rc == 0; i++)
		rc = export_file(&x, argv[i]);
	fprintf(stderr, "export: %ld rows from %ld deals%s", x.rows, x.deals,
	    x.skipped ? "" : "\n");
	if (x.skipped)
		fprintf(stderr, " (%ld deals that did not end normally "
		    "skipped; --all keeps them)\n", x.skipped);
	free(x.view);
	if (out != NULL && fclose(x.out) != 0) {
		fprintf(stderr, "bezique-arbiter: export: %s: %s\n", out,
		    strerror(errno));
		return 1;
	}
	return rc < 0 ? 1 : 0;
}
