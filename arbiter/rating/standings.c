/*
 * standings.c: tournament tallies and the ratings fitted to them
 * (standings.h); standings_table.c prints them.
 */
#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rating/elo.h"
#include "rng.h"
#include "rating/standings_int.h"
#include "rating/stats.h"

/* A duplicate pair half played: its first deal's outcome (for the lower
 * engine: 0 won, 1 drawn, 2 lost) and whether it was the elder then. */
struct half_pair {
	int	pair, lo, hi, outcome;	/* pair ids repeat across matches */
	bool	lo_elder;
};

struct standings *
standings_new(const struct match_cfg *cfg)
{
	struct standings *s = calloc(1, sizeof(*s));

	if (s == NULL)
		abort();
	s->cfg = cfg;
	s->n = cfg->nengines;
	return s;
}

void
standings_free(struct standings *s)
{
	if (s == NULL)
		return;
	free(s->half);
	free(s);
}

/* Completes or starts the duplicate pair of a deal (outcome for the
 * lower-numbered engine of the pairing: 0 won, 1 drawn, 2 lost). */
static void
add_pair(struct standings *s, int pair, int lo, int hi, int outcome,
    bool lo_elder)
{
	for (int i = 0; i < s->nhalf; i++)
		if (s->half[i].pair == pair && s->half[i].lo == lo &&
		    s->half[i].hi == hi) {
			struct half_pair *h = &s->half[i];
			if (h->lo_elder)
				s->pairs[lo][hi][h->outcome][outcome]++;
			else
				s->pairs[lo][hi][outcome][h->outcome]++;
			s->half[i] = s->half[--s->nhalf];
			return;
		}
	if (s->nhalf == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		if ((s->half = realloc(s->half, sizeof(*s->half) *
		    (size_t)s->cap)) == NULL)
			abort();
	}
	s->half[s->nhalf].pair = pair;
	s->half[s->nhalf].lo = lo;
	s->half[s->nhalf].hi = hi;
	s->half[s->nhalf].lo_elder = lo_elder;
	s->half[s->nhalf++].outcome = outcome;
}

static void	add_two(struct standings *s, const struct record_summary *r,
		    bool pairs);

/*
 * A game of three (three-hand) as three results of two, one for each
 * pair of its players (doc/matches.md, three seats): the game's winner beats
 * each of the others; the two others are ranked by their totals (equal
 * totals: drawn).  Each result is worth a game (value 1).  Failures are
 * counted once, by seat.  Duplicate pairs are not formed (each deck is
 * played in three seatings, not two).
 */
static void
add_three(struct standings *s, const struct record_summary *r)
{
	for (int a = 0; a < 3; a++)
		for (int b = a + 1; b < 3; b++) {
			struct record_summary two;
			record_pair_of_three(r, a, b, &two);
			add_two(s, &two, false);
		}
	s->deals -= 2;		/* one game, counted once */
	for (int seat = 0; seat < 3; seat++) {
		int e = config_engine_index(s->cfg, r->players[seat]);
		if (e < 0)
			continue;
		if (r->term != TERM_NORMAL && r->fault_seat == seat)
			s->failures[e][r->term]++;
		for (int t = 1; t < NTERMS; t++)
			s->failures[e][t] += r->incidents[seat][t];
	}
}

void
standings_add(struct standings *s, const struct record_summary *r)
{
	if (r->voided) {	/* a failure, not a result */
		int e = config_engine_index(s->cfg, r->players[r->fault_seat]);
		if (e >= 0)
			s->failures[e][r->term]++;
		return;
	}
	if (r->nseats == 3)
		add_three(s, r);
	else
		add_two(s, r, s->cfg->duplicate);
}

static void
add_two(struct standings *s, const struct record_summary *r, bool pairs)
{
	int e0 = config_engine_index(s->cfg, r->players[0]);
	int e1 = config_engine_index(s->cfg, r->players[1]);
	int outcome = r->winner < 0 ? 1 : r->winner == 0 ? 0 : 2;
	int lo = e0 < e1 ? e0 : e1, hi = e0 < e1 ? e1 : e0;
	double v0 = r->winner < 0 ? 0 : r->winner == 0 ? r->value : -r->value;

	if (e0 < 0 || e1 < 0 || e0 == e1)
		return;		/* a record of other engines: not ours */
	s->deals++;
	s->count[e0][e1][outcome]++;
	s->wins[e0] += outcome == 0;
	s->wins[e1] += outcome == 2;
	s->losses[e0] += outcome == 2;
	s->losses[e1] += outcome == 0;
	s->draws[e0] += outcome == 1;
	s->draws[e1] += outcome == 1;
	stats_acc_add(&s->value[e0], v0);
	stats_acc_add(&s->value[e1], -v0);
	stats_acc_add(&s->pvalue[e0][e1], v0);
	stats_acc_add(&s->pvalue[e1][e0], -v0);
	s->pscore[e0][e1] += (2 - outcome) / 2.0;
	s->pscore[e1][e0] += outcome / 2.0;
	s->pdeals[e0][e1]++;
	s->pdeals[e1][e0]++;
	if (r->term != TERM_NORMAL && r->fault_seat >= 0)
		s->failures[r->fault_seat ? e1 : e0][r->term]++;
	for (int seat = 0; seat < 2; seat++)
		for (int t = 1; t < NTERMS; t++)
			s->failures[seat ? e1 : e0][t] += r->incidents[seat][t];
	if (pairs)
		add_pair(s, r->pair, lo, hi, e0 == lo ? outcome : 2 - outcome,
		    e0 == lo);
}

