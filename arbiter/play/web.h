/*
 * web.h: the page's files, embedded in the program at build time (the
 * Makefile turns arbiter/play/web/ into build/gen/web_files.c with xxd -i), so
 * that an installed arbiter serves them without any file.
 */
#ifndef WEB_H
#define WEB_H

#include <stddef.h>

/* The file at path ("/", "/app.js"...) and its content type, or NULL. */
const unsigned char *web_file(const char *path, size_t *len,
		    const char **type);

#endif
