/*
 * Part arbiter/base/: what every part reads (the match's description,
 * the clock, memory, text, argv and ini parsing); it includes no other part.
 *
 * config.h: what a match is to play, from the command line (and later a
 * tournament file): the engines, the deals, the rules and the clocks.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/run_key.h"
#include "rules.h"

struct bot_human_port;
struct net_seats;
struct sandbox;
struct sprt;

#define MAX_ENGINE_OPTIONS	32
/* The longest option name and value sent in a setoption line. */
#define ENGINE_OPTION_NAME_MAX	64
#define ENGINE_OPTION_VALUE_MAX	1024
#define MAX_ENGINES		32
#define MAX_RULE_OPTIONS	64

/* How engines are paired (issue 5). */
enum format {
	FORMAT_MATCH,		/* two engines */
	FORMAT_ROUND_ROBIN,	/* every engine against every other */
	FORMAT_GAUNTLET		/* the first engine against each other one */
};

/* What the arbiter does with a deal its engine failed (protocol.md §12). */
enum failure_policy {
	ON_FAILURE_FORFEIT,	/* the engine loses the deal (default) */
	ON_FAILURE_VOID,	/* the deal is voided and played again */
	ON_FAILURE_RESTART	/* restart the engine, resume from its view */
};

/* The longest name of a player: records are read back with names of up
 * to 127 bytes (record.h), and a name cut there would match no player. */
#define NAME_MAX_BYTES	100
#define NAME_MAX_TEXT	"100"

/* Where an engine's name came from (naming.h): the first of these. */
enum name_source {
	NAME_FILE,		/* a tournament's [engine NAME] section */
	NAME_FLAG,		/* match's --name */
	NAME_ID,		/* the engine's own 'id name' */
	NAME_COMMAND		/* its command line, program directory cut */
};

struct engine_cfg {
	char	*name;
	enum name_source name_from;
	char	*id_name;		/* what its handshake said, if asked */
	char	*command;		/* split into words, never a shell */
	char	*dir;			/* working directory, or NULL */
	char	*stderr_log;		/* file for its stderr, or NULL */
	char	*options[MAX_ENGINE_OPTIONS];	/* "Name=Value" */
	int	 noptions;
	/* A person's seat (serve, play): the bot runs no process and its
	 * lines go to this port instead (bot.h). */
	const struct bot_human_port *human;
	/* A seat a bot fills by connecting to the arbiter (its command is
	 * "remote:NAME", net/seats.h); NULL: a process. */
	struct net_seats	*remote;
};

/* The prefix of a remote seat's command: "remote:NAME". */
#define REMOTE_PREFIX	"remote:"

/* The seat's name if command is "remote:NAME", else NULL. */
static inline const char *
config_remote_name(const char *command)
{
	size_t n = strlen(REMOTE_PREFIX);

	return strncmp(command, REMOTE_PREFIX, n) == 0 ? command + n : NULL;
}


struct clock_cfg {
	long long	time_ms;	/* game clock per deal; 0: none */
	long long	inc_ms;
	long long	cap_ms;		/* per-decision cap; 0: none */
	long long	movetime_ms;	/* fixed per decision; 0: none */
	long long	margin_ms;	/* grace before a time forfeit */
	long long	startup_ms;	/* to answer bzp with bzpok */
	long long	ping_ms;	/* to answer isready */
	long long	quit_ms;	/* to exit after quit */
	long long	stall_ms;	/* the stall guard: a decision no
					 * clock bounds, at most this */
	long long	connect_ms;	/* a remote seat's bot to connect;
					 * 0: no limit */
	long long	reconnect_ms;	/* to come back after a drop; 0:
					 * none, the failure policy at once */
	long long	net_allowance_ms;	/* a remote seat's round trip
					 * (isready to readyok), at most
					 * this, is not its time */
};

/* Whether the stall guard bounds each decision: no game clock, cap or
 * movetime does. */
