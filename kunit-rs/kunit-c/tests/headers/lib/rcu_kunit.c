// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/rcupdate.h>'s grace periods: synchronize_rcu() returns only after a
 * reader that began before it has left; a call_rcu() callback runs only after such a
 * reader has left, and rcu_barrier() waits for it; kfree_rcu() frees after a grace period.
 * Stress: two reader threads (both CPUs busy) never see an object the writer retired.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>

struct reader_state {
	atomic_t in, may_leave, left;
};

/* Enters a read-side critical section, stays until told, marks leaving, then leaves. */
static int slow_reader(void *data)
{
	struct reader_state *r = data;

	rcu_read_lock();
	atomic_set(&r->in, 1);
	while (!atomic_read(&r->may_leave))
		schedule_timeout(1);
	atomic_set(&r->left, 1);
	rcu_read_unlock();
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

struct sync_state {
	struct reader_state *r;
	atomic_t started, done, left_when_done;
};

static int synchronizer(void *data)
{
	struct sync_state *s = data;

	atomic_set(&s->started, 1);
	synchronize_rcu();
	atomic_set(&s->left_when_done, atomic_read(&s->r->left));
	atomic_set(&s->done, 1);
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void grace_period_waits_for_reader(struct kunit *test)
{
	struct reader_state r = { ATOMIC_INIT(0), ATOMIC_INIT(0), ATOMIC_INIT(0) };
	struct sync_state s = { &r, ATOMIC_INIT(0), ATOMIC_INIT(0), ATOMIC_INIT(0) };
	struct task_struct *reader, *sync;

	reader = kthread_run(slow_reader, &r, "rcu-reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(reader));
	while (!atomic_read(&r.in))
		schedule_timeout(1);
	sync = kthread_run(synchronizer, &s, "rcu-sync");
	KUNIT_ASSERT_FALSE(test, IS_ERR(sync));
	while (!atomic_read(&s.started))
		schedule_timeout(1);
	atomic_set(&r.may_leave, 1);
	while (!atomic_read(&s.done))
		schedule_timeout(1);
	/* Whenever the grace period ended, the reader had left. */
	KUNIT_EXPECT_EQ(test, atomic_read(&s.left_when_done), 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(sync), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(reader), 0);
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	rcu_read_lock();
	rcu_read_lock(); /* nests */
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
}

struct cb_state {
	struct rcu_head rcu;
	struct reader_state *r;
	atomic_t ran, left_when_ran;
};

static void record_callback(struct rcu_head *head)
{
	struct cb_state *c = container_of(head, struct cb_state, rcu);

	atomic_set(&c->left_when_ran, atomic_read(&c->r->left));
	atomic_inc(&c->ran);
}

static void call_rcu_runs_after_reader(struct kunit *test)
{
	struct reader_state r = { ATOMIC_INIT(0), ATOMIC_INIT(0), ATOMIC_INIT(0) };
	struct cb_state c = { .r = &r, .ran = ATOMIC_INIT(0), .left_when_ran = ATOMIC_INIT(0) };
	struct task_struct *reader;
	struct cb_state *heap;

	reader = kthread_run(slow_reader, &r, "rcu-reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(reader));
	while (!atomic_read(&r.in))
		schedule_timeout(1);
	call_rcu(&c.rcu, record_callback);
	atomic_set(&r.may_leave, 1);
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&c.ran), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c.left_when_ran), 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(reader), 0);
	/* Called from inside a read-side section, as the kernel allows. */
	heap = kzalloc(sizeof(*heap), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, heap);
	rcu_read_lock();
	kfree_rcu(heap, rcu);
	rcu_read_unlock();
	rcu_barrier();
}

#define STRESS_ROUNDS 2000
#define LIVE 0x11u
#define DEAD 0xdeu

struct obj {
	unsigned int state;
	struct rcu_head rcu;
};

struct stress {
	struct obj *gp;
	atomic_t stop, bad, reads, started;
};

static int stress_reader(void *data)
{
	struct stress *s = data;
	struct obj *o;

	atomic_inc(&s->started);
	while (!atomic_read(&s->stop)) {
		rcu_read_lock();
		o = rcu_dereference(s->gp);
		if (READ_ONCE(o->state) != LIVE)
			atomic_inc(&s->bad);
		rcu_read_unlock();
		atomic_inc(&s->reads);
	}
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void rcu_stress(struct kunit *test)
{
	struct stress s = { NULL, ATOMIC_INIT(0), ATOMIC_INIT(0), ATOMIC_INIT(0), ATOMIC_INIT(0) };
	struct task_struct *r1, *r2;
	struct obj *old, *o;
	int i;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	o->state = LIVE;
	rcu_assign_pointer(s.gp, o);
	r1 = kthread_run(stress_reader, &s, "rcu-r1");
	r2 = kthread_run(stress_reader, &s, "rcu-r2");
	KUNIT_ASSERT_FALSE(test, IS_ERR(r1));
	KUNIT_ASSERT_FALSE(test, IS_ERR(r2));
	/* Both readers running (a kthread stopped before it ran never runs at all). */
	while (atomic_read(&s.started) < 2)
		schedule_timeout(1);
	for (i = 0; i < STRESS_ROUNDS; i++) {
		o = kzalloc(sizeof(*o), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, o);
		o->state = LIVE;
		old = rcu_dereference_protected(s.gp, 1);
		rcu_assign_pointer(s.gp, o);
		synchronize_rcu();
		WRITE_ONCE(old->state, DEAD); /* no reader can hold it now */
		if (i % 2)
			kfree(old);
		else
			kfree_rcu(old, rcu);
	}
	atomic_set(&s.stop, 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(r1), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(r2), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&s.bad), 0);
	rcu_barrier();
	kfree(s.gp);
}

static struct kunit_case rcu_test_cases[] = {
	KUNIT_CASE(grace_period_waits_for_reader),
	KUNIT_CASE(call_rcu_runs_after_reader),
	KUNIT_CASE(rcu_stress),
	{}
};

static struct kunit_suite rcu_test_suite = {
	.name = "kunit_c_rcu",
	.test_cases = rcu_test_cases,
};
kunit_test_suite(rcu_test_suite);
