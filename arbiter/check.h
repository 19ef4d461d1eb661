/*
 * check.h: `bezique-arbiter check ENGINE...`, a conformance check for
 * bot writers: scripted protocol steps, then a few whole deals against
 * the random level, each reported as passed or failed with the engine's
 * own lines.
 */
#ifndef CHECK_H
#define CHECK_H

/* argv: engine command lines.  Returns the exit status (0: all passed). */
int	check_main(int argc, char **argv, const char *self);

#endif
