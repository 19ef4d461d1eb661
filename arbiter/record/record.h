/*
 * Part arbiter/record/: records (writing, reading, verify, replay, show,
 * export, resume, the deal schedule); below it proc/ and base/.
 *
 * record.h: deal records, one JSON object per line (JSON Lines).
 *
 * Each finished deal is appended and flushed at once, so that an
 * interrupted match loses nothing already played.  A record holds what
 * replays the deal (variant, rules, dealer, the deck, every action) and
 * what it produced (points, brisques, winner, game value, how it ended),
 * so that `bezique-arbiter verify` can recompute every result with the
 * rules core.  The fields are listed in doc/records.md.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "base/run_key.h"
#include "game.h"
#include "series.h"

/* What names a deal's deck from version 3: the run key's commitment
 * (run_key_commitment()), the deck's round and hand (deck_key.h). */
struct deck_id {
	char		commit[RUN_KEY_HEX];
	int		round, hand;
};

/* 4: "deal" is the deal's number from 1, as every surface shows it
 * (versions 1 to 3 counted it from 0: record_load()); 3: the deck named by the run key's commitment, its round and hand, not
 * by a seed (deck_key.h); 2: each action's facts, the deal's trump, last
 * trick, opening points and writer (doc/records.md,
 * doc/record.schema.json).  1 to 3 are still read. */
#define RECORD_VERSION	4

/* How a deal ended (the failure classes of protocol.md §12). */
enum termination {
	TERM_NORMAL,
	TERM_TIME,
	TERM_ILLEGAL,
	TERM_MALFORMED,
	TERM_OVERLONG,
	TERM_CRASH,
	TERM_STARTUP,
	TERM_STALL,
	TERM_DISCONNECT,	/* a remote seat's connection dropped */
	NTERMS
};

const char	*termination_name(enum termination t);
int		 termination_parse(const char *name, enum termination *t);

/* A deal being recorded: the JSON object grows as the deal is played. */
struct record;

/* Starts the record of deal number `deal` (from 1).  names[seat] are the engines' names, one
 * for each of r->players seats. */
struct record	*record_new(int deal, int pair, const struct deck_id *id,
		    const struct rules *r, int dealer, const uint16_t *deck,
		    const char *const *names);
void		 record_free(struct record *rec);

/*
 * Each seat's points before the first action (the turn-up seven, the
 * six-pack's cut): call once the cut is made (record_cut), before any
 * record_action.
 */
void		 record_opening(struct record *rec, const struct game *g);

/*
 * Appends an action by seat, which answered decision kind and was then
 * applied with its events in log; ms is the time it took (written to the
 * microsecond), info the engine's last info line or NULL.
 */
void		 record_action(struct record *rec, int seat,
		    enum decision kind, const char *action, double ms,
		    const char *info, const struct event_log *log);

/*
 * Marks the record an attempt voided by on_failure=void: kept as evidence
 * of the failure, counted as one, never as a result (record_summary).
 */
void		 record_void(struct record *rec);

/* "sandbox": how the engines were confined (outputs_confine()). */
void		 record_sandbox(struct record *rec, const char *how);

/* Notes a remote seat's dropped connection, which the deal waits for
 * within the reconnect grace: no failure, so no tally counts it. */
void		 record_reconnect(struct record *rec, int seat,
		    const char *reason);
/* Notes a failure the deal survived (on_failure=restart). */
void		 record_incident(struct record *rec, int seat,
		    enum termination term, const char *reason);

/*
 * A deal of a game of several deals (two-hand): its number in the game
 * (from 0), the totals before it, and the game as it stands after it
 * (series_add() done).  Written as the record's "series" object; call
 * after record_finish().
 */
void		 record_series(struct record *rec, int hand,
		    const int *before, const struct series *after);

/* The six-pack's cut made before the first card (schedule_cut(),
 * game_cut()): the record's "cut" object. */
void		 record_cut(struct record *rec, int lifted, int guessed,
		    int points);

/* Sets how the deal ended; evidence lines may be NULL. */
void		 record_finish(struct record *rec, const struct game *g,
		    enum termination term, int fault_seat, const char *reason,
		    const char *const *evidence, int nevidence);

/*
 * Writes the record as one line and flushes it (fsync too when sync).
 * Returns 0, or -1 with a one-line reason in err (a full disk says so).
 */
