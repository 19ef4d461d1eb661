/*
 * play_screen.c: what terminal play shows (play_int.h): the board, the
 * numbered choices and the events, in words (words.h), wrapped between
 * words at the terminal's width.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "bzp.h"
#include "card.h"
#include "play/play_int.h"

/* The terminal's columns, or 0 (not a terminal: no wrapping, so that a
 * program reading a pipe gets one line per list). */
static int
columns(void)
{
	struct winsize ws;

	if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) <
	    0)
		return 0;
	return ws.ws_col;
}

/* The columns s takes: UTF-8 code points, colour escapes not counted. */
static int
visible(const char *s, size_t n)
{
	int w = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\033') {
			while (i < n && s[i] != 'm')
				i++;
			continue;
		}
		w += ((unsigned char)s[i] & 0xC0) != 0x80;
	}
	return w;
}

/* Where a line of wrapped text is: the terminal's width, the column. */
struct wrap {
	int	width, col;
};

/* Prints a unit of n bytes that does not break, on a new line if it
 * would reach the edge; its '\x01's as spaces. */
static void
unit(struct wrap *w, const char *s, size_t n)
{
	int v = visible(s, n);

	if (w->col > 0 && w->width > 0 && w->col + 1 + v >= w->width) {
		printf("\n ");
		w->col = 1;
	}
	printf("%s", w->col > 0 ? " " : "");
	for (size_t i = 0; i < n; i++)
		putchar(s[i] == '\x01' ? ' ' : s[i]);
	w->col += (w->col > 0) + v;
}

void
play_wrapped(const char *text)
{
	struct wrap w = { columns(), 0 };

	while (*text) {
		size_t n = strcspn(text, " ");
		/* A unit wider than a line breaks at its own spaces. */
		if (w.width > 0 && visible(text, n) + 2 >= w.width)
			for (size_t i = 0, k; i < n; i += k + (i + k < n)) {
				k = strcspn(text + i, "\x01 ");
				k = k > n - i ? n - i : k;
				unit(&w, text + i, k);
			}
		else
			unit(&w, text, n);
		text += n;
		text += *text == ' ';
	}
}

void
play_say(const char *then, const char *fmt, ...)
{
	char *text = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		abort();
	va_end(ap);
	play_wrapped(text);
	printf("\n%s", then);
	fflush(stdout);
	free(text);
}

static void
put_cards(const struct play *p, const char *label, struct cardset set,
    int trump)
{
	uint16_t cards[MAX_CARDS];
	char t[WORDS_MAX], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int n = words_sort(&set, trump, cards);

	if (f == NULL)
		abort();
	fprintf(f, "%s:", label);
	for (int i = 0; i < n; i++)
		fprintf(f, " %s", words_card(&p->w, cards[i], t));
	fprintf(f, "%s", n ? "" : " -");
	fclose(f);
	play_wrapped(text);
	printf("\n");
	free(text);
}

/* The legal action that plays this card, or any copy of its kind. */
static const struct action *
play_of(const struct action *legal, int n, int card)
{
	for (int i = 0; i < n; i++)
		if (legal[i].type == ACTION_PLAY && legal[i].cards[0] == card)
			return &legal[i];
	for (int i = 0; i < n; i++)
		if (legal[i].type == ACTION_PLAY &&
		    card_kind(legal[i].cards[0]) == card_kind(card))
			return &legal[i];
	return NULL;
}

/* A choice's words kept on one line where they fit (play_wrapped). */
static char *
glued(char *s)
{
	for (char *c = s; *c; c++)
		if (*c == ' ')
			*c = '\x01';
	return s;
}

/* Numbers the cards of a hand or table that may be played, each kind
 * once: copies alike play alike, and two choices that read the same
 * would ask the person to tell them apart for nothing. */
