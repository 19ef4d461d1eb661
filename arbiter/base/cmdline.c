/*
 * cmdline.c: the command line kept from /proc (cmdline.h).
 */
#include <string.h>

#include "base/cmdline.h"
#include "base/xmalloc.h"

char **
cmdline_private(int argc, char **argv, int keep)
{
	char **copy = xcalloc((size_t)argc + 1, sizeof(*copy));

	for (int i = 0; i < argc; i++)
		copy[i] = xstrdup(argv[i]);
	/* NULs, not blanks: the kernel shows the memory up to the end of
	 * the arguments, and empty words say nothing. */
	for (int i = keep; i < argc; i++)
		memset(argv[i], '\0', strlen(argv[i]));
	return copy;
}
