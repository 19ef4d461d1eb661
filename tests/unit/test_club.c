/*
 * test_club.c: the club level (club.h, issue 34): it is a level by name,
 * plays a legal action at every decision of random deals of every
 * variant from its seat's view, always the same one, and each of its
 * explicit rules makes it play otherwise than greedy where a strong
 * player would: it trumps to deny a declaration the other's table shows,
 * keeps a plain sequence's jack, breaks up a declared trump sequence to
 * re-form it, keeps a ten off the other's trick, and near the rubicon
 * line guards its brisques more.  Each position is built with
 * fixture.h and judged from seat 0's view.
 */
#include "test_util.h"

#include <stddef.h>
#include <string.h>

#include "club.h"
#include "fixture.h"
#include "greedy.h"
#include "player.h"

static void
level_by_name(void **state)
{
	enum level l;

	(void)state;
	assert_int_equal(level_parse("club", &l), 0);
	assert_int_equal(l, LEVEL_CLUB);
	assert_string_equal(level_name(LEVEL_CLUB), "club");
	assert_int_equal(level_parse("Club", &l), -1);
}

/* Deals of every variant, half the moves at random, the other half the
 * club level's from the seat's view: each of its actions is legal in the
 * full game, and the same when asked again with another rng. */
static void
legal_and_deterministic(void **state)
{
	long decisions = 0;

	(void)state;
	for (int v = 0; v < NVARIANTS; v++) {
		struct rules r;
		if (!variant_playable((enum variant)v))
			continue;
		rules_init(&r, (enum variant)v);
		for (uint64_t seed = 1; seed <= 12; seed++) {
			struct game *g = game_new(&r, seed, (int)(seed % 2));
			struct rng rng, other;
			rng_seed(&rng, seed);
			rng_seed(&other, seed + 99);
			while (!game_over(g)) {
				struct game *view = game_view(g,
				    game_to_move(g));
				struct action a, b, legal[MAX_LEGAL];
				int n = game_legal_actions(g, legal,
				    MAX_LEGAL);
				assert_int_equal(player_choose(LEVEL_CLUB,
				    view, &rng, NULL, NULL, NULL, &a), 0);
				assert_true(game_is_legal(g, &a));
				assert_int_equal(club_choose(view, &other, &b),
				    0);
				assert_true(action_equal(&a, &b));
				decisions++;
				if (rng_below(&rng, 2) == 0)
					a = legal[rng_below(&rng,
					    (uint64_t)n)];
				assert_int_equal(game_apply(g, &a, NULL), 0);
				game_free(view);
			}
			game_free(g);
		}
	}
	assert_true(decisions > 5000);
}

/*
 * A Rubicon deal in the stock phase, trump `trump`: seat 0 holds `hand`
 * with `table0` on its table, seat 1 `opp` with `table1`; `stock` cards
 * are left in the stock (the others counted played).  Seat 0 to lead, or
 * with `led` seat 1 leads it and seat 0 replies.
 */
static struct game *
position(const char *hand, const char *table0, const char *opp,
    const char *table1, char trump, int stock, const char *led)
{
	char mine[256], theirs[256];
	uint16_t ids[MAX_CARDS];
	struct game *g;
	int n;

	snprintf(mine, sizeof(mine), "%s %s", hand, table0);
	snprintf(theirs, sizeof(theirs), "%s %s", opp, table1);
	g = fx_new(mine, theirs, trump);
	for (int seat = 0; seat < 2; seat++) {
		n = fx_cards(seat ? table1 : table0, ids);
		for (int i = 0; i < n; i++) {
			cardset_del(&g->hand[seat], ids[i]);
			cardset_add(&g->table[seat], ids[i]);
			g->hand_count[seat]--;
		}
	}
	/* The stock's low cards first: the last `stock` are left. */
	for (; g->stock_len - g->stock_pos > stock; g->stock_pos++)
		cardset_add(&g->played, g->stock[g->stock_pos]);
	g->decision = DECISION_LEAD;
	g->leader = g->to_move = led != NULL;
	if (led != NULL) {
		struct action a;
		char err[128];
		assert_int_equal(game_parse_action(g, led, &a, err,
		    sizeof(err)), 0);
		assert_int_equal(game_apply(g, &a, NULL), 0);
	}
	assert_int_equal(game_to_move(g), 0);
	return g;
}

/* Club (on parameters p) plays card `club` from seat 0's view, or any
 * but it if the name starts with '!'; greedy plays `greedy` (NULL: any). */
static void
expect(const struct game *g, const struct club_params *p, const char *club,
    const char *greedy)
{
	struct game *v = game_view(g, 0);
	struct action a;

	assert_int_equal(club_choose_with(p, v, &a), 0);
	if (club[0] == '!')
		assert_true(a.cards[0] != fx_card(club + 1));
	else
		assert_int_equal(a.cards[0], fx_card(club));
	assert_int_equal(greedy_choose(v, NULL, &a), 0);
	if (greedy != NULL)
		assert_int_equal(a.cards[0], fx_card(greedy));
	game_free(v);
}

/* A position where a rule of club's makes it play otherwise than greedy,
 * and plays as greedy without the rule (its weight, at `rule`, 0 or, for
 * the percent of the rubicon line, 100). */
