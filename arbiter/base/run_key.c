/*
 * run_key.c: the run's secret key (run_key.h).  SHA-256 is OpenSSL's
 * libcrypto's, never our own.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/evp.h>

#include "base/run_key.h"

/* Separates this use of SHA-256 from every other (doc/reproducible.md). */
static const char text_label[] = "bezique run key v1";

void
run_key_from_text(const char *text, uint8_t key[RUN_KEY_BYTES])
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	/* The label with its nul: no text can make it another label. */
	if (c == NULL || EVP_DigestInit_ex(c, EVP_sha256(), NULL) != 1 ||
	    EVP_DigestUpdate(c, text_label, sizeof(text_label)) != 1 ||
	    EVP_DigestUpdate(c, text, strlen(text)) != 1 ||
	    EVP_DigestFinal_ex(c, key, NULL) != 1)
		abort();	/* out of memory: libcrypto fails no other way */
	EVP_MD_CTX_free(c);
}

static int
nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
run_key_parse(const char *hex, uint8_t key[RUN_KEY_BYTES])
{
	uint8_t k[RUN_KEY_BYTES];

	if (strlen(hex) != 2 * RUN_KEY_BYTES)
		return -1;
	for (int i = 0; i < RUN_KEY_BYTES; i++) {
		int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		k[i] = (uint8_t)(hi << 4 | lo);
	}
	memcpy(key, k, sizeof(k));
	return 0;
}

int
run_key_draw(uint8_t key[RUN_KEY_BYTES])
{
	return getrandom(key, RUN_KEY_BYTES, 0) == RUN_KEY_BYTES ? 0 : -1;
}

void
run_key_hex(const uint8_t *bytes, size_t n, char *out)
{
	static const char digit[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digit[bytes[i] >> 4];
		out[2 * i + 1] = digit[bytes[i] & 15];
	}
	out[2 * n] = '\0';
}

void
run_key_commitment(const uint8_t key[RUN_KEY_BYTES], char out[RUN_KEY_HEX])
{
	uint8_t h[32];

	if (EVP_Digest(key, RUN_KEY_BYTES, h, NULL, EVP_sha256(), NULL) != 1)
		abort();
	run_key_hex(h, sizeof(h), out);
}

bool
run_key_guessable(const char *text)
{
	if (strlen(text) < 16)
		return true;
	/* A number, a date or a time of any length is searched in
	 * seconds (issue 41 recovered 2026, a date, a Unix time). */
	return text[strspn(text, "0123456789 -/:.,TZ+")] == '\0';
}
