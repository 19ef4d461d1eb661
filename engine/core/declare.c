/*
 * declare.c: which declarations are legal (rules.md §7).
 *
 * A declaration of kind T = (combination, key) with card set S by player
 * p is legal when (§7.2):
 *   R1 p won the trick just played and has neither declared nor drawn
 *      since (the decision is DECISION_DECLARE; game.c sees to that);
 *   R2 every card of S is p's and unplayed, in hand or on the table;
 *   R3 S has the shape of T;
 *   R4 no card of S was scored in a higher combination of T's class;
 *   R5 S is not a set already scored as T;
 *   R6 S holds a card never scored as T (not for marriages, R8);
 *   R7 every earlier set scored as T that shares a card with S has been
 *      broken by a play (not for marriages, R8);
 *   R9 a double or higher bézique holds a card never scored in class B;
 *   T2 (two-, three-hand) no card already scored as T, except EB9's
 *      second double bézique on a pair of a double, with a fresh pair.
 * The options of §7.4 switch R6/R7 to the two-hand "once per kind" rule
 * (T2), restrict marriage re-pairing, and so on; see struct rules.
 *
 * Enumeration groups interchangeable cards (same kind; all hand copies, or
 * table copies in exactly the same scored sets) into classes and chooses
 * from classes, so that no two listed actions differ only by which of two
 * interchangeable copies they use.
 */
#include <string.h>

#include "game_int.h"

/* One class of interchangeable candidate cards. */
struct cclass {
	uint16_t	cards[MAX_PACKS];
	uint8_t		n;
	bool		table;
};

#define MAX_CLASSES	64

/* A slot group: choose `need` cards among these classes. */
struct slot {
	struct cclass	cls[MAX_CLASSES];
	int		ncls;
	int		need;
};

struct kindinfo {
	int		combo, key, cls, level;
	struct cardset	used;		/* cards ever scored as this kind */
	struct cardset	broken_ok;	/* cards whose T-sets are all broken */
	int		nrec;		/* the seat's records of this kind */
	uint16_t	rec[MAX_DECLS];
};

struct enum_state {
	const struct game	*g;
	int			 seat;
	struct kindinfo		 ki;
	struct slot		 slots[5];
	int			 nslots;
	struct cardset		 cands;		/* every slot's cards */
	struct action		 cur;
	struct action		*out;
	int			 n, max;
};

static bool
has_combo_type(int combo)
{
	return combo >= 0 && combo < NCOMBOS;
}

/* Bookkeeping for kind T of seat p: the union of its scored sets, and the
 * cards all of whose scored T-sets have been broken by a play. */
static void
kind_info(const struct game *g, int seat, int combo, int key,
    struct kindinfo *ki)
{
	struct cardset intact;

	ki->combo = combo;
	ki->key = key;
	ki->cls = combo_class(combo);
	ki->level = combo_level(combo);
	ki->nrec = 0;
	cardset_clear(&ki->used);
	cardset_clear(&intact);
	/* Most kinds were never scored by the seat: no records to read. */
	for (int i = 0; i < g->ndecl && (g->scored[seat][combo] >> key & 1);
	    i++) {
		const struct decl_rec *d = &g->decl[i];
		if (d->seat != seat || d->combo != combo || d->key != key)
			continue;
		ki->rec[ki->nrec++] = (uint16_t)i;
		ki->used = cardset_or(ki->used, d->set);
		if (!cardset_intersects(&d->set, &g->played))
			intact = cardset_or(intact, d->set);
	}
	ki->broken_ok = cardset_minus(ki->used, intact);
}

/* Whether card c may take part in a declaration of kind ki at all. */
static bool
card_usable(const struct game *g, const struct kindinfo *ki, int c)
{
	const struct rules *r = &g->rules;
	int lv = lvl_get(g, c, ki->cls);

	if (lv > ki->level)
		return false;				/* R4 */
	if (ki->combo == COMBO_SEQUENCE && !r->marriage_to_sequence &&
	    lvl_get(g, c, CLASS_A) > 0)
		return false;		/* WK-R's reading (§7.4) */
	if (!cardset_has(&ki->used, c))
		return true;
	if (ki->combo == COMBO_MARRIAGE)
		return r->marriage_repair != REPAIR_NONE;
	if (r->reform == REFORM_NONE)		/* T2, but EB9's */
		return ki->combo == COMBO_DOUBLE_BEZIQUE && r->second_double;
	if (ki->cls == CLASS_B && ki->level >= 2 && !r->reform_multi_bezique)
		return false;
	return true;
}

