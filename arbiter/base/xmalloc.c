/*
 * xmalloc.c: allocation wrappers that abort on failure (xmalloc.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xmalloc.h"

static void
xmalloc_fatal(size_t size)
{
	fprintf(stderr, "out of memory (allocating %zu bytes)\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		xmalloc_fatal(size);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = calloc(nmemb, size)) == NULL)
		xmalloc_fatal(nmemb * size);
	return p;
}

void *
xrealloc(void *ptr, size_t size)
{
	void *p;

	if (size == 0)
		size = 1;
	if ((p = realloc(ptr, size)) == NULL)
		xmalloc_fatal(size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		xmalloc_fatal(SIZE_MAX);
	return xrealloc(ptr, nmemb * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
