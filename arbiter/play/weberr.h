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

/* Makes http's connections send every error of libevent's as JSON:
 * {"error": "<one line>"}, Content-Type application/json. */
void	weberr_json(struct evhttp *http);

#endif
