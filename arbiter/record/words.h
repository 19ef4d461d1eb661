/*
 * words.h: cards and actions in words for a person (terminal play,
 * show): "K♥", "10♦", "declare royal marriage K♥ Q♥ for 40", never a
 * protocol token nor a copy number (the packs are alike).  In record/,
 * the lowest part that shows cards, so that play/ and show share it.
 *
 * The words are the rule book's (doc/rules.md): royal and common
 * marriage, trump and plain sequence, bézique (its queen before its
 * jack, whatever the trump), four aces, four trump kings.  The web page
 * (arbiter/play/web/table.js) says the same.
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

/* "K♥" (or "KH"), "10♦" (or "10D"); returns buf, of WORDS_MAX bytes. */
char		*words_card(const struct words *w, int card, char *buf);
/* n as every output writes a number for a person: a comma between
 * thousands ("1,560", "-2,900", "870"); returns buf, of WORDS_NUMBER
 * bytes. */
#define WORDS_NUMBER	32
char		*words_number(long long n, char *buf);
/* "spades". */
const char	*words_suit(int suit);
/* What a would do, in words, for the seat to move in v: "A♠", "A♠ from
 * your table", "declare royal marriage K♥ Q♥ for 40", "pass". */
char		*words_action(const struct words *w, const struct game *v,
		    const struct action *a, char *buf);
/*
 * A declaration (or a seven of trumps) that scores points, after its
 * verb (words_verb): "royal marriage K♥ Q♥ for 40", "plain sequence A♣
 * 10♣ K♣ Q♣ J♣ for 150", "the seven of trumps 7♦ for 10".  Royal or
 * common, trump or plain, is read from the points, so it is right
 * before and after the declaration fixes trump (and for a barred suit);
 * trump (-1 before it is fixed) orders the cards.  Returns buf
 * (WORDS_MAX bytes).
 */
char		*words_declaration(const struct words *w, const struct rules *r,
		    const struct action *a, int trump, int points, char *buf);
/* "declare", or "exchange" for the seven of trumps exchanged. */
const char	*words_verb(const struct action *a);
/*
 * The cards of set as a person holds them: by suit, trumps first once
 * fixed, then spades, hearts, clubs, diamonds (colours alternating),
 * each suit from the ace down (the ten after the ace).  Returns the
 * count written to out.
 */
int		 words_sort(const struct cardset *set, int trump,
		    uint16_t *out);

#endif
