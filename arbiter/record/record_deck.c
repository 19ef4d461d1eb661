/*
 * record_deck.c: a record's deck: its cards read, the deal it holds
 * built again from them, what names the deck, and checking that the
 * deck is the one so named by its seed (versions 1 and 2, SplitMix64,
 * schedule.h); by the run's key (version 3, deck_key.h) verify.c checks
 * it.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "record/record_int.h"
#include "record/schedule.h"

#define GOLDEN	0x9e3779b97f4a7c15ULL

static bool
is_commitment(const char *s)
{
	return strlen(s) == 64 && s[strspn(s, "0123456789abcdef")] == '\0';
}

int
record_read_deck_id(json_t *obj, const char *seedtext,
    struct record_summary *sum, char *err, size_t errlen)
{
	const char *commit;
	json_int_t round, hand;
	uint64_t run;
	char head[17];

	if (sum->version < 3) {
		if (seedtext == NULL) {
			snprintf(err, errlen, "not a deal record: no seed");
			return -1;
		}
		sum->seed = strtoull(seedtext, NULL, 10);
		return 0;
	}
	if (json_unpack(obj, "{s:s, s:I, s:I}", "commit", &commit, "round",
	    &round, "hand", &hand) < 0 || !is_commitment(commit) ||
	    round < 0 || round > INT_MAX || hand < 0 || hand > INT_MAX) {
		snprintf(err, errlen, "not a deal record of version 3: no "
		    "commit (64 hex digits), round or hand (from 0)");
		return -1;
	}
	snprintf(sum->id.commit, sizeof(sum->id.commit), "%s", commit);
	sum->id.round = (int)round;
	sum->id.hand = (int)hand;
	/* The run's commitment is uniformly random: its first 64 bits
	 * tell runs apart as a match seed did (recordset.c). */
	memcpy(head, commit, 16);
	head[16] = '\0';
	run = strtoull(head, NULL, 16);
	sum->seed = run + (uint64_t)round * GOLDEN + (uint64_t)hand;
	return 0;
}

int
record_check_seed_deck(const struct rules *r,
    const struct record_summary *sum, const uint16_t *deck, char *err,
    size_t errlen)
{
	uint16_t want[MAX_CARDS];

	if (sum->version >= 3)
		return 0;	/* record_check_key() */
	game_shuffle_deck(r, sum->seed, want);
	if (memcmp(want, deck, sizeof(deck[0]) *
	    (size_t)(r->packs * CARDS_PER_PACK)) != 0) {
		snprintf(err, errlen, "the deck is not the one seed %" PRIu64
		    " deals", sum->seed);
		return -1;
	}
	return 0;
}

int
record_parse_deck(const struct rules *r, const char *text, uint16_t *deck,
    char *err, size_t errlen)
{
	int n = r->packs * CARDS_PER_PACK, k = 0;
	struct cardset seen;
	const char *s = text;

	cardset_clear(&seen);
	while (*s != '\0' && k < n) {
		size_t len = strcspn(s, ",");
		bool exact;
		int c = card_parse(s, len, r->packs, &exact);
		if (c < 0 || !exact || cardset_has(&seen, c)) {
			snprintf(err, errlen, "deck: bad or repeated card "
			    "'%.*s'", (int)len, s);
			return -1;
		}
		cardset_add(&seen, c);
		deck[k++] = (uint16_t)c;
		s += len + (s[len] == ',');
	}
	if (k != n || *s != '\0') {
		snprintf(err, errlen, "deck: %d cards, not %d", k, n);
		return -1;
	}
	return 0;
}

struct game *
record_game(json_t *obj, char *err, size_t errlen)
{
	return record_game_of(obj, 2, true, err, errlen);
}

struct game *
record_game_of(json_t *obj, int seats, bool cut, char *err,
    size_t errlen)
{
	const char *variant, *rules_text, *deck_text;
	struct rules r;
	enum variant v;
	uint16_t deck[MAX_CARDS];
	int dealer, lifted, guessed;
	struct game *g;

	if (json_unpack(obj, "{s:s, s:s, s:s, s:i}", "variant", &variant,
	    "rules", &rules_text, "deck", &deck_text, "dealer", &dealer) < 0 ||
	    variant_parse(variant, &v) < 0) {
		snprintf(err, errlen, "no variant, rules, deck or dealer");
		return NULL;
	}
	rules_init(&r, v);
	if (r.players > seats || dealer < 0 || dealer >= r.players) {
		snprintf(err, errlen, seats == 2 ? "not a deal of two seats" :
		    "no dealer of its seats");
		return NULL;
	}
	if (rules_set_list(&r, rules_text, err, errlen) < 0 ||
	    record_parse_deck(&r, deck_text, deck, err, errlen) < 0)
		return NULL;
	if ((g = game_new_from_deck(&r, deck, dealer)) == NULL)
		snprintf(err, errlen, "variant %s cannot be replayed", variant);
	else if (cut && r.cut_cards > 0 && json_unpack(json_object_get(obj,
	    "cut"), "{s:i, s:i}", "lifted", &lifted, "guessed", &guessed) == 0)
		game_cut(g, lifted, guessed);	/* the six-pack's, made */
	return g;
}
