// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <asm/local.h> and <asm/local64.h> against
 * Documentation/core-api/local_ops.rst: what each operation returns, that a failed
 * cmpxchg leaves the value, the conditional forms, that local64_t counts past 32 bits,
 * and (under load, two threads sharing a counter, as two test threads may share a CPU
 * here) that no update is lost.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <asm/local.h>
#include <asm/local64.h>

static void local_ops_return_what_local_ops_rst_says(struct kunit *test)
{
	local_t l = LOCAL_INIT(5);
	long old = 9;

	local_inc(&l);
	local_add(4, &l);
	KUNIT_EXPECT_EQ(test, local_read(&l), 10L);
	KUNIT_EXPECT_EQ(test, local_add_return(5, &l), 15L);
	KUNIT_EXPECT_EQ(test, local_sub_return(14, &l), 1L);
	KUNIT_EXPECT_TRUE(test, local_dec_and_test(&l));
	KUNIT_EXPECT_TRUE(test, local_add_negative(-1, &l));
	KUNIT_EXPECT_TRUE(test, local_inc_and_test(&l));
	KUNIT_EXPECT_EQ(test, local_inc_return(&l), 1L);
	KUNIT_EXPECT_FALSE(test, local_sub_and_test(2, &l));
	KUNIT_EXPECT_EQ(test, local_read(&l), -1L);

	/* cmpxchg returns the old value; a mismatch changes nothing. */
	local_set(&l, 7);
	KUNIT_EXPECT_EQ(test, local_cmpxchg(&l, 3, 4), 7L);
	KUNIT_EXPECT_EQ(test, local_read(&l), 7L);
	KUNIT_EXPECT_EQ(test, local_cmpxchg(&l, 7, 8), 7L);
	KUNIT_EXPECT_FALSE(test, local_try_cmpxchg(&l, &old, 1));
	KUNIT_EXPECT_EQ(test, old, 8L);
	KUNIT_EXPECT_TRUE(test, local_try_cmpxchg(&l, &old, 1));
	KUNIT_EXPECT_EQ(test, local_xchg(&l, 0), 1L);
	/* The conditional forms: add unless the value is @u; increment unless zero. */
	KUNIT_EXPECT_FALSE(test, local_inc_not_zero(&l));
	KUNIT_EXPECT_EQ(test, local_read(&l), 0L);
	KUNIT_EXPECT_FALSE(test, local_add_unless(&l, 3, 0));
	local_set(&l, 2);
	KUNIT_EXPECT_TRUE(test, local_add_unless(&l, 3, 0));
	KUNIT_EXPECT_EQ(test, local_read(&l), 5L);
	__local_inc(&l);
	__local_sub(2, &l);
	KUNIT_EXPECT_EQ(test, local_read(&l), 4L);
}

static void local64_counts_past_32_bits(struct kunit *test)
{
	local64_t l = LOCAL64_INIT(0xffffffffLL);
	s64 old = 5;

	local64_inc(&l);
	KUNIT_EXPECT_EQ(test, local64_read(&l), 0x100000000LL);
	KUNIT_EXPECT_EQ(test, local64_add_return(0x100000000LL, &l), 0x200000000LL);
	KUNIT_EXPECT_EQ(test, local64_xchg(&l, -1), 0x200000000LL);
	KUNIT_EXPECT_TRUE(test, local64_inc_and_test(&l));
	KUNIT_EXPECT_FALSE(test, local64_try_cmpxchg(&l, &old, 1));
	KUNIT_EXPECT_EQ(test, old, 0LL);
	KUNIT_EXPECT_EQ(test, local64_cmpxchg(&l, 0, 2), 0LL);
	KUNIT_EXPECT_EQ(test, local64_read(&l), 2LL);
	KUNIT_EXPECT_TRUE(test, local64_sub_and_test(2, &l));
}

#define LOCAL_ROUNDS 1000000

struct local_share {
	local_t count;
	local64_t bytes;
	int ready, go, done;
};

static int add_rounds(void *data)
{
	struct local_share *s = data;
	int i;

	/* Both threads start their rounds together, so that they overlap. */
	smp_store_release(&s->ready, 1);
	while (!smp_load_acquire(&s->go))
		cpu_relax();
	for (i = 0; i < LOCAL_ROUNDS; i++) {
		local_inc(&s->count);
		local64_add(3, &s->bytes);
	}
	smp_store_release(&s->done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void local_updates_are_never_lost(struct kunit *test)
{
	struct local_share s = { LOCAL_INIT(0), LOCAL64_INIT(0), 0, 0, 0 };
	struct task_struct *k = kthread_run(add_rounds, &s, "kunit-local");
	int i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	while (!smp_load_acquire(&s.ready))
		msleep(1);
	smp_store_release(&s.go, 1);
	for (i = 0; i < LOCAL_ROUNDS; i++) {
		local_dec(&s.count);
		local64_sub(1, &s.bytes);
	}
	while (!smp_load_acquire(&s.done))
		msleep(1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
	/* Every increment and decrement, on both threads, counted once. */
	KUNIT_EXPECT_EQ(test, local_read(&s.count), 0L);
	KUNIT_EXPECT_EQ(test, local64_read(&s.bytes), 2LL * LOCAL_ROUNDS);
}

static struct kunit_case local_test_cases[] = {
	KUNIT_CASE(local_ops_return_what_local_ops_rst_says),
	KUNIT_CASE(local64_counts_past_32_bits),
	KUNIT_CASE(local_updates_are_never_lost),
	{}
};

static struct kunit_suite local_test_suite = {
	.name = "kunit_c_local",
	.test_cases = local_test_cases,
};

kunit_test_suite(local_test_suite);
