/*
 * rollout.h: a fast playing policy for the strong level's simulations.
 *
 * It keeps the combination cards, wins a trick when there is something
 * to declare or a brisque to take, declares the best combination, and
 * claims carte blanche, weighing what to keep on a scale (struct
 * keep_weights, keep.h): its own, tuned to beat greedy (rollout.c), in
 * the simulations; greedy's, as the greedy level (greedy.c).  Or it
 * plays the card of lowest learned score on the features of
 * policy_features.h (rollout_new_learned), fitted to the strong search's
 * own choices: simulations with strong_params.learned (not the default:
 * strong.c says why); or the non-linear policy of policy_mlp.h
 * (rollout_new_mlp; Rubicon's default).  It looks
 * ahead at the declaration each winning card would bring in a buffer of
 * its own rather than a fresh copy of the game.
 * It decides from what the player to move may see, never from the other
 * hand or the stock order, so a simulation does not "know" hidden cards.
 */
#ifndef ROLLOUT_H
#define ROLLOUT_H

#include "endgame.h"
#include "game.h"
#include "keep.h"

struct rollout;

/* The simulations' scale, tuned against greedy (rollout.c). */
extern const struct keep_weights rollout_weights;

/* The learned policy's weights on policy_features.h's features, fitted
 * to the strong search's choices (policy_weights.h, make weights-policy). */
extern const double policy_learned[];

/* A policy with its buffers, for games shaped like `like`, keeping
 * cards on scale w (NULL: the scale tuned for the simulations; the
 * greedy level is this policy on greedy_weights).  Aborts when out of
 * memory; free with rollout_free (NULL is a no-op). */
struct rollout	*rollout_new(const struct game *like,
		    const struct keep_weights *w);
/* The policy that plays the card of lowest score theta . features
 * (policy_features.h; NULL: policy_learned); it declares and claims carte
 * blanche as the hand-set one does. */
struct rollout	*rollout_new_learned(const struct game *like,
		    const double *theta);
/* The non-linear policy of policy_mlp.h on weights m (NULL: the
 * built-in policy_mlp_weights); it declares and claims as the others. */
struct policy_mlp;
struct rollout	*rollout_new_mlp(const struct game *like,
		    const struct policy_mlp *m);
void		 rollout_free(struct rollout *ro);

/* Chooses an action for the player to move in the full game g.  Returns
 * 0, or -1 when there is none (the deal is over). */
int	rollout_choose(struct rollout *ro, const struct game *g,
	    struct action *out);

/* The policy's k best card plays at a lead or a reply, its own choice
 * first, into out; returns how many (fewer if fewer are legal; 1, its
 * choice, at other decisions or for a learned policy, which scores no
 * other card; 0 if the deal is over).  For searches of the plays the
 * policy nearly chose (strong_nest.c). */
int	rollout_rank(struct rollout *ro, const struct game *g,
	    struct action *out, int k);

/* The hand-set policy's score of each legal card play at a lead or a
 * reply (the lowest is its choice), the plays into legal (NULL: not
 * wanted); returns how many, or 0 at other decisions, for a learned
 * policy, or when the deal is over.  For players that add rules of
 * their own to the policy's (club.c). */
int	rollout_scores(struct rollout *ro, const struct game *g,
	    struct action *legal, int *score);

/* The outcome of a simulation for one seat. */
struct rollout_result {
	bool	finished;	/* played (or solved) to the end of the deal */
	double	value;		/* game value, won + lost -: final, or what
				 * eval.h expects */
	double	win;		/* 1 won, 0.5 drawn, 0 lost, or a chance */
	double	points;		/* seat's points minus the other's: final,
				 * or now plus what eval.h expects */
};

/*
 * Plays the full game g with the policy for `horizon` more tricks of the
 * stock phase (0: no limit) and returns the outcome for seat, counting
 * what eval.h expects of the cards held when it stops early (two seats
 * only: a game of three is played to its end).  With eg the
 * end phase is not played out but solved exactly.  g is left wherever
 * the simulation stopped.
 */
void	rollout_play(struct rollout *ro, struct game *g, int seat,
	    int horizon, struct endgame *eg, struct rollout_result *res);
/* The same, stopping at the first lead of the stock phase once `stop`
 * tricks of the deal have been played (-1: no limit), so that a
 * simulation resumed part way keeps its horizon. */
void	rollout_play_to(struct rollout *ro, struct game *g, int seat,
	    int stop, struct endgame *eg, struct rollout_result *res);

#endif
