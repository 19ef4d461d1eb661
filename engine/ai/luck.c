/*
 * luck.c: the luck of a deal's chance events (luck.h).
 */
#include <string.h>

#include "eval.h"
#include "greedy.h"
#include "luck.h"
#include "luck_model.h"
#include "rng.h"

/* The network was fitted on Rubicon deals only; in the packs' variants
 * (six- and eight-pack) it removed less than nothing (eight-pack: an
 * interval 1.16 of the raw one), so there V is the evaluation's chance
 * of winning, fitted per variant (eval.h), as before the network. */
static bool
fitted_for(const struct game *g)
{
	return game_rules(g)->variant == VARIANT_RUBICON;
}

static void
model_seat(const struct game *g, int seat, void *ctx, double *u)
{
	(void)ctx;
	if (fitted_for(g))
		luck_model_seat(g, seat, u);
	else
		u[0] = eval_future(g, seat);
}

static void
model_seat_draws(const struct game *g, int seat, int drawn,
    const uint16_t *in, int n, void *ctx, double *u)
{
	struct eval_holding h;

	(void)ctx;
	if (fitted_for(g)) {
		luck_model_seat_draws(g, seat, drawn, in, n, u, LUCK_MAXU);
		return;
	}
	eval_holding(g, seat, &h);
	h.c[card_kind(drawn)]--;
	for (int i = 0; i < n; i++) {
		h.c[card_kind(in[i])]++;
		u[(long)i * LUCK_MAXU] = eval_future_held(g, seat, &h);
		h.c[card_kind(in[i])]--;
	}
}

/* The evaluation's V's scales by band (score, value), fitted on 10,000
 * greedy Rubicon deals from seed 5000000 in the second round, which
 * the packs keep (doc/luck.md). */
static const double eval_scales[LUCK_BANDS][2] = {
	{ 1.873, 11342 },
	{ 1.437, 7025 },
	{ 1.584, 8591 },
	{ 1.510, 8782 },
	{ 1.417, 8515 },
	{ 1.550, 9212 },
	{ 1.739, 10350 },
	{ 0.722, 0.792 },
};

static void
eval_outcome(const struct game *g, const double *const *u, double *out)
{
	const double *s = eval_scales[luck_band(g)];
	double win = eval_win(g, game_points(g, 0) + u[0][0],
	    game_points(g, 1) + u[1][0]);

	out[0] = 0.5 + s[0] * (win - 0.5);
	out[1] = s[1] * (win - 0.5);
	out[2] = 0;
}

/*
 * The scale of V by the band of the deal it is taken in (luck_band): how
 * far a move of the network's chance of winning (luck_model.h) moves the
 * score (first), and of its game value the value (second), fitted by
 * least squares of the result on each band's luck over 4,000 greedy
 * deals from seed 5000000, not decks that doc/luck.md measures
 * (`build/tools/luck_dump 4000 5000000 > dump.txt; scripts/luck_fit.py
 * dump.txt` prints this table).  Near 1: the network was fitted to the
 * outcome; a little under it in the middle bands, where its moves from
 * one draw to the next are partly noise.  The last band is the deal
 * played out: its outcome times its scale.  Any scale keeps the luck's
 * mean 0 (a function of the state, the same for the state that came and
 * those that could have); these remove the most of its variance.
 */
static const double luck_scales[LUCK_BANDS][2] = {
	{ 0.993, 1.041 },
	{ 0.904, 0.884 },
	{ 0.775, 0.793 },
	{ 0.827, 0.868 },
	{ 0.882, 0.909 },
	{ 0.942, 0.966 },
	{ 0.959, 0.948 },
	{ 1.087, 1.048 },
};

int
luck_band(const struct game *g)
{
	int left = game_stock_left(g), b;

	if (game_tricks_played(g) == 0)
		return 0;
	if (left == 0)
		return LUCK_BANDS - 1;
	b = 1 + left * (LUCK_BANDS - 2) / 124;
	return b > LUCK_BANDS - 2 ? LUCK_BANDS - 2 : b;
}

