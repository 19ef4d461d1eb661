/*
 * bench_rules.c: speed of the rules core on one core, against the floor
 * of bare trick play, and the bench signatures.
 *
 * Usage: bench_rules [seconds] [variant|all]  (default 1 s, all).
 *	  bench_rules -n deals [variant]  (a fixed workload for callgrind:
 *	  that many deals of the rules, then of the floor, and ten times as
 *	  many seat views dealt; prints nothing)
 *
 * For each variant it plays uniformly random full deals in-process
 * (legal-action enumeration included at every decision) and, side by
 * side in the same run, the floor: a bare loop that shuffles the packs,
 * deals the hands and plays every trick at random under only the follow
 * / head / trump duties of the end phase, drawing from the stock, with
 * no declarations.  The two alternate in slices of 50 ms so that a load
 * on the machine falls on both; the ratio rules/floor is the figure that
 * carries from machine to machine.  Times are the process's CPU time.
 * Then, per variant, the cost of a decision, of the legal declarations
 * and of dealing a seat view's unseen cards; the rules signature of
 * every variant; the strong level's signature with its playouts per CPU
 * second; and the club level's signature (signature.h).  Prints figures;
 * asserts nothing (tests/unit/test_signature.c pins the signatures).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "signature.h"
#include "view.h"

/* The process's CPU time: on a machine shared with other work it counts
 * what this process did, where the wall clock counts the others too. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct tally {
	long	deals, decisions;
	double	time;
};

/* A random deal; with keep, the states that ask for a declaration are
 * kept there (up to MAX_KEPT). */
#define MAX_KEPT	2000

struct kept {
	struct game	*g[MAX_KEPT];
	int		 n;
};

static void
play_deal(const struct rules *r, uint64_t seed, struct rng *rng,
    struct tally *t, struct kept *keep)
{
	struct action legal[MAX_LEGAL];
	struct game *g = game_new(r, seed, (int)(seed % (uint64_t)r->players));

	while (!game_over(g)) {
		int n = game_legal_actions(g, legal, MAX_LEGAL);
		int k = (int)rng_below(rng, (uint64_t)n);
		if (keep != NULL && keep->n < MAX_KEPT &&
		    game_decision(g) == DECISION_DECLARE)
			keep->g[keep->n++] = game_clone(g);
		game_apply(g, &legal[k], NULL);
		t->decisions++;
	}
	t->deals++;
	game_free(g);
}

/* ---- the floor: bare trick play ---- */

/*
 * The floor's hands are cardsets, as the core's, but only the nw words
 * the packs fill are looked at (two for Rubicon's 128 cards), so that it
 * is as lean as a bare loop can fairly be.
 */
struct floor {
	struct cardset	hand[MAX_PLAYERS];
	int		nw, trump;
};

/* The cards of `suit`, and of `suit` above `rank`, in each 64-bit word
 * of a cardset (two packs of 32). */
static uint64_t
suit_word(int suit)
{
	uint64_t half = (uint64_t)0xff << (suit * 8);
	return half | half << 32;
}

static uint64_t
above_word(int suit, int rank)
{
	uint64_t half = (((uint64_t)0xff << (rank + 1)) & 0xff) << (suit * 8);
	return half | half << 32;
}

/* s & word in each word; returns whether any card is left. */
static bool
masked(const struct floor *f, const struct cardset *s, uint64_t word,
    struct cardset *out)
{
	uint64_t any = 0;

	for (int i = 0; i < f->nw; i++)
		any |= out->w[i] = s->w[i] & word;
	return any != 0;
}

/* Follow suit and head the trick if able; if void, trump, overtrumping
 * if able; else any card. */
static const struct cardset *
floor_duties(const struct floor *f, const struct cardset *held, int led,
    int best, struct cardset *suit, struct cardset *win)
{
	uint64_t beat = above_word(card_suit(best), card_rank(best));

	if (card_suit(best) != f->trump)
		beat |= suit_word(f->trump);
	if (masked(f, held, suit_word(led), suit))
		return masked(f, suit, beat, win) ? win : suit;
	if (!masked(f, held, suit_word(f->trump), suit))
		return held;
	return masked(f, suit, beat, win) ? win : held;
}

static bool
beats(int c, int best, int trump)
{
	if (card_suit(c) == card_suit(best))
		return card_rank(c) > card_rank(best);
	return card_suit(c) == trump;
}

