/*
 * show.c: `bezique-arbiter show FILE [--seat S] [--deal N]`: the records
 * in a form people read, trick by trick, replayed with the rules core.
 * With --seat, only what that seat saw (the other's draws hidden).
 *
 * In the page's words (words.h): cards without copy numbers, the ten
 * "10", declarations named, hands sorted as a player holds them, each
 * line's verb after the players' names in one column; deals counted
 * from 1, as the page and terminal play count them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "base/flags.h"
#include "bzp.h"
#include "base/textcol.h"
#include "record/record.h"
#include "record/show.h"
#include "record/words.h"

struct show_opts {
	int		seat;	/* -1: everything */
	int		deal;	/* the deal number shown (from 1), 0: every one */
	struct words	w;
};

/* One deal being shown: its players' names in a column as wide as the
 * widest, so that every line's verb starts in the same place. */
struct shown {
	const struct show_opts	*o;
	const char		*names[MAX_PLAYERS];
	int			 width;
	int			 trick;
};

/* Starts a line: the seat's name in its column, or blanks (seat -1). */
static void
line_of(const struct shown *d, int seat)
{
	printf("  ");
	text_left(stdout, seat >= 0 ? d->names[seat] : "", d->width);
	printf(" ");
}

static void
print_cards(const struct shown *d, const uint16_t *cards, int n)
{
	char t[WORDS_MAX];

	for (int i = 0; i < n; i++)
		printf("%s%s", i ? " " : "", cards[i] == NO_CARD ? "a card" :
		    words_card(&d->o->w, cards[i], t));
}

/* A set of cards as a hand holds them (words_sort). */
static void
print_sorted(const struct shown *d, const uint16_t *cards, int n,
    int trump)
{
	struct cardset set;
	uint16_t sorted[MAX_CARDS];

	cardset_clear(&set);
	for (int i = 0; i < n; i++)
		cardset_add(&set, cards[i]);
	print_cards(d, sorted, words_sort(&set, trump, sorted));
}

static void
print_declare(const struct shown *d, const struct event *ev,
    const struct game *g)
{
	struct action a;
	char t[WORDS_MAX];

	event_action(ev, &a);
	line_of(d, ev->seat);
	printf("%ss %s\n", words_verb(&a), words_declaration(&d->o->w,
	    game_rules(g), &a, game_trump(g), ev->points, t));
}

static void
print_event(const struct event *in, struct shown *d, const struct game *g)
{
	struct event ev = *in;
	char t[WORDS_MAX];

	if (d->o->seat >= 0 && !event_for_seat(in, d->o->seat, &ev))
		return;
	switch (ev.type) {
	case EVENT_PLAY:
		line_of(d, ev.seat);
		printf("plays %s%s\n", words_card(&d->o->w, ev.cards[0], t),
		    ev.key ? " from the table" : "");
		break;
	case EVENT_TRICK:
		line_of(d, -1);
		printf("trick %d to %s\n", ++d->trick, d->names[ev.seat]);
		break;
	case EVENT_DECLARE:
		print_declare(d, &ev, g);
		break;
	case EVENT_TRUMP:
		line_of(d, -1);
		printf("trump is %s\n", words_suit(ev.key));
		break;
	case EVENT_CARTE_BLANCHE:
		line_of(d, ev.seat);
		printf("shows carte blanche ");
		print_sorted(d, ev.cards, ev.ncards, game_trump(g));
		printf(" for %d\n", ev.points);
		break;
	case EVENT_DRAW:
		/* Another seat's draw, hidden from this one, is not said. */
		if (d->o->seat < 0 || ev.seat == d->o->seat) {
			line_of(d, ev.seat);
			printf("draws ");
			print_cards(d, ev.cards, 1);
			printf("\n");
		}
		break;
	case EVENT_END_PHASE:
		line_of(d, -1);
		printf("the stock is exhausted: the last tricks\n");
		break;
	case EVENT_LAST_TRICK:
		line_of(d, ev.seat);
		printf("scores %d for the last trick\n", ev.points);
		break;
	default:
		break;
	}
}

/* The six-pack's cut (applied to g) and the game's standing in a game
 * of several deals. */
static void
show_extras(json_t *r, struct game *g)
{
	int lifted, guessed, points, hand, over;
	json_t *before, *totals;
	size_t i;
	json_t *x;

	if (json_unpack(json_object_get(r, "cut"), "{s:i, s:i, s:i}",
	    "lifted", &lifted, "guessed", &guessed, "points", &points) == 0) {
		game_cut(g, lifted, guessed);
		printf("  cut: the dealer lifts %d, the elder hand guesses %d: "
		    "%d points\n", lifted, guessed, points);
	}
	if (json_unpack(json_object_get(r, "series"), "{s:i, s:o, s:o, s:b}",
	    "hand", &hand, "before", &before, "totals", &totals, "over",
	    &over) < 0)
		return;
	printf("  deal %d of the game, totals", hand + 1);
	json_array_foreach(before, i, x)
		printf("%s%lld", i ? "-" : " ", (long long)json_integer_value(x));
	printf(" before it,");
	json_array_foreach(totals, i, x)
		printf("%s%lld", i ? "-" : " ", (long long)json_integer_value(x));
	printf(" after%s\n", over ? ": the game is over" : "");
}

