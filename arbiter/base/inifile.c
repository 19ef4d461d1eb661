/*
 * inifile.c: strict reading of INI files on top of libinih (inifile.h).
 *
 * inih hands us each line through a reader (ini_parse_stream), so the
 * reader notes what inih does not tell the handler: where a section
 * starts, and whether the line is indented.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/inifile.h"
#include "base/utf8.h"

struct seen {
	char	*name;		/* a section, or "section]key" */
	int	 line;
};

struct strict {
	FILE		*f;
	const char	*text;
	int		 lineno, header_line, errline;
	bool		 header_seen;	/* since the last key */
	bool		 indented;	/* the line of the current key */
	char		 section[256], key[256];	/* of the last key */
	struct seen	*seen;
	int		 nseen, cap;
	ini_handler	 handler;
	void		*user;
	char		*err;
	size_t		 errlen;
};

/* Reads like fgets from the file or the string. */
static char *
read_chunk(struct strict *s, char *buf, int size)
{
	size_t n;

	if (s->f != NULL)
		return fgets(buf, size, s->f);
	if (*s->text == '\0')
		return NULL;
	n = strcspn(s->text, "\n");
	n += s->text[n] == '\n';
	if (n > (size_t)size - 1)
		n = (size_t)size - 1;
	memcpy(buf, s->text, n);
	buf[n] = '\0';
	s->text += n;
	return buf;
}

static char *
reader(char *buf, int size, void *stream)
{
	struct strict *s = stream;
	const char *p = buf;
	size_t n;

	/* After an error nothing more is read: it stays the first. */
	if (s->errline != 0 || read_chunk(s, buf, size) == NULL)
		return NULL;
	n = strlen(buf);
	s->lineno++;
	if (n == (size_t)size - 1 && buf[n - 1] != '\n') {
		/* inih would read the rest as a line of its own. */
		snprintf(s->err, s->errlen, "a line longer than %d "
		    "characters", size - 3);
		s->errline = s->lineno;
		return NULL;
	}
	p += strspn(p, " \t");
	s->indented = p > buf && *p != '\0' && strchr("\r\n;#", *p) == NULL;
	/* inih reads an indented line after a key as more of its value. */
	if (*p == '[' && !(s->indented && s->key[0] != '\0')) {
		s->header_seen = true;
		s->header_line = s->lineno;
		s->key[0] = '\0';
	}
	return buf;
}

/* The line where name was first seen, or 0 (and it is noted). */
static int
first_seen(struct strict *s, const char *name)
{
	for (int i = 0; i < s->nseen; i++)
		if (strcmp(s->seen[i].name, name) == 0)
			return s->seen[i].line;
	if (s->nseen == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		if ((s->seen = realloc(s->seen, sizeof(*s->seen) *
		    (size_t)s->cap)) == NULL)
			abort();
	}
	if ((s->seen[s->nseen].name = strdup(name)) == NULL)
		abort();
	s->seen[s->nseen++].line = s->lineno;
	return 0;
}

/* Notes the first error: err holds it, naming `name` escaped. */
static int
fail(struct strict *s, int line, const char *what, const char *name,
    int first)
{
	char shown[300];

	utf8_escape(name, shown, sizeof(shown));
	if (first > 0)
		snprintf(s->err, s->errlen, "%s %s (first at line %d)",
		    shown, what, first);
	else
		snprintf(s->err, s->errlen, "%s %s", shown, what);
	s->errline = line;
	return 0;
}

/* A section's first key: the section must be new and its name text. */
static int
new_section(struct strict *s, const char *section)
{
	char name[300];
	int first;

	s->header_seen = false;
	s->key[0] = '\0';
	snprintf(name, sizeof(name), "[%s]", section);
	if (!utf8_valid(section))
		return fail(s, s->header_line, "is a section name that is not "
		    "UTF-8", name, 0);
	if ((first = first_seen(s, section)) != 0)
		return fail(s, s->header_line, "appears twice", name, first);
	s->seen[s->nseen - 1].line = s->header_line;
	return 1;
}

static int
strict_handler(void *user, const char *section, const char *key,
    const char *value)
{
	struct strict *s = user;
	char both[600], name[600];
	int first;

	if (s->errline != 0)
		return 1;	/* the first error is the one reported */
	if (s->header_seen && !new_section(s, section))
		return 1;
	snprintf(name, sizeof(name), "'%s' in [%s]", key, section);
	if (s->indented && strcmp(key, s->key) == 0 &&
	    strcmp(section, s->section) == 0)
		return fail(s, s->lineno, "is continued on an indented line "
		    "(a value on several lines); write it on one line", name,
		    0), 1;
	snprintf(both, sizeof(both), "%s]%s", section, key);
	if ((first = first_seen(s, both)) != 0)
		return fail(s, s->lineno, "is given twice", name, first), 1;
	snprintf(s->section, sizeof(s->section), "%s", section);
	snprintf(s->key, sizeof(s->key), "%s", key);
	if (s->handler(s->user, section, key, value) == 0) {
		s->err[0] = '\0';
		s->errline = s->lineno;
	}
	return 1;
}

int
inifile_parse(const char *path, const char *text, ini_handler handler,
    void *user, char *err, size_t errlen)
{
	struct strict s;
	int line;

	memset(&s, 0, sizeof(s));
	s.text = text;
	s.handler = handler;
	s.user = user;
	s.err = err;
	s.errlen = errlen;
	err[0] = '\0';
	if (text == NULL && (s.f = fopen(path, "r")) == NULL)
		return -1;
	line = ini_parse_stream(reader, &s, strict_handler, &s);
	if (s.f != NULL)
		fclose(s.f);
	for (int i = 0; i < s.nseen; i++)
		free(s.seen[i].name);
	free(s.seen);
	if (line > 0 && (s.errline == 0 || line < s.errline)) {
		snprintf(err, errlen, "not a line of an INI file (name = "
		    "value, [section] or a comment)");
		return line;
	}
	return s.errline;
}
