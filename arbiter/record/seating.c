/*
 * seating.c: the engines' seats, record by record (seating.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xmalloc.h"
#include "record/seating.h"

#define FNV_START	0xcbf29ce484222325ULL

/* One record: the order of its players (indices into its pairing's
 * names) turned back by the deal index, and as it is. */
struct sat {
	uint64_t	 turned, kept;
	int		 deal, line;
	const char	*file;
	unsigned char	 order[MAX_PLAYERS];
};

/* The engines of one pairing and every record of theirs. */
struct pairing {
	uint64_t	 engines;	/* the names as a set */
	int		 nseats;
	char		*names[MAX_PLAYERS];
	struct sat	*sat;
	size_t		 n, cap;
};

struct seatings {
	struct pairing	*p;
	size_t		 n, cap;
};

/* FNV-1a, 64 bits, of n bytes. */
static uint64_t
fnv(const char *s, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

struct seatings *
seatings_new(void)
{
	return xcalloc(1, sizeof(struct seatings));
}

void
seatings_free(struct seatings *st)
{
	if (st == NULL)
		return;
	for (size_t i = 0; i < st->n; i++) {
		for (int j = 0; j < st->p[i].nseats; j++)
			free(st->p[i].names[j]);
		free(st->p[i].sat);
	}
	free(st->p);
	free(st);
}

static struct pairing *
pairing_of(struct seatings *st, const struct record_summary *s)
{
	uint64_t engines = 0;

	for (int j = 0; j < s->nseats; j++)
		engines += fnv(s->players[j], strlen(s->players[j]) + 1,
		    FNV_START);
	for (size_t i = 0; i < st->n; i++)
		if (st->p[i].engines == engines &&
		    st->p[i].nseats == s->nseats)
			return &st->p[i];
	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 16;
		st->p = xreallocarray(st->p, st->cap, sizeof(*st->p));
	}
	memset(&st->p[st->n], 0, sizeof(st->p[st->n]));
	st->p[st->n].engines = engines;
	st->p[st->n].nseats = s->nseats;
	for (int j = 0; j < s->nseats; j++)
		st->p[st->n].names[j] = xstrdup(s->players[j]);
	return &st->p[st->n++];
}

void
seatings_add(struct seatings *st, const char *file, int lineno,
    const struct record_summary *s)
{
	struct pairing *p = pairing_of(st, s);
	struct sat r = { FNV_START, FNV_START, record_index(s), lineno, file, { 0 } };
	int n = s->nseats;

	for (int j = 0; j < n; j++) {
		const char *name = s->players[((j - record_index(s)) % n + n) % n];
		r.turned = fnv(name, strlen(name) + 1, r.turned);
		r.kept = fnv(s->players[j], strlen(s->players[j]) + 1, r.kept);
		for (int k = 0; k < n; k++)
			if (strcmp(p->names[k], s->players[j]) == 0)
				r.order[j] = (unsigned char)k;
	}
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->sat = xreallocarray(p->sat, p->cap, sizeof(*p->sat));
	}
	p->sat[p->n++] = r;
}

static uint64_t
reading(const struct sat *r, bool kept)
{
	return kept ? r->kept : r->turned;
}

/* The record whose reading the most records share, the earliest of a
 * tie, and how many share it (quadratic in a pairing's records: a few
 * hundred at most in a file). */
static size_t
most(const struct pairing *p, bool kept, size_t *count)
{
	size_t best = 0, n;

	*count = 0;
	for (size_t i = 0; i < p->n; i++) {
		n = 0;
		for (size_t j = 0; j < p->n; j++)
			n += reading(&p->sat[j], kept) ==
			    reading(&p->sat[i], kept);
		if (n > *count) {
			*count = n;
			best = i;
		}
	}
	return best;
}

static void
say_misseated(const struct pairing *p, const struct sat *r,
    const struct sat *ref, FILE *out)
{
	fprintf(out, "%s:%d: deal %d seats ", r->file ? r->file : "-",
	    r->line, r->deal + 1);
	for (int j = 0; j < p->nseats; j++)
		fprintf(out, "%s'%s'", j ? ", " : "", p->names[r->order[j]]);
	fprintf(out, " in another order than the schedule and deal %d (",
	    ref->deal + 1);
	if (ref->file == r->file || (ref->file && r->file &&
	    strcmp(ref->file, r->file) == 0))
		fprintf(out, "line %d", ref->line);
	else
		fprintf(out, "%s:%d", ref->file ? ref->file : "-", ref->line);
	fprintf(out, ") have them (players swapped?)\n");
}

size_t
seatings_check(const struct seatings *st, bool single, FILE *out)
{
	size_t bad = 0, turned, kept, ref;
	const struct pairing *p;
	size_t k;
	bool keeps;

	for (size_t i = 0; i < st->n; i++) {
		p = &st->p[i];
		ref = most(p, false, &turned);
		keeps = false;
		/* A person's games keep the seats: where every record is a
		 * single deal, that reading wins if more records share it. */
		if (single && (k = most(p, true, &kept), kept > turned)) {
			ref = k;
			keeps = true;
		}
		for (size_t j = 0; j < p->n; j++)
			if (reading(&p->sat[j], keeps) !=
			    reading(&p->sat[ref], keeps)) {
				say_misseated(p, &p->sat[j], &p->sat[ref], out);
				bad++;
			}
	}
	return bad;
}
