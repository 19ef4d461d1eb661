/*
 * weberr.h: JSON bodies for the errors libevent's HTTP server answers by
 * itself, before any request reaches serve's router: a request that is
 * not HTTP (400), headers or a body over the limits (413).  libevent 2.1
 * writes those as HTML and has no hook for them (evhttp_set_errorcb came
 * in 2.2), so the reply is rewritten in the connection's output buffer
 * before it is sent.
 */
#ifndef WEBERR_H
#define WEBERR_H

#include <event2/http.h>
#include <jansson.h>

/* Makes http's connections send every error of libevent's as JSON:
 * {"error": "<one line>"}, Content-Type application/json. */
void	weberr_json(struct evhttp *http);

/* Replies with o as JSON (compact, one line, not cached), and frees it;
 * an error: {"error": why}. */
void	weberr_reply(struct evhttp_request *req, int code, json_t *o);
void	weberr_reply_error(struct evhttp_request *req, int code,
	    const char *why);

#endif
