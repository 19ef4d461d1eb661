/*
 * strong_end.c: the strong level's end phase (strong_int.h): once the
 * stock is empty both hands are known and the end phase is solved
 * exactly (endgame.h); a weakened player solves it over the hands it
 * believes, having forgotten some of the cards played.
 */
#include <string.h>

#include "strong_int.h"

#define FORGET_SAMPLES	6	/* believed hands of a forgetful end phase */

static void
play_kind(const struct search *s, int kind, struct action *out)
{
	memset(out, 0, sizeof(*out));
	out->type = ACTION_PLAY;
	out->ncards = 1;
	out->cards[0] = (uint16_t)endgame_card(s->v, s->seat, kind);
}

/*
 * What the end phase is played for: the deal's game value (Rubicon, whose
 * game is one deal), or points where the game is a race over several
 * deals or the evaluation is not fitted (two-hand: brisques count 10).
 */
static void
objective(const struct search *s, const struct eg_position *pos,
    struct eg_objective *obj)
{
	const struct rules *r = game_rules(s->v);

	if (s->p->end_points)
		endgame_objective_points(obj, s->seat, r->last_trick,
		    r->score.brisques_when == BRISQUES_ALWAYS ? 10 : 0);
	else
		endgame_objective_game(obj, s->v, pos, s->seat);
}

/*
 * What a solved value of pos means to the seat: the deal's game value,
 * or, played for points, the margin at the end of the deal (the points
 * now, plus what the seat takes of the last trick and the brisques still
 * out, less what the other takes).
 */
static double
solved_value(const struct search *s, const struct eg_position *pos, int v)
{
	const struct rules *r = game_rules(s->v);
	int value, out;
	bool last;

	if (!s->p->end_points) {
		endgame_split(v, &value, &last);
		return value;
	}
	int bw = r->score.brisques_when == BRISQUES_ALWAYS ? 10 : 0;

	out = r->last_trick + bw * endgame_brisques_left(pos);
	return game_points(s->v, s->seat) - game_points(s->v, 1 - s->seat) +
	    (bw ? game_brisques(s->v, s->seat) -
	    game_brisques(s->v, 1 - s->seat) : 0) + 2 * v - out;
}

/*
 * A forgetful player's belief of the other hand: the cards it holds, and
 * each card played before this trick with a chance of weaken/200 of
 * having been forgotten, so that it might still be out; as many as the
 * hand holds are dealt from those.
 */
static void
believe(struct search *s, const struct eg_position *pos,
    struct eg_position *b)
{
	struct cardset played = game_played(s->v);
	uint16_t trick[MAX_PLAYERS];
	uint8_t pool[MAX_CARDS];
	int opp = 1 - s->seat, n = 0, held = 0;

	for (int i = game_trick_cards(s->v, trick) - 1; i >= 0; i--)
		cardset_del(&played, trick[i]);
	for (int k = 0; k < CARDS_PER_PACK; k++)
		for (int c = 0; c < pos->count[opp][k]; c++)
			pool[n++] = (uint8_t)k;
	held = n;
	CARDSET_FOREACH(c, &played)
		if (strong_uniform(s->rng) * 200 < s->weaken)
			pool[n++] = (uint8_t)card_kind(c);
	*b = *pos;
	memset(b->count[opp], 0, sizeof(b->count[opp]));
	for (int i = 0; i < held; i++) {
		int j = i + (int)rng_below(s->rng, (uint64_t)(n - i));
		uint8_t t = pool[i];
		pool[i] = pool[j];
		pool[j] = t;
		b->count[opp][pool[i]]++;
	}
}

static int
forgetful_end(struct search *s, const struct eg_position *pos,
    struct action *out, double *ev)
{
	struct eg_position b;
	struct eg_objective obj;
	int kinds[32], vals[32], n = 0;
	double mean[32] = { 0 };
	int k;

	for (int i = 0; i < FORGET_SAMPLES; i++) {
		believe(s, pos, &b);
		objective(s, &b, &obj);
		n = endgame_solve_moves(s->eg, &b, &obj, kinds, vals);
		for (int j = 0; j < n; j++)
			mean[j] += solved_value(s, &b, vals[j]) /
			    FORGET_SAMPLES;
	}
	k = strong_pick(s, mean, n);
	play_kind(s, kinds[k], out);
	*ev = mean[k];
	return 0;
}

/* Analysis, and the learning tools' ear (on_candidate): the exact value
 * of every card the seat may play. */
static void
report_solved(struct search *s, const struct eg_position *pos,
    const struct eg_objective *obj, info_fn info, void *arg)
{
	int kinds[32], vals[32], n = endgame_solve_moves(s->eg, pos, obj,
	    kinds, vals);
	struct action a;
	double v;

	for (int i = 0; i < n; i++) {
		play_kind(s, kinds[i], &a);
		v = solved_value(s, pos, vals[i]);
		if (info != NULL)
			strong_report_action(info, arg, &a, v, v > 0 ? 1 :
			    v == 0 ? 0.5 : 0);
		if (s->p->on_candidate != NULL)
			s->p->on_candidate(s->p->on_candidate_arg, &a, v, 0,
			    s->p->end_points ? 0 : 1);
	}
}

int
strong_end_phase(struct search *s, info_fn info, void *arg,
    struct action *out)
{
	struct eg_position pos;
	struct eg_objective obj;
	double ev;
	int best;

	if (endgame_position(s->v, &pos) < 0)
		return -1;
	if (s->weaken > 0) {
		forgetful_end(s, &pos, out, &ev);
	} else {
		objective(s, &pos, &obj);
		ev = solved_value(s, &pos,
		    endgame_solve(s->eg, &pos, &obj, &best));
		play_kind(s, best, out);
		if ((s->each_action && info != NULL) ||
		    s->p->on_candidate != NULL)
			report_solved(s, &pos, &obj, s->each_action ? info :
			    NULL, arg);
	}
	strong_report(s, info, arg, ev, ev > 0 ? 1 : ev == 0 ? 0.5 : 0);
	return 0;
}
