/*
 * test_luck_game.c: the luck of a game of several deals (luck_game.h):
 * a V for two-hand only; the game's luck, the sum of its deals' on the
 * game's scale, has mean 0 over seeded games of greedy against itself,
 * which adjust to a half with a narrower interval; V once the stock is
 * known is the game's result when the deal ends it, and the next deal's
 * mean when it does not, so nothing between two deals is luck.
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
test_games_of_two_only(void **state)
{
	struct rules r;
	struct luck_game *lg;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	assert_null(luck_game_new(&r));
	rules_init(&r, VARIANT_THREE_HAND);
	assert_null(luck_game_new(&r));
	assert_non_null(luck_unmeasured(&r));
	rules_init(&r, VARIANT_TWO_HAND);
	assert_null(luck_unmeasured(&r));
	assert_non_null(lg = luck_game_new(&r));
	assert_true(luck_game_rules_are(lg, &r));
	luck_game_free(lg);
}

/* Where a deal's stock has no card unseen but the last and the
 * turn-up, V of the game (by whole, luck.h): checked
 * against the game as it stands once greedy has played the deal out,
 * which is how this deal goes on. */
static void
check_stock_out(struct luck_game *lg, const struct luck_v *v,
    const struct game *g, const struct series *before,
    const struct rules *r)
{
	struct game *p = luck_played_out(g);
	struct series s = *before;
	double got[2], want[2];

	v->whole(g, v->ctx, got);
	if (series_add(&s, r, p)) {
		want[0] = s.winner < 0 ? 0.5 : s.winner == 0;
		want[1] = s.winner < 0 ? 0 : s.winner == 0 ? s.value :
		    -s.value;
	} else
		luck_game_deal_mean(lg, s.total, s.dealer, want);
	assert_true(got[0] == want[0]);
	assert_true(got[1] == want[1]);
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
	double mean[2];

	luck_game_v(lg, s->total, &v);
	luck_game_deal_mean(lg, s->total, s->dealer, mean);
	assert_int_equal(luck_begin(&run, g, &v, mean), 0);
	while (!game_over(run.g)) {
		struct action a;
		uint16_t cards[MAX_CARDS];
		int unseen = game_stock_unseen(run.g, cards);
		choose(run.g, &a);
		assert_true(luck_apply(&run, &a, NULL) >= 0);
		if (unseen > 1 && game_stock_unseen(run.g, cards) <= 1)
			check_stock_out(lg, &v, run.g, s, r);
	}
	luck[0] += run.sum.score;
	luck[1] += run.sum.value;
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
		double l[2] = { 0, 0 }, score;
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games_of_two_only),
		cmocka_unit_test(test_games_mean_zero),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
