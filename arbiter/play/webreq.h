/*
 * webreq.h: what `serve` accepts, checked before anything acts on it:
 * the method and path of a route, its query, the JSON body of an action.
 * Pure functions, so that the unit tests reach every refusal.
 */
#ifndef WEBREQ_H
#define WEBREQ_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct evbuffer;

enum web_method { WEB_GET, WEB_HEAD, WEB_POST, WEB_OTHER };

enum web_route {
	ROUTE_FILE,	/* an embedded file of the page */
	ROUTE_STATE,	/* GET /api/state */
	ROUTE_EVENTS,	/* GET /api/events: server-sent events */
	ROUTE_ACTION,	/* POST /api/action {"action": "..."} */
	ROUTE_NEXT,	/* POST /api/next: the next deal */
	ROUTE_HINT,	/* POST /api/hint */
	ROUTE_RECORDS,	/* GET /api/records: the deals of the file */
	ROUTE_REPLAY,	/* GET /api/replay?deal=N&view=0|1|all */
	ROUTE_ANALYSE,	/* POST /api/analyse?deal=N: the engine weighs
			 * every decision of a recorded deal */
	ROUTE_ANALYSIS,	/* GET /api/analysis: how far it has come */
	ROUTE_NEWGAME,	/* POST /api/newgame: the new game dialog's */
	ROUTE_LIVE	/* GET /api/live: the newest deal of the live feed */
};

/* A new game as the page's dialog asks for it; a field absent keeps its
 * value: NULL strings, -1 numbers. */
struct web_newgame {
	char	variant[32];	/* "" : unchanged */
	char	level[16];	/* random, greedy, club, strong, or "given" (the
				 * --engine serve was started with) */
	int	skill;		/* 0 to 100 */
	int	seat;		/* 0, 1 */
	int	deals;		/* 0 (no end) to 1000 */
};

struct web_req {
	enum web_route	route;
	char		path[64];	/* for ROUTE_FILE */
	int		deal;		/* ROUTE_REPLAY, ROUTE_ANALYSE: index
					 * in the file */
	int		view;		/* ROUTE_REPLAY: 0, 1, -1 for all */
};

#define WEB_MAX_BODY	4096

/*
 * Checks a request line: returns 0 and fills r, or an HTTP status (404
 * unknown path, 405 wrong method, 400 bad query) with one line in err.
 * uri is the request's target (path and query).
 */
int	webreq_route(enum web_method m, const char *uri, struct web_req *r,
	    char *err, size_t errlen);

/* A POST's body as text, into body (WEB_MAX_BODY + 1 bytes): its
 * length, or -1 if it is longer than WEB_MAX_BODY. */
ssize_t	webreq_body(struct evbuffer *in, char *body);

/*
 * Reads an action's body, {"action": "<text>"} and nothing else: returns
 * 0 with the text in action, or 400 with one line in err.
 */
int	webreq_action(const char *body, size_t len, char *action,
	    size_t actionlen, char *err, size_t errlen);

/*
 * Reads a new game's body, {"variant", "level", "skill", "seat",
 * "deals"} (each optional, nothing else; the values in range): 0, or 400
 * with one line in err.
 */
int	webreq_newgame(const char *body, size_t len, struct web_newgame *ng,
	    char *err, size_t errlen);

/*
 * Checks what guards the person's game from other web pages: a POST must
 * say Content-Type: application/json (which a page of another origin
 * cannot send without the server's consent), and on a loopback address
 * the Host must name the loopback (a page whose name was rebound to
 * 127.0.0.1 says its own name).  Returns 0, or an HTTP status (415, 421)
 * with one line in err.  host and type may be NULL (absent).
 */
int	webreq_guard(enum web_method m, const char *host, const char *type,
	    bool loopback, char *err, size_t errlen);

#endif
