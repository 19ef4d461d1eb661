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

/* "you 820, bezique-engine 460": the game's totals. */
static void
say_totals(const struct play *p, const char *before)
{
	int me = humangame_seat(p->game);
	char a[WORDS_NUMBER], b[WORDS_NUMBER], c[WORDS_NUMBER];

	play_say("", "%s: you %s, %s %s (the game is to %s)", before,
	    words_number(p->totals[me], a), humangame_name(p->game, 1 - me),
	    words_number(p->totals[1 - me], b), words_number(humangame_rules(
	    p->game)->game_target, c));
}

/* The game's end: who won it, by the totals (protocol.md, gameover). */
static void
say_game_over(const struct play *p)
{
	int me = humangame_seat(p->game), mine = p->totals[me],
	    theirs = p->totals[1 - me];
	char a[WORDS_NUMBER], b[WORDS_NUMBER];

	play_say("", "game over: %s%s, %s to %s", mine == theirs ? "drawn" :
	    mine > theirs ? "you win" : humangame_name(p->game, 1 - me),
	    mine == theirs ? "" : mine > theirs ? " the game" :
	    " wins the game", words_number(mine > theirs ? mine : theirs, a),
	    words_number(mine > theirs ? theirs : mine, b));
}

void
play_show_result(struct play *p)
{
	json_t *st = humangame_state(p->game), *r = json_object_get(st,
	    "result"), *pts = json_object_get(r, "points");
	int me = humangame_seat(p->game), w;
	const char *other = humangame_name(p->game, 1 - me);
	bool several = humangame_rules(p->game)->game_target > 0;
	char a[WORDS_NUMBER], b[WORDS_NUMBER], c[WORDS_NUMBER];
	char brisques[64 + NAME_MAX_BYTES];

	if (r != NULL && json_is_object(r)) {
		json_t *br = json_object_get(r, "brisques");
		w = (int)json_integer_value(json_object_get(r, "winner"));
		/* What the game's totals add: brisques count in two-hand. */
		snprintf(brisques, sizeof(brisques), ", brisques you %d, %s %d",
		    (int)json_integer_value(json_array_get(br, (size_t)me)),
		    other, (int)json_integer_value(json_array_get(br,
		    (size_t)(1 - me))));
		printf("\n");
		/* A deal of a game of several has no value of its own. */
		play_say("", "deal over: points you %s, %s %s%s: %s%s%s%s%s",
		    words_number(json_integer_value(json_array_get(pts,
		    (size_t)me)), a), other, words_number(json_integer_value(
		    json_array_get(pts, (size_t)(1 - me))), b), several ?
		    brisques : "", w < 0 ?
		    "drawn" : w == me ? "you" : other, w < 0 ? "" : w == me ?
		    " win" : " wins", several ? (w < 0 ? "" : " the deal") :
		    " ", several ? "" : words_number(json_integer_value(
		    json_object_get(r, "value")), c),
		    json_is_true(json_object_get(r, "rubicon")) ?
		    " (rubicon)" : "");
	}
	if (several)
		say_totals(p, "game");
	if (several && p->game_over)
		say_game_over(p);
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

/* The number of key in a line, or dflt. */
static int
line_int(const struct bzp_msg *m, const char *key, int dflt)
{
	long long n;

	return bzp_get_int(m, key, 0, 1 << 30, &n) == 0 ? (int)n : dflt;
}

/* Each seat's number in "totals=820,460". */
static void
line_totals(const struct bzp_msg *m, int totals[2])
{
	const char *t = bzp_get(m, "totals");
	char *end;
	long a, b;

	totals[0] = totals[1] = 0;
	if (t == NULL)
		return;
	a = strtol(t, &end, 10);
	if (*end != ',')
		return;
	b = strtol(end + 1, &end, 10);
	if (*end == '\0' && a >= 0 && b >= 0 && a < 1L << 30 && b < 1L << 30) {
		totals[0] = (int)a;
		totals[1] = (int)b;
	}
}

/* Who leads, from the line's dealer (the seat after the dealer leads);
 * in a game of several deals, which deal of which game, and the totals
 * before it. */
static void
say_newgame(struct play *p, const struct bzp_msg *m, int me)
{
	int dealer = line_int(m, "dealer", 1), n = humangame_rules(
	    p->game)->players;
	bool several = humangame_rules(p->game)->game_target > 0;
	char where[64] = "";

	if (several) {
		p->game_no = line_int(m, "game", 1);	/* from 1 */
		p->hand = line_int(m, "hand", 0) + 1;
		line_totals(m, p->totals);
		p->game_over = false;
		snprintf(where, sizeof(where), " (game %d, deal %d)",
		    p->game_no, p->hand);
	}
	printf("\n");
	if ((dealer + 1) % n == me)
		play_say("", "new deal%s: you are seat %d, the elder hand: you "
		    "lead first", where, me);
	else
		play_say("", "new deal%s: you are seat %d, the dealer: %s leads "
		    "first", where, me, humangame_name(p->game, 1 - me));
	if (several && p->hand > 1)
		say_totals(p, "the game so far");
}

/* The game's totals after the deal and whether the game is over. */
static void
take_gameover(struct play *p, const struct bzp_msg *m)
{
	line_totals(m, p->totals);
	p->game_over = line_int(m, "gameover", 1) == 1;
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
		say_newgame(p, &m, me);
	else if (strcmp(ev, "gameover") == 0)
		take_gameover(p, &m);
	free(copy);
}
