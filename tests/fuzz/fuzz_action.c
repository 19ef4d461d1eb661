/*
 * fuzz_action.c: the action parser (game_parse_action) against a few game
 * states: a fresh deal, then states some legal actions later, as the full
 * game and as the view of the seat to move.  The first byte picks the
 * state, the rest is the action text.  What parses must be legal or
 * rejected by game_apply without change; what is legal must apply.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "view.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NSTATES	64

static struct game *states[NSTATES];

/* Deals and plays the first legal action `steps` times (the end phase
 * comes after about 90). */
static struct game *
make_state(int i)
{
	struct rules r;
	struct action legal[MAX_LEGAL];
	struct game *g;
	int steps = (i / 2) * 5;

	/* The two-player variants; rubicon where one is not playable yet. */
	if (rules_init(&r, (enum variant)(i % 4)) < 0 ||
	    (g = game_new(&r, 1000u + (unsigned)i, i % 2)) == NULL) {
		rules_init(&r, VARIANT_RUBICON);
		if ((g = game_new(&r, 1000u + (unsigned)i, i % 2)) == NULL)
			abort();
	}
	for (int s = 0; s < steps && !game_over(g); s++) {
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		if (n <= 0 || game_apply(g, &legal[(s * 7) % n], NULL) < 0)
			abort();
	}
	return g;
}

static void
check(const struct game *g, const char *text)
{
	struct action a, legal[MAX_LEGAL];
	struct game *c;
	char err[256];

	err[0] = '\0';
	if (game_parse_action(g, text, &a, err, sizeof(err)) < 0) {
		if (err[0] == '\0')
			abort();
		return;
	}
	if (game_legal_actions(g, legal, MAX_LEGAL) < 0)
		return;		/* another seat's view: nothing to apply */
	c = game_clone(g);
	if (game_is_legal(c, &a) != (game_apply(c, &a, NULL) == 0))
		abort();
	game_free(c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game *g, *v;
	char *text;

	if (size < 1 || size > 4096)
		return 0;
	g = states[data[0] % NSTATES];
	if (g == NULL)
		g = states[data[0] % NSTATES] = make_state(data[0] % NSTATES);
	if ((text = malloc(size)) == NULL)
		abort();
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	check(g, text);
	if (!game_over(g)) {
		v = game_view(g, game_to_move(g));
		check(v, text);
		game_free(v);
	}
	free(text);
	return 0;
}
