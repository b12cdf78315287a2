// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/seqlock.h> and <linux/local_lock.h>: a read section that overlaps a
 * write must retry, one that does not need not; under a writer thread, every read that
 * does not retry saw a whole update. A local lock excludes a second taker of its CPU copy.
 */
#include <kunit/test.h>
#include <linux/kthread.h>
#include <linux/local_lock.h>
#include <linux/seqlock.h>

static void seqcount_retry_iff_written(struct kunit *test)
{
	DEFINE_SEQLOCK(sl);
	unsigned int seq;

	seq = read_seqbegin(&sl);
	KUNIT_EXPECT_EQ(test, seq % 2, 0U);
	KUNIT_EXPECT_FALSE(test, read_seqretry(&sl, seq));
	write_seqlock(&sl);
	KUNIT_EXPECT_EQ(test, raw_read_seqcount(&sl.seqcount) % 2, 1U); /* odd while writing */
	write_sequnlock(&sl);
	KUNIT_EXPECT_TRUE(test, read_seqretry(&sl, seq));
	seq = read_seqbegin(&sl);
	KUNIT_EXPECT_FALSE(test, read_seqretry(&sl, seq));
	write_seqcount_invalidate(&sl.seqcount);
	KUNIT_EXPECT_TRUE(test, read_seqretry(&sl, seq));
}

#define STRESS_ROUNDS 50000

struct pair {
	seqlock_t sl;
	unsigned long a, b;
	int done;
};

static int seq_writer(void *data)
{
	struct pair *p = data;
	int i;

	for (i = 0; i < STRESS_ROUNDS; i++) {
		write_seqlock(&p->sl);
		WRITE_ONCE(p->a, p->a + 1);
		WRITE_ONCE(p->b, p->b + 1);
		write_sequnlock(&p->sl);
	}
	WRITE_ONCE(p->done, 1);
	return 0;
}

static void seqlock_stress(struct kunit *test)
{
	struct pair p = { .a = 0, .b = 0, .done = 0 };
	struct task_struct *k;
	unsigned long torn = 0, a, b;
	unsigned int seq;

	seqlock_init(&p.sl);
	k = kthread_run(seq_writer, &p, "seq-writer");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	while (!READ_ONCE(p.done)) {
		do {
			seq = read_seqbegin(&p.sl);
			a = READ_ONCE(p.a);
			b = READ_ONCE(p.b);
		} while (read_seqretry(&p.sl, seq));
		if (a != b)
			torn++;
	}
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
	KUNIT_EXPECT_EQ(test, torn, 0UL);
	KUNIT_EXPECT_EQ(test, p.a, (unsigned long)STRESS_ROUNDS);
}

static DEFINE_PER_CPU(local_lock_t, llock) = INIT_LOCAL_LOCK(llock);

static void local_lock_excludes(struct kunit *test)
{
	unsigned long flags;

	local_lock(&llock);
	KUNIT_EXPECT_FALSE(test, raw_spin_trylock(&this_cpu_ptr(&llock)->lock));
	local_unlock(&llock);
	local_lock_irqsave(&llock, flags);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	local_unlock_irqrestore(&llock, flags);
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
	KUNIT_EXPECT_TRUE(test, raw_spin_trylock(&this_cpu_ptr(&llock)->lock));
	raw_spin_unlock(&this_cpu_ptr(&llock)->lock);
}

static struct kunit_case seqlock_test_cases[] = {
	KUNIT_CASE(seqcount_retry_iff_written),
	KUNIT_CASE(seqlock_stress),
	KUNIT_CASE(local_lock_excludes),
	{}
};

static struct kunit_suite seqlock_test_suite = {
	.name = "kunit_c_seqlock",
	.test_cases = seqlock_test_cases,
};
kunit_test_suite(seqlock_test_suite);
