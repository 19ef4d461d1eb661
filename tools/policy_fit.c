/*
 * policy_fit.c: fits the simulation policy to the strong search's choices
 * (issue 18): softmax regression (engine/ai/policy_fit.h) on the data of
 * policy_selfplay, from the start weights scaled to fit, every fifth deal
 * held out.  Prints the held-out accuracy (the share of decisions where
 * the policy's card is the search's) of the start and of the fit, and the
 * weights; writes them as text (-t) and as the generated header (-o).
 *
 *	policy_fit -i data.bin [-w start.txt] [-l l2] [-T t1,t2,...]
 *	    [-t out.txt] [-o policy_weights.h [-r recipe]]
 *
 * -T (data of policy_selfplay -V): fit to the search's values of every
 * candidate rather than its one choice: the targets are q = softmax(value
 * / T) over each decision's candidates, for each temperature T (in
 * points) in turn; the one whose fit agrees best on held-out decisions
 * with the search's best value is kept.  Printed for each: the held-out
 * cross-entropy against q, the top-1 agreement with the best value and
 * with the search's choice, and the value the policy's own card lost
 * against the best (points a decision).
 *
 * Without -w the start is the hand-set policy (rollout_weights).  Weights
 * are rounded to six significant digits, so that the text and the header
 * say the same.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "policy_features.h"
#include "policy_fit.h"
#include "policy_io.h"
#include "rollout.h"

/* A set of decisions growing as the file is read; with the search's
 * values (value, worlds: per action) fs's target is q and its chosen
 * the best value, choice's the search's choice. */
struct set {
	struct fit_set	fs, choice;
	int		*nact, *chosen, *best;
	int16_t		*x;
	double		*value, *q;
	int32_t		*worlds;
	long		cap, nx, capx, na, capa;
};

static void *
grow(void *p, long n, size_t size)
{
	if ((p = realloc(p, (size_t)n * size)) == NULL)
		abort();
	return p;
}

/* The decision's candidate of best value (-1: none). */
static int
best_value(int n, const float *v, const int32_t *worlds)
{
	int b = -1;

	for (int i = 0; i < n; i++)
		if (worlds[i] >= 0 && (b < 0 || v[i] > v[b]))
			b = i;
	return b;
}

static void
add(struct set *s, int n, int c, const int16_t *x, const float *v,
    const int32_t *worlds)
{
	size_t k = (size_t)n * PF_COUNT;

	if (s->fs.ndec == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4096;
		s->nact = grow(s->nact, s->cap, sizeof(int));
		s->chosen = grow(s->chosen, s->cap, sizeof(int));
		s->best = grow(s->best, s->cap, sizeof(int));
	}
	while ((size_t)(s->capx - s->nx) < k) {
		s->capx = s->capx ? 2 * s->capx : 1 << 16;
		s->x = grow(s->x, s->capx, sizeof(int16_t));
	}
	memcpy(s->x + s->nx, x, k * sizeof(int16_t));
	s->nx += (long)k;
	while (v != NULL && s->capa - s->na < n) {
		s->capa = s->capa ? 2 * s->capa : 1 << 14;
		s->value = grow(s->value, s->capa, sizeof(double));
		s->q = grow(s->q, s->capa, sizeof(double));
		s->worlds = grow(s->worlds, s->capa, sizeof(int32_t));
	}
	for (int i = 0; v != NULL && i < n; i++) {
		s->value[s->na] = v[i];
		s->worlds[s->na++] = worlds[i];
	}
	s->nact[s->fs.ndec] = n;
	s->best[s->fs.ndec] = v != NULL ? best_value(n, v, worlds) : c;
	s->chosen[s->fs.ndec++] = c;
	s->fs.nfeat = PF_COUNT;
	s->fs.nact = s->nact;
	s->fs.chosen = v != NULL ? s->best : s->chosen;
	s->fs.x = s->x;
	s->choice = s->fs;
	s->choice.chosen = s->chosen;
}

enum { TRAIN, HELD, HELD_STOCK, HELD_END, NSETS };

static void
bad(const char *path, const char *what)
{
	fprintf(stderr, "%s: %s\n", path, what);
	exit(1);
}

/* The search's values of one decision's actions; false if it has no
 * candidate. */
