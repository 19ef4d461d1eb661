/*
 * luck_verify.c: each deal's luck checked against a luck file
 * (luck_verify.h).
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/xmalloc.h"
#include "rating/luck_deal.h"
#include "rating/luck_verify.h"
#include "record/record.h"

#define LUCK_TOLERANCE		1e-9

/* A line of the luck file: of two seats, seat 0's luck (score,
 * value); of three, each pair's score (luck.h), its value twice it. */
struct luck_line {
	int	deal, lineno, nplayers;
	char	players[MAX_PLAYERS][128];
	double	luck[LUCK_NOUT];
	bool	seen;		/* its deal was found */
};

struct luck_lines {
	struct luck_line	*l;
	int			 n, cap;
};

void
luck_line_write(FILE *f, const char *file, int lineno,
    const struct record_summary *s, const double *luck)
{
	json_t *o = json_pack("{s:s}", "file", file), *deal;

	if (lineno > 0)
		json_object_set_new(o, "line", json_integer(lineno));
	deal = s->nseats == 3 ? json_pack("{s:i, s:i, s:[sss], s:[fff], "
	    "s:[fff]}", "deal", s->number, "pair", s->pair, "players",
	    s->players[0], s->players[1], s->players[2], "luck_score",
	    luck[0], luck[1], luck[2], "luck_value", 2 * luck[0], 2 * luck[1],
	    2 * luck[2]) : json_pack("{s:i, s:i, s:[ss], s:f, s:f}", "deal",
	    s->number, "pair", s->pair, "players", s->players[0],
	    s->players[1], "luck_score", luck[0], "luck_value", luck[1]);
	if (o != NULL && deal != NULL && json_object_update(o, deal) == 0 &&
	    json_dumpf(o, f, JSON_COMPACT) == 0)
		fputc('\n', f);
	fflush(f);
	json_decref(deal);
	json_decref(o);
}

/* A line's figures into l: 0, or -1 if it has not their shape (of two
 * seats, luck_score and luck_value numbers; of three, arrays of three
 * numbers, the values twice the scores). */
static int
parse_line(json_t *o, struct luck_line *l)
{
	json_t *pl, *score, *value;

	if (json_unpack(o, "{s:i, s:o, s:o, s:o}", "deal", &l->deal,
	    "players", &pl, "luck_score", &score, "luck_value", &value) < 0)
		return -1;
	l->nplayers = (int)json_array_size(pl);
	if (l->nplayers < 2 || l->nplayers > MAX_PLAYERS)
		return -1;
	for (int s = 0; s < l->nplayers; s++) {
		const char *p = json_string_value(json_array_get(pl,
		    (size_t)s));
		if (p == NULL)
			return -1;
		snprintf(l->players[s], sizeof(l->players[s]), "%s", p);
	}
	if (l->nplayers == 2) {
		l->luck[0] = json_number_value(score);
		l->luck[1] = json_number_value(value);
		return json_is_number(score) && json_is_number(value) ? 0 : -1;
	}
	if (json_array_size(score) != LUCK_NOUT ||
	    json_array_size(value) != LUCK_NOUT)
		return -1;
	for (size_t k = 0; k < LUCK_NOUT; k++) {
		json_t *x = json_array_get(score, k), *y = json_array_get(value,
		    k);
		if (!json_is_number(x) || !json_is_number(y) ||
		    fabs(json_number_value(y) - 2 * json_number_value(x)) >
		    LUCK_TOLERANCE)
			return -1;
		l->luck[k] = json_number_value(x);
	}
	return 0;
}

/* One line of the luck file into ls: 0, or -1 after one line. */
static int
read_line(struct luck_lines *ls, const char *path, int lineno,
    const char *text)
{
	json_error_t je;
	json_t *o = json_loads(text, 0, &je);
	struct luck_line l;

	memset(&l, 0, sizeof(l));
	if (o == NULL || parse_line(o, &l) < 0) {
		fprintf(stderr, "%s:%d: not a line of luck (rate --luck-file: "
		    "deal, players, luck_score, luck_value)\n", path, lineno);
		json_decref(o);
		return -1;
	}
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? 2 * ls->cap : 64;
		ls->l = xreallocarray(ls->l, (size_t)ls->cap, sizeof(*ls->l));
	}
	l.lineno = lineno;
	ls->l[ls->n++] = l;
	json_decref(o);
	return 0;
}

/* The luck file's lines: the number of bad ones, or -1 if it cannot be
 * read. */
