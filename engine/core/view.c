/*
 * view.c: the seat view's text form and determinization (view.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "view.h"

static const char *const phase_names[] = { "stock", "end", "over" };
static const char *const decision_names[] = { "none", "lead", "reply",
    "declare", "carte-blanche" };

/* A small appender over a fixed buffer that keeps the needed length. */
struct out {
	char	*buf;
	size_t	 len, n;
};

static void
put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(o->n < o->len ? o->buf + o->n : NULL,
	    o->n < o->len ? o->len - o->n : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

static void
put_card(struct out *o, int c)
{
	char t[CARD_TEXT_MAX];

	put(o, "%s", c == NO_CARD ? "??" : card_format(c, t));
}

/* Cards joined by sep, or "-" for none. */
static void
put_set(struct out *o, const struct cardset *s, char sep, int unknown)
{
	int k = 0;

	CARDSET_FOREACH(c, s) {
		if (k++)
			put(o, "%c", sep);
		put_card(o, c);
	}
	for (int i = 0; i < unknown; i++)
		put(o, "%s??", k++ ? "," : "");
	if (k == 0)
		put(o, "-");
}

static void
put_seat(struct out *o, int seat)
{
	if (seat < 0)
		put(o, "all");
	else
		put(o, "%d", seat);
}

static void
put_ints(struct out *o, const char *key, const int32_t *v, int n)
{
	put(o, " %s=", key);
	for (int p = 0; p < n; p++)
		put(o, "%s%d", p ? "," : "", v[p]);
}

static void
put_tricks(struct out *o, const struct game *g)
{
	int k = 0;

	put(o, " tricks=");
	for (int t = 0; t < g->ntricks; t++) {
		if (t)
			put(o, ",");
		for (int i = 0; i < g->nplayers; i++) {
			if (i)
				put(o, ".");
			put_card(o, g->history[k++]);
		}
		put(o, ">%d", g->trick_winner[t]);
	}
	if (g->ntricks == 0)
		put(o, "-");
	put(o, " trick=");
	for (int i = 0; i < g->trick_n; i++) {
		if (i)
			put(o, ".");
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
		put(o, "%s%d:%s:", i ? "," : "", d->seat,
		    d->combo >= NCOMBOS ? decl_pseudo_name(d->combo) :
		    combo_name(d->combo, d->key, name, sizeof(name)));
		put_set(o, &d->set, '+', 0);
		put(o, ":%d", d->points);
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
		put(o, "%s%s%s%s", p ? "," : "", f & CB_CLAIMED ? "c" : "",
		    f & CB_OFFER ? "o" : "", f & (CB_CLAIMED | CB_OFFER) ?
		    "" : "-");
	}
	put(o, " drawn=");
	for (int p = 0; p < g->nplayers; p++) {
		if (p)
			put(o, ",");
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
	put(&o, "bzv/1 variant=%s seat=", variant_name(g->rules.variant));
	put_seat(&o, g->observer);
	put(&o, " dealer=%d phase=%s turn=%d decision=%s trump=%c leader=%d"
	    " stock=%d", g->dealer, phase_names[g->phase], g->to_move,
	    decision_names[g->decision],
	    g->trump < 0 ? '-' : card_suit_char(g->trump), g->leader,
	    stock_left_int(g));
	if (g->turnup != NO_CARD) {
		/* The card turned up at the deal; the decls say whether a
		 * seven was exchanged for it (protocol.md §8). */
		put(&o, " turnup=");
		put_card(&o, g->turnup);
	}
	for (int p = 0; p < g->nplayers; p++) {
		put(&o, " hand%d=", p);
		put_set(&o, &g->hand[p], ',',
		    g->hand_count[p] - cardset_count(&g->hand[p]));
	}
	for (int p = 0; p < g->nplayers; p++) {
		put(&o, " table%d=", p);
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
				put(&o, ",");
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