static bool
set_scored_before(const struct game *g, const struct kindinfo *ki,
    const struct cardset *s)
{
	for (int i = 0; i < ki->nrec; i++)
		if (cardset_equal(&g->decl[ki->rec[i]].set, s))
			return true;
	return false;
}

/* The rules that judge the set as a whole (R5-R7, R9, T3). */
static bool
set_legal(const struct game *g, int seat, const struct kindinfo *ki,
    const struct cardset *s)
{
	const struct rules *r = &g->rules;
	struct cardset fresh = cardset_minus(*s, ki->used);
	struct cardset reused = cardset_and(*s, ki->used);
	/* Cards re-used from earlier sets of this kind that are still
	 * intact: R7 (and marriage re-pairing after a play) forbid them. */
	struct cardset unbroken = cardset_minus(reused, ki->broken_ok);
	bool repair = ki->combo == COMBO_MARRIAGE;

	if (set_scored_before(g, ki, s))
		return false;				/* R5 */
	/* EB9: a second double on a bézique already in a double needs a
	 * fresh pair (the shape makes the rest a queen and a jack). */
	if (!repair && r->reform == REFORM_NONE && !cardset_empty(&reused) &&
	    cardset_count(&fresh) != 2)
		return false;
	if (repair && r->marriage_repair == REPAIR_AFTER_PLAY &&
	    !cardset_empty(&unbroken))
		return false;
	if (!repair && r->reform != REFORM_NONE) {
		if (cardset_empty(&fresh))
			return false;			/* R6 */
		if (r->reform == REFORM_FRESH_CARD_AND_BREAKUP &&
		    !cardset_empty(&unbroken))
			return false;			/* R7 */
	}
	if (ki->cls == CLASS_B && ki->level >= 2 &&
	    r->bezique_upgrade_needs_fresh) {
		bool any_fresh = false;
		CARDSET_FOREACH(c, s)
			any_fresh |= lvl_get(g, c, CLASS_B) == 0;
		if (!any_fresh)
			return false;			/* R9 */
	}
	if (r->new_card_from_hand) {
		bool reuse = false;
		CARDSET_FOREACH(c, s)
			reuse |= lvl_get(g, c, ki->cls) > 0;
		if (reuse && !cardset_intersects(s, &g->hand[seat]))
			return false;			/* T3 */
	}
	return true;
}

/* Whether kind T can be declared at all in this state (trump, table). */
static bool
kind_possible(const struct game *g, int combo, int key)
{
	const struct rules *r = &g->rules;

	if (!combo_exists(r, combo, key))
		return false;
	switch (combo) {
	case COMBO_SEQUENCE:
		return r->plain_sequence || g->trump < 0 || key == g->trump;
	case COMBO_FOUR_TRUMP:
	case COMBO_FIVE_TRUMP:
		return g->trump >= 0;
	case COMBO_MARRIAGE:
		return true;
	case COMBO_FOUR:
		return true;
	default:	/* béziques: by trump, undefined before it */
		return !(r->bezique_by_trump || r->bezique_swap) ||
		    g->trump >= 0;
	}
}

/* The card kinds (id & 31) a kind T is made of, and how many of each;
 * for the any-four quartet one slot spans the four suits. */
