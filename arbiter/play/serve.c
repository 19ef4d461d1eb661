/*
 * serve.c: the web front end's HTTP server (serve.h).
 *
 * Everything runs in one libevent loop: the server, the engine of the
 * person's game, the hint engine, the records file's timer.  The state
 * lives here, so a page that is closed or reloaded in the middle of a
 * deal fetches it again and goes on.  Every request is checked by
 * webreq.c first; a refusal is a 4xx with one line of JSON.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <jansson.h>

#include "play/analysis.h"
#include "bzp.h"
#include "proc/engine_proc.h"
#include "play/hint.h"
#include "play/humangame.h"
#include "play/serve.h"
#include "view.h"
#include "play/watch.h"
#include "play/weberr.h"
#include "play/web.h"
#include "play/webreq.h"
#include "base/xmalloc.h"

#define MAX_CLIENTS	32

struct serve_opts {
	struct humangame_opts	 game;
	const char		*bind;
	int			 port;
	const char		*watch;		/* records to follow */
};

struct server {
	struct serve_opts	 o;
	struct humangame_opts	 given;		/* as started: the dialog's
						 * "given" engine */
	struct event_base	*base;
	struct engine_proc_reaper *reaper;
	struct evhttp		*http;
	struct humangame	*game;		/* NULL when only watching */
	struct hint		*hint;
	struct watch		*watch;
	struct watch		*live;		/* FILE.live, --watch FILE */
	struct analysis		*analysis;	/* of a recorded deal */
	/* The open event streams; a request may be gone by the time its
	 * connection's close callback comes, so the connection is kept. */
	struct {
		struct evhttp_request		*req;
		struct evhttp_connection	*conn;
	}			 clients[MAX_CLIENTS];
	int			 nclients;
	struct event		*sigterm, *sigint;
	bool			 loopback;	/* bound to a loopback address */
	int			 games;		/* started: a state's "game_no" */
};

static json_t *
state_json(const struct server *s)
{
	json_t *o;

	if (s->game == NULL)
		o = json_object();
	else
		o = humangame_state(s->game);
	json_object_set_new(o, "mode", json_string(s->game ? "play" :
	    "watch"));
	/* Versions count within a game: the page compares them only then. */
	json_object_set_new(o, "game_no", json_integer(s->games));
	json_object_set_new(o, "records", json_integer(s->watch ?
	    (json_int_t)watch_count(s->watch) : 0));
	/* The engine serve was started with, when not one of the levels
	 * the new game dialog offers anyway. */
	if (s->game != NULL && s->given.level == NULL)
		json_object_set_new(o, "given_engine",
		    json_string(s->given.engine_name));
	if (s->watch != NULL)	/* the deals can be replayed, analysed */
		json_object_set_new(o, "records_file",
		    json_string(watch_path(s->watch)));
	return o;
}

/* Sends the state to every open event stream. */
static void
push(struct server *s)
{
	json_t *o;
	char *text;

	if (s->nclients == 0)
		return;
	o = state_json(s);
	text = json_dumps(o, JSON_COMPACT);
	for (int i = 0; i < s->nclients && text; i++) {
		struct evbuffer *b = evbuffer_new();
		evbuffer_add_printf(b, "data: %s\n\n", text);
		evhttp_send_reply_chunk(s->clients[i].req, b);
		evbuffer_free(b);
	}
	free(text);
	json_decref(o);
}

static void
client_closed(struct evhttp_connection *c, void *arg)
{
	struct server *s = arg;

	for (int i = 0; i < s->nclients; i++)
		if (s->clients[i].conn == c) {
			/* libevent has detached the request of a reply in
			 * progress from the failed connection and leaves it
			 * to us: ending the reply frees it. */
			evhttp_send_reply_end(s->clients[i].req);
			s->clients[i] = s->clients[--s->nclients];
			break;
		}
}

static void
open_events(struct server *s, struct evhttp_request *req)
{
	struct evkeyvalq *h = evhttp_request_get_output_headers(req);

	if (s->nclients == MAX_CLIENTS) {
		weberr_reply_error(req, 429, "too many event streams");
		return;
	}
	evhttp_add_header(h, "Content-Type", "text/event-stream");
	evhttp_add_header(h, "Cache-Control", "no-store");
	evhttp_send_reply_start(req, 200, "OK");
	s->clients[s->nclients].req = req;
	s->clients[s->nclients].conn = evhttp_request_get_connection(req);
	evhttp_connection_set_closecb(s->clients[s->nclients++].conn,
	    client_closed, s);
	push(s);
}

static void
on_changed(struct humangame *h, const char *line, void *arg)
{
	push(arg);
}

