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
eval_outcome(const struct game *g, const double *u0, const double *u1,
    double *out)
{
	const double *s = eval_scales[luck_band(g)];
	double win = eval_win(g, game_points(g, 0) + u0[0],
	    game_points(g, 1) + u1[0]);

	out[0] = 0.5 + s[0] * (win - 0.5);
	out[1] = s[1] * (win - 0.5);
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
model_outcome(const struct game *g, const double *u0, const double *u1,
    void *ctx, double *out)
{
	double x[2], s[2];

	(void)ctx;
	if (!fitted_for(g)) {
		eval_outcome(g, u0, u1, out);
		return;
	}
	luck_model_outcome(u0, u1, x);
	luck_scale(luck_band(g), s);
	out[0] = 0.5 + s[0] * (x[0] - 0.5);
	out[1] = s[1] * x[1];
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
	double u[2][LUCK_MAXU];

	v->seat(g, 0, v->ctx, u[0]);
	v->seat(g, 1, v->ctx, u[1]);
	v->outcome(g, u[0], u[1], v->ctx, out);
}

const char *
luck_unmeasured(const struct rules *r)
{
	return r->players != 2 ? "three seats" : NULL;
}

void
luck_deal_mean(const struct rules *r, int dealer, const struct luck_v *v,
    int n, uint64_t seed, double *out)
{
	struct rng rng;
	double sum[2] = { 0, 0 }, x[2];

	rng_seed(&rng, seed);
	for (int i = 0; i < n; i++) {
		struct game *g = game_new(r, rng_next(&rng), dealer);
		value_of(v, g, x);
		sum[0] += x[0];
		sum[1] += x[1];
		game_free(g);
	}
	out[0] = n > 0 ? sum[0] / n : 0;
	out[1] = n > 0 ? sum[1] / n : 0;
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
	double		mean[2][2];
} deal_means[] = {
	{ VARIANT_RUBICON,
	    { { 0.50392634993258278, 5.9606372891539623 },
	    { 0.5134617055256615, 68.883453735903572 } } },
	{ VARIANT_SIX_PACK,
	    { { 0.49206829484741471, -48.030645937317964 },
	    { 0.50793170515258435, 48.0306459373179 } } },
	{ VARIANT_EIGHT_PACK,
	    { { 0.4935490280223841, -39.064027853753075 },
	    { 0.50645097197761635, 39.064027853753117 } } },
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
			    2 * sizeof(double));
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
	if (game_players(g0) != 2 || game_observer(g0) >= 0 ||
	    game_tricks_played(g0) > 0 || game_trick_cards(g0, trick) > 0)
		return -1;
	run->v = v;
	run->g = game_clone(g0);
	run->pre = game_clone(g0);
	run->scratch = game_clone(g0);
	if (deal_mean != NULL) {
		double x[2];
		value_of(v, g0, x);
		run->sum.score = x[0] - deal_mean[0];
		run->sum.value = x[1] - deal_mean[1];
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

/* The figure u of seat after action a had it draw card (k: 0 the
 * first to draw, 1 the second), from the state pre before a. */
static void
figure_if(struct luck_run *run, const struct action *a, int k, int card,
    int seat, double *u)
{
	game_copy(run->scratch, run->pre);
	game_stock_put(run->scratch, k, card);
	game_apply(run->scratch, a, NULL);
	run->v->seat(run->scratch, seat, run->v->ctx, u);
}

/* Seat 0's outcome from the winner's figure and the loser's. */
static void
outcome_of(struct luck_run *run, int winner, const double *uw,
    const double *ul, double *x)
{
	const double *u[2];

	u[winner] = uw;
	u[1 - winner] = ul;
	run->v->outcome(run->g, u[0], u[1], run->v->ctx, x);
}

/* Between the draws: E over the winner's card of V (the winner's
 * figure uw[i], the loser's averaged over the cards left to it), and in
 * mid V for the card that came (kind 0). */
static void
winner_expectation(struct luck_run *run, int winner, const int *count,
    int nk, int h, double (*uw)[LUCK_MAXU], double (*ul)[LUCK_MAXU],
    double *mid, double *mean)
{
	double all[LUCK_MAXU], rest[LUCK_MAXU], x[2];
	int nu = run->v->nu;

	for (int k = 0; k < nu; k++) {
		all[k] = 0;
		for (int i = 0; i < nk; i++)
			all[k] += count[i] * ul[i][k];
	}
	mean[0] = mean[1] = 0;
	for (int i = 0; i < nk; i++) {
		for (int k = 0; k < nu; k++)
			rest[k] = (all[k] - ul[i][k]) / (h - 1);
		outcome_of(run, winner, uw[i], rest, x);
		if (i == 0)
			memcpy(mid, x, 2 * sizeof(double));
		mean[0] += count[i] * x[0];
		mean[1] += count[i] * x[1];
	}
	mean[0] /= h;
	mean[1] /= h;
}

/* After the winner's card (kind 0, figure uw0): E over the loser's of V. */
static void
loser_expectation(struct luck_run *run, int winner, const int *count,
    int nk, int h, const double *uw0, double (*ul)[LUCK_MAXU],
    double *mean)
{
	double x[2];

	mean[0] = mean[1] = 0;
	for (int j = 0; j < nk; j++) {
		double w = count[j] - (j == 0);
		if (w == 0)
			continue;
		outcome_of(run, winner, uw0, ul[j], x);
		mean[0] += w * x[0];
		mean[1] += w * x[1];
	}
	mean[0] /= h - 1;
	mean[1] /= h - 1;
}

/*
 * The luck of a trick's draws, as two chance events: the winner's card,
 * uniform from the h unseen, then the loser's, uniform from the h - 1
 * left (cards[0] and cards[1] the ones that came; the public state is
 * that of the deal after the draw, the same whichever cards came).
 * Between the two, V is the outcome of the winner's figure with its
 * card and the loser's figure averaged over the cards it may still
 * draw: a function of what is known then, as V must be, and near the
 * mean of V over the loser's draw (exactly it where the outcome is
 * linear in the loser's figure).  Each expectation is then a pass per
 * kind of card, twice the kinds in all, where the ordered pair's was
 * their square: 32 times fewer outcomes in Rubicon.
 */
static void
draw_luck(struct luck_run *run, const struct action *a, int winner,
    const uint16_t *cards, int h, double *luck)
{
	uint16_t rep[CARDS_PER_PACK];
	int count[CARDS_PER_PACK], nk = kinds_of(cards, h, rep, count);
	double uw[CARDS_PER_PACK][LUCK_MAXU], ul[CARDS_PER_PACK][LUCK_MAXU];
	double mid[2], first[2], second[2], after[2];

	if (run->v->seat_draws != NULL) {
		run->v->seat_draws(run->g, winner, cards[0], rep, nk,
		    run->v->ctx, uw[0]);
		run->v->seat_draws(run->g, 1 - winner, cards[1], rep, nk,
		    run->v->ctx, ul[0]);
	} else {
		for (int i = 0; i < nk; i++) {
			figure_if(run, a, 0, rep[i], winner, uw[i]);
			figure_if(run, a, 1, rep[i], 1 - winner, ul[i]);
		}
	}
	/* kinds_of lists cards[0]'s kind first: the winner's card is
	 * kind 0. */
	winner_expectation(run, winner, count, nk, h, uw, ul, mid, first);
	loser_expectation(run, winner, count, nk, h, uw[0], ul, second);
	value_of(run->v, run->g, after);
	for (int c = 0; c < 2; c++)
		luck[c] = mid[c] - first[c] + after[c] - second[c];
}

/* The same where the draws leave at most one card unseen and V has a
 * whole(): each ordered pair of the h unseen cards played out (the
 * third, if any, left where the stock has it). */
static void
expected_last(struct luck_run *run, const struct action *a,
    const uint16_t *cards, int h, double *mean)
{
	double x[2];

	mean[0] = mean[1] = 0;
	for (int i = 0; i < h; i++)
		for (int j = 0; j < h; j++) {
			if (i == j)
				continue;
			game_copy(run->scratch, run->pre);
			game_stock_put(run->scratch, 0, cards[i]);
			game_stock_put(run->scratch, 1, cards[j]);
			game_apply(run->scratch, a, NULL);
			run->v->whole(run->scratch, run->v->ctx, x);
			mean[0] += x[0];
			mean[1] += x[1];
		}
	mean[0] /= (double)h * (h - 1);
	mean[1] /= (double)h * (h - 1);
}

int
luck_apply(struct luck_run *run, const struct action *a, double *ev)
{
	uint16_t cards[MAX_CARDS], trick[MAX_PLAYERS];
	int h, left, leader, winner;
	double after[2], mean[2], luck[2];

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
	if (run->v->whole != NULL && h <= 3) {
		run->v->whole(run->g, run->v->ctx, after);
		expected_last(run, a, cards, h, mean);
		luck[0] = after[0] - mean[0];
		luck[1] = after[1] - mean[1];
		run->sum.events++;
	} else {
		draw_luck(run, a, winner, cards, h, luck);
		run->sum.events += 2;
	}
	run->sum.score += luck[0];
	run->sum.value += luck[1];
	if (ev != NULL) {
		ev[0] = luck[0];
		ev[1] = luck[1];
	}
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
