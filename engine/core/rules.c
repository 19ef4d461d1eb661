/*
 * rules.c: the variants' defaults and the named rule options (rules.h).
 *
 * One table lists every option with its type and where it lives in
 * struct rules, so that parsing, printing and help texts cannot drift.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static const char *const variant_names[NVARIANTS] = { "rubicon", "two-hand",
    "six-pack", "eight-pack", "three-hand" };

/* OPT_SUIT: an int that is -1 for "-", else a suit index, written as
 * the suit letter (values lists "-" first, then S H D C). */
enum opt_type { OPT_BOOL, OPT_INT, OPT_ENUM, OPT_SUIT };

struct option_def {
	const char	*name;
	enum opt_type	 type;
	size_t		 offset;
	const char	*values;	/* OPT_ENUM: "a|b|c" in enum order */
	int		 min, max;	/* OPT_INT */
};

#define OFF(f) offsetof(struct rules, f)

static const struct option_def options[] = {
	{ "deal_batch", OPT_INT, OFF(deal_batch), NULL, 1, 3 },
	{ "reform", OPT_ENUM, OFF(reform),
	    "none|fresh_card|fresh_card_and_breakup", 0, 0 },
	{ "marriage_repair", OPT_ENUM, OFF(marriage_repair),
	    "pairs|after_play|none", 0, 0 },
	{ "marriage_to_sequence", OPT_BOOL, OFF(marriage_to_sequence), NULL,
	    0, 0 },
	{ "bezique_upgrade_needs_fresh", OPT_BOOL,
	    OFF(bezique_upgrade_needs_fresh), NULL, 0, 0 },
	{ "reform_multi_bezique", OPT_BOOL, OFF(reform_multi_bezique), NULL,
	    0, 0 },
	{ "new_card_from_hand", OPT_BOOL, OFF(new_card_from_hand), NULL, 0,
	    0 },
	{ "four_tens", OPT_BOOL, OFF(four_tens), NULL, 0, 0 },
	{ "bezique_by_trump", OPT_BOOL, OFF(bezique_by_trump), NULL, 0, 0 },
	{ "bezique_swap", OPT_BOOL, OFF(bezique_swap), NULL, 0, 0 },
	{ "endgame_must_win", OPT_BOOL, OFF(endgame_must_win), NULL, 0, 0 },
	{ "cb_repeat_in_end", OPT_BOOL, OFF(cb_repeat_in_end), NULL, 0, 0 },
	{ "carte_blanche", OPT_INT, OFF(carte_blanche), NULL, 0, 10000 },
	{ "last_trick", OPT_INT, OFF(last_trick), NULL, 0, 10000 },
	{ "last_trick_of_stock", OPT_BOOL, OFF(last_trick_of_stock), NULL, 0,
	    0 },
	{ "rounding", OPT_ENUM, OFF(score.rounding), "floor100|none", 0, 0 },
	{ "min_difference", OPT_INT, OFF(score.min_difference), NULL, 0,
	    100000 },
	{ "game_bonus", OPT_INT, OFF(score.game_bonus), NULL, 0, 100000 },
	{ "rubicon_threshold", OPT_INT, OFF(score.rubicon_threshold), NULL, 0,
	    100000 },
	{ "rubicon_mode", OPT_ENUM, OFF(score.rubicon_mode),
	    "portland|bicycle|sum_plus_1000|extra_500", 0, 0 },
	{ "rubicon_brisque_bonus", OPT_INT, OFF(score.rubicon_brisque_bonus),
	    NULL, 0, 100000 },
	{ "loser_min_100", OPT_BOOL, OFF(score.loser_min_100), NULL, 0, 0 },
	{ "brisques_when", OPT_ENUM, OFF(score.brisques_when),
	    "tie_and_rubicon|tie_only|always|never", 0, 0 },
	{ "tie_rule", OPT_ENUM, OFF(score.tie_rule), "draw|whiteknuckle", 0,
	    0 },
	{ "winner_by", OPT_ENUM, OFF(score.winner_by), "actual|rounded", 0,
	    0 },
	{ "rubicon_scores_include_brisques", OPT_BOOL,
	    OFF(score.rubicon_scores_include_brisques), NULL, 0, 0 },
	{ "turnup", OPT_BOOL, OFF(turnup), NULL, 0, 0 },
	{ "seven_of_trumps", OPT_INT, OFF(seven_of_trumps), NULL, 0, 10000 },
	{ "seven_other", OPT_ENUM, OFF(seven_other), "declare|play", 0, 0 },
	{ "seven_exchange_is_declaration", OPT_BOOL,
	    OFF(seven_exchange_is_declaration), NULL, 0, 0 },
	{ "second_double", OPT_BOOL, OFF(second_double), NULL, 0, 0 },
	{ "no_repeat_trump", OPT_BOOL, OFF(no_repeat_trump), NULL, 0, 0 },
	{ "barred_trump", OPT_SUIT, OFF(barred_trump), "-|S|H|D|C", 0, 0 },
	{ "cut_cards", OPT_INT, OFF(cut_cards), NULL, 0, 256 },
	{ "cut_points", OPT_INT, OFF(cut_points), NULL, 0, 10000 },
	{ "guess_points", OPT_INT, OFF(guess_points), NULL, 0, 10000 },
	{ "game_target", OPT_INT, OFF(game_target), NULL, 0, 1000000 },
	{ "double_under", OPT_INT, OFF(double_under), NULL, 0, 1000000 },
	{ "brisques_first", OPT_ENUM, OFF(brisques_first),
	    "none|last_trick|non_dealer", 0, 0 },
};

