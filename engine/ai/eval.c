/*
 * eval.c: the fitted model of the points still to come (eval.h).
 */
#include <math.h>
#include <string.h>

#include "combo.h"
#include "eval.h"
#include "eval_weights.h"

static inline int
kind(int suit, int rank)
{
	return suit * 8 + rank;
}

static inline int
min2(int a, int b)
{
	return a < b ? a : b;
}

void
eval_holding(const struct game *g, int seat, struct eval_holding *h)
{
	struct cardset hand = game_hand(g, seat), t = game_table(g, seat);

	memset(h, 0, sizeof(*h));
	CARDSET_FOREACH(x, &hand)
		h->c[card_kind(x)]++;
	CARDSET_FOREACH(x, &t) {
		h->c[card_kind(x)]++;
		h->tc[card_kind(x)]++;
		h->ntable++;
	}
}

/* Declared cards have scored once already, so they count for less.
 * bq, bj: the bézique's queen and jack (they depend on trump in the
 * six- and eight-pack). */
static int
table_features(const struct game *g, const uint8_t *tc, int ntable,
    int bq, int bj, double *x)
{
	int t = game_trump(g), courts = 0, aces = 0, trumps = 0;

	for (int u = 0; u < NSUITS; u++) {
		courts += tc[kind(u, RANK_K)] + tc[kind(u, RANK_Q)];
		aces += tc[kind(u, RANK_A)];
	}
	for (int r = 0; t >= 0 && r < NRANKS; r++)
		trumps += tc[kind(t, r)];
	x[0] = ntable;
	x[1] = tc[bq];
	x[2] = tc[bj];
	x[3] = courts;
	x[4] = aces;
	x[5] = trumps;
	return 6;
}

/* How many of the ranks of a sequence (A T K Q J) suit u holds. */
static int
sequence_ranks(const uint8_t *c, int u)
{
	static const int ranks[] = { RANK_A, RANK_T, RANK_K, RANK_Q, RANK_J };
	int d = 0;

	for (int i = 0; i < 5; i++)
		d += c[kind(u, ranks[i])] > 0;
	return d;
}

static int
marriages(const uint8_t *c, int u)
{
	return min2(c[kind(u, RANK_K)], c[kind(u, RANK_Q)]);
}

/* The trump suit, or before it is fixed the suit most likely to become
 * it for this seat (the best marriage and sequence prospects). */
static int
likely_trump(const struct game *g, const uint8_t *c)
{
	int t = game_trump(g), best = -1;

	if (t >= 0)
		return t;
	for (int u = 0; u < NSUITS; u++) {
		int score = sequence_ranks(c, u) + 2 * (marriages(c, u) > 0);
		if (score > best) {
			best = score;
			t = u;
		}
	}
	return t;
}

/* The bézique's cards and how many béziques they make (single to
 * quadruple, and the eight-pack's quintuple in the last feature). */
static int
bezique_features(const uint8_t *c, int bq, int bj, double *x)
{
	int q = c[bq], j = c[bj], m = min2(q, j);

	x[0] = q;
	x[1] = j;
	x[2] = m >= 1;
	x[3] = m >= 2;
	x[4] = m >= 3;
	x[5] = m >= 4;
	return 6;
}

static int
quartet_features(const uint8_t *c, double *x)
{
	static const int ranks[] = { RANK_A, RANK_K, RANK_Q, RANK_J };
	int i = 0;

	for (int k = 0; k < 4; k++) {
		int n = 0;
		for (int u = 0; u < NSUITS; u++)
			n += c[kind(u, ranks[k])];
		x[i++] = n;
		x[i++] = n >= 3;
		x[i++] = n >= 4;
		x[i++] = n >= 6;
	}
	return i;
}

static int
suit_features(const struct game *g, const uint8_t *c, double *x)
{
	int t = likely_trump(g, c), d = sequence_ranks(c, t), i = 0;
	int trumps = 0, plain = 0, seq4 = 0, seq5 = 0, tens = 0;

	for (int r = 0; r < NRANKS; r++)
		trumps += c[kind(t, r)];
	for (int u = 0; u < NSUITS; u++) {
		tens += c[kind(u, RANK_T)];
		if (u == t)
			continue;
		plain += marriages(c, u);
		seq4 += sequence_ranks(c, u) >= 4;
		seq5 += sequence_ranks(c, u) == 5;
	}
	x[i++] = d;
	x[i++] = d >= 4;
	x[i++] = d == 5;
	x[i++] = marriages(c, t);
	x[i++] = trumps;
	x[i++] = game_trump(g) < 0;
	x[i++] = plain;
	x[i++] = seq4;
	x[i++] = seq5;
	x[i++] = tens;
	return i;
}

/*
 * What only some variants score (zero in the others, where the fit
 * leaves their weights at 0): the eight-pack's quintuple bézique, four
 * and five trump aces, tens, kings, queens or jacks (six-, eight-pack),
 * and the seven of trumps (two-hand: 10 to exchange or declare it).
 */
