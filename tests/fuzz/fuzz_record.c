/*
 * fuzz_record.c: the record reader, as every command that reads records
 * uses it: a summary as resume and rate read it (then tallied into a
 * match's results and a tournament's standings), a replay as verify does,
 * and show's printing replay (stdout goes to /dev/null).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "record/record.h"
#include "rating/results.h"
#include "record/show.h"
#include "rating/standings.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int	LLVMFuzzerInitialize(int *argc, char ***argv);

static struct match_cfg cfg;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	config_defaults(&cfg);
	cfg.nengines = 2;
	cfg.engines[0].name = "a";
	cfg.engines[1].name = "b";
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[2] = { "a", "b" };
	struct record_summary sum;
	struct results *res;
	struct standings *st;
	char err[256], *line;

	if (size > 1 << 16)
		return 0;
	if ((line = malloc(size + 1)) == NULL)
		abort();
	memcpy(line, data, size);
	line[size] = '\0';
	err[0] = '\0';
	if (record_read(line, false, &sum, err, sizeof(err)) == 0) {
		res = results_new(names, true);
		results_add(res, &sum);
		results_free(res);
		st = standings_new(&cfg);
		standings_add(st, &sum);
		standings_free(st);
	} else if (err[0] == '\0')
		abort();	/* a failure must say why */
	err[0] = '\0';
	if (record_read(line, true, &sum, err, sizeof(err)) < 0 &&
	    err[0] == '\0')
		abort();
	(void)show_line(line, -1, 0);
	(void)show_line(line, size % 2, 0);
	free(line);
	return 0;
}
