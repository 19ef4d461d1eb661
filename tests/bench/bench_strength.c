/*
 * bench_strength.c: the strong level against greedy, in-process, on
 * duplicate deals.
 *
 * Each pair plays one seeded deal twice (dealer seat 1), strong in seat 0
 * then in seat 1, so the luck of the cards cancels.  Every decision sees
 * only its seat's view (game_view), unless -O: then strong searches the
 * full game (strong.h, oracle), every world it simulates the true deal
 * (-O 1), or the true hands with the stock order shuffled (-O 2), to
 * measure what seeing the hidden cards would be worth to it (greedy
 * still sees its view).  Prints strong's share of the deals
 * won (a draw counts half) and its mean game value per deal (won +, lost
 * -), each with a 95% interval over the pairs, both again with each
 * deal's luck out (bench_luck.h), how many of its losses were rubicons
 * (and how often it rubiconed greedy), and the simulation speed.
 * Figures only; asserts nothing.
 *
 *	bench_strength [-n pairs] [-p playouts | -t ms [-c]] [-j jobs] [-s seed]
 *	    [-k skill] [-S solver_stock] [-w points_weight] [-m candidates]
 *	    [-H horizon] [-U utility] [-V value_stock] [-R race] [-Z caution]
 *	    [-I 0|1] [-P level] [-T temp] [-K k] [-A 0|1] [-L 0|1] [-E 0|1]
 *	    [-D kinds] [-M FILE]
 *	    [-O 0|1|2] [-F weights.txt] [-W name=value,...]
 *	    [-G 0|1|2] [-X c] [-Q widen] [-b ms] [-g ms | -r playouts | -C] [-y]
 *	    [-N depth] [-e playouts] [-i k] [-J worlds] [-f n] [-z c]
 *	    [-l clock] [-q clock] [-Y 0|1] [-u 0|1] [-x stretch] [-a from]
 *	    [-d doubt] [-h late]
 *	    [-v variant]
 *	    [-o pairs.tsv]
 *
 * With -p the deals are reproducible; -j forks that many workers.  -c
 * counts -t in each worker's CPU time, so that a run on a loaded machine
 * thinks as long as it would on an idle one.  The
 * defaults (-n 20 -p 1000 -j 2) take about a minute on two cores; the
 * intervals want -n 60 or more to say much.  In a
 * variant whose deal has no game value of its own (two-hand: the game
 * runs over several deals), a deal is won on points and brisques and
 * "game value" is the margin of points.  -o writes each pair's seed,
 * scores, values (and lucks), so that two settings run on the same seeds
 * can be compared pair by pair.  -L 1 simulates with the learned policy
 * (policy_weights.h), -F with the learned policy on the weights of a
 * file (policy_fit -t), -M FILE with the non-linear policy of
 * policy_mlp.h on the weights of a file (policy_mlp_fit -t; "builtin":
 * policy_mlp_weights.h, Rubicon's default), -L 0 with the hand-set one
 * (the other variants' default), whose scale -W changes
 * (weights.h); -P weighs the sampled worlds by the other player's
 * leads under the policy (infer.h: 1 the lead answered, n and those to
 * the n - 1 tricks before) at temperature -T (points of the keep
 * scale), the worlds' results weighed, or with -K one world drawn by
 * weight of every k dealt; -E 1 plays for points (end_points), -E 0 for
 * the deal's game value; -V plays for the game value from decisions
 * with at most that many cards in the stock (strong.h).  -D searches
 * only the stock phase's decisions of these kinds, a bit each (2 leads,
 * 4 replies, 8 declarations: 1 << enum decision; 0 none, the end phase
 * still solved), and plays the policy's choice at the others.
 * -G 1 grows a tree of the next plies below each root candidate rather
 * than simulating the policy at once (strong.h, tree; strong_tree.c),
 * with exploration -X (standard deviations of the utility) and a child
 * more a node every -Q worlds.  -b switches tree 1 (exploration 1) on
 * for decisions given at least that many ms (strong.h, tree_from_ms; -b 0
 * never).
 * -g MS: the other side is not greedy but the strong level at its
 * defaults, MS a decision (in CPU time with -c): strong against itself at
 * another budget, to see whether more time wins more (two seats).
 * -r PLAYOUTS: the same at a fixed number of playouts a decision, so
 * that a head to head is reproducible (with -p: e.g. -p 6000 -r 600);
 * -C: the other side is the club level (club.h), a heuristic that
 * punishes what greedy lets pass, rather than greedy.
 * -y: the other side searches with the same parameters as the first
 * (every flag above, e.g. -N) rather than the defaults.  -N, -e, -i, -J,
 * -f, -z: nested simulations (strong.h, nest_depth, nest_from,
 * nest_cands, nest_worlds, nest_final, nest_caution).
 * -l CLOCK: strong plays on a clock of CLOCK playouts a deal rather than
 * a fixed number a decision (think_limits.playout_clock: the clock's
 * time counted in playouts, so the run is reproducible); -q CLOCK: the
 * other side is the strong level on such a clock.  -Y 0 turns the first
 * side's time manager off (strong.h, time_manager: the even share of the
 * clock at every decision), -u 0 the other's; -x, -a, -d and -h set the
 * first side's stretch, settle_from, doubt and late (strong_time.c).
 * Three-hand (-v three-hand) each deck is dealt three times, strong in
 * each seat against two greedies: "deals won" is its share of the deals
 * it ends on top in points and brisques (a greedy's is 1/3), "points
 * over greedy" its margin over their mean, each with a 95% interval over
 * the decks; -A 0 searches for the margin over the better of the two
 * rather than over their mean (strong.h, rival).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_luck.h"
#include "player.h"
#include "rollout.h"
#include "strong.h"
#include "view.h"
#include "weights.h"
#include "../../tools/policy_io.h"
#include "../../tools/policy_mlp_io.h"

#define DEALER	1	/* of every deal */

