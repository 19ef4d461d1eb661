/*
 * argv.h: an engine command line split into an argument vector, without
 * a shell.
 *
 * Engines are run with execv(2), never through /bin/sh, so that a
 * command line from a configuration file cannot run anything but the
 * engine, and so that the process the arbiter waits for is the engine
 * itself and not a shell around it.  The words are found as POSIX sh
 * (XCU 2.2, 2.3) would find them, with nothing expanded:
 *
 *  - blanks (space, tab, newline, CR, VT, FF) separate words;
 *  - a backslash outside quotes keeps the next character literally, and
 *    a backslash before a newline joins the lines;
 *  - single quotes keep every character up to the next single quote;
 *  - double quotes keep every character but a backslash before one of
 *    $ ` " \ or newline, which keeps that character (the newline is
 *    removed); any other backslash inside them is literal;
 *  - quoted and unquoted parts of one word join up: a'b'"c" is abc, and
 *    "" alone is an empty word.
 *
 * Nothing is expanded: $HOME, ~, * and `cmd` stay as written.  The shell
 * operators | & ; < > ( ) are refused when unquoted, since sh would treat
 * them as syntax and passing them on as words would silently mean
 * something else; quote them to pass them.  # is an ordinary character.
 */
#ifndef ARGV_H
#define ARGV_H

#include <stddef.h>

/*
 * Splits line into a NULL-terminated vector of words.  On success the
 * vector and its strings belong to the caller, to be released with
 * argv_free(); *argcp, when argcp is not NULL, gets the number of words.
 * On error returns NULL and writes one line into err (for instance
 * "unterminated double quote (opened at column 5)" or "empty command").
 */
char	**argv_split(const char *line, int *argcp, char *err, size_t errlen);

/* Frees a vector from argv_split().  argv_free(NULL) does nothing. */
void	  argv_free(char **argv);

#endif
