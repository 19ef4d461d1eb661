/*
 * infer.c: the weight of a sampled world by the other player's leads
 * (infer.h).
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "infer.h"

/* The share of the model that is any card at all: the other player is
 * not the policy, and no world should weigh nothing. */
#define ANY_CARD	0.05

/*
 * The chance that the policy leads `led` from the cards `held` (hand and
 * table, led among them): a softmax over the kinds held of minus the
 * keep value, mixed with ANY_CARD of a uniform choice of kind.
 */
static double
lead_chance(const struct keep_weights *w, const struct keep_context *k,
    const struct cardset *held, int led, double temp)
{
	uint8_t count[CARDS_PER_PACK] = { 0 };
	bool seen[CARDS_PER_PACK] = { false };
	double total = 0, mine;
	int kinds = 0;

	CARDSET_FOREACH(c, held)
		count[card_kind(c)]++;
	mine = keep_value_in(w, k, led, count);
	CARDSET_FOREACH(c, held) {
		if (seen[card_kind(c)])
			continue;
		seen[card_kind(c)] = true;
		kinds++;
		total += exp((mine - keep_value_in(w, k, c, count)) / temp);
	}
	return (1 - ANY_CARD) / total + ANY_CARD / kinds;
}

/* The cards the other seat holds in the world, hand and table. */
static struct cardset
held_by(const struct game *world, int seat)
{
	struct cardset h = game_hand(world, seat), t = game_table(world, seat);

	return cardset_or(h, t);
}

/*
 * The other player's lead to the trick before this one, if it led it:
 * held then = held now (and the card led now) + the card it led then -
 * the card it drew since, averaged over the cards it may have drawn
 * (those v has not seen in its hand, and the card led now).
 */
static double
previous_lead(const struct game *v, const struct game *world,
    const struct keep_weights *w, const struct keep_context *k,
    struct cardset now, double temp)
{
	uint16_t cards[MAX_PLAYERS];
	struct cardset known = game_hand(v, 1 - game_observer(v)), drawn;
	int t = game_tricks_played(v) - 1, leader, winner, other;
	int n = 0;
	double sum = 0;

	other = 1 - game_observer(v);
	if (game_past_trick(v, t, cards, &leader, &winner) != 2 ||
	    leader != other)
		return 1;
	drawn = cardset_minus(cardset_minus(now, known),
	    game_table(world, other));
	CARDSET_FOREACH(d, &drawn) {
		struct cardset then = now;
		cardset_del(&then, d);
		cardset_add(&then, cards[0]);
		sum += lead_chance(w, k, &then, cards[0], temp);
		n++;
	}
	return n > 0 ? sum / n : 1;
}

double
infer_weight(const struct game *v, const struct game *world,
    const struct keep_weights *w, int level, double temp)
{
	struct keep_context k;
	struct cardset now;
	uint16_t trick[MAX_PLAYERS];
	int other = 1 - game_observer(v);
	double weight = 1;

	if (level <= 0 || game_players(v) != 2 ||
	    game_phase(v) != PHASE_STOCK || game_observer(v) < 0)
		return 1;
	keep_context(v, &k);
	now = held_by(world, other);
	if (game_trick_cards(v, trick) == 1 && game_leader(v) == other) {
		cardset_add(&now, trick[0]);
		weight = lead_chance(w, &k, &now, trick[0], temp);
	}
	if (level >= 2)
		weight *= previous_lead(v, world, w, &k, now, temp);
	return weight;
}