static int
kind_slots(const struct game *g, int combo, int key, int kinds[5][4],
    int nkinds[5], int need[5])
{
	static const int seq_ranks[5] = { RANK_A, RANK_T, RANK_K, RANK_Q,
		RANK_J };
	int q, j;

	switch (combo) {
	case COMBO_MARRIAGE:
		kinds[0][0] = key * 8 + RANK_K;
		kinds[1][0] = key * 8 + RANK_Q;
		nkinds[0] = nkinds[1] = need[0] = need[1] = 1;
		return 2;
	case COMBO_SEQUENCE:
		for (int i = 0; i < 5; i++) {
			kinds[i][0] = key * 8 + seq_ranks[i];
			nkinds[i] = need[i] = 1;
		}
		return 5;
	case COMBO_FOUR:
		for (int s = 0; s < NSUITS; s++)
			kinds[0][s] = s * 8 + key;
		nkinds[0] = 4;
		need[0] = 4;
		return 1;
	case COMBO_FOUR_TRUMP:
	case COMBO_FIVE_TRUMP:
		kinds[0][0] = g->trump * 8 + key;
		nkinds[0] = 1;
		need[0] = combo_size(combo);
		return 1;
	default:
		combo_bezique_kinds(&g->rules, g->trump, &q, &j);
		kinds[0][0] = q;
		kinds[1][0] = j;
		nkinds[0] = nkinds[1] = 1;
		need[0] = need[1] = combo_level(combo);
		return 2;
	}
}

/* Whether table cards a and b are in exactly the same scored sets. */
bool
declare_same_history(const struct game *g, int a, int b)
{
	if (g->lvl[a] != g->lvl[b])
		return false;
	for (int i = 0; i < g->ndecl; i++)
		if (cardset_has(&g->decl[i].set, a) !=
		    cardset_has(&g->decl[i].set, b))
			return false;
	return true;
}

/* Adds candidate card c to the slot, in the class of its interchangeable
 * copies: hand copies of a kind form one class; table copies share a
 * class only with copies in exactly the same scored sets. */
static void
class_add(const struct game *g, struct slot *sl, int c, bool on_table)
{
	for (int i = 0; i < sl->ncls; i++) {
		struct cclass *k = &sl->cls[i];
		int first = k->cards[0];
		if (card_kind(first) != card_kind(c) || k->table != on_table)
			continue;
		if (on_table && !declare_same_history(g, first, c))
			continue;
		k->cards[k->n++] = (uint16_t)c;
		return;
	}
	if (sl->ncls == MAX_CLASSES)
		return;		/* cannot happen: 8 copies x 5 kinds */
	sl->cls[sl->ncls].table = on_table;
	sl->cls[sl->ncls].cards[0] = (uint16_t)c;
	sl->cls[sl->ncls++].n = 1;
}

/*
 * R7 before enumeration: a card of an earlier set of kind T still intact
 * can be in no legal set (set_legal's `unbroken`), so it is no candidate.
 * Such table cards share their class with no other (the same history),
 * so the other classes and the order of the sets stay as they were.
 */
static bool
breakup_forbids(const struct game *g, const struct kindinfo *ki, int c)
{
	return ki->combo != COMBO_MARRIAGE &&
	    g->rules.reform == REFORM_FRESH_CARD_AND_BREAKUP &&
	    cardset_has(&ki->used, c) && !cardset_has(&ki->broken_ok, c);
}

/* Builds the slots of kind T from seat's usable cards; false if some slot
 * cannot be filled. */
static bool
build_slots(struct enum_state *es)
{
	const struct game *g = es->g;
	int kinds[5][4], nkinds[5], need[5];
	int packs = g->rules.packs;

	es->nslots = kind_slots(g, es->ki.combo, es->ki.key, kinds, nkinds,
	    need);
	cardset_clear(&es->cands);
	for (int s = 0; s < es->nslots; s++) {
		struct slot *sl = &es->slots[s];
		int have = 0;
		sl->ncls = 0;
		sl->need = need[s];
		for (int k = 0; k < nkinds[s]; k++)
			for (int cp = 0; cp < packs; cp++) {
				int c = kinds[s][k] + cp * 32;
				bool in_hand = cardset_has(&g->hand[es->seat], c);
				if (!in_hand &&
				    !cardset_has(&g->table[es->seat], c))
					continue;
				if (!card_usable(g, &es->ki, c) ||
				    breakup_forbids(g, &es->ki, c))
					continue;
				class_add(g, sl, c, !in_hand);
				cardset_add(&es->cands, c);
				have++;
			}
		if (have < sl->need)
			return false;
	}
	return true;
}

