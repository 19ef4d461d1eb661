/*
 * game.c: the deal as a state machine (game.h).
 *
 * The order of a deal (doc/rules.md §3): the elder hand (the dealer's left)
 * leads; after each trick of the stock phase its winner may make one
 * declaration, then draws, then the others draw in playing order; once
 * the stock is gone the table cards go back to the hands and the last
 * tricks are played under the duties of trick.c; the last trick scores.
 * Carte blanche is offered before a player's card whenever law 15 or 16
 * allows it.
 */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"

/*
 * Only the parts in use are copied: the levels of the deal's cards, the
 * cards played and the tricks so far, the stock still to draw and the
 * declarations made (a Rubicon state is half its full size), since the
 * search copies states for every simulation and every look-ahead.  What
 * is left of dst's past is never read.
 */
void
game_copy(struct game *dst, const struct game *src)
{
	int played = src->ntricks * src->nplayers + src->trick_n;

	memcpy(dst, src, offsetof(struct game, lvl));
	memcpy(dst->lvl, src->lvl, (size_t)game_ncards(src));
	memcpy(dst->history, src->history, sizeof(src->history[0]) * played);
	memcpy(dst->trick_winner, src->trick_winner, src->ntricks);
	memcpy(dst->stock + src->stock_pos, src->stock + src->stock_pos,
	    sizeof(src->stock[0]) * stock_left_int(src));
	memcpy(&dst->turnup, &src->turnup, offsetof(struct game, decl) -
	    offsetof(struct game, turnup) +
	    sizeof(struct decl_rec) * src->ndecl);
}

struct game *
game_clone(const struct game *g)
{
	struct game *c = malloc(sizeof(*c));

	if (c == NULL)
		abort();
	game_copy(c, g);
	return c;
}

void
game_free(struct game *g)
{
	free(g);
}

/* Sets to_move and decision for the next card (or carte blanche). */
void
game_next_decision(struct game *g)
{
	int p;

	if (g->phase == PHASE_OVER) {
		g->decision = DECISION_NONE;
		return;
	}
	p = (g->leader + g->trick_n) % g->nplayers;
	g->to_move = (uint8_t)p;
	if (g->cb[p] & CB_OFFER)
		g->decision = DECISION_CARTE_BLANCHE;
	else
		g->decision = g->trick_n == 0 ? DECISION_LEAD : DECISION_REPLY;
}

static void
start_end_phase(struct game *g, struct event_log *log)
{
	g->phase = PHASE_END;
	for (int p = 0; p < g->nplayers; p++) {
		g->hand_count[p] = (int16_t)(g->hand_count[p] +
		    cardset_count(&g->table[p]));
		g->hand[p] = cardset_or(g->hand[p], g->table[p]);
		cardset_clear(&g->table[p]);
		if (!g->rules.cb_repeat_in_end)
			g->cb[p] &= (uint8_t)~CB_OFFER;
	}
	log_simple(log, EVENT_END_PHASE, 0, -1, 0);
}

/* Law 16: a claimant who draws a non-court card may show it for another
 * carte blanche; the first court card drawn ends the right. */
static void
note_draw_for_carte_blanche(struct game *g, int p, int c)
{
	if (!(g->cb[p] & CB_CLAIMED) || c == NO_CARD)
		return;
	if (card_is_court(c))
		g->cb[p] &= (uint8_t)~(CB_CLAIMED | CB_OFFER);
	else
		g->cb[p] |= CB_OFFER;
}

static void
score_last_trick(struct game *g, int winner, struct event_log *log)
{
	g->points[winner] += g->rules.last_trick;
	log_simple(log, EVENT_LAST_TRICK, winner, -1, g->rules.last_trick);
}

/* The trick's winner draws first, then the others in playing order; the
 * last card of all is the turn-up, drawn in sight of everyone (§4.1). */
static void
draw_cards(struct game *g, int winner, struct event_log *log)
{
	for (int i = 0; i < g->nplayers; i++) {
		int p = (winner + i) % g->nplayers;
		bool turnup = g->turnup != NO_CARD &&
		    g->stock_pos + 1 == g->stock_len;
		int c = g->stock[g->stock_pos++];
		if (c != NO_CARD)
			cardset_add(&g->hand[p], c);
		if (turnup && c != NO_CARD)
			cardset_add(&g->revealed[p], c);
		g->hand_count[p]++;
		g->last_drawn[p] = (uint16_t)c;
		/* key: the turn-up, a public card (event_for_seat) */
		log_card(log, EVENT_DRAW, p, turnup, c);
		note_draw_for_carte_blanche(g, p, c);
	}
	g->leader = (uint8_t)winner;
	if (stock_left_int(g) == 0) {
		if (g->rules.last_trick_of_stock)
			score_last_trick(g, winner, log);
		start_end_phase(g, log);
	}
	game_next_decision(g);
}

