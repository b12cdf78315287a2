/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: reaching the running test from code that has no test pointer. */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/compiler.h>

struct kunit;

/* Formats into a malloc'd string that the Rust side takes ownership of (frees). */
static inline __printf(1, 0) char *__kunit_c_vformat(const char *fmt, va_list ap)
{
	va_list ap2;
	char *s;
	int n;

	if (!fmt)
		return NULL;
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return NULL;
	s = (char *)malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

/* The test running on this thread, or NULL outside tests. */
struct kunit *kunit_get_current_test(void);

void __kunit_c_fail_current_test(const char *file, int line, char *msg);

static inline __printf(3, 4) void
__kunit_fail_current_test_impl(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__kunit_c_fail_current_test(file, line, __kunit_c_vformat(fmt, ap));
	va_end(ap);
}

/* Fails the current test (a no-op outside tests): "    # <name>: <file>:<line>: <msg>". */
#define kunit_fail_current_test(fmt, ...)				\
	__kunit_fail_current_test_impl(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#endif /* _KUNIT_TEST_BUG_H */