struct scenario {
	const char	*hand, *table0, *opp, *table1;
	char		 trump;
	int		 stock;		/* cards left in it */
	const char	*led;		/* by seat 1, or NULL: seat 0 leads */
	int		 points;	/* seat 0's, seat 1's 50 fewer */
	const char	*club, *greedy;	/* what each plays */
	size_t		 rule;
	int		 off;
	const char	*without;	/* what club plays without it */
};

static struct scenario scenarios[] = {
	/* Seat 1 declared the heart sequence and played its ace: any of
	 * the unseen aces of hearts re-forms it (250).  Seat 0 can win
	 * the seven of spades led only with its seven of trumps: club
	 * trumps, greedy throws its seven of clubs. */
	{ "7H#1 7C#1 8C#1 9C#1 7D#2 8D#2 9D#2 AC#2 KC#2", "",
	  "7S#1 8S#1 9S#1 7D#1 8D#1", "TH#1 KH#1 QH#1 JH#1", 'H', 20,
	  "7S#1", 0, "7H#1", "7C#1", offsetof(struct club_params, deny), 0,
	  "7C#1" },
	/* Four of the club sequence held (A K Q J): greedy leads the
	 * jack, its cheapest card; club keeps it. */
	{ "JC#1 QC#1 KC#1 AC#1 KD#1 QD#1 7H#1 8H#1 AD#1", "",
	  "7S#1 8S#1 9S#1 7D#1 8D#1 9D#1 7C#1 8C#1 9C#1", "", 'H', 60, NULL,
	  0, "!JC#1", "JC#1", offsetof(struct club_params, seq_plain), 0,
	  "JC#1" },
	/* Seat 0's trump sequence lies declared on its table and it
	 * holds a second jack of hearts: club leads the table's jack (the
	 * break-up) to re-form the sequence with the other; greedy leads
	 * its seven. */
	{ "JH#2 7S#1 8S#1 9C#1", "AH#1 TH#1 KH#1 QH#1 JH#1",
	  "7D#1 8D#1 9D#1 7C#1 8C#1 9S#1 7S#2 8S#2 9S#2", "", 'H', 60, NULL,
	  0, "JH#1", "7S#1", offsetof(struct club_params, reform), 0,
	  "7S#1" },
	/* The ace of clubs led, which seat 0 cannot beat but by trumping
	 * with its ace: greedy throws its ten of clubs onto it, club one
	 * of its three kings. */
	{ "TC#1 KS#1 KD#1 KC#1 AH#1 AD#1", "",
	  "7S#1 8S#1 9S#1 7D#1 8D#1 9D#1 7C#1 8C#1 AC#1", "", 'H', 60,
	  "AC#1", 0, "!TC#1", "TC#1",
	  offsetof(struct club_params, w.brisque_given), 0, "TC#1" },
	/* Late in the stock with both sides between 650 and 1,000, a
	 * brisque may save a rubicon: club takes the ten of spades led
	 * with its queen of trumps, greedy throws the seven of clubs (as
	 * club does far from the line: brisques_far_from_the_line). */
	{ "QH#1 7C#1 KS#1 9D#2 KC#1 AD#1 AD#2 AC#1 JS#1", "",
	  "7S#1 8S#1 9S#1 7D#1 8D#1 9D#1 8C#1 9C#1 TS#1", "", 'H', 30,
	  "TS#1", 800, "QH#1", "7C#1", offsetof(struct club_params, rubicon),
	  100, "7C#1" },
};

static struct game *
scenario_position(const struct scenario *sc)
{
	struct game *g = position(sc->hand, sc->table0, sc->opp, sc->table1,
	    sc->trump, sc->stock, sc->led);

	g->points[0] = sc->points;
	g->points[1] = sc->points > 0 ? sc->points - 50 : 0;
	return g;
}

static void
rule_changes_the_play(void **state)
{
	const struct scenario *sc = *state;
	struct club_params p = club_defaults;
	struct game *g = scenario_position(sc);

	expect(g, &p, sc->club, sc->greedy);
	*(int *)(void *)((char *)&p + sc->rule) = sc->off;
	expect(g, &p, sc->without, NULL);
	game_free(g);
}

/* The other side's threat in the first scenario: 250 times the chance
 * that 4 cards of 24 unseen hold one of the 4 aces of hearts. */
static void
threat_from_the_table(void **state)
{
	struct game *g = scenario_position(&scenarios[0]);

	(void)state;
	assert_int_equal(club_threat(g, 1), 136);
	assert_int_equal(club_threat(g, 0), 0);
	game_free(g);
}

/* The rubicon scenario far from the line: club throws the seven. */
static void
brisques_far_from_the_line(void **state)
{
	struct scenario sc = scenarios[4];
	struct game *g;

	(void)state;
	sc.points = 0;
	g = scenario_position(&sc);
	expect(g, &club_defaults, "7C#1", "7C#1");
	game_free(g);
}

/* One test a scenario, by the name of its rule. */
#define SCENARIO(name, i) \
	{ name, rule_changes_the_play, NULL, NULL, &scenarios[i] }

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(level_by_name),
		cmocka_unit_test(legal_and_deterministic),
		SCENARIO("trumps_to_deny", 0),
		SCENARIO("keeps_plain_sequence", 1),
		SCENARIO("breaks_up_to_reform", 2),
		SCENARIO("keeps_brisque_off", 3),
		SCENARIO("brisques_near_rubicon", 4),
		cmocka_unit_test(threat_from_the_table),
		cmocka_unit_test(brisques_far_from_the_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
