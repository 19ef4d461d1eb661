/*
 * utf8.c: checking and escaping text that should be UTF-8 (utf8.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

/* The length of the well-formed character at p (Unicode table 3-7), or
 * 0 if the byte at p starts none. */
static size_t
char_len(const unsigned char *p)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

bool
utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p += n)
		if ((n = char_len(p)) == 0)
			return false;
	return true;
}

void
utf8_escape(const char *s, char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k = 0, n;

	if (len == 0)
		return;
	for (; *p != '\0'; p += n) {
		n = char_len(p);
		if (n == 0) {
			if (k + 4 >= len)
				break;
			snprintf(buf + k, len - k, "\\x%02x", *p);
			k += 4;
			n = 1;
		} else {
			if (k + n >= len)
				break;
			memcpy(buf + k, p, n);
			k += n;
		}
	}
	buf[k] = '\0';
}

json_t *
utf8_json(const char *s)
{
	json_t *j = json_string(s);
	size_t len;
	char *buf;

	if (j != NULL)
		return j;
	len = strlen(s) * 4 + 1;
	if ((buf = malloc(len)) == NULL)
		abort();
	utf8_escape(s, buf, len);
	if ((j = json_string(buf)) == NULL)
		abort();
	free(buf);
	return j;
}
