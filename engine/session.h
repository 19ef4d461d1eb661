/*
 * session.h: the engine's side of the protocol (protocol.md).
 *
 * As small as Stockfish's uci.cpp: read a line, parse it with the shared
 * parser, call the rules core and the player, print a line.
 */
#ifndef SESSION_H
#define SESSION_H

#include <stdio.h>

#include "player.h"

struct session_options {
	enum level	 level;
	unsigned long	 seed;
	const char	*log_path;	/* NULL: log nothing */
	int		 skill;		/* 0..100 (Skill option) */
	long long	 playouts;	/* per decision; 0: by time */
	long long	 movetime_ms;	/* per decision; 0: by the clocks */
	long long	 tree_from_ms;	/* TreeFrom: the strong level grows
					 * a tree from decisions given this
					 * many ms; 0: never */
};

/* Runs the protocol on in/out until quit or end of input; returns the
 * process exit status. */
int	session_run(FILE *in, FILE *out, const struct session_options *opt);

#endif
