// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Kernel code that defines a C library name, as lib/string.c defines strlen(): the C files
 * call this definition, while the process (Rust, the C library) keeps the C library's.
 */
#include <kunit/test.h>
#include <linux/string.h>

/* Not the C library's answer for any string: it shows whose strlen() ran. */
#define KERNEL_STRLEN_SENTINEL 4242

size_t strlen(const char *s)
{
	(void)s;
	return KERNEL_STRLEN_SENTINEL;
}

static void calls_reach_the_kernel_definition(struct kunit *test)
{
	/* volatile: the compiler cannot fold strlen() of a string it cannot see. */
	const char *volatile s = "abc";

	KUNIT_EXPECT_EQ(test, strlen(s), (size_t)KERNEL_STRLEN_SENTINEL);
}

static struct kunit_case kernel_names_cases[] = {
	KUNIT_CASE(calls_reach_the_kernel_definition),
	{}
};

static struct kunit_suite kernel_names_suite = {
	.name = "kernel_libc_names",
	.test_cases = kernel_names_cases,
};
kunit_test_suite(kernel_names_suite);
