/*
 * record_int.h: what record.c and record_games.c share (private; the
 * interface is record.h).
 */
#ifndef RECORD_INT_H
#define RECORD_INT_H

#include <jansson.h>

#include "record/record.h"

struct record {
	json_t	*obj;
	json_t	*actions;
	int	 n;		/* seats */
};

/* The record's "writer": program, version, build (record_facts.c). */
json_t	*record_writer(void);
/* An action's facts (kind, points, trump, won_by, last_trick,
 * declare_skipped) from the events its game_apply() logged. */
json_t	*record_action_facts(int seat, enum decision kind,
	    const struct event_log *log);
/* The deal's trump and last trick, once over; actions: its actions. */
json_t	*record_deal_facts(const struct game *g, json_t *actions);
/* Each seat's points before the first action (turn-up seven, cut). */
json_t	*record_opening_points(const struct game *g);
/* The keys of the two kinds of facts, NULL-terminated. */
extern const char *const record_action_keys[];
extern const char *const record_deal_keys[];
/* Whether got and want agree on keys; -1 with the first that differs
 * (where: "action 12") in err. */
int	 record_same_facts(json_t *got, json_t *want,
	    const char *const *keys, const char *where, char *err,
	    size_t errlen);
/* A version-2 record's "writer" is there and complete. */
int	 record_check_writer(json_t *obj, char *err, size_t errlen);
int	 record_check_sandbox(json_t *obj, char *err, size_t errlen);

/* An array of the n ints v. */
json_t	*record_int_array(const int *v, int n);
/* Reads an array of exactly n ints (n <= MAX_PLAYERS) into v; 0 or -1. */
int	 record_read_ints(json_t *a, int n, int *v);
/* The record's cut, checked against the seed's (version 1 and 2; a
 * version 3 cut is checked with the key, record_check_key()) and applied
 * to g. */
int	 record_replay_cut(json_t *obj, const struct rules *r,
	    const struct record_summary *sum, struct game *g, char *err,
	    size_t errlen);
/* Version 3's deck identity (or 1 and 2's seed, seedtext) into sum. */
int	 record_read_deck_id(json_t *obj, const char *seedtext,
	    struct record_summary *sum, char *err, size_t errlen);
/* A version 1 or 2 record's deck is its seed's (0; 0 for version 3). */
int	 record_check_seed_deck(const struct rules *r,
	    const struct record_summary *sum, const uint16_t *deck, char *err,
	    size_t errlen);
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
