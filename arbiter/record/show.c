/*
 * show.c: `bezique-arbiter show FILE [--seat S] [--deal N]`: the records
 * in a form people read, trick by trick, replayed with the rules core.
 * With --seat, only what that seat saw (the other's draws hidden).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/flags.h"
#include "bzp.h"
#include "record/record.h"
#include "record/show.h"

struct show_opts {
	int	seat;		/* -1: everything */
	int	deal;		/* -1: every deal */
};

static void
print_cards(const uint16_t *cards, int n)
{
	char t[CARD_TEXT_MAX];

	for (int i = 0; i < n; i++)
		printf("%s%s", i ? " " : "", cards[i] == NO_CARD ? "??" :
		    card_format(cards[i], t));
}

static void
print_event(const struct event *in, const char *const *names,
    const struct show_opts *o, int *trick)
{
	struct event ev = *in;
	char act[ACTION_TEXT_MAX];
	struct action a;

	if (o->seat >= 0 && !event_for_seat(in, o->seat, &ev))
		return;
	switch (ev.type) {
	case EVENT_PLAY:
		printf("  %-10s plays %s%s\n", names[ev.seat],
		    card_format(ev.cards[0], act), ev.key ? " from the table" :
		    "");
		break;
	case EVENT_TRICK:
		printf("    trick %d to %s\n", ++*trick, names[ev.seat]);
		break;
	case EVENT_DECLARE:
		event_action(&ev, &a);
		printf("    %s declares %s for %d\n", names[ev.seat],
		    action_format(&a, act, sizeof(act)), ev.points);
		break;
	case EVENT_TRUMP:
		printf("    trump is %c\n", card_suit_char(ev.key));
		break;
	case EVENT_CARTE_BLANCHE:
		printf("    %s shows carte blanche (", names[ev.seat]);
		print_cards(ev.cards, ev.ncards);
		printf(") for %d\n", ev.points);
		break;
	case EVENT_DRAW:
		if (o->seat < 0 || ev.seat == o->seat) {
			printf("    %s draws ", names[ev.seat]);
			print_cards(ev.cards, 1);
			printf("\n");
		}
		break;
	case EVENT_END_PHASE:
		printf("    the stock is exhausted: the last tricks\n");
		break;
	case EVENT_LAST_TRICK:
		printf("    %s scores %d for the last trick\n", names[ev.seat],
		    ev.points);
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

static int
replay_record(json_t *r, const struct show_opts *o, int *nseats)
{
	const char *variant, *rules_text, *deck_text, *term, *reason;
	const char *names[MAX_PLAYERS];
	json_t *players;
	int n;
	struct rules rules;
	enum variant v;
	uint16_t deck[MAX_CARDS];
	struct event evbuf[64];
	struct game *g;
	struct result res;
	json_t *actions, *a;
	int deal, dealer, trick = 0;
	char err[256];
	size_t i;

	if (json_unpack(r, "{s:i, s:s, s:s, s:s, s:i, s:o, s:o, s:s, s:s}",
	    "deal", &deal, "variant", &variant, "rules", &rules_text, "deck",
	    &deck_text, "dealer", &dealer, "players", &players, "actions",
	    &actions, "termination", &term, "reason", &reason) < 0 ||
	    variant_parse(variant, &v) < 0)
		return -1;
	if (o->deal >= 0 && deal != o->deal)
		return SHOW_SKIPPED;
	rules_init(&rules, v);
	n = rules.players;
	if (!json_is_array(players) || (int)json_array_size(players) != n)
		return SHOW_UNREADABLE;
	if (o->seat >= n) {
		*nseats = n;
		return SHOW_NO_SUCH_SEAT;
	}
	for (int s = 0; s < n; s++)
		if ((names[s] = json_string_value(json_array_get(players,
		    (size_t)s))) == NULL)
			return -1;
	if (rules_set_list(&rules, rules_text, err, sizeof(err)) < 0 ||
	    record_parse_deck(&rules, deck_text, deck, err, sizeof(err)) < 0 ||
	    (g = game_new_from_deck(&rules, deck, dealer)) == NULL)
		return -1;
	printf("Deal %d:", deal);
	for (int s = 0; s < n; s++)
		printf("%s %s (seat %d%s)", s ? (s == n - 1 ? " against" : ",") :
		    "", names[s], s, s == dealer ? ", dealer" :
		    s == (dealer + 1) % n ? ", elder hand" : "");
	if (o->seat >= 0)
		printf(", as seat %d saw it", o->seat);
	printf("\n");
	show_extras(r, g);
	for (int s = 0; s < n; s++) {
		struct cardset h = game_hand(g, s);
		char t[CARD_TEXT_MAX];
		if (o->seat >= 0 && o->seat != s)
			continue;
		printf("  %s holds", names[s]);
		CARDSET_FOREACH(c, &h)
			printf(" %s", card_format(c, t));
		printf("\n");
	}
	json_array_foreach(actions, i, a) {
		struct event_log log = { evbuf, 0, 64 };
		struct action act;
		const char *text = json_string_value(json_object_get(a,
		    "action"));
		if (text == NULL || game_parse_action(g, text, &act, err,
		    sizeof(err)) < 0 || game_apply(g, &act, &log) < 0)
			break;
		for (int k = 0; k < log.n && k < log.cap; k++)
			print_event(&evbuf[k], names, o, &trick);
	}
	if (strcmp(term, "normal") != 0) {
		json_t *fs = json_object_get(r, "fault_seat");
		if (json_is_integer(fs))
			game_forfeit(g, (int)json_integer_value(fs));
		printf("  deal ended: %s (%s)\n", term, reason);
	}
	if (json_is_true(json_object_get(r, "voided")))
		printf("  voided: played again; a failure, not a result\n");
	game_result(g, &res);
	printf("  points");
	for (int s = 0; s < n; s++)
		printf("%s%d", s ? "-" : " ", res.points[s]);
	printf(", brisques");
	for (int s = 0; s < n; s++)
		printf("%s%d", s ? "-" : " ", res.brisques[s]);
	printf(": ");
	if (res.value.winner < 0)
		printf("drawn\n\n");
	else
		printf("%s wins %d%s\n\n", names[res.value.winner],
		    res.value.value, res.value.rubicon ? " (rubicon)" : "");
	game_free(g);
	return SHOW_SHOWN;
}

static int
show_record(const char *line, const struct show_opts *o, int *nseats)
{
	json_t *r = json_loads(line, 0, NULL);
	int rc = r == NULL ? SHOW_UNREADABLE : replay_record(r, o, nseats);

	json_decref(r);
	return rc;
}

int
show_line(const char *line, int seat, int deal)
{
	struct show_opts o = { seat, deal };
	int n;

	return show_record(line, &o, &n);
}

/* FILE [--seat S] [--deal N], in any order; 0, or -1 after a line. */
static int
show_flags(int argc, char **argv, struct show_opts *o, const char **path)
{
	long long seat = -1, deal = -1;
	char **words = calloc((size_t)argc + 1, sizeof(char *));
	const struct flag_spec spec[] = {
		{ "--seat", NULL, FLAG_INT, &seat, 0, MAX_PLAYERS - 1 },
		{ "--deal", NULL, FLAG_INT, &deal, 0, 1 << 30 },
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
	struct show_opts o = { -1, -1 };
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
	if (bad == 0 && shown == 0 && o.deal >= 0) {
		fprintf(stderr, "%s: no record of deal %d\n", path, o.deal);
		bad++;
	}
	return bad > 0 ? 1 : 0;
}
