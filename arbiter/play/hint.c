/*
 * hint.c: an engine in analysis mode (hint.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/argv.h"
#include "bzp.h"
#include "proc/engine_proc.h"
#include "play/hint.h"
#include "base/xmalloc.h"

#define HINT_TIMEOUT_MS	10000
#define QUIT_GRACE_MS	1000

struct hint {
	struct engine_proc_reaper	*reaper;
	char				*command;
	hint_fn				 fn;
	void				*arg;
	struct engine_proc		*ep;
	bool				 ready;		/* bzpok seen */
	char				*question;	/* lines to send */
	int				 outstanding;	/* stops unanswered */
	char				*info;		/* last summary info */
	json_t				*actions;	/* info action=.. */
};

static void
answer(struct hint *h, json_t *a)
{
	h->fn(a, h->arg);
}

static void
fail(struct hint *h, const char *why)
{
	h->outstanding = 0;
	free(h->question);
	h->question = NULL;
	engine_proc_kill(h->ep);
	answer(h, json_pack("{s:s}", "error", why));
}

/* Sends the question's lines (joined by newlines when asked). */
static void
send_question(struct hint *h)
{
	char *q = h->question, *nl;

	for (; q != NULL && *q != '\0'; q = nl + 1) {
		if ((nl = strchr(q, '\n')) == NULL)
			break;
		*nl = '\0';
		engine_proc_send(h->ep, q);
	}
	free(h->question);
	h->question = NULL;
	h->outstanding++;
	free(h->info);
	h->info = NULL;
	json_array_clear(h->actions);
	engine_proc_set_deadline(h->ep, HINT_TIMEOUT_MS);
}

/* An info line that weighs one action: {action, value, win} kept. */
static bool
take_action_info(struct hint *h, const struct bzp_msg *m)
{
	const char *a = bzp_get(m, "action"), *v = bzp_get(m, "value"),
	    *w = bzp_get(m, "win");
	long long value;
	double win = 0;
	char *end;

	if (w != NULL && ((win = strtod(w, &end)) < 0 || win > 1 || end == w ||
	    *end != '\0'))
		win = 0;
	if (a == NULL || v == NULL || bzp_parse_int(v, -1000000000,
	    1000000000, &value) < 0)
		return a != NULL;
	json_array_append_new(h->actions, json_pack("{s:s, s:I, s:f}",
	    "action", a, "value", (json_int_t)value, "win", win));
	return true;
}

static int
by_value(const void *x, const void *y)
{
	json_int_t a = json_integer_value(json_object_get(*(json_t *const *)x,
	    "value")), b = json_integer_value(json_object_get(
	    *(json_t *const *)y, "value"));

	return a < b ? 1 : a > b ? -1 : 0;
}

/* The actions weighed, best first, but the engine's choice first of all:
 * its search may keep an action the one-line values rank a little lower
 * (within its noise), and a list that opened with another would
 * contradict the choice above it.  Such a choice says "kept_over" the
 * action valued higher. */
static json_t *
sorted_actions(const json_t *actions, const char *choice, json_t *answer)
{
	size_t n = json_array_size(actions);
	json_t **v = xcalloc(n ? n : 1, sizeof(*v)), *out = json_array();

	for (size_t i = 0; i < n; i++)
		v[i] = json_array_get(actions, i);
	qsort(v, n, sizeof(*v), by_value);
	for (size_t i = 0; i < n; i++)
		if (strcmp(json_string_value(json_object_get(v[i], "action")),
		    choice) == 0) {
			json_array_append(out, v[i]);
			json_object_set(answer, "value", json_object_get(v[i],
			    "value"));
			if (i > 0)
				json_object_set(answer, "kept_over",
				    json_object_get(v[0], "action"));
		}
	for (size_t i = 0; i < n; i++)
		if (strcmp(json_string_value(json_object_get(v[i], "action")),
		    choice) != 0)
			json_array_append(out, v[i]);
	free(v);
	return out;
}