#define NOPTIONS ((int)(sizeof(options) / sizeof(options[0])))

const char *
variant_name(enum variant v)
{
	return (unsigned)v < NVARIANTS ? variant_names[v] : "unknown";
}

int
variant_parse(const char *name, enum variant *v)
{
	for (int i = 0; i < NVARIANTS; i++)
		if (strcmp(name, variant_names[i]) == 0) {
			*v = (enum variant)i;
			return 0;
		}
	return -1;
}

unsigned
variant_set_parse(const char *list)
{
	unsigned set = 0;
	char name[32];
	enum variant v;
	size_t n;

	while (*list != '\0') {
		n = strcspn(list, ",");
		if (n < sizeof(name)) {
			memcpy(name, list, n);
			name[n] = '\0';
			if (variant_parse(name, &v) == 0)
				set |= 1u << v;
		}
		list += n + (list[n] == ',');
	}
	return set;
}

bool
variant_playable(enum variant v)
{
	return v >= VARIANT_RUBICON && v < NVARIANTS;
}

/* Rubicon Bézique by the Portland Club laws (doc/rules.md §3). */
static void
rubicon_defaults(struct rules *r)
{
	memset(r, 0, sizeof(*r));
	r->variant = VARIANT_RUBICON;
	r->packs = 4;
	r->players = 2;
	r->hand_size = 9;
	r->deal_batch = 3;
	r->max_bezique = 4;
	r->plain_sequence = true;
	r->carte_blanche = 50;
	r->last_trick = 50;
	r->reform = REFORM_FRESH_CARD_AND_BREAKUP;
	r->marriage_repair = REPAIR_PAIRS;
	r->marriage_to_sequence = true;
	r->bezique_upgrade_needs_fresh = true;
	r->reform_multi_bezique = true;
	r->endgame_must_win = true;
	r->cb_repeat_in_end = true;
	r->barred_trump = -1;
	score_rules_portland(&r->score);
}

