/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: reaching the running test from code that has no test pointer. */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <linux/stdarg.h>
#include <linux/compiler.h>

struct kunit;

/*
 * Formats with the kernel's vsnprintf() into a string from the C heap that the Rust side
 * takes ownership of (and frees); NULL for a NULL format. kunit-c's glue.
 */
char *__kunit_c_vformat(const char *fmt, va_list ap) __printf(1, 0);

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
