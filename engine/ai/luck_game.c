/*
 * luck_game.c: V of a game of several deals (luck_game.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "luck_game.h"
#include "rng.h"
#include "series.h"

/*
 * A seat's mean total of a deal (points and brisques): with the
 * leader's expected total, how many deals the game has still to go.
 * And how far a margin moves in each.  Two seats: 244 over 4,071
 * two-hand deals of greedy against club (1,000 games, not those
 * doc/luck.md measures), and 150 points, fitted on those games for the
 * narrowest adjusted interval (a deal's margin has a spread of 208
 * there; 110 and 208 gave a ratio of 0.745, 150 0.739).  The spread of
 * the rest of the deal is eval_sd, fitted the same way (the seats'
 * residuals taken as one: 0.7 and 1.4 times it gave 0.754 and 0.738).
 * Three seats: THREE_TOTAL and THREE_SPREAD, fitted the same way on
 * three-hand games (doc/luck.md).
 */
#define DEAL_TOTAL	244.0
#define DEAL_SPREAD	150.0
#define THREE_TOTAL	228.0
#define THREE_SPREAD	150.0

/* The seats' figures at the deal, on the grid, and how many deals had
 * them. */
struct dealt {
	int	x[MAX_PLAYERS];
	int	n;
};

struct luck_game {
	struct rules	 r;
	int		 n;		/* seats */
	int		 before[MAX_PLAYERS];
	struct luck_v	 base;		/* the evaluation's seat figures */
	struct dealt	*dealt[MAX_PLAYERS];	/* by dealer */
	int		 ndealt[MAX_PLAYERS];
	double		 sd0;		/* eval_sd at the deal */
};

static double
normal_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

/* Brisques not yet won, in points: each seat's share is an equal
 * part. */
static double
brisques_left(const struct game *g)
{
	double left = game_rules(g)->packs * 8 * 10;

	for (int s = 0; s < game_players(g); s++)
		left -= game_brisques(g, s);
	return left;
}

/*
 * V of three from the seats' expected totals at the end of the game's
 * deal (a[]) and the spread sd still to come in it: for each pair, the
 * chance that the first ends above the second (the margin normal about
 * its expected one, as game_outcome's; the winner of the game ends
 * above both, and the others' order is their totals').
 */
static void
three_outcome(const struct luck_game *lg, const double *a, double sd,
    double *out)
{
	double top = a[0] > a[1] ? a[0] : a[1], target = lg->r.game_target;
	double deals, s;
	int x, y;

	top = a[2] > top ? a[2] : top;
	deals = top < target ? (target - top) / THREE_TOTAL : 0;
	s = sqrt(sd * sd + deals * THREE_SPREAD * THREE_SPREAD);
	for (int k = 0; k < LUCK_NOUT; k++) {
		double d;
		luck_pair(k, &x, &y);
		d = a[x] - a[y];
		/* No spread left (none fitted): the order as it stands. */
		out[k] = s > 0 ? normal_cdf(d / s) : d > 0 ? 1 : d < 0 ? 0 :
		    0.5;
	}
}

/*
 * V of two from the seats' expected totals at the end of the game's
 * deal (a0, a1) and the spread sd still to come in it; below[s]: seat s
 * cannot yet be past double_under at the end.
 */
static void
game_outcome(const struct luck_game *lg, double a0, double a1, double sd,
    const bool *below, double *out)
{
	const struct rules *r = &lg->r;
	double lead = a0 - a1, top = a0 > a1 ? a0 : a1;
	double deals = top < r->game_target ? (r->game_target - top) /
	    DEAL_TOTAL : 0;
	double s = sqrt(sd * sd + deals * DEAL_SPREAD * DEAL_SPREAD);
	double win = normal_cdf(lead / s), value = 2 * win - 1;

	if (r->double_under > 0) {
		/* Won double: the loser under double_under as the winner
		 * reaches the target, a margin over their difference. */
		double gap = r->game_target - r->double_under;
		if (below[1])
			value += normal_cdf((lead - gap) / s);
		if (below[0])
			value -= normal_cdf((-lead - gap) / s);
	}
	out[0] = win;
	out[1] = value;
	out[2] = 0;
}

/* V from the seats' expected totals at the end of the deal, a[]. */
static void
outcome_at(const struct luck_game *lg, const double *a, double sd,
    const bool *below, double *out)
{
	if (lg->n == 3)
		three_outcome(lg, a, sd, out);
	else
		game_outcome(lg, a[0], a[1], sd, below, out);
}

static void
game_seat(const struct game *g, int seat, void *ctx, double *u)
{
	struct luck_game *lg = ctx;

	lg->base.seat(g, seat, lg->base.ctx, u);
}

static void
game_seat_draws(const struct game *g, int seat, int drawn,
    const uint16_t *in, int n, void *ctx, double *u)
{
	struct luck_game *lg = ctx;

	lg->base.seat_draws(g, seat, drawn, in, n, lg->base.ctx, u);
}

/* A seat's expected total of the deal from its figure u. */
static double
deal_total(const struct game *g, int seat, double u)
{
	return game_points(g, seat) + game_brisques(g, seat) + u +
	    brisques_left(g) / game_players(g);
}

static double
on_grid(double x)
{
	return LUCK_GAME_GRID * floor(x / LUCK_GAME_GRID + 0.5);
}

