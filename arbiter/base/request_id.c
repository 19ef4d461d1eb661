/*
 * request_id.c: the ids that tag the arbiter's requests (request_id.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>

#include "base/request_id.h"

uint64_t
request_id_new(void)
{
	/* One system call for many ids: the pool never leaves the arbiter. */
	static uint64_t pool[64];
	static size_t left;
	uint64_t id;
	ssize_t n;

	do {
		if (left == 0) {
			while ((n = getrandom(pool, sizeof(pool), 0)) < 0 &&
			    errno == EINTR)
				continue;
			if (n != (ssize_t)sizeof(pool)) {
				perror("bezique-arbiter: getrandom");
				abort();
			}
			left = sizeof(pool) / sizeof(pool[0]);
		}
		id = pool[--left] >> 1;
		pool[left] = 0;
	} while (id == 0);
	return id;
}
