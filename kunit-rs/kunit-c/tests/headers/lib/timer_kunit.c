// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/timer.h>: a timer runs once jiffies reach its expiry, in softirq
 * context, with the arming test current; mod_timer()/del_timer() return whether it was
 * pending; del_timer_sync() (timer_delete_sync()) waits for a running callback, which
 * try_to_del_timer_sync() reports as -1; a callback may re-arm and free its timer; a shut
 * down timer cannot be armed. No case depends on the machine's speed: each waits for an
 * event, never for a time, and checks only orderings the kernel guarantees.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/timer_types.h>

struct probe {
	struct timer_list timer;
	struct completion done;
	unsigned long fired_at;
	bool softirq, serving, task, hardirq;
	struct kunit *current_test;
	atomic_t calls;
	atomic_t started, release, finished;
	int rearm;
	int seq;
};

static atomic_t fire_seq = ATOMIC_INIT(0);

static void record(struct timer_list *t)
{
	struct probe *p = from_timer(p, t, timer);

	p->fired_at = jiffies;
	p->softirq = in_softirq();
	p->serving = in_serving_softirq();
	p->task = in_task();
	p->hardirq = in_hardirq();
	p->current_test = kunit_get_current_test();
	p->seq = atomic_inc_return(&fire_seq);
	atomic_inc(&p->calls);
	complete(&p->done);
}

static void timer_runs_after_its_expiry_in_softirq(struct kunit *test)
{
	struct probe p = {};
	unsigned long expires;

	init_completion(&p.done);
	timer_setup(&p.timer, record, 0);
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	expires = jiffies + 2;
	KUNIT_EXPECT_EQ(test, mod_timer(&p.timer, expires), 0);
	KUNIT_EXPECT_EQ(test, p.timer.expires, expires);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, time_after_eq(p.fired_at, expires));
	KUNIT_EXPECT_TRUE(test, p.softirq);
	KUNIT_EXPECT_TRUE(test, p.serving);
	KUNIT_EXPECT_FALSE(test, p.task);
	KUNIT_EXPECT_FALSE(test, p.hardirq);
	KUNIT_EXPECT_PTR_EQ(test, p.current_test, test);
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_EQ(test, timer_delete_sync(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
}

static void mod_and_del_return_whether_pending(struct kunit *test)
{
	struct probe p = {};
	unsigned long far = jiffies + 3600 * HZ;

	init_completion(&p.done);
	timer_setup(&p.timer, record, 0);
	KUNIT_EXPECT_EQ(test, mod_timer_pending(&p.timer, far), 0);
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_EQ(test, mod_timer(&p.timer, far), 0);
	KUNIT_EXPECT_TRUE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_EQ(test, mod_timer(&p.timer, far + HZ), 1);
	KUNIT_EXPECT_EQ(test, p.timer.expires, far + HZ);
	/* timer_reduce() moves it earlier only. */
	KUNIT_EXPECT_EQ(test, timer_reduce(&p.timer, far + 2 * HZ), 1);
	KUNIT_EXPECT_EQ(test, p.timer.expires, far + HZ);
	KUNIT_EXPECT_EQ(test, timer_reduce(&p.timer, far), 1);
	KUNIT_EXPECT_EQ(test, p.timer.expires, far);
	KUNIT_EXPECT_EQ(test, del_timer(&p.timer), 1);
	KUNIT_EXPECT_EQ(test, timer_delete(&p.timer), 0);
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	p.timer.expires = far;
	add_timer(&p.timer);
	KUNIT_EXPECT_TRUE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_EQ(test, del_timer_sync(&p.timer), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 0);
}

/* Spins (no sleeping in softirq) until the test lets it finish. */
static void hold(struct timer_list *t)
{
	struct probe *p = from_timer(p, t, timer);

	atomic_set(&p->started, 1);
	while (!atomic_read(&p->release))
		cpu_relax();
	atomic_set(&p->finished, 1);
}

static int release_when_deleting(void *data)
{
	struct probe *p = data;

	/* Released only once the test is inside del_timer_sync(): it must still be waiting. */
	while (atomic_read(&p->started) != 2)
		msleep(1);
	msleep(1);
	atomic_set(&p->release, 1);
	return 0;
}

static void del_timer_sync_waits_for_the_running_callback(struct kunit *test)
{
	struct probe p = {};
	struct task_struct *k;

	timer_setup(&p.timer, hold, 0);
	mod_timer(&p.timer, jiffies);
	while (!atomic_read(&p.started))
		msleep(1);
	/* Running, no longer pending: the non-waiting forms say so. */
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_EQ(test, try_to_del_timer_sync(&p.timer), -1);
	KUNIT_EXPECT_EQ(test, del_timer(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.finished), 0);
	k = kthread_run(release_when_deleting, &p, "kunit-release");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	atomic_set(&p.started, 2);
	KUNIT_EXPECT_EQ(test, del_timer_sync(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.finished), 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

static void rearm(struct timer_list *t)
{
	struct probe *p = from_timer(p, t, timer);

	if (atomic_inc_return(&p->calls) < p->rearm)
		mod_timer(t, jiffies);
	else
		complete(&p->done);
}

static DECLARE_COMPLETION(freed);

static void free_self(struct timer_list *t)
{
	struct probe *p = timer_container_of(p, t, timer);

	kfree(p);
	complete(&freed);
}

static void callback_rearms_and_frees_its_timer(struct kunit *test)
{
	struct probe p = { .rearm = 5 };
	struct probe *heap = kzalloc(sizeof(*heap), GFP_KERNEL);

	init_completion(&p.done);
	timer_setup(&p.timer, rearm, 0);
	mod_timer(&p.timer, jiffies + 1);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 5);
	KUNIT_EXPECT_EQ(test, timer_delete_sync(&p.timer), 0);

	KUNIT_ASSERT_NOT_NULL(test, heap);
	timer_setup(&heap->timer, free_self, 0);
	mod_timer(&heap->timer, jiffies);
	wait_for_completion(&freed);
}

static void timers_run_in_expiry_order(struct kunit *test)
{
	struct probe p[3] = {};
	unsigned long base = jiffies + 3;

	for (int i = 0; i < 3; i++) {
		init_completion(&p[i].done);
		timer_setup(&p[i].timer, record, 0);
	}
	/* Armed out of order; equal expiries run in arming order. */
	mod_timer(&p[2].timer, base + 1);
	mod_timer(&p[0].timer, base);
	mod_timer(&p[1].timer, base);
	for (int i = 0; i < 3; i++)
		wait_for_completion(&p[i].done);
	for (int i = 0; i < 3; i++)
		KUNIT_EXPECT_TRUE(test, time_after_eq(p[i].fired_at, p[i].timer.expires));
	KUNIT_EXPECT_LT(test, p[0].seq, p[1].seq);
	KUNIT_EXPECT_LT(test, p[1].seq, p[2].seq);
}

static void shut_down_timer_cannot_be_armed(struct kunit *test)
{
	struct probe p = {};

	init_completion(&p.done);
	timer_setup(&p.timer, record, 0);
	mod_timer(&p.timer, jiffies + 3600 * HZ);
	KUNIT_EXPECT_EQ(test, timer_shutdown_sync(&p.timer), 1);
	KUNIT_EXPECT_EQ(test, mod_timer(&p.timer, jiffies), 0);
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.timer));
	KUNIT_EXPECT_PTR_EQ(test, p.timer.function, NULL);
	/* timer_setup() makes it usable again. */
	timer_setup(&p.timer, record, 0);
	mod_timer(&p.timer, jiffies);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
}