static void
offer_cards(struct play *p, FILE *f, const struct game *v,
    const struct action *legal, int n, struct cardset set)
{
	uint16_t cards[MAX_CARDS];
	struct action a;
	char t[WORDS_MAX];
	int k = words_sort(&set, game_trump(v), cards);

	for (int i = 0; i < k && p->nchoices < MAX_CHOICES; i++) {
		if ((i > 0 && card_kind(cards[i]) == card_kind(cards[i - 1])) ||
		    play_of(legal, n, cards[i]) == NULL)
			continue;
		memset(&a, 0, sizeof(a));
		a.type = ACTION_PLAY;
		a.ncards = 1;
		a.cards[0] = cards[i];
		action_format(&a, p->choice[p->nchoices], ACTION_TEXT_MAX);
		fprintf(f, " %d)\x01%s", ++p->nchoices, glued(words_action(
		    &p->w, v, &a, t)));
	}
}

/* "your lead: 1) A♠ 2) 10♠ ...", wrapped between words. */
static void
show_choices(struct play *p, const struct game *v)
{
	struct action legal[MAX_LEGAL];
	int me = game_to_move(v), n = game_legal_actions(v, legal, MAX_LEGAL);
	char t[WORDS_MAX], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		abort();
	p->nchoices = 0;
	fprintf(f, "your %s:", bzp_decision_name(game_decision(v)));
	offer_cards(p, f, v, legal, n, game_hand(v, me));
	offer_cards(p, f, v, legal, n, game_table(v, me));
	for (int i = 0; i < n && p->nchoices < MAX_CHOICES; i++)
		if (legal[i].type != ACTION_PLAY) {
			action_format(&legal[i], p->choice[p->nchoices],
			    ACTION_TEXT_MAX);
			p->nchoices++;
			fprintf(f, "%s %d)\x01%s", p->nchoices > 1 ? "," : "",
			    p->nchoices, glued(words_action(&p->w, v,
			    &legal[i], t)));
		}
	fclose(f);
	play_wrapped(text);
	free(text);
	printf("\n> ");
	fflush(stdout);
}

void
play_show_decision(struct play *p)
{
	struct game *v = humangame_view(p->game);
	int me = humangame_seat(p->game), n, trump;
	const char *other = humangame_name(p->game, 1 - me);
	uint16_t trick[4];
	char t[WORDS_MAX], line[WORDS_MAX + 2 * NAME_MAX_BYTES];

	if (v == NULL)
		return;
	p->decisions++;
	p->told_waiting = false;
	trump = game_trump(v);
	snprintf(line, sizeof(line), "trump %s, stock %d, points you %d, %s "
	    "%d (brisques %d, %d)", trump < 0 ? "not yet fixed" :
	    words_suit(trump), game_stock_left(v), game_points(v, me), other,
	    game_points(v, 1 - me), game_brisques(v, me), game_brisques(v,
	    1 - me));
	printf("\n");
	play_wrapped(line);
	printf("\n");
	snprintf(t, sizeof(t), "%s's table", other);
	put_cards(p, t, game_table(v, 1 - me), trump);
	put_cards(p, "your table", game_table(v, me), trump);
	printf("trick:");
	n = game_trick_cards(v, trick);
	for (int i = 0; i < n; i++)
		printf(" %s", words_card(&p->w, trick[i], t));
	printf("%s\n", n ? "" : " -");
	put_cards(p, "your hand", game_hand(v, me), trump);
	show_choices(p, v);
	game_free(v);
}

void
play_show_result(struct play *p)
{
	json_t *st = humangame_state(p->game), *r = json_object_get(st,
	    "result");
	int me = humangame_seat(p->game), w;
	const char *other = humangame_name(p->game, 1 - me);

	if (r != NULL && json_is_object(r)) {
		w = (int)json_integer_value(json_object_get(r, "winner"));
		printf("\n");
		play_say("", "deal over: points you %d, %s %d: %s%s %d%s",
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)me)), other,
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)(1 - me))), w < 0 ? "drawn," :
		    w == me ? "you" : other, w < 0 ? "" : w == me ? " win" :
		    " wins",
		    (int)json_integer_value(json_object_get(r, "value")),
		    json_is_true(json_object_get(r, "rubicon")) ?
		    " (rubicon)" : "");
	}
	json_decref(st);
}