/* Plays a card of `ok` at random from hand. */
static int
floor_card(const struct floor *f, struct cardset *hand,
    const struct cardset *ok, struct rng *rng)
{
	int n = 0, k, c = -1;

	for (int i = 0; i < f->nw; i++)
		n += __builtin_popcountll(ok->w[i]);
	k = (int)rng_below(rng, (uint64_t)n);
	for (int i = 0; i < f->nw; i++) {
		uint64_t w = ok->w[i];
		int m = __builtin_popcountll(w);
		if (k >= m) {
			k -= m;
			continue;
		}
		while (k-- > 0)
			w &= w - 1;
		c = i * 64 + __builtin_ctzll(w);
		break;
	}
	cardset_del(hand, c);
	return c;
}

static void
floor_deal(const struct rules *r, uint64_t seed, struct rng *rng)
{
	uint16_t deck[MAX_CARDS];
	struct floor f;
	struct cardset suit, win;
	int n = r->packs * CARDS_PER_PACK, np = r->players, pos = 0;
	int leader = (int)(seed % (uint64_t)np);

	game_shuffle_deck(r, seed, deck);
	f.nw = (n + 63) / 64;
	f.trump = card_suit(deck[n - 1]);
	for (int p = 0; p < np; p++) {
		cardset_clear(&f.hand[p]);
		for (int k = 0; k < r->hand_size; k++)
			cardset_add(&f.hand[p], deck[pos++]);
	}
	for (int t = 0; t < n / np; t++) {
		int best = floor_card(&f, &f.hand[leader], &f.hand[leader],
		    rng);
		int winner = leader, led = card_suit(best);
		for (int i = 1; i < np; i++) {
			int p = (leader + i) % np, c;
			c = floor_card(&f, &f.hand[p], floor_duties(&f,
			    &f.hand[p], led, best, &suit, &win), rng);
			if (beats(c, best, f.trump)) {
				best = c;
				winner = p;
			}
		}
		for (int i = 0; i < np && pos < n; i++)
			cardset_add(&f.hand[(winner + i) % np], deck[pos++]);
		leader = winner;
	}
}

/* ---- the measures ---- */

struct side_by_side {
	double	rules, floor;	/* deals per second */
	long	decisions, deals;
};

static void
measure(const struct rules *r, double secs, struct side_by_side *out)
{
	struct tally t = { 0 };
	struct rng rng, frng;
	uint64_t seed = 1, fseed = 1;
	long floor_deals = 0;
	double floor_time = 0;

	rng_seed(&rng, 42);
	rng_seed(&frng, 42);
	while (t.time < secs || floor_time < secs) {
		double t0 = now(), t1;
		while ((t1 = now()) - t0 < 0.05)
			for (int i = 0; i < 10; i++)
				play_deal(r, seed++, &rng, &t, NULL);
		t.time += t1 - t0;
		t0 = now();
		while ((t1 = now()) - t0 < 0.05) {
			for (int i = 0; i < 100; i++)
				floor_deal(r, fseed++, &frng);
			floor_deals += 100;
		}
		floor_time += t1 - t0;
	}
	out->rules = (double)t.deals / t.time;
	out->floor = (double)floor_deals / floor_time;
	out->decisions = t.decisions;
	out->deals = t.deals;
}

/* The mean time to list the legal actions where a declaration may be
 * made, over states of random deals. */
static double
declarations_ns(const struct rules *r)
{
	static struct action legal[MAX_LEGAL];
	static struct kept keep;
	struct tally t = { 0 };
	struct rng rng;
	double t0, ns;

	rng_seed(&rng, 43);
	keep.n = 0;
	for (uint64_t seed = 1; seed <= 2000 && keep.n < MAX_KEPT; seed++)
		play_deal(r, seed, &rng, &t, &keep);
	t0 = now();
	for (int pass = 0; pass < 20; pass++)
		for (int i = 0; i < keep.n; i++)
			game_legal_actions(keep.g[i], legal, MAX_LEGAL);
	ns = (now() - t0) / (20.0 * keep.n) * 1e9;
	for (int i = 0; i < keep.n; i++)
		game_free(keep.g[i]);
	return ns;
}

/* Deals a seat view's unseen cards n times, in the middle of a deal;
 * returns the nanoseconds each took. */
