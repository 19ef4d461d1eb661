/*
 * card.h: the physical cards of the Bézique family.
 *
 * A game uses n packs of 32 cards (A T K Q J 9 8 7 in four suits).  Every
 * physical card has a stable identity, its id:
 *
 *	id = copy * 32 + suit * 8 + rank
 *
 * where copy is the pack it came from (0-based), suit is S H D C (0..3)
 * and rank runs upwards from 7 to A, so a higher rank number is the
 * stronger card (doc/rules.md §2: A > T > K > Q > J > 9 > 8 > 7).  The "kind"
 * of a card (suit and rank, ignoring the copy) is id & 31.
 *
 * Text form: rank letter, suit letter, '#', 1-based copy: "QS#2" is the
 * queen of spades from the second pack.  "QS" alone names the kind.
 */
#ifndef CARD_H
#define CARD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum suit { SUIT_S, SUIT_H, SUIT_D, SUIT_C, NSUITS };
enum rank {
	RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_T, RANK_A, NRANKS
};

#define MAX_PACKS	8
#define CARDS_PER_PACK	32
#define MAX_CARDS	(MAX_PACKS * CARDS_PER_PACK)
#define NO_CARD		0xffff
#define CARD_TEXT_MAX	8	/* "QS#8" and a NUL, with room to spare */

static inline int card_kind(int c) { return c & 31; }
static inline int card_suit(int c) { return (c >> 3) & 3; }
static inline int card_rank(int c) { return c & 7; }
static inline int card_copy(int c) { return c >> 5; }
static inline int card_make(int copy, int suit, int rank)
{
	return copy * 32 + suit * 8 + rank;
}
/* Court cards are K, Q and J only: aces and tens are not (law 15). */
static inline bool card_is_court(int c)
{
	int r = card_rank(c);
	return r == RANK_K || r == RANK_Q || r == RANK_J;
}
/* Brisques: the aces and tens (doc/rules.md §2). */
static inline bool card_is_brisque(int c)
{
	return card_rank(c) == RANK_A || card_rank(c) == RANK_T;
}

char	card_rank_char(int rank);
char	card_suit_char(int suit);
int	card_rank_from_char(int ch);	/* -1 if not a rank letter */
int	card_suit_from_char(int ch);	/* -1 if not a suit letter */

/* Writes "QS#2" into buf (at least CARD_TEXT_MAX bytes); returns buf. */
char	*card_format(int c, char *buf);

/*
 * Parses a card from s[0..len).  Accepts "QS#2" and the kind alone "QS"
 * (then *copy_given is false and the copy is 0).  Ranks and suits are
 * case-insensitive and "10" is accepted for the ten.  Returns the id, or
 * -1 if the text is not a card of a game with npacks packs.
 */
int	card_parse(const char *s, size_t len, int npacks, bool *copy_given);

#ifdef __cplusplus
}
#endif

#endif
