/*
 * signature.c: the bench signatures (signature.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "club.h"
#include "greedy.h"
#include "luck.h"
#include "luck_game.h"
#include "series.h"
#include "signature.h"
#include "strong.h"

/* FNV-1a, 64 bits, over one value at a time. */
static uint64_t
mix(uint64_t h, uint64_t x)
{
	return (h ^ x) * 0x100000001b3ULL;
}

static uint64_t
mix_action(uint64_t h, const struct action *a)
{
	h = mix(h, a->type);
	h = mix(h, a->combo);
	h = mix(h, a->key);
	h = mix(h, a->ncards);
	for (int i = 0; i < a->ncards; i++)
		h = mix(h, a->cards[i]);
	return h;
}

static uint64_t
random_deal(const struct rules *r, uint64_t seed, struct rng *rng,
    uint64_t h)
{
	struct action legal[MAX_LEGAL];
	struct game *g = game_new(r, seed, (int)(seed % (uint64_t)r->players));
	struct result res;

	while (!game_over(g)) {
		int n = game_legal_actions(g, legal, MAX_LEGAL), k;
		h = mix(h, (uint64_t)n);
		for (int i = 0; i < n; i++)
			h = mix_action(h, &legal[i]);
		k = (int)rng_below(rng, (uint64_t)n);
		game_apply(g, &legal[k], NULL);
	}
	game_result(g, &res);
	for (int p = 0; p < r->players; p++) {
		h = mix(h, (uint64_t)res.points[p]);
		h = mix(h, (uint64_t)res.brisques[p]);
	}
	game_free(g);
	return h;
}

uint64_t
signature_rules(enum variant v, int deals)
{
	struct rules r;
	struct rng rng;
	uint64_t h = 0xcbf29ce484222325ULL;

	rules_init(&r, v);
	rng_seed(&rng, 42);
	for (int d = 1; d <= deals; d++)
		h = random_deal(&r, (uint64_t)d, &rng, h);
	return h;
}

uint64_t
signature_club(int deals)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (int v = 0; v < NVARIANTS; v++) {
		struct rules r;
		if (!variant_playable((enum variant)v))
			continue;
		rules_init(&r, (enum variant)v);
		for (int d = 1; d <= deals; d++) {
			struct game *g = game_new(&r, (uint64_t)d, 0);
			struct result res;
			while (!game_over(g)) {
				int seat = game_to_move(g);
				struct game *view = game_view(g, seat);
				struct action a;
				if (seat == d % r.players)
					club_choose(view, NULL, &a);
				else
					greedy_choose(view, NULL, &a);
				h = mix_action(h, &a);
				game_apply(g, &a, NULL);
				game_free(view);
			}
			game_result(g, &res);
			for (int p = 0; p < r.players; p++)
				h = mix(h, (uint64_t)res.points[p]);
			game_free(g);
		}
	}
	return h;
}

/* A deal of greedy against itself, its luck folded into h (its mean
 * counted if mean is not NULL); in a game of several deals, added to
 * series s. */
static uint64_t
luck_deal(const struct rules *r, uint64_t seed, int dealer,
    const struct luck_v *v, const double *mean, struct series *s,
    uint64_t h)
{
	struct game *g = game_new(r, seed, dealer);
	struct luck_run run;

	if (luck_begin(&run, g, v, mean) < 0)
		abort();
	while (!game_over(run.g)) {
		struct game *view = game_view(run.g, game_to_move(run.g));
		struct action a;
		greedy_choose(view, NULL, &a);
		game_free(view);
		if (luck_apply(&run, &a, NULL) < 0)
			abort();
	}
	h = mix(h, (uint64_t)run.sum.events);
	h = mix(h, (uint64_t)llround(run.sum.x[0] * 1e6));
	h = mix(h, (uint64_t)llround(run.sum.x[1] * 1e3));
	if (r->players == 3)
		h = mix(h, (uint64_t)llround(run.sum.x[2] * 1e6));
	if (s != NULL)
		series_add(s, r, run.g);
	luck_end(&run);
	game_free(g);
	return h;
}

/* Games of several deals (two-, three-hand), deals in all: game i's
 * deal k from seed 1000 i + k, the first dealt by i % seats, its luck
 * by the game's V
 * (luck_game.h) from its mean. */
