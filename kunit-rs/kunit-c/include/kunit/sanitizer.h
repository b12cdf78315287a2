/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c's own: KUNIT_EXPECT_KASAN_FAIL(test, expression), in the shape of the macro the
 * kernel's KASAN tests define (mm/kasan/kasan_test_c.c), on AddressSanitizer: the expression
 * must cause a report (an out-of-bounds or freed access of kmalloc'd memory, ...). The report
 * goes into the test's log, as KASAN's does, and does not fail the test; no report fails it
 * with the kernel's message. A report already pending before the expression fails the test,
 * as the kernel's first check does. Without AddressSanitizer (kunit c --sanitize=address)
 * the test is skipped before the expression runs: a bad access is no test without it.
 */
#ifndef _KUNIT_SANITIZER_H
#define _KUNIT_SANITIZER_H

#include <kunit/test.h>
#include <linux/compiler.h>
#include <linux/types.h>

/* Is AddressSanitizer's runtime in the process? */
bool kunit_c_asan_present(void);
/* The report written since the last look, into the test's log; whether there was one. */
bool __kunit_c_sanitizer_take_report(struct kunit *test);

#define KUNIT_EXPECT_KASAN_FAIL(test, expression) do {			\
	if (!kunit_c_asan_present())					\
		kunit_skip((test), "KUNIT_EXPECT_KASAN_FAIL needs AddressSanitizer (kunit c --sanitize=address)"); \
	KUNIT_EXPECT_FALSE(test, __kunit_c_sanitizer_take_report(test)); \
	barrier();							\
	expression;							\
	barrier();							\
	if (!__kunit_c_sanitizer_take_report(test)) {			\
		KUNIT_FAIL(test, KUNIT_SUBTEST_INDENT "KASAN failure "	\
			   "expected in \"" #expression			\
			   "\", but none occurred");			\
	}								\
} while (0)

#endif /* _KUNIT_SANITIZER_H */