struct opts {
	enum variant	variant;
	long		pairs, jobs;
	int		seats;	/* deals of a deck: strong in each seat */
	uint64_t	seed;
	const char	*pairs_file;
	struct think_limits lim;
	struct strong_params p;
	struct keep_weights w;	/* the simulation policy's (-W) */
	double		theta[PF_COUNT];	/* -F: learned, from a file */
	struct policy_mlp mlp;		/* -M: the non-linear policy */
	struct strong_params rival;	/* -g, -r: the other side, if set */
	struct think_limits rival_lim;
	bool		same;	/* -y: rival takes p's parameters */
	long long	clock, rival_clock;	/* -l, -q: playouts a deal */
	int		rival_manager;	/* -u: its time_manager, or -1 */
	bool		club;	/* -C: the other side is the club level */
	struct bench_luck luck;	/* each deal's, out of the score */
};

/* The other side is the strong level (-g or -r), not greedy. */
static bool
rival_strong(const struct opts *o)
{
	return o->rival_lim.movetime_ms > 0 || o->rival_lim.playouts > 0 ||
	    o->rival_clock > 0;
}

/* One pair's outcome for strong, and what its searches cost. */
struct pair {
	uint64_t	seed;
	double		score[3], value[3];	/* strong in seat 0, 1 (, 2) */
	int		rubiconed[3];	/* strong lost rubiconed (1), or
					 * rubiconed greedy (-1) */
	double		luck_score[3], luck_value[3];	/* strong's */
	long long	playouts, decisions, nested;
	double		think_ms;
};

struct tally {
	long long	playouts, nested;	/* nested: decisions */
	double		ms;
};

static void
on_info(void *arg, const char *fmt, ...)
{
	struct tally *t = arg;
	va_list ap;
	char line[256];
	const char *p;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if ((p = strstr(line, "playouts=")) != NULL)
		t->playouts += strtoll(p + 9, NULL, 10);
	if (strstr(line, "nest=") != NULL)
		t->nested++;
	if ((p = strstr(line, "time=")) != NULL)
		t->ms += strtod(p + 5, NULL);
}

/*
 * Three-hand: strong wins the deal with more points and brisques than
 * either greedy (a tie for the top shared), and its "game value" is its
 * margin over their mean.
 */
static void
deal_of_three(const struct result *res, int me, struct pair *pr)
{
	int x[3], top = 0, at_top = 0;

	for (int k = 0; k < 3; k++) {
		x[k] = res->points[k] + res->brisques[k];
		if (x[k] > top)
			top = x[k];
	}
	for (int k = 0; k < 3; k++)
		at_top += x[k] == top;
	pr->score[me] = x[me] == top ? 1.0 / at_top : 0;
	pr->value[me] = x[me] - (x[(me + 1) % 3] + x[(me + 2) % 3]) / 2.0;
}

