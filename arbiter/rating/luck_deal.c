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
#include "luck_game.h"
#include "rating/luck_deal.h"
#include "record/record.h"

#define BOOK_RULES	8	/* rules and dealers a book keeps */

/* A game of several deals whose last deal is still to come: the luck of
 * its deals so far, the hand expected next (broken: a deal of it was not
 * seen, or did not replay, and the game has no figure). */
struct open_game {
	int	 number, pair, nplayers, next;
	char	*players[MAX_PLAYERS];
	double	 luck[LUCK_NOUT];
	bool	 broken;
};

struct luck_book {
	struct luck_v	v;
	int		nkept;
	struct rules	rules[BOOK_RULES];
	int		dealer[BOOK_RULES];
	double		mean[BOOK_RULES][LUCK_NOUT];
	/* V of games of several deals, by rules (luck_game.h) */
	struct luck_game *game[BOOK_RULES];
	int		ngames;
	struct open_game *open;
	int		nopen, capopen;
};

struct luck_book *
luck_book_new(void)
{
	struct luck_book *b = xcalloc(1, sizeof(*b));

	luck_v_eval(&b->v);
	return b;
}

static void
close_game(struct luck_book *b, struct open_game *o)
{
	for (int s = 0; s < o->nplayers; s++)
		free(o->players[s]);
	*o = b->open[--b->nopen];
}

void
luck_book_free(struct luck_book *b)
{
	if (b == NULL)
		return;
	luck_v_release(&b->v);
	for (int i = 0; i < b->ngames && i < BOOK_RULES; i++)
		luck_game_free(b->game[i]);
	while (b->nopen > 0)
		close_game(b, &b->open[0]);
	free(b->open);
	free(b);
}

/* The V of games of several deals under rules r, made at first use (past
 * BOOK_RULES, in the place kept longest); NULL if r has none. */
static struct luck_game *
game_v(struct luck_book *b, const struct rules *r)
{
	int k;

	for (k = 0; k < b->ngames && k < BOOK_RULES; k++)
		if (luck_game_rules_are(b->game[k], r))
			return b->game[k];
	if (luck_unmeasured(r) != NULL || r->game_target <= 0)
		return NULL;
	k = b->ngames++ % BOOK_RULES;
	if (b->ngames > BOOK_RULES)
		luck_game_free(b->game[k]);
	return b->game[k] = luck_game_new(r);
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
	if (r->game_target > 0) {
		game_v(b, r);
		return;
	}
	for (int d = 0; d < 2; d++)
		rules_mean(b, r, d);
}

/*
 * Replays the actions from g (before the six-pack's cut, whose lift and
 * guess are the players' choices, not the cards' luck: made after the
 * deal's luck is counted), counting the luck by v (the deal's from its
 * mean) into out.
 */