/* What replay_record found, beside a deal it showed. */
#define SHOW_SKIPPED		0	/* another deal than --deal's */
#define SHOW_SHOWN		1
#define SHOW_UNREADABLE		(-1)
#define SHOW_NO_SUCH_SEAT	(-2)	/* --seat beyond the deal's seats */

/* "Deal 1: alice (seat 0, elder hand) against bob (seat 1, dealer)":
 * the record's "deal", from 1 as everywhere (record_load()); a deal of a
 * game of several (hand >= 0, from the record's series) "Game 1, deal
 * 2", as terminal play says it. */
static void
print_header(const struct shown *d, int deal, int hand, int n, int dealer)
{
	if (hand >= 0)
		printf("Game %d, deal %d:", deal, hand + 1);
	else
		printf("Deal %d:", deal);
	for (int s = 0; s < n; s++)
		printf("%s %s (seat %d%s)", s ? (s == n - 1 ? " against" : ",") :
		    "", d->names[s], s, s == dealer ? ", dealer" :
		    s == (dealer + 1) % n ? ", elder hand" : "");
	if (d->o->seat >= 0)
		printf(", as seat %d saw it", d->o->seat);
	printf("\n");
}

static void
print_hands(const struct shown *d, const struct game *g, int n)
{
	uint16_t cards[MAX_CARDS];

	for (int s = 0; s < n; s++) {
		struct cardset h = game_hand(g, s);
		int k = 0;
		if (d->o->seat >= 0 && d->o->seat != s)
			continue;
		CARDSET_FOREACH(c, &h)
			cards[k++] = (uint16_t)c;
		line_of(d, s);
		printf("holds ");
		print_sorted(d, cards, k, game_trump(g));
		printf("\n");
	}
}

/* Plays the record's actions on g, saying each event; stops at the
 * first that does not apply (a record cut short). */
static void
print_actions(struct shown *d, json_t *actions, struct game *g)
{
	struct event evbuf[64];
	char err[256];
	json_t *a;
	size_t i;

	json_array_foreach(actions, i, a) {
		struct event_log log = { evbuf, 0, 64 };
		struct action act;
		const char *text = json_string_value(json_object_get(a,
		    "action"));
		if (text == NULL || game_parse_action(g, text, &act, err,
		    sizeof(err)) < 0 || game_apply(g, &act, &log) < 0)
			break;
		for (int k = 0; k < log.n && k < log.cap; k++)
			print_event(&evbuf[k], d, g);
	}
}

static void
print_result(const struct shown *d, json_t *r, struct game *g, int n)
{
	const char *term = json_string_value(json_object_get(r,
	    "termination")), *reason = json_string_value(json_object_get(r,
	    "reason"));
	struct result res;
	char num[WORDS_NUMBER];

	if (term != NULL && strcmp(term, "normal") != 0) {
		json_t *fs = json_object_get(r, "fault_seat");
		if (json_is_integer(fs))
			game_forfeit(g, (int)json_integer_value(fs));
		printf("  deal ended: %s (%s)\n", term, reason ? reason : "");
	}
	if (json_is_true(json_object_get(r, "voided")))
		printf("  voided: played again; a failure, not a result\n");
	game_result(g, &res);
	/* Numbers as every output writes them (words_number). */
	printf("  points");
	for (int s = 0; s < n; s++)
		printf("%s%s", s ? "-" : " ", words_number(res.points[s], num));
	printf(", brisques");
	for (int s = 0; s < n; s++)
		printf("%s%s", s ? "-" : " ", words_number(res.brisques[s],
		    num));
	if (res.value.winner < 0)
		printf(": drawn\n\n");
	else
		printf(": %s wins %s%s\n\n", d->names[res.value.winner],
		    words_number(res.value.value, num), res.value.rubicon ?
		    " (rubicon)" : "");
}

/* The players' names from the record, and their column's width. */
static int
read_names(json_t *players, int n, struct shown *d)
{
	if (!json_is_array(players) || (int)json_array_size(players) != n)
		return -1;
	d->width = 0;
	for (int s = 0; s < n; s++) {
		if ((d->names[s] = json_string_value(json_array_get(players,
		    (size_t)s))) == NULL)
			return -1;
		if (text_width(d->names[s]) > d->width)
			d->width = text_width(d->names[s]);
	}
	return 0;
}

