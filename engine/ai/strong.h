/*
 * strong.h: the strong level, and its tuning knobs for benchmarks.
 *
 * In the stock phase it improves on its own fast policy by simulation:
 * it deals the unseen cards at random consistently with everything its
 * seat has seen (view_sample: four packs counted, declared cards kept in
 * place), plays each candidate action in the same sampled worlds, rolls
 * each out with the policy of rollout.h, and takes the action with the
 * best mean game value.  Once the stock is empty both hands are known
 * and it plays the end phase exactly (endgame.h).  Three-hand the two
 * other hands and the stock are dealt, every seat is simulated by the
 * policy to the end of the deal (the end phase too: the solver is for
 * two), and a world is worth the seat's points margin (rival).
 */
#ifndef STRONG_H
#define STRONG_H

#include <stdbool.h>

#include "game.h"
#include "keep.h"
#include "rng.h"

struct policy_mlp;
struct rollout;

/* What the request allows for thinking, in milliseconds (0: not given). */
struct think_limits {
	long long	time_ms;	/* own clock */
	long long	inc_ms;
	long long	cap_ms;		/* per-decision cap */
	long long	movetime_ms;	/* fixed time for this decision */
	long long	playouts;	/* fixed number of playouts */
	int		weaken;		/* 0: full strength .. 100: the
					 * weakest (the Skill option is
					 * 100 - weaken) */
	bool		each_action;	/* analysis: an info line with the
					 * value of every action weighed,
					 * before the summary */
	bool		cpu_clock;	/* times are this thread's CPU
					 * time, not the wall clock: a
					 * benchmark on a shared machine
					 * gets the same thinking under
					 * any load */
	bool		playout_clock;	/* time_ms and inc_ms count
					 * playouts, not ms: a clock a
					 * benchmark can replay exactly */
	long long	tree_from_ms;	/* 0: the strong level's own
					 * strong_params.tree_from_ms;
					 * > 0: a tree from decisions
					 * given this many ms; < 0: never
					 * (the engine's TreeFrom option) */
};

/* Receives "info" payloads while a player thinks (may be NULL). */
typedef void (*info_fn)(void *arg, const char *fmt, ...);

/* Chooses an action for the seat to move in view v within the limits
 * (NULL: the default budget), sending info payloads on the way (info
 * may be NULL).  Two seats only (the solver and the paired simulations
 * are for two).  Returns 0, or -1 if v has no legal action. */
int	strong_choose(const struct game *v, struct rng *rng,
	    const struct think_limits *lim, info_fn info, void *info_arg,
	    struct action *out);

/* Whether the strong level simulates at view v: a choice to make, not
 * forced, not carte blanche, not an end phase it solves exactly. */
bool	strong_simulates(const struct game *v);

/* strong_params.tree_from_ms's default (and the TreeFrom option's). */
#define STRONG_TREE_FROM_MS	0