static int
variant_features(const struct game *g, const uint8_t *c, int bq, int bj,
    double *x)
{
	static const int ranks[] = { RANK_A, RANK_T, RANK_K, RANK_Q, RANK_J };
	const struct rules *r = game_rules(g);
	int t = likely_trump(g, c), four = 0, five = 0;

	for (int i = 0; i < 5 && r->trump_quartets; i++) {
		four += c[kind(t, ranks[i])] >= 4;
		five += r->trump_quintets && c[kind(t, ranks[i])] >= 5;
	}
	x[0] = r->max_bezique >= 5 && min2(c[bq], c[bj]) >= 5;
	x[1] = four;
	x[2] = five;
	x[3] = r->seven_of_trumps > 0 && game_trump(g) >= 0 ?
	    c[kind(game_trump(g), RANK_7)] : 0;
	return 4;
}

void
eval_features_held(const struct game *g, int seat,
    const struct eval_holding *h, double *x)
{
	const struct rules *r = game_rules(g);
	double stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	double f = game_stock_left(g) / stock;
	int i = 0, bq, bj;

	combo_bezique_kinds(r, likely_trump(g, h->c), &bq, &bj);
	x[i++] = 1;
	i += bezique_features(h->c, bq, bj, x + i);
	i += quartet_features(h->c, x + i);
	i += suit_features(g, h->c, x + i);
	i += table_features(g, h->tc, h->ntable, bq, bj, x + i);
	x[i++] = game_leader(g) == seat;
	i += variant_features(g, h->c, bq, bj, x + i);
	for (int k = 0; k < EVAL_BASE; k++)
		x[EVAL_BASE + k] = x[k] * f;
}

void
eval_features(const struct game *g, int seat, double *x)
{
	struct eval_holding h;

	eval_holding(g, seat, &h);
	eval_features_held(g, seat, &h, x);
}

const double *
eval_weights_of(enum variant v)
{
	return eval_weights[(unsigned)v < NVARIANTS ? v : VARIANT_RUBICON];
}

/* The weights' sum over the features of seat holding h. */
static double
weighed(const struct game *g, int seat, const struct eval_holding *h,
    const double *w)
{
	double x[EVAL_NFEAT], sum = 0;

	eval_features_held(g, seat, h, x);
	for (int i = 0; i < EVAL_NFEAT; i++)
		sum += w[i] * x[i];
	return sum;
}

double
eval_with(const struct game *g, int seat, const double *w)
{
	struct eval_holding h;

	eval_holding(g, seat, &h);
	return weighed(g, seat, &h, w);
}

/* By the weights fitted to the variant's own deals. */
double
eval_future(const struct game *g, int seat)
{
	return eval_with(g, seat, eval_weights_of(game_rules(g)->variant));
}

double
eval_future_held(const struct game *g, int seat,
    const struct eval_holding *h)
{
	return weighed(g, seat, h, eval_weights_of(game_rules(g)->variant));
}

/* Fitted with the weights (bench_eval) as a + b sqrt(share of the stock
 * left). */
double
eval_sd(const struct game *g)
{
	const struct rules *r = game_rules(g);
	double stock = r->packs * CARDS_PER_PACK - r->players * r->hand_size;
	enum variant v = (unsigned)r->variant < NVARIANTS ? r->variant :
	    VARIANT_RUBICON;
	const double *s = eval_spread[v];

	return s[0] + s[1] * sqrt(game_stock_left(g) / stock);
}

double
eval_value(const struct game *g, int seat, double mine, double theirs,
    double *win)
{
	/* Three-point Gauss-Hermite rule for a normal variable. */
	static const double z[3] = { -1.7320508075688772, 0,
		1.7320508075688772 };
	static const double w[3] = { 1.0 / 6, 2.0 / 3, 1.0 / 6 };
	const struct rules *r = game_rules(g);
	double sd = eval_sd(g), sum = 0;
	int opp = 1 - seat, left = r->packs * 8 * 10 -
	    game_brisques(g, seat) - game_brisques(g, opp);
	struct deal_scores ds;
	struct game_value gv;

	ds.brisques[seat] = game_brisques(g, seat) + left / 2;
	ds.brisques[opp] = game_brisques(g, opp) + left - left / 2;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			double a = mine + sd * z[i], b = theirs + sd * z[j];
			ds.points[seat] = a > 0 ? (int)lround(a) : 0;
			ds.points[opp] = b > 0 ? (int)lround(b) : 0;
			score_game_value(&r->score, &ds, &gv);
			sum += w[i] * w[j] * (gv.winner < 0 ? 0 :
			    gv.winner == seat ? gv.value : -gv.value);
		}
	*win = 0.5 * erfc(-(mine - theirs) / (2 * sd));
	return sum;
}

double
eval_win(const struct game *g, double mine, double theirs)
{
	return 0.5 * erfc(-(mine - theirs) / (2 * eval_sd(g)));
}
