/*
 * verify.c: `bezique-arbiter verify FILE...`: replays every record with
 * the rules core and checks every recorded figure, then
 * each file as a whole: one match's deals, each once (recordset.h), and
 * every deck of version 3 the one its run's key deals (deck_key.h): the
 * key given (--key), or the one the file's key file holds (keyfile.h);
 * with --luck-file, each deal's luck too (rating/luck_verify.h).
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/flags.h"
#include "record/deck_key.h"
#include "record/keyfile.h"
#include "record/record.h"
#include "record/recordset.h"
#include "record/verify.h"

/* The record's rules and deck (its own rules: a later deal of a game may
 * bar a trump). */
static int
rules_and_deck(json_t *obj, struct rules *r, uint16_t *deck, char *err,
    size_t errlen)
{
	const char *variant, *rules_text, *deck_text;
	enum variant v;

	if (json_unpack(obj, "{s:s, s:s, s:s}", "variant", &variant, "rules",
	    &rules_text, "deck", &deck_text) < 0 ||
	    variant_parse(variant, &v) < 0) {
		snprintf(err, errlen, "no variant, rules or deck");
		return -1;
	}
	rules_init(r, v);
	if (rules_set_list(r, rules_text, err, errlen) < 0)
		return -1;
	return record_parse_deck(r, deck_text, deck, err, errlen);
}

/*
 * Whether a version 3 record (line, read into sum) was dealt by key: its
 * commit is the key's, its deck and cut the ones the key deals for its
 * round and hand (deck_key.h).  0 (also for versions 1 and 2, checked by
 * their seed), or -1 with one line naming the deal in err.
 */
static int
record_check_key(const char *line, const struct record_summary *sum,
    const uint8_t key[RUN_KEY_BYTES], char *err, size_t errlen)
{
	json_t *obj = record_load(line, 0, NULL);
	char commit[RUN_KEY_HEX];
	struct rules r;
	uint16_t deck[MAX_CARDS], want[MAX_CARDS];
	int lifted, guessed, want_l, want_g, rc = -1;

	if (sum->version < 3) {
		json_decref(obj);
		return 0;	/* dealt by its seed: replay() checked it */
	}
	if (sum->id.hand != (sum->series ? sum->hand : 0)) {
		snprintf(err, errlen, "deal %d: hand %d, not its deal's "
		    "number in its game (%d)", sum->number, sum->id.hand,
		    sum->series ? sum->hand : 0);
		goto out;
	}
	run_key_commitment(key, commit);
	if (strcmp(commit, sum->id.commit) != 0) {
		snprintf(err, errlen, "deal %d: its commit %.16s... is not the "
		    "key's %.16s... (another run's key, or an altered "
		    "record)", sum->number, sum->id.commit, commit);
		goto out;
	}
	if (obj == NULL || rules_and_deck(obj, &r, deck, err, errlen) < 0)
		goto out;
	deck_key_deck(key, &r, sum->id.round, sum->id.hand, want);
	if (memcmp(want, deck, sizeof(deck[0]) *
	    (size_t)(r.packs * CARDS_PER_PACK)) != 0) {
		snprintf(err, errlen, "deal %d: the deck is not the one the "
		    "key deals for round %d, hand %d", sum->number,
		    sum->id.round, sum->id.hand);
		goto out;
	}
	if (r.cut_cards > 0 && json_unpack(json_object_get(obj, "cut"),
	    "{s:i, s:i}", "lifted", &lifted, "guessed", &guessed) == 0) {
		deck_key_cut(key, &r, sum->id.round, sum->id.hand, &want_l,
		    &want_g);
		if (lifted != want_l || guessed != want_g) {
			snprintf(err, errlen, "deal %d: cut lifted %d, "
			    "guessed %d, not the key's %d, %d", sum->number,
			    lifted, guessed, want_l, want_g);
			goto out;
		}
	}
	rc = 0;
out:
	json_decref(obj);
	return rc;
}

/* The keys of a file's runs: the given one, or its key file's. */
struct keys {
	const uint8_t	*given;		/* --key, or NULL */
	char		 commit[RUN_KEY_HEX];	/* of key */
	uint8_t		 key[RUN_KEY_BYTES];
	int		 found;		/* keyfile_find()'s for commit */
	int		 unchecked;	/* decks without a key */
};