/* Whether the trick's winner has anything to declare (§3.6, §4.2): a
 * combination, or a seven of trumps alone (S89).  Asked before the
 * decision is DECISION_DECLARE, which seven_enumerate() does not need. */
static bool
may_declare(const struct game *g, int p)
{
	struct action one;

	return declare_any(g, p) || seven_enumerate(g, p, &one, 1) > 0;
}

static void
finish_deal(struct game *g, int winner, struct event_log *log)
{
	struct event ev;

	if (!g->rules.last_trick_of_stock)
		score_last_trick(g, winner, log);
	g->phase = PHASE_OVER;
	g->decision = DECISION_NONE;
	memset(&ev, 0, sizeof(ev));
	ev.type = EVENT_GAME_OVER;
	log_event(log, &ev);
}

static void
complete_trick(struct game *g, struct event_log *log)
{
	int wi = trick_winner_index(g, g->trick, g->trick_n);
	int winner = (g->leader + wi) % g->nplayers;

	for (int i = 0; i < g->trick_n; i++)
		if (card_is_brisque(g->trick[i]))
			g->brisques[winner] += 10;
	if (log != NULL) {
		struct event ev;
		memset(&ev, 0, sizeof(ev));
		ev.type = EVENT_TRICK;
		ev.seat = (uint8_t)winner;
		for (int i = 0; i < g->trick_n; i++)
			ev.cards[ev.ncards++] = g->trick[i];
		log_event(log, &ev);
	}
	g->trick_winner[g->ntricks++] = (uint8_t)winner;
	g->trick_n = 0;
	g->trick_from_table = 0;
	if (g->phase == PHASE_END) {
		if (g->hand_count[winner] == 0) {
			finish_deal(g, winner, log);
			return;
		}
		g->leader = (uint8_t)winner;
		game_next_decision(g);
		return;
	}
	if (may_declare(g, winner)) {
		g->leader = (uint8_t)winner;
		g->to_move = (uint8_t)winner;
		g->decision = DECISION_DECLARE;
		return;
	}
	draw_cards(g, winner, log);
}

static void
apply_play(struct game *g, int p, int c, struct event_log *log)
{
	bool from_table = cardset_has(&g->table[p], c);

	if (from_table) {
		cardset_del(&g->table[p], c);
	} else {
		cardset_del(&g->hand[p], c);
		g->hand_count[p]--;
	}
	cardset_add(&g->played, c);
	g->history[g->ntricks * g->nplayers + g->trick_n] = (uint16_t)c;
	if (from_table)
		g->trick_from_table |= (uint8_t)(1 << g->trick_n);
	g->trick[g->trick_n++] = (uint16_t)c;
	g->cb[p] |= CB_PLAYED;
	g->cb[p] &= (uint8_t)~CB_OFFER;
	log_card(log, EVENT_PLAY, p, from_table, c);
	seven_played(g, p, c, log);
	if (g->trick_n == g->nplayers)
		complete_trick(g, log);
	else
		game_next_decision(g);
}

/* Law 15: the whole hand is shown; law 16: only the card just drawn. */
static void
apply_carte_blanche(struct game *g, int p, struct event_log *log)
{
	struct cardset shown;

	cardset_clear(&shown);
	if (!(g->cb[p] & CB_PLAYED))
		shown = g->hand[p];
	else if (g->last_drawn[p] != NO_CARD)
		cardset_add(&shown, g->last_drawn[p]);
	g->revealed[p] = cardset_or(g->revealed[p], shown);
	g->points[p] += g->rules.carte_blanche;
	decl_add(g, p, DECL_CARTE_BLANCHE, &shown, g->rules.carte_blanche);
	g->cb[p] = (uint8_t)((g->cb[p] | CB_CLAIMED) & ~CB_OFFER);
	log_cards(log, EVENT_CARTE_BLANCHE, p, &shown, g->rules.carte_blanche);
	game_next_decision(g);
}

