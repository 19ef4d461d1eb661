/*
 * seed.c: the seed a run deals from (seed.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "record/record.h"
#include "record/recordset.h"
#include "match/seed.h"

/*
 * The seed of the records of a run being continued: its first complete
 * record's.  Returns 0, or -1 when there is none to read (no file, no
 * complete line, a line that is no record): then a fresh seed is right,
 * and --resume itself reports what was wrong with the file.
 */
static int
seed_of_records(struct match_cfg *c, const char *path)
{
	FILE *f = fopen(path, "r");
	struct record_summary s;
	char *line = NULL, err[256];
	size_t cap = 0;
	ssize_t n;
	int rc = -1;

	if (f == NULL)
		return -1;
	if ((n = getline(&line, &cap, f)) > 0 && line[n - 1] == '\n' &&
	    record_read(line, false, &s, err, sizeof(err)) == 0 &&
	    s.deal >= 0 && s.deal < c->deals) {
		c->seed = record_run_seed(c, &s);
		rc = 0;
	}
	free(line);
	fclose(f);
	return rc;
}

int
seed_settle(struct match_cfg *c)
{
	if (c->seed_given)
		return 0;
	if (c->resume != NULL && seed_of_records(c, c->resume) == 0)
		return 0;
	if (c->nshards > 1) {
		fprintf(stderr, "bezique-arbiter: --shard %d/%d needs --seed "
		    "(or seed = in the tournament file): every shard must "
		    "deal the same decks\n", c->shard + 1, c->nshards);
		return -1;
	}
	if (seed_draw(&c->seed) < 0) {
		fprintf(stderr, "bezique-arbiter: drawing a seed: %s\n",
		    strerror(errno));
		return -1;
	}
	c->seed_drawn = true;
	return 0;
}

int
seed_draw(uint64_t *seed)
{
	uint64_t x;

	if (getrandom(&x, sizeof(x), 0) != (ssize_t)sizeof(x))
		return -1;
	*seed = x & INT64_MAX;
	return 0;
}

void
seed_say_drawn(uint64_t seed, FILE *f)
{
	fprintf(f, "bezique-arbiter: the decks came from seed %" PRIu64
	    ", drawn at random; --seed %" PRIu64 " deals them again\n",
	    seed, seed);
}
