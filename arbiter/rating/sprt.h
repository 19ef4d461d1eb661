/*
 * sprt.h: the sequential probability ratio test of fastchess.
 *
 * Purpose: stop a match as soon as it is clear whether engine A is
 * elo1 better than B (H1) or only elo0 (H0), with error rates alpha
 * (accepting H1 when H0 holds) and beta.  The test is the generalised
 * SPRT of Michel Van den Bergh ("Comments on normalized Elo"), as in
 * fastchess sprt.cpp: the log-likelihood ratio of the maximum-likelihood
 * outcome distributions with mean score s0 and s1 (logistic model), or
 * with normalised Elo t0 and t1 (normalized model), each given the
 * observed frequencies.  It runs on single games (W/D/L) or, better for
 * duplicate deals, on pairs (5 buckets, as stats.h).
 *
 * Bounds (Wald): lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) /
 * alpha); LLR >= upper accepts H1, LLR <= lower accepts H0.
 *
 * Pure numerics: no I/O, no allocation, no global state.
 */
#ifndef SPRT_H
#define SPRT_H

#include "rating/stats.h"

enum sprt_model {
	SPRT_LOGISTIC,		/* elo0, elo1 in logistic Elo */
	SPRT_NORMALIZED		/* elo0, elo1 in normalised Elo (nElo) */
};

enum sprt_result {
	SPRT_CONTINUE,
	SPRT_ACCEPT_H0,		/* no better than elo0 */
	SPRT_ACCEPT_H1		/* at least elo1 better */
};

struct sprt {
	double		alpha;
	double		beta;
	double		elo0;
	double		elo1;
	enum sprt_model	model;
	double		lower;		/* ln(beta / (1 - alpha)) */
	double		upper;		/* ln((1 - beta) / alpha) */
};

/*
 * Checks the parameters and fills s.  Returns 0, or -1 with *why set to
 * a constant message when alpha or beta is outside (0, 1), alpha + beta
 * >= 1, elo0 >= elo1 or a value is not finite (fastchess isValid).
 */
int	sprt_init(struct sprt *s, double alpha, double beta, double elo0,
	    double elo1, enum sprt_model model, const char **why);

/* "logistic" or "normalized" to a model: 0, or -1 if unknown. */
int	sprt_model_parse(const char *name, enum sprt_model *model);
const char *sprt_model_name(enum sprt_model model);

/* LLR of single-game counts and of pair counts (buckets as stats.h). */
double	sprt_llr_wdl(const struct sprt *s, long wins, long draws,
	    long losses);
double	sprt_llr_penta(const struct sprt *s, const long pairs[STATS_NPENTA]);

/*
 * LLR of n units of a score with any values (adjusted scores: pair
 * means or deals, not in a few buckets), mean and sample variance var:
 * the normal approximation of the same test, logistic Elo (s0, s1 the
 * scores of elo0 and elo1).  0 below SPRT_MIN_UNITS units, where a
 * sample variance is no estimate, or with var 0.
 */
#define SPRT_MIN_UNITS	16
double	sprt_llr_normal(const struct sprt *s, long n, double mean, double var);

enum sprt_result sprt_decide(const struct sprt *s, double llr);

#endif
