/*
 * Shared helpers for the cmocka unit tests.  cmocka 1.1.5 needs four
 * system headers before its own, and prints integers in hex; the
 * macros here print a case id and decimal values before failing.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#define assert_int_eq_msg(id, got, want)                                   \
	do {                                                               \
		long long got_ = (long long)(got), want_ = (long long)(want); \
		if (got_ != want_) {                                       \
			print_error("%s: got %lld, want %lld\n", (id), got_,  \
			    want_);                                        \
			fail();                                            \
		}                                                          \
	} while (0)

/* A mean and the half-width of its 95% interval over 120 values (t of
 * 119 degrees: 1.980), as the luck's tests take them. */
struct acc {
	double	sum, sum2;
	int	n;
};

static inline void
acc_add(struct acc *a, double x)
{
	a->sum += x;
	a->sum2 += x * x;
	a->n++;
}

static inline double
acc_mean(const struct acc *a)
{
	return a->sum / a->n;
}

static inline double
acc_ci95(const struct acc *a)
{
	double m = acc_mean(a), var = (a->sum2 - a->n * m * m) / (a->n - 1);

	return 1.980 * sqrt(var > 0 ? var : 0) / sqrt(a->n);
}

#endif
