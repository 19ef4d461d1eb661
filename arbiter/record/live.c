/*
 * live.c: a match's live feed (live.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "record/live.h"
#include "record/view_json.h"

json_t *
view_json_public(const struct game *g)
{
	struct game *v0 = game_view(g, 0), *v1 = game_view(g, 1);
	json_t *o = view_json(v0), *other = view_json(v1);

	/* Seat 0's hand as seat 1 sees it: a count, and only the cards a
	 * carte blanche showed; seat 1's as seat 0 sees it. */
	json_array_set(json_object_get(o, "hands"), 0, json_array_get(
	    json_object_get(other, "hands"), 0));
	json_object_del(o, "legal");
	json_object_del(o, "declare_points");
	json_object_set_new(o, "seat", json_string("public"));
	json_decref(other);
	game_free(v0);
	game_free(v1);
	return o;
}

json_t *
live_line(const struct match_cfg *c, const struct deal_spec *d, int table,
    int step, const struct game *g, int seat, const char *action)
{
	json_t *names = json_array();

	for (int s = 0; s < game_players(g); s++)
		json_array_append_new(names, json_string(
		    c->engines[d->engine[s]].name));
	return json_pack("{s:i, s:i, s:i, s:i, s:o, s:o, s:s?, s:o}", "live",
	    1, "table", table, "deal", schedule_number(d), "step", step, "players", names,
	    "seat", seat >= 0 ? json_integer(seat) : json_null(), "action",
	    action, "view", view_json_public(g));
}

FILE *
live_open(const char *path)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		fprintf(stderr, "bezique-arbiter: %s: %s\n", path,
		    strerror(errno));
	return f;
}

int
live_write(FILE *f, json_t *line, bool empty_first)
{
	int rc = 0;

	if (empty_first && (fflush(f) != 0 || ftruncate(fileno(f), 0) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0))
		rc = -1;
	if (rc == 0 && (json_dumpf(line, f, JSON_COMPACT) < 0 ||
	    fputc('\n', f) == EOF || fflush(f) != 0))
		rc = -1;
	json_decref(line);
	return rc;
}
