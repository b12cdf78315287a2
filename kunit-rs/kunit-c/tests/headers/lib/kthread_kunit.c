// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/kthread.h>: a created thread does not run until woken; stopping one
 * never woken returns -EINTR without running it; kthread_stop() waits for @threadfn and
 * returns its value; kthread_should_stop() is false in the test's own thread.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>

static int count_then_wait(void *data)
{
	atomic_inc(data);
	while (!kthread_should_stop())
		msleep(1);
	return 42;
}

static void kthread_runs_after_wake_and_stop_returns_its_value(struct kunit *test)
{
	atomic_t ran = ATOMIC_INIT(0);
	struct task_struct *k = kthread_create(count_then_wait, &ran, "kunit-%s", "kt");

	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	KUNIT_EXPECT_STREQ(test, __kunit_c_kthread_comm(k), "kunit-kt");
	KUNIT_EXPECT_FALSE(test, kthread_should_stop());
	wake_up_process(k);
	while (!atomic_read(&ran))
		msleep(1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 42);
	KUNIT_EXPECT_EQ(test, atomic_read(&ran), 1);
}

static void kthread_stopped_unwoken_never_runs(struct kunit *test)
{
	atomic_t ran = ATOMIC_INIT(0);
	struct task_struct *k = kthread_create(count_then_wait, &ran, "never");

	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	KUNIT_EXPECT_EQ(test, kthread_stop(k), -EINTR);
	KUNIT_EXPECT_EQ(test, atomic_read(&ran), 0);
}

static struct kunit_case kthread_test_cases[] = {
	KUNIT_CASE(kthread_runs_after_wake_and_stop_returns_its_value),
	KUNIT_CASE(kthread_stopped_unwoken_never_runs),
	{}
};

static struct kunit_suite kthread_test_suite = {
	.name = "kunit_c_kthread",
	.test_cases = kthread_test_cases,
};
kunit_test_suite(kthread_test_suite);
