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
 * declare_enum.c lists the legal declarations.
 */
#include <string.h>

#include "declare_int.h"

static bool
has_combo_type(int combo)
{
	return combo >= 0 && combo < NCOMBOS;
}

/* Bookkeeping for kind T of seat p: the union of its scored sets, and the
 * cards all of whose scored T-sets have been broken by a play. */
void
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
bool
card_usable(const struct game *g, const struct kindinfo *ki, int c)
{
	const struct rules *r = &g->rules;
	int lv = lvl_get(g, c, ki->cls);

	if (lv > ki->level)
		return false;				/* R4 */
	/* WK-R's reading (§8.5): a card once married.  The class-A level
	 * of such a card is the marriage's, as it can go into no sequence;
	 * a card of an earlier sequence only (level 2) may (S90). */
	if (ki->combo == COMBO_SEQUENCE && !r->marriage_to_sequence &&
	    lvl_get(g, c, CLASS_A) == combo_level(COMBO_MARRIAGE))
		return false;
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
set_scored_before(const struct game *g, const struct kindinfo *ki,
    const struct cardset *s)
{
	for (int i = 0; i < ki->nrec; i++)
		if (cardset_equal(&g->decl[ki->rec[i]].set, s))
			return true;
	return false;
}

/* The rules that judge the set as a whole (R5-R7, R9, T3). */
bool
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

	if (set_scored_before(g, ki, s))
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
int
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

/* Whether table cards a and b are in exactly the same scored sets.  The
 * cards a carte blanche showed (kept among the declarations, game_int.h)
 * are no combination: no rule of re-use reads them, so a copy shown is
 * alike to one that was not (protocol.md §4). */
bool
declare_same_history(const struct game *g, int a, int b)
{
	if (g->lvl[a] != g->lvl[b])
		return false;
	for (int i = 0; i < g->ndecl; i++)
		if (g->decl[i].combo < NCOMBOS &&
		    cardset_has(&g->decl[i].set, a) !=
		    cardset_has(&g->decl[i].set, b))
			return false;
	return true;
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
