/*
 * seed.c: the key a run deals from (seed.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/keyfile.h"
#include "record/record.h"
#include "match/seed.h"

/*
 * The key of the records of a run being continued: the one its key file
 * holds for its first complete record's commitment.  Returns 0; 1 when
 * there is no record to read (no file, no complete line, a line that is
 * no record): then a fresh key is right, and --resume itself reports
 * what was wrong with the file; or -1 after one line on stderr.
 */
static int
key_of_records(struct match_cfg *c, const char *path)
{
	FILE *f = fopen(path, "r");
	struct record_summary s;
	char *line = NULL, err[512];
	size_t cap = 0;
	ssize_t n;
	int rc = 1;

	if (f == NULL)
		return 1;
	if ((n = getline(&line, &cap, f)) > 0 && line[n - 1] == '\n' &&
	    record_read(line, false, &s, err, sizeof(err)) == 0 &&
	    record_index(&s) < c->deals) {
		if (s.version < 3)
			fprintf(stderr, "bezique-arbiter: --resume %s: records "
			    "of version %d, dealt by a seed: finish them with "
			    "the arbiter that wrote them\n", path, s.version);
		else if ((rc = keyfile_find(path, s.id.commit, c->key, err,
		    sizeof(err))) == 1)
			fprintf(stderr, "bezique-arbiter: --resume %s: its "
			    "key is not in %s.key (give the run's --seed or "
			    "--key)\n", path, path);
		else if (rc < 0)
			fprintf(stderr, "bezique-arbiter: --resume: %s\n", err);
		rc = s.version < 3 || rc != 0 ? -1 : 0;
	}
	free(line);
	fclose(f);
	return rc;
}

int
seed_settle(struct match_cfg *c)
{
	int rc;

	if (c->seed_given) {
		if (c->seed_guessable)
			fprintf(stderr, "bezique-arbiter: --seed is "
			    "short, a number or a date: an engine's author "
			    "could guess it and deal every deck (leave it out "
			    "for a secret key, or give 16 characters or more "
			    "of more than digits)\n");
		return 0;
	}
	if (c->resume != NULL && (rc = key_of_records(c, c->resume)) <= 0)
		return rc;
	if (c->nshards > 1) {
		fprintf(stderr, "bezique-arbiter: --shard %d/%d needs --seed "
		    "or --key (or seed = in the tournament file): every "
		    "shard must deal the same decks\n", c->shard + 1,
		    c->nshards);
		return -1;
	}
	if (run_key_draw(c->key) < 0) {
		fprintf(stderr, "bezique-arbiter: drawing a key: %s\n",
		    strerror(errno));
		return -1;
	}
	c->seed_drawn = true;
	return 0;
}

int
seed_keep(const struct match_cfg *c, const char *path)
{
	char err[512];

	if (keyfile_keep(path, c->key, err, sizeof(err)) < 0) {
		fprintf(stderr, "bezique-arbiter: keeping the run's key: %s\n",
		    err);
		return -1;
	}
	return 0;
}

void
seed_say_drawn(const uint8_t key[RUN_KEY_BYTES], FILE *f)
{
	char hex[RUN_KEY_HEX];

	run_key_hex(key, RUN_KEY_BYTES, hex);
	fprintf(f, "bezique-arbiter: the decks came from key %s, drawn at "
	    "random; --key %s deals them again\n", hex, hex);
}
