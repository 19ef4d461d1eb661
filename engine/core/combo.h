/*
 * combo.h: the table of declarations (doc/rules.md §3.5, §4, §5, §6).
 *
 * A combination is a kind of declaration; together with its key (the suit
 * of a marriage or sequence, the rank of a quartet) it names what §8.2
 * calls a kind T, the unit of the re-use rules.  Each combination belongs
 * to one class (A: marriages and sequences, B: béziques, C: quartets) at a
 * level inside that class; no card may be declared again in an inferior
 * combination of its class (§8.2 R4).
 */
#ifndef COMBO_H
#define COMBO_H

#include <stdbool.h>

#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

enum combo {
	COMBO_MARRIAGE,
	COMBO_SEQUENCE,
	COMBO_BEZIQUE,		/* single; the level-L bézique is +L-1 */
	COMBO_DOUBLE_BEZIQUE,
	COMBO_TRIPLE_BEZIQUE,
	COMBO_QUADRUPLE_BEZIQUE,
	COMBO_QUINTUPLE_BEZIQUE,
	COMBO_FOUR,		/* any four of a rank (A, T, K, Q, J) */
	COMBO_FOUR_TRUMP,	/* four of the trump suit's rank (six-pack) */
	COMBO_FIVE_TRUMP,	/* five of the trump suit's rank (eight-pack) */
	NCOMBOS
};

enum combo_class { CLASS_A, CLASS_B, CLASS_C, NCLASSES };

/* Kinds (combination and key) index the per-kind re-use bookkeeping. */
#define NKINDS		(NCOMBOS * 8)
#define COMBO_MAX_CARDS	10	/* the quintuple bézique */

static inline int combo_kind(int combo, int key) { return combo * 8 + key; }

enum combo_class combo_class(int combo);
int	combo_level(int combo);		/* 1-based level inside its class */
int	combo_size(int combo);		/* number of cards */
bool	combo_keyed_by_suit(int combo);	/* class A */
bool	combo_keyed_by_rank(int combo);	/* class C */

/* Whether the variant has this combination at all (with this key). */
bool	combo_exists(const struct rules *r, int combo, int key);

/*
 * Points for declaring combo/key when trump is `trump` (-1 if not yet
 * fixed; a marriage or sequence then fixes it and counts as trumps,
 * doc/rules.md §3.3).
 */
int	combo_points(const struct rules *r, int combo, int key, int trump);

/* The bézique's queen and jack kinds (card & 31) given trump (§4, §5). */
void	combo_bezique_kinds(const struct rules *r, int trump, int *queen,
	    int *jack);

/*
 * Text names: "marriage", "sequence", "bezique", "double-bezique", ...,
 * "four-aces", "four-trump-kings", "five-trump-queens".  combo_parse()
 * returns 0 and sets combo and key (key -1 for class A: the suit comes from
 * the cards), or -1.
 */
const char	*combo_name(int combo, int key, char *buf, int len);
int		 combo_parse(const char *s, int len, int *combo, int *key);

#ifdef __cplusplus
}
#endif

#endif
