/*
 * view.c: the seat view's text form and determinization (view.h).
 */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "view.h"

static const char *const phase_names[] = { "stock", "end", "over" };
static const char *const decision_names[] = { "none", "lead", "reply",
    "declare", "carte-blanche" };

/*
 * A small appender over a fixed buffer that keeps the needed length, as
 * snprintf does.  The arbiter formats a view for every decision, and a
 * late view has some four hundred pieces: each is copied, not printed.
 */
struct out {
	char	*buf;
	size_t	 len, n;
};

static void
put_mem(struct out *o, const char *s, size_t k)
{
	size_t room, c;

	if (o->n < o->len) {
		room = o->len - o->n - 1;
		c = k < room ? k : room;
		memcpy(o->buf + o->n, s, c);
		o->buf[o->n + c] = '\0';
	}
	o->n += k;
}

static void
put(struct out *o, const char *s)
{
	put_mem(o, s, strlen(s));
}

static void
put_ch(struct out *o, char c)
{
	put_mem(o, &c, 1);
}

static void
put_int(struct out *o, long v)
{
	char t[24];
	size_t i = sizeof(t);
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	do
		t[--i] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		t[--i] = '-';
	put_mem(o, t + i, sizeof(t) - i);
}

static void
put_card(struct out *o, int c)
{
	char t[CARD_TEXT_MAX];

	put(o, c == NO_CARD ? "??" : card_format(c, t));
}

/* Cards joined by sep, or "-" for none. */
static void
put_set(struct out *o, const struct cardset *s, char sep, int unknown)
{
	int k = 0;

	CARDSET_FOREACH(c, s) {
		if (k++)
			put_ch(o, sep);
		put_card(o, c);
	}
	for (int i = 0; i < unknown; i++)
		put(o, k++ ? ",??" : "??");
	if (k == 0)
		put(o, "-");
}

static void
put_seat(struct out *o, int seat)
{
	if (seat < 0)
		put(o, "all");
	else
		put_int(o, seat);
}

static void
put_ints(struct out *o, const char *key, const int32_t *v, int n)
{
	put_ch(o, ' ');
	put(o, key);
	put_ch(o, '=');
	for (int p = 0; p < n; p++) {
		if (p)
			put_ch(o, ',');
		put_int(o, v[p]);
	}
}

static void
put_tricks(struct out *o, const struct game *g)
{
	int k = 0;

	put(o, " tricks=");
	for (int t = 0; t < g->ntricks; t++) {
		if (t)
			put_ch(o, ',');
		for (int i = 0; i < g->nplayers; i++) {
			if (i)
				put_ch(o, '.');
			put_card(o, g->history[k++]);
		}
		put_ch(o, '>');
		put_int(o, g->trick_winner[t]);
	}
	if (g->ntricks == 0)
		put(o, "-");
	put(o, " trick=");
	for (int i = 0; i < g->trick_n; i++) {
		if (i)
			put_ch(o, '.');
		put_card(o, g->trick[i]);
	}
	if (g->trick_n == 0)
		put(o, "-");
}

static void
put_decls(struct out *o, const struct game *g)
{
	char name[32];

	put(o, " decls=");
	for (int i = 0; i < g->ndecl; i++) {
		const struct decl_rec *d = &g->decl[i];
		if (i)
			put_ch(o, ',');
		put_int(o, d->seat);
		put_ch(o, ':');
		put(o, d->combo >= NCOMBOS ? decl_pseudo_name(d->combo) :
		    combo_name(d->combo, d->key, name, sizeof(name)));
		put_ch(o, ':');
		put_set(o, &d->set, '+', 0);
		put_ch(o, ':');
		put_int(o, d->points);
	}
	if (g->ndecl == 0)
		put(o, "-");
}

static void
put_carte_blanche(struct out *o, const struct game *g)
{
	put(o, " cb=");
	for (int p = 0; p < g->nplayers; p++) {
		int f = g->cb[p];
		if (p)
			put_ch(o, ',');
		if (f & CB_CLAIMED)
			put_ch(o, 'c');
		if (f & CB_OFFER)
			put_ch(o, 'o');
		if (!(f & (CB_CLAIMED | CB_OFFER)))
			put_ch(o, '-');
	}
	put(o, " drawn=");
	for (int p = 0; p < g->nplayers; p++) {
		if (p)
			put_ch(o, ',');
		if (g->last_drawn[p] == NO_CARD)
			put(o, "-");
		else
			put_card(o, g->last_drawn[p]);
	}
}

