/*
 * strong_tree.c: the strong level's search below the root, a tree of the
 * next plies (strong_params.tree; strong_int.h).
 *
 * The root stays the flat search of strong.c: every candidate still in
 * the race is played in the same sampled world, so the comparison stays
 * paired and the race and the caution rule work as before.  What changes
 * is what follows a candidate.  Flat, both sides play the simulation
 * policy at once, so the search converges to "act, then both play the
 * policy", whose bias is the policy's and does not shrink with time.
 * Here each candidate owns a single-observer information-set tree
 * (Cowling, Powley & Whitehouse 2012): its edges are actions keyed by
 * what they are in the game's words (a card's kind and whether it comes
 * from the table, a declaration's kind), not by physical card, so that
 * the same edge means the same play in every world dealt.  Each world
 * descends the tree from the candidate, choosing among the children
 * legal in that world by UCB with availability counts (a child's
 * exploration term counts the times it could have been chosen), each
 * seat maximising its own side of the utility, adds one node, and lets
 * rollout_play finish (the end phase solved where the flat search solves
 * it), counting the horizon from the root as the flat search does.
 *
 * A node's children are widened progressively: the simulation policy's
 * own choice in the world comes first, then one more child every
 * `tree_widen` visits, so that with few worlds the tree plays the policy
 * (the flat search's estimate) and with more it looks at the other
 * plays, the opponent's replies most of all.  The exploration constant
 * is `tree_c` standard deviations of the utilities seen in this decision,
 * so that it means the same for a points margin and a game value.
 *
 * The nodes come from one pool allocated for the decision, sized from
 * its budget and never more than TREE_MAX_NODES (about 2 MB); when it is
 * full the tree stops growing and each world descends the tree as it is
 * and rolls out from its leaf.
 */
#include <math.h>
#include <stdlib.h>

#include "strong_int.h"

#define TREE_MAX_NODES	65536
#define NO_NODE		(-1)

struct node {
	uint32_t	key;	/* the action leading here (action_key) */
	int32_t		child, sibling;
	int32_t		n;	/* worlds through this node */
	int32_t		avail;	/* worlds in which it could be chosen */
	int8_t		mover;	/* the seat that took the action */
	double		sum;	/* of the utilities, root seat's side */
};

struct tree {
	struct node	*node;
	int32_t		 nnodes, cap;
	int32_t		 root[MAX_CAND];	/* a node per candidate */
	int		 depth;	/* the longest path below a candidate */
	double		 u, u2;	/* of all utilities seen */
	long		 nu;
	struct action	 legal[MAX_LEGAL];
	uint32_t	 keys[MAX_LEGAL];
};

/*
 * An action in the game's words: a card played by its kind and whether
 * it comes from the table (interchangeable copies, whichever world dealt
 * them), a declaration by its combination and key, the rest by type.
 * The seat that acts is part of it: whether a decision arises at all
 * (a declaration after a trick) may differ between worlds.
 */
static uint32_t
action_key(const struct game *g, const struct action *a)
{
	uint32_t k = (uint32_t)game_to_move(g) << 28 |
	    (uint32_t)a->type << 24;

	if (a->type == ACTION_PLAY) {
		struct cardset t = game_table(g, game_to_move(g));
		k |= (uint32_t)card_kind(a->cards[0]) |
		    (uint32_t)cardset_has(&t, a->cards[0]) << 5;
	} else if (a->type == ACTION_DECLARE) {
		k |= (uint32_t)a->combo << 8 | a->key;
	}
	return k;
}

static int32_t
node_new(struct tree *t, uint32_t key, int mover)
{
	struct node *x;

	if (t->nnodes >= t->cap)
		return NO_NODE;
	x = &t->node[t->nnodes];
	x->key = key;
	x->child = x->sibling = NO_NODE;
	x->n = x->avail = 0;
	x->mover = (int8_t)mover;
	x->sum = 0;
	return t->nnodes++;
}