static bool
read_values(FILE *f, const char *path, int n, float *v, int32_t *worlds)
{
	unsigned char b[8];

	for (int i = 0; i < n; i++) {
		if (fread(b, sizeof(b), 1, f) != 1)
			bad(path, "truncated values");
		memcpy(&v[i], b, sizeof(float));
		memcpy(&worlds[i], b + sizeof(float), sizeof(int32_t));
		if (!isfinite(v[i]) || worlds[i] < -1)
			bad(path, "corrupt values");
	}
	return best_value(n, v, worlds) >= 0;
}

/* Reads the data; returns whether they hold the search's values. */
static bool
load(const char *path, struct set *sets)
{
	FILE *f = fopen(path, "rb");
	int32_t head[2], worlds[FIT_MAX_ACTIONS];
	int16_t rec[3], x[FIT_MAX_ACTIONS * PF_COUNT];
	float v[FIT_MAX_ACTIONS];
	bool values;

	if (f == NULL)
		bad(path, strerror(errno));
	if (fread(head, sizeof(head), 1, f) != 1 || (head[0] != PF_MAGIC &&
	    head[0] != PF_MAGIC_VALUES) || head[1] != PF_COUNT)
		bad(path, "not policy_selfplay data of these features");
	values = head[0] == PF_MAGIC_VALUES;
	while (fread(head, sizeof(head), 1, f) == 1) {
		bool held = head[0] % 5 == 0;
		for (int d = 0; d < head[1]; d++) {
			size_t k;
			const float *pv = values ? v : NULL;
			if (fread(rec, sizeof(rec), 1, f) != 1 || rec[0] < 2 ||
			    rec[0] > FIT_MAX_ACTIONS || rec[1] < 0 ||
			    rec[1] >= rec[0])
				bad(path, "truncated or corrupt decision");
			k = (size_t)rec[0] * PF_COUNT;
			if (fread(x, sizeof(int16_t), k, f) != k)
				bad(path, "truncated decision");
			if (values && !read_values(f, path, rec[0], v, worlds))
				continue;	/* no candidate: no target */
			add(&sets[held ? HELD : TRAIN], rec[0], rec[1], x, pv,
			    worlds);
			if (held)
				add(&sets[rec[2] & PFD_END ? HELD_END :
				    HELD_STOCK], rec[0], rec[1], x, pv, worlds);
		}
	}
	fclose(f);
	if (sets[TRAIN].fs.ndec == 0 || sets[HELD].fs.ndec == 0)
		bad(path, "too few deals to hold every fifth out");
	return values;
}

/* The targets of temperature t: q = softmax(value / t) over each
 * decision's candidates. */
static void
targets(struct set *s, double t)
{
	long a = 0;

	for (long d = 0; d < s->fs.ndec; d++) {
		int n = s->nact[d];
		double top = s->value[a + s->best[d]], sum = 0;
		for (int i = 0; i < n; i++)
			sum += s->q[a + i] = s->worlds[a + i] < 0 ? 0 :
			    exp((s->value[a + i] - top) / t);
		for (int i = 0; i < n; i++)
			s->q[a + i] /= sum;
		a += n;
	}
	s->fs.target = s->q;
}

/* What the policy's own cards (the lowest score, ties all) are worth
 * against the search's best value, over the held-out decisions where one
 * was a candidate: the share where one of them is the best (so that
 * equal cards and equal solved values count right) and the mean value
 * they lose (points a decision). */
static void
value_stats(const struct set *s, const double *theta, double *agree,
    double *lost)
{
	const int16_t *x = s->x;
	double score[FIT_MAX_ACTIONS];
	long a = 0, counted = 0, right = 0;

	*lost = 0;
	for (long d = 0; d < s->fs.ndec; d++) {
		int n = s->nact[d], ties = 0;
		double lo = 0, v = 0;
		for (int i = 0; i < n; i++) {
			score[i] = 0;
			for (int j = 0; j < PF_COUNT; j++)
				score[i] += theta[j] * x[i * PF_COUNT + j];
			if (i == 0 || score[i] < lo)
				lo = score[i];
		}
		for (int i = 0; i < n; i++)
			if (score[i] == lo && s->worlds[a + i] >= 0) {
				v += s->value[a + i];
				ties++;
			}
		if (ties > 0) {
			double l = s->value[a + s->best[d]] - v / ties;
			*lost += l;
			right += score[s->best[d]] == lo || l < 1e-6;
			counted++;
		}
		x += n * PF_COUNT;
		a += n;
	}
	*agree = counted > 0 ? (double)right / (double)counted : 0;
	*lost = counted > 0 ? *lost / (double)counted : 0;
}

