// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/atomic.h> and <linux/refcount.h>, against Documentation/atomic_t.txt
 * and include/linux/refcount.h's rules: what each operation returns, that values wrap, that
 * a failed cmpxchg leaves the value and a failed try_cmpxchg() reports it, the conditional
 * operations, refcount_t's saturation and its warnings, and (under load, two threads) that
 * no increment is lost and a release store publishes what came before it to an acquire.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/limits.h>
#include <linux/refcount.h>

static void atomic_ops_return_what_atomic_t_txt_says(struct kunit *test)
{
	atomic_t v = ATOMIC_INIT(5);
	int old = 7;

	atomic_add(2, &v);
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 7);
	KUNIT_EXPECT_EQ(test, atomic_add_return(3, &v), 10);
	KUNIT_EXPECT_EQ(test, atomic_fetch_add_relaxed(1, &v), 10);
	KUNIT_EXPECT_EQ(test, atomic_fetch_sub_acquire(1, &v), 11);
	KUNIT_EXPECT_EQ(test, atomic_sub_return_release(10, &v), 0);
	KUNIT_EXPECT_TRUE(test, atomic_inc_and_test(&(atomic_t)ATOMIC_INIT(-1)));
	KUNIT_EXPECT_TRUE(test, atomic_dec_and_test(&(atomic_t)ATOMIC_INIT(1)));
	KUNIT_EXPECT_FALSE(test, atomic_sub_and_test(1, &(atomic_t)ATOMIC_INIT(3)));
	KUNIT_EXPECT_TRUE(test, atomic_add_negative(-1, &v));

	atomic_set(&v, 0xf0);
	KUNIT_EXPECT_EQ(test, atomic_fetch_or(0x0f, &v), 0xf0);
	KUNIT_EXPECT_EQ(test, atomic_fetch_andnot(0x11, &v), 0xff);
	KUNIT_EXPECT_EQ(test, atomic_fetch_xor_release(0xff, &v), 0xee);
	KUNIT_EXPECT_EQ(test, atomic_read_acquire(&v), 0x11);
	atomic_and(0x10, &v);
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 0x10);

	/* cmpxchg returns the old value; a mismatch changes nothing. */
	KUNIT_EXPECT_EQ(test, atomic_cmpxchg(&v, 0x10, 7), 0x10);
	KUNIT_EXPECT_EQ(test, atomic_cmpxchg(&v, 0x10, 9), 7);
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 7);
	/* try_cmpxchg: true when swapped; false with the value found written back. */
	KUNIT_EXPECT_TRUE(test, atomic_try_cmpxchg(&v, &old, 8));
	KUNIT_EXPECT_FALSE(test, atomic_try_cmpxchg_acquire(&v, &old, 9));
	KUNIT_EXPECT_EQ(test, old, 8);
	KUNIT_EXPECT_EQ(test, atomic_xchg(&v, 1), 8);
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 1);
}

static void atomics_wrap_in_twos_complement(struct kunit *test)
{
	atomic_t v = ATOMIC_INIT(INT_MAX);
	atomic64_t w = ATOMIC64_INIT(S64_MAX);
	atomic_long_t l = ATOMIC_LONG_INIT(LONG_MIN);

	KUNIT_EXPECT_EQ(test, atomic_inc_return(&v), INT_MIN);
	KUNIT_EXPECT_EQ(test, atomic64_inc_return(&w), S64_MIN);
	KUNIT_EXPECT_EQ(test, atomic_long_dec_return(&l), LONG_MAX);
	KUNIT_EXPECT_EQ(test, sizeof(atomic_long_t), sizeof(long));
	KUNIT_EXPECT_EQ(test, atomic_long_fetch_add_unless(&l, 1, LONG_MAX), LONG_MAX);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&l), LONG_MAX);
}

static void conditional_operations(struct kunit *test)
{
	atomic_t v = ATOMIC_INIT(0);

	KUNIT_EXPECT_FALSE(test, atomic_inc_not_zero(&v));
	KUNIT_EXPECT_EQ(test, atomic_fetch_add_unless(&v, 5, 1), 0);
	KUNIT_EXPECT_FALSE(test, atomic_add_unless(&v, 5, 5));
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 5);
	KUNIT_EXPECT_TRUE(test, atomic_inc_not_zero(&v));
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 6);

	/* dec_if_positive returns the value less one, and stores it only when >= 0. */
	atomic_set(&v, 1);
	KUNIT_EXPECT_EQ(test, atomic_dec_if_positive(&v), 0);
	KUNIT_EXPECT_EQ(test, atomic_dec_if_positive(&v), -1);
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 0);

	KUNIT_EXPECT_TRUE(test, atomic_dec_unless_positive(&v));
	KUNIT_EXPECT_EQ(test, atomic_read(&v), -1);
	KUNIT_EXPECT_FALSE(test, atomic_inc_unless_negative(&v));
	atomic_set(&v, 2);
	KUNIT_EXPECT_FALSE(test, atomic_dec_unless_positive(&v));
	KUNIT_EXPECT_TRUE(test, atomic_inc_unless_negative(&v));
	KUNIT_EXPECT_EQ(test, atomic_read(&v), 3);
}

