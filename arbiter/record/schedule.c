/*
 * schedule.c: the lazy schedule (schedule.h).
 */
#include "rng.h"
#include "record/schedule.h"

int
schedule_pairings(enum format f, int n)
{
	if (f == FORMAT_ROUND_ROBIN)
		return n * (n - 1) / 2;
	return n - 1;	/* a match (n = 2) or a gauntlet */
}

void
schedule_pairing(enum format f, int n, int p, int *a, int *b)
{
	if (f != FORMAT_ROUND_ROBIN) {
		*a = 0;
		*b = p + 1;
		return;
	}
	for (int i = 0; i < n; i++) {
		if (p < n - 1 - i) {
			*a = i;
			*b = i + 1 + p;
			return;
		}
		p -= n - 1 - i;
	}
	*a = 0;
	*b = 1;
}

uint64_t
schedule_deck_seed(uint64_t seed, int round)
{
	struct rng r;

	rng_seed(&r, seed + (uint64_t)round * 0x9e3779b97f4a7c15ULL);
	return rng_next(&r);
}

/* The inverse of an odd number modulo 2^64 (Newton's iteration). */
static uint64_t
odd_inverse(uint64_t a)
{
	uint64_t x = a;

	for (int i = 0; i < 6; i++)
		x *= 2 - a * x;
	return x;
}

uint64_t
schedule_match_seed(uint64_t deck_seed, int round)
{
	uint64_t z = deck_seed;

	/* rng_next()'s three steps undone, last first. */
	z ^= z >> 31 ^ z >> 62;
	z *= odd_inverse(0x94d049bb133111ebULL);
	z ^= z >> 27 ^ z >> 54;
	z *= odd_inverse(0xbf58476d1ce4e5b9ULL);
	z ^= z >> 30 ^ z >> 60;
	return z - ((uint64_t)round + 1) * 0x9e3779b97f4a7c15ULL;
}

void
schedule_cut(const struct rules *r, uint64_t seed, int *lifted,
    int *guessed)
{
	struct rng g;
	int low = r->cut_cards > 4 ? r->cut_cards - 4 : 1;

	rng_seed(&g, seed ^ 0x637574ULL);	/* "cut" */
	*lifted = low + (int)rng_below(&g, 9);
	*guessed = low + (int)rng_below(&g, 9);
}

/* Three seats (three-hand, a match of three engines): each deck is
 * played in the three rotations of the engines (with duplicate deals),
 * so that every engine sits in every seat. */
static void
schedule_three(const struct match_cfg *cfg, int k, struct deal_spec *d)
{
	int per = cfg->duplicate ? 3 : 1;

	d->deal = k;
	d->pair = k / per;
	d->round = d->pair;
	d->seed = (uint64_t)d->round;
	for (int s = 0; s < 3; s++)
		d->engine[s] = (s + k) % 3;
	series_init(&d->start, &cfg->rules, 2);
}

bool
schedule_decks_shared(const struct match_cfg *cfg)
{
	if (cfg->duplicate)
		return true;
	/* Without duplicates each pairing of a round still meets its deck,
	 * unless each has decks of its own. */
	return cfg->rules.players == 2 && cfg->common_deals &&
	    schedule_pairings(cfg->format, cfg->nengines) > 1;
}

void
schedule_deal(const struct match_cfg *cfg, int k, struct deal_spec *d)
{
	d->voids = 0;
	if (cfg->rules.players == 3) {
		schedule_three(cfg, k, d);
		return;
	}
	int per = cfg->duplicate ? 2 : 1, q = k / per, a, b;
	int np = schedule_pairings(cfg->format, cfg->nengines);

	schedule_pairing(cfg->format, cfg->nengines, q % np, &a, &b);
	d->deal = k;
	d->pair = q;
	d->round = cfg->common_deals ? q / np : q;
	d->seed = (uint64_t)d->round;
	/* Alternate the elder seat: within a duplicate pair, and from deal
	 * to deal without duplicates. */
	d->engine[0] = k % 2 == 0 ? a : b;
	d->engine[1] = k % 2 == 0 ? b : a;
	for (int s = 2; s < MAX_PLAYERS; s++)
		d->engine[s] = -1;	/* no one */
	series_init(&d->start, &cfg->rules, 1);
}
