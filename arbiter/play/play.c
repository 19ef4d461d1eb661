/*
 * play.c: a person against an engine in a terminal (play.h).
 *
 * The game is humangame's, on the same loop as the engine; standard
 * input is read by the loop too (or, for a regular file, which cannot be
 * polled, a line at a time while a decision is due).  This file reads
 * what the person types; play_screen.c says everything, in words
 * (words.h).  Suits are Unicode and hearts and diamonds red only on a
 * terminal and without NO_COLOR, so a pipe gets plain letters.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/event.h>

#include "action.h"
#include "bzp.h"
#include "card.h"
#include "proc/engine_proc.h"
#include "play/play.h"
#include "play/play_int.h"
#include "match/seed.h"
#include "view.h"

static void	read_line(struct play *p);
static void	drain(struct play *p);

static void
on_changed(struct humangame *h, const char *line, void *arg)
{
	struct play *p = arg;
	json_t *st;

	if (line != NULL) {
		play_show_line(p, line);
		return;
	}
	st = humangame_state(h);
	if (json_is_true(json_object_get(st, "to_move"))) {
		play_show_decision(p);
		if (!p->poll_input)
			read_line(p);
		else
			drain(p);
	} else if (json_is_object(json_object_get(st, "result")) &&
	    !json_is_true(json_object_get(st, "in_deal")) && p->results <
	    json_integer_value(json_object_get(st, "played"))) {
		/* Each deal's end once: the next deal is asked for once. */
		char err[256];
		p->results++;
		play_show_result(p);
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
		fprintf(stderr, "bezique-arbiter: play: %s failed\n",
		    humangame_name(h, 1 - humangame_seat(h)));
	event_base_loopexit(p->base, NULL);
}

static void
prompt(const struct play *p)
{
	if (humangame_to_move(p->game))
		printf("> ");
	fflush(stdout);
}

static void
show_help(const struct play *p)
{
	play_say("", "Type the number of a choice, a card of your hand (AS, "
	    "10H or TH), 'table KC' for a card of your table, or an action as "
	    "the protocol writes it (marriage:KH+QH, pass).  Moves typed "
	    "before your turn wait for it; a card waits past a "
	    "declaration.");
	fputs("  hint   the engine's choice, with its value of every action\n"
	    "  help   this\n"
	    "  quit   leave (so does the end of input)\n", stdout);
	prompt(p);
}

/* One action's text in words, in the person's view now. */
static const char *
action_words(const struct play *p, const struct game *v, const char *text,
    char *buf)
{
	struct action a;
	char err[128];

	if (v == NULL || game_parse_action(v, text, &a, err, sizeof(err)) < 0)
		return text;
	return words_action(&p->w, v, &a, buf);
}

static void
on_hint(json_t *answer, void *arg)
{
	struct play *p = arg;
	struct game *v = humangame_view(p->game);
	const char *best = json_string_value(json_object_get(answer,
	    "action")), *ev = json_string_value(json_object_get(answer, "ev"));
	json_t *acts = json_object_get(answer, "actions"), *a;
	char t[WORDS_MAX];
	size_t i;

	if (!humangame_to_move(p->game) || v == NULL) {
		/* Asked for a decision already taken: of no use. */
	} else if (best == NULL) {
		printf("no hint: %s\n", json_string_value(json_object_get(
		    answer, "error")));
		prompt(p);
	} else {
		printf("hint: %s", action_words(p, v, best, t));
		printf("%s%s\n", ev ? ", worth " : "", ev ? ev : "");
		json_array_foreach(acts, i, a) {
			printf("  %+6lld  win %3.0f%%  %s\n", (long long)
			    json_integer_value(json_object_get(a, "value")),
			    100 * json_number_value(json_object_get(a, "win")),
			    action_words(p, v, json_string_value(
			    json_object_get(a, "action")), t));
		}
		prompt(p);
	}
	game_free(v);
	json_decref(answer);
}

