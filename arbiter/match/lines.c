/*
 * lines.c: pieces of the table's protocol lines (lines.h).
 */
#include <stdio.h>
#include <string.h>

#include "match/lines.h"

size_t
lines_legal(const struct game *g, char *buf, size_t len)
{
	struct action legal[MAX_LEGAL];
	char a[ACTION_TEXT_MAX];
	int n = game_legal_actions(g, legal, MAX_LEGAL);
	size_t k = (size_t)snprintf(buf, len, "legal=");

	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? "," : "",
		    action_format(&legal[i], a, sizeof(a)));
	if (k < len)
		k += (size_t)snprintf(buf + k, len - k, " ");
	return k;
}

void
lines_ints(const int *v, int n, char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%d", i ? "," : "",
		    v[i]);
}

void
lines_gameover(const struct game *g, const uint16_t *deck, int game,
    const struct series *sr, enum termination term, int fault_seat,
    bool with_deck, char *buf, size_t len)
{
	const struct rules *r = game_rules(g);
	struct result res;
	char card[CARD_TEXT_MAX], reason[32], points[64], brisques[64];
	char totals[64];
	size_t k;
	int n = r->packs * CARDS_PER_PACK;

	game_result(g, &res);
	snprintf(reason, sizeof(reason), "%s", termination_name(term));
	if (fault_seat >= 0)
		snprintf(reason + strlen(reason), sizeof(reason) -
		    strlen(reason), ":%d", fault_seat);
	lines_ints(res.points, r->players, points, sizeof(points));
	lines_ints(res.brisques, r->players, brisques, sizeof(brisques));
	lines_ints(sr->total, r->players, totals, sizeof(totals));
	k = (size_t)snprintf(buf, len, "gameover deal=%d winner=%d value=%d "
	    "points=%s brisques=%s rubicon=%d reason=%s game=%d hand=%d "
	    "totals=%s gameover=%d", game, res.value.winner,
	    res.value.value, points, brisques, res.value.rubicon, reason,
	    game, sr->deals - 1, totals, sr->over);
	if (!with_deck || k >= len)
		return;
	k += (size_t)snprintf(buf + k, len - k, " deck=");
	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? "," : "",
		    card_format(deck[i], card));
}

void
lines_newgame(const struct game *g, const struct rules *r, int deal,
    int seat, const struct clock_cfg *c, const struct series *start,
    const int *before, char *buf, size_t len)
{
	char rules[2048], totals[64];

	rules_format(r, rules, sizeof(rules));
	lines_ints(before, r->players, totals, sizeof(totals));
	snprintf(buf, len, "newgame deal=%d variant=%s rules=%s seat=%d "
	    "dealer=%d players=%d time=%lld inc=%lld cap=%lld movetime=%lld "
	    "game=%d hand=%d totals=%s", deal, variant_name(r->variant),
	    rules, seat, game_dealer(g), r->players, c->time_ms, c->inc_ms,
	    c->cap_ms, c->movetime_ms, deal, start->deals, totals);
}

void
lines_deal_event(const struct game *g, int seat, char *buf, size_t len)
{
	struct cardset h = game_hand(g, seat);
	char card[CARD_TEXT_MAX];
	size_t k = (size_t)snprintf(buf, len, "event deal seat=%d hand=",
	    seat);

	CARDSET_FOREACH(cd, &h)
		if (k < len)
			k += (size_t)snprintf(buf + k, len - k, "%s%s",
			    buf[k - 1] == '=' ? "" : ",", card_format(cd, card));
}