bool	clock_stall_guarded(const struct clock_cfg *c);
/* The time a decision may take, ms: what is left of the seat's clock
 * (clock_ms), within the cap and the movetime, or the stall guard. */
long long clock_decision_limit(const struct clock_cfg *c, double clock_ms);

/* Limits on each engine process (setrlimit; 0 leaves one unchanged). */
struct limits_cfg {
	long long	as_mb;		/* address space, MiB */
	long long	cpu_s;		/* CPU seconds for its whole life */
	long long	nofile;		/* open descriptors */
	long long	nproc;		/* processes of the user (Linux counts
					 * all of the user's, not the engine's) */
	long long	log_mb;		/* the size, MiB, past which no file
					 * written by it (its stderr log)
					 * may grow */
	long long	temp_mb;	/* its private temporary directory,
					 * MiB (pidns.h) */
	/* Entered by every engine (sandbox.h); NULL: unconfined. */
	const struct sandbox *sandbox;
	/* Engines keep running off their turn (--ponder); by default they
	 * are stopped until asked to move (engine_proc_pause). */
	bool		ponder;
	/* Each table's engines on one CPU of the arbiter's, the table's
	 * (--affinity), so that an engine's threads slow no other table. */
	bool		affinity;
};

struct match_cfg {
	struct engine_cfg	 engines[MAX_ENGINES];
	int			 nengines;
	enum format		 format;
	int			 rounds;	/* decks per pairing */
	int			 deals;		/* deals to play in all */
	/* The run's key, every deck's source (run_key.h, seed.h). */
	uint8_t			 key[RUN_KEY_BYTES];
	bool			 seed_given;	/* by the organiser: --seed
						 * or --key */
	bool			 seed_guessable;	/* a --seed text
						 * one could guess */
	bool			 seed_drawn;	/* at random (seed.h) */
	struct rules		 rules;
	/* The rule options given ("name=value"), applied again after a
	 * variant's defaults (config_set_variant). */
	char			*rule_options[MAX_RULE_OPTIONS];
	int			 nrule_options;
	int			 concurrency;
	struct clock_cfg	 clock;
	struct limits_cfg	 limits;
	enum failure_policy	 on_failure;
	int			 max_failures;	/* then the engine is withdrawn */
	bool			 duplicate;	/* each deck twice, seats swapped */
	/* A tournament's pairings meet one deck a round (the same luck for
	 * all); off, each pairing has decks of its own, and with no
	 * duplicates no deck is played twice (schedule_decks_shared). */
	bool			 common_deals;
	/* Keep one engine process across games even when a deck is played
	 * again (schedule_decks_shared): only for trusted engines, since a
	 * process remembers the hands it saw. */
	bool			 reuse_engines;
	/* Otherwise, where a deck is played again, a process plays at most
	 * this many games (fewer, bot_worn), of decks it never meets again,
	 * and none whose deck was dealt while it lived (deck_guard.h); 1: a
	 * process for every game. */
	int			 games_per_process;
	/* Engines run unconfined (--no-sandbox): for trusted engines that
	 * write files; otherwise outputs_confine() builds the sandbox. */
	bool			 no_sandbox;
	const char		*ini;		/* the tournament file read */
	struct sandbox		*jail;		/* owned; as limits.sandbox */
	char			 confinement[32]; /* records' "sandbox":
						 * "landlock N+seccomp+pidns",
						 * "seccomp", "off"; "": not
						 * said */
	bool			 sync;		/* fsync each record */
	const char		*records;	/* JSON Lines output */
	bool			 records_default; /* named by outputs.c */
	const char		*resume;	/* records file to continue */
	bool			 quiet;
	bool			 live;		/* --live: a feed of each move */
	char			*live_path;	/* its file, RECORDS.live
						 * (outputs_confine) */
	char			*key_path;	/* the run's key beside the
						 * records (outputs_confine) */
	bool			 print_table;	/* the results at the end */
	const char		*summary;	/* JSON standings, or NULL */
	const char		*luck_file;	/* each deal's luck, or NULL */
	const char		*svg;		/* rating chart, or NULL */
	int			 report_every;	/* standings every N deals */
	int			 bootstrap;	/* resamples for ±pairs */
	int			 shard, nshards; /* play slice shard of nshards */
	const struct sprt	*sprt;		/* stop when it decides */
	bool			 sprt_adjusted;	/* on adjusted scores */
	/* No luck taken out (--no-luck, luck = no): the adjusted figures
	 * (doc/luck.md) are neither computed nor shown. */
	bool			 no_luck;
	/* Remote seats (net/seats.h, doc/network.md). */
	const char		*listen;	/* ADDR:PORT, or NULL */
	const char		*tokens;	/* NAME TOKEN lines; NULL:
						 * beside the records */
	bool			 insecure;	/* plain TCP off loopback */
	const char		*tls_key;	/* the arbiter's TLS key */
	struct net_seats	*seats;		/* net_seats_setup() */
	const char		*anchor;	/* engine held at anchor_elo */
	int			 anchor_elo;
	char			*owned[64];	/* strings read from a file */
	int			 nowned;
	char			*flag_err;	/* if set, a flag's error is
						 * written here, not printed:
						 * a tournament file's key
						 * names it (tournament.c) */
	size_t			 flag_err_size;
};

