/*
 * stock.c: the stock cards no player has seen, and placing one of them
 * next (game.h).  For measuring luck (engine/ai/luck.h): what each draw
 * could have brought, under the same rules core that dealt it.
 */
#include "game_int.h"

int
game_stock_unseen(const struct game *g, uint16_t *cards)
{
	int n = 0;

	for (int i = g->stock_pos; i < stock_hidden_end(g); i++)
		if (g->stock[i] != NO_CARD)
			cards[n++] = g->stock[i];
	return n;
}

int
game_stock_put(struct game *g, int k, int card)
{
	int at = g->stock_pos + k, end = stock_hidden_end(g);

	if (g->observer >= 0 || k < 0 || at >= end)
		return -1;
	for (int i = g->stock_pos; i < end; i++)
		if (g->stock[i] == card) {
			g->stock[i] = g->stock[at];
			g->stock[at] = (uint16_t)card;
			return 0;
		}
	return -1;
}
