/*
 * argv.c: shell-like word splitting with no shell and no expansion
 * (argv.h).
 *
 * One pass over the line with a small state machine: outside any quote,
 * inside single quotes, inside double quotes.  A word in progress is
 * built in a scratch buffer as long as the line, since no word can be
 * longer than the text it came from.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/argv.h"
#include "base/xmalloc.h"

struct argv_split_state {
	const char	*line;
	char		*word;		/* scratch: the word being built */
	size_t		 wlen;
	bool		 in_word;	/* a word has begun, perhaps empty */
	char		**vec;
	size_t		 n, cap;
};

static bool
argv_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\v' || c == '\f';
}

static bool
argv_is_operator(char c)
{
	return c != '\0' && strchr("|&;<>()", c) != NULL;
}

void
argv_free(char **argv)
{
	if (argv == NULL)
		return;
	for (char **p = argv; *p != NULL; p++)
		free(*p);
	free(argv);
}

/* Ends the word in progress, if any, and appends it to the vector. */
static void
argv_end_word(struct argv_split_state *st)
{
	if (!st->in_word)
		return;
	if (st->n + 2 > st->cap) {
		st->cap = st->cap ? st->cap * 2 : 8;
		st->vec = xreallocarray(st->vec, st->cap, sizeof(*st->vec));
	}
	st->vec[st->n++] = xstrndup(st->word, st->wlen);
	st->vec[st->n] = NULL;
	st->wlen = 0;
	st->in_word = false;
}

static void
argv_put(struct argv_split_state *st, char c)
{
	st->word[st->wlen++] = c;
	st->in_word = true;
}

/*
 * Copies a single-quoted part starting after its opening quote at *pp;
 * leaves *pp after the closing quote.  Returns -1 if it is unterminated.
 */
static int
argv_single(struct argv_split_state *st, const char **pp)
{
	const char *p = *pp;

	st->in_word = true;
	for (; *p != '\'' && *p != '\0'; p++)
		argv_put(st, *p);
	if (*p == '\0')
		return -1;
	*pp = p + 1;
	return 0;
}

/* The same for a double-quoted part, with its four escapes (XCU 2.2.3). */
static int
argv_double(struct argv_split_state *st, const char **pp)
{
	const char *p = *pp;

	st->in_word = true;
	for (; *p != '"' && *p != '\0'; p++) {
		if (*p == '\\' && p[1] == '\n') {
			p++;
			continue;
		}
		if (*p == '\\' && p[1] != '\0' &&
		    strchr("$`\"\\", p[1]) != NULL)
			p++;
		argv_put(st, *p);
	}
	if (*p == '\0')
		return -1;
	*pp = p + 1;
	return 0;
}

/* Splits st->line; returns 0, or -1 with the reason in err. */
static int
argv_scan(struct argv_split_state *st, char *err, size_t errlen)
{
	const char *p = st->line, *open;

	while (*p != '\0') {
		open = p;
		if (argv_is_blank(*p)) {
			argv_end_word(st);
			p++;
		} else if (*p == '\'' || *p == '"') {
			p++;
			if ((*open == '\'' ? argv_single(st, &p) :
			    argv_double(st, &p)) < 0) {
				snprintf(err, errlen, "unterminated %s quote "
				    "(opened at column %zu)", *open == '\'' ?
				    "single" : "double", (size_t)(open -
				    st->line) + 1);
				return -1;
			}
		} else if (*p == '\\') {
			if (p[1] == '\0') {
				snprintf(err, errlen, "backslash at the end "
				    "of the command");
				return -1;
			}
			if (p[1] != '\n')	/* else a line continuation */
				argv_put(st, p[1]);
			p += 2;
		} else if (argv_is_operator(*p)) {
			snprintf(err, errlen, "unquoted '%c' at column %zu: "
			    "engines are run without a shell; quote it to "
			    "pass it as an argument", *p,
			    (size_t)(p - st->line) + 1);
			return -1;
		} else
			argv_put(st, *p++);
	}
	argv_end_word(st);
	return 0;
}

char **
argv_split(const char *line, int *argcp, char *err, size_t errlen)
{
	struct argv_split_state st;

	memset(&st, 0, sizeof(st));
	st.line = line;
	st.word = xmalloc(strlen(line) + 1);
	if (argv_scan(&st, err, errlen) < 0)
		goto fail;
	if (st.n == 0) {
		snprintf(err, errlen, "empty command");
		goto fail;
	}
	free(st.word);
	if (argcp != NULL)
		*argcp = (int)st.n;
	return st.vec;
fail:
	free(st.word);
	argv_free(st.vec);
	return NULL;
}
