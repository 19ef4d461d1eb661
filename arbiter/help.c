/*
 * help.c: the help of every command, each with its synopsis, its options
 * and their defaults, and an example (help.h).
 *
 * The flags shared with other commands are printed by their owners
 * (config_usage for match, serve_usage, humangame_usage), so a flag is
 * described in one place.
 */
#include <string.h>

#include "base/config.h"
#include "record/export.h"
#include "help.h"
#include "play/humangame.h"
#include "play/serve.h"
#include "version.h"

/* The flags match shares with tournament, which config_usage leaves to
 * the tournament's keys. */
static void
standings_options(FILE *f)
{
	fputs("      --summary FILE     the standings as JSON (none)\n"
	    "      --svg FILE         the ratings chart (none)\n"
	    "      --report-every N   standings every N deals (0: at the end)\n"
	    "      --bootstrap N      resamples for the +-pairs interval\n"
	    "                         (0: none)\n", f);
}

static void
match_options(FILE *f)
{
	config_usage(f);
	standings_options(f);
}

static void
sprt_options(FILE *f)
{
	fputs("  --elo0 E0              Elo difference of H0 (default 0)\n"
	    "  --elo1 E1              Elo difference of H1 (default 10)\n"
	    "  --alpha A              false positive rate (default 0.05)\n"
	    "  --beta B               false negative rate (default 0.05)\n"
	    "  --model M              logistic (default) or normalized\n"
	    "  --adjusted             decide on the scores less the luck of\n"
	    "                         the cards (doc/luck.md; logistic,\n"
	    "                         two seats: not three-hand)\n"
	    "and the flags of match; -n is a cap (default: until the test\n"
	    "decides, at most 1000000 deals):\n", f);
	match_options(f);
}

static void
tournament_options(FILE *f)
{
	fputs("The file's keys (a [tournament] key with a number or a file\n"
	    "may also be given as a flag, --key with - for _, which\n"
	    "overrides the file; duplicate = yes is --duplicate and\n"
	    "common_deals = yes --common-deals;\n"
	    "BOOL is yes, true or 1, or no, false or 0):\n"
	    "[tournament]\n"
	    "  format = round-robin | gauntlet (round-robin; gauntlet: the\n"
	    "           first engine against each other)\n"
	    "  rounds = N           deals per pairing, each a deck of its own\n"
	    "                       (with duplicate = yes: decks, each\n"
	    "                       played twice with the seats swapped) (10)\n"
	    "  seed = TEXT          deal from the key this text gives\n"
	    "                       (a key drawn at random)\n"
	    "  key = HEX            deal from this key (64 hex digits)\n"
	    "  variant = V          rubicon (default), two-hand, six-pack,\n"
	    "                       eight-pack, three-hand\n"
	    "  concurrency = K      deals played at once (1)\n"
	    "  time, inc, cap, movetime, margin = MS   clocks (60000, 0,\n"
	    "                       none, none, 50)\n"
	    "  startup_timeout, ping_timeout, quit_timeout = MS (10000,\n"
	    "                       5000, 2000)\n"
	    "  on_failure = forfeit | void | restart (forfeit)\n"
	    "  max_failures = N     failures before withdrawal (5)\n"
	    "  duplicate = BOOL     replay each deck with seats swapped (no)\n"
	    "  common_deals = BOOL  every pairing of a round plays its deck\n"
	    "                       (no: no deck is played twice).  Either\n"
	    "                       for trusted engines only: a bot can pass\n"
	    "                       the hand it saw to the next process\n"
	    "                       dealt its deck through the machine\n"
	    "  games_per_process = N most games a process plays (32), of decks\n"
	    "                       it never meets again\n"
	    "  reuse_engines = BOOL keep engine processes from game to game\n"
	    "                       (false: trusted engines only)\n"
	    "  ponder = BOOL        engines may think off their turn (false:\n"
	    "                       each is stopped until asked to move)\n"
	    "  affinity = BOOL      each table's engines on a CPU of its own\n"
	    "                       (false: on any)\n"
	    "  sandbox = BOOL       confine engines with Landlock (true; no:\n"
	    "                       trusted engines that write files)\n"
	    "  stall_timeout = MS   each decision's limit with no clock\n"
	    "                       (300000)\n"
	    "  records = FILE       JSON Lines records (FILE.jsonl here for\n"
	    "                       FILE.ini; one holding an earlier run's\n"
	    "                       records is kept as FILE.1.jsonl first)\n"
	    "  summary = FILE       the standings as JSON (none)\n"
	    "  svg = FILE           the ratings chart (none)\n"
	    "  luck_file = FILE     each deal's luck, for verify --luck-file\n"
	    "                       (none; these three follow -o elsewhere)\n"
	    "  report_every = N     standings every N deals (0: at the end)\n"
	    "  bootstrap = N        resamples for the +-pairs interval (200)\n"
	    "  anchor = NAME, anchor_elo = E   hold NAME at E (default: the\n"
	    "                       mean rating is 0)\n"
	    "  limit_memory = MB, limit_cpu = S, limit_files = N,\n"
	    "  limit_processes = N, limit_log = MB  per engine (none, none,\n"
	    "                       1024, none, 1024)\n"
	    "  limit_temp = MB      a confined engine's private temporary\n"
	    "                       directory, TMPDIR=/dev/shm (64)\n"
	    "  luck = BOOL          the adjusted figures, less the luck of\n"
	    "                       the cards, after the standings (yes)\n"
	    "  listen = ADDR:PORT   accept bots for remote:NAME engines\n"
	    "                       (doc/network.md); tokens = FILE their\n"
	    "                       tokens (RECORDS.tokens, made if missing);\n"
	    "                       connect_timeout = MS, reconnect_grace =\n"
	    "                       MS (600000, 10000); net_allowance = MS\n"
	    "                       (200); insecure = BOOL\n"
	    "                       (false: plain TCP from this machine only,\n"
	    "                       TLS from anywhere)\n"
	    "[rules]\n"
	    "  NAME = VALUE         any rule option (share/doc/bezique/rules.md\n"
	    "                       section 10; default: the variant's)\n"
	    "[engine NAME]          one section per engine; NAME (at most 41\n"
	    "                       bytes) is its name in records and tables\n"
	    "  name = TEXT          a name instead of NAME (up to 100 bytes)\n"
	    "  command = CMD        its command line (required), or\n"
	    "                       remote:NAME, a bot that connects\n"
	    "  option.N = V         a setoption line (none)\n"
	    "  dir = DIR            its working directory (the current one)\n"
	    "  stderr = FILE        its standard error (discarded)\n"
	    "At the end the files written are listed on stderr; with -o or\n"
	    "--resume, the file's summary and svg follow the records\n"
	    "(RECORDS-summary.json, RECORDS.svg) unless given as flags.\n"
	    "Flags besides the keys:\n"
	    "  -o, --records FILE, --resume FILE, --shard I/N, -q, --sync\n"
	    "                       as in match\n", f);
}