/* The exploration of the one tree measured at 1 s a decision
 * (tournaments/research/tree-2026-11-24.md), which a budget of
 * tree_from_ms switches on. */
#define TREE_BY_TIME_C	1.0

void
strong_tree_mode(struct search *s, const struct think_limits *lim)
{
	long long from = lim != NULL && lim->tree_from_ms != 0 ?
	    lim->tree_from_ms : s->p->tree_from_ms;

	s->tree_mode = s->p->tree;
	s->tree_c = s->p->tree_c;
	if (s->tree_mode == 0 && s->limit == 0 && from > 0 &&
	    s->given_ms >= (double)from) {
		s->tree_mode = 1;
		s->tree_c = TREE_BY_TIME_C;
	}
}

void
strong_tree_new(struct search *s)
{
	struct tree *t = calloc(1, sizeof(*t));
	long long want = s->limit > 0 ? s->limit : (long long)(s->ms * 100);

	if (t == NULL)
		abort();
	want += MAX_CAND + 16;
	if (s->p->tree_nodes > 0 && want > s->p->tree_nodes)
		want = s->p->tree_nodes;
	t->cap = want > TREE_MAX_NODES ? TREE_MAX_NODES : (int32_t)want;
	if ((t->node = malloc((size_t)t->cap * sizeof(*t->node))) == NULL)
		abort();
	for (int i = 0; i < s->ncand; i++)
		t->root[i] = node_new(t, 0, s->seat);
	s->tree = t;
}

void
strong_tree_free(struct tree *t)
{
	if (t == NULL)
		return;
	free(t->node);
	free(t);
}

int
strong_tree_depth(const struct tree *t)
{
	return t == NULL ? 0 : t->depth;
}

/* The child of x keyed k, or NO_NODE. */
static int32_t
child_of(const struct tree *t, int32_t x, uint32_t k)
{
	for (int32_t c = t->node[x].child; c != NO_NODE;
	    c = t->node[c].sibling)
		if (t->node[c].key == k)
			return c;
	return NO_NODE;
}

static int
children(const struct tree *t, int32_t x)
{
	int n = 0;

	for (int32_t c = t->node[x].child; c != NO_NODE;
	    c = t->node[c].sibling)
		n++;
	return n;
}

static int32_t
add_child(struct tree *t, int32_t x, uint32_t k, int mover)
{
	int32_t c = node_new(t, k, mover);

	if (c != NO_NODE) {
		t->node[c].sibling = t->node[x].child;
		t->node[x].child = c;
	}
	return c;
}

/* The exploration constant on the utility's scale. */
static double
explore(const struct search *s, const struct tree *t)
{
	double m, v;

	if (t->nu < 2)
		return s->tree_c * 100;
	m = t->u / (double)t->nu;
	v = t->u2 / (double)t->nu - m * m;
	return s->tree_c * sqrt(v > 1 ? v : 1);
}

/*
 * UCB among the children of x legal in g (the keys of t->legal), each
 * counted available; the mover's side of the mean.
 */
static int32_t
select_child(const struct search *s, struct tree *t, int32_t x, int n)
{
	double c = explore(s, t), best = -HUGE_VAL;
	int32_t pick = NO_NODE;

	for (int32_t y = t->node[x].child; y != NO_NODE;
	    y = t->node[y].sibling) {
		struct node *z = &t->node[y];
		double q;
		int i;
		for (i = 0; i < n && t->keys[i] != z->key; i++)
			;
		if (i == n)
			continue;
		z->avail++;
		if (z->n == 0)
			q = HUGE_VAL;
		else
			q = (z->mover == s->seat ? 1 : -1) * z->sum / z->n +
			    c * sqrt(log((double)z->avail) / z->n);
		if (q > best) {
			best = q;
			pick = y;
		}
	}
	return pick;
}

