/*
 * luck_tally.c: results with the luck taken out (luck_tally.h).
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/textcol.h"
#include "base/xmalloc.h"
#include "luck.h"
#include "rating/luck_tally.h"
#include "rating/standings.h"
#include "rating/stats.h"

/* The figures of a deal for one engine: raw score, adjusted score, raw
 * value, adjusted value. */
enum { RAW_SCORE, ADJ_SCORE, RAW_VALUE, ADJ_VALUE, NFIG };

/* A duplicate pair's first deal, for the lower-numbered engine. */
struct half {
	int	pair, lo, hi;
	double	x[NFIG];
};

struct luck_tally {
	const struct match_cfg	*cfg;
	struct stats_acc	 acc[MAX_ENGINES][NFIG];	/* per unit */
	long			 deals[MAX_ENGINES];
	long			 skipped;
	struct half		*half;
	int			 nhalf, cap;
};

struct luck_tally *
luck_tally_new(const struct match_cfg *cfg)
{
	struct luck_tally *t = xcalloc(1, sizeof(*t));

	t->cfg = cfg;
	return t;
}

void
luck_tally_free(struct luck_tally *t)
{
	if (t == NULL)
		return;
	free(t->half);
	free(t);
}


/* One unit (a pair's mean, or a deal) for lo, and as hi saw it. */
static void
add_unit(struct luck_tally *t, int lo, int hi, const double *x)
{
	for (int k = 0; k < NFIG; k++) {
		bool score = k == RAW_SCORE || k == ADJ_SCORE;
		stats_acc_add(&t->acc[lo][k], x[k]);
		stats_acc_add(&t->acc[hi][k], score ? 1 - x[k] : -x[k]);
	}
}

/* A result of two with seat 0's luck (luck[0] score, luck[1] value);
 * pairs: its deck is played again with the seats swapped. */
static void
add_two(struct luck_tally *t, const struct record_summary *s,
    const double *luck, bool pairs)
{
	int e0 = config_engine_index(t->cfg, s->players[0]);
	int e1 = config_engine_index(t->cfg, s->players[1]), lo, hi;
	double x[NFIG], score0 = s->winner < 0 ? 0.5 : s->winner == 0;
	double v0 = s->winner < 0 ? 0 : s->winner == 0 ? s->value : -s->value;

	if (e0 < 0 || e1 < 0 || e0 == e1)
		return;
	lo = e0 < e1 ? e0 : e1;
	hi = e0 < e1 ? e1 : e0;
	x[RAW_SCORE] = score0;
	x[ADJ_SCORE] = score0 - luck[0];
	x[RAW_VALUE] = v0;
	x[ADJ_VALUE] = v0 - luck[1];
	if (e0 != lo)
		for (int k = 0; k < NFIG; k++)
			x[k] = k < RAW_VALUE ? 1 - x[k] : -x[k];
	t->deals[lo]++;
	t->deals[hi]++;
	if (!pairs) {	/* no deck is played twice */
		add_unit(t, lo, hi, x);
		return;
	}
	for (int i = 0; i < t->nhalf; i++)
		if (t->half[i].pair == s->pair && t->half[i].lo == lo &&
		    t->half[i].hi == hi) {
			for (int k = 0; k < NFIG; k++)
				x[k] = (x[k] + t->half[i].x[k]) / 2;
			add_unit(t, lo, hi, x);
			t->half[i] = t->half[--t->nhalf];
			return;
		}
	if (t->nhalf == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->half = xreallocarray(t->half, (size_t)t->cap,
		    sizeof(*t->half));
	}
	t->half[t->nhalf].pair = s->pair;
	t->half[t->nhalf].lo = lo;
	t->half[t->nhalf].hi = hi;
	memcpy(t->half[t->nhalf++].x, x, sizeof(x));
}

/*
 * A game of three as three results of two, as the standings count it
 * (record_pair_of_three); each pair's luck is the game's for it
 * (luck.h: the first's score against the second; on the value, a game
 * won or lost, twice it).  Not in duplicate pairs, as there; a game
 * counted once for each of its players.
 */
static void
add_three(struct luck_tally *t, const struct record_summary *s,
    const double *luck)
{
	for (int k = 0; k < LUCK_NOUT; k++) {
		struct record_summary two;
		double l[2] = { luck[k], 2 * luck[k] };
		int a, b;
		luck_pair(k, &a, &b);
		record_pair_of_three(s, a, b, &two);
		add_two(t, &two, l, false);
	}
	for (int seat = 0; seat < 3; seat++) {
		int e = config_engine_index(t->cfg, s->players[seat]);
		if (e >= 0)
			t->deals[e]--;	/* two results, one game */
	}
}

