/*
 * export.h: `bezique-arbiter export`: records turned into training data,
 * one JSON line per decision (what the seat saw, what it could do, what
 * it did, how the deal ended), for bot writers who learn from play.
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdio.h>

int	export_main(int argc, char **argv);
void	export_usage(FILE *f);

#endif
