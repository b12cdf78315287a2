// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <asm/processor.h> and <asm/cache.h> as core headers use them: the cache
 * line is x86-64's 64 bytes, a cacheline-aligned object starts on one, and cpu_relax()
 * is a pause a busy-wait loop can spin on until another thread's store arrives.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <asm/cache.h>
#include <asm/processor.h>

struct processor_line {
	char byte;
	int aligned ____cacheline_aligned;
};

static void cache_line_is_64_bytes(struct kunit *test)
{
	struct processor_line l;

	KUNIT_EXPECT_EQ(test, L1_CACHE_BYTES, 64);
	KUNIT_EXPECT_EQ(test, 1 << L1_CACHE_SHIFT, L1_CACHE_BYTES);
	KUNIT_EXPECT_EQ(test, INTERNODE_CACHE_BYTES, L1_CACHE_BYTES);
	KUNIT_EXPECT_EQ(test, offsetof(struct processor_line, aligned), (size_t)L1_CACHE_BYTES);
	KUNIT_EXPECT_EQ(test, (unsigned long)&l.aligned % L1_CACHE_BYTES, 0ul);
}

static int processor_set_flag(void *data)
{
	smp_store_release((int *)data, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void cpu_relax_waits_for_another_thread(struct kunit *test)
{
	int flag = 0;
	struct task_struct *k = kthread_run(processor_set_flag, &flag, "kunit-relax");

	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	while (!smp_load_acquire(&flag))
		cpu_relax();
	KUNIT_EXPECT_EQ(test, smp_load_acquire(&flag), 1);
	KUNIT_EXPECT_EQ(test, kthread_stop(k), 0);
}

static struct kunit_case processor_test_cases[] = {
	KUNIT_CASE(cache_line_is_64_bytes),
	KUNIT_CASE(cpu_relax_waits_for_another_thread),
	{}
};

static struct kunit_suite processor_test_suite = {
	.name = "kunit_c_processor",
	.test_cases = processor_test_cases,
};

kunit_test_suite(processor_test_suite);