static void
round6(double *theta)
{
	char s[64];

	for (int j = 0; j < PF_COUNT; j++) {
		snprintf(s, sizeof(s), "%.6g", theta[j]);
		theta[j] = strtod(s, NULL);
	}
}

static void
accuracy(const char *what, const struct set *sets, const double *theta)
{
	printf("  %-28s held-out accuracy %.4f (stock %.4f, end %.4f), "
	    "loss %.4f\n", what, fit_accuracy(&sets[HELD].fs, theta),
	    fit_accuracy(&sets[HELD_STOCK].fs, theta),
	    fit_accuracy(&sets[HELD_END].fs, theta),
	    fit_loss(&sets[HELD].fs, theta, 0, NULL, NULL));
}

/* Reports the held-out figures of theta; returns its agreement with
 * the best value. */
static double
report_values(const char *what, struct set *sets, const double *theta)
{
	double agree[NSETS], lost[NSETS];

	for (int i = HELD; i < NSETS; i++)
		value_stats(&sets[i], theta, &agree[i], &lost[i]);
	printf("  %-26s held-out cross-entropy %.4f, best value %.4f "
	    "(stock %.4f, end %.4f), search's choice %.4f, value lost "
	    "%.1f\n", what, fit_loss(&sets[HELD].fs, theta, 0, NULL, NULL),
	    agree[HELD], agree[HELD_STOCK], agree[HELD_END],
	    fit_accuracy(&sets[HELD].choice, theta), lost[HELD]);
	return agree[HELD];
}

/* The next temperature of the list -T, or 0 at its end. */
static double
next_temperature(const char **list)
{
	char *end;
	double t;

	if (**list == '\0')
		return 0;
	t = strtod(*list, &end);
	if (end == *list || !(t > 0) || (*end != ',' && *end != '\0')) {
		fprintf(stderr, "policy_fit: -T %s: not a list of positive "
		    "temperatures, e.g. 10,20,40\n", *list);
		exit(2);
	}
	*list = *end == ',' ? end + 1 : end;
	return t;
}

/* Fits to q = softmax(value / T) at each temperature of the list, from
 * start scaled; keeps in theta the fit that agrees best with the held-out
 * decisions' best values.  The start is reported scaled to each T. */
static void
fit_values(struct set *sets, const double *start, const char *label,
    double l2, const char *temps, double *theta)
{
	double t, a, kept = 0, agree = -1, fitted[PF_COUNT];
	double scaled[PF_COUNT];
	int steps;

	while ((t = next_temperature(&temps)) > 0) {
		for (int i = 0; i < NSETS; i++)
			targets(&sets[i], t);
		printf("T %g:\n", t);
		memcpy(scaled, start, sizeof(scaled));
		fit_scale(&sets[TRAIN].fs, scaled);
		report_values(label, sets, scaled);
		memcpy(fitted, scaled, sizeof(fitted));
		if ((steps = fit_newton(&sets[TRAIN].fs, fitted, l2, 50)) < 0)
			bad("policy_fit", "the fit failed (Hessian not "
			    "positive definite)");
		round6(fitted);
		a = report_values("fitted", sets, fitted);
		printf("  %d Newton steps, l2 %g\n", steps, l2);
		if (a > agree) {
			agree = a;
			memcpy(theta, fitted, sizeof(fitted));
			kept = t;
		}
	}
	printf("kept: T %g (held-out agreement with the best value %.4f)\n",
	    kept, agree);
}

static void
write_text(const char *path, const double *theta)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		bad(path, strerror(errno));
	for (int j = 0; j < PF_COUNT; j++)
		fprintf(f, "%s %.6g\n", policy_feature_names[j], theta[j]);
	if (fclose(f) != 0)
		bad(path, strerror(errno));
}

