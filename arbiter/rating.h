/*
 * rating.h: ratings of many players fitted jointly over all their games.
 *
 * The model is Bradley-Terry with Davidson's draws and an advantage for
 * the elder hand (seat 0), as BayesElo and Ordo fit chess results, not
 * each player against the field: for player i in seat 0 against j,
 *
 *	P(i wins) = A / (A + B + nu sqrt(AB)),  P(draw) = nu sqrt(AB) / (...)
 *	A = 10^((r_i + h) / 400),  B = 10^(r_j / 400)
 *
 * fitted by maximum likelihood (Newton's method) with a weak Gaussian
 * prior (sd 1000 Elo) on each rating, so that a perfect score gives a
 * large but finite rating instead of infinity.  Ratings are centred on
 * their mean, or on an anchor player's given value.
 */
#ifndef RATING_H
#define RATING_H

#include <stdint.h>

#define RATING_MAX_PLAYERS	32

/* Game counts: [i][j][outcome] for i in seat 0 against j in seat 1;
 * outcome 0: i won, 1: drawn, 2: j won. */
struct rating_data {
	int	n;
	long	count[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS][3];
};

struct rating_fit {
	int	n;
	double	elo[RATING_MAX_PLAYERS];
	double	ci95[RATING_MAX_PLAYERS];	/* half-width, from the fit */
	double	los[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS];
	double	advantage;		/* of the elder hand, Elo */
	double	advantage_ci95;
	double	draw_nu;		/* Davidson's draw parameter */
	int	iterations;
};

/* Fits the ratings; anchor -1 centres them on their mean. */
void	rating_fit(const struct rating_data *d, int anchor, double anchor_elo,
	    struct rating_fit *out);

#endif
