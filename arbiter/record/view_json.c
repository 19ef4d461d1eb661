/*
 * view_json.c: a seat's view as JSON (view_json.h).
 */
#include <stdio.h>

#include "action.h"
#include "bzp.h"
#include "card.h"
#include "view.h"
#include "record/view_json.h"

json_t *
cards_json(const uint16_t *cards, int n)
{
	json_t *a = json_array();
	char t[CARD_TEXT_MAX];

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_string(cards[i] == NO_CARD ?
		    "??" : card_format(cards[i], t)));
	return a;
}

static json_t *
set_json(const struct cardset *s)
{
	json_t *a = json_array();
	char t[CARD_TEXT_MAX];

	CARDSET_FOREACH(c, s)
		json_array_append_new(a, json_string(card_format(c, t)));
	return a;
}

/* One seat's hand: the cards the viewer knows, and how many it does not. */
static json_t *
hand_json(const struct game *v, int s)
{
	struct cardset h = game_hand(v, s);
	json_t *cards = set_json(&h);
	int hidden = game_hand_count(v, s) - (int)json_array_size(cards);

	return json_pack("{s:o, s:i}", "cards", cards, "hidden",
	    hidden > 0 ? hidden : 0);
}

/* What each legal declaration would score, by its text: a page names
 * it in words with its points. */
static json_t *
declare_points_json(const struct game *v)
{
	struct action legal[MAX_LEGAL];
	char t[ACTION_TEXT_MAX];
	json_t *o = json_object();
	int n = game_legal_actions(v, legal, MAX_LEGAL);

	for (int i = 0; i < n; i++)
		if (legal[i].type == ACTION_DECLARE)
			json_object_set_new(o, action_format(&legal[i], t,
			    sizeof(t)), json_integer(combo_points(
			    game_rules(v), legal[i].combo, legal[i].key,
			    game_trump(v))));
	return o;
}

json_t *
legal_json(const struct game *v)
{
	struct action legal[MAX_LEGAL];
	char t[ACTION_TEXT_MAX];
	json_t *a = json_array();
	int n = game_legal_actions(v, legal, MAX_LEGAL);

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_string(action_format(&legal[i],
		    t, sizeof(t))));
	return a;
}

static json_t *
per_seat(const struct game *v, int (*fn)(const struct game *, int))
{
	json_t *a = json_array();

	for (int s = 0; s < game_players(v); s++)
		json_array_append_new(a, json_integer(fn(v, s)));
	return a;
}

json_t *
view_json(const struct game *v)
{
	static const char *const phases[] = { "stock", "end", "over" };
	uint16_t trick[MAX_PLAYERS];
	json_t *hands = json_array(), *tables = json_array(), *o;
	int seat = game_observer(v), n = game_trick_cards(v, trick);
	int trump = game_trump(v), turn = game_to_move(v);
	char suit[2] = { 0, 0 };

	for (int s = 0; s < game_players(v); s++) {
		struct cardset t = game_table(v, s);
		json_array_append_new(hands, hand_json(v, s));
		json_array_append_new(tables, set_json(&t));
	}
	if (trump >= 0)
		suit[0] = card_suit_char(trump);
	o = json_pack("{s:s, s:o, s:i, s:s, s:i, s:s, s:o, s:i, s:i, s:o, "
	    "s:o, s:o, s:o, s:o}", "variant",
	    variant_name(game_rules(v)->variant), "seat", seat < 0 ?
	    json_string("all") : json_integer(seat), "dealer",
	    game_dealer(v), "phase", phases[game_phase(v)], "turn", turn,
	    "decision", bzp_decision_name(game_decision(v)), "trump",
	    trump >= 0 ? json_string(suit) : json_null(), "stock",
	    game_stock_left(v), "leader", game_leader(v), "hands", hands,
	    "tables", tables, "trick", cards_json(trick, n), "points",
	    per_seat(v, game_points), "brisques", per_seat(v, game_brisques));
	if (game_turnup(v) != NO_CARD) {	/* two-hand: seen by all */
		uint16_t up = (uint16_t)game_turnup(v);
		json_object_set_new(o, "turnup", cards_json(&up, 1));
	}
	if (!game_over(v) && (seat < 0 || seat == turn)) {
		json_object_set_new(o, "legal", legal_json(v));
		json_object_set_new(o, "declare_points",
		    declare_points_json(v));
	}
	return o;
}
