// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/kfifo.h>'s inline part: declaration, single-element put/get/peek and
 * the length arithmetic. The bulk calls (kfifo_in/out, kfifo_alloc) are the kernel's
 * lib/kfifo.c and are tested by the kernel's kfifo_kunit.c.
 */
#include <kunit/test.h>
#include <linux/kfifo.h>

static void defined_fifo_starts_empty(struct kunit *test)
{
	DEFINE_KFIFO(fifo, u16, 8);

	KUNIT_EXPECT_TRUE(test, kfifo_initialized(&fifo));
	KUNIT_EXPECT_EQ(test, kfifo_size(&fifo), 8);
	KUNIT_EXPECT_EQ(test, kfifo_esize(&fifo), sizeof(u16));
	KUNIT_EXPECT_EQ(test, kfifo_recsize(&fifo), 0);
	KUNIT_EXPECT_EQ(test, kfifo_len(&fifo), 0);
	KUNIT_EXPECT_TRUE(test, kfifo_is_empty(&fifo));
	KUNIT_EXPECT_FALSE(test, kfifo_is_full(&fifo));
	KUNIT_EXPECT_EQ(test, kfifo_avail(&fifo), 8);
	KUNIT_EXPECT_EQ(test, kfifo_peek_len(&fifo), sizeof(u16));
}

static void put_get_peek_in_order(struct kunit *test)
{
	DECLARE_KFIFO(fifo, int, 4);
	int v = 0, i;

	INIT_KFIFO(fifo);
	for (i = 1; i <= 4; i++)
		KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, i * 10), 1);
	KUNIT_EXPECT_TRUE(test, kfifo_is_full(&fifo));
	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 50), 0); /* full: refused */
	KUNIT_EXPECT_EQ(test, kfifo_avail(&fifo), 0);
	KUNIT_EXPECT_EQ(test, kfifo_peek(&fifo, &v), 1);
	KUNIT_EXPECT_EQ(test, v, 10);
	KUNIT_EXPECT_EQ(test, kfifo_len(&fifo), 4); /* peek leaves it */
	for (i = 1; i <= 4; i++) {
		KUNIT_EXPECT_EQ(test, kfifo_get(&fifo, &v), 1);
		KUNIT_EXPECT_EQ(test, v, i * 10);
	}
	KUNIT_EXPECT_EQ(test, kfifo_get(&fifo, &v), 0); /* empty */
	KUNIT_EXPECT_EQ(test, v, 40);
}

static void indexes_run_free_and_wrap(struct kunit *test)
{
	DEFINE_KFIFO(fifo, unsigned char, 2);
	unsigned char c = 0;
	unsigned int i, ok = 0;

	/* Start near the top of the index range: in and out wrap past UINT_MAX. */
	fifo.kfifo.in = fifo.kfifo.out = 0xfffffffeu;
	for (i = 0; i < 6; i++) {
		ok += kfifo_put(&fifo, (unsigned char)i);
		ok += kfifo_get(&fifo, &c) && c == i;
	}
	KUNIT_EXPECT_EQ(test, ok, 12);
	KUNIT_EXPECT_EQ(test, fifo.kfifo.in, 4u);
	KUNIT_EXPECT_TRUE(test, kfifo_is_empty(&fifo));
}

static void reset_and_skip(struct kunit *test)
{
	DEFINE_KFIFO(fifo, long, 4);
	long v = 0;

	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 1L), 1);
	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 2L), 1);
	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 3L), 1);
	kfifo_skip(&fifo);
	KUNIT_EXPECT_EQ(test, kfifo_get(&fifo, &v), 1);
	KUNIT_EXPECT_EQ(test, v, 2);
	kfifo_reset_out(&fifo);
	KUNIT_EXPECT_TRUE(test, kfifo_is_empty(&fifo));
	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 4L), 1);
	kfifo_reset(&fifo);
	KUNIT_EXPECT_EQ(test, fifo.kfifo.in, 0u);
	KUNIT_EXPECT_EQ(test, fifo.kfifo.out, 0u);
}

static void pointer_fifo_is_told_apart(struct kunit *test)
{
	DECLARE_KFIFO_PTR(ptr_fifo, int);
	DECLARE_KFIFO(inplace, int, 4);
	struct kfifo bytes;
	STRUCT_KFIFO_REC_1(16) rec;

	KUNIT_EXPECT_TRUE(test, __is_kfifo_ptr(&ptr_fifo));
	KUNIT_EXPECT_FALSE(test, __is_kfifo_ptr(&inplace));
	KUNIT_EXPECT_TRUE(test, __is_kfifo_ptr(&bytes));
	INIT_KFIFO(ptr_fifo);
	KUNIT_EXPECT_FALSE(test, kfifo_initialized(&ptr_fifo));
	KUNIT_EXPECT_NULL(test, ptr_fifo.kfifo.data);
	KUNIT_EXPECT_EQ(test, kfifo_recsize(&rec), 1);
	KUNIT_EXPECT_EQ(test, sizeof(rec.buf), 16);
}

static void spinlocked_emptiness(struct kunit *test)
{
	DEFINE_KFIFO(fifo, int, 2);
	DEFINE_SPINLOCK(lock);

	KUNIT_EXPECT_TRUE(test, kfifo_is_empty_spinlocked(&fifo, &lock));
	KUNIT_EXPECT_EQ(test, kfifo_put(&fifo, 1), 1);
	KUNIT_EXPECT_FALSE(test, kfifo_is_empty_spinlocked_noirqsave(&fifo, &lock));
	KUNIT_EXPECT_FALSE(test, spin_is_locked(&lock));
}

static struct kunit_case kfifo_header_cases[] = {
	KUNIT_CASE(defined_fifo_starts_empty),
	KUNIT_CASE(put_get_peek_in_order),
	KUNIT_CASE(indexes_run_free_and_wrap),
	KUNIT_CASE(reset_and_skip),
	KUNIT_CASE(pointer_fifo_is_told_apart),
	KUNIT_CASE(spinlocked_emptiness),
	{}
};

static struct kunit_suite kfifo_header_suite = {
	.name = "kunit-c-kfifo",
	.test_cases = kfifo_header_cases,
};
kunit_test_suite(kfifo_header_suite);