static DEFINE_TIMER(static_timer, record);

static void define_timer_is_ready(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, timer_pending(&static_timer));
	KUNIT_EXPECT_TRUE(test, static_timer.function == record);
	mod_timer(&static_timer, jiffies + 3600 * HZ);
	KUNIT_EXPECT_TRUE(test, timer_pending(&static_timer));
	KUNIT_EXPECT_EQ(test, del_timer_sync(&static_timer), 1);
}

/*
 * Stress, under load: two threads arm, re-arm and delete the same timers while their
 * callbacks run; at the end every callback counted once per run, del_timer_sync() left
 * none running, and the counts add up. Only orderings are checked, never times.
 */
#define STRESS_TIMERS 8
#define STRESS_ROUNDS 2000

struct stress {
	struct timer_list timers[STRESS_TIMERS];
	atomic_t running[STRESS_TIMERS];
	atomic_t runs, overlaps, threads_done;
};

static struct stress *stress_state;

static void stress_fn(struct timer_list *t)
{
	struct stress *s = stress_state;
	int i = (int)(t - s->timers);

	if (atomic_inc_return(&s->running[i]) != 1)
		atomic_inc(&s->overlaps);
	atomic_inc(&s->runs);
	atomic_dec(&s->running[i]);
}

static int stress_thread(void *data)
{
	struct stress *s = data;

	for (int r = 0; r < STRESS_ROUNDS; r++) {
		struct timer_list *t = &s->timers[r % STRESS_TIMERS];

		mod_timer(t, jiffies + (r & 1));
		if (r % 3 == 0)
			del_timer_sync(t);
		else if (r % 3 == 1)
			del_timer(t);
	}
	atomic_inc(&s->threads_done);
	return 0;
}

static void stress_two_threads_arm_and_delete(struct kunit *test)
{
	struct stress *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct task_struct *k[2];

	KUNIT_ASSERT_NOT_NULL(test, s);
	stress_state = s;
	for (int i = 0; i < STRESS_TIMERS; i++)
		timer_setup(&s->timers[i], stress_fn, 0);
	for (int i = 0; i < 2; i++) {
		k[i] = kthread_run(stress_thread, s, "kunit-stress%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(k[i]));
	}
	/* Stopped only once done: a kthread stopped before it ran returns -EINTR. */
	while (atomic_read(&s->threads_done) < 2)
		msleep(1);
	for (int i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, kthread_stop(k[i]), 0);
	for (int i = 0; i < STRESS_TIMERS; i++) {
		del_timer_sync(&s->timers[i]);
		KUNIT_EXPECT_FALSE(test, timer_pending(&s->timers[i]));
		KUNIT_EXPECT_EQ(test, atomic_read(&s->running[i]), 0);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&s->overlaps), 0);
	KUNIT_EXPECT_LE(test, atomic_read(&s->runs), 2 * STRESS_ROUNDS);
}

static struct kunit_case timer_test_cases[] = {
	KUNIT_CASE(timer_runs_after_its_expiry_in_softirq),
	KUNIT_CASE(mod_and_del_return_whether_pending),
	KUNIT_CASE(del_timer_sync_waits_for_the_running_callback),
	KUNIT_CASE(callback_rearms_and_frees_its_timer),
	KUNIT_CASE(timers_run_in_expiry_order),
	KUNIT_CASE(shut_down_timer_cannot_be_armed),
	KUNIT_CASE(define_timer_is_ready),
	KUNIT_CASE(stress_two_threads_arm_and_delete),
	{}
};

static struct kunit_suite timer_test_suite = {
	.name = "kunit_c_timer",
	.test_cases = timer_test_cases,
};
kunit_test_suite(timer_test_suite);
