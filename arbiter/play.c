/*
 * play.c: a person against an engine in a terminal (play.h).
 *
 * The game is humangame's, on the same loop as the engine; standard
 * input is read by the loop too (or, for a regular file, which cannot be
 * polled, one line whenever a decision is due).  Suits are Unicode and
 * hearts and diamonds red only on a terminal and without NO_COLOR, so a
 * pipe gets the protocol's plain text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "action.h"
#include "bzp.h"
#include "card.h"
#include "engine_proc.h"
#include "humangame.h"
#include "play.h"

struct play {
	struct event_base	*base;
	struct humangame	*game;
	struct event		*input;
	bool			 pretty, color, poll_input;
	char			 buf[65536];	/* typed ahead */
	bool			 eof;
	size_t			 len;
	int			 shown_deal;	/* the result printed, +1 */
};

/* Writes text with every card (XY or XY#n) as rank and suit symbol. */
static void
put_pretty(const struct play *p, const char *text)
{
	static const char *const suits[] = { "\u2660", "\u2665", "\u2666",
		"\u2663" };
	const char *s = text;

	if (!p->pretty) {
		fputs(text, stdout);
		return;
	}
	while (*s) {
		int suit = s[0] && s[1] ? card_suit_from_char(s[1]) : -1;
		bool card = card_rank_from_char(s[0]) >= 0 && suit >= 0 &&
		    (s == text || strchr(",+:.= ", s[-1])) &&
		    (s[2] == '\0' || s[2] == '#' || strchr(",+. ", s[2]));
		if (!card) {
			putchar(*s++);
			continue;
		}
		if (p->color && (suit == 1 || suit == 2))
			printf("\033[31m%c%s\033[0m", s[0] == 'T' ? 'T' : s[0],
			    suits[suit]);
		else
			printf("%c%s", s[0], suits[suit]);
		s += 2;
		if (*s == '#')	/* the copy matters only on the table */
			for (s++; *s >= '0' && *s <= '9'; s++)
				;
	}
}

static void
put_set(const struct play *p, const char *label, struct cardset set)
{
	char t[CARD_TEXT_MAX];

	printf("%s:", label);
	if (cardset_count(&set) == 0)
		printf(" -");
	CARDSET_FOREACH(c, &set) {
		putchar(' ');
		put_pretty(p, card_format(c, t));
	}
	putchar('\n');
}

static void
show_decision(struct play *p)
{
	struct game *v = humangame_view(p->game);
	int me = humangame_seat(p->game), n, trump;
	struct action legal[MAX_LEGAL];
	uint16_t trick[4];
	char t[ACTION_TEXT_MAX];

	if (v == NULL)
		return;
	trump = game_trump(v);
	printf("\ntrump %c, stock %d, points you %d, engine %d\n", trump < 0 ?
	    '-' : card_suit_char(trump), game_stock_left(v),
	    game_points(v, me), game_points(v, 1 - me));
	put_set(p, "engine's table", game_table(v, 1 - me));
	put_set(p, "your table", game_table(v, me));
	printf("trick:");
	n = game_trick_cards(v, trick);
	for (int i = 0; i < n; i++) {
		putchar(' ');
		put_pretty(p, card_format(trick[i], t));
	}
	printf("%s\n", n ? "" : " -");
	put_set(p, "your hand", game_hand(v, me));
	n = game_legal_actions(v, legal, MAX_LEGAL);
	printf("your %s:", bzp_decision_name(game_decision(v)));
	for (int i = 0; i < n; i++) {
		printf(" %d)", i + 1);
		put_pretty(p, action_format(&legal[i], t, sizeof(t)));
	}
	printf("\n> ");
	fflush(stdout);
	game_free(v);
}

static void
show_result(struct play *p)
{
	json_t *st = humangame_state(p->game), *r = json_object_get(st,
	    "result");
	int me = humangame_seat(p->game), w;

	if (r != NULL && json_is_object(r)) {
		w = (int)json_integer_value(json_object_get(r, "winner"));
		printf("\ndeal over: points you %d, engine %d: %s %d\n",
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)me)),
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)(1 - me))), w < 0 ? "drawn," :
		    w == me ? "you win" : "the engine wins",
		    (int)json_integer_value(json_object_get(r, "value")));
		fflush(stdout);
	}
	json_decref(st);
}

/* An event line, said in words where it is one people care about. */
static void
show_line(struct play *p, const char *line)
{
	int me = humangame_seat(p->game);
	const char *seat = strstr(line, " seat=");
	const char *who = seat && seat[6] - '0' == me ? "you" : "engine";

	const char *card = strstr(line, " card="), *act = strstr(line,
	    " action=");
	char word[128];

	if (strncmp(line, "event play ", 11) == 0 && card != NULL) {
		snprintf(word, sizeof(word), "%.*s", (int)strcspn(card + 6, " "),
		    card + 6);
		printf("%s play ", who);
		put_pretty(p, word);
		printf("%s\n", strstr(line, "from=table") ? " from the table" :
		    "");
	} else if (strncmp(line, "event declare ", 14) == 0 && act != NULL) {
		snprintf(word, sizeof(word), "%.*s", (int)strcspn(act + 8, " "),
		    act + 8);
		printf("%s declare ", who);
		put_pretty(p, word);
		putchar('\n');
	} else if (strncmp(line, "event trick ", 12) == 0)
		printf("trick to %s\n", line[19] - '0' == me ? "you" :
		    "engine");
	else if (strncmp(line, "event trump ", 12) == 0)
		printf("trump is %s\n", line + 18);
	else if (strncmp(line, "newgame ", 8) == 0)
		printf("\nnew deal: you are seat %d\n", me);
}

