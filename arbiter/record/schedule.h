/*
 * schedule.h: which deal is played when, as a pure function of its index,
 * so that the schedule needs no memory and resuming reproduces it exactly.
 *
 * Deal k belongs to duplicate pair k/2 (each deck played twice with the
 * seats swapped) and, in a tournament, to pairing (k/2) mod P in round
 * (k/2) div P: deal k of every pairing in a round uses the same deck
 * ("common deals": every engine meets the same luck).  Without common
 * deals (--no-common-deals) pair k has deck k of its own, so that with
 * --no-duplicate no deck is played twice.
 *
 * In variants played over several deals (two-hand to 1000), an index is
 * a game: its deal k (from 0) is dealt the deck of its round and hand k,
 * the deal passing each time.  Every deck comes from the run's key
 * (deck_key.h); the seeds below are versions 1 and 2's recipe, kept to
 * check their records.
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/config.h"
#include "series.h"

/* One deal of the schedule. */
struct deal_spec {
	int		deal;		/* index in the match */
	int		pair;		/* the duplicate pair's index */
	int		round;		/* the deck's index */
	uint64_t	seed;		/* the deck's number in the run (its
					 * round): deck_guard.c tells decks
					 * apart by it */
	int		engine[MAX_PLAYERS];	/* engine index by seat */
	int		voids;		/* its attempts voided so far
					 * (on_failure=void; 0 here) */
	/* The game as it stands before its next deal: new (series_init,
	 * the last seat dealing), or resumed after the deals already
	 * recorded.  All zero (a deal_spec memset by its maker): a new
	 * game (table_play()). */
	struct series	start;
};

/* The deal's number as records, protocol and every surface give it,
 * from 1 (record_index() is the way back): the one place an index
 * becomes a number. */
static inline int
schedule_number(const struct deal_spec *d)
{
	return d->deal + 1;
}

/* The number of pairings of a format among n engines. */
int		schedule_pairings(enum format f, int n);
/* The two engines of pairing p. */
void		schedule_pairing(enum format f, int n, int p, int *a, int *b);
/* The seed of deck r (records of version 1 and 2). */
uint64_t	schedule_deck_seed(uint64_t seed, int round);
/*
 * The seed S whose deck `round` is deck_seed: schedule_deck_seed()
 * undone (SplitMix64's output mixing is a bijection), so that a record's
 * deck seed tells which match seed dealt it.  Also the deck seed D of a
 * game from the seed of its deal `hand` > 0 (dealt from
 * schedule_deck_seed(D, hand)).
 */
uint64_t	schedule_match_seed(uint64_t deck_seed, int round);
/*
 * The six-pack's cut (doc/rules.md §5) for the deal of this seed (versions
 * 1 and 2; since, deck_key_cut()): the cut is a physical act, not a
 * decision of the engines, so the arbiter makes it from the seed.  The dealer, aiming at r->cut_cards, lifts within four
 * cards of it, the non-dealer guesses within four of it, each of the
 * nine numbers equally likely (so each scores one deal in nine).
 */
void		schedule_cut(const struct rules *r, uint64_t seed,
		    int *lifted, int *guessed);
/*
 * Whether some deck of cfg's schedule is played more than once: the
 * duplicate pairs, a tournament's common deals, three-hand's rotations.
 * Then no seat may learn a deck while another deal of it may follow
 * (doc/guarantees.md).
 */
bool		schedule_decks_shared(const struct match_cfg *cfg);
/* Deal k of the schedule of cfg. */
void		schedule_deal(const struct match_cfg *cfg, int k,
		    struct deal_spec *d);

#endif
