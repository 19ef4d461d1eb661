/*
 * test_luck.c: the luck of a deal's draws (luck.h): a draw worked by
 * hand; the mean of the luck is 0 over seeded deals of greedy against
 * greedy, with the default V and with noise as V; greedy against itself
 * adjusts to half the points, with a narrower interval; the default V's
 * figure of a seat reads its own cards only.
 */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "greedy.h"
#include "luck.h"
#include "luck_model.h"

/* V of the worked draw: aces held (hand and table); the score seat 0's
 * aces less seat 1's, the value 100 times their product (which, unlike
 * a difference, tells drawing without replacement from drawing with). */
static int
aces_held(const struct game *g, int seat)
{
	struct cardset h = game_hand(g, seat), t = game_table(g, seat);
	int n = 0;

	CARDSET_FOREACH(c, &h)
		n += card_rank(c) == RANK_A;
	CARDSET_FOREACH(c, &t)
		n += card_rank(c) == RANK_A;
	return n;
}

static void
aces(const struct game *g, int seat, void *ctx, double *u)
{
	(void)ctx;
	u[0] = aces_held(g, seat);
}

static void
difference(const struct game *g, const double *const *u, void *ctx,
    double *out)
{
	(void)g;
	(void)ctx;
	out[0] = u[0][0] - u[1][0];
	out[1] = 100 * u[0][0] * u[1][0];
	out[2] = 0;
}

/* Noise: a figure of the seat's kinds that says nothing of the deal. */
static void
noise(const struct game *g, int seat, void *ctx, double *u)
{
	struct cardset h = game_hand(g, seat), t = game_table(g, seat);
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	(void)ctx;
	CARDSET_FOREACH(c, &h)
		x += (uint64_t)(card_kind(c) + 1) * 0xbf58476d1ce4e5b9ULL;
	CARDSET_FOREACH(c, &t)
		x += (uint64_t)(card_kind(c) + 7) * 0x94d049bb133111ebULL;
	x ^= x >> 31;
	x *= 0xd6e8feb86659fd93ULL;
	x ^= x >> 32;
	u[0] = (double)(x % 1000) / 1000;
}

static void
noisy(const struct game *g, const double *const *u, void *ctx, double *out)
{
	(void)g;
	(void)ctx;
	out[0] = 2 * (u[0][0] - u[1][0]);
	out[1] = 3000 * (u[0][0] - u[1][0]);
	out[2] = 0;
}

static int
find(const uint16_t *deck, int n, int card)
{
	for (int i = 0; i < n; i++)
		if (deck[i] == card)
			return i;
	return -1;
}

static void
choose(const struct game *g, struct action *a)
{
	struct game *v = game_view(g, game_to_move(g));

	assert_int_equal(greedy_choose(v, NULL, a), 0);
	game_free(v);
}

/*
 * A Rubicon deck whose last four stock cards are A, K, A, 7 of spades:
 * at the stock's last two draws, V = aces of seat 0 - aces of seat 1.
 * Four unseen, two of them aces: each seat expects 1/2 an ace from the
 * first draw.  Its winner draws the ace (+1/2), its loser the king
 * (-1/2): seat 0's luck is +1 if it won the trick, -1 if not.  At the
 * last draw the unseen are the ace and the seven: the same again.  The
 * value, with a and b the aces of the winner and the loser before the
 * draw, x and y those they draw: 100 (a + x)(b + y) against its mean
 * 100 (ab + a/2 + b/2 + E[xy]), E[xy] = P(both draw an ace) = 2/4 * 1/3
 * at the first draw (1/4 if it were drawn with replacement), 0 at the
 * last; both draw x = 1, y = 0: 100 ((b - a) / 2 - E[xy]).
 */
