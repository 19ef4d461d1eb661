/*
 * declare.c: which declarations are legal (doc/rules.md §8).
 *
 * A declaration of kind T = (combination, key) with card set S by player
 * p is legal when (§8.2):
 *   R1 p won the trick just played and has neither declared nor drawn
 *      since (the decision is DECISION_DECLARE; game.c sees to that);
 *   R2 every card of S is p's and unplayed, in hand or on the table;
 *   R3 S has the shape of T;
 *   R4 no card of S was scored in a higher combination of T's class;
 *   R5 S is not a set already scored as T;
 *   R6 S holds a card never scored as T;
 *   R7 every earlier set scored as T that shares a card with S has been
 *      broken by a play;
 *   R8 marriages: R6 and R7 give way to marriage_repair: pairs, any new
 *      pair; after_play, a pair with a card whose marriages are all
 *      broken; none, marriages obey reform like every other kind;
 *   R9 a double or higher bézique holds a card never scored in class B;
 *   T2 (two-, three-hand) no card already scored as T, except EB9's
 *      second double bézique on a pair of a double, with a fresh pair.
 * The options of §8.5 switch R6/R7 to the two-hand "once per kind" rule
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
};

struct enum_state {
	const struct game	*g;
	int			 seat;
	struct kindinfo		 ki;
	struct slot		 slots[5];
	int			 nslots;
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
	cardset_clear(&ki->used);
	cardset_clear(&intact);
	for (int i = 0; i < g->ndecl; i++) {
		const struct decl_rec *d = &g->decl[i];
		if (d->seat != seat || d->combo != combo || d->key != key)
			continue;
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
		return false;		/* WK-R's reading (§8.5) */
	if (!cardset_has(&ki->used, c))
		return true;
	if (ki->combo == COMBO_MARRIAGE && r->marriage_repair != REPAIR_NONE)
		return true;	/* R8; with none, marriages obey reform */
	if (r->reform == REFORM_NONE)		/* T2, but EB9's */
		return ki->combo == COMBO_DOUBLE_BEZIQUE && r->second_double;
	if (ki->cls == CLASS_B && ki->level >= 2 && !r->reform_multi_bezique)
		return false;
	return true;
}

static bool
set_scored_before(const struct game *g, int seat, const struct kindinfo *ki,
    const struct cardset *s)
{
	for (int i = 0; i < g->ndecl; i++) {
		const struct decl_rec *d = &g->decl[i];
		if (d->seat == seat && d->combo == ki->combo &&
		    d->key == ki->key && cardset_equal(&d->set, s))
			return true;
	}
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
	 * intact: R7 forbids them. */
	struct cardset unbroken = cardset_minus(reused, ki->broken_ok);
	bool repair = ki->combo == COMBO_MARRIAGE &&
	    r->marriage_repair != REPAIR_NONE;

	if (set_scored_before(g, seat, ki, s))
		return false;				/* R5 */
	/* EB9: a second double on a bézique already in a double needs a
	 * fresh pair (the shape makes the rest a queen and a jack). */
	if (!repair && r->reform == REFORM_NONE && !cardset_empty(&reused) &&
	    cardset_count(&fresh) != 2)
		return false;
	/* WK-R: once a card of a marriage is played, its partner left alone
	 * may marry again, even a card of another intact marriage. */
	if (repair && r->marriage_repair == REPAIR_AFTER_PLAY &&
	    !cardset_empty(&reused) &&
	    !cardset_intersects(&reused, &ki->broken_ok))
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
				if (!card_usable(g, &es->ki, c))
					continue;
				class_add(g, sl, c, !in_hand);
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
 * Whether the player holds enough cards of the right kinds for kind T,
 * whatever their history: a cheap test that spares the bookkeeping for
 * the many kinds that are out of reach (most of them, most of the time).
 */
static bool
enough_cards(const struct game *g, const uint8_t *count, int combo, int key)
{
	int kinds[5][4], nkinds[5], need[5];
	int ns = kind_slots(g, combo, key, kinds, nkinds, need);

	for (int s = 0; s < ns; s++) {
		int have = 0;
		for (int k = 0; k < nkinds[s]; k++)
			have += count[kinds[s][k]];
		if (have < need[s])
			return false;
	}
	return true;
}

static int
enumerate_kind(const struct game *g, int seat, int combo, int key,
    const uint8_t *count, struct action *out, int max)
{
	struct enum_state es;

	if (!kind_possible(g, combo, key) || !enough_cards(g, count, combo, key))
		return 0;
	es.g = g;
	es.seat = seat;
	kind_info(g, seat, combo, key, &es.ki);
	if (!build_slots(&es))
		return 0;
	memset(&es.cur, 0, sizeof(es.cur));
	es.cur.type = ACTION_DECLARE;
	es.cur.combo = (uint8_t)combo;
	es.cur.key = (uint8_t)key;
	es.out = out;
	es.n = 0;
	es.max = max;
	choose(&es, 0, 0, es.slots[0].need);
	return es.n < max ? es.n : max;
}

/* The keys a combination takes: suits, ranks, or none. */
static int
combo_keys(int combo, int *keys)
{
	static const int quartet_ranks[5] = { RANK_A, RANK_T, RANK_K, RANK_Q,
		RANK_J };
	int n = 0;

	if (combo_keyed_by_suit(combo))
		for (int s = 0; s < NSUITS; s++)
			keys[n++] = s;
	else if (combo_keyed_by_rank(combo))
		for (int i = 0; i < 5; i++)
			keys[n++] = quartet_ranks[i];
	else
		keys[n++] = 0;
	return n;
}

int
declare_enumerate(const struct game *g, int seat, struct action *out,
    int max)
{
	struct cardset mine = cardset_or(g->hand[seat], g->table[seat]);
	uint8_t count[CARDS_PER_PACK] = { 0 };
	int n = 0, keys[5];

	CARDSET_FOREACH(c, &mine)
		count[card_kind(c)]++;
	for (int combo = 0; combo < NCOMBOS && n < max; combo++) {
		int nk = combo_keys(combo, keys);
		for (int k = 0; k < nk && n < max; k++)
			n += enumerate_kind(g, seat, combo, keys[k], count,
			    out + n, max - n);
	}
	return n;
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
	d->seat = (uint8_t)seat;
	d->combo = a->combo;
	d->key = a->key;
	d->points = (int16_t)points;
}
