/*
 * test_strong_time.c: how long the strong level thinks (strong_time.c),
 * on a clock counted in playouts (think_limits.playout_clock) so that
 * every figure is exact: fixed playouts are obeyed whatever the clock;
 * without the time manager a decision takes its even share of the
 * clock; with it, settled decisions stop before their share and
 * decisions in doubt go past it, never beyond `stretch` shares nor a
 * quarter of the clock; the same seed, the same decision.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "dealt.h"
#include "greedy.h"
#include "strong.h"
#include "view.h"

/* The playouts a decision of v took on a clock of `left` playouts. */
static long long
on_clock(const struct strong_params *p, const struct game *v,
    long long left, long long fixed, struct action *a)
{
	struct think_limits lim;
	struct rng rng;
	struct heard h = { "", 0, 0 };

	memset(&lim, 0, sizeof(lim));
	lim.time_ms = left;
	lim.playout_clock = true;
	lim.playouts = fixed;
	rng_seed(&rng, 7);
	assert_int_equal(strong_search(p, v, &rng, &lim, heard_info, &h, a), 0);
	assert_true(game_is_legal(v, a));
	return heard_value(&h, "playouts=");
}

/* What strong_time.c gives a decision of v on a clock of `left`. */
static double
share_of(const struct game *v, long long left)
{
	double share = (double)left / (game_stock_left(v) / 2 + 4);

	return share > left * 0.25 ? left * 0.25 : share;
}

/* The decisions tried: searched ones (several candidates, stock phase). */
static struct game *
position(int k)
{
	return view_after_greedy(100 + (uint64_t)k, 6 + 4 * (k % 9));
}

static void
fixed_playouts_win(void **state)
{
	struct game *v = position(0);
	struct strong_params p;
	struct action a;

	(void)state;
	strong_defaults(&p, v);
	assert_true(p.time_manager);
	assert_int_equal(on_clock(&p, v, 1000000, 500, &a) / 100, 5);
	game_free(v);
}

/* Without the manager: the even share, to within one world. */
static void
even_share_without_manager(void **state)
{
	(void)state;
	for (int k = 0; k < 12; k++) {
		struct game *v = position(k);
		struct strong_params p;
		struct action a;
		long long n;
		double share;

		if (!strong_simulates(v)) {
			game_free(v);
			continue;
		}
		strong_defaults(&p, v);
		p.time_manager = false;
		share = share_of(v, 60000);
		n = on_clock(&p, v, 60000, 0, &a);
		assert_true(n >= share && n < share + 32);
		game_free(v);
	}
}

/*
 * With it: over these decisions some stop early and some go on; none
 * takes more than stretch shares (or a quarter of the clock) and one
 * world.  Removing either rule of strong_time_up fails this.
 */
static void
manager_moves_time(void **state)
{
	int early = 0, late = 0;

	(void)state;
	for (int k = 0; k < 40; k++) {
		struct game *v = position(k);
		struct strong_params p;
		struct action a, b;
		long long n, left = k % 2 ? 180000 : 40000;
		double share, most;

		if (!strong_simulates(v)) {
			game_free(v);
			continue;
		}
		strong_defaults(&p, v);
		share = share_of(v, left);
		most = share * p.stretch > left * 0.25 ? left * 0.25 :
		    share * p.stretch;
		n = on_clock(&p, v, left, 0, &a);
		assert_true(n < most + 32);
		early += n < share * 0.9;
		late += n > share * 1.2;
		assert_int_equal(on_clock(&p, v, left, 0, &b), n);
		assert_true(action_equal(&a, &b));
		game_free(v);
	}
	assert_true(early > 0);
	assert_true(late > 0);
}

/* A quarter of the clock at most, however few decisions are left. */
static void
quarter_of_the_clock(void **state)
{
	struct game *v = NULL;
	struct strong_params p;
	struct action a;
	int plies = 110;

	(void)state;
	do {
		game_free(v);
		v = view_after_greedy(5, plies--);
	} while (!strong_simulates(v));
	strong_defaults(&p, v);
	p.stretch = 50;
	assert_true(on_clock(&p, v, 4000, 0, &a) < 1000 + 32);
	game_free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fixed_playouts_win),
		cmocka_unit_test(even_share_without_manager),
		cmocka_unit_test(manager_moves_time),
		cmocka_unit_test(quarter_of_the_clock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
