/*
 * luck_dump.c: the data that fits V's scales (engine/ai/luck.c's
 * luck_scale table, scripts/luck_fit.py): N deals of greedy against
 * greedy from seed S on, then the deals of each -f file as they were
 * played (luck_deals_io.h: scripts/luck_deals.py's deals of a match),
 *
 *	luck_dump [-f deals.txt]... N S
 *
 * one line a deal: seat 0's score and game value, then for each band of
 * luck_band() the deal's luck counted in it, on V's scale of 1 (the
 * draws' win-chance moves before luck_scale multiplies them: the luck
 * printed is divided by the band's scale).  The regression of the result
 * on those columns gives the scales that leave the least variance.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "greedy.h"
#include "luck.h"
#include "luck_deals_io.h"

static void
add(double (*band)[2], int b, const double *ev)
{
	double s[2];

	luck_scale(b, s);
	band[b][0] += ev[0] / s[0];
	band[b][1] += ev[1] / s[1];
}

/* Deal g's luck by band, played by greedy for both seats or, with p,
 * as p was played. */
static int
one_deal(const struct luck_v *v, const double *mean, struct game *g,
    const struct played_deal *p)
{
	double band[LUCK_BANDS][2] = { { 0 } }, ev[LUCK_NOUT], s0, v0;
	struct luck_run run;
	struct result res;

	if (g == NULL || luck_begin(&run, g, v, mean) < 0)
		return -1;
	ev[0] = run.sum.x[0];
	ev[1] = run.sum.x[1];
	add(band, luck_band(g), ev);
	for (int i = 0; !game_over(run.g); i++) {
		struct action a;
		int drew;
		if (p != NULL) {
			if (i >= p->n)
				return -1;
			a = p->a[i];
		} else {
			struct game *view = game_view(run.g,
			    game_to_move(run.g));
			int rc = greedy_choose(view, NULL, &a);
			game_free(view);
			if (rc < 0)
				return -1;
		}
		if ((drew = luck_apply(&run, &a, ev)) < 0)
			return -1;
		if (drew > 0)
			add(band, luck_band(run.g), ev);
	}
	game_result(run.g, &res);
	s0 = res.value.winner < 0 ? 0.5 : res.value.winner == 0;
	v0 = res.value.winner < 0 ? 0 : res.value.winner == 0 ?
	    res.value.value : -res.value.value;
	printf("%.1f %.0f", s0, v0);
	for (int b = 0; b < LUCK_BANDS; b++)
		printf(" %.5f %.3f", band[b][0], band[b][1]);
	printf("\n");
	luck_end(&run);
	game_free(g);
	return 0;
}

int
main(int argc, char **argv)
{
	struct played_deal *deals = NULL;
	long nplayed = 0, n;
	uint64_t seed;
	struct rules r;
	struct luck_v v;
	double mean[2][LUCK_NOUT];
	char *end;
	int c;

	rules_init(&r, VARIANT_RUBICON);
	opterr = 0;	/* one line of ours, below */
	while ((c = getopt(argc, argv, "f:")) != -1)
		if (c == 'f')
			nplayed = played_deals_read(optarg, &r, &deals,
			    nplayed);
		else
			goto usage;
	if (argc - optind != 2)
		goto usage;
	n = strtol(argv[optind], &end, 10);
	if (*argv[optind] == '\0' || *end != '\0' || n < 0 ||
	    (n == 0 && nplayed == 0)) {
		fprintf(stderr, "luck_dump: N wants a whole number, 1 or more "
		    "(0 with -f), not '%s'\n", argv[optind]);
		return 2;
	}
	seed = strtoull(argv[optind + 1], &end, 10);
	if (!isdigit((unsigned char)*argv[optind + 1]) || *end != '\0') {
		fprintf(stderr, "luck_dump: SEED wants a whole number, not "
		    "'%s'\n", argv[optind + 1]);
		return 2;
	}
	luck_v_eval(&v);
	for (int d = 0; d < 2; d++)
		luck_deal_mean(&r, d, &v, 20000, 20261128, mean[d]);
	for (long i = 0; i < n; i++)
		if (one_deal(&v, mean[(seed + i) & 1], game_new(&r, seed + i,
		    (int)((seed + i) & 1)), NULL) < 0) {
			fprintf(stderr, "luck_dump: deal %ld failed\n", i);
			return 1;
		}
	for (long i = 0; i < nplayed; i++) {
		const struct played_deal *p = &deals[i];
		if (one_deal(&v, mean[game_dealer(p->g0)], game_clone(p->g0),
		    p) < 0) {
			fprintf(stderr, "luck_dump: played deal %ld failed\n",
			    i + 1);
			return 1;
		}
		played_deal_free(&deals[i]);
	}
	free(deals);
	luck_v_release(&v);
	return 0;
usage:
	fprintf(stderr, "luck_dump: usage: luck_dump [-f deals.txt]... N "
	    "SEED (N whole, 0 with -f)\n");
	return 2;
}
