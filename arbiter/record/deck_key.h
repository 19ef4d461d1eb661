/*
 * deck_key.h: every deck of a run, and the six-pack's cut, dealt from
 * the run's key K (base/run_key.h) by HMAC-SHA-256 in counter mode, so
 * that no deck tells anything about another, nor about K.
 *
 * The deck of round r (its index in the schedule, deal_spec.round) and
 * hand h (the deal within a game of several deals; 0 otherwise) reads
 * the words of the blocks j = 0, 1, 2, ...
 *
 *	B_j = HMAC-SHA-256(K, "bezique deck v1" || u64be(r) || u32be(h)
 *	      || u32be(j))
 *
 * each 32-byte block as four little-endian 64-bit words, in order.  The
 * words feed engine/core/rng.h's draws unchanged: rng_below(n) rejects a
 * word x < 2^64 mod n and returns x mod n; the deck, cards 0..n-1 in
 * order, is shuffled by Fisher-Yates from the top (for i = n-1 down to
 * 1, swap a[i] and a[below(i+1)]).  The cut reads its own stream, label
 * "bezique cut v1": lifted, then guessed (schedule.h).
 * doc/reproducible.md has reference vectors; bots/lib has the same
 * recipe in Python and JavaScript.
 */
#ifndef DECK_KEY_H
#define DECK_KEY_H

#include <stdint.h>

#include "base/run_key.h"
#include "rules.h"

/* The deck of (round, hand): r->packs * 32 card ids, in dealing order. */
void	deck_key_deck(const uint8_t key[RUN_KEY_BYTES], const struct rules *r,
	    int round, int hand, uint16_t *deck);

/* The six-pack's cut of (round, hand) (schedule.h's schedule_cut). */
void	deck_key_cut(const uint8_t key[RUN_KEY_BYTES], const struct rules *r,
	    int round, int hand, int *lifted, int *guessed);

#endif
