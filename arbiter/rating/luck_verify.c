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

/* A line of the luck file. */
struct luck_line {
	int	deal, lineno;
	char	players[2][128];
	double	luck[2];	/* score, value */
	bool	seen;		/* its deal was found */
};

struct luck_lines {
	struct luck_line	*l;
	int			 n, cap;
};

/* One line of the luck file into ls: 0, or -1 after one line. */
static int
read_line(struct luck_lines *ls, const char *path, int lineno,
    const char *text)
{
	json_error_t je;
	json_t *o = json_loads(text, 0, &je);
	const char *p0, *p1;
	struct luck_line *l;
	int deal;
	double score, value;

	if (o == NULL || json_unpack(o, "{s:i, s:[ss], s:F, s:F}", "deal",
	    &deal, "players", &p0, &p1, "luck_score", &score, "luck_value",
	    &value) < 0) {
		fprintf(stderr, "%s:%d: not a line of luck (rate --luck-file: "
		    "deal, players, luck_score, luck_value)\n", path, lineno);
		json_decref(o);
		return -1;
	}
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? 2 * ls->cap : 64;
		ls->l = xreallocarray(ls->l, (size_t)ls->cap, sizeof(*ls->l));
	}
	l = &ls->l[ls->n++];
	memset(l, 0, sizeof(*l));
	l->deal = deal;
	l->lineno = lineno;
	snprintf(l->players[0], sizeof(l->players[0]), "%s", p0);
	snprintf(l->players[1], sizeof(l->players[1]), "%s", p1);
	l->luck[0] = score;
	l->luck[1] = value;
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
	for (int i = 0; i < ls->n; i++)
		if (ls->l[i].deal == s->number && !ls->l[i].seen &&
		    strcmp(ls->l[i].players[0], s->players[0]) == 0 &&
		    strcmp(ls->l[i].players[1], s->players[1]) == 0)
			return &ls->l[i];
	return NULL;
}

/* One record against its line: 0, or 1 after one line on stderr. */
static int
check_deal(struct luck_book *b, struct luck_lines *ls, const char *luck_path,
    const char *file, int lineno, const char *line)
{
	struct record_summary s;
	struct luck_line *l;
	double luck[2];
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
	if (fabs(l->luck[0] - luck[0]) <= LUCK_TOLERANCE &&
	    fabs(l->luck[1] - luck[1]) <= LUCK_TOLERANCE)
		return 0;
	fprintf(stderr, "%s:%d: deal %d: luck %.9g (score), %.9g (value), "
	    "but its record (%s:%d) gives %.9g, %.9g\n", luck_path, l->lineno,
	    s.number, l->luck[0], l->luck[1], file, lineno, luck[0], luck[1]);
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
			fprintf(stderr, "%s:%d: deal %d (%s, %s) is in no record "
			    "given\n", luck_path, ls.l[i].lineno, ls.l[i].deal,
			    ls.l[i].players[0], ls.l[i].players[1]);
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
