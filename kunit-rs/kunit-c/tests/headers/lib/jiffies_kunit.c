// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/jiffies.h> and <linux/delay.h>: jiffies start near the 32-bit wrap
 * and advance; a sleep lasts at least what it asks (the only bound the kernel gives, so
 * no test depends on the machine's speed); the comparisons survive the wrap.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>

static void jiffies_advance_across_sleeps(struct kunit *test)
{
	unsigned long j0 = jiffies;
	u64 t0 = ktime_get_ns();

	msleep(jiffies_to_msecs(2));
	KUNIT_EXPECT_GE(test, ktime_get_ns() - t0, jiffies_to_nsecs(2));
	KUNIT_EXPECT_TRUE(test, time_after(jiffies, j0));
	KUNIT_EXPECT_GE(test, jiffies - j0, 1UL);
	KUNIT_EXPECT_TRUE(test, time_is_before_jiffies(j0));
	t0 = ktime_get_ns();
	udelay(200);
	KUNIT_EXPECT_GE(test, ktime_get_ns() - t0, 200000ULL);
}

static void jiffies_comparisons_wrap(struct kunit *test)
{
	unsigned long before_wrap = ULONG_MAX - 5, after_wrap = 5;

	KUNIT_EXPECT_EQ(test, (unsigned long)INITIAL_JIFFIES, (unsigned long)(0x100000000ULL - 300 * HZ));
	KUNIT_EXPECT_TRUE(test, time_after(after_wrap, before_wrap));
	KUNIT_EXPECT_TRUE(test, time_before(before_wrap, after_wrap));
	KUNIT_EXPECT_TRUE(test, time_in_range(0UL, before_wrap, after_wrap));
	KUNIT_EXPECT_FALSE(test, time_after_eq(before_wrap, after_wrap));
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(1), 1UL); /* rounded up: never a shorter wait */
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(1000), (unsigned long)HZ);
	KUNIT_EXPECT_EQ(test, jiffies_to_msecs(HZ), 1000U);
	KUNIT_EXPECT_EQ(test, usecs_to_jiffies(1), 1UL);
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(-1), (unsigned long)MAX_JIFFY_OFFSET);
}

static struct kunit_case jiffies_test_cases[] = {
	KUNIT_CASE(jiffies_advance_across_sleeps),
	KUNIT_CASE(jiffies_comparisons_wrap),
	{}
};

static struct kunit_suite jiffies_test_suite = {
	.name = "kunit_c_jiffies",
	.test_cases = jiffies_test_cases,
};
kunit_test_suite(jiffies_test_suite);
