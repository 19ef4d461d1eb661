/*
 * fuzz_view.c: the seat-view text form (engine/core/view.h).  Any text
 * either fails with a reason or parses; what parses must format and parse
 * again to the same text (view_parse accepts only what view_format could
 * write), and the legal actions of the parsed view must be computable.
 * The first byte picks the variant.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "view.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char a[VIEW_TEXT_MAX], b[VIEW_TEXT_MAX];
	struct action legal[MAX_LEGAL];
	struct rules r;
	struct game *g, *h;
	char err[256], *text;
	size_t na, nb;

	if (size < 1 || size > 2 * VIEW_TEXT_MAX)
		return 0;
	if (rules_init(&r, (enum variant)(data[0] % NVARIANTS)) < 0)
		return 0;
	if ((text = malloc(size)) == NULL)
		abort();
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	err[0] = '\0';
	g = view_parse(&r, text, err, sizeof(err));
	if (g == NULL && err[0] == '\0')
		abort();	/* a failure must say why */
	if (g != NULL) {
		na = view_format(g, a, sizeof(a));
		if (na >= sizeof(a))
			abort();
		if ((h = view_parse(&r, a, err, sizeof(err))) == NULL)
			abort();	/* its own output rejected: err says why */
		nb = view_format(h, b, sizeof(b));
		if (na != nb || memcmp(a, b, na) != 0)
			abort();
		(void)game_legal_actions(h, legal, MAX_LEGAL);
		game_free(h);
		game_free(g);
	}
	free(text);
	return 0;
}
