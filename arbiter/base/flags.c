/*
 * flags.c: flags anywhere among the operands (flags.h).
 *
 * One grammar for the record commands: before, flags had to come first
 * in export (the rest were files: "-o: No such file or directory"), rate
 * took an unknown flag for a file, and each command spelled its errors
 * its own way.
 */
#include <stdio.h>
#include <string.h>

#include "bzp.h"
#include "base/flags.h"

static const struct flag_spec *
find(const struct flag_spec *spec, const char *word, size_t len)
{
	for (; spec->name != NULL; spec++)
		if ((strlen(spec->name) == len &&
		    strncmp(spec->name, word, len) == 0) ||
		    (spec->alias != NULL && strlen(spec->alias) == len &&
		    strncmp(spec->alias, word, len) == 0))
			return spec;
	return NULL;
}

/* Stores value for s; 0, or -1 after a line. */
static int
store(const char *command, const struct flag_spec *s, const char *value)
{
	long long n;

	if (s->kind == FLAG_TEXT)
		*(const char **)s->dest = value;
	else if (bzp_parse_int(value, s->min, s->max, &n) == 0)
		*(long long *)s->dest = n;
	else {
		fprintf(stderr, "bezique-arbiter: %s: %s wants a number from "
		    "%lld to %lld, not '%s'\n", command, s->name, s->min,
		    s->max, value);
		return -1;
	}
	return 0;
}

int
flags_parse(const char *command, const struct flag_spec *spec, int argc,
    char **argv, char **operands)
{
	int n = 0;
	bool flags_end = false;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i], *eq = strchr(w, '=');
		size_t len = eq != NULL && w[1] == '-' ? (size_t)(eq - w) :
		    strlen(w);
		const struct flag_spec *s;

		if (flags_end || w[0] != '-' || w[1] == '\0') {
			operands[n++] = argv[i];	/* "-": stdin */
			continue;
		}
		if (strcmp(w, "--") == 0) {
			flags_end = true;
			continue;
		}
		if ((s = find(spec, w, len)) == NULL) {
			fprintf(stderr, "bezique-arbiter: %s: unknown flag '%.*s' "
			    "(try 'bezique-arbiter help %s')\n", command,
			    (int)len, w, command);
			return -1;
		}
		if (s->kind == FLAG_BOOL) {
			if (len != strlen(w)) {
				fprintf(stderr, "bezique-arbiter: %s: %s takes "
				    "no value\n", command, s->name);
				return -1;
			}
			*(bool *)s->dest = true;
		} else if (len == strlen(w) && i + 1 == argc) {
			fprintf(stderr, "bezique-arbiter: %s: %s needs a %s\n",
			    command, w, s->kind == FLAG_INT ? "number" :
			    "value");
			return -1;
		} else if (store(command, s, len != strlen(w) ? w + len + 1 :
		    argv[++i]) < 0)
			return -1;
	}
	return n;
}