int		 record_write(const struct record *rec, FILE *f, bool sync,
		    char *err, size_t errlen);
/* The record as its line (no newline), which the caller frees. */
char		*record_text(const struct record *rec);

/*
 * Opens a records file for appending, holding an exclusive lock on it
 * (flock) for as long as it stays open, so that a second writer (another
 * match, tournament or --resume on the same file) is refused instead of
 * interleaving its records.  must_exist: the file is not created
 * (--resume).  Returns the file, or NULL with one line in err.
 */
FILE		*record_open_locked(const char *path, bool must_exist,
		    char *err, size_t errlen);

/* The outcome of a record as read back. */
struct record_summary {
	int			version;	/* 1 or RECORD_VERSION */
	/* number: the deal's number, from 1, in records of every
	 * version (record_load()); pair: the deck's index, from 0. */
	int			number, pair, dealer;
	int			nseats;		/* 2, or 3 (three-hand) */
	char			players[MAX_PLAYERS][128];
	/* Version 1 and 2: the deck's seed; 3: a number from id, the
	 * same for the same deck of the same run (recordset.c). */
	uint64_t		seed;
	struct deck_id		id;	/* version 3 */
	enum termination	term;
	int			fault_seat;	/* -1: none */
	int			winner;		/* seat; -1 drawn */
	int			value;
	int			points[MAX_PLAYERS], brisques[MAX_PLAYERS];
	bool			rubicon;
	int			incidents[MAX_PLAYERS][NTERMS];	/* by seat */
	/* An attempt voided and played again ("voided": true): its failure
	 * counts towards withdrawal, its result nowhere. */
	bool			voided;
	/*
	 * A deal of a game of several deals ("series" in the record).  Once
	 * the game is over, winner and value above are the game's (value 1
	 * or 2 games) and points the final totals; before that the record
	 * is partial: tallies skip it, resume continues the game after it.
	 */
	bool			series;
	bool			partial;
	int			hand;		/* the deal's number in the game */
	int			totals[MAX_PLAYERS];	/* after this deal */
	int			next_dealer, last_trump;
	int			game_winner, game_value;
};

/*
 * The result of seats a and b of a game of three (three-hand) as one of
 * two, as the ratings count it (doc/matches.md, three seats): the game's
 * winner above each other seat, the two others by their totals (equal:
 * drawn); worth a game.  two's seat 0 is a.
 */
void	record_pair_of_three(const struct record_summary *r, int a, int b,
	    struct record_summary *two);

/* The deal's index in its run's schedule (schedule_deal()), from 0: the
 * one place a record's number becomes an index. */
static inline int
record_index(const struct record_summary *s)
{
	return s->number - 1;
}

/*
 * Reads one record line: fills sum and, when replay is true, replays the
 * deal with the rules core and checks every recorded figure.  Returns 0,
 * or -1 with a one-line reason (no file or line prefix) in err.
 */
int	record_read(const char *line, bool replay, struct record_summary *sum,
	    char *err, size_t errlen);

/* Reads a record's deck ("AS#1,..."): every card of the rules once. */
int	record_parse_deck(const struct rules *r, const char *text,
	    uint16_t *deck, char *err, size_t errlen);

/*
 * The deal of a record (a JSON object) at its start, built by the rules
 * core from its variant, rules, deck and dealer (and the six-pack's cut,
 * made before the first card): a new game, or NULL with one line in err.
 */
struct game	*record_game(json_t *obj, char *err, size_t errlen);
/* The same of a deal of up to seats seats (three-hand's: 3), the
 * six-pack's cut made if cut, else left to come (the luck's replay,
 * luck_deal.h, counts the deal's luck before it). */
struct game	*record_game_of(json_t *obj, int seats, bool cut, char *err,
		    size_t errlen);

/*
 * A record line as a JSON object (json_loads() with flags), or NULL
 * with je filled: the only way records are read, so that a record of
 * versions 1 to 3, whose "deal" counted from 0, reads as one of this
 * version, "deal" the number from 1.
 */
json_t	*record_load(const char *line, size_t flags, json_error_t *je);

/* The record as a JSON object, the one record_text writes (the
 * record's own: the caller neither changes it nor keeps it past
 * record_free). */
json_t	*record_json(const struct record *rec);

/* The summary of a finished record (after record_finish). */
int	record_summary_of(const struct record *rec, struct record_summary *sum);

#endif
