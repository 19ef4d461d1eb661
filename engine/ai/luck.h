/*
 * luck.h: the luck of a deal, out of its score (AIVAT's chance part:
 * Burch et al., AAAI 2018; doc/luck.md).
 *
 * At every chance event c (the deal of the hands; each draw from the
 * stock after a trick, the winner's card from the stock cards no player
 * has seen, then the next seat's from those left, and so on) the luck
 * is V(after c) - E[V], E over c's outcomes under their exact
 * distribution (uniform over those cards), V an estimate of the deal's
 * outcome (LUCK_NOUT) from the hands and the public state.  Whatever V
 * is, each term has mean 0 given what came before, so result - luck is
 * an unbiased result; the better V predicts, the less of the deal's
 * variance is left.
 *
 * V is built of two parts so that a draw's expectation costs a pass per
 * kind of card the seat may draw: seat(g, s), a figure of seat s's own
 * cards (hand and table) and the public state alone, nu numbers, and
 * outcome(g, u), the expected outcome from the public state and the
 * seats' figures u[seat].  Between a trick's draws V is the outcome of
 * the figures of the seats that drew, with their cards, and of those
 * still to draw averaged over the cards they may yet draw (luck.c).
 * A V that reads another seat's cards in seat(), or tells apart two
 * copies of a kind drawn from the stock (fresh cards, the same in the
 * game), is not what this estimates.  Rubicon, six- and eight-pack by
 * the default V below; two- and three-hand deal by deal, by
 * luck_game.h's V of the game.
 */
#ifndef LUCK_H
#define LUCK_H

#include <stdint.h>

#include "game.h"

#define LUCK_MAXU	128	/* numbers a seat's figure may have */

/*
 * The outcome V estimates, and a deal's luck on it, LUCK_NOUT numbers.
 * Two seats: [0] seat 0's score (1 won, 1/2 drawn, 0 lost), [1] its
 * game value.  Three seats, as the ratings count a game of three (three
 * results of two): for each pair of seats (a, b) = (0, 1), (0, 2),
 * (1, 2), in [0], [1], [2], a's score against b (1 above it, 1/2 level,
 * 0 below); its value is 2 score - 1 (a game won or lost).
 */
#define LUCK_NOUT	3

/* The pair of seats (a, b) of three seats' figure k. */
static inline void
luck_pair(int k, int *a, int *b)
{
	*a = k == 2;
	*b = k == 0 ? 1 : 2;
}

struct luck_v {
	int	nu;		/* numbers in a seat's figure, 1 to LUCK_MAXU */
	void	(*seat)(const struct game *g, int seat, void *ctx, double *u);
	void	(*outcome)(const struct game *g, const double *const *u,
		    void *ctx, double *out);
			/* u[seat]; out: LUCK_NOUT */
	void	*ctx;
	/* Optional: V after the draws that leave at most one stock card
	 * unseen (that empty it; two-hand: that leave one and the
	 * turn-up), from all hands at once, the rest of the deal known
	 * (its outcomes are few: the orders of the last unseen cards, each
	 * played out in full, one chance event); NULL: by
	 * seat() and outcome() there too. */
	void	(*whole)(const struct game *g, void *ctx, double *out);
	/* Optional: seat's figures in g, just after it drew card `drawn`,
	 * had it drawn each of the n cards in[] instead, the rest of g as
	 * it is (in[i]'s at u + i * LUCK_MAXU): seat()'s figures, faster
	 * than by playing each draw; NULL: by seat() on each draw
	 * played. */
	void	(*seat_draws)(const struct game *g, int seat, int drawn,
		    const uint16_t *in, int n, void *ctx, double *u);
};

/* The default V, of two seats: a small network fitted to the outcome
 * of deals (luck_model.h) gives seat 0's chance of winning and its
 * expected game value from both seats' figures, scaled by band
 * (luck.c); once the stock is out, the end phase played out for the
 * game value.  luck_v_release frees what it holds. */
void	luck_v_eval(struct luck_v *v);

/* The default V's bands of a deal: 0 the deal of the hands, 1 to
 * LUCK_BANDS - 2 by the cards left in the stock (few to many), the last
 * the stock out; and each band's scale (scale[0] the score's, [1] the
 * value's).  tools/luck_dump.c and scripts/luck_fit.py refit them. */
#define LUCK_BANDS	8
int	luck_band(const struct game *g);
void	luck_scale(int band, double *scale);
void	luck_v_release(struct luck_v *v);

/* The deal g played out from here by greedy for both seats, both hands
 * known (the default V once the stock is out, or all but one card of
 * it and a turn-up); the caller frees it.
 * If greedy finds no move, the deal as far as it went. */
struct game	*luck_played_out(const struct game *g);

/* The luck so far, on each figure of the outcome (LUCK_NOUT: two
 * seats, seat 0's on the score's scale, [0], and the game value's, [1]). */
struct luck_sum {
	double	x[LUCK_NOUT];
	int	events;		/* chance events counted */
};

/* A deal followed action by action. */
struct luck_run {
	struct game		*g, *pre, *scratch;
	const struct luck_v	*v;
	struct luck_sum		 sum;
};

/*
 * E[V] over the deal of the hands for rules r and dealer, estimated from
 * n decks shuffled from seed (out: LUCK_NOUT): the deal's
 * distribution has no enumeration, so its mean is sampled once; its
 * error, sd(V) / sqrt(n), is the same for every deal of those rules and
 * cancels between the two deals of a duplicate pair.
 */
void	luck_deal_mean(const struct rules *r, int dealer,
	    const struct luck_v *v, int n, uint64_t seed, double *out);

/* The decks and the seed of luck_deal_mean wherever a deal's luck is
 * counted (rate, match, verify, bench_strength), so that all give the
 * same figure for the same deal. */
#define LUCK_DEAL_DECKS	50000
#define LUCK_DEAL_SEED	20261128

/* The default V's (luck_v_eval) luck_deal_mean for rules r and dealer,
 * from LUCK_DEAL_DECKS decks of LUCK_DEAL_SEED: a variant's own rules
 * from a table of the figures already sampled, other rules sampled. */
void	luck_default_deal_mean(const struct rules *r, int dealer,
	    double *out);

/* Why deals of rules r have no luck figure ("three seats in a game of
 * one deal"), or NULL if they have one (a game of several deals:
 * luck_game.h). */
const char *luck_unmeasured(const struct rules *r);

/*
 * Starts at the deal g0 (no card played): counts the deal's luck,
 * V(g0) - deal_mean (luck_deal_mean), or none if deal_mean is NULL.
 * Returns 0, or -1 if g0 is not a whole game (no view) before its
 * first card.
 */
int	luck_begin(struct luck_run *run, const struct game *g0,
	    const struct luck_v *v, const double *deal_mean);

/*
 * Applies action a (legal in run->g) and counts the luck of the draws
 * it ends with.  Returns 1 if it drew (the draws' luck, all their
 * cards', in ev, LUCK_NOUT, when ev is not NULL), 0 if not, -1 if a is
 * illegal.
 */
int	luck_apply(struct luck_run *run, const struct action *a, double *ev);

void	luck_end(struct luck_run *run);

#endif
