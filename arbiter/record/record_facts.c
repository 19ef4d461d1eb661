/*
 * record_facts.c: what a record says of each action and of the deal
 * beyond the action's text (doc/records.md): the decision it answered,
 * the points it scored, the trump it fixed, the trick it won and the
 * last trick's bonus; written from the rules core's events as the deal
 * is played, and checked against a replay's events by verify.
 */
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "build_id.h"
#include "record/record.h"
#include "record/record_int.h"
#include "version.h"

static json_t *
suit_json(int suit)
{
	char s[2] = { '\0', '\0' };

	if (suit < 0)
		return json_null();
	s[0] = card_suit_char(suit);
	return json_string(s);
}

json_t *
record_writer(void)
{
	return json_pack("{s:s, s:s, s:s}", "program", "bezique-arbiter",
	    "version", BEZIQUE_VERSION, "build", BEZIQUE_BUILD);
}

/*
 * The facts of one action by seat, answering decision kind, from the
 * events its game_apply() logged.  A trick's winner who has nothing to
 * declare is given no declare step (game.c complete_trick): the stock's
 * cards are drawn at once, in the same action's events.
 */
json_t *
record_action_facts(int seat, enum decision kind, const struct event_log *log)
{
	json_t *o = json_object();
	int points = 0, n = log->n < log->cap ? log->n : log->cap;
	bool trick = false, drew = false;

	json_object_set_new(o, "kind", json_string(bzp_decision_name(kind)));
	for (int i = 0; i < n; i++) {
		const struct event *ev = &log->ev[i];
		switch (ev->type) {
		case EVENT_DECLARE:
		case EVENT_CARTE_BLANCHE:
			if (ev->seat == seat)
				points += ev->points;
			break;
		case EVENT_TRUMP:
			json_object_set_new(o, "trump", suit_json(ev->key));
			break;
		case EVENT_TRICK:
			trick = true;
			json_object_set_new(o, "won_by",
			    json_integer(ev->seat));
			break;
		case EVENT_DRAW:
			drew = true;
			break;
		case EVENT_LAST_TRICK:
			json_object_set_new(o, "last_trick", json_pack(
			    "{s:i, s:i}", "seat", ev->seat, "points",
			    ev->points));
			break;
		default:
			break;
		}
	}
	json_object_set_new(o, "points", json_integer(points));
	if (trick && drew)
		json_object_set_new(o, "declare_skipped", json_true());
	return o;
}

/* The deal's facts once over: its trump (null if none was fixed) and
 * the last trick's bonus (null if the deal ended before it). */
json_t *
record_deal_facts(const struct game *g, json_t *actions)
{
	json_t *a, *last = json_null();
	size_t i;

	json_array_foreach(actions, i, a)
		if (json_object_get(a, "last_trick") != NULL) {
			json_decref(last);
			last = json_deep_copy(json_object_get(a,
			    "last_trick"));
		}
	return json_pack("{s:o, s:o}", "trump", suit_json(game_trump(g)),
	    "last_trick", last);
}

json_t *
record_opening_points(const struct game *g)
{
	int points[MAX_PLAYERS];

	for (int p = 0; p < game_players(g); p++)
		points[p] = game_points(g, p);
	return record_int_array(points, game_players(g));
}

/* Keys of `want` and `got` from `keys` differ: names the first in err. */
int
record_same_facts(json_t *got, json_t *want, const char *const *keys,
    const char *where, char *err, size_t errlen)
{
	for (int i = 0; keys[i] != NULL; i++) {
		json_t *g = json_object_get(got, keys[i]);
		json_t *w = json_object_get(want, keys[i]);
		char *gs, *ws;
		if ((g == NULL && w == NULL) || (g != NULL && w != NULL &&
		    json_equal(g, w)))
			continue;
		gs = g ? json_dumps(g, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
		ws = w ? json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
		snprintf(err, errlen, "%s: %s %s recorded, the replay's %s",
		    where, keys[i], gs ? gs : "not", ws ? ws : "none");
		free(gs);
		free(ws);
		return -1;
	}
	return 0;
}

/* The keys record_action_facts() writes, as verify compares them. */
const char *const record_action_keys[] = { "kind", "points", "trump",
    "won_by", "last_trick", "declare_skipped", NULL };
const char *const record_deal_keys[] = { "trump", "last_trick", NULL };

/* "sandbox", if there (records before it lack it): how the engines were
 * confined, "landlock N+seccomp" (Landlock's ABI and the system-call
 * filter), "seccomp" (the filter alone: no Landlock in the kernel), each
 * with "+pidns" where every engine had its own PID namespace, "off"
 * (--no-sandbox), or as older arbiters wrote, "landlock N" (no filter)
 * and "none". */
int
record_check_sandbox(json_t *obj, char *err, size_t errlen)
{
	json_t *v = json_object_get(obj, "sandbox");
	const char *s = json_string_value(v);
	char *end;
	long abi;

	if (v == NULL || (s != NULL && (strcmp(s, "none") == 0 ||
	    strcmp(s, "off") == 0 || strcmp(s, "seccomp") == 0 ||
	    strcmp(s, "seccomp+pidns") == 0)))
		return 0;
	if (s != NULL && strncmp(s, "landlock ", 9) == 0 && s[9] >= '1' &&
	    s[9] <= '9' && (abi = strtol(s + 9, &end, 10)) < 1000 &&
	    (*end == '\0' || strcmp(end, "+seccomp") == 0 ||
	    strcmp(end, "+seccomp+pidns") == 0))
		return 0;
	snprintf(err, errlen, "sandbox: not \"landlock N+seccomp\", "
	    "\"seccomp\" (each perhaps +pidns), \"off\" (or an older "
	    "\"landlock N\", \"none\")");
	return -1;
}

/* A version-2 record names what wrote it. */
int
record_check_writer(json_t *obj, char *err, size_t errlen)
{
	const char *program, *version, *build;

	if (json_unpack(json_object_get(obj, "writer"), "{s:s, s:s, s:s}",
	    "program", &program, "version", &version, "build", &build) < 0 ||
	    *program == '\0' || *version == '\0' || *build == '\0') {
		snprintf(err, errlen, "writer: no program, version or build");
		return -1;
	}
	return 0;
}
