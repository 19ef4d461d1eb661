/*
 * weights.h: -W name=value,... for the benches, to try the simulation
 * policy's scale (struct keep_weights, keep.h) without rebuilding, and
 * the parser of such lists for other structs' whole-number fields.
 */
#ifndef BENCH_WEIGHTS_H
#define BENCH_WEIGHTS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keep.h"

/* A whole-number field of a struct, by name. */
struct named_int {
	const char	*name;
	size_t		 off;
};

/*
 * Applies "name=value,..." (cut up in place) to the fields of `base`
 * named in table[n]; exits with one line naming the flag and the bad
 * part on a name it does not know or a value that is not a whole
 * number.
 */
static inline void
set_named_ints(const struct named_int *table, size_t n, void *base,
    char *spec, const char *flag)
{
	char *tok, *eq, *end = NULL;

	while ((tok = strsep(&spec, ",")) != NULL) {
		size_t i = 0;
		long x = 0;
		if ((eq = strchr(tok, '=')) != NULL) {
			*eq = '\0';
			x = strtol(eq + 1, &end, 10);
		}
		while (i < n && strcmp(table[i].name, tok) != 0)
			i++;
		if (eq == NULL || i == n || end == eq + 1 || *end != '\0') {
			fprintf(stderr, "%s %s%s%s: not name=whole number, "
			    "the names being %s", flag, tok, eq != NULL ?
			    "=" : "", eq != NULL ? eq + 1 : "", table[0].name);
			for (size_t k = 1; k < n; k++)
				fprintf(stderr, ", %s", table[k].name);
			fputc('\n', stderr);
			exit(2);
		}
		*(int *)(void *)((char *)base + table[i].off) = (int)x;
	}
}

#define WEIGHT(name)	{ #name, offsetof(struct keep_weights, name) }
static const struct named_int weights[] = {
	WEIGHT(rank), WEIGHT(bezique), WEIGHT(marriage_trump),
	WEIGHT(marriage_plain), WEIGHT(trump), WEIGHT(trump_high),
	WEIGHT(quartet), WEIGHT(brisque), WEIGHT(brisque_won),
	WEIGHT(sequence_plain), WEIGHT(brisque_given), WEIGHT(trick),
	WEIGHT(trick_table), WEIGHT(trick_late), WEIGHT(sequence_trump),
};

/* -W: the simulation policy's scale. */
static inline void
set_weights(struct keep_weights *w, char *spec)
{
	set_named_ints(weights, sizeof(weights) / sizeof(weights[0]), w,
	    spec, "-W");
}

#endif
