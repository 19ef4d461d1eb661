/*
 * rules.h: a variant of Bézique and the rule options in force.
 *
 * Everything that differs between the variants of the sources is data in
 * struct rules: packs, players, hand size, the declaration table and the
 * re-use rules (doc/rules.md §10, §11).  rules_init() gives a variant's defaults
 * (the Portland Club laws of 1887 for Rubicon); every reading of another
 * source is a named option that rules_set() changes by name, so that the
 * protocol, the arbiter's flags and tournament files share one list.
 */
#ifndef RULES_H
#define RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "score.h"

#ifdef __cplusplus
extern "C" {
#endif

enum variant {
	VARIANT_RUBICON,
	VARIANT_TWO_HAND,
	VARIANT_SIX_PACK,
	VARIANT_EIGHT_PACK,
	VARIANT_THREE_HAND,
	NVARIANTS
};

/* How a broken combination may be scored again (doc/rules.md §8.5). */
enum reform {
	REFORM_NONE,			/* once per kind (two-hand, §8.3 T2) */
	REFORM_FRESH_CARD,		/* R6 only */
	REFORM_FRESH_CARD_AND_BREAKUP	/* R6 and R7 (Portland default) */
};

/* Re-pairing of marriages of one suit (doc/rules.md §8.2 R8, §10). */
enum marriage_repair {
	REPAIR_PAIRS,		/* any new K-Q pair, no play needed (HGM) */
	REPAIR_AFTER_PLAY,	/* only once a card of the first was played */
	REPAIR_NONE		/* a married king or queen never marries again */
};

enum seven_other { SEVEN_DECLARE, SEVEN_PLAY };

/* Who counts his brisques first when a deal of a game of several deals
 * ends (doc/rules.md §4.7): nobody (the totals together, the higher
 * wins), the winner of the last trick (UBCG), the non-dealer (EW x). */
enum brisques_first { FIRST_NONE, FIRST_LAST_TRICK, FIRST_NON_DEALER };

#define MAX_PLAYERS	3

struct rules {
	enum variant	variant;

	/* The variant's shape (doc/rules.md §11). */
	int	packs;
	int	players;
	int	hand_size;
	int	deal_batch;		/* cards per batch when dealing: 1 or 3 */
	bool	turnup;			/* trump card turned up (two-, three-hand);
					 * off: EB11's first marriage or sequence
					 * fixes trump, and the seven scores nothing */
	int	max_bezique;		/* 2 double .. 5 quintuple */
	bool	plain_sequence;		/* 150 for a sequence in a plain suit */
	bool	bezique_by_trump;	/* six-pack: Q of trumps + J of colour */
	bool	bezique_swap;		/* two-hand option (NIE): QC + JH when
					 * spades or diamonds are trumps */
	bool	trump_quartets;		/* four trump A/T/K/Q/J (six-pack) */
	bool	trump_quintets;		/* five trump A/T/K/Q/J (eight-pack) */
	bool	four_tens;		/* any four tens score 90 (PBCG option) */
	int	carte_blanche;		/* points; 0 when there is none */
	int	last_trick;		/* points for the last trick */
	bool	last_trick_of_stock;	/* EW viii, PW-1: scored for the
					 * last trick of the stock phase */

	/* Re-use of declared cards (doc/rules.md §8.2, §8.5). */
	enum reform		reform;
	enum marriage_repair	marriage_repair;
	bool	marriage_to_sequence;	/* marriage first, then sequence */
	bool	bezique_upgrade_needs_fresh;	/* R9 */
	bool	reform_multi_bezique;	/* a broken double may be re-formed */
	bool	new_card_from_hand;	/* T3: re-use needs a card from hand */

	/* Play (doc/rules.md §3.2, §3.7). */
	bool	endgame_must_win;	/* must head the trick when following */
	bool	cb_repeat_in_end;	/* carte blanche repeats after the last draws */

	/* The seven of trumps (two-, three-hand, doc/rules.md §4.2): 10 to
	 * the dealer for turning it up, 10 for exchanging it for the turn-up
	 * or for declaring it; 0 when it has no value. */
	int	seven_of_trumps;
	/* The seven not exchanged: declared after a trick won (HGM-2H), or
	 * scored when played to a trick in the stock phase (BRIT, EW iv). */
	enum seven_other	seven_other;
	/* UBCG: the exchange counts as the trick's declaration (§4.2). */
	bool	seven_exchange_is_declaration;
	/* EB9's three-hand exception to "once per kind": a second double
	 * bézique on a bézique already used in a double (doc/rules.md §7). */
	bool	second_double;
	/* UBCG: trump may not be the same suit two deals running (§5); the
	 * suit barred in this deal (-1: none), set by series_next_rules(). */
	bool	no_repeat_trump;
	int	barred_trump;

	/* The six-pack's cut (doc/rules.md §5, PW-6, HER, DEN): the dealer
	 * lifting exactly cut_cards scores cut_points; the non-dealer
	 * guessing the number lifted scores guess_points (game_cut()).
	 * cut_cards 0: no cut. */
	int	cut_cards;
	int	cut_points;
	int	guess_points;

	/* A game of several deals (series.h): first to game_target (0: the
	 * game is one deal); the winner scores double when the loser has
	 * under double_under (0: never) (doc/rules.md §4, §7). */
	int	game_target;
	int	double_under;
	/* Of two (or three) over the target at the end of a deal, the one
	 * counted first wins; FIRST_NONE: the higher total. */
	enum brisques_first	brisques_first;

	struct score_rules	score;
};

/* The defaults of a variant.  Returns 0, or -1 for an unknown variant. */
int		 rules_init(struct rules *r, enum variant v);

const char	*variant_name(enum variant v);
/* Returns 0 and sets *v, or -1 if name is not a variant. */
int		 variant_parse(const char *name, enum variant *v);
/* "rubicon,two-hand" as a set of variants, bit 1 << v each (a protocol
 * engine's 'feature variants='); a name it does not know is a later
 * version's variant and is left out, not an error. */
unsigned	 variant_set_parse(const char *list);

/* Whether the core implements this variant's play yet. */
bool		 variant_playable(enum variant v);

/*
 * Sets one named option, e.g. rules_set(r, "reform", "fresh_card").
 * Returns 0, or -1 with a one-line reason in err ("unknown option 'x'",
 * "option 'reform': 'y' is not one of none, fresh_card, ...").
 */
int	rules_set(struct rules *r, const char *name, const char *value,
	    char *err, size_t errlen);

/*
 * Applies a list "name=value,name=value" (white space not allowed), as
 * the protocol and the record files carry it.  Returns 0 or -1 with err.
 */
int	rules_set_list(struct rules *r, const char *list, char *err,
	    size_t errlen);

/*
 * Whether r may be the rules a match is set up with: 0, or -1 with a
 * one-line reason in err.  no_repeat_trump needs a game of several deals
 * whose trump is declared (game_target > 0, turnup off); barred_trump is
 * set for each deal from the last one's trump (series_next_rules()),
 * never by hand (doc/rules.md §10).
 */
int	rules_check(const struct rules *r, char *err, size_t errlen);

/*
 * Writes every option of r as "name=value,..." into buf; returns the
 * length that the full text needs (as snprintf does).
 */
size_t	rules_format(const struct rules *r, char *buf, size_t len);

/* The number of named options, and the name and allowed values of the
 * i-th, for help texts and the protocol's option listing. */
int		 rules_option_count(void);
const char	*rules_option_name(int i);
const char	*rules_option_values(int i);	/* "bool", "int", or "a|b|c" */

#ifdef __cplusplus
}
#endif

#endif
