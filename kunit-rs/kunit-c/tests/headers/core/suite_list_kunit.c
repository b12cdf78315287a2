// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our test of kunit_test_suites() with a list that ends in a comma, as some of the kernel's
 * files write it (drivers/of/of_test.c): both suites are registered, and each runs its case.
 */
#include <kunit/test.h>

static void suite_list_first_runs(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, test->name, "suite_list_first_runs");
}

static void suite_list_second_runs(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, test->name, "suite_list_second_runs");
}

static struct kunit_case suite_list_first_cases[] = {
	KUNIT_CASE(suite_list_first_runs),
	{}
};

static struct kunit_case suite_list_second_cases[] = {
	KUNIT_CASE(suite_list_second_runs),
	{}
};

static struct kunit_suite suite_list_first = {
	.name = "kunit_c_suite_list_first",
	.test_cases = suite_list_first_cases,
};

static struct kunit_suite suite_list_second = {
	.name = "kunit_c_suite_list_second",
	.test_cases = suite_list_second_cases,
};

kunit_test_suites(
	&suite_list_first,
	&suite_list_second,
);
