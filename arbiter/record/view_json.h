/*
 * view_json.h: a seat's view of a deal as JSON, for the web front end.
 *
 * Built only from what the rules core lets that seat see (game_view()):
 * the other hands appear as the cards the seat knows (a carte blanche
 * shown) and a count of concealed ones, never as cards.  A full game
 * (game_observer() -1) shows everything: the replay's "all cards".
 */
#ifndef VIEW_JSON_H
#define VIEW_JSON_H

#include <jansson.h>

#include "game.h"

/* A new JSON object: hands, tables, trick, trump, scores, stock, whose
 * turn and, when the viewer is to move, its legal actions and what each
 * legal declaration scores (declare_points). */
json_t	*view_json(const struct game *v);

/* A card list as a JSON array of card texts ("QS#2"). */
json_t	*cards_json(const uint16_t *cards, int n);
/* The legal actions of the seat to move of g, as texts. */
json_t	*legal_json(const struct game *g);

#endif