static void
test_worked_draw(void **state)
{
	static const int last[4][2] = { { RANK_A, 0 }, { RANK_K, 0 },
		{ RANK_A, 1 }, { RANK_7, 0 } };
	struct rules r;
	uint16_t deck[MAX_CARDS];
	struct luck_v v = { 1, aces, difference, NULL, NULL, NULL };
	struct luck_run run;
	struct game *g;
	int n, seen = 0;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	n = r.packs * CARDS_PER_PACK;
	game_shuffle_deck(&r, 3, deck);
	for (int i = 0; i < 4; i++) {
		int at = find(deck, n, card_make(last[i][1], SUIT_S,
		    last[i][0])), to = n - 4 + i;
		uint16_t t = deck[to];
		deck[to] = deck[at];
		deck[at] = t;
	}
	g = game_new_from_deck(&r, deck, 1);
	assert_int_equal(luck_begin(&run, g, &v, NULL), 0);
	while (!game_over(run.g)) {
		struct action a;
		uint16_t trick[MAX_PLAYERS];
		int left = game_stock_left(run.g), leader, winner, drew;
		double ev[LUCK_NOUT], aw, bl, xy = left == 4 ? 2.0 / 4 / 3 : 0;
		choose(run.g, &a);
		drew = luck_apply(&run, &a, ev);
		assert_true(drew >= 0);
		if (drew == 0 || (left != 4 && left != 2))
			continue;
		game_past_trick(run.g, game_tricks_played(run.g) - 1, trick,
		    &leader, &winner);
		assert_true(fabs(ev[0] - (winner == 0 ? 1 : -1)) < 1e-12);
		aw = aces_held(run.g, winner) - 1;
		bl = aces_held(run.g, 1 - winner);
		assert_true(fabs(ev[1] - 100 * ((bl - aw) / 2 - xy)) < 1e-9);
		seen++;
	}
	assert_int_equal(seen, 2);
	luck_end(&run);
	game_free(g);
}

/* Seat 0's result of a finished deal: score (1, 1/2, 0) and value. */
static void
result_of(const struct game *g, double *out)
{
	struct result res;

	game_result(g, &res);
	out[0] = res.value.winner < 0 ? 0.5 : res.value.winner == 0;
	out[1] = res.value.winner < 0 ? 0 : res.value.winner == 0 ?
	    res.value.value : -res.value.value;
}

/* Greedy against greedy, deal i from seed 1000 + i, dealer i % 2:
 * the luck and the result of each, for seat 0. */
static void
play_deals(const struct luck_v *v, enum variant variant, int n,
    double *luck, double *raw)
{
	struct rules r;
	double mean[2][LUCK_NOUT];

	rules_init(&r, variant);
	for (int d = 0; d < 2; d++)
		luck_deal_mean(&r, d, v, 4000, 77 + (uint64_t)d, mean[d]);
	for (int i = 0; i < n; i++) {
		struct game *g = game_new(&r, 1000 + (uint64_t)i, i % 2);
		struct luck_run run;
		assert_int_equal(luck_begin(&run, g, v, mean[i % 2]), 0);
		while (!game_over(run.g)) {
			struct action a;
			choose(run.g, &a);
			assert_true(luck_apply(&run, &a, NULL) >= 0);
		}
		luck[2 * i] = run.sum.x[0];
		luck[2 * i + 1] = run.sum.x[1];
		result_of(run.g, raw + 2 * i);
		luck_end(&run);
		game_free(g);
	}
}

#define NDEALS	120

/* The mean of the luck (score, value) is within its interval of 0. */
static void
check_mean_zero(const struct luck_v *v, const char *what)
{
	static double luck[2 * NDEALS], raw[2 * NDEALS];
	struct acc acc[2];

	play_deals(v, VARIANT_RUBICON, NDEALS, luck, raw);
	for (int k = 0; k < 2; k++) {
		memset(&acc[k], 0, sizeof(acc[k]));
		for (int i = 0; i < NDEALS; i++)
			acc_add(&acc[k], luck[2 * i + k]);
		if (fabs(acc_mean(&acc[k])) > acc_ci95(&acc[k])) {
			print_error("%s, %s: luck %.4f ± %.4f\n", what,
			    k ? "value" : "score", acc_mean(&acc[k]),
			    acc_ci95(&acc[k]));
			fail();
		}
		assert_true(acc_ci95(&acc[k]) > 0);
	}
}

static void
test_mean_zero_eval(void **state)
{
	struct luck_v v;

	(void)state;
	luck_v_eval(&v);
	check_mean_zero(&v, "evaluation");
	luck_v_release(&v);
}

static void
test_mean_zero_noise(void **state)
{
	struct luck_v v = { 1, noise, noisy, NULL, NULL, NULL };

	(void)state;
	check_mean_zero(&v, "noise");
}

/*
 * Greedy against itself, the engine "A" seat 0 in even deals and seat 1
 * in odd ones (independent decks): its adjusted score is 1/2 within its
 * interval, and the interval is narrower than the raw one's.
 */
