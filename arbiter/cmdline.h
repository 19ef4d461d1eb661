/*
 * cmdline.h: splitting an engine's command line into words, as POSIX sh
 * would without expanding anything: spaces separate words; single quotes
 * keep everything; double quotes keep everything but \" and \\; a
 * backslash outside quotes escapes the next character.  The engine is
 * then run directly, never through a shell.
 */
#ifndef CMDLINE_H
#define CMDLINE_H

#include <stddef.h>

/*
 * Returns a NULL-terminated vector of words (free with cmdline_free), or
 * NULL with a one-line reason in err (an unterminated quote, no words).
 */
char	**cmdline_split(const char *line, char *err, size_t errlen);
void	  cmdline_free(char **argv);

#endif