/* The legal action keyed k in g's list. */
static const struct action *
keyed(const struct tree *t, int n, uint32_t k)
{
	for (int i = 0; i < n; i++)
		if (t->keys[i] == k)
			return &t->legal[i];
	return NULL;
}

/* An action the tree found legal in g: never refused. */
static void
apply(struct game *g, const struct action *a)
{
	if (a == NULL || game_apply(g, a, NULL) < 0)
		abort();
}

/*
 * One step down from x in world g: the policy's choice if x lacks it,
 * else, widening, an action not yet tried, else the UCB choice.  Applies
 * the action; returns the node reached (NO_NODE: the pool is full, the
 * action applied all the same) and whether it is new.
 */
static int32_t
step(struct search *s, struct tree *t, int32_t x, struct game *g,
    bool *added)
{
	struct action pa;
	int n = game_legal_actions_by_kind(g, t->legal, MAX_LEGAL), mover;
	uint32_t pk;
	int32_t y;

	for (int i = 0; i < n; i++)
		t->keys[i] = action_key(g, &t->legal[i]);
	mover = game_to_move(g);
	rollout_choose(s->ro, g, &pa);
	pk = action_key(g, &pa);
	*added = false;
	if ((y = child_of(t, x, pk)) == NO_NODE) {
		apply(g, &pa);
		*added = true;
		return add_child(t, x, pk, mover);
	}
	if (s->tree_mode == 2 && mover != s->seat) {
		apply(g, &pa);	/* the other side plays the policy */
		return y;
	}
	if (children(t, x) < 1 + t->node[x].n / s->p->tree_widen) {
		int start = (int)rng_below(s->rng, (uint64_t)n);
		for (int j = 0; j < n; j++) {
			int i = (start + j) % n;
			if (child_of(t, x, t->keys[i]) == NO_NODE) {
				apply(g, &t->legal[i]);
				*added = true;
				return add_child(t, x, t->keys[i], mover);
			}
		}
	}
	y = select_child(s, t, x, n);
	apply(g, keyed(t, n, t->node[y].key));
	return y;
}

/* Where the tree stops and the rollout takes over: the deal over, the
 * end phase the solver takes, or the last trick before the horizon. */
static bool
leaf(const struct search *s, const struct game *g, int stop)
{
	struct eg_position pos;

	if (game_over(g))
		return true;
	if (stop > 0 && game_phase(g) == PHASE_STOCK &&
	    game_tricks_played(g) + 1 >= stop)
		return true;
	return s->eg != NULL && endgame_position(g, &pos) == 0;
}

static void
back_up(struct tree *t, const int32_t *path, int depth, double u)
{
	for (int i = 0; i < depth; i++) {
		t->node[path[i]].n++;
		t->node[path[i]].sum += u;
	}
	t->u += u;
	t->u2 += u * u;
	t->nu++;
}

/*
 * Candidate i in world g (its action applied): down its tree, one node
 * added, the rest simulated; the result for the root seat in res, its
 * utility u backed up.
 */
void
strong_tree_play(struct search *s, int i, struct game *g,
    double (*utility)(const struct search *, const struct rollout_result *),
    struct rollout_result *res)
{
	struct tree *t = s->tree;
	int32_t path[MAX_CARDS + 8], x = t->root[i];
	int depth = 0, stop = s->p->horizon > 0 ? game_tricks_played(g) +
	    s->p->horizon : 0;
	bool added = false;

	if (x != NO_NODE)
		path[depth++] = x;
	while (x != NO_NODE && !added && !leaf(s, g, stop) &&
	    depth < (int)(sizeof(path) / sizeof(path[0]))) {
		x = step(s, t, x, g, &added);
		if (x != NO_NODE)
			path[depth++] = x;
	}
	if (depth - 1 > t->depth)
		t->depth = depth - 1;
	rollout_play(s->ro, g, s->seat, stop > 0 ? stop -
	    game_tricks_played(g) : 0, s->eg, res);
	back_up(t, path, depth, utility(s, res));
}
