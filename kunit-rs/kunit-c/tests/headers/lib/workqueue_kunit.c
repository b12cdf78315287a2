// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/workqueue.h>: a work item runs in process context on a worker (in
 * softirq on system_bh_wq) with the queueing test current; queueing a pending item returns
 * false; flush_work() waits for it; cancel_work_sync() waits for a running instance and
 * keeps it from queueing itself again; an item never runs twice at once; an ordered
 * workqueue runs in queueing order; flush_workqueue() waits for what was queued before it;
 * delayed work runs after its delay, and mod_delayed_work(), cancel_delayed_work(_sync)
 * and flush_delayed_work() act on its timer. Waits are for events, never for times.
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
#include <linux/workqueue.h>
#include <linux/workqueue_types.h>

struct wprobe {
	struct work_struct work;
	struct delayed_work dwork;
	struct completion done;
	bool task, softirq;
	struct kunit *current_test;
	struct work_struct *cur_work;
	unsigned long ran_at;
	atomic_t calls, started, release, finished, running, overlaps;
	int requeue;
};

static void wrecord(struct work_struct *w)
{
	struct wprobe *p = container_of(w, struct wprobe, work);

	p->task = in_task();
	p->softirq = in_serving_softirq();
	p->current_test = kunit_get_current_test();
	p->cur_work = current_work();
	if (p->task)
		might_sleep(); /* process context: allowed */
	atomic_inc(&p->calls);
	complete(&p->done);
}

static void work_runs_in_process_context(struct kunit *test)
{
	struct wprobe p = {};

	init_completion(&p.done);
	INIT_WORK(&p.work, wrecord);
	KUNIT_EXPECT_FALSE(test, work_pending(&p.work));
	KUNIT_EXPECT_TRUE(test, schedule_work(&p.work));
	wait_for_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, p.task);
	KUNIT_EXPECT_FALSE(test, p.softirq);
	KUNIT_EXPECT_PTR_EQ(test, p.current_test, test);
	KUNIT_EXPECT_PTR_EQ(test, p.cur_work, &p.work);
	KUNIT_EXPECT_PTR_EQ(test, current_work(), NULL);
	flush_work(&p.work);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
}

static void bh_work_runs_in_softirq(struct kunit *test)
{
	struct wprobe p = {};

	init_completion(&p.done);
	INIT_WORK(&p.work, wrecord);
	KUNIT_EXPECT_TRUE(test, queue_work(system_bh_wq, &p.work));
	wait_for_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, p.softirq);
	KUNIT_EXPECT_FALSE(test, p.task);
	flush_work(&p.work);
}

static void whold(struct work_struct *w)
{
	struct wprobe *p = container_of(w, struct wprobe, work);

	if (atomic_inc_return(&p->running) != 1)
		atomic_inc(&p->overlaps);
	atomic_inc(&p->calls);
	atomic_set(&p->started, 1);
	while (!atomic_read(&p->release))
		msleep(1);
	if (p->requeue)
		queue_work(system_wq, w); /* refused while cancel_work_sync() holds it */
	atomic_set(&p->finished, 1);
	atomic_dec(&p->running);
}

static int wrelease_when_waiting(void *data)
{
	struct wprobe *p = data;

	while (atomic_read(&p->started) != 2)
		msleep(1);
	msleep(1);
	atomic_set(&p->release, 1);
	return 0;
}

