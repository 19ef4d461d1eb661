/*
 * cmdline.c: shell-like word splitting without a shell (cmdline.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"

void
cmdline_free(char **argv)
{
	if (argv == NULL)
		return;
	for (char **p = argv; *p != NULL; p++)
		free(*p);
	free(argv);
}

/* Reads one word starting at *sp into out; returns -1 on a bad quote. */
static int
read_word(const char **sp, char *out)
{
	const char *s = *sp;
	char quote = 0;
	size_t n = 0;

	for (; *s != '\0'; s++) {
		if (quote == '\'') {
			if (*s == '\'')
				quote = 0;
			else
				out[n++] = *s;
		} else if (quote == '"') {
			if (*s == '"')
				quote = 0;
			else if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
				out[n++] = *++s;
			else
				out[n++] = *s;
		} else if (*s == '\'' || *s == '"') {
			quote = *s;
		} else if (*s == '\\' && s[1] != '\0') {
			out[n++] = *++s;
		} else if (*s == ' ' || *s == '\t' || *s == '\n') {
			break;
		} else
			out[n++] = *s;
	}
	out[n] = '\0';
	*sp = s;
	return quote ? -1 : 0;
}

char **
cmdline_split(const char *line, char *err, size_t errlen)
{
	size_t len = strlen(line), cap = len / 2 + 2, n = 0;
	char **argv = calloc(cap, sizeof(*argv));
	char *word = malloc(len + 1);
	const char *s = line;

	if (argv == NULL || word == NULL)
		abort();
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0')
			break;
		if (read_word(&s, word) < 0) {
			snprintf(err, errlen, "unterminated quote in '%s'",
			    line);
			free(word);
			cmdline_free(argv);
			return NULL;
		}
		if ((argv[n++] = strdup(word)) == NULL)
			abort();
	}
	free(word);
	if (n == 0) {
		snprintf(err, errlen, "empty command line");
		cmdline_free(argv);
		return NULL;
	}
	return argv;
}
