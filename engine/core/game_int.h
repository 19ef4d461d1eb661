/*
 * game_int.h: the layout of struct game, private to the rules core.
 *
 * The declarations come last so that game_copy() copies only the used
 * part: search copies states thousands of times a second.
 */
#ifndef GAME_INT_H
#define GAME_INT_H

#include "game.h"

#define MAX_DECLS	260	/* six-pack: 84 stock tricks, 2 x 85 carte
				 * blanche showings, the cut */

/* A carte blanche showing is kept among the declarations, under this
 * pseudo-combination, so that the history says what was shown when. */
#define DECL_CARTE_BLANCHE	NCOMBOS
/* The seven of trumps' points (doc/rules.md §4.2), kept the same way: the
 * dealer's turned-up seven, an exchange, and a seven declared. */
#define DECL_SEVEN_TURNUP	(NCOMBOS + 1)
#define DECL_SEVEN_EXCHANGE	(NCOMBOS + 2)
#define DECL_SEVEN		(NCOMBOS + 3)
/* The six-pack's cut for 24 and the guess (doc/rules.md §5, S81). */
#define DECL_CUT		(NCOMBOS + 4)
#define DECL_GUESS		(NCOMBOS + 5)
#define DECL_PSEUDO_END		(NCOMBOS + 6)
#define MAX_TRICKS	(MAX_CARDS / 2)

/* Carte blanche state of a player (doc/rules.md §3.2). */
#define CB_OFFER	0x01	/* may claim or show before the next card */
#define CB_CLAIMED	0x02	/* claimed; repeats until a court card drawn */
#define CB_PLAYED	0x04	/* has played a card this deal */

/* One scored declaration (a set in §8.2's scored[T]). */
struct decl_rec {
	struct cardset	set;
	uint8_t		seat;
	uint8_t		combo;
	uint8_t		key;
	int16_t		points;
};

struct game {
	struct rules	rules;
	int8_t		observer;	/* -1 omniscient, else the seat */
	uint8_t		nplayers;
	uint8_t		dealer;
	uint8_t		leader;		/* of the trick in progress */
	uint8_t		to_move;
	uint8_t		decision;	/* enum decision */
	uint8_t		phase;		/* enum phase */
	int8_t		trump;		/* -1 until fixed */
	uint8_t		trick_n;	/* cards in the trick in progress */
	uint8_t		trick_from_table; /* bit i: trick[i] was a table card */
	uint8_t		cb[MAX_PLAYERS];
	uint8_t		forfeit;	/* seat + 1 of a forfeiting player */
	uint16_t	trick[MAX_PLAYERS];
	uint16_t	ntricks;	/* tricks completed */
	uint16_t	stock_pos;	/* next card to draw */
	uint16_t	stock_len;	/* cards in the stock at the deal */
	uint16_t	last_drawn[MAX_PLAYERS];
	int16_t		hand_count[MAX_PLAYERS];
	int32_t		points[MAX_PLAYERS];
	int32_t		brisques[MAX_PLAYERS];	/* points: 10 a brisque */
	struct cardset	hand[MAX_PLAYERS];	/* concealed (known) cards */
	struct cardset	table[MAX_PLAYERS];	/* declared, still held */
	struct cardset	revealed[MAX_PLAYERS];	/* shown by carte blanche */
	struct cardset	played;
	uint8_t		lvl[MAX_CARDS];	/* highest level per class, packed */
	uint16_t	history[MAX_CARDS];	/* cards played, in order */
	uint8_t		trick_winner[MAX_TRICKS];
	uint16_t	stock[MAX_CARDS];	/* NO_CARD where unknown */
	/* The card turned up for trump at the deal (NO_CARD: none).  While
	 * the stock lasts, its last card is the turn-up as it now lies (the
	 * seven, after an exchange): public, drawn last (doc/rules.md §4.1). */
	uint16_t	turnup;
	/* Bit key of scored[p][combo]: p has scored that kind (a summary
	 * of decl[] that spares declare.c reading it for the others). */
	uint8_t		scored[MAX_PLAYERS][NCOMBOS];
	uint16_t	ndecl;
	struct decl_rec	decl[MAX_DECLS];
};

