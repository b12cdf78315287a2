// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our test of <kunit/suite-set.h> (reached through <kunit/test.h>): the case walker stops at
 * the terminating entry, kunit_suite_num_test_cases() counts what it walks, a suite set's
 * length is end - start, KUnit is enabled, the indentation width is the subtest indent's,
 * and kunit_log() takes a case (lib/kunit/attributes.c's kunit_print_attr() logs on one).
 */
#include <kunit/test.h>
#include <kunit/suite-set.h>

static void suite_set_dummy(struct kunit *test)
{
	(void)test;
}

static struct kunit_case suite_set_three_cases[] = {
	{ .name = "one", .run_case = suite_set_dummy },
	{ .name = "two", .run_case = suite_set_dummy },
	{ .name = "three", .run_case = suite_set_dummy },
	{},
	/* Past the terminator: never walked. */
	{ .name = "four", .run_case = suite_set_dummy },
	{},
};

static struct kunit_case suite_set_no_cases[] = {
	{},
};

static void suite_set_walks_to_the_terminator(struct kunit *test)
{
	static const char *const want[] = { "one", "two", "three" };
	struct kunit_suite *suite;
	struct kunit_case *test_case;
	size_t i = 0;

	suite = kunit_kzalloc(test, sizeof(*suite), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, suite);
	suite->test_cases = suite_set_three_cases;
	kunit_suite_for_each_test_case(suite, test_case) {
		KUNIT_ASSERT_LT(test, i, ARRAY_SIZE(want));
		KUNIT_EXPECT_STREQ(test, test_case->name, want[i]);
		i++;
	}
	KUNIT_EXPECT_EQ(test, i, 3);
	KUNIT_EXPECT_EQ(test, kunit_suite_num_test_cases(suite), 3);

	suite->test_cases = suite_set_no_cases;
	KUNIT_EXPECT_EQ(test, kunit_suite_num_test_cases(suite), 0);
}

static void suite_set_length_is_end_minus_start(struct kunit *test)
{
	struct kunit_suite a = { .test_cases = suite_set_three_cases };
	struct kunit_suite b = { .test_cases = suite_set_no_cases };
	struct kunit_suite *suites[] = { &a, &b };
	struct kunit_suite_set set = { .start = suites, .end = &suites[2] };

	KUNIT_EXPECT_EQ(test, set.end - set.start, 2);
	KUNIT_EXPECT_PTR_EQ(test, set.start[1], &b);
}

static void suite_set_kunit_is_enabled(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, kunit_enabled());
	KUNIT_EXPECT_EQ(test, KUNIT_INDENT_LEN, strlen(KUNIT_SUBTEST_INDENT));
}

static void suite_set_logs_on_a_case(struct kunit *test)
{
	struct kunit_case *test_case = &suite_set_three_cases[1];

	/* A case's entry goes to the kernel log; the call must not touch the running test. */
	kunit_log(KERN_INFO, test_case, "%*s# %s.%s: %s", KUNIT_INDENT_LEN, "", "suite",
		  test_case->name, "normal");
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
}

static struct kunit_case suite_set_cases[] = {
	KUNIT_CASE(suite_set_walks_to_the_terminator),
	KUNIT_CASE(suite_set_length_is_end_minus_start),
	KUNIT_CASE(suite_set_kunit_is_enabled),
	KUNIT_CASE(suite_set_logs_on_a_case),
	{}
};

static struct kunit_suite suite_set_suite = {
	.name = "kunit_c_suite_set",
	.test_cases = suite_set_cases,
};
kunit_test_suite(suite_set_suite);