static void pending_item_is_queued_once_and_flush_waits(struct kunit *test)
{
	struct wprobe p = {};
	struct task_struct *k;

	INIT_WORK(&p.work, whold);
	KUNIT_EXPECT_TRUE(test, queue_work(system_wq, &p.work));
	while (!atomic_read(&p.started))
		msleep(1);
	/* Running, no longer pending: it can be queued again, once. */
	KUNIT_EXPECT_FALSE(test, work_pending(&p.work));
	KUNIT_EXPECT_TRUE(test, queue_work(system_wq, &p.work));
	KUNIT_EXPECT_FALSE(test, queue_work(system_wq, &p.work));
	KUNIT_EXPECT_TRUE(test, work_pending(&p.work));
	k = kthread_run(wrelease_when_waiting, &p, "kunit-wrelease");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	atomic_set(&p.started, 2);
	/* Waits for the queued instance, which runs after the running one (never beside it). */
	KUNIT_EXPECT_TRUE(test, flush_work(&p.work));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.overlaps), 0);
	KUNIT_EXPECT_FALSE(test, flush_work(&p.work));
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

static void cancel_work_sync_waits_and_blocks_requeueing(struct kunit *test)
{
	struct wprobe p = { .requeue = 1 };
	struct task_struct *k;

	INIT_WORK(&p.work, whold);
	queue_work(system_wq, &p.work);
	while (!atomic_read(&p.started))
		msleep(1);
	k = kthread_run(wrelease_when_waiting, &p, "kunit-wrelease");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	atomic_set(&p.started, 2);
	KUNIT_EXPECT_FALSE(test, cancel_work_sync(&p.work));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.finished), 1);
	KUNIT_EXPECT_FALSE(test, work_pending(&p.work));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
	/* A queued item is dequeued and never runs. */
	p.requeue = 0;
	atomic_set(&p.release, 0);
	atomic_set(&p.started, 0);
	{
		struct workqueue_struct *wq = alloc_ordered_workqueue("kunit_cancel", 0);
		struct wprobe blocker = {};

		KUNIT_ASSERT_NOT_NULL(test, wq);
		INIT_WORK(&blocker.work, whold);
		queue_work(wq, &blocker.work);
		queue_work(wq, &p.work);
		KUNIT_EXPECT_TRUE(test, cancel_work(&p.work));
		KUNIT_EXPECT_FALSE(test, cancel_work(&p.work));
		atomic_set(&blocker.release, 1);
		destroy_workqueue(wq);
		KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
	}
}

#define ORDERED_ITEMS 16
static atomic_t ordered_next = ATOMIC_INIT(0);
static int ordered_seen[ORDERED_ITEMS];

static void ordered_fn(struct work_struct *w)
{
	struct wprobe *p = container_of(w, struct wprobe, work);

	ordered_seen[p->requeue] = atomic_inc_return(&ordered_next);
	msleep(0);
}

static void ordered_workqueue_runs_in_order_and_flush_waits(struct kunit *test)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("kunit_%s", 0, "ordered");
	struct wprobe *p = kunit_kcalloc(test, ORDERED_ITEMS, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, wq);
	KUNIT_ASSERT_NOT_NULL(test, p);
	atomic_set(&ordered_next, 0);
	for (int i = 0; i < ORDERED_ITEMS; i++) {
		p[i].requeue = i;
		INIT_WORK(&p[i].work, ordered_fn);
		KUNIT_EXPECT_TRUE(test, queue_work(wq, &p[i].work));
	}
	flush_workqueue(wq);
	for (int i = 0; i < ORDERED_ITEMS; i++)
		KUNIT_EXPECT_EQ(test, ordered_seen[i], i + 1);
	destroy_workqueue(wq);
}

/* Two items of one workqueue, one waiting for the other: max_active 2 runs both. */
static struct completion second_ran;

static void first_waits(struct work_struct *w)
{
	wait_for_completion(&second_ran);
}

static void second_completes(struct work_struct *w)
{
	complete(&second_ran);
}

static void a_blocked_item_does_not_hold_up_the_next(struct kunit *test)
{
	struct workqueue_struct *wq = alloc_workqueue("kunit_two", WQ_UNBOUND, 2);
	struct work_struct a, b;

	KUNIT_ASSERT_NOT_NULL(test, wq);
	init_completion(&second_ran);
	INIT_WORK(&a, first_waits);
	INIT_WORK(&b, second_completes);
	queue_work(wq, &a);
	queue_work(wq, &b);
	flush_workqueue(wq);
	KUNIT_EXPECT_FALSE(test, work_pending(&a));
	KUNIT_EXPECT_FALSE(test, work_pending(&b));
	destroy_workqueue(wq);
}