/* {action, info, ev, win} from bestaction and the last info line. */
static json_t *
best_json(const char *action, const char *info)
{
	json_t *a = json_pack("{s:s, s:s?}", "action", action, "info", info);
	struct bzp_msg m;
	char *copy;

	if (info != NULL) {
		copy = xstrdup(info);
		if (bzp_parse(copy, &m) == 0) {
			const char *ev = bzp_get(&m, "ev"), *win = bzp_get(&m,
			    "win");
			if (ev)
				json_object_set_new(a, "ev", json_string(ev));
			if (win)
				json_object_set_new(a, "win", json_string(win));
		}
		free(copy);
	}
	return a;
}

static void
on_line(struct engine_proc *ep, const char *line, size_t len, void *arg)
{
	struct hint *h = arg;
	struct bzp_msg m;
	char *copy = xstrndup(line, len);

	if (bzp_parse(copy, &m) == 0) {
		if (strcmp(m.cmd, "bzpok") == 0) {
			h->ready = true;
			engine_proc_clear_deadline(ep);
			if (h->question)
				send_question(h);
		} else if (strcmp(m.cmd, "info") == 0 &&
		    !take_action_info(h, &m)) {
			free(h->info);
			h->info = xstrndup(line, len);
		} else if (strcmp(m.cmd, "bestaction") == 0 && m.ntok >= 1 &&
		    h->outstanding > 0 && --h->outstanding == 0) {
			engine_proc_clear_deadline(ep);
			json_t *a = best_json(m.tok[0], h->info);
			json_object_set_new(a, "actions",
			    sorted_actions(h->actions, m.tok[0], a));
			answer(h, a);
		}
	}
	free(copy);
}

static void
on_error(struct engine_proc *ep, enum engine_proc_fault f, const char *d,
    void *arg)
{
	struct hint *h = arg;
	char why[256];

	snprintf(why, sizeof(why), "the hint engine failed: %s",
	    engine_proc_fault_name(f));
	fail(h, why);
}

static void
on_exit_(struct engine_proc *ep, int status, void *arg)
{
	struct hint *h = arg;

	engine_proc_free(ep);
	if (h->ep == ep) {
		h->ep = NULL;
		h->ready = false;
	}
}

static int
spawn(struct hint *h, char *err, size_t errlen)
{
	static const struct engine_proc_callbacks cb = { on_line, on_error,
		on_exit_ };
	struct engine_spec spec;
	char **argv = argv_split(h->command, NULL, err, errlen);

	if (argv == NULL)
		return -1;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.max_line = BZP_MAX_LINE;
	h->ep = engine_proc_spawn(h->reaper, &spec, &cb, h, err, errlen);
	argv_free(argv);
	if (h->ep == NULL)
		return -1;
	engine_proc_send(h->ep, "bzp");
	engine_proc_set_deadline(h->ep, HINT_TIMEOUT_MS);
	return 0;
}

struct hint *
hint_new(struct event_base *base, struct engine_proc_reaper *reaper,
    const char *command, hint_fn fn, void *arg)
{
	struct hint *h = xcalloc(1, sizeof(*h));

	h->command = xstrdup(command);
	h->reaper = reaper;
	h->fn = fn;
	h->arg = arg;
	h->actions = json_array();
	return h;
}

void
hint_free(struct hint *h)
{
	if (h == NULL)
		return;
	if (h->ep != NULL)
		engine_proc_quit(h->ep, "quit", QUIT_GRACE_MS);
	engine_proc_free(h->ep);
	free(h->command);
	free(h->question);
	free(h->info);
	json_decref(h->actions);
	free(h);
}

int
hint_ask(struct hint *h, const char *variant, const char *rules,
    const char *view, char *err, size_t errlen)
{
	size_t len = strlen(view) + strlen(rules) + 256;
	const char *seat = strstr(view, " seat=");

	if (h->ep == NULL && spawn(h, err, errlen) < 0)
		return -1;
	free(h->question);
	h->question = xmalloc(len);
	/* Without an id, go is analysis; stop asks for the best action at
	 * once (a person waits for it). */
	snprintf(h->question, len, "newgame deal=0 variant=%s rules=%s "
	    "seat=%c dealer=0 players=2\nposition %s\ngo infinite\nstop\n",
	    variant, rules, seat ? seat[6] : '0', view);
	if (h->ready)
		send_question(h);
	return 0;
}
