/*
 * Part arbiter/play/: a person's game (terminal play, the web server and
 * page, hint, analysis, watch); below it match/ and the parts under.
 *
 * humangame.h: deals between a person and an engine, on the arbiter's
 * event loop; the state that `serve` and `play` show.
 *
 * A table (table.h) plays the deals as in a match: the engine is a bot
 * process, the person a bot whose seat is a port (bot.h, struct
 * bot_human_port), so the rules, the records and the engine's side are
 * the arbiter's own.  The state lives here, not in a page or a
 * terminal: a front end that goes away and comes back asks for it again.
 */
#ifndef HUMANGAME_H
#define HUMANGAME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <event2/event.h>
#include <jansson.h>

#include "base/config.h"
#include "rules.h"

struct humangame;
struct net_seats;
struct engine_proc_reaper;
struct web_newgame;

struct humangame_opts {
	const char	*engine;	/* the opponent's command */
	/* Its one name, on the page and in the records: a built-in
	 * engine's level ("greedy", "strong (skill 60)"), else its id name, else its command
	 * (humangame_check finds it). */
	const char	*engine_name;
	const char	*level;		/* built in: its level, else NULL */
	int		 skill;		/* built in: its Skill, 0 to 100 */
	int		 stall_s;	/* the engine's longest think, s */
	const char	*hint_engine;	/* the command that gives hints */
	int		 seat;		/* the person's seat, 0 or 1 */
	int		 deals;		/* 0: no end; two-hand: games */
	/* The index of the first deal: a new game in the same records
	 * continues their numbering (and the decks of the key), so that
	 * no deal's identity is used twice (humangame_next_index). */
	int		 first_deal;
	uint8_t		 key[RUN_KEY_BYTES];	/* the decks' (seed.h) */
	bool		 seed_drawn;	/* none given: drawn (seed.h) */
	enum variant	 variant;
	const char	*records;	/* JSON Lines file, or NULL */
	const char	*name;		/* the person's name */
	bool		 no_sandbox;	/* the engine unconfined */
	/* The opponent a bot that connects (--engine remote:NAME), at
	 * --listen (doc/network.md): the seats outlive each game, so that
	 * a new game meets the same bot. */
	const char	*listen, *tokens;
	bool		 insecure;
	long long	 connect_ms, reconnect_ms, net_allowance_ms;
	struct net_seats *seats;	/* humangame_check's; or NULL */
};

struct humangame_callbacks {
	/* Something changed: a line the person's seat was told (event,
	 * newgame, gameover; NULL for other changes). */
	void	(*changed)(struct humangame *h, const char *line, void *arg);
	/* The engine could not play, or every deal is over. */
	void	(*finished)(struct humangame *h, void *arg);
};

/* The defaults: greedy engine, strong hints, seat 0, Rubicon, no end,
 * the key drawn at random by humangame_check() unless --seed or --key
 * gives one (an engine that knew the key would know the person's cards). */
void		 humangame_defaults(struct humangame_opts *o);
/* Reads argv[*i] if it is one of the flags above (--engine,
 * --hint-engine, --seat, --deals, --seed, --key, --variant, --records, --name,
 * --stall-limit, --no-sandbox), moving *i past its value: 1, 0 if not
 * one, -1 after one line to stderr. */
int		 humangame_parse_flag(struct humangame_opts *o, int argc,
		    char **argv, int *i);
void		 humangame_usage(FILE *f);
/* Makes the opponent the engine beside this program at a level (random,
 * greedy, club, strong) and Skill (0 to 100): -1 if no such level. */
int		 humangame_builtin(struct humangame_opts *o, const char *level,
		    int skill);
/* The options of the game the new game dialog asks for (webreq.h), from
 * those now and those given at the start (its "given" engine); the same
 * seed, so that new decks come from the deals' indices going on
 * (first_deal, set by the caller): 0, or -1 with err. */
int		 humangame_choose(struct humangame_opts *o,
		    const struct humangame_opts *now,
		    const struct humangame_opts *given,
		    const struct web_newgame *ng, char *err, size_t errlen);
/* Whether the engine's command can start, and the key drawn if none
 * was given; names the engine (its id name, asked once); a remote
 * opponent's port bound and its token made or read (said on stderr):
 * 0, or -1 with one line. */
int		 humangame_check(struct humangame_opts *o, char *err,
		    size_t errlen);
/* Frees what humangame_check() opened (after the last game). */
void		 humangame_opts_free(struct humangame_opts *o);

struct humangame *humangame_new(struct event_base *base,
		    struct engine_proc_reaper *reaper,
		    const struct humangame_opts *o,
		    const struct humangame_callbacks *cb, void *arg);
void		 humangame_free(struct humangame *h);

/* Starts the first deal (the engine starts up first). */
void		 humangame_start(struct humangame *h);

/*
 * The person plays text (an action, or the number of a legal action
 * counted from 1).  Returns 0, or -1 with one line in err: not the
 * person's turn, unreadable, or illegal.
 */
int		 humangame_act(struct humangame *h, const char *text, char *err,
		    size_t errlen);

/* Starts the next deal after one has ended; -1 with err if none may. */
int		 humangame_next(struct humangame *h, char *err, size_t errlen);

/* The person's view now, or NULL between deals (caller frees). */
struct game	*humangame_view(const struct humangame *h);

/*
 * The state for a front end, as a new JSON object: the deal, the
 * players, the person's view (view_json.h), the lines the seat was told
 * lately, the last result and the hint.  Never the opponent's cards.
 */
json_t		*humangame_state(const struct humangame *h);

/* The person's seat view text and the rules text, for a hint; -1 when
 * the person is not to move. */
int		 humangame_hint_position(const struct humangame *h, char *view,
		    size_t viewlen, char *rules, size_t ruleslen);
/* Stores a hint to show in the state (NULL clears it). */
void		 humangame_set_hint(struct humangame *h, json_t *hint);

/* Whether the person is to act now. */
bool		 humangame_to_move(const struct humangame *h);
/* Whether the engine failed and no more deals can be played. */
bool		 humangame_broken(const struct humangame *h);
int		 humangame_seat(const struct humangame *h);
/* The name of the player at seat, as the records have it: the person's
 * --name (else "you"); the engine's (humangame_opts.engine_name). */
const char	*humangame_name(const struct humangame *h, int seat);
const struct rules *humangame_rules(const struct humangame *h);
/* The index a new game's first deal takes after this game's deals. */
int		 humangame_next_index(const struct humangame *h);

#endif
