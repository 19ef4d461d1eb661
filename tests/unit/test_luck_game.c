/*
 * test_luck_game.c: the luck of a game of several deals (luck_game.h):
 * a V for two- and three-hand only; the game's luck, the sum of its
 * deals' on the game's scale, has mean 0 over seeded games of greedy
 * against itself, which adjust to a half with a narrower interval (of
 * three: each pair's); V once the stock is known is the game's result
 * when the deal ends it, and the next deal's mean when it does not, so
 * nothing between two deals is luck; three seats' draws by seat_draws
 * are the draws played.
 */
#include "test_util.h"

#include <math.h>
#include <string.h>

#include "greedy.h"
#include "luck_game.h"
#include "series.h"

#define NGAMES	120

static void
choose(const struct game *g, struct action *a)
{
	struct game *v = game_view(g, game_to_move(g));

	assert_int_equal(greedy_choose(v, NULL, a), 0);
	game_free(v);
}

static void
test_games_of_several_only(void **state)
{
	struct rules r;
	struct luck_game *lg;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	assert_null(luck_game_new(&r));
	for (int k = 0; k < 2; k++) {
		rules_init(&r, k ? VARIANT_THREE_HAND : VARIANT_TWO_HAND);
		assert_null(luck_unmeasured(&r));
		assert_non_null(lg = luck_game_new(&r));
		assert_true(luck_game_rules_are(lg, &r));
		luck_game_free(lg);
	}
	/* Three seats in a game of one deal: no V. */
	r.game_target = 0;
	assert_non_null(luck_unmeasured(&r));
	assert_null(luck_game_new(&r));
}

/* The game over, as the ratings count it: of two, seat 0's score and
 * value; of three, each pair's score (the winner above both others,
 * the others by their totals). */
static void
series_result(const struct series *s, double *out)
{
	int a, b;

	if (s->players == 2) {
		out[0] = s->winner < 0 ? 0.5 : s->winner == 0;
		out[1] = s->winner < 0 ? 0 : s->winner == 0 ? s->value :
		    -s->value;
		return;
	}
	for (int k = 0; k < LUCK_NOUT; k++) {
		luck_pair(k, &a, &b);
		out[k] = s->winner == a ? 1 : s->winner == b ? 0 :
		    s->total[a] > s->total[b] ? 1 :
		    s->total[a] < s->total[b] ? 0 : 0.5;
	}
}

/* Where a deal's stock has no card unseen but the last and the
 * turn-up (two-hand) or none (three-hand), V of the game (by whole,
 * luck.h): checked against the game as it stands once greedy has
 * played the deal out, which is how this deal goes on. */
static void
check_stock_out(struct luck_game *lg, const struct luck_v *v,
    const struct game *g, const struct series *before,
    const struct rules *r)
{
	struct game *p = luck_played_out(g);
	struct series s = *before;
	double got[LUCK_NOUT], want[LUCK_NOUT];
	int n = r->players == 2 ? 2 : LUCK_NOUT;

	v->whole(g, v->ctx, got);
	if (series_add(&s, r, p))
		series_result(&s, want);
	else
		luck_game_deal_mean(lg, s.total, s.dealer, want);
	for (int k = 0; k < n; k++)
		assert_true(got[k] == want[k]);
	game_free(p);
}

/* One deal of game i, from the series' totals: its luck added to luck. */
static void
play_deal(struct luck_game *lg, struct series *s, const struct rules *r,
    uint64_t seed, double *luck)
{
	struct game *g = game_new(r, seed, s->dealer);
	struct luck_run run;
	struct luck_v v;
	double mean[LUCK_NOUT];

	luck_game_v(lg, s->total, &v);
	luck_game_deal_mean(lg, s->total, s->dealer, mean);
	assert_int_equal(luck_begin(&run, g, &v, mean), 0);
	while (!game_over(run.g)) {
		struct action a;
		uint16_t cards[MAX_CARDS];
		int unseen = game_stock_unseen(run.g, cards);
		choose(run.g, &a);
		assert_true(luck_apply(&run, &a, NULL) >= 0);
		if (unseen > r->players - 1 &&
		    game_stock_unseen(run.g, cards) <= r->players - 1)
			check_stock_out(lg, &v, run.g, s, r);
	}
	for (int k = 0; k < LUCK_NOUT; k++)
		luck[k] += run.sum.x[k];
	series_add(s, r, run.g);
	luck_end(&run);
	game_free(g);
}

/*
 * Greedy against itself, NGAMES games from seed 4000 on (game i's deals
 * from 4000 + 100 i, the first dealt by i % 2): seat 0's luck has mean
 * 0 within its interval, on both scales; "A", seat 0 in even games and
 * seat 1 in odd ones, adjusts to a half with a narrower interval.
 */
