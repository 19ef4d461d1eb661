/*
 * results.c: the tally of a match and its table (results.h).
 *
 * Everything is counted from engine 0's side.  Elo from single deals uses
 * the trinomial (win/draw/loss) variance; Elo from duplicate pairs uses
 * the variance of the pair scores (0, 1/2, 1, 3/2, 2 points per pair, as
 * fastchess's pentanomial model), which removes most of the luck of the
 * deal.  Intervals are normal approximations at 95% (z = 1.96).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rating/results.h"
#include "rating/stats.h"
#include "base/textcol.h"

struct pending_pair {
	int	pair;
	double	score;	/* engine 0's score in the first deal played */
};

struct results {
	char			 names[2][128];
	bool			 duplicate;
	int			 deals, wins[2], draws;
	struct stats_acc	 value;		/* engine 0's signed game value */
	long			 penta[STATS_NPENTA];
	int			 failures[2][NTERMS];
	long			 points[2];
	struct pending_pair	*pending;
	int			 npending, cap;
};

struct results *
results_new(const char *const names[2], bool duplicate)
{
	struct results *r = calloc(1, sizeof(*r));

	if (r == NULL)
		abort();
	for (int e = 0; e < 2; e++)
		snprintf(r->names[e], sizeof(r->names[e]), "%s", names[e]);
	r->duplicate = duplicate;
	return r;
}

void
results_free(struct results *r)
{
	if (r == NULL)
		return;
	free(r->pending);
	free(r);
}

/* Which engine sat in `seat`: records name the players by seat. */
static int
engine_in(const struct results *r, const struct record_summary *s, int seat)
{
	return strcmp(s->players[seat], r->names[0]) == 0 ? 0 : 1;
}

static void
add_pair(struct results *r, int pair, double score)
{
	for (int i = 0; i < r->npending; i++)
		if (r->pending[i].pair == pair) {
			double total = r->pending[i].score + score;
			r->penta[(int)lround(total * 2)]++;
			r->pending[i] = r->pending[--r->npending];
			return;
		}
	if (r->npending == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 16;
		r->pending = realloc(r->pending, sizeof(*r->pending) *
		    (size_t)r->cap);
		if (r->pending == NULL)
			abort();
	}
	r->pending[r->npending].pair = pair;
	r->pending[r->npending++].score = score;
}

void
results_add(struct results *r, const struct record_summary *s)
{
	int e0 = engine_in(r, s, 0);
	int seat_of_0 = e0 == 0 ? 0 : 1;
	double score;

	if (s->voided) {	/* a failure, not a result */
		r->failures[engine_in(r, s, s->fault_seat)][s->term]++;
		return;
	}
	r->deals++;
	if (s->winner < 0) {
		r->draws++;
		score = 0.5;
		stats_acc_add(&r->value, 0);
	} else {
		int winner = engine_in(r, s, s->winner);
		r->wins[winner]++;
		score = winner == 0 ? 1 : 0;
		stats_acc_add(&r->value, winner == 0 ? s->value : -s->value);
	}
	r->points[0] += s->points[seat_of_0];
	r->points[1] += s->points[1 - seat_of_0];
	if (s->term != TERM_NORMAL && s->fault_seat >= 0)
		r->failures[engine_in(r, s, s->fault_seat)][s->term]++;
	for (int seat = 0; seat < 2; seat++)
		for (int t = 1; t < NTERMS; t++)
			r->failures[engine_in(r, s, seat)][t] +=
			    s->incidents[seat][t];
	if (r->duplicate)
		add_pair(r, s->pair, score);
}

double
results_llr(const struct results *r, const struct sprt *s)
{
	if (r->duplicate)
		return sprt_llr_penta(s, r->penta);
	return sprt_llr_wdl(s, r->wins[0], r->draws, r->wins[1]);
}

int
results_deals(const struct results *r)
{
	return r->deals;
}

