/*
 * bot.h: one engine process as the arbiter drives it through the
 * protocol: start-up handshake, options, pings, decision requests and
 * their answers, and the classification of every way it can fail.
 *
 * A bot knows nothing of the game: the table (table.h) gives it request
 * lines and receives the actions.  Every failure is reported once, with
 * its class and evidence, and leaves the process killed; bot_start() may
 * then start a fresh process for the next deal.
 */
#ifndef BOT_H
#define BOT_H

#include <stdbool.h>
#include <stdint.h>

#include <event2/event.h>

#include "base/config.h"
#include "record/record.h"

struct bot;
struct engine_proc_reaper;

struct bot_callbacks {
	/* The handshake (or a ping) finished: the bot is idle and ready. */
	void	(*ready)(struct bot *b, void *arg);
	/* The answer to the outstanding request; ms is the time charged. */
	void	(*action)(struct bot *b, const char *action, double ms,
		    void *arg);
	/* The bot failed; it has been killed.  reason is one line. */
	void	(*failed)(struct bot *b, enum termination t,
		    const char *reason, void *arg);
};

/*
 * A seat played by a person (serve, play): an engine_cfg whose human is
 * set.  The bot then starts no process: it is ready at once, and every
 * line an engine would read goes to line() (newgame, events, gameover)
 * or request() (a go line with the legal list and the seat view: the
 * rules core's view of that seat, nothing more).  The person's answer
 * comes back through bot_human_answer().  Callbacks come from the loop.
 */
struct bot_human_port {
	struct event_base	*base;
	void	(*line)(struct bot *b, const char *line, void *arg);
	void	(*request)(struct bot *b, uint64_t id, const char *line,
		    void *arg);
	void	*arg;
};

/* The person's answer to the outstanding request; the caller has checked
 * it is legal (the table would fault an engine for it).  0, or -1 when
 * no request is outstanding. */
int		 bot_human_answer(struct bot *b, const char *action);

struct bot	*bot_new(struct engine_proc_reaper *reaper, const struct engine_cfg *cfg,
		    const struct clock_cfg *clock, const struct limits_cfg *limits,
		    const struct bot_callbacks *cb, void *arg);
void		 bot_free(struct bot *b);

/* Starts the process (if not running) and the handshake. */
void		 bot_start(struct bot *b);
/* Whether the engine's command could start (bot_start's checks before it
 * forks); 0, or -1 with one line in err. */
int		 bot_check(const struct engine_cfg *cfg, char *err,
		    size_t errlen);
bool		 bot_running(const struct bot *b);
const char	*bot_name(const struct bot *b);
/* The name the engine gave in its last handshake ('id name'), or NULL. */
const char	*bot_id_name(const struct bot *b);

/* The variant its games are of: a handshake whose 'feature variants='
 * leaves it out (rubicon only, when it sends none) fails at bzpok. */
void		 bot_require_variant(struct bot *b, enum variant v);

/* What the engine asked for in its handshake. */
bool		 bot_wants_legal(const struct bot *b);
bool		 bot_wants_events(const struct bot *b);

/* Sends a line that needs no answer (newgame, event, gameover). */
void		 bot_send(struct bot *b, const char *line);


/*
 * Sends a request line (go id=<id> ...) and starts its clock: the answer
 * must arrive within limit_ms (plus the configured margin).
 */
void		 bot_request(struct bot *b, uint64_t id, const char *line,
		    long long limit_ms);

/* The engine's last info line for the current request, or NULL. */
const char	*bot_last_info(const struct bot *b);

#define BOT_EVIDENCE	4

/* The last lines received (at most BOT_EVIDENCE), oldest first; valid
 * until the next line arrives. */
int		 bot_last_lines(const struct bot *b, const char **lines, int n);

/* The table judged the answer bad (illegal, malformed): kill the bot;
 * the failure is reported through the failed callback. */
void		 bot_fault(struct bot *b, enum termination t,
		    const char *reason);

/* Its processes from now on run on this CPU only (-1: any). */
void		 bot_pin(struct bot *b, int cpu);

/* The bot's process was dealt a game (a game of several deals once). */
void		 bot_dealt(struct bot *b);
/*
 * Its process, running or quitting, if it has one: its serial number (one
 * more at each start) and when it started (clock_now_us).  The match
 * keeps a deck from processes that lived alongside another deal of it
 * (deck_guard.h).
 */
bool		 bot_process(const struct bot *b, unsigned *serial,
		    uint64_t *born_us);
/*
 * Whether its process has played its share: cap games, or games that
 * took BOT_WORN_STARTS times as long as it took to start (to its first
 * readyok), so that starts cost at most a twentieth of the time however
 * fast the engine, and an engine slow to play is renewed after a game.
 */
#define BOT_WORN_STARTS	20
bool		 bot_worn(const struct bot *b, int cap);
/* Its process of that serial number: 2 runs, 1 is quitting, 0 has ended
 * (at *ended_us, or before it). */
int		 bot_process_state(const struct bot *b, unsigned serial,
		    uint64_t *ended_us);

/*
 * A remote seat's bot, down after its connection dropped: waits up to ms
 * for a bot of its seat to connect again (then ready, as after a start),
 * or fails with TERM_DISCONNECT.
 */
void		 bot_reconnect(struct bot *b, long long ms);

/* Sends quit and lets the process go (killed if it lingers). */
void		 bot_quit(struct bot *b);

/* Microseconds spent relaying (arbiter side) since the bot started. */
uint64_t	 bot_overhead_us(const struct bot *b);

#endif
