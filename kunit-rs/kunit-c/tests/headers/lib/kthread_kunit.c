// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/kthread.h>: a created thread does not run until woken; stopping one
 * never woken returns -EINTR without running it; kthread_stop() waits for @threadfn and
 * returns its value; kthread_should_stop() is false in the test's own thread. And
 * <linux/sched.h>'s task: a task starts with no credentials (kunit-c has no struct cred),
 * in the test's thread and in a kthread, whose task is laid out as the header's.
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

static int report_creds(void *data)
{
	const void **seen = data;

	seen[0] = current->real_cred;
	seen[1] = current->cred;
	smp_store_release(&seen[2], (const void *)current);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void tasks_start_without_credentials(struct kunit *test)
{
	const void *seen[3] = { test, test, NULL };
	struct task_struct *k;

	KUNIT_EXPECT_NULL(test, current->real_cred);
	KUNIT_EXPECT_NULL(test, current->cred);
	k = kthread_create(report_creds, seen, "kunit-creds");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	/* Each thread's task is its own: setting this task's leaves the kthread's. */
	current->cred = (const struct cred *)seen;
	KUNIT_EXPECT_NULL(test, k->cred);
	KUNIT_EXPECT_NULL(test, k->real_cred);
	current->cred = NULL;
	/* The kthread reads its own task's fields through the header's layout. */
	wake_up_process(k);
	while (!smp_load_acquire(&seen[2]))
		msleep(1);
	KUNIT_EXPECT_PTR_EQ(test, seen[2], (const void *)k);
	KUNIT_EXPECT_NULL(test, seen[0]);
	KUNIT_EXPECT_NULL(test, seen[1]);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

static struct kunit_case kthread_test_cases[] = {
	KUNIT_CASE(kthread_runs_after_wake_and_stop_returns_its_value),
	KUNIT_CASE(kthread_stopped_unwoken_never_runs),
	KUNIT_CASE(tasks_start_without_credentials),
	{}
};

static struct kunit_suite kthread_test_suite = {
	.name = "kunit_c_kthread",
	.test_cases = kthread_test_cases,
};
kunit_test_suite(kthread_test_suite);
