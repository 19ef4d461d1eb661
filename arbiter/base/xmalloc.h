/*
 * xmalloc.h: allocation that never returns NULL.
 *
 * Running out of memory is not a condition the arbiter can recover from
 * in any useful way, so these wrappers print one line and abort, as
 * tmux's xmalloc.c does.  Callers never check for NULL.  Everything they
 * return is released with free(3).
 */
#ifndef XMALLOC_H
#define XMALLOC_H

#include <stddef.h>

/* As malloc, calloc and realloc, but abort instead of returning NULL. */
void	*xmalloc(size_t size);
void	*xcalloc(size_t nmemb, size_t size);
void	*xrealloc(void *ptr, size_t size);

/* As realloc for nmemb elements of size bytes, with overflow checked. */
void	*xreallocarray(void *ptr, size_t nmemb, size_t size);

/* A copy of s; xstrndup copies at most n bytes and always terminates. */
char	*xstrdup(const char *s);
char	*xstrndup(const char *s, size_t n);

#endif
