/*
 * test_endgame.c: the end-phase solver against the rules core: its moves
 * are those game_legal_actions() lists, and its values those of a plain
 * minimax over real game states, on end phases reached by random play.
 */
#include "test_util.h"

#include <stdlib.h>

#include "endgame.h"
#include "game.h"
#include "rng.h"

/* Plays uniformly at random from a seeded deal until the end phase, then
 * on until each hand holds at most `cards`, stopping at a card play. */
static struct game *
reach(const struct rules *r, uint64_t seed, int cards)
{
	struct game *g = game_new(r, seed, 1);
	struct action legal[MAX_LEGAL];
	struct rng rng;

	rng_seed(&rng, seed * 7 + 1);
	for (;;) {
		enum decision d = game_decision(g);
		int n;
		if (game_over(g))
			break;
		if (game_phase(g) == PHASE_END && (d == DECISION_LEAD ||
		    d == DECISION_REPLY) && game_hand_count(g,
		    game_to_move(g)) <= cards)
			break;
		n = game_legal_actions(g, legal, MAX_LEGAL);
		game_apply(g, &legal[rng_below(&rng, (uint64_t)n)], NULL);
	}
	assert_false(game_over(g));
	return g;
}

static uint32_t
legal_kinds(const struct game *g)
{
	struct action legal[MAX_LEGAL];
	int n = game_legal_actions(g, legal, MAX_LEGAL);
	uint32_t m = 0;

	for (int i = 0; i < n; i++)
		m |= (uint32_t)1 << card_kind(legal[i].cards[0]);
	return m;
}

/* The objective's value of a finished game, from the root's scores. */
static int
final_value(const struct game *g, const struct eg_objective *obj,
    int p0, int b0)
{
	int me = obj->seat;
	int last = game_points(g, me) - p0 > 0;
	int b = (game_brisques(g, me) - b0) / 10;

	return obj->val[last][b];
}

/* Plain minimax over the rules core's own states. */
static int
minimax(const struct game *g, const struct eg_objective *obj, int p0, int b0)
{
	struct action legal[MAX_LEGAL];
	int n, best;
	bool max;

	if (game_over(g))
		return final_value(g, obj, p0, b0);
	n = game_legal_actions(g, legal, MAX_LEGAL);
	max = game_to_move(g) == obj->seat;
	best = max ? -(1 << 30) : 1 << 30;
	for (int i = 0; i < n; i++) {
		struct game *c = game_clone(g);
		int v;
		if (game_decision(g) == DECISION_CARTE_BLANCHE &&
		    legal[i].type != ACTION_PASS)
			continue;
		game_apply(c, &legal[i], NULL);
		v = minimax(c, obj, p0, b0);
		game_free(c);
		best = max ? (v > best ? v : best) : (v < best ? v : best);
	}
	return best;
}

/* The value after the player to move plays a card of kind k. */
static int
minimax_after(const struct game *g, int kind, const struct eg_objective *obj)
{
	struct game *c = game_clone(g);
	struct action a = { .type = ACTION_PLAY, .ncards = 1 };
	int me = obj->seat, v;

	a.cards[0] = (uint16_t)endgame_card(g, game_to_move(g), kind);
	assert_int_equal(game_apply(c, &a, NULL), 0);
	v = minimax(c, obj, game_points(g, me), game_brisques(g, me));
	game_free(c);
	return v;
}

static void
moves_match_rules(void **state)
{
	struct rules r;
	struct eg_position pos, vpos;
	char id[64];

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	for (uint64_t seed = 1; seed <= 400; seed++) {
		struct game *g = reach(&r, seed, (int)(seed % 9) + 1), *v;
		snprintf(id, sizeof(id), "seed %llu", (unsigned long long)seed);
		assert_int_equal(endgame_position(g, &pos), 0);
		assert_int_eq_msg(id, endgame_to_move(&pos), game_to_move(g));
		assert_int_eq_msg(id, endgame_legal(&pos), legal_kinds(g));
		/* The seat's view deduces the other hand exactly. */
		v = game_view(g, game_to_move(g));
		assert_int_equal(endgame_position(v, &vpos), 0);
		assert_memory_equal(&pos, &vpos, sizeof(pos));
		game_free(v);
		game_free(g);
	}
}

/* Solves positions of up to `cards` cards against minimax. */
static void
check_solves(int cards, int deals, int which)
{
	struct rules r;
	struct endgame *eg = endgame_new(10);
	struct eg_position pos;
	struct eg_objective obj;
	int kinds[32], vals[32], best, v, n;
	char id[80];

	rules_init(&r, VARIANT_RUBICON);
	for (int i = 1; i <= deals; i++) {
		uint64_t seed = (uint64_t)(1000 * cards + i);
		struct game *g = reach(&r, seed, cards);
		int me = (int)(seed & 1), want;
		assert_int_equal(endgame_position(g, &pos), 0);
		if (which == 0)
			endgame_objective_points(&obj, me, 50, 10);
		else if (which == 1)
			endgame_objective_points(&obj, me, 50, 0);
		else
			endgame_objective_game(&obj, g, &pos, me);
		want = minimax(g, &obj, game_points(g, me),
		    game_brisques(g, me));
		v = endgame_solve(eg, &pos, &obj, &best);
		snprintf(id, sizeof(id), "seed %llu objective %d",
		    (unsigned long long)seed, which);
		assert_int_eq_msg(id, v, want);
		assert_true(endgame_legal(&pos) >> best & 1);
		assert_int_eq_msg(id, minimax_after(g, best, &obj), want);
		n = endgame_solve_moves(eg, &pos, &obj, kinds, vals);
		for (int k = 0; k < n; k++)
			assert_int_eq_msg(id, vals[k],
			    minimax_after(g, kinds[k], &obj));
		game_free(g);
	}
	endgame_free(eg);
}

static void
solves_points(void **state)
{
	(void)state;
	for (int cards = 1; cards <= 5; cards++)
		check_solves(cards, 60, 0);
}

static void
solves_last_trick_only(void **state)
{
	(void)state;
	for (int cards = 1; cards <= 5; cards++)
		check_solves(cards, 60, 1);
}

static void
solves_game_value(void **state)
{
	(void)state;
	for (int cards = 1; cards <= 5; cards++)
		check_solves(cards, 60, 2);
}

/* Bigger positions: the solver against itself without a table hit
 * mattering (a tiny table forces replacements). */
static void
table_size_does_not_matter(void **state)
{
	struct rules r;
	struct endgame *small = endgame_new(2), *big = endgame_new(0);
	struct eg_position pos;
	struct eg_objective obj;
	int b1, b2;

	(void)state;
	rules_init(&r, VARIANT_RUBICON);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct game *g = reach(&r, 5000 + seed, 7);
		assert_int_equal(endgame_position(g, &pos), 0);
		endgame_objective_game(&obj, g, &pos, game_to_move(g));
		assert_int_equal(endgame_solve(small, &pos, &obj, &b1),
		    endgame_solve(big, &pos, &obj, &b2));
		game_free(g);
	}
	endgame_free(small);
	endgame_free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(moves_match_rules),
		cmocka_unit_test(solves_points),
		cmocka_unit_test(solves_last_trick_only),
		cmocka_unit_test(solves_game_value),
		cmocka_unit_test(table_size_does_not_matter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
