/*
 * recordset.c: records checked as a whole (recordset.h).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "record/recordset.h"
#include "record/schedule.h"
#include "record/seating.h"

#define GOLDEN		0x9e3779b97f4a7c15ULL
#define MAX_PAIRINGS	(MAX_ENGINES * (MAX_ENGINES - 1) / 2)

/* A deal seen: its schedule key, and what tells a repeat from a rival. */
struct seen {
	int		 deal, hand;
	bool		 used;
	bool		 voided;	/* an attempt played again: several
					 * per deal, each once */
	uint64_t	 seed, players, content;
	const char	*file;
	int		 line;
};

/* A deck: its pair and its seed brought back to the match seed plus its
 * round (schedule_match_seed(D, 0) = S + round * GOLDEN). */
struct deck {
	int		 pair, deal;
	uint64_t	 base;
	const char	*file;
	int		 line;
};

struct recordset {
	bool		 merge;
	struct seen	*tab;
	size_t		 cap, n;
	struct seatings	*seats;
	struct deck	*decks;
	size_t		 ndecks, deckcap;
	bool		 single, duplicate;	/* pair = deal, deal / seats */
	bool		 keyed;		/* records of version 3 */
};

static void *
grow(void *p, size_t *cap, size_t size)
{
	*cap = *cap ? *cap * 2 : 64;
	if ((p = realloc(p, *cap * size)) == NULL)
		abort();
	return p;
}

