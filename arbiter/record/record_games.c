/*
 * record_games.c: what a record holds beyond one deal of two (record.h):
 * lists by seat (three in three-hand), the six-pack's cut, and the place
 * of a deal in a game of several deals ("series"), written, read back
 * and replayed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "record/record_int.h"
#include "record/schedule.h"

/* An array of the n ints v. */
json_t *
record_int_array(const int *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

/* Reads an array of exactly n ints (n <= MAX_PLAYERS) into v. */
int
record_read_ints(json_t *a, int n, int *v)
{
	if (!json_is_array(a) || (int)json_array_size(a) != n)
		return -1;
	for (int i = 0; i < n; i++) {
		json_t *x = json_array_get(a, (size_t)i);
		if (!json_is_integer(x))
			return -1;
		v[i] = (int)json_integer_value(x);
	}
	return 0;
}

void
record_cut(struct record *rec, int lifted, int guessed, int points)
{
	json_object_set_new(rec->obj, "cut", json_pack("{s:i, s:i, s:i}",
	    "lifted", lifted, "guessed", guessed, "points", points));
}

/* The cut of a six-pack record: the one the seed makes, applied. */
int
record_replay_cut(json_t *obj, const struct rules *r,
    const struct record_summary *sum, struct game *g, char *err,
    size_t errlen)
{
	json_t *o = json_object_get(obj, "cut");
	int lifted, guessed, points, want_l = 0, want_g = 0;

	if (r->cut_cards <= 0) {
		if (o == NULL)
			return 0;
		snprintf(err, errlen, "cut: the rules have no cut");
		return -1;
	}
	if (o == NULL || json_unpack(o, "{s:i, s:i, s:i}", "lifted", &lifted,
	    "guessed", &guessed, "points", &points) < 0) {
		snprintf(err, errlen, "cut: missing, or no lifted, guessed or "
		    "points");
		return -1;
	}
	if (sum->version < 3)
		schedule_cut(r, sum->seed, &want_l, &want_g);
	if (sum->version < 3 && (lifted != want_l || guessed != want_g)) {
		snprintf(err, errlen, "cut: lifted %d, guessed %d are not the "
		    "seed's %d, %d", lifted, guessed, want_l, want_g);
		return -1;
	}
	if (game_cut(g, lifted, guessed) != points) {
		snprintf(err, errlen, "cut: %d points recorded, not what the "
		    "cut scores", points);
		return -1;
	}
	return 0;
}

void
record_series(struct record *rec, int hand, const int *before,
    const struct series *after)
{
	json_t *o = json_pack("{s:i, s:o, s:o, s:b, s:i, s:i, s:b, "
	    "s:i, s:i}", "hand", hand, "before", record_int_array(before, rec->n),
	    "totals", record_int_array(after->total, rec->n), "over", after->over,
	    "winner", after->over ? after->winner : -1, "value", after->over ?
	    after->value : 0, "doubled", after->doubled, "next_dealer",
	    after->dealer, "last_trump", after->last_trump);

	if (o == NULL)
		abort();
	json_object_set_new(rec->obj, "series", o);
}

/* The game of several deals after this one, recomputed from the totals
 * before it, must be the one recorded. */
int
record_replay_series(json_t *o, const struct rules *r,
    const struct record_summary *sum, const struct game *g, char *err,
    size_t errlen)
{
	struct series s;
	int before[MAX_PLAYERS], totals[MAX_PLAYERS], over, winner, value;
	bool same = true;

	if (o == NULL)
		return 0;
	if (json_unpack(o, "{s:b, s:i, s:i}", "over", &over, "winner",
	    &winner, "value", &value) < 0 || record_read_ints(json_object_get(o,
	    "before"), sum->nseats, before) < 0 ||
	    record_read_ints(json_object_get(o, "totals"), sum->nseats, totals) < 0) {
		snprintf(err, errlen, "series: no before, totals, over, winner "
		    "or value");
		return -1;
	}
	series_init(&s, r, sum->dealer);
	s.deals = sum->hand;
	for (int p = 0; p < sum->nseats; p++)
		s.total[p] = before[p];
	series_add(&s, r, g);
	for (int p = 0; p < sum->nseats; p++)
		same = same && s.total[p] == totals[p];
	if (!same || s.over != (over != 0) || (s.over && (s.winner != winner ||
	    s.value != value))) {
		snprintf(err, errlen, "series: recorded totals %d-%d (%s) "
		    "differ from the replay's %d-%d (%s, winner %d, value %d)",
		    totals[0], totals[1], over ? "over" : "going on",
		    s.total[0], s.total[1], s.over ? "over" : "going on",
		    s.winner, s.value);
		return -1;
	}
	return 0;
}

/* The "series" object: where the deal stands in its game. */
int
record_read_series(json_t *obj, struct record_summary *sum, char *err,
    size_t errlen)
{
	json_t *o = json_object_get(obj, "series");
	int over;

	if (o == NULL)
		return 0;
	if (json_unpack(o, "{s:i, s:b, s:i, s:i, s:i, s:i}", "hand",
	    &sum->hand, "over", &over, "winner", &sum->game_winner, "value",
	    &sum->game_value, "next_dealer", &sum->next_dealer, "last_trump",
	    &sum->last_trump) < 0 || record_read_ints(json_object_get(o, "totals"),
	    sum->nseats, sum->totals) < 0 || sum->hand < 0 ||
	    sum->next_dealer < 0 || sum->next_dealer >= sum->nseats ||
	    sum->game_winner < -1 || sum->game_winner >= sum->nseats) {
		snprintf(err, errlen, "series: a bad hand, totals, winner or "
		    "dealer");
		return -1;
	}
	sum->series = true;
	sum->partial = !over;
	return 0;
}

/* A finished game of several deals counts as one result: the game's. */
void
record_game_summary(struct record_summary *sum)
{
	if (!sum->series || sum->partial)
		return;
	sum->winner = sum->game_winner;
	sum->value = sum->game_value;
	for (int p = 0; p < sum->nseats; p++) {
		sum->points[p] = sum->totals[p];
		sum->brisques[p] = 0;
	}
}

void
record_pair_of_three(const struct record_summary *r, int a, int b,
    struct record_summary *two)
{
	memset(two, 0, sizeof(*two));
	two->nseats = 2;
	two->number = r->number;
	two->pair = r->pair;
	two->term = TERM_NORMAL;
	two->fault_seat = -1;
	snprintf(two->players[0], sizeof(two->players[0]), "%s",
	    r->players[a]);
	snprintf(two->players[1], sizeof(two->players[1]), "%s",
	    r->players[b]);
	two->winner = r->winner == a ? 0 : r->winner == b ? 1 :
	    r->points[a] > r->points[b] ? 0 : r->points[a] < r->points[b] ?
	    1 : -1;
	two->value = two->winner >= 0;
}