/*
 * One strong decision, on a clock counted in playouts if `left` is not
 * NULL (-l, -q): the search is told what is left of it, and what it
 * spent comes off.
 */
static void
decide(const struct strong_params *p, const struct think_limits *lim,
    long long *left, const struct game *v, struct rng *rng,
    struct tally *t, struct action *a)
{
	struct think_limits on_clock = *lim;
	long long before = t->playouts;

	if (left != NULL) {
		on_clock.playouts = 0;
		on_clock.playout_clock = true;
		on_clock.time_ms = *left > 1 ? *left : 1;
	}
	strong_search(p, v, rng, &on_clock, on_info, t, a);
	if (left != NULL)
		*left -= t->playouts - before;
}

/* Plays one deal with strong in seat `me`; returns its result. */
static void
play_deal(const struct opts *o, uint64_t seed, int me, struct pair *pr)
{
	struct rules r;
	struct game *g;
	struct rng rng[3];
	struct result res;
	struct tally t = { 0, 0, 0 }, rt = { 0, 0, 0 };
	long long left[2] = { o->clock, o->rival_clock };
	struct deal_log log = { NULL, 0, 0 };
	double luck[2];

	rules_init(&r, o->variant);
	g = game_new(&r, seed, DEALER);
	for (int k = 0; k < r.players; k++)
		rng_seed(&rng[k], seed * 2 + 1 + (uint64_t)k);
	while (!game_over(g)) {
		int seat = game_to_move(g);
		struct game *v = seat == me && o->p.oracle ? game_clone(g) :
		    game_view(g, seat);
		struct action a;
		if (seat == me) {
			decide(&o->p, &o->lim, o->clock > 0 ? &left[0] : NULL,
			    v, &rng[seat], &t, &a);
			pr->decisions++;
		} else if (rival_strong(o)) {
			decide(&o->rival, &o->rival_lim, o->rival_clock > 0 ?
			    &left[1] : NULL, v, &rng[seat], &rt, &a);
		} else {
			player_choose(o->club ? LEVEL_CLUB : LEVEL_GREEDY, v,
			    &rng[seat], NULL, NULL, NULL, &a);
		}
		if (game_apply(g, &a, NULL) < 0) {
			fprintf(stderr, "seed %llu: illegal action\n",
			    (unsigned long long)seed);
			exit(1);
		}
		deal_log_add(&log, &a);
		game_free(v);
	}
	if (o->luck.on) {	/* after the deal: no decision's time */
		bench_luck_deal(&o->luck, &r, seed, &log, luck);
		pr->luck_score[me] = me == 0 ? luck[0] : -luck[0];
		pr->luck_value[me] = me == 0 ? luck[1] : -luck[1];
	}
	free(log.a);
	game_result(g, &res);
	if (r.players == 3) {
		deal_of_three(&res, me, pr);
	} else if (r.game_target > 0) {	/* won on the deal's points */
		int m = res.points[me] + res.brisques[me] -
		    res.points[1 - me] - res.brisques[1 - me];
		pr->value[me] = m;
		pr->score[me] = m > 0 ? 1 : m == 0 ? 0.5 : 0;
	} else {
		pr->value[me] = res.value.winner < 0 ? 0 :
		    res.value.winner == me ? res.value.value :
		    -res.value.value;
		pr->score[me] = res.value.winner < 0 ? 0.5 :
		    res.value.winner == me;
		if (res.value.rubicon)
			pr->rubiconed[me] = res.value.winner == me ? -1 : 1;
	}
	pr->playouts += t.playouts;
	pr->nested += t.nested;
	pr->think_ms += t.ms;
	game_free(g);
}

static void
worker(const struct opts *o, long job, int fd)
{
	for (long i = job; i < o->pairs; i += o->jobs) {
		struct pair pr;
		memset(&pr, 0, sizeof(pr));
		pr.seed = o->seed + (uint64_t)i;
		for (int me = 0; me < o->seats; me++)
			play_deal(o, o->seed + (uint64_t)i, me, &pr);
		if (write(fd, &pr, sizeof(pr)) != (ssize_t)sizeof(pr))
			exit(1);
	}
}

