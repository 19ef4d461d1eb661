/*
 * luck_deals_io.h: deals played elsewhere, for luck_model_fit -f (V fitted
 * on the play of engines other than greedy and club, doc/luck.md).  A
 * text file, a deal a line:
 *
 *	DEALER DECK ACTION...
 *
 * the dealer's seat, the deck (card names comma-separated, the top card
 * first: a record's "deck"), then the deal's actions as records write
 * them, separated by spaces; a deal played to its end.
 * scripts/luck_deals.py writes it from arbiter records.
 */
#ifndef LUCK_DEALS_IO_H
#define LUCK_DEALS_IO_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* A deal as dealt and its actions. */
struct played_deal {
	struct game	*g0;
	struct action	*a;
	int		 n, cap;
};

static inline void
played_deal_add(struct played_deal *p, const struct action *a)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 256;
		if ((p->a = realloc(p->a, (size_t)p->cap * sizeof(*p->a))) ==
		    NULL)
			abort();
	}
	p->a[p->n++] = *a;
}

static inline void
played_deal_free(struct played_deal *p)
{
	game_free(p->g0);
	free(p->a);
	memset(p, 0, sizeof(*p));
}

static inline void
played_deals_die(const char *path, long line, const char *what,
    const char *at)
{
	fprintf(stderr, "luck_model_fit: %s:%ld: %s%s%s\n", path, line, what,
	    at ? ": " : "", at ? at : "");
	exit(2);
}

/* The deck of a line, into the deal. */
static inline void
played_deal_deck(struct played_deal *p, const struct rules *r, int dealer,
    char *deck, const char *path, long line)
{
	uint16_t cards[MAX_CARDS];
	bool seen[MAX_CARDS] = { false };
	int n = 0, want = r->packs * CARDS_PER_PACK;
	char *save = NULL;

	for (char *c = strtok_r(deck, ",", &save); c != NULL;
	    c = strtok_r(NULL, ",", &save)) {
		bool copy;
		int card = card_parse(c, strlen(c), r->packs, &copy);
		if (card < 0 || n == want || seen[card])
			played_deals_die(path, line, n == want ?
			    "more cards than the deck has" : card < 0 ?
			    "not a card" : "a card twice", c);
		seen[card] = true;
		cards[n++] = (uint16_t)card;
	}
	if (n != want || dealer < 0 || dealer >= r->players)
		played_deals_die(path, line, "a deck of the wrong size, or no "
		    "such dealer", NULL);
	if ((p->g0 = game_new_from_deck(r, cards, dealer)) == NULL)
		played_deals_die(path, line, "not a deck of these rules", NULL);
}

/*
 * The deals of the file at path under rules r, appended to *deals (n of
 * them, grown); each action checked legal and the deal played to its
 * end.  Bad input: one line naming the file, the line and what, and
 * exit 2.  Returns the new count.
 */
static inline long
played_deals_read(const char *path, const struct rules *r,
    struct played_deal **deals, long n)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t cap = 0;
	long line = 0;

	if (f == NULL)
		played_deals_die(path, 0, "cannot open", NULL);
	while (getline(&text, &cap, f) > 0) {
		char *save = NULL, *dealer, *deck, *tok, why[160];
		struct played_deal *p;
		struct game *g;
		line++;
		if ((dealer = strtok_r(text, " \n", &save)) == NULL ||
		    (deck = strtok_r(NULL, " \n", &save)) == NULL)
			played_deals_die(path, line, "no dealer and deck",
			    NULL);
		if ((*deals = realloc(*deals, (size_t)(n + 1) *
		    sizeof(**deals))) == NULL)
			abort();
		p = &(*deals)[n++];
		memset(p, 0, sizeof(*p));
		played_deal_deck(p, r, atoi(dealer), deck, path, line);
		g = game_clone(p->g0);
		while ((tok = strtok_r(NULL, " \n", &save)) != NULL) {
			struct action a;
			if (game_parse_action(g, tok, &a, why, sizeof(why)) <
			    0 || game_apply(g, &a, NULL) < 0)
				played_deals_die(path, line, "an action that "
				    "does not replay", tok);
			played_deal_add(p, &a);
		}
		if (!game_over(g))
			played_deals_die(path, line, "a deal not played to "
			    "its end", NULL);
		game_free(g);
	}
	free(text);
	fclose(f);
	return n;
}

#endif
