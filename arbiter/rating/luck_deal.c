/*
 * luck_deal.c: the luck of a recorded deal (luck_deal.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/xmalloc.h"
#include "luck.h"
#include "rating/luck_deal.h"
#include "record/record.h"

#define BOOK_RULES	8	/* rules and dealers a book keeps */

struct luck_book {
	struct luck_v	v;
	int		nkept;
	struct rules	rules[BOOK_RULES];
	int		dealer[BOOK_RULES];
	double		mean[BOOK_RULES][2];
};

struct luck_book *
luck_book_new(void)
{
	struct luck_book *b = xcalloc(1, sizeof(*b));

	luck_v_eval(&b->v);
	return b;
}

void
luck_book_free(struct luck_book *b)
{
	if (b != NULL)
		luck_v_release(&b->v);
	free(b);
}

/* The deal's mean V for these rules and dealer, found at first use
 * (past BOOK_RULES, in the place kept longest). */
static const double *
rules_mean(struct luck_book *b, const struct rules *r, int d)
{
	int k;

	for (k = 0; k < b->nkept && k < BOOK_RULES; k++)
		if (b->dealer[k] == d && memcmp(&b->rules[k], r,
		    sizeof(*r)) == 0)
			return b->mean[k];
	k = b->nkept++ % BOOK_RULES;
	b->rules[k] = *r;
	b->dealer[k] = d;
	/* A fixed seed: the same figures from every run (a variant's own
	 * rules' kept, not sampled again). */
	luck_default_deal_mean(r, d, b->mean[k]);
	return b->mean[k];
}

static const double *
deal_mean(struct luck_book *b, const struct game *g)
{
	return rules_mean(b, game_rules(g), game_dealer(g));
}

void
luck_book_prepare(struct luck_book *b, const struct rules *r)
{
	if (luck_unmeasured(r) != NULL)
		return;
	for (int d = 0; d < 2; d++)
		rules_mean(b, r, d);
}

/*
 * Replays the actions from g (before the six-pack's cut, whose lift and
 * guess are the players' choices, not the cards' luck: made after the
 * deal's luck is counted), counting the draws' luck into out.
 */
static int
replay(struct luck_book *b, struct game *g, json_t *r, double *out,
    char *err, size_t errlen)
{
	json_t *actions = json_object_get(r, "actions"), *a;
	struct luck_run run;
	int lifted, guessed;
	size_t i;

	if (luck_begin(&run, g, &b->v, deal_mean(b, g)) < 0) {
		snprintf(err, errlen, "luck: not a deal of two seats");
		return -1;
	}
	if (json_unpack(json_object_get(r, "cut"), "{s:i, s:i}", "lifted",
	    &lifted, "guessed", &guessed) == 0)
		game_cut(run.g, lifted, guessed);
	json_array_foreach(actions, i, a) {
		const char *text = json_string_value(json_object_get(a,
		    "action"));
		struct action act;
		char why[160];
		if (text == NULL || game_parse_action(run.g, text, &act, why,
		    sizeof(why)) < 0 || luck_apply(&run, &act, NULL) < 0) {
			snprintf(err, errlen, "luck: action %zu (%s) does not "
			    "replay", i + 1, text ? text : "not a string");
			luck_end(&run);
			return -1;
		}
	}
	out[0] = run.sum.score;
	out[1] = run.sum.value;
	luck_end(&run);
	return 0;
}

/* A whole one-deal game of two; a game of several deals would need
 * each deal's luck on the game's scale. */
static bool
measured(json_t *r)
{
	return json_object_get(r, "series") == NULL &&
	    !json_is_true(json_object_get(r, "voided")) &&
	    json_array_size(json_object_get(r, "players")) == 2;
}

int
luck_book_deal(struct luck_book *b, const char *line, double *out,
    char *err, size_t errlen)
{
	json_error_t je;
	json_t *r = record_load(line, 0, &je), *uncut;
	struct game *g = NULL;
	int rc = 1;

	out[0] = out[1] = 0;
	if (r == NULL) {
		snprintf(err, errlen, "luck: not JSON: %s", je.text);
		return -1;
	}
	/* The deal as dealt, the cut left to the replay. */
	uncut = json_copy(r);
	json_object_del(uncut, "cut");
	if (measured(r) && (g = record_game(uncut, err, errlen)) == NULL)
		rc = -1;
	else if (g != NULL && game_rules(g)->game_target == 0)
		rc = replay(b, g, r, out, err, errlen);
	game_free(g);
	json_decref(uncut);
	json_decref(r);
	return rc;
}
