/*
 * endgame.c: the exact end-phase solver (endgame.h).
 *
 * A node is a card to play: at a lead node the transposition table is
 * probed and stored (a trick boundary, where the key is the two hands,
 * the leader and, when the objective is not additive in brisques, the
 * brisques taken so far); a reply node only searches.  Values are the
 * objective's seat's, maximised when that seat is to play and minimised
 * otherwise (plain alpha-beta, fail-soft, bounds kept in the table).
 *
 * Two facts shrink the tree.  Kinds of one hand that no opposing card
 * separates in rank win and lose exactly the same tricks (the led card
 * counts as an opposing card), so one of them is searched; when
 * brisques count, an ace or ten is never merged with a lower card.  And
 * the objective bounds what is still reachable: with the last trick and
 * b of the remaining brisques to share out, a node whose best and worst
 * outcomes lie outside the window is cut at once.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "endgame.h"

#define INF		(1 << 30)
#define BRISQUE_KINDS	0xc0c0c0c0u	/* aces and tens of every suit */
#define SUIT_KINDS(u)	((uint32_t)0xff << ((u) * 8))

struct eg_entry {
	uint64_t	key;
	int32_t		lo, hi;		/* bounds on the value */
	uint32_t	epoch;		/* the solve that wrote it */
	uint8_t		move;		/* best kind found, or 0xff */
	uint8_t		depth;		/* cards left in each hand */
};

struct endgame {
	struct eg_entry	*tt;
	uint64_t	 mask;
	uint32_t	 epoch;
	long long	 nodes;
	uint64_t	 zob[2][CARDS_PER_PACK][MAX_PACKS + 1];
	uint64_t	 zob_leader;
	uint64_t	 zob_acc[EG_MAX_BRISQUES + 1];
};

/* One solve: the position as the search changes it, and the objective
 * with its bounds: lo[a][r] and hi[a][r] are the worst and best values
 * with a brisques taken so far and r still to share out. */
struct eg_search {
	struct endgame	*eg;
	const struct eg_objective *obj;
	uint8_t		 cnt[2][CARDS_PER_PACK];
	uint32_t	 km[2];		/* kinds held */
	int		 n[2];		/* cards held */
	int		 leader, led, me, acc, remb;
	uint32_t	 trumps;	/* kinds of the trump suit */
	bool		 must_win, brisques_count, additive;
	int		 slope;		/* additive: value of one brisque */
	uint64_t	 hash;
	int		 lo[EG_MAX_BRISQUES + 1][EG_MAX_BRISQUES + 1];
	int		 hi[EG_MAX_BRISQUES + 1][EG_MAX_BRISQUES + 1];
};

/* What a reply changed, to be undone. */
struct eg_undo {
	int	leader, led, acc, remb;
};

static inline int
imin(int a, int b)
{
	return a < b ? a : b;
}

static inline int
imax(int a, int b)
{
	return a > b ? a : b;
}

static inline int
kind_suit(int k)
{
	return k >> 3;
}

static inline int
kind_rank(int k)
{
	return k & 7;
}

static inline int
is_brisque(int k)
{
	return (int)(BRISQUE_KINDS >> k & 1);
}

/* Whether `k` played after `led` takes the trick (trick.c). */
static inline bool
beats(int k, int led, uint32_t trumps)
{
	if (kind_suit(k) == kind_suit(led))
		return kind_rank(k) > kind_rank(led);
	return (trumps >> k & 1) != 0;
}

/* The kinds of suit u in mask m strictly above rank r. */
static inline uint32_t
above(uint32_t m, int u, int r)
{
	return m & SUIT_KINDS(u) & ~((uint32_t)0xff >> (7 - r) << (u * 8));
}

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct endgame *
endgame_new(int tt_bits)
{
	struct endgame *eg = calloc(1, sizeof(*eg));
	uint64_t x = 0x5eed;

	if (tt_bits <= 0)
		tt_bits = EG_TT_BITS;
	if (eg == NULL || (eg->tt = calloc((size_t)1 << tt_bits,
	    sizeof(*eg->tt))) == NULL)
		abort();
	eg->mask = ((uint64_t)1 << tt_bits) - 1;
	for (int p = 0; p < 2; p++)
		for (int k = 0; k < CARDS_PER_PACK; k++)
			for (int c = 0; c <= MAX_PACKS; c++)
				eg->zob[p][k][c] = c ? splitmix(&x) : 0;
	eg->zob_leader = splitmix(&x);
	for (int a = 0; a <= EG_MAX_BRISQUES; a++)
		eg->zob_acc[a] = splitmix(&x);
	return eg;
}

void
endgame_free(struct endgame *eg)
{
	if (eg == NULL)
		return;
	free(eg->tt);
	free(eg);
}

