// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/semaphore.h> and <linux/rwsem.h>: a semaphore of n lets n holders
 * in and down_trylock() answers in the kernel's inverted sense; down_timeout() gives
 * -ETIME; an rwsem shares among readers, excludes a writer, and downgrades. Stress: two
 * threads bump a counter under a binary semaphore, and readers of an rwsem see whole
 * updates.
 */
#include <kunit/test.h>
#include <linux/kthread.h>
#include <linux/rwsem.h>
#include <linux/semaphore.h>

static DEFINE_SEMAPHORE(two, 2);

static void semaphore_counts_holders(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, down_trylock(&two), 0);
	KUNIT_EXPECT_EQ(test, down_trylock(&two), 0);
	KUNIT_EXPECT_EQ(test, down_trylock(&two), 1); /* none left */
	KUNIT_EXPECT_EQ(test, down_timeout(&two, 2), -ETIME);
	up(&two);
	KUNIT_EXPECT_EQ(test, down_timeout(&two, 2), 0);
	up(&two);
	up(&two);
}

static void rwsem_shares_and_excludes(struct kunit *test)
{
	DECLARE_RWSEM(sem);

	KUNIT_EXPECT_FALSE(test, rwsem_is_locked(&sem));
	KUNIT_EXPECT_EQ(test, down_read_trylock(&sem), 1);
	KUNIT_EXPECT_EQ(test, down_read_trylock(&sem), 1);
	KUNIT_EXPECT_EQ(test, down_write_trylock(&sem), 0);
	up_read(&sem);
	up_read(&sem);
	KUNIT_EXPECT_EQ(test, down_write_trylock(&sem), 1);
	KUNIT_EXPECT_EQ(test, down_read_trylock(&sem), 0);
	downgrade_write(&sem);
	KUNIT_EXPECT_EQ(test, down_read_trylock(&sem), 1); /* now shared */
	KUNIT_EXPECT_EQ(test, down_write_trylock(&sem), 0);
	up_read(&sem);
	up_read(&sem);
	KUNIT_EXPECT_FALSE(test, rwsem_is_locked(&sem));
}

#define STRESS_ROUNDS 20000

struct shared {
	struct semaphore mutex;
	struct rw_semaphore rwsem;
	unsigned long count, a, b;
};

static int bump(void *data)
{
	struct shared *s = data;
	int i;

	for (i = 0; i < STRESS_ROUNDS; i++) {
		down(&s->mutex);
		s->count++;
		up(&s->mutex);
		down_write(&s->rwsem);
		WRITE_ONCE(s->a, s->a + 1);
		WRITE_ONCE(s->b, s->b + 1);
		up_write(&s->rwsem);
	}
	return 0;
}

static void semaphore_stress(struct kunit *test)
{
	struct shared s = { .count = 0, .a = 0, .b = 0 };
	struct task_struct *k1, *k2;
	unsigned long torn = 0;
	int i;

	sema_init(&s.mutex, 1);
	init_rwsem(&s.rwsem);
	k1 = kthread_run(bump, &s, "bump1");
	k2 = kthread_run(bump, &s, "bump2");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k1));
	KUNIT_ASSERT_FALSE(test, IS_ERR(k2));
	for (i = 0; i < STRESS_ROUNDS; i++) {
		down_read(&s.rwsem);
		if (READ_ONCE(s.a) != READ_ONCE(s.b))
			torn++;
		up_read(&s.rwsem);
	}
	/* kthread_stop() of a thread that never ran would skip bump(): wait for the work. */
	while (READ_ONCE(s.a) < 2UL * STRESS_ROUNDS)
		schedule_timeout(1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k1), 0);
	KUNIT_EXPECT_EQ(test, kthread_stop(k2), 0);
	KUNIT_EXPECT_EQ(test, torn, 0UL);
	KUNIT_EXPECT_EQ(test, s.count, 2UL * STRESS_ROUNDS);
}

static struct kunit_case semaphore_test_cases[] = {
	KUNIT_CASE(semaphore_counts_holders),
	KUNIT_CASE(rwsem_shares_and_excludes),
	KUNIT_CASE(semaphore_stress),
	{}
};

static struct kunit_suite semaphore_test_suite = {
	.name = "kunit_c_semaphore",
	.test_cases = semaphore_test_cases,
};
kunit_test_suite(semaphore_test_suite);
