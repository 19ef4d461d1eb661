/*
 * verify.c: `bezique-arbiter verify FILE...`: replays every record with
 * the rules core and checks every recorded figure, then
 * each file as a whole: one match's deals, each once (recordset.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/flags.h"
#include "record/record.h"
#include "record/recordset.h"
#include "record/verify.h"

static int
verify_file(const char *path, int *records)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct recordset *set;
	char *line = NULL, err[512];
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, bad = 0, misfits;

	if (f == NULL) {
		fprintf(stderr, "bezique-arbiter: verify: %s: %s\n", path,
		    strerror(errno));
		return 1;
	}
	set = recordset_new(false);
	while ((n = getline(&line, &cap, f)) > 0) {
		struct record_summary s;
		lineno++;
		if (n == 1 && line[0] == '\n')
			continue;
		if (line[n - 1] != '\n') {
			fprintf(stderr, "%s:%d: the last line is cut short "
			    "(an interrupted write; --resume repairs it)\n",
			    path, lineno);
			bad++;
			break;
		}
		if (record_read(line, true, &s, err, sizeof(err)) < 0 ||
		    recordset_add(set, path, lineno, line, &s, err,
		    sizeof(err)) != RS_NEW) {
			fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
			bad++;
			continue;
		}
		(*records)++;
	}
	/* Each record the whole names (seated otherwise than the rest of
	 * its pairing, a deck off the schedule) is bad, not verified. */
	misfits = (int)recordset_finish(set, stderr);
	*records -= misfits;
	bad += misfits;
	recordset_free(set);
	free(line);
	if (f != stdin)
		fclose(f);
	return bad;
}

int
verify_main(int argc, char **argv)
{
	const struct flag_spec none[] = { { NULL, NULL, FLAG_BOOL, NULL, 0, 0 } };
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	int records = 0, bad = 0, n;

	if (files == NULL)
		abort();
	if ((n = flags_parse("verify", none, argc, argv, files)) <= 0) {
		if (n == 0)
			fprintf(stderr, "usage: bezique-arbiter verify "
			    "FILE...\n");
		free(files);
		return 2;
	}
	for (int i = 0; i < n; i++)
		bad += verify_file(files[i], &records);
	printf("%d record%s verified, %d bad\n", records,
	    records == 1 ? "" : "s", bad);
	free(files);
	return bad ? 1 : 0;
}