static void
write_header(const char *path, const double *theta, const char *recipe)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		bad(path, strerror(errno));
	fprintf(f, "/*\n * policy_weights.h: the learned simulation policy's "
	    "weights (rollout.h),\n * one per feature of policy_features.h, "
	    "lowest score played.\n * Generated by `make weights-policy` "
	    "(tools/policy_fit.c)%s%s:\n * do not edit.\n */\n"
	    "#define POLICY_WEIGHTS { \\\n", recipe[0] ? ",\n * " : "", recipe);
	for (int j = 0; j < PF_COUNT; j++)
		fprintf(f, "\t%.6g,\t/* %s */ \\\n", theta[j],
		    policy_feature_names[j]);
	fprintf(f, "}\n");
	if (fclose(f) != 0)
		bad(path, strerror(errno));
}

int
main(int argc, char **argv)
{
	struct set sets[NSETS];
	double start[PF_COUNT], theta[PF_COUNT], l2 = 1e-4, k;
	const char *in = NULL, *text = NULL, *header = NULL, *from = NULL;
	const char *recipe = "", *temps = NULL;
	int ch, steps;
	bool values;

	memset(sets, 0, sizeof(sets));
	policy_features_of_scale(&rollout_weights, start);
	while ((ch = getopt(argc, argv, "i:w:l:T:t:o:r:")) != -1) {
		switch (ch) {
		case 'i': in = optarg; break;
		case 'T': temps = optarg; break;
		case 'w': weights_read(optarg, start); from = optarg; break;
		case 'l': l2 = strtod(optarg, NULL); break;
		case 't': text = optarg; break;
		case 'o': header = optarg; break;
		case 'r': recipe = optarg; break;
		default: exit(2);
		}
	}
	if (in == NULL) {
		fprintf(stderr, "usage: policy_fit -i data.bin [-w start.txt] "
		    "[-l l2] [-T t1,t2,...] [-t out.txt] [-o "
		    "policy_weights.h]\n");
		exit(2);
	}
	for (const char *t = temps; t != NULL && next_temperature(&t) > 0;)
		;	/* a bad list is refused before the work */
	values = load(in, sets);
	if (temps != NULL && !values)
		bad(in, "-T: these data hold no values (policy_selfplay -V)");
	printf("%s: %ld decisions to fit, %ld held out (%ld stock, %ld "
	    "end phase)\n", in, sets[TRAIN].fs.ndec, sets[HELD].fs.ndec,
	    sets[HELD_STOCK].fs.ndec, sets[HELD_END].fs.ndec);
	if (temps != NULL) {
		fit_values(sets, start, from ? "start (-w)" : "hand-set "
		    "(rollout_weights)", l2, temps, theta);
		goto out;
	}
	for (int i = 0; i < NSETS; i++)	/* the search's choices */
		sets[i].fs = sets[i].choice;
	if (from == NULL) {
		double hand[PF_COUNT];
		policy_features_of_scale(&rollout_weights, hand);
		accuracy("hand-set (rollout_weights)", sets, hand);
	}
	memcpy(theta, start, sizeof(theta));
	k = fit_scale(&sets[TRAIN].fs, theta);
	accuracy(from ? "start (-w)" : "start: hand-set scaled", sets, theta);
	steps = fit_newton(&sets[TRAIN].fs, theta, l2, 50);
	if (steps < 0)
		bad(in, "the fit failed (Hessian not positive definite)");
	round6(theta);
	accuracy("fitted", sets, theta);
	printf("  start scaled by %.4g, %d Newton steps, l2 %g\n", k, steps,
	    l2);
	for (int j = 0; j < PF_COUNT; j++)
		printf("    %-20s %10.4g  (start %8.4g)\n",
		    policy_feature_names[j], theta[j], start[j] * k);
out:
	if (temps != NULL)
		for (int j = 0; j < PF_COUNT; j++)
			printf("    %-20s %10.4g\n", policy_feature_names[j],
			    theta[j]);
	if (text != NULL)
		write_text(text, theta);
	if (header != NULL)
		write_header(header, theta, recipe);
	for (int i = 0; i < NSETS; i++) {
		free(sets[i].nact);
		free(sets[i].chosen);
		free(sets[i].best);
		free(sets[i].x);
		free(sets[i].value);
		free(sets[i].q);
		free(sets[i].worlds);
	}
	return 0;
}
