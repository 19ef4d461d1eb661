/*
 * weights.h: -W name=value,... for the benches, to try the simulation
 * policy's scale (struct keep_weights, keep.h) without rebuilding.
 */
#ifndef BENCH_WEIGHTS_H
#define BENCH_WEIGHTS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keep.h"

#define WEIGHT(name)	{ #name, offsetof(struct keep_weights, name) }
static const struct {
	const char	*name;
	size_t		 off;
} weights[] = {
	WEIGHT(rank), WEIGHT(bezique), WEIGHT(marriage_trump),
	WEIGHT(marriage_plain), WEIGHT(trump), WEIGHT(trump_high),
	WEIGHT(quartet), WEIGHT(brisque), WEIGHT(brisque_won),
	WEIGHT(sequence_plain), WEIGHT(brisque_given), WEIGHT(trick),
	WEIGHT(trick_table), WEIGHT(trick_late), WEIGHT(sequence_trump),
};

/* Applies "name=value,..." to w; exits on a name it does not know or a
 * value that is not a whole number. */
static inline void
set_weights(struct keep_weights *w, char *spec)
{
	char *tok, *eq, *end = NULL;

	while ((tok = strsep(&spec, ",")) != NULL) {
		size_t i = 0, n = sizeof(weights) / sizeof(weights[0]);
		long x = 0;
		if ((eq = strchr(tok, '=')) != NULL) {
			*eq = '\0';
			x = strtol(eq + 1, &end, 10);
		}
		while (i < n && strcmp(weights[i].name, tok) != 0)
			i++;
		if (eq == NULL || i == n || end == eq + 1 || *end != '\0') {
			fprintf(stderr, "-W %s%s%s: not a weight name=whole "
			    "number (rank, bezique, ..., sequence_trump)\n", tok,
			    eq != NULL ? "=" : "", eq != NULL ? eq + 1 : "");
			exit(2);
		}
		*(int *)(void *)((char *)w + weights[i].off) = (int)x;
	}
}

#endif
