// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/hrtimer.h>: an hrtimer runs once its clock reaches the expiry, in
 * hardirq context with irqs off (HRTIMER_MODE_SOFT: softirq); HRTIMER_RESTART with
 * hrtimer_forward_now() makes it periodic; hrtimer_cancel() waits for a running callback,
 * which hrtimer_try_to_cancel() reports as -1; hrtimer_forward() counts the intervals it
 * skipped; both eras' set-ups work. Only orderings are checked, never durations.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/hrtimer.h>
#include <linux/hrtimer_types.h>
#include <linux/irqflags.h>
#include <linux/kthread.h>
#include <linux/ktime.h>

struct hprobe {
	struct hrtimer timer;
	struct completion done;
	ktime_t fired_at;
	bool hardirq, softirq, irqs_off;
	struct kunit *current_test;
	atomic_t calls, started, release, finished;
	int periods;
};

static enum hrtimer_restart hrecord(struct hrtimer *t)
{
	struct hprobe *p = container_of(t, struct hprobe, timer);

	p->fired_at = ktime_get();
	p->hardirq = in_hardirq();
	p->softirq = in_serving_softirq();
	p->irqs_off = irqs_disabled();
	p->current_test = kunit_get_current_test();
	atomic_inc(&p->calls);
	complete(&p->done);
	return HRTIMER_NORESTART;
}

static void hrtimer_runs_at_its_expiry_in_hardirq(struct kunit *test)
{
	struct hprobe p = {};
	ktime_t start = ktime_get();

	init_completion(&p.done);
	hrtimer_setup(&p.timer, hrecord, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&p.timer));
	hrtimer_start(&p.timer, us_to_ktime(500), HRTIMER_MODE_REL);
	KUNIT_EXPECT_GE(test, hrtimer_get_expires(&p.timer), start + 500000);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_GE(test, p.fired_at, hrtimer_get_expires(&p.timer));
	KUNIT_EXPECT_TRUE(test, p.hardirq);
	KUNIT_EXPECT_TRUE(test, p.irqs_off);
	KUNIT_EXPECT_FALSE(test, p.softirq);
	KUNIT_EXPECT_PTR_EQ(test, p.current_test, test);
	KUNIT_EXPECT_EQ(test, hrtimer_cancel(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
}

static void soft_hrtimer_runs_in_softirq_and_init_era_works(struct kunit *test)
{
	struct hprobe p = {};

	init_completion(&p.done);
	hrtimer_init(&p.timer, CLOCK_REALTIME, HRTIMER_MODE_ABS_SOFT);
	p.timer.function = hrecord;
	hrtimer_start(&p.timer, ktime_add_us(ktime_get_real(), 200), HRTIMER_MODE_ABS_SOFT);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, p.softirq);
	KUNIT_EXPECT_FALSE(test, p.hardirq);
	KUNIT_EXPECT_FALSE(test, p.irqs_off);
}

static enum hrtimer_restart periodic(struct hrtimer *t)
{
	struct hprobe *p = container_of(t, struct hprobe, timer);

	if (atomic_inc_return(&p->calls) == p->periods) {
		complete(&p->done);
		return HRTIMER_NORESTART;
	}
	hrtimer_forward_now(t, us_to_ktime(100));
	return HRTIMER_RESTART;
}

static void restart_makes_it_periodic(struct kunit *test)
{
	struct hprobe p = { .periods = 10 };

	init_completion(&p.done);
	hrtimer_setup(&p.timer, periodic, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	hrtimer_start(&p.timer, us_to_ktime(100), HRTIMER_MODE_REL_HARD);
	wait_for_completion(&p.done);
	KUNIT_EXPECT_EQ(test, hrtimer_cancel(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 10);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&p.timer));
}

static enum hrtimer_restart hhold(struct hrtimer *t)
{
	struct hprobe *p = container_of(t, struct hprobe, timer);

	atomic_set(&p->started, 1);
	while (!atomic_read(&p->release))
		cpu_relax();
	atomic_set(&p->finished, 1);
	return HRTIMER_NORESTART;
}

static int hrelease_when_cancelling(void *data)
{
	struct hprobe *p = data;

	while (atomic_read(&p->started) != 2)
		msleep(1);
	msleep(1);
	atomic_set(&p->release, 1);
	return 0;
}

static void cancel_waits_for_the_running_callback(struct kunit *test)
{
	struct hprobe p = {};
	struct task_struct *k;

	hrtimer_setup(&p.timer, hhold, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	hrtimer_start(&p.timer, 0, HRTIMER_MODE_REL);
	while (!atomic_read(&p.started))
		msleep(1);
	KUNIT_EXPECT_TRUE(test, hrtimer_callback_running(&p.timer));
	KUNIT_EXPECT_TRUE(test, hrtimer_active(&p.timer));
	KUNIT_EXPECT_FALSE(test, hrtimer_is_queued(&p.timer));
	KUNIT_EXPECT_EQ(test, hrtimer_try_to_cancel(&p.timer), -1);
	k = kthread_run(hrelease_when_cancelling, &p, "kunit-hrelease");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	atomic_set(&p.started, 2);
	KUNIT_EXPECT_EQ(test, hrtimer_cancel(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.finished), 1);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&p.timer));
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