long long
endgame_nodes(const struct endgame *eg)
{
	return eg->nodes;
}

int
endgame_to_move(const struct eg_position *pos)
{
	return pos->led < 0 ? pos->leader : 1 - pos->leader;
}

static uint32_t
kinds_held(const uint8_t *cnt)
{
	uint32_t m = 0;

	for (int k = 0; k < CARDS_PER_PACK; k++)
		if (cnt[k])
			m |= (uint32_t)1 << k;
	return m;
}

/*
 * The follower's duties (trick.c, doc/rules.md §3.7): follow suit and head
 * the trick if able; if void, trump (any trump heads a plain card);
 * else any card.
 */
static uint32_t
follow_mask(uint32_t held, int led, uint32_t trumps, bool must_win)
{
	int u = kind_suit(led);
	uint32_t suit = held & SUIT_KINDS(u), win;

	if (suit) {
		win = above(suit, u, kind_rank(led));
		return must_win && win ? win : suit;
	}
	return held & trumps ? held & trumps : held;
}

uint32_t
endgame_legal(const struct eg_position *pos)
{
	int p = endgame_to_move(pos);
	uint32_t held = kinds_held(pos->count[p]);
	uint32_t trumps = pos->trump >= 0 ? SUIT_KINDS(pos->trump) : 0;

	if (pos->led < 0)
		return held;
	return follow_mask(held, pos->led, trumps, pos->must_win);
}

int
endgame_brisques_left(const struct eg_position *pos)
{
	int b = pos->led >= 0 ? is_brisque(pos->led) : 0;

	for (int p = 0; p < 2; p++)
		for (int k = 0; k < CARDS_PER_PACK; k++)
			b += is_brisque(k) * pos->count[p][k];
	return b;
}

/* ---- the table ---- */

static struct eg_entry *
tt_probe(struct endgame *eg, uint64_t key)
{
	struct eg_entry *e = &eg->tt[key & eg->mask & ~(uint64_t)1];

	for (int i = 0; i < 2; i++)
		if (e[i].key == key && e[i].epoch == eg->epoch)
			return &e[i];
	return NULL;
}

/* Keeps what is known: a bound narrows an entry of the same key. */
static void
tt_store(struct endgame *eg, uint64_t key, int depth, int v, int alpha,
    int beta, int move)
{
	struct eg_entry *e = tt_probe(eg, key), *b;

	if (e == NULL) {
		b = &eg->tt[key & eg->mask & ~(uint64_t)1];
		e = b[0].epoch != eg->epoch ? &b[0] :
		    b[1].epoch != eg->epoch ? &b[1] :
		    b[0].depth <= b[1].depth ? &b[0] : &b[1];
		e->key = key;
		e->epoch = eg->epoch;
		e->lo = -INF;
		e->hi = INF;
	}
	e->depth = (uint8_t)depth;
	e->move = (uint8_t)move;
	if (v <= alpha)
		e->hi = v < e->hi ? v : e->hi;
	else if (v >= beta)
		e->lo = v > e->lo ? v : e->lo;
	else
		e->lo = e->hi = v;
}

/* ---- moves ---- */

/*
 * Keeps one kind (the lowest) of each run of kinds of `legal` that no
 * kind of `opp` separates, nor the ace-ten / king line when brisques
 * count.
 */
static uint32_t
reduce(uint32_t legal, uint32_t opp, bool brisques_count)
{
	uint32_t out = 0;

	for (int u = 0; u < NSUITS; u++) {
		unsigned m = legal >> (u * 8) & 0xff, o = opp >> (u * 8) & 0xff;
		int prev = -1;
		while (m) {
			int r = 31 - __builtin_clz(m);
			unsigned span = prev < 0 ? 0 :
			    ((2u << prev) - 1) & ~((1u << r) - 1);
			m &= ~(1u << r);
			if (prev >= 0 && !(o & span) && !(brisques_count &&
			    prev >= RANK_T && r < RANK_T))
				out &= ~((uint32_t)1 << (u * 8 + prev));
			out |= (uint32_t)1 << (u * 8 + r);
			prev = r;
		}
	}
	return out;
}

/* Whether the leader's `k` wins the trick whatever the follower does. */
static bool
lead_wins(const struct eg_search *s, int k)
{
	uint32_t opp = s->km[1 - s->leader];
	int u = kind_suit(k);

	if (opp & SUIT_KINDS(u))
		return !above(opp, u, kind_rank(k));
	return !(opp & s->trumps) || (s->trumps >> k & 1);
}

/*
 * Orders the moves: the table's move, then at a lead the cards that win
 * the trick (highest first), then low cards; at a reply the cheapest
 * winner, then the lowest card, brisques last.
 */