void
luck_tally_add(struct luck_tally *t, const struct record_summary *s,
    const double *luck)
{
	if (s->nseats == 3)
		add_three(t, s, luck);
	else
		add_two(t, s, luck, t->cfg->duplicate);
}

void
luck_tally_units(const struct luck_tally *t, int e, bool adjusted,
    struct stats_acc *out)
{
	*out = t->acc[e][adjusted ? ADJ_SCORE : RAW_SCORE];
}

void
luck_tally_skip(struct luck_tally *t)
{
	t->skipped++;
}

/* Deals whose pair never came (no duplicate: every deal) count alone. */
static void
finish(struct luck_tally *t)
{
	for (int i = 0; i < t->nhalf; i++)
		add_unit(t, t->half[i].lo, t->half[i].hi, t->half[i].x);
	t->nhalf = 0;
}

/* The Elo of a mean score and the half-width of the Elo interval of its
 * 95% bounds (as stats_h2h's): NAN where a bound reaches 0 or 1. */
static double
elo_half(const struct stats_acc *a, double *elo)
{
	double m = stats_acc_mean(a), ci = stats_acc_ci95(a);
	double lo = stats_elo_of_score(m - ci), hi = stats_elo_of_score(m +
	    ci);

	*elo = stats_elo_of_score(m);
	return isfinite(lo) && isfinite(hi) ? (hi - lo) / 2 : NAN;
}

static double
ratio(const struct stats_acc *adj, const struct stats_acc *raw)
{
	double r = stats_acc_ci95(raw);

	return r > 0 && isfinite(r) ? stats_acc_ci95(adj) / r : NAN;
}

/* "+61 ± 32" (or a percentage, "58.8% ± 4.4") in a cell of width w,
 * with the decimals given (a percentage: 1); "-" for what is
 * infinite. */
static void
cell(FILE *f, double x, double half, int w, bool percent, int decimals)
{
	char buf[48];

	if (!isfinite(x))
		snprintf(buf, sizeof(buf), "-");
	else if (!isfinite(half))
		snprintf(buf, sizeof(buf), "%+.0f ± -", x);
	else if (percent)
		snprintf(buf, sizeof(buf), "%.1f%% ± %.1f", x, half);
	else
		snprintf(buf, sizeof(buf), "%+.*f ± %.*f", decimals, x,
		    decimals, half);
	fputc(' ', f);
	text_right(f, buf, w);
}

/*
 * The engines best first by adjusted score, then by name: not in the
 * order the records named them, which a tournament's shards and its
 * whole file give differently.
 */
static void
rank_engines(const struct luck_tally *t, int *order)
{
	int n = t->cfg->nengines;

	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0; j--) {
			int a = order[j - 1], b = order[j];
			double ma = stats_acc_mean(&t->acc[a][ADJ_SCORE]);
			double mb = stats_acc_mean(&t->acc[b][ADJ_SCORE]);
			if (ma > mb || (ma == mb && strcmp(t->cfg->engines[a].name,
			    t->cfg->engines[b].name) <= 0))
				break;
			order[j - 1] = b;
			order[j] = a;
		}
}

