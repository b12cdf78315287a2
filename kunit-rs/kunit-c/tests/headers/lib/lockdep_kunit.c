// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/lockdep.h> with the locks that record themselves (spinlocks, rwlocks,
 * mutexes), against Documentation/locking/lockdep-design.rst's assertions: held means held
 * by this thread; lockdep_assert_held() warns when it is not, lockdep_assert_not_held()
 * when it is; a spinlock or rwlock held is atomic context (preempt_count() counts them).
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/kthread.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static void held_means_held_by_this_thread(struct kunit *test)
{
	DEFINE_SPINLOCK(a);
	DEFINE_RWLOCK(rw);
	DEFINE_MUTEX(m);

	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&a));
	spin_lock(&a);
	read_lock(&rw);
	mutex_trylock(&m);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&a));
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&rw));
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&m));
	KUNIT_EXPECT_EQ(test, preempt_count(), 2u);
	/* Released out of order: each record goes with its own lock. */
	spin_unlock(&a);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&a));
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&rw));
	read_unlock(&rw);
	mutex_unlock(&m);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&rw));
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&m));
	KUNIT_EXPECT_EQ(test, preempt_count(), 0u);
}

static void assertions_warn_only_when_wrong(struct kunit *test)
{
	DEFINE_SPINLOCK(a);
	unsigned long before = __kunit_c_warn_count();

	spin_lock(&a);
	lockdep_assert_held(&a);
	lockdep_assert_preemption_disabled();
	spin_unlock(&a);
	lockdep_assert_not_held(&a);
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before);

	lockdep_assert_held(&a);
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before + 1);
	spin_lock(&a);
	lockdep_assert_not_held(&a);
	spin_unlock(&a);
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before + 2);
}

struct other {
	spinlock_t *lock;
	atomic_t answer;
};

static int take_and_report(void *p)
{
	struct other *o = p;

	/* Another thread's lock is not this thread's. */
	atomic_set_release(&o->answer, lockdep_is_held(o->lock) ? 1 : 2);
	return 0;
}

static void another_threads_lock_is_not_held(struct kunit *test)
{
	DEFINE_SPINLOCK(a);
	struct other o = { .lock = &a, .answer = ATOMIC_INIT(0) };
	struct task_struct *k;

	spin_lock(&a);
	k = kthread_run(take_and_report, &o, "kc-lockdep");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	KUNIT_EXPECT_EQ(test, atomic_cond_read_acquire(&o.answer, VAL != 0), 2);
	spin_unlock(&a);
	kthread_stop(k);
}

static struct kunit_case lockdep_header_cases[] = {
	KUNIT_CASE(held_means_held_by_this_thread),
	KUNIT_CASE(assertions_warn_only_when_wrong),
	KUNIT_CASE(another_threads_lock_is_not_held),
	{}
};

static struct kunit_suite lockdep_header_suite = {
	.name = "kunit-c-lockdep",
	.test_cases = lockdep_header_cases,
};
kunit_test_suite(lockdep_header_suite);
