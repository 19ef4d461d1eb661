/*
 * game.h: one deal of Bézique, as a state machine (the rules core's API).
 *
 * In the spirit of OpenSpiel: create a deal from (rules, seed, dealer);
 * ask whose turn it is and what kind of decision; list the legal actions;
 * apply one; repeat until the deal is over, then read the result.  The
 * core has no I/O and no global state; every function is reentrant.
 *
 * A game may also be a seat's *view*: the same structure with the cards
 * that seat may not see left unknown (the opponents' concealed hands and
 * the stock order).  game_view() makes one; view.h gives its text form and
 * deals the unknown cards at random for search.  Legal actions are known
 * to a view when it is the viewing seat's turn.
 *
 * Every state change is reported as events (struct event) so that the
 * arbiter can tell each seat exactly what it may see: event_for_seat()
 * hides what a seat must not learn (the card another player drew).
 */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "action.h"
#include "cardset.h"
#include "rules.h"
#include "score.h"

#ifdef __cplusplus
extern "C" {
#endif

struct game;

enum decision {
	DECISION_NONE,		/* the deal is over */
	DECISION_LEAD,		/* play a card to an empty trick */
	DECISION_REPLY,		/* play a card to the trick led */
	DECISION_DECLARE,	/* after winning a trick: declare or pass */
	DECISION_CARTE_BLANCHE	/* before playing: claim/show or pass */
};

enum phase { PHASE_STOCK, PHASE_END, PHASE_OVER };

#define MAX_LEGAL	512	/* enough for any state of any variant */

/* Events, in the order they happen. */
enum event_type {
	EVENT_DEAL,		/* cards: the seat's dealt hand (private) */
	EVENT_CARTE_BLANCHE,	/* cards shown, points (public) */
	EVENT_PLAY,		/* seat played cards[0]; key 1 if from table */
	EVENT_TRICK,		/* seat won the trick; cards: the trick */
	EVENT_DECLARE,		/* seat declared combo/key with cards, points;
				 * also a seven of trumps exchanged or
				 * declared (event_action gives the action) */
	EVENT_TRUMP,		/* key: the trump suit is fixed */
	EVENT_DRAW,		/* seat drew cards[0] (NO_CARD if hidden);
				 * key 1: the turn-up, seen by all */
	EVENT_END_PHASE,	/* stock exhausted: table cards back to hand */
	EVENT_LAST_TRICK,	/* seat scored points for the last trick */
	EVENT_GAME_OVER		/* points/brisques/value in the result */
};

struct event {
	uint8_t		type;
	uint8_t		seat;
	uint8_t		combo;
	uint8_t		key;
	int16_t		points;
	uint8_t		ncards;
	uint16_t	cards[16];
};

struct event_log {
	struct event	*ev;
	int		 n;
	int		 cap;	/* events past cap are dropped, n still counts */
};

enum end_reason {
	END_NORMAL,		/* all tricks played */
	END_FORFEIT		/* a player forfeited (arbiter's decision) */
};

struct result {
	struct deal_scores	scores;
	struct game_value	value;
	int			points[MAX_PLAYERS];
	int			brisques[MAX_PLAYERS];
};

/* Creation and copying.  game_free(NULL) is a no-op. */
struct game	*game_new(const struct rules *r, uint64_t seed, int dealer);
/* deck[0] is the top card; the deal uses r->packs * 32 of them. */
struct game	*game_new_from_deck(const struct rules *r, const uint16_t *deck,
		    int dealer);
struct game	*game_clone(const struct game *g);
void		 game_copy(struct game *dst, const struct game *src);
void		 game_free(struct game *g);

/*
 * The six-pack's cut (doc/rules.md §5, S81), before the first card is
 * played: the dealer lifted `lifted` cards off the pack, the non-dealer
 * guessed `guessed`.  The dealer scores rules cut_points if he lifted
 * exactly cut_cards, the non-dealer guess_points for an exact guess; the
 * view's decls show them as "cut" and "guess".  The cards dealt do not
 * depend on the cut (the shuffle stands for it).  Returns the points
 * scored in all, or -1 if the variant has no cut, a card has been
 * played, or the cut was made already.
 */
int	game_cut(struct game *g, int lifted, int guessed);

/* The deck order that game_new() deals for this seed (n = packs * 32). */
void		 game_shuffle_deck(const struct rules *r, uint64_t seed,
		    uint16_t *deck);

/* Whose turn and what decision. */
const struct rules *game_rules(const struct game *g);
int		 game_to_move(const struct game *g);
enum decision	 game_decision(const struct game *g);
enum phase	 game_phase(const struct game *g);
bool		 game_over(const struct game *g);
int		 game_observer(const struct game *g);	/* -1: omniscient */

/*
 * Legal actions for the player to move, at most max (MAX_LEGAL always
 * suffices), without duplicates: of several physical cards that are
 * interchangeable (same kind, same place, same declaration history) only
 * the lowest id is listed.  Returns the count, 0 when the deal is over,
 * or -1 when g is a view of another seat (whose hand is unknown).
 */
int	game_legal_actions(const struct game *g, struct action *out, int max);

/*
 * As game_legal_actions, but of the declarations only the first listed of
 * each kind (combination and key): all that a player who weighs a
 * declaration by its points needs, without the many sets of cards that
 * form one kind in the packs' variants.
 */
int	game_legal_actions_by_kind(const struct game *g, struct action *out,
	    int max);

/* Whether a is legal now (any physical copy; not only those listed). */
bool	game_is_legal(const struct game *g, const struct action *a);

/*
 * Applies a legal action; events go to log if it is not NULL.  Returns 0,
 * or -1 (and changes nothing) if the action is illegal.  A view cannot be
 * advanced past another seat's decision: deal it out (view_sample) first.
 */
int	game_apply(struct game *g, const struct action *a,
	    struct event_log *log);

/*
 * Parses an action text in this state (resolving a card named without its
 * copy).  Returns 0, or -1 with a one-line reason in err.
 */
int	game_parse_action(const struct game *g, const char *text,
	    struct action *a, char *err, size_t errlen);

/*
 * The result; valid once game_over().  Where the game is one deal
 * (Rubicon, six-, eight-pack) value is the game's value (score.h).  Where
 * it is several deals (rules game_target > 0: two-, three-hand) a deal
 * has no value of its own (value.value 0): value.winner is the seat with
 * the highest points + brisques of the deal (-1 if shared), final[] those
 * totals for seats 0 and 1; series.h adds points[] + brisques[] to the
 * game's running totals.
 */
void	game_result(const struct game *g, struct result *res);

/*
 * Ends a deal at once, lost by `seat` (a time forfeit or an illegal
 * action, decided by the arbiter).  In a one-deal game of two the winner
 * is credited the value of a rubicon with his points so far; in a game of
 * several deals series_forfeit() ends the game.
 * Returns 0, or -1 if the deal is already over.
 */
int	game_forfeit(struct game *g, int seat);
int	game_forfeited(const struct game *g);	/* the seat, or -1 */

/* The declaration an EVENT_DECLARE reports, as an action. */
void	event_action(const struct event *ev, struct action *a);

/* What a seat may see of an event: false if it sees nothing of it. */
bool	event_for_seat(const struct event *ev, int seat, struct event *out);

/* Accessors for views, players and tests. */
int		 game_players(const struct game *g);
int		 game_dealer(const struct game *g);
int		 game_trump(const struct game *g);	/* -1: none yet */
/* The card turned up for trump at the deal (two-, three-hand), or
 * NO_CARD.  While the stock lasts the turn-up lies under it (after an
 * exchange it is the seven); the last player to draw takes it. */
int		 game_turnup(const struct game *g);
int		 game_stock_left(const struct game *g);
int		 game_points(const struct game *g, int seat);
int		 game_brisques(const struct game *g, int seat);
struct cardset	 game_hand(const struct game *g, int seat);	/* concealed */
struct cardset	 game_table(const struct game *g, int seat);
int		 game_hand_count(const struct game *g, int seat);
int		 game_tricks_played(const struct game *g);
int		 game_trick_cards(const struct game *g, uint16_t *cards);
int		 game_leader(const struct game *g);
/* Completed trick t (0: the first): its cards in the order played, who
 * led it and who won it.  Returns the number of cards (the players), or
 * -1 if trick t is not completed.  Read-only, for inference about what
 * the players held (what every seat saw played). */
int		 game_past_trick(const struct game *g, int t, uint16_t *cards,
		    int *leader, int *winner);
struct cardset	 game_played(const struct game *g);

/* Makes the view of one seat (a copy with hidden cards unknown). */
struct game	*game_view(const struct game *g, int seat);

/*
 * The stock cards no player has seen (all but a turn-up), in the order
 * they would be drawn: writes them into cards (MAX_CARDS suffice) and
 * returns how many.  And a measure of luck's (engine/ai/luck.h): puts
 * card, one of those, k places ahead of the next draw (0: next) by
 * swapping it with the card there; returns 0, or -1 if card is not one
 * of them, the place is past them, or g is a view.
 */
int	game_stock_unseen(const struct game *g, uint16_t *cards);
int	game_stock_put(struct game *g, int k, int card);

#ifdef __cplusplus
}
#endif

#endif
