/*
 * deck_key.c: decks from the run's key (deck_key.h).  HMAC-SHA-256 is
 * OpenSSL's libcrypto's.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "card.h"
#include "rng.h"

#include "record/deck_key.h"

/* A keyed stream of 64-bit words: the blocks of one label, round and
 * hand, read in order. */
struct keyed_stream {
	const uint8_t	*key;
	uint8_t		 msg[32];	/* label || round || hand || j */
	size_t		 head;		/* the label's length */
	uint32_t	 block;		/* j of the next block */
	uint8_t		 out[32];
	int		 word;		/* the next word of out; 4: none */
};

static void
put_be(uint8_t *p, uint64_t v, int n)
{
	for (int i = n - 1; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static void
stream_init(struct keyed_stream *s, const uint8_t *key, const char *label,
    int round, int hand)
{
	s->key = key;
	s->head = strlen(label);
	memcpy(s->msg, label, s->head);
	put_be(s->msg + s->head, (uint64_t)round, 8);
	put_be(s->msg + s->head + 8, (uint32_t)hand, 4);
	s->block = 0;
	s->word = 4;
}

static uint64_t
stream_next(struct keyed_stream *s)
{
	uint64_t x = 0;

	if (s->word == 4) {
		unsigned len = 0;
		put_be(s->msg + s->head + 12, s->block++, 4);
		if (HMAC(EVP_sha256(), s->key, RUN_KEY_BYTES, s->msg,
		    s->head + 16, s->out, &len) == NULL || len != 32)
			abort();	/* out of memory */
		s->word = 0;
	}
	for (int i = 7; i >= 0; i--)
		x = x << 8 | s->out[8 * s->word + i];
	s->word++;
	return x;
}

/* rng_below() on the keyed words: engine/core keeps no crypto, and its
 * hot loop its inlined SplitMix64. */
static uint64_t
stream_below(struct keyed_stream *s, uint64_t n)
{
	uint64_t x;

	do
		x = stream_next(s);
	while (rng_rejects(x, n));
	return x % n;
}

void
deck_key_deck(const uint8_t key[RUN_KEY_BYTES], const struct rules *r,
    int round, int hand, uint16_t *deck)
{
	struct keyed_stream s;
	int n = r->packs * CARDS_PER_PACK;

	stream_init(&s, key, "bezique deck v1", round, hand);
	for (int i = 0; i < n; i++)
		deck[i] = (uint16_t)i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)stream_below(&s, (uint64_t)i + 1);
		uint16_t t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
}

void
deck_key_cut(const uint8_t key[RUN_KEY_BYTES], const struct rules *r,
    int round, int hand, int *lifted, int *guessed)
{
	struct keyed_stream s;
	int low = r->cut_cards > 4 ? r->cut_cards - 4 : 1;

	stream_init(&s, key, "bezique cut v1", round, hand);
	*lifted = low + (int)stream_below(&s, 9);
	*guessed = low + (int)stream_below(&s, 9);
}
