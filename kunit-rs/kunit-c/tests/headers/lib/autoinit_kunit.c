// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * CONFIG_INIT_STACK_ALL_ZERO, on by default as in the kernel: kunit-c compiles with
 * -ftrivial-auto-var-init=zero, so an automatic variable nobody initialised reads as zero
 * even where an earlier call left its stack dirty.
 */
#include <kunit/test.h>
#include <linux/compiler.h>
#include <linux/string.h>

struct autoinit_block {
	unsigned char bytes[256];
};

/* Leaves 0xa5 in the stack slots the next call at the same depth is likely to reuse. */
static noinline void dirty_the_stack(void)
{
	volatile struct autoinit_block b;
	size_t i;

	for (i = 0; i < sizeof(b.bytes); i++)
		b.bytes[i] = 0xa5;
}

static noinline unsigned int count_nonzero_uninitialised(void)
{
	struct autoinit_block b;
	const volatile unsigned char *p = b.bytes;
	unsigned int n = 0;
	size_t i;

	/* b escapes: the compiler cannot reason about what the reads below see. */
	__asm__ __volatile__("" : : "r"(&b) : "memory");
	for (i = 0; i < sizeof(b.bytes); i++)
		n += p[i] != 0;
	return n;
}

static void uninitialised_locals_are_zero(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_INIT_STACK_ALL_ZERO));
	dirty_the_stack();
	KUNIT_EXPECT_EQ(test, count_nonzero_uninitialised(), 0u);
}

static struct kunit_case autoinit_header_cases[] = {
	KUNIT_CASE(uninitialised_locals_are_zero),
	{}
};

static struct kunit_suite autoinit_header_suite = {
	.name = "kunit-c-autoinit",
	.test_cases = autoinit_header_cases,
};
kunit_test_suite(autoinit_header_suite);
