/*
 * fuzz_bzp.c: the protocol line parser (engine/protocol/bzp.h) on any
 * bytes.  The parser works in place on a NUL-terminated line, as both
 * sides hand it one; the getters then read every token it produced.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const keys[] = { "id", "seat", "card", "view",
		"wtime", "btime", "movetime", "variant", "name", "value" };
	struct bzp_msg m;
	long long v;
	char *line;

	if (size >= BZP_MAX_LINE)
		return 0;
	if ((line = malloc(size + 1)) == NULL)
		abort();
	memcpy(line, data, size);
	line[size] = '\0';
	if (bzp_parse(line, &m) == 0) {
		/* Every token and the tail lie inside the line. */
		if (m.ntok < 0 || m.ntok > BZP_MAX_TOKENS)
			abort();
		for (int i = 0; i < m.ntok; i++)
			if (m.tok[i] < line || m.tok[i] > line + size)
				abort();
		if (m.tail != NULL && (m.tail < line || m.tail > line + size))
			abort();
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
			(void)bzp_get(&m, keys[k]);
			(void)bzp_get_int(&m, keys[k], -5, 1LL << 40, &v);
		}
		(void)bzp_has(&m, "infinite");
		for (int i = 0; i < m.ntok; i++)
			if (bzp_parse_int(m.tok[i], 0, 100, &v) == 0 &&
			    (v < 0 || v > 100))
				abort();
	}
	free(line);
	return 0;
}