/* The other variants as differences from Rubicon (doc/rules.md §11). */
int
rules_init(struct rules *r, enum variant v)
{
	rubicon_defaults(r);
	r->variant = v;
	switch (v) {
	case VARIANT_RUBICON:
		return 0;
	case VARIANT_SIX_PACK:
	case VARIANT_EIGHT_PACK:
		r->packs = v == VARIANT_SIX_PACK ? 6 : 8;
		r->hand_size = v == VARIANT_SIX_PACK ? 12 : 15;
		r->carte_blanche = v == VARIANT_SIX_PACK ? 250 : 0;
		r->last_trick = 250;
		r->bezique_by_trump = true;
		r->trump_quartets = true;
		r->trump_quintets = v == VARIANT_EIGHT_PACK;
		r->max_bezique = v == VARIANT_SIX_PACK ? 4 : 5;
		r->score.game_bonus = 1000;
		r->score.rubicon_threshold = v == VARIANT_SIX_PACK ? 3000 :
		    5000;
		r->score.rubicon_brisque_bonus = 0;
		r->score.brisques_when = BRISQUES_NEVER;
		/* The cut for 24: six-pack only; for eight-pack unknown
		 * (doc/rules.md §11), so off. */
		r->cut_cards = v == VARIANT_SIX_PACK ? 24 : 0;
		r->cut_points = 250;
		r->guess_points = 150;
		return 0;
	case VARIANT_TWO_HAND:
	case VARIANT_THREE_HAND:
		r->packs = v == VARIANT_TWO_HAND ? 2 : 3;
		r->players = v == VARIANT_TWO_HAND ? 2 : 3;
		r->hand_size = 8;
		r->turnup = true;
		r->max_bezique = v == VARIANT_TWO_HAND ? 2 : 3;
		r->plain_sequence = false;
		r->carte_blanche = 0;
		r->last_trick = 10;
		r->reform = REFORM_NONE;
		r->marriage_repair = REPAIR_NONE;
		r->new_card_from_hand = true;
		r->seven_of_trumps = 10;
		r->second_double = v == VARIANT_THREE_HAND;
		/* Two-hand: first to 1000, double if the loser is under 500
		 * (WK-2H); three-hand: 3000, the seed's figure (UBCG, §7). */
		r->game_target = v == VARIANT_TWO_HAND ? 1000 : 3000;
		r->double_under = v == VARIANT_TWO_HAND ? 500 : 0;
		r->score.brisques_when = BRISQUES_ALWAYS;
		return 0;
	default:
		return -1;
	}
}

static int
parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = { "true", "on", "yes", "1" };
	static const char *const no[] = { "false", "off", "no", "0" };

	for (int i = 0; i < 4; i++) {
		if (strcmp(v, yes[i]) == 0)
			return *out = true, 0;
		if (strcmp(v, no[i]) == 0)
			return *out = false, 0;
	}
	return -1;
}

/* The index of `v` in the "a|b|c" list, or -1. */
static int
enum_index(const char *values, const char *v)
{
	size_t len = strlen(v);
	int i = 0;

	for (const char *s = values; *s != '\0'; i++) {
		const char *e = strchr(s, '|');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		if (n == len && memcmp(s, v, n) == 0)
			return i;
		s += n + (e != NULL);
	}
	return -1;
}

static int
set_value(struct rules *r, const struct option_def *o, const char *value)
{
	char *p = (char *)r + o->offset, *end;
	long n;
	int i;

	switch (o->type) {
	case OPT_BOOL:
		return parse_bool(value, (bool *)p);
	case OPT_ENUM:
	case OPT_SUIT:
		if ((i = enum_index(o->values, value)) < 0)
			return -1;
		*(int *)p = o->type == OPT_SUIT ? i - 1 : i;
		return 0;
	default:
		errno = 0;
		n = strtol(value, &end, 10);
		if (errno != 0 || end == value || *end != '\0' ||
		    n < o->min || n > o->max)
			return -1;
		*(int *)p = (int)n;
		return 0;
	}
}

/*
 * rubicon_mode=bicycle pays BICYCLE_BRISQUES for the brisques whatever
 * rubicon_brisque_bonus says (score.c): choosing it sets the allowance to
 * that figure, and another figure with it is refused, so that a rules
 * list (a record's rules=) says what is paid.
 */
static int
bicycle_allowance(struct rules *r, const struct option_def *o, char *err,
    size_t errlen)
{
	struct score_rules *sr = &r->score;

	if (sr->rubicon_mode != RUBICON_BICYCLE)
		return 0;
	if (o->offset == OFF(score.rubicon_mode))
		sr->rubicon_brisque_bonus = BICYCLE_BRISQUES;
	if (sr->rubicon_brisque_bonus == BICYCLE_BRISQUES)
		return 0;
	snprintf(err, errlen, "option 'rubicon_brisque_bonus': "
	    "rubicon_mode=bicycle pays %d for the brisques, not %d",
	    BICYCLE_BRISQUES, sr->rubicon_brisque_bonus);
	return -1;
}