static int
read_lines(struct luck_lines *ls, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, bad = 0;

	if (f == NULL) {
		fprintf(stderr, "bezique-arbiter: verify: --luck-file %s: %s\n",
		    path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) > 0)
		if (read_line(ls, path, ++lineno, line) < 0)
			bad++;
	free(line);
	fclose(f);
	return bad;
}

/* The line of deal s, or NULL. */
static struct luck_line *
find(struct luck_lines *ls, const struct record_summary *s)
{
	for (int i = 0; i < ls->n; i++) {
		struct luck_line *l = &ls->l[i];
		bool same = l->deal == s->number && !l->seen &&
		    l->nplayers == s->nseats;
		for (int p = 0; same && p < s->nseats; p++)
			same = strcmp(l->players[p], s->players[p]) == 0;
		if (same)
			return l;
	}
	return NULL;
}

/* Whether line l has the luck of its record, luck (of two seats: score
 * and value; of three: each pair's score). */
static bool
agrees(const struct luck_line *l, const double *luck)
{
	int n = l->nplayers == 3 ? LUCK_NOUT : 2;

	for (int k = 0; k < n; k++)
		if (!(fabs(l->luck[k] - luck[k]) <= LUCK_TOLERANCE))
			return false;
	return true;
}

/* One record against its line: 0, or 1 after one line on stderr. */
static int
check_deal(struct luck_book *b, struct luck_lines *ls, const char *luck_path,
    const char *file, int lineno, const char *line)
{
	struct record_summary s;
	struct luck_line *l;
	double luck[LUCK_NOUT];
	char err[256];
	int rc;

	if (record_read(line, false, &s, err, sizeof(err)) < 0 || s.voided)
		return 0;	/* verify said what is wrong with it */
	if ((rc = luck_book_deal(b, line, luck, err, sizeof(err))) != 0) {
		if (rc < 0)
			fprintf(stderr, "%s:%d: deal %d: %s\n", file, lineno,
			    s.number, err);
		return rc < 0;	/* 2: a game's deal, not its last */
	}
	if ((l = find(ls, &s)) == NULL) {
		fprintf(stderr, "%s:%d: deal %d has no line in %s\n", file,
		    lineno, s.number, luck_path);
		return 1;
	}
	l->seen = true;
	if (agrees(l, luck))
		return 0;
	if (l->nplayers == 3)
		fprintf(stderr, "%s:%d: deal %d: luck %.9g, %.9g, %.9g (the "
		    "pairs' scores), but its record (%s:%d) gives %.9g, %.9g, "
		    "%.9g\n", luck_path, l->lineno, s.number, l->luck[0],
		    l->luck[1], l->luck[2], file, lineno, luck[0], luck[1],
		    luck[2]);
	else
		fprintf(stderr, "%s:%d: deal %d: luck %.9g (score), %.9g "
		    "(value), but its record (%s:%d) gives %.9g, %.9g\n",
		    luck_path, l->lineno, s.number, l->luck[0], l->luck[1],
		    file, lineno, luck[0], luck[1]);
	return 1;
}

int
luck_verify(const char *luck_path, char **files, int nfiles)
{
	struct luck_lines ls = { NULL, 0, 0 };
	struct luck_book *b;
	char *line = NULL;
	size_t cap = 0;
	int bad = read_lines(&ls, luck_path), deals = 0;

	if (bad < 0)
		return 1;
	b = luck_book_new();
	for (int i = 0; i < nfiles; i++) {
		FILE *f = fopen(files[i], "r");
		int lineno = 0;
		if (f == NULL || strcmp(files[i], "-") == 0) {
			fprintf(stderr, "bezique-arbiter: verify: --luck-file: "
			    "%s not read again for its luck\n", files[i]);
			bad++;
			if (f != NULL)
				fclose(f);
			continue;
		}
		while (getline(&line, &cap, f) > 0) {
			bad += check_deal(b, &ls, luck_path, files[i],
			    ++lineno, line);
			deals++;
		}
		fclose(f);
	}
	for (int i = 0; i < ls.n; i++)
		if (!ls.l[i].seen) {
			const struct luck_line *l = &ls.l[i];
			fprintf(stderr, "%s:%d: deal %d (%s, %s%s%s) is in no "
			    "record given\n", luck_path, l->lineno, l->deal,
			    l->players[0], l->players[1], l->nplayers == 3 ?
			    ", " : "", l->nplayers == 3 ? l->players[2] : "");
			bad++;
		}
	printf("%s: %d line%s of luck checked against %d record%s, %d "
	    "wrong\n", luck_path, ls.n, ls.n == 1 ? "" : "s", deals,
	    deals == 1 ? "" : "s", bad);
	luck_book_free(b);
	free(ls.l);
	free(line);
	return bad;
}