int
standings_deals(const struct standings *s)
{
	return s->deals;
}

int
standings_failures(const struct standings *s, int e)
{
	int n = 0;

	for (int t = 1; t < NTERMS; t++)
		n += s->failures[e][t];
	return n;
}

/*
 * The joint fit (elo.c: Bradley-Terry-Davidson with the elder hand's
 * advantage) of counts[i][j][outcome], i in seat 0 against j.
 */
static void
fit(const struct standings *s, long counts[MAX_ENGINES][MAX_ENGINES][3],
    struct elo_fit *f)
{
	int n = s->n;
	double *c = calloc((size_t)(n * n * 3), sizeof(double));
	struct elo_opts o;

	if (c == NULL)
		abort();
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int k = 0; k < 3; k++)
				c[(i * n + j) * 3 + k] = (double)counts[i][j][k];
	elo_opts_init(&o);
	for (int e = 0; e < n && s->cfg->anchor != NULL; e++)
		if (strcmp(s->cfg->engines[e].name, s->cfg->anchor) == 0) {
			o.anchor = e;
			o.anchor_elo = s->cfg->anchor_elo;
		}
	if (elo_fit_counts(c, n, &o, f) < 0)
		memset(f, 0, sizeof(*f));
	free(c);
}

/*
 * The units a pairing's games are resampled by, counted in cell[]: its
 * whole duplicate pairs (9 cells: the lower engine's outcome as elder,
 * then as dealer), or, where no deck was played twice (the default), its
 * single deals (6 cells: the lower engine's outcome as elder, then the
 * higher's as elder), each independent of the others.  Returns how many
 * cells (9 or 6).
 */
static int
units(const struct standings *s, int lo, int hi, long cell[9])
{
	long paired = 0;

	for (int c = 0; c < 9; c++)
		paired += cell[c] = s->pairs[lo][hi][c / 3][c % 3];
	if (paired > 0)
		return 9;
	for (int c = 0; c < 6; c++)
		cell[c] = c < 3 ? s->count[lo][hi][c] : s->count[hi][lo][c - 3];
	return 6;
}

/* One bootstrap sample: every pairing's units (whole pairs, which keep
 * the deal's luck paired, or single deals) drawn again with replacement. */
