// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/rwlock.h>: readers share, a writer excludes readers and writers, a
 * reader may take the lock again; under two writer threads and a reader, no reader sees a
 * half-made update and no update is lost.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/spinlock.h>

static void rwlock_readers_share_writers_exclude(struct kunit *test)
{
	DEFINE_RWLOCK(lock);
	unsigned long flags;

	KUNIT_EXPECT_TRUE(test, read_trylock(&lock));
	KUNIT_EXPECT_TRUE(test, read_trylock(&lock)); /* readers share, and may recurse */
	KUNIT_EXPECT_FALSE(test, write_trylock(&lock));
	read_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, write_trylock(&lock));
	read_unlock(&lock);
	KUNIT_EXPECT_TRUE(test, write_trylock(&lock));
	KUNIT_EXPECT_FALSE(test, read_trylock(&lock));
	KUNIT_EXPECT_FALSE(test, write_trylock(&lock));
	write_unlock(&lock);
	write_lock_irqsave(&lock, flags);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	write_unlock_irqrestore(&lock, flags);
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
	read_lock_irq(&lock);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	read_unlock_irq(&lock);
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
}

#define STRESS_ROUNDS 20000

struct shared {
	rwlock_t lock;
	unsigned long a, b; /* equal whenever the lock is not write-held */
	atomic_t done;
};

static int writer(void *data)
{
	struct shared *s = data;
	int i;

	for (i = 0; i < STRESS_ROUNDS; i++) {
		write_lock(&s->lock);
		WRITE_ONCE(s->a, s->a + 1);
		WRITE_ONCE(s->b, s->b + 1);
		write_unlock(&s->lock);
	}
	atomic_inc(&s->done);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* Both CPUs busy with writers while this thread reads: counts are exact, no timing. */
static void rwlock_stress(struct kunit *test)
{
	struct shared s = { .a = 0, .b = 0, .done = ATOMIC_INIT(0) };
	struct task_struct *w1, *w2;
	unsigned long torn = 0;

	rwlock_init(&s.lock);
	w1 = kthread_run(writer, &s, "writer1");
	w2 = kthread_run(writer, &s, "writer2");
	KUNIT_ASSERT_FALSE(test, IS_ERR(w1));
	KUNIT_ASSERT_FALSE(test, IS_ERR(w2));
	while (atomic_read(&s.done) < 2) {
		read_lock(&s.lock);
		if (READ_ONCE(s.a) != READ_ONCE(s.b))
			torn++;
		read_unlock(&s.lock);
	}
	KUNIT_EXPECT_EQ(test, kthread_stop(w1), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(w2), 0);
	KUNIT_EXPECT_EQ(test, torn, 0UL);
	KUNIT_EXPECT_EQ(test, s.a, 2UL * STRESS_ROUNDS);
	KUNIT_EXPECT_EQ(test, s.b, 2UL * STRESS_ROUNDS);
}

static struct kunit_case rwlock_test_cases[] = {
	KUNIT_CASE(rwlock_readers_share_writers_exclude),
	KUNIT_CASE(rwlock_stress),
	{}
};

static struct kunit_suite rwlock_test_suite = {
	.name = "kunit_c_rwlock",
	.test_cases = rwlock_test_cases,
};
kunit_test_suite(rwlock_test_suite);