static void	read_line(struct play *p);
static void	drain(struct play *p);

static void
on_changed(struct humangame *h, const char *line, void *arg)
{
	struct play *p = arg;
	json_t *st;

	if (line != NULL) {
		show_line(p, line);
		return;
	}
	st = humangame_state(h);
	if (json_is_true(json_object_get(st, "to_move"))) {
		show_decision(p);
		if (!p->poll_input)
			read_line(p);
		else
			drain(p);
	} else if (json_is_object(json_object_get(st, "result")) &&
	    !json_is_true(json_object_get(st, "in_deal"))) {
		char err[256];
		show_result(p);
		if (humangame_next(h, err, sizeof(err)) < 0)
			event_base_loopexit(p->base, NULL);
	}
	json_decref(st);
}

static void
on_finished(struct humangame *h, void *arg)
{
	struct play *p = arg;

	if (humangame_broken(h))
		fprintf(stderr, "bezique-arbiter: play: the engine failed\n");
	event_base_loopexit(p->base, NULL);
}

static void
take(struct play *p, char *line)
{
	char err[256];

	line[strcspn(line, "\r")] = '\0';
	if (*line == '\0')
		return;
	if (humangame_act(p->game, line, err, sizeof(err)) < 0) {
		printf("%s\n> ", err);
		fflush(stdout);
	}
}

/* Standard input that cannot be polled (a regular file): one line now. */
static void
read_line(struct play *p)
{
	char *line = NULL;
	size_t cap = 0;

	if (getline(&line, &cap, stdin) < 0) {
		printf("\n");
		event_base_loopexit(p->base, NULL);
	} else {
		line[strcspn(line, "\n")] = '\0';
		take(p, line);
	}
	free(line);
}

/*
 * Takes the lines read while the person is to move; lines typed ahead
 * (a pipe) wait for their decision.  At the end of input with nothing
 * left for a decision, quits.
 */
static void
drain(struct play *p)
{
	char *nl;

	while (humangame_to_move(p->game) &&
	    (nl = memchr(p->buf, '\n', p->len)) != NULL) {
		size_t used = (size_t)(nl + 1 - p->buf);
		*nl = '\0';
		take(p, p->buf);
		p->len -= used;
		memmove(p->buf, p->buf + used, p->len);
	}
	if (p->eof && humangame_to_move(p->game)) {
		printf("\n");
		event_base_loopexit(p->base, NULL);
	} else if (!p->eof && p->len < sizeof(p->buf))
		event_add(p->input, NULL);	/* room again */
}

static void
on_input(evutil_socket_t fd, short what, void *arg)
{
	struct play *p = arg;
	ssize_t n = read(fd, p->buf + p->len, sizeof(p->buf) - p->len);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		p->eof = true;
		event_del(p->input);
	} else
		p->len += (size_t)n;
	if (p->len == sizeof(p->buf) && memchr(p->buf, '\n', p->len) ==
	    NULL) {
		printf("line too long\n> ");
		p->len = 0;
	}
	if (p->len == sizeof(p->buf))
		event_del(p->input);	/* until drained */
	drain(p);
}

int
play_main(int argc, char **argv)
{
	static const struct humangame_callbacks cb = { on_changed,
		on_finished };
	struct humangame_opts o;
	struct engine_proc_reaper *reaper;
	const char *nc = getenv("NO_COLOR");
	struct play p;
	char err[256];
	int rc;

	humangame_defaults(&o);
	for (int i = 0; i < argc; i++) {
		int got = humangame_parse_flag(&o, argc, argv, &i);
		if (got == 0)
			fprintf(stderr, "bezique-arbiter: play: bad flag '%s' "
			    "(bezique-arbiter help)\n", argv[i]);
		if (got <= 0)
			return 2;
	}
	if (humangame_check(&o, err, sizeof(err)) < 0) {
		fprintf(stderr, "bezique-arbiter: play: %s\n", err);
		return 2;
	}
	memset(&p, 0, sizeof(p));
	p.pretty = isatty(STDOUT_FILENO);
	p.color = p.pretty && (nc == NULL || *nc == '\0');
	engine_proc_setup();
	p.base = event_base_new();
	reaper = engine_proc_reaper_new(p.base);
	p.game = humangame_new(p.base, reaper, &o, &cb, &p);
	if (humangame_broken(p.game) && humangame_next(p.game, err,
	    sizeof(err)) < 0) {
		/* No deal can start (the records file): say so, not wait. */
		fprintf(stderr, "bezique-arbiter: play: %s\n", err);
		humangame_free(p.game);
		engine_proc_reaper_free(reaper);
		event_base_free(p.base);
		return 1;
	}
	p.input = event_new(p.base, STDIN_FILENO, EV_READ | EV_PERSIST,
	    on_input, &p);
	p.poll_input = event_add(p.input, NULL) == 0;
	humangame_start(p.game);
	event_base_dispatch(p.base);
	rc = humangame_broken(p.game) ? 1 : 0;
	humangame_free(p.game);
	event_free(p.input);
	engine_proc_reaper_free(reaper);
	event_base_free(p.base);
	return rc;
}
