/*
 * declare_enum.c: listing the legal declarations of a seat (rules.md §7;
 * declare.c judges them).
 *
 * Enumeration groups interchangeable cards (same kind; all hand copies, or
 * table copies in exactly the same scored sets) into classes and chooses
 * from classes, so that no two listed actions differ only by which of two
 * interchangeable copies they use.  The kinds out of reach are told by a
 * few bit operations on what the seat holds, and the re-use rules that
 * condemn every set of a kind are applied before its sets are formed, so
 * that only the kinds in doubt are enumerated.
 */
#include <string.h>

#include "declare_int.h"

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

/* Adds seat's card c to slot sl if it may take part in kind T; returns
 * whether it did. */
static bool
add_candidate(struct enum_state *es, struct slot *sl, int c)
{
	const struct game *g = es->g;
	bool in_hand = cardset_has(&g->hand[es->seat], c);

	if (!card_usable(g, &es->ki, c) || breakup_forbids(g, &es->ki, c))
		return false;
	class_add(g, sl, c, !in_hand);
	cardset_add(&es->cands, c);
	return true;
}

/* Builds the slots of kind T from seat's usable cards; false if some slot
 * cannot be filled. */
static bool
build_slots(struct enum_state *es)
{
	const struct game *g = es->g;
	int kinds[5][4], nkinds[5], need[5];
	struct cardset mine = cardset_or(g->hand[es->seat],
	    g->table[es->seat]);
	int nw = (g->rules.packs + 1) / 2;

	es->nslots = kind_slots(g, es->ki.combo, es->ki.key, kinds, nkinds,
	    need);
	cardset_clear(&es->cands);
	for (int s = 0; s < es->nslots; s++) {
		struct slot *sl = &es->slots[s];
		int have = 0;
		sl->ncls = 0;
		sl->need = need[s];
		/* The copies of a kind are bits kind and kind + 32 of
		 * each word, in card order. */
		for (int k = 0; k < nkinds[s]; k++)
			for (int i = 0; i < nw; i++)
				for (uint64_t w = mine.w[i] &
				    (0x100000001ULL << kinds[s][k]); w != 0;
				    w &= w - 1)
					have += add_candidate(es, sl, i * 64 +
					    __builtin_ctzll(w));
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
rank_count(const struct game *g, const struct holding *h, int rank)
{
	uint64_t m = (uint64_t)0x0101010101010101ULL << rank;
	int n = 0;

	for (int i = 0; i < (g->rules.packs + 1) / 2; i++)
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
 * The keys of each combination that seat could declare as far as the
 * kind goes (kind_possible) and its cards go (enough of each kind,
 * whatever their history): a few bit operations that spare the
 * bookkeeping of the kinds out of reach, most of them most of the time.
 * Bit key is set for a suit (class A), a rank (class C) or 0 (class B).
 */
static void
reachable(const struct game *g, const struct holding *h,
    unsigned keys[NCOMBOS])
{
	const struct rules *r = &g->rules;
	uint32_t one = h->ge[1];
	uint32_t seq = one >> RANK_J & one >> RANK_Q & one >> RANK_K &
	    one >> RANK_T & one >> RANK_A;
	bool bezique = !((r->bezique_by_trump || r->bezique_swap) &&
	    g->trump < 0);
	int q, j;

	keys[COMBO_MARRIAGE] = suit_bits(one >> RANK_K & one >> RANK_Q, 0);
	keys[COMBO_SEQUENCE] = suit_bits(seq, 0);
	if (!r->plain_sequence && g->trump >= 0)
		keys[COMBO_SEQUENCE] &= 1u << g->trump;
	combo_bezique_kinds(r, g->trump, &q, &j);
	for (int level = 1; level <= 5; level++)
		keys[COMBO_BEZIQUE + level - 1] = bezique &&
		    level <= r->max_bezique && holds(h, level, q) &&
		    holds(h, level, j);
	keys[COMBO_FOUR] = 0;
	for (int k = RANK_J; k <= RANK_A; k++)
		if ((k != RANK_T || r->four_tens) && rank_count(g, h, k) >= 4)
			keys[COMBO_FOUR] |= 1u << k;
	keys[COMBO_FOUR_TRUMP] = keys[COMBO_FIVE_TRUMP] = 0;
	if (g->trump < 0)
		return;
	/* J to A of the trump suit */
	if (r->trump_quartets)
		keys[COMBO_FOUR_TRUMP] = h->ge[4] >> (g->trump * 8) & 0xf8;
	if (r->trump_quintets)
		keys[COMBO_FIVE_TRUMP] = h->ge[5] >> (g->trump * 8) & 0xf8;
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
 * reach (reachable); at most per_kind actions of each kind.
 */
static int
enumerate(const struct game *g, int seat, struct action *out, int max,
    int per_kind)
{
	struct holding h;
	unsigned reach[NCOMBOS];
	int n = 0;

	holding_of(g, seat, &h);
	reachable(g, &h, reach);
	for (int combo = 0; combo < NCOMBOS && n < max; combo++) {
		unsigned keys = reach[combo];
		bool down = combo >= COMBO_FOUR;	/* keyed by rank */
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

