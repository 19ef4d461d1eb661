/*
 * view.h: the text form of a game as one seat sees it, and dealing the
 * cards a seat cannot see at random (for search).
 *
 * The text form is one line of space-separated key=value fields (the
 * grammar is in protocol.md, "Seat views"):
 *
 *	bzv/1 variant=rubicon seat=0 dealer=1 phase=stock turn=0
 *	decision=lead trump=- leader=0 stock=110 hand0=AS#1,... hand1=??,...
 *	table0=- table1=- points=0,0 brisques=0,0 tricks=- trick=-
 *	decls=- cb=-,- drawn=-,-
 *
 * It says everything the seat knows, so an engine restarted in the middle
 * of a deal can decide from it alone.  With seat=all it is the whole
 * state (every hand and the stock order in stockcards=), which replays
 * exactly.  view_parse() accepts only what view_format() could write:
 * every card once, counts that add up, scores that match the history.
 */
#ifndef VIEW_H
#define VIEW_H

#include <stddef.h>

#include "game.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VIEW_TEXT_MAX	16384	/* enough for any view of any variant */

/*
 * Writes the text form of g (a view, or a full game: then seat=all) into
 * buf; returns the length the text needs, as snprintf does.
 */
size_t		 view_format(const struct game *g, char *buf, size_t len);

/*
 * Parses a text form under rules r (the protocol's newgame gives them).
 * Returns a new game (free with game_free) that is a view of the seat
 * named in the text, or NULL with a one-line reason in err.
 */
struct game	*view_parse(const struct rules *r, const char *text, char *err,
		    size_t errlen);

/*
 * Deals the cards unknown to view v at random: the unseen cards go to the
 * other hands and the stock, consistently with everything v knows (cards
 * shown by carte blanche stay in their hands).  Writes a full game into
 * out, which must come from game_clone() of v or of another game.
 */
void		 view_sample(const struct game *v, struct rng *rng,
		    struct game *out);

/*
 * The same, with the concealed cards of the hands drawn in proportion to
 * weight[card] (indexed by card, every unseen card's weight positive):
 * the caller's belief of what the hands kept.  NULL: uniform, exactly
 * as view_sample.
 */
void		 view_sample_weighted(const struct game *v, struct rng *rng,
		    const double *weight, struct game *out);

/*
 * A measuring device (strong.h, oracle 2): the full game g dealt again
 * with only the order of the stock places unknown to view v (g's view
 * of one seat) shuffled; every hand stays as it truly is.  Writes into
 * out, which must come from game_clone().
 */
void		 view_sample_stock(const struct game *g, const struct game *v,
		    struct rng *rng, struct game *out);

#ifdef __cplusplus
}
#endif

#endif
