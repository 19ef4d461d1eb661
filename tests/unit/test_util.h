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

#endif
