/*
 * score.c: the value of a finished deal (doc/rules.md §9).
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

/*
 * The rubicon's "1000 for the game" (HGM, §9.1), and a constant rather
 * than game_bonus on purpose: Portland pays 500 for an ordinary game but
 * 1000 for a rubicon, and every source that pays a rubicon at all pays
 * 1000 for it (BIC-R, CMC, UBCG, COL in §9.1; the six- and eight-pack's
 * "winner + loser + 1000" in §9.4).  So the six-pack is expressed as
 * RUBICON_PORTLAND with rubicon_brisque_bonus 0 and game_bonus 1000, and
 * no source needs a separate rubicon bonus field.
 */
#define RUBICON_GAME	1000
/* WK-R's "additional 500" for a rubicon (§9.1, S66). */
#define WK_RUBICON_EXTRA 500
/* A rubiconed loser under 100 counts 100 (HGM, S60); law 17's cap. */
#define LOSER_MIN	100
#define LAW17_CAP	900

/* The running tally of score_game_value: each player's score so far. */
struct tally {
	int	s[2];		/* points, plus brisques once counted */
	bool	counted;	/* brisques are in s[] */
	bool	round_up;	/* WK-R: the winner's score rounds up */
};

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
	sr->rubicon_scores_include_brisques = false;
}

/* HGM: "fractions of a hundred being disregarded" (§9.1); UBCG: none. */
static int
rounded(const struct score_rules *sr, int x)
{
	return sr->rounding == ROUNDING_FLOOR100 ? x / 100 * 100 : x;
}

/* Brisques are counted for both players or for neither (BIC-R, §9.2). */
static void
count_brisques(struct tally *t, const struct deal_scores *ds)
{
	t->counted = true;
	for (int p = 0; p < 2; p++)
		t->s[p] = ds->points[p] + ds->brisques[p];
}

/*
 * The seat ahead in the tally, or -1 when level.  HGM compares actual
 * points; WK-R compares the scores after rounding (§9.1 "who wins").
 */
static int
leader(const struct score_rules *sr, const struct tally *t)
{
	int a = t->s[0], b = t->s[1];

	if (sr->winner_by == WINNER_BY_ROUNDED) {
		a = rounded(sr, a);
		b = rounded(sr, b);
	}
	return a == b ? -1 : a > b ? 0 : 1;
}

/*
 * A tie that brisques could not break (§9.2 step 1).  HGM: a drawn game.
 * WK-R: "the higher actual score rounds up instead, giving a difference
 * of 100" (S68).  Only a comparison of rounded scores can leave a
 * higher actual score inside a tie, so under winner_by actual a tie here
 * is a draw whatever the tie rule.
 */
static int
break_tie(const struct score_rules *sr, struct tally *t)
{
	if (sr->tie_rule == TIE_DRAW || t->s[0] == t->s[1])
		return -1;
	t->round_up = true;
	return t->s[0] > t->s[1] ? 0 : 1;
}

/*
 * Step 1 (§9.2): the winner, or -1 for a drawn game.  Brisques come in to
 * break a tie unless the variant never counts them (six- and eight-pack,
 * §5), or are in from the start when the variant always counts them.
 */
static int
find_winner(const struct score_rules *sr, const struct deal_scores *ds,
    struct tally *t)
{
	int w;

	memset(t, 0, sizeof(*t));
	t->s[0] = ds->points[0];
	t->s[1] = ds->points[1];
	if (sr->brisques_when == BRISQUES_ALWAYS)
		count_brisques(t, ds);
	if ((w = leader(sr, t)) >= 0)
		return w;
	if (sr->brisques_when != BRISQUES_NEVER && !t->counted) {
		count_brisques(t, ds);
		if ((w = leader(sr, t)) >= 0)
			return w;
	}
	return break_tie(sr, t);
}

/*
 * The difference of the rounded scores, at least min_difference (§9.2
 * step 3).  When the loser's brisques put him ahead he still loses (HGM:
 * the game is won "exclusive of brisques") and the floor applies: 100,
 * or 0 under UBCG's min_difference 0, never a negative difference
 * [inferred, §9.2 step 3].
 */