/* FNV-1a, 64 bits, of n bytes. */
static uint64_t
fnv(const char *s, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

#define FNV_START	0xcbf29ce484222325ULL

struct recordset *
recordset_new(bool merge)
{
	struct recordset *rs = calloc(1, sizeof(*rs));

	if (rs == NULL)
		abort();
	rs->merge = merge;
	rs->seats = merge ? NULL : seatings_new();
	rs->single = rs->duplicate = true;
	rs->cap = 1024;
	if ((rs->tab = calloc(rs->cap, sizeof(*rs->tab))) == NULL)
		abort();
	return rs;
}

void
recordset_free(struct recordset *rs)
{
	if (rs == NULL)
		return;
	free(rs->tab);
	seatings_free(rs->seats);
	free(rs->decks);
	free(rs);
}

static bool
same_key(const struct recordset *rs, const struct seen *a,
    const struct seen *b)
{
	return a->deal == b->deal && a->hand == b->hand &&
	    a->voided == b->voided && (!a->voided ||
	    a->content == b->content) && (!rs->merge ||
	    (a->seed == b->seed && a->players == b->players));
}

static size_t
slot_of(const struct recordset *rs, const struct seen *e)
{
	uint64_t h = (uint64_t)e->deal * GOLDEN ^ (uint64_t)e->hand;

	if (rs->merge)
		h ^= e->seed ^ e->players;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	return (size_t)(h ^ h >> 32) & (rs->cap - 1);
}

/* The entry of e's key: found, or the free slot for it. */
static struct seen *
lookup(struct recordset *rs, const struct seen *e)
{
	size_t i = slot_of(rs, e);

	while (rs->tab[i].used && !same_key(rs, &rs->tab[i], e))
		i = (i + 1) & (rs->cap - 1);
	return &rs->tab[i];
}

static void
insert(struct recordset *rs, const struct seen *e)
{
	if (2 * (rs->n + 1) > rs->cap) {
		struct seen *old = rs->tab;
		size_t n = rs->cap;
		rs->cap *= 2;
		if ((rs->tab = calloc(rs->cap, sizeof(*rs->tab))) == NULL)
			abort();
		for (size_t i = 0; i < n; i++)
			if (old[i].used)
				*lookup(rs, &old[i]) = old[i];
		free(old);
	}
	*lookup(rs, e) = *e;
	rs->n++;
}

/* "line 4" in the same file, "f.jsonl:4" in another. */
static void
place(const char *file, int line, const char *here, char *buf, size_t len)
{
	if (file == here || (file && here && strcmp(file, here) == 0))
		snprintf(buf, len, "line %d", line);
	else
		snprintf(buf, len, "%s:%d", file ? file : "-", line);
}

/* Pair k of a match is deal k (single deals) or k / seats (duplicate):
 * one of the two for every record of the set. */
static int
check_pair(struct recordset *rs, const struct record_summary *s, char *err,
    size_t errlen)
{
	rs->single = rs->single && s->pair == record_index(s);
	rs->duplicate = rs->duplicate && s->pair == record_index(s) / s->nseats;
	if (rs->single || rs->duplicate)
		return 0;
	snprintf(err, errlen, "deal %d is in pair %d: the pairs of the other "
	    "records are %s", s->number, s->pair + 1, s->pair ==
	    record_index(s) ?
	    "duplicate (a deck in every seating)" : "single deals");
	return -1;
}

static void
add_deck(struct recordset *rs, const char *file, int lineno,
    const struct record_summary *s)
{
	uint64_t d = s->hand > 0 ? schedule_match_seed(s->seed, s->hand) :
	    s->seed;

	if (rs->ndecks == rs->deckcap)
		rs->decks = grow(rs->decks, &rs->deckcap, sizeof(*rs->decks));
	/* Version 3: the commitment's number plus round * GOLDEN
	 * (record_read_deck_id()), less the hand. */
	rs->decks[rs->ndecks++] = (struct deck){ s->pair, record_index(s),
	    s->version >= 3 ? s->seed - (uint64_t)s->id.hand :
	    schedule_match_seed(d, 0), file, lineno };
}

int
recordset_add(struct recordset *rs, const char *file, int lineno,
    const char *line, const struct record_summary *s, char *err,
    size_t errlen)
{
	struct seen e = { s->number, s->series ? s->hand : 0, true, s->voided,
	    s->seed, 0, 0, file, lineno };
	struct seen *was;
	char where[300], game[40] = "";

	for (int p = 0; p < s->nseats; p++)
		e.players = fnv(s->players[p], strlen(s->players[p]) + 1,
		    e.players ? e.players : FNV_START);
	e.content = fnv(line, strcspn(line, "\r\n"), FNV_START);
	if (s->series)
		snprintf(game, sizeof(game), " (deal %d of its game)",
		    s->hand + 1);
	was = lookup(rs, &e);
	if (was->used) {
		place(was->file, was->line, file, where, sizeof(where));
		if (was->content == e.content && was->seed == e.seed &&
		    was->players == e.players) {
			snprintf(err, errlen, "deal %d%s repeats %s (the same "
			    "record twice)", s->number, game, where);
			return RS_REPEAT;
		}
		snprintf(err, errlen, "deal %d%s is recorded twice, here and "
		    "at %s, differently", s->number, game, where);
		return -1;
	}
	if (!rs->merge && check_pair(rs, s, err, errlen) < 0)
		return -1;
	insert(rs, &e);
	if (!rs->merge) {
		rs->keyed = rs->keyed || s->version >= 3;
		seatings_add(rs->seats, file, lineno, s);
		add_deck(rs, file, lineno, s);
	}
	return RS_NEW;
}

/* How many decks come from the seed that deck ref and per_round pairs
 * a round give (*seed); *stray is the first that does not. */
static size_t
fitting(const struct recordset *rs, size_t ref, int per_round,
    uint64_t *seed, size_t *stray)
{
	const struct deck *d = rs->decks;
	size_t n = 0;

	*seed = d[ref].base - (uint64_t)(d[ref].pair / per_round) * GOLDEN;
	*stray = rs->ndecks;
	for (size_t i = 0; i < rs->ndecks; i++) {
		if (d[i].base - (uint64_t)(d[i].pair / per_round) * GOLDEN ==
		    *seed)
			n++;
		else if (*stray == rs->ndecks)
			*stray = i;
	}
	return n;
}

/* Every deck from one match seed and the schedule, or one line naming the
 * first that is not. */
static size_t
check_decks(const struct recordset *rs, FILE *out)
{
	size_t best = 0, n, stray, bad = 0;
	int best_per = 1;
	uint64_t seed, best_seed = 0;
	const struct deck *d;

	if (rs->ndecks == 0)
		return 0;
	/* A tournament deals one deck to all its pairings in a round; the
	 * first deck or the second may be the stray one. */
	for (int per = 1; per <= MAX_PAIRINGS; per++)
		for (size_t ref = 0; ref < 2 && ref < rs->ndecks; ref++) {
			n = fitting(rs, ref, per, &seed, &stray);
			if (n == rs->ndecks)
				return 0;
			if (n > best) {
				best = n;
				bad = stray;
				best_per = per;
				best_seed = seed;
			}
		}
	d = &rs->decks[bad];
	fprintf(out, "%s:%d: deal %d (pair %d) is not dealt by the schedule "
	    "of the other deals (%s %" PRIu64 "%s): moved from another "
	    "index, or from another match\n", d->file ? d->file : "-",
	    d->line, d->deal + 1, d->pair + 1, rs->keyed ? "their commit's "
	    "number" : "seed", best_seed, best_per > 1 ? ", a tournament" :
	    "");
	return 1;
}

size_t
recordset_finish(struct recordset *rs, FILE *out)
{
	if (rs->merge)
		return 0;
	return seatings_check(rs->seats, rs->single, out) +
	    check_decks(rs, out);
}

/* The first option=value of two rule lists that differs, as "a" / "b". */
static void
rules_diff(const char *a, const char *b, char *buf, size_t len)
{
	size_t i = 0, j = 0;

	for (;;) {
		size_t n = strcspn(a + i, ","), m = strcspn(b + j, ",");
		if (n != m || strncmp(a + i, b + j, n) != 0 ||
		    (a[i + n] == '\0') != (b[j + m] == '\0')) {
			snprintf(buf, len, "the file's '%.*s', the command's "
			    "'%.*s'", (int)(n > 120 ? 120 : n), a + i,
			    (int)(m > 120 ? 120 : m), b + j);
			return;
		}
		if (a[i + n] == '\0')
			break;
		i += n + 1;
		j += m + 1;
	}
	snprintf(buf, len, "the same");
}

static void
names_of(const char *const *names, int n, char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s'%s'", i ? ", " : "",
		    names[i]);
}