static void choose(struct enum_state *es, int slot, int cls, int left);

/* A complete choice: judge the set and emit the action. */
static void
emit(struct enum_state *es)
{
	struct cardset s;

	cardset_clear(&s);
	for (int i = 0; i < es->cur.ncards; i++)
		cardset_add(&s, es->cur.cards[i]);
	if (!set_legal(es->g, es->seat, &es->ki, &s))
		return;
	if (es->n < es->max) {
		es->out[es->n] = es->cur;
		action_sort_cards(&es->out[es->n]);
	}
	es->n++;
}

/* Chooses `left` more cards for slot `slot` from classes cls.. onwards;
 * from each class the lowest ids are taken, so equal choices are one. */
static void
choose(struct enum_state *es, int slot, int cls, int left)
{
	struct slot *sl = &es->slots[slot];
	int base = es->cur.ncards;

	if (es->n >= es->max)
		return;
	if (left == 0) {
		if (slot + 1 == es->nslots)
			emit(es);
		else
			choose(es, slot + 1, 0, es->slots[slot + 1].need);
		return;
	}
	if (cls == sl->ncls)
		return;
	for (int take = left < sl->cls[cls].n ? left : sl->cls[cls].n;
	    take >= 0; take--) {
		for (int i = 0; i < take; i++)
			es->cur.cards[base + i] = sl->cls[cls].cards[i];
		es->cur.ncards = (uint8_t)(base + take);
		choose(es, slot, cls + 1, left - take);
		es->cur.ncards = (uint8_t)base;
	}
}

/*
 * What a seat holds, hand and table together, by card kind: ge[n] has
 * bit k set when it holds n copies or more of kind k.  The set's 32-card
 * halves (one a pack) are sorted bitwise, as a sorting network whose
 * comparators are | and &; the kind counts then cost no loop over cards.
 */
struct holding {
	uint32_t	ge[MAX_PACKS + 1];
	struct cardset	mine;
};

static void
holding_of(const struct game *g, int seat, struct holding *h)
{
	uint32_t x[MAX_PACKS];
	int n = g->rules.packs;

	h->mine = cardset_or(g->hand[seat], g->table[seat]);
	for (int i = 0; i < n; i++)
		x[i] = (uint32_t)(h->mine.w[i >> 1] >> (32 * (i & 1)));
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0; j--) {
			uint32_t hi = x[j - 1] | x[j];
			x[j] &= x[j - 1];
			x[j - 1] = hi;
		}
	h->ge[0] = ~(uint32_t)0;
	for (int k = 1; k <= MAX_PACKS; k++)
		h->ge[k] = k <= n ? x[k - 1] : 0;
}

static bool
holds(const struct holding *h, int copies, int kind)
{
	return h->ge[copies] >> kind & 1;
}

/* Cards of one rank in all suits and packs. */
static int
rank_count(const struct holding *h, int rank)
{
	uint64_t m = (uint64_t)0x0101010101010101ULL << rank;
	int n = 0;

	for (int i = 0; i < CARDSET_WORDS; i++)
		n += __builtin_popcountll(h->mine.w[i] & m);
	return n;
}

/* The kinds of one rank, one bit a suit (bits rank, rank + 8, ...). */
static uint32_t
suit_bits(uint32_t kinds, int rank)
{
	uint32_t m = kinds >> rank & 0x01010101u;

	return (m | m >> 7 | m >> 14 | m >> 21) & 0xf;
}

/*
 * The keys of combination `combo` that seat could declare as far as the
 * kind goes (kind_possible) and its cards go (enough of each kind,
 * whatever their history): a few bit operations that spare the
 * bookkeeping of the kinds out of reach, most of them most of the time.
 * Bit key is set for a suit (class A), a rank (class C) or 0 (class B).
 */
