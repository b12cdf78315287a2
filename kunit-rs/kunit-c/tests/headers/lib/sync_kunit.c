// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/spinlock.h>, <linux/refcount.h>, <linux/kref.h>,
 * <linux/jump_label.h>, <linux/sched.h> and <asm-generic/barrier.h>.
 */
#include <kunit/test.h>
#include <linux/jump_label.h>
#include <linux/kref.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <asm-generic/barrier.h>
#include <asm/barrier.h>

static void spinlock_excludes(struct kunit *test)
{
	DEFINE_SPINLOCK(lock);
	unsigned long flags;
	raw_spinlock_t raw;

	KUNIT_EXPECT_TRUE(test, spin_trylock(&lock));
	KUNIT_EXPECT_FALSE(test, spin_trylock(&lock));
	KUNIT_EXPECT_TRUE(test, spin_is_locked(&lock));
	spin_unlock(&lock);
	spin_lock_irqsave(&lock, flags);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	KUNIT_EXPECT_FALSE(test, spin_trylock(&lock));
	spin_unlock_irqrestore(&lock, flags);
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
	raw_spin_lock_init(&raw);
	raw_spin_lock(&raw);
	KUNIT_EXPECT_TRUE(test, raw_spin_is_locked(&raw));
	raw_spin_unlock(&raw);
	KUNIT_EXPECT_FALSE(test, raw_spin_is_locked(&raw));
}

static void refcount_counts_and_saturates(struct kunit *test)
{
	refcount_t r = REFCOUNT_INIT(1);

	refcount_inc(&r);
	KUNIT_EXPECT_EQ(test, refcount_read(&r), 2u);
	KUNIT_EXPECT_FALSE(test, refcount_dec_and_test(&r));
	KUNIT_EXPECT_TRUE(test, refcount_dec_and_test(&r));
	KUNIT_EXPECT_FALSE(test, refcount_inc_not_zero(&r)); /* zero stays zero */
	KUNIT_EXPECT_EQ(test, refcount_read(&r), 0u);
	refcount_set(&r, REFCOUNT_MAX);
	refcount_inc(&r); /* past the maximum: saturates and warns */
	KUNIT_EXPECT_EQ(test, refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	KUNIT_EXPECT_FALSE(test, refcount_dec_and_test(&r)); /* saturated stays put */
}

static int releases;
static void count_release(struct kref *kref)
{
	(void)kref;
	releases++;
}

static void kref_releases_once_on_the_last_put(struct kunit *test)
{
	struct kref k;

	releases = 0;
	kref_init(&k);
	kref_get(&k);
	KUNIT_EXPECT_EQ(test, kref_read(&k), 2u);
	KUNIT_EXPECT_EQ(test, kref_put(&k, count_release), 0);
	KUNIT_EXPECT_EQ(test, releases, 0);
	KUNIT_EXPECT_EQ(test, kref_put(&k, count_release), 1);
	KUNIT_EXPECT_EQ(test, releases, 1);
	KUNIT_EXPECT_FALSE(test, kref_get_unless_zero(&k));
}

DEFINE_STATIC_KEY_TRUE(kc_test_key_on);
DEFINE_STATIC_KEY_FALSE(kc_test_key_off);

static void static_keys_switch(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, static_branch_likely(&kc_test_key_on));
	KUNIT_EXPECT_FALSE(test, static_branch_unlikely(&kc_test_key_off));
	static_branch_enable(&kc_test_key_off);
	KUNIT_EXPECT_TRUE(test, static_key_enabled(&kc_test_key_off));
	static_branch_inc(&kc_test_key_off);
	static_branch_dec(&kc_test_key_off);
	KUNIT_EXPECT_TRUE(test, static_key_enabled(&kc_test_key_off));
	static_branch_disable(&kc_test_key_off);
	KUNIT_EXPECT_FALSE(test, static_key_enabled(&kc_test_key_off));
}

static void current_task_sleeps_and_wakes(struct kunit *test)
{
	struct task_struct *me = current;
	int v = 0;

	KUNIT_EXPECT_PTR_EQ(test, current, me);
	set_current_state(TASK_UNINTERRUPTIBLE);
	KUNIT_EXPECT_EQ(test, me->__state, (unsigned int)TASK_UNINTERRUPTIBLE);
	KUNIT_EXPECT_EQ(test, wake_up_process(me), 1);
	KUNIT_EXPECT_EQ(test, me->__state, (unsigned int)TASK_RUNNING);
	KUNIT_EXPECT_EQ(test, wake_up_process(me), 0); /* already running */
	schedule();
	cond_resched();
	smp_store_release(&v, 3);
	smp_mb();
	KUNIT_EXPECT_EQ(test, smp_load_acquire(&v), 3);
}

/* <asm/barrier.h> is the architecture's name for the same fences. */
static void asm_barrier_orders_release_and_acquire(struct kunit *test)
{
	int flag = 0, data = 0;

	data = 42;
	smp_store_release(&flag, 1);
	KUNIT_EXPECT_EQ(test, smp_load_acquire(&flag), 1);
	KUNIT_EXPECT_EQ(test, smp_cond_load_acquire(&flag, VAL == 1), 1);
	smp_mb();
	KUNIT_EXPECT_EQ(test, READ_ONCE(data), 42);
}

static void alloc_tag_switch_is_off(struct kunit *test)
{
	int allocations = 0;
	/*
	 * Without allocation profiling there is no tag: the tag argument is never evaluated
	 * (alloc_hooks() names one it does not define), and the allocation runs once.
	 */
	void *saved = alloc_tag_save(&no_such_tag_is_defined);

	allocations++;
	alloc_tag_restore(&no_such_tag_either, saved);
	KUNIT_EXPECT_NULL(test, saved);
	KUNIT_EXPECT_EQ(test, allocations, 1);
}

static struct kunit_case sync_header_cases[] = {
	KUNIT_CASE(spinlock_excludes),
	KUNIT_CASE(refcount_counts_and_saturates),
	KUNIT_CASE(kref_releases_once_on_the_last_put),
	KUNIT_CASE(static_keys_switch),
	KUNIT_CASE(current_task_sleeps_and_wakes),
	KUNIT_CASE(asm_barrier_orders_release_and_acquire),
	KUNIT_CASE(alloc_tag_switch_is_off),
	{}
};

static struct kunit_suite sync_header_suite = {
	.name = "kunit-c-sync",
	.test_cases = sync_header_cases,
};
kunit_test_suite(sync_header_suite);