static void cancel_dequeues_a_queued_timer(struct kunit *test)
{
	struct hprobe p = {};

	init_completion(&p.done);
	hrtimer_setup(&p.timer, hrecord, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	hrtimer_start(&p.timer, ktime_set(3600, 0), HRTIMER_MODE_REL);
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&p.timer));
	KUNIT_EXPECT_GT(test, hrtimer_get_remaining(&p.timer), 0);
	KUNIT_EXPECT_EQ(test, hrtimer_try_to_cancel(&p.timer), 1);
	KUNIT_EXPECT_EQ(test, hrtimer_try_to_cancel(&p.timer), 0);
	hrtimer_start(&p.timer, ktime_set(3600, 0), HRTIMER_MODE_REL);
	KUNIT_EXPECT_EQ(test, hrtimer_cancel(&p.timer), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 0);
}

static void forward_counts_the_skipped_intervals(struct kunit *test)
{
	struct hrtimer t;

	hrtimer_setup(&t, hrecord, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	hrtimer_set_expires(&t, 1000);
	/* Not yet due: nothing to do. */
	KUNIT_EXPECT_EQ(test, hrtimer_forward(&t, 999, 100), 0);
	KUNIT_EXPECT_EQ(test, hrtimer_get_expires(&t), 1000);
	/* Due now: one interval. */
	KUNIT_EXPECT_EQ(test, hrtimer_forward(&t, 1000, 100), 1);
	KUNIT_EXPECT_EQ(test, hrtimer_get_expires(&t), 1100);
	/* 450 past due: 5 intervals, to the first expiry after now. */
	KUNIT_EXPECT_EQ(test, hrtimer_forward(&t, 1550, 100), 5);
	KUNIT_EXPECT_EQ(test, hrtimer_get_expires(&t), 1600);
	/* Exactly on an interval: past it. */
	KUNIT_EXPECT_EQ(test, hrtimer_forward(&t, 1800, 100), 3);
	KUNIT_EXPECT_EQ(test, hrtimer_get_expires(&t), 1900);
}

/*
 * Stress, under load: two threads start and cancel the same hrtimers while their
 * callbacks run; a callback never overlaps itself, none runs after hrtimer_cancel().
 */
#define HSTRESS_TIMERS 4
#define HSTRESS_ROUNDS 2000

struct hstress {
	struct hrtimer timers[HSTRESS_TIMERS];
	atomic_t running[HSTRESS_TIMERS];
	atomic_t threads_done;
	atomic_t overlaps;
};

static struct hstress *hstress_state;

static enum hrtimer_restart hstress_fn(struct hrtimer *t)
{
	struct hstress *s = hstress_state;
	int i = (int)(t - s->timers);

	if (atomic_inc_return(&s->running[i]) != 1)
		atomic_inc(&s->overlaps);
	atomic_dec(&s->running[i]);
	return HRTIMER_NORESTART;
}

static int hstress_thread(void *data)
{
	struct hstress *s = data;

	for (int r = 0; r < HSTRESS_ROUNDS; r++) {
		struct hrtimer *t = &s->timers[r % HSTRESS_TIMERS];

		hrtimer_start(t, r & 1 ? 0 : 1000, HRTIMER_MODE_REL);
		if (r & 2)
			hrtimer_cancel(t);
		else
			hrtimer_try_to_cancel(t);
	}
	atomic_inc(&s->threads_done);
	return 0;
}

static void stress_two_threads_start_and_cancel(struct kunit *test)
{
	struct hstress *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct task_struct *k[2];

	KUNIT_ASSERT_NOT_NULL(test, s);
	hstress_state = s;
	for (int i = 0; i < HSTRESS_TIMERS; i++)
		hrtimer_setup(&s->timers[i], hstress_fn, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	for (int i = 0; i < 2; i++) {
		k[i] = kthread_run(hstress_thread, s, "kunit-hstress%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(k[i]));
	}
	/* Stopped only once done: a kthread stopped before it ran returns -EINTR. */
	while (atomic_read(&s->threads_done) < 2)
		msleep(1);
	for (int i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, kthread_stop(k[i]), 0);
	for (int i = 0; i < HSTRESS_TIMERS; i++) {
		hrtimer_cancel(&s->timers[i]);
		KUNIT_EXPECT_FALSE(test, hrtimer_active(&s->timers[i]));
		KUNIT_EXPECT_EQ(test, atomic_read(&s->running[i]), 0);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&s->overlaps), 0);
}

static struct kunit_case hrtimer_test_cases[] = {
	KUNIT_CASE(hrtimer_runs_at_its_expiry_in_hardirq),
	KUNIT_CASE(soft_hrtimer_runs_in_softirq_and_init_era_works),
	KUNIT_CASE(restart_makes_it_periodic),
	KUNIT_CASE(cancel_waits_for_the_running_callback),
	KUNIT_CASE(cancel_dequeues_a_queued_timer),
	KUNIT_CASE(forward_counts_the_skipped_intervals),
	KUNIT_CASE(stress_two_threads_start_and_cancel),
	{}
};

static struct kunit_suite hrtimer_test_suite = {
	.name = "kunit_c_hrtimer",
	.test_cases = hrtimer_test_cases,
};
kunit_test_suite(hrtimer_test_suite);