static void
rate_options(FILE *f)
{
	fputs("  --summary FILE         also write the standings as JSON "
	    "(none)\n"
	    "  --bootstrap N          resamples for the +-pairs interval "
	    "(200)\n"
	    "  --luck-file FILE       each deal's (a game's) luck as a line of\n"
	    "                         JSON\n"
	    "  --no-luck              no adjusted figures (faster)\n"
	    "Each engine's figures adjusted by the luck of the deal and the\n"
	    "draws (doc/luck.md; every variant of two seats), beside the\n"
	    "raw ones; in the summary under \"adjusted\".  match, sprt and\n"
	    "tournament show them too.\n"
	    "Players are the names in the records.  Players that never met,\n"
	    "directly or through others, are rated group by group (one line\n"
	    "on stderr says so; the summary is then of type standings-groups).\n",
	    f);
}

static void
check_options(FILE *f)
{
	fputs("  --variant V|all        a variant to play whole games of "
	    "(repeatable;\n"
	    "                         default rubicon; all: every variant)\n"
	    "  --no-sandbox           run the engine unconfined (by default "
	    "confined\n"
	    "                         as in a match: no file written, no "
	    "socket)\n", f);
}

static void
show_options(FILE *f)
{
	fputs("  --seat 0|1             only what that seat saw (default: "
	    "every card)\n"
	    "  --deal N               only deal N, counted from 1 as show "
	    "prints them\n"
	    "                         (a game of several deals: game N, "
	    "each deal\n"
	    "                         said 'Game N, deal H'; default: every "
	    "deal)\n", f);
}

static void
verify_options(FILE *f)
{
	fputs("  --key HEX              the run's key (default: FILE.key "
	    "beside FILE):\n"
	    "                         every deck dealt again from it and "
	    "checked\n"
	    "  --luck-file FILE       each deal's luck (rate --luck-file's)\n"
	    "                         computed again and checked\n"
	    "  every record of every FILE is replayed\n", f);
}