/* The value of key in an event line, as a card in words. */
static const char *
card_of(const struct play *p, const struct bzp_msg *m, const char *key,
    char *buf)
{
	const char *text = bzp_get(m, key);
	bool copy;
	int c = text ? card_parse(text, strlen(text), MAX_PACKS, &copy) : -1;

	if (c < 0)
		return "a card";
	return words_card(&p->w, c, buf);
}

static void
say_newgame(const struct play *p, int me)
{
	printf("\n");
	if (me == 0)
		play_say("", "new deal: you are seat 0 (the elder hand, you "
		    "lead first)");
	else
		play_say("", "new deal: you are seat %d (the dealer, %s leads "
		    "first)", me, humangame_name(p->game, 1 - me));
}

/* A declaration of an event line in words, from its action text. */
static void
say_declare(const struct play *p, const struct bzp_msg *m, const char *who)
{
	const char *text = bzp_get(m, "action"), *pts = bzp_get(m, "points");
	struct game *v = humangame_view(p->game);
	struct action a;
	long long points;
	char t[WORDS_MAX], err[128];
	bool you = strcmp(who, "you") == 0;

	if (text == NULL || pts == NULL || v == NULL ||
	    bzp_parse_int(pts, 0, 1 << 20, &points) < 0 ||
	    game_parse_action(v, text, &a, err, sizeof(err)) < 0)
		play_say("", "%s %s %s for %s", who, you ? "declare" : "declares",
		    text ? text : "?", pts ? pts : "?");
	else
		play_say("", "%s %s%s %s", who, words_verb(&a), you ? "" : "s",
		    words_declaration(&p->w, humangame_rules(p->game), &a,
		    game_trump(v), (int)points, t));
	game_free(v);
}

/* An event line, said in words where it is one people care about. */
void
play_show_line(struct play *p, const char *line)
{
	int me = humangame_seat(p->game);
	char *copy = strdup(line), t[WORDS_MAX];
	struct bzp_msg m;
	const char *ev, *seat, *who;
	long long n;
	bool you;

	if (copy == NULL || bzp_parse(copy, &m) < 0) {
		free(copy);
		return;
	}
	ev = strcmp(m.cmd, "event") == 0 && m.ntok > 0 ? m.tok[0] : m.cmd;
	seat = bzp_get(&m, strcmp(ev, "trick") == 0 ? "winner" : "seat");
	you = seat != NULL && bzp_parse_int(seat, 0, MAX_PLAYERS - 1, &n) ==
	    0 && n == me;
	who = you ? "you" : humangame_name(p->game, 1 - me);
	if (strcmp(ev, "play") == 0)
		play_say("", "%s %s %s%s", who, you ? "play" : "plays",
		    card_of(p, &m, "card", t), strcmp(bzp_get(&m, "from") ?
		    bzp_get(&m, "from") : "", "table") ? "" :
		    " from the table");
	else if (strcmp(ev, "trick") == 0)
		play_say("", "%s %s the trick", who, you ? "win" : "wins");
	else if (strcmp(ev, "draw") == 0)
		play_say("", "%s %s %s", who, you ? "draw" : "draws",
		    card_of(p, &m, "card", t));
	else if (strcmp(ev, "declare") == 0)
		say_declare(p, &m, who);
	else if (strcmp(ev, "trump") == 0 && bzp_get(&m, "suit"))
		play_say("", "trump is %s", words_suit(card_suit_from_char(
		    bzp_get(&m, "suit")[0])));
	else if (strcmp(ev, "carte-blanche") == 0)
		play_say("", "%s %s carte blanche for %s", who, you ? "show" :
		    "shows", bzp_get(&m, "points") ? bzp_get(&m, "points") :
		    "?");
	else if (strcmp(ev, "endphase") == 0)
		play_say("", "the stock is empty: follow suit and win the trick "
		    "if you can");
	else if (strcmp(ev, "lasttrick") == 0)
		play_say("", "%s %s %s for the last trick", who, you ? "score" :
		    "scores", bzp_get(&m, "points") ? bzp_get(&m, "points") :
		    "?");
	else if (strcmp(ev, "newgame") == 0)
		say_newgame(p, me);
	free(copy);
}
