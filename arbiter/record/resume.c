/*
 * resume.c: reading a match's records back (resume.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "record/recordset.h"
#include "record/resume.h"

int
resume_read(const char *path, const struct match_cfg *c,
    void (*take)(const struct record_summary *s, const char *line,
    void *arg), void *arg)
{
	FILE *f = fopen(path, "r+");
	struct recordset *set;
	char *line = NULL, err[512];
	size_t cap = 0;
	ssize_t n;
	long good_end = 0;
	int lineno = 0, rc = 0;

	if (f == NULL) {
		fprintf(stderr, "bezique-arbiter: --resume %s: %s\n", path,
		    strerror(errno));
		return -1;
	}
	set = recordset_new(false);
	while ((n = getline(&line, &cap, f)) > 0) {
		struct record_summary s;
		lineno++;
		if (line[n - 1] != '\n')
			break;	/* a partial last line: repaired below */
		/* Replayed, of this match, and each deal once: or refused. */
		if (record_read(line, true, &s, err, sizeof(err)) < 0 ||
		    record_fits_match(c, line, &s, err, sizeof(err)) < 0 ||
		    recordset_add(set, path, lineno, line, &s, err,
		    sizeof(err)) != RS_NEW) {
			fprintf(stderr, "bezique-arbiter: %s:%d: not this "
			    "match's records: %s\n", path, lineno, err);
			rc = -1;
			break;
		}
		take(&s, line, arg);
		good_end = ftell(f);
	}
	if (rc == 0 && ftruncate(fileno(f), good_end) < 0)
		rc = -1;
	recordset_free(set);
	free(line);
	fclose(f);
	return rc;
}