struct strong_params {
	int	solver_stock;	/* simulations solve the end phase exactly
				 * from decisions with at most this many
				 * cards in the stock; -1: never */
	int	horizon;	/* tricks simulated before eval.h counts
				 * the rest; 0: to the end of the deal */
	int	utility;	/* 0: points difference, 1: game value,
				 * 2: chance of winning the deal */
	int	points_weight;	/* per cent of the points difference added
				 * to the game value as the utility */
	int	value_stock;	/* from decisions with at most this many
				 * cards in the stock the utility is the
				 * game value, whatever `utility` says;
				 * -1: never */
	double	race;	/* drop a candidate this many standard errors
			 * below the best; 0: compare all to the end */
	double	caution;	/* choose by the mean gain over the policy's
				 * own choice less this many standard
				 * errors; 0: by the mean alone */
	int	max_candidates;	/* actions compared at one decision */
	int	default_ms;	/* budget when no limit is given */
	bool	time_manager;	/* under a clock (think_limits.time_ms,
				 * no move time): a decision settled after
				 * settle_from of its share stops, one in
				 * doubt at its share goes on, up to stretch
				 * shares (strong_time.c); false: the share,
				 * always */
	double	settle_from;	/* of its share, 0.25 */
	double	doubt;	/* standard errors between the two best, 0.5 */
	double	stretch;	/* shares, 2 */
	double	late;	/* the weight of a decision with at most
			 * late_stock cards in the stock against
			 * one before, in sharing the clock */
	int	late_stock;
	bool	infer;	/* deal the other hand as belief.h expects
			 * (the cards a player keeps), not uniformly;
			 * off by default: it lost strength against
			 * greedy when measured (belief.h) */
	int	policy_infer;	/* weigh each sampled world by the chance
				 * of the other player's leads in it under
				 * the simulation policy (infer.h): 0 off,
				 * 1 the lead answered, n and its leads to
				 * the n - 1 tricks before */
	double	infer_temp;	/* the softmax's temperature, in points
				 * of the policy's keep scale */
	int	infer_worlds;	/* 0, 1: every world simulated, its
				 * results weighed; k: one world of every
				 * k dealt, drawn by weight, simulated */
	int	oracle;	/* a measuring device that cheats, never set by
			 * the engine program or the arbiter (0, the
			 * default: honest): v is the full game, not a
			 * seat's view, and every world is an exact copy of
			 * it, the other hands and the stock order as they
			 * truly are (1), or the true hands with the stock
			 * order the seat cannot see shuffled (2: the most
			 * any inference about the hands could know), so
			 * that a benchmark (bench_strength -O) shows what
			 * seeing the hidden cards would be worth to this
			 * search; a view is refused (strong_search
			 * returns -1) */
	int	tree;	/* what follows each root candidate: 0 (the
			 * default) both sides play the simulation
			 * policy at once (flat Monte Carlo); 1 a tree
			 * of the next plies grows below each candidate
			 * over the worlds (strong_tree.c; two seats
			 * only, three-hand stays flat); 2 the same,
			 * but the other side's nodes only follow the
			 * simulation policy (only this seat's plays
			 * are searched) */
	long long tree_from_ms;	/* with `tree` 0, a decision given at
				 * least this many ms (its movetime, or
				 * its share of the clock, within the
				 * cap; a weakened player's share of
				 * that) grows tree 1 at exploration 1,
				 * the setting measured at 1 s; 0 (the
				 * default, STRONG_TREE_FROM_MS): never.
				 * A decision counted in playouts is
				 * never switched */
	double	tree_c;	/* the tree's exploration constant, in
			 * standard deviations of the utility */
	int	tree_widen;	/* the tree's node gets one more child
				 * every this many worlds through it */
	int	tree_nodes;	/* the tree's pool: 0 sized from the
				 * budget (a node a playout), never more
				 * than 65,536 nodes (2 MB); when it is
				 * full the tree stops growing */
	int	nest_depth;	/* nested simulations (strong_nest.c): at
				 * most this many of the seat's own card
				 * plays in each simulation, the first after
				 * the root candidate, are chosen by a small
				 * search of their own rather than by the
				 * policy; 0 (the default): never */
	long long nest_from;	/* nesting starts where the budget gives
				 * each root candidate this many playouts
				 * (fixed, or the time times nest_rate);
				 * each further level of depth wants 4 times
				 * as many */
	int	nest_cands;	/* the policy's best plays an inner search
				 * compares, its own choice among them */
	int	nest_worlds;	/* the worlds an inner search plays each
				 * of them in (each counts as a playout) */
	double	nest_caution;	/* an inner search keeps the policy's
				 * choice unless another gains this many
				 * standard errors (as `caution` at the
				 * root) */
	double	nest_rate;	/* playouts a millisecond assumed when the
				 * budget is a time, to size the nesting */
	int	nest_final;	/* 0: nest every candidate from the first
				 * world; n: the first half of the budget
				 * flat, then only the n best candidates
				 * (the policy's own among them) nested, on
				 * fresh sums */
	int	rival;	/* three-hand: the points margin over the mean
			 * of the two others (1) or over the better (0) */
	bool	end_points;	/* the end phase maximises points (last
				 * trick and brisques where they count)
				 * rather than the deal's game value */
	const struct keep_weights *policy;	/* the simulation policy's
					 * scale; NULL: rollout_weights */
	const double	*learned;	/* or, if not NULL, the learned
					 * policy on these weights
					 * (policy_features.h, e.g.
					 * policy_learned; default NULL) */
	const struct policy_mlp *mlp;	/* or, if not NULL (and learned
					 * is NULL), the non-linear policy
					 * of policy_mlp.h on these
					 * weights (default NULL) */
	unsigned search_kinds;	/* the decisions of the stock phase
				 * searched, a bit (1 << enum decision)
				 * each; the others play the simulation
				 * policy's choice (default all) */
	/* The learning tools' ear (tools/policy_selfplay): if not NULL,
	 * told at the end of a stock-phase search, or of a solved end
	 * phase, every candidate's mean utility, the worlds behind it (0:
	 * solved exactly) and the utility's kind (0 points, 1 game value,
	 * 2 chance of winning); default NULL. */
	void	(*on_candidate)(void *arg, const struct action *a,
		    double mean, long worlds, int utility);
	void	*on_candidate_arg;
};

/* The defaults for the variant of view v: in each two-seat variant the
 * evaluation fitted to it (eval.h) stops simulations a few tricks ahead
 * (three-hand simulates to the end); in Rubicon, in the last eight
 * tricks of the stock, whose simulations all reach the end of the deal,
 * actions are compared by its game value and the simulations solve the
 * end phase; the other variants play for points. */
void	strong_defaults(struct strong_params *p, const struct game *v);

/* The simulation policy the search under p plays, for games like v:
 * the learned, the non-linear or the hand-set one (rollout.h); its
 * own choice is the one the search keeps unless another is shown
 * better. */
struct rollout	*strong_rollout_new(const struct strong_params *p,
		    const struct game *v);

/* strong_choose() with these parameters; -1 also if p->oracle is set
 * and v is a view (game_observer() >= 0): it has no true deal to
 * show. */
int	strong_search(const struct strong_params *p, const struct game *v,
	    struct rng *rng, const struct think_limits *lim, info_fn info,
	    void *info_arg, struct action *out);

#endif