static int
order(const struct eg_search *s, uint32_t moves, int ttmove, uint8_t *out)
{
	int key[CARDS_PER_PACK], n = 0;

	while (moves) {
		int k = __builtin_ctz(moves), sc, r = kind_rank(k), i;
		moves &= moves - 1;
		if (s->led < 0)
			sc = lead_wins(s, k) ? 64 + r : 32 - r;
		else if (beats(k, s->led, s->trumps))
			sc = 64 - r - 8 * ((s->trumps >> k & 1) != 0);
		else
			sc = 32 - r - 16 * is_brisque(k);
		if (k == ttmove)
			sc = 1000;
		sc = sc * 64 + k;
		for (i = n; i > 0 && key[i - 1] < sc; i--)
			key[i] = key[i - 1];
		key[i] = sc;
		n++;
	}
	for (int i = 0; i < n; i++)
		out[i] = (uint8_t)(key[i] & 63);
	return n;
}

/* ---- making and unmaking plays ---- */

static inline void
take(struct eg_search *s, int p, int k)
{
	struct endgame *eg = s->eg;
	int c = s->cnt[p][k];

	s->hash ^= eg->zob[p][k][c] ^ eg->zob[p][k][c - 1];
	if (--s->cnt[p][k] == 0)
		s->km[p] &= ~((uint32_t)1 << k);
	s->n[p]--;
	s->remb -= is_brisque(k);
}

static inline void
give(struct eg_search *s, int p, int k)
{
	struct endgame *eg = s->eg;
	int c = s->cnt[p][k];

	s->hash ^= eg->zob[p][k][c] ^ eg->zob[p][k][c + 1];
	s->cnt[p][k]++;
	s->km[p] |= (uint32_t)1 << k;
	s->n[p]++;
	s->remb += is_brisque(k);
}

/* The follower plays k: the trick is settled and its winner leads. */
static void
reply(struct eg_search *s, int k, struct eg_undo *u)
{
	int f = 1 - s->leader;
	int w = beats(k, s->led, s->trumps) ? f : s->leader;

	u->leader = s->leader;
	u->led = s->led;
	u->acc = s->acc;
	u->remb = s->remb;
	take(s, f, k);
	if (w == s->me)
		s->acc += is_brisque(k) + is_brisque(s->led);
	if (w != s->leader)
		s->hash ^= s->eg->zob_leader;
	s->leader = w;
	s->led = -1;
}

static void
unreply(struct eg_search *s, int k, const struct eg_undo *u)
{
	if (u->leader != s->leader)
		s->hash ^= s->eg->zob_leader;
	s->leader = u->leader;
	s->led = u->led;
	give(s, 1 - s->leader, k);
	s->acc = u->acc;
	s->remb = u->remb;
}

/* ---- the search ---- */

static int	search(struct eg_search *s, int alpha, int beta, int *best);

/* The value after the player to move plays k. */
static int
after(struct eg_search *s, int k, int alpha, int beta)
{
	struct eg_undo u;
	int v;

	if (s->led < 0) {
		take(s, s->leader, k);
		s->led = k;
		v = search(s, alpha, beta, NULL);
		s->led = -1;
		give(s, s->leader, k);
		return v;
	}
	reply(s, k, &u);
	if (s->n[0] + s->n[1] == 0)	/* the last trick */
		v = s->obj->val[s->leader == s->me][s->acc];
	else
		v = search(s, alpha, beta, NULL);
	unreply(s, k, &u);
	return v;
}

/* The last trick with one card in each hand: no choice is left. */
static int
last_trick(const struct eg_search *s)
{
	int l = s->leader, f = 1 - l;
	int a = __builtin_ctz(s->km[l]), b = __builtin_ctz(s->km[f]);
	int w = beats(b, a, s->trumps) ? f : l;
	int acc = s->acc + (w == s->me ? is_brisque(a) + is_brisque(b) : 0);

	return s->obj->val[w == s->me][acc];
}