/* The seats: the engines the schedule puts in them. */
static int
check_players(const struct match_cfg *c, const struct deal_spec *d,
    const struct record_summary *s, char *err, size_t errlen)
{
	const char *want[MAX_PLAYERS], *got[MAX_PLAYERS];
	char a[400], b[400];
	bool same = s->nseats == c->rules.players;

	for (int p = 0; p < s->nseats && p < MAX_PLAYERS; p++) {
		got[p] = s->players[p];
		want[p] = p < c->rules.players ? c->engines[d->engine[p]].name :
		    "";
		same = same && strcmp(got[p], want[p]) == 0;
	}
	if (same)
		return 0;
	names_of(got, s->nseats, a, sizeof(a));
	names_of(want, c->rules.players, b, sizeof(b));
	snprintf(err, errlen, "players: the file's deal %d seats %s, the "
	    "command's %s", s->number, a, b);
	return -1;
}

/* The deal's place: in the schedule, in this shard, in its pair. */
static int
check_place(const struct match_cfg *c, const struct deal_spec *d,
    const struct record_summary *s, char *err, size_t errlen)
{
	if (record_index(s) >= c->deals) {
		snprintf(err, errlen, "deals: the file has deal %d, the "
		    "command %d deals", s->number, c->deals);
		return -1;
	}
	if (s->pair != d->pair) {
		snprintf(err, errlen, "duplicate: the file's deal %d is in "
		    "pair %d, the command's in pair %d (%s--duplicate?)",
		    s->number, s->pair + 1, d->pair + 1, c->duplicate ?
		    "without " : "");
		return -1;
	}
	if (c->nshards > 1 && d->pair % c->nshards != c->shard) {
		snprintf(err, errlen, "shard: the file's deal %d is of shard "
		    "%d/%d, the command's shard is %d/%d", s->number,
		    d->pair % c->nshards + 1, c->nshards, c->shard + 1,
		    c->nshards);
		return -1;
	}
	return 0;
}

/* The command's rules as a record has them: in a game of several deals
 * the trump of the deal before may be barred (series_next_rules()). */
static void
expected_rules(const struct match_cfg *c, bool later_deal,
    const char *file_rules, char *buf, size_t len)
{
	struct rules want = c->rules, got;
	char err[256];

	rules_init(&got, c->rules.variant);
	if (later_deal && rules_set_list(&got, file_rules, err,
	    sizeof(err)) == 0)
		want.barred_trump = got.barred_trump;
	rules_format(&want, buf, len);
}

/* The run: the records' key the command's (version 3). */
static int
check_key(const struct match_cfg *c, const struct record_summary *s,
    char *err, size_t errlen)
{
	char commit[RUN_KEY_HEX];

	if (s->version < 3) {
		snprintf(err, errlen, "version %d: dealt by a seed, not by a "
		    "key (finish it with the arbiter that wrote it)",
		    s->version);
		return -1;
	}
	run_key_commitment(c->key, commit);
	if (strcmp(commit, s->id.commit) != 0) {
		snprintf(err, errlen, "commit: the file's %.16s..., the "
		    "command's key's %.16s... (another --seed or --key)",
		    s->id.commit, commit);
		return -1;
	}
	return 0;
}

int
record_fits_match(const struct match_cfg *c, const char *line,
    const struct record_summary *s, char *err, size_t errlen)
{
	json_t *obj = record_load(line, 0, NULL);
	const char *variant = NULL, *rules = NULL;
	char want[2048], diff[300];
	struct deal_spec d;
	int rc = -1;

	if (obj == NULL || json_unpack(obj, "{s:s, s:s}", "variant", &variant,
	    "rules", &rules) < 0) {
		snprintf(err, errlen, "no variant or rules");
		goto out;
	}
	if (strcmp(variant, variant_name(c->rules.variant)) != 0) {
		snprintf(err, errlen, "variant: the file's '%s', the "
		    "command's '%s'", variant, variant_name(c->rules.variant));
		goto out;
	}
	expected_rules(c, s->series && s->hand > 0, rules, want,
	    sizeof(want));
	if (strcmp(rules, want) != 0) {
		rules_diff(rules, want, diff, sizeof(diff));
		snprintf(err, errlen, "rules: %s", diff);
		goto out;
	}
	if (record_index(s) >= c->deals) {
		rc = check_place(c, NULL, s, err, errlen);
		goto out;
	}
	schedule_deal(c, record_index(s), &d);
	if (check_place(c, &d, s, err, errlen) < 0)
		goto out;
	/* The seats first: another format or order of the engines moves
	 * pairings to other rounds, hence other decks. */
	if (check_players(c, &d, s, err, errlen) < 0)
		goto out;
	if (check_key(c, s, err, errlen) < 0)
		goto out;
	if (s->id.round != d.round) {
		snprintf(err, errlen, "round: the file's deal %d has deck %d, "
		    "the command's %d%s", s->number, s->id.round, d.round,
		    c->common_deals ? " (without --common-deals?)" : " (dealt "
		    "with common deals: --common-deals?)");
		goto out;
	}
	rc = 0;
out:
	json_decref(obj);
	return rc;
}