static void
ask_hint(struct play *p)
{
	char *view = malloc(VIEW_TEXT_MAX), rules[2048], err[256];
	const struct rules *r = humangame_rules(p->game);

	if (view == NULL)
		abort();
	if (humangame_hint_position(p->game, view, VIEW_TEXT_MAX, rules,
	    sizeof(rules)) < 0)
		printf("a hint is for your turn\n");
	else if (hint_ask(p->hint, variant_name(r->variant), rules, view,
	    err, sizeof(err)) < 0)
		printf("no hint: %s\n", err);
	else
		printf("thinking...\n");
	fflush(stdout);
	free(view);
}

/* Whether a line is a command that does not wait for the turn. */
static bool
at_once(const char *line)
{
	return strcmp(line, "help") == 0 || strcmp(line, "quit") == 0;
}

/* The line without the blanks around it (and a CR), in place. */
static char *
trim(char *line)
{
	char *end;

	line[strcspn(line, "\r")] = '\0';
	while (*line == ' ' || *line == '\t')
		line++;
	for (end = line + strlen(line); end > line && (end[-1] == ' ' ||
	    end[-1] == '\t'); end--)
		end[-1] = '\0';
	return line;
}

/* The card a line names ("KC", "10h", "QH#2"), after "table " when the
 * person takes it from the table; -1 if the line is no card. */
static int
typed_card(const char *line, bool *from_table, bool *copy)
{
	*from_table = strncasecmp(line, "table ", 6) == 0;
	if (*from_table)
		line = trim((char *)(uintptr_t)(line + 6));
	return card_parse(line, strlen(line), MAX_PACKS, copy);
}

/* The card of c's kind in set (c itself if its copy was given), or -1. */
static int
card_in(const struct cardset *set, int c, bool copy)
{
	CARDSET_FOREACH(x, set)
		if (copy ? x == c : card_kind(x) == card_kind(c))
			return x;
	return -1;
}

/*
 * Plays a typed card from the hand, or from the table when the line
 * says "table": a card that is only on the table is never taken from it
 * unasked (it may hold a marriage together).  Refusals in words.
 */
static void
play_card(struct play *p, const struct game *v, int c, bool from_table,
    bool copy)
{
	int me = game_to_move(v);
	struct cardset hand = game_hand(v, me), table = game_table(v, me);
	int x = card_in(from_table ? &table : &hand, c, copy);
	static const struct words plain = { false, false };
	struct action a = { .type = ACTION_PLAY, .ncards = 1 };
	char t[WORDS_MAX], typed[WORDS_MAX], text[ACTION_TEXT_MAX], err[256];

	words_card(&p->w, c, t);
	if (x < 0 && !from_table && card_in(&table, c, copy) >= 0)
		play_say("> ", "%s is on your table, not in your hand: 'table %s' "
		    "plays it from there", t, words_card(&plain, c, typed));
	else if (x < 0)
		play_say("> ", "%s is not %s", t, from_table ? "on your table" :
		    "in your hand");
	else if ((a.cards[0] = (uint16_t)x, !game_is_legal(v, &a)))
		play_say("> ", "%s cannot be played now", t);
	else if (humangame_act(p->game, action_format(&a, text,
	    sizeof(text)), err, sizeof(err)) < 0)
		play_say("> ", "%s", err);
}

/* An action typed: a card, the number of a choice, or a protocol text. */
static void
act(struct play *p, const char *line)
{
	struct game *v = humangame_view(p->game);
	char err[256], *end;
	bool from_table, copy;
	long k = strtol(line, &end, 10);
	int c = typed_card(line, &from_table, &copy);

	if (v != NULL && humangame_to_move(p->game) && c >= 0)
		play_card(p, v, c, from_table, copy);
	else if (*end == '\0' && (k < 1 || k > p->nchoices))
		play_say("> ", "no action number %s (1 to %d)", line,
		    p->nchoices);
	else if (humangame_act(p->game, *end == '\0' ? p->choice[k - 1] :
	    line, err, sizeof(err)) < 0)
		play_say("> ", "%s (help: what to type)", err);
	fflush(stdout);
	game_free(v);
}