/* lvl[] packing: class A in bits 0-1, B in bits 2-4, C in bits 5-6. */
static inline int
lvl_get(const struct game *g, int c, int cls)
{
	static const int shift[3] = { 0, 2, 5 }, mask[3] = { 3, 7, 3 };
	return (g->lvl[c] >> shift[cls]) & mask[cls];
}

static inline void
lvl_raise(struct game *g, int c, int cls, int level)
{
	static const int shift[3] = { 0, 2, 5 }, mask[3] = { 3, 7, 3 };
	if (lvl_get(g, c, cls) < level)
		g->lvl[c] = (uint8_t)((g->lvl[c] & ~(mask[cls] << shift[cls])) |
		    (level << shift[cls]));
}

static inline int
game_ncards(const struct game *g)
{
	return g->rules.packs * CARDS_PER_PACK;
}

static inline int
stock_left_int(const struct game *g)
{
	return g->stock_len - g->stock_pos;
}

/* declare.c: legality and enumeration of declarations (doc/rules.md §8). */
bool	declare_legal(const struct game *g, int seat, const struct action *a);
int	declare_enumerate(const struct game *g, int seat, struct action *out,
	    int max);
/* Of each kind only the first that declare_enumerate lists. */
int	declare_enumerate_kinds(const struct game *g, int seat,
	    struct action *out, int max);
bool	declare_any(const struct game *g, int seat);
bool	declare_same_history(const struct game *g, int a, int b);
void	declare_record(struct game *g, int seat, const struct action *a,
	    int points);

/*
 * The trick that scored rules.last_trick, once it has: the deal's last
 * (when the deal is over), or by agreement the last of the stock phase
 * (EW viii, PW-1; once the stock is gone).  -1 before.
 */
static inline int
last_trick_scored(const struct game *g)
{
	if (g->rules.last_trick_of_stock)
		return stock_left_int(g) == 0 && g->ntricks > 0 ?
		    g->stock_len / g->nplayers - 1 : -1;
	return g->phase == PHASE_OVER && g->ntricks > 0 ? g->ntricks - 1 : -1;
}

/* The stock cards a seat cannot see: all but a turn-up. */
static inline int
stock_hidden_end(const struct game *g)
{
	return g->stock_len - (g->turnup != NO_CARD);
}

/* seven.c: the seven of trumps (two- and three-hand, doc/rules.md §4.2). */
int	seven_enumerate(const struct game *g, int seat, struct action *out,
	    int max);
bool	seven_legal(const struct game *g, int seat, const struct action *a);
void	seven_apply(struct game *g, int seat, const struct action *a,
	    struct event_log *log);
void	seven_turned_up(struct game *g);
void	seven_played(struct game *g, int seat, int c, struct event_log *log);
/* decl.c: the text names of the pseudo-declarations (carte blanche,
 * sevens, cut) in the view's decls; decl_pseudo_parse returns DECL_* or
 * -1. */
const char	*decl_pseudo_name(int combo);
int		 decl_pseudo_parse(const char *s, size_t len);
/* A decl_rec with these fields (no bookkeeping of classes). */
void	decl_add(struct game *g, int seat, int combo,
	    const struct cardset *set, int points);

/* trick.c: who wins a trick, and which cards may be played. */
int	trick_winner_index(const struct game *g, const uint16_t *cards, int n);
bool	trick_beats(int card, int best, int trump);
void	trick_legal_plays(const struct game *g, int seat, struct cardset *out);
bool	trick_play_legal(const struct game *g, int seat, int card);

/* deal.c and game.c internals shared with view.c. */
struct game	*game_alloc(const struct rules *r, int dealer);
void	game_next_decision(struct game *g);

/* event.c: an event to the log (which may be NULL, as it is in search:
 * then nothing is built); the same made of one card (or none: -1) and
 * points, of one card and a key, or of a set of cards. */
void	log_event(struct event_log *log, const struct event *ev);
void	log_simple(struct event_log *log, int type, int seat, int card,
	    int points);
void	log_card(struct event_log *log, int type, int seat, int key,
	    int card);
void	log_cards(struct event_log *log, int type, int seat,
	    const struct cardset *cards, int points);

#endif