void
luck_scale(int band, double *scale)
{
	scale[0] = luck_scales[band][0];
	scale[1] = luck_scales[band][1];
}

static void
model_outcome(const struct game *g, const double *const *u, void *ctx,
    double *out)
{
	double x[2], s[2];

	(void)ctx;
	if (!fitted_for(g)) {
		eval_outcome(g, u, out);
		return;
	}
	luck_model_outcome(u[0], u[1], x);
	luck_scale(luck_band(g), s);
	out[0] = 0.5 + s[0] * (x[0] - 0.5);
	out[1] = s[1] * x[1];
	out[2] = 0;
}

/*
 * V once the stock is out: the deal played out, greedy (greedy.h) for
 * both seats, both hands known, seat 0's game value (scaled: luck_scale)
 * and its sign the score.  A function of the state alone, as V must be;
 * it measured better than the end phase solved for best play (exactly:
 * endgame.h), which players below the strong level do not find: the
 * levels the luck is measured on play it as greedy does, or nearly.
 */
struct game *
luck_played_out(const struct game *g)
{
	struct game *p = game_clone(g);

	while (!game_over(p)) {
		struct game *view = game_view(p, game_to_move(p));
		struct action a;
		int rc = greedy_choose(view, NULL, &a);
		game_free(view);
		if (rc < 0 || game_apply(p, &a, NULL) < 0)
			break;
	}
	return p;
}

static void
played_whole(const struct game *g, void *ctx, double *out)
{
	struct game *p = luck_played_out(g);
	struct result res;
	double s[2];
	int value;

	(void)ctx;
	game_result(p, &res);
	value = !game_over(p) || res.value.winner < 0 ? 0 :
	    res.value.winner == 0 ? res.value.value : -res.value.value;
	if (fitted_for(g))
		luck_scale(LUCK_BANDS - 1, s);
	else
		memcpy(s, eval_scales[LUCK_BANDS - 1], sizeof(s));
	game_free(p);
	out[0] = 0.5 + s[0] * (value > 0 ? 0.5 : value < 0 ? -0.5 : 0);
	out[1] = s[1] * value;
	out[2] = 0;
}

void
luck_v_eval(struct luck_v *v)
{
	v->nu = luck_model_width();
	v->seat = model_seat;
	v->outcome = model_outcome;
	v->whole = played_whole;
	v->seat_draws = model_seat_draws;
	v->ctx = NULL;
}

void
luck_v_release(struct luck_v *v)
{
	v->ctx = NULL;
}

/* V of a whole state: each seat's figure, then the outcome. */
static void
value_of(const struct luck_v *v, const struct game *g, double *out)
{
	double u[MAX_PLAYERS][LUCK_MAXU];
	const double *at[MAX_PLAYERS];

	for (int s = 0; s < game_players(g); s++) {
		v->seat(g, s, v->ctx, u[s]);
		at[s] = u[s];
	}
	v->outcome(g, at, v->ctx, out);
}

/* The default V reads two seats; a game of three has its own (a game
 * of several deals, luck_game.h). */
const char *
luck_unmeasured(const struct rules *r)
{
	return r->players != 2 && r->game_target <= 0 ?
	    "three seats in a game of one deal" : NULL;
}

void
luck_deal_mean(const struct rules *r, int dealer, const struct luck_v *v,
    int n, uint64_t seed, double *out)
{
	struct rng rng;
	double sum[LUCK_NOUT] = { 0 }, x[LUCK_NOUT];

	rng_seed(&rng, seed);
	for (int i = 0; i < n; i++) {
		struct game *g = game_new(r, rng_next(&rng), dealer);
		value_of(v, g, x);
		for (int k = 0; k < LUCK_NOUT; k++)
			sum[k] += x[k];
		game_free(g);
	}
	for (int k = 0; k < LUCK_NOUT; k++)
		out[k] = n > 0 ? sum[k] / n : 0;
}