static void
summary(const struct opts *o, const struct pair *pr, long n, double secs)
{
	double *score = calloc((size_t)n, sizeof(double));
	double *value = calloc((size_t)n, sizeof(double));
	double *adj_score = calloc((size_t)n, sizeof(double));
	double *adj_value = calloc((size_t)n, sizeof(double));
	double m, h[2], ms = 0;
	long long playouts = 0, decisions = 0, nested = 0;
	long lost = 0, rubiconed = 0, rubicons = 0;

	if (score == NULL || value == NULL || adj_score == NULL ||
	    adj_value == NULL)
		abort();
	for (long i = 0; i < n; i++) {
		score[i] = value[i] = adj_score[i] = adj_value[i] = 0;
		for (int k = 0; k < o->seats; k++) {
			score[i] += pr[i].score[k] / o->seats;
			value[i] += pr[i].value[k] / o->seats;
			adj_score[i] += (pr[i].score[k] -
			    pr[i].luck_score[k]) / o->seats;
			adj_value[i] += (pr[i].value[k] -
			    pr[i].luck_value[k]) / o->seats;
		}
		playouts += pr[i].playouts;
		decisions += pr[i].decisions;
		nested += pr[i].nested;
		ms += pr[i].think_ms;
		for (int k = 0; k < o->seats; k++) {
			lost += pr[i].score[k] == 0;
			rubiconed += pr[i].rubiconed[k] > 0;
			rubicons += pr[i].rubiconed[k] < 0;
		}
	}
	if (o->rival_clock > 0)
		printf("strong vs strong on a clock of %lld playouts a deal"
		    "%s%s, ", o->rival_clock, o->same ? " (same parameters)" :
		    "", o->rival.time_manager ? "" : " (no time manager)");
	else if (o->rival_lim.playouts > 0)
		printf("strong vs strong at %lld playouts%s, ",
		    o->rival_lim.playouts, o->same ? " (same parameters)" : "");
	else if (o->rival_lim.movetime_ms > 0)
		printf("strong vs strong at %lld ms%s, ",
		    o->rival_lim.movetime_ms, o->same ?
		    " (same parameters)" : "");
	else
		printf("strong vs %s, ", o->club ? "club" : "greedy");
	printf("%s, %ld duplicate %s (%ld deals), seed "
	    "%llu, %s %lld, skill %d:\n", variant_name(o->variant), n,
	    o->seats == 3 ? "decks" : "pairs", o->seats * n,
	    (unsigned long long)o->seed,
	    o->clock > 0 ? "clock of playouts a deal" : o->lim.playouts ?
	    "playouts" : "ms", o->clock > 0 ? o->clock : o->lim.playouts ?
	    o->lim.playouts : o->lim.movetime_ms, 100 - o->lim.weaken);
	if (o->clock > 0)
		printf("  time manager: %s (settle from %.2f, doubt %.2f, "
		    "stretch %.2f, late %.2f)\n", o->p.time_manager ? "on" :
		    "off", o->p.settle_from, o->p.doubt, o->p.stretch,
		    o->p.late);
	if (o->p.oracle)
		printf("  oracle: sees %s\n", o->p.oracle == 1 ?
		    "every card (the other hands and the stock order)" :
		    "the other hands (the stock order shuffled)");
	interval(score, n, &m, &h[0]);
	printf("  deals won:          %5.1f%% +- %.1f\n", 100 * m, 100 * h[0]);
	interval(value, n, &m, &h[1]);
	printf("  %s  %+6.0f +- %.0f\n", o->seats == 3 ?
	    "points over greedy:" : "game value / deal: ", m, h[1]);
	if (o->luck.on)
		bench_luck_print(adj_score, adj_value, n, h);
	else
		printf("  luck out:           none (%s)\n", o->luck.none);
	if (o->seats == 2)	/* three-hand has no rubicon */
		printf("  losses rubiconed:   %ld of %ld (%.1f%%); %s "
		    "rubiconed %ld times\n", rubiconed, lost, lost ? 100.0 *
		    (double)rubiconed / (double)lost : 0.0,
		    rival_strong(o) ? "the other" : o->club ? "club" :
		    "greedy",
		    rubicons);
	printf("  playouts/decision:  %8.0f  playouts/s: %.0f  (%.0f s)\n",
	    (double)playouts / (double)decisions,
	    ms > 0 ? (double)playouts / ms * 1e3 : 0, secs);
	if (nested > 0)
		printf("  nested decisions:   %lld of %lld (%.1f%%)\n", nested,
		    decisions, 100.0 * (double)nested / (double)decisions);
	free(score);
	free(value);
	free(adj_score);
	free(adj_value);
}

