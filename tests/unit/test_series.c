/*
 * test_series.c: a game of several deals (series.h): doc/rules.md S78, the
 * two-hand game to 1000, both players over it (S91, each reading of
 * brisques_first), three-hand to 3000, the one-deal six-pack game and
 * UBCG's trump barred for the next deal.
 */
#include "test_util.h"

#include "fixture.h"
#include "series.h"

#define ROW(id, got, want) assert_int_eq_msg(id, got, want)

/* A finished two-hand deal with these points and brisques. */
static struct game *
finished_deal(const struct rules *r, int dealer, const int *points,
    const int *brisques)
{
	struct game *g = game_alloc(r, dealer);

	for (int p = 0; p < r->players; p++) {
		g->points[p] = points[p];
		g->brisques[p] = brisques[p];
	}
	g->phase = PHASE_OVER;
	g->decision = DECISION_NONE;
	return g;
}

/* S78 and the game of several deals (series.h). */
static void
two_hand_game(void **state)
{
	struct rules r;
	struct series s;
	struct game *g;
	int pa[2] = { 600, 200 }, ba[2] = { 100, 60 };
	int pb[2] = { 250, 150 }, bb[2] = { 60, 40 };

	(void)state;
	rules_init(&r, VARIANT_TWO_HAND);
	series_init(&s, &r, 1);
	g = finished_deal(&r, 1, pa, ba);
	assert_false(series_add(&s, &r, g));
	ROW("two-hand: totals", s.total[0], 700);
	ROW("two-hand: the deal passes", s.dealer, 0);
	game_free(g);
	g = finished_deal(&r, 0, pb, bb);
	assert_true(series_add(&s, &r, g));
	ROW("S78: A reaches 1010", s.total[0], 1010);
	ROW("S78: B has 450", s.total[1], 450);
	ROW("S78: A wins", s.winner, 0);
	ROW("S78: a double game", s.value, 2);
	assert_true(s.doubled);
	game_free(g);

	/* B at 500 or more: a single game. */
	pb[1] = 200;
	series_init(&s, &r, 1);
	g = finished_deal(&r, 1, pa, ba);
	series_add(&s, &r, g);
	game_free(g);
	g = finished_deal(&r, 0, pb, bb);
	assert_true(series_add(&s, &r, g));
	ROW("S78: B at 500", s.total[1], 500);
	ROW("S78: a single game", s.value, 1);
	game_free(g);
}

/* S91's deal: seat 0 (A) the non-dealer, seat 1 (B) the dealer and the
 * winner of the last trick; the totals before the deal are `before`. */
static int
both_over(const char *brisques_first, const int *before, const int *pts,
    const int *bri, struct series *s)
{
	struct rules r;
	struct game *g;
	char err[128];

	rules_init(&r, VARIANT_TWO_HAND);
	assert_int_equal(rules_set(&r, "brisques_first", brisques_first, err,
	    sizeof(err)), 0);
	series_init(s, &r, 1);
	s->total[0] = before[0];
	s->total[1] = before[1];
	g = finished_deal(&r, 1, pts, bri);
	g->ntricks = 1;
	g->trick_winner[0] = 1;
	series_add(s, &r, g);
	game_free(g);
	return s->over ? s->winner : -1;
}

/* S91 (doc/rules.md §4.7, §12 Q12): both over 1000 when a deal ends. */
static void
both_over_target(void **state)
{
	static const char *const readings[3] = { "none", "last_trick",
		"non_dealer" };
	/* A 960 and B 980 before the brisques, 1020 and 1010 after. */
	const int before[2] = { 900, 930 }, pts[2] = { 60, 50 };
	const int bri[2] = { 60, 30 }, tie_pts[2] = { 90, 90 };
	const int want[3] = { 0, 1, 0 }, want_tie[3] = { -1, 1, 0 };
	/* B counted first but short of 1000 (990): A, at 1020, wins. */
	const int short_pts[2] = { 60, 30 }, short_bri[2] = { 60, 30 };
	struct series s;

	(void)state;
	for (int i = 0; i < 3; i++) {
		ROW(readings[i], both_over(readings[i], before, pts, bri, &s),
		    want[i]);
		ROW("S91: A's total", s.total[0], 1020);
		ROW("S91: B's total", s.total[1], 1010);
		ROW(readings[i], both_over(readings[i], before, tie_pts, bri,
		    &s), want_tie[i]);
		ROW("S91: 1050 each", s.total[0] + s.total[1], 2100);
		ROW(readings[i], both_over(readings[i], before, short_pts,
		    short_bri, &s), 0);
	}
}

static void
three_hand_game(void **state)
{
	struct rules r;
	struct series s;
	struct game *g;
	int pts[3] = { 2000, 2900, 1500 }, bri[3] = { 100, 150, 0 };

	(void)state;
	rules_init(&r, VARIANT_THREE_HAND);
	series_init(&s, &r, 2);
	g = finished_deal(&r, 2, pts, bri);
	assert_true(series_add(&s, &r, g));
	ROW("three-hand: 3050 wins", s.winner, 1);
	ROW("three-hand: one game", s.value, 1);
	ROW("three-hand: the deal passes left", s.dealer, 0);
	game_free(g);
}

/* Six-pack: one deal is the game; the no-repeat rule bars last trump. */
static void
six_pack_game(void **state)
{
	struct rules r, next;
	struct series s;
	struct game *g;
	int pts[2] = { 3520, 2900 }, bri[2] = { 0, 0 };

	(void)state;
	rules_init(&r, VARIANT_SIX_PACK);
	series_init(&s, &r, 0);
	g = finished_deal(&r, 0, pts, bri);
	g->trump = SUIT_S;
	assert_true(series_add(&s, &r, g));
	ROW("six-pack: rubicon 3500 + 2900 + 1000", s.value, 7400);
	series_next_rules(&s, &r, &next);
	ROW("six-pack: no bar by default", next.barred_trump, -1);
	r.no_repeat_trump = true;
	series_next_rules(&s, &r, &next);
	ROW("six-pack: UBCG bars spades", next.barred_trump, SUIT_S);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_hand_game),
		cmocka_unit_test(both_over_target),
		cmocka_unit_test(three_hand_game),
		cmocka_unit_test(six_pack_game),
	};

	return cmocka_run_group_tests_name("series", tests, NULL, NULL);
}
