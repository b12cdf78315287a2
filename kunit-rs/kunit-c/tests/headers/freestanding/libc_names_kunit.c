// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * A kernel file that defines a libc name (lib/string.c defines strlen()) replaces kunit-c's
 * version for C code, while libc's own symbol stays libc's: this file plays lib/string.c for
 * strlen() and counts the calls it gets.
 */
#include <kunit/test.h>
#include <linux/string.h>

static int kernel_strlen_calls;

/* Compiled under <linux/string.h>'s label: this defines __kunit_c_kernel_strlen. */
size_t strlen(const char *s)
{
	const char *p = s;

	kernel_strlen_calls++;
	while (*p)
		p++;
	return (size_t)(p - s);
}

/* libc's strlen, reached by its own symbol name. */
size_t libc_strlen(const char *s) __asm__("strlen");

static void kernel_definition_serves_c(struct kunit *test)
{
	/* Not constant: the compiler has to call. */
	const char *volatile text = "abcd";
	int before = kernel_strlen_calls;

	KUNIT_EXPECT_EQ(test, strlen(text), 4);
	KUNIT_EXPECT_EQ(test, kernel_strlen_calls, before + 1);
}

static void libc_keeps_its_own(struct kunit *test)
{
	const char *volatile text = "abcdef";
	int before = kernel_strlen_calls;

	KUNIT_EXPECT_EQ(test, libc_strlen(text), 6);
	KUNIT_EXPECT_EQ(test, kernel_strlen_calls, before);
}

static struct kunit_case libc_names_cases[] = {
	KUNIT_CASE(kernel_definition_serves_c),
	KUNIT_CASE(libc_keeps_its_own),
	{}
};

static struct kunit_suite libc_names_suite = {
	.name = "kunit_c_libc_names",
	.test_cases = libc_names_cases,
};
kunit_test_suite(libc_names_suite);