/* Defaults: duplicate deals, 60 s + 0 per deal, forfeit on failure. */
void	config_defaults(struct match_cfg *c);

/*
 * Parses the flags of `match` (argv[0] is the first flag).  Returns 0, or
 * -1 after printing one line naming the bad flag to stderr.
 */
int	config_parse_match(struct match_cfg *c, int argc, char **argv);

/*
 * Parses flags that override a tournament file's settings (all of
 * match's flags but the engines).  Returns 0 or -1 after one line (into
 * c->flag_err if it is set).
 */
int	config_parse_overrides(struct match_cfg *c, int argc, char **argv);

/*
 * Checks an engine option before it is ever sent: a name of one token
 * (no blank, no '=') and a value, each within its limit and with no
 * control character, since a newline would end the setoption line and
 * start another command.  Returns 0, or -1 with one line in err naming
 * the option.
 */
/* The first control character (below 0x20, or DEL) of s's n bytes, or
 * NULL: none may go into a protocol line or a name. */
const char *config_control_char(const char *s, size_t n);
int	config_check_option(const char *name, size_t namelen,
	    const char *value, char *err, size_t errlen);

/*
 * The rules (config_rules.c).  config_set_rule() applies a rule option
 * and keeps it; config_set_variant() sets the variant's defaults, then
 * every option kept, so that options apply whatever their order.  Both
 * return 0, or -1 with a one-line reason in err.  config_free_rules()
 * frees the options kept (config_free() calls it).
 */
int	config_set_rule(struct match_cfg *c, const char *name,
	    const char *value, char *err, size_t errlen);
int	config_set_variant(struct match_cfg *c, enum variant v, char *err,
	    size_t errlen);
void	config_free_rules(struct match_cfg *c);

/* rules_check() on the rules set up, once every flag and file line is
 * read: 0, or -1 after one line "WHO: reason" on stderr. */
int	config_check_rules(const struct match_cfg *c, const char *who);

/* Frees what config_parse_match() allocated. */
void	config_free(struct match_cfg *c);
/* An engine's name when none is given: its command line without the
 * program's directory ("bezique-engine --level random"), at most
 * NAME_MAX_BYTES (cut between characters); the caller frees it. */
char	*config_command_name(const char *command);

/* The index of the engine named name in c, -1 for none (a record's
 * player: names are unique in a run). */
static inline int
config_engine_index(const struct match_cfg *c, const char *name)
{
	for (int e = 0; e < c->nengines; e++)
		if (strcmp(c->engines[e].name, name) == 0)
			return e;
	return -1;
}

/* The usage text of `match`'s flags. */
void	config_usage(FILE *f);

#endif