/* Strong's luck in each deal after the old columns (paired.sh). */
static void
write_pairs(const char *path, const struct pair *pr, long n, int seats,
    bool luck)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	fprintf(f, "seed\tscore0\tscore1\tvalue0\tvalue1%s%s\n", seats == 3 ?
	    "\tscore2\tvalue2" : "", luck ? "\tluck_score0\tluck_score1"
	    "\tluck_value0\tluck_value1" : "");
	for (long i = 0; i < n; i++) {
		fprintf(f, "%llu\t%.2f\t%.2f\t%.0f\t%.0f",
		    (unsigned long long)pr[i].seed, pr[i].score[0],
		    pr[i].score[1], pr[i].value[0], pr[i].value[1]);
		if (seats == 3)
			fprintf(f, "\t%.2f\t%.0f", pr[i].score[2],
			    pr[i].value[2]);
		if (luck)
			fprintf(f, "\t%.6f\t%.6f\t%.3f\t%.3f",
			    pr[i].luck_score[0], pr[i].luck_score[1],
			    pr[i].luck_value[0], pr[i].luck_value[1]);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

/* The variant first (-v), since the search's defaults depend on it. */
static void
defaults(struct opts *o, int argc, char **argv)
{
	struct rules r;
	struct game *g;

	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "-v") == 0 &&
		    variant_parse(argv[i + 1], &o->variant) < 0) {
			fprintf(stderr, "bench_strength: unknown variant %s\n",
			    argv[i + 1]);
			exit(2);
		}
	rules_init(&r, o->variant);
	o->seats = r.players;
	g = game_new(&r, 1, 1);
	strong_defaults(&o->p, g);
	strong_defaults(&o->rival, g);
	game_free(g);
}

