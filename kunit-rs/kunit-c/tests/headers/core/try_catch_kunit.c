// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <kunit/try-catch.h>: try runs on a thread of its own (not the case's), a
 * try that returns leaves try_result 0 and no catch, a throw ends try at once (what
 * follows it never runs) and the catch then runs on the caller's thread, with try_result
 * 0 again, and any other end of the thread (an assertion that unwound it) is -EINTR, also
 * caught, as KUnit's try-catch.c has it.
 */
#include <kunit/test.h>
#include <kunit/try-catch.h>
#include <linux/sched.h>

struct tc_ctx {
	struct kunit_try_catch tc;
	struct kunit *test;
	struct task_struct *try_task;
	struct task_struct *catch_task;
	int tried, after_throw, caught;
};

static void tc_returns(void *data)
{
	struct tc_ctx *ctx = data;

	ctx->try_task = current;
	ctx->tried++;
}

static void tc_throws(void *data)
{
	struct tc_ctx *ctx = data;

	ctx->try_task = current;
	ctx->tried++;
	kunit_try_catch_throw(&ctx->tc);
	ctx->after_throw++;
}

/* An assertion of another test ends the thread too: not a throw, a fault. */
static void tc_faults(void *data)
{
	struct tc_ctx *ctx = data;

	ctx->tried++;
	KUNIT_ASSERT_EQ(ctx->test, 1, 2);
	ctx->after_throw++;
}

static void tc_catch(void *data)
{
	struct tc_ctx *ctx = data;

	ctx->catch_task = current;
	ctx->caught++;
}

static void tc_setup(struct tc_ctx *ctx, struct kunit *test, kunit_try_catch_func_t try)
{
	ctx->tc.test = test;
	ctx->tc.try = try;
	ctx->tc.catch = tc_catch;
	ctx->test = test;
}

static void try_returns_no_catch(struct kunit *test)
{
	struct tc_ctx ctx = {};

	tc_setup(&ctx, test, tc_returns);
	kunit_try_catch_run(&ctx.tc, &ctx);
	KUNIT_EXPECT_EQ(test, ctx.tried, 1);
	KUNIT_EXPECT_EQ(test, ctx.caught, 0);
	KUNIT_EXPECT_EQ(test, kunit_try_catch_get_result(&ctx.tc), 0);
	KUNIT_EXPECT_PTR_EQ(test, ctx.tc.context, (void *)&ctx);
	/* On a thread of its own. */
	KUNIT_EXPECT_PTR_NE(test, ctx.try_task, current);
}

static void throw_ends_try_then_catch(struct kunit *test)
{
	struct tc_ctx ctx = {};

	tc_setup(&ctx, test, tc_throws);
	kunit_try_catch_run(&ctx.tc, &ctx);
	KUNIT_EXPECT_EQ(test, ctx.tried, 1);
	KUNIT_EXPECT_EQ(test, ctx.after_throw, 0);
	KUNIT_EXPECT_EQ(test, ctx.caught, 1);
	KUNIT_EXPECT_EQ(test, kunit_try_catch_get_result(&ctx.tc), 0);
	KUNIT_EXPECT_PTR_NE(test, ctx.try_task, current);
	KUNIT_EXPECT_PTR_EQ(test, ctx.catch_task, current);
	/* The case itself goes on, unharmed. */
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
}

static void fault_is_eintr_then_catch(struct kunit *test)
{
	struct tc_ctx ctx = {};
	struct kunit fake;

	kunit_init_test(&fake, "try_catch_fake", NULL);
	tc_setup(&ctx, &fake, tc_faults);
	kunit_try_catch_run(&ctx.tc, &ctx);
	KUNIT_EXPECT_EQ(test, ctx.tried, 1);
	KUNIT_EXPECT_EQ(test, ctx.after_throw, 0);
	KUNIT_EXPECT_EQ(test, ctx.caught, 1);
	KUNIT_EXPECT_EQ(test, kunit_try_catch_get_result(&ctx.tc), -EINTR);
	/* The assertion failed the test it named, not the case. */
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
	kunit_cleanup(&fake);
}

static struct kunit_case try_catch_cases[] = {
	KUNIT_CASE(try_returns_no_catch),
	KUNIT_CASE(throw_ends_try_then_catch),
	KUNIT_CASE(fault_is_eintr_then_catch),
	{}
};

static struct kunit_suite try_catch_suite = {
	.name = "kunit-c-try-catch",
	.test_cases = try_catch_cases,
};
kunit_test_suite(try_catch_suite);
