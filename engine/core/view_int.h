/*
 * view_int.h: the seat view's parser state, shared by view_parse.c (the
 * fields) and view_check.c (the checks).  Private to the rules core.
 */
#ifndef VIEW_INT_H
#define VIEW_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "game_int.h"
#include "view.h"

#define NFIELDS 32

struct fields {
	const char	*key[NFIELDS];
	const char	*val[NFIELDS];
	size_t		 vlen[NFIELDS];
	int		 n;
};

struct parser {
	const struct rules	*rules;
	struct game		*g;
	struct fields		 f;
	char			*err;
	size_t			 errlen;
	struct cardset		 seen;	/* every card placed so far */
};

/* Writes "view: <reason>" into the parser's err; returns -1. */
int	view_fail(struct parser *ps, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* The value of field `key` (a span of *len bytes), or NULL;
 * view_need() also fails naming the missing field. */
const char	*view_field(struct parser *ps, const char *key, size_t *len);
const char	*view_need(struct parser *ps, const char *key, size_t *len);

int	view_place_turnup(struct parser *ps);
int	view_check(struct parser *ps);

#endif
