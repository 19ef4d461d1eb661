/*
 * replay.c: records replayed for the page (replay.h).
 */
#include <stdio.h>

#include "record/record.h"
#include "record/replay.h"
#include "record/view_json.h"

static json_t *
step_json(const struct game *g, int seat, json_t *action)
{
	struct game *v = seat < 0 ? NULL : game_view(g, seat);
	json_t *o = view_json(v ? v : g);

	game_free(v);
	json_object_set_new(o, "seat_acted", json_object_get(action, "seat") ?
	    json_incref(json_object_get(action, "seat")) : json_null());
	json_object_set(o, "action", json_object_get(action, "action") ?
	    json_object_get(action, "action") : json_null());
	json_object_set(o, "info", json_object_get(action, "info") ?
	    json_object_get(action, "info") : json_null());
	/* The time the action took, for the clocks of the replay. */
	json_object_set(o, "ms", json_object_get(action, "ms") ?
	    json_object_get(action, "ms") : json_null());
	/* What the record says of it (version 2; null in version 1). */
	json_object_set(o, "kind", json_object_get(action, "kind") ?
	    json_object_get(action, "kind") : json_null());
	json_object_set(o, "scored", json_object_get(action, "points") ?
	    json_object_get(action, "points") : json_null());
	return o;
}

static json_t *
steps_json(struct game *g, json_t *actions, int seat)
{
	json_t *steps = json_array(), *none = json_object(), *a;
	size_t i;

	json_array_append_new(steps, step_json(g, seat, none));
	json_decref(none);
	json_array_foreach(actions, i, a) {
		const char *text = json_string_value(json_object_get(a,
		    "action"));
		struct action act;
		char err[160];
		if (text == NULL || game_parse_action(g, text, &act, err,
		    sizeof(err)) < 0 || game_apply(g, &act, NULL) < 0)
			break;
		json_array_append_new(steps, step_json(g, seat, a));
	}
	return steps;
}

json_t *
replay_json(const char *line, int seat, char *err, size_t errlen)
{
	json_error_t je;
	json_t *r = record_load(line, 0, &je), *o;
	struct game *g;

	if (r == NULL) {
		snprintf(err, errlen, "not JSON: %s", je.text);
		return NULL;
	}
	if ((g = record_game(r, err, errlen)) == NULL) {
		json_decref(r);
		return NULL;
	}
	o = json_pack("{s:O?, s:O?, s:O?, s:O?, s:O?, s:O?, s:o}", "deal",
	    json_object_get(r, "deal"), "players", json_object_get(r,
	    "players"), "result", json_object_get(r, "result"),
	    "termination", json_object_get(r, "termination"), "fault_seat",
	    json_object_get(r, "fault_seat"), "reason",
	    json_object_get(r, "reason"), "steps", steps_json(g,
	    json_object_get(r, "actions"), seat));
	game_free(g);
	json_decref(r);
	return o;
}

json_t *
replay_summary(const char *line)
{
	struct record_summary s;
	char err[256];

	if (record_read(line, false, &s, err, sizeof(err)) < 0)
		return NULL;
	/* "hand": a deal of a game of several, from 0 (its series'), as
	 * show names it "Game N, deal H + 1"; absent in a game of one. */
	return json_pack("{s:i, s:[ss], s:i, s:i, s:[ii], s:s, s:o, s:o*}",
	    "deal", s.number, "players", s.players[0], s.players[1], "winner",
	    s.winner, "value", s.value, "points", s.points[0], s.points[1],
	    "termination", termination_name(s.term), "fault_seat",
	    s.fault_seat >= 0 ? json_integer(s.fault_seat) : json_null(),
	    "hand", s.series ? json_integer(s.hand) : NULL);
}