/*
 * The default V's deal mean for each variant's own rules (rules_init)
 * by dealer (score, value), as luck_deal_mean samples it from
 * LUCK_DEAL_DECKS decks of LUCK_DEAL_SEED: what every run would sample
 * again at its start, 0.08 s of CPU a dealer.  test_luck's
 * test_deal_means_as_sampled samples them again, and fails printing
 * the lines to put here, when V or the deal changes.
 */
static const struct {
	enum variant	variant;
	double		mean[2][LUCK_NOUT];
} deal_means[] = {
	{ VARIANT_RUBICON,
	    { { 0.47480097090537521, -130.49114466326239, 0 },
	    { 0.54121743658535804, 199.49149701085477, 0 } } },
	{ VARIANT_SIX_PACK,
	    { { 0.49206829484741471, -48.030645937317964, 0 },
	    { 0.50793170515258435, 48.0306459373179, 0 } } },
	{ VARIANT_EIGHT_PACK,
	    { { 0.4935490280223841, -39.064027853753075, 0 },
	    { 0.50645097197761635, 39.064027853753117, 0 } } },
};

void
luck_default_deal_mean(const struct rules *r, int dealer, double *out)
{
	struct rules own;
	struct luck_v v;

	rules_init(&own, r->variant);
	for (size_t i = 0; i < sizeof(deal_means) / sizeof(deal_means[0]);
	    i++)
		if (deal_means[i].variant == r->variant && dealer >= 0 &&
		    dealer < 2 && memcmp(&own, r, sizeof(own)) == 0) {
			memcpy(out, deal_means[i].mean[dealer],
			    LUCK_NOUT * sizeof(double));
			return;
		}
	luck_v_eval(&v);
	luck_deal_mean(r, dealer, &v, LUCK_DEAL_DECKS, LUCK_DEAL_SEED, out);
	luck_v_release(&v);
}

int
luck_begin(struct luck_run *run, const struct game *g0,
    const struct luck_v *v, const double *deal_mean)
{
	uint16_t trick[MAX_PLAYERS];

	memset(run, 0, sizeof(*run));
	if (game_observer(g0) >= 0 ||
	    game_tricks_played(g0) > 0 || game_trick_cards(g0, trick) > 0)
		return -1;
	run->v = v;
	run->g = game_clone(g0);
	run->pre = game_clone(g0);
	run->scratch = game_clone(g0);
	if (deal_mean != NULL) {
		double x[LUCK_NOUT];
		value_of(v, g0, x);
		for (int k = 0; k < LUCK_NOUT; k++)
			run->sum.x[k] = x[k] - deal_mean[k];
		run->sum.events = 1;
	}
	return 0;
}

/* The kinds among n cards: one card of each (rep) and how many. */
static int
kinds_of(const uint16_t *cards, int n, uint16_t *rep, int *count)
{
	int k = 0, at[CARDS_PER_PACK];

	for (int i = 0; i < CARDS_PER_PACK; i++)
		at[i] = -1;
	for (int i = 0; i < n; i++) {
		int c = card_kind(cards[i]);
		if (at[c] < 0) {
			at[c] = k;
			rep[k] = cards[i];
			count[k++] = 0;
		}
		count[at[c]]++;
	}
	return k;
}

/* The figures of the k-th seat to draw after action a (seat) for each
 * kind of card rep[i] it might have drawn instead of drawn, the rest as
 * it came: by V's seat_draws, or each draw played. */
static void
figures_if(struct luck_run *run, const struct action *a, int k, int seat,
    int drawn, const uint16_t *rep, int nk, double (*u)[LUCK_MAXU])
{
	if (run->v->seat_draws != NULL) {
		run->v->seat_draws(run->g, seat, drawn, rep, nk, run->v->ctx,
		    u[0]);
		return;
	}
	for (int i = 0; i < nk; i++) {
		game_copy(run->scratch, run->pre);
		game_stock_put(run->scratch, k, rep[i]);
		game_apply(run->scratch, a, NULL);
		run->v->seat(run->scratch, seat, run->v->ctx, u[i]);
	}
}

