/*
 * event.c: the events of a deal (game.h): the log they go to, and what
 * each seat may see of them.  The state machine (game.c) and the seven of
 * trumps (seven.c) both report through here, so neither calls back into
 * the other.
 */
#include <string.h>

#include "game_int.h"

void
log_event(struct event_log *log, const struct event *ev)
{
	if (log == NULL)
		return;
	if (log->n < log->cap)
		log->ev[log->n] = *ev;
	log->n++;
}

static void
event_start(struct event *ev, int type, int seat, int points)
{
	memset(ev, 0, sizeof(*ev));
	ev->type = (uint8_t)type;
	ev->seat = (uint8_t)seat;
	ev->points = (int16_t)points;
}

/* One event of at most one card (card < 0: none). */
static void
log_one(struct event_log *log, int type, int seat, int key, int card,
    int points)
{
	struct event ev;

	if (log == NULL)
		return;
	event_start(&ev, type, seat, points);
	ev.key = (uint8_t)key;
	if (card >= 0) {
		ev.cards[0] = (uint16_t)card;
		ev.ncards = 1;
	}
	log_event(log, &ev);
}

void
log_simple(struct event_log *log, int type, int seat, int card, int points)
{
	log_one(log, type, seat, 0, card, points);
}

void
log_card(struct event_log *log, int type, int seat, int key, int card)
{
	log_one(log, type, seat, key, card, 0);
}

void
log_cards(struct event_log *log, int type, int seat,
    const struct cardset *cards, int points)
{
	struct event ev;

	if (log == NULL)
		return;
	event_start(&ev, type, seat, points);
	CARDSET_FOREACH(c, cards)
		if (ev.ncards < 16)
			ev.cards[ev.ncards++] = (uint16_t)c;
	log_event(log, &ev);
}

void
event_action(const struct event *ev, struct action *a)
{
	memset(a, 0, sizeof(*a));
	a->type = ACTION_DECLARE;
	if (ev->combo == DECL_SEVEN_EXCHANGE)
		a->type = ACTION_SEVEN_EXCHANGE;
	else if (ev->combo == DECL_SEVEN)
		a->type = ACTION_SEVEN;
	a->combo = ev->combo;
	a->key = ev->key;
	a->ncards = ev->ncards > COMBO_MAX_CARDS ? COMBO_MAX_CARDS : ev->ncards;
	memcpy(a->cards, ev->cards, sizeof(a->cards[0]) * a->ncards);
}

bool
event_for_seat(const struct event *ev, int seat, struct event *out)
{
	*out = *ev;
	switch (ev->type) {
	case EVENT_DEAL:
		return ev->seat == seat;
	case EVENT_DRAW:
		if (ev->seat != seat && !ev->key)
			out->cards[0] = NO_CARD;	/* only that a card was drawn */
		return true;
	default:
		return true;
	}
}