static void scalar_cmpxchg_xchg_try_cmpxchg(struct kunit *test)
{
	u8 b = 1;
	u16 h = 2;
	u64 q = 3;
	unsigned long old = 9, word = 4;

	KUNIT_EXPECT_EQ(test, cmpxchg(&b, 1, 0xff), 1);
	KUNIT_EXPECT_EQ(test, b, 0xff);
	KUNIT_EXPECT_EQ(test, cmpxchg_relaxed(&h, 3, 7), 2);
	KUNIT_EXPECT_EQ(test, h, 2);
	KUNIT_EXPECT_EQ(test, xchg(&q, 1ull << 40), 3ull);
	KUNIT_EXPECT_EQ(test, q, 1ull << 40);
	KUNIT_EXPECT_FALSE(test, try_cmpxchg(&word, &old, 5));
	KUNIT_EXPECT_EQ(test, old, 4ul);
	KUNIT_EXPECT_TRUE(test, try_cmpxchg_release(&word, &old, 5));
	KUNIT_EXPECT_EQ(test, word, 5ul);
}

static void refcount_saturates_and_warns(struct kunit *test)
{
	refcount_t r = REFCOUNT_INIT(1);
	unsigned long warnings = __kunit_c_warn_count();
	int old;

	__refcount_inc(&r, &old);
	KUNIT_EXPECT_EQ(test, old, 1);
	KUNIT_EXPECT_TRUE(test, refcount_add_not_zero(2, &r));
	KUNIT_EXPECT_EQ(test, refcount_read(&r), 4u);
	KUNIT_EXPECT_FALSE(test, refcount_dec_if_one(&r));
	KUNIT_EXPECT_TRUE(test, refcount_sub_and_test(4, &r));
	KUNIT_EXPECT_FALSE(test, refcount_inc_not_zero(&r)); /* zero stays zero */
	KUNIT_EXPECT_EQ(test, refcount_read(&r), 0u);
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), warnings);

	/* Addition on 0: a use-after-free; saturates and warns. */
	refcount_inc(&r);
	KUNIT_EXPECT_EQ(test, refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	KUNIT_EXPECT_GT(test, __kunit_c_warn_count(), warnings);

	/* Past the maximum: saturated, and it stays there whatever follows. */
	refcount_set(&r, REFCOUNT_MAX);
	refcount_inc(&r);
	KUNIT_EXPECT_EQ(test, refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	KUNIT_EXPECT_FALSE(test, refcount_dec_and_test(&r));
	KUNIT_EXPECT_EQ(test, refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	KUNIT_EXPECT_TRUE(test, refcount_dec_not_one(&r));

	/* refcount_dec() must not reach zero: it saturates instead. */
	refcount_set(&r, 1);
	refcount_dec(&r);
	KUNIT_EXPECT_EQ(test, refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);

	refcount_set(&r, 1);
	KUNIT_EXPECT_FALSE(test, refcount_dec_not_one(&r));
	KUNIT_EXPECT_TRUE(test, refcount_dec_if_one(&r));
	KUNIT_EXPECT_EQ(test, refcount_read(&r), 0u);
}

#define STRESS_ROUNDS 200000

struct stress {
	atomic_t count;
	atomic64_t sum;
	atomic_t ready;
	int data;
	atomic_t flag;
	int seen;
};

static int stress_adder(void *p)
{
	struct stress *s = p;
	int i;

	atomic_inc(&s->ready);
	atomic_cond_read_acquire(&s->ready, VAL >= 2);
	for (i = 0; i < STRESS_ROUNDS; i++) {
		atomic_inc(&s->count);
		atomic64_add_return_relaxed(i, &s->sum);
	}
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int stress_reader(void *p)
{
	struct stress *s = p;

	atomic_cond_read_acquire(&s->flag, VAL == 1);
	s->seen = s->data;
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* Two threads on the two CPUs: no increment lost; release/acquire publishes data. */
static void atomics_under_load_lose_nothing(struct kunit *test)
{
	static struct stress s;
	struct task_struct *a, *b, *r;

	s = (struct stress){ .count = ATOMIC_INIT(0) };
	r = kthread_run(stress_reader, &s, "kc-reader");
	a = kthread_run(stress_adder, &s, "kc-adder-a");
	b = kthread_run(stress_adder, &s, "kc-adder-b");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a) || IS_ERR(b) || IS_ERR(r));
	s.data = 42;
	atomic_set_release(&s.flag, 1);
	atomic_cond_read_relaxed(&s.count, VAL == 2 * STRESS_ROUNDS);
	kthread_stop(a);
	kthread_stop(b);
	kthread_stop(r);
	KUNIT_EXPECT_EQ(test, atomic_read(&s.count), 2 * STRESS_ROUNDS);
	KUNIT_EXPECT_EQ(test, atomic64_read(&s.sum),
			(s64)STRESS_ROUNDS * (STRESS_ROUNDS - 1));
	KUNIT_EXPECT_EQ(test, s.seen, 42);
}

static struct kunit_case atomic_header_cases[] = {
	KUNIT_CASE(atomic_ops_return_what_atomic_t_txt_says),
	KUNIT_CASE(atomics_wrap_in_twos_complement),
	KUNIT_CASE(conditional_operations),
	KUNIT_CASE(scalar_cmpxchg_xchg_try_cmpxchg),
	KUNIT_CASE(refcount_saturates_and_warns),
	KUNIT_CASE(atomics_under_load_lose_nothing),
	{}
};

static struct kunit_suite atomic_header_suite = {
	.name = "kunit-c-atomic",
	.test_cases = atomic_header_cases,
};
kunit_test_suite(atomic_header_suite);