static unsigned
reachable_keys(const struct game *g, const struct holding *h, int combo)
{
	const struct rules *r = &g->rules;
	uint32_t seq = h->ge[1] >> RANK_J & h->ge[1] >> RANK_Q &
	    h->ge[1] >> RANK_K & h->ge[1] >> RANK_T & h->ge[1] >> RANK_A;
	unsigned keys = 0;
	int q, j;

	switch (combo) {
	case COMBO_MARRIAGE:
		return suit_bits(h->ge[1] >> RANK_K & h->ge[1] >> RANK_Q, 0);
	case COMBO_SEQUENCE:
		keys = suit_bits(seq, 0);
		if (!r->plain_sequence && g->trump >= 0)
			keys &= 1u << g->trump;
		return keys;
	case COMBO_FOUR:
		for (int k = RANK_J; k <= RANK_A; k++)
			if ((k != RANK_T || r->four_tens) && rank_count(h, k) >= 4)
				keys |= 1u << k;
		return keys;
	case COMBO_FOUR_TRUMP:
	case COMBO_FIVE_TRUMP:
		if (g->trump < 0 || !(combo == COMBO_FOUR_TRUMP ?
		    r->trump_quartets : r->trump_quintets))
			return 0;
		keys = h->ge[combo_size(combo)] >> (g->trump * 8);
		return keys & 0xff & ~0x7u;	/* J to A */
	default:
		if (combo_level(combo) > r->max_bezique ||
		    ((r->bezique_by_trump || r->bezique_swap) && g->trump < 0))
			return 0;
		combo_bezique_kinds(r, g->trump, &q, &j);
		return holds(h, combo_level(combo), q) &&
		    holds(h, combo_level(combo), j);
	}
}

/* Whether every slot takes one card (marriages, sequences, béziques). */
static bool
singles(const struct enum_state *es)
{
	for (int s = 0; s < es->nslots; s++)
		if (es->slots[s].need != 1)
			return false;
	return true;
}

/*
 * choose() where every slot takes one card, without its recursion: the
 * product of the slots' classes, the first slot the slowest, each class
 * by its lowest id, in choose()'s order.
 */
static void
choose_singles(struct enum_state *es)
{
	int idx[5] = { 0 }, s;

	es->cur.ncards = (uint8_t)es->nslots;
	while (es->n < es->max) {
		for (s = 0; s < es->nslots; s++)
			es->cur.cards[s] = es->slots[s].cls[idx[s]].cards[0];
		emit(es);
		for (s = es->nslots - 1; s >= 0; s--) {
			if (++idx[s] < es->slots[s].ncls)
				break;
			idx[s] = 0;
		}
		if (s < 0)
			break;
	}
}

/*
 * R6 and R9 before enumeration: where a set must hold a card never scored
 * as T (or never in a bézique) and no candidate card is such, no set can
 * be legal (set_legal would reject each; marriages and the once-per-kind
 * rule have their own).
 */
static bool
no_fresh_card(const struct game *g, const struct enum_state *es)
{
	struct cardset fresh;
	bool any = false;

	/* R9: a double or higher needs a card never in a bézique. */
	if (es->ki.cls == CLASS_B && es->ki.level >= 2 &&
	    g->rules.bezique_upgrade_needs_fresh) {
		CARDSET_FOREACH(c, &es->cands)
			any |= lvl_get(g, c, CLASS_B) == 0;
		if (!any)
			return true;
	}
	if (es->ki.combo == COMBO_MARRIAGE || g->rules.reform == REFORM_NONE ||
	    es->ki.nrec == 0)
		return false;
	fresh = cardset_minus(es->cands, es->ki.used);
	return cardset_empty(&fresh);
}

static int
enumerate_kind(const struct game *g, int seat, int combo, int key,
    struct action *out, int max)
{
	struct enum_state es;

	es.g = g;
	es.seat = seat;
	kind_info(g, seat, combo, key, &es.ki);
	if (!build_slots(&es) || no_fresh_card(g, &es))
		return 0;
	memset(&es.cur, 0, sizeof(es.cur));
	es.cur.type = ACTION_DECLARE;
	es.cur.combo = (uint8_t)combo;
	es.cur.key = (uint8_t)key;
	es.out = out;
	es.n = 0;
	es.max = max;
	if (singles(&es))
		choose_singles(&es);
	else
		choose(&es, 0, 0, es.slots[0].need);
	return es.n < max ? es.n : max;
}

