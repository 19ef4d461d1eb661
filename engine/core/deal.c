/*
 * deal.c: shuffling and dealing a new deal (game.h).
 *
 * Law 10 (doc/rules.md §3.1): the cards go by batches to each player in turn,
 * the elder hand (the dealer's left) first.  Where the variant turns up a
 * card for trump (two-, three-hand, §4, §7) the next card is turned up
 * and laid under the stock, so that the last player to draw takes it.
 */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "rng.h"

void
game_shuffle_deck(const struct rules *r, uint64_t seed, uint16_t *deck)
{
	struct rng rng;
	int n = r->packs * CARDS_PER_PACK;

	for (int i = 0; i < n; i++)
		deck[i] = (uint16_t)i;
	rng_seed(&rng, seed);
	rng_shuffle16(&rng, deck, n);
}

static bool
hand_has_court(const struct cardset *hand)
{
	CARDSET_FOREACH(c, hand)
		if (card_is_court(c))
			return true;
	return false;
}

/*
 * The sizes of the batches of one round: law 10's threes (or ones) for
 * Rubicon and the packs; "by three, two, and three" where a card is
 * turned up (HGM-2H, EB9; three-hand by the same pattern, doc/rules.md §7).
 */
static int
deal_batches(const struct rules *r, int *batch)
{
	int n = 0, dealt = 0;
	int size = r->deal_batch < 1 ? 1 : r->deal_batch;

	if (r->turnup && r->hand_size == 8) {
		batch[0] = 3;
		batch[1] = 2;
		batch[2] = 3;
		return 3;
	}
	while (dealt < r->hand_size) {
		batch[n] = r->hand_size - dealt < size ? r->hand_size - dealt :
		    size;
		dealt += batch[n++];
	}
	return n;
}

static void
deal_hands(struct game *g, const uint16_t *deck)
{
	int batch[MAX_CARDS], nb = deal_batches(&g->rules, batch);
	int n = g->nplayers, pos = 0;

	for (int b = 0; b < nb; b++)
		for (int i = 1; i <= n; i++) {
			int p = (g->dealer + i) % n;
			for (int k = 0; k < batch[b]; k++)
				cardset_add(&g->hand[p], deck[pos++]);
		}
	for (int p = 0; p < n; p++)
		g->hand_count[p] = (int16_t)g->rules.hand_size;
	g->stock_len = (uint16_t)(game_ncards(g) - pos);
	g->stock_pos = 0;
	if (!g->rules.turnup) {
		memcpy(g->stock, deck + pos, sizeof(uint16_t) * g->stock_len);
		return;
	}
	/* The turn-up fixes trump and lies under the stock (HGM-2H). */
	g->turnup = deck[pos];
	g->trump = (int8_t)card_suit(g->turnup);
	memcpy(g->stock, deck + pos + 1,
	    sizeof(uint16_t) * (g->stock_len - 1u));
	g->stock[g->stock_len - 1] = g->turnup;
}

struct game *
game_alloc(const struct rules *r, int dealer)
{
	struct game *g;

	if (!variant_playable(r->variant) || dealer < 0 ||
	    dealer >= r->players)
		return NULL;
	/* The declarations past ndecl are never read (game_copy copies
	 * only those made): zeroing them would cost more than the deal. */
	if ((g = malloc(sizeof(*g))) == NULL)
		abort();
	memset(g, 0, offsetof(struct game, decl));
	g->rules = *r;
	g->observer = -1;
	g->nplayers = (uint8_t)r->players;
	g->dealer = (uint8_t)dealer;
	g->trump = -1;
	g->phase = PHASE_STOCK;
	g->leader = (uint8_t)((dealer + 1) % r->players);
	g->turnup = NO_CARD;
	for (int p = 0; p < MAX_PLAYERS; p++)
		g->last_drawn[p] = NO_CARD;
	return g;
}

struct game *
game_new_from_deck(const struct rules *r, const uint16_t *deck, int dealer)
{
	struct game *g = game_alloc(r, dealer);

	if (g == NULL)
		return NULL;
	deal_hands(g, deck);
	seven_turned_up(g);
	for (int p = 0; p < g->nplayers; p++)
		if (r->carte_blanche > 0 && !hand_has_court(&g->hand[p]))
			g->cb[p] |= CB_OFFER;
	game_next_decision(g);
	return g;
}

struct game *
game_new(const struct rules *r, uint64_t seed, int dealer)
{
	uint16_t deck[MAX_CARDS];

	game_shuffle_deck(r, seed, deck);
	return game_new_from_deck(r, deck, dealer);
}


int
game_cut(struct game *g, int lifted, int guessed)
{
	const struct rules *r = &g->rules;
	int elder = (g->dealer + 1) % g->nplayers, points[2];
	struct cardset none;

	if (r->cut_cards <= 0 || g->ntricks > 0 || g->trick_n > 0 ||
	    lifted < 1 || lifted > game_ncards(g))
		return -1;
	for (int i = 0; i < g->ndecl; i++)
		if (g->decl[i].combo == DECL_CUT ||
		    g->decl[i].combo == DECL_GUESS)
			return -1;
	/* Both are recorded, scored or not, so that the views say the cut
	 * was made. */
	cardset_clear(&none);
	points[0] = lifted == r->cut_cards ? r->cut_points : 0;
	points[1] = guessed == lifted ? r->guess_points : 0;
	decl_add(g, g->dealer, DECL_CUT, &none, points[0]);
	decl_add(g, elder, DECL_GUESS, &none, points[1]);
	g->points[g->dealer] += points[0];
	g->points[elder] += points[1];
	return points[0] + points[1];
}