static void
on_hint(json_t *answer, void *arg)
{
	struct server *s = arg;

	/* An answer that comes after the person played is of no use. */
	if (s->game != NULL && humangame_to_move(s->game))
		humangame_set_hint(s->game, answer);
	else
		json_decref(answer);
	push(s);
}

static void
ask_hint(struct server *s, struct evhttp_request *req)
{
	char *view = xmalloc(VIEW_TEXT_MAX), rules[2048], err[256];
	const struct rules *r;

	if (s->game == NULL || humangame_hint_position(s->game, view,
	    VIEW_TEXT_MAX, rules, sizeof(rules)) < 0) {
		weberr_reply_error(req, 409, "a hint is for your turn");
	} else {
		r = humangame_rules(s->game);
		if (hint_ask(s->hint, variant_name(r->variant), rules, view,
		    err, sizeof(err)) < 0)
			weberr_reply_error(req, 409, err);
		else {
			humangame_set_hint(s->game, json_pack("{s:b}",
			    "thinking", 1));
			weberr_reply(req, 202, json_pack("{s:b}", "asked", 1));
			push(s);
		}
	}
	free(view);
}

/* The body of a POST into body (WEB_MAX_BODY + 1 bytes): its length,
 * or -1 after a 413. */
static ssize_t
read_body(struct evhttp_request *req, char *body)
{
	ssize_t len = webreq_body(evhttp_request_get_input_buffer(req), body);

	if (len < 0)
		weberr_reply_error(req, 413, "the body is too long");
	return len;
}

static void
post_action(struct server *s, struct evhttp_request *req)
{
	char body[WEB_MAX_BODY + 1], action[128], err[256];
	ssize_t len = read_body(req, body);
	int rc;

	if (len < 0)
		return;
	if ((rc = webreq_action(body, (size_t)len, action, sizeof(action),
	    err, sizeof(err))) != 0)
		weberr_reply_error(req, rc, err);
	else if (s->game == NULL)
		weberr_reply_error(req, 409, "no game: this server only shows records");
	else if (humangame_act(s->game, action, err, sizeof(err)) < 0)
		weberr_reply_error(req, 409, err);
	else
		weberr_reply(req, 200, json_pack("{s:b}", "ok", 1));
}

/* The new game dialog: the deal in play, if any, is abandoned (a deal
 * not finished is not recorded) and the game starts again. */
static void
new_game(struct server *s, struct evhttp_request *req)
{
	static const struct humangame_callbacks cb = { on_changed, NULL };
	char body[WEB_MAX_BODY + 1], err[256];
	ssize_t len = read_body(req, body);
	struct web_newgame ng;
	struct humangame_opts o;
	int rc;

	if (len < 0)
		return;
	if ((rc = webreq_newgame(body, (size_t)len, &ng, err,
	    sizeof(err))) != 0) {
		weberr_reply_error(req, rc, err);
		return;
	}
	if (s->game == NULL || humangame_choose(&o, &s->o.game, &s->given, &ng, err,
	    sizeof(err)) < 0) {
		weberr_reply_error(req, 409, s->game ? err : "no game: this server "
		    "only shows records");
		return;
	}
	o.first_deal = humangame_next_index(s->game);
	s->o.game = o;
	humangame_free(s->game);
	s->games++;
	s->game = humangame_new(s->base, s->reaper, &s->o.game, &cb, s);
	humangame_start(s->game);
	weberr_reply(req, 200, json_pack("{s:b}", "ok", 1));
	push(s);
}

static void
get_records(struct server *s, struct evhttp_request *req)
{
	weberr_reply(req, 200, json_pack("{s:s?, s:o}", "file", s->watch ?
	    watch_path(s->watch) : NULL, "deals", s->watch ?
	    watch_deals(s->watch) : json_array()));
}

static void
get_replay(struct server *s, struct evhttp_request *req,
    const struct web_req *r)
{
	char err[256];
	json_t *o;

	if (s->watch == NULL || watch_line(s->watch, (size_t)r->deal) ==
	    NULL) {
		weberr_reply_error(req, 404, "no such deal in the records");
		return;
	}
	if ((o = watch_replay(s->watch, (size_t)r->deal, r->view, err,
	    sizeof(err))) == NULL)
		weberr_reply_error(req, 422, err);
	else
		weberr_reply(req, 200, o);
}

static void
start_analysis(struct server *s, struct evhttp_request *req,
    const struct web_req *r)
{
	const char *line = s->watch ? watch_line(s->watch,
	    (size_t)r->deal) : NULL;
	char err[256];

	if (line == NULL)
		weberr_reply_error(req, 404, "no such deal in the records");
	else if (analysis_start(s->analysis, line, r->deal, err,
	    sizeof(err)) < 0)
		weberr_reply_error(req, 422, err);
	else
		weberr_reply(req, 202, json_pack("{s:b}", "started", 1));
}

