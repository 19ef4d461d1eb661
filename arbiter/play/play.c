/*
 * play.c: a person against an engine in a terminal (play.h).
 *
 * The game is humangame's, on the same loop as the engine; standard
 * input is read by the loop too (or, for a regular file, which cannot be
 * polled, one line whenever a decision is due).  Everything is said in
 * words (words.h).  Suits are Unicode and hearts and diamonds red only
 * on a terminal and without NO_COLOR, so a pipe gets plain letters.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/event.h>

#include "action.h"
#include "bzp.h"
#include "card.h"
#include "proc/engine_proc.h"
#include "play/hint.h"
#include "play/humangame.h"
#include "play/play.h"
#include "match/seed.h"
#include "view.h"
#include "record/words.h"

#define MAX_CHOICES	(MAX_LEGAL + 64)

struct play {
	struct event_base	*base;
	struct humangame	*game;
	struct hint		*hint;
	struct event		*input;
	struct words		 w;
	bool			 poll_input;
	char			 buf[65536];	/* typed ahead */
	bool			 eof, draining;
	size_t			 len;
	/* The numbered choices shown, as action texts: every card of the
	 * hand in its place (copies alike each have their number), then
	 * the table's, then the other actions. */
	char			 choice[MAX_CHOICES][ACTION_TEXT_MAX];
	int			 nchoices;
};

static void
put_cards(const struct play *p, const char *label, struct cardset set,
    int trump)
{
	uint16_t cards[MAX_CARDS];
	char t[WORDS_MAX];
	int n = words_sort(&set, trump, cards);

	printf("%s:", label);
	for (int i = 0; i < n; i++)
		printf(" %s", words_card(&p->w, cards[i], t));
	printf("%s\n", n ? "" : " -");
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

/* Numbers a card of the hand or table if it may be played. */
static void
offer_card(struct play *p, const struct game *v, const struct action *legal,
    int n, int card)
{
	struct action a;
	char t[WORDS_MAX];

	if (play_of(legal, n, card) == NULL || p->nchoices == MAX_CHOICES)
		return;
	memset(&a, 0, sizeof(a));
	a.type = ACTION_PLAY;
	a.ncards = 1;
	a.cards[0] = (uint16_t)card;
	action_format(&a, p->choice[p->nchoices], ACTION_TEXT_MAX);
	printf(" %d) %s", ++p->nchoices, words_action(&p->w, v, &a, t));
}

static void
show_choices(struct play *p, const struct game *v)
{
	struct action legal[MAX_LEGAL];
	int me = game_to_move(v), n = game_legal_actions(v, legal, MAX_LEGAL);
	uint16_t cards[MAX_CARDS];
	struct cardset hand = game_hand(v, me), table = game_table(v, me);
	char t[WORDS_MAX];
	int k;

	p->nchoices = 0;
	printf("your %s:", bzp_decision_name(game_decision(v)));
	k = words_sort(&hand, game_trump(v), cards);
	for (int i = 0; i < k; i++)
		offer_card(p, v, legal, n, cards[i]);
	k = words_sort(&table, game_trump(v), cards);
	for (int i = 0; i < k; i++)
		offer_card(p, v, legal, n, cards[i]);
	for (int i = 0; i < n && p->nchoices < MAX_CHOICES; i++)
		if (legal[i].type != ACTION_PLAY) {
			action_format(&legal[i], p->choice[p->nchoices],
			    ACTION_TEXT_MAX);
			p->nchoices++;
			printf("%s %d) %s", p->nchoices > 1 ? "," : "",
			    p->nchoices, words_action(&p->w, v, &legal[i],
			    t));
		}
	printf("\n> ");
	fflush(stdout);
}

static void
show_decision(struct play *p)
{
	struct game *v = humangame_view(p->game);
	int me = humangame_seat(p->game), n, trump;
	const char *other = humangame_name(p->game, 1 - me);
	uint16_t trick[4];
	char t[WORDS_MAX];

	if (v == NULL)
		return;
	trump = game_trump(v);
	printf("\ntrump %s, stock %d, points you %d, %s %d (brisques "
	    "%d, %d)\n", trump < 0 ? "not yet fixed" : words_suit(trump),
	    game_stock_left(v), game_points(v, me), other, game_points(v,
	    1 - me), game_brisques(v, me), game_brisques(v, 1 - me));
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

static void
show_result(struct play *p)
{
	json_t *st = humangame_state(p->game), *r = json_object_get(st,
	    "result");
	int me = humangame_seat(p->game), w;
	const char *other = humangame_name(p->game, 1 - me);

	if (r != NULL && json_is_object(r)) {
		w = (int)json_integer_value(json_object_get(r, "winner"));
		printf("\ndeal over: points you %d, %s %d: %s%s %d%s\n",
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)me)), other,
		    (int)json_integer_value(json_array_get(json_object_get(r,
		    "points"), (size_t)(1 - me))), w < 0 ? "drawn," :
		    w == me ? "you" : other, w < 0 ? "" : w == me ? " win" :
		    " wins",
		    (int)json_integer_value(json_object_get(r, "value")),
		    json_is_true(json_object_get(r, "rubicon")) ?
		    " (rubicon)" : "");
		fflush(stdout);
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
		printf("%s %s %s for %s\n", who, you ? "declare" : "declares",
		    text ? text : "?", pts ? pts : "?");
	else
		printf("%s %s%s %s\n", who, words_verb(&a), you ? "" : "s",
		    words_declaration(&p->w, humangame_rules(p->game), &a,
		    game_trump(v), (int)points, t));
	game_free(v);
}