static void
test_games_mean_zero(void **state)
{
	struct rules r;
	struct luck_game *lg;
	struct acc luck[2], raw, adj;
	int deals = 0;

	(void)state;
	memset(luck, 0, sizeof(luck));
	memset(&raw, 0, sizeof(raw));
	memset(&adj, 0, sizeof(adj));
	rules_init(&r, VARIANT_TWO_HAND);
	assert_non_null(lg = luck_game_new(&r));
	for (int i = 0; i < NGAMES; i++) {
		struct series s;
		double l[LUCK_NOUT] = { 0 }, score;
		series_init(&s, &r, i % 2);
		while (!s.over) {
			assert_true(s.deals < 30);
			play_deal(lg, &s, &r, 4000 + 100 * (uint64_t)i +
			    (uint64_t)s.deals, l);
			deals++;
		}
		acc_add(&luck[0], l[0]);
		acc_add(&luck[1], l[1]);
		score = s.winner < 0 ? 0.5 : s.winner == 0;
		acc_add(&raw, i % 2 ? 1 - score : score);
		acc_add(&adj, i % 2 ? 1 - (score - l[0]) : score - l[0]);
	}
	luck_game_free(lg);
	print_message("two-hand, %d games of %d deals: luck %.4f ± %.4f "
	    "(score), %.4f ± %.4f (value); greedy as A: raw %.3f ± %.3f, "
	    "adjusted %.3f ± %.3f\n", NGAMES, deals, acc_mean(&luck[0]),
	    acc_ci95(&luck[0]), acc_mean(&luck[1]), acc_ci95(&luck[1]),
	    acc_mean(&raw), acc_ci95(&raw), acc_mean(&adj), acc_ci95(&adj));
	assert_true(deals > 2 * NGAMES);
	for (int k = 0; k < 2; k++) {
		assert_true(acc_ci95(&luck[k]) > 0);
		assert_true(fabs(acc_mean(&luck[k])) <= acc_ci95(&luck[k]));
	}
	assert_true(fabs(acc_mean(&adj) - 0.5) <= acc_ci95(&adj));
	assert_true(acc_ci95(&adj) < acc_ci95(&raw));
}

/*
 * Three-hand, greedy in every seat, NGAMES3 games from seed 7000 on
 * (game i's deals from 7000 + 100 i, the first dealt by i % 3): each
 * pair's luck has mean 0 within its interval, and each pair's score
 * adjusts to a half (the seats take turns to deal) with a narrower
 * interval.
 */
#define NGAMES3	60

static void
test_three_hand_mean_zero(void **state)
{
	struct rules r;
	struct luck_game *lg;
	struct acc luck[LUCK_NOUT], raw[LUCK_NOUT], adj[LUCK_NOUT];
	int deals = 0;

	(void)state;
	memset(luck, 0, sizeof(luck));
	memset(raw, 0, sizeof(raw));
	memset(adj, 0, sizeof(adj));
	rules_init(&r, VARIANT_THREE_HAND);
	assert_non_null(lg = luck_game_new(&r));
	for (int i = 0; i < NGAMES3; i++) {
		struct series s;
		double l[LUCK_NOUT] = { 0 }, score[LUCK_NOUT];
		series_init(&s, &r, i % 3);
		while (!s.over) {
			assert_true(s.deals < 40);
			play_deal(lg, &s, &r, 7000 + 100 * (uint64_t)i +
			    (uint64_t)s.deals, l);
			deals++;
		}
		series_result(&s, score);
		for (int k = 0; k < LUCK_NOUT; k++) {
			acc_add(&luck[k], l[k]);
			acc_add(&raw[k], score[k]);
			acc_add(&adj[k], score[k] - l[k]);
		}
	}
	luck_game_free(lg);
	for (int k = 0; k < LUCK_NOUT; k++) {
		print_message("three-hand, %d games of %d deals, pair %d: luck "
		    "%.4f ± %.4f; score raw %.3f ± %.3f, adjusted %.3f ± "
		    "%.3f\n", NGAMES3, deals, k, acc_mean(&luck[k]),
		    acc_ci95(&luck[k]), acc_mean(&raw[k]), acc_ci95(&raw[k]),
		    acc_mean(&adj[k]), acc_ci95(&adj[k]));
		assert_true(acc_ci95(&luck[k]) > 0);
		assert_true(fabs(acc_mean(&luck[k])) <= acc_ci95(&luck[k]));
		assert_true(fabs(acc_mean(&adj[k]) - 0.5) <= acc_ci95(&adj[k]));
		assert_true(acc_ci95(&adj[k]) < acc_ci95(&raw[k]));
	}
	assert_true(deals > 5 * NGAMES3);
}

/*
 * The three draws of a three-hand trick: each seat's figures for the
 * kinds it might have drawn, by the V's seat_draws and by each draw
 * played (the third seat's card put third), give the same luck, to the
 * last bit (the evaluation's figure is a sum over the kinds held).
 */
static void
test_three_draws_as_played(void **state)
{
	struct rules r;
	struct luck_game *lg;
	int before[MAX_PLAYERS] = { 400, 1200, 900 }, draws = 0;

	(void)state;
	rules_init(&r, VARIANT_THREE_HAND);
	assert_non_null(lg = luck_game_new(&r));
	for (int d = 0; d < 3; d++) {
		struct game *g = game_new(&r, 900 + (uint64_t)d, d);
		struct luck_v fast, played;
		struct luck_run a, b;
		luck_game_v(lg, before, &fast);
		played = fast;
		played.seat_draws = NULL;
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
			draws++;
			for (int k = 0; k < LUCK_NOUT; k++)
				assert_true(ea[k] == eb[k]);
		}
		/* 24 draws of three cards; the deal's own and the last
		 * (whole) one event each. */
		assert_int_equal(a.sum.events, 1 + 23 * 3);
		luck_end(&a);
		luck_end(&b);
		game_free(g);
	}
	luck_game_free(lg);
	assert_int_equal(draws, 3 * 24);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games_of_several_only),
		cmocka_unit_test(test_games_mean_zero),
		cmocka_unit_test(test_three_hand_mean_zero),
		cmocka_unit_test(test_three_draws_as_played),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
