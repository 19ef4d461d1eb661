/*
 * fuzz_session.c: the engine's whole side of the protocol (session_run)
 * on any sequence of lines from an arbiter, at the random level: every
 * command the engine reads goes through the line parser, the seat view's
 * parser and the action parser, then the rules core.  Replies go to
 * /dev/null.  Inputs that choose the strong level are skipped: it thinks
 * as long as the clocks or its options say, which would read as a hang.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "session.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether "strong" occurs in data, in any case. */
static int
names_strong(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 6 <= size; i++)
		if (strncasecmp((const char *)data + i, "strong", 6) == 0)
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session_options opt = { .level = LEVEL_RANDOM, .seed = 1,
		.playouts = 1, .movetime_ms = 1 };
	FILE *in, *out;

	if (size == 0 || size > 1 << 16 || names_strong(data, size))
		return 0;
	if ((in = fmemopen((void *)(uintptr_t)data, size, "r")) == NULL)
		abort();
	if ((out = fopen("/dev/null", "w")) == NULL)
		abort();
	(void)session_run(in, out, &opt);
	fclose(in);
	fclose(out);
	return 0;
}
