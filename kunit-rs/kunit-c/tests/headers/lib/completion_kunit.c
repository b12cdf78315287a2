// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/completion.h> and <linux/wait.h>: each complete() lets one waiter
 * through, complete_all() every waiter until reinit; a timed wait that times out returns 0
 * and a satisfied one at least 1; wait_event() sleeps until its condition holds. Stress:
 * two threads play ping-pong through completions (both CPUs busy), no round lost.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/wait.h>

static void completion_counts(struct kunit *test)
{
	DECLARE_COMPLETION_ONSTACK(done);

	KUNIT_EXPECT_FALSE(test, completion_done(&done));
	KUNIT_EXPECT_FALSE(test, try_wait_for_completion(&done));
	complete(&done);
	complete(&done);
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&done));
	KUNIT_EXPECT_EQ(test, wait_for_completion_timeout(&done, 1), 1UL); /* at least 1 left */
	KUNIT_EXPECT_FALSE(test, try_wait_for_completion(&done));
	KUNIT_EXPECT_EQ(test, wait_for_completion_timeout(&done, 2), 0UL); /* timed out */
	complete_all(&done);
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&done));
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&done)); /* all, for good */
	wait_for_completion(&done);
	reinit_completion(&done);
	KUNIT_EXPECT_FALSE(test, completion_done(&done));
}

#define PING_ROUNDS 20000

struct pingpong {
	struct completion ping, pong;
	int rounds;
};

static int ponger(void *data)
{
	struct pingpong *p = data;
	int i;

	for (i = 0; i < PING_ROUNDS; i++) {
		wait_for_completion(&p->ping);
		p->rounds++; /* ordered by the completions: no lock needed */
		complete(&p->pong);
	}
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void completion_ping_pong(struct kunit *test)
{
	struct pingpong p = { .rounds = 0 };
	struct task_struct *k;
	int i;

	init_completion(&p.ping);
	init_completion(&p.pong);
	k = kthread_run(ponger, &p, "ponger");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	for (i = 0; i < PING_ROUNDS; i++) {
		complete(&p.ping);
		wait_for_completion(&p.pong);
		KUNIT_ASSERT_EQ(test, p.rounds, i + 1);
	}
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

struct waiter {
	wait_queue_head_t wq;
	int value;
	atomic_t woke;
};

static int wait_for_value(void *data)
{
	struct waiter *w = data;

	wait_event(w->wq, READ_ONCE(w->value) == 3);
	atomic_inc(&w->woke);
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void wait_event_sleeps_until_condition(struct kunit *test)
{
	struct waiter w = { .value = 0, .woke = ATOMIC_INIT(0) };
	struct task_struct *k;
	int i;

	init_waitqueue_head(&w.wq);
	KUNIT_EXPECT_EQ(test, wait_event_timeout(w.wq, w.value == 1, 2), 0L); /* timed out */
	k = kthread_run(wait_for_value, &w, "waiter");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	for (i = 1; i <= 3; i++) {
		/* Before the value is 3, the waiter cannot have passed its wait. */
		KUNIT_EXPECT_EQ(test, atomic_read(&w.woke), 0);
		WRITE_ONCE(w.value, i);
		wake_up(&w.wq);
	}
	while (!atomic_read(&w.woke))
		schedule_timeout(1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
	KUNIT_EXPECT_GE(test, wait_event_timeout(w.wq, w.value == 3, 5), 1L);
}

static struct kunit_case completion_test_cases[] = {
	KUNIT_CASE(completion_counts),
	KUNIT_CASE(completion_ping_pong),
	KUNIT_CASE(wait_event_sleeps_until_condition),
	{}
};

static struct kunit_suite completion_test_suite = {
	.name = "kunit_c_completion",
	.test_cases = completion_test_cases,
};
kunit_test_suite(completion_test_suite);
