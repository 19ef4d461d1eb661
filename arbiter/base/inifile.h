/*
 * inifile.h: libinih with what it accepts silently refused.  inih merges
 * two sections of one name, keeps the last of a key given twice, reads an
 * indented line as the continuation of the value above (a second call
 * for the same key) and splits a line longer than its buffer into two;
 * in a tournament file each of these loses or changes a setting without
 * a word, so each is an error with its line here.
 */
#ifndef INIFILE_H
#define INIFILE_H

#include <stddef.h>

#include <ini.h>

/*
 * Reads the file at path (text == NULL) or the string text, calling
 * handler for each key as ini_parse() does.  Returns 0; -1 when the file
 * cannot be opened; or the line of the first error, with one line in err
 * (left empty when it is the handler's: it returned 0 and has its own).
 */
int	inifile_parse(const char *path, const char *text, ini_handler handler,
	    void *user, char *err, size_t errlen);

#endif