int
rules_set(struct rules *r, const char *name, const char *value, char *err,
    size_t errlen)
{
	for (int i = 0; i < NOPTIONS; i++) {
		const struct option_def *o = &options[i];
		if (strcmp(o->name, name) != 0)
			continue;
		struct score_rules before = r->score;
		if (set_value(r, o, value) == 0) {
			if (bicycle_allowance(r, o, err, errlen) == 0)
				return 0;
			r->score = before;
			return -1;
		}
		snprintf(err, errlen, "option '%s': '%s' is not %s%s", name,
		    value, o->type >= OPT_ENUM ? "one of " : "a valid ",
		    rules_option_values(i));
		return -1;
	}
	snprintf(err, errlen, "unknown rule option '%s'", name);
	return -1;
}

int
rules_check(const struct rules *r, char *err, size_t errlen)
{
	if (r->barred_trump >= 0) {
		snprintf(err, errlen, "option 'barred_trump' is not set by "
		    "hand: no_repeat_trump bars the last deal's trump");
		return -1;
	}
	if (r->no_repeat_trump && (r->game_target <= 0 || r->turnup)) {
		snprintf(err, errlen, "option 'no_repeat_trump' needs a game "
		    "of several deals whose trump is declared (game_target "
		    "> 0, turnup=false); %s has %s", variant_name(r->variant),
		    r->game_target <= 0 ? "one deal a game" : "a turn-up");
		return -1;
	}
	return 0;
}

int
rules_set_list(struct rules *r, const char *list, char *err, size_t errlen)
{
	char item[128];

	for (const char *s = list; *s != '\0';) {
		const char *e = strchr(s, ',');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char *eq;
		if (n >= sizeof(item)) {
			snprintf(err, errlen, "rule option too long: '%.40s'",
			    s);
			return -1;
		}
		memcpy(item, s, n);
		item[n] = '\0';
		s += n + (e != NULL);
		if (n == 0)
			continue;
		if ((eq = strchr(item, '=')) == NULL) {
			snprintf(err, errlen, "rule option '%s' has no value",
			    item);
			return -1;
		}
		*eq = '\0';
		if (rules_set(r, item, eq + 1, err, errlen) < 0)
			return -1;
	}
	return 0;
}

static const char *
value_text(const struct rules *r, const struct option_def *o, char *buf,
    size_t len)
{
	const char *p = (const char *)r + o->offset;
	const char *s = o->values;
	int idx;

	switch (o->type) {
	case OPT_BOOL:
		return *(const bool *)p ? "true" : "false";
	case OPT_INT:
		snprintf(buf, len, "%d", *(const int *)p);
		return buf;
	default:
		idx = *(const int *)p + (o->type == OPT_SUIT);
		for (int i = 0; i < idx && s != NULL; i++)
			if ((s = strchr(s, '|')) != NULL)
				s++;
		if (s == NULL)
			return "?";
		snprintf(buf, len, "%.*s", (int)strcspn(s, "|"), s);
		return buf;
	}
}

size_t
rules_format(const struct rules *r, char *buf, size_t len)
{
	size_t n = 0;
	char v[64];

	if (len > 0)
		buf[0] = '\0';
	for (int i = 0; i < NOPTIONS; i++) {
		int k = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0,
		    "%s%s=%s", i ? "," : "", options[i].name,
		    value_text(r, &options[i], v, sizeof(v)));
		n += (size_t)k;
	}
	return n;
}

int
rules_option_count(void)
{
	return NOPTIONS;
}

const char *
rules_option_name(int i)
{
	return options[i].name;
}

const char *
rules_option_values(int i)
{
	switch (options[i].type) {
	case OPT_BOOL:
		return "bool";
	case OPT_INT:
		return "int";
	default:
		return options[i].values;
	}
}
