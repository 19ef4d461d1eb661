/*
 * view_parse.c: reading the seat view's text form back (view.h).
 *
 * The parser is strict: it rebuilds the state from the fields and then
 * checks that it is one the rules can reach (every card in one place,
 * counts that add up, scores equal to the history's), so that a bad line
 * from a GUI or a record file is refused with the field it is wrong in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view_int.h"

static int
split_fields(struct parser *ps, const char *text)
{
	const char *s = text;

	while (*s == ' ')
		s++;
	if (strncmp(s, "bzv/1", 5) != 0 || (s[5] != ' ' && s[5] != '\0'))
		return view_fail(ps, "does not start with 'bzv/1'");
	s += 5;
	while (*s != '\0') {
		const char *e, *eq;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		e = s + strcspn(s, " \t\r\n");
		eq = memchr(s, '=', (size_t)(e - s));
		if (eq == NULL)
			return view_fail(ps, "field '%.*s' has no '='", (int)(e - s),
			    s);
		if (ps->f.n == NFIELDS)
			return view_fail(ps, "too many fields");
		ps->f.key[ps->f.n] = s;
		ps->f.val[ps->f.n] = eq + 1;
		ps->f.vlen[ps->f.n++] = (size_t)(e - eq - 1);
		s = *e ? e + 1 : e;
	}
	return 0;
}

/* The value of field `key` (NUL-free span) or NULL. */
const char *
view_field(struct parser *ps, const char *key, size_t *len)
{
	size_t kl = strlen(key);

	for (int i = 0; i < ps->f.n; i++)
		if (strncmp(ps->f.key[i], key, kl) == 0 &&
		    ps->f.key[i][kl] == '=') {
			*len = ps->f.vlen[i];
			return ps->f.val[i];
		}
	return NULL;
}

const char *
view_need(struct parser *ps, const char *key, size_t *len)
{
	const char *v = view_field(ps, key, len);

	if (v == NULL)
		view_fail(ps, "field '%s' is missing", key);
	return v;
}

/* Parses a small integer from v[0..len); -1 on error (values are >= 0). */
static long
number(const char *v, size_t len)
{
	long n = 0;

	if (len == 0 || len > 9)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		n = n * 10 + (v[i] - '0');
	}
	return n;
}

static int
int_field(struct parser *ps, const char *key, long max, int *out)
{
	size_t len;
	const char *v = view_need(ps, key, &len);
	long n;

	if (v == NULL)
		return -1;
	if ((n = number(v, len)) < 0 || n > max)
		return view_fail(ps, "field '%s': '%.*s' is not a number up to %ld",
		    key, (int)len, v, max);
	*out = (int)n;
	return 0;
}

static int
name_field(struct parser *ps, const char *key, const char *const *names,
    int nnames, int *out)
{
	size_t len;
	const char *v = view_need(ps, key, &len);

	if (v == NULL)
		return -1;
	for (int i = 0; i < nnames; i++)
		if (strlen(names[i]) == len && memcmp(v, names[i], len) == 0) {
			*out = i;
			return 0;
		}
	return view_fail(ps, "field '%s': unknown value '%.*s'", key, (int)len, v);
}

/* Parses one card token; each physical card may appear only once. */
static int
card_token(struct parser *ps, const char *key, const char *s, size_t len,
    bool allow_unknown)
{
	bool exact;
	int c;

	if (allow_unknown && len == 2 && s[0] == '?' && s[1] == '?')
		return NO_CARD;
	c = card_parse(s, len, ps->rules->packs, &exact);
	if (c < 0 || !exact)
		return view_fail(ps, "field '%s': '%.*s' is not a card", key,
		    (int)len, s), -2;
	if (cardset_has(&ps->seen, c))
		return view_fail(ps, "field '%s': %.*s appears twice", key,
		    (int)len, s), -2;
	cardset_add(&ps->seen, c);
	return c;
}

/*
 * Splits v[0..len) at any of `seps` and calls fn on each piece; "-" alone
 * is the empty list.  Returns 0 or -1.
 */
static int
each_item(struct parser *ps, const char *v, size_t len, const char *seps,
    int (*fn)(struct parser *, const char *, size_t, int, void *),
    void *arg)
{
	size_t i = 0;
	int idx = 0;

	if (len == 1 && v[0] == '-')
		return 0;
	while (i <= len) {
		size_t j = i;
		while (j < len && strchr(seps, v[j]) == NULL)
			j++;
		if (fn(ps, v + i, j - i, idx++, arg) < 0)
			return -1;
		i = j + 1;
	}
	return 0;
}

