/*
 * strong_int.h: the strong level's search state, shared by its stock
 * phase (strong.c) and its end phase (strong_end.c); private to them.
 */
#ifndef STRONG_INT_H
#define STRONG_INT_H

#include <time.h>

#include "endgame.h"
#include "rollout.h"
#include "strong.h"

#define MAX_CAND	32
/* The end phase is solved exactly from this many cards a hand (Rubicon's
 * nine: 0.1 ms on average); the six- and eight-pack's twelve and fifteen
 * are simulated like the stock phase until they come down to it. */
#define SOLVE_MAX_HAND	9

struct cand {
	struct action	a;
	double		utility, value, wins;	/* weighted sums over worlds */
	double		d, d2;	/* of the utility less the reference's */
	double		w, w2;	/* sums of the worlds' weights, squared */
	long		n;	/* worlds simulated */
	bool		out;	/* dropped: clearly worse than the best */
};

struct search {
	const struct strong_params *p;
	const struct game *v;
	struct rng	*rng;
	int		 seat, weaken, ncand, ref, utility;
	bool		 each_action;	/* think_limits.each_action */
	clockid_t	 clock;	/* think_limits.cpu_clock */
	long long	 playouts, limit;	/* limit 0: by time */
	double		 start, ms;
	double		 most;	/* the hard stop, in the budget's unit
				 * (strong_plan) */
	bool		 managed;	/* a clock's share, spent by
					 * strong_time_up's rules */
	double		 given_ms;	/* the decision's time as given
					 * (plan); 0 if counted in
					 * playouts */
	int		 tree_mode;	/* strong_params.tree, or 1 when
					 * switched on by the budget */
	double		 tree_c;	/* the exploration it uses */
	struct game	*world, *play;
	struct game	*seen;	/* oracle 2: the seat's view of v */
	struct rollout	*ro;
	struct endgame	*eg;
	struct tree	*tree;	/* strong_params.tree, or NULL */
	int		 nest;	/* nested own decisions a simulation (0:
				 * flat), from strong_nest_plan */
	int		 nest_later;	/* the same, held back until the
					 * finalists are known */
	struct game	*nest_world, *nest_play;	/* its buffers */
	struct cand	 c[MAX_CAND];
	double		 weight[MAX_CARDS];	/* belief.h, or unused */
	struct action	 legal[MAX_LEGAL];
};


/* A world's result for a candidate, weighed by w; the weighted mean
 * utility, gain over the reference and its variance, and the effective
 * number of worlds (n when all weights are equal). */
void	cand_add(struct cand *c, double w, double u, double value,
	    double win);
void	cand_pair(struct cand *c, double w, double d);
double	cand_mean(const struct cand *c);
double	cand_gain(const struct cand *c);
double	cand_var(const struct cand *c);
double	cand_worlds(const struct cand *c);

/* What the stock phase compares: candidate i's mean gain over the
 * reference less `caution` standard errors (the reference 0). */
double	strong_merit(const struct search *s, int i);

/* The candidate in the race with the best mean utility; candidate i's
 * standard error against j (the race's margin is counted in it). */
int	strong_best_in_race(const struct search *s);
double	strong_se_between(const struct search *s, int i, int j);

/* The budget of a decision, from the limits (strong_time.c), and whether
 * it is spent: the share of a clock, a move time or fixed playouts, and
 * under a clock with strong_params.time_manager an early stop for a
 * settled decision and a longer one for a decision in doubt. */
void	strong_plan(struct search *s, const struct think_limits *lim);
bool	strong_time_up(const struct search *s);

/* Deals a world into s->world (by weight of infer_worlds, if set) and
 * returns the weight its results count with. */
double	strong_sample_world(struct search *s);

double	strong_now_ms(const struct search *s);
/* A uniform double in [0, 1). */
double	strong_uniform(struct rng *rng);
/* The index of the best of n means, or for a weakened player one drawn
 * at random, the better more often. */
int	strong_pick(struct search *s, const double *mean, int n);
/* The summary info line, and an analysis line per action weighed. */
void	strong_report(const struct search *s, info_fn info, void *arg,
	    double ev, double win);
void	strong_report_action(info_fn info, void *arg, const struct action *a,
	    double value, double win);
/* The end phase of two, both hands known: solved exactly (or, weakened,
 * over believed hands).  Returns 0, or -1 if the solver cannot read it. */
int	strong_end_phase(struct search *s, info_fn info, void *arg,
	    struct action *out);

/* The tree below the root's candidates (strong_tree.c), made once the
 * candidates and the budget are known; candidate i played on in world g
 * (its action applied) down its tree and simulated, the result in res,
 * its utility backed up.  strong_tree_depth: the most plies a world has
 * descended below a candidate's node so far. */
struct tree;
/* Sets s->tree_mode and s->tree_c: strong_params.tree, or tree 1 when
 * the budget reaches tree_from_ms (the limits' own, if they give one). */
void	strong_tree_mode(struct search *s, const struct think_limits *lim);
void	strong_tree_new(struct search *s);
void	strong_tree_free(struct tree *t);
int	strong_tree_depth(const struct tree *t);
void	strong_tree_play(struct search *s, int i, struct game *g,
	    double (*utility)(const struct search *,
	    const struct rollout_result *), struct rollout_result *res);

/* Nested simulations (strong_nest.c).  strong_nest_plan sets s->nest
 * from strong_params.nest_* and the budget, once the candidates are
 * known; strong_nest_play simulates the game g (a candidate applied)
 * with the seat's first s->nest card plays chosen by an inner search. */
void	strong_nest_plan(struct search *s);
/* With strong_params.nest_final: the first half of the budget flat
 * (strong_nest_begin holds the nesting back), then strong_nest_switch
 * keeps the finalists, clears their sums and nests; it returns true
 * when it has just switched. */
void	strong_nest_begin(struct search *s);
bool	strong_nest_switch(struct search *s);
void	strong_nest_play(struct search *s, struct game *g,
	    double (*utility)(const struct search *,
	    const struct rollout_result *), struct rollout_result *res);

#endif
