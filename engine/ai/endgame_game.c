/*
 * endgame_game.c: the solver's link to the rules core (endgame.h): the
 * position of a game or seat view, the objectives, and back to cards.
 */
#include <string.h>

#include "endgame.h"

/* The cards a seat of g holds: its own hand, or for a seat another seat
 * views, every card neither played nor held by the viewer (§3.7: once the
 * stock is gone the unseen cards are exactly that hand). */
static struct cardset
held_cards(const struct game *g, int p)
{
	int viewer = game_observer(g), ncards;
	struct cardset s, mine;

	if (viewer < 0 || viewer == p)
		return game_hand(g, p);
	ncards = game_rules(g)->packs * CARDS_PER_PACK;
	cardset_clear(&s);
	for (int c = 0; c < ncards; c++)
		cardset_add(&s, c);
	mine = game_hand(g, viewer);
	s = cardset_minus(s, game_played(g));
	return cardset_minus(s, mine);
}

int
endgame_position(const struct game *g, struct eg_position *pos)
{
	uint16_t trick[MAX_PLAYERS];
	enum decision d = game_decision(g);
	int nt;

	if (game_players(g) != 2 || game_phase(g) != PHASE_END ||
	    (d != DECISION_LEAD && d != DECISION_REPLY))
		return -1;
	memset(pos, 0, sizeof(*pos));
	for (int p = 0; p < 2; p++) {
		struct cardset h = held_cards(g, p);
		if (cardset_count(&h) != game_hand_count(g, p) ||
		    game_hand_count(g, p) > EG_MAX_HAND)
			return -1;
		CARDSET_FOREACH(c, &h)
			pos->count[p][card_kind(c)]++;
	}
	nt = game_trick_cards(g, trick);
	pos->trump = (int8_t)game_trump(g);
	pos->leader = (uint8_t)game_leader(g);
	pos->led = (int8_t)(nt == 1 ? card_kind(trick[0]) : -1);
	pos->must_win = game_rules(g)->endgame_must_win;
	return nt > 1 ? -1 : 0;
}

void
endgame_objective_points(struct eg_objective *obj, int seat, int last_trick,
    int brisque)
{
	obj->seat = seat;
	for (int l = 0; l < 2; l++)
		for (int b = 0; b <= EG_MAX_BRISQUES; b++)
			obj->val[l][b] = l * last_trick + b * brisque;
}

/* The game value to seat of one outcome (score.c), won + and lost -. */
static int
game_value_for(const struct game *g, int seat, int last, int b, int total)
{
	const struct rules *r = game_rules(g);
	struct deal_scores ds;
	struct game_value gv;
	int opp = 1 - seat;

	ds.points[seat] = game_points(g, seat) + (last ? r->last_trick : 0);
	ds.points[opp] = game_points(g, opp) + (last ? 0 : r->last_trick);
	ds.brisques[seat] = game_brisques(g, seat) + 10 * b;
	ds.brisques[opp] = game_brisques(g, opp) + 10 * (total - b);
	score_game_value(&r->score, &ds, &gv);
	return gv.winner < 0 ? 0 : gv.winner == seat ? gv.value : -gv.value;
}

void
endgame_objective_game(struct eg_objective *obj, const struct game *g,
    const struct eg_position *pos, int seat)
{
	int total = endgame_brisques_left(pos);

	obj->seat = seat;
	for (int l = 0; l < 2; l++)
		for (int b = 0; b <= EG_MAX_BRISQUES; b++) {
			int bb = b < total ? b : total;
			int tie = l * EG_TIE_LAST + (10 * bb < EG_TIE_LAST ?
			    10 * bb : EG_TIE_LAST - 1);
			obj->val[l][b] = game_value_for(g, seat, l, bb, total) *
			    EG_VALUE_SCALE + tie;
		}
}

void
endgame_split(int v, int *value, bool *last)
{
	int tie = (v % EG_VALUE_SCALE + EG_VALUE_SCALE) % EG_VALUE_SCALE;

	*value = (v - tie) / EG_VALUE_SCALE;
	*last = tie >= EG_TIE_LAST;
}

int
endgame_card(const struct game *g, int seat, int kind)
{
	struct cardset h = game_hand(g, seat);

	for (int cp = 0; cp < game_rules(g)->packs; cp++)
		if (cardset_has(&h, cp * CARDS_PER_PACK + kind))
			return cp * CARDS_PER_PACK + kind;
	return -1;
}