static void
self_adjusts_to_half(enum variant variant)
{
	static double luck[2 * NDEALS], raw[2 * NDEALS];
	struct acc s_raw, s_adj;
	struct luck_v v;

	luck_v_eval(&v);
	play_deals(&v, variant, NDEALS, luck, raw);
	luck_v_release(&v);
	memset(&s_raw, 0, sizeof(s_raw));
	memset(&s_adj, 0, sizeof(s_adj));
	for (int i = 0; i < NDEALS; i++) {
		double x = raw[2 * i], y = raw[2 * i] - luck[2 * i];
		acc_add(&s_raw, i % 2 ? 1 - x : x);
		acc_add(&s_adj, i % 2 ? 1 - y : y);
	}
	print_message("%s, greedy as A: raw %.3f ± %.3f, adjusted %.3f ± "
	    "%.3f\n", variant_name(variant), acc_mean(&s_raw), acc_ci95(&s_raw),
	    acc_mean(&s_adj), acc_ci95(&s_adj));
	assert_true(fabs(acc_mean(&s_adj) - 0.5) <=
	    acc_ci95(&s_adj));
	assert_true(acc_ci95(&s_adj) < acc_ci95(&s_raw));
}

static void
test_self_adjusts_to_half(void **state)
{
	(void)state;
	self_adjusts_to_half(VARIANT_RUBICON);
}

/* The same in eight-pack, where the V fitted on Rubicon deals widened
 * the interval (luck.c keeps the evaluation's V there). */
static void
test_self_adjusts_eight_pack(void **state)
{
	(void)state;
	self_adjusts_to_half(VARIANT_EIGHT_PACK);
}

/*
 * The default V's bands: the deal of the hands is band 0, the stock out
 * the last, and between them the band never rises as the stock empties
 * (a band is a function of the state: the same before and after a
 * draw's outcomes, as the scale's luck needs).  Every scale is positive.
 */
static void
test_bands(void **state)
{
	struct rules r;
	struct game *g;
	int band, prev = LUCK_BANDS - 2;
	double s[2];

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 99, 0);
	assert_int_equal(luck_band(g), 0);
	while (game_stock_left(g) > 0) {
		struct action a;
		choose(g, &a);
		assert_int_equal(game_apply(g, &a, NULL), 0);
		if (game_tricks_played(g) == 0)
			continue;
		band = luck_band(g);
		if (game_stock_left(g) == 0)
			break;
		assert_true(band >= 1 && band <= prev);
		prev = band;
	}
	assert_int_equal(luck_band(g), LUCK_BANDS - 1);
	for (int b = 0; b < LUCK_BANDS; b++) {
		luck_scale(b, s);
		assert_true(s[0] > 0 && s[1] > 0);
	}
	game_free(g);
}

/*
 * The default V's figure of a seat reads its own cards and the public
 * state only (what keeps E[V] over a draw a product of the seats' and
 * the luck unbiased, luck.h): two deals that differ in one card of seat
 * 1's hand, swapped with a card of the stock, give seat 0 the same
 * figure, and seat 1 another.
 */
static void
test_model_reads_own_cards(void **state)
{
	struct rules r;
	uint16_t deck[MAX_CARDS];
	double u[2][2][LUCK_MAXU];
	struct game *g[2];
	struct cardset h, a, b;
	int n, at, differ = 0;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	n = r.packs * CARDS_PER_PACK;
	game_shuffle_deck(&r, 11, deck);
	g[0] = game_new_from_deck(&r, deck, 0);
	h = game_hand(g[0], 1);
	at = find(deck, n, cardset_next(&h, 0));
	for (int i = n - 1; i >= 0; i--)
		if (card_kind(deck[i]) != card_kind(deck[at])) {
			uint16_t t = deck[i];
			deck[i] = deck[at];
			deck[at] = t;
			break;
		}
	g[1] = game_new_from_deck(&r, deck, 0);
	a = game_hand(g[0], 0);
	b = game_hand(g[1], 0);
	assert_true(cardset_equal(&a, &b));
	a = game_hand(g[0], 1);
	b = game_hand(g[1], 1);
	assert_false(cardset_equal(&a, &b));
	assert_true(luck_model_width() <= LUCK_MAXU);
	for (int k = 0; k < 2; k++)
		for (int seat = 0; seat < 2; seat++)
			luck_model_seat(g[k], seat, u[k][seat]);
	for (int i = 0; i < luck_model_width(); i++) {
		assert_true(u[0][0][i] == u[1][0][i]);
		differ += u[0][1][i] != u[1][1][i];
	}
	assert_true(differ > 0);
	game_free(g[0]);
	game_free(g[1]);
}