static void
get_file(struct evhttp_request *req, const char *path)
{
	size_t len;
	const char *type;
	const unsigned char *data = web_file(path, &len, &type);
	struct evbuffer *b = evbuffer_new();

	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", type);
	evbuffer_add(b, data, len);
	evhttp_send_reply(req, 200, "OK", b);
	evbuffer_free(b);
}

static enum web_method
method_of(struct evhttp_request *req)
{
	switch (evhttp_request_get_command(req)) {
	case EVHTTP_REQ_GET:
		return WEB_GET;
	case EVHTTP_REQ_HEAD:
		return WEB_HEAD;
	case EVHTTP_REQ_POST:
		return WEB_POST;
	default:
		return WEB_OTHER;
	}
}

static void
dispatch(struct server *s, struct evhttp_request *req,
    const struct web_req *r)
{
	char err[256];

	switch (r->route) {
	case ROUTE_FILE:
		get_file(req, r->path);
		break;
	case ROUTE_STATE:
		weberr_reply(req, 200, state_json(s));
		break;
	case ROUTE_EVENTS:
		open_events(s, req);
		break;
	case ROUTE_ACTION:
		post_action(s, req);
		break;
	case ROUTE_NEXT:
		if (s->game == NULL || humangame_next(s->game, err,
		    sizeof(err)) < 0)
			weberr_reply_error(req, 409, s->game ? err : "no game");
		else
			weberr_reply(req, 200, json_pack("{s:b}", "ok", 1));
		break;
	case ROUTE_HINT:
		ask_hint(s, req);
		break;
	case ROUTE_RECORDS:
		get_records(s, req);
		break;
	case ROUTE_REPLAY:
		get_replay(s, req, r);
		break;
	case ROUTE_ANALYSE:
		start_analysis(s, req, r);
		break;
	case ROUTE_ANALYSIS:
		weberr_reply(req, 200, analysis_json(s->analysis));
		break;
	case ROUTE_NEWGAME:
		new_game(s, req);
		break;
	case ROUTE_LIVE:
		weberr_reply(req, 200, s->live ? watch_live(s->live) :
		    json_object());
		break;
	}
}

static void
on_request(struct evhttp_request *req, void *arg)
{
	struct server *s = arg;
	struct web_req r;
	char err[256];
	struct evkeyvalq *in = evhttp_request_get_input_headers(req);
	int rc = webreq_guard(method_of(req), evhttp_find_header(in, "Host"),
	    evhttp_find_header(in, "Content-Type"), s->loopback, err,
	    sizeof(err));

	if (rc == 0)
		rc = webreq_route(method_of(req), evhttp_request_get_uri(req),
		    &r, err, sizeof(err));
	if (rc != 0)
		weberr_reply_error(req, rc, err);
	else
		dispatch(s, req, &r);
}

void
serve_usage(FILE *f)
{
	fputs("serve [flags]: play in a web page (http://127.0.0.1:PORT/)\n"
	    "  --port N         the port (8787; 0: any free one, printed)\n"
	    "  --bind ADDR      the address to listen on (127.0.0.1)\n"
	    "  --watch FILE     show a records file, followed as it grows "
	    "(no game)\n", f);
	humangame_usage(f);
}

static int
parse_flags(struct serve_opts *o, int argc, char **argv)
{
	long long n;

	humangame_defaults(&o->game);
	o->bind = "127.0.0.1";
	o->port = 8787;
	for (int i = 0; i < argc; i++) {
		int rc = humangame_parse_flag(&o->game, argc, argv, &i);
		if (rc < 0)
			return -1;
		if (rc > 0)
			continue;
		if (i + 1 < argc && strcmp(argv[i], "--port") == 0 &&
		    bzp_parse_int(argv[i + 1], 0, 65535, &n) == 0)
			o->port = (int)n;
		else if (i + 1 < argc && strcmp(argv[i], "--bind") == 0)
			o->bind = argv[i + 1];
		else if (i + 1 < argc && strcmp(argv[i], "--watch") == 0)
			o->watch = argv[i + 1];
		else {
			fprintf(stderr, "bezique-arbiter: serve: bad flag "
			    "'%s' (bezique-arbiter help)\n", argv[i]);
			return -1;
		}
		i++;
	}
	return 0;
}

static void
on_signal(evutil_socket_t sig, short what, void *arg)
{
	struct server *s = arg;

	event_base_loopexit(s->base, NULL);
}

/* Listens; prints the address the page is at (the port the system
 * chose, for --port 0). */