static int
hand_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	int p = *(int *)arg, c;
	char key[8] = "hand0";

	key[4] = (char)('0' + p);
	if ((c = card_token(ps, key, s, len, true)) == -2)
		return -1;
	if (c != NO_CARD)
		cardset_add(&ps->g->hand[p], c);
	ps->g->hand_count[p]++;
	return 0;
}

static int
table_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	int p = *(int *)arg, c;

	if ((c = card_token(ps, "table", s, len, false)) == -2)
		return -1;
	cardset_add(&ps->g->table[p], c);
	return 0;
}

static int
int_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	int32_t *v = arg;
	long n = number(s, len);

	if (idx >= ps->g->nplayers || n < 0)
		return view_fail(ps, "bad score list near '%.*s'", (int)len, s);
	v[idx] = (int32_t)n;
	return 0;
}

/* A completed trick "c.c>w": its cards go to the history in order. */
static int
trick_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	struct game *g = ps->g;
	int *leader = arg, n = 0, w;
	size_t i = 0;

	while (i < len && s[i] != '>') {
		size_t j = i;
		int c;
		while (j < len && s[j] != '.' && s[j] != '>')
			j++;
		if (n == g->nplayers ||
		    (c = card_token(ps, "tricks", s + i, j - i, false)) == -2)
			return n == g->nplayers ?
			    view_fail(ps, "trick %d has too many cards", idx + 1) :
			    -1;
		g->history[g->ntricks * g->nplayers + n] = (uint16_t)c;
		cardset_add(&g->played, c);
		g->cb[(*leader + n) % g->nplayers] |= CB_PLAYED;
		n++;
		i = j < len && s[j] == '.' ? j + 1 : j;
	}
	w = i + 2 == len ? s[i + 1] - '0' : -1;
	if (n != g->nplayers || w < 0 || w >= g->nplayers)
		return view_fail(ps, "trick %d: '%.*s' is not cards.cards>winner",
		    idx + 1, (int)len, s);
	for (int k = 0; k < n; k++)
		if (card_is_brisque(g->history[g->ntricks * n + k]))
			g->brisques[w] += 10;
	g->trick_winner[g->ntricks++] = (uint8_t)w;
	*leader = w;
	return 0;
}

static int
current_trick_item(struct parser *ps, const char *s, size_t len, int idx,
    void *arg)
{
	struct game *g = ps->g;
	int c;

	if (idx >= g->nplayers - 1)
		return view_fail(ps, "field 'trick' has too many cards");
	if ((c = card_token(ps, "trick", s, len, false)) == -2)
		return -1;
	g->trick[g->trick_n++] = (uint16_t)c;
	g->history[g->ntricks * g->nplayers + idx] = (uint16_t)c;
	cardset_add(&g->played, c);
	g->cb[(g->leader + idx) % g->nplayers] |= CB_PLAYED;
	return 0;
}

/* A declaration "seat:combo:cards:points" (or a carte blanche showing). */
static int
decl_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	struct game *g = ps->g;
	struct decl_rec *d = &g->decl[g->ndecl];
	const char *f[4];
	size_t fl[4];
	int nf = 0, combo, key;
	size_t i = 0;
	long pts;

	while (nf < 4 && i <= len) {
		size_t j = i;
		while (j < len && s[j] != ':')
			j++;
		f[nf] = s + i;
		fl[nf++] = j - i;
		i = j + 1;
	}
	if (nf != 4 || i <= len || fl[0] != 1 || s[0] < '0' ||
	    s[0] - '0' >= g->nplayers || (pts = number(f[3], fl[3])) < 0 ||
	    g->ndecl == MAX_DECLS)
		return view_fail(ps, "declaration %d: '%.*s' is not "
		    "seat:combination:cards:points", idx + 1, (int)len, s);
	if ((combo = decl_pseudo_parse(f[1], fl[1])) >= 0) {
		key = 0;
	} else if (combo_parse(f[1], (int)fl[1], &combo, &key) < 0)
		return view_fail(ps, "declaration %d: unknown combination '%.*s'",
		    idx + 1, (int)fl[1], f[1]);
	cardset_clear(&d->set);
	if (fl[2] == 1 && f[2][0] == '-')
		fl[2] = 0;		/* no cards: the six-pack's cut */
	for (size_t a = 0; a < fl[2];) {
		size_t b = a;
		bool exact;
		int c;
		while (b < fl[2] && f[2][b] != '+')
			b++;
		c = card_parse(f[2] + a, b - a, g->rules.packs, &exact);
		if (c < 0 || !exact)
			return view_fail(ps, "declaration %d: '%.*s' is not a card",
			    idx + 1, (int)(b - a), f[2] + a);
		cardset_add(&d->set, c);
		if (key < 0)
			key = card_suit(c);
		/* A marriage or sequence is of one suit, a quartet of one
		 * rank: a key from the cards indexes tables by suit. */
		if (combo < NCOMBOS &&
		    ((combo_keyed_by_suit(combo) && card_suit(c) != key) ||
		    (combo_keyed_by_rank(combo) && card_rank(c) != key)))
			return view_fail(ps, "declaration %d: '%.*s' is not in "
			    "its combination", idx + 1, (int)(b - a), f[2] + a);
		if (combo < NCOMBOS)
			lvl_raise(g, c, combo_class(combo), combo_level(combo));
		a = b + 1;
	}
	/* Every card once, as many as the combination has (a carte blanche
	 * shows one card or more; the other entries that are not
	 * combinations, such as the six-pack's cut, have their own shapes):
	 * view_format could write nothing else. */
	if ((combo == DECL_CARTE_BLANCHE && cardset_count(&d->set) == 0) ||
	    (combo < NCOMBOS && cardset_count(&d->set) != combo_size(combo)))
		return view_fail(ps, "declaration %d: %d cards for '%.*s'", idx + 1,
		    cardset_count(&d->set), (int)fl[1], f[1]);
	d->seat = (uint8_t)(s[0] - '0');
	d->combo = (uint8_t)combo;
	d->key = (uint8_t)key;
	d->points = (int16_t)pts;
	if (combo < NCOMBOS)
		g->scored[d->seat][combo] |= (uint8_t)(1u << key);
	if (combo == DECL_CARTE_BLANCHE)
		g->revealed[d->seat] = cardset_or(g->revealed[d->seat], d->set);
	g->ndecl++;
	return 0;
}