/*
 * The combinations in order, and in each its keys in the order of the
 * protocol (suits upwards; ranks from the ace down), only those within
 * reach (reachable_keys); at most per_kind actions of each kind.
 */
static int
enumerate(const struct game *g, int seat, struct action *out, int max,
    int per_kind)
{
	struct holding h;
	int n = 0;

	holding_of(g, seat, &h);
	for (int combo = 0; combo < NCOMBOS && n < max; combo++) {
		unsigned keys = reachable_keys(g, &h, combo);
		bool down = combo_keyed_by_rank(combo);
		while (keys != 0 && n < max) {
			int key = down ? 31 - __builtin_clz(keys) :
			    __builtin_ctz(keys);
			keys &= ~(1u << key);
			n += enumerate_kind(g, seat, combo, key, out + n,
			    max - n < per_kind ? max - n : per_kind);
		}
	}
	return n;
}

int
declare_enumerate(const struct game *g, int seat, struct action *out,
    int max)
{
	return enumerate(g, seat, out, max, max);
}

int
declare_enumerate_kinds(const struct game *g, int seat, struct action *out,
    int max)
{
	return enumerate(g, seat, out, max, 1);
}

bool
declare_any(const struct game *g, int seat)
{
	struct action one;

	return declare_enumerate(g, seat, &one, 1) > 0;
}

/* R3: the cards of a have exactly the shape of its kind. */
static bool
shape_ok(const struct game *g, const struct action *a)
{
	int kinds[5][4], nkinds[5], need[5], got[5] = { 0 };
	int ns = kind_slots(g, a->combo, a->key, kinds, nkinds, need);
	int total = 0;

	for (int i = 0; i < a->ncards; i++) {
		bool placed = false;
		for (int s = 0; s < ns && !placed; s++)
			for (int k = 0; k < nkinds[s] && !placed; k++)
				if (card_kind(a->cards[i]) == kinds[s][k]) {
					got[s]++;
					placed = true;
				}
		if (!placed)
			return false;
	}
	for (int s = 0; s < ns; s++) {
		if (got[s] != need[s])
			return false;
		total += need[s];
	}
	return total == a->ncards;
}

bool
declare_legal(const struct game *g, int seat, const struct action *a)
{
	struct kindinfo ki;
	struct cardset s, mine;

	if (!has_combo_type(a->combo) || a->ncards > COMBO_MAX_CARDS ||
	    (combo_class(a->combo) == CLASS_B && a->key != 0) ||
	    !kind_possible(g, a->combo, a->key) || !shape_ok(g, a))
		return false;
	kind_info(g, seat, a->combo, a->key, &ki);
	mine = cardset_or(g->hand[seat], g->table[seat]);
	cardset_clear(&s);
	for (int i = 0; i < a->ncards; i++) {
		int c = a->cards[i];
		if (c >= game_ncards(g) || cardset_has(&s, c) ||
		    !cardset_has(&mine, c) || !card_usable(g, &ki, c))
			return false;			/* R2, R4 */
		cardset_add(&s, c);
	}
	return set_legal(g, seat, &ki, &s);
}

void
declare_record(struct game *g, int seat, const struct action *a, int points)
{
	struct decl_rec *d = &g->decl[g->ndecl++];
	int cls = combo_class(a->combo), level = combo_level(a->combo);

	cardset_clear(&d->set);
	for (int i = 0; i < a->ncards; i++) {
		int c = a->cards[i];
		cardset_add(&d->set, c);
		if (cardset_has(&g->hand[seat], c)) {
			cardset_del(&g->hand[seat], c);
			g->hand_count[seat]--;
		}
		cardset_add(&g->table[seat], c);
		lvl_raise(g, c, cls, level);
	}
	g->scored[seat][a->combo] |= (uint8_t)(1u << a->key);
	d->seat = (uint8_t)seat;
	d->combo = a->combo;
	d->key = a->key;
	d->points = (int16_t)points;
}
