/*
 * dealt.h: Rubicon deals with chosen hands, for the AI's tests
 * (test_strong*.c): a position a search must get right, dealt through
 * the rules core's own dealing; a search at a fixed number of playouts;
 * and an ear for its info lines.  Include test_util.h first (its
 * asserts).
 */
#ifndef DEALT_H
#define DEALT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardset.h"
#include "game.h"
#include "greedy.h"
#include "rng.h"
#include "rules.h"
#include "strong.h"

static inline int
card_of(int suit, int rank, int copy)
{
	return copy * CARDS_PER_PACK + suit * 8 + rank;
}

/*
 * A Rubicon deal whose hands are fixed: seat 1 (the dealer) gets want1,
 * seat 0 want0, the rest of the packs go to the stock in card order.
 * The places each seat is dealt are found by dealing the deck 0, 1, ...
 */
static inline struct game *
deal_hands(const int *want0, const int *want1, int n)
{
	struct rules r;
	uint16_t deck[MAX_CARDS];
	bool used[MAX_CARDS] = { false };
	int next[2] = { 0, 0 }, rest = 0;
	struct game *g;

	rules_init(&r, VARIANT_RUBICON);
	for (int i = 0; i < MAX_CARDS; i++)
		deck[i] = (uint16_t)i;
	g = game_new_from_deck(&r, deck, 1);
	for (int i = 0; i < n; i++)
		used[want0[i]] = used[want1[i]] = true;
	for (int i = 0; i < r.packs * CARDS_PER_PACK; i++) {
		struct cardset h0 = game_hand(g, 0), h1 = game_hand(g, 1);
		if (cardset_has(&h0, i) && next[0] < n) {
			deck[i] = (uint16_t)want0[next[0]++];
			continue;
		}
		if (cardset_has(&h1, i) && next[1] < n) {
			deck[i] = (uint16_t)want1[next[1]++];
			continue;
		}
		while (used[rest])
			rest++;
		deck[i] = (uint16_t)rest++;
	}
	game_free(g);
	return game_new_from_deck(&r, deck, 1);
}

/*
 * Seat 1 (the dealer) holds the heart sequence (A T K Q J), a second ace
 * of hearts and three small cards; seat 0 holds the nine of hearts to
 * lead and small spades, clubs and diamonds.  Led the nine, winning with
 * the spare ace keeps the sequence (250) for the declaration the trick
 * allows; the jack, the cheapest winner, would leave only the marriage.
 */
static inline struct game *
deal_heart_sequence(void)
{
	const int h = SUIT_H;
	const int want0[9] = { card_of(h, RANK_9, 0),
		card_of(SUIT_S, RANK_K, 0), card_of(SUIT_C, RANK_Q, 0),
		card_of(SUIT_S, RANK_8, 0), card_of(SUIT_S, RANK_9, 0),
		card_of(SUIT_S, RANK_7, 0), card_of(SUIT_C, RANK_9, 0),
		card_of(SUIT_D, RANK_8, 0), card_of(SUIT_D, RANK_9, 0) };
	const int want1[9] = { card_of(h, RANK_A, 0), card_of(h, RANK_A, 1),
		card_of(h, RANK_T, 0), card_of(h, RANK_K, 0),
		card_of(h, RANK_Q, 0), card_of(h, RANK_J, 0),
		card_of(SUIT_C, RANK_7, 0), card_of(SUIT_C, RANK_8, 0),
		card_of(SUIT_D, RANK_7, 0) };

	return deal_hands(want0, want1, 9);
}

/* A Rubicon view after `plies` greedy decisions of a seeded deal. */
static inline struct game *
view_after_greedy(uint64_t seed, int plies)
{
	struct rules r;
	struct game *g, *v;
	struct rng rng;
	struct action a;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	rng_seed(&rng, 1);
	for (int i = 0; i < plies && !game_over(g); i++) {
		greedy_choose(g, &rng, &a);
		game_apply(g, &a, NULL);
	}
	v = game_view(g, game_to_move(g));
	game_free(g);
	return v;
}

/* strong_search on view v at n playouts, its rng seeded `seed`, its
 * info lines to info(arg); the action, asserted found. */
static inline struct action
search_playouts(const struct strong_params *p, const struct game *v,
    long long n, uint64_t seed, info_fn info, void *arg)
{
	struct think_limits lim;
	struct action a;
	struct rng rng;

	memset(&lim, 0, sizeof(lim));
	lim.playouts = n;
	rng_seed(&rng, seed);
	assert_int_equal(strong_search(p, v, &rng, &lim, info, arg, &a), 0);
	return a;
}

/* What a search said: its last info line and, told every candidate
 * (strong_params.on_candidate), the worlds over them and how many. */
struct heard {
	char	last[256];
	long	worlds;
	int	ncand;
};

static inline void
heard_info(void *arg, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static inline void
heard_info(void *arg, const char *fmt, ...)
{
	struct heard *h = arg;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->last, sizeof(h->last), fmt, ap);
	va_end(ap);
}

static inline void
heard_candidate(void *arg, const struct action *a, double mean,
    long worlds, int utility)
{
	struct heard *h = arg;

	(void)a;
	(void)mean;
	(void)utility;
	h->worlds += worlds;
	h->ncand++;
}

/* The value of key=<n> in the last info line, or -1 if absent. */
static inline long long
heard_value(const struct heard *h, const char *key)
{
	const char *p = strstr(h->last, key);

	return p == NULL ? -1 : strtoll(p + strlen(key), NULL, 10);
}

#endif
