/*
 * bot_int.h: what bot.c and bot_remote.c share (not for the arbiter's
 * other files): the bot's state and the step both kinds of engine take
 * once their channel is up.
 *
 * States: DOWN (no engine) -> CONNECTING (a remote seat: waiting for its
 * bot to connect) -> HANDSHAKE (bzp sent, waiting for bzpok) -> PINGING
 * (options and isready sent, waiting for readyok) -> IDLE <-> THINKING
 * (a go outstanding); any failure -> DYING (killed, waiting for the reap
 * so that the exit status can be told) -> DOWN.
 */
#ifndef BOT_INT_H
#define BOT_INT_H

#include "match/bot.h"
#include "proc/engine_proc.h"

struct net_wait;
struct bot;

typedef void (*bot_connected_fn)(struct bot *b, int fd, bool resume);

enum bot_state { BOT_DOWN, BOT_CONNECTING, BOT_HANDSHAKE, BOT_PINGING,
	BOT_IDLE, BOT_THINKING, BOT_DYING };

struct bot {
	const struct engine_cfg		*cfg;
	const struct clock_cfg		*clock;
	const struct limits_cfg		*limits;
	struct engine_proc_reaper	*reaper;
	struct engine_proc			*ep;
	struct bot_callbacks		 cb;
	void				*arg;
	enum bot_state			 state;
	bool				 want_legal, want_events;
	unsigned			 plays;	/* variants, by bit */
	int				 need;	/* the variant dealt; -1 */
	bool				 named;	/* said id name */
	char				*id_name;	/* the name it said */
	long long			 protocol; /* said; -1: none,
						    * -2: unreadable */
	uint64_t			 req_id;
	uint64_t			 sent_us;
	long long			 limit_ms;
	char				*info;
	enum termination		 dying_term;	/* reported at the reap */
	char				 dying_reason[256];
	bool				 killed_by_us;
	bool				 start_after_exit; /* asked while dying */
	int				 cpu;	/* -1: any */
	unsigned			 serial; /* of its process */
	uint64_t			 born_us, ready_us, ended_us;
	int				 games;	/* dealt to its process */
	uint64_t			 overhead_us;
	char				*last[BOT_EVIDENCE];	/* ring */
	int				 nlast;
	struct event			*human_ready;	/* a person's seat */
	struct net_wait			*wait;	/* a remote seat's bot, */
	struct event			*connect_timer;	/* awaited */
	uint64_t			 ping_us;	/* isready sent */
	long long			 rtt_ms;	/* isready to readyok */
	long long			 allow_ms;	/* of the request's time,
							 * the network's */
	long long			 away_ms;	/* the reconnect grace,
							 * 0: a first start */
	bot_connected_fn		 on_connected;	/* bot_remote_wait's */
	void				(*on_timed_out)(struct bot *b);
};

/* bot.c: the channel ep is up (a process spawned at born, or a
 * connection adopted): the handshake begins. */
void	bot_begin(struct bot *b, struct engine_proc *ep, uint64_t born);
/* bot.c: sends the options and isready (after bzpok, or to a remote bot
 * back after a drop that has done its handshake already). */
void	bot_ping(struct bot *b);
/* bot.c: the callbacks every engine_proc of a bot is given. */
extern const struct engine_proc_callbacks bot_proc_callbacks;

/* Whether the seat is a person's (no process). */
static inline bool
is_human(const struct bot *b)
{
	return b->cfg->human != NULL;
}

/* bot_human.c: a person's seat is ready at once (told from the loop). */
void	bot_human_start(struct bot *b);

/*
 * bot_remote.c: a remote seat's bot is awaited, for ms (0: for ever):
 * connected(b, fd, resume) once one has said hello, or timed_out(b).
 * bot_remote_cancel() ends the wait (bot_free, bot_quit).
 */
void	bot_remote_wait(struct bot *b, long long ms,
	    bot_connected_fn connected, void (*timed_out)(struct bot *b));
void	bot_remote_cancel(struct bot *b);

#endif
