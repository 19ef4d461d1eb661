/*
 * action.h: what a player does at a decision, and its canonical text.
 *
 * Every action is one token without white space, so that a list of legal
 * actions is a space-separated line (protocol.md §"Actions"):
 *
 *	QS#2				play that card (from hand or table)
 *	marriage:KH#1+QH#2		declare a combination with these cards
 *	four-aces:AS#1+AH#2+AD#1+AC#4
 *	pass				declare nothing / decline carte blanche
 *	carte-blanche			claim (or repeat) carte blanche
 *	exchange:7H#1			exchange the seven of trumps for the
 *					turn-up (two-, three-hand)
 *	seven:7H#2			declare the seven of trumps
 *
 * Parsing also accepts a card without its copy ("QS"): it means a copy in
 * the hand if there is one, else the lowest-numbered copy on the table;
 * that resolution needs the game, so it is done by game_parse_action().
 */
#ifndef ACTION_H
#define ACTION_H

#include <stddef.h>
#include <stdint.h>

#include "combo.h"

#ifdef __cplusplus
extern "C" {
#endif

enum action_type {
	ACTION_PLAY,
	ACTION_DECLARE,
	ACTION_PASS,
	ACTION_CARTE_BLANCHE,
	ACTION_SEVEN_EXCHANGE,	/* cards[0]: the seven of trumps */
	ACTION_SEVEN		/* cards[0]: the seven of trumps */
};

struct action {
	uint8_t		type;
	uint8_t		combo;		/* ACTION_DECLARE */
	uint8_t		key;		/* suit (class A) or rank (class C) */
	uint8_t		ncards;
	uint16_t	cards[COMBO_MAX_CARDS];
};

#define ACTION_TEXT_MAX	96

/*
 * Writes the canonical text of a (into buf of len bytes, at least
 * ACTION_TEXT_MAX); returns buf.  A declaration's cards are written from
 * the highest rank down, then by id.
 */
char	*action_format(const struct action *a, char *buf, size_t len);

/* Puts a declaration's cards into canonical order. */
void	 action_sort_cards(struct action *a);

/* Whether a and b are the same action (declaration cards in any order). */
int	 action_equal(const struct action *a, const struct action *b);

#ifdef __cplusplus
}
#endif

#endif