static void
resample(const struct standings *s, struct rng *rng,
    long d[MAX_ENGINES][MAX_ENGINES][3])
{
	memset(d, 0, sizeof(long) * MAX_ENGINES * MAX_ENGINES * 3);
	for (int lo = 0; lo < s->n; lo++)
		for (int hi = lo + 1; hi < s->n; hi++) {
			long cum[9], total = 0;
			int n = units(s, lo, hi, cum);
			for (int c = 0; c < n; c++)
				cum[c] = total += cum[c];
			for (long k = 0; k < total; k++) {
				long x = (long)rng_below(rng, (uint64_t)total);
				int c = 0;
				while (cum[c] <= x)
					c++;
				if (n == 6) {
					d[c < 3 ? lo : hi][c < 3 ? hi : lo][c %
					    3]++;
					continue;
				}
				d[lo][hi][c / 3]++;
				d[hi][lo][2 - c % 3]++;
			}
		}
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Whether engine e's units (whole pairs or single deals) show no
 * variance: against each opponent every one fell in the same cell (all
 * won, all lost, all split the same way).  Resampling such pairs draws the same results every time.
 */
static bool
unvaried(const struct standings *s, int e)
{
	bool any = false;

	for (int o = 0; o < s->n; o++) {
		int lo = e < o ? e : o, hi = e < o ? o : e, cells = 0, n;
		long cell[9], same[3] = { 0 };
		n = o == e ? 0 : units(s, lo, hi, cell);
		for (int c = 0; n == 9 && c < 9; c++)
			cells += cell[c] > 0;
		/* Single deals: e's result whichever seat it had. */
		for (int c = 0; n == 6 && c < 6; c++)
			same[(c < 3) == (e == lo) ? c % 3 : 2 - c % 3] +=
			    cell[c];
		for (int k = 0; k < 3; k++)
			cells += same[k] > 0;
		if (cells > 1)
			return false;
		any |= cells == 1;
	}
	return any;
}

/* Half the width of the 95% percentile interval of B sorted values. */
static double
percentile_half(const double *sorted, int B)
{
	return (sorted[(int)(0.975 * (B - 1))] -
	    sorted[(int)(0.025 * (B - 1))]) / 2;
}

/*
 * The interval of the gap r_i - r_j over the resamples e (B a player,
 * unsorted), with the same guard at the edge as a rating's: where either
 * player's pairs never vary, the fit's interval when it is wider.
 */
static double
gap_half(const struct standings *s, const double *e, int B,
    const struct elo_fit *full, int i, int j)
{
	double *d = malloc(sizeof(double) * (size_t)B), h;

	if (d == NULL)
		abort();
	for (int b = 0; b < B; b++)
		d[b] = e[i * B + b] - e[j * B + b];
	qsort(d, (size_t)B, sizeof(double), cmp_double);
	h = percentile_half(d, B);
	free(d);
	if ((unvaried(s, i) || unvaried(s, j)) &&
	    elo_gap_ci95(full, i, j) > h)
		h = elo_gap_ci95(full, i, j);
	return h;
}

/*
 * Half-widths of the 95% percentile intervals over B resamples.  The
 * bootstrap sees only the variance it is shown: an engine that won (or
 * lost) every pair gets the same score in every resample, and its
 * interval collapsed to the other engines' noise (31 Elo where the fit
 * said 458).  For such an engine the interval is the fit's (full), whose
 * information and weak prior say how little a perfect score of n pairs
 * pins the rating down, whichever is wider: the honest bound at the edge
 * rather than a false precision (tournaments/README.md, "What the table
 * says").
 */
static void
bootstrap(const struct standings *s, int B, const struct elo_fit *full,
    const int *next, double *half, double *gap)
{
	double *e = malloc(sizeof(double) * (size_t)(B * s->n));
	long (*d)[MAX_ENGINES][3] = malloc(sizeof(long) * MAX_ENGINES *
	    MAX_ENGINES * 3);
	struct elo_fit f;
	struct rng rng;

	if (e == NULL || d == NULL)
		abort();
	rng_seed(&rng, 20261122);
	for (int b = 0; b < B; b++) {
		resample(s, &rng, d);
		fit(s, d, &f);
		for (int i = 0; i < s->n; i++)
			e[i * B + b] = f.rating ? f.rating[i] : 0;
		elo_fit_free(&f);
	}
	free(d);
	for (int i = 0; i < s->n; i++)
		gap[i] = next[i] < 0 ? 0 : gap_half(s, e, B, full, i, next[i]);
	for (int i = 0; i < s->n; i++) {
		qsort(e + i * B, (size_t)B, sizeof(double), cmp_double);
		half[i] = percentile_half(e + i * B, B);
		if (unvaried(s, i) && full->ci95[i] > half[i])
			half[i] = full->ci95[i];
	}
	free(e);
}

static void
rank_order(const double *elo, int n, int *order)
{
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && elo[order[j]] > elo[order[j - 1]];
		    j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

/* The groups of engines connected by games (union-find); returns how
 * many, with group[e] numbered from 0 in the order of the engines. */
int
standings_groups(const struct standings *st, int *group)
{
	int root[MAX_ENGINES], ngroups = 0, n = st->n;

	for (int e = 0; e < n; e++)
		root[e] = e;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (standings_met(st, i, j)) {
				int a = i, b = j;
				while (root[a] != a)
					a = root[a];
				while (root[b] != b)
					b = root[b];
				root[a > b ? a : b] = a < b ? a : b;
			}
	for (int e = 0; e < n; e++) {
		int r = e;
		while (root[r] != r)
			r = root[r];
		group[e] = r == e ? ngroups++ : group[r];
	}
	return ngroups;
}

/* For each engine, the one ranked just below it in its group, or -1. */
static void
next_below(const struct standings *s, const int *order, int *next)
{
	int group[MAX_ENGINES];

	standings_groups(s, group);
	for (int k = 0; k < s->n; k++) {
		int e = order[k];
		next[e] = -1;
		for (int m = k + 1; m < s->n && next[e] < 0; m++)
			if (group[order[m]] == group[e])
				next[e] = order[m];
	}
}

int
standings_figures(struct standings *s, int B, struct figures *g)
{
	memset(g, 0, sizeof(*g));
	fit(s, s->count, &g->r);
	if (g->r.rating == NULL)
		return -1;
	rank_order(g->r.rating, s->n, g->order);
	next_below(s, g->order, g->next);
	if (B > 0)
		bootstrap(s, B, &g->r, g->next, g->boot, g->gap);
	else
		for (int e = 0; e < s->n; e++)
			g->gap[e] = g->next[e] < 0 ? 0 :
			    elo_gap_ci95(&g->r, e, g->next[e]);
	return 0;
}

bool
standings_met(const struct standings *s, int i, int j)
{
	return s->pdeals[i][j] > 0;
}