/*
 * The default V's seat_draws, each draw's figures from the state after
 * it (luck.h), gives the luck that playing every draw gives: the same
 * to the bit where V is the evaluation's (six-, eight-pack), and in
 * Rubicon, whose network's sums it moves by the inputs that differ,
 * within their float rounding.  Checked event by event in greedy deals.
 */
static void
test_seat_draws_as_played(void **state)
{
	static const enum variant variants[] = { VARIANT_RUBICON,
		VARIANT_SIX_PACK, VARIANT_EIGHT_PACK };
	struct luck_v fast, played;
	double worst[2] = { 0, 0 };
	int events = 0;

	(void)state;
	luck_v_eval(&fast);
	played = fast;
	played.seat_draws = NULL;
	for (int k = 0; k < 3; k++) {
		struct rules r;
		rules_init(&r, variants[k]);
		for (int d = 0; d < 6; d++) {
			struct game *g = game_new(&r, 500 + (uint64_t)d, d % 2);
			struct luck_run a, b;
			assert_int_equal(luck_begin(&a, g, &fast, NULL), 0);
			assert_int_equal(luck_begin(&b, g, &played, NULL), 0);
			while (!game_over(a.g)) {
				struct action act;
				double ea[LUCK_NOUT], eb[LUCK_NOUT];
				int drew;
				choose(a.g, &act);
				drew = luck_apply(&a, &act, ea);
				assert_int_equal(luck_apply(&b, &act, eb), drew);
				if (drew != 1)
					continue;
				events++;
				for (int c = 0; c < 2; c++) {
					double diff = fabs(ea[c] - eb[c]);
					if (variants[k] != VARIANT_RUBICON)
						assert_true(diff == 0);
					if (diff > worst[c])
						worst[c] = diff;
				}
			}
			luck_end(&a);
			luck_end(&b);
			game_free(g);
		}
	}
	luck_v_release(&fast);
	print_message("%d draws: worst difference %.2g (score), %.2g "
	    "(value)\n", events, worst[0], worst[1]);
	assert_true(events > 500);
	assert_true(worst[0] < 1e-5);
	assert_true(worst[1] < 1e-2);
}

/*
 * The deal means luck_default_deal_mean keeps for each variant's own
 * rules are the ones luck_deal_mean samples with the default V: on a
 * change of V or of the deal, the lines to put in luck.c's table.
 */
static void
test_deal_means_as_sampled(void **state)
{
	static const enum variant variants[] = { VARIANT_RUBICON,
		VARIANT_SIX_PACK, VARIANT_EIGHT_PACK };
	struct luck_v v;
	bool same = true;
	char lines[3][200];

	(void)state;
	luck_v_eval(&v);
	for (int k = 0; k < 3; k++) {
		struct rules r;
		double kept[2][LUCK_NOUT], sampled[2][LUCK_NOUT];
		rules_init(&r, variants[k]);
		for (int d = 0; d < 2; d++) {
			luck_default_deal_mean(&r, d, kept[d]);
			luck_deal_mean(&r, d, &v, LUCK_DEAL_DECKS,
			    LUCK_DEAL_SEED, sampled[d]);
			same = same && memcmp(kept[d], sampled[d],
			    sizeof(kept[d])) == 0;
		}
		snprintf(lines[k], sizeof(lines[k]), "\t{ VARIANT_%s,\n"
		    "\t    { { %.17g, %.17g, 0 },\n\t    { %.17g, %.17g, 0 } } },",
		    k == 0 ? "RUBICON" : k == 1 ? "SIX_PACK" : "EIGHT_PACK",
		    sampled[0][0], sampled[0][1], sampled[1][0],
		    sampled[1][1]);
	}
	luck_v_release(&v);
	if (!same) {
		print_error("engine/ai/luck.c's deal_means are not what is "
		    "sampled; they should be:\n%s\n%s\n%s\n", lines[0],
		    lines[1], lines[2]);
		fail();
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_worked_draw),
		cmocka_unit_test(test_mean_zero_eval),
		cmocka_unit_test(test_mean_zero_noise),
		cmocka_unit_test(test_self_adjusts_to_half),
		cmocka_unit_test(test_self_adjusts_eight_pack),
		cmocka_unit_test(test_bands),
		cmocka_unit_test(test_model_reads_own_cards),
		cmocka_unit_test(test_seat_draws_as_played),
		cmocka_unit_test(test_deal_means_as_sampled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