/* Leaves at "quit", saying so and what the deal in play comes to. */
static void
quit(struct play *p)
{
	json_t *st = humangame_state(p->game);

	play_say("", "quit%s", json_is_true(json_object_get(st, "in_deal")) ?
	    ": the deal in play is not finished, so not recorded" : "");
	json_decref(st);
	event_base_loopexit(p->base, NULL);
}

static void
take(struct play *p, char *line)
{
	line = trim(line);
	if (*line == '\0')
		return;
	if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0)
		show_help(p);
	else if (strcmp(line, "quit") == 0)
		quit(p);
	else if (strcmp(line, "hint") == 0)
		ask_hint(p);
	else
		act(p, line);
}

/*
 * Whether a line typed waits for a later decision: a card, when the
 * decision now is to declare (or show carte blanche) first.  It is kept,
 * said once, and played at the lead or reply that comes.
 */
static bool
waits(struct play *p, const char *text)
{
	char line[64], t[WORDS_MAX];
	struct game *v;
	bool from_table, copy, wait;
	int c, d;

	if (strlen(text) >= sizeof(line))
		return false;	/* no card */
	memcpy(line, text, strlen(text) + 1);
	v = humangame_view(p->game);
	d = v ? game_decision(v) : DECISION_NONE;
	c = typed_card(trim(line), &from_table, &copy);
	wait = c >= 0 && (d == DECISION_DECLARE || d ==
	    DECISION_CARTE_BLANCHE);
	if (wait && !p->told_waiting) {
		play_say("> ", "%s waits for your next card: %s first",
		    words_card(&p->w, c, t), d == DECISION_DECLARE ?
		    "declare or pass" : "carte blanche or pass");
		fflush(stdout);
		p->told_waiting = true;
	}
	game_free(v);
	return wait;
}

/* The line at p->buf + at, without its newline, into line; its length
 * with the newline in *used; false if no whole line is there. */
static bool
line_at(const struct play *p, size_t at, char *line, size_t *used)
{
	const char *nl = memchr(p->buf + at, '\n', p->len - at);

	if (nl == NULL)
		return false;
	*used = (size_t)(nl + 1 - (p->buf + at));
	memcpy(line, p->buf + at, *used - 1);
	line[*used - 1] = '\0';
	line[strcspn(line, "\r")] = '\0';
	return true;
}

/*
 * Takes the lines read while the person is to move, in the order typed;
 * lines typed ahead wait for their decision, and a card waits past a
 * declaration (waits(); help and quit are done at once).  A line is out
 * of the buffer before it is acted on: an action can bring the next
 * decision at once, and with it this function again (then lines kept
 * back are looked at again).  At the end of input with nothing left for
 * a decision, quits.
 */
static void
drain(struct play *p)
{
	char line[sizeof(p->buf)];
	size_t at = 0, used;

	if (p->draining)
		return;
	p->draining = true;
	while (line_at(p, at, line, &used)) {
		if (!at_once(trim(line)) && !humangame_to_move(p->game))
			break;
		if (!at_once(trim(line)) && waits(p, line)) {
			at += used;
			continue;
		}
		p->len -= used;
		memmove(p->buf + at, p->buf + at + used, p->len - at);
		take(p, line);
		at = 0;
	}
	p->draining = false;
	if (p->eof && humangame_to_move(p->game)) {
		printf("\n");
		event_base_loopexit(p->base, NULL);
	} else if (p->poll_input && !p->eof && p->len < sizeof(p->buf))
		event_add(p->input, NULL);	/* room again */
}

/*
 * Standard input that cannot be polled (a regular file): a line at a
 * time while the person is to move, each drained as typed lines are (a
 * refused line or a card kept back asks for the next).  Not again from
 * within: a decision that an action brings at once is this loop's.
 */
