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

/*
 * A C library name no kunit-c header declares (so no header renames it): kunit_c::Build
 * renames the definition and this file's calls in the objects, after compiling.
 */
int atoi(const char *s);

int atoi(const char *s)
{
	(void)s;
	return -KERNEL_STRLEN_SENTINEL;
}

static void unlabelled_names_are_renamed_too(struct kunit *test)
{
	const char *volatile s = "12";

	KUNIT_EXPECT_EQ(test, atoi(s), -KERNEL_STRLEN_SENTINEL);
}

static struct kunit_case unlabelled_cases[] = {
	KUNIT_CASE(unlabelled_names_are_renamed_too),
	{}
};

static struct kunit_suite unlabelled_suite = {
	.name = "kernel_libc_names_unlabelled",
	.test_cases = unlabelled_cases,
};
kunit_test_suite(unlabelled_suite);
