/*
 * score.h: the value of a finished deal (doc/rules.md §9).
 *
 * The Portland Club laws of 1887 are the default; every other source's
 * arithmetic (doc/rules.md §9.1, §9.3) is an option in struct score_rules.
 * Pure arithmetic: no I/O, no allocation.
 */
#ifndef SCORE_H
#define SCORE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum score_rounding {
	ROUNDING_FLOOR100,	/* fractions of a hundred disregarded (HGM) */
	ROUNDING_NONE		/* UBCG's unrounded arithmetic */
};

/* Bicycle's allowance for all 32 brisques (BIC-R, CMC; §9.1). */
#define BICYCLE_BRISQUES 320

enum rubicon_mode {
	RUBICON_PORTLAND,	/* W + L + 1000 + 300 (HGM, §9.2 step 4) */
	RUBICON_BICYCLE,	/* W + L + 1000 + 320 (BIC-R, CMC) */
	RUBICON_SUM_PLUS_1000,	/* W + L + 1000, unrounded (UBCG, COL) */
	RUBICON_EXTRA_500	/* W - L + 500 + 500 (WK-R) */
};

enum brisques_when {
	BRISQUES_TIE_AND_RUBICON,	/* HGM, BIC-R */
	BRISQUES_TIE_ONLY,		/* WK-R */
	BRISQUES_ALWAYS,		/* two-hand: always counted */
	BRISQUES_NEVER			/* six- and eight-pack */
};

enum tie_rule {
	TIE_DRAW,		/* equal after brisques: drawn, value 0 (HGM) */
	TIE_WHITEKNUCKLE	/* WK-R: higher actual score rounds up */
};

enum winner_by {
	WINNER_BY_ACTUAL,	/* most points, exclusive of brisques (HGM) */
	WINNER_BY_ROUNDED	/* compare rounded scores first (WK-R) */
};

/* The scoring options of one variant (doc/rules.md §9.3). */
struct score_rules {
	enum score_rounding	rounding;
	int			min_difference;	/* 100; 0 = none */
	int			game_bonus;	/* 500; 1000 six-/eight-pack */
	int			rubicon_threshold; /* 1000; 3000; 5000 */
	enum rubicon_mode	rubicon_mode;
	/* 300 (portland); bicycle always pays BICYCLE_BRISQUES, and a
	 * rules list sets this to it (rules.c) so that rules= and a
	 * forfeit's value say what a rubicon pays. */
	int			rubicon_brisque_bonus;
	bool			loser_min_100;	/* rubiconed loser counts 100 */
	enum brisques_when	brisques_when;
	enum tie_rule		tie_rule;
	enum winner_by		winner_by;
	bool			rubicon_scores_include_brisques;
};

/*
 * What a deal produced for each player: points from declarations, carte
 * blanche and the last trick, and points from brisques won (10 each).
 */
struct deal_scores {
	int	points[2];
	int	brisques[2];
};

/* The outcome of one deal for a two-player one-deal game. */
struct game_value {
	int	winner;		/* 0 or 1; -1 for a drawn game */
	int	value;		/* credited to the winner; 0 when drawn */
	bool	rubicon;	/* the loser was rubiconed */
	bool	brisques_counted;
	int	final[2];	/* each player's score as finally counted:
				 * points, plus brisques if counted */
};

/* The Portland Club defaults for Rubicon Bézique. */
void	score_rules_portland(struct score_rules *sr);

/*
 * Computes the value of a finished deal.  Never fails: every input with
 * non-negative scores has a value.
 */
void	score_game_value(const struct score_rules *sr,
	    const struct deal_scores *ds, struct game_value *out);

/*
 * Law 17: a player found playing with more than nine cards is rubiconed,
 * but the amount of his score added to his adversary's may not exceed 900,
 * "exclusive of the thirteen hundred for a rubicon game" (doc/rules.md §3.1,
 * S69).  Returns the value credited to the adversary.  The arbiter's
 * engines can never hold a wrong count; this is for scoring real games.
 */
int	score_law17(const struct score_rules *sr, int adversary_points,
	    int offender_points);

#ifdef __cplusplus
}
#endif

#endif