/* An event line, said in words where it is one people care about. */
static void
show_line(struct play *p, const char *line)
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
		printf("%s %s %s%s\n", who, you ? "play" : "plays",
		    card_of(p, &m, "card", t), strcmp(bzp_get(&m, "from") ?
		    bzp_get(&m, "from") : "", "table") ? "" :
		    " from the table");
	else if (strcmp(ev, "trick") == 0)
		printf("%s %s the trick\n", who, you ? "win" : "wins");
	else if (strcmp(ev, "draw") == 0)
		printf("%s %s %s\n", who, you ? "draw" : "draws",
		    card_of(p, &m, "card", t));
	else if (strcmp(ev, "declare") == 0)
		say_declare(p, &m, who);
	else if (strcmp(ev, "trump") == 0 && bzp_get(&m, "suit"))
		printf("trump is %s\n", words_suit(card_suit_from_char(
		    bzp_get(&m, "suit")[0])));
	else if (strcmp(ev, "carte-blanche") == 0)
		printf("%s %s carte blanche for %s\n", who, you ? "show" :
		    "shows", bzp_get(&m, "points") ? bzp_get(&m, "points") :
		    "?");
	else if (strcmp(ev, "endphase") == 0)
		printf("the stock is empty: follow suit and win the trick if "
		    "you can\n");
	else if (strcmp(ev, "lasttrick") == 0)
		printf("%s %s %s for the last trick\n", who, you ? "score" :
		    "scores", bzp_get(&m, "points") ? bzp_get(&m, "points") :
		    "?");
	else if (strcmp(ev, "newgame") == 0 && me == 0)
		printf("\nnew deal: you are seat 0 (the elder hand, you lead "
		    "first)\n");
	else if (strcmp(ev, "newgame") == 0)
		printf("\nnew deal: you are seat %d (the dealer, %s leads "
		    "first)\n", me, humangame_name(p->game, 1 - me));
	free(copy);
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
	printf("Type the number of a choice, or a card (AS, 10H) or an action "
	    "as the protocol\nwrites it (marriage:KH+QH, pass).  Moves typed "
	    "before your turn wait for it.\n"
	    "  hint   the engine's choice, with its value of every action\n"
	    "  help   this\n"
	    "  quit   leave (so does the end of input)\n");
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

static void
take(struct play *p, char *line)
{
	char err[256], *end;
	long k;

	line[strcspn(line, "\r")] = '\0';
	while (*line == ' ' || *line == '\t')
		line++;
	for (end = line + strlen(line); end > line && (end[-1] == ' ' ||
	    end[-1] == '\t'); end--)
		end[-1] = '\0';
	if (*line == '\0')
		return;
	if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
		show_help(p);
		return;
	}
	if (strcmp(line, "quit") == 0) {
		event_base_loopexit(p->base, NULL);
		return;
	}
	if (strcmp(line, "hint") == 0) {
		ask_hint(p);
		return;
	}
	k = strtol(line, &end, 10);
	if (*end == '\0' && (k < 1 || k > p->nchoices)) {
		printf("no action number %s (1 to %d)\n> ", line, p->nchoices);
		fflush(stdout);
		return;
	}
	if (humangame_act(p->game, *end == '\0' ? p->choice[k - 1] : line,
	    err, sizeof(err)) < 0) {
		printf("%s (help: what to type)\n> ", err);
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
 * wait for their decision (help and quit are done at once).  A line is
 * out of the buffer before it is acted on: an action can bring the next
 * decision at once, and with it this function again.  At the end of
 * input with nothing left for a decision, quits.
 */
static void
drain(struct play *p)
{
	char line[sizeof(p->buf)], *nl;

	if (p->draining)
		return;
	p->draining = true;
	while ((nl = memchr(p->buf, '\n', p->len)) != NULL) {
		size_t used = (size_t)(nl + 1 - p->buf);
		memcpy(line, p->buf, used - 1);
		line[used - 1] = '\0';
		line[strcspn(line, "\r")] = '\0';
		if (!humangame_to_move(p->game) && !at_once(line))
			break;
		p->len -= used;
		memmove(p->buf, p->buf + used, p->len);
		take(p, line);
	}
	p->draining = false;
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
	if ((p = calloc(1, sizeof(*p))) == NULL)
		abort();
	p->w.symbols = isatty(STDOUT_FILENO);
	p->w.color = p->w.symbols && (nc == NULL || *nc == '\0');
	engine_proc_setup();
	p->base = event_base_new();
	reaper = engine_proc_reaper_new(p->base);
	p->game = humangame_new(p->base, reaper, &o, &cb, p);
	if (humangame_broken(p->game) && humangame_next(p->game, err,
	    sizeof(err)) < 0) {
		/* No deal can start (the records file): say so, not wait. */
		fprintf(stderr, "bezique-arbiter: play: %s\n", err);
		humangame_free(p->game);
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
		printf("bezique-arbiter play: you against %s (help: what to "
		    "type)\n", humangame_name(p->game, 1 -
		    humangame_seat(p->game)));
	humangame_start(p->game);
	event_base_dispatch(p->base);
	rc = humangame_broken(p->game) ? 1 : 0;
	if (o.seed_drawn)
		seed_say_drawn(o.seed, stderr);
	humangame_free(p->game);
	hint_free(p->hint);
	event_free(p->input);
	engine_proc_reaper_free(reaper);
	event_base_free(p->base);
	free(p);
	return rc;
}