static void
parse(int argc, char **argv, struct opts *o)
{
	int ch;

	memset(o, 0, sizeof(*o));
	o->rival_manager = -1;
	o->pairs = 20;		/* a minute on two cores (make bench) */
	o->jobs = 2;
	o->seed = 1;
	o->variant = VARIANT_RUBICON;
	o->w = rollout_weights;
	defaults(o, argc, argv);
	o->p.policy = &o->w;
	while ((ch = getopt(argc, argv,
	    "n:p:t:cj:s:k:S:w:m:H:U:V:R:Z:I:P:T:K:W:A:L:F:M:E:D:O:G:X:Q:b:g:r:CyN:e:i:J:f:z:l:q:u:Y:x:a:d:h:v:o:")) != -1) {
		long long x = optarg ? strtoll(optarg, NULL, 10) : 0;
		switch (ch) {
		case 'c': o->lim.cpu_clock = true;
			o->rival_lim.cpu_clock = true; break;
		case 'g': o->rival_lim.movetime_ms = x; break;
		case 'r': o->rival_lim.playouts = x; break;
		case 'C': o->club = true; break;
		case 'y': o->same = true; break;
		case 'l': o->clock = x; break;
		case 'q': o->rival_clock = x; break;
		case 'u': o->rival_manager = x != 0; break;
		case 'Y': o->p.time_manager = x != 0; break;
		case 'x': o->p.stretch = strtod(optarg, NULL); break;
		case 'a': o->p.settle_from = strtod(optarg, NULL); break;
		case 'd': o->p.doubt = strtod(optarg, NULL); break;
		case 'h': o->p.late = strtod(optarg, NULL); break;
		case 'N': o->p.nest_depth = (int)x; break;
		case 'e': o->p.nest_from = x; break;
		case 'i': o->p.nest_cands = (int)x; break;
		case 'J': o->p.nest_worlds = (int)x; break;
		case 'f': o->p.nest_final = (int)x; break;
		case 'z': o->p.nest_caution = strtod(optarg, NULL); break;
		case 'n': o->pairs = (long)x; break;
		case 'p': o->lim.playouts = x; break;
		case 't': o->lim.movetime_ms = x; break;
		case 'j': o->jobs = x < 1 ? 1 : (long)x; break;
		case 's': o->seed = (uint64_t)x; break;
		case 'k': o->lim.weaken = 100 - (int)x; break;
		case 'S': o->p.solver_stock = (int)x; break;
		case 'w': o->p.points_weight = (int)x; break;
		case 'm': o->p.max_candidates = (int)x; break;
		case 'H': o->p.horizon = (int)x; break;
		case 'U': o->p.utility = (int)x; break;
		case 'V': o->p.value_stock = (int)x; break;
		case 'W': set_weights(&o->w, optarg); break;
		case 'R': o->p.race = strtod(optarg, NULL); break;
		case 'Z': o->p.caution = strtod(optarg, NULL); break;
		case 'I': o->p.infer = x != 0; break;
		case 'P': o->p.policy_infer = (int)x; break;
		case 'T': o->p.infer_temp = strtod(optarg, NULL); break;
		case 'K': o->p.infer_worlds = (int)x; break;
		case 'A': o->p.rival = (int)x; break;
		case 'L':	/* 0: the hand-set policy, whatever the default */
			o->p.learned = x ? policy_learned : NULL;
			if (x == 0)
				o->p.mlp = NULL;
			break;
		case 'F':
			weights_read(optarg, o->theta);
			o->p.learned = o->theta;
			break;
		case 'M':
			mlp_read(optarg, &o->mlp);
			o->p.mlp = &o->mlp;
			o->p.learned = NULL;
			break;
		case 'E': o->p.end_points = x != 0; break;
		case 'D': o->p.search_kinds = (unsigned)x; break;
		case 'O': o->p.oracle = (int)x; break;
		case 'G': o->p.tree = (int)x; break;
		case 'X': o->p.tree_c = strtod(optarg, NULL); break;
		case 'Q': o->p.tree_widen = x < 1 ? 1 : (int)x; break;
		case 'b': o->p.tree_from_ms = x < 0 ? 0 : x; break;
		case 'v': break;	/* defaults() took it */
		case 'o': o->pairs_file = optarg; break;
		default: exit(2);
		}
	}
	if (o->p.oracle < 0 || o->p.oracle > 2) {
		fprintf(stderr, "bench_strength: -O %d: not 0, 1 or 2\n",
		    o->p.oracle);
		exit(2);
	}
	if (rival_strong(o) && o->seats != 2) {
		fprintf(stderr, "bench_strength: -g, -r and -q are for two "
		    "seats\n");
		exit(2);
	}
	if (o->clock < 0 || o->rival_clock < 0) {
		fprintf(stderr, "bench_strength: -l and -q are playouts a deal, "
		    "1 or more\n");
		exit(2);
	}
	if ((o->rival_clock > 0) + (o->rival_lim.movetime_ms > 0) +
	    (o->rival_lim.playouts > 0) > 1) {
		fprintf(stderr, "bench_strength: one of -g, -r and -q\n");
		exit(2);
	}
	if (o->club && rival_strong(o)) {
		fprintf(stderr, "bench_strength: -C or -g/-r/-q, not both\n");
		exit(2);
	}
	if (o->same)
		o->rival = o->p;
	if (o->rival_manager >= 0)
		o->rival.time_manager = o->rival_manager;
	if (o->lim.playouts == 0 && o->lim.movetime_ms == 0 && o->clock == 0)
		o->lim.playouts = 1000;
}

int
main(int argc, char **argv)
{
	struct opts o;
	struct pair *pr;
	struct timespec t0, t1;
	int fd[2], status, failed = 0;
	pid_t pid;
	long n = 0;

	parse(argc, argv, &o);
	bench_luck_start(&o.luck, o.variant, DEALER);
	if ((pr = calloc((size_t)o.pairs, sizeof(*pr))) == NULL ||
	    pipe(fd) < 0)
		abort();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long j = 0; j < o.jobs; j++)
		if (fork() == 0) {
			close(fd[0]);
			worker(&o, j, fd[1]);
			_exit(0);
		}
	close(fd[1]);
	while (n < o.pairs && read(fd[0], &pr[n], sizeof(*pr)) ==
	    (ssize_t)sizeof(*pr))
		n++;
	while ((pid = wait(&status)) > 0)
		failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	summary(&o, pr, n, (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
	if (o.pairs_file != NULL)
		write_pairs(o.pairs_file, pr, n, o.seats, o.luck.on);
	free(pr);
	bench_luck_end(&o.luck);
	/* Figures of fewer pairs than asked look like a result: say so. */
	if (failed || n < o.pairs) {
		fprintf(stderr, "bench_strength: %ld of %ld pairs played, %d "
		    "worker(s) failed: the figures above are partial\n", n,
		    o.pairs, failed);
		return 1;
	}
	return 0;
}