/* A trick's draws: who draws k-th (seat[k]), the figures of each
 * kind (u[k][i]) and the kind that came (kind[k]) for the nd that draw
 * unseen cards; the figures of those that draw the turn-up (fixed). */
struct draws {
	int	n, nd, nk;
	int	seat[MAX_PLAYERS], kind[MAX_PLAYERS];
	double	u[MAX_PLAYERS][CARDS_PER_PACK][LUCK_MAXU];
	double	fixed[MAX_PLAYERS][LUCK_MAXU];
};

/*
 * E over the k-th drawer's card of V, its kinds left[] (nleft cards,
 * those the drawers before it took out), and in came V for the kind
 * that came: the drawers before it at their cards, those after averaged
 * over the cards left to them once its card is out.
 */
static void
draw_expectation(struct luck_run *run, const struct draws *d, int k,
    const int *left, int nleft, double *came, double *mean)
{
	double all[MAX_PLAYERS][LUCK_MAXU], rest[MAX_PLAYERS][LUCK_MAXU];
	double x[LUCK_NOUT];
	const double *at[MAX_PLAYERS];
	int nu = run->v->nu;

	for (int m = 0; m < d->n; m++)
		at[d->seat[m]] = m < k ? d->u[m][d->kind[m]] :
		    m >= d->nd ? d->fixed[m] : rest[m];
	/* Each all[m][j] summed over the kinds in their order, the kinds
	 * the outer loop so that the figures' numbers go side by side. */
	for (int m = k + 1; m < d->nd; m++) {
		memset(all[m], 0, (size_t)nu * sizeof(all[m][0]));
		for (int i = 0; i < d->nk; i++)
			for (int j = 0; j < nu; j++)
				all[m][j] += left[i] * d->u[m][i][j];
	}
	memset(mean, 0, LUCK_NOUT * sizeof(double));
	for (int i = 0; i < d->nk; i++) {
		if (left[i] == 0)
			continue;
		at[d->seat[k]] = d->u[k][i];
		for (int m = k + 1; m < d->nd; m++)
			for (int j = 0; j < nu; j++)
				rest[m][j] = (all[m][j] - d->u[m][i][j]) /
				    (nleft - 1);
		run->v->outcome(run->g, at, run->v->ctx, x);
		if (i == d->kind[k])
			memcpy(came, x, sizeof(x));
		for (int c = 0; c < LUCK_NOUT; c++)
			mean[c] += left[i] * x[c];
	}
	for (int c = 0; c < LUCK_NOUT; c++)
		mean[c] /= nleft;
}

/*
 * The luck of a trick's draws, as a chance event per seat that draws a
 * card unseen (cards[k] the one the k-th to draw took, uniform from
 * those the ones before it left; the public state is that of the deal
 * after the draws, the same whichever cards came).  Between two draws V
 * is the outcome of the figures of the seats that drew, with their
 * cards, and of those still to draw averaged over the cards they may
 * yet draw: a function of what is known then, as V must be, and near
 * the mean of V over the draws to come (exactly it where the outcome is
 * linear in their figures).  Each expectation is then a pass per kind
 * of card, where the draws' orders were the kinds' square or cube: 32
 * times fewer outcomes in Rubicon.
 */