static int
replay(const struct luck_v *v, const double *mean, struct game *g,
    json_t *r, double *out, char *err, size_t errlen)
{
	json_t *actions = json_object_get(r, "actions"), *a;
	struct luck_run run;
	int lifted, guessed;
	size_t i;

	if (luck_begin(&run, g, v, mean) < 0) {
		snprintf(err, errlen, "luck: not a deal before its first card");
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
	memcpy(out, run.sum.x, sizeof(run.sum.x));
	luck_end(&run);
	return 0;
}

/* A deal not voided, of two seats or three. */
static bool
measured(json_t *r)
{
	size_t n = json_array_size(json_object_get(r, "players"));

	return !json_is_true(json_object_get(r, "voided")) && n >= 2 &&
	    n <= MAX_PLAYERS;
}

/* Whether the open game o has players pl. */
static bool
same_players(const struct open_game *o, json_t *pl)
{
	if (json_array_size(pl) != (size_t)o->nplayers)
		return false;
	for (int s = 0; s < o->nplayers; s++)
		if (strcmp(o->players[s], json_string_value(json_array_get(pl,
		    (size_t)s))) != 0)
			return false;
	return true;
}

/* The game of several deals that record r is a deal of: the one open
 * (hand 0: a new one, any of the same key dropped; broken if a hand
 * before this one was not seen), or a broken one. */
static struct open_game *
open_game(struct luck_book *b, json_t *r, int hand)
{
	int number = (int)json_integer_value(json_object_get(r, "deal"));
	int pair = (int)json_integer_value(json_object_get(r, "pair"));
	json_t *pl = json_object_get(r, "players");
	int n = (int)json_array_size(pl);
	struct open_game *o;

	for (int s = 0; s < n; s++)
		if (!json_is_string(json_array_get(pl, (size_t)s)))
			return NULL;
	for (int i = 0; i < b->nopen; i++) {
		o = &b->open[i];
		if (o->number == number && o->pair == pair &&
		    same_players(o, pl)) {
			if (hand > 0) {
				/* A deal skipped: its luck is not in. */
				o->broken |= hand != o->next;
				o->next = hand + 1;
				return o;
			}
			close_game(b, o);
			break;
		}
	}
	if (b->nopen == b->capopen) {
		b->capopen = b->capopen ? 2 * b->capopen : 8;
		b->open = xreallocarray(b->open, (size_t)b->capopen,
		    sizeof(*b->open));
	}
	o = &b->open[b->nopen++];
	*o = (struct open_game){ .number = number, .pair = pair,
		.nplayers = n, .next = hand + 1, .broken = hand > 0 };
	for (int s = 0; s < n; s++)
		o->players[s] = xstrdup(json_string_value(json_array_get(pl,
		    (size_t)s)));
	return o;
}

/*
 * A deal of a game of several deals: its luck by the game's V (the
 * totals before it from the record) added to its game's; the game's in
 * out once its last deal is in.
 */
static int
series_deal(struct luck_book *b, struct game *g, json_t *r, double *out,
    char *err, size_t errlen)
{
	struct luck_game *lg = game_v(b, game_rules(g));
	json_t *series = json_object_get(r, "series");
	struct open_game *o;
	struct luck_v v;
	double mean[LUCK_NOUT], luck[LUCK_NOUT];
	int before[MAX_PLAYERS] = { 0 }, hand, over, rc, n = game_players(g);
	json_t *tot;

	if (lg == NULL)
		return 1;
	if (json_unpack(series, "{s:i, s:b, s:o}", "hand", &hand, "over",
	    &over, "before", &tot) < 0 || hand < 0 ||
	    json_array_size(tot) != (size_t)n) {
		snprintf(err, errlen, "luck: series: no hand, over or before "
		    "(a total a seat)");
		return -1;
	}
	for (int s = 0; s < n; s++)
		before[s] = (int)json_integer_value(json_array_get(tot,
		    (size_t)s));
	if ((o = open_game(b, r, hand)) == NULL) {
		snprintf(err, errlen, "luck: players: not names");
		return -1;
	}
	luck_game_v(lg, before, &v);
	luck_game_deal_mean(lg, before, game_dealer(g), mean);
	if ((rc = replay(&v, mean, g, r, luck, err, errlen)) < 0)
		o->broken = true;
	for (int k = 0; k < LUCK_NOUT; k++)
		o->luck[k] += luck[k];
	if (!over)
		return rc < 0 ? rc : 2;
	memcpy(out, o->luck, sizeof(o->luck));
	rc = rc < 0 ? rc : o->broken ? 1 : 0;
	close_game(b, o);
	return rc;
}

int
luck_book_record(struct luck_book *b, json_t *r, double *out, char *err,
    size_t errlen)
{
	struct game *g = NULL;
	int rc = 1;

	memset(out, 0, LUCK_NOUT * sizeof(double));
	/* The deal as dealt, the cut left to the replay. */
	if (measured(r) && (g = record_game_of(r, MAX_PLAYERS, false, err,
	    errlen)) == NULL)
		rc = -1;
	else if (g != NULL && json_object_get(r, "series") != NULL)
		rc = series_deal(b, g, r, out, err, errlen);
	else if (g != NULL && luck_unmeasured(game_rules(g)) == NULL)
		rc = replay(&b->v, deal_mean(b, g), g, r, out, err, errlen);
	game_free(g);
	return rc;
}

int
luck_book_deal(struct luck_book *b, const char *line, double *out,
    char *err, size_t errlen)
{
	json_error_t je;
	json_t *r = record_load(line, 0, &je);
	int rc;

	if (r == NULL) {
		memset(out, 0, LUCK_NOUT * sizeof(double));
		snprintf(err, errlen, "luck: not JSON: %s", je.text);
		return -1;
	}
	rc = luck_book_record(b, r, out, err, errlen);
	json_decref(r);
	return rc;
}