static int
cb_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	if (idx >= ps->g->nplayers)
		return view_fail(ps, "field 'cb' has too many entries");
	for (size_t i = 0; i < len; i++) {
		if (s[i] == 'c')
			ps->g->cb[idx] |= CB_CLAIMED;
		else if (s[i] == 'o')
			ps->g->cb[idx] |= CB_OFFER;
		else if (s[i] != '-')
			return view_fail(ps, "field 'cb': bad flag '%c'", s[i]);
	}
	return 0;
}

static int
drawn_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	bool exact;
	int c;

	if (idx >= ps->g->nplayers)
		return view_fail(ps, "field 'drawn' has too many entries");
	if (len == 1 && s[0] == '-')
		return 0;
	c = card_parse(s, len, ps->rules->packs, &exact);
	if (c < 0 || !exact)
		return view_fail(ps, "field 'drawn': '%.*s' is not a card",
		    (int)len, s);
	ps->g->last_drawn[idx] = (uint16_t)c;
	return 0;
}

static int
stock_item(struct parser *ps, const char *s, size_t len, int idx, void *arg)
{
	struct game *g = ps->g;
	int c;

	if (g->stock_pos + idx >= g->stock_len)
		return view_fail(ps, "field 'stockcards' has too many cards");
	if ((c = card_token(ps, "stockcards", s, len, false)) == -2)
		return -1;
	g->stock[g->stock_pos + idx] = (uint16_t)c;
	return 0;
}

static int
list_field(struct parser *ps, const char *key, const char *seps,
    int (*fn)(struct parser *, const char *, size_t, int, void *),
    void *arg)
{
	size_t len;
	const char *v = view_need(ps, key, &len);

	return v == NULL ? -1 : each_item(ps, v, len, seps, fn, arg);
}

/* turnup=<card>: required where the variant turns up trump, and of the
 * trump suit; absent elsewhere.  Placed by place_turnup(). */
static int
turnup_field(struct parser *ps, int trump)
{
	size_t len;
	const char *v = view_field(ps, "turnup", &len);
	bool exact;
	int c;

	if (!ps->rules->turnup)
		return v == NULL ? 0 :
		    view_fail(ps, "field 'turnup': %s has no turn-up",
		    variant_name(ps->rules->variant));
	if ((v = view_need(ps, "turnup", &len)) == NULL)
		return -1;
	c = card_parse(v, len, ps->rules->packs, &exact);
	if (c < 0 || !exact)
		return view_fail(ps, "field 'turnup': '%.*s' is not a card",
		    (int)len, v);
	if (card_suit(c) != trump)
		return view_fail(ps, "field 'turnup': %.*s is not of the trump "
		    "suit", (int)len, v);
	ps->g->turnup = (uint16_t)c;
	return 0;
}

