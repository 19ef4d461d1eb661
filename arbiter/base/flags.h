/*
 * flags.h: the command-line grammar of the commands that read records
 * (export, rate, verify, show): flags anywhere among the files, as
 * `--flag VALUE` or `--flag=VALUE`, `--` before a file that starts with
 * a dash, and one line naming the flag and what was wrong with it.
 * match, sprt and tournament share theirs in config.c.
 */
#ifndef FLAGS_H
#define FLAGS_H

#include <stdbool.h>

enum flag_kind {
	FLAG_BOOL,		/* dest: bool *, set to true */
	FLAG_TEXT,		/* dest: const char **, the word itself */
	FLAG_INT		/* dest: long long *, within [min, max] */
};

struct flag_spec {
	const char	*name;		/* "--player" */
	const char	*alias;		/* "-o", or NULL */
	enum flag_kind	 kind;
	void		*dest;
	long long	 min, max;
};

/*
 * Parses argv (argc words after the command's name) by spec, a list
 * ended by an entry with a NULL name.  The other words, in order, go to
 * operands (room for argc); returns their number, or -1 after one line
 * on stderr naming command, the flag and the fault (an unknown flag, a
 * missing value, a number out of range).
 */
int	flags_parse(const char *command, const struct flag_spec *spec,
	    int argc, char **argv, char **operands);

#endif