static int
replay_record(json_t *r, const struct show_opts *o, int *nseats)
{
	const char *variant, *rules_text, *deck_text, *term, *reason;
	struct shown d = { o, { NULL }, 0, 0 };
	json_t *players, *actions;
	struct rules rules;
	enum variant v;
	uint16_t deck[MAX_CARDS];
	struct game *g;
	int deal, dealer;
	char err[256];

	if (json_unpack(r, "{s:i, s:s, s:s, s:s, s:i, s:o, s:o, s:s, s:s}",
	    "deal", &deal, "variant", &variant, "rules", &rules_text, "deck",
	    &deck_text, "dealer", &dealer, "players", &players, "actions",
	    &actions, "termination", &term, "reason", &reason) < 0 ||
	    variant_parse(variant, &v) < 0)
		return SHOW_UNREADABLE;
	if (o->deal > 0 && deal != o->deal)
		return SHOW_SKIPPED;
	rules_init(&rules, v);
	if (read_names(players, rules.players, &d) < 0)
		return SHOW_UNREADABLE;
	if (o->seat >= rules.players) {
		*nseats = rules.players;
		return SHOW_NO_SUCH_SEAT;
	}
	if (rules_set_list(&rules, rules_text, err, sizeof(err)) < 0 ||
	    record_parse_deck(&rules, deck_text, deck, err, sizeof(err)) < 0 ||
	    (g = game_new_from_deck(&rules, deck, dealer)) == NULL)
		return SHOW_UNREADABLE;
	print_header(&d, deal, json_is_integer(json_object_get(json_object_get(
	    r, "series"), "hand")) ? (int)json_integer_value(json_object_get(
	    json_object_get(r, "series"), "hand")) : -1, rules.players, dealer);
	show_extras(r, g);
	print_hands(&d, g, rules.players);
	print_actions(&d, actions, g);
	print_result(&d, r, g, rules.players);
	game_free(g);
	return SHOW_SHOWN;
}

static int
show_record(const char *line, const struct show_opts *o, int *nseats)
{
	json_t *r = record_load(line, 0, NULL);
	int rc = r == NULL ? SHOW_UNREADABLE : replay_record(r, o, nseats);

	json_decref(r);
	return rc;
}

int
show_line(const char *line, int seat, int deal)
{
	struct show_opts o = { seat, deal, { true, false } };
	int n;

	return show_record(line, &o, &n);
}

/* FILE [--seat S] [--deal N], in any order; 0, or -1 after a line. */
static int
show_flags(int argc, char **argv, struct show_opts *o, const char **path)
{
	long long seat = -1, deal = 0;
	char **words = calloc((size_t)argc + 1, sizeof(char *));
	const struct flag_spec spec[] = {
		{ "--seat", NULL, FLAG_INT, &seat, 0, MAX_PLAYERS - 1 },
		{ "--deal", NULL, FLAG_INT, &deal, 1, 1 << 30 },
		{ NULL, NULL, FLAG_BOOL, NULL, 0, 0 }
	};
	int n;

	if (words == NULL)
		abort();
	if ((n = flags_parse("show", spec, argc, argv, words)) > 1)
		fprintf(stderr, "bezique-arbiter: show: one records file, not "
		    "'%s' and '%s'\n", words[0], words[1]);
	if (n == 1)
		*path = words[0];
	free(words);
	o->seat = (int)seat;
	o->deal = (int)deal;
	return n < 0 || n > 1 ? -1 : 0;
}

/*
 * Every deal of the file, or the one of --deal.  A line that is not a
 * record is named (file:line) and the others are still shown, but the
 * exit status says so; a --seat the deals do not have, or a --deal the
 * file does not hold, is an error too.
 */
int
show_main(int argc, char **argv)
{
	const char *nc = getenv("NO_COLOR");
	/* Suits always as symbols (the output is for people, as the page);
	 * red only on a terminal, as terminal play. */
	struct show_opts o = { -1, -1, { true, isatty(STDOUT_FILENO) &&
	    (nc == NULL || *nc == '\0') } };
	const char *path = NULL;
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, rc, nseats = 0, shown = 0, bad = 0;
	FILE *f;

	if (show_flags(argc, argv, &o, &path) < 0)
		return 2;
	if (path == NULL || (f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "bezique-arbiter: show: %s\n", path ?
		    "cannot open the file" : "give a records file");
		return path ? 1 : 2;
	}
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		if ((rc = show_record(line, &o, &nseats)) == SHOW_SHOWN)
			shown++;
		else if (rc == SHOW_UNREADABLE) {
			fprintf(stderr, "%s:%d: not a readable deal record\n",
			    path, lineno);
			bad++;
		} else if (rc == SHOW_NO_SUCH_SEAT) {
			fprintf(stderr, "%s:%d: --seat %d, but the deal has "
			    "seats 0 to %d\n", path, lineno, o.seat,
			    nseats - 1);
			bad++;
			break;
		}
	}
	free(line);
	fclose(f);
	if (bad == 0 && shown == 0 && o.deal > 0) {
		fprintf(stderr, "%s: no record of deal %d\n", path,
		    o.deal);
		bad++;
	}
	return bad > 0 ? 1 : 0;
}