/* The record's deck dealt by its run's key: 0, or -1 with err. */
static int
check_key(struct keys *k, const char *path, const char *line,
    const struct record_summary *s, char *err, size_t errlen)
{
	if (s->version < 3)
		return 0;
	if (k->given != NULL)
		return record_check_key(line, s, k->given, err, errlen);
	if (strcmp(k->commit, s->id.commit) != 0) {
		snprintf(k->commit, sizeof(k->commit), "%s", s->id.commit);
		if ((k->found = keyfile_find(path, k->commit, k->key, err,
		    errlen)) < 0)
			return -1;
	}
	if (k->found == 1) {
		k->unchecked++;
		return 0;
	}
	return record_check_key(line, s, k->key, err, errlen);
}

static int
verify_file(const char *path, const uint8_t *given, int *records)
{
	struct keys keys = { given, "", { 0 }, 1, 0 };
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct recordset *set;
	char *line = NULL, err[512];
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, bad = 0, misfits;

	if (f == NULL) {
		fprintf(stderr, "bezique-arbiter: verify: %s: %s\n", path,
		    strerror(errno));
		return 1;
	}
	set = recordset_new(false);
	while ((n = getline(&line, &cap, f)) > 0) {
		struct record_summary s;
		lineno++;
		if (n == 1 && line[0] == '\n')
			continue;
		if (line[n - 1] != '\n') {
			fprintf(stderr, "%s:%d: the last line is cut short "
			    "(an interrupted write; --resume repairs it)\n",
			    path, lineno);
			bad++;
			break;
		}
		if (record_read(line, true, &s, err, sizeof(err)) < 0 ||
		    recordset_add(set, path, lineno, line, &s, err,
		    sizeof(err)) != RS_NEW ||
		    check_key(&keys, path, line, &s, err, sizeof(err)) < 0) {
			fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
			bad++;
			continue;
		}
		(*records)++;
	}
	/* Each record the whole names (seated otherwise than the rest of
	 * its pairing, a deck off the schedule) is bad, not verified. */
	misfits = (int)recordset_finish(set, stderr);
	*records -= misfits;
	bad += misfits;
	/* Not an error: a run not over keeps its key to itself. */
	if (keys.unchecked > 0)
		printf("%s: %d deck%s not checked against a key: none given "
		    "(--key) nor in %s.key (a run not over, or its key not "
		    "published)\n", path, keys.unchecked, keys.unchecked == 1 ?
		    "" : "s", path);
	recordset_free(set);
	free(line);
	if (f != stdin)
		fclose(f);
	return bad;
}

int
verify_main(int argc, char **argv, verify_luck_fn luck)
{
	const char *hex = NULL, *luck_path = NULL;
	const struct flag_spec spec[] = {
		{ "--key", NULL, FLAG_TEXT, &hex, 0, 0 },
		{ "--luck-file", NULL, FLAG_TEXT, &luck_path, 0, 0 },
		{ NULL, NULL, FLAG_BOOL, NULL, 0, 0 } };
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	uint8_t key[RUN_KEY_BYTES];
	int records = 0, bad = 0, n;

	if (files == NULL)
		abort();
	if ((n = flags_parse("verify", spec, argc, argv, files)) <= 0) {
		if (n == 0)
			fprintf(stderr, "usage: bezique-arbiter verify "
			    "[--key HEX] [--luck-file FILE] FILE...\n");
		free(files);
		return 2;
	}
	if (hex != NULL && run_key_parse(hex, key) < 0) {
		fprintf(stderr, "bezique-arbiter: verify: --key: not 64 hex "
		    "digits\n");
		free(files);
		return 2;
	}
	for (int i = 0; i < n; i++)
		bad += verify_file(files[i], hex ? key : NULL, &records);
	printf("%d record%s verified, %d bad\n", records,
	    records == 1 ? "" : "s", bad);
	if (luck_path != NULL)	/* each deal's luck (doc/luck.md) */
		bad += luck(luck_path, files, n);
	free(files);
	return bad ? 1 : 0;
}
