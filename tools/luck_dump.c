/*
 * luck_dump.c: the data that fits V's scales (engine/ai/luck.c's
 * luck_scale table, scripts/luck_fit.py): N deals of greedy against
 * greedy from seed S on,
 *
 *	luck_dump N S
 *
 * one line a deal: seat 0's score and game value, then for each band of
 * luck_band() the deal's luck counted in it, on V's scale of 1 (the
 * draws' win-chance moves before luck_scale multiplies them: the luck
 * printed is divided by the band's scale).  The regression of the result
 * on those columns gives the scales that leave the least variance.
 */
#include <stdio.h>
#include <stdlib.h>

#include "greedy.h"
#include "luck.h"

static void
add(double (*band)[2], int b, const double *ev)
{
	double s[2];

	luck_scale(b, s);
	band[b][0] += ev[0] / s[0];
	band[b][1] += ev[1] / s[1];
}

static int
one_deal(const struct rules *r, const struct luck_v *v, const double *mean,
    uint64_t seed)
{
	double band[LUCK_BANDS][2] = { { 0 } }, ev[LUCK_NOUT], s0, v0;
	struct luck_run run;
	struct result res;
	struct game *g = game_new(r, seed, (int)(seed & 1));

	if (g == NULL || luck_begin(&run, g, v, mean) < 0)
		return -1;
	ev[0] = run.sum.x[0];
	ev[1] = run.sum.x[1];
	add(band, luck_band(g), ev);
	while (!game_over(run.g)) {
		struct game *view = game_view(run.g, game_to_move(run.g));
		struct action a;
		int drew;
		if (greedy_choose(view, NULL, &a) < 0)
			return -1;
		game_free(view);
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
	int n = argc > 1 ? atoi(argv[1]) : 0;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
	struct rules r;
	struct luck_v v;
	double mean[2][LUCK_NOUT];

	if (argc != 3 || n <= 0) {
		fprintf(stderr, "usage: luck_dump N SEED\n");
		return 2;
	}
	rules_init(&r, VARIANT_RUBICON);
	luck_v_eval(&v);
	for (int d = 0; d < 2; d++)
		luck_deal_mean(&r, d, &v, 20000, 20261128, mean[d]);
	for (int i = 0; i < n; i++)
		if (one_deal(&r, &v, mean[(seed + i) & 1], seed + i) < 0) {
			fprintf(stderr, "luck_dump: deal %d failed\n", i);
			return 1;
		}
	luck_v_release(&v);
	return 0;
}