static void
play_options(FILE *f)
{
	humangame_usage(f);
}

static void
help_options(FILE *f)
{
	fputs("  COMMAND                the command to describe (default: "
	    "all, briefly)\n", f);
}

static const struct command_help {
	const char	*name;
	const char	*synopsis;
	const char	*about;
	void		(*options)(FILE *);
	const char	*example;
} commands[] = {
	{ "match", "match -e CMD -e CMD [flags]",
	    "play deals between two engines (three: three-hand)",
	    match_options,
	    "match -e 'bezique-engine --level greedy' \\\n"
	    "      -e 'bezique-engine --level random' -n 20 -o m.jsonl" },
	{ "sprt", "sprt -e CMD -e CMD [--elo0 E0] [--elo1 E1]\n"
	    "         [--alpha A] [--beta B] [--model M] [--adjusted] [flags]",
	    "a match until a sequential probability ratio test decides",
	    sprt_options,
	    "sprt -e 'bezique-engine --level strong' \\\n"
	    "      -e 'bezique-engine --level greedy' --elo1 20 -o s.jsonl" },
	{ "tournament", "tournament FILE [flags]",
	    "a round robin or gauntlet described by an INI file",
	    tournament_options,
	    "tournament tournaments/demo.ini --rounds 2 -o t.jsonl" },
	{ "verify", "verify [--key HEX] [--luck-file FILE] FILE...",
	    "replay records with the rules core and check every figure",
	    verify_options, "verify m.jsonl" },
	{ "rate", "rate FILE... [--summary FILE] [--bootstrap N] "
	    "[--luck-file FILE] [--no-luck]",
	    "the standings of record files (e.g. the shards of --shard)",
	    rate_options,
	    "rate shard1.jsonl shard2.jsonl --summary all.json" },
	{ "export", "export [--player NAME] [--deal N] [--all] [-o FILE] "
	    "FILE...",
	    "training data: a JSON line per decision (view, legal, action, "
	    "outcome)", export_usage,
	    "export --player strong m.jsonl -o strong.jsonl" },
	{ "check", "check [--no-sandbox] [--variant V|all]... ENGINE...",
	    "a conformance check for bot writers", check_options, "check --variant all 'python3 bot.py'" },
	{ "show", "show FILE [--seat 0|1] [--deal N]",
	    "records in a form people read, trick by trick", show_options,
	    "show m.jsonl --deal 1 --seat 1" },
	{ "serve", "serve [--port N] [--bind ADDR] [--watch FILE]\n"
	    "         [game flags]", "play an engine, or watch a match, in a web page",
	    serve_usage, "serve --port 8787 --variant two-hand" },
	{ "play", "play [game flags]", "play an engine in the terminal",
	    play_options, "play --seat 1 --deals 3 --records mine.jsonl" },
	{ "help", "help [COMMAND]", "this help, or one command's",
	    help_options, "help tournament" },
};

#define NCOMMANDS ((int)(sizeof(commands) / sizeof(commands[0])))

void
help_overview(FILE *f)
{
	fputs("usage: bezique-arbiter COMMAND [ARGS]\n"
	    "       bezique-arbiter COMMAND --help\n"
	    "       bezique-arbiter --version\n"
	    "commands:\n", f);
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-11s %s\n", commands[i].name, commands[i].about);
	fputs("'bezique-arbiter help COMMAND' lists its options with their "
	    "defaults.\n", f);
	fputs("exit status of match, sprt and tournament: 0 every deal "
	    "played, 1 an error,\n2 a bad command line or file, 3 an engine "
	    "withdrawn (its deals dropped),\n128 + N stopped early by signal "
	    "N (130 SIGINT, 143 SIGTERM)\n", f);
}

bool
help_command(FILE *f, const char *command)
{
	for (int i = 0; i < NCOMMANDS; i++) {
		const struct command_help *c = &commands[i];
		if (strcmp(c->name, command) != 0)
			continue;
		fprintf(f, "usage: bezique-arbiter %s\n%s.\noptions:\n",
		    c->synopsis, c->about);
		c->options(f);
		fprintf(f, "example:\n  bezique-arbiter %s\n", c->example);
		return true;
	}
	return false;
}

bool
help_asked(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	return false;
}

void
help_version(FILE *f)
{
	fprintf(f, "bezique-arbiter %s\n", BEZIQUE_VERSION);
}