void
luck_tally_print(struct luck_tally *t, FILE *f)
{
	int w = 20, any = 0, order[MAX_ENGINES];

	finish(t);
	for (int e = 0; e < t->cfg->nengines; e++) {
		if (text_width(t->cfg->engines[e].name) > w)
			w = text_width(t->cfg->engines[e].name);
		any |= t->deals[e] > 0;
	}
	/* Adjusted first: unbiased, and narrower (doc/luck.md). */
	fprintf(f, "\nluck out (doc/luck.md): adjusted, less the luck of the "
	    "deal and the draws, and raw; ±95%%\n");
	if (!any) {
		fprintf(f, "no deal measured (%ld deal%s: three seats in one deal, "
		    "or a game missing a deal)\n", t->skipped,
		    t->skipped == 1 ? "" : "s");
		return;
	}
	text_left(f, "engine", w);
	fprintf(f, " %6s %15s %15s %11s %11s %13s %13s %6s\n", "deals",
	    "score adjusted", "raw", "Elo adjusted", "raw", "value adjusted",
	    "raw", "ratio");
	rank_engines(t, order);
	for (int k = 0; k < t->cfg->nengines; k++) {
		int e = order[k];
		const struct stats_acc *a = t->acc[e];
		double er, ea, hr = elo_half(&a[RAW_SCORE], &er);
		double ha = elo_half(&a[ADJ_SCORE], &ea);
		double r = ratio(&a[ADJ_SCORE], &a[RAW_SCORE]);
		/* A value in points, or in games (two-hand: 1 or 2). */
		int dv = stats_decimals(stats_acc_mean(&a[RAW_VALUE]),
		    stats_acc_ci95(&a[RAW_VALUE]));
		if (t->deals[e] == 0)
			continue;
		text_left(f, t->cfg->engines[e].name, w);
		fprintf(f, " %6ld", t->deals[e]);
		cell(f, 100 * stats_acc_mean(&a[ADJ_SCORE]), 100 *
		    stats_acc_ci95(&a[ADJ_SCORE]), 15, true, 1);
		cell(f, 100 * stats_acc_mean(&a[RAW_SCORE]), 100 *
		    stats_acc_ci95(&a[RAW_SCORE]), 15, true, 1);
		cell(f, ea, ha, 11, false, 0);
		cell(f, er, hr, 11, false, 0);
		cell(f, stats_acc_mean(&a[ADJ_VALUE]),
		    stats_acc_ci95(&a[ADJ_VALUE]), 13, false, dv);
		cell(f, stats_acc_mean(&a[RAW_VALUE]),
		    stats_acc_ci95(&a[RAW_VALUE]), 13, false, dv);
		if (isfinite(r))
			fprintf(f, " %6.2f\n", r);
		else
			fprintf(f, " %6s\n", "-");
	}
	fprintf(f, "ratio: the adjusted score's interval over the raw one's "
	    "(value: ");
	for (int k = 0, m = 0; k < t->cfg->nengines; k++)
		if (t->deals[order[k]] > 0)
			fprintf(f, "%s%.2f", m++ ? ", " : "", ratio(
			    &t->acc[order[k]][ADJ_VALUE],
			    &t->acc[order[k]][RAW_VALUE]));
	fprintf(f, ")");
	if (t->skipped > 0)
		fprintf(f, "; %ld deal%s not measured (three seats in one deal, "
		    "or a game missing a deal)", t->skipped,
		    t->skipped == 1 ? "" : "s");
	fputc('\n', f);
}

static json_t *
number(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* The figures of engine e, adjusted (k0 = ADJ_SCORE) or raw. */
static json_t *
figures(const struct luck_tally *t, int e, int k0)
{
	const struct stats_acc *s = &t->acc[e][k0], *v = &t->acc[e][k0 + 2];
	double elo, half = elo_half(s, &elo);
	json_t *o = json_object();

	json_object_set_new(o, "deals", json_integer(t->deals[e]));
	json_object_set_new(o, "elo", number(elo));
	json_object_set_new(o, "ci95_pairs", number(half));
	json_object_set_new(o, "score", number(stats_acc_mean(s)));
	json_object_set_new(o, "score_ci95", number(stats_acc_ci95(s)));
	json_object_set_new(o, "value_per_deal", number(stats_acc_mean(v)));
	json_object_set_new(o, "value_ci95", number(stats_acc_ci95(v)));
	return o;
}

void
luck_tally_json(struct luck_tally *t, json_t *standings)
{
	json_t *list = json_object_get(standings, "engines"), *o;
	size_t i;

	finish(t);
	json_array_foreach(list, i, o) {
		int e = config_engine_index(t->cfg, json_string_value(json_object_get(o,
		    "name")) ? json_string_value(json_object_get(o, "name")) :
		    "");
		json_t *adj;
		if (e < 0 || t->deals[e] == 0)
			continue;
		adj = figures(t, e, ADJ_SCORE);
		json_object_set_new(adj, "raw", figures(t, e, RAW_SCORE));
		json_object_set_new(o, "adjusted", adj);
	}
}

int
luck_tally_summary(struct luck_tally *t, struct standings *st,
    const char *path, int bootstrap)
{
	json_t *o = standings_json(st, bootstrap);
	int rc;

	if (o == NULL)
		return -1;
	if (t != NULL)
		luck_tally_json(t, o);
	rc = json_dump_file(o, path, JSON_INDENT(2));
	json_decref(o);
	return rc;
}