static void dwrecord(struct work_struct *w)
{
	struct wprobe *p = container_of(to_delayed_work(w), struct wprobe, dwork);

	p->ran_at = jiffies;
	p->task = in_task();
	atomic_inc(&p->calls);
	complete(&p->done);
}

static void delayed_work_runs_after_its_delay(struct kunit *test)
{
	struct wprobe p = {};
	unsigned long queued;

	init_completion(&p.done);
	INIT_DELAYED_WORK(&p.dwork, dwrecord);
	KUNIT_EXPECT_TRUE(test, p.dwork.timer.function == delayed_work_timer_fn);
	queued = jiffies;
	KUNIT_EXPECT_TRUE(test, schedule_delayed_work(&p.dwork, 2));
	KUNIT_EXPECT_TRUE(test, delayed_work_pending(&p.dwork));
	KUNIT_EXPECT_FALSE(test, schedule_delayed_work(&p.dwork, 2));
	wait_for_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, time_after_eq(p.ran_at, queued + 2));
	KUNIT_EXPECT_TRUE(test, p.task);
	KUNIT_EXPECT_FALSE(test, cancel_delayed_work_sync(&p.dwork));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
}

static void mod_cancel_and_flush_act_on_the_timer(struct kunit *test)
{
	struct wprobe p = {};

	init_completion(&p.done);
	INIT_DELAYED_WORK(&p.dwork, dwrecord);
	/* Idle: mod_delayed_work() queues it (false); pending: it moves it (true). */
	KUNIT_EXPECT_FALSE(test, mod_delayed_work(system_wq, &p.dwork, 3600 * HZ));
	KUNIT_EXPECT_TRUE(test, mod_delayed_work(system_wq, &p.dwork, 7200 * HZ));
	KUNIT_EXPECT_TRUE(test, timer_pending(&p.dwork.timer));
	KUNIT_EXPECT_TRUE(test, cancel_delayed_work(&p.dwork));
	KUNIT_EXPECT_FALSE(test, delayed_work_pending(&p.dwork));
	KUNIT_EXPECT_FALSE(test, cancel_delayed_work(&p.dwork));
	/* flush_delayed_work() runs it now instead of in an hour. */
	queue_delayed_work(system_long_wq, &p.dwork, 3600 * HZ);
	KUNIT_EXPECT_TRUE(test, flush_delayed_work(&p.dwork));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
	KUNIT_EXPECT_FALSE(test, delayed_work_pending(&p.dwork));
	/* cancel_delayed_work_sync() of an armed one: true, and it never runs. */
	queue_delayed_work(system_wq, &p.dwork, 3600 * HZ);
	KUNIT_EXPECT_TRUE(test, cancel_delayed_work_sync(&p.dwork));
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 1);
	/* A zero delay queues it at once. */
	reinit_completion(&p.done);
	KUNIT_EXPECT_TRUE(test, queue_delayed_work(system_wq, &p.dwork, 0));
	KUNIT_EXPECT_FALSE(test, timer_pending(&p.dwork.timer));
	wait_for_completion(&p.done);
	flush_delayed_work(&p.dwork);
	KUNIT_EXPECT_EQ(test, atomic_read(&p.calls), 2);
}

static DECLARE_COMPLETION(work_freed);

static void free_own_item(struct work_struct *w)
{
	kfree(w);
	complete(&work_freed);
}

static void item_may_free_itself(struct kunit *test)
{
	struct work_struct *w = kmalloc(sizeof(*w), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, w);
	INIT_WORK(w, free_own_item);
	schedule_work(w);
	wait_for_completion(&work_freed);
}