static double
sampling_ns(const struct rules *r, long n)
{
	struct game *g = game_new(r, 7, 0), *v, *out;
	struct rng rng;
	struct action legal[MAX_LEGAL];
	double t0, ns;

	rng_seed(&rng, 1);
	for (int i = 0; i < 40; i++) {	/* into the middle of the deal */
		game_legal_actions(g, legal, MAX_LEGAL);
		game_apply(g, &legal[0], NULL);
	}
	v = game_view(g, game_to_move(g));
	out = game_clone(g);
	t0 = now();
	for (long i = 0; i < n; i++)
		view_sample(v, &rng, out);
	ns = (now() - t0) / (double)n * 1e9;
	game_free(out);
	game_free(v);
	game_free(g);
	return ns;
}

static void
bench_strong(void)
{
	struct strong_signature s;
	double t0 = now(), el;

	signature_strong(SIGNATURE_POSITIONS, SIGNATURE_PLAYOUTS, &s);
	el = now() - t0;
	printf("strong level, %d positions x %d playouts: signature "
	    "%016llx\n  %lld playouts in %.2f CPU s: %.0f playouts/s\n",
	    s.positions, SIGNATURE_PLAYOUTS, (unsigned long long)s.sum,
	    s.playouts, el, (double)s.playouts / el);
	for (int v = 0; v < NVARIANTS; v++)
		if (s.vplayouts[v] > 0)
			printf("  %-11s %8lld playouts %8.0f playouts/s\n",
			    variant_name((enum variant)v), s.vplayouts[v],
			    (double)s.vplayouts[v] / s.vseconds[v]);
	printf("club level against greedy, %d deals a variant: signature "
	    "%016llx\n", SIGNATURE_CLUB_DEALS, (unsigned long long)
	    signature_club(SIGNATURE_CLUB_DEALS));
}

/* A fixed workload, for instruction counts: valgrind --tool=callgrind
 * then callgrind_annotate --inclusive=yes gives play_deal and floor_deal
 * side by side, and view_sample (ten a deal). */
static void
fixed_work(long deals, enum variant v)
{
	struct tally t = { 0 };
	struct rules r;
	struct rng rng;

	rules_init(&r, v);
	rng_seed(&rng, 42);
	for (long i = 1; i <= deals; i++)
		play_deal(&r, (uint64_t)i, &rng, &t, NULL);
	rng_seed(&rng, 42);
	for (long i = 1; i <= deals; i++)
		floor_deal(&r, (uint64_t)i, &rng);
	sampling_ns(&r, deals * 10);
}

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 1.0;
	enum variant first = 0, last = NVARIANTS - 1;
	struct side_by_side m[NVARIANTS];

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		if (argc > 3 && variant_parse(argv[3], &first) < 0)
			return 2;
		fixed_work(strtol(argv[2], NULL, 10), first);
		return 0;
	}
	if (!(secs > 0 && secs < 3600))
		secs = 1.0;
	if (argc > 2 && strcmp(argv[2], "all") != 0) {
		if (variant_parse(argv[2], &first) < 0) {
			fprintf(stderr, "bench_rules: unknown variant '%s'\n",
			    argv[2]);
			return 2;
		}
		last = first;
	}
	printf("random deals against the floor (bare trick play), one core, "
	    "%g CPU s each:\n", secs);
	printf("  %-11s %10s %10s %7s  %s\n", "variant", "rules/s",
	    "floor/s", "ratio", "rules signature");
	for (enum variant v = first; v <= last; v++) {
		struct rules r;
		rules_init(&r, v);
		measure(&r, secs, &m[v]);
		printf("  %-11s %10.0f %10.0f %7.3f  %016llx\n",
		    variant_name(v), m[v].rules, m[v].floor,
		    m[v].rules / m[v].floor, (unsigned long long)
		    signature_rules(v, SIGNATURE_DEALS));
		fflush(stdout);
	}
	printf("  %-11s %10s %10s %10s %10s\n", "variant", "decisions",
	    "ns/decision", "declare ns", "sample ns");
	for (enum variant v = first; v <= last; v++) {
		struct rules r;
		rules_init(&r, v);
		printf("  %-11s %10.1f %10.1f %10.0f %10.0f\n",
		    variant_name(v), (double)m[v].decisions /
		    (double)m[v].deals, 1e9 / m[v].rules /
		    ((double)m[v].decisions / (double)m[v].deals),
		    declarations_ns(&r), sampling_ns(&r, 100000));
	}
	bench_strong();
	return 0;
}
