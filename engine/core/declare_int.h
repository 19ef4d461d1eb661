/*
 * declare_int.h: between the rules of declarations (declare.c) and their
 * enumeration (declare_enum.c), private to the rules core.
 */
#ifndef DECLARE_INT_H
#define DECLARE_INT_H

#include "game_int.h"

/* What the records say of kind T = (combo, key) for one seat. */
struct kindinfo {
	int		combo, key, cls, level;
	struct cardset	used;		/* cards ever scored as this kind */
	struct cardset	broken_ok;	/* cards whose T-sets are all broken */
	int		nrec;		/* the seat's records of this kind */
	uint16_t	rec[MAX_DECLS];
};

/* The records of kind T, and the cards whose T-sets are all broken. */
void	kind_info(const struct game *g, int seat, int combo, int key,
	    struct kindinfo *ki);
/* Whether card c may take part in a declaration of kind T at all. */
bool	card_usable(const struct game *g, const struct kindinfo *ki, int c);
/* The rules that judge a set as a whole (R5-R7, R9, T3). */
bool	set_legal(const struct game *g, int seat, const struct kindinfo *ki,
	    const struct cardset *s);
/* The card kinds T is made of, how many of each, by slot; the count of
 * slots. */
int	kind_slots(const struct game *g, int combo, int key, int kinds[5][4],
	    int nkinds[5], int need[5]);

#endif
