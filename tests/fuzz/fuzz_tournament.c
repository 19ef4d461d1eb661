/*
 * fuzz_tournament.c: the tournament-file reader (libinih and our handler:
 * every [tournament] key becomes a flag, [rules], [engine NAME]), then the
 * checks of a whole tournament.  Messages go to stderr, which the fuzzing
 * run closes (-close_fd_mask=2).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "tournament.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct match_cfg c;
	char *text;

	if (size > 1 << 16)
		return 0;
	if ((text = malloc(size + 1)) == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	config_defaults(&c);
	if (tournament_read_text(&c, text, "fuzz.ini") == 0)
		(void)tournament_check(&c, "fuzz.ini");
	config_free(&c);
	free(text);
	return 0;
}
