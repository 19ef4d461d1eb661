/*
 * clock.h: the arbiter's clock: CLOCK_MONOTONIC, which never jumps (the
 * ACPC poker dealer's gettimeofday could go backwards).
 */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdint.h>

/* Microseconds since an arbitrary fixed point. */
uint64_t	clock_now_us(void);

#endif
