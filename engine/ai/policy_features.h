/*
 * policy_features.h: what the simulation policy sees of each card it may
 * play, as a small vector of whole numbers (issue 18, learning from play).
 *
 * The hand-set policy of rollout.c scores a card as a weighted sum of
 * these (policy_features_of_scale gives the weights of a keep_weights
 * scale), and plays the card of lowest score; the learned policy plays
 * the same way on weights fitted to the strong search's own choices
 * (policy_fit.h, policy_weights.h).  The first features are the old
 * policy's terms; the rest are new ones the fit may use.
 */
#ifndef POLICY_FEATURES_H
#define POLICY_FEATURES_H

#include <stdint.h>

#include "game.h"
#include "keep.h"

enum policy_feature {
	/* Stock phase, the card's worth to keep (keep.h). */
	PF_RANK, PF_BEZIQUE, PF_MARRIAGE_TRUMP, PF_MARRIAGE_PLAIN,
	PF_TRUMP, PF_TRUMP_HIGH, PF_QUARTET, PF_BRISQUE, PF_SEQUENCE_PLAIN,
	/* Stock phase, replying with a card that wins the trick: the
	 * declaration it allows, what the trick is worth to the other side
	 * (a constant, per card on its table, per late trick), a brisque
	 * led; replying with a brisque that loses. */
	PF_WIN_DECLARE, PF_WIN, PF_WIN_TABLE, PF_WIN_LATE,
	PF_WIN_BRISQUE_LED, PF_LOSE_BRISQUE,
	/* End phase: rank, trump, winning, a brisque led won, a brisque
	 * given. */
	PF_END_RANK, PF_END_TRUMP, PF_END_WIN, PF_END_WIN_BRISQUE_LED,
	PF_END_LOSE_BRISQUE,
	/* New.  Stock phase: other copies of the card held; a trump, a
	 * brisque, per late trick; leading a brisque; leading a card the
	 * other's tabled cards beat (per such card); winning by trumping a
	 * plain card; the rank of the card won; the seven of trumps. */
	PF_COPIES, PF_TRUMP_LATE, PF_BRISQUE_LATE, PF_LEAD_BRISQUE,
	PF_LEAD_EXPOSED, PF_WIN_TRUMPING, PF_WIN_LED_RANK, PF_SEVEN_TRUMP,
	/* End phase: a brisque played; the rank of a winning card. */
	PF_END_BRISQUE, PF_END_WIN_RANK,
	PF_COUNT
};

/* The features' names, for the generated header and the fit's report. */
extern const char *const policy_feature_names[PF_COUNT];

/* Buffers for the look-ahead at the declaration a winning card allows. */
struct pf_buffers {
	struct game	*scratch;
	struct action	 after[MAX_LEGAL];
};

void	pf_buffers_init(struct pf_buffers *b, const struct game *like);
void	pf_buffers_free(struct pf_buffers *b);

/* The points of the best declaration the player to move could make
 * after winning the trick with a (0 if none). */
int	policy_declaration_after(struct pf_buffers *b, const struct game *g,
	    const struct action *a);

/* Whether card c beats the n cards of the trick under trump (-1: none). */
bool	policy_wins_trick(const uint16_t *trick, int n, int trump, int c);

/* The kinds of play decision (what policy_features returns). */
enum { PF_KIND_LEAD, PF_KIND_REPLY, PF_KIND_END };

/* The features of each of the n legal plays of a lead or reply decision
 * of g (the player to move's own view or the full game: only what that
 * player may see is used) into f[i]; returns the decision's kind. */
int	policy_features(struct pf_buffers *b, const struct game *g,
	    const struct action *legal, int n, int16_t (*f)[PF_COUNT]);

/* The weights on which the features' sum is the hand-set policy's score
 * of rollout.c on scale w (the card of lowest score is played). */
void	policy_features_of_scale(const struct keep_weights *w, double *theta);

/* The legal play of lowest score theta . f (the first of equals): the
 * learned policy's choice, computing only the features that are not
 * zero, and summing them in the order of enum policy_feature, so that
 * it is the card of lowest full sum over policy_features' row, to the
 * last bit. */
int	policy_choose(struct pf_buffers *b, const struct game *g,
	    const struct action *legal, int n, const double *theta);

#endif
