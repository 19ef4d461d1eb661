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

/* The model of the other player: the policy's scale, the state's trump
 * and bézique cards, the softmax's temperature. */
struct infer_model {
	const struct keep_weights *w;
	struct keep_context k;
	double	temp;
};

/*
 * The chance that the policy leads `led` from the cards `held` (hand and
 * table, led among them): a softmax over the kinds held of minus the
 * keep value, mixed with ANY_CARD of a uniform choice of kind.
 */
static double
lead_chance(const struct infer_model *m, const struct cardset *held,
    int led)
{
	uint8_t count[CARDS_PER_PACK] = { 0 };
	bool seen[CARDS_PER_PACK] = { false };
	double total = 0, mine;
	int kinds = 0;

	CARDSET_FOREACH(c, held)
		count[card_kind(c)]++;
	mine = keep_value_in(m->w, &m->k, led, count);
	CARDSET_FOREACH(c, held) {
		if (seen[card_kind(c)])
			continue;
		seen[card_kind(c)] = true;
		kinds++;
		total += exp((mine - keep_value_in(m->w, &m->k, c, count)) /
		    m->temp);
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

/* A uniform index below n from a small generator of the caller's. */
static int
below(uint64_t *x, int n)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)((*x >> 33) % (uint64_t)n);
}

/*
 * The other player's lead to trick t, j tricks ago, if it led it: held
 * then = held now (and the card led now) + the cards it played since +
 * the card it led then - the j cards it drew since, which nobody saw:
 * any of its concealed cards now or of the cards it played since.  Over
 * one draw the chance is averaged over every card it may have drawn;
 * over more, over SUBSETS random sets of them.
 */
#define SUBSETS	8

static double
past_lead(const struct game *v, const struct game *world, int t,
    const struct infer_model *m, struct cardset now, uint64_t *x)
{
	uint16_t cards[MAX_PLAYERS], pool[MAX_CARDS];
	int other = 1 - game_observer(v), leader, winner, j, n = 0, tries;
	struct cardset known = game_hand(v, other), drawn, since;
	double sum = 0;

	if (game_past_trick(v, t, cards, &leader, &winner) != 2 ||
	    leader != other)
		return 1;
	j = game_tricks_played(v) - t;
	cardset_clear(&since);
	for (int u = t + 1; u < game_tricks_played(v); u++) {
		uint16_t later[MAX_PLAYERS];
		game_past_trick(v, u, later, &leader, &winner);
		cardset_add(&since, later[leader == other ? 0 : 1]);
	}
	drawn = cardset_or(cardset_minus(cardset_minus(now, known),
	    game_table(world, other)), since);
	now = cardset_or(now, since);
	cardset_add(&now, cards[0]);
	CARDSET_FOREACH(d, &drawn)
		pool[n++] = (uint16_t)d;
	if (n < j)
		return 1;
	tries = j == 1 ? n : SUBSETS;
	for (int s = 0; s < tries; s++) {
		struct cardset then = now;
		if (j == 1) {
			cardset_del(&then, pool[s]);
		} else {
			for (int i = 0; i < j; i++) {
				int r = i + below(x, n - i);
				uint16_t c = pool[r];
				pool[r] = pool[i];
				pool[i] = c;
				cardset_del(&then, c);
			}
		}
		sum += lead_chance(m, &then, cards[0]);
	}
	return sum / tries;
}

double
infer_weight(const struct game *v, const struct game *world,
    const struct keep_weights *w, int level, double temp)
{
	struct infer_model m = { w, { 0, 0, 0 }, temp };
	struct cardset now;
	uint16_t trick[MAX_PLAYERS];
	int other = 1 - game_observer(v);
	double weight = 1;
	uint64_t x;

	if (level <= 0 || game_players(v) != 2 ||
	    game_phase(v) != PHASE_STOCK || game_observer(v) < 0)
		return 1;
	keep_context(v, &m.k);
	now = held_by(world, other);
	/* The sets of cards drawn are drawn the same for the same world. */
	x = now.w[0] ^ (now.w[1] * 0x9e3779b97f4a7c15ULL);
	if (game_trick_cards(v, trick) == 1 && game_leader(v) == other) {
		cardset_add(&now, trick[0]);
		weight = lead_chance(&m, &now, trick[0]);
	}
	for (int j = 1; j < level && j <= game_tricks_played(v); j++)
		weight *= past_lead(v, world, game_tricks_played(v) - j, &m,
		    now, &x);
	return weight;
}