static uint64_t
luck_games(const struct rules *r, int deals, uint64_t h)
{
	struct luck_game *lg = luck_game_new(r);

	if (lg == NULL)
		abort();
	for (int i = 1, n = 0; n < deals; i++) {
		struct series s;
		series_init(&s, r, i % r->players);
		for (; !s.over && n < deals; n++) {
			struct luck_v v;
			double mean[LUCK_NOUT];
			luck_game_v(lg, s.total, &v);
			luck_game_deal_mean(lg, s.total, s.dealer, mean);
			h = luck_deal(r, 1000 * (uint64_t)i + (uint64_t)s.deals,
			    s.dealer, &v, mean, &s, h);
		}
	}
	luck_game_free(lg);
	return h;
}

uint64_t
signature_luck(int deals)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	struct luck_v v;

	luck_v_eval(&v);
	for (int k = 0; k < NVARIANTS; k++) {
		struct rules r;
		rules_init(&r, (enum variant)k);
		if (!variant_playable((enum variant)k) ||
		    luck_unmeasured(&r) != NULL)
			continue;
		if (r.game_target > 0) {
			h = luck_games(&r, deals, h);
			continue;
		}
		for (int d = 1; d <= deals; d++)
			h = luck_deal(&r, (uint64_t)d, d % 2, &v, NULL, NULL,
			    h);
	}
	luck_v_release(&v);
	return h;
}

static void
count_playouts(void *arg, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Adds up the playouts of the strong level's info lines. */
static void
count_playouts(void *arg, const char *fmt, ...)
{
	long long *playouts = arg;
	char line[256];
	const char *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if ((p = strstr(line, "playouts=")) != NULL)
		*playouts += strtoll(p + 9, NULL, 10);
}

/*
 * Position i: greedy self-play of deal seed i + 1, stopped at the first
 * decision of the stock phase with a choice: in Rubicon and two-hand
 * after 6 + 7 * (i / 6) decisions; in the six- and eight-pack (whose
 * simulations run to the end of the deal) once the stock is down to
 * 12 + 6 * (i / 12) cards, so that the signature runs in seconds.
 */
static struct game *
position(int i)
{
	static const enum variant variants[6] = { VARIANT_RUBICON,
		VARIANT_RUBICON, VARIANT_TWO_HAND, VARIANT_RUBICON,
		VARIANT_RUBICON, VARIANT_SIX_PACK };
	struct action legal[MAX_LEGAL], a;
	enum variant v = variants[i % 6];
	struct rules r;
	struct rng rng;
	struct game *g;
	bool packs;

	if (v == VARIANT_SIX_PACK && (i / 6) % 2)
		v = VARIANT_EIGHT_PACK;
	packs = v == VARIANT_SIX_PACK || v == VARIANT_EIGHT_PACK;
	rules_init(&r, v);
	g = game_new(&r, (uint64_t)i + 1, 1);
	rng_seed(&rng, (uint64_t)i + 7);
	for (int d = 0; game_phase(g) == PHASE_STOCK; d++) {
		bool there = packs ? game_stock_left(g) <= 12 + 6 * (i / 12) :
		    d >= 6 + 7 * (i / 6);
		if (there && game_legal_actions(g, legal, MAX_LEGAL) > 1)
			break;
		greedy_choose(g, &rng, &a);
		game_apply(g, &a, NULL);
	}
	return g;
}

/* The process's CPU time: on a machine shared with other work it counts
 * what this process did, where the wall clock counts the others too. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
signature_strong(int positions, long long playouts,
    struct strong_signature *out)
{
	struct think_limits lim = { .playouts = playouts };
	uint64_t h = 0xcbf29ce484222325ULL;

	memset(out, 0, sizeof(*out));
	out->positions = positions;
	for (int i = 0; i < positions; i++) {
		struct game *g = position(i);
		struct game *v = game_view(g, game_to_move(g));
		enum variant var = game_rules(g)->variant;
		struct strong_params p;
		struct action a;
		struct rng rng;
		long long before = out->playouts;
		double t0 = now();

		rng_seed(&rng, (uint64_t)i + 1000);
		strong_defaults(&p, v);
		memset(&a, 0, sizeof(a));
		if (strong_search(&p, v, &rng, &lim, count_playouts,
		    &out->playouts, &a) == 0)
			h = mix_action(h, &a);
		else
			h = mix(h, 0xdead);
		out->vseconds[var] += now() - t0;
		out->vplayouts[var] += out->playouts - before;
		game_free(v);
		game_free(g);
	}
	out->sum = h;
}
