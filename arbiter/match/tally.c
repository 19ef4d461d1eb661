/*
 * tally.c: the tally of a run, raw and adjusted (tally.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/xmalloc.h"
#include "match/tally.h"
#include "rating/luck_deal.h"
#include "rating/luck_verify.h"

struct tally {
	const struct match_cfg	*c;
	struct results		*results;	/* a match of two */
	struct standings	*standings;	/* a tournament, three-hand;
						 * a match's for its summary */
	struct luck_book	*book;		/* NULL: --no-luck */
	struct luck_tally	*luck;
	FILE			*luck_file;	/* --luck-file, or NULL */
};

struct tally *
tally_new(const struct match_cfg *c)
{
	struct tally *t = xcalloc(1, sizeof(*t));
	const char *names[2] = { c->engines[0].name, c->engines[1].name };

	t->c = c;
	/* Three engines (three-hand) are tallied as a tournament is: by
	 * pairwise results (standings.c). */
	if (c->format == FORMAT_MATCH && c->rules.players == 2)
		t->results = results_new(names, c->duplicate);
	if (t->results == NULL || c->summary != NULL || c->svg != NULL)
		t->standings = standings_new(c);
	if (!c->no_luck) {
		t->book = luck_book_new();
		/* Now, before any clock runs: sampling takes a while. */
		luck_book_prepare(t->book, &c->rules);
		t->luck = luck_tally_new(c);
	}
	return t;
}

void
tally_free(struct tally *t)
{
	if (t == NULL)
		return;
	results_free(t->results);
	standings_free(t->standings);
	luck_book_free(t->book);
	luck_tally_free(t->luck);
	if (t->luck_file != NULL)
		fclose(t->luck_file);
	free(t);
}

int
tally_luck_file(struct tally *t, const char *path, const char *records,
    char *err, size_t len)
{
	struct stat a, b;

	if (t->book == NULL) {
		snprintf(err, len, "--luck-file: no luck is counted with "
		    "--no-luck");
		return -1;
	}
	if (records != NULL && stat(path, &a) == 0 && stat(records, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		snprintf(err, len, "--luck-file %s: that is the records file",
		    path);
		return -1;
	}
	if ((t->luck_file = fopen(path, "w")) == NULL) {
		snprintf(err, len, "--luck-file %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The deal's luck, taken out of its result (luck_book_record; a game of
 * several deals at its last deal, the luck of all); a deal it does not
 * measure (three seats in one deal) is counted raw only, and a record
 * that does not replay is said (it cannot be: the arbiter wrote it, or
 * resume replayed it).
 */
static void
count_luck(struct tally *t, const struct record_summary *s, json_t *rec)
{
	double luck[LUCK_NOUT];
	char err[256] = "luck: the record could not be read back";
	int rc = rec == NULL ? -1 : luck_book_record(t->book, rec, luck, err,
	    sizeof(err));

	if (rc == 0) {
		const char *records = t->c->resume ? t->c->resume :
		    t->c->records;
		luck_tally_add(t->luck, s, luck);
		if (t->luck_file != NULL)
			luck_line_write(t->luck_file, records ? records : "", 0,
			    s, luck);
	} else if (rc != 2)	/* 2: a game's deal, counted at its last */
		luck_tally_skip(t->luck);
	if (rc < 0)
		fprintf(stderr, "\nbezique-arbiter: deal %d: %s\n", s->number,
		    err);
}

void
tally_add(struct tally *t, const struct record_summary *s, json_t *rec)
{
	if (!s->partial || s->voided) {	/* a game: one result */
		if (t->results != NULL)
			results_add(t->results, s);
		if (t->standings != NULL)
			standings_add(t->standings, s);
	}
	if (t->luck != NULL && !s->voided)
		count_luck(t, s, rec);
}

int
tally_deals(const struct tally *t)
{
	return t->results ? results_deals(t->results) :
	    standings_deals(t->standings);
}

int
tally_failures(const struct tally *t, int e)
{
	return t->results ? results_failures(t->results, e) :
	    standings_failures(t->standings, e);
}

const struct results *
tally_results(const struct tally *t)
{
	return t->results;
}

struct standings *
tally_standings(const struct tally *t)
{
	return t->results ? NULL : t->standings;
}

struct standings *
tally_summary_standings(const struct tally *t)
{
	return t->standings;
}

struct luck_tally *
tally_luck(const struct tally *t)
{
	return t->luck;
}

double
tally_llr(const struct tally *t, const struct sprt *s)
{
	struct stats_acc a;

	if (!t->c->sprt_adjusted)
		return results_llr(t->results, s);
	luck_tally_units(t->luck, 0, true, &a);
	return sprt_llr_normal(s, a.n, stats_acc_mean(&a),
	    stats_acc_sd(&a) * stats_acc_sd(&a));
}

static void
print_sprt(FILE *f, const struct sprt *s, double llr,
    enum sprt_result verdict, bool adjusted)
{
	fprintf(f, "\nSPRT (%s%s, elo0 %g, elo1 %g, alpha %g, beta %g): LLR "
	    "%.2f in (%.2f, %.2f): %s\n", sprt_model_name(s->model),
	    adjusted ? ", adjusted scores" : "", s->elo0, s->elo1, s->alpha,
	    s->beta, llr, s->lower, s->upper, verdict == SPRT_ACCEPT_H1 ?
	    "H1 accepted" : verdict == SPRT_ACCEPT_H0 ? "H0 accepted" :
	    "no decision yet");
}

void
tally_print(struct tally *t, FILE *f, const struct sprt *s, double llr,
    enum sprt_result verdict)
{
	const struct match_cfg *c = t->c;

	if (c->print_table && t->results)
		results_print(t->results, f);
	if (s != NULL)
		print_sprt(f, s, llr, verdict, c->sprt_adjusted);
	if (c->print_table && !t->results)
		standings_print(t->standings, f, c->bootstrap);
	if (c->print_table && t->luck)
		luck_tally_print(t->luck, f);
}
