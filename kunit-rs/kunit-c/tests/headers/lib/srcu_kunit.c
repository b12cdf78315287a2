// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/srcu.h>: synchronize_srcu() returns only after a reader of its domain
 * that entered before it has left (the reader sleeping inside), while a reader of another
 * domain does not hold it up; read-side sections nest and name the index to leave with.
 * Stress: two reader threads never see an object the writer retired.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/srcu.h>

DEFINE_STATIC_SRCU(srcu_test_domain);

/* As <linux/notifier.h> embeds and initialises one: with its srcu_usage named. */
static struct {
	struct srcu_usage srcuu;
	struct srcu_struct srcu;
} srcu_test_embedded = { .srcu = __SRCU_STRUCT_INIT(srcu_test_embedded.srcu, srcu_test_embedded.srcuu, pcpu) };

struct srcu_reader_state {
	struct srcu_struct *ssp;
	atomic_t in, may_leave, left;
};

/* Enters a read-side section, sleeps there until told, marks leaving, then leaves. */
static int srcu_slow_reader(void *data)
{
	struct srcu_reader_state *r = data;
	int idx = srcu_read_lock(r->ssp);

	atomic_set(&r->in, 1);
	while (!atomic_read(&r->may_leave))
		schedule_timeout(1);
	atomic_set(&r->left, 1);
	srcu_read_unlock(r->ssp, idx);
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

struct srcu_sync_state {
	struct srcu_reader_state *r;
	atomic_t started, done, left_when_done;
};

static int srcu_synchronizer(void *data)
{
	struct srcu_sync_state *s = data;

	atomic_set(&s->started, 1);
	synchronize_srcu(s->r->ssp);
	atomic_set(&s->left_when_done, atomic_read(&s->r->left));
	atomic_set(&s->done, 1);
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void srcu_grace_period_waits_for_reader(struct kunit *test)
{
	struct srcu_reader_state r = { &srcu_test_domain };
	struct srcu_sync_state s = { &r };
	struct task_struct *reader, *sync;

	reader = kthread_run(srcu_slow_reader, &r, "srcu-reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(reader));
	while (!atomic_read(&r.in))
		schedule_timeout(1);
	sync = kthread_run(srcu_synchronizer, &s, "srcu-sync");
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
}

static void srcu_domains_are_separate(struct kunit *test)
{
	struct srcu_struct other;
	int idx, inner;

	KUNIT_ASSERT_EQ(test, init_srcu_struct(&other), 0);
	idx = srcu_read_lock(&srcu_test_embedded.srcu);
	KUNIT_EXPECT_TRUE(test, srcu_read_lock_held(&srcu_test_embedded.srcu));
	srcu_read_unlock(&srcu_test_embedded.srcu, idx);
	synchronize_srcu(&srcu_test_embedded.srcu);
	KUNIT_EXPECT_FALSE(test, srcu_read_lock_held(&other));
	idx = srcu_read_lock(&other);
	inner = srcu_read_lock(&other);
	KUNIT_EXPECT_TRUE(test, idx == 0 || idx == 1);
	/* Nested in one grace-period phase: the same index. */
	KUNIT_EXPECT_EQ(test, inner, idx);
	KUNIT_EXPECT_TRUE(test, srcu_read_lock_held(&other));
	/* A grace period of another domain does not wait for this reader (it would never end). */
	synchronize_srcu(&srcu_test_domain);
	srcu_read_unlock(&other, inner);
	srcu_read_unlock(&other, idx);
	KUNIT_EXPECT_FALSE(test, srcu_read_lock_held(&other));
	/* No reader: a grace period ends at once, and flips the index the next reader takes. */
	synchronize_srcu(&other);
	idx = srcu_read_lock(&other);
	srcu_read_unlock(&other, idx);
	cleanup_srcu_struct(&other);
}

struct srcu_stress {
	int *__rcu slot;
	atomic_t started, stop, bad, reads;
};

static int srcu_stress_reader(void *data)
{
	struct srcu_stress *s = data;

	atomic_inc(&s->started);
	while (!atomic_read(&s->stop)) {
		int idx = srcu_read_lock(&srcu_test_domain);
		int *p = srcu_dereference(s->slot, &srcu_test_domain);

		/* A retired object is poisoned only after a grace period: never seen here. */
		if (p && READ_ONCE(*p) != 1)
			atomic_inc(&s->bad);
		srcu_read_unlock(&srcu_test_domain, idx);
		atomic_inc(&s->reads);
	}
	while (!kthread_should_stop())
		schedule_timeout(1);
	return 0;
}

static void srcu_stress_two_readers(struct kunit *test)
{
	struct srcu_stress s = { NULL };
	struct task_struct *r1, *r2;
	int i;

	r1 = kthread_run(srcu_stress_reader, &s, "srcu-r1");
	KUNIT_ASSERT_FALSE(test, IS_ERR(r1));
	r2 = kthread_run(srcu_stress_reader, &s, "srcu-r2");
	KUNIT_ASSERT_FALSE(test, IS_ERR(r2));
	/* Both readers inside their loops before the writer starts, however slow to start. */
	while (atomic_read(&s.started) < 2)
		schedule_timeout(1);
	for (i = 0; i < 200; i++) {
		int *fresh = kmalloc(sizeof(*fresh), GFP_KERNEL);
		int *old;

		KUNIT_ASSERT_NOT_NULL(test, fresh);
		*fresh = 1;
		old = xchg(&s.slot, fresh);
		synchronize_srcu(&srcu_test_domain);
		if (old) {
			WRITE_ONCE(*old, 0xdead);
			kfree(old);
		}
	}
	atomic_set(&s.stop, 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(r1), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(r2), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&s.bad), 0);
	kfree(s.slot);
}

static struct kunit_case srcu_test_cases[] = {
	KUNIT_CASE(srcu_grace_period_waits_for_reader),
	KUNIT_CASE(srcu_domains_are_separate),
	KUNIT_CASE(srcu_stress_two_readers),
	{}
};

static struct kunit_suite srcu_test_suite = {
	.name = "kunit_c_srcu",
	.test_cases = srcu_test_cases,
};
kunit_test_suite(srcu_test_suite);