static int
difference(const struct score_rules *sr, int w, int l, bool round_up)
{
	int diff = rounded(sr, w) - rounded(sr, l);

	if (round_up)
		diff += 100;	/* WK-R: the winner's ⌊⌋ goes up a hundred */
	if (diff < sr->min_difference)
		diff = sr->min_difference;
	return diff;
}

/*
 * Step 4 (§9.2, §9.3 rubicon_mode): a rubicon, from the winner's and the
 * loser's scores.  Portland and Bicycle round both and count the loser
 * at least 100, and differ only in the brisque allowance (300 being
 * Bicycle's 320 with the fraction of a hundred disregarded, §9.2).  UBCG
 * and COL add the plain sum, unrounded and with no minimum (doc/rules.md
 * S66).  WK-R pays the ordinary game, its difference floored as in
 * step 3, plus another 500.
 */
static int
rubicon_value(const struct score_rules *sr, int w, int l, bool round_up)
{
	int lr = rounded(sr, l);

	if (sr->loser_min_100 && lr < LOSER_MIN)
		lr = LOSER_MIN;
	switch (sr->rubicon_mode) {
	case RUBICON_SUM_PLUS_1000:
		return w + l + RUBICON_GAME;
	case RUBICON_EXTRA_500:
		return difference(sr, w, l, round_up) + sr->game_bonus +
		    WK_RUBICON_EXTRA;
	case RUBICON_BICYCLE:
		return rounded(sr, w) + lr + RUBICON_GAME + BICYCLE_BRISQUES;
	case RUBICON_PORTLAND:
	default:
		return rounded(sr, w) + lr + RUBICON_GAME +
		    sr->rubicon_brisque_bonus;
	}
}

/* A drawn game is worth nothing to either player (HGM; §9.2 step 1). */
static void
drawn(const struct tally *t, struct game_value *out)
{
	out->winner = -1;
	out->value = 0;
	out->brisques_counted = t->counted;
	out->final[0] = t->s[0];
	out->final[1] = t->s[1];
}

void
score_game_value(const struct score_rules *sr, const struct deal_scores *ds,
    struct game_value *out)
{
	struct tally t;
	int w, l;
	bool with_b = sr->rubicon_scores_include_brisques;

	memset(out, 0, sizeof(*out));
	if ((w = find_winner(sr, ds, &t)) < 0) {
		drawn(&t, out);
		return;
	}
	l = 1 - w;
	/*
	 * Step 2: a loser short of the rubicon counts his brisques, and so
	 * does the winner, to try to save it; the winner stays the winner.
	 * WK-R counts brisques for ties only, so its rubicon is on points.
	 */
	if (!t.counted && sr->brisques_when == BRISQUES_TIE_AND_RUBICON &&
	    t.s[l] < sr->rubicon_threshold)
		count_brisques(&t, ds);
	out->winner = w;
	out->brisques_counted = t.counted;
	out->final[0] = t.s[0];
	out->final[1] = t.s[1];
	out->rubicon = t.s[l] < sr->rubicon_threshold;
	if (out->rubicon) {
		/* Step 4 takes the points without brisques by default,
		 * the flat allowance standing for them (§9.2, §12 Q1). */
		out->value = rubicon_value(sr,
		    with_b ? t.s[w] : ds->points[w],
		    with_b ? t.s[l] : ds->points[l], t.round_up);
		return;
	}
	/* Steps 3 and 5: the difference plus the game, to the winner. */
	out->value = difference(sr, t.s[w], t.s[l], t.round_up) +
	    sr->game_bonus;
}

/*
 * Law 17 (§3.1, S69): the offender is rubiconed, his score counting
 * at least 100 as any rubiconed loser's (S60) and at most 900,
 * "exclusive of the thirteen hundred for a rubicon game" (the 1000 for
 * the game and the brisque allowance).
 */
int
score_law17(const struct score_rules *sr, int adversary_points,
    int offender_points)
{
	int added = rounded(sr, offender_points);

	if (sr->loser_min_100 && added < LOSER_MIN)
		added = LOSER_MIN;
	if (added > LAW17_CAP)
		added = LAW17_CAP;
	return rounded(sr, adversary_points) + added + RUBICON_GAME +
	    sr->rubicon_brisque_bonus;
}
