/*
 * greedy.c: a sound heuristic player (the "greedy" level).
 *
 * It follows the strategy advice of the sources: in Rubicon the points
 * come from declarations, so keep the cards that make combinations
 * (bézique cards, kings and queens with their partners, trumps towards
 * the royal sequence, cards towards a quartet) and throw the sevens,
 * eights and nines; win a trick when there is something to declare or a
 * brisque to take, and cheaply; always declare the best combination
 * available; always claim carte blanche and score a seven of trumps.  In the end phase it heads the
 * trick with its lowest winning card, else throws its lowest card.
 */
#include <string.h>

#include "player.h"

/* The greedy level's scale: the sources' advice, weighed by hand. */
const struct keep_weights greedy_weights = {
	.rank = 1, .bezique = 30, .marriage_trump = 30, .marriage_plain = 15,
	.trump = 12, .trump_high = 8, .quartet = 4, .brisque = 3,
	.brisque_won = 15, .declare_pct = 100, .any_trick = 0,
};

/* How much a card is worth keeping for combinations, on scale w. */
int
keep_value(const struct keep_weights *w, const struct game *v, int c,
    const uint8_t *count)
{
	int suit = card_suit(c), rank = card_rank(c), trump = game_trump(v);
	int value = rank * w->rank;	/* a higher card wins more tricks */
	int queen, jack;

	/* The bézique's cards (by trump in the six- and eight-pack). */
	combo_bezique_kinds(game_rules(v), trump, &queen, &jack);
	if (card_kind(c) == queen || card_kind(c) == jack)
		value += w->bezique;
	if (rank == RANK_K || rank == RANK_Q) {
		int partner = suit * 8 + (rank == RANK_K ? RANK_Q : RANK_K);
		if (count[partner])
			value += suit == trump ? w->marriage_trump :
			    w->marriage_plain;
	}
	if (suit == trump) {
		value += w->trump;
		if (rank >= RANK_J)
			value += w->trump_high;	/* towards the sequence */
	}
	if (rank >= RANK_J && rank != RANK_T) {
		int same = 0;
		for (int s = 0; s < NSUITS; s++)
			same += count[s * 8 + rank];
		if (same >= 2)
			value += w->quartet * same;	/* towards four */
	}
	if (card_is_brisque(c))
		value += w->brisque;
	return value;
}

void
greedy_count(const struct game *v, int seat, uint8_t *count)
{
	struct cardset mine = game_hand(v, seat);
	struct cardset table = game_table(v, seat);

	memset(count, 0, CARDS_PER_PACK);
	mine = cardset_or(mine, table);
	CARDSET_FOREACH(c, &mine)
		count[card_kind(c)]++;
}

/* The points of the best declaration seat could make after winning the
 * trick with its reply `a` (0 if it would not win or has none). */
static int
declaration_after(const struct game *v, const struct action *a)
{
	struct game *g = game_clone(v);
	struct action legal[MAX_LEGAL];
	int seat = game_to_move(v), best = 0, n;

	if (game_apply(g, a, NULL) == 0 &&
	    game_decision(g) == DECISION_DECLARE &&
	    game_to_move(g) == seat) {
		n = game_legal_actions(g, legal, MAX_LEGAL);
		for (int i = 0; i < n; i++)
			if (legal[i].type == ACTION_DECLARE) {
				int p = combo_points(game_rules(g),
				    legal[i].combo, legal[i].key,
				    game_trump(g));
				best = p > best ? p : best;
			}
	}
	game_free(g);
	return best;
}

static bool
wins_against(const struct game *v, int card)
{
	uint16_t trick[MAX_PLAYERS];
	int n = game_trick_cards(v, trick), trump = game_trump(v);

	for (int i = 0; i < n; i++) {
		int best = trick[i];
		bool beats = card_suit(card) == card_suit(best) ?
		    card_rank(card) > card_rank(best) :
		    card_suit(card) == trump && trump >= 0;
		if (!beats)
			return false;
	}
	return n > 0;
}

static int
choose_play(const struct game *v, const struct action *legal, int n)
{
	int seat = game_to_move(v), best = 0, best_score = 1 << 30;
	bool reply = game_decision(v) == DECISION_REPLY;
	bool end = game_phase(v) == PHASE_END;
	uint8_t count[CARDS_PER_PACK];
	uint16_t trick[MAX_PLAYERS];

	greedy_count(v, seat, count);
	game_trick_cards(v, trick);
	for (int i = 0; i < n; i++) {
		int c = legal[i].cards[0];
		int score = end ? card_rank(c) * 4 +
		    (card_suit(c) == game_trump(v)) * 40 :
		    keep_value(&greedy_weights, v, c, count);
		if (reply && wins_against(v, c)) {
			int gain = end ? 100 : declaration_after(v, &legal[i]);
			if (card_is_brisque(trick[0]))
				gain += greedy_weights.brisque_won;
			score -= gain;
		}
		if (score < best_score) {
			best_score = score;
			best = i;
		}
	}
	return best;
}

static int
choose_declaration(const struct game *v, const struct action *legal, int n)
{
	int best = -1, best_points = 0;

	for (int i = 0; i < n; i++) {
		int p;
		if (legal[i].type != ACTION_DECLARE)
			continue;
		p = combo_points(game_rules(v), legal[i].combo, legal[i].key,
		    game_trump(v));
		if (p > best_points) {
			best_points = p;
			best = i;
		}
	}
	return best;
}

int
greedy_choose(const struct game *v, struct rng *rng, struct action *out)
{
	struct action legal[MAX_LEGAL];
	int n = game_legal_actions(v, legal, MAX_LEGAL), k = 0;

	(void)rng;
	if (n <= 0)
		return -1;
	switch (game_decision(v)) {
	case DECISION_DECLARE:
		/* A seven of trumps first: 10 points, and the exchange
		 * brings the turn-up, never worse than a seven; it leaves
		 * the trick's declaration to come (seven.c). */
		if (legal[0].type == ACTION_SEVEN_EXCHANGE ||
		    legal[0].type == ACTION_SEVEN) {
			k = 0;
			break;
		}
		k = choose_declaration(v, legal, n);
		if (k < 0)
			k = n - 1;	/* pass is listed last */
		break;
	case DECISION_CARTE_BLANCHE:
		k = 0;		/* claim: it is listed first */
		break;
	default:
		k = choose_play(v, legal, n);
		break;
	}
	*out = legal[k];
	return 0;
}
