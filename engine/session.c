/*
 * session.c: the engine's protocol loop (session.h, protocol.md).
 *
 * Each handler reads one command and answers with at most a few lines.
 * Nothing but protocol lines is written to the output; diagnostics go to
 * the log only when one was asked for (--log or the Log option).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "session.h"
#include "version.h"
#include "view.h"

#define ENGINE_NAME	"bezique-engine"
#define MAX_PLAYOUTS	1000000000LL
#define MAX_MOVETIME	86400000LL	/* a day, in milliseconds */

struct session {
	FILE			*out, *log;
	struct session_options	 opt;
	struct rules		 rules;
	bool			 have_rules;
	unsigned long long	 deal;
	struct rng		 rng;
	struct game		*position;	/* analysis mode */
	const char		*go_id;		/* the request thought about */
	bool			 analysing;
	bool			 quit;
};

static void
logf_(struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
logf_(struct session *s, const char *fmt, ...)
{
	va_list ap;

	if (s->log == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(s->log, fmt, ap);
	va_end(ap);
	fputc('\n', s->log);
	fflush(s->log);
}

static void
reply(struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
reply(struct session *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(s->out, fmt, ap);
	va_end(ap);
	fputc('\n', s->out);
	fflush(s->out);
}

static void
open_log(struct session *s, const char *path)
{
	if (s->log != NULL && s->log != stderr)
		fclose(s->log);
	s->log = NULL;
	if (path == NULL || *path == '\0')
		return;
	if (strcmp(path, "-") == 0 || strcmp(path, "stderr") == 0)
		s->log = stderr;
	else if ((s->log = fopen(path, "a")) == NULL)
		fprintf(stderr, "bezique-engine: cannot open log '%s'\n", path);
}

/* "rubicon,two-hand,...": the variants the rules core plays. */
static const char *
playable_variants(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int v = 0; v < NVARIANTS; v++)
		if (variant_playable((enum variant)v) && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
			    n ? "," : "", variant_name((enum variant)v));
	return buf;
}

static void
cmd_bzp(struct session *s, struct bzp_msg *m)
{
	char list[128];

	reply(s, "id name %s", ENGINE_NAME);
	reply(s, "id author The Bezique project");
	reply(s, "id version %s", BEZIQUE_VERSION);
	reply(s, "option name Level type combo default %s var random "
	    "var greedy var club var strong", level_name(s->opt.level));
	reply(s, "option name Skill type spin default %d min 0 max 100",
	    s->opt.skill);
	reply(s, "option name Playouts type spin default %lld min 0 max "
	    "%lld", s->opt.playouts, MAX_PLAYOUTS);
	reply(s, "option name MoveTime type spin default %lld min 0 max "
	    "%lld", s->opt.movetime_ms, MAX_MOVETIME);
	reply(s, "option name TreeFrom type spin default %lld min 0 max "
	    "%lld", s->opt.tree_from_ms, MAX_MOVETIME);
	reply(s, "option name Seed type spin default %lu min 0 max "
	    "4294967295", s->opt.seed);
	reply(s, "option name Log type string default <empty>");
	reply(s, "protocol %d", BZP_VERSION);
	reply(s, "feature variants=%s", playable_variants(list,
	    sizeof(list)));
	/* Every request carries the seat view: the engine needs no events. */
	reply(s, "feature noevents");
	reply(s, "bzpok");
}

/* setoption name <Name> value <Value> */
static void
cmd_setoption(struct session *s, struct bzp_msg *m)
{
	const char *name = NULL, *value = "";
	enum level l;
	long long n;

	for (int i = 0; i + 1 < m->ntok; i++) {
		if (strcmp(m->tok[i], "name") == 0)
			name = m->tok[i + 1];
		if (strcmp(m->tok[i], "value") == 0)
			value = m->tok[i + 1];
	}
	if (name == NULL)
		logf_(s, "setoption without a name");
	else if (strcasecmp(name, "Level") == 0 && level_parse(value, &l) == 0)
		s->opt.level = l;
	else if (strcasecmp(name, "Skill") == 0 &&
	    bzp_parse_int(value, 0, 100, &n) == 0)
		s->opt.skill = (int)n;
	else if (strcasecmp(name, "Playouts") == 0 &&
	    bzp_parse_int(value, 0, MAX_PLAYOUTS, &n) == 0)
		s->opt.playouts = n;
	else if (strcasecmp(name, "MoveTime") == 0 &&
	    bzp_parse_int(value, 0, MAX_MOVETIME, &n) == 0)
		s->opt.movetime_ms = n;
	else if (strcasecmp(name, "TreeFrom") == 0 &&
	    bzp_parse_int(value, 0, MAX_MOVETIME, &n) == 0)
		s->opt.tree_from_ms = n;
	else if (strcasecmp(name, "Seed") == 0 &&
	    bzp_parse_int(value, 0, 4294967295LL, &n) == 0)
		s->opt.seed = (unsigned long)n;
	else if (strcasecmp(name, "Log") == 0)
		open_log(s, strcmp(value, "<empty>") == 0 ? NULL : value);
	else
		logf_(s, "setoption: unknown option or bad value: %s = %s",
		    name, value);
}

/* newgame deal=<n> variant=<v> rules=<list> seat=<s> dealer=<d> ... */
static void
cmd_newgame(struct session *s, struct bzp_msg *m)
{
	const char *variant = bzp_get(m, "variant"), *list = bzp_get(m,
	    "rules");
	enum variant v = VARIANT_RUBICON;
	char err[256];
	long long deal = 0, hand = 0;

	bzp_get_int(m, "deal", 0, (long long)1 << 62, &deal);
	/* A game of several deals numbers its deals (hand=, protocol.md):
	 * each deal of it is seeded apart. */
	bzp_get_int(m, "hand", 0, 1 << 20, &hand);
	s->deal = (unsigned long long)deal ^ ((unsigned long long)hand << 40);
	s->have_rules = false;
	if (variant != NULL && variant_parse(variant, &v) < 0) {
		logf_(s, "newgame: unknown variant '%s'", variant);
		return;
	}
	rules_init(&s->rules, v);
	if (list != NULL && rules_set_list(&s->rules, list, err,
	    sizeof(err)) < 0) {
		logf_(s, "newgame: %s", err);
		return;
	}
	s->have_rules = true;
	/* Reproducible per deal: the same Seed plays a deal the same way. */
	rng_seed(&s->rng, s->opt.seed * 0x9e3779b97f4a7c15ULL ^ s->deal);
}

/* The attribute tells clang's -Wformat-nonliteral that fmt is a format. */
static void	send_info(void *arg, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
send_info(void *arg, const char *fmt, ...)
{
	struct session *s = arg;
	va_list ap;

	fputs("info ", s->out);
	if (s->go_id != NULL)
		fprintf(s->out, "id=%s ", s->go_id);
	va_start(ap, fmt);
	vfprintf(s->out, fmt, ap);
	va_end(ap);
	fputc('\n', s->out);
	fflush(s->out);
}

static struct game *
parse_view(struct session *s, const char *text)
{
	char err[256];
	struct game *g;

	if (!s->have_rules)
		rules_init(&s->rules, VARIANT_RUBICON);
	s->have_rules = true;
	if (text == NULL || (g = view_parse(&s->rules, text, err,
	    sizeof(err))) == NULL) {
		logf_(s, "%s", text == NULL ? "no seat view" : err);
		return NULL;
	}
	return g;
}

/*
 * The request's limits (m may be NULL), with the options filling in
 * what it leaves out: Playouts and MoveTime when set fix the thinking
 * whatever the clocks say, Skill weakens the play, TreeFrom says from
 * what time a decision the strong level grows its tree (0: never).
 */
static void
read_limits(const struct session *s, const struct bzp_msg *m,
    struct think_limits *lim)
{
	memset(lim, 0, sizeof(*lim));
	if (m != NULL) {
		bzp_get_int(m, "time", 0, (long long)1 << 40, &lim->time_ms);
		bzp_get_int(m, "inc", 0, (long long)1 << 40, &lim->inc_ms);
		bzp_get_int(m, "cap", 0, (long long)1 << 40, &lim->cap_ms);
		bzp_get_int(m, "movetime", 0, (long long)1 << 40,
		    &lim->movetime_ms);
		bzp_get_int(m, "playouts", 0, (long long)1 << 40,
		    &lim->playouts);
	}
	if (s->opt.playouts > 0)
		lim->playouts = s->opt.playouts;
	if (s->opt.movetime_ms > 0)
		lim->movetime_ms = s->opt.movetime_ms;
	lim->weaken = 100 - s->opt.skill;
	lim->tree_from_ms = s->opt.tree_from_ms > 0 ? s->opt.tree_from_ms : -1;
	/* A position analysed (no request): a GUI shows every action. */
	lim->each_action = m == NULL;
}

/* go id=<n> decision=<d> time=.. otime=.. inc=.. cap=.. view <view> */
static void
cmd_go(struct session *s, struct bzp_msg *m)
{
	const char *id = bzp_get(m, "id");
	struct think_limits lim;
	struct action a;
	char text[ACTION_TEXT_MAX];
	struct game *g;

	if (id == NULL) {	/* analysis: "go infinite" after position */
		s->analysing = s->position != NULL;
		if (!s->analysing)
			logf_(s, "go without id and without a position");
		return;
	}
	if ((g = parse_view(s, m->tail)) == NULL)
		return;
	read_limits(s, m, &lim);
	s->go_id = id;
	if (player_choose(s->opt.level, g, &s->rng, &lim, send_info, s,
	    &a) == 0)
		reply(s, "action id=%s %s", id,
		    action_format(&a, text, sizeof(text)));
	else
		logf_(s, "go id=%s: no legal action in this view", id);
	s->go_id = NULL;
	game_free(g);
}

static void
cmd_position(struct session *s, struct bzp_msg *m)
{
	game_free(s->position);
	s->position = parse_view(s, m->tail);
	s->analysing = false;
}

/* The best action for the analysed position, as "<word> <action>". */
static void
answer_position(struct session *s, const char *word)
{
	struct think_limits lim;
	struct action a;
	char text[ACTION_TEXT_MAX];

	read_limits(s, NULL, &lim);
	if (s->position != NULL && player_choose(s->opt.level, s->position,
	    &s->rng, &lim, send_info, s, &a) == 0)
		reply(s, "%s %s", word, action_format(&a, text, sizeof(text)));
	else
		reply(s, "%s none", word);
}

static void
cmd_stop(struct session *s, struct bzp_msg *m)
{
	if (s->analysing)
		answer_position(s, "bestaction");
	s->analysing = false;
}

/* hint [view <view>]: the engine's choice for a seat, at once. */
static void
cmd_hint(struct session *s, struct bzp_msg *m)
{
	if (m->tail != NULL) {
		game_free(s->position);
		s->position = parse_view(s, m->tail);
	}
	answer_position(s, "hint");
}

static void
cmd_isready(struct session *s, struct bzp_msg *m)
{
	reply(s, "readyok");
}

static void
cmd_quit(struct session *s, struct bzp_msg *m)
{
	s->quit = true;
}

static void
cmd_ignore(struct session *s, struct bzp_msg *m)
{
}

static const struct {
	const char	*name;
	void		(*fn)(struct session *, struct bzp_msg *);
} commands[] = {
	{ "bzp", cmd_bzp },
	{ "isready", cmd_isready },
	{ "setoption", cmd_setoption },
	{ "newgame", cmd_newgame },
	{ "event", cmd_ignore },	/* every request carries the view */
	{ "gameover", cmd_ignore },
	{ "go", cmd_go },
	{ "position", cmd_position },
	{ "stop", cmd_stop },
	{ "hint", cmd_hint },
	{ "quit", cmd_quit },
};

static void
dispatch(struct session *s, char *line)
{
	struct bzp_msg m;

	if (bzp_parse(line, &m) < 0)
		return;
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(m.cmd, commands[i].name) == 0) {
			commands[i].fn(s, &m);
			return;
		}
	logf_(s, "unknown command '%s' ignored", m.cmd);
}

int
session_run(FILE *in, FILE *out, const struct session_options *opt)
{
	struct session s;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	memset(&s, 0, sizeof(s));
	s.out = out;
	s.opt = *opt;
	open_log(&s, opt->log_path);
	rng_seed(&s.rng, opt->seed);
	while (!s.quit && (n = getline(&line, &cap, in)) >= 0) {
		if (n >= BZP_MAX_LINE) {
			logf_(&s, "line of %zd bytes ignored (limit %d)", n,
			    BZP_MAX_LINE);
			continue;
		}
		dispatch(&s, line);
	}
	free(line);
	game_free(s.position);
	open_log(&s, NULL);
	return 0;
}