static int
search(struct eg_search *s, int alpha, int beta, int *best)
{
	struct eg_entry *e = NULL;
	uint8_t moves[CARDS_PER_PACK];
	uint32_t legal, opp;
	uint64_t key = 0;
	int mover = s->led < 0 ? s->leader : 1 - s->leader;
	bool max = mover == s->me;
	int a0, b0, v, n, bm = -1, shift = 0, ttmove = -1;
	int bestv = max ? -INF : INF;

	s->eg->nodes++;
	if (s->led < 0) {
		if (best == NULL && s->n[mover] == 1)
			return last_trick(s);
		if (s->hi[s->acc][s->remb] <= alpha)
			return s->hi[s->acc][s->remb];
		if (s->lo[s->acc][s->remb] >= beta)
			return s->lo[s->acc][s->remb];
		key = s->hash ^ (s->additive ? 0 : s->eg->zob_acc[s->acc]);
		shift = s->additive ? s->slope * s->acc : 0;
		/* At the root the bounds would hide which move is best. */
		if ((e = tt_probe(s->eg, key)) != NULL && best == NULL) {
			int lo = e->lo == -INF ? -INF : e->lo + shift;
			int hi = e->hi == INF ? INF : e->hi + shift;
			if (lo >= beta || lo == hi)
				return lo;
			if (hi <= alpha)
				return hi;
			alpha = lo > alpha ? lo : alpha;
			beta = hi < beta ? hi : beta;
		}
		if (e != NULL)
			ttmove = e->move;
		legal = s->km[mover];
		opp = s->km[1 - mover];
	} else {
		legal = follow_mask(s->km[mover], s->led, s->trumps,
		    s->must_win);
		opp = s->km[1 - mover] | (uint32_t)1 << s->led;
	}
	a0 = alpha;
	b0 = beta;
	n = order(s, reduce(legal, opp, s->brisques_count), ttmove, moves);
	for (int i = 0; i < n && alpha < beta; i++) {
		v = after(s, moves[i], alpha, beta);
		if (max ? v > bestv : v < bestv) {
			bestv = v;
			bm = moves[i];
		}
		if (max && v > alpha)
			alpha = v;
		if (!max && v < beta)
			beta = v;
	}
	if (s->led < 0)
		tt_store(s->eg, key, s->n[mover], bestv - shift, a0 - shift,
		    b0 - shift, bm);
	if (best != NULL)
		*best = bm;
	return bestv;
}

/* ---- setting up a solve ---- */

static void
bounds(struct eg_search *s, int total)
{
	const struct eg_objective *obj = s->obj;

	for (int a = 0; a <= total; a++)
		for (int r = 0; a + r <= total; r++) {
			int x = obj->val[0][a + r], y = obj->val[1][a + r];
			int lo = imin(x, y), hi = imax(x, y);
			if (r > 0) {
				lo = imin(lo, s->lo[a][r - 1]);
				hi = imax(hi, s->hi[a][r - 1]);
			}
			s->lo[a][r] = lo;
			s->hi[a][r] = hi;
		}
}

/* Whether brisques matter at all, and whether they add a fixed amount
 * each (then the table need not know how many were taken). */
static void
classify(struct eg_search *s, int total)
{
	const struct eg_objective *obj = s->obj;

	s->brisques_count = false;
	s->additive = true;
	s->slope = total > 0 ? obj->val[0][1] - obj->val[0][0] : 0;
	for (int l = 0; l < 2; l++)
		for (int b = 1; b <= total; b++) {
			if (obj->val[l][b] != obj->val[l][0])
				s->brisques_count = true;
			if (obj->val[l][b] - obj->val[l][0] != b * s->slope)
				s->additive = false;
		}
}

static void
setup(struct eg_search *s, struct endgame *eg, const struct eg_position *pos,
    const struct eg_objective *obj)
{
	int total = endgame_brisques_left(pos);

	memset(s, 0, offsetof(struct eg_search, lo));
	s->eg = eg;
	s->obj = obj;
	s->me = obj->seat;
	s->leader = pos->leader;
	s->led = pos->led;
	s->must_win = pos->must_win;
	s->trumps = pos->trump >= 0 ? SUIT_KINDS(pos->trump) : 0;
	if (s->leader)
		s->hash ^= eg->zob_leader;
	for (int p = 0; p < 2; p++)
		for (int k = 0; k < CARDS_PER_PACK; k++)
			for (int c = 0; c < pos->count[p][k]; c++)
				give(s, p, k);
	s->remb = total - (pos->led >= 0 ? is_brisque(pos->led) : 0);
	classify(s, total);
	bounds(s, total);
	eg->epoch++;
}

int
endgame_solve(struct endgame *eg, const struct eg_position *pos,
    const struct eg_objective *obj, int *best)
{
	struct eg_search s;
	int v;

	setup(&s, eg, pos, obj);
	v = search(&s, -INF, INF, best);
	return v;
}

int
endgame_solve_moves(struct endgame *eg, const struct eg_position *pos,
    const struct eg_objective *obj, int *kinds, int *vals)
{
	struct eg_search s;
	uint32_t legal = endgame_legal(pos);
	int n = 0;

	setup(&s, eg, pos, obj);
	while (legal) {
		int k = __builtin_ctz(legal);
		legal &= legal - 1;
		kinds[n] = k;
		vals[n++] = after(&s, k, -INF, INF);
	}
	return n;
}
