/*
 * request_id.h: the ids that tag the arbiter's requests to engines.
 */
#ifndef REQUEST_ID_H
#define REQUEST_ID_H

#include <stdint.h>

/*
 * A fresh request id: 63 random bits (never 0), so that an engine cannot
 * know the id of a request before it has read it, and so cannot answer
 * ahead of time and be charged nothing for its thinking (protocol.md
 * §7).  Aborts if the system has no randomness to give.
 */
uint64_t	request_id_new(void);

#endif
