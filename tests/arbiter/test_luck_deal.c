/*
 * test_luck_deal.c: the luck of a recorded deal (rating/luck_deal.h) is
 * the core's (luck.h) of the deal as it was dealt.  The six-pack's cut,
 * its lift and guess the players' own, is made after the deal's luck is
 * counted, so its points are no luck; and the record a match holds
 * (record_json, what a match counts) gives the same luck to the bit as
 * the line it writes (record_text, what rate and verify read back).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "greedy.h"
#include "luck.h"
#include "rating/luck_deal.h"
#include "record/record.h"

/* A six-pack deal from seed, the cut that scores for both seats made
 * after the deal's luck is counted, played out by greedy: its record
 * in *rec, the core's luck of it in want. */
static void
six_pack_deal(uint64_t seed, struct record **rec, double *want)
{
	static const char *const names[] = { "a", "b" };
	struct deck_id id = { .round = 0, .hand = 0 };
	uint16_t deck[MAX_CARDS];
	double mean[LUCK_NOUT];
	struct luck_run run;
	struct luck_v v;
	struct rules r;
	struct game *g;
	int points;

	rules_init(&r, VARIANT_SIX_PACK);
	game_shuffle_deck(&r, seed, deck);
	g = game_new_from_deck(&r, deck, 0);
	*rec = record_new(1, 0, &id, &r, 0, deck, names);
	luck_v_eval(&v);
	luck_default_deal_mean(&r, 0, mean);
	assert_int_equal(luck_begin(&run, g, &v, mean), 0);
	points = game_cut(run.g, r.cut_cards, r.cut_cards);
	assert_true(points > 0);	/* the cut scored: it could be luck */
	record_cut(*rec, r.cut_cards, r.cut_cards, points);
	record_opening(*rec, run.g);
	while (!game_over(run.g)) {
		int seat = game_to_move(run.g);
		enum decision kind = game_decision(run.g);
		struct game *view = game_view(run.g, seat);
		struct event evbuf[64];
		struct event_log log = { evbuf, 0, 64 };
		struct action a;
		char text[64];
		assert_int_equal(greedy_choose(view, NULL, &a), 0);
		game_free(view);
		action_format(&a, text, sizeof(text));
		/* the core's luck, and the same action on a copy for the
		 * record's events */
		struct game *copy = game_clone(run.g);
		game_apply(copy, &a, &log);
		game_free(copy);
		record_action(*rec, seat, kind, text, 0, NULL, &log);
		assert_true(luck_apply(&run, &a, NULL) >= 0);
	}
	record_finish(*rec, run.g, TERM_NORMAL, -1, NULL, NULL, 0);
	memcpy(want, run.sum.x, sizeof(run.sum.x));
	luck_end(&run);
	luck_v_release(&v);
	game_free(g);
}

static void
six_pack_cut_is_no_luck(void **state)
{
	double want[LUCK_NOUT], held[LUCK_NOUT], read[LUCK_NOUT];
	struct luck_book *b = luck_book_new();
	struct record *rec;
	char err[256], *line;

	(void)state;
	six_pack_deal(41, &rec, want);
	assert_int_equal(luck_book_record(b, record_json(rec), held, err,
	    sizeof(err)), 0);
	assert_memory_equal(held, want, sizeof(want));
	line = record_text(rec);
	assert_int_equal(luck_book_deal(b, line, read, err, sizeof(err)), 0);
	assert_memory_equal(read, want, sizeof(want));
	free(line);
	record_free(rec);
	luck_book_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_pack_cut_is_no_luck),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
