// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of kunit_init_test()/kunit_cleanup() and current->kunit_test, the internal API
 * KUnit's self-tests build on: a test of one's own holds its own deferred actions and
 * static stubs, kunit_cleanup() releases them newest first, a failure of it stays its own,
 * and `current->kunit_test` is what kunit_get_current_test() returns and where a static
 * stub is looked up, in every file and in the kthread's own task.
 */
#include <kunit/test.h>
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/test-bug.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/sched.h>

static int fake_order[4];
static int fake_n;

static void fake_record(void *p)
{
	fake_order[fake_n++] = (int)(long)p;
}

static void fake_test_cleanup_runs_its_actions(struct kunit *test)
{
	struct kunit *fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fake);
	kunit_init_test(fake, "fake", NULL);
	KUNIT_EXPECT_STREQ(test, fake->name, "fake");
	KUNIT_EXPECT_EQ(test, fake->status, KUNIT_SUCCESS);
	fake_n = 0;
	KUNIT_ASSERT_EQ(test, kunit_add_action(fake, fake_record, (void *)1L), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(fake, fake_record, (void *)2L), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, fake_record, (void *)9L), 0);
	kunit_remove_action(test, fake_record, (void *)9L);
	KUNIT_EXPECT_EQ(test, fake_n, 0);
	kunit_cleanup(fake);
	/* The fake's two, newest first; the case's own was removed and never ran. */
	KUNIT_EXPECT_EQ(test, fake_n, 2);
	KUNIT_EXPECT_EQ(test, fake_order[0], 2);
	KUNIT_EXPECT_EQ(test, fake_order[1], 1);
	/* Released: a second cleanup has nothing left. */
	kunit_cleanup(fake);
	KUNIT_EXPECT_EQ(test, fake_n, 2);
}

static void fake_test_failure_is_its_own(struct kunit *test)
{
	struct kunit *fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fake);
	kunit_init_test(fake, "failing_fake", NULL);
	KUNIT_EXPECT_EQ(fake, 1, 2);
	KUNIT_EXPECT_EQ(test, fake->status, KUNIT_FAILURE);
	/* The case itself has not failed. */
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
	kunit_cleanup(fake);
}

static int fake_real(int x)
{
	KUNIT_STATIC_STUB_REDIRECT(fake_real, x);
	return x;
}

static int fake_replacement(int x)
{
	return x + 100;
}

static void fake_test_current_selects_stubs(struct kunit *test)
{
	struct kunit *fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fake);
	KUNIT_EXPECT_PTR_EQ(test, current->kunit_test, test);
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
	kunit_init_test(fake, "stubbed_fake", NULL);
	kunit_activate_static_stub(fake, fake_real, fake_replacement);
	/* The stub is the fake's: the case does not see it ... */
	KUNIT_EXPECT_EQ(test, fake_real(1), 1);
	/* ... until the fake is made current. */
	current->kunit_test = fake;
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), fake);
	KUNIT_EXPECT_EQ(test, fake_real(1), 101);
	kunit_cleanup(fake);
	/* Cleanup deactivated it. */
	KUNIT_EXPECT_EQ(test, fake_real(1), 1);
	current->kunit_test = test;
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
}

struct fake_kthread {
	struct completion done;
	struct task_struct *self;
	struct kunit *seen;
};

static int fake_kthread_fn(void *data)
{
	struct fake_kthread *k = data;

	k->self = current;
	k->seen = kunit_get_current_test();
	complete(&k->done);
	return 0;
}

static void fake_test_current_is_per_thread(struct kunit *test)
{
	struct fake_kthread k = { .self = NULL };
	struct task_struct *t;

	init_completion(&k.done);
	t = kthread_run(fake_kthread_fn, &k, "fake_kthread");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	wait_for_completion(&k.done);
	/* A kthread's current is the task kthread_run() returned, and runs no test. */
	KUNIT_EXPECT_PTR_EQ(test, k.self, t);
	KUNIT_EXPECT_NULL(test, k.seen);
	KUNIT_EXPECT_PTR_NE(test, k.self, current);
	kthread_stop(t);
}

static struct kunit_case fake_test_cases[] = {
	KUNIT_CASE(fake_test_cleanup_runs_its_actions),
	KUNIT_CASE(fake_test_failure_is_its_own),
	KUNIT_CASE(fake_test_current_selects_stubs),
	KUNIT_CASE(fake_test_current_is_per_thread),
	{}
};

static struct kunit_suite fake_test_suite = {
	.name = "kunit_c_fake_test",
	.test_cases = fake_test_cases,
};
kunit_test_suite(fake_test_suite);