static void
apply_declare(struct game *g, int p, const struct action *a,
    struct event_log *log)
{
	int points = combo_points(&g->rules, a->combo, a->key, g->trump);
	/* UBCG's no-repeat rule: last deal's trump suit scores as a plain
	 * suit and does not fix trump (§5, S82). */
	bool fixes = g->trump < 0 && combo_class(a->combo) == CLASS_A &&
	    a->key != g->rules.barred_trump;
	struct event ev;

	declare_record(g, p, a, points);
	g->points[p] += points;
	memset(&ev, 0, sizeof(ev));
	ev.type = EVENT_DECLARE;
	ev.seat = (uint8_t)p;
	ev.combo = a->combo;
	ev.key = a->key;
	ev.points = (int16_t)points;
	ev.ncards = a->ncards;
	memcpy(ev.cards, a->cards, sizeof(a->cards[0]) * a->ncards);
	log_event(log, &ev);
	if (fixes) {
		g->trump = (int8_t)a->key;	/* §3.3 */
		ev.type = EVENT_TRUMP;
		ev.points = 0;
		ev.ncards = 0;
		log_event(log, &ev);
	}
	draw_cards(g, p, log);
}

bool
game_is_legal(const struct game *g, const struct action *a)
{
	int p = g->to_move;

	if (g->observer >= 0 && g->observer != p)
		return false;
	switch (g->decision) {
	case DECISION_LEAD:
	case DECISION_REPLY:
		return a->type == ACTION_PLAY && a->ncards == 1 &&
		    a->cards[0] < game_ncards(g) &&
		    trick_play_legal(g, p, a->cards[0]);
	case DECISION_DECLARE:
		if (a->type == ACTION_PASS)
			return true;
		if (a->type == ACTION_SEVEN || a->type == ACTION_SEVEN_EXCHANGE)
			return seven_legal(g, p, a);
		return a->type == ACTION_DECLARE && declare_legal(g, p, a);
	case DECISION_CARTE_BLANCHE:
		return a->type == ACTION_PASS ||
		    a->type == ACTION_CARTE_BLANCHE;
	default:
		return false;
	}
}

int
game_apply(struct game *g, const struct action *a, struct event_log *log)
{
	int p = g->to_move;

	if (!game_is_legal(g, a))
		return -1;
	switch (a->type) {
	case ACTION_PLAY:
		apply_play(g, p, a->cards[0], log);
		break;
	case ACTION_DECLARE:
		apply_declare(g, p, a, log);
		break;
	case ACTION_CARTE_BLANCHE:
		apply_carte_blanche(g, p, log);
		break;
	case ACTION_SEVEN:
	case ACTION_SEVEN_EXCHANGE:
		/* Not the trick's declaration (EW iii): the player may still
		 * declare, unless nothing is left to declare. */
		seven_apply(g, p, a, log);
		if (!may_declare(g, p) || (a->type == ACTION_SEVEN_EXCHANGE &&
		    g->rules.seven_exchange_is_declaration))
			draw_cards(g, p, log);
		break;
	default:	/* pass */
		if (g->decision == DECISION_DECLARE) {
			draw_cards(g, p, log);
		} else {
			g->cb[p] &= (uint8_t)~CB_OFFER;
			game_next_decision(g);
		}
		break;
	}
	return 0;
}

/* A forfeit is scored as a rubicon against a loser who scored nothing:
 * the winner's points rounded as the scoring rounds them, the rubiconed
 * loser's minimum of 100, the game and the brisque allowance (§9.2). */
static int
forfeit_value(const struct score_rules *sr, int winner_points)
{
	int w = sr->rounding == ROUNDING_FLOOR100 ? winner_points / 100 * 100 :
	    winner_points;

	return w + 100 + sr->rubicon_threshold + sr->rubicon_brisque_bonus;
}

/*
 * A deal of a game of several deals (two-, three-hand) has no value of its
 * own: each player's points and brisques go to his running total
 * (series.h).  The deal's winner is the seat with the highest total for
 * the deal (-1 if several share it; the other seat of a forfeit).
 */
static void
series_deal_result(const struct game *g, struct result *res)
{
	int best = -1, top = -1;

	res->value.brisques_counted = true;
	for (int p = 0; p < g->nplayers; p++) {
		int total = g->points[p] + g->brisques[p];
		if (p < 2)
			res->value.final[p] = total;
		if (total > top) {
			top = total;
			best = p;
		} else if (total == top) {
			best = -1;
		}
	}
	if (g->forfeit && g->nplayers == 2)
		best = 2 - g->forfeit;
	res->value.winner = best;
}