/*
 * Stress, under load: two threads queue, flush and cancel the same items (and delayed
 * ones) on a workqueue with max_active 4; an item never runs beside itself, and after
 * cancel_work_sync() none runs or is pending.
 */
#define WSTRESS_ITEMS 6
#define WSTRESS_ROUNDS 1500

struct wstress {
	struct workqueue_struct *wq;
	struct delayed_work items[WSTRESS_ITEMS];
	atomic_t running[WSTRESS_ITEMS];
	atomic_t threads_done;
	atomic_t overlaps, runs;
};

static struct wstress *wstress_state;

static void wstress_fn(struct work_struct *w)
{
	struct wstress *s = wstress_state;
	int i = (int)(to_delayed_work(w) - s->items);

	if (atomic_inc_return(&s->running[i]) != 1)
		atomic_inc(&s->overlaps);
	atomic_inc(&s->runs);
	if (atomic_read(&s->runs) % 7 == 0)
		queue_work(s->wq, w); /* queues itself again now and then */
	atomic_dec(&s->running[i]);
}

static int wstress_thread(void *data)
{
	struct wstress *s = data;

	for (int r = 0; r < WSTRESS_ROUNDS; r++) {
		struct delayed_work *d = &s->items[r % WSTRESS_ITEMS];

		switch (r % 5) {
		case 0: queue_work(s->wq, &d->work); break;
		case 1: queue_delayed_work(s->wq, d, r & 1); break;
		case 2: mod_delayed_work(s->wq, d, 0); break;
		case 3: flush_delayed_work(d); break;
		default: if (r & 1) cancel_delayed_work(d); else cancel_delayed_work_sync(d);
		}
	}
	atomic_inc(&s->threads_done);
	return 0;
}

static void stress_two_threads_queue_flush_and_cancel(struct kunit *test)
{
	struct wstress *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct task_struct *k[2];

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->wq = alloc_workqueue("kunit_stress", 0, 4);
	KUNIT_ASSERT_NOT_NULL(test, s->wq);
	wstress_state = s;
	for (int i = 0; i < WSTRESS_ITEMS; i++)
		INIT_DELAYED_WORK(&s->items[i], wstress_fn);
	for (int i = 0; i < 2; i++) {
		k[i] = kthread_run(wstress_thread, s, "kunit-wstress%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(k[i]));
	}
	/* Stopped only once done: a kthread stopped before it ran returns -EINTR. */
	while (atomic_read(&s->threads_done) < 2)
		msleep(1);
	for (int i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, kthread_stop(k[i]), 0);
	for (int i = 0; i < WSTRESS_ITEMS; i++) {
		cancel_delayed_work_sync(&s->items[i]);
		KUNIT_EXPECT_FALSE(test, delayed_work_pending(&s->items[i]));
		KUNIT_EXPECT_EQ(test, atomic_read(&s->running[i]), 0);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&s->overlaps), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&s->runs), 0);
	destroy_workqueue(s->wq);
}

static struct kunit_case workqueue_test_cases[] = {
	KUNIT_CASE(work_runs_in_process_context),
	KUNIT_CASE(bh_work_runs_in_softirq),
	KUNIT_CASE(pending_item_is_queued_once_and_flush_waits),
	KUNIT_CASE(cancel_work_sync_waits_and_blocks_requeueing),
	KUNIT_CASE(ordered_workqueue_runs_in_order_and_flush_waits),
	KUNIT_CASE(a_blocked_item_does_not_hold_up_the_next),
	KUNIT_CASE(delayed_work_runs_after_its_delay),
	KUNIT_CASE(mod_cancel_and_flush_act_on_the_timer),
	KUNIT_CASE(item_may_free_itself),
	KUNIT_CASE(stress_two_threads_queue_flush_and_cancel),
	{}
};

static struct kunit_suite workqueue_test_suite = {
	.name = "kunit_c_workqueue",
	.test_cases = workqueue_test_cases,
};
kunit_test_suite(workqueue_test_suite);
