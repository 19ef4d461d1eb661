/*
 * dealwords.c: a person's deal told in words (dealwords.h).
 *
 * The arithmetic mirrors engine/core/score.c for the scorings a person
 * meets (Portland and Bicycle rubicons, the ordinary game, a forfeit);
 * each sentence is added up again here and dropped if it does not come
 * to the value the rules core gave, so the page never shows a sum that
 * is wrong.
 */
#include <stdio.h>
#include <string.h>

#include "play/dealwords.h"
#include "record/words.h"

#define RUBICON_GAME	1000	/* score.c's */
#define LOSER_MIN	100

/* n with a comma between thousands ("1,240"), as words.h writes them. */
static const char *
num(int n, char *buf)
{
	return words_number(n, buf);
}

static int
floor100(const struct score_rules *sr, int x)
{
	return sr->rounding == ROUNDING_FLOOR100 ? x / 100 * 100 : x;
}

/* "winner 1,240 − loser 780", then the rounded pair when it differs. */
static int
pair_words(const struct score_rules *sr, int w, int l, const char *op,
    char *buf, size_t len)
{
	char a[WORDS_NUMBER], b[WORDS_NUMBER], c[WORDS_NUMBER], d[WORDS_NUMBER];

	if (floor100(sr, w) == w && floor100(sr, l) == l)
		return snprintf(buf, len, "winner %s %s loser %s", num(w, a),
		    op, num(l, b));
	return snprintf(buf, len, "winner %s %s loser %s, in whole hundreds "
	    "%s %s %s", num(w, a), op, num(l, b), num(floor100(sr, w), c), op,
	    num(floor100(sr, l), d));
}

/* The ordinary game: the difference (at least the minimum) + the game. */
static int
ordinary(const struct score_rules *sr, const struct game_value *v,
    char *buf, size_t len)
{
	int w = v->final[v->winner], l = v->final[1 - v->winner];
	int diff = floor100(sr, w) - floor100(sr, l);
	size_t n = (size_t)pair_words(sr, w, l, "−", buf, len);
	char a[WORDS_NUMBER], b[WORDS_NUMBER], c[WORDS_NUMBER];

	if (n >= len)
		return 0;
	if (diff < sr->min_difference) {
		diff = sr->min_difference;
		n += (size_t)snprintf(buf + n, len - n, ", counted as the "
		    "least, %s", num(diff, a));
	} else
		n += (size_t)snprintf(buf + n, len - n, " = %s", num(diff, a));
	if (n < len)
		snprintf(buf + n, len - n, ", + %s for the game = %s",
		    num(sr->game_bonus, b), num(diff + sr->game_bonus, c));
	return diff + sr->game_bonus;
}

/* A rubicon, Portland or Bicycle: both scores, the game, the brisques. */
static int
rubicon(const struct score_rules *sr, const struct result *res,
    char *buf, size_t len)
{
	const struct game_value *v = &res->value;
	bool with_b = sr->rubicon_scores_include_brisques;
	int w = with_b ? v->final[v->winner] : res->points[v->winner];
	int l = with_b ? v->final[1 - v->winner] : res->points[1 - v->winner];
	int lr = floor100(sr, l), bonus = sr->rubicon_mode ==
	    RUBICON_BICYCLE ? BICYCLE_BRISQUES : sr->rubicon_brisque_bonus;
	size_t n;
	char a[WORDS_NUMBER], c[WORDS_NUMBER];

	n = (size_t)snprintf(buf, len, "a rubicon (the loser under %s): ",
	    num(sr->rubicon_threshold, a));
	if (n >= len)
		return 0;
	n += (size_t)pair_words(sr, w, l, "+", buf + n, len - n);
	if (sr->loser_min_100 && lr < LOSER_MIN && n < len) {
		lr = LOSER_MIN;
		n += (size_t)snprintf(buf + n, len - n, " (counted as %d)",
		    LOSER_MIN);
	}
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, ", + %s for the game",
		    num(RUBICON_GAME, a));
	if (bonus > 0 && n < len)
		n += (size_t)snprintf(buf + n, len - n, " + %d for brisques",
		    bonus);
	if (n < len)
		snprintf(buf + n, len - n, " = %s", num(floor100(sr, w) + lr +
		    RUBICON_GAME + bonus, c));
	return floor100(sr, w) + lr + RUBICON_GAME + bonus;
}

/* game.c's forfeit_value: a rubicon against a loser who scored nothing. */
static int
forfeited(const struct score_rules *sr, const struct result *res,
    char *buf, size_t len)
{
	int w = res->points[res->value.winner];
	int total = floor100(sr, w) + LOSER_MIN + sr->rubicon_threshold +
	    sr->rubicon_brisque_bonus;
	char a[WORDS_NUMBER], b[WORDS_NUMBER], c[WORDS_NUMBER], d[WORDS_NUMBER], e[WORDS_NUMBER];
	size_t n;

	n = (size_t)snprintf(buf, len, "a forfeit counts as a rubicon: "
	    "winner %s", num(w, a));
	if (floor100(sr, w) != w && n < len)
		n += (size_t)snprintf(buf + n, len - n, ", in whole hundreds "
		    "%s", num(floor100(sr, w), b));
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, " + %d for the loser "
		    "+ %s for the game", LOSER_MIN, num(sr->rubicon_threshold,
		    c));
	if (sr->rubicon_brisque_bonus > 0 && n < len)
		n += (size_t)snprintf(buf + n, len - n, " + %s for brisques",
		    num(sr->rubicon_brisque_bonus, e));
	if (n < len)
		snprintf(buf + n, len - n, " = %s", num(total, d));
	return total;
}

void
dealwords_value(const struct rules *r, const struct result *res,
    bool forfeit, char *buf, size_t len)
{
	const struct score_rules *sr = &r->score;
	const struct game_value *v = &res->value;
	int total = -1;

	buf[0] = '\0';
	if (r->game_target > 0 || r->players != 2 || len == 0)
		return;
	if (v->winner < 0)
		total = snprintf(buf, len, "a drawn deal is worth nothing") > 0 ?
		    0 : -1;
	else if (forfeit)
		total = forfeited(sr, res, buf, len);
	else if (!v->rubicon)
		total = ordinary(sr, v, buf, len);
	else if (sr->rubicon_mode == RUBICON_PORTLAND ||
	    sr->rubicon_mode == RUBICON_BICYCLE)
		total = rubicon(sr, res, buf, len);
	if (total != v->value)
		buf[0] = '\0';
}

void
dealwords_failure(const char *name, enum termination term, char *buf,
    size_t len)
{
	static const char *const why[NTERMS] = {
		[TERM_NORMAL] = "ended the deal",
		[TERM_TIME] = "ran out of time",
		[TERM_ILLEGAL] = "made an illegal move",
		[TERM_MALFORMED] = "sent a line the protocol does not allow",
		[TERM_OVERLONG] = "sent a line too long",
		[TERM_CRASH] = "stopped (its process ended)",
		[TERM_STARTUP] = "did not start",
		[TERM_STALL] = "did not answer in time",
		[TERM_DISCONNECT] = "lost its connection",
	};

	snprintf(buf, len, "%s %s", name, term < NTERMS && why[term] ?
	    why[term] : "failed");
}