static int
parse_header(struct parser *ps)
{
	static const char *const phases[] = { "stock", "end", "over" };
	static const char *const decisions[] = { "none", "lead", "reply",
		"declare", "carte-blanche" };
	static const char *const trumps[] = { "S", "H", "D", "C", "-" };
	struct game *g = ps->g;
	const char *v;
	size_t len;
	int n = g->nplayers - 1, seat = 0, dealer = 0, phase = 0, turn = 0;
	int dec = 0, trump = 0, lead = 0;
	int stock = 0;

	if ((v = view_need(ps, "variant", &len)) == NULL)
		return -1;
	if (strlen(variant_name(ps->rules->variant)) != len ||
	    memcmp(v, variant_name(ps->rules->variant), len) != 0)
		return view_fail(ps, "variant '%.*s' is not the game's %s",
		    (int)len, v, variant_name(ps->rules->variant));
	if ((v = view_need(ps, "seat", &len)) == NULL)
		return -1;
	if (len == 3 && memcmp(v, "all", 3) == 0)
		seat = -1;
	else if (int_field(ps, "seat", n, &seat) < 0)
		return -1;
	if (int_field(ps, "dealer", n, &dealer) < 0 ||
	    name_field(ps, "phase", phases, 3, &phase) < 0 ||
	    int_field(ps, "turn", n, &turn) < 0 ||
	    name_field(ps, "decision", decisions, 5, &dec) < 0 ||
	    name_field(ps, "trump", trumps, 5, &trump) < 0 ||
	    int_field(ps, "leader", n, &lead) < 0 ||
	    int_field(ps, "stock", g->stock_len, &stock) < 0)
		return -1;
	if (turnup_field(ps, trump == 4 ? -1 : trump) < 0)
		return -1;
	g->observer = (int8_t)seat;
	g->dealer = (uint8_t)dealer;
	g->phase = (uint8_t)phase;
	g->to_move = (uint8_t)turn;
	g->decision = (uint8_t)dec;
	g->trump = (int8_t)(trump == 4 ? -1 : trump);
	g->leader = (uint8_t)lead;
	g->stock_pos = (uint16_t)(g->stock_len - stock);
	return 0;
}

static int
parse_lists(struct parser *ps)
{
	struct game *g = ps->g;
	int leader = (g->dealer + 1) % g->nplayers;
	int32_t points[MAX_PLAYERS] = { 0 }, brisques[MAX_PLAYERS] = { 0 };
	char key[8];

	for (int p = 0; p < g->nplayers; p++) {
		snprintf(key, sizeof(key), "hand%d", p % 10);
		if (list_field(ps, key, ",", hand_item, &p) < 0)
			return -1;
		snprintf(key, sizeof(key), "table%d", p % 10);
		if (list_field(ps, key, ",", table_item, &p) < 0)
			return -1;
	}
	if (list_field(ps, "tricks", ",", trick_item, &leader) < 0 ||
	    list_field(ps, "trick", ".", current_trick_item, NULL) < 0 ||
	    list_field(ps, "decls", ",", decl_item, NULL) < 0 ||
	    list_field(ps, "cb", ",", cb_item, NULL) < 0 ||
	    list_field(ps, "drawn", ",", drawn_item, NULL) < 0 ||
	    list_field(ps, "points", ",", int_item, points) < 0 ||
	    list_field(ps, "brisques", ",", int_item, brisques) < 0)
		return -1;
	if (g->observer < 0 &&
	    list_field(ps, "stockcards", ",", stock_item, NULL) < 0)
		return -1;
	for (int p = 0; p < g->nplayers; p++) {
		if (brisques[p] != g->brisques[p])
			return view_fail(ps, "brisques of seat %d are %d, the tricks "
			    "give %d", p, brisques[p], g->brisques[p]);
		g->points[p] = points[p];
	}
	return 0;
}

struct game *
view_parse(const struct rules *r, const char *text, char *err,
    size_t errlen)
{
	struct parser ps;
	struct game *g;

	memset(&ps, 0, sizeof(ps));
	ps.rules = r;
	ps.err = err;
	ps.errlen = errlen;
	if ((g = game_alloc(r, 0)) == NULL) {
		snprintf(err, errlen, "view: variant %s is not playable",
		    variant_name(r->variant));
		return NULL;
	}
	g->stock_len = (uint16_t)(game_ncards(g) - r->hand_size * r->players);
	for (int i = 0; i < g->stock_len; i++)
		g->stock[i] = NO_CARD;
	ps.g = g;
	if (split_fields(&ps, text) < 0 || parse_header(&ps) < 0 ||
	    parse_lists(&ps) < 0 || view_place_turnup(&ps) < 0 ||
	    view_check(&ps) < 0) {
		game_free(g);
		return NULL;
	}
	return g;
}
