/*
 * help.h: `bezique-arbiter help [COMMAND]`, `COMMAND --help` and
 * `--version`.
 */
#ifndef HELP_H
#define HELP_H

#include <stdbool.h>
#include <stdio.h>

/* Prints the overview of every command to f. */
void	help_overview(FILE *f);

/* Prints COMMAND's synopsis, options with defaults and an example;
 * false (and nothing printed) if there is no such command. */
bool	help_command(FILE *f, const char *command);

/* Whether argv[0..argc-1] asks for help (--help or -h). */
bool	help_asked(int argc, char **argv);

/* "bezique-arbiter 0.1" and a newline. */
void	help_version(FILE *f);

#endif