void
game_result(const struct game *g, struct result *res)
{
	memset(res, 0, sizeof(*res));
	for (int p = 0; p < g->nplayers; p++) {
		res->points[p] = g->points[p];
		res->brisques[p] = g->brisques[p];
	}
	for (int p = 0; p < 2; p++) {
		res->scores.points[p] = g->points[p];
		res->scores.brisques[p] = g->brisques[p];
	}
	if (g->rules.game_target > 0) {
		series_deal_result(g, res);
		return;
	}
	if (g->forfeit) {
		/* The forfeiting player loses as if rubiconed with no score:
		 * the largest ordinary loss (the arbiter's rule, doc/matches.md). */
		int loser = g->forfeit - 1, winner = 1 - loser;
		res->value.winner = winner;
		res->value.rubicon = true;
		res->value.final[winner] = g->points[winner];
		res->value.final[loser] = g->points[loser];
		res->value.value = forfeit_value(&g->rules.score,
		    g->points[winner]);
		return;
	}
	score_game_value(&g->rules.score, &res->scores, &res->value);
}

struct game *
game_view(const struct game *g, int seat)
{
	struct game *v = game_clone(g);

	v->observer = (int8_t)seat;
	for (int p = 0; p < v->nplayers; p++) {
		if (p == seat)
			continue;
		/* Of another hand a seat knows only the cards shown by carte
		 * blanche and not played or declared since. */
		v->hand[p] = cardset_and(v->hand[p], v->revealed[p]);
		if (!(v->cb[p] & CB_CLAIMED))
			v->cb[p] &= (uint8_t)~CB_OFFER;
		v->last_drawn[p] = NO_CARD;
	}
	for (int i = v->stock_pos; i < stock_hidden_end(v); i++)
		v->stock[i] = NO_CARD;
	return v;
}

const struct rules *game_rules(const struct game *g) { return &g->rules; }
int game_to_move(const struct game *g) { return g->to_move; }
enum decision game_decision(const struct game *g) { return g->decision; }
enum phase game_phase(const struct game *g) { return g->phase; }
bool game_over(const struct game *g) { return g->phase == PHASE_OVER; }
int game_observer(const struct game *g) { return g->observer; }
int game_players(const struct game *g) { return g->nplayers; }
int game_dealer(const struct game *g) { return g->dealer; }
int game_trump(const struct game *g) { return g->trump; }
int game_turnup(const struct game *g) { return g->turnup; }
int game_forfeited(const struct game *g) { return g->forfeit - 1; }
int game_stock_left(const struct game *g) { return stock_left_int(g); }
int game_points(const struct game *g, int seat) { return g->points[seat]; }
int game_brisques(const struct game *g, int s) { return g->brisques[s]; }
struct cardset game_hand(const struct game *g, int s) { return g->hand[s]; }
struct cardset game_table(const struct game *g, int s) { return g->table[s]; }
int game_hand_count(const struct game *g, int s) { return g->hand_count[s]; }
int game_tricks_played(const struct game *g) { return g->ntricks; }
int game_leader(const struct game *g) { return g->leader; }
struct cardset game_played(const struct game *g) { return g->played; }

int
game_trick_cards(const struct game *g, uint16_t *cards)
{
	memcpy(cards, g->trick, sizeof(g->trick[0]) * g->trick_n);
	return g->trick_n;
}

int
game_past_trick(const struct game *g, int t, uint16_t *cards, int *leader,
    int *winner)
{
	if (t < 0 || t >= g->ntricks)
		return -1;
	memcpy(cards, g->history + t * g->nplayers,
	    sizeof(g->history[0]) * g->nplayers);
	*leader = t == 0 ? (g->dealer + 1) % g->nplayers :
	    g->trick_winner[t - 1];
	*winner = g->trick_winner[t];
	return g->nplayers;
}

int
game_forfeit(struct game *g, int seat)
{
	if (g->phase == PHASE_OVER || seat < 0 || seat >= g->nplayers)
		return -1;
	g->forfeit = (uint8_t)(seat + 1);
	g->phase = PHASE_OVER;
	g->decision = DECISION_NONE;
	return 0;
}
