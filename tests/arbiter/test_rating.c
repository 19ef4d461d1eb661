/*
 * test_rating.c: the joint rating fit against hand-computable cases.
 */
#include "../unit/test_util.h"

#include <math.h>
#include <string.h>

#include "rating.h"

#define NEAR(id, got, want, tol)                                          \
	do {                                                              \
		if (!(fabs((got) - (want)) <= (tol))) {                   \
			print_error("%s: got %.3f, want %.3f +- %.3f\n",  \
			    (id), (double)(got), (double)(want),          \
			    (double)(tol));                               \
			fail();                                           \
		}                                                         \
	} while (0)

/* i beats j w times and loses l times in each seat. */
static void
games(struct rating_data *d, int i, int j, long w, long l)
{
	d->count[i][j][0] += w;
	d->count[i][j][2] += l;
	d->count[j][i][2] += w;
	d->count[j][i][0] += l;
}

static void
two_players_logistic(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	memset(&d, 0, sizeof(d));
	d.n = 2;
	games(&d, 0, 1, 300, 100);	/* 75%: 400 log10(3) = 190.8 Elo */
	rating_fit(&d, -1, 0, &f);
	NEAR("difference", f.elo[0] - f.elo[1], 400 * log10(3.0), 2.0);
	NEAR("centred", f.elo[0] + f.elo[1], 0, 1e-6);
	NEAR("no seat advantage", f.advantage, 0, 1.0);
	/* The interval: about 1.96 * 400/ln10 / sqrt(n p (1-p)). */
	NEAR("interval", 2 * f.ci95[0], 1.96 * 400 / log(10.0) /
	    sqrt(800 * 0.75 * 0.25), 4.0);
	assert_true(f.los[0][1] > 0.999);
}

static void
symmetric_and_cycle(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	memset(&d, 0, sizeof(d));
	d.n = 3;
	games(&d, 0, 1, 60, 40);
	games(&d, 1, 2, 60, 40);
	games(&d, 2, 0, 60, 40);
	rating_fit(&d, -1, 0, &f);
	for (int i = 0; i < 3; i++)
		NEAR("a cycle is level", f.elo[i], 0, 0.5);
	NEAR("LOS of equals", f.los[0][1], 0.5, 0.01);
}

static void
perfect_score(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	memset(&d, 0, sizeof(d));
	d.n = 3;
	games(&d, 0, 1, 50, 0);
	games(&d, 1, 2, 30, 20);
	games(&d, 0, 2, 50, 0);
	rating_fit(&d, -1, 0, &f);
	assert_true(isfinite(f.elo[0]) && isfinite(f.ci95[0]));
	assert_true(f.elo[0] > f.elo[1] && f.elo[1] > f.elo[2]);
	assert_true(f.elo[0] - f.elo[1] > 300);
}

static void
seat_advantage(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	/* Equal players; the elder hand wins 64%: 400 log10(64/36) = 100. */
	memset(&d, 0, sizeof(d));
	d.n = 2;
	d.count[0][1][0] = 640;
	d.count[0][1][2] = 360;
	d.count[1][0][0] = 640;
	d.count[1][0][2] = 360;
	rating_fit(&d, -1, 0, &f);
	NEAR("advantage", f.advantage, 400 * log10(64.0 / 36.0), 3.0);
	NEAR("equal players", f.elo[0] - f.elo[1], 0, 0.5);
	assert_true(f.advantage_ci95 > 10 && f.advantage_ci95 < 60);
}

static void
anchor(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	memset(&d, 0, sizeof(d));
	d.n = 2;
	games(&d, 0, 1, 300, 100);
	rating_fit(&d, 1, 1500, &f);
	NEAR("anchored", f.elo[1], 1500, 1e-6);
	NEAR("anchor has no interval", f.ci95[1], 0, 1e-9);
	NEAR("other", f.elo[0], 1500 + 400 * log10(3.0), 2.0);
}

static void
draws(void **state)
{
	struct rating_data d;
	struct rating_fit f;

	(void)state;
	/* Draws count as half a win: 200 wins, 200 draws, 0 losses is a 75%
	 * score; Davidson's model gives sqrt(3) odds per "half", i.e. the
	 * ratio A/B with P(win)/P(loss) = A/B and P(draw)^2 = nu^2 P(win)
	 * P(loss): here only the order and finiteness are certain. */
	memset(&d, 0, sizeof(d));
	d.n = 2;
	d.count[0][1][0] = 100;
	d.count[0][1][1] = 100;
	d.count[1][0][2] = 100;
	d.count[1][0][1] = 100;
	d.count[0][1][2] = 10;
	d.count[1][0][0] = 10;
	rating_fit(&d, -1, 0, &f);
	assert_true(f.elo[0] > f.elo[1]);
	assert_true(f.draw_nu > 0.5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_players_logistic),
		cmocka_unit_test(symmetric_and_cycle),
		cmocka_unit_test(perfect_score),
		cmocka_unit_test(seat_advantage),
		cmocka_unit_test(anchor),
		cmocka_unit_test(draws),
	};

	return cmocka_run_group_tests_name("rating", tests, NULL, NULL);
}