static void
draw_luck(struct luck_run *run, const struct action *a, int winner,
    const uint16_t *cards, int h, double *luck)
{
	struct draws d;		/* 100 kB: the figures of each kind */
	uint16_t rep[CARDS_PER_PACK];
	int left[CARDS_PER_PACK], nleft = h;
	double came[LUCK_NOUT], mean[LUCK_NOUT];

	d.n = game_players(run->g);
	d.nd = h < d.n ? h : d.n;
	d.nk = kinds_of(cards, h, rep, left);
	for (int k = 0; k < d.n; k++) {
		d.seat[k] = (winner + k) % d.n;
		if (k >= d.nd) {	/* the turn-up, seen */
			run->v->seat(run->g, d.seat[k], run->v->ctx,
			    d.fixed[k]);
			continue;
		}
		for (d.kind[k] = 0; card_kind(rep[d.kind[k]]) !=
		    card_kind(cards[k]); d.kind[k]++)
			;
		figures_if(run, a, k, d.seat[k], cards[k], rep, d.nk,
		    d.u[k]);
	}
	memset(luck, 0, LUCK_NOUT * sizeof(double));
	for (int k = 0; k < d.nd; k++) {
		draw_expectation(run, &d, k, left, nleft, came, mean);
		if (k == d.nd - 1)	/* after the last draw: V itself */
			value_of(run->v, run->g, came);
		for (int c = 0; c < LUCK_NOUT; c++)
			luck[c] = luck[c] + came[c] - mean[c];
		left[d.kind[k]]--;
		nleft--;
	}
}

/* Each order in which the drawers from k on may take the unseen cards
 * not yet used, played out by whole() (a card left over, if any, where
 * the stock has it): their sum into sum, their number returned. */
static int
play_orders(struct luck_run *run, const struct action *a,
    const uint16_t *cards, int h, int nd, int k, int *pick, double *sum)
{
	double x[LUCK_NOUT];
	int n = 0;

	if (k == nd) {
		game_copy(run->scratch, run->pre);
		for (int m = 0; m < nd; m++)
			game_stock_put(run->scratch, m, cards[pick[m]]);
		game_apply(run->scratch, a, NULL);
		run->v->whole(run->scratch, run->v->ctx, x);
		for (int c = 0; c < LUCK_NOUT; c++)
			sum[c] += x[c];
		return 1;
	}
	for (int i = 0; i < h; i++) {
		bool used = false;
		for (int m = 0; m < k; m++)
			used |= pick[m] == i;
		if (used)
			continue;
		pick[k] = i;
		n += play_orders(run, a, cards, h, nd, k + 1, pick, sum);
	}
	return n;
}

int
luck_apply(struct luck_run *run, const struct action *a, double *ev)
{
	uint16_t cards[MAX_CARDS], trick[MAX_PLAYERS];
	int h, left, leader, winner, n = game_players(run->g);
	double after[LUCK_NOUT], luck[LUCK_NOUT];

	game_copy(run->pre, run->g);
	left = game_stock_left(run->g);
	if (game_apply(run->g, a, NULL) < 0)
		return -1;
	/* Fewer than two unseen: the draw was forced (two-hand's last,
	 * the turn-up to the loser). */
	if (game_stock_left(run->g) == left ||
	    (h = game_stock_unseen(run->pre, cards)) < 2)
		return 0;
	game_past_trick(run->g, game_tricks_played(run->g) - 1, trick,
	    &leader, &winner);
	/* Whole() once at most one card is left unseen after the draws:
	 * the rest of the deal is known (two-hand: the one left and the
	 * turn-up). */
	if (run->v->whole != NULL && h <= n + 1) {
		int pick[MAX_PLAYERS], orders;
		double sum[LUCK_NOUT] = { 0 };
		run->v->whole(run->g, run->v->ctx, after);
		orders = play_orders(run, a, cards, h, h < n ? h : n, 0, pick,
		    sum);
		for (int c = 0; c < LUCK_NOUT; c++)
			luck[c] = after[c] - sum[c] / orders;
		run->sum.events++;
	} else {
		draw_luck(run, a, winner, cards, h, luck);
		run->sum.events += h < n ? h : n;
	}
	for (int c = 0; c < LUCK_NOUT; c++)
		run->sum.x[c] += luck[c];
	if (ev != NULL)
		memcpy(ev, luck, sizeof(luck));
	return 1;
}

void
luck_end(struct luck_run *run)
{
	game_free(run->g);
	game_free(run->pre);
	game_free(run->scratch);
	run->g = run->pre = run->scratch = NULL;
}