size_t
view_format(const struct game *g, char *buf, size_t len)
{
	struct out o = { buf, len, 0 };

	if (len > 0)
		buf[0] = '\0';
	put(&o, "bzv/1 variant=");
	put(&o, variant_name(g->rules.variant));
	put(&o, " seat=");
	put_seat(&o, g->observer);
	put(&o, " dealer=");
	put_int(&o, g->dealer);
	put(&o, " phase=");
	put(&o, phase_names[g->phase]);
	put(&o, " turn=");
	put_int(&o, g->to_move);
	put(&o, " decision=");
	put(&o, decision_names[g->decision]);
	put(&o, " trump=");
	put_ch(&o, g->trump < 0 ? '-' : card_suit_char(g->trump));
	put(&o, " leader=");
	put_int(&o, g->leader);
	put(&o, " stock=");
	put_int(&o, stock_left_int(g));
	if (g->turnup != NO_CARD) {
		/* The card turned up at the deal; the decls say whether a
		 * seven was exchanged for it (protocol.md §8). */
		put(&o, " turnup=");
		put_card(&o, g->turnup);
	}
	for (int p = 0; p < g->nplayers; p++) {
		put(&o, " hand");
		put_int(&o, p);
		put_ch(&o, '=');
		put_set(&o, &g->hand[p], ',',
		    g->hand_count[p] - cardset_count(&g->hand[p]));
	}
	for (int p = 0; p < g->nplayers; p++) {
		put(&o, " table");
		put_int(&o, p);
		put_ch(&o, '=');
		put_set(&o, &g->table[p], ',', 0);
	}
	put_ints(&o, "points", g->points, g->nplayers);
	put_ints(&o, "brisques", g->brisques, g->nplayers);
	put_tricks(&o, g);
	put_decls(&o, g);
	put_carte_blanche(&o, g);
	if (g->observer < 0) {
		put(&o, " stockcards=");
		for (int i = g->stock_pos; i < g->stock_len; i++) {
			if (i > g->stock_pos)
				put_ch(&o, ',');
			put_card(&o, g->stock[i]);
		}
		if (stock_left_int(g) == 0)
			put(&o, "-");
	}
	return o.n;
}

/* The cards view v has not seen, in card order. */
static int
unseen_cards(const struct game *v, uint16_t *unseen)
{
	struct cardset known = v->played;
	int n = 0;

	for (int p = 0; p < v->nplayers; p++) {
		known = cardset_or(known, v->hand[p]);
		known = cardset_or(known, v->table[p]);
	}
	for (int i = v->stock_pos; i < v->stock_len; i++)
		if (v->stock[i] != NO_CARD)
			cardset_add(&known, v->stock[i]);
	for (int i = 0; i * 64 < game_ncards(v); i++) {
		uint64_t w = ~known.w[i];
		if (game_ncards(v) - i * 64 < 64)
			w &= ((uint64_t)1 << (game_ncards(v) - i * 64)) - 1;
		for (; w != 0; w &= w - 1)
			unseen[n++] = (uint16_t)(i * 64 + __builtin_ctzll(w));
	}
	return n;
}

/* Deals unseen[k..n) in that order: the concealed cards of each hand,
 * then the stock's unknown places. */
static void
deal_unseen(const struct game *v, const uint16_t *unseen, int n,
    struct game *out)
{
	int k = 0;

	for (int p = 0; p < v->nplayers; p++)
		for (int m = v->hand_count[p] - cardset_count(&v->hand[p]);
		    m > 0 && k < n; m--)
			cardset_add(&out->hand[p], unseen[k++]);
	for (int i = v->stock_pos; i < v->stock_len && k < n; i++)
		if (out->stock[i] == NO_CARD)
			out->stock[i] = unseen[k++];
}

void
view_sample(const struct game *v, struct rng *rng, struct game *out)
{
	view_sample_weighted(v, rng, NULL, out);
}

/* A uniform double in (0, 1]. */
static double
open_uniform(struct rng *rng)
{
	return (double)((rng_next(rng) >> 11) + 1) * (1.0 / 9007199254740992.0);
}

/* An index in [k, n) drawn with a chance proportional to the weight of
 * its card. */
static int
draw_weighted(struct rng *rng, const double *weight, const uint16_t *cards,
    int k, int n)
{
	double total = 0, x;

	for (int i = k; i < n; i++)
		total += weight[cards[i]];
	x = total * (1 - open_uniform(rng));
	for (int i = k; i < n; i++) {
		x -= weight[cards[i]];
		if (x < 0)
			return i;
	}
	return n - 1;
}

void
view_sample_weighted(const struct game *v, struct rng *rng,
    const double *weight, struct game *out)
{
	uint16_t unseen[MAX_CARDS];
	int n = unseen_cards(v, unseen), hidden = 0;

	game_copy(out, v);
	out->observer = -1;
	rng_shuffle16(rng, unseen, n);
	for (int p = 0; p < v->nplayers; p++)
		hidden += v->hand_count[p] - cardset_count(&v->hand[p]);
	/*
	 * The concealed places are filled one by one, each card drawn with
	 * a chance proportional to its weight among those left: sampling
	 * without replacement, as a hand that kept its best cards would
	 * hold them.  The shuffle above keeps the rest (the stock) uniform.
	 */
	for (int k = 0; weight != NULL && k < hidden && k < n; k++) {
		int j = draw_weighted(rng, weight, unseen, k, n);
		uint16_t t = unseen[k];

		unseen[k] = unseen[j];
		unseen[j] = t;
	}
	deal_unseen(v, unseen, n, out);
}

void
view_sample_stock(const struct game *g, const struct game *v,
    struct rng *rng, struct game *out)
{
	uint16_t cards[MAX_CARDS];
	int n = 0;

	game_copy(out, g);
	for (int i = v->stock_pos; i < v->stock_len; i++)
		if (v->stock[i] == NO_CARD)
			cards[n++] = g->stock[i];
	rng_shuffle16(rng, cards, n);
	n = 0;
	for (int i = v->stock_pos; i < v->stock_len; i++)
		if (v->stock[i] == NO_CARD)
			out->stock[i] = cards[n++];
}
