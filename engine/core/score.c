/*
 * score.c: the value of a finished deal (rules.md §9).
 *
 * The default is the Portland Club's arithmetic of 1887 (§9.2): the winner
 * is the player with more points exclusive of brisques; brisques count
 * only to break a tie or to try to save the rubicon, and then for both
 * players; scores are rounded down to hundreds; the difference (at least
 * 100) plus 500 for the game, or, when the loser is rubiconed, both
 * scores plus 1000 for the game and 300 for the brisques.  Every other
 * source's reading is an option of struct score_rules (§9.3).
 */
#include <string.h>

#include "score.h"

/* The rubicon's "1000 for the game" (HGM; the six-pack's +1000, §4). */
#define RUBICON_GAME	1000
/* Bicycle's allowance for all 32 brisques (BIC-R, CMC). */
#define BICYCLE_BRISQUES 320

void
score_rules_portland(struct score_rules *sr)
{
	memset(sr, 0, sizeof(*sr));
	sr->rounding = ROUNDING_FLOOR100;
	sr->min_difference = 100;
	sr->game_bonus = 500;
	sr->rubicon_threshold = 1000;
	sr->rubicon_mode = RUBICON_PORTLAND;
	sr->rubicon_brisque_bonus = 300;
	sr->loser_min_100 = true;
	sr->brisques_when = BRISQUES_TIE_AND_RUBICON;
	sr->tie_rule = TIE_DRAW;
	sr->winner_by = WINNER_BY_ACTUAL;
}

static int
rounded(const struct score_rules *sr, int x)
{
	return sr->rounding == ROUNDING_FLOOR100 ? x / 100 * 100 : x;
}

/*
 * Step 1 (§9.2): the winner, and whether brisques are counted because
 * of a tie.  Returns the winning seat or -1 for a drawn deal.  WK-R's
 * readings compare rounded scores and break a tie by rounding the higher
 * actual score up (§9.1, rows 67-68).
 */
static int
find_winner(const struct score_rules *sr, const struct deal_scores *ds,
    bool *counted, bool *round_up)
{
	int a = ds->points[0], b = ds->points[1];
	int ab = a + ds->brisques[0], bb = b + ds->brisques[1];

	*counted = sr->brisques_when == BRISQUES_ALWAYS;
	*round_up = false;
	if (*counted) {
		a = ab;
		b = bb;
	}
	if (sr->winner_by == WINNER_BY_ROUNDED &&
	    rounded(sr, a) != rounded(sr, b))
		return rounded(sr, a) > rounded(sr, b) ? 0 : 1;
	if (sr->winner_by == WINNER_BY_ACTUAL && a != b)
		return a > b ? 0 : 1;
	if (sr->brisques_when != BRISQUES_NEVER && !*counted) {
		*counted = true;
		a = ab;
		b = bb;
	}
	if (sr->tie_rule == TIE_WHITEKNUCKLE &&
	    rounded(sr, a) != rounded(sr, b))
		return rounded(sr, a) > rounded(sr, b) ? 0 : 1;
	if (a == b)
		return -1;
	if (sr->tie_rule == TIE_WHITEKNUCKLE)
		*round_up = true;
	return a > b ? 0 : 1;
}

/* Step 4: the value of a rubicon (§9.2, §9.3 rubicon_mode). */
static int
rubicon_value(const struct score_rules *sr, int w, int l)
{
	int lr = rounded(sr, l);

	if (sr->loser_min_100 && lr < 100)
		lr = 100;
	switch (sr->rubicon_mode) {
	case RUBICON_SUM_PLUS_1000:
		return w + l + RUBICON_GAME;
	case RUBICON_EXTRA_500:
		return rounded(sr, w) - rounded(sr, l) + sr->game_bonus + 500;
	case RUBICON_BICYCLE:
		return rounded(sr, w) + lr + RUBICON_GAME + BICYCLE_BRISQUES;
	default:
		return rounded(sr, w) + lr + RUBICON_GAME +
		    sr->rubicon_brisque_bonus;
	}
}

void
score_game_value(const struct score_rules *sr, const struct deal_scores *ds,
    struct game_value *out)
{
	bool counted, round_up;
	int w, l, sw, sl, diff;

	memset(out, 0, sizeof(*out));
	w = find_winner(sr, ds, &counted, &round_up);
	if (w < 0) {
		out->winner = -1;
		out->brisques_counted = counted;
		for (int p = 0; p < 2; p++)
			out->final[p] = ds->points[p] +
			    (counted ? ds->brisques[p] : 0);
		return;
	}
	l = 1 - w;
	/* Step 2: a loser short of the rubicon counts his brisques (and so
	 * does the winner) to try to save it; the winner stays the winner. */
	if (!counted && sr->brisques_when == BRISQUES_TIE_AND_RUBICON &&
	    ds->points[l] < sr->rubicon_threshold)
		counted = true;
	sw = ds->points[w] + (counted ? ds->brisques[w] : 0);
	sl = ds->points[l] + (counted ? ds->brisques[l] : 0);
	out->winner = w;
	out->brisques_counted = counted;
	out->final[w] = sw;
	out->final[l] = sl;
	out->rubicon = sl < sr->rubicon_threshold;
	if (out->rubicon) {
		bool with_b = sr->rubicon_scores_include_brisques;
		out->value = rubicon_value(sr, with_b ? sw : ds->points[w],
		    with_b ? sl : ds->points[l]);
		return;
	}
	/* Step 3: the difference of the rounded scores, at least 100. */
	diff = rounded(sr, sw) - rounded(sr, sl);
	if (round_up)
		diff += 100;	/* WK-R: the higher actual score rounds up */
	if (diff < sr->min_difference)
		diff = sr->min_difference;
	out->value = diff + sr->game_bonus;
}
