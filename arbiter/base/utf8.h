/*
 * utf8.h: text that engines and files hand the arbiter is bytes, but
 * records are JSON, whose library (jansson) refuses a string that is not
 * UTF-8 by dropping it silently.  These check a name at start-up and
 * make any text a JSON string that keeps every byte (\xNN for the bad).
 */
#ifndef UTF8_H
#define UTF8_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Whether s is well-formed UTF-8 (no overlong forms, no surrogates). */
bool	 utf8_valid(const char *s);

/* s with each byte that is not part of a well-formed UTF-8 character
 * written as the four characters \xNN, into buf (cut to len). */
void	 utf8_escape(const char *s, char *buf, size_t len);

/* A JSON string of s, escaped as utf8_escape() when it is not UTF-8
 * (never NULL: aborts when out of memory). */
json_t	*utf8_json(const char *s);

#endif
