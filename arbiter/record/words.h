/*
 * words.h: cards and actions in words for a person (terminal play,
 * show): "K♥", "declare a royal marriage K♥ Q♥ for 40", never a
 * protocol token nor a copy number (the packs are alike).  In record/,
 * the lowest part that shows cards, so that play/ and show share it.
 */
#ifndef WORDS_H
#define WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

struct words {
	bool	symbols;	/* ♠♥♦♣ rather than S H D C */
	bool	color;		/* hearts and diamonds red (ANSI) */
};

#define WORDS_MAX	256

/* "K♥" (or "KH"); returns buf, of WORDS_MAX bytes. */
char		*words_card(const struct words *w, int card, char *buf);
/* "spades". */
const char	*words_suit(int suit);
/* What a would do, in words, for the seat to move in v: "A♠", "A♠ from
 * your table", "declare a royal marriage K♥ Q♥ for 40", "pass". */
char		*words_action(const struct words *w, const struct game *v,
		    const struct action *a, char *buf);
/* A declaration's name: "royal marriage", "double bézique", "four
 * trump kings" (trump: the suit, -1 before it is fixed). */
char		*words_combo(int combo, int key, int trump, char *buf,
		    size_t len);
/* Appends a declaration's cards (" K♥ Q♥"), as a hand holds them, to
 * buf (WORDS_MAX bytes). */
void		 words_cards(const struct words *w, const struct action *a,
		    int trump, char *buf);
/*
 * The cards of set as a person holds them: by suit, trumps first once
 * fixed, then spades, hearts, clubs, diamonds (colours alternating),
 * each suit from the ace down.  Returns the count written to out.
 */
int		 words_sort(const struct cardset *set, int trump,
		    uint16_t *out);

#endif
