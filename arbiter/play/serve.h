/*
 * serve.h: `bezique-arbiter serve`: the web front end (doc/play.md).
 *
 * An HTTP server (libevent's evhttp) on the arbiter's one event loop,
 * bound to 127.0.0.1 unless told otherwise, serving the page embedded in
 * the binary (arbiter/play/web/), a person's game against an engine
 * (humangame.h) with hints (hint.h), its changes as server-sent events,
 * and records to replay or to follow live (watch.h).
 */
#ifndef SERVE_H
#define SERVE_H

#include <stdio.h>

int	serve_main(int argc, char **argv);
void	serve_usage(FILE *f);

#endif
