/*
 * decl.c: the records of what was scored besides the combinations (carte
 * blanche, the sevens of trumps, the six-pack's cut), kept among the
 * declarations under pseudo-combinations (game_int.h), and their names in
 * the view's text.
 */
#include <string.h>

#include "game_int.h"

static const char *const pseudo_names[DECL_PSEUDO_END - NCOMBOS] = {
	"carte-blanche", "turnup-seven", "exchange", "seven", "cut", "guess"
};

const char *
decl_pseudo_name(int combo)
{
	if (combo < NCOMBOS || combo >= DECL_PSEUDO_END)
		return NULL;
	return pseudo_names[combo - NCOMBOS];
}

int
decl_pseudo_parse(const char *s, size_t len)
{
	for (int i = 0; i < DECL_PSEUDO_END - NCOMBOS; i++)
		if (strlen(pseudo_names[i]) == len &&
		    memcmp(s, pseudo_names[i], len) == 0)
			return NCOMBOS + i;
	return -1;
}

void
decl_add(struct game *g, int seat, int combo, const struct cardset *set,
    int points)
{
	struct decl_rec *d;

	if (g->ndecl == MAX_DECLS)
		return;		/* cannot happen: fewer than one per trick */
	d = &g->decl[g->ndecl++];
	d->set = *set;
	d->seat = (uint8_t)seat;
	d->combo = (uint8_t)combo;
	d->key = 0;
	d->points = (int16_t)points;
}
