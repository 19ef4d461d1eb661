/*
 * standings.c: tournament tallies and tables (standings.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "elo.h"
#include "rng.h"
#include "standings.h"
#include "stats.h"
#include "textcol.h"

/* A duplicate pair half played: its first deal's outcome (for the lower
 * engine: 0 won, 1 drawn, 2 lost) and whether it was the elder then. */
struct half_pair {
	int	pair, lo, hi, outcome;	/* pair ids repeat across matches */
	bool	lo_elder;
};

struct standings {
	const struct match_cfg	*cfg;
	int			 n, deals;
	long			 count[MAX_ENGINES][MAX_ENGINES][3];
	long			 wins[MAX_ENGINES], losses[MAX_ENGINES];
	long			 draws[MAX_ENGINES];
	struct stats_acc	 value[MAX_ENGINES];
	struct stats_acc	 pvalue[MAX_ENGINES][MAX_ENGINES];
	double			 pscore[MAX_ENGINES][MAX_ENGINES];
	long			 pdeals[MAX_ENGINES][MAX_ENGINES];
	/* Whole pairs by the lower engine's outcome as elder and as dealer. */
	long			 pairs[MAX_ENGINES][MAX_ENGINES][3][3];
	int			 failures[MAX_ENGINES][NTERMS];
	struct half_pair	*half;
	int			 nhalf, cap;
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

static int
engine_index(const struct standings *s, const char *name)
{
	for (int e = 0; e < s->n; e++)
		if (strcmp(s->cfg->engines[e].name, name) == 0)
			return e;
	return -1;
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
 * pair of its players (README, "Three seats"): the game's winner beats
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
			int w = -1;
			memset(&two, 0, sizeof(two));
			two.nseats = 2;
			two.pair = r->pair;
			two.term = TERM_NORMAL;
			snprintf(two.players[0], sizeof(two.players[0]), "%s",
			    r->players[a]);
			snprintf(two.players[1], sizeof(two.players[1]), "%s",
			    r->players[b]);
			if (r->winner == a || r->winner == b)
				w = r->winner == a ? 0 : 1;
			else if (r->points[a] != r->points[b])
				w = r->points[a] > r->points[b] ? 0 : 1;
			two.winner = w;
			two.value = w >= 0 ? 1 : 0;
			add_two(s, &two, false);
		}
	s->deals -= 2;		/* one game, counted once */
	for (int seat = 0; seat < 3; seat++) {
		int e = engine_index(s, r->players[seat]);
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
		int e = engine_index(s, r->players[r->fault_seat]);
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
	int e0 = engine_index(s, r->players[0]), e1 = engine_index(s,
	    r->players[1]);
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

/* One bootstrap sample: every pairing's whole pairs drawn again with
 * replacement (duplicate pairs keep the deal's luck paired). */
static void
resample(const struct standings *s, struct rng *rng,
    long d[MAX_ENGINES][MAX_ENGINES][3])
{
	memset(d, 0, sizeof(long) * MAX_ENGINES * MAX_ENGINES * 3);
	for (int lo = 0; lo < s->n; lo++)
		for (int hi = lo + 1; hi < s->n; hi++) {
			long cum[9], total = 0;
			for (int c = 0; c < 9; c++)
				cum[c] = total += s->pairs[lo][hi][c / 3][c % 3];
			for (long k = 0; k < total; k++) {
				long x = (long)rng_below(rng, (uint64_t)total);
				int c = 0;
				while (cum[c] <= x)
					c++;
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
 * Whether engine e's whole pairs show no variance: against each opponent
 * every pair fell in the same cell (all won, all lost, all split the
 * same way).  Resampling such pairs draws the same results every time.
 */
static bool
unvaried(const struct standings *s, int e)
{
	bool any = false;

	for (int o = 0; o < s->n; o++) {
		int lo = e < o ? e : o, hi = e < o ? o : e, cells = 0;
		for (int c = 0; o != e && c < 9; c++)
			if (s->pairs[lo][hi][c / 3][c % 3] > 0)
				cells++;
		if (cells > 1)
			return false;
		any |= cells == 1;
	}
	return any;
}

/*
 * Half-widths of the 95% percentile intervals over B resamples.  The
 * bootstrap sees only the variance it is shown: an engine that won (or
 * lost) every pair gets the same score in every resample, and its
 * interval collapsed to the other engines' noise (31 Elo where the fit
 * said 458).  For such an engine the interval is the fit's (full), whose
 * information and weak prior say how little a perfect score of n pairs
 * pins the rating down, whichever is wider: the honest bound at the edge
 * rather than a false precision (README, "What the table says").
 */
static void
bootstrap(const struct standings *s, int B, const struct elo_fit *full,
    double *half)
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
	for (int i = 0; i < s->n; i++) {
		qsort(e + i * B, (size_t)B, sizeof(double), cmp_double);
		half[i] = (e[i * B + (int)(0.975 * (B - 1))] -
		    e[i * B + (int)(0.025 * (B - 1))]) / 2;
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

static void
failure_text(const struct standings *s, int e, char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int t = 1; t < NTERMS && k < len; t++)
		if (s->failures[e][t])
			k += (size_t)snprintf(buf + k, len - k, "%s%s %d",
			    k ? ", " : "", termination_name((enum
			    termination)t), s->failures[e][t]);
	if (k == 0)
		snprintf(buf, len, "-");
}

/* The widest name of the table, at least min characters. */
static int
name_width(const struct standings *s, int min)
{
	for (int e = 0; e < s->n; e++)
		if (text_width(s->cfg->engines[e].name) > min)
			min = text_width(s->cfg->engines[e].name);
	return min;
}

/* A column of the crosstable or LOS matrix: as wide as its engine's
 * name, at least min. */
static int
column_width(const struct standings *s, int e, int min)
{
	int w = text_width(s->cfg->engines[e].name);

	return w > min ? w : min;
}

static void
print_crosstable(const struct standings *s, FILE *f, const int *order)
{
	int w = name_width(s, 14);
	char cell[32];

	fprintf(f, "\ncrosstable: score of the row against the column "
	    "(game value per deal)\n");
	text_left(f, "", w);
	for (int c = 0; c < s->n; c++) {
		fputc(' ', f);
		text_right(f, s->cfg->engines[order[c]].name,
		    column_width(s, order[c], 15));
	}
	fputc('\n', f);
	for (int r = 0; r < s->n; r++) {
		int i = order[r];
		text_left(f, s->cfg->engines[i].name, w);
		for (int c = 0; c < s->n; c++) {
			int j = order[c];
			if (i == j || s->pdeals[i][j] == 0)
				snprintf(cell, sizeof(cell), "%s", i == j ?
				    "" : "-");
			else
				snprintf(cell, sizeof(cell), "%.0f%% (%+5.0f)",
				    100 * s->pscore[i][j] / s->pdeals[i][j],
				    s->pvalue[i][j].mean);
			fputc(' ', f);
			text_right(f, cell, column_width(s, j, 15));
		}
		fputc('\n', f);
	}
}

static void
print_los(const struct standings *s, FILE *f, const struct elo_fit *r,
    const int *order)
{
	int w = name_width(s, 14);
	char cell[16];

	fprintf(f, "\nlikelihood of superiority (row better than column)\n");
	text_left(f, "", w);
	for (int c = 0; c < s->n; c++) {
		fputc(' ', f);
		text_right(f, s->cfg->engines[order[c]].name,
		    column_width(s, order[c], 8));
	}
	fputc('\n', f);
	for (int a = 0; a < s->n; a++) {
		text_left(f, s->cfg->engines[order[a]].name, w);
		for (int c = 0; c < s->n; c++) {
			if (a == c)
				cell[0] = '\0';
			else
				snprintf(cell, sizeof(cell), "%.0f%%", 100 *
				    r->los[order[a] * s->n + order[c]]);
			fputc(' ', f);
			text_right(f, cell, column_width(s, order[c], 8));
		}
		fputc('\n', f);
	}
}

void
standings_print(struct standings *s, FILE *f, int B)
{
	struct elo_fit r;
	double boot[MAX_ENGINES] = { 0 };
	int order[MAX_ENGINES], w = name_width(s, 20);
	char fail[128], bt[16];

	fit(s, s->count, &r);
	if (r.rating == NULL)
		return;
	if (B > 0)
		bootstrap(s, B, &r, boot);
	rank_order(r.rating, s->n, order);
	fprintf(f, "\n%-3s ", "#");
	text_left(f, "engine", w);
	fprintf(f, " %6s %6s %6s %6s %7s %17s  %s\n", "Elo", "±fit",
	    B > 0 ? "±pairs" : "", "deals", "score", "value/deal ±95%",
	    "failures");
	for (int k = 0; k < s->n; k++) {
		int e = order[k];
		long d = s->wins[e] + s->losses[e] + s->draws[e];
		double ci = stats_acc_ci95(&s->value[e]);
		failure_text(s, e, fail, sizeof(fail));
		snprintf(bt, sizeof(bt), "%.0f", boot[e]);
		fprintf(f, "%-3d ", k + 1);
		text_left(f, s->cfg->engines[e].name, w);
		fprintf(f, " %+6.0f %6.0f %6s %6ld %6.1f%% %+8.0f ± %-6.0f  "
		    "%s\n", r.rating[e], r.ci95[e], B > 0 ? bt : "", d, d ?
		    100 * (s->wins[e] + s->draws[e] / 2.0) / (double)d : 0.0,
		    s->value[e].mean, isfinite(ci) ? ci : 0, fail);
	}
	fprintf(f, "elder-hand advantage %+.0f ± %.0f Elo; draws: nu = %.3f; "
	    "%d deals\n", r.advantage, r.advantage_ci95, r.draw_nu,
	    s->deals);
	print_crosstable(s, f, order);
	print_los(s, f, &r, order);
	elo_fit_free(&r);
}

bool
standings_met(const struct standings *s, int i, int j)
{
	return s->pdeals[i][j] > 0;
}

json_t *
standings_json(struct standings *s, int B)
{
	struct elo_fit r;
	double boot[MAX_ENGINES] = { 0 };
	json_t *o, *list = json_array();

	fit(s, s->count, &r);
	if (r.rating == NULL) {
		json_decref(list);
		return NULL;
	}
	if (B > 0)
		bootstrap(s, B, &r, boot);
	for (int e = 0; e < s->n; e++)
		json_array_append_new(list, json_pack("{s:s, s:f, s:f, s:f, "
		    "s:i, s:i, s:i, s:f, s:f}", "name", s->cfg->engines[e].name,
		    "elo", r.rating[e], "ci95_fit", r.ci95[e], "ci95_pairs", boot[e],
		    "wins", (int)s->wins[e], "losses", (int)s->losses[e],
		    "draws", (int)s->draws[e], "value_per_deal",
		    s->value[e].mean, "value_ci95", isfinite(stats_acc_ci95(&s->value[e]))
		    ? stats_acc_ci95(&s->value[e]) : 0));
	o = json_pack("{s:s, s:i, s:i, s:o, s:f, s:f}", "type", "standings",
	    "version", 1, "deals", s->deals, "engines", list, "elder_advantage",
	    r.advantage, "elder_advantage_ci95", r.advantage_ci95);
	elo_fit_free(&r);
	return o;
}

int
standings_write_json(struct standings *s, const char *path, int B)
{
	json_t *o = standings_json(s, B);
	int rc;

	if (o == NULL)
		return -1;
	rc = json_dump_file(o, path, JSON_INDENT(2));
	json_decref(o);
	return rc;
}