static void
read_line(struct play *p)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (p->reading)
		return;
	p->reading = true;
	while (!p->eof && humangame_to_move(p->game)) {
		if ((n = getline(&line, &cap, stdin)) < 0)
			p->eof = true;
		else if (p->len + (size_t)n + 1 < sizeof(p->buf)) {
			memcpy(p->buf + p->len, line, (size_t)n);
			p->len += (size_t)n;
			if (line[n - 1] != '\n')
				p->buf[p->len++] = '\n';
		}
		drain(p);
	}
	p->reading = false;
	free(line);
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

/* Whether standard input is something epoll watches: a pipe, socket or
 * terminal, not a regular file or another device. */
static bool
pollable_input(void)
{
	struct stat st;

	if (fstat(STDIN_FILENO, &st) < 0)
		return false;
	return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ||
	    isatty(STDIN_FILENO);
}

/*
 * The records file at the end: one a session made and left empty (no
 * deal finished) is removed, so that an empty file never stands for a
 * game; otherwise says how many deals it holds now.
 */
static void
tidy_records(const char *path, bool existed, int played)
{
	struct stat st;

	if (path == NULL)
		return;
	if (!existed && stat(path, &st) == 0 && st.st_size == 0 &&
	    unlink(path) == 0)
		play_say("", "no deal finished: %s not kept", path);
	else if (played > 0)
		play_say("", "%d deal%s recorded in %s", played, played == 1 ? "" :
		    "s", path);
}

/* Deals finished in this session. */
static int
played(const struct play *p)
{
	json_t *st = humangame_state(p->game);
	int n = (int)json_integer_value(json_object_get(st, "played"));

	json_decref(st);
	return n;
}

int
play_main(int argc, char **argv)
{
	static const struct humangame_callbacks cb = { on_changed,
		on_finished };
	struct humangame_opts o;
	struct engine_proc_reaper *reaper;
	const char *nc = getenv("NO_COLOR");
	struct play *p;
	char err[256];
	int rc, n;
	bool existed;

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
		if (err[0] != '\0')
			fprintf(stderr, "bezique-arbiter: play: %s\n", err);
		return 2;
	}
	if ((p = calloc(1, sizeof(*p))) == NULL)
		abort();
	p->w.symbols = isatty(STDOUT_FILENO);
	p->w.color = p->w.symbols && (nc == NULL || *nc == '\0');
	engine_proc_setup();
	p->base = event_base_new();
	reaper = engine_proc_reaper_new(p->base);
	existed = o.records != NULL && access(o.records, F_OK) == 0;
	p->game = humangame_new(p->base, reaper, &o, &cb, p);
	if (humangame_broken(p->game) && humangame_next(p->game, err,
	    sizeof(err)) < 0) {
		/* No deal can start (the records file): say so, not wait. */
		fprintf(stderr, "bezique-arbiter: play: %s\n", err);
		humangame_free(p->game);
		humangame_opts_free(&o);
		tidy_records(o.records, existed, 0);
		engine_proc_reaper_free(reaper);
		event_base_free(p->base);
		free(p);
		return 1;
	}
	p->hint = hint_new(p->base, reaper, o.hint_engine, on_hint, p);
	p->input = event_new(p->base, STDIN_FILENO, EV_READ | EV_PERSIST,
	    on_input, p);
	/* A file or /dev/null as input is read as it is needed: epoll
	 * refuses them, and libevent would print a warning of its own. */
	p->poll_input = pollable_input() && event_add(p->input, NULL) == 0;
	if (isatty(STDIN_FILENO))
		play_say("", "bezique-arbiter play: you against %s (help: "
		    "what to type)", humangame_name(p->game, 1 -
		    humangame_seat(p->game)));
	humangame_start(p->game);
	event_base_dispatch(p->base);
	rc = humangame_broken(p->game) ? 1 : 0;
	if (o.seed_drawn)
		seed_say_drawn(o.key, stderr);
	n = played(p);
	humangame_free(p->game);	/* the records closed */
	humangame_opts_free(&o);
	tidy_records(o.records, existed, n);
	hint_free(p->hint);
	event_free(p->input);
	engine_proc_reaper_free(reaper);
	event_base_free(p->base);
	free(p);
	return rc;
}