int
results_failures(const struct results *r, int e)
{
	int n = 0;

	for (int t = 1; t < NTERMS; t++)
		n += r->failures[e][t];
	return n;
}

void
results_progress(const struct results *r, int total, char *buf, size_t len)
{
	snprintf(buf, len, "deal %d/%d  %s %.1f - %.1f %s", r->deals, total,
	    r->names[0], r->wins[0] + r->draws / 2.0, r->wins[1] +
	    r->draws / 2.0, r->names[1]);
}

/* "+123 ± 45" for a head-to-head result, engine 0's side. */
static void
elo_text(const struct stats_h2h *h, int ok, char *buf, size_t len)
{
	if (ok < 0 || h->n < 2)
		snprintf(buf, len, "-");
	else if (!isfinite(h->elo))
		snprintf(buf, len, "%s (all deals won by one side)",
		    h->elo > 0 ? "+inf" : "-inf");
	else if (!isfinite(h->elo_ci95))
		snprintf(buf, len, "%+.0f (interval unbounded)", h->elo);
	else
		snprintf(buf, len, "%+.0f ± %.0f", h->elo, h->elo_ci95);
}

static void
failure_text(const struct results *r, int e, char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int t = 1; t < NTERMS && k < len; t++)
		if (r->failures[e][t])
			k += (size_t)snprintf(buf + k, len - k, "%s%s %d",
			    k ? ", " : "", termination_name((enum
			    termination)t), r->failures[e][t]);
	if (k == 0)
		snprintf(buf, len, "none");
}

void
results_print(const struct results *r, FILE *f)
{
	char elo[64], fail[256];
	double ci = stats_acc_ci95(&r->value);
	struct stats_h2h wdl, penta;
	int ok_wdl = stats_wdl(r->wins[0], r->draws, r->wins[1], &wdl);
	int ok_penta = stats_penta(r->penta, &penta);

	int w = 28;

	for (int e = 0; e < 2; e++)	/* a column as wide as the names */
		if (text_width(r->names[e]) > w)
			w = text_width(r->names[e]);
	fputc('\n', f);
	text_left(f, "engine", w);
	fprintf(f, " %6s %6s %6s %6s %10s\n", "deals", "won", "lost", "drawn",
	    "points/deal");
	for (int e = 0; e < 2; e++) {
		text_left(f, r->names[e], w);
		fprintf(f, " %6d %6d %6d %6d %10.0f\n", r->deals, r->wins[e],
		    r->wins[1 - e], r->draws, r->deals ? (double)r->points[e] /
		    r->deals : 0.0);
	}
	fprintf(f, "\n%s vs %s:\n", r->names[0], r->names[1]);
	fprintf(f, "  score            %.1f%% of %d deals\n",
	    ok_wdl == 0 ? 100 * wdl.score : 0.0, r->deals);
	if (!isfinite(ci))
		fprintf(f, "  game value/deal  %+.0f\n", r->value.mean);
	else
		fprintf(f, "  game value/deal  %+.*f ± %.*f (95%%)\n",
		    stats_decimals(r->value.mean, ci), r->value.mean,
		    stats_decimals(r->value.mean, ci), ci);
	elo_text(&wdl, ok_wdl, elo, sizeof(elo));
	fprintf(f, "  Elo (deals)      %s\n", elo);
	if (r->duplicate) {
		elo_text(&penta, ok_penta, elo, sizeof(elo));
		fprintf(f, "  Elo (pairs)      %s   pairs [0 ½ 1 1½ 2]: "
		    "[%ld %ld %ld %ld %ld]\n", elo, r->penta[0], r->penta[1],
		    r->penta[2], r->penta[3], r->penta[4]);
	}
	for (int e = 0; e < 2; e++) {
		failure_text(r, e, fail, sizeof(fail));
		fprintf(f, "  failures of ");
		text_left(f, r->names[e], w);
		fprintf(f, " %s\n", fail);
	}
}
