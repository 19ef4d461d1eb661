/*
 * standings_int.h: what standings.c (tallies, fit, bootstrap) shares
 * with standings_table.c (the table and its JSON).
 */
#ifndef STANDINGS_INT_H
#define STANDINGS_INT_H

#include "rating/elo.h"
#include "rating/standings.h"
#include "rating/stats.h"

struct half_pair;

struct standings {
	const struct match_cfg	*cfg;
	int			 n, deals;
	long			 count[MAX_ENGINES][MAX_ENGINES][3];
	long			 wins[MAX_ENGINES], losses[MAX_ENGINES];
	long			 draws[MAX_ENGINES];
	struct stats_acc	 value[MAX_ENGINES];
	struct stats_acc	 pvalue[MAX_ENGINES][MAX_ENGINES];
	double			 pscore[MAX_ENGINES][MAX_ENGINES];
	long			 pdeals[MAX_ENGINES][MAX_ENGINES];
	/* Whole pairs by the lower engine's outcome as elder and as dealer. */
	long			 pairs[MAX_ENGINES][MAX_ENGINES][3][3];
	int			 failures[MAX_ENGINES][NTERMS];
	struct half_pair	*half;
	int			 nhalf, cap;
};

/* Everything the table and its JSON show; r is freed with elo_fit_free. */
struct figures {
	struct elo_fit	r;
	int		order[MAX_ENGINES];
	int		next[MAX_ENGINES];
	double		boot[MAX_ENGINES];	/* ±pairs; 0 without */
	double		gap[MAX_ENGINES];	/* to next, ±95% */
};

/* The ratings, their order, each engine's next below in its group and
 * the intervals; B bootstrap resamples (0: the fit's alone).  Returns
 * 0, or -1 where the fit failed. */
int	standings_figures(struct standings *s, int B, struct figures *g);

#endif
