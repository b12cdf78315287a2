// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Every assertion family failing once, as EXPECT, EXPECT_MSG and ASSERT. Not registered
 * (no kunit_test_suite): tests/golden.rs runs it explicitly and compares its whole KTAP
 * with tests/golden/c_failures.ktap, and with the same cases written in Rust.
 * Keep the operand texts identical to tests/golden.rs.
 */
#include <kunit/test.h>

static void fail(struct kunit *test)
{
	KUNIT_FAIL(test, "failed %s", "here");
}

static void fail_and_abort(struct kunit *test)
{
	KUNIT_FAIL_AND_ABORT(test, "aborted %d", 1);
	KUNIT_FAIL(test, "not reached");
}

static void unary(struct kunit *test)
{
	int x = 1;

	KUNIT_EXPECT_TRUE(test, x == 2);
	KUNIT_EXPECT_FALSE(test, x == 1);
	KUNIT_EXPECT_TRUE_MSG(test, x == 2, "x is %d", x);
	KUNIT_ASSERT_FALSE_MSG(test, x == 1, "x is %d", x);
	KUNIT_FAIL(test, "not reached");
}

static void binary(struct kunit *test)
{
	int a = 1;
	long long big = -5;
	unsigned int u = 3;

	KUNIT_EXPECT_EQ(test, a, 2);
	KUNIT_EXPECT_NE(test, a, 1);
	KUNIT_EXPECT_LT(test, a + 1, a);
	KUNIT_EXPECT_LE(test, u, 2);
	KUNIT_EXPECT_GT(test, big, 0);
	KUNIT_EXPECT_GE(test, 1, 2);
	KUNIT_EXPECT_EQ_MSG(test, a, 3, "a was %d", a);
	KUNIT_ASSERT_EQ(test, u, 4);
	KUNIT_FAIL(test, "not reached");
}

static void pointers(struct kunit *test)
{
	const void *p = (const void *)16;
	const void *q = (const void *)32;
	const void *none = NULL;
	const void *err = ERR_PTR(-12);

	KUNIT_EXPECT_PTR_EQ(test, p, q);
	KUNIT_EXPECT_PTR_NE(test, p, p);
	KUNIT_EXPECT_NULL(test, p);
	KUNIT_EXPECT_NOT_NULL(test, none);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, none);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, err);
	KUNIT_EXPECT_PTR_EQ_MSG(test, p, q, "p=%d", 16);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, err, "err=%d", -12);
	KUNIT_FAIL(test, "not reached");
}

static void strings(struct kunit *test)
{
	const char *s = "abc";
	const char *none = NULL;

	KUNIT_EXPECT_STREQ(test, s, "abd");
	KUNIT_EXPECT_STRNEQ(test, s, "abc");
	KUNIT_EXPECT_STREQ(test, s, none);
	KUNIT_EXPECT_STREQ_MSG(test, s, "xyz", "s=%s", s);
	KUNIT_ASSERT_STRNEQ(test, s, s);
	KUNIT_FAIL(test, "not reached");
}

static void memory(struct kunit *test)
{
	const u8 a[4] = { 1, 2, 3, 4 };
	const u8 b[4] = { 1, 2, 9, 4 };

	KUNIT_EXPECT_MEMEQ(test, a, b, 4);
	KUNIT_EXPECT_MEMNEQ(test, a, a, 4);
	KUNIT_EXPECT_MEMEQ_MSG(test, a, b, 4, "size %d", 4);
	KUNIT_ASSERT_MEMEQ(test, b, a, 4);
	KUNIT_FAIL(test, "not reached");
}

static void assert_families(struct kunit *test)
{
	/* The first failing ASSERT ends the case; the texts differ from EXPECT only in kind. */
	KUNIT_ASSERT_TRUE(test, 0 != 0);
	KUNIT_FAIL(test, "not reached");
}

static void current_test(struct kunit *test)
{
	kunit_fail_current_test("from a helper: %d", 7);
}

static void skip_after_failure(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1, 2);
	kunit_skip(test, "skipped after %s", "a failure");
}

static struct kunit_case c_failures_cases[] = {
	KUNIT_CASE(fail),
	KUNIT_CASE(fail_and_abort),
	KUNIT_CASE(unary),
	KUNIT_CASE(binary),
	KUNIT_CASE(pointers),
	KUNIT_CASE(strings),
	KUNIT_CASE(memory),
	KUNIT_CASE(assert_families),
	KUNIT_CASE(current_test),
	KUNIT_CASE(skip_after_failure),
	{}
};

/* Extern, not registered: see tests/golden.rs. */
struct kunit_suite c_failures_suite = {
	.name = "c_failures",
	.test_cases = c_failures_cases,
};

/* Hooks that fail: init (each case), param_init (the case), suite_init (the suite). */
static int failing_init(struct kunit *test)
{
	return -ENOMEM;
}

static void never_runs(struct kunit *test)
{
	KUNIT_FAIL(test, "not reached");
}

static const int one_param[] = { 1 };
KUNIT_ARRAY_PARAM(one_param, one_param, NULL);

static void never_runs_param(struct kunit *test)
{
	KUNIT_FAIL(test, "not reached");
}

static struct kunit_case failing_init_cases[] = {
	KUNIT_CASE(never_runs),
	KUNIT_CASE_PARAM_WITH_INIT(never_runs_param, one_param_gen_params, failing_init, NULL),
	{}
};

/* Extern, not registered: see tests/golden.rs. */
struct kunit_suite c_failing_init_suite = {
	.name = "c_failing_init",
	.init = failing_init,
	.test_cases = failing_init_cases,
};

static int failing_suite_init(struct kunit_suite *suite)
{
	return -EINVAL;
}

/* Extern, not registered: see tests/golden.rs. */
struct kunit_suite c_failing_suite_init_suite = {
	.name = "c_failing_suite_init",
	.suite_init = failing_suite_init,
	.test_cases = failing_init_cases,
};
