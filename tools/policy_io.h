/*
 * policy_io.h: the files of the policy's learning (tools/): the data of
 * self-play (policy_selfplay writes, policy_fit reads) and a text file of
 * weights, one "name value" a line in policy_features.h's order.
 *
 * Data: "BZPF", the feature count (int32), then per deal its index and
 * its decisions (int32 each), and per decision the actions, the chosen
 * one and the flags (int16 each: PFD_END, PFD_REPLY) followed by the
 * features of each action (int16), all in the machine's byte order.
 * With the search's values ("BZPV", policy_selfplay -V) each decision's
 * features are followed by, per action, the search's mean utility for it
 * (float) and the worlds behind that mean (int32; 0: solved exactly, -1:
 * not a candidate, no value); PFD_VALUE says the utility is the deal's
 * game value, not the points margin.
 */
#ifndef POLICY_IO_H
#define POLICY_IO_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy_features.h"

#define PF_MAGIC	0x46505a42	/* "BZPF" */
#define PF_MAGIC_VALUES	0x56505a42	/* "BZPV" */
#define PFD_END		1
#define PFD_REPLY	2
#define PFD_VALUE	4

/* Reads PF_COUNT weights from path; exits with a one-line error naming
 * the file and line of what is wrong. */
static inline void
weights_read(const char *path, double *theta)
{
	FILE *f = fopen(path, "r");
	char line[256], name[64];
	int n = 0, lineno = 0;

	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		char *sp, *end;
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		sp = strchr(line, ' ');
		if (n == PF_COUNT || sp == NULL || (size_t)(sp - line) >=
		    sizeof(name)) {
			fprintf(stderr, "%s:%d: not \"name value\" of one of "
			    "the %d features\n", path, lineno, PF_COUNT);
			exit(1);
		}
		memcpy(name, line, (size_t)(sp - line));
		name[sp - line] = '\0';
		theta[n] = strtod(sp + 1, &end);
		if (strcmp(name, policy_feature_names[n]) != 0 ||
		    end == sp + 1 || (*end != '\n' && *end != '\0')) {
			fprintf(stderr, "%s:%d: want \"%s <number>\"\n", path,
			    lineno, policy_feature_names[n]);
			exit(1);
		}
		n++;
	}
	fclose(f);
	if (n != PF_COUNT) {
		fprintf(stderr, "%s: %d weights, want %d\n", path, n,
		    PF_COUNT);
		exit(1);
	}
}

#endif
