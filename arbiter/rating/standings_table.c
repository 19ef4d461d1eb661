/*
 * standings_table.c: the standings as a table and as JSON (standings.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "rating/standings_int.h"
#include "base/textcol.h"

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
	struct figures g;
	int w = name_width(s, 20);
	bool drawn = false;
	char fail[128], bt[16], gap[24];

	if (standings_figures(s, B, &g) < 0)
		return;
	fprintf(f, "\n%-3s ", "#");
	text_left(f, "engine", w);
	fprintf(f, " %6s %6s %6s %13s %6s %7s %17s  %s\n", "Elo", "±fit",
	    B > 0 ? "±pairs" : "", "to next ±95%", "deals", "score",
	    "value/deal ±95%", "failures");
	for (int k = 0; k < s->n; k++) {
		int e = g.order[k];
		long d = s->wins[e] + s->losses[e] + s->draws[e];
		double ci = stats_acc_ci95(&s->value[e]);
		failure_text(s, e, fail, sizeof(fail));
		snprintf(bt, sizeof(bt), "%.0f", g.boot[e]);
		if (g.next[e] < 0)
			snprintf(gap, sizeof(gap), "-");
		else
			snprintf(gap, sizeof(gap), "%+.0f ± %.0f", g.r.rating[e] -
			    g.r.rating[g.next[e]], g.gap[e]);
		fprintf(f, "%-3d ", k + 1);
		text_left(f, s->cfg->engines[e].name, w);
		fprintf(f, " %+6.0f %6.0f %6s ", g.r.rating[e], g.r.ci95[e],
		    B > 0 ? bt : "");
		text_right(f, gap, 12);
		fprintf(f, " %6ld %6.1f%% %+8.0f ± %-6.0f  %s\n", d, d ? 100 *
		    (s->wins[e] + s->draws[e] / 2.0) / (double)d : 0.0,
		    s->value[e].mean, isfinite(ci) ? ci : 0, fail);
	}
	/* The draw parameter only where there are draws, and in words: in
	 * the Davidson model two equals draw nu / (2 + nu) of their deals. */
	for (int e = 0; e < s->cfg->nengines; e++)
		drawn |= s->draws[e] > 0;
	fprintf(f, "elder-hand advantage %+.0f ± %.0f Elo; ", g.r.advantage,
	    g.r.advantage_ci95);
	if (drawn)
		fprintf(f, "draws: nu = %.3f (two equals would draw %.0f%% of "
		    "their deals); ", g.r.draw_nu, 100 * g.r.draw_nu / (2 +
		    g.r.draw_nu));
	fprintf(f, "%d deals\n", s->deals);
	/* match's 'Elo (deals)' for the same deals differs: say why. */
	fprintf(f, "Elo centred on the mean: match's Elo is a gap between two, "
	    "from the score alone; here the gap is fitted with the elder-hand "
	    "advantage and a weak prior\n");
	print_crosstable(s, f, g.order);
	print_los(s, f, &g.r, g.order);
	elo_fit_free(&g.r);
}

/* An engine's line of the JSON standings. */
static json_t *
engine_json(const struct standings *s, const struct figures *g, int e)
{
	double ci = stats_acc_ci95(&s->value[e]);
	json_t *o = json_pack("{s:s, s:f, s:f, s:f, s:i, s:i, s:i, s:f, s:f}",
	    "name", s->cfg->engines[e].name, "elo", g->r.rating[e], "ci95_fit",
	    g->r.ci95[e], "ci95_pairs", g->boot[e], "wins", (int)s->wins[e],
	    "losses", (int)s->losses[e], "draws", (int)s->draws[e],
	    "value_per_deal", s->value[e].mean, "value_ci95", isfinite(ci) ?
	    ci : 0);

	if (o != NULL && g->next[e] >= 0)
		json_object_set_new(o, "next", json_pack("{s:s, s:f, s:f}",
		    "name", s->cfg->engines[g->next[e]].name, "gap",
		    g->r.rating[e] - g->r.rating[g->next[e]], "gap_ci95",
		    g->gap[e]));
	return o;
}

json_t *
standings_json(struct standings *s, int B)
{
	struct figures g;
	json_t *o, *list = json_array();

	if (standings_figures(s, B, &g) < 0) {
		json_decref(list);
		return NULL;
	}
	for (int e = 0; e < s->n; e++)
		json_array_append_new(list, engine_json(s, &g, e));
	o = json_pack("{s:s, s:i, s:i, s:o, s:f, s:f}", "type", "standings",
	    "version", 1, "deals", s->deals, "engines", list, "elder_advantage",
	    g.r.advantage, "elder_advantage_ci95", g.r.advantage_ci95);
	elo_fit_free(&g.r);
	return o;
}
