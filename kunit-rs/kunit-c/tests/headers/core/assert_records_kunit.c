// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <kunit/assert.h>'s assertion records, the layout KUnit's own formatters
 * (lib/kunit/assert.c) and their tests build: every record starts with its empty
 * struct kunit_assert head, so a formatter gets back to the record with container_of(), and
 * the records hold the operands with the kernel's types (long long, pointers, a size).
 */
#include <kunit/test.h>
#include <kunit/assert.h>
#include <linux/container_of.h>

static void assert_records_head_first(struct kunit *test)
{
	static const struct kunit_binary_assert_text text = {
		.operation = "==", .left_text = "x", .right_text = "y",
	};
	struct kunit_binary_assert bin = { .text = &text, .left_value = -1, .right_value = 1LL << 40 };
	struct kunit_mem_assert mem = { .text = &text, .left_value = "ab", .right_value = "ac", .size = 2 };
	struct kunit_unary_assert un = { .condition = "ok", .expected_true = true };
	const struct kunit_assert *head = &bin.assert;

	KUNIT_EXPECT_EQ(test, sizeof(struct kunit_assert), (size_t)0);
	KUNIT_EXPECT_EQ(test, offsetof(struct kunit_binary_assert, assert), (size_t)0);
	KUNIT_EXPECT_PTR_EQ(test, container_of(head, struct kunit_binary_assert, assert), &bin);
	KUNIT_EXPECT_EQ(test, container_of(head, struct kunit_binary_assert, assert)->left_value, -1LL);
	KUNIT_EXPECT_EQ(test, bin.right_value, 1LL << 40);
	KUNIT_EXPECT_STREQ(test, bin.text->operation, "==");
	KUNIT_EXPECT_EQ(test, mem.size, (size_t)2);
	KUNIT_EXPECT_TRUE(test, un.expected_true);
	KUNIT_EXPECT_STREQ(test, container_of(&un.assert, struct kunit_unary_assert, assert)->condition, "ok");
}

static struct kunit_case assert_records_test_cases[] = {
	KUNIT_CASE(assert_records_head_first),
	{}
};

static struct kunit_suite assert_records_test_suite = {
	.name = "kunit_c_assert_records",
	.test_cases = assert_records_test_cases,
};
kunit_test_suite(assert_records_test_suite);
