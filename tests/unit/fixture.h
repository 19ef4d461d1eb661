/*
 * fixture.h: building exact rules-core states for the scenario tests.
 *
 * The scenarios of doc/rules.md §13 start from positions that random deals
 * rarely reach ("P holds 4 QS and 4 JD and wins four tricks").  These
 * helpers set the private state directly (game_int.h), then drive it
 * through the public API, so every rule is judged by the real code.
 */
#ifndef FIXTURE_H
#define FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_int.h"

/* Parses "KH#1 QH#2" into ids; returns the count. */
static inline int
fx_cards(const char *text, uint16_t *out)
{
	int n = 0;
	const char *s = text;

	while (*s) {
		size_t len;
		bool exact;
		int c;
		while (*s == ' ')
			s++;
		len = strcspn(s, " ");
		if (len == 0)
			break;
		c = card_parse(s, len, MAX_PACKS, &exact);
		if (c < 0) {
			print_error("fixture: bad card '%.*s'\n", (int)len, s);
			abort();
		}
		out[n++] = (uint16_t)c;
		s += len;
	}
	return n;
}

/*
 * A Rubicon deal in the stock phase where seat 0 ("P") has just won a
 * trick and may declare; P holds `hand`, seat 1 holds `opp`; trump is a
 * suit letter or '-'.  The stock holds every other card, lowest ranks
 * first, so that draws bring sevens and eights, never court cards.
 */
static inline struct game *
fx_new_rules(const struct rules *r, const char *hand, const char *opp,
    char trump)
{
	struct game *g = game_alloc(r, 1);
	uint16_t ids[MAX_CARDS];
	struct cardset used;
	int n;

	cardset_clear(&used);
	n = fx_cards(hand, ids);
	for (int i = 0; i < n; i++) {
		cardset_add(&g->hand[0], ids[i]);
		cardset_add(&used, ids[i]);
	}
	g->hand_count[0] = (int16_t)n;
	n = fx_cards(opp, ids);
	for (int i = 0; i < n; i++) {
		cardset_add(&g->hand[1], ids[i]);
		cardset_add(&used, ids[i]);
	}
	g->hand_count[1] = (int16_t)n;
	g->stock_len = 0;
	for (int rank = 0; rank < NRANKS; rank++)
		for (int c = 0; c < game_ncards(g); c++)
			if (card_rank(c) == rank && !cardset_has(&used, c))
				g->stock[g->stock_len++] = (uint16_t)c;
	g->trump = (int8_t)(trump == '-' ? -1 : card_suit_from_char(trump));
	g->cb[0] = g->cb[1] = CB_PLAYED;
	g->leader = 0;
	g->to_move = 0;
	g->decision = DECISION_DECLARE;
	return g;
}

static inline struct game *
fx_new(const char *hand, const char *opp, char trump)
{
	struct rules r;

	rules_init(&r, VARIANT_RUBICON);
	return fx_new_rules(&r, hand, opp, trump);
}

/* P wins another trick: he may declare again (R1). */
static inline void
fx_win(struct game *g)
{
	g->leader = 0;
	g->to_move = 0;
	g->trick_n = 0;
	g->decision = DECISION_DECLARE;
}

/* Plays P's card to a trick (from table or hand), as the laws' "play". */
static inline void
fx_play(struct game *g, const char *card)
{
	uint16_t c;

	fx_cards(card, &c);
	if (cardset_has(&g->table[0], c)) {
		cardset_del(&g->table[0], c);
	} else if (cardset_has(&g->hand[0], c)) {
		cardset_del(&g->hand[0], c);
		g->hand_count[0]--;
	} else {
		print_error("fixture: P does not hold %s\n", card);
		abort();
	}
	cardset_add(&g->played, c);
}

/* Tries P's declaration; returns the points it scored, or -1 if illegal. */
static inline int
fx_declare(struct game *g, const char *text)
{
	struct action a;
	char err[128];
	int before = g->points[0];

	if (game_parse_action(g, text, &a, err, sizeof(err)) < 0) {
		print_error("fixture: %s: %s\n", text, err);
		abort();
	}
	if (game_apply(g, &a, NULL) < 0)
		return -1;
	return g->points[0] - before;
}

/* The id of one card named in text ("QS#2"). */
static inline int
fx_card(const char *text)
{
	uint16_t c;

	fx_cards(text, &c);
	return c;
}

/* fx_new() in another variant. */
static inline struct game *
fx_variant(enum variant v, const char *hand, const char *opp, char trump)
{
	struct rules r;

	rules_init(&r, v);
	return fx_new_rules(&r, hand, opp, trump);
}

/* Lays `up` under the stock as the turn-up (it must be in the stock). */
static inline void
fx_turnup(struct game *g, const char *up)
{
	int c = fx_card(up), i;

	for (i = g->stock_pos; i < g->stock_len && g->stock[i] != c; i++)
		;
	if (i == g->stock_len) {
		print_error("fixture: %s is not in the stock\n", up);
		abort();
	}
	memmove(&g->stock[i], &g->stock[i + 1],
	    sizeof(g->stock[0]) * (size_t)(g->stock_len - 1 - i));
	g->stock[g->stock_len - 1] = (uint16_t)c;
	g->turnup = (uint16_t)c;
	g->trump = (int8_t)card_suit(c);
}

/* Puts the deal in its end phase with P to lead. */
static inline void
fx_end_phase(struct game *g)
{
	g->phase = PHASE_END;
	g->stock_pos = g->stock_len;
	g->decision = DECISION_LEAD;
}

/* Applies an action given as text; returns game_apply()'s answer. */
static inline int
fx_apply(struct game *g, const char *text)
{
	struct action a;
	char err[128];

	if (game_parse_action(g, text, &a, err, sizeof(err)) < 0) {
		print_error("%s: %s\n", text, err);
		abort();
	}
	return game_apply(g, &a, NULL);
}

/* The legal actions as a `go` line's legal= lists them (protocol.md
 * §4): comma-separated, in the core's order.  Returns buf. */
static inline const char *
fx_legal(const struct game *g, char *buf, size_t len)
{
	struct action a[MAX_LEGAL];
	int n = game_legal_actions(g, a, MAX_LEGAL);
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && k < len; i++) {
		char t[ACTION_TEXT_MAX];
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? "," : "",
		    action_format(&a[i], t, sizeof(t)));
	}
	return buf;
}

#endif
