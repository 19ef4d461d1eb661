/*
 * club.h: the club level, a heuristic player that punishes what greedy
 * lets pass (club.c; issue 34, item 0: a sparring partner).
 *
 * It is the simulation policy of rollout.h on a scale of its own
 * (club_params.w: greedy's, with its blind spots weighed) and a few
 * explicit rules on top, each from the seat's view alone: it keeps and
 * builds sequences, plain and trump, and breaks a declared one up to
 * re-form it with a duplicate; it wins a stock trick to deny the other
 * side a declaration its table shows it set up for; it keeps its
 * brisques off the other's tricks and takes those led to it, more so
 * near the rubicon line.  No search: as fast as greedy.
 */
#ifndef CLUB_H
#define CLUB_H

#include "game.h"
#include "keep.h"
#include "rng.h"

struct club_params {
	struct keep_weights w;	/* the policy's scale */
	int	seq_trump;	/* per trump A T K Q J held beyond two */
	int	seq_plain;	/* the same in a plain suit */
	int	reform;		/* a declared set's table card with its
				 * duplicate in hand: cheaper to play (the
				 * break-up), the duplicate dearer */
	int	deny;		/* percent of the other's expected
				 * declaration a winning reply is worth */
	int	deny_from;	/* from this many points expected */
	int	rubicon;	/* percent on the brisque weights near the
				 * rubicon line (100: none) */
};

extern const struct club_params club_defaults;

/* Chooses an action for the seat to move in view v (rng unused: the
 * level is deterministic).  Returns 0, or -1 if v has no legal action. */
int	club_choose(const struct game *v, struct rng *rng,
	    struct action *out);
/* The same on parameters p. */
int	club_choose_with(const struct club_params *p, const struct game *v,
	    struct action *out);

/* What the other side (seat `other`) is expected to declare if it wins
 * the trick now, from what the view shows: its table, and the chance
 * that its hand holds the one card that completes a combination there
 * (re-forming a broken sequence or four of a rank, a bézique's next
 * level, a marriage).  Points, times a chance. */
int	club_threat(const struct game *v, int other);

#endif
