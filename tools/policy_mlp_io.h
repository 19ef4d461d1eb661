/*
 * policy_mlp_io.h: the non-linear policy's weights as text (policy_mlp.h;
 * tools/policy_mlp_fit writes them, bench_strength -M and bench_policy -M
 * read them): "policy_mlp H" then the numbers of w1 (PF_COUNT rows of H),
 * b1 (PMLP_KINDS rows of H), w2 (H) and skip (PF_COUNT), white space
 * between them.  The name "builtin" is the compiled policy_mlp_weights.
 */
#ifndef POLICY_MLP_IO_H
#define POLICY_MLP_IO_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy_mlp.h"

static inline void
mlp_read(const char *path, struct policy_mlp *m)
{
	FILE *f;
	int ok = 1;

	memset(m, 0, sizeof(*m));
	if (strcmp(path, "builtin") == 0) {
		*m = policy_mlp_weights;
		return;
	}
	if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
	ok = fscanf(f, "policy_mlp %d", &m->hidden) == 1 && m->hidden >= 0 &&
	    m->hidden <= PMLP_MAX_HIDDEN;
	for (int j = 0; ok && j < PF_COUNT; j++)
		for (int k = 0; ok && k < m->hidden; k++)
			ok = fscanf(f, "%f", &m->w1[j][k]) == 1;
	for (int j = 0; ok && j < PMLP_KINDS; j++)
		for (int k = 0; ok && k < m->hidden; k++)
			ok = fscanf(f, "%f", &m->b1[j][k]) == 1;
	for (int k = 0; ok && k < m->hidden; k++)
		ok = fscanf(f, "%f", &m->w2[k]) == 1;
	for (int j = 0; ok && j < PF_COUNT; j++)
		ok = fscanf(f, "%f", &m->skip[j]) == 1;
	fclose(f);
	if (!ok) {
		fprintf(stderr, "%s: not policy_mlp weights of %d features\n",
		    path, PF_COUNT);
		exit(1);
	}
}

static inline void
mlp_write(FILE *f, const struct policy_mlp *m)
{
	fprintf(f, "policy_mlp %d\n", m->hidden);
	for (int j = 0; j < PF_COUNT; j++)
		for (int k = 0; k < m->hidden; k++)
			fprintf(f, "%.9g%c", m->w1[j][k],
			    k + 1 < m->hidden ? ' ' : '\n');
	for (int j = 0; j < PMLP_KINDS; j++)
		for (int k = 0; k < m->hidden; k++)
			fprintf(f, "%.9g%c", m->b1[j][k],
			    k + 1 < m->hidden ? ' ' : '\n');
	for (int k = 0; k < m->hidden; k++)
		fprintf(f, "%.9g%c", m->w2[k], k + 1 < m->hidden ? ' ' : '\n');
	for (int j = 0; j < PF_COUNT; j++)
		fprintf(f, "%.9g%c", m->skip[j], j + 1 < PF_COUNT ? ' ' : '\n');
}

#endif
