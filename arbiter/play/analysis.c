/*
 * analysis.c: an engine's evaluation of a recorded deal (analysis.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/analysis.h"
#include "play/hint.h"
#include "record/record.h"
#include "view.h"
#include "base/xmalloc.h"

struct analysis {
	struct hint	*hint;
	int		 deal;		/* -1: none yet */
	struct game	*g;		/* the deal at step `next` */
	json_t		*actions;	/* the record's */
	json_t		*steps;		/* by step: null or the evaluation */
	size_t		 next, total, done;
	char		 error[256];
};

static void	ask_next(struct analysis *a);

/* A number of the engine's info line, or dflt if absent or not one. */
static double
number(const char *s, double dflt)
{
	char *end;
	double v = s ? strtod(s, &end) : dflt;

	return s && end != s && *end == '\0' ? v : dflt;
}

/* Plays the record's action of step `next` on g; false at its end. */
static bool
advance(struct analysis *a)
{
	const char *text = json_string_value(json_object_get(
	    json_array_get(a->actions, a->next), "action"));
	struct action act;
	char err[160];

	a->next++;
	a->done++;
	if (text == NULL || game_parse_action(a->g, text, &act, err,
	    sizeof(err)) < 0 || game_apply(a->g, &act, NULL) < 0) {
		if (a->next <= a->total)
			snprintf(a->error, sizeof(a->error), "step %zu of the "
			    "record does not replay", a->next);
		a->done = a->total;
		return false;
	}
	return true;
}

static void
on_answer(json_t *answer, void *arg)
{
	struct analysis *a = arg;
	const char *ev = json_string_value(json_object_get(answer, "ev"));
	const char *win = json_string_value(json_object_get(answer, "win"));
	const char *err = json_string_value(json_object_get(answer, "error"));

	if (err != NULL || a->g == NULL) {
		if (err != NULL)
			snprintf(a->error, sizeof(a->error), "%s", err);
		json_decref(answer);
		return;
	}
	json_array_set_new(a->steps, a->next, json_pack("{s:i, s:f, s:f, "
	    "s:O?}", "seat", game_to_move(a->g), "ev", number(ev, 0),
	    "win", number(win, 0.5), "best", json_object_get(answer,
	    "action")));
	json_decref(answer);
	if (advance(a))
		ask_next(a);
}

/* Asks for the next position with a choice in it (a forced action says
 * nothing of the position's value). */
static void
ask_next(struct analysis *a)
{
	struct action legal[MAX_LEGAL];
	char *view, rules[2048];
	struct game *v;

	while (a->next < a->total && (game_over(a->g) ||
	    game_legal_actions(a->g, legal, MAX_LEGAL) < 2))
		if (!advance(a))
			return;
	if (a->next >= a->total || game_over(a->g)) {
		a->done = a->total;
		return;
	}
	view = xmalloc(VIEW_TEXT_MAX);
	v = game_view(a->g, game_to_move(a->g));
	view_format(v, view, VIEW_TEXT_MAX);
	rules_format(game_rules(a->g), rules, sizeof(rules));
	if (hint_ask(a->hint, variant_name(game_rules(a->g)->variant), rules,
	    view, a->error, sizeof(a->error)) < 0)
		a->done = a->total;
	game_free(v);
	free(view);
}

struct analysis *
analysis_new(struct event_base *base, struct engine_proc_reaper *reaper,
    const char *command)
{
	struct analysis *a = xcalloc(1, sizeof(*a));

	a->hint = hint_new(base, reaper, command, on_answer, a);
	a->deal = -1;
	return a;
}

static void
clear(struct analysis *a)
{
	game_free(a->g);
	a->g = NULL;
	json_decref(a->actions);
	json_decref(a->steps);
	a->actions = a->steps = NULL;
	a->next = a->total = a->done = 0;
	a->error[0] = '\0';
	a->deal = -1;
}

void
analysis_free(struct analysis *a)
{
	if (a == NULL)
		return;
	clear(a);
	hint_free(a->hint);
	free(a);
}

int
analysis_start(struct analysis *a, const char *line, int deal, char *err,
    size_t errlen)
{
	json_error_t je;
	json_t *r = record_load(line, 0, &je);
	struct game *g;

	if (r == NULL) {
		snprintf(err, errlen, "not JSON: %s", je.text);
		return -1;
	}
	if ((g = record_game(r, err, errlen)) == NULL) {
		json_decref(r);
		return -1;
	}
	clear(a);
	a->g = g;
	a->deal = deal;
	a->actions = json_incref(json_object_get(r, "actions"));
	a->total = json_array_size(a->actions);
	a->steps = json_array();
	for (size_t i = 0; i <= a->total; i++)
		json_array_append_new(a->steps, json_null());
	json_decref(r);
	ask_next(a);
	return 0;
}

json_t *
analysis_json(const struct analysis *a)
{
	return json_pack("{s:i, s:I, s:I, s:O?, s:s?}", "deal", a->deal,
	    "total", (json_int_t)a->total, "done", (json_int_t)a->done,
	    "steps", a->steps, "error", a->error[0] ? a->error : NULL);
}