static int
listen_on(struct server *s)
{
	struct evhttp_bound_socket *bs;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int port = s->o.port;

	s->http = evhttp_new(s->base);
	evhttp_set_max_body_size(s->http, WEB_MAX_BODY);
	evhttp_set_max_headers_size(s->http, 16384);
	weberr_json(s->http);	/* libevent's own 400 and 413 too */
	/* Every method reaches the router, which answers 405 (libevent
	 * would answer 501 to those it is not told of). */
	evhttp_set_allowed_methods(s->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST |
	    EVHTTP_REQ_HEAD | EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
	    EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE | EVHTTP_REQ_CONNECT |
	    EVHTTP_REQ_PATCH);
	evhttp_set_gencb(s->http, on_request, s);
	if ((bs = evhttp_bind_socket_with_handle(s->http, s->o.bind,
	    (ev_uint16_t)s->o.port)) == NULL) {
		fprintf(stderr, "bezique-arbiter: serve: cannot listen on "
		    "%s:%d: %s\n", s->o.bind, s->o.port, strerror(errno));
		return -1;
	}
	if (getsockname(evhttp_bound_socket_get_fd(bs), (struct sockaddr *)&ss,
	    &sl) == 0)
		port = ntohs(ss.ss_family == AF_INET6 ?
		    ((struct sockaddr_in6 *)&ss)->sin6_port :
		    ((struct sockaddr_in *)&ss)->sin_port);
	s->loopback = strcmp(s->o.bind, "127.0.0.1") == 0 ||
	    strcmp(s->o.bind, "localhost") == 0 || strcmp(s->o.bind, "::1") == 0;
	printf("serving on http://%s%s%s:%d/\n", strchr(s->o.bind, ':') ? "[" :
	    "", s->o.bind, strchr(s->o.bind, ':') ? "]" : "", port);
	fflush(stdout);
	return 0;
}

static void
setup(struct server *s)
{
	static const struct humangame_callbacks cb = { on_changed, NULL };
	const char *records = s->o.watch ? s->o.watch : s->o.game.records;

	s->sigterm = evsignal_new(s->base, SIGTERM, on_signal, s);
	s->sigint = evsignal_new(s->base, SIGINT, on_signal, s);
	event_add(s->sigterm, NULL);
	event_add(s->sigint, NULL);
	if (records != NULL)
		s->watch = watch_new(s->base, records, 500);
	if (s->o.watch != NULL) {	/* a match's --live feed beside it */
		char live[PATH_MAX];
		snprintf(live, sizeof(live), "%s.live", s->o.watch);
		s->live = watch_new(s->base, live, 200);
	}
	s->analysis = analysis_new(s->base, s->reaper, s->o.game.hint_engine);
	if (s->o.watch == NULL) {
		s->given = s->o.game;
		s->game = humangame_new(s->base, s->reaper, &s->o.game, &cb, s);
		s->hint = hint_new(s->base, s->reaper, s->o.game.hint_engine,
		    on_hint, s);
		humangame_start(s->game);
	}
}

/* Closes the event streams, ends the engines (reaped) and the server. */
static void
teardown(struct server *s)
{
	for (int i = 0; i < s->nclients; i++) {
		/* Closed at once with its request: ending the reply would
		 * want the loop to run again to write and free it. */
		evhttp_connection_set_closecb(s->clients[i].conn, NULL, NULL);
		evhttp_connection_free(s->clients[i].conn);
	}
	s->nclients = 0;
	humangame_free(s->game);
	humangame_opts_free(&s->o.game);
	hint_free(s->hint);
	analysis_free(s->analysis);
	watch_free(s->watch);
	watch_free(s->live);
	if (s->http)
		evhttp_free(s->http);
	if (s->sigterm)
		event_free(s->sigterm);
	if (s->sigint)
		event_free(s->sigint);
	engine_proc_reaper_free(s->reaper);
	event_base_free(s->base);
}

int
serve_main(int argc, char **argv)
{
	struct server s;
	char err[256];
	int rc = 0;

	memset(&s, 0, sizeof(s));
	if (parse_flags(&s.o, argc, argv) < 0)
		return 2;
	if (s.o.watch == NULL && humangame_check(&s.o.game, err,
	    sizeof(err)) < 0) {
		if (err[0] != '\0')
			fprintf(stderr, "bezique-arbiter: serve: %s\n", err);
		return 2;
	}
	engine_proc_setup();
	s.base = event_base_new();
	s.reaper = engine_proc_reaper_new(s.base);
	if (listen_on(&s) < 0)
		rc = 1;
	else {
		setup(&s);
		event_base_dispatch(s.base);
	}
	teardown(&s);
	return rc;
}