static void
game_v_outcome(const struct game *g, const double *const *u, void *ctx,
    double *out)
{
	const struct luck_game *lg = ctx;
	double a[MAX_PLAYERS];
	bool below[MAX_PLAYERS];
	bool dealt = game_tricks_played(g) == 0;

	/* At the deal, V as deal_mean_at takes it over the sample. */
	for (int s = 0; s < lg->n; s++) {
		double x = deal_total(g, s, u[s][0]);
		a[s] = lg->before[s] + (dealt ? on_grid(x) : x);
		below[s] = lg->before[s] + (dealt ? 0 : game_points(g, s) +
		    game_brisques(g, s)) < lg->r.double_under;
	}
	outcome_at(lg, a, eval_sd(g), below, out);
}

/* E[V] over the deal of the hands by dealer with totals before. */
static void
deal_mean_at(const struct luck_game *lg, int dealer, const int *before,
    double *out)
{
	double sum[LUCK_NOUT] = { 0 }, x[LUCK_NOUT], a[MAX_PLAYERS];
	bool below[MAX_PLAYERS];
	int n = 0;

	for (int s = 0; s < lg->n; s++)
		below[s] = before[s] < lg->r.double_under;
	for (int i = 0; i < lg->ndealt[dealer]; i++) {
		const struct dealt *d = &lg->dealt[dealer][i];
		for (int s = 0; s < lg->n; s++)
			a[s] = before[s] + d->x[s];
		outcome_at(lg, a, lg->sd0, below, x);
		for (int k = 0; k < LUCK_NOUT; k++)
			sum[k] += d->n * x[k];
		n += d->n;
	}
	for (int k = 0; k < LUCK_NOUT; k++)
		out[k] = n > 0 ? sum[k] / n : lg->n == 3 || k == 0 ? 0.5 : 0;
}

/* V of a game over: its winner's (-1: drawn) by the totals. */
static void
game_over_at(const struct luck_game *lg, const struct series *s,
    double *out)
{
	int x, y;

	if (lg->n == 2) {
		out[0] = s->winner < 0 ? 0.5 : s->winner == 0;
		out[1] = s->winner < 0 ? 0 : s->winner == 0 ? s->value :
		    -s->value;
		out[2] = 0;
		return;
	}
	for (int k = 0; k < LUCK_NOUT; k++) {
		luck_pair(k, &x, &y);
		out[k] = s->winner == x ? 1 : s->winner == y ? 0 :
		    s->total[x] > s->total[y] ? 1 :
		    s->total[x] < s->total[y] ? 0 : 0.5;
	}
}

/* Once the stock is out: the deal played out, and the game after it. */
static void
game_whole(const struct game *g, void *ctx, double *out)
{
	const struct luck_game *lg = ctx;
	struct game *p = luck_played_out(g);
	struct series s;

	series_init(&s, &lg->r, game_dealer(g));
	memcpy(s.total, lg->before, sizeof(lg->before));
	if (!series_add(&s, &lg->r, p))
		deal_mean_at(lg, s.dealer, s.total, out);
	else
		game_over_at(lg, &s, out);
	game_free(p);
}

static int
by_figures(const void *a, const void *b)
{
	const struct dealt *x = a, *y = b;

	for (int s = 0; s < MAX_PLAYERS; s++)
		if (x->x[s] != y->x[s])
			return (x->x[s] > y->x[s]) - (x->x[s] < y->x[s]);
	return 0;
}

/* The seats' figures at LUCK_GAME_DECKS deals by dealer, alike ones
 * counted together. */
static void
sample_deals(struct luck_game *lg, int dealer)
{
	struct dealt *d = calloc(LUCK_GAME_DECKS, sizeof(*d));
	struct rng rng;
	int n = 0;

	if (d == NULL)
		abort();
	rng_seed(&rng, LUCK_DEAL_SEED);
	for (int i = 0; i < LUCK_GAME_DECKS; i++) {
		struct game *g = game_new(&lg->r, rng_next(&rng), dealer);
		double u[LUCK_MAXU];
		for (int s = 0; s < lg->n; s++) {
			lg->base.seat(g, s, lg->base.ctx, u);
			d[i].x[s] = (int)on_grid(deal_total(g, s, u[0]));
		}
		d[i].n = 1;
		lg->sd0 = eval_sd(g);	/* the same at every deal */
		game_free(g);
	}
	qsort(d, LUCK_GAME_DECKS, sizeof(*d), by_figures);
	for (int i = 0; i < LUCK_GAME_DECKS; i++)
		if (n > 0 && by_figures(&d[n - 1], &d[i]) == 0)
			d[n - 1].n++;
		else
			d[n++] = d[i];
	lg->dealt[dealer] = d;
	lg->ndealt[dealer] = n;
}

struct luck_game *
luck_game_new(const struct rules *r)
{
	struct luck_game *lg;

	if (r->game_target <= 0)
		return NULL;
	if ((lg = calloc(1, sizeof(*lg))) == NULL)
		abort();
	lg->r = *r;
	lg->n = r->players;
	luck_v_eval(&lg->base);
	for (int d = 0; d < lg->n; d++)
		sample_deals(lg, d);
	return lg;
}

void
luck_game_free(struct luck_game *lg)
{
	if (lg == NULL)
		return;
	luck_v_release(&lg->base);
	for (int d = 0; d < lg->n; d++)
		free(lg->dealt[d]);
	free(lg);
}

bool
luck_game_rules_are(const struct luck_game *lg, const struct rules *r)
{
	return memcmp(&lg->r, r, sizeof(*r)) == 0;
}

void
luck_game_v(struct luck_game *lg, const int *before, struct luck_v *v)
{
	memcpy(lg->before, before, (size_t)lg->n * sizeof(*before));
	*v = (struct luck_v){ 1, game_seat, game_v_outcome, lg, game_whole,
		game_seat_draws };
}

void
luck_game_deal_mean(const struct luck_game *lg, const int *before,
    int dealer, double *out)
{
	deal_mean_at(lg, dealer, before, out);
}
