/*
 * run_key.h: the run's secret key, from which every deck is dealt
 * (record/deck_key.h, doc/reproducible.md).
 *
 * A run deals from a 256-bit key K.  Drawn from the kernel's random
 * source unless the organiser gives one: --key HEX (64 hex digits) is K
 * itself; --seed TEXT (or `seed =` in a tournament file) is a text K is
 * derived from, K = SHA-256("bezique run key v1" || 0x00 || TEXT), so
 * that the same text deals the same decks anywhere.  Records carry only
 * the commitment SHA-256(K), never K (seed.h says where K is kept).
 */
#ifndef RUN_KEY_H
#define RUN_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RUN_KEY_BYTES	32
/* 64 hex digits and the terminating nul. */
#define RUN_KEY_HEX	65

/* K from a --seed text (the derivation above). */
void	run_key_from_text(const char *text, uint8_t key[RUN_KEY_BYTES]);

/* K from 64 hex digits (either case): 0, or -1 for any other text. */
int	run_key_parse(const char *hex, uint8_t key[RUN_KEY_BYTES]);

/* A fresh K from getrandom: 0, or -1 with errno. */
int	run_key_draw(uint8_t key[RUN_KEY_BYTES]);

/* n bytes as lowercase hex into out (2n + 1 bytes). */
void	run_key_hex(const uint8_t *bytes, size_t n, char *out);

/* The commitment: SHA-256(K) in lowercase hex. */
void	run_key_commitment(const uint8_t key[RUN_KEY_BYTES],
	    char out[RUN_KEY_HEX]);

/*
 * Whether an engine's author could guess a --seed text and so deal every
 * deck: fewer than 16 characters, or nothing but digits and the signs of
 * dates and times (space - / : . , T Z +), whatever its length.
 */
bool	run_key_guessable(const char *text);

#endif
