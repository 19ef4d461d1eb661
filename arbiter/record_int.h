/*
 * record_int.h: what record.c and record_games.c share (private; the
 * interface is record.h).
 */
#ifndef RECORD_INT_H
#define RECORD_INT_H

#include <jansson.h>

#include "record.h"

struct record {
	json_t	*obj;
	json_t	*actions;
	int	 n;		/* seats */
};

/* An array of the n ints v. */
json_t	*record_int_array(const int *v, int n);
/* Reads an array of exactly n ints (n <= MAX_PLAYERS) into v; 0 or -1. */
int	 record_read_ints(json_t *a, int n, int *v);
/* The record's cut, checked against the seed's and applied to g. */
int	 record_replay_cut(json_t *obj, const struct rules *r, uint64_t seed,
	    struct game *g, char *err, size_t errlen);
/* The series object o recomputed from its "before" and the deal g. */
int	 record_replay_series(json_t *o, const struct rules *r,
	    const struct record_summary *sum, const struct game *g, char *err,
	    size_t errlen);
/* Reads the series object of obj, if any, into sum. */
int	 record_read_series(json_t *obj, struct record_summary *sum,
	    char *err, size_t errlen);
/* A finished game of several deals: sum becomes the game's result. */
void	 record_game_summary(struct record_summary *sum);

#endif
