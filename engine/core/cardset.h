/*
 * cardset.h: a set of physical cards, one bit per card id (up to the 256
 * cards of eight-pack Bézique).  Plain value type; every operation is
 * inline because the rules core calls them in its innermost loops.
 */
#ifndef CARDSET_H
#define CARDSET_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CARDSET_WORDS	(MAX_CARDS / 64)

struct cardset {
	uint64_t	w[CARDSET_WORDS];
};

static inline void
cardset_clear(struct cardset *s)
{
	for (int i = 0; i < CARDSET_WORDS; i++)
		s->w[i] = 0;
}

static inline void
cardset_add(struct cardset *s, int c)
{
	s->w[c >> 6] |= (uint64_t)1 << (c & 63);
}

static inline void
cardset_del(struct cardset *s, int c)
{
	s->w[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

static inline bool
cardset_has(const struct cardset *s, int c)
{
	return (s->w[c >> 6] >> (c & 63)) & 1;
}

static inline int
cardset_count(const struct cardset *s)
{
	int n = 0;
	for (int i = 0; i < CARDSET_WORDS; i++)
		n += __builtin_popcountll(s->w[i]);
	return n;
}

static inline bool
cardset_empty(const struct cardset *s)
{
	uint64_t any = 0;
	for (int i = 0; i < CARDSET_WORDS; i++)
		any |= s->w[i];
	return any == 0;
}

static inline struct cardset
cardset_or(struct cardset a, struct cardset b)
{
	for (int i = 0; i < CARDSET_WORDS; i++)
		a.w[i] |= b.w[i];
	return a;
}

static inline struct cardset
cardset_and(struct cardset a, struct cardset b)
{
	for (int i = 0; i < CARDSET_WORDS; i++)
		a.w[i] &= b.w[i];
	return a;
}

static inline struct cardset
cardset_minus(struct cardset a, struct cardset b)
{
	for (int i = 0; i < CARDSET_WORDS; i++)
		a.w[i] &= ~b.w[i];
	return a;
}

static inline bool
cardset_intersects(const struct cardset *a, const struct cardset *b)
{
	uint64_t any = 0;
	for (int i = 0; i < CARDSET_WORDS; i++)
		any |= a->w[i] & b->w[i];
	return any != 0;
}

static inline bool
cardset_equal(const struct cardset *a, const struct cardset *b)
{
	uint64_t diff = 0;
	for (int i = 0; i < CARDSET_WORDS; i++)
		diff |= a->w[i] ^ b->w[i];
	return diff == 0;
}

/* The lowest id in s at or after `from`, or -1. */
static inline int
cardset_next(const struct cardset *s, int from)
{
	for (int i = from >> 6; i < CARDSET_WORDS; i++) {
		uint64_t w = s->w[i];
		if (i == from >> 6)
			w &= ~(uint64_t)0 << (from & 63);
		if (w)
			return i * 64 + __builtin_ctzll(w);
	}
	return -1;
}

#define CARDSET_FOREACH(c, s) \
	for (int c = cardset_next((s), 0); c >= 0; c = cardset_next((s), c + 1))

#ifdef __cplusplus
}
#endif

#endif
